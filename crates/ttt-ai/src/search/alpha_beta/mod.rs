//! Alpha-beta: negamax with a transposition table keyed by the board's symmetries, move
//! ordering from the window counts, certificates and relevance zones. With no depth limit it
//! is an exact solver; with a time limit it deepens iteratively and reports only what it
//! proved; restricted to the cells near the marks, it is a heuristic player.
//!
//! Every result carries whether it rests on a heuristic score or a restricted move list (it
//! is *unproven*): only results that do not are proven, and only those are kept in the table
//! as holding at any depth.

mod ordering;
pub(crate) mod score;
pub(crate) mod threads;

use std::sync::Arc;
use std::time::Instant;

use ttt_core::{ByPlayer, Cell, Player, Position};

use crate::board::bits::bit;
use crate::board::Board;
use crate::certificates::erdos_selfridge;
use crate::certificates::pairing::PairingSearch;
use crate::certificates::Certifier;
use crate::rng::Rng;
use crate::search::limits::{Limits, CHECK_EVERY};
use crate::search::stats::Stats;
use crate::search::zone::{self, Zone};
use crate::tt::bounds::{Bound, BoundTable, Entry, NO_MOVE, PROVEN};
use crate::tt::key_of;
use crate::value::{MoveAnalysis, Value, Verdict};
use score::{from_table, to_table, HEURISTIC_MAX, INF, WIN};

/// Nodes with at least this much search left below them may spend a backtracking search on a
/// pairing; shallower ones only try the quick greedy pass.
const PAIRING_SEARCH_DEPTH: u32 = 6;

/// The certificate probe (see [`AlphaBeta::certificate_after_a_move`]) runs where the
/// opponent's Erdős–Selfridge total is below this ...
const PROBE_TOTAL: u64 = 2;
/// ... or, early in the game with enough search below, this. Higher everywhere makes boards
/// that are first-player wins, where probes fail, much slower (see docs/PERFORMANCE.md).
const PROBE_TOTAL_EARLY: u64 = 3;

/// Between steps of deepening, a search to the end goes on until the positions searched so
/// far have grown this many times (see [`AlphaBeta::solve`]).
const STRAIGHT_SHARE: u64 = 3;
/// The same for a thread that leaves finding wins soon to the others.
const LEANING_STRAIGHT_SHARE: u64 = 8;

/// Positions with at most this many empty cells are searched straight to the end: the
/// deepening would cost more than it saves.
const DEEPEN_FROM: u32 = 16;

/// What [`AlphaBeta::solve`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Solved {
    /// The proven value for the side to move, or `None` if the search stopped first.
    pub(crate) value: Option<Value>,
    /// The game's length with best play, when proven and measured.
    pub(crate) plies: Option<u32>,
    /// A best move (proven if the value is), or the best one the search found.
    pub(crate) best_move: Option<Cell>,
}

/// An alpha-beta search over one position. Owns its table, or shares it with other threads'
/// searches of the same position ([`threads`]).
#[derive(Debug)]
pub(crate) struct AlphaBeta {
    root: Position,
    board: Board,
    table: Arc<BoundTable>,
    limits: Limits,
    /// Measure how long the game lasts with best play (the fastest win, the slowest loss).
    /// Without it the search proves only win, draw or loss, and can ignore dead cells (on no
    /// line that can still be made), which is much faster.
    lengths: bool,
    /// Search only cells near the marks already on the board: much stronger play on big
    /// boards, but nothing it finds counts as proven.
    restrict: bool,
    started: Instant,
    nodes: u64,
    aborted: bool,
    /// A search to the end may stop after this many positions (see [`AlphaBeta::solve`]);
    /// then `aborted` is set and so is `out_of_budget`, to tell it from running out of time.
    node_limit: u64,
    out_of_budget: bool,
    /// Look at the limits at every position, not every [`CHECK_EVERY`]: tests stop searches
    /// half-way on small boards with it.
    check_every_node: bool,
    /// Search straight to the end from the start, without deepening step by step.
    straight_to_the_end: bool,
    /// Positions with at most this many empty cells are searched straight to the end.
    deepen_from: u32,
    /// Between steps of deepening, search to the end until the positions searched so far
    /// are this many times what they were (see [`AlphaBeta::solve`]).
    straight_share: u64,
    /// Set when the result being computed rests on a heuristic score or a restricted move
    /// list.
    unproven: bool,
    /// 1 when wins are scored by their distance, 0 when only win/draw/loss matters.
    ply_cost: i32,
    history: ByPlayer<Vec<i32>>,
    move_lists: Vec<Vec<(i32, u16)>>,
    certifier: Certifier,
    /// Set by a node whose result proves that one side cannot win, for its parent.
    zone: Option<Zone>,
    /// Moves that needed no search because they lie outside a sibling's zone.
    settled: u64,
    /// Set for a child whose parent's certificate probe found nothing after this move: the
    /// child's own certificate that its mover cannot win, the same test, would fail again.
    probed: bool,
}

