//! Alpha-beta with threat extensions over [`crate::eval`], for boards too big to solve: the
//! strong player's search.
//!
//! Negamax with principal-variation windows, iterative deepening, a transposition table of
//! [`crate::tt`] and killer moves. Only cells near the marks are moves, and of those only the
//! most promising few by [`eval::move_score`]: gomoku is won and lost locally. Threats are
//! never cut short by the depth:
//! - a winning cell of the side to move wins, two of the opponent's lose, one must be
//!   blocked (the block costs no depth);
//! - at the horizon, a side to move that can make two fours at once has won (the opponent
//!   has no four of its own by then), and one facing such a move searches on among its
//!   answers: the cells of the threat and its own fours.
//!
//! Nothing it finds is proven: scores of wins found this way are exact, the rest are
//! estimates.

use std::time::Instant;

use ttt_core::Player;

use crate::board::stones::Stones;
use crate::eval;
use crate::search::limits::{Limits, CHECK_EVERY};
use crate::tt::bounds::{Bound, BoundTable, Entry, NO_MOVE};
use crate::tt::key_of;

/// A win's score, less the plies to it.
pub(crate) const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores beyond this are wins (or losses) found by search.
const WIN_FROM: i32 = WIN - 10_000;

/// How many moves are searched at the root, one ply below it, and deeper.
const WIDTH_ROOT: usize = 24;
const WIDTH_NEAR: usize = 14;
const WIDTH_DEEP: usize = 9;

/// The deepest the threat extensions may take a line, in plies beyond the nominal depth.
const EXTENSION_PLIES: u32 = 8;

/// What the search makes of a move, for the side that plays it. Nothing here is proven: a
/// win or a loss is what the search found among the moves it looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Estimate {
    /// The evaluation of line patterns at the search's horizon: above 0 good, below bad.
    Score(i32),
    /// A win the search found, `plies` from the position before the move (1: the move wins).
    Win {
        /// Plies to the win, the move included.
        plies: u32,
    },
    /// A loss the search found, `plies` from the position before the move.
    Loss {
        /// Plies to the loss, the move included.
        plies: u32,
    },
}

impl Estimate {
    /// The estimate of a root move's score.
    pub(crate) fn of(score: i32) -> Estimate {
        if score > WIN_FROM {
            Estimate::Win {
                plies: (WIN - score).unsigned_abs(),
            }
        } else if score < -WIN_FROM {
            Estimate::Loss {
                plies: (WIN + score).unsigned_abs(),
            }
        } else {
            Estimate::Score(score)
        }
    }
}

/// What a search found at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Searched {
    /// The best move found, as a board index.
    pub(crate) cell: usize,
    /// Its score for the side to move.
    pub(crate) score: i32,
    /// The deepest iteration completed.
    pub(crate) depth: u32,
    /// Positions searched.
    pub(crate) nodes: u64,
}

/// One search of a board, which it plays on and restores.
#[derive(Debug)]
pub(crate) struct Heuristic<'a> {
    board: &'a mut Stones,
    table: BoundTable,
    limits: Limits,
    nodes: u64,
    aborted: bool,
    killers: Vec<[u16; 2]>,
    history: Vec<i32>,
    lists: Vec<Vec<(i32, u16)>>,
}

