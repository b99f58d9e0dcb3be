//! An exact alpha-beta over [`ttt_core::Position`] itself, for the rules the solver's own
//! boards do not know: standard (exactly K wins) and caro (a line blocked at both ends does
//! not). The position decides every win, draw and legal move, so whatever the rule says is
//! what this search proves; it is much slower than the searches over the solver's boards, and
//! meant for small boards.
//!
//! Nothing that reasons about free-style fives is used here: no threat search, no relevance
//! zone, no pairing, and no pruning to the blocks of a threat (under caro a line can also be
//! stopped by closing its far end). One certificate holds under every rule but renju: a
//! side that can never fill a line of K cells can never win (exactly five fills one, and so
//! does an unblocked five), and the Erdős–Selfridge weight count shows it ([`cannot_fill`]).
//! Where neither side can win the position is a draw; where one cannot, its score is at most
//! a draw, which cuts the search as a bound does.

use std::collections::HashMap;

use ttt_core::{Cell, Dims, Player, Position};

use crate::search::limits::{Limits, CHECK_EVERY};
use crate::value::{Value, Verdict};

/// A win at once scores this; a win in n plies `WIN - n`, a loss in n plies `n - WIN`.
const WIN: i32 = 10_000;

/// Bytes a table entry takes, counting the map's own overhead.
const ENTRY_BYTES: usize = 64;

/// The largest board whose positions the table keeps (two 128-bit masks).
const TABLE_CELLS: usize = 128;

/// What a stored score says of the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One exact search within its limits, with its table.
#[derive(Debug)]
pub(crate) struct Exact {
    limits: Limits,
    table: HashMap<(u128, u128), (i32, Bound)>,
    most_entries: usize,
    nodes: u64,
    since_check: u64,
    stopped: bool,
    /// The board's lines of K cells, for the weight count, and the board they are of.
    windows: Vec<Vec<Cell>>,
    windows_of: Option<Dims>,
    /// The weight count's working space: the weight of the lines through each cell.
    through: Vec<u64>,
}

impl Exact {
    /// A search within `limits`, its table taking about `memory` bytes at most.
    pub(crate) fn new(limits: Limits, memory: usize) -> Exact {
        Exact {
            limits,
            table: HashMap::new(),
            most_entries: memory / ENTRY_BYTES,
            nodes: 0,
            since_check: 0,
            stopped: false,
            windows: Vec::new(),
            windows_of: None,
            through: Vec::new(),
        }
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions the table holds.
    pub(crate) fn table_used(&self) -> usize {
        self.table.len()
    }

    /// The memory the table's positions take, as its limit counts it.
    pub(crate) fn table_bytes(&self) -> usize {
        self.table.len() * ENTRY_BYTES
    }

    /// The value of `pos` for its mover and the game's length with best play (the winner
    /// winning as fast as it can, the loser holding out as long as it can); `None` if the
    /// limits stopped the search first.
    pub(crate) fn verdict(&mut self, pos: &Position) -> Option<Verdict> {
        // A game over is known whatever the limits: its verdict costs nothing.
        match pos.outcome() {
            ttt_core::Outcome::Win(_) => {
                return Some(Verdict {
                    value: Value::Loss,
                    plies: 0,
                })
            }
            ttt_core::Outcome::Draw => {
                return Some(Verdict {
                    value: Value::Draw,
                    plies: 0,
                })
            }
            ttt_core::Outcome::InProgress => {}
        }
        if self.stopped {
            return None;
        }
        let mut p = *pos;
        let score = self.search(&mut p, -WIN - 1, WIN + 1);
        (!self.stopped).then(|| verdict_of(score, pos))
    }

    /// Every legal move of `pos` in row-major order, with the verdict it leads to for the
    /// mover (`None` where the limits stopped the search first).
    pub(crate) fn move_verdicts(&mut self, pos: &Position) -> Vec<(Cell, Option<Verdict>)> {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        // The moves that end the game first: their verdicts are known at once, and a search
        // the limits cut short must not leave a win in one move unknown.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| {
            let mut child = *pos;
            child.play_unchecked(moves[i]);
            !child.is_over()
        });
        let mut verdicts = vec![None; moves.len()];
        for i in order {
            let mut child = *pos;
            child.play_unchecked(moves[i]);
            verdicts[i] = self.verdict(&child).map(|v| Verdict {
                value: v.value.for_opponent(),
                plies: v.plies + 1,
            });
        }
        moves.into_iter().zip(verdicts).collect()
    }

    /// Fail-soft negamax: the score of `pos` for its mover if it lies within
    /// `(alpha, beta)`, else a bound on the far side of the window.
    fn search(&mut self, pos: &mut Position, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.since_check += 1;
        if self.since_check >= CHECK_EVERY {
            self.stopped |= self.limits.tick(self.since_check);
            self.since_check = 0;
        }
        if self.stopped {
            return 0;
        }
        match pos.outcome() {
            ttt_core::Outcome::Win(_) => return -WIN,
            ttt_core::Outcome::Draw => return 0,
            ttt_core::Outcome::InProgress => {}
        }
        let me = pos.turn();
        let mut moves: Vec<Cell> = pos.legal_moves().collect();
        // A win at once is the fastest there is.
        if moves.iter().any(|&c| pos.makes_line(c, me)) {
            return WIN - 1;
        }
        let them = me.other();
        let key = key_of(pos);
        if let Some(&(score, bound)) = key.as_ref().and_then(|k| self.table.get(k)) {
            let settled = match bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if settled {
                return score;
            }
        }
        // What a side that can never fill a line scores at best: a draw. Asked after the
        // table, which settles most positions that come again, and of the opponent only
        // where the answer can still cut.
        if self.windows_of != Some(pos.dims()) {
            self.windows = pos.dims().windows().collect();
            self.windows_of = Some(pos.dims());
        }
        let mine_stopped = cannot_fill(pos, me, &self.windows, &mut self.through);
        if mine_stopped && alpha >= 0 {
            return 0;
        }
        if (mine_stopped || beta <= 0) && cannot_fill(pos, them, &self.windows, &mut self.through) {
            return 0;
        }
        // The opponent's winning cells first: most often the only moves that do not lose.
        moves.sort_by_key(|&c| !pos.makes_line(c, them));
        let mut best = -WIN - 1;
        let mut floor = alpha;
        for cell in moves {
            pos.play_unchecked(cell);
            // The child's window, widened by the ply the move adds to a win or a loss.
            let child = self.search(pos, -beta - 1, -floor + 1);
            pos.undo(cell);
            if self.stopped {
                return 0;
            }
            best = best.max(one_ply_up(child));
            floor = floor.max(best);
            if floor >= beta {
                break;
            }
        }
        if let Some(key) = key {
            if self.table.len() < self.most_entries || self.table.contains_key(&key) {
                let bound = if best <= alpha {
                    Bound::Upper
                } else if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                self.table.insert(key, (best, bound));
            }
        }
        best
    }
}

