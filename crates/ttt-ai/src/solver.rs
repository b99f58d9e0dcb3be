//! The search: negamax with alpha-beta, a transposition table keyed by the board's symmetries,
//! and move ordering from the line counts. With no depth limit it is an exact solver; with a
//! time limit it deepens iteratively and reports only what it proved.
//!
//! Scores are from the side to move's view. A win `p` plies from the root scores `WIN - p`, a
//! loss `-(WIN - p)`, so the fastest win and the slowest loss score best. A draw scores 0: a
//! drawn game always ends with the board full, so its length is the number of empty cells.
//! Heuristic scores (from the evaluation, at the depth limit) stay well inside the win range,
//! and every result carries whether it rests on one: only results that do not are *proven*.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_core::{ByPlayer, Cell, Outcome, Player, Position};

use crate::board::{bit, Board, PairingScratch, PairingSearch};
use crate::tt::{Bound, Entry, SharedTable, Table};
use crate::Rng;

pub(crate) const WIN: i32 = 1_000_000;
/// Scores at least this far from zero are proven wins or losses.
pub(crate) const WIN_RANGE: i32 = WIN - 10_000;
const HEURISTIC_MAX: i32 = WIN_RANGE - 1;
pub(crate) const INF: i32 = WIN + 1;
/// Table depth marking a result that holds at any depth: it was searched to the end.
const PROVEN: u8 = u8::MAX;
const NO_MOVE: u16 = u16::MAX;
/// Nodes with at least this much search left below them may spend a backtracking search on a
/// pairing; shallower ones only try the quick greedy pass.
const PAIRING_SEARCH_DEPTH: u32 = 6;
/// The key bit that keeps real keys apart from empty table slots (key 0).
const KEY_TAG: u64 = 1 << 63;

/// The game-theoretic value of a position or a move, for the side that moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move can force a win.
    Win,
    /// Best play on both sides fills the board with no line.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Value {
    /// `win`, `draw` or `loss`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }

    /// The same result from the other side's view: a win is the opponent's loss.
    #[must_use]
    pub fn for_opponent(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }

    /// The value of a finished game for the side that would move next (the one that did not
    /// make the last move): a loss if a line was made, a draw if the board is full; `None`
    /// while the game is in progress.
    #[must_use]
    pub fn at_end(pos: &Position) -> Option<Value> {
        match pos.outcome() {
            Outcome::Win(_) => Some(Value::Loss),
            Outcome::Draw => Some(Value::Draw),
            Outcome::InProgress => None,
        }
    }
}

/// A proven value and how many plies the game lasts under optimal play (the winner winning as
/// fast as possible, the loser losing as slowly as possible).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Win, draw or loss.
    pub value: Value,
    /// Plies to the end of the game.
    pub plies: u32,
}

impl Verdict {
    /// Orders verdicts from the mover's point of view: faster wins first, slower losses before
    /// faster ones.
    pub(crate) fn rank(self) -> i64 {
        match self.value {
            Value::Win => 1_000_000 - i64::from(self.plies),
            Value::Draw => 0,
            Value::Loss => -1_000_000 + i64::from(self.plies),
        }
    }
}

/// How the solver may spend time and memory.
#[derive(Debug, Clone)]
pub struct SolverConfig {
    /// Stop searching after this long; `None` searches until done.
    pub time_limit: Option<Duration>,
    /// The most memory the transposition table may take. It starts small and doubles as it
    /// fills, never past this (counting the old table alive while it grows); then it replaces
    /// entries.
    pub table_bytes: usize,
    /// Search only cells near marks already on the board: much stronger play on big boards,
    /// but nothing it finds counts as proven.
    pub restrict: bool,
    /// Set from another thread to stop the search early.
    pub stop: Option<Arc<AtomicBool>>,
    /// Counts positions searched, in steps of 1024, for a progress display in another thread.
    pub progress: Option<Arc<AtomicU64>>,
    /// Also find how long the game lasts with best play (the fastest win, the slowest loss).
    /// Without it the solver proves only win, draw or loss, and can ignore dead cells (on no
    /// line that can still be made), which is much faster.
    pub lengths: bool,
}

impl SolverConfig {
    /// Unlimited time and a table of at most 256 MB (less on small boards).
    #[must_use]
    pub fn for_position(pos: &Position) -> SolverConfig {
        let empties = pos.count_blanks().min(24) as u32;
        SolverConfig {
            time_limit: None,
            table_bytes: (1usize << (empties + 6)).clamp(1 << 12, 1 << 28),
            restrict: false,
            stop: None,
            progress: None,
            lengths: true,
        }
    }

    /// The same, stopping after `limit`.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> SolverConfig {
        self.time_limit = Some(limit);
        self
    }
}

/// One legal move and, if proven, what it leads to from the mover's view (plies counting the
/// move itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// Where the move is played.
    pub cell: Cell,
    /// The proven result of playing it with the game's length, or `None` if the search ran
    /// out of time first.
    pub verdict: Option<Verdict>,
    /// The proven value of playing it: the verdict's, or proven without the game's length
    /// (see [`crate::analyze`]).
    pub value: Option<Value>,
}

/// What the solver found about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The value for the side to move, if proven (a win can be proven before its length is).
    pub value: Option<Value>,
    /// Plies to the end under optimal play, if proven; 0 when the game is over. Always known
    /// for a draw: a drawn game fills the board.
    pub plies: Option<u32>,
    /// Every move reaching the value and plies, in row-major order, once all moves are proven.
    pub best_moves: Option<Vec<Cell>>,
    /// Every legal move in row-major order.
    pub moves: Vec<MoveAnalysis>,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// What [`Solver::solve`] found: the value of the position as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The proven value for the side to move, or `None` if time ran out first.
    pub value: Option<Value>,
    /// The game's length with best play, when proven and asked for
    /// ([`SolverConfig::lengths`]).
    pub plies: Option<u32>,
    /// A best move (proven if `verdict` is), or the best one the search found.
    pub best_move: Option<Cell>,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Bytes of transposition table allocated, and entries in use.
    pub table_bytes: usize,
    /// Entries of the table in use at the end.
    pub table_used: usize,
    /// Threads that searched.
    pub threads: usize,
}

