//! Which moves a position has, and in what order to try them: the transposition table's
//! move, then by what each move makes for the side to move and takes from the opponent,
//! killers (moves that refuted a sibling) and history (moves that refuted anything).
//!
//! When the opponent threatens an open four (an open three on the board), only the moves
//! that make a four or stand where the opponent's four would are generated: nothing else
//! stops it.

use ttt_core::{ByPlayer, Player};

use crate::board::Board;
use crate::pattern::{Pattern, Threat};

/// What the move ordering remembers across the search.
pub(crate) struct Ordering {
    history: ByPlayer<Vec<i32>>,
    killers: Vec<[usize; 2]>,
}

/// The bonus of the table's move, above any other.
const TABLE_MOVE: i32 = 1 << 28;
const KILLER: i32 = 1 << 12;

impl Ordering {
    pub(crate) fn new(cells: usize, plies: usize) -> Ordering {
        Ordering {
            history: ByPlayer {
                x: vec![0; cells],
                o: vec![0; cells],
            },
            killers: vec![[usize::MAX; 2]; plies],
        }
    }

    /// Ages the history between searches, so that old successes count for less.
    pub(crate) fn age(&mut self) {
        for h in [&mut self.history.x, &mut self.history.o] {
            h.iter_mut().for_each(|v| *v /= 8);
        }
        self.killers.fill([usize::MAX; 2]);
    }

    /// Notes that `at` refuted a sibling at `ply` with `depth` to go.
    pub(crate) fn reward(&mut self, player: Player, at: usize, ply: usize, depth: i32) {
        let h = &mut self.history.get_mut(player)[at];
        *h = (*h + depth * depth).min(1 << 11);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != at {
                k[1] = k[0];
                k[0] = at;
            }
        }
    }

    /// The moves of the side to move, scored for ordering, into `moves`.
    pub(crate) fn generate(
        &self,
        board: &Board,
        ply: usize,
        table_move: Option<usize>,
        moves: &mut Vec<(usize, i32)>,
    ) {
        moves.clear();
        let me = board.turn();
        let defending = is_defending(board);
        let killers = self.killers.get(ply).copied().unwrap_or([usize::MAX; 2]);
        let history = self.history.get(me);
        for &at in board.grid() {
            if !is_move(board, at, defending) {
                continue;
            }
            let mut score = board.prior(at) + history[at];
            if Some(at) == table_move {
                score += TABLE_MOVE;
            } else if killers.contains(&at) {
                score += KILLER;
            }
            moves.push((at, score));
        }
    }
}

/// Whether the side to move faces an open four next move (an open three of the opponent's
/// on the board): then only a four of its own, or a stone where the opponent's four would
/// stand, can be a move.
pub(crate) fn is_defending(board: &Board) -> bool {
    board.count_at_least(board.turn().other(), Threat::FlexFour) > 0
}

/// Whether the side to move considers `at` at all: an empty cell near the stones, not
/// forbidden, and when `defending` ([`is_defending`]), a four or a defence.
pub(crate) fn is_move(board: &Board, at: usize, defending: bool) -> bool {
    let me = board.turn();
    board.is_candidate(at)
        && (!defending
            || board.threat(at, me).is_four()
            || board
                .patterns(at, me.other())
                .iter()
                .any(|&p| p >= Pattern::B4))
        && !board.is_forbidden(at)
}

/// Moves the best-scored of `moves[from..]` to `from` and returns it.
pub(crate) fn pick(moves: &mut [(usize, i32)], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..moves.len() {
        if moves[i].1 > moves[best].1 {
            best = i;
        }
    }
    moves.swap(from, best);
    moves[from].0
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Cell, Rule};

    #[test]
    fn an_open_three_leaves_only_its_defences() {
        let mut board = Board::new(15, 15, Rule::Freestyle);
        // O's open three across row 7; X has a stone elsewhere, X to move.
        for c in [6, 7, 8] {
            let at = board.index(Cell::new(7, c));
            board.place(at, Player::O);
        }
        for (r, c) in [(3, 3), (11, 11)] {
            let at = board.index(Cell::new(r, c));
            board.place(at, Player::X);
        }
        board.set_turn(Player::X);
        let mut moves = Vec::new();
        Ordering::new(board.framed_len(), 8).generate(&board, 0, None, &mut moves);
        let cells: Vec<Cell> = moves.iter().map(|&(at, _)| board.cell(at)).collect();
        assert!(cells.contains(&Cell::new(7, 5)) && cells.contains(&Cell::new(7, 9)));
        assert!(cells.iter().all(|c| c.row == 7), "{cells:?}");
        let first = pick(&mut moves, 0);
        assert!([Cell::new(7, 5), Cell::new(7, 9)].contains(&board.cell(first)));
    }
}
