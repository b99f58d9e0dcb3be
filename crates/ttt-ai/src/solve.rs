//! The one way in: [`Solver`] proves what a position is worth, what each move is worth, and
//! analyses a position, choosing the searches and threads; the perfect player goes through it
//! too.
//!
//! The searches are good at different games. The proof-number search goes best first and
//! settles most boards many times faster than alpha-beta; alpha-beta searching straight to the
//! end is quicker on the smallest boards, and it alone measures how long a game lasts; the
//! threat-space search proves a forced win by fours and threes on a big board in
//! milliseconds where both take seconds. So [`Method::Auto`], with four or more in a row,
//! first looks for a win by threats for an eighth of the time; then, on two threads, it runs, from the start, alpha-beta straight to the end on one
//! and the proof-number search on the other, each with a table of its own; the first answer
//! stops the rest. More threads join the one straight to the end, sharing a table. Once the
//! proof-number search has run alone for a second, alpha-beta gives way and every thread
//! joins the proof-number search, sharing its table. On one thread the proof-number search
//! runs alone.
//!
//! Every result either search keeps is proven, so the answer does not depend on which search
//! finishes first or on the number of threads: only the time does.
//!
//! The searches above, their boards and their certificates know free-style lines only (K or
//! more wins). Under standard and caro the solver proves by an exact search over the position
//! itself ([`crate::search::exact`]), which knows every rule the position does but is slower:
//! small boards only. Renju it refuses ([`RuleNotProven`]): every answer is `None`.

use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

use ttt_core::{Cell, Position, Rule, Symmetry};

use crate::board::stones::{Stones, MAX_SIDE};
use crate::rng::Rng;
use crate::search::alpha_beta::{self, AlphaBeta, Solved};
use crate::search::exact::Exact;
use crate::search::limits::Limits;
use crate::search::proof_number;
use crate::search::stats::Stats;
use crate::search::threats::{self, ThreatWin};
use crate::tt::bounds::BoundTable;
use crate::value::{Value, Verdict};

/// Which searches [`Solver::solve`] runs. Every method proves the same values; they differ
/// only in speed.
///
/// ```
/// use ttt_ai::{Method, Solver, Value};
/// use ttt_core::{Dims, Position};
///
/// let pos = Position::new(Dims::new(3, 4, 3).unwrap());
/// for method in [Method::Auto, Method::AlphaBeta, Method::ProofNumber] {
///     assert_eq!(Solver::new(&pos).method(method).solve().value, Some(Value::Win));
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Both: see the module's documentation.
    #[default]
    Auto,
    /// Alpha-beta only, on every thread.
    AlphaBeta,
    /// Proof-number search only: on one thread for its first second, then on every thread.
    ProofNumber,
}

/// With [`Method::Auto`] on two threads or more, the most memory alpha-beta's tables take:
/// they need hold only what it finds before it gives way to the proof-number search, which
/// gets the rest.
const RACE_ALPHA_BETA_BYTES: usize = 256 << 20;

/// How long one thread searches alone with [`Method::AlphaBeta`] before the others join.
const ALONE_ALPHA_BETA: Duration = Duration::from_secs(1);

/// The memory a solve takes by default: enough for the position's tree when it is small, and
/// at most 256 MB. Tables take memory only as they fill.
///
/// ```
/// use ttt_ai::default_memory;
/// use ttt_core::{Dims, Position};
///
/// let small = default_memory(&Position::new(Dims::new(3, 3, 3).unwrap()));
/// let big = default_memory(&Position::new(Dims::new(15, 15, 5).unwrap()));
/// assert!(small < big && big <= 256 << 20);
/// ```
#[must_use]
pub fn default_memory(pos: &Position) -> usize {
    let empties = pos.count_blanks().min(24) as u32;
    (1usize << (empties + 6)).clamp(1 << 12, 1 << 28)
}

/// What [`Solver::solve`] found: the value of the position.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Solver, Value};
/// use ttt_core::{Dims, Position};
///
/// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// assert_eq!(Solver::new(&pos).solve().value, Some(Value::Draw));
/// // Out of time: nothing is claimed.
/// assert_eq!(Solver::new(&pos).time_limit(Duration::ZERO).solve().value, None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The proven value for the side to move, or `None` if the limits stopped the search
    /// first.
    pub value: Option<Value>,
    /// What the search did.
    pub stats: Stats,
}

/// What [`Solver::solve_with_length`] found: the value and how long the game lasts.
///
/// ```
/// use ttt_ai::{Solver, Value, Verdict};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X . .
/// // . O .    X to move: best play on both sides fills the board, a draw in 7 plies
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("X../.O./...").unwrap(), 3).unwrap();
/// let s = Solver::new(&pos).solve_with_length();
/// assert_eq!(s.verdict, Some(Verdict { value: Value::Draw, plies: 7 }));
/// assert!(s.best_move.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionWithLength {
    /// The proven value and the game's length with best play, or `None` if the limits
    /// stopped the search first.
    pub verdict: Option<Verdict>,
    /// A best move: proven if the verdict is, else the best found.
    pub best_move: Option<Cell>,
    /// What the search did.
    pub stats: Stats,
}