/// A search over one position. Owns its transposition table: no global state, no locks.
#[derive(Debug)]
pub struct Solver {
    root: Position,
    board: Board,
    table: Tables,
    config: SolverConfig,
    started: Instant,
    nodes: u64,
    aborted: bool,
    /// A search to the end may stop after this many positions (see [`Solver::solve`]); then
    /// `aborted` is set and so is `out_of_budget`, to tell it from running out of time.
    node_limit: u64,
    out_of_budget: bool,
    /// The clock and `node_limit` are looked at when the position count, masked with this,
    /// is zero: every 1024 positions (tests look at every one, to stop searches half-way
    /// on small boards).
    check_mask: u64,
    /// Search straight to the end from the start, without deepening step by step.
    straight: bool,
    /// Positions with at most this many empty cells are searched straight to the end.
    deepen_from: u32,
    /// Between steps of deepening, search to the end until the positions searched so far
    /// are this many times what they were (see [`Solver::solve`]).
    straight_share: u64,
    /// Set when the result being computed rests on a heuristic score or a restricted move list.
    horizon: bool,
    /// 1 when wins are scored by their distance, 0 when only win/draw/loss matters.
    ply_cost: i32,
    history: ByPlayer<Vec<i32>>,
    move_lists: Vec<Vec<(i32, u16)>>,
    pairing_scratch: PairingScratch,
    /// Set by a node whose result proves that one side cannot win, for its parent (see
    /// [`Zone`]).
    zone: Option<Zone>,
    /// Moves that needed no search because they lie outside a sibling's zone.
    settled: u64,
    /// Set for a child whose parent's certificate probe found nothing after this move: the
    /// child's own certificate that its mover cannot win, the same test, would fail again.
    probed: bool,
}

/// A *relevance zone*: the cells a proof that one side (the attacker) cannot win rests on.
/// Marking any set of the other empty cells for the attacker leaves the proof standing.
///
/// - A pairing rests on its pairs' cells: every window open to the attacker still holds a
///   pair. The Erdős–Selfridge criterion rests on the cells of those windows: marks anywhere
///   else change no weight.
/// - A defender's move that works, with its reply's zone, is a zone.
/// - Where no move of the attacker's wins, the union of its moves' zones is one. An extra
///   mark outside them changes nothing; a move that was not searched is outside some searched
///   move's zone, so playing it there is no better than playing both, and an extra mark
///   never hurts in these games.
/// - Where the attacker must block (or cannot block two threats), it loses at once unless it
///   completes a line first: the zone holds the threats and every empty cell of its open
///   windows.
///
/// So a zone found after one of the attacker's moves settles its other moves outside it
/// without search (Hsu et al. 2020 prove 7x7 K=5 with such zones).
#[derive(Debug, Clone, Copy)]
struct Zone {
    /// The ply of the node that found it.
    ply: u32,
    /// The zone, as a bit set of cells (every bit beyond 128 cells).
    cells: u128,
    /// The side shown unable to win, or `None` when neither can (no window is open).
    attacker: Option<Player>,
}

impl Solver {
    /// A solver for `pos`.
    #[must_use]
    pub fn new(pos: &Position, config: SolverConfig) -> Solver {
        let board = Board::new(pos);
        let n = board.cells();
        Solver {
            root: *pos,
            board,
            table: Tables::Own(Table::growing(config.table_bytes)),
            ply_cost: i32::from(config.lengths),
            config,
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            node_limit: u64::MAX,
            out_of_budget: false,
            check_mask: 1023,
            straight: false,
            deepen_from: DEEPEN_FROM,
            straight_share: STRAIGHT_SHARE,
            horizon: false,
            history: ByPlayer {
                x: vec![0; n],
                o: vec![0; n],
            },
            move_lists: Vec::new(),
            pairing_scratch: PairingScratch::default(),
            zone: None,
            settled: 0,
            probed: false,
        }
    }

    /// A solver for `pos` that keeps its results in `table`, shared with other threads.
    pub(crate) fn with_shared_table(
        pos: &Position,
        config: SolverConfig,
        table: Arc<SharedTable>,
    ) -> Solver {
        let mut solver = Solver::new(
            &Position::new(pos.dims()),
            SolverConfig {
                table_bytes: 0,
                ..config
            },
        );
        solver.set_position(pos);
        solver.table = Tables::Shared { table, used: 0 };
        solver
    }

    /// Makes [`Solver::solve`] search straight to the end instead of deepening step by step:
    /// slower to find wins, faster to prove draws. Threads sharing a table take both ways.
    pub(crate) fn search_straight_to_the_end(&mut self) {
        self.straight = true;
    }

    /// Gives the searches to the end between steps of deepening a larger share of the time.
    pub(crate) fn lean_to_the_end(&mut self) {
        self.straight_share = LEANING_STRAIGHT_SHARE;
    }

    /// Copies every result this solver has into `table`.
    pub(crate) fn share_results(&self, table: &SharedTable) {
        if let Tables::Own(own) = &self.table {
            for e in own.entries() {
                table.store(e);
            }
        }
    }

    /// Switches to scoring wins by their distance (analysis and move choice need it), dropping
    /// any results scored otherwise.
    fn measure_lengths(&mut self) {
        if !self.config.lengths {
            self.config.lengths = true;
            self.ply_cost = 1;
            self.table.clear();
        }
    }

