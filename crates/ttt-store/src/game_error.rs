//! Why a game cannot be stored: it could not have been played as described. One type for a
//! finished game ([`NewGame::check`](crate::NewGame::check)) and a game in progress
//! ([`LiveGame::position`](crate::LiveGame::position)), so that a caller can tell a refused
//! game from a database that failed, and a user reads what to change.

use ttt_core::{Cell, DimsError, Opening, Outcome, PlayError, Player, RuleError};

/// What is wrong with a game that cannot have been played as described.
///
/// ```
/// # use ttt_core::{Cell, PlayError};
/// # use ttt_store::GameError;
/// let err = GameError::IllegalMove {
///     number: 2,
///     cell: Cell::new(0, 0),
///     error: PlayError::Occupied(Cell::new(0, 0)),
/// };
/// assert_eq!(err.to_string(), "move 2 at (1, 1): cell (1, 1) is already taken");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The rows, columns and K are not a board.
    #[error("{0}")]
    Board(#[from] DimsError),
    /// The rule cannot be played with this K (renju with other than five).
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// Opening choices that could not have been made with this many stones on the board.
    #[error("the {opening} opening's choices [{choices}] do not fit {stones} stones on the board")]
    Opening {
        /// The opening rule.
        opening: Opening,
        /// The choices, as stored.
        choices: String,
        /// The stones on the board.
        stones: usize,
    },
    /// A move that could not be played where it comes.
    #[error("move {number} at {cell}: {error}")]
    IllegalMove {
        /// Its number, the first move being 1.
        number: usize,
        /// The cell it was played in.
        cell: Cell,
        /// Why it could not be played.
        error: PlayError,
    },
    /// A human with no name.
    #[error("the human playing {side} has an empty name")]
    EmptyName {
        /// The side they play.
        side: Player,
    },
    /// A board asking for too few in a row for the game to count.
    #[error("games of fewer than {min} in a row do not count, and are not recorded")]
    DoesNotCount {
        /// The fewest that count.
        min: usize,
    },
    /// Moves that end the game otherwise than its result says (or do not end it).
    #[error("the moves end in {} but the result says {}", .moves_end.status(), .result.status())]
    WrongResult {
        /// Where the moves lead.
        moves_end: Outcome,
        /// The result given.
        result: Outcome,
    },
    /// A forfeit given in a game its moves had already ended.
    #[error("a forfeit in a game that is over ({})", .0.status())]
    ForfeitAfterTheEnd(Outcome),
    /// A forfeit by the side that was not to move.
    #[error("a forfeit by {0}, who was not to move")]
    ForfeitOutOfTurn(Player),
    /// A forfeit whose reason is empty, too long, or more than one line.
    #[error("a forfeit's reason must be one line of 1 to {max} characters")]
    ForfeitReason {
        /// The most characters a reason may have.
        max: usize,
    },
    /// A forfeit with a result other than the other side's win.
    #[error("{loser} forfeited but the result says {}", .result.status())]
    ForfeitResult {
        /// Who forfeited.
        loser: Player,
        /// The result given.
        result: Outcome,
    },
    /// An ending (a resignation, a timeout, ...) after the board had ended the game.
    #[error("a game that ended on the board ({0:?}) cannot end another way too")]
    EndingAfterTheEnd(Outcome),
    /// An ending whose loser does not fit its reason or the result.
    #[error("a game ended by {reason} cannot have the result {result:?}")]
    EndingResult {
        /// How it ended.
        reason: &'static str,
        /// The result given.
        result: Outcome,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_to_change() {
        let cases = [
            (
                GameError::WrongResult {
                    moves_end: Outcome::InProgress,
                    result: Outcome::Win(Player::X),
                },
                "the moves end in in_progress but the result says x_wins",
            ),
            (
                GameError::ForfeitOutOfTurn(Player::O),
                "a forfeit by O, who was not to move",
            ),
            (
                GameError::EmptyName { side: Player::X },
                "the human playing X has an empty name",
            ),
            (
                GameError::ForfeitAfterTheEnd(Outcome::Draw),
                "a forfeit in a game that is over (draw)",
            ),
        ];
        for (err, text) in cases {
            assert_eq!(err.to_string(), text);
        }
        let board = GameError::from(ttt_core::Dims::new(3, 3, 4).unwrap_err());
        assert!(board.to_string().contains("K = 4"), "{board}");
    }
}
