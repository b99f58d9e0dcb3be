//! The main search: iterative deepening over a principal-variation (negamax alpha-beta)
//! search with aspiration windows, the transposition table, late-move reductions, forced
//! replies to fours searched without using depth, and the threat search at the leaves.

use crate::board::Board;
use crate::limits::Clock;
use crate::movepick::{pick, Ordering};
use crate::pattern::Threat;
use crate::tt::{Bound, Entry, Table};
use crate::vcf::Vcf;

/// The score of a win now; a win in `n` plies scores `WIN - n`.
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
const PROVEN: i32 = WIN - 1_000;
const INFINITY: i32 = WIN + 1;
/// The deepest the search goes, forced replies included.
pub(crate) const MAX_PLY: usize = 120;
/// The positions a threat search at a leaf may visit, and its plies.
const LEAF_VCF_NODES: u64 = 8;
const LEAF_VCF_PLIES: u32 = 11;
/// The half-width of the first aspiration window.
const ASPIRATION: i32 = 40;
/// Up to this depth, a position whose evaluation beats beta by [`FUTILITY_MARGIN`] a ply
/// is taken as a cut without searching it (reverse futility pruning).
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 50;
/// From this depth, a position that beats beta even after passing is taken as a cut; the
/// pass is searched this many plies less (and a ply more for each four of depth).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_REDUCTION: i32 = 2;
/// How much further than its target a move whose best choice is unsettled may start passes
/// (never past the time limit's share).
const UNSETTLED_STRETCH: f64 = 2.0;

/// What a finished pass found.
#[derive(Debug, Clone)]
pub(crate) struct Pass {
    pub(crate) best: usize,
    pub(crate) score: i32,
    pub(crate) depth: u32,
}