    /// The score of a win `ply` plies from the root (a loss is its negation).
    fn win_at(&self, ply: u32) -> i32 {
        WIN - ply as i32 * self.ply_cost
    }

    /// A time limit of zero: the clock is read only every 1024 positions, so without this a
    /// small board would be settled anyway. No time at all proves nothing.
    fn has_no_time(&self) -> bool {
        self.config.time_limit == Some(Duration::ZERO)
    }

    fn out_of_time(&self) -> bool {
        self.config
            .time_limit
            .is_some_and(|limit| self.started.elapsed() >= limit)
            || self
                .config
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Searches each legal move of the root to the end of the game, deepening step by step
    /// until all are proven or time runs out.
    pub fn analyze(&mut self) -> Analysis {
        self.measure_lengths();
        self.started = Instant::now();
        let mut moves: Vec<MoveAnalysis> = self
            .root
            .legal_moves()
            .map(|cell| MoveAnalysis {
                cell,
                verdict: None,
                value: None,
            })
            .collect();
        let empties = self.board.empties() as u32;
        let mut depth = first_depth(empties, self.deepen_from);
        while !self.has_no_time() && !self.aborted && moves.iter().any(|m| m.verdict.is_none()) {
            for m in moves.iter_mut().filter(|m| m.verdict.is_none()) {
                let cell = self.board.dims().index(m.cell);
                let (score, proven) = self.score_move(cell, depth, -INF, INF);
                if self.aborted {
                    break;
                }
                if proven {
                    let verdict = self.verdict(score, 0);
                    m.verdict = Some(verdict);
                    m.value = Some(verdict.value);
                }
            }
            depth = next_depth(depth, empties);
        }
        self.summarise(moves)
    }

    /// Plays `cell` at the root and searches the reply to `depth`, returning the mover's score
    /// and whether it is proven.
    fn score_move(&mut self, cell: usize, depth: u32, alpha: i32, beta: i32) -> (i32, bool) {
        self.horizon = false;
        let won = self.board.play(cell);
        let score = if won {
            self.win_at(1)
        } else if self.board.empties() == 0 {
            0
        } else {
            -self.search(depth.saturating_sub(1), -beta, -alpha, 1)
        };
        self.board.undo(cell);
        (score, !self.horizon)
    }

    /// Turns a root-relative score into a verdict for the side that moved at ply `ply`'s parent.
    fn verdict(&self, score: i32, ply: u32) -> Verdict {
        if score >= WIN_RANGE {
            Verdict {
                value: Value::Win,
                plies: (WIN - score) as u32 - ply,
            }
        } else if score <= -WIN_RANGE {
            Verdict {
                value: Value::Loss,
                plies: (WIN + score) as u32 - ply,
            }
        } else {
            Verdict {
                value: Value::Draw,
                plies: self.board.empties() as u32,
            }
        }
    }

    fn summarise(&self, moves: Vec<MoveAnalysis>) -> Analysis {
        let (value, plies, best_moves) = match self.root.outcome() {
            Outcome::Win(_) => (Some(Value::Loss), Some(0), Some(Vec::new())),
            Outcome::Draw => (Some(Value::Draw), Some(0), Some(Vec::new())),
            Outcome::InProgress => {
                let best = moves
                    .iter()
                    .map(|m| m.verdict)
                    .collect::<Option<Vec<_>>>()
                    .and_then(|vs| vs.into_iter().max_by_key(|v| v.rank()));
                match best {
                    Some(best) => (
                        Some(best.value),
                        Some(best.plies),
                        Some(
                            moves
                                .iter()
                                .filter(|m| m.verdict == Some(best))
                                .map(|m| m.cell)
                                .collect(),
                        ),
                    ),
                    None => {
                        let some_win = moves
                            .iter()
                            .any(|m| m.verdict.is_some_and(|v| v.value == Value::Win));
                        (some_win.then_some(Value::Win), None, None)
                    }
                }
            }
        };
        Analysis {
            value,
            plies,
            best_moves,
            moves,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
        }
    }

    /// The value of every legal move (from the mover's view) without the game lengths, which
    /// is much faster: a map of the first moves. `None` where time ran out first.
    pub fn move_values(&mut self) -> Vec<(Cell, Option<Value>)> {
        self.started = Instant::now();
        let mut moves: Vec<(Cell, Option<Value>)> =
            self.root.legal_moves().map(|c| (c, None)).collect();
        let empties = self.board.empties() as u32;
        let mut depth = first_depth(empties, self.deepen_from);
        while !self.has_no_time() && !self.aborted && moves.iter().any(|m| m.1.is_none()) {
            for m in moves.iter_mut().filter(|m| m.1.is_none()) {
                let cell = self.board.dims().index(m.0);
                let (score, proven) = self.score_move(cell, depth, -INF, INF);
                if self.aborted {
                    break;
                }
                if proven {
                    m.1 = Some(self.verdict(score, 0).value);
                }
            }
            depth = next_depth(depth, empties);
        }
        moves
    }

    /// Positions searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Finds the value of the root position, deepening until it is proven or time runs out.
    pub fn solve(&mut self) -> Solution {
        self.started = Instant::now();
        let empties = self.board.empties() as u32;
        let mut verdict: Option<Verdict> = None;
        let mut best_move = None;
        let mut completed = 0;
        if !self.root.is_over() && !self.has_no_time() {
            let mut depth = if self.straight {
                empties
            } else {
                first_depth(empties, self.deepen_from)
            };
            loop {
                self.horizon = false;
                let score = self.search(depth, -INF, INF, 0);
                if self.aborted {
                    break;
                }
                completed = depth;
                best_move = self.root_best_move();
                if !self.horizon {
                    verdict = Some(self.verdict(score, 0));
                    break;
                }
                // Deepening finds wins soonest; a draw needs the whole tree, and searching
                // straight to the end proves it sooner (4x7 K=4: 2 s against 8). Not knowing
                // which, take turns: after each step of deepening, search to the end until
                // the positions searched so far have grown `straight_share` times. Neither
                // way then costs more than a few times what it would alone, and each leaves
                // its proven results in the table for the other.
                if depth < empties {
                    self.node_limit = self.nodes.saturating_mul(self.straight_share);
                    self.horizon = false;
                    let saved = self.history.clone();
                    let score = self.search(empties, -INF, INF, 0);
                    self.node_limit = u64::MAX;
                    if self.out_of_budget {
                        self.out_of_budget = false;
                        self.aborted = false;
                        // The cut-offs of an unfinished search would reorder the deepening's
                        // moves for the worse (measured: 6x7 K=4 took ten times as long).
                        self.history = saved;
                    } else if self.aborted {
                        break;
                    } else {
                        completed = empties;
                        best_move = self.root_best_move();
                        verdict = Some(self.verdict(score, 0));
                        break;
                    }
                }
                depth = next_depth(depth, empties);
            }
        }
        Solution {
            value: verdict.map(|v| v.value),
            plies: verdict.filter(|_| self.config.lengths).map(|v| v.plies),
            best_move,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
            depth: completed,
            table_bytes: self.table.bytes(),
            table_used: self.table.used(),
            threads: 1,
        }
    }

    /// Moves the solver to another position, keeping what its table has learned (entries are
    /// keyed by position, so they stay true).
    pub(crate) fn set_position(&mut self, pos: &Position) {
        self.root = *pos;
        self.board = Board::new(pos);
        self.aborted = false;
        self.horizon = false;
        self.started = Instant::now();
    }

    fn root_best_move(&self) -> Option<Cell> {
        let (key, sym) = self.board.canonical_key();
        let entry = self.table.probe(key | KEY_TAG)?;
        (entry.best != NO_MOVE).then(|| {
            self.board
                .cell(self.board.unmap_cell(sym, usize::from(entry.best)))
        })
    }

    /// Chooses a move for the perfect player. With a proven value it takes the fastest win or
    /// the slowest loss: the first such move in row-major order, or a random one among them if
    /// `rng` is given. Returns the move and its proven verdict (from the mover's view), or
    /// `None` for the verdict when time ran out and the move is only the best found.
    pub fn choose(&mut self, rng: Option<&mut Rng>) -> Option<(Cell, Option<Verdict>)> {
        self.measure_lengths();
        let solution = self.solve();
        let verdict = match (solution.value, solution.plies) {
            (Some(value), Some(plies)) => Verdict { value, plies },
            _ => return solution.best_move.map(|m| (m, None)),
        };
        let target = self.score_of(verdict);
        let moves: Vec<usize> = self
            .root
            .legal_moves()
            .map(|c| self.board.dims().index(c))
            .collect();
        let mut best = Vec::new();
        let deep = self.board.empties() as u32;
        for cell in moves {
            // Every move scores at most the root value; a window around it tells which reach it.
            let (score, proven) = self.score_move(cell, deep, target - 1, target + 1);
            if self.aborted || !proven {
                break;
            }
            if score == target {
                best.push(cell);
                if rng.is_none() {
                    break;
                }
            }
        }
        let pick = match rng {
            Some(rng) => rng.pick(&best),
            None => best.first().copied(),
        };
        match pick {
            Some(cell) => Some((self.board.cell(cell), Some(verdict))),
            // Out of time while confirming: fall back on the proven best move itself.
            None => solution.best_move.map(|m| (m, Some(verdict))),
        }
    }

    /// The score of a verdict: wins high, losses low, faster wins and slower losses better.
    pub(crate) fn score_of(&self, v: Verdict) -> i32 {
        match v.value {
            Value::Win => WIN - v.plies as i32,
            Value::Loss => -(WIN - v.plies as i32),
            Value::Draw => 0,
        }
    }

    /// Negamax with alpha-beta. `ply` counts from the root; `depth` is how much further to go
    /// before falling back on the evaluation.
    fn search(&mut self, depth: u32, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.nodes & self.check_mask == 0 {
            if let Some(p) = &self.config.progress {
                p.fetch_add(self.check_mask + 1, Ordering::Relaxed);
            }
            if self.out_of_time() {
                self.aborted = true;
            }
            if self.nodes > self.node_limit {
                self.aborted = true;
                self.out_of_budget = true;
            }
        }
        let probed = std::mem::take(&mut self.probed);
        if self.aborted {
            return 0;
        }
        let me = self.board.turn();
        let opp = me.other();
        if self.board.threats(me) > 0 {
            let t = self.board.threat_cells(me).next();
            let cells = t.map_or(0, bit) | self.board.open_cells(opp);
            self.leave_zone(ply, cells, Some(opp));
            return self.win_at(ply + 1);
        }
        if !self.board.has_live_windows() {
            self.leave_zone(ply, 0, None);
            return 0;
        }
        // No win sooner than our next-but-one move; no loss sooner than the opponent's reply.
        let lo = -self.win_at(ply + 2);
        let hi = self.win_at(ply + 3);
        if alpha < lo {
            alpha = lo;
            if lo >= beta {
                return lo;
            }
        }
        if beta > hi {
            beta = hi;
            if hi <= alpha {
                return hi;
            }
        }

        let (hash, sym) = self.board.canonical_key();
        let key = hash | KEY_TAG;
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            let proven = e.depth == PROVEN;
            if proven || u32::from(e.depth) >= depth {
                let score = from_table(e.score, ply * self.ply_cost as u32);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    self.horizon |= !proven;
                    return score;
                }
            }
            if e.best != NO_MOVE {
                tt_move = Some(self.board.unmap_cell(sym, usize::from(e.best)));
            }
        }

