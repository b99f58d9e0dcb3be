//! Persistence for `ttt`: human players with their wins, losses and ties, and every finished
//! game (players, board, moves, result, time).
//!
//! This is the only crate with SQL. Callers code against the [`Store`] trait and pick a
//! backend by [`Location`]: [`SqliteStore`], one file in the user's data directory
//! ([`default_db_path`]), for the console, the window and a single server; [`PgStore`], a
//! PostgreSQL database that several servers share. Both run the same statements, written
//! once (`sql`); each backend only executes them, and keeps what only it has (opening an
//! SQLite file with care, PostgreSQL's pool and notifications).
//!
//! What the store promises:
//! - A game is recorded with its players' counters in one transaction, the counters
//!   incremented in SQL, so a crash loses nothing and concurrent writers (two `ttt`
//!   processes, or threads) lose no update.
//! - A file that is not a database this build can use is refused with a [`StoreError`] that
//!   names it and says why, and is never overwritten, truncated or recreated.
//! - The schema is versioned by numbered migrations embedded in the binary.
//!
//! Player names are kept as first spelled (callers trim them) and compared without regard
//! to case ([`name_key`]): "Alice" and "alice" are one player.
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
//!     hints: Default::default(),
//!     forfeit: None,
//!     rule: Default::default(), // free-style: K or more in a row wins
//!     opening: Default::default(), // none: X moves first on the empty board
//!     rated: false, // ratings stay as they are
//!     ending: None, // played to its end on the board
//!     time_control: Default::default(), // no clock
//! })?;
//!
//! assert_eq!(store.player("Bo")?.unwrap().ties, 1);
//! assert_eq!(store.recent_games(Some("Ann"), 10)?[0].id, id);
//! # Ok::<(), ttt_store::StoreError>(())
//! ```

mod account;
mod admin;
#[cfg(test)]
mod contract;
mod error;
mod game;
mod game_error;
mod live;
mod location;
mod migrations;
mod name;
mod participant;
mod player;
mod postgres;
mod rating;
mod seek;
mod sql;
mod sqlite;

use std::path::PathBuf;

pub use account::{Account, ClaimRefused, NameStatus, SignUpRefused};
pub use admin::{AdminDone, AdminRefused, AuditEntry, Operator, REMOVED_PLAYER};
pub use error::StoreError;
pub use game::{
    EndReason, Ending, Forfeit, GameRecord, GameResult, NewGame, MAX_REASON_CHARS,
    MIN_K_THAT_COUNTS,
};
pub use game_error::GameError;
pub use live::{unix_now, Invite, LiveGame, LiveSeat};
pub use location::Location;
pub use name::{check_name, is_guest, name_key, skeleton, NameError, GUEST, MAX_NAME_CHARS};
pub use participant::{Participant, ENGINE_PREFIX};
pub use player::{PlayerFilter, PlayerPage, PlayerStats, RankedPlayer};
pub use postgres::PgStore;
pub use rating::{
    rating_board, rating_boards, BoardRating, RatedEntry, RatingPoint, RATING_SETTINGS,
};
pub use seek::{Seek, SeekColor};
pub use sqlite::{Health, SqliteStore};

/// Where players and games are kept. Shareable between threads; every method is one
/// complete operation (its own transaction where it writes).
pub trait Store: Send + Sync {
    /// The player called `name` (in any case: see [`name_key`]), or `None` if there is
    /// none. The name returned is the one first spelled.
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

