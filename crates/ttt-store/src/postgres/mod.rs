//! The PostgreSQL backend: one database shared by several servers.
//!
//! The driver is asynchronous (tokio-postgres, with a deadpool pool); the store runs it on a
//! runtime of its own and waits for each call, so that it answers the same blocking
//! [`Store`] trait as SQLite: the console and the desktop window call it directly, the
//! server from its blocking pool. Every write is one transaction; counters are incremented
//! in SQL; a game in progress is saved only over the version it was read at, and moves are
//! keyed by (game, ply), so two servers never fork a game. Every save of a game tells the
//! other servers by `NOTIFY`, which [`Store::watch_changes`] listens to.

mod db;
mod errors;
mod live;
mod notifications;
mod open;
mod tls;

use crate::sql::{self, accounts, admin, games, players, ratings};
use crate::{
    Account, AdminDone, AdminRefused, AuditEntry, BoardRating, ChangeListener, ClaimRefused,
    GameRecord, LiveGame, NameStatus, NewGame, Operator, Participant, PlayerFilter, PlayerPage,
    PlayerStats, RatedEntry, RatingPoint, Seek, SignUpRefused, Store, StoreError,
};
use db::{Cached, Pg};
pub(crate) use open::without_password;
pub use open::PgStore;

impl PgStore {
    /// Runs `f` on a connection of the pool, on the store's runtime.
    fn read<T>(
        &self,
        f: impl AsyncFnOnce(&Pg<'_, deadpool_postgres::Object>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.run(async {
            let client = self.client().await?;
            f(&Pg::new(&client, &self.shown)).await
        })
    }

    /// Runs `f` in a transaction on a connection of the pool, committed if `f` succeeds.
    fn write<T>(
        &self,
        f: impl AsyncFnOnce(&Pg<'_, deadpool_postgres::Transaction<'_>>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            let out = f(&Pg::new(&tx, &self.shown)).await?;
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(out)
        })
    }
}

impl Store for PgStore {
    fn player(&self, name: &str) -> Result<Option<PlayerStats>, StoreError> {
        self.read(async |db| players::find(db, name).await)
    }

