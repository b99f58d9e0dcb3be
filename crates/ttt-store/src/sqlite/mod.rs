//! The SQLite backend: one database file on the player's machine.
//!
//! Several processes may share the file. Every write is a `BEGIN IMMEDIATE` transaction
//! (so it takes the write lock up front instead of failing half-way), counters are
//! incremented in SQL, and a busy connection waits a few seconds for the lock.
//! Opening is `open`'s; the SQL is the shared one (`crate::sql`), run by `db`.

mod db;
mod errors;
mod live;
mod maintenance;
mod open;

use rusqlite::TransactionBehavior;

use crate::sql::{self, games, players};
use crate::{
    GameRecord, LiveGame, NewGame, PlayerFilter, PlayerPage, PlayerStats, Store, StoreError,
};
use db::{now, Sqlite};
pub use maintenance::Health;
pub use open::SqliteStore;

impl SqliteStore {
    /// Runs `f` on the connection.
    fn read<T>(
        &self,
        f: impl FnOnce(&Sqlite<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let conn = self.conn();
        f(&Sqlite {
            conn: &conn,
            path: &self.path,
        })
    }

    /// Runs `f` in a write transaction, committed if `f` succeeds.
    fn write<T>(
        &self,
        f: impl FnOnce(&Sqlite<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let err = |e| errors::db_error(&self.path, e);
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(err)?;
        let out = f(&Sqlite {
            conn: &tx,
            path: &self.path,
        })?;
        tx.commit().map_err(err)?;
        Ok(out)
    }
}

impl Store for SqliteStore {
    fn player(&self, name: &str) -> Result<Option<PlayerStats>, StoreError> {
        self.read(|db| now(players::find(db, name)))
    }

    fn record_game(&self, game: &NewGame) -> Result<i64, StoreError> {
        game.check()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.write(|db| now(games::insert(db, game)))
    }

    fn restore(&self, players: &[PlayerStats], games: &[GameRecord]) -> Result<(), StoreError> {
        self.write(|db| now(sql::restore::restore(db, players, games)))
    }

    fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.read(|db| now(players::all(db)))
    }

    fn players_page(
        &self,
        filter: &PlayerFilter,
        limit: usize,
        offset: usize,
    ) -> Result<PlayerPage, StoreError> {
        self.read(|db| now(players::page(db, filter, limit, offset)))
    }

    fn recent_games(
        &self,
        player: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.read(|db| now(games::recent(db, player, limit)))
    }

    fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        self.read(|db| now(games::find(db, id)))
    }

    fn create_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        self.write(|db| live::create(db, game))
    }

    fn live_game(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        self.read(|db| live::find(db, &sql::live::BY_ID, id))
    }

    fn live_game_by_invite(&self, code: &str) -> Result<Option<LiveGame>, StoreError> {
        self.read(|db| live::find(db, &sql::live::BY_INVITE, code))
    }

    fn save_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        self.write(|db| live::save(db, game))
    }

    fn migration_notes(&self) -> &[String] {
        &self.notes
    }

    fn remove_stale_live_games(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> Result<usize, StoreError> {
        self.read(|db| now(sql::live::remove_stale(db, idle_before, finished_before)))
    }

    fn live_game_count(&self) -> Result<usize, StoreError> {
        self.read(|db| now(sql::live::count(db)))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rusqlite::params;

    use super::*;
    use crate::contract::{cpu, game, human};
    use crate::GameResult;

    /// The leaderboard's order in SQL is the one of [`PlayerStats::cmp_rank`], on many
    /// random records (ties of every kind included).
    #[test]
    fn pages_rank_players_as_the_ranking_does() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut next = crate::contract::small_counts(4);
        for i in 0..300 {
            let name = format!("p{i:03}");
            store
                .conn()
                .execute(
                    "INSERT INTO players (name, name_key, wins, losses, ties)
                     VALUES (?1, ?1, ?2, ?3, ?4)",
                    params![name, next(), next(), next()],
                )
                .unwrap();
        }
        crate::contract::pages_agree_with_the_ranking(&store);
    }

    #[test]
    fn keeps_the_store_contract() {
        crate::contract::all(&|| Arc::new(SqliteStore::open_in_memory().unwrap()));
    }

    #[test]
    fn unreadable_rows_are_reported_as_damage() {
        let store = SqliteStore::open_in_memory().unwrap();
        let id = store
            .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
            .unwrap();
        store
            .conn()
            .execute("UPDATE games SET moves = 'zz' WHERE id = ?1", [id])
            .unwrap();
        let err = store.game(id).unwrap_err();
        assert!(matches!(err, StoreError::Corrupt { .. }), "{err}");
        assert!(err.to_string().contains("unreadable moves"), "{err}");
        assert!(store.recent_games(None, 1).is_err());
    }

    /// Two handles on one file, each in its own thread (as two `ttt` processes would be),
    /// record games for the same player at the same time, starting from a file that does not
    /// exist yet. Every game must count.
    #[test]
    fn concurrent_writers_lose_no_update() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        crate::contract::writers_at_once_lose_no_update(
            &|| Arc::new(SqliteStore::open(&path).unwrap()),
            1,
            50,
        );
    }

    /// Every shared statement's placeholders, `$1`, `$2`, ..., first appear in order, so
    /// that SQLite, which numbers named parameters by their first appearance, binds them as
    /// PostgreSQL does.
    #[test]
    fn shared_statements_number_their_placeholders_in_order() {
        let store = SqliteStore::open_in_memory().unwrap();
        let conn = store.conn();
        let statements = crate::sql::players::tests::statements()
            .into_iter()
            .chain(crate::sql::games::tests::statements())
            .chain(crate::sql::live::tests::statements());
        for sql in statements {
            let stmt = conn.prepare(&sql).unwrap();
            for i in 1..=stmt.parameter_count() {
                assert_eq!(
                    stmt.parameter_name(i),
                    Some(format!("${i}").as_str()),
                    "{sql}"
                );
            }
        }
    }
}
