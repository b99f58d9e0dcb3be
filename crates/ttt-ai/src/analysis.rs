//! Analysing a position: its value and every move's, with the game's length where it can be
//! proven in time, and the value alone where only the proof searches settle it.
//!
//! Alpha-beta scoring wins by their distance gives the most: how long the game lasts with best
//! play, and every move's result. It settles the small boards in a moment but not the larger
//! ones that [`Solver::solve`] proves in about a second, which the proof-number search
//! settles without counting plies (a draw needs no count: the board fills). So the analysis
//! gives alpha-beta the first quarter of the time, and if that leaves anything unknown,
//! proves the position's value with [`Solver::solve`], then as many moves' values as the time
//! left allows.

use std::time::{Duration, Instant};

use ttt_core::{Cell, Outcome, Position};

use crate::search::threats::ThreatWin;
use crate::solve::{default_memory, Route, Solver};
use crate::value::{MoveAnalysis, Value, Verdict};

/// The most table memory the proof searches of an analysis take, unless the solver says
/// otherwise (they take it only as they fill it).
const PROOF_MEMORY: usize = 1 << 30;

/// What [`Solver::analyze`] found about a position.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Solver, Value};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X . O
/// // . X .    O to move must block at (2, 2); everything else loses
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
/// let a = Solver::new(&pos).time_limit(Duration::from_secs(10)).analyze();
/// assert_eq!(a.value, Some(Value::Draw));
/// assert_eq!(a.plies, Some(6)); // a draw fills the board
/// assert_eq!(a.best_moves, Some(vec![Cell::new(2, 2)]));
/// assert_eq!(a.moves.len(), 6);
/// assert!(a.moves.iter().filter(|m| m.cell != Cell::new(2, 2)).all(|m| m.value == Some(Value::Loss)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The value for the side to move, if proven (a win can be proven before its length is).
    pub value: Option<Value>,
    /// Plies to the end under optimal play, if proven; 0 when the game is over. Always known
    /// for a draw: a drawn game fills the board.
    pub plies: Option<u32>,
    /// Every move reaching the best result, in row-major order, once every move is proven:
    /// the fastest win or slowest loss where every length is known, else every move of the
    /// best value.
    pub best_moves: Option<Vec<Cell>>,
    /// Every legal move in row-major order.
    pub moves: Vec<MoveAnalysis>,
    /// A win for the side to move by threats alone, with its line, where one was found
    /// (K of 4 or more): proven, its first move a winning move.
    pub threat_win: Option<ThreatWin>,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Solver {
    /// Analyses the position: the value of the position and of every legal move for the
    /// side making it, with the game's length where it is proven. The game's length comes
    /// from alpha-beta, which gets the first quarter of the time; what it leaves unknown, the
    /// proof searches of [`Solver::solve`] take on: the position's value, then as many moves'
    /// values as the time allows.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::{Solver, Value};
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X X .
    /// // O O .    X to move wins at once at (0, 2)
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
    /// let a = Solver::new(&pos).time_limit(Duration::from_secs(5)).analyze();
    /// assert_eq!((a.value, a.plies), (Some(Value::Win), Some(1)));
    /// assert_eq!(a.best_moves, Some(vec![Cell::new(0, 2)]));
    /// ```
    ///
    /// Without a deadline, alpha-beta searches until every move's length is proven.
    #[must_use]
    pub fn analyze(&self) -> Analysis {
        let lengths_for = self.limits_ref().time_left().map(|t| t / 4);
        analyze_with(self, lengths_for)
    }
}

/// [`Solver::analyze`], giving alpha-beta with lengths `lengths_for` first (no limit for
/// `None`).
fn analyze_with(solver: &Solver, lengths_for: Option<Duration>) -> Analysis {
    let started = Instant::now();
    let pos = solver.position();
    if solver.route() != Route::Boards {
        return analyze_by_rule(solver, started);
    }
    let limits = solver.limits_ref();
    // Threats first: quick where they exist, and on boards too big to solve the only proof.
    let threat_win = match limits.time_left() {
        Some(left) => solver.clone().limits(limits.at_most(left / 8)),
        None => solver.clone(),
    }
    .threat_win();
    let mut lengths = Solver::new(pos)
        .limits(match lengths_for {
            Some(time) => limits.at_most(time),
            None => limits.clone(),
        })
        .memory(solver.memory_or(default_memory(pos)))
        .alpha_beta(true);
    let mut moves = lengths.analyze();
    if let Some(first) = threat_win.as_ref().and_then(|w| w.line.first()) {
        for m in moves.iter_mut().filter(|m| m.cell == *first) {
            m.value = m.value.or(Some(Value::Win));
        }
    }
    let mut nodes = lengths.nodes();
    let known = |moves: &[MoveAnalysis]| moves.iter().all(|m| m.value.is_some());
    let mut proven = None;
    if !pos.is_over() && !limits.is_over() && !known(&moves) {
        let proofs = solver.clone().memory(solver.memory_or(PROOF_MEMORY));
        if !moves.iter().any(|m| m.value == Some(Value::Win)) {
            // The threats were looked for above: the proof searches need not look again.
            let s = proofs.clone().after_threats_looked_for().solve();
            nodes += s.stats.nodes;
            proven = s.value;
        }
        if !limits.is_over() {
            let unknown: Vec<Cell> = moves
                .iter()
                .filter(|m| m.value.is_none())
                .map(|m| m.cell)
                .collect();
            let values = proofs.move_values_where(|c| unknown.contains(&c));
            nodes += values.nodes;
            for (m, (cell, value)) in moves.iter_mut().zip(values.moves) {
                debug_assert_eq!(m.cell, cell);
                m.value = m.value.or(value);
            }
        }
    }
    // A drawn game fills the board: its length needs no proof.
    let filled = pos.count_blanks() as u32;
    for m in &mut moves {
        if m.verdict.is_none() && m.value == Some(Value::Draw) {
            m.verdict = Some(Verdict {
                value: Value::Draw,
                plies: filled,
            });
        }
    }
    let (value, plies, best_moves) = summarise(pos, &moves, proven);
    Analysis {
        value,
        plies,
        best_moves,
        moves,
        threat_win,
        nodes,
        elapsed: started.elapsed(),
    }
}