    fn record_game(&self, game: &NewGame) -> Result<i64, StoreError> {
        game.check()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            let id = games::insert(&Pg::new(&tx, &self.shown), game).await?;
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(id)
        })
    }

    fn restore(&self, players: &[PlayerStats], games: &[GameRecord]) -> Result<(), StoreError> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            sql::restore::restore(&Pg::new(&tx, &self.shown), players, games).await?;
            // The ids were given: the next game's comes after the largest.
            if !games.is_empty() {
                tx.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), max(id)) FROM games",
                    &[],
                )
                .await
                .map_err(|e| self.err(e))?;
            }
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(())
        })
    }

    fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.read(async |db| players::all(db).await)
    }

    fn players_page(
        &self,
        filter: &PlayerFilter,
        limit: usize,
        offset: usize,
    ) -> Result<PlayerPage, StoreError> {
        self.read(async |db| players::page(db, filter, limit, offset).await)
    }

    fn recent_games(
        &self,
        player: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.read(async |db| games::recent(db, player, limit).await)
    }

    fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        self.read(async |db| games::find(db, id).await)
    }

    fn create_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        game.position()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.run(self.create_live(game))
    }

    fn live_game(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        self.run(self.find_live(&live::BY_ID, id))
    }

    fn live_game_by_invite(&self, code: &str) -> Result<Option<LiveGame>, StoreError> {
        self.run(self.find_live(&live::BY_INVITE, code))
    }

    fn save_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        let record = game
            .finished()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.run(self.save_live(game, record.as_ref()))
    }

    fn remove_stale_live_games(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> Result<usize, StoreError> {
        self.read(async |db| sql::live::remove_stale(db, idle_before, finished_before).await)
    }

    fn live_game_count(&self) -> Result<usize, StoreError> {
        self.read(async |db| sql::live::count(db).await)
    }

    fn create_seek(&self, seek: &Seek) -> Result<(), StoreError> {
        self.read(async |db| sql::seeks::insert(db, seek).await)
    }

    fn open_seeks(&self, alive_since_ms: i64, limit: usize) -> Result<Vec<Seek>, StoreError> {
        self.read(async |db| sql::seeks::open(db, alive_since_ms, limit).await)
    }

    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        self.read(async |db| sql::seeks::find(db, id).await)
    }

    fn keep_seek_alive(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        self.read(async |db| sql::seeks::keep_alive(db, id, at_ms).await)
    }

    fn accept_seek(
        &self,
        id: &str,
        game: &str,
        by: &str,
        alive_since_ms: i64,
    ) -> Result<bool, StoreError> {
        self.read(async |db| sql::seeks::accept(db, id, game, by, alive_since_ms).await)
    }

    fn remove_seek(&self, id: &str) -> Result<bool, StoreError> {
        self.read(async |db| sql::seeks::remove(db, id).await)
    }

    fn remove_old_seeks(&self, before_ms: i64) -> Result<usize, StoreError> {
        self.read(async |db| sql::seeks::remove_old(db, before_ms).await)
    }

    fn games_out_of_time(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(async |db| sql::live::due(db, now_ms, limit).await)
    }

    fn mark_seen(&self, id: &str, side: ttt_core::Player, at_ms: i64) -> Result<(), StoreError> {
        self.read(async |db| sql::live::mark_seen(db, id, side, at_ms).await)
    }

    fn migration_notes(&self) -> &[String] {
        &self.notes
    }

    fn name_status(&self, name: &str, now: i64) -> Result<NameStatus, StoreError> {
        self.read(async |db| accounts::status(db, name, now).await)
    }

    fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: i64,
        claim_code_hash: Option<&str>,
    ) -> Result<Result<String, SignUpRefused>, StoreError> {
        self.write(async |db| accounts::create(db, name, password_hash, now, claim_code_hash).await)
    }

    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.read(async |db| accounts::account(db, name).await)
    }

    fn set_password(&self, name: &str, password_hash: &str, now: i64) -> Result<bool, StoreError> {
        self.write(async |db| accounts::set_password(db, name, password_hash, now).await)
    }

    fn delete_account(&self, name: &str, hold_until: i64) -> Result<bool, StoreError> {
        self.write(async |db| accounts::delete(db, name, hold_until).await)
    }

    fn create_session(
        &self,
        token_hash: &str,
        name: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.write(async |db| accounts::create_session(db, token_hash, name, now, expires_at).await)
    }

    fn session(&self, token_hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        self.read(async |db| accounts::session(db, token_hash, now).await)
    }

    fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.write(async |db| accounts::end_session(db, token_hash).await)
    }

    fn end_sessions(&self, name: &str, except: Option<&str>, now: i64) -> Result<u64, StoreError> {
        self.write(async |db| accounts::end_sessions(db, name, except, now).await)
    }

    fn create_claim(
        &self,
        name: &str,
        code_hash: &str,
        expires_at: i64,
    ) -> Result<Result<String, ClaimRefused>, StoreError> {
        self.write(async |db| accounts::create_claim(db, name, code_hash, expires_at).await)
    }

    fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        self.read(async |db| accounts::all(db).await)
    }

    fn rename_player(
        &self,
        old: &str,
        new: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(async |db| admin::rename(db, old, new, by).await)
    }

    fn merge_players(
        &self,
        from: &str,
        into: &str,
        force: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(async |db| admin::merge(db, from, into, force, by).await)
    }

    fn delete_player(
        &self,
        name: &str,
        hold_until: i64,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(async |db| admin::delete(db, name, hold_until, by).await)
    }

    fn set_account_disabled(
        &self,
        name: &str,
        disabled: bool,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(async |db| admin::set_disabled(db, name, disabled, by).await)
    }

    fn reset_password(
        &self,
        name: &str,
        password_hash: &str,
        by: &Operator,
    ) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
        self.write(async |db| admin::reset_password(db, name, password_hash, by).await)
    }

    fn audit(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
        self.read(async |db| admin::log(db, limit).await)
    }

    fn ratings(&self, who: &Participant, now: i64) -> Result<Vec<BoardRating>, StoreError> {
        self.read(async |db| ratings::of(db, who, now).await)
    }

    fn rating_history(
        &self,
        who: &Participant,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        self.read(async |db| ratings::history(db, who, limit).await)
    }

    fn rating_ranking(&self, board: &str, now: i64) -> Result<Vec<RatedEntry>, StoreError> {
        self.read(async |db| ratings::ranking(db, board, now).await)
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.run(async {
            self.client()
                .await?
                .cached_execute("SELECT 1", &[])
                .await
                .map_err(|e| self.err(e))?;
            Ok(())
        })
    }

    fn pool_connections(&self) -> Option<(usize, usize)> {
        let status = self.pool.status();
        Some((
            status.size.saturating_sub(status.available),
            status.available,
        ))
    }

    fn broadcast(&self, note: &str) -> Result<bool, StoreError> {
        self.send_note(note)
    }

    fn watch_changes(&self, changed: ChangeListener) -> Result<bool, StoreError> {
        self.listen(changed);
        Ok(true)
    }
}

/// Against a real PostgreSQL: a throwaway cluster of the test process (see `ttt-testdb`).
#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::postgres::open::tests::fresh;

    #[test]
    fn keeps_the_store_contract() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        crate::contract::all(&|| Arc::new(fresh(cluster).0));
    }

    /// Two stores on one database (as two servers would be), each used from threads of its
    /// own, record games for the same players at once: every game counts.
    #[test]
    fn concurrent_servers_lose_no_update() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let stores: [Arc<dyn Store>; 2] = [
            Arc::new(PgStore::open(&url).unwrap()),
            Arc::new(PgStore::open(&url).unwrap()),
        ];
        let next = std::sync::atomic::AtomicUsize::new(0);
        crate::contract::writers_at_once_lose_no_update(
            &|| Arc::clone(&stores[next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 2]),
            2,
            40,
        );
    }
}