/// A score `ply` plies from the root, as the table keeps it: wins counted from the position.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN_FROM {
        score + ply as i32
    } else if score < -WIN_FROM {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN_FROM {
        score - ply as i32
    } else if score < -WIN_FROM {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Heuristic<'a> {
    /// A search of `board` within `limits`, with a table of at most `memory` bytes.
    pub(crate) fn new(board: &'a mut Stones, limits: Limits, memory: usize) -> Heuristic<'a> {
        let cells = board.cells();
        Heuristic {
            board,
            table: BoundTable::growing(memory.max(1 << 16)),
            limits,
            nodes: 0,
            aborted: false,
            killers: vec![[NO_MOVE; 2]; 128],
            history: vec![0; cells * 2],
            lists: Vec::new(),
        }
    }

    /// Searches `moves` (board indices) of the root, deeper and deeper until the limits stop
    /// it or `most_depth` is reached; `None` if not even the first iteration ended.
    pub(crate) fn best_of(&mut self, moves: &[usize], most_depth: u32) -> Option<Searched> {
        let started = Instant::now();
        let mut best: Option<Searched> = None;
        let mut order: Vec<(i32, usize)> = moves
            .iter()
            .map(|&c| (eval::move_score(self.board, c), c))
            .collect();
        order.sort_unstable_by_key(|&(s, c)| (std::cmp::Reverse(s), c));
        order.truncate(WIDTH_ROOT.max(8));
        if order.is_empty() {
            return None;
        }
        for depth in 1..=most_depth {
            let mut alpha = -INF;
            let mut best_here = None;
            for (i, entry) in order.iter_mut().enumerate() {
                let cell = entry.1;
                let won = self.board.play(cell);
                let score = if won {
                    WIN - 1
                } else if i == 0 {
                    -self.search(depth - 1, -INF, -alpha, 1, 0)
                } else {
                    let s = -self.search(depth - 1, -alpha - 1, -alpha, 1, 0);
                    if s > alpha {
                        -self.search(depth - 1, -INF, -alpha, 1, 0)
                    } else {
                        s
                    }
                };
                self.board.undo();
                if self.aborted {
                    break;
                }
                entry.0 = score;
                if score > alpha {
                    alpha = score;
                    best_here = Some((cell, score));
                }
            }
            if self.aborted {
                // A move that beat the last iteration's best before time ran out is kept.
                if let (Some((cell, score)), Some(b)) = (best_here, best.as_mut()) {
                    if score > b.score && cell != b.cell {
                        b.cell = cell;
                        b.score = score;
                    }
                }
                break;
            }
            if let Some((cell, score)) = best_here {
                best = Some(Searched {
                    cell,
                    score,
                    depth,
                    nodes: self.nodes,
                });
                if score.abs() > WIN_FROM {
                    break;
                }
            }
            // Best first next time: the scores of this iteration, ties in the old order.
            order.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            // An iteration costs several times the last: past half the time, the next would
            // only begin.
            if let Some(left) = self.limits.time_left() {
                if started.elapsed() > left {
                    break;
                }
            }
        }
        if let Some(b) = best.as_mut() {
            b.nodes = self.nodes;
        }
        best
    }

    /// The line the search expects after the root move `first` (a board index), from the
    /// moves its table keeps as best, at most `most` moves, `first` included; the board is
    /// left as it was.
    pub(crate) fn pv(&mut self, first: usize, most: usize) -> Vec<usize> {
        let mut line = vec![first];
        let mut over = self.board.play(first);
        while !over && line.len() < most {
            let me = self.board.turn();
            let kept = self
                .table
                .probe(key_of(self.board.hash()))
                .map(|e| usize::from(e.best))
                .filter(|&c| c < self.board.cells() && self.board.is_empty(c));
            // The search answers threats without storing them: a win at once, else the block.
            let next = kept
                .or_else(|| self.board.winning_cells(me, 1).first().copied())
                .or_else(|| self.board.winning_cells(me.other(), 1).first().copied());
            let Some(next) = next else {
                break;
            };
            line.push(next);
            over = self.board.play(next);
        }
        for _ in 0..line.len() {
            self.board.undo();
        }
        line
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.limits.tick(CHECK_EVERY) {
            self.aborted = true;
        }
        self.aborted
    }

    fn side(player: Player) -> usize {
        match player {
            Player::X => 0,
            Player::O => 1,
        }
    }

    fn search(&mut self, depth: u32, mut alpha: i32, beta: i32, ply: u32, extended: u32) -> i32 {
        if self.count_node() {
            return 0;
        }
        let me = self.board.turn();
        let them = me.other();
        if self.board.has_four(me) && !self.board.winning_cells(me, 1).is_empty() {
            return WIN - ply as i32 - 1;
        }
        let blocks = self.board.winning_cells(them, 2);
        if blocks.len() > 1 {
            return -(WIN - ply as i32 - 2);
        }
        if self.board.moves().len() == self.board.cells() {
            return 0;
        }
        let key = key_of(self.board.hash());
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            if u32::from(e.depth) >= depth {
                let score = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
            if e.best != NO_MOVE {
                tt_move = Some(usize::from(e.best));
            }
        }
        let mut moves = self.lists.pop().unwrap_or_default();
        moves.clear();
        let mut depth = depth;
        if let Some(&block) = blocks.first() {
            moves.push((0, block as u16));
        } else if depth == 0 {
            // At the horizon: two fours at once win; facing them, answer; else evaluate.
            if self.makes_double_four(me) {
                self.lists.push(moves);
                return WIN - ply as i32 - 3;
            }
            let theirs = eval::threats(self.board, them);
            if theirs == 0 || extended >= EXTENSION_PLIES {
                self.lists.push(moves);
                return eval::evaluate(self.board);
            }
            self.answers(&mut moves, them);
            depth = 1;
        } else {
            self.generate(&mut moves, tt_move, ply);
        }
        let extension = u32::from(depth == 1 && blocks.len() == 1 || moves.len() == 1);
        let child_depth = if extension > 0 && extended < EXTENSION_PLIES {
            depth
        } else {
            depth.saturating_sub(1)
        };
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for (i, &(_, cell)) in moves.iter().enumerate() {
            let cell = usize::from(cell);
            let won = self.board.play(cell);
            let score = if won {
                WIN - ply as i32 - 1
            } else if i == 0 {
                -self.search(child_depth, -beta, -alpha, ply + 1, extended + extension)
            } else {
                let s = -self.search(
                    child_depth,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    extended + extension,
                );
                if s > alpha && s < beta {
                    -self.search(child_depth, -beta, -alpha, ply + 1, extended + extension)
                } else {
                    s
                }
            };
            self.board.undo();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = cell as u16;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let slot = &mut self.killers[(ply as usize).min(127)];
                        if slot[0] != cell as u16 {
                            slot[1] = slot[0];
                            slot[0] = cell as u16;
                        }
                        self.history[Self::side(me) * self.board.cells() + cell] +=
                            (depth * depth) as i32;
                        break;
                    }
                }
            }
        }
        self.lists.push(moves);
        if self.aborted {
            return 0;
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.wants_to_grow() {
            self.table.grow();
        }
        self.table.store(Entry {
            key,
            score: to_table(best, ply),
            depth: depth.min(200) as u8,
            bound,
            best: best_move,
        });
        best
    }

    /// Whether `player`, to move, can make two winning cells at once.
    fn makes_double_four(&mut self, player: Player) -> bool {
        if !self.board.has_three(player) {
            return false;
        }
        for c in 0..self.board.cells() {
            if self.board.is_empty(c) && self.board.threes_at(player, c) >= 2 {
                self.board.play(c);
                let (_, n) = self.board.wins_through(player, c);
                self.board.undo();
                if n == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The answers to `threat`'s coming double four: the empty cells of its three windows
    /// through the cells where it would make one, and the side to move's own fours.
    fn answers(&self, moves: &mut Vec<(i32, u16)>, threat: Player) {
        let b = &*self.board;
        let me = threat.other();
        let mut wanted = vec![false; b.cells()];
        for c in 0..b.cells() {
            if !b.is_empty(c) {
                continue;
            }
            if b.threes_at(me, c) > 0 {
                wanted[c] = true;
            }
            if b.threes_at(threat, c) >= 2 {
                for &w in b.windows_through(c) {
                    let w = w as usize;
                    if b.count(threat, w) + 2 == b.k() && b.count(me, w) == 0 {
                        for &e in b.window(w) {
                            wanted[usize::from(e)] |= b.is_empty(usize::from(e));
                        }
                    }
                }
            }
        }
        moves.extend(
            (0..b.cells())
                .filter(|&c| wanted[c])
                .map(|c| (eval::move_score(b, c), c as u16)),
        );
        moves.sort_unstable_by_key(|&(s, c)| (std::cmp::Reverse(s), c));
        moves.truncate(WIDTH_NEAR);
    }

    /// The moves worth searching, best first: the table's move, killers, then the cells near
    /// the marks by their score, as many as the depth allows.
    fn generate(&self, moves: &mut Vec<(i32, u16)>, tt_move: Option<usize>, ply: u32) {
        let b = &*self.board;
        let side = Self::side(b.turn()) * b.cells();
        let killers = self.killers[(ply as usize).min(127)];
        for c in 0..b.cells() {
            if !b.is_empty(c) || !b.is_near(c) {
                continue;
            }
            let score = if Some(c) == tt_move {
                i32::MAX
            } else if killers.contains(&(c as u16)) {
                eval::move_score(b, c) + 2_000
            } else {
                eval::move_score(b, c) + self.history[side + c].min(1 << 12) / 8
            };
            moves.push((score, c as u16));
        }
        if moves.is_empty() {
            // No mark yet: the centre.
            let centre = (b.rows() / 2) * b.cols() + b.cols() / 2;
            moves.push((0, centre as u16));
        }
        moves.sort_unstable_by_key(|&(s, c)| (std::cmp::Reverse(s), c));
        moves.truncate(if ply <= 1 { WIDTH_NEAR } else { WIDTH_DEEP });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::stones::tests::stones;
    use std::time::Duration;

    fn best(notation: &str, k: usize, millis: u64) -> (usize, i32) {
        let mut b = stones(notation, k);
        let moves: Vec<usize> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && b.is_near(c))
            .collect();
        let limits = Limits::none().within(Duration::from_millis(millis));
        let found = Heuristic::new(&mut b, limits, 1 << 20)
            .best_of(&moves, 64)
            .unwrap();
        (found.cell, found.score)
    }

    #[test]
    fn blocks_an_open_three_and_takes_an_open_four() {
        // O to move; X has an open three on row 3: O must stop it at one end (or next to it).
        let (cell, _) = best(
            "........O/........./........./..XXX..../........./....O..../O......../........./........X",
            5,
            300,
        );
        assert!([27, 28, 32, 33].contains(&cell), "{cell}");
        // X to move with the same three: the open four wins.
        let (cell, score) = best(
            "........./........./........./..XXX..../........./....O..../O......../........./....O....",
            5,
            300,
        );
        assert!([28, 32].contains(&cell), "{cell}");
        assert!(score > WIN_FROM, "{score}");
    }

    #[test]
    fn the_principal_variation_follows_the_table_and_leaves_the_board_as_it_was() {
        // X to move with an open three on row 3: the open four, then a block, then five.
        let mut b = stones(
            "........./........./........./..XXX..../........./....O..../O......../........./....O....",
            5,
        );
        let before = b.hash();
        let moves: Vec<usize> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && b.is_near(c))
            .collect();
        let limits = Limits::none().within(Duration::from_millis(300));
        let mut search = Heuristic::new(&mut b, limits, 1 << 20);
        let found = search.best_of(&moves, 64).unwrap();
        let line = search.pv(found.cell, 10);
        assert_eq!(line[0], found.cell);
        assert!(line.len() >= 3 && line.len() % 2 == 1, "{line:?}");
        assert_eq!(b.hash(), before);
        assert!(matches!(Estimate::of(found.score), Estimate::Win { plies } if plies >= 3));
        assert_eq!(Estimate::of(120), Estimate::Score(120));
        assert_eq!(Estimate::of(-(WIN - 4)), Estimate::Loss { plies: 4 });
    }
}