/// Whether `maker` can never fill a line of K cells (of `windows`) at `pos`, by the
/// Erdős–Selfridge weight count: each line without a stone of the other side weighs
/// 2^(`maker`'s stones in it), 2^K once filled. With the other side to move the total must
/// be below 2^K; with `maker` to move, the total and the most one stone adds to it (the
/// weight of the lines through one empty cell). The other side, always taking the empty
/// cell whose lines weigh most, then keeps the total from growing over a pair of moves, so
/// it never reaches a filled line's weight.
///
/// `through` is working space, whatever it holds.
fn cannot_fill(
    pos: &Position,
    maker: Player,
    windows: &[Vec<Cell>],
    through: &mut Vec<u64>,
) -> bool {
    let k = pos.dims().k();
    if k >= 64 {
        return false;
    }
    let whole = 1u64 << k;
    let mut total = 0u64;
    through.clear();
    if pos.turn() == maker {
        through.resize(pos.dims().cells(), 0);
    }
    for cells in windows {
        let mut held = 0;
        let mut blocked = false;
        for &c in cells {
            match pos.get(c) {
                Some(p) if p == maker => held += 1,
                Some(_) => {
                    blocked = true;
                    break;
                }
                None => {}
            }
        }
        if blocked {
            continue;
        }
        let weight = 1u64 << held;
        total += weight;
        if total >= whole {
            return false;
        }
        if !through.is_empty() {
            for &c in cells.iter().filter(|&&c| pos.get(c).is_none()) {
                through[pos.dims().index(c)] += weight;
            }
        }
    }
    total + through.iter().copied().max().unwrap_or(0) < whole
}

/// The score of a position for its mover from the score of a child for the child's mover:
/// turned round, one ply longer.
fn one_ply_up(child: i32) -> i32 {
    match child.signum() {
        1 => -child + 1,
        -1 => -child - 1,
        _ => 0,
    }
}

/// The verdict a score says, for the mover of `pos`.
fn verdict_of(score: i32, pos: &Position) -> Verdict {
    match score.signum() {
        1 => Verdict {
            value: Value::Win,
            plies: (WIN - score) as u32,
        },
        -1 => Verdict {
            value: Value::Loss,
            plies: (WIN + score) as u32,
        },
        // Neither side has a forbidden point under these rules: a drawn game fills the board.
        _ => Verdict {
            value: Value::Draw,
            plies: pos.count_blanks() as u32,
        },
    }
}