        let mut forced = None;
        if self.board.threats(opp) > 0 {
            let (first, second) = {
                let mut cells = self.board.threat_cells(opp);
                (cells.next(), cells.next())
            };
            if let Some(second) = second {
                // Two winning cells for the opponent: one can be blocked, not both.
                let cells = bit(second) | first.map_or(0, bit) | self.board.open_cells(me);
                self.leave_zone(ply, cells, Some(me));
                return -self.win_at(ply + 2);
            }
            forced = first;
        }
        // A certificate that one side can never make a line settles one side of the draw
        // line without search: when the window only asks whether we can do better than a draw
        // (or worse), answer at once.
        let pairings = if depth >= PAIRING_SEARCH_DEPTH {
            PairingSearch::Early
        } else {
            PairingSearch::Greedy
        };
        if alpha >= 0 && !probed {
            if let Some(cells) = self.certificate(me, pairings) {
                self.store_bound(key, 0, Bound::Upper);
                self.leave_zone(ply, cells, Some(me));
                return 0;
            }
        }
        if beta <= 0 {
            if let Some(cells) = self.certificate(opp, pairings) {
                self.store_bound(key, 0, Bound::Lower);
                self.leave_zone(ply, cells, Some(opp));
                return 0;
            }
        }
        if depth == 0 && forced.is_none() {
            self.horizon = true;
            return self.board.evaluate().clamp(-HEURISTIC_MAX, HEURISTIC_MAX);
        }