impl AlphaBeta {
    /// A search of `pos` within `limits`, keeping its results in `table`, with or without
    /// the game's length.
    pub(crate) fn new(
        pos: &Position,
        table: Arc<BoundTable>,
        limits: Limits,
        lengths: bool,
    ) -> AlphaBeta {
        let board = Board::new(pos);
        let n = board.cells();
        AlphaBeta {
            root: *pos,
            board,
            table,
            limits,
            lengths,
            restrict: false,
            ply_cost: i32::from(lengths),
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            node_limit: u64::MAX,
            out_of_budget: false,
            check_every_node: false,
            straight_to_the_end: false,
            deepen_from: DEEPEN_FROM,
            straight_share: STRAIGHT_SHARE,
            unproven: false,
            history: ByPlayer {
                x: vec![0; n],
                o: vec![0; n],
            },
            move_lists: Vec::new(),
            certifier: Certifier::default(),
            zone: None,
            settled: 0,
            probed: false,
        }
    }

    /// Searches only the cells near the marks: a heuristic player, proving nothing.
    pub(crate) fn restrict_to_the_neighbourhood(&mut self) {
        self.restrict = true;
    }

    /// Makes [`AlphaBeta::solve`] search straight to the end instead of deepening step by
    /// step: slower to find wins, faster to prove draws. Threads sharing a table take both
    /// ways.
    pub(crate) fn search_straight_to_the_end(&mut self) {
        self.straight_to_the_end = true;
    }