/// [`Solver::analyze`] under a rule the solver's boards do not know: every move by the exact
/// search under standard and caro, nothing under renju (no threats either: the threat search
/// counts free-style lines).
fn analyze_by_rule(solver: &Solver, started: Instant) -> Analysis {
    let pos = solver.position();
    let (moves, nodes) = match solver.route() {
        Route::Exact => solver.exact_move_verdicts(),
        Route::Boards | Route::Refused => (pos.legal_moves().map(|c| (c, None)).collect(), 0),
    };
    let moves: Vec<MoveAnalysis> = moves
        .into_iter()
        .map(|(cell, verdict)| MoveAnalysis {
            cell,
            verdict,
            value: verdict.map(|v| v.value),
        })
        .collect();
    let (value, plies, best_moves) = summarise(pos, &moves, None);
    Analysis {
        value,
        plies,
        best_moves,
        moves,
        threat_win: None,
        nodes,
        elapsed: started.elapsed(),
    }
}

/// The position's value, length and best moves from its moves' (and the value `proven` by a
/// search of its own, if any).
fn summarise(
    pos: &Position,
    moves: &[MoveAnalysis],
    proven: Option<Value>,
) -> (Option<Value>, Option<u32>, Option<Vec<Cell>>) {
    match pos.outcome() {
        Outcome::Win(_) => return (Some(Value::Loss), Some(0), Some(Vec::new())),
        Outcome::Draw => return (Some(Value::Draw), Some(0), Some(Vec::new())),
        Outcome::InProgress => {}
    }
    let filled = pos.count_blanks() as u32;
    let the_best = |is_best: &dyn Fn(&MoveAnalysis) -> bool| {
        Some(
            moves
                .iter()
                .filter(|m| is_best(m))
                .map(|m| m.cell)
                .collect(),
        )
    };
    // A win in one move is the fastest there is, whatever the others are worth.
    let at_once = Verdict {
        value: Value::Win,
        plies: 1,
    };
    if moves.iter().any(|m| m.verdict == Some(at_once)) {
        return (
            Some(Value::Win),
            Some(1),
            the_best(&|m| m.verdict == Some(at_once)),
        );
    }
    let verdicts: Option<Vec<Verdict>> = moves.iter().map(|m| m.verdict).collect();
    if let Some(fastest) = verdicts.and_then(|v| v.into_iter().max()) {
        let best = the_best(&|m| m.verdict == Some(fastest));
        return (Some(fastest.value), Some(fastest.plies), best);
    }
    let values: Option<Vec<Value>> = moves.iter().map(|m| m.value).collect();
    if let Some(best) = values.and_then(|v| v.into_iter().max()) {
        let plies = (best == Value::Draw).then_some(filled);
        return (Some(best), plies, the_best(&|m| m.value == Some(best)));
    }
    let value = if moves.iter().any(|m| m.value == Some(Value::Win)) {
        Some(Value::Win)
    } else {
        proven
    };
    (value, (value == Some(Value::Draw)).then_some(filled), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::testing::{minimax, random_position};
    use std::collections::HashMap;
    use ttt_core::Dims;

    /// The value of playing `cell` for the side playing it, by minimax.
    fn exact_move(p: &Position, cell: ttt_core::Cell, memo: &mut HashMap<Position, i32>) -> Value {
        let child = p.play(cell).unwrap();
        match -minimax(&child, memo) {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    #[test]
    fn small_boards_get_every_length() {
        let p = Position::new(Dims::new(3, 3, 3).unwrap());
        let a = Solver::new(&p)
            .time_limit(Duration::from_secs(5))
            .threads(2)
            .analyze();
        assert_eq!(a.value, Some(Value::Draw));
        assert_eq!(a.plies, Some(9));
        assert_eq!(a.best_moves.as_ref().map(Vec::len), Some(9));
        assert!(a.moves.iter().all(|m| m.verdict.is_some()));
        assert!(a.moves.iter().all(|m| m.value == Some(Value::Draw)));
    }

    #[test]
    fn values_agree_with_minimax_whichever_search_proves_them() {
        let mut rng = Rng::seeded(11);
        let mut memo = HashMap::new();
        let mut seen = 0;
        let mut by_proof_searches = 0;
        for (rows, cols, k, empty) in [(3, 3, 3, 7), (4, 4, 3, 10), (4, 4, 4, 11), (4, 5, 4, 10)] {
            let dims = Dims::new(rows, cols, k).unwrap();
            for i in 0..9 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                seen += 1;
                // No time for alpha-beta with lengths (everything rests on the proof
                // searches), a little (some moves each way), or plenty.
                let lengths_for = Duration::from_millis([0, 3, 30_000][i % 3]);
                let solver = Solver::new(&p)
                    .time_limit(Duration::from_secs(60))
                    .threads(1 + i % 2);
                let a = analyze_with(&solver, Some(lengths_for));
                let values: Vec<Value> = p
                    .legal_moves()
                    .map(|c| exact_move(&p, c, &mut memo))
                    .collect();
                let best = values.iter().copied().max();
                assert_eq!(a.value, best, "{p}");
                let filled = p.count_blanks() as u32;
                for (m, want) in a.moves.iter().zip(&values) {
                    assert_eq!(m.value, Some(*want), "{p} {}", m.cell);
                    match m.verdict {
                        Some(v) => {
                            assert_eq!(v.value, *want, "{p} {}", m.cell);
                            if v.value == Value::Draw {
                                assert_eq!(v.plies, filled, "{p} {}", m.cell);
                            }
                        }
                        None => {
                            assert_ne!(*want, Value::Draw, "{p} {}", m.cell);
                            by_proof_searches += 1;
                        }
                    }
                }
                if best == Some(Value::Draw) {
                    assert_eq!(a.plies, Some(filled), "{p}");
                } else if lengths_for.is_zero() {
                    assert_eq!(a.plies, None, "{p}");
                    assert!(
                        a.moves
                            .iter()
                            .all(|m| m.verdict.is_none() || m.value == Some(Value::Draw)),
                        "{p}"
                    );
                }
                // The best moves are those reaching the value, and the fastest of them
                // where every length is known.
                let reaching: Vec<_> = a
                    .moves
                    .iter()
                    .filter(|m| m.value == best)
                    .map(|m| m.cell)
                    .collect();
                let listed = a.best_moves.clone().expect("every move is known");
                assert!(!listed.is_empty(), "{p}");
                assert!(listed.iter().all(|c| reaching.contains(c)), "{p}");
                if a.plies.is_none() {
                    assert_eq!(listed, reaching, "{p}");
                }
            }
        }
        assert!(seen >= 25, "only {seen} positions");
        assert!(by_proof_searches > 30, "{by_proof_searches}");
    }

    #[test]
    fn game_over_positions() {
        let setup = ttt_core::Setup::from_notation("XXX/OO./...").unwrap();
        let p = Position::from_setup(&setup, 3).unwrap();
        let a = Solver::new(&p).analyze();
        assert_eq!((a.value, a.plies), (Some(Value::Loss), Some(0)));
        assert_eq!(a.best_moves, Some(Vec::new()));
        assert!(a.moves.is_empty());
    }

    /// Under standard, a search cut short by its time still knows the moves that win at
    /// once: a four with two open ends is a win in one ply.
    #[test]
    fn a_win_at_once_is_found_whatever_the_time_under_a_rule() {
        use ttt_core::{Rule, Setup};
        let mut setup = Setup::empty(15, 15);
        for c in 5..9 {
            setup.set(Cell::new(7, c), Some(ttt_core::Player::X));
        }
        for c in 4..7 {
            setup.set(Cell::new(6, c), Some(ttt_core::Player::O));
        }
        setup.set(Cell::new(8, 5), Some(ttt_core::Player::O));
        let pos = Position::from_setup_under(&setup, 5, Rule::Standard).unwrap();
        let a = Solver::new(&pos)
            .time_limit(std::time::Duration::from_millis(20))
            .analyze();
        assert_eq!((a.value, a.plies), (Some(Value::Win), Some(1)));
        assert_eq!(a.best_moves, Some(vec![Cell::new(7, 4), Cell::new(7, 9)]));
    }

    #[test]
    fn analysis_lists_every_move() {
        let setup = ttt_core::Setup::from_notation("XX./OO./...").unwrap();
        let p = Position::from_setup(&setup, 3).unwrap();
        let a = Solver::new(&p).analyze();
        assert_eq!(a.value, Some(Value::Win));
        assert_eq!(a.plies, Some(1));
        assert_eq!(a.best_moves, Some(vec![ttt_core::Cell::new(0, 2)]));
        assert_eq!(a.moves.len(), 5);
        // Not winning at once lets O win at once.
        let m = a
            .moves
            .iter()
            .find(|m| m.cell == ttt_core::Cell::new(2, 2))
            .unwrap();
        assert_eq!(
            m.verdict,
            Some(Verdict {
                value: Value::Loss,
                plies: 2
            })
        );
    }
}