        let mut moves = self.move_lists.pop().unwrap_or_default();
        moves.clear();
        if let Some(cell) = forced {
            moves.push((0, cell as u16));
        } else {
            self.generate(&mut moves, tt_move);
        }

        // When a draw is all this node must show (the opponent cannot win), a move after
        // which a quick certificate says so settles it: look for one before searching. The
        // pairing is searched for as at the node itself (7x7 K=5: 5.4 million positions
        // with the greedy pass alone, 3.0 million with the search where enough lies below).
        // Early in the game, with much below, it is tried in more positions (0.2 million).
        let mut probe_failed = false;
        let nearly_safe = if pairings == PairingSearch::Early && self.board.is_early() {
            PROBE_TOTAL_EARLY
        } else {
            PROBE_TOTAL
        };
        if beta <= 0 && forced.is_none() && self.board.is_nearly_safe_from(opp, nearly_safe) {
            probe_failed = true;
            let mut found = None;
            for &(_, cell) in moves.iter() {
                let cell = usize::from(cell);
                if self.board.play(cell) {
                    self.board.undo(cell);
                    continue;
                }
                found = self.certificate(opp, pairings).map(|zone| zone | bit(cell));
                self.board.undo(cell);
                if found.is_some() {
                    break;
                }
            }
            if let Some(cells) = found {
                self.move_lists.push(moves);
                self.store_bound(key, 0, Bound::Lower);
                self.leave_zone(ply, cells, Some(opp));
                return 0;
            }
        }
        let outer_horizon = self.horizon;
        self.horizon =
            forced.is_none() && self.config.restrict && moves.len() < self.board.empties();
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let child_depth = depth.saturating_sub(1);
        // Threads sharing a table split the work (as in ABDADA): a move whose position another
        // thread is searching now waits until this node's other moves are done, when its
        // result may be in the table. The first move is always searched at once.
        // Only searches to the end count: a shallower one proves nothing worth waiting for.
        let shared =
            moves.len() > 1 && depth as usize >= self.board.empties() && self.table.enter(key);
        let mut deferred = 0u64;
        let mut pass = 0;
        let mut i = 0;
        // Zones (see [`Zone`]): where children showed that our moves cannot win, a move
        // outside one of their zones cannot either, and needs no search (`common`). If no
        // move can win, the union of the zones of the moves searched is ours (`union`); a
        // forced move's alternatives lose at once only while every one of our open windows
        // keeps its empty cells. If we can stop the opponent winning, the zone of the move
        // that does, and the move, make ours (`best_zone`).
        let mut common = u128::MAX;
        let mut union = Some(0);
        let mut best_zone = None;
        while i < moves.len() {
            let cell = usize::from(moves[i].1);
            let index = i;
            i += 1;
            let settled = alpha >= 0 && common != u128::MAX && common & bit(cell) == 0;
            if shared && !settled && pass == 0 && index > 0 && index < 64 {
                self.board.play(cell);
                let (child, _) = self.board.canonical_key();
                self.board.undo(cell);
                if self.table.is_busy(child | KEY_TAG) {
                    deferred |= 1 << index;
                    if i == moves.len() && deferred != 0 {
                        pass = 1;
                        i = deferred.trailing_zeros() as usize;
                    }
                    continue;
                }
            }
            if pass == 1 {
                deferred &= !(1 << index);
            }
            let score = if settled {
                self.settled += 1;
                // No better than a draw, and a draw is no better than alpha.
                0
            } else {
                self.zone = None;
                let won = self.board.play(cell);
                let score = if won {
                    self.win_at(ply + 1)
                } else if self.board.empties() == 0 {
                    0
                } else if index == 0 && self.config.lengths {
                    self.probed = probe_failed;
                    -self.search(child_depth, -beta, -alpha, ply + 1)
                } else {
                    // A zero window proves the move no better than the best so far, cheaply.
                    // For the value alone (three scores) the first move too is tried this way
                    // first: it settles most nodes at once and measured faster (6x6 K=5: 231
                    // thousand positions instead of 390 thousand).
                    self.probed = probe_failed;
                    let s = -self.search(child_depth, -alpha - 1, -alpha, ply + 1);
                    if s > alpha && s < beta {
                        self.probed = probe_failed;
                        -self.search(child_depth, -beta, -alpha, ply + 1)
                    } else {
                        s
                    }
                };
                self.board.undo(cell);
                let zone = self.zone.take().filter(|z| z.ply == ply + 1);
                match zone {
                    Some(z) if z.attacker != Some(opp) && score <= 0 => {
                        common &= z.cells;
                        union = union.map(|u| u | z.cells);
                    }
                    _ => union = None,
                }
                if score > best {
                    best_zone = zone
                        .filter(|z| z.attacker != Some(me) && score >= 0)
                        .map(|z| z.cells | bit(cell));
                }
                score
            };
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = cell as u16;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.history.get_mut(me)[cell] += (depth.min(64) * depth.min(64)) as i32;
                        break;
                    }
                }
            }
            // The first pass is over: back to the moves that waited.
            if pass == 0 && i == moves.len() && deferred != 0 {
                pass = 1;
            }
            if pass == 1 {
                if deferred == 0 {
                    break;
                }
                i = deferred.trailing_zeros() as usize;
            }
        }
        if shared {
            self.table.leave(key);
        }
        self.move_lists.push(moves);
        if self.aborted {
            return 0;
        }
        let node_horizon = self.horizon;
        self.horizon = outer_horizon || node_horizon;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            score: to_table(best, ply * self.ply_cost as u32),
            depth: if node_horizon {
                depth.min(u32::from(PROVEN) - 1) as u8
            } else {
                PROVEN
            },
            bound,
            best: self.board.map_cell(sym, usize::from(best_move)) as u16,
        });
        // A cut-off shows the opponent cannot win; a node that failed low, that we cannot.
        if !node_horizon {
            if best >= beta || best > 0 {
                if let Some(cells) = best_zone.filter(|_| best >= 0) {
                    self.leave_zone(ply, cells, Some(opp));
                }
            } else if let Some(mut cells) = union {
                if let Some(t) = forced {
                    cells |= bit(t) | self.board.open_cells(me);
                }
                self.leave_zone(ply, cells, Some(me));
            }
        }
        best
    }

    /// Tells the parent of the node at `ply` the zone of its proof that `attacker` cannot win
    /// (see [`Zone`]).
    fn leave_zone(&mut self, ply: u32, cells: u128, attacker: Option<Player>) {
        self.zone = Some(Zone {
            ply,
            cells,
            attacker,
        });
    }

    /// A quick certificate that `attacker` can never complete a line, as the cells it rests
    /// on (see [`Zone`]): the Erdős–Selfridge criterion (resting on the attacker's open
    /// windows), or a pairing (its cells, looked for as `pairings` says). `None` means none
    /// was found, not that the attacker can win.
    fn certificate(&mut self, attacker: Player, pairings: PairingSearch) -> Option<u128> {
        if self.board.cannot_win(attacker) {
            return Some(self.board.open_cells(attacker));
        }
        self.board
            .has_pairing_against(attacker, &mut self.pairing_scratch, pairings)
            .then(|| self.board.pairing_cells(&self.pairing_scratch))
    }

    /// Records a proven bound found without search.
    fn store_bound(&mut self, key: u64, score: i32, bound: Bound) {
        self.table.store(Entry {
            key,
            score,
            depth: PROVEN,
            bound,
            best: NO_MOVE,
        });
    }

    /// Fills `moves` with the moves to try, best first: the table's move, then by how much
    /// each changes the line counts, with the history of earlier cut-offs to break ties.
    fn generate(&self, moves: &mut Vec<(i32, u16)>, tt_move: Option<usize>) {
        let me = self.board.turn();
        let history = self.history.get(me);
        let near = self.config.restrict.then(|| self.neighbourhood());
        for cell in 0..self.board.cells() {
            if !self.board.is_empty(cell) || near.as_ref().is_some_and(|n| !n[cell]) {
                continue;
            }
            // A dead cell is as good as a pass, and in m,n,k-games passing never helps:
            // when only the value matters, such moves need no search.
            if !self.config.lengths && !self.board.is_live(cell) {
                continue;
            }
            let score = if Some(cell) == tt_move {
                i32::MAX
            } else {
                self.board.move_gain(cell) * 64 + history[cell].min(1 << 20)
            };
            moves.push((score, cell as u16));
        }
        // Stable: equal scores keep row-major order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
    }

    /// Cells within two steps of a mark, or the centre of an empty board.
    fn neighbourhood(&self) -> Vec<bool> {
        let dims = self.board.dims();
        let mut near = vec![false; self.board.cells()];
        let mut any = false;
        for cell in 0..self.board.cells() {
            if self.board.get(cell).is_some() {
                any = true;
                let c = dims.cell(cell);
                for dr in -2..=2 {
                    for dc in -2..=2 {
                        if let Some(n) = dims.step(c, (dr, dc), 1) {
                            near[dims.index(n)] = true;
                        }
                    }
                }
            }
        }
        if !any {
            for c in dims.centre_cells() {
                near[dims.index(c)] = true;
            }
        }
        near
    }
}

