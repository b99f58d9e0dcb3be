//! The engine behind its API: a board of cells and players, the search's tables kept from
//! one move to the next, and [`Engine::think`] choosing a move within [`Limits`].

use std::fmt;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use ttt_core::{Cell, Dims, Player, Position, PositionError, Rule, Setup, MAX_SIDE};

use crate::board::Board;
use crate::limits::{Clock, Limits};
use crate::movepick::Ordering;
use crate::pattern::Threat;
use crate::search::{is_proven, Search, MAX_PLY, WIN};
use crate::tt::Table;
use crate::vcf::Vcf;
use crate::vct::Vct;

/// How many in a row win: the engine plays gomoku only.
pub const K: usize = 5;

/// The sides a board may have (the Gomocup protocol's range; renju's boards up to
/// [`MAX_SIDE`], where `ttt-core` checks forbidden points).
pub const SIDES: RangeInclusive<usize> = 5..=32;

/// The positions the root's threat search may visit before the main search starts.
const ROOT_VCF_NODES: u64 = 20_000;
const ROOT_VCF_PLIES: u32 = 40;
/// The most threats in the root's searches for wins by threats (ours, and the opponent's
/// after each of our candidate moves).
const ROOT_VCT_THREATS: u32 = 5;
/// The positions the root's threat searches may visit in all, per millisecond of the time
/// limit, and at least and at most.
const THREAT_NODES_PER_MS: u64 = 120;
const LEAST_THREAT_NODES: u64 = 2_000;
const MOST_THREAT_NODES: u64 = 400_000;
/// How many candidate moves, best first, are checked against the opponent's threats.
const SAFETY_CHECKED: usize = 16;

/// Why the engine refuses a board, a position or a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The board's sides are outside [`SIDES`] (or above [`MAX_SIDE`] under renju).
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A position whose shape, K or rule is not the engine's.
    Mismatch,
    /// A cell off the board.
    OffBoard(Cell),
    /// A cell already taken.
    Occupied(Cell),
    /// A point renju forbids to X.
    Forbidden(Cell),
    /// Under renju, stones that no game reaches with that side to move.
    Renju(PositionError),
    /// A move after the game was won.
    Over(Cell),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Size { rows, cols } => write!(
                f,
                "the engine plays boards of {} to {} a side ({} under renju), not {rows} x {cols}",
                SIDES.start(),
                SIDES.end(),
                MAX_SIDE
            ),
            EngineError::Mismatch => {
                write!(
                    f,
                    "the position is not five in a row on the engine's board under its rule"
                )
            }
            EngineError::OffBoard(c) => write!(f, "{c} is off the board"),
            EngineError::Occupied(c) => write!(f, "{c} is taken"),
            EngineError::Forbidden(c) => write!(f, "{c} is forbidden to X under renju"),
            EngineError::Renju(e) => write!(f, "not a renju position: {e}"),
            EngineError::Over(c) => write!(f, "{c} comes after the game was won"),
        }
    }
}

impl std::error::Error for EngineError {}

/// What [`Engine::think`] chose, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    /// The move.
    pub best: Cell,
    /// Its score for the side to move: positive is good; a win in `n` plies scores
    /// [`WIN_SCORE`]` - n`, a loss in `n` the negative of that.
    pub score: i32,
    /// The depth of the last finished pass (1 for a move found without one).
    pub depth: u32,
    /// Whether a win or loss the score says is proven: by a five on the board or by a threat
    /// search that answers every defence, not by the main search, which leaves moves out.
    pub proven: bool,
    /// The positions visited.
    pub nodes: u64,
    /// The expected line, starting with the move.
    pub pv: Vec<Cell>,
}

/// The score of a win on the move (see [`Thought::score`]).
pub const WIN_SCORE: i32 = WIN;

impl Thought {
    /// In how many plies the side to move wins, if the score says it does (proven by a
    /// threat search when [`Thought::proven`], else found by the main search).
    #[must_use]
    pub fn win_in(&self) -> Option<u32> {
        (is_proven(self.score) && self.score > 0).then(|| (WIN - self.score) as u32)
    }