/// What [`Solver::move_values`] found: the value of every legal move for the side making it.
///
/// ```
/// use ttt_ai::{Solver, Value};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X X .
/// // O O .    X to move: (0, 2) wins; (2, 0) lets O win at (1, 2)
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
/// let found = Solver::new(&pos).move_values();
/// assert_eq!(found.moves.len(), 5);
/// assert_eq!(found.moves[0], (Cell::new(0, 2), Some(Value::Win)));
/// assert_eq!(found.moves[2], (Cell::new(2, 0), Some(Value::Loss)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValues {
    /// Every legal move in row-major order, with its proven value, `None` where the limits
    /// stopped the search first.
    pub moves: Vec<(Cell, Option<Value>)>,
    /// Positions searched.
    pub nodes: u64,
}

/// A rule the solver does not prove positions under: renju (its forbidden points are beyond
/// the searches). Under it every answer of a [`Solver`] is `None`, never a guess.
///
/// ```
/// use ttt_ai::{RuleNotProven, Solver};
/// use ttt_core::{Dims, Position, Rule};
///
/// let renju = Position::with_rule(Dims::new(7, 7, 5).unwrap(), Rule::Renju).unwrap();
/// let err = Solver::try_new(&renju).unwrap_err();
/// assert_eq!(err, RuleNotProven { rule: Rule::Renju });
/// assert_eq!(Solver::new(&renju).solve().value, None);
/// let standard = Position::with_rule(Dims::new(3, 3, 3).unwrap(), Rule::Standard).unwrap();
/// assert!(Solver::try_new(&standard).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleNotProven {
    /// The rule asked for.
    pub rule: Rule,
}

impl fmt::Display for RuleNotProven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the solver does not prove positions under {}: it proves freestyle, standard and caro",
            self.rule
        )
    }
}

impl std::error::Error for RuleNotProven {}

/// Which searches can prove a position under its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route {
    /// The searches over the solver's boards, with their certificates: free-style.
    Boards,
    /// The exact search over the position itself: standard and caro.
    Exact,
    /// None: renju.
    Refused,
}

impl Route {
    fn of(rule: Rule) -> Route {
        match rule {
            Rule::Freestyle => Route::Boards,
            Rule::Standard | Rule::Caro => Route::Exact,
            Rule::Renju => Route::Refused,
        }
    }
}

/// A solve of one position: the position, and how the searches may spend time, memory and
/// threads. Build it, then ask it a question.
///
/// A finished game is answered without a search: a loss (the other side has just won) or a
/// draw for the side that would move, in 0 plies, with no move to make.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Solver, Value};
/// use ttt_core::{Dims, Position};
///
/// // Tic-tac-toe is a draw; 4 x 4 with three in a row is a first-player win.
/// let tic_tac_toe = Position::new(Dims::new(3, 3, 3).unwrap());
/// assert_eq!(Solver::new(&tic_tac_toe).solve().value, Some(Value::Draw));
/// let bigger = Position::new(Dims::new(4, 4, 3).unwrap());
/// let solution = Solver::new(&bigger).time_limit(Duration::from_secs(10)).threads(2).solve();
/// assert_eq!(solution.value, Some(Value::Win));
///
/// // With the game's length: a draw in nine plies.
/// let exact = Solver::new(&tic_tac_toe).solve_with_length();
/// assert_eq!(exact.verdict.map(|v| v.plies), Some(9));
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    pos: Position,
    limits: Limits,
    memory: Option<usize>,
    threads: usize,
    method: Method,
    /// Whether [`Method::Auto`] looks for a win by threats before the proof searches (not
    /// when the caller has just looked).
    threats_first: bool,
}