/// The certificate probe (see [`Solver::search`]) runs where the opponent's Erdős–Selfridge
/// total is below this ...
const PROBE_TOTAL: u64 = 2;
/// ... or, early in the game with enough search below, this. 7x7 K=5 on one thread: 1.9
/// million positions with 2 everywhere, 0.2 million with 3 early (and with 2.5 or 4 early);
/// 2.5 or 4 everywhere made 7x7 K=4 (a first-player win, where probes fail) 20 times
/// slower.
const PROBE_TOTAL_EARLY: u64 = 3;

/// Between steps of deepening, a search to the end goes on until the positions searched so
/// far have grown this many times (see [`Solver::solve`]).
const STRAIGHT_SHARE: u64 = 3;
/// The same for a thread that leaves finding wins soon to the others.
const LEANING_STRAIGHT_SHARE: u64 = 8;

/// Positions with at most this many empty cells are searched straight to the end: the
/// deepening would cost more than it saves.
const DEEPEN_FROM: u32 = 16;

fn first_depth(empties: u32, deepen_from: u32) -> u32 {
    if empties <= deepen_from {
        empties
    } else {
        2.min(empties)
    }
}

/// Deepening finds short wins quickly; past a point, searching straight to the end is
/// cheaper than more iterations (proving a draw needs the whole tree anyway).
fn next_depth(depth: u32, empties: u32) -> u32 {
    const FULL_FROM: u32 = 12;
    if depth >= FULL_FROM {
        empties
    } else {
        (depth + 1).min(empties)
    }
}

