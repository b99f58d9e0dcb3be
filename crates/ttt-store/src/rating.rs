//! Ratings as the store keeps them: which board a game is rated on, whose rating moves (a
//! player, a computer level, an operator's engine), and a rating read back, as of a time
//! (its RD grown by the days since its last game).

use serde::Serialize;
use ttt_core::{Dims, Preset, Rule};
use ttt_rating::{Rating, Settings};

use crate::{name_key, Participant};

/// The settings every rating follows: lichess's.
pub const RATING_SETTINGS: Settings = Settings::LICHESS;

/// Seconds in a day, for the RD that grows back while a player is away.
const DAY: f64 = 86_400.0;

/// The board a game with these dimensions and rule is rated on: the preset's name under
/// free-style (`classic`, `four-by-four`, `five-by-five`, `six-by-seven`, `gomoku`), and
/// `PRESET-RULE` under another rule (`gomoku-renju`). Other boards are not rated.
///
/// ```
/// use ttt_core::Rule;
/// use ttt_store::rating_board;
/// assert_eq!(rating_board(3, 3, 3, Rule::Freestyle).as_deref(), Some("classic"));
/// assert_eq!(rating_board(15, 15, 5, Rule::Renju).as_deref(), Some("gomoku-renju"));
/// assert_eq!(rating_board(7, 7, 4, Rule::Freestyle), None);
/// ```
#[must_use]
pub fn rating_board(rows: usize, cols: usize, k: usize, rule: Rule) -> Option<String> {
    let dims = Dims::new(rows, cols, k).ok()?;
    let preset = Preset::ALL.into_iter().find(|p| p.dims() == dims)?;
    Some(match rule {
        Rule::Freestyle => preset.name().to_string(),
        other => format!("{}-{}", preset.name(), other.name()),
    })
}

/// Every board a rating can be on, in the presets' order, each rule after free-style.
#[must_use]
pub fn rating_boards() -> Vec<String> {
    Preset::ALL
        .into_iter()
        .flat_map(|p| {
            let d = p.dims();
            [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro]
                .into_iter()
                .filter(move |r| r.check_k(d.k()).is_ok())
                .filter_map(move |r| rating_board(d.rows(), d.cols(), d.k(), r))
        })
        .collect()
}

/// Whose rating a side of a game moves, as the store keys it: a player's name key, or
/// `computer:LEVEL`, or `engine:NAME`.
pub(crate) fn subject(who: &Participant) -> String {
    match who {
        Participant::Human { name } => name_key(name),
        Participant::Computer { level } => format!("computer:{level}"),
        Participant::Engine { name } => format!("engine:{name}"),
    }
}

/// A rating on one board, as of the moment it was read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardRating {
    /// The board ([`rating_board`]).
    pub board: String,
    /// The rating, rounded to a whole number.
    pub rating: f64,
    /// Its deviation, grown by the days since the last rated game.
    pub rd: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played on this board.
    pub games: u64,
    /// Whether RD is over the provisional mark (shown `1523?`).
    pub provisional: bool,
}

impl BoardRating {
    /// The rating kept (in millionths) for `games` rated games, last at `rated_at`, as of
    /// `now`.
    pub(crate) fn read(board: String, kept: Rating, games: u64, rated_at: i64, now: i64) -> Self {
        let r = as_of(kept, rated_at, now);
        BoardRating {
            board,
            rating: r.rating.round(),
            rd: r.rd.round(),
            volatility: r.volatility,
            games,
            provisional: r.provisional,
        }
    }
}

/// A rating kept at `rated_at` as of `now`: its RD grown by the days between.
pub(crate) fn as_of(kept: Rating, rated_at: i64, now: i64) -> Rating {
    #[allow(clippy::cast_precision_loss)] // seconds since the last game: far below 2^52
    let days = (now - rated_at).max(0) as f64 / DAY;
    kept.after_idle(days, &RATING_SETTINGS)
}

/// One point of a rating's history: after a rated game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingPoint {
    /// The board.
    pub board: String,
    /// The game's id among the finished games.
    pub game_id: i64,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation after it.
    pub rd: f64,
    /// When, in seconds since the Unix epoch.
    pub at: i64,
}

/// One row of a board's ranking: who, and their rating.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatedEntry {
    /// A player (by name), a computer level or an engine: `kind` and `name` or `level`, as
    /// a game's players are written.
    #[serde(flatten)]
    pub who: Participant,
    /// Their rating on the board.
    #[serde(flatten)]
    pub rating: BoardRating,
}

/// Millionths, as the database keeps ratings.
pub(crate) fn to_micro(x: f64) -> i64 {
    // Ratings, deviations and volatilities are far inside i64's range in millionths.
    #[allow(clippy::cast_possible_truncation)]
    let n = (x * 1e6).round() as i64;
    n
}

/// Back from millionths.
pub(crate) fn from_micro(n: i64) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let x = n as f64 / 1e6;
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_its_boards() {
        let boards = rating_boards();
        assert_eq!(boards[0], "classic");
        for b in ["gomoku", "gomoku-standard", "gomoku-renju", "gomoku-caro"] {
            assert!(boards.contains(&b.to_string()), "{boards:?}");
        }
        assert!(!boards.contains(&"classic-renju".to_string()));
        assert_eq!(from_micro(to_micro(1_523.456_789)), 1_523.456_789);
    }
}