impl Solver {
    /// A solve of `pos` with no limit, the default memory ([`default_memory`]), one thread
    /// and [`Method::Auto`].
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Position, Setup};
    /// // X . O
    /// // . X .    O to move holds the draw at (2, 2)
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
    /// assert_eq!(Solver::new(&pos).solve().value, Some(Value::Draw));
    /// ```
    #[must_use]
    pub fn new(pos: &Position) -> Solver {
        Solver {
            pos: *pos,
            limits: Limits::none(),
            memory: None,
            threads: 1,
            method: Method::Auto,
            threats_first: true,
        }
    }

    /// A solve of `pos` as [`Solver::new`] makes it, if the solver proves positions under
    /// its rule.
    ///
    /// # Errors
    /// [`RuleNotProven`] under renju.
    pub fn try_new(pos: &Position) -> Result<Solver, RuleNotProven> {
        match Route::of(pos.rule()) {
            Route::Refused => Err(RuleNotProven { rule: pos.rule() }),
            Route::Boards | Route::Exact => Ok(Solver::new(pos)),
        }
    }

    /// Which searches prove this position under its rule.
    pub(crate) fn route(&self) -> Route {
        Route::of(self.pos.rule())
    }

    /// The exact search over the position within the limits, in a table of the memory
    /// allowed.
    pub(crate) fn exact(&self) -> Exact {
        Exact::new(
            self.limits.clone(),
            self.memory_or(default_memory(&self.pos)),
        )
    }

    /// Every legal move with the verdict it leads to for the mover, by the exact search, and
    /// the positions searched.
    pub(crate) fn exact_move_verdicts(&self) -> (Vec<(Cell, Option<Verdict>)>, u64) {
        let mut search = self.exact();
        let moves = search.move_verdicts(&self.pos);
        (moves, search.nodes())
    }

    /// The same solve, without the look for a win by threats first: for a caller that has
    /// just looked ([`Solver::threat_win`]) and found none.
    pub(crate) fn after_threats_looked_for(mut self) -> Solver {
        self.threats_first = false;
        self
    }

    /// Stop after `time`, counted from now. Searches look at the clock every thousand
    /// positions or so. What is not proven by then is `None`, never a guess.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::Solver;
    /// # use ttt_core::{Dims, Position};
    /// // 15 x 15, five in a row: not solved in a tenth of a second.
    /// let gomoku = Position::new(Dims::new(15, 15, 5).unwrap());
    /// let s = Solver::new(&gomoku).time_limit(Duration::from_millis(100)).solve();
    /// assert_eq!(s.value, None);
    /// ```
    #[must_use]
    pub fn time_limit(mut self, time: Duration) -> Solver {
        self.limits = self.limits.within(time);
        self
    }

    /// Stop as `limits` say (a deadline, a stop flag, a progress counter).
    ///
    /// ```
    /// # use ttt_ai::{Limits, Solver, StopFlag};
    /// # use ttt_core::{Dims, Position};
    /// let stop = StopFlag::new();
    /// stop.raise();
    /// let pos = Position::new(Dims::new(5, 5, 4).unwrap());
    /// let s = Solver::new(&pos).limits(Limits::none().with_stop(stop)).solve();
    /// assert_eq!(s.value, None);
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Solver {
        self.limits = limits;
        self
    }

    /// The most memory the transposition tables may take, in bytes. They take it only as
    /// they fill. Less memory is slower, never wrong.
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Dims, Position};
    /// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
    /// assert_eq!(Solver::new(&pos).memory(4096).solve().value, Some(Value::Draw));
    /// ```
    #[must_use]
    pub fn memory(mut self, bytes: usize) -> Solver {
        self.memory = Some(bytes);
        self
    }

    /// Use up to `threads` threads (at least one). The answer is the same on any number;
    /// only the time changes.
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Dims, Position};
    /// let pos = Position::new(Dims::new(4, 4, 3).unwrap());
    /// assert_eq!(Solver::new(&pos).threads(2).solve().value, Some(Value::Win));
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Solver {
        self.threads = threads.max(1);
        self
    }

    /// Which searches prove the value.
    ///
    /// ```
    /// # use ttt_ai::{Method, Solver, Value};
    /// # use ttt_core::{Dims, Position};
    /// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
    /// let s = Solver::new(&pos).method(Method::AlphaBeta).solve();
    /// assert_eq!(s.value, Some(Value::Draw));
    /// ```
    #[must_use]
    pub fn method(mut self, method: Method) -> Solver {
        self.method = method;
        self
    }

    /// The position being solved.
    ///
    /// ```
    /// # use ttt_ai::Solver;
    /// # use ttt_core::{Dims, Position};
    /// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
    /// assert_eq!(Solver::new(&pos).position(), &pos);
    /// ```
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub(crate) fn limits_ref(&self) -> &Limits {
        &self.limits
    }

    /// The memory allowed, or `default` where none was set.
    pub(crate) fn memory_or(&self, default: usize) -> usize {
        self.memory.unwrap_or(default)
    }

    /// Proves the value (win, draw or loss, without the game's length) of the position for
    /// the side to move, with the searches of its [`Method`].
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Position, Setup};
    /// // O . X
    /// // . X .    O to move, but X has two threats: O has lost
    /// // . O X
    /// let pos = Position::from_setup(&Setup::from_notation("O.X/.X./.OX").unwrap(), 3).unwrap();
    /// assert_eq!(Solver::new(&pos).solve().value, Some(Value::Loss));
    /// ```
    #[must_use]
    pub fn solve(&self) -> Solution {
        self.solve_after(alone_for(self.method))
    }

    /// [`Solver::solve`], one thread of [`Method::AlphaBeta`] searching alone for `alone`
    /// before the others join it (all at once for zero; the other methods never wait).
    pub(crate) fn solve_after(&self, alone: Duration) -> Solution {
        let pos = &self.pos;
        if let Some(value) = Value::at_end(pos) {
            return Solution {
                value: Some(value),
                stats: Stats::default(),
            };
        }
        let started = Instant::now();
        match self.route() {
            Route::Boards => {}
            Route::Exact => {
                let mut search = self.exact();
                let value = search.verdict(pos).map(|v| v.value);
                return Solution {
                    value,
                    stats: Stats {
                        nodes: search.nodes(),
                        elapsed: started.elapsed(),
                        threads: 1,
                        table_bytes: search.table_bytes(),
                        table_used: search.table_used(),
                    },
                };
            }
            Route::Refused => {
                return Solution {
                    value: None,
                    stats: Stats::default(),
                }
            }
        }
        let mut threat_nodes = 0;
        if self.method == Method::Auto && self.threats_first {
            match self.win_by_threats() {
                Ok(solution) => return solution,
                Err(nodes) => threat_nodes = nodes,
            }
        }
        let memory = self.memory_or(default_memory(pos));
        let (value, stats) = match self.method {
            Method::AlphaBeta if self.threads == 1 => {
                let mut search = self.alpha_beta(false);
                let value = search.solve().value;
                (value, search.stats(started, 1))
            }
            Method::AlphaBeta => {
                let (solved, stats) = alpha_beta::threads::solve(
                    pos,
                    &self.limits,
                    memory,
                    self.threads,
                    alone,
                    false,
                );
                (solved.value, stats)
            }
            Method::Auto if self.threads > 1 => race(pos, &self.limits, memory, self.threads),
            // On one thread there is nothing to race: the proof-number search alone.
            Method::Auto | Method::ProofNumber => {
                proof_number::threads::solve(pos, &self.limits, memory, self.threads)
            }
        };
        Solution {
            value,
            stats: Stats {
                nodes: stats.nodes + threat_nodes,
                elapsed: started.elapsed(),
                ..stats
            },
        }
    }

    /// A win by threats, looked for before the proof searches where one can exist (K of 4
    /// or more, sides the threat board takes): it proves in milliseconds a VCT of a dozen
    /// plies that costs the proof-number search seconds. It gets an eighth of the time left,
    /// and its own budget of positions; finding nothing proves nothing, and the proof
    /// searches go on as before. `Err` holds the positions searched in vain.
    fn win_by_threats(&self) -> Result<Solution, u64> {
        let dims = self.pos.dims();
        if dims.k() < 4 || dims.rows() > MAX_SIDE || dims.cols() > MAX_SIDE {
            return Err(0);
        }
        let started = Instant::now();
        let limits = match self.limits.time_left() {
            Some(left) => self.limits.at_most(left / 8),
            None => self.limits.clone(),
        };
        let (win, nodes) = threats::win(&mut Stones::of_position(&self.pos), limits);
        win.map(|_| Solution {
            value: Some(Value::Win),
            stats: Stats {
                nodes,
                elapsed: started.elapsed(),
                threads: 1,
                ..Stats::default()
            },
        })
        .ok_or(nodes)
    }

    /// Proves the value and how long the game lasts with best play (the winner winning as
    /// fast as it can, the loser holding out as long as it can), by alpha-beta on one thread.
    /// Slower than [`Solver::solve`] on all but small boards: the length needs the whole
    /// tree.
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value, Verdict};
    /// # use ttt_core::{Position, Setup};
    /// // O . X
    /// // . X .    O to move loses in 2 plies: O's move, then X's line
    /// // . O X
    /// let pos = Position::from_setup(&Setup::from_notation("O.X/.X./.OX").unwrap(), 3).unwrap();
    /// let s = Solver::new(&pos).solve_with_length();
    /// assert_eq!(s.verdict, Some(Verdict { value: Value::Loss, plies: 2 }));
    /// ```
    #[must_use]
    pub fn solve_with_length(&self) -> SolutionWithLength {
        if let Some(value) = Value::at_end(&self.pos) {
            return SolutionWithLength {
                verdict: Some(Verdict { value, plies: 0 }),
                best_move: None,
                stats: Stats::default(),
            };
        }
        let started = Instant::now();
        if self.route() == Route::Refused {
            return SolutionWithLength {
                verdict: None,
                best_move: None,
                stats: Stats::default(),
            };
        }
        if self.route() == Route::Exact {
            let (moves, nodes) = self.exact_move_verdicts();
            let verdicts: Option<Vec<Verdict>> = moves.iter().map(|m| m.1).collect();
            let best = verdicts.and_then(|v| v.into_iter().max());
            return SolutionWithLength {
                verdict: best,
                best_move: best.and_then(|b| moves.iter().find(|m| m.1 == Some(b)).map(|m| m.0)),
                stats: Stats {
                    nodes,
                    elapsed: started.elapsed(),
                    threads: 1,
                    ..Stats::default()
                },
            };
        }
        let mut search = self.alpha_beta(true);
        let solved = search.solve();
        SolutionWithLength {
            verdict: solved
                .value
                .zip(solved.plies)
                .map(|(value, plies)| Verdict { value, plies }),
            best_move: solved.best_move,
            stats: search.stats(started, 1),
        }
    }

    /// The value of every legal move for the side making it, each proven by
    /// [`Solver::solve`] on the position it leads to (positions the same up to a symmetry
    /// once). With a time limit, the moves still unknown share what is left, equally, round
    /// after round, while rounds settle anything.
    ///
    /// ```
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X . O
    /// // . X .    O to move: only (2, 2) holds the draw
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
    /// for (cell, value) in Solver::new(&pos).move_values().moves {
    ///     let expected = if cell == Cell::new(2, 2) { Value::Draw } else { Value::Loss };
    ///     assert_eq!(value, Some(expected), "{cell}");
    /// }
    /// ```
    #[must_use]
    pub fn move_values(&self) -> MoveValues {
        self.move_values_where(|_| true)
    }

    /// [`Solver::move_values`] for the moves `wanted` picks (the others are `None`).
    pub(crate) fn move_values_where(&self, wanted: impl Fn(Cell) -> bool) -> MoveValues {
        let pos = &self.pos;
        let mut moves: Vec<(Cell, Option<usize>)> = Vec::new();
        // The positions to prove, one for each class under the board's symmetries.
        let mut children: Vec<(Position, Option<Value>)> = Vec::new();
        let mut classes: HashMap<String, usize> = HashMap::new();
        for cell in pos.legal_moves() {
            if !wanted(cell) {
                moves.push((cell, None));
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(cell);
            let key = Symmetry::of(pos.dims())
                .iter()
                .map(|&s| child.transform(s).to_string())
                .min()
                .unwrap_or_else(|| child.to_string());
            let n = children.len();
            let class = *classes.entry(key).or_insert(n);
            if class == n {
                children.push((child, Value::at_end(&child)));
            }
            moves.push((cell, Some(class)));
        }
        let mut nodes = 0;
        for pass in 0.. {
            let open = children.iter().filter(|c| c.1.is_none()).count();
            if open == 0 || self.limits.is_over() {
                break;
            }
            let mut settled = 0;
            for child in children.iter_mut().filter(|c| c.1.is_none()) {
                let share = self.limits.time_left().map(|l| l / open as u32);
                let limits = match share {
                    Some(share) => self.limits.at_most(share),
                    None => self.limits.clone(),
                };
                let s = Solver {
                    pos: child.0,
                    limits,
                    // A child's threats are looked for once, on the first pass.
                    threats_first: self.threats_first && pass == 0,
                    ..self.clone()
                }
                .solve();
                nodes += s.stats.nodes;
                if s.value.is_some() {
                    child.1 = s.value;
                    settled += 1;
                }
                if self.limits.is_over() {
                    break;
                }
            }
            if settled == 0 {
                break;
            }
        }
        // Each child's value is its mover's: the other way round for the root's mover.
        let moves = moves
            .into_iter()
            .map(|(cell, class)| {
                let value = class.and_then(|c| children[c].1).map(Value::for_opponent);
                (cell, value)
            })
            .collect();
        MoveValues { moves, nodes }
    }

    /// A win for the side to move by threats alone, within the limits: a VCF (fours only), or
    /// failing that a VCT (threes and fours), with its line. Only for K of 4 or more, where a
    /// three is a threat; `None` when none is found, which proves nothing.
    ///
    /// ```
    /// use ttt_ai::Solver;
    /// use ttt_core::{Position, Setup};
    ///
    /// // X to move on 9 x 9, five in a row: the open three on row 3 becomes an open four.
    /// let setup = Setup::from_notation(
    ///     "O......../........./........./..XXX..../........./........./O......../........./O........",
    /// ).unwrap();
    /// let pos = Position::from_setup(&setup, 5).unwrap();
    /// let win = Solver::new(&pos).threat_win().unwrap();
    /// assert!(!win.uses_threes);
    /// assert_eq!(win.plies(), 3);
    /// ```
    #[must_use]
    pub fn threat_win(&self) -> Option<ThreatWin> {
        // The threat search counts free-style lines: a five of its may be an overline.
        if self.pos.is_over() || self.pos.dims().k() < 4 || self.route() != Route::Boards {
            return None;
        }
        threats::win(&mut Stones::of_position(&self.pos), self.limits.clone()).0
    }

    /// An alpha-beta search of the position within the limits, in a table of the memory
    /// allowed, with or without the game's length.
    pub(crate) fn alpha_beta(&self, lengths: bool) -> AlphaBeta {
        let memory = self.memory_or(default_memory(&self.pos));
        AlphaBeta::new(
            &self.pos,
            BoundTable::growing(memory).into(),
            self.limits.clone(),
            lengths,
        )
    }

    /// The perfect player's move by alpha-beta with lengths (see [`AlphaBeta::choose`]): the
    /// fastest win or the slowest loss, proven, or the best found if the limits stop it.
    /// Under standard and caro only a proven move is given: `None` if the exact search did
    /// not finish.
    pub(crate) fn best_move(&self, rng: Option<&mut Rng>) -> Option<(Cell, Option<Verdict>)> {
        match self.route() {
            Route::Boards => self.alpha_beta(true).choose(rng),
            Route::Refused => None,
            Route::Exact => {
                let (moves, _) = self.exact_move_verdicts();
                let verdicts: Vec<(Cell, Verdict)> = moves
                    .into_iter()
                    .map(|(c, v)| v.map(|v| (c, v)))
                    .collect::<Option<_>>()?;
                let best = verdicts.iter().map(|m| m.1).max()?;
                let best_cells: Vec<Cell> = verdicts
                    .iter()
                    .filter(|m| m.1 == best)
                    .map(|m| m.0)
                    .collect();
                let cell = match rng {
                    Some(rng) => rng.pick(&best_cells)?,
                    None => best_cells[0],
                };
                Some((cell, Some(best)))
            }
        }
    }

    /// The best move a search of the cells near the marks finds within the limits, as deep
    /// as time allows: proves nothing.
    pub(crate) fn heuristic_move(&self) -> Option<Cell> {
        // Its board counts free-style lines.
        if self.route() != Route::Boards {
            return None;
        }
        let mut search = self.alpha_beta(true);
        search.restrict_to_the_neighbourhood();
        search.solve().best_move
    }
}

