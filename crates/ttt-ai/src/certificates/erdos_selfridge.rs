//! The Erdős–Selfridge criterion: a weight count that proves a side can never complete a
//! line, in time linear in the board.
//!
//! Give each window still open to the attacker the weight 2^-(cells it still needs). Whenever
//! the defender takes the cell whose windows weigh most, the total never grows over a pair of
//! moves, and a completed line alone would weigh 1. So a total below 1 with the defender to
//! move settles it; with the attacker to move, the total plus the most its move can add must
//! stay below 1. The board keeps the total (times 2^K) up to date move by move.

use ttt_core::Player;

use crate::board::Board;

/// Whether `attacker`'s total is below `limit`: only then is one defending move likely to
/// leave a certificate, and worth looking for.
pub(crate) fn is_nearly_safe_from(board: &Board, attacker: Player, limit: u64) -> bool {
    board.danger(attacker) < limit << board.k()
}

/// Whether the criterion proves that `attacker` can never complete a line.
pub(crate) fn cannot_win(board: &Board, attacker: Player) -> bool {
    let k = board.k() as u32;
    let total = board.danger(attacker);
    if total >= 1 << k {
        return false;
    }
    if board.turn() != attacker {
        return true;
    }
    if total * 2 < 1 << k {
        return true;
    }
    // The attacker's best move adds the weight of the open windows through it.
    let (mine, theirs) = (board.counts(attacker), board.counts(attacker.other()));
    let most = (0..board.cells())
        .filter(|&c| board.is_empty(c))
        .map(|c| {
            board
                .windows_through(c)
                .iter()
                .filter(|&&w| theirs[w as usize] == 0)
                .map(|&w| 1u64 << mine[w as usize])
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0);
    total + most < 1 << k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::minimax;
    use ttt_core::{Dims, Position};

    /// Whenever the criterion says a side cannot win, minimax agrees.
    #[test]
    fn never_claims_too_much() {
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
                if cannot_win(&board, me) {
                    assert!(value <= 0, "{p}: {me:?} can win");
                    claims += 1;
                }
                if cannot_win(&board, me.other()) {
                    assert!(value >= 0, "{p}: {:?} can win", me.other());
                    claims += 1;
                }
            }
        }
        // The test has teeth: the criterion settles many of these positions.
        assert!(claims > 1000, "{claims}");
    }
}