fn to_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_RANGE {
        score + ply as i32
    } else if score <= -WIN_RANGE {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_RANGE {
        score - ply as i32
    } else if score <= -WIN_RANGE {
        score + ply as i32
    } else {
        score
    }
}

/// The solver's transposition table: its own, or one shared with other threads.
#[derive(Debug)]
enum Tables {
    Own(Table),
    Shared {
        table: Arc<SharedTable>,
        /// Slots this solver filled (an estimate of the shared table's use).
        used: usize,
    },
}

impl Tables {
    fn probe(&self, key: u64) -> Option<Entry> {
        match self {
            Tables::Own(t) => t.probe(key),
            Tables::Shared { table, .. } => table.probe(key),
        }
    }

    fn store(&mut self, entry: Entry) {
        match self {
            Tables::Own(t) => t.store(entry),
            Tables::Shared { table, used } => *used += usize::from(table.store(entry)),
        }
    }

    fn clear(&mut self) {
        match self {
            Tables::Own(t) => t.clear(),
            Tables::Shared { table, used } => {
                table.clear();
                *used = 0;
            }
        }
    }

    /// Says that this thread searches `key` now; false (and nothing done) for an own table,
    /// where no other thread could care.
    fn enter(&self, key: u64) -> bool {
        match self {
            Tables::Own(_) => false,
            Tables::Shared { table, .. } => {
                table.enter(key);
                true
            }
        }
    }

    fn leave(&self, key: u64) {
        if let Tables::Shared { table, .. } = self {
            table.leave(key);
        }
    }

    fn is_busy(&self, key: u64) -> bool {
        matches!(self, Tables::Shared { table, .. } if table.is_busy(key))
    }

    fn bytes(&self) -> usize {
        match self {
            Tables::Own(t) => t.bytes(),
            Tables::Shared { table, .. } => table.bytes(),
        }
    }

    fn used(&self) -> usize {
        match self {
            Tables::Own(t) => t.used(),
            Tables::Shared { used, .. } => *used,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{check_zone_claim, minimax, random_position};
    use ttt_core::{Dims, Setup};

    fn pos(notation: &str, k: usize) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap()
    }

    fn solve(p: &Position) -> Verdict {
        let s = Solver::new(p, SolverConfig::for_position(p)).solve();
        Verdict {
            value: s.value.unwrap(),
            plies: s.plies.unwrap(),
        }
    }

    fn value_number(v: Value) -> i32 {
        match v {
            Value::Win => 1,
            Value::Draw => 0,
            Value::Loss => -1,
        }
    }

    /// Every position of a board (with a few empty cells, so deepening is not skipped on
    /// boards this small), solved each way the solver can go: deepening with searches to the
    /// end in between (at two shares), straight to the end, and in a tiny table.
    #[test]
    fn deepening_taking_turns_with_searches_to_the_end_agrees_with_minimax() {
        for (r, c, k) in [(3, 3, 3), (4, 3, 3), (2, 4, 2)] {
            let mut memo = std::collections::HashMap::new();
            minimax(&Position::new(Dims::new(r, c, k).unwrap()), &mut memo);
            let mut checked = 0;
            for (p, &expected) in &memo {
                if p.is_over() {
                    continue;
                }
                // Budgets kept to the position: a share of 1 stops every search to the end
                // at its first position, so the deepening alone answers; with 2 and 3,
                // searches to the end stop half-way (their results must not be taken for
                // proven) or finish.
                for (straight, share, table_bytes) in [
                    (false, 1, 1 << 16),
                    (false, 2, 1 << 16),
                    (false, 3, 1 << 16),
                    (true, 3, 1 << 16),
                    (false, 2, 64),
                ] {
                    let mut solver = test_solver(p, table_bytes, straight);
                    solver.check_mask = 0;
                    solver.straight_share = share;
                    let s = solver.solve();
                    assert_eq!(
                        s.value.map(value_number),
                        Some(expected),
                        "{p} k={k} straight={straight} share={share} table={table_bytes}"
                    );
                }
                checked += 1;
            }
            assert!(checked > 20, "{checked}");
        }
    }

    /// A value-only solver for `p` in a table of `table_bytes`, deepening from the first
    /// empty cell (these boards are small) unless `straight`.
    fn test_solver(p: &Position, table_bytes: usize, straight: bool) -> Solver {
        let config = SolverConfig {
            lengths: false,
            table_bytes,
            ..SolverConfig::for_position(p)
        };
        let mut solver = Solver::new(p, config);
        solver.deepen_from = 0;
        solver.straight = straight;
        solver
    }

    /// Positions where zones settle many moves without search, solved every way and checked
    /// against minimax: random positions of boards big enough for pairings, with enough
    /// empty cells for zones to pass up through several levels of search.
    #[test]
    fn moves_settled_by_zones_agree_with_minimax() {
        let mut rng = Rng::seeded(7);
        let mut settled = 0;
        for (r, c, k, empty) in [(4, 4, 4, 10), (4, 5, 4, 9), (5, 5, 4, 8), (3, 6, 3, 9)] {
            let dims = Dims::new(r, c, k).unwrap();
            let mut memo = std::collections::HashMap::new();
            let mut checked = 0;
            while checked < 20 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                let expected = minimax(&p, &mut memo);
                for (straight, table_bytes) in [(true, 1 << 16), (false, 1 << 16), (true, 64)] {
                    let mut solver = test_solver(&p, table_bytes, straight);
                    let s = solver.solve();
                    settled += solver.settled;
                    assert_eq!(
                        s.value.map(value_number),
                        Some(expected),
                        "{p} k={k} straight={straight} table={table_bytes}"
                    );
                }
                checked += 1;
            }
        }
        // The test has teeth: zones settle many moves here.
        assert!(settled > 300, "{settled}");
    }

