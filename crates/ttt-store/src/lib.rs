//! Persistence for `ttt`: human players with their wins, losses and ties, and every finished
//! game (players, board, moves, result, time).
//!
//! This is the only crate with SQL. Callers code against the [`Store`] trait, so another
//! backend (PostgreSQL for the web server) can be added here without touching them; today
//! there is [`SqliteStore`], one file in the user's data directory ([`default_db_path`]).
//!
//! What the store promises:
//! - A game is recorded with its players' counters in one transaction, the counters
//!   incremented in SQL, so a crash loses nothing and concurrent writers (two `ttt`
//!   processes, or threads) lose no update.
//! - A file that is not a database this build can use is refused with a [`StoreError`] that
//!   names it and says why, and is never overwritten, truncated or recreated.
//! - The schema is versioned by numbered migrations embedded in the binary.
//!
//! Player names are kept exactly as given (callers trim them) and are case-sensitive.
//!
//! ```
//! use ttt_core::Cell;
//! use ttt_store::{GameResult, NewGame, Participant, SqliteStore, Store};
//!
//! let store = SqliteStore::open_in_memory()?;
//! // X O X
//! // X O O   a draw between two friends
//! // O X X
//! let moves = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)];
//! let id = store.record_game(&NewGame {
//!     rows: 3, cols: 3, k: 3,
//!     x: Participant::human("Ann"),
//!     o: Participant::human("Bo"),
//!     moves: moves.map(|(r, c)| Cell::new(r, c)).to_vec(),
//!     result: GameResult::Draw,
//! })?;
//!
//! assert_eq!(store.player("Bo")?.unwrap().ties, 1);
//! assert_eq!(store.recent_games(Some("Ann"), 10)?[0].id, id);
//! # Ok::<(), ttt_store::StoreError>(())
//! ```

mod error;
mod game;
mod migrations;
mod name;
mod player;
mod sqlite;

use std::path::PathBuf;

pub use error::StoreError;
pub use game::{GameRecord, GameResult, NewGame, Participant};
pub use name::{check_name, NameError, MAX_NAME_CHARS};
pub use player::PlayerStats;
pub use sqlite::SqliteStore;

/// Where players and games are kept. Shareable between threads; every method is one
/// complete operation (its own transaction where it writes).
pub trait Store: Send + Sync {
    /// The player called `name` (exact, case-sensitive), or `None` if there is none.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn player(&self, name: &str) -> Result<Option<PlayerStats>, StoreError>;

    /// Records a finished game and updates the human players' counters in one transaction
    /// (incremented in SQL, so concurrent games all count). Returns the new game's id.
    ///
    /// Human players who do not exist yet are created. Computer players have no counters.
    /// Counters are per side: someone who plays both sides under one name gets a win and a
    /// loss (or two ties) from one game.
    ///
    /// # Errors
    /// [`StoreError::InvalidGame`] when [`NewGame::check`] fails (nothing is recorded);
    /// otherwise when the database cannot be written.
    fn record_game(&self, game: &NewGame) -> Result<i64, StoreError>;

    /// Every player, best first: most wins, then win rate, then fewest losses, then name
    /// (see [`PlayerStats::cmp_rank`]).
    ///
    /// # Errors
    /// When the database cannot be read.
    fn players(&self) -> Result<Vec<PlayerStats>, StoreError>;

    /// Up to `limit` games, most recent first; with `player`, only games that human played
    /// (on either side).
    ///
    /// # Errors
    /// When the database cannot be read, or holds a game it cannot make sense of.
    fn recent_games(
        &self,
        player: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError>;

    /// The game with this id, or `None` if there is none.
    ///
    /// # Errors
    /// When the database cannot be read, or the game cannot be made sense of.
    fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError>;
}

/// Where the database lives unless the user says otherwise: `<data dir>/ttt/ttt.db`, where
/// the data directory is the platform's (`$XDG_DATA_HOME` or `~/.local/share` on Linux,
/// `~/Library/Application Support` on macOS, `%APPDATA%` on Windows). `None` when the
/// platform has no such directory (e.g. no home directory).
#[must_use]
pub fn default_db_path() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("ttt").join("ttt.db"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_path_is_in_a_ttt_directory() {
        if let Some(path) = default_db_path() {
            assert!(path.ends_with("ttt/ttt.db"), "{}", path.display());
            assert!(path.is_absolute(), "{}", path.display());
        }
    }
}