    /// In how many plies the side to move loses, if the score says it does.
    #[must_use]
    pub fn loss_in(&self) -> Option<u32> {
        (is_proven(self.score) && self.score < 0).then(|| (WIN + self.score) as u32)
    }
}

/// A gomoku engine for one board and rule.
pub struct Engine {
    board: Board,
    table: Table,
    ordering: Ordering,
    won: bool,
    /// The threads a search runs on.
    threads: usize,
}

/// The most threads [`Engine::set_threads`] takes.
pub const MAX_THREADS: usize = 256;

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("rows", &self.board.rows())
            .field("cols", &self.board.cols())
            .field("rule", &self.board.rule())
            .field("stones", &self.board.stones())
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine on an empty `rows` x `cols` board under `rule`, its tables within about
    /// `memory_bytes`.
    ///
    /// # Errors
    /// [`EngineError::Size`] for sides outside [`SIDES`] (or above [`MAX_SIDE`] under renju).
    pub fn new(
        rows: usize,
        cols: usize,
        rule: Rule,
        memory_bytes: usize,
    ) -> Result<Engine, EngineError> {
        if !Engine::supports(rows, cols, K, rule) {
            return Err(EngineError::Size { rows, cols });
        }
        let mut board = Board::new(rows, cols, rule);
        if rule == Rule::Renju {
            let dims = Dims::new(rows, cols, K).map_err(|_| EngineError::Size { rows, cols })?;
            let pos = Position::with_rule(dims, rule).map_err(|_| EngineError::Mismatch)?;
            board.set_renju(Some(pos));
        }
        let ordering = Ordering::new(board.framed_len(), MAX_PLY + 1);
        Ok(Engine {
            board,
            table: Table::new(memory_bytes),
            ordering,
            won: false,
            threads: 1,
        })
    }

    /// Whether the engine plays `k` in a row on a `rows` x `cols` board under `rule`.
    ///
    /// ```
    /// use ttt_core::Rule;
    /// use ttt_engine::Engine;
    /// assert!(Engine::supports(15, 15, 5, Rule::Freestyle));
    /// assert!(Engine::supports(32, 20, 5, Rule::Standard));
    /// assert!(!Engine::supports(15, 15, 4, Rule::Freestyle));
    /// assert!(!Engine::supports(30, 30, 5, Rule::Renju));
    /// ```
    #[must_use]
    pub fn supports(rows: usize, cols: usize, k: usize, rule: Rule) -> bool {
        let most = if rule == Rule::Renju {
            MAX_SIDE
        } else {
            *SIDES.end()
        };
        k == K
            && (SIDES.start()..=&most).contains(&&rows)
            && (SIDES.start()..=&most).contains(&&cols)
    }

    /// Searches on `threads` threads from now on (1 to [`MAX_THREADS`]; 1 at first). The
    /// threads share the transposition table and search the same root, each from its own
    /// depth, so that what one finds orders and cuts the others' search ("lazy SMP"); the
    /// first thread's result is the move.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The board, for the tuner.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Player {
        self.board.turn()
    }

    /// Sets up `pos` (its board, K and rule must be the engine's). The tables stay.
    ///
    /// # Errors
    /// [`EngineError::Mismatch`] for another board, K or rule.
    pub fn set_position(&mut self, pos: &Position) -> Result<(), EngineError> {
        let dims = pos.dims();
        if dims.rows() != self.board.rows()
            || dims.cols() != self.board.cols()
            || dims.k() != K
            || pos.rule() != self.board.rule()
        {
            return Err(EngineError::Mismatch);
        }
        let stones: Vec<(Cell, Player)> = dims
            .all_cells()
            .filter_map(|c| pos.get(c).map(|p| (c, p)))
            .collect();
        self.set_stones(&stones, pos.turn())
    }

    /// Sets up a board of `stones` with `turn` to move: any stones, as a tournament manager
    /// sends them, except under renju, where they must make a position (X first, turns
    /// alternating) with `turn` to move. The tables stay.
    ///
    /// # Errors
    /// A stone off the board or on a taken cell; under renju, stones no game reaches.
    pub fn set_stones(
        &mut self,
        stones: &[(Cell, Player)],
        turn: Player,
    ) -> Result<(), EngineError> {
        let (rows, cols, rule) = (self.board.rows(), self.board.cols(), self.board.rule());
        let mut board = Board::new(rows, cols, rule);
        for &(cell, player) in stones {
            if !board.contains(cell) {
                return Err(EngineError::OffBoard(cell));
            }
            let at = board.index(cell);
            if !board.is_empty(at) {
                return Err(EngineError::Occupied(cell));
            }
            board.place(at, player);
        }
        board.set_turn(turn);
        if rule == Rule::Renju {
            let mut setup = Setup::empty(rows, cols);
            for &(cell, player) in stones {
                setup.set(cell, Some(player));
            }
            let pos = Position::from_setup_under(&setup, K, rule).map_err(EngineError::Renju)?;
            if pos.turn() != turn {
                return Err(EngineError::Mismatch);
            }
            board.set_renju(Some(pos));
        }
        self.won = stones
            .iter()
            .any(|&(cell, player)| board.in_winning_line(board.index(cell), player));
        self.board = board;
        Ok(())
    }

    /// Whether the last move made five: the game is over.
    #[must_use]
    pub fn is_won(&self) -> bool {
        self.won
    }

    /// Whether the side to move may play `cell`.
    #[must_use]
    pub fn is_legal(&self, cell: Cell) -> bool {
        if self.won || !self.board.contains(cell) {
            return false;
        }
        let at = self.board.index(cell);
        self.board.is_empty(at) && !self.board.is_forbidden(at)
    }

    /// Plays the side to move's stone on `cell`.
    ///
    /// # Errors
    /// A cell off the board, taken, or forbidden, or a game already won.
    pub fn play(&mut self, cell: Cell) -> Result<(), EngineError> {
        if self.won {
            return Err(EngineError::Over(cell));
        }
        if !self.board.contains(cell) {
            return Err(EngineError::OffBoard(cell));
        }
        let at = self.board.index(cell);
        if !self.board.is_empty(at) {
            return Err(EngineError::Occupied(cell));
        }
        if self.board.is_forbidden(at) {
            return Err(EngineError::Forbidden(cell));
        }
        let mover = self.board.turn();
        self.won |= self.board.wins(at, mover);
        self.board.make(at);
        Ok(())
    }

    /// Of `root` (best first), the moves after which the opponent has no win by threats,
    /// as far as `budget` positions let the check go (the moves not checked are dropped),
    /// and the positions visited.
    fn safe_moves(&mut self, root: &[usize], budget: u64, clock: &Clock<'_>) -> (Vec<usize>, u64) {
        let them = self.board.turn().other();
        if self.board.count_at_least(them, Threat::Three) == 0
            && self.board.count_at_least(them, Threat::Four) == 0
        {
            return (root.to_vec(), 0);
        }
        let mut safe = Vec::new();
        let mut spent = 0;
        let each = (budget / SAFETY_CHECKED as u64).max(1);
        for &at in root.iter().take(SAFETY_CHECKED) {
            if spent >= budget || clock.is_up(spent) {
                break;
            }
            self.board.make(at);
            let mut vct = Vct::new(each);
            let lost = vct.find(&mut self.board, ROOT_VCT_THREATS).is_some();
            spent += vct.nodes();
            self.board.unmake();
            if !lost {
                safe.push(at);
            }
        }
        (safe, spent)
    }

    /// The best move for the side to move within `limits`, stopping early when `stop`
    /// answers true; `None` when the game is over or the side to move has no legal move.
    pub fn think(&mut self, limits: Limits, stop: &dyn Fn() -> bool) -> Option<Thought> {
        self.think_without(limits, stop, &[])
    }

    /// [`Engine::think`] among the legal moves not in `skip`: the next best move after
    /// those, for an analysis that lists the best few (multi-PV). `None` when no other move
    /// is legal.
    ///
    /// ```
    /// use std::time::Duration;
    /// use ttt_core::{Cell, Player, Rule};
    /// use ttt_engine::{Engine, Limits};
    ///
    /// let mut engine = Engine::new(15, 15, Rule::Freestyle, 1 << 20).unwrap();
    /// engine.set_stones(&[(Cell::new(7, 7), Player::X)], Player::O).unwrap();
    /// let limits = Limits::time(Duration::from_millis(100));
    /// let first = engine.think(limits, &|| false).unwrap().best;
    /// let second = engine.think_without(limits, &|| false, &[first]).unwrap().best;
    /// assert_ne!(first, second);
    /// assert_ne!(second, Cell::new(7, 7));
    /// ```
    pub fn think_without(
        &mut self,
        limits: Limits,
        stop: &dyn Fn() -> bool,
        skip: &[Cell],
    ) -> Option<Thought> {
        let me = self.board.turn();
        let skipped: Vec<usize> = skip
            .iter()
            .filter(|c| self.board.contains(**c))
            .map(|&c| self.board.index(c))
            .collect();
        let legal: Vec<usize> = self
            .board
            .grid()
            .iter()
            .copied()
            .filter(|&at| {
                self.board.is_empty(at) && !self.board.is_forbidden(at) && !skipped.contains(&at)
            })
            .collect();
        if self.won || legal.is_empty() {
            return None;
        }
        let at_once = |board: &Board, at: usize, score: i32| Thought {
            best: board.cell(at),
            score,
            depth: 1,
            proven: is_proven(score),
            nodes: 1,
            pv: vec![board.cell(at)],
        };
        if self.board.stones() == 0 {
            let (rows, cols) = (self.board.rows(), self.board.cols());
            // The centre (the lower right of the middle four on an even side), or the
            // legal cell nearest it.
            let middle = (2 * (rows / 2), 2 * (cols / 2));
            let centre = legal.iter().copied().min_by_key(|&at| {
                let c = self.board.cell(at);
                (2 * usize::from(c.row)).abs_diff(middle.0).pow(2)
                    + (2 * usize::from(c.col)).abs_diff(middle.1).pow(2)
            })?;
            return Some(at_once(&self.board, centre, 0));
        }
        let wins = self.board.winning_cells(me, usize::MAX);
        if let Some(&win) = wins.iter().find(|at| legal.contains(at)) {
            return Some(at_once(&self.board, win, WIN - 1));
        }
        let against = self.board.winning_cells(me.other(), 2);
        match against.as_slice() {
            [] => {}
            [block] if legal.contains(block) => {
                return Some(at_once(&self.board, *block, self.board.evaluate()))
            }
            // Lost: block one five all the same, in case the opponent misses the other.
            _ => {
                let block = against
                    .iter()
                    .copied()
                    .find(|b| legal.contains(b))
                    .unwrap_or(legal[0]);
                return Some(at_once(&self.board, block, -(WIN - 2)));
            }
        }

        self.table.new_search();
        self.ordering.age();
        let clock = Clock::start(limits, stop);
        let threat_nodes = limits
            .time
            .map_or(MOST_THREAT_NODES, |t| {
                t.as_millis() as u64 * THREAT_NODES_PER_MS
            })
            .min(limits.nodes.unwrap_or(u64::MAX) / 4)
            .clamp(LEAST_THREAT_NODES, MOST_THREAT_NODES);
        let mut spent = 0;
        let mut vcf = Vcf::new(ROOT_VCF_NODES.min(threat_nodes));
        let by_fours = vcf.find(&mut self.board, ROOT_VCF_PLIES);
        spent += vcf.nodes();
        if let Some(line) = by_fours.filter(|line| !skipped.contains(&line[0])) {
            let pv = line.iter().map(|&at| self.board.cell(at)).collect();
            return Some(Thought {
                best: self.board.cell(line[0]),
                score: WIN - vcf.plies(&line) as i32,
                depth: 1,
                proven: true,
                nodes: spent,
                pv,
            });
        }
        let mut vct = Vct::new(threat_nodes / 2);
        let by_threats = vct.find(&mut self.board, ROOT_VCT_THREATS);
        spent += vct.nodes();
        if let Some((at, plies)) = by_threats.filter(|(at, _)| !skipped.contains(at)) {
            let mut found = at_once(&self.board, at, WIN - plies as i32);
            found.nodes = spent;
            return Some(found);
        }
        let mut moves = Vec::new();
        self.ordering.generate(&self.board, 0, None, &mut moves);
        moves.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        let mut root: Vec<usize> = moves
            .iter()
            .map(|&(at, _)| at)
            .filter(|at| !skipped.contains(at))
            .collect();
        if root.is_empty() {
            root = legal;
        }
        if root.len() == 1 {
            return Some(at_once(&self.board, root[0], self.board.evaluate()));
        }
        let (safe, checked) = self.safe_moves(&root, threat_nodes / 2, &clock);
        spent += checked;
        if !safe.is_empty() {
            root = safe;
        }
        let first = root[0];
        let done = AtomicBool::new(false);
        let (table, board) = (&self.table, &mut self.board);
        let (pass, pv, nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|i| {
                    let (mut board, root, done) = (board.clone(), root.clone(), &done);
                    scope.spawn(move || {
                        let stop = || done.load(AtomicOrdering::Relaxed);
                        let mut ordering = Ordering::new(board.framed_len(), MAX_PLY + 1);
                        let clock = Clock::start(limits, &stop);
                        let mut search = Search::new(&mut board, table, &mut ordering, clock);
                        // Half the helpers a pass ahead of the others, so that the threads
                        // are not all in the same part of the tree at once.
                        search.deepen(root, (1 + (i % 2) as i32, 1), |_| {});
                        search.nodes()
                    })
                })
                .collect();
            let mut search = Search::new(board, table, &mut self.ordering, clock);
            let pass = search.deepen(root, (1, 1), |_| {});
            done.store(true, AtomicOrdering::Relaxed);
            let depth = pass.as_ref().map_or(0, |p| p.depth);
            let pv = search.line(pass.as_ref().map_or(first, |p| p.best), depth.max(1));
            let helped: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (pass, pv, search.nodes() + helped)
        });
        let nodes = nodes + spent;
        let (best, score, depth) = pass.map_or((first, 0, 0), |p| (p.best, p.score, p.depth));
        Some(Thought {
            best: self.board.cell(best),
            score,
            depth,
            proven: false,
            nodes,
            pv: pv.into_iter().map(|at| self.board.cell(at)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn engine_of(notation: &str, rule: Rule) -> Engine {
        let setup = Setup::from_notation(notation).unwrap();
        let pos = Position::from_setup_under(&setup, K, rule).unwrap();
        let mut engine = Engine::new(setup.rows(), setup.cols(), rule, 1 << 20).unwrap();
        engine.set_position(&pos).unwrap();
        engine
    }

    fn think(engine: &mut Engine, millis: u64) -> Thought {
        engine
            .think(Limits::time(Duration::from_millis(millis)), &|| false)
            .unwrap()
    }

    /// A 15 x 15 board with stones at the given (row, col) for X and O, O's last.
    fn position(x: &[(u8, u8)], o: &[(u8, u8)], rule: Rule) -> Engine {
        let mut engine = Engine::new(15, 15, rule, 1 << 20).unwrap();
        let stones: Vec<(Cell, Player)> = x
            .iter()
            .map(|&(r, c)| (Cell::new(r, c), Player::X))
            .chain(o.iter().map(|&(r, c)| (Cell::new(r, c), Player::O)))
            .collect();
        let turn = if x.len() == o.len() {
            Player::X
        } else {
            Player::O
        };
        engine.set_stones(&stones, turn).unwrap();
        engine
    }

    #[test]
    fn wins_in_one_under_every_rule() {
        for rule in Rule::ALL {
            let mut engine = position(
                &[(7, 3), (7, 4), (7, 5), (7, 6)],
                &[(0, 0), (0, 2), (0, 4), (14, 14)],
                rule,
            );
            let t = think(&mut engine, 200);
            assert!(
                [Cell::new(7, 2), Cell::new(7, 7)].contains(&t.best),
                "{rule}: {t:?}"
            );
            assert_eq!(t.win_in(), Some(1));
        }
    }

    #[test]
    fn blocks_a_four() {
        // O's four on row 7 is blocked at (7, 3): X must take (7, 8).
        let mut engine = position(
            &[(7, 3), (3, 3), (10, 2)],
            &[(7, 4), (7, 5), (7, 6), (7, 7)],
            Rule::Freestyle,
        );
        let t = think(&mut engine, 200);
        assert_eq!(t.best, Cell::new(7, 8), "{t:?}");
        // An open four: lost, but one end is blocked all the same.
        let mut engine = position(
            &[(3, 3), (10, 2), (12, 12), (2, 9)],
            &[(7, 3), (7, 4), (7, 5), (7, 6)],
            Rule::Freestyle,
        );
        let t = think(&mut engine, 200);
        assert!(
            [Cell::new(7, 2), Cell::new(7, 7)].contains(&t.best),
            "{t:?}"
        );
        assert_eq!(t.loss_in(), Some(2));
    }

    #[test]
    fn solves_the_threat_puzzles_by_fours() {
        let puzzles = include_str!("../../ttt-ai/tests/data/threat-puzzles.txt");
        let mut solved = 0;
        for line in puzzles.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (rows, cols, k, kind) = (fields[0], fields[1], fields[2], fields[3]);
            if k != "5"
                || kind != "vcf"
                || rows.parse::<usize>().unwrap() < 7
                || cols.parse::<usize>().unwrap() < 7
            {
                continue;
            }
            let mut engine = engine_of(fields[5], Rule::Freestyle);
            let t = think(&mut engine, 1000);
            assert!(t.win_in().is_some(), "{line}: {t:?}");
            solved += 1;
        }
        assert!(solved >= 5, "{solved}");
    }

    #[test]
    fn never_plays_an_illegal_move() {
        for rule in Rule::ALL {
            let dims = Dims::new(9, 9, K).unwrap();
            let mut pos = Position::with_rule(dims, rule).unwrap();
            let mut engine = Engine::new(9, 9, rule, 1 << 20).unwrap();
            while !pos.is_over() {
                let t = engine
                    .think(Limits::none().with_nodes(2_000), &|| false)
                    .unwrap();
                assert!(
                    pos.forbidden(t.best).is_none(),
                    "{rule}: {t:?} forbidden in {pos}"
                );
                pos = pos
                    .play(t.best)
                    .unwrap_or_else(|e| panic!("{rule}: {e} in {pos}"));
                engine.play(t.best).unwrap();
            }
            assert!(engine.think(Limits::none(), &|| false).is_none());
        }
    }

    #[test]
    fn renju_never_plays_a_forbidden_point() {
        // X's open twos cross at (7, 7): a double three, forbidden; O to defend elsewhere.
        let x = [(7, 5), (7, 6), (5, 7), (6, 7)];
        let o = [(0, 0), (0, 14), (14, 0), (14, 14)];
        let mut engine = position(&x, &o, Rule::Renju);
        assert!(!engine.is_legal(Cell::new(7, 7)));
        assert_eq!(
            engine.play(Cell::new(7, 7)),
            Err(EngineError::Forbidden(Cell::new(7, 7)))
        );
        never_chooses(&mut engine, Cell::new(7, 7));
    }

    /// At a short and a longer time, the engine's move is legal and not `forbidden`.
    fn never_chooses(engine: &mut Engine, forbidden: Cell) {
        for millis in [10, 100] {
            let t = think(engine, millis);
            assert_ne!(t.best, forbidden);
            assert!(engine.is_legal(t.best));
        }
    }

    #[test]
    fn two_fours_on_one_line_are_forbidden_too() {
        // X . X X _ . X on row 7: a stone on (7, 7) makes two fours along the one row (fives
        // at (7, 4) and (7, 8)), a double four though only one line holds it.
        let x = [(7, 3), (7, 5), (7, 6), (7, 9)];
        let o = [(0, 0), (0, 14), (14, 0), (14, 14)];
        let mut engine = position(&x, &o, Rule::Renju);
        assert!(!engine.is_legal(Cell::new(7, 7)));
        never_chooses(&mut engine, Cell::new(7, 7));
    }

    #[test]
    fn a_four_x_may_not_stop_wins_in_three_plies_not_one() {
        // O's broken four down column 7 (rows 4, 5, 6 and 8) can be stopped only at (7, 7),
        // where X's threes on row 7 and the diagonal make a double three: forbidden.
        let x = [(3, 7), (7, 5), (7, 6), (8, 8), (9, 9)];
        let o = [(0, 0), (4, 7), (5, 7), (6, 7)];
        let mut engine = position(&x, &o, Rule::Renju);
        let t = think(&mut engine, 100);
        assert!(t.proven, "{t:?}");
        assert_eq!(t.win_in(), Some(3), "{t:?}");
    }

    #[test]
    fn refuses_what_it_does_not_play() {
        assert!(Engine::new(4, 15, Rule::Freestyle, 1 << 20).is_err());
        assert!(Engine::new(33, 15, Rule::Freestyle, 1 << 20).is_err());
        assert!(Engine::new(32, 32, Rule::Caro, 1 << 20).is_ok());
        let mut engine = Engine::new(15, 15, Rule::Freestyle, 1 << 20).unwrap();
        engine.play(Cell::new(7, 7)).unwrap();
        assert_eq!(
            engine.play(Cell::new(7, 7)),
            Err(EngineError::Occupied(Cell::new(7, 7)))
        );
        assert_eq!(
            engine.play(Cell::new(15, 0)),
            Err(EngineError::OffBoard(Cell::new(15, 0)))
        );
        let other = Position::new(Dims::new(15, 15, 4).unwrap());
        assert_eq!(engine.set_position(&other), Err(EngineError::Mismatch));
    }

    #[test]
    fn answers_next_to_the_stones() {
        let mut engine = Engine::new(15, 15, Rule::Freestyle, 1 << 20).unwrap();
        assert_eq!(think(&mut engine, 50).best, Cell::new(7, 7));
        engine.play(Cell::new(7, 7)).unwrap();
        let t = think(&mut engine, 200);
        assert!(
            t.best.row.abs_diff(7) <= 2 && t.best.col.abs_diff(7) <= 2,
            "{t:?}"
        );
        assert!(t.depth >= 2 && t.pv.first() == Some(&t.best));
    }

    #[test]
    fn a_board_with_five_has_no_move() {
        let x = [(7, 3), (7, 4), (7, 5), (7, 6), (7, 7)];
        let o = [(0, 0), (0, 2), (0, 4), (14, 14)];
        let mut engine = position(&x, &o, Rule::Freestyle);
        assert!(engine.think(Limits::none(), &|| false).is_none());
        assert!(!engine.is_legal(Cell::new(9, 9)));
        // Under standard, six is no five: the game goes on.
        let six = [(7, 2), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7)];
        let o = [(0, 0), (0, 2), (0, 4), (14, 14), (14, 12)];
        let mut engine = position(&six, &o, Rule::Standard);
        assert!(engine
            .think(Limits::none().with_nodes(500), &|| false)
            .is_some());
    }
}