    /// What a zone claims, checked by minimax: a search that shows a side cannot win leaves
    /// the cells its proof rests on, and marking any set of other empty cells for that side
    /// must leave it unable to win.
    #[test]
    fn zones_hold_whatever_the_attacker_adds_outside_them() {
        let mut rng = Rng::seeded(11);
        let mut checks = 0;
        for (r, c, k, empty) in [(4, 4, 4, 9), (3, 5, 3, 8), (4, 5, 4, 8), (5, 5, 4, 7)] {
            let dims = Dims::new(r, c, k).unwrap();
            let mut memo = std::collections::HashMap::new();
            for _ in 0..60 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                // A window just below and just above a draw: the search shows the opponent
                // cannot win, or the side to move cannot.
                for (alpha, beta) in [(-1, 0), (0, 1)] {
                    let mut solver = test_solver(&p, 1 << 16, true);
                    let score = solver.search(p.count_blanks() as u32, alpha, beta, 0);
                    let Some(zone) = solver.zone.filter(|z| z.ply == 0) else {
                        continue;
                    };
                    let attacker = zone.attacker.unwrap_or(p.turn());
                    assert!(
                        if attacker == p.turn() {
                            score <= 0
                        } else {
                            score >= 0
                        },
                        "{p}: zone for {attacker:?} after score {score}"
                    );
                    checks += check_zone_claim(&p, attacker, zone.cells, &mut rng, &mut memo);
                }
            }
        }
        // The test has teeth: zones leave cells out, and the claims are checked.
        assert!(checks > 500, "{checks}");
    }

    /// Whenever the Erdős–Selfridge test says a side cannot win, minimax agrees.
    #[test]
    fn erdos_selfridge_never_claims_too_much() {
        let mut claims = 0;
        for (r, c, k) in [(3, 3, 3), (4, 3, 3), (3, 4, 4), (2, 4, 2)] {
            let mut memo = std::collections::HashMap::new();
            minimax(&Position::new(Dims::new(r, c, k).unwrap()), &mut memo);
            for (p, &value) in &memo {
                if p.is_over() {
                    continue;
                }
                let board = Board::new(p);
                let me = p.turn();
                if board.cannot_win(me) {
                    assert!(value <= 0, "{p}: {me:?} can win");
                    claims += 1;
                }
                if board.cannot_win(me.other()) {
                    assert!(value >= 0, "{p}: {:?} can win", me.other());
                    claims += 1;
                }
            }
        }
        // The test has teeth: the criterion settles many of these positions.
        assert!(claims > 1000, "{claims}");
    }

    #[test]
    fn empty_3x3_is_a_draw_in_nine() {
        let p = Position::new(Dims::new(3, 3, 3).unwrap());
        assert_eq!(
            solve(&p),
            Verdict {
                value: Value::Draw,
                plies: 9
            }
        );
    }

    #[test]
    fn seed_002_example_is_lost_for_o() {
        // O_X / _X_ / _OX: O to move, X wins next move whatever O does.
        let p = pos("O_X/_X_/_OX", 3);
        assert_eq!(
            solve(&p),
            Verdict {
                value: Value::Loss,
                plies: 2
            }
        );
    }

    #[test]
    fn immediate_win_is_one_ply() {
        let p = pos("XX./OO./...", 3);
        assert_eq!(
            solve(&p),
            Verdict {
                value: Value::Win,
                plies: 1
            }
        );
    }

    #[test]
    fn analysis_lists_every_move() {
        let p = pos("XX./OO./...", 3);
        let a = Solver::new(&p, SolverConfig::for_position(&p)).analyze();
        assert_eq!(a.value, Some(Value::Win));
        assert_eq!(a.plies, Some(1));
        assert_eq!(a.best_moves, Some(vec![Cell::new(0, 2)]));
        assert_eq!(a.moves.len(), 5);
        // Not winning at once lets O win at once.
        let m = a.moves.iter().find(|m| m.cell == Cell::new(2, 2)).unwrap();
        assert_eq!(
            m.verdict,
            Some(Verdict {
                value: Value::Loss,
                plies: 2
            })
        );
    }

    #[test]
    fn zero_time_proves_nothing() {
        let p = Position::new(Dims::new(3, 3, 3).unwrap());
        let a = Solver::new(
            &p,
            SolverConfig::for_position(&p).with_time_limit(Duration::ZERO),
        )
        .analyze();
        assert_eq!(a.value, None);
        assert_eq!(a.moves.len(), 9);
        assert!(a.moves.iter().all(|m| m.verdict.is_none()));
        let s = Solver::new(
            &p,
            SolverConfig::for_position(&p).with_time_limit(Duration::ZERO),
        )
        .solve();
        assert_eq!((s.value, s.nodes), (None, 0));
        let mut map = Solver::new(
            &p,
            SolverConfig::for_position(&p).with_time_limit(Duration::ZERO),
        );
        let values = map.move_values();
        assert_eq!(values.len(), 9);
        assert!(values.iter().all(|m| m.1.is_none()));
        assert_eq!(map.nodes(), 0);
    }

    #[test]
    fn game_over_positions() {
        let p = pos("XXX/OO./...", 3);
        let a = Solver::new(&p, SolverConfig::for_position(&p)).analyze();
        assert_eq!((a.value, a.plies), (Some(Value::Loss), Some(0)));
        assert!(a.moves.is_empty());
    }
}
