//! The takeback rule: how many moves stay when a person takes a move back. Against a
//! program, the person's last move goes with the program's reply to it (taking back only the
//! reply would let the program move again at once); between two people, the last move.
//!
//! ```
//! use ttt_core::Player;
//! use ttt_play::takeback::{keeps, Opponent};
//! // X, O, X played; O (a person) takes back against the computer: only X's first move stays.
//! assert_eq!(keeps(3, Player::O, Opponent::Machine), Some(1));
//! // Between two people the last move goes, whoever asks.
//! assert_eq!(keeps(3, Player::O, Opponent::Person), Some(2));
//! assert_eq!(keeps(0, Player::X, Opponent::Person), None);
//! ```

use ttt_core::Player;

/// Who plays against the person asking for the takeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Another person at the same screen.
    Person,
    /// A program: one of our levels or an outside engine.
    Machine,
}

/// How many of `moves` moves stay when `asker` takes a move back against `opponent`;
/// `None` when there is nothing to take back.
#[must_use]
pub fn keeps(moves: usize, asker: Player, opponent: Opponent) -> Option<usize> {
    match opponent {
        Opponent::Machine => before_last_move_of(moves, asker),
        Opponent::Person => moves.checked_sub(1),
    }
}

/// How many of `moves` moves were played before `side`'s last move; `None` if `side` has
/// not moved. X plays the even plies, O the odd ones.
#[must_use]
pub fn before_last_move_of(moves: usize, side: Player) -> Option<usize> {
    let parity = usize::from(side == Player::O);
    (0..moves).rev().find(|&ply| ply % 2 == parity)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn against_a_program_the_reply_goes_too() {
        assert_eq!(keeps(0, Player::X, Opponent::Machine), None);
        assert_eq!(keeps(1, Player::O, Opponent::Machine), None);
        assert_eq!(keeps(2, Player::X, Opponent::Machine), Some(0));
        assert_eq!(keeps(2, Player::O, Opponent::Machine), Some(1));
        assert_eq!(keeps(5, Player::X, Opponent::Machine), Some(4));
        assert_eq!(keeps(5, Player::O, Opponent::Machine), Some(3));
    }

    #[test]
    fn a_side_last_move_by_parity() {
        assert_eq!(before_last_move_of(0, Player::X), None);
        assert_eq!(before_last_move_of(3, Player::X), Some(2));
        assert_eq!(before_last_move_of(3, Player::O), Some(1));
    }
}
