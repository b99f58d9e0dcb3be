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

use crate::sql::{self, accounts, admin, games, players, ratings};
use crate::{
    Account, AdminDone, AdminRefused, AuditEntry, BoardRating, ClaimRefused, GameRecord, LiveGame,
    NameStatus, NewGame, Operator, Participant, PlayerFilter, PlayerPage, PlayerStats, RatedEntry,
    RatingPoint, Seek, SignUpRefused, Store, StoreError,
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

    fn create_seek(&self, seek: &Seek) -> Result<(), StoreError> {
        self.write(|db| now(sql::seeks::insert(db, seek)))
    }

    fn open_seeks(&self, alive_since_ms: i64, limit: usize) -> Result<Vec<Seek>, StoreError> {
        self.read(|db| now(sql::seeks::open(db, alive_since_ms, limit)))
    }

    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        self.read(|db| now(sql::seeks::find(db, id)))
    }

    fn keep_seek_alive(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        self.write(|db| now(sql::seeks::keep_alive(db, id, at_ms)))
    }

    fn accept_seek(
        &self,
        id: &str,
        game: &str,
        by: &str,
        alive_since_ms: i64,
    ) -> Result<bool, StoreError> {
        self.write(|db| now(sql::seeks::accept(db, id, game, by, alive_since_ms)))
    }

    fn remove_seek(&self, id: &str) -> Result<bool, StoreError> {
        self.write(|db| now(sql::seeks::remove(db, id)))
    }

    fn remove_old_seeks(&self, before_ms: i64) -> Result<usize, StoreError> {
        self.write(|db| now(sql::seeks::remove_old(db, before_ms)))
    }

    fn games_out_of_time(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(|db| now(sql::live::due(db, now_ms, limit)))
    }

    fn mark_seen(&self, id: &str, side: ttt_core::Player, at_ms: i64) -> Result<(), StoreError> {
        self.write(|db| now(sql::live::mark_seen(db, id, side, at_ms)))
    }

    fn name_status(&self, name: &str, at: i64) -> Result<NameStatus, StoreError> {
        self.read(|db| now(accounts::status(db, name, at)))
    }

    fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        at: i64,
        claim_code_hash: Option<&str>,
    ) -> Result<Result<String, SignUpRefused>, StoreError> {
        self.write(|db| {
            now(accounts::create(
                db,
                name,
                password_hash,
                at,
                claim_code_hash,
            ))
        })
    }

    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.read(|db| now(accounts::account(db, name)))
    }

    fn set_password(&self, name: &str, password_hash: &str, at: i64) -> Result<bool, StoreError> {
        self.write(|db| now(accounts::set_password(db, name, password_hash, at)))
    }

    fn delete_account(&self, name: &str, hold_until: i64) -> Result<bool, StoreError> {
        self.write(|db| now(accounts::delete(db, name, hold_until)))
    }

    fn create_session(
        &self,
        token_hash: &str,
        name: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.write(|db| {
            now(accounts::create_session(
                db, token_hash, name, at, expires_at,
            ))
        })
    }

    fn session(&self, token_hash: &str, at: i64) -> Result<Option<String>, StoreError> {
        self.read(|db| now(accounts::session(db, token_hash, at)))
    }

    fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.write(|db| now(accounts::end_session(db, token_hash)))
    }

    fn end_sessions(&self, name: &str, except: Option<&str>, at: i64) -> Result<u64, StoreError> {
        self.write(|db| now(accounts::end_sessions(db, name, except, at)))
    }

    fn create_claim(
        &self,
        name: &str,
        code_hash: &str,
        expires_at: i64,
    ) -> Result<Result<String, ClaimRefused>, StoreError> {
        self.write(|db| now(accounts::create_claim(db, name, code_hash, expires_at)))
    }

    fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        self.read(|db| now(accounts::all(db)))
    }

    fn rename_player(
        &self,
        old: &str,
        new: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(|db| now(admin::rename(db, old, new, by)))
    }

    fn merge_players(
        &self,
        from: &str,
        into: &str,
        force: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(|db| now(admin::merge(db, from, into, force, by)))
    }

    fn delete_player(
        &self,
        name: &str,
        hold_until: i64,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(|db| now(admin::delete(db, name, hold_until, by)))
    }

    fn set_account_disabled(
        &self,
        name: &str,
        disabled: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(|db| now(admin::set_disabled(db, name, disabled, by)))
    }

    fn reset_password(
        &self,
        name: &str,
        password_hash: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(|db| now(admin::reset_password(db, name, password_hash, by)))
    }

    fn audit(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
        self.read(|db| now(admin::log(db, limit)))
    }

    fn ratings(&self, who: &Participant, at: i64) -> Result<Vec<BoardRating>, StoreError> {
        self.read(|db| now(ratings::of(db, who, at)))
    }

    fn rating_history(
        &self,
        who: &Participant,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        self.read(|db| now(ratings::history(db, who, limit)))
    }

    fn rating_ranking(&self, board: &str, at: i64) -> Result<Vec<RatedEntry>, StoreError> {
        self.read(|db| now(ratings::ranking(db, board, at)))
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

    /// A restore replays the rated games in order: the ratings come back as they were.
    #[test]
    fn a_restore_brings_back_the_ratings() {
        let old = SqliteStore::open_in_memory().unwrap();
        for (i, result) in [GameResult::XWins, GameResult::Draw, GameResult::OWins]
            .into_iter()
            .enumerate()
        {
            let mut g = game(human("Ann"), human("Bo"), result);
            // The draw is casual: only the others move the ratings.
            g.rated = i != 1;
            old.record_game(&g).unwrap();
        }
        let mut games = old.recent_games(None, 10).unwrap();
        games.reverse();
        let new = SqliteStore::open_in_memory().unwrap();
        new.restore(&old.players().unwrap(), &games).unwrap();
        let now = crate::unix_now();
        for name in ["Ann", "Bo"] {
            let (a, b) = (
                old.ratings(&human(name), now).unwrap(),
                new.ratings(&human(name), now).unwrap(),
            );
            assert_eq!(a.len(), 1);
            assert_eq!(a[0].games, 2);
            assert_eq!(a, b, "{name}");
        }
        assert_eq!(
            old.rating_history(&human("Bo"), 10).unwrap().len(),
            new.rating_history(&human("Bo"), 10).unwrap().len()
        );
    }

    /// The removed players' shared name stays nobody's after a restore: held for good, and
    /// not to be claimed.
    #[test]
    fn a_restore_keeps_the_removed_players_name_held() {
        let old = SqliteStore::open_in_memory().unwrap();
        old.record_game(&game(
            human(crate::REMOVED_PLAYER),
            cpu(),
            GameResult::XWins,
        ))
        .unwrap();
        let new = SqliteStore::open_in_memory().unwrap();
        new.restore(
            &old.players().unwrap(),
            &old.recent_games(None, 10).unwrap(),
        )
        .unwrap();
        let now = crate::unix_now();
        assert!(matches!(
            new.name_status(crate::REMOVED_PLAYER, now).unwrap(),
            crate::NameStatus::Held { .. }
        ));
        assert_eq!(
            new.create_claim(crate::REMOVED_PLAYER, "code", now + 10)
                .unwrap(),
            Err(crate::ClaimRefused::Guest)
        );
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
            .chain(crate::sql::live::tests::statements())
            .chain(crate::sql::accounts::tests::statements())
            .chain(crate::sql::admin::tests::statements())
            .chain(crate::sql::ratings::tests::statements())
            .chain(crate::sql::seeks::tests::statements());
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
