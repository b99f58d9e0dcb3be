//! Certificates that the defender of a draw section never completes a line, in the proof's
//! words: the Erdős–Selfridge weight count (`potential`), then a pairing. They are the
//! solver's own certificates ([`crate::certificates`]), written out so that the checker can
//! verify them with the rules alone.

use ttt_core::{Player, Position, Rule};

use crate::board::bits::bit;
use crate::board::Board;
use crate::certificates::erdos_selfridge;
use crate::certificates::pairing::{Pairing, PairingSearch};

/// Finds certificates, keeping the pairing's working space between calls.
#[derive(Debug, Default)]
pub(crate) struct Certify {
    pairing: Pairing,
}

impl Certify {
    /// A certificate that `attacker` (keeping at least a draw) stops the other side from
    /// ever completing a line at `pos` (whose board is `board`), as the words after the node's number, with the cells
    /// it rests on (its relevance zone, see [`crate::search::zone`]; every bit beyond 128
    /// cells), or `None`.
    pub(crate) fn certificate(
        &mut self,
        pos: &Position,
        board: &Board,
        attacker: Player,
    ) -> Option<(String, u128)> {
        if pos.rule() == Rule::Renju && attacker == Player::X {
            // X's answers could be forbidden points.
            return None;
        }
        self.on_board(board, attacker)
    }

    /// The same on the solver's board of the position.
    fn on_board(&mut self, board: &Board, attacker: Player) -> Option<(String, u128)> {
        let maker = attacker.other();
        if erdos_selfridge::cannot_win(board, maker) {
            // The weights are those of the lines open to the maker: marks elsewhere add none.
            return Some(("potential".to_string(), board.open_cells(maker)));
        }
        if !self.pairing.find(board, maker, PairingSearch::Proof) {
            return None;
        }
        let mut words = String::from("pairing");
        let mut zone = 0u128;
        for (a, b) in self.pairing.pairs() {
            zone |= bit(a) | bit(b);
            let (a, b) = (board.cell(a), board.cell(b));
            words.push_str(&format!(" {},{}-{},{}", a.row, a.col, b.row, b.col));
        }
        if board.dims().cells() > 128 {
            zone = u128::MAX;
        }
        Some((words, zone))
    }

    /// Whether a certificate holds for `attacker` after the side to move plays `cell` on
    /// `board` (restored before returning).
    pub(crate) fn holds_after(&mut self, board: &mut Board, cell: usize, attacker: Player) -> bool {
        let mover = board.turn();
        board.play(cell);
        let maker = attacker.other();
        let holds = erdos_selfridge::cannot_win(board, maker)
            || self.pairing.find(board, maker, PairingSearch::Greedy);
        board.undo(cell);
        debug_assert_eq!(board.turn(), mover);
        holds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Dims;

    #[test]
    fn an_empty_board_too_small_for_a_line_of_five_holds_by_weight() {
        let pos = Position::new(Dims::new(5, 5, 5).unwrap());
        assert_eq!(
            Certify::default()
                .certificate(&pos, &Board::new(&pos), Player::O)
                .map(|(words, _)| words)
                .as_deref(),
            Some("potential")
        );
    }

    #[test]
    fn renju_gives_x_no_certificate() {
        let pos = Position::with_rule(Dims::new(5, 5, 5).unwrap(), Rule::Renju).unwrap();
        assert_eq!(
            Certify::default().certificate(&pos, &Board::new(&pos), Player::X),
            None
        );
    }
}