    /// Gives the searches to the end between steps of deepening a larger share of the time.
    pub(crate) fn lean_to_the_end(&mut self) {
        self.straight_share = LEANING_STRAIGHT_SHARE;
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The table, to share or to report on.
    pub(crate) fn table(&self) -> &Arc<BoundTable> {
        &self.table
    }

    /// What this search did, started at `started` on `threads` threads.
    pub(crate) fn stats(&self, started: Instant, threads: usize) -> Stats {
        Stats {
            nodes: self.nodes,
            elapsed: started.elapsed(),
            threads,
            table_bytes: self.table.bytes(),
            table_used: self.table.used(),
        }
    }

    /// Switches to scoring wins by their distance (analysis and move choice need it), dropping
    /// any results scored otherwise.
    fn measure_lengths(&mut self) {
        if !self.lengths {
            self.lengths = true;
            self.ply_cost = 1;
            self.table.clear();
        }
    }

    /// The score of a win `ply` plies from the root (a loss is its negation).
    fn win_at(&self, ply: u32) -> i32 {
        WIN - ply as i32 * self.ply_cost
    }

    /// Whether the search had no time at all: the limits are looked at only every
    /// [`CHECK_EVERY`] positions, so without this a small board would be settled anyway, and
    /// no time at all should prove nothing.
    fn has_no_time(&self) -> bool {
        self.limits.deadline().is_some_and(|d| d <= self.started)
    }

    /// The verdict a proven score at the root means.
    fn verdict(&self, score: i32) -> Verdict {
        score::verdict(score, self.board.empties() as u32)
    }

    /// Searches each legal move of the root to the end of the game, deepening step by step
    /// until all are proven or the limits stop it. Every legal move, in row-major order,
    /// with its verdict where proven.
    pub(crate) fn analyze(&mut self) -> Vec<MoveAnalysis> {
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
                    let verdict = self.verdict(score);
                    m.verdict = Some(verdict);
                    m.value = Some(verdict.value);
                }
            }
            depth = next_depth(depth, empties);
        }
        moves
    }

    /// Plays `cell` at the root and searches the reply to `depth`, returning the mover's score
    /// and whether it is proven.
    fn score_move(&mut self, cell: usize, depth: u32, alpha: i32, beta: i32) -> (i32, bool) {
        self.unproven = false;
        let won = self.board.play(cell);
        let score = if won {
            self.win_at(1)
        } else if self.board.empties() == 0 {
            0
        } else {
            -self.search(depth.saturating_sub(1), -beta, -alpha, 1)
        };
        self.board.undo(cell);
        (score, !self.unproven)
    }

    /// Finds the value of the root position, deepening until it is proven or the limits stop
    /// it.
    pub(crate) fn solve(&mut self) -> Solved {
        let (score, best_move) = self.solve_within(-INF, INF);
        let verdict = score.map(|s| self.verdict(s));
        Solved {
            value: verdict.map(|v| v.value),
            plies: verdict.filter(|_| self.lengths).map(|v| v.plies),
            best_move,
        }
    }

    /// Proves where the score of the side to move lies against the window (`alpha`, `beta`),
    /// as [`AlphaBeta::solve`] proves the value: the score found (at most `alpha`: no more
    /// than it; at least `beta`: no less; between: exact), or `None` if the search stopped
    /// first, with the best move found. A narrow window asks less: a draw the side to move
    /// cannot better (window 0, 1) needs no proof that it cannot lose.
    pub(crate) fn solve_within(&mut self, alpha: i32, beta: i32) -> (Option<i32>, Option<Cell>) {
        self.started = Instant::now();
        let empties = self.board.empties() as u32;
        let mut found: Option<i32> = None;
        let mut best_move = None;
        if !self.root.is_over() && !self.has_no_time() {
            let mut depth = if self.straight_to_the_end {
                empties
            } else {
                first_depth(empties, self.deepen_from)
            };
            loop {
                self.unproven = false;
                let score = self.search(depth, alpha, beta, 0);
                if self.aborted {
                    break;
                }
                best_move = self.root_best_move();
                if !self.unproven {
                    found = Some(score);
                    break;
                }
                // Deepening finds wins soonest; a draw needs the whole tree, and searching
                // straight to the end proves it sooner. Not knowing which, take turns: after
                // each step of deepening, search to the end until the positions searched so
                // far have grown `straight_share` times. Neither way then costs more than a
                // few times what it would alone, and each leaves its proven results in the
                // table for the other.
                if depth < empties {
                    self.node_limit = self.nodes.saturating_mul(self.straight_share);
                    self.unproven = false;
                    let saved = self.history.clone();
                    let score = self.search(empties, alpha, beta, 0);
                    self.node_limit = u64::MAX;
                    if self.out_of_budget {
                        self.out_of_budget = false;
                        self.aborted = false;
                        // The cut-offs of an unfinished search would reorder the deepening's
                        // moves for the worse.
                        self.history = saved;
                    } else if self.aborted {
                        break;
                    } else {
                        best_move = self.root_best_move();
                        found = Some(score);
                        break;
                    }
                }
                depth = next_depth(depth, empties);
            }
        }
        (found, best_move)
    }

    fn root_best_move(&self) -> Option<Cell> {
        let (hash, sym) = self.board.canonical_key();
        let entry = self.table.probe(key_of(hash))?;
        (entry.best != NO_MOVE).then(|| {
            self.board
                .cell(self.board.unmap_cell(sym, usize::from(entry.best)))
        })
    }

    /// Chooses a move for the perfect player. With a proven value it takes the fastest win or
    /// the slowest loss: the first such move in row-major order, or a random one among them if
    /// `rng` is given. Returns the move and its proven verdict (from the mover's view), or
    /// `None` for the verdict when the search stopped first and the move is only the best
    /// found.
    pub(crate) fn choose(&mut self, rng: Option<&mut Rng>) -> Option<(Cell, Option<Verdict>)> {
        self.measure_lengths();
        let solved = self.solve();
        let verdict = match (solved.value, solved.plies) {
            (Some(value), Some(plies)) => Verdict { value, plies },
            _ => return solved.best_move.map(|m| (m, None)),
        };
        let target = score::score(verdict);
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
            // Stopped while confirming: fall back on the proven best move itself.
            None => solved.best_move.map(|m| (m, Some(verdict))),
        }
    }

    /// Counts a position, and every [`CHECK_EVERY`] positions looks at the limits and at the
    /// budget of a search to the end.
    fn count_node(&mut self) {
        self.nodes += 1;
        let step = if self.check_every_node {
            1
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            CHECK_EVERY
        } else {
            return;
        };
        if self.limits.tick(step) {
            self.aborted = true;
        }
        if self.nodes > self.node_limit {
            self.aborted = true;
            self.out_of_budget = true;
        }
    }

    /// Negamax with alpha-beta. `ply` counts from the root; `depth` is how much further to go
    /// before falling back on the evaluation.
    fn search(&mut self, depth: u32, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        self.count_node();
        let probed = std::mem::take(&mut self.probed);
        if self.aborted {
            return 0;
        }
        let me = self.board.turn();
        let opp = me.other();
        if let Some(cells) = zone::mover_wins_at_once(&self.board) {
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
        let key = key_of(hash);
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
                    self.unproven |= !proven;
                    return score;
                }
            }
            if e.best != NO_MOVE {
                tt_move = Some(self.board.unmap_cell(sym, usize::from(e.best)));
            }
        }

        if let Some(cells) = zone::mover_loses_at_once(&self.board) {
            self.leave_zone(ply, cells, Some(me));
            return -self.win_at(ply + 2);
        }
        let forced = zone::forced_block(&self.board);
        // A certificate that one side can never make a line settles one side of the draw
        // line without search: when the window only asks whether we can do better than a draw
        // (or worse), answer at once.
        let pairings = if depth >= PAIRING_SEARCH_DEPTH {
            PairingSearch::Early
        } else {
            PairingSearch::Greedy
        };
        if alpha >= 0 && !probed {
            if let Some(cells) = self.certifier.certificate(&self.board, me, pairings) {
                self.store_bound(key, 0, Bound::Upper);
                self.leave_zone(ply, cells, Some(me));
                return 0;
            }
        }
        if beta <= 0 {
            if let Some(cells) = self.certifier.certificate(&self.board, opp, pairings) {
                self.store_bound(key, 0, Bound::Lower);
                self.leave_zone(ply, cells, Some(opp));
                return 0;
            }
        }
        if depth == 0 && forced.is_none() {
            self.unproven = true;
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
        // which a quick certificate says so settles it: look for one before searching.
        let mut probe_failed = false;
        if beta <= 0 && forced.is_none() {
            let nearly_safe = if pairings == PairingSearch::Early && self.board.is_early() {
                PROBE_TOTAL_EARLY
            } else {
                PROBE_TOTAL
            };
            if erdos_selfridge::is_nearly_safe_from(&self.board, opp, nearly_safe) {
                probe_failed = true;
                if let Some(cells) = self.certificate_after_a_move(&moves, opp, pairings) {
                    self.move_lists.push(moves);
                    self.store_bound(key, 0, Bound::Lower);
                    self.leave_zone(ply, cells, Some(opp));
                    return 0;
                }
            }
        }
        let outer_unproven = self.unproven;
        self.unproven = forced.is_none() && self.restrict && moves.len() < self.board.empties();
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let child_depth = depth.saturating_sub(1);
        // Threads sharing a table split the work (as in ABDADA): a move whose position another
        // thread is searching now waits until this node's other moves are done, when its
        // result may be in the table. The first move is always searched at once.
        // Only searches to the end count: a shallower one proves nothing worth waiting for.
        let shared = moves.len() > 1
            && depth as usize >= self.board.empties()
            && self.table.busy().is_shared();
        if shared {
            self.table.busy().enter(key);
        }
        let mut deferred = 0u64;
        let mut pass = 0;
        let mut i = 0;
        // Zones: where children showed that our moves cannot win, a move outside one of
        // their zones cannot either, and needs no search (`common`). If no move can win, the
        // union of the zones of the moves searched is ours (`union`). If we can stop the
        // opponent winning, the zone of the move that does, and the move, make ours
        // (`best_zone`).
        let mut common = u128::MAX;
        let mut union = Some(0);
        let mut best_zone = None;
        while i < moves.len() {
            let cell = usize::from(moves[i].1);
            let index = i;
            i += 1;
            let settled = alpha >= 0 && common != u128::MAX && common & bit(cell) == 0;
            if shared && !settled && pass == 0 && index > 0 && index < 64 {
                let (child, _) = self.board.key_after(cell);
                if self.table.busy().is_busy(key_of(child)) {
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
                } else if index == 0 && self.lengths {
                    self.probed = probe_failed;
                    -self.search(child_depth, -beta, -alpha, ply + 1)
                } else {
                    // A zero window proves the move no better than the best so far, cheaply.
                    // For the value alone (three scores) the first move too is tried this way
                    // first: it settles most nodes at once.
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
            self.table.busy().leave(key);
        }
        self.move_lists.push(moves);
        if self.aborted {
            return 0;
        }
        let node_unproven = self.unproven;
        self.unproven = outer_unproven || node_unproven;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(Entry {
            key,
            score: to_table(best, ply * self.ply_cost as u32),
            depth: if node_unproven {
                depth.min(u32::from(PROVEN) - 1) as u8
            } else {
                PROVEN
            },
            bound,
            best: self.board.map_cell(sym, usize::from(best_move)) as u16,
        });
        // A cut-off shows the opponent cannot win; a node that failed low, that we cannot.
        if !node_unproven {
            if best >= beta || best > 0 {
                if let Some(cells) = best_zone.filter(|_| best >= 0) {
                    self.leave_zone(ply, cells, Some(opp));
                }
            } else if let Some(mut cells) = union {
                if let Some(t) = forced {
                    cells = zone::with_forced_block(&self.board, t, cells);
                }
                self.leave_zone(ply, cells, Some(me));
            }
        }
        best
    }

    /// A move among `moves` after which a quick certificate shows that `attacker` cannot win
    /// (searched for as `how` says), as its zone with the move: one settles a node that only
    /// has to show the attacker cannot win, before any search.
    fn certificate_after_a_move(
        &mut self,
        moves: &[(i32, u16)],
        attacker: Player,
        how: PairingSearch,
    ) -> Option<u128> {
        for &(_, cell) in moves {
            let cell = usize::from(cell);
            if self.board.play(cell) {
                self.board.undo(cell);
                continue;
            }
            let found = self
                .certifier
                .certificate(&self.board, attacker, how)
                .map(|zone| zone | bit(cell));
            self.board.undo(cell);
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Tells the parent of the node at `ply` the zone of its proof that `attacker` cannot win.
    fn leave_zone(&mut self, ply: u32, cells: u128, attacker: Option<Player>) {
        self.zone = Some(Zone {
            ply,
            cells,
            attacker,
        });
    }

    /// Keeps `entry`, first growing the table if it is full enough and not shared.
    fn store(&mut self, entry: Entry) {
        if self.table.wants_to_grow() {
            if let Some(table) = Arc::get_mut(&mut self.table) {
                table.grow();
            }
        }
        self.table.store(entry);
    }

    /// Records a proven bound found without search.
    fn store_bound(&mut self, key: u64, score: i32, bound: Bound) {
        self.store(Entry {
            key,
            score,
            depth: PROVEN,
            bound,
            best: NO_MOVE,
        });
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::default_memory;
    use crate::testing::{check_zone_claim, minimax, random_position};
    use ttt_core::{Dims, Setup};

    fn pos(notation: &str, k: usize) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap()
    }

    fn solve(p: &Position) -> Verdict {
        let s = search(p, default_memory(p), true).solve();
        Verdict {
            value: s.value.unwrap(),
            plies: s.plies.unwrap(),
        }
    }

    /// A search of `p` with no limit, in a growing table of `table_bytes`.
    fn search(p: &Position, table_bytes: usize, lengths: bool) -> AlphaBeta {
        AlphaBeta::new(
            p,
            Arc::new(BoundTable::growing(table_bytes)),
            Limits::none(),
            lengths,
        )
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
                    solver.check_every_node = true;
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
    fn test_solver(p: &Position, table_bytes: usize, straight: bool) -> AlphaBeta {
        let mut solver = search(p, table_bytes, false);
        solver.deepen_from = 0;
        solver.straight_to_the_end = straight;
        solver
    }

    /// Positions where zones settle many moves without search, solved every way and checked
    /// against minimax: random positions of boards big enough for pairings, with enough
    /// empty cells for zones to pass up through several levels of search.
    #[test]
    fn moves_settled_by_zones_agree_with_minimax() {
        let mut rng = crate::rng::Rng::seeded(7);
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
        let mut rng = crate::rng::Rng::seeded(11);
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
}