/// The table's key for `pos`: the cells of each side (the side to move follows from their
/// counts); `None` on a board too big for the table.
fn key_of(pos: &Position) -> Option<(u128, u128)> {
    let dims = pos.dims();
    if dims.cells() > TABLE_CELLS {
        return None;
    }
    let (mut x, mut o) = (0u128, 0u128);
    for (i, cell) in dims.all_cells().enumerate() {
        match pos.get(cell) {
            Some(ttt_core::Player::X) => x |= 1 << i,
            Some(ttt_core::Player::O) => o |= 1 << i,
            None => {}
        }
    }
    Some((x, o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::testing::{minimax, random_position};
    use ttt_core::{Dims, Rule};

    /// Random positions under `rule` that are not over: `tries` on each board of `boards`
    /// (rows, columns, K, empty cells).
    fn unfinished(
        rng: &mut Rng,
        rule: Rule,
        boards: &[(usize, usize, usize, usize)],
        tries: usize,
    ) -> Vec<Position> {
        let mut found = Vec::new();
        for &(rows, cols, k, empty) in boards {
            let dims = Dims::new(rows, cols, k).unwrap();
            for _ in 0..tries {
                let Some(p) = random_position(rng, dims, empty) else {
                    continue;
                };
                match Position::from_setup_under(&p.setup(), k, rule) {
                    Ok(p) if !p.is_over() => found.push(p),
                    _ => {}
                }
            }
        }
        found
    }

    #[test]
    fn agrees_with_minimax_under_every_rule_it_is_for() {
        let mut rng = Rng::seeded(11);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
            let mut memo = HashMap::new();
            for p in unfinished(
                &mut rng,
                rule,
                &[(4, 4, 3, 10), (3, 5, 3, 11), (5, 5, 4, 10)],
                8,
            ) {
                let expected = match minimax(&p, &mut memo) {
                    1 => Value::Win,
                    0 => Value::Draw,
                    _ => Value::Loss,
                };
                let mut search = Exact::new(Limits::none(), 1 << 24);
                assert_eq!(search.verdict(&p).unwrap().value, expected, "{rule} {p}");
                checked += 1;
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn a_side_the_weight_count_stops_never_wins() {
        let mut rng = Rng::seeded(5);
        let mut stopped = 0;
        for rule in [Rule::Standard, Rule::Caro] {
            let mut memo = HashMap::new();
            for p in unfinished(
                &mut rng,
                rule,
                &[(4, 4, 4, 10), (4, 5, 4, 9), (3, 5, 3, 9)],
                25,
            ) {
                let windows: Vec<Vec<Cell>> = p.dims().windows().collect();
                let mut through = Vec::new();
                let value = minimax(&p, &mut memo);
                if cannot_fill(&p, p.turn(), &windows, &mut through) {
                    assert!(value <= 0, "{rule} {p}");
                    stopped += 1;
                }
                if cannot_fill(&p, p.turn().other(), &windows, &mut through) {
                    assert!(value >= 0, "{rule} {p}");
                    stopped += 1;
                }
            }
        }
        assert!(stopped > 20, "{stopped}");
        // 4 x 4 with exactly four: ten lines weigh 1 each out of 16, and X's first stone adds
        // at most 3: neither side can fill one, a draw at the root, searched no further.
        let p = Position::with_rule(Dims::new(4, 4, 4).unwrap(), Rule::Standard).unwrap();
        let mut search = Exact::new(Limits::none(), 1 << 20);
        assert_eq!(search.verdict(&p).map(|v| v.value), Some(Value::Draw));
        assert_eq!(search.nodes(), 1);
    }

    #[test]
    fn lengths_are_the_fastest_win_and_the_slowest_loss() {
        // X X .
        // O O .    X to move wins at once; O to move (were it) too
        // . . .
        let setup = ttt_core::Setup::from_notation("XX./OO./...").unwrap();
        let p = Position::from_setup_under(&setup, 3, Rule::Standard).unwrap();
        let mut search = Exact::new(Limits::none(), 1 << 20);
        assert_eq!(
            search.verdict(&p),
            Some(Verdict {
                value: Value::Win,
                plies: 1
            })
        );
        let tic_tac_toe = Position::with_rule(Dims::new(3, 3, 3).unwrap(), Rule::Caro).unwrap();
        assert_eq!(
            search.verdict(&tic_tac_toe),
            Some(Verdict {
                value: Value::Draw,
                plies: 9
            })
        );
    }

    #[test]
    fn out_of_time_it_claims_nothing() {
        let p = Position::with_rule(Dims::new(5, 5, 4).unwrap(), Rule::Standard).unwrap();
        let mut search = Exact::new(Limits::none().within(std::time::Duration::ZERO), 1 << 20);
        assert_eq!(search.verdict(&p), None);
    }
}
