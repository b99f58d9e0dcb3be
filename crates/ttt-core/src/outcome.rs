//! How a game stands: going on, won, or drawn. One type, so that "the game is still going"
//! is a value to match on rather than an absence.

use crate::Player;

/// The state of a game: still going, won, or drawn. "Still going" is a variant, not `None`.
///
/// ```
/// use ttt_core::{Outcome, Player, Position, Setup};
///
/// // X X X
/// // O O .
/// // . . .
/// let won = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
/// assert_eq!(won.outcome(), Outcome::Win(Player::X));
/// assert_eq!(won.outcome().to_string(), "X has won");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nobody has a line and there are empty cells.
    InProgress,
    /// This player has K (or more) in a row.
    Win(Player),
    /// The board is full and nobody has a line.
    Draw,
}

impl Outcome {
    /// Whether the game has ended.
    ///
    /// ```
    /// # use ttt_core::{Outcome, Player};
    /// assert!(Outcome::Draw.is_over() && Outcome::Win(Player::O).is_over());
    /// assert!(!Outcome::InProgress.is_over());
    /// ```
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::InProgress)
    }

    /// The winner, if any.
    ///
    /// ```
    /// # use ttt_core::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::X).winner(), Some(Player::X));
    /// assert_eq!(Outcome::Draw.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            _ => None,
        }
    }

    /// The status word used in JSON: `in_progress`, `x_wins`, `o_wins` or `draw`.
    ///
    /// ```
    /// # use ttt_core::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::O).status(), "o_wins");
    /// ```
    #[must_use]
    pub const fn status(self) -> &'static str {
        match self {
            Outcome::InProgress => "in_progress",
            Outcome::Win(Player::X) => "x_wins",
            Outcome::Win(Player::O) => "o_wins",
            Outcome::Draw => "draw",
        }
    }
}

/// In words for people: "X has won", "a draw" or "in progress".
impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::InProgress => f.write_str("in progress"),
            Outcome::Win(p) => write!(f, "{p} has won"),
            Outcome::Draw => f.write_str("a draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_words() {
        assert_eq!(Outcome::InProgress.status(), "in_progress");
        assert_eq!(Outcome::Win(Player::O).status(), "o_wins");
        assert!(Outcome::Draw.is_over());
        assert_eq!(Outcome::Win(Player::X).winner(), Some(Player::X));
        assert_eq!(Outcome::Draw.winner(), None);
        assert_eq!(Outcome::Win(Player::O).to_string(), "O has won");
        assert_eq!(Outcome::Draw.to_string(), "a draw");
    }
}