/// One search, from one root.
pub(crate) struct Search<'a> {
    board: &'a mut Board,
    table: &'a Table,
    ordering: &'a mut Ordering,
    clock: Clock<'a>,
    nodes: u64,
    stopped: bool,
    moves: Vec<Vec<(usize, i32)>>,
    /// The depth of the pass under way.
    pass_depth: i32,
    /// The position searched next comes from a null move (a pass), which may not pass again.
    after_null: bool,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        board: &'a mut Board,
        table: &'a Table,
        ordering: &'a mut Ordering,
        clock: Clock<'a>,
    ) -> Search<'a> {
        Search {
            board,
            table,
            ordering,
            clock,
            nodes: 0,
            stopped: false,
            moves: vec![Vec::new(); MAX_PLY + 1],
            pass_depth: 0,
            after_null: false,
        }
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Iterative deepening over `root` (the moves to choose from, best guess first), until
    /// the limits or a proven result, passing through the depths `first`, `first + step`,
    /// ...; `on_pass` hears of each finished pass.
    pub(crate) fn deepen(
        &mut self,
        mut root: Vec<usize>,
        (first, step): (i32, usize),
        mut on_pass: impl FnMut(&Pass),
    ) -> Option<Pass> {
        let mut last: Option<Pass> = None;
        for depth in (first..MAX_PLY as i32 / 2).step_by(step.max(1)) {
            self.pass_depth = depth;
            let guess = last.as_ref().map_or(0, |p| p.score);
            let (mut alpha, mut beta) = if depth >= 4 && guess.abs() < PROVEN {
                (guess - ASPIRATION, guess + ASPIRATION)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut width = ASPIRATION;
            let pass = loop {
                let Some((best, score)) = self.root(&mut root, depth, alpha, beta) else {
                    break None;
                };
                if self.stopped {
                    break Some(cut_short(last.as_ref(), (best, score), alpha, depth as u32));
                }
                if score <= alpha && alpha > -INFINITY {
                    alpha = (alpha - width).max(-INFINITY);
                    if score <= -PROVEN {
                        alpha = -INFINITY;
                    }
                } else if score >= beta && beta < INFINITY {
                    beta = (beta + width).min(INFINITY);
                    if score >= PROVEN {
                        beta = INFINITY;
                    }
                } else {
                    break Some(Pass {
                        best,
                        score,
                        depth: depth as u32,
                    });
                }
                width *= 4;
            };
            let Some(pass) = pass else {
                break;
            };
            if self.stopped {
                last = Some(pass);
                break;
            }
            on_pass(&pass);
            let proven = pass.score.abs() >= PROVEN;
            // A new best move, or a score fallen, says the last pass saw something the one
            // before did not: worth more of a game's time than a settled choice.
            let unsettled = last
                .as_ref()
                .is_some_and(|p| p.best != pass.best || pass.score < p.score - ASPIRATION);
            let stretch = if unsettled { UNSETTLED_STRETCH } else { 1.0 };
            last = Some(pass);
            if proven || !self.clock.has_time_for_next_pass(self.nodes, stretch) {
                break;
            }
        }
        last
    }

    /// One pass over the root moves; the best move and its score, or `None` when stopped
    /// before the first move was searched. The best move goes to the front of `root`.
    fn root(
        &mut self,
        root: &mut [usize],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(usize, i32)> {
        let original_alpha = alpha;
        let mut best: Option<(usize, i32)> = None;
        for i in 0..root.len() {
            let at = root[i];
            self.board.make(at);
            let score = if i == 0 {
                -self.pvs(depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.pvs(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.pvs(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.board.unmake();
            if self.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((at, score));
                root[..=i].rotate_right(1);
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // A pass cut short has searched only some of the moves: nothing to keep.
        if let Some((at, score)) = best.filter(|_| !self.stopped) {
            let bound = if score >= beta {
                Bound::Lower
            } else if score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(
                self.board.hash(),
                Entry {
                    score,
                    depth,
                    bound,
                    best: Some(at as u16),
                },
            );
        }
        best
    }

    fn pvs(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let after_null = std::mem::take(&mut self.after_null);
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.clock.is_up(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let me = self.board.turn();
        let them = me.other();
        if self.board.count_at_least(me, Threat::Five) > 0
            && !self.board.winning_cells(me, 1).is_empty()
        {
            return WIN - ply as i32 - 1;
        }
        if self.board.is_full() {
            return 0;
        }
        // The opponent had no five before its last stone, or it would have played it.
        let against = match self.board.last() {
            Some(last) => self.board.winning_cells_near(last, them, 2),
            None => self.board.winning_cells(them, 2),
        };
        if against.len() >= 2 {
            return -(WIN - ply as i32 - 2);
        }
        if ply >= MAX_PLY {
            return self.board.evaluate();
        }
        if let Some(&block) = against.first() {
            if self.board.is_forbidden(block) {
                return -(WIN - ply as i32 - 2);
            }
            // The only move: searched without spending depth on it.
            self.board.make(block);
            let score = -self.pvs(depth, ply + 1, -beta, -alpha);
            self.board.unmake();
            return score;
        }
        if self.has_open_four_move() {
            return WIN - ply as i32 - 3;
        }
        if depth <= 0 {
            return self.leaf(ply);
        }

        let key = self.board.hash();
        let is_pv = beta - alpha > 1;
        let mut table_move = None;
        if let Some(e) = self.table.probe(key) {
            table_move = e.best.map(usize::from);
            let score = from_table(e.score, ply);
            if !is_pv && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        // Where the opponent's next stone makes no open four, no four with a three and no two
        // threes (nothing that wins by force in a ply or two, which the evaluation cannot
        // see), a good evaluation may stand for a search.
        if !is_pv
            && beta.abs() < PROVEN
            && self.board.count_at_least(them, Threat::FourThree) == 0
            && self.board.count(them, Threat::ThreeThree) == 0
        {
            let eval = self.board.evaluate();
            if depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta {
                return eval;
            }
            if depth >= NULL_MOVE_DEPTH && eval >= beta && !after_null {
                let reduction = NULL_MOVE_REDUCTION + depth / 4;
                self.board.pass();
                // The child takes this back as it starts.
                self.after_null = true;
                let score = -self.pvs(depth - 1 - reduction, ply + 1, -beta, -beta + 1);
                self.board.pass();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= PROVEN { beta } else { score };
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.ordering
            .generate(self.board, ply, table_move, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return self.board.evaluate();
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0].0;
        for i in 0..moves.len() {
            let at = pick(&mut moves, i);
            let quiet = self.board.threat(at, me) < Threat::Three
                && self.board.threat(at, them) < Threat::Three;
            if quiet && !is_pv && depth <= 4 && i >= late_move_limit(depth) && best_score > -PROVEN
            {
                continue;
            }
            if i >= width(ply) && best_score > -PROVEN {
                break;
            }
            // A move that makes an open three (or more) narrows the opponent's replies to
            // its defences: searched a ply deeper, as far as twice the pass's depth.
            let extension = i32::from(
                self.board.threat(at, me) >= Threat::Three && ply < 2 * self.pass_depth as usize,
            );
            let reduction = if quiet && depth >= 2 && i >= 2 {
                (reduction(depth, i) - i32::from(is_pv)).clamp(0, depth - 1 + extension)
            } else {
                0
            };
            self.board.make(at);
            let score = if i == 0 {
                -self.pvs(depth - 1 + extension, ply + 1, -beta, -alpha)
            } else {
                let mut s = -self.pvs(
                    depth - 1 + extension - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if s > alpha && reduction > 0 {
                    s = -self.pvs(depth - 1 + extension, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    s = -self.pvs(depth - 1 + extension, ply + 1, -beta, -alpha);
                }
                s
            };
            self.board.unmake();
            if self.stopped {
                self.moves[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = at;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    if quiet {
                        self.ordering.reward(me, at, ply, depth);
                    }
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            Entry {
                score: to_table(best_score, ply),
                depth,
                bound,
                best: Some(best_move as u16),
            },
        );
        best_score
    }

    /// Whether the side to move (facing no five) makes two fives at once with some stone.
    fn has_open_four_move(&mut self) -> bool {
        let me = self.board.turn();
        if self.board.count_at_least(me, Threat::FlexFour) == 0 {
            return false;
        }
        // Under freestyle every such cell is one: no stone is forbidden, and a six wins.
        if self.board.rule() == ttt_core::Rule::Freestyle {
            return true;
        }
        for i in 0..self.board.grid().len() {
            let at = self.board.grid()[i];
            if !self.board.is_empty(at)
                || self.board.threat(at, me) != Threat::FlexFour
                || self.board.is_forbidden(at)
            {
                continue;
            }
            self.board.make(at);
            let fives = self.board.winning_cells(me, 2).len();
            self.board.unmake();
            if fives >= 2 {
                return true;
            }
        }
        false
    }

    /// A position at the end of the main search: a short threat search, else the evaluation.
    fn leaf(&mut self, ply: usize) -> i32 {
        let me = self.board.turn();
        // Only where a stone makes a four with a three: a short search seldom finds a win
        // anywhere else, and looking wherever a four can be made took most of the time.
        if self.board.count_at_least(me, Threat::FourThree) > 0 {
            let mut vcf = Vcf::new(LEAF_VCF_NODES);
            let found = vcf.find(self.board, LEAF_VCF_PLIES);
            self.nodes += vcf.nodes();
            if let Some(line) = found {
                return WIN - (ply + vcf.plies(&line)) as i32;
            }
        }
        self.board.evaluate()
    }

    /// The principal variation from the table, starting with `first`.
    pub(crate) fn line(&mut self, first: usize, depth: u32) -> Vec<usize> {
        let mut line = vec![first];
        self.board.make(first);
        while line.len() < depth as usize {
            let Some(next) = self
                .table
                .probe(self.board.hash())
                .and_then(|e| e.best)
                .map(usize::from)
            else {
                break;
            };
            if !self.board.grid().contains(&next)
                || !self.board.is_empty(next)
                || self.board.is_forbidden(next)
            {
                break;
            }
            line.push(next);
            self.board.make(next);
        }
        for _ in 0..line.len() {
            self.board.unmake();
        }
        line
    }
}

/// What a pass at `depth` cut short by the limits leaves, its best move so far `best` and
/// the window's bottom `alpha`. It searched the last finished pass's move first, so a move
/// it found better is better (the depth stays the last finished pass's). But below the
/// window every move failed low, and their scores are bounds that order nothing: the last
/// pass's choice stands.
fn cut_short(last: Option<&Pass>, (best, score): (usize, i32), alpha: i32, depth: u32) -> Pass {
    match last {
        Some(last) if score <= alpha => last.clone(),
        _ => Pass {
            best,
            score,
            depth: last.map_or(depth, |p| p.depth),
        },
    }
}

/// How many plies a quiet move is searched less for coming late: more the later it comes
/// and the deeper the search, since the ordering rarely puts the best move that late.
fn reduction(depth: i32, index: usize) -> i32 {
    let r = (f64::from(depth).ln() * (index as f64).ln() / 2.0).round();
    r as i32
}

/// The most moves searched at a node `ply` plies from the root, best first: the ordering
/// by threats made and taken rarely puts the best move later, and the depth it saves goes
/// deeper into the lines that matter. A move past the cap is never seen at any depth, so
/// the faster the search, the wider the cap that pays.
fn width(ply: usize) -> usize {
    if ply <= 1 {
        14
    } else {
        11
    }
}

/// Past this many moves, a quiet move this close to the leaves is not searched at all.
fn late_move_limit(depth: i32) -> usize {
    4 + 3 * (depth * depth) as usize
}

/// A score as the table keeps it: wins counted from this position, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// Whether a score is a proven win or loss.
pub(crate) fn is_proven(score: i32) -> bool {
    score.abs() >= PROVEN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_cut_short_keeps_a_better_move_not_a_bound() {
        let last = Pass {
            best: 10,
            score: 50,
            depth: 6,
        };
        let kept = |p: Pass| (p.best, p.score, p.depth);
        // Every move failed low against the window's bottom, 10: the last pass's move.
        assert_eq!(kept(cut_short(Some(&last), (20, -5), 10, 7)), (10, 50, 6));
        assert_eq!(kept(cut_short(Some(&last), (20, 10), 10, 7)), (10, 50, 6));
        // A move inside the window beat the last pass's move, searched before it.
        assert_eq!(kept(cut_short(Some(&last), (20, 60), 10, 7)), (20, 60, 6));
        // No pass finished: what the first found.
        assert_eq!(kept(cut_short(None, (20, -5), 10, 1)), (20, -5, 1));
    }

    #[test]
    fn table_scores_count_from_the_position() {
        let win_in_5_from_ply_3 = WIN - 8;
        let stored = to_table(win_in_5_from_ply_3, 3);
        assert_eq!(stored, WIN - 5);
        assert_eq!(from_table(stored, 1), WIN - 6);
        assert_eq!(from_table(to_table(-WIN + 9, 4), 4), -WIN + 9);
        assert_eq!(to_table(12, 7), 12);
        assert!(is_proven(WIN - 3) && !is_proven(500));
    }
}