    /// A page of the leaderboard: up to `limit` players from the `offset`th on, in the
    /// order of [`Store::players`], of those `filter` picks, each with their rank among all
    /// players; and how many players it picks.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn players_page(
        &self,
        filter: &PlayerFilter,
        limit: usize,
        offset: usize,
    ) -> Result<PlayerPage, StoreError>;

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

    /// Stores a new game in progress (its version must be 0).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if a game with its id (or its invitation's code) exists;
    /// [`StoreError::InvalidGame`] if its moves could not have been played; otherwise when
    /// the database cannot be written.
    fn create_live_game(&self, game: &LiveGame) -> Result<(), StoreError>;

    /// The game in progress with this id, or `None` if there is none (or it was cleaned up).
    ///
    /// # Errors
    /// When the database cannot be read, or the game cannot be made sense of.
    fn live_game(&self, id: &str) -> Result<Option<LiveGame>, StoreError>;

    /// The game in progress whose invitation has this code, or `None`.
    ///
    /// # Errors
    /// As [`Store::live_game`].
    fn live_game_by_invite(&self, code: &str) -> Result<Option<LiveGame>, StoreError>;

    /// Saves `game` over the stored one, if the stored one is still at `game.version`: its
    /// fields and its moves (moves past the new ones are taken back). When the moves end the
    /// game and it has not been recorded, records it for the statistics in the same
    /// transaction. Returns the game as saved: its version one more, its `updated_at` now,
    /// and its `record_id` set once recorded.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another save came first (or the game is gone): nothing
    /// was changed; [`StoreError::InvalidGame`] for moves that could not have been played;
    /// otherwise when the database cannot be written.
    fn save_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError>;

    /// Removes the games in progress last saved before `idle_before`, and the finished ones
    /// last saved before `finished_before` (seconds since the Unix epoch), with their moves;
    /// finished games stay recorded. Returns how many went.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn remove_stale_live_games(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> Result<usize, StoreError>;

    /// The ids of up to `limit` games in progress whose running clock has run out by
    /// `now_ms` (milliseconds since the Unix epoch), soonest first: the servers' watch for
    /// timeouts.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn games_out_of_time(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError>;

    /// Marks `side`'s player of game `id` as having its page open at `at_ms` (milliseconds
    /// since the Unix epoch; never moved back), without changing the game's version.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn mark_seen(&self, id: &str, side: ttt_core::Player, at_ms: i64) -> Result<(), StoreError>;

    /// Stores a new seek.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for a seek with its id; when the database cannot be written.
    fn create_seek(&self, seek: &Seek) -> Result<(), StoreError>;

    /// Up to `limit` seeks open (not accepted) and alive since `alive_since_ms`, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn open_seeks(&self, alive_since_ms: i64, limit: usize) -> Result<Vec<Seek>, StoreError>;

    /// The seek `id`, open or accepted.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError>;

    /// Marks the open seek `id` alive at `at_ms` (its page is open).
    ///
    /// # Errors
    /// When the database cannot be written.
    fn keep_seek_alive(&self, id: &str, at_ms: i64) -> Result<(), StoreError>;

    /// Takes the seek `id` for `game`, accepted by `by`, if it is still open and was alive
    /// since `alive_since_ms`; whether it was (of two accepting at once, one gets it).
    ///
    /// # Errors
    /// When the database cannot be written.
    fn accept_seek(
        &self,
        id: &str,
        game: &str,
        by: &str,
        alive_since_ms: i64,
    ) -> Result<bool, StoreError>;

    /// Removes the open seek `id`; whether there was one.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn remove_seek(&self, id: &str) -> Result<bool, StoreError>;

    /// Removes the seeks not alive since `before_ms` (gone, or accepted long ago); how many.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn remove_old_seeks(&self, before_ms: i64) -> Result<usize, StoreError>;

    /// How many games in progress (or finished lately) are kept.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn live_game_count(&self) -> Result<usize, StoreError>;

    /// What `name` is, `now`, to someone who wants to play or sign up under it: new, a
    /// player's with games, an account's, held after an account was deleted, or like
    /// another player's (see [`skeleton`]).
    ///
    /// # Errors
    /// When the database cannot be read.
    fn name_status(&self, name: &str, now: i64) -> Result<NameStatus, StoreError>;

    /// Makes an account called `name` with this password hash, at `now`: the name as
    /// stored, or why not. A name with games needs the hash of a claim code made for it
    /// ([`Store::create_claim`]), which it uses up.
    ///
    /// # Errors
    /// When the database cannot be written ([`StoreError::Conflict`] if another account
    /// took the name at the same moment).
    fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: i64,
        claim_code_hash: Option<&str>,
    ) -> Result<Result<String, SignUpRefused>, StoreError>;

    /// The account called `name` (in any case), or `None`.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn account(&self, name: &str) -> Result<Option<Account>, StoreError>;

    /// Every account, oldest first (with its password's hash: the caller decides what to
    /// show).
    ///
    /// # Errors
    /// When the database cannot be read.
    fn accounts(&self) -> Result<Vec<Account>, StoreError>;

    /// Sets the password hash of the account called `name`; whether there is one.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn set_password(&self, name: &str, password_hash: &str, now: i64) -> Result<bool, StoreError>;

    /// Deletes the account called `name` with its sessions, and holds its name from
    /// everyone until `hold_until`; the player's games stay. Whether there was one.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn delete_account(&self, name: &str, hold_until: i64) -> Result<bool, StoreError>;

    /// Keeps a session (its token's hash) of the account called `name`.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn create_session(
        &self,
        token_hash: &str,
        name: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError>;

    /// The name of the account whose session has this token hash, unless it has expired
    /// by `now` (or ended).
    ///
    /// # Errors
    /// When the database cannot be read.
    fn session(&self, token_hash: &str, now: i64) -> Result<Option<String>, StoreError>;

    /// Ends the session with this token hash.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn end_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Ends every session of the account called `name` but the one with the token hash
    /// `except`; how many ended (expired sessions of anyone go too).
    ///
    /// # Errors
    /// When the database cannot be written.
    fn end_sessions(&self, name: &str, except: Option<&str>, now: i64) -> Result<u64, StoreError>;

    /// Keeps the hash of a code that lets its holder sign up under `name`, a name with games
    /// and no account, until `expires_at`: the name as stored, or why not.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn create_claim(
        &self,
        name: &str,
        code_hash: &str,
        expires_at: i64,
    ) -> Result<Result<String, ClaimRefused>, StoreError>;

    /// Renames the player `old` (in any case) to `new` everywhere: their games, counters,
    /// account, sessions, claim, ratings and rating history, and the seats of their games in
    /// progress; with an audit row. `new` must be a name nobody has and that looks like no
    /// other player's (as [`Store::name_status`] finds it), or `old` in another case.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn rename_player(
        &self,
        old: &str,
        new: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError>;

    /// Merges the player `from` into `into`: counters added, games and seats moved, `from`'s
    /// account and sessions deleted (only when `force`d if it has an account); `into` keeps
    /// its ratings and takes `from`'s on boards it has none on; with an audit row.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn merge_players(
        &self,
        from: &str,
        into: &str,
        force: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError>;

    /// Deletes the player `name` with their counters, ratings and claim; their side of
    /// finished games (and seats of games in progress) becomes [`REMOVED_PLAYER`]'s; their
    /// account, if any, is deleted and its name held until `hold_until`; with an audit row.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn delete_player(
        &self,
        name: &str,
        hold_until: i64,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError>;

    /// Disables the account called `name` (its sessions end, nobody signs in to it, its name
    /// stays its own) or enables it again; with an audit row.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn set_account_disabled(
        &self,
        name: &str,
        disabled: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError>;

    /// Gives the account called `name` a new password hash and ends all its sessions; with
    /// an audit row.
    ///
    /// # Errors
    /// When the database cannot be written.
    fn reset_password(
        &self,
        name: &str,
        password_hash: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError>;

    /// The last `limit` rows of the audit of operators' changes, newest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn audit(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError>;

    /// `who`'s ratings on every board they have had rated games on, as of `now`.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn ratings(&self, who: &Participant, now: i64) -> Result<Vec<BoardRating>, StoreError>;

    /// `who`'s last `limit` ratings after rated games, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn rating_history(
        &self,
        who: &Participant,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError>;

    /// Everyone rated on `board` (players, computer levels, engines), best first, the
    /// provisional ratings after the others, as of `now`.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn rating_ranking(&self, board: &str, now: i64) -> Result<Vec<RatedEntry>, StoreError>;

    /// Sends a short note (a few hundred bytes at most) to every process that watches this
    /// store's changes ([`Store::watch_changes`]): how servers sharing a database tell each
    /// other what is not in it, such as who watches which game. False where there is nobody
    /// else to tell (a file on one machine).
    ///
    /// # Errors
    /// When the note is too long or the database cannot be reached.
    fn broadcast(&self, note: &str) -> Result<bool, StoreError> {
        let _ = note;
        Ok(false)
    }

    /// What upgrading the schema on opening changed that the user should hear of (two
    /// spellings of one player merged, say), one sentence each.
    fn migration_notes(&self) -> &[String] {
        &[]
    }

    /// Writes `players` (with their counters) and finished `games` (with their ids and
    /// times) into this database, which must hold nothing yet, in one transaction: the
    /// other half of an export (`ttt db export`).
    ///
    /// # Errors
    /// [`StoreError::NotEmpty`] when the database holds players or games;
    /// [`StoreError::InvalidGame`] for a game that cannot have been played;
    /// [`StoreError::Conflict`] for two players of one name or two games of one id; nothing
    /// is written then.
    fn restore(&self, players: &[PlayerStats], games: &[GameRecord]) -> Result<(), StoreError>;

    /// The connections to the database a pool keeps now, in use and idle; `None` for a
    /// store with no pool (a file on this machine).
    fn pool_connections(&self) -> Option<(usize, usize)> {
        None
    }

    /// Whether the database answers now: for a server to tell its load balancer it is
    /// ready. A file on this machine always is.
    ///
    /// # Errors
    /// [`StoreError::Unreachable`] (or another error) when the database does not answer.
    fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Calls `changed` with [`Change::Saved`] and a game's id whenever any process sharing
    /// this store saves that game, with [`Change::Note`] for every [`Store::broadcast`] (its
    /// own included), and with [`Change::MayHaveMissed`] after a time it could not listen
    /// (anything may have changed meanwhile), for as long as the store lives; false where the
    /// store cannot tell (a file on one machine, whose one server tells its own watchers
    /// itself).
    ///
    /// # Errors
    /// When the store cannot listen.
    fn watch_changes(&self, changed: ChangeListener) -> Result<bool, StoreError> {
        let _ = changed;
        Ok(false)
    }
}

/// What [`Store::watch_changes`] calls when games change elsewhere.
pub type ChangeListener = Box<dyn Fn(Change<'_>) + Send + Sync>;

/// What [`Store::watch_changes`] tells of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change<'a> {
    /// The game with this id was saved (or created).
    Saved(&'a str),
    /// A note sent by [`Store::broadcast`].
    Note(&'a str),
    /// Listening was interrupted and has resumed: any game may have been saved meanwhile,
    /// so whoever keeps copies should read them again.
    MayHaveMissed,
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