/// How long one alpha-beta thread searches alone with `method`: only [`Method::AlphaBeta`]
/// has its threads wait.
fn alone_for(method: Method) -> Duration {
    match method {
        Method::AlphaBeta => ALONE_ALPHA_BETA,
        Method::Auto | Method::ProofNumber => Duration::ZERO,
    }
}

/// [`Method::Auto`] on two threads or more: the proof-number search on one thread, alpha-beta
/// straight to the end on the others, from the start, until the proof-number search has run
/// alone for [`proof_number`]'s join time; then the proof-number search on every thread. The
/// first answer stops the rest.
fn race(pos: &Position, limits: &Limits, memory: usize, threads: usize) -> (Option<Value>, Stats) {
    let started = Instant::now();
    let (each, stop) = limits.with_own_stop();
    let beta_bytes = (memory / 2).min(RACE_ALPHA_BETA_BYTES);
    let (proof, beta) = std::thread::scope(|scope| {
        let proof = scope.spawn(|| {
            let found = proof_number::threads::solve(pos, &each, memory - beta_bytes, threads);
            if found.0.is_some() {
                stop.raise();
            }
            found
        });
        // Alpha-beta gives its threads to the proof-number search when that is joined by
        // more.
        let beta = scope.spawn(|| {
            let limits = each.at_most(proof_number::threads::ALONE_BEFORE_JOINING);
            let found: (Solved, Stats) = if threads == 2 {
                let start = Instant::now();
                let mut search =
                    AlphaBeta::new(pos, BoundTable::growing(beta_bytes).into(), limits, false);
                search.search_straight_to_the_end();
                let solved = search.solve();
                (solved, search.stats(start, 1))
            } else {
                alpha_beta::threads::solve(
                    pos,
                    &limits,
                    beta_bytes,
                    threads - 1,
                    Duration::ZERO,
                    true,
                )
            };
            if found.0.value.is_some() {
                stop.raise();
            }
            found
        });
        // A search that panicked is a bug: let it show.
        (
            proof
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            beta.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
        )
    });
    let ((proof_value, proof), (beta_solved, beta)) = (proof, beta);
    let stats = Stats {
        nodes: proof.nodes + beta.nodes,
        elapsed: started.elapsed(),
        threads,
        table_bytes: proof.table_bytes + beta.table_bytes,
        table_used: proof.table_used + beta.table_used,
    };
    (proof_value.or(beta_solved.value), stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    const METHODS: [Method; 3] = [Method::Auto, Method::AlphaBeta, Method::ProofNumber];

    /// The value by `method` on `threads` threads, all of them from the start (no search
    /// alone first).
    fn value(pos: &Position, threads: usize, method: Method) -> Option<Value> {
        Solver::new(pos)
            .threads(threads)
            .method(method)
            .solve_after(Duration::ZERO)
            .value
    }

    #[test]
    fn methods_and_thread_counts_agree() {
        for (r, c, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 2, 2)] {
            let pos = Position::new(Dims::new(r, c, k).unwrap());
            let one = value(&pos, 1, Method::AlphaBeta);
            assert!(one.is_some());
            for method in METHODS {
                for threads in 1..=3 {
                    assert_eq!(
                        value(&pos, threads, method),
                        one,
                        "{r}x{c} k={k} {method:?} on {threads}"
                    );
                }
            }
        }
        let lost = Position::from_setup(&Setup::from_notation("O.X/.X./.OX").unwrap(), 3).unwrap();
        for method in METHODS {
            assert_eq!(value(&lost, 2, method), Some(Value::Loss), "{method:?}");
        }
    }

    #[test]
    fn a_finished_game_is_answered_without_a_search() {
        let won = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
        let full = Position::from_setup(&Setup::from_notation("XOX/XOO/OXX").unwrap(), 3).unwrap();
        for (pos, expected) in [(won, Value::Loss), (full, Value::Draw)] {
            for method in METHODS {
                for threads in 1..=2 {
                    assert_eq!(
                        value(&pos, threads, method),
                        Some(expected),
                        "{pos} {method:?}"
                    );
                }
            }
            let long = Solver::new(&pos).solve_with_length();
            assert_eq!(
                long.verdict,
                Some(Verdict {
                    value: expected,
                    plies: 0
                }),
                "{pos}"
            );
            assert_eq!(long.best_move, None);
            assert!(Solver::new(&pos).move_values().moves.is_empty(), "{pos}");
        }
    }

    #[test]
    fn move_values_are_the_children_values_turned_round() {
        let positions = [
            Position::new(Dims::new(3, 4, 3).unwrap()),
            Position::new(Dims::new(4, 4, 4).unwrap()),
            Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap(),
            Position::from_setup(&Setup::from_notation("X.../.O../..../....").unwrap(), 3).unwrap(),
        ];
        for pos in positions {
            for method in METHODS {
                let found = Solver::new(&pos).threads(2).method(method).move_values();
                assert_eq!(found.moves.len(), pos.legal_moves().count());
                assert!(found.nodes > 0);
                for (cell, value_found) in found.moves {
                    let child = pos.play(cell).unwrap();
                    let expected = Value::at_end(&child)
                        .or_else(|| value(&child, 1, Method::AlphaBeta))
                        .map(Value::for_opponent);
                    assert_eq!(value_found, expected, "{pos} {cell} {method:?}");
                }
            }
        }
        // No time: nothing is known, nothing is searched.
        let pos = Position::new(Dims::new(5, 5, 4).unwrap());
        let found = Solver::new(&pos)
            .threads(2)
            .time_limit(Duration::ZERO)
            .move_values();
        assert!(found.moves.iter().all(|(_, v)| v.is_none()));
        assert_eq!(found.nodes, 0);
    }

    #[test]
    fn every_4x3_position_agrees_across_methods_thread_counts_and_tiny_tables() {
        // Each position's value by alpha-beta on one thread against every method on one to
        // three threads with tables of a few buckets, where entries are overwritten all the
        // time.
        let dims = Dims::new(4, 3, 3).unwrap();
        let mut stack = vec![Position::new(dims)];
        let mut seen = std::collections::HashSet::new();
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos.to_string()) || pos.is_over() {
                continue;
            }
            let one = value(&pos, 1, Method::AlphaBeta);
            for method in METHODS {
                for threads in 1..=3 {
                    let many = Solver::new(&pos)
                        .memory(256)
                        .threads(threads)
                        .method(method)
                        .solve_after(Duration::ZERO)
                        .value;
                    assert_eq!(many, one, "{pos} by {method:?} on {threads} threads");
                }
            }
            if seen.len() < 400 {
                stack.extend(pos.legal_moves().filter_map(|c| pos.play(c).ok()));
            }
        }
    }

    #[test]
    fn zero_time_proves_nothing() {
        let p = Position::new(Dims::new(3, 3, 3).unwrap());
        let solver = Solver::new(&p).time_limit(Duration::ZERO);
        let s = solver.solve();
        assert_eq!((s.value, s.stats.nodes), (None, 0));
        let s = solver.solve_with_length();
        assert_eq!((s.verdict, s.stats.nodes), (None, 0));
        let a = solver.analyze();
        assert_eq!(a.value, None);
        assert_eq!(a.moves.len(), 9);
        assert!(a.moves.iter().all(|m| m.verdict.is_none()));
    }

    #[test]
    fn a_win_by_threats_is_proven_before_the_proof_searches_and_they_agree() {
        // A VCT of 11 plies on 15 x 15 (from a played game), O to move.
        let line = include_str!("../tests/data/threat-puzzles.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .nth(5)
            .unwrap();
        let notation = line.split_whitespace().nth(5).unwrap();
        let pos = Position::from_setup(&Setup::from_notation(notation).unwrap(), 5).unwrap();
        let auto = Solver::new(&pos).threads(1).solve();
        let proof = Solver::new(&pos)
            .threads(1)
            .method(Method::ProofNumber)
            .solve();
        assert_eq!(auto.value, Some(Value::Win));
        assert_eq!(proof.value, Some(Value::Win));
        assert!(auto.stats.nodes < proof.stats.nodes, "{auto:?} {proof:?}");
        // Three in a row: no threat search, the same search as before.
        let small = Position::new(Dims::new(3, 3, 3).unwrap());
        let by_auto = Solver::new(&small).threads(1).solve();
        let by_proof = Solver::new(&small)
            .threads(1)
            .method(Method::ProofNumber)
            .solve();
        assert_eq!(by_auto.stats.nodes, by_proof.stats.nodes);
    }

    /// Minimax over `ttt_core::Position` with the game's length: the fastest win, the
    /// slowest loss; a draw fills the board.
    fn brute_verdict(p: &Position, memo: &mut HashMap<Position, Verdict>) -> Verdict {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let v = match Value::at_end(p) {
            Some(value) => Verdict { value, plies: 0 },
            None => p
                .legal_moves()
                .map(|c| {
                    let child = brute_verdict(&p.play(c).unwrap(), memo);
                    Verdict {
                        value: child.value.for_opponent(),
                        plies: child.plies + 1,
                    }
                })
                .max()
                .unwrap(),
        };
        memo.insert(*p, v);
        v
    }

    /// The solver under standard and caro, against brute force: the empty boards it can
    /// finish, and positions of random games on them, with every move's value.
    #[test]
    fn standard_and_caro_agree_with_brute_force() {
        let mut rng = Rng::seeded(31);
        let mut checked = 0;
        for rule in [Rule::Standard, Rule::Caro] {
            let mut memo = HashMap::new();
            // Brute force keeps every position it meets: the empty board where that fits,
            // else positions of random games with eight cells left.
            for (rows, cols, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4)] {
                let dims = Dims::new(rows, cols, k).unwrap();
                let mut positions = Vec::new();
                if dims.cells() <= 9 {
                    positions.push(Position::with_rule(dims, rule).unwrap());
                }
                for _ in 0..3 {
                    let random = crate::testing::random_position(&mut rng, dims, 8);
                    let Some(p) =
                        random.and_then(|p| Position::from_setup_under(&p.setup(), k, rule).ok())
                    else {
                        continue;
                    };
                    if !p.is_over() {
                        positions.push(p);
                    }
                }
                for p in positions {
                    let truth = brute_verdict(&p, &mut memo);
                    let solver = Solver::try_new(&p).unwrap();
                    assert_eq!(solver.solve().value, Some(truth.value), "{rule} {p}");
                    let long = solver.solve_with_length();
                    assert_eq!(long.verdict, Some(truth), "{rule} {p}");
                    if let Some(best) = long.best_move {
                        let child = brute_verdict(&p.play(best).unwrap(), &mut memo);
                        assert_eq!(child.value.for_opponent(), truth.value, "{rule} {p}");
                    }
                    for (cell, value) in solver.move_values().moves {
                        let child = brute_verdict(&p.play(cell).unwrap(), &mut memo);
                        assert_eq!(value, Some(child.value.for_opponent()), "{rule} {p} {cell}");
                    }
                    let a = solver.analyze();
                    assert_eq!((a.value, a.plies), (Some(truth.value), Some(truth.plies)));
                    assert!(a.threat_win.is_none());
                    checked += 1;
                }
            }
        }
        assert!(checked > 15, "{checked}");
    }

    /// Where the rule changes the answer: X's move at (0, 2) makes four in a row, a win
    /// free-style with three in a row, none under standard.
    #[test]
    fn the_rule_is_what_is_solved() {
        // X X . X . . .
        // O . O . O . .
        let setup = Setup::from_notation("XX.X.../O.O.O..").unwrap();
        let free = Position::from_setup(&setup, 3).unwrap();
        let standard = Position::from_setup_under(&setup, 3, Rule::Standard).unwrap();
        assert_eq!(
            Solver::new(&free).solve_with_length().verdict,
            Some(Verdict {
                value: Value::Win,
                plies: 1
            })
        );
        let v = Solver::new(&standard).solve_with_length().verdict.unwrap();
        assert_ne!(v.plies, 1);
        let mut memo = HashMap::new();
        assert_eq!(v, brute_verdict(&standard, &mut memo));
    }

    #[test]
    fn renju_is_refused_and_nothing_is_claimed() {
        let pos = Position::with_rule(Dims::new(5, 5, 5).unwrap(), Rule::Renju).unwrap();
        let err = Solver::try_new(&pos).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the solver does not prove positions under renju: it proves freestyle, standard and caro"
        );
        let solver = Solver::new(&pos);
        assert_eq!(solver.solve().value, None);
        assert_eq!(solver.solve_with_length().verdict, None);
        assert!(solver.move_values().moves.iter().all(|m| m.1.is_none()));
        assert_eq!(solver.best_move(None), None);
        assert_eq!(solver.threat_win(), None);
        let a = solver.analyze();
        assert_eq!((a.value, a.best_moves), (None, None));
    }
}
