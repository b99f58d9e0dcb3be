//! The lobby's seeks: a game someone is looking for an opponent for, open until accepted.

use serde::Serialize;
use ttt_core::{Opening, Rule, TimeControl};

/// Which mark the seeker plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeekColor {
    /// Drawn by lot when accepted.
    Random,
    /// X (moves first).
    X,
    /// O.
    O,
}

impl SeekColor {
    /// The word stored and used in JSON: `random`, `X` or `O`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SeekColor::Random => "random",
            SeekColor::X => "X",
            SeekColor::O => "O",
        }
    }

    /// Reads [`as_str`](SeekColor::as_str)'s words back.
    #[must_use]
    pub fn from_word(word: &str) -> Option<SeekColor> {
        [SeekColor::Random, SeekColor::X, SeekColor::O]
            .into_iter()
            .find(|c| c.as_str() == word)
    }
}

/// A game someone is looking for an opponent for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Seek {
    /// The unguessable id it is reached by.
    pub id: String,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How many in a row win.
    pub k: usize,
    /// What wins.
    pub rule: Rule,
    /// How the two settle who plays X.
    pub opening: Opening,
    /// The clock.
    pub time_control: TimeControl,
    /// Whether the game moves the players' ratings.
    pub rated: bool,
    /// Made by quick pairing: matched by rating.
    pub quick: bool,
    /// Which mark the seeker plays.
    pub color: SeekColor,
    /// The seeker's name.
    pub seeker: String,
    /// Whether the seeker is signed in to the account of that name.
    pub seeker_account: bool,
    /// The hash of the seeker's secret: theirs alone, and their seat's in the game.
    pub token_hash: String,
    /// The seeker's rating on the board, where they have one.
    pub rating: Option<i64>,
    /// Whether that rating is provisional (its deviation still large): shown `1523?`.
    pub rating_provisional: bool,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// When its page last said it was open, in milliseconds since the Unix epoch.
    pub alive_ms: i64,
    /// The game it became, once accepted.
    pub game: Option<String>,
    /// Who accepted it.
    pub accepted_by: Option<String>,
}
