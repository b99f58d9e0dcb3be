//! A human player's record, and the order of the leader board.
//!
//! The ranking lives here, in Rust, rather than in an `ORDER BY`, so that every backend
//! orders players the same way, and it compares win rates exactly, without floats.

use std::cmp::Ordering;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

/// A human player's name and results. Computer players have no statistics.
///
/// Names are kept exactly as given and compared case-sensitively: `Alice` and `alice` are
/// two players. Trimming is the caller's business.
///
/// Serialised (e.g. for `ttt players --json`) with the derived numbers too:
///
/// ```
/// # use ttt_store::PlayerStats;
/// let ann = PlayerStats { name: "Ann".into(), wins: 3, losses: 1, ties: 0 };
/// assert_eq!(ann.games(), 4);
/// assert_eq!(ann.win_rate(), 0.75);
/// assert_eq!(
///     serde_json::to_string(&ann).unwrap(),
///     r#"{"name":"Ann","wins":3,"losses":1,"ties":0,"games":4,"win_rate":0.75}"#,
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayerStats {
    /// The player's name, exactly as stored.
    pub name: String,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub ties: u64,
}

impl PlayerStats {
    /// A player who has not played yet.
    #[must_use]
    pub fn new(name: impl Into<String>) -> PlayerStats {
        PlayerStats {
            name: name.into(),
            wins: 0,
            losses: 0,
            ties: 0,
        }
    }

    /// Games played: wins + losses + ties.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.ties
    }

    /// Wins as a fraction of games played, from 0.0 to 1.0; 0.0 before the first game.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            // Counters stay far below 2^53, so these conversions are exact.
            games => self.wins as f64 / games as f64,
        }
    }

    /// The leader-board order: most wins, then best win rate, then fewest losses, then most
    /// ties (a tie is better than no game), then name (byte order). `Less` means `self`
    /// ranks higher.
    ///
    /// ```
    /// # use ttt_store::PlayerStats;
    /// let mut board = vec![
    ///     PlayerStats { name: "Bo".into(), wins: 2, losses: 2, ties: 0 },
    ///     PlayerStats { name: "Cy".into(), wins: 5, losses: 9, ties: 0 },
    ///     PlayerStats { name: "Al".into(), wins: 2, losses: 0, ties: 1 },
    ///     PlayerStats { name: "Ann".into(), wins: 0, losses: 0, ties: 0 },
    ///     PlayerStats { name: "Zed".into(), wins: 0, losses: 0, ties: 2 },
    /// ];
    /// board.sort_by(PlayerStats::cmp_rank);
    /// let names: Vec<&str> = board.iter().map(|p| p.name.as_str()).collect();
    /// assert_eq!(names, ["Cy", "Al", "Bo", "Zed", "Ann"]);
    /// ```
    #[must_use]
    pub fn cmp_rank(&self, other: &PlayerStats) -> Ordering {
        other
            .wins
            .cmp(&self.wins)
            .then_with(|| other.cmp_win_rate(self))
            .then_with(|| self.losses.cmp(&other.losses))
            .then_with(|| other.ties.cmp(&self.ties))
            .then_with(|| self.name.cmp(&other.name))
    }

    /// Compares win rates exactly: a/b against c/d as a*d against c*b (no games counts as 0).
    fn cmp_win_rate(&self, other: &PlayerStats) -> Ordering {
        let (a, b) = (u128::from(self.wins), u128::from(self.games().max(1)));
        let (c, d) = (u128::from(other.wins), u128::from(other.games().max(1)));
        (a * d).cmp(&(c * b))
    }
}

/// A player and their place on the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankedPlayer {
    /// 1 for the best player.
    pub rank: u64,
    /// The player and their counts.
    #[serde(flatten)]
    pub stats: PlayerStats,
}

/// Which players a page of the leaderboard shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerFilter {
    /// Those whose name contains this, in any case (everyone for an empty string).
    Containing(String),
    /// The one called this, in any case.
    Named(String),
}

impl PlayerFilter {
    /// Every player.
    #[must_use]
    pub fn everyone() -> PlayerFilter {
        PlayerFilter::Containing(String::new())
    }
}

/// A page of the leaderboard ([`Store::players_page`](crate::Store::players_page)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerPage {
    /// The players of the page, best first.
    pub players: Vec<RankedPlayer>,
    /// How many players match the search, on every page.
    pub total: u64,
}

/// The leaderboard order of [`PlayerStats::cmp_rank`] as SQL, for the `players` table:
/// within equal wins, a better win rate is fewer games (where there are wins; without, every
/// rate is 0 and the next keys decide).
pub(crate) const RANK_ORDER: &str = "wins DESC, \
     CASE WHEN wins > 0 THEN wins + losses + ties ELSE 0 END ASC, \
     losses ASC, ties DESC, name ASC";

impl Serialize for PlayerStats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("PlayerStats", 6)?;
        s.serialize_field("name", &self.name)?;
        s.serialize_field("wins", &self.wins)?;
        s.serialize_field("losses", &self.losses)?;
        s.serialize_field("ties", &self.ties)?;
        s.serialize_field("games", &self.games())?;
        s.serialize_field("win_rate", &self.win_rate())?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(name: &str, wins: u64, losses: u64, ties: u64) -> PlayerStats {
        PlayerStats {
            name: name.into(),
            wins,
            losses,
            ties,
        }
    }

    #[test]
    fn new_player_has_no_games_and_a_zero_rate() {
        let p = PlayerStats::new("Zed");
        assert_eq!(p.games(), 0);
        assert_eq!(p.win_rate(), 0.0);
    }

    #[test]
    fn ranking_applies_each_tie_break_in_turn() {
        let mut board = [
            stats("newcomer", 0, 0, 0),
            stats("b-equal", 1, 1, 0),
            stats("a-equal", 1, 1, 0),
            stats("more-losses", 1, 2, 1),  // rate 1/4
            stats("fewer-losses", 1, 1, 2), // rate 1/4 too
            stats("best-rate", 1, 0, 0),
            stats("most-wins", 9, 20, 0),
            stats("loser", 0, 3, 0),
        ];
        board.sort_by(PlayerStats::cmp_rank);
        let names: Vec<&str> = board.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "most-wins",
                "best-rate",
                "a-equal",
                "b-equal",
                "fewer-losses",
                "more-losses",
                "newcomer",
                "loser",
            ]
        );
    }

    #[test]
    fn win_rates_compare_exactly() {
        // 1/3 and 2/6 are equal; floats would agree here, but not for every such pair.
        let a = stats("a", 1, 2, 0);
        let b = stats("b", 2, 4, 0);
        assert_eq!(a.cmp_win_rate(&b), Ordering::Equal);
        let c = stats("c", u64::MAX / 4, 1, 0);
        let d = stats("d", u64::MAX / 4, 2, 0);
        assert_eq!(c.cmp_win_rate(&d), Ordering::Greater);
    }
}
