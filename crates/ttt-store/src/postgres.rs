//! The PostgreSQL backend: one database shared by several servers.
//!
//! The driver is asynchronous (tokio-postgres, with a deadpool pool); the store runs it on a
//! runtime of its own and waits for each call, so that it answers the same blocking
//! [`Store`] trait as SQLite: the console and the desktop window call it directly, the
//! server from its blocking pool. Every write is one transaction; counters are incremented
//! in SQL; a game in progress is saved only over the version it was read at, and moves are
//! keyed by (game, ply), so two servers never fork a game. Every save of a game tells the
//! other servers by `NOTIFY`, which [`Store::watch_changes`] listens to.
//!
//! A database that holds tables but none of ours is refused and left as it was.

use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, NoTls, Row};
use ttt_core::{ByPlayer, Cell};

use crate::game::encode_moves;
use crate::location::without_password;
use crate::migrations::{LATEST, POSTGRES};
use crate::player::RANK_ORDER;
use crate::rows::{forfeit_columns, RawGame, RawLiveGame, SeatColumns};
use crate::{
    name_key, unix_now, Change, ChangeListener, GameRecord, LiveGame, LiveSeat, NewGame,
    Participant, PlayerFilter, PlayerPage, PlayerStats, RankedPlayer, SeatKind, Store, StoreError,
};

/// The channel that game saves are announced on.
const CHANNEL: &str = "ttt_games";

/// The channel of [`Store::broadcast`]'s notes.
const NOTES: &str = "ttt_notes";

/// The longest note PostgreSQL passes on (its limit is 8000 bytes).
const MAX_NOTE_BYTES: usize = 7_900;

/// The most connections one store keeps open.
const POOL_SIZE: usize = 16;

/// The advisory lock that servers starting at once take to migrate one at a time (any
/// number other programs are unlikely to pick).
const MIGRATION_LOCK: i64 = 0x7474_745f_6d69_6772;

/// How long connecting to the database, or waiting for a free connection, may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a listener waits before connecting again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// A [`Store`] kept in a PostgreSQL database (`postgres://USER@HOST/DB`).
pub struct PgStore {
    /// Taken out only when the store is dropped.
    runtime: Option<tokio::runtime::Runtime>,
    pool: Pool,
    /// The connection string, to listen on a connection of its own.
    config: tokio_postgres::Config,
    /// The database as messages name it: the URL without its password.
    shown: PathBuf,
    notes: Vec<String>,
}

impl Drop for PgStore {
    /// The runtime is let go without waiting for its tasks: the store may be dropped on an
    /// async executor's thread, where waiting is not allowed.
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("db", &self.shown).finish()
    }
}

impl PgStore {
    /// Connects to the database at `url`, creating the schema or upgrading it as needed.
    ///
    /// # Errors
    /// [`StoreError::Backend`] when the URL is not one or the database cannot be reached;
    /// [`StoreError::NotOurs`] for a database holding another program's tables;
    /// [`StoreError::TooNew`] for a schema from a newer ttt.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let shown = PathBuf::from(without_password(url));
        let backend = |e: &dyn std::fmt::Display| StoreError::Backend {
            path: shown.clone(),
            source: e.to_string().into(),
        };
        let config: tokio_postgres::Config = url.parse().map_err(|e| backend(&e))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("ttt-postgres")
            .enable_all()
            .build()
            .map_err(|e| backend(&e))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| backend(&e))?;
        let mut store = PgStore {
            runtime: Some(runtime),
            pool,
            config,
            shown,
            notes: Vec::new(),
        };
        store.notes = store.migrate()?;
        Ok(store)
    }

    /// Runs `f` on the store's runtime and waits for it.
    fn run<T>(&self, f: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
        self.runtime().block_on(f)
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime is only taken out by drop")
    }

    /// The store's error for a driver's: a lost connection means the database is out of
    /// reach; anything else is the database's own complaint.
    fn err(&self, e: tokio_postgres::Error) -> StoreError {
        if e.code() == Some(&SqlState::DISK_FULL) {
            return StoreError::DiskFull {
                path: self.shown.clone(),
            };
        }
        // Class 08 is a failed connection, class 57 a server shutting down or refusing
        // connections for now.
        let closed = e.is_closed()
            || e.code()
                .is_some_and(|c| c.code().starts_with("08") || c.code().starts_with("57"));
        let source = PgError::from(e).0.into();
        let path = self.shown.clone();
        if closed {
            StoreError::Unreachable { path, source }
        } else {
            StoreError::Backend { path, source }
        }
    }

    /// A connection from the pool; failing to get one means the database is out of reach.
    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| StoreError::Unreachable {
            path: self.shown.clone(),
            source: PgError::from(e).0.into(),
        })
    }

    /// Creates or upgrades the schema, one server at a time (an advisory lock), in one
    /// transaction. Returns the upgrade's notes.
    fn migrate(&self) -> Result<Vec<String>, StoreError> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await
                .map_err(|e| self.err(e))?;
            let ours: bool = tx
                .query_one("SELECT to_regclass('ttt_schema') IS NOT NULL", &[])
                .await
                .map_err(|e| self.err(e))?
                .get(0);
            let version = if ours {
                tx.query_one("SELECT version FROM ttt_schema", &[])
                    .await
                    .map_err(|e| self.err(e))?
                    .get::<_, i64>(0)
            } else {
                let tables: i64 = tx
                    .query_one(
                        "SELECT count(*) FROM information_schema.tables
                         WHERE table_schema = current_schema()",
                        &[],
                    )
                    .await
                    .map_err(|e| self.err(e))?
                    .get(0);
                if tables > 0 {
                    return Err(StoreError::NotOurs {
                        path: self.shown.clone(),
                    });
                }
                tx.batch_execute(
                    "CREATE TABLE ttt_schema (version BIGINT NOT NULL);
                                  INSERT INTO ttt_schema VALUES (0);",
                )
                .await
                .map_err(|e| self.err(e))?;
                0
            };
            if version > LATEST {
                return Err(StoreError::TooNew {
                    path: self.shown.clone(),
                    found: version,
                    supported: LATEST,
                });
            }
            let mut notes = Vec::new();
            for &(step, name, sql) in POSTGRES.iter().filter(|(v, _, _)| *v > version) {
                tx.batch_execute(sql)
                    .await
                    .map_err(|e| StoreError::Backend {
                        path: self.shown.clone(),
                        source: format!("migration {name} failed: {e}").into(),
                    })?;
                if step == 2 {
                    notes.extend(merge_names_by_key(&tx).await.map_err(|e| self.err(e))?);
                }
                tx.execute("UPDATE ttt_schema SET version = $1", &[&step])
                    .await
                    .map_err(|e| self.err(e))?;
            }
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(notes)
        })
    }
}

/// An error of the driver or the pool, as text (their types differ).
pub(crate) struct PgError(String);

impl From<tokio_postgres::Error> for PgError {
    fn from(e: tokio_postgres::Error) -> PgError {
        // The server's message says what is wrong; the driver's alone says "db error".
        match e.as_db_error() {
            Some(db) => PgError(format!("{}: {}", db.severity(), db.message())),
            None => PgError(e.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for PgError {
    fn from(e: deadpool_postgres::PoolError) -> PgError {
        PgError(e.to_string())
    }
}

/// Migration 2's code, as for SQLite: fills `name_key`, merges the players whose names
/// differ only in case into the one created first, and makes the key unique.
async fn merge_names_by_key(
    tx: &deadpool_postgres::Transaction<'_>,
) -> Result<Vec<String>, tokio_postgres::Error> {
    use std::collections::HashMap;
    let players = tx
        .query(
            "SELECT name, wins, losses, ties FROM players ORDER BY created_at, name",
            &[],
        )
        .await?;
    let mut kept: HashMap<String, String> = HashMap::new();
    let mut notes = Vec::new();
    for row in players {
        let (name, wins, losses, ties): (String, i64, i64, i64) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        let key = name_key(&name);
        let Some(first) = kept.get(&key) else {
            tx.execute(
                "UPDATE players SET name_key = $1 WHERE name = $2",
                &[&key, &name],
            )
            .await?;
            kept.insert(key, name);
            continue;
        };
        tx.execute(
            "UPDATE players SET wins = wins + $1, losses = losses + $2, ties = ties + $3
             WHERE name = $4",
            &[&wins, &losses, &ties, first],
        )
        .await?;
        for column in ["x_player", "o_player"] {
            tx.execute(
                &format!("UPDATE games SET {column} = $1 WHERE {column} = $2"),
                &[first, &name],
            )
            .await?;
        }
        tx.execute(
            "INSERT INTO player_merges (kept, merged, wins, losses, ties)
             VALUES ($1, $2, $3, $4, $5)",
            &[first, &name, &wins, &losses, &ties],
        )
        .await?;
        tx.execute("DELETE FROM players WHERE name = $1", &[&name])
            .await?;
        notes.push(format!(
            "{name} and {first} are one player now (names no longer depend on case): \
             {name}'s {wins} wins, {losses} losses and {ties} ties were added to {first}'s"
        ));
    }
    tx.batch_execute("CREATE UNIQUE INDEX players_by_key ON players (name_key);")
        .await?;
    Ok(notes)
}

/// Statements prepared once per connection and reused: each later use is one round trip
/// instead of two.
trait Cached: deadpool_postgres::GenericClient + Sync {
    async fn cached_query(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.query(&statement, params).await
    }

    async fn cached_query_one(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Row, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.query_one(&statement, params).await
    }

    async fn cached_query_opt(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.query_opt(&statement, params).await
    }

    async fn cached_execute(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.execute(&statement, params).await
    }
}

impl<T: deadpool_postgres::GenericClient + Sync> Cached for T {}

/// A counter or size from the database (never negative there), as an unsigned number.
fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn player(row: &Row) -> PlayerStats {
    PlayerStats {
        name: row.get(0),
        wins: count(row.get(1)),
        losses: count(row.get(2)),
        ties: count(row.get(3)),
    }
}

/// The columns [`raw_game`] reads, in its order.
const GAME_COLUMNS: &str = "id, board_rows, board_cols, k, x_player, x_level, o_player, \
                            o_level, moves, result, finished_at, hints_x, hints_o, forfeit, \
                            forfeit_reason";

fn raw_game(row: &Row) -> RawGame {
    let size = |i: usize| usize::try_from(row.get::<_, i32>(i)).unwrap_or(0);
    let hint = |i: usize| u32::try_from(row.get::<_, i32>(i)).unwrap_or(0);
    RawGame {
        id: row.get(0),
        rows: size(1),
        cols: size(2),
        k: size(3),
        x: (row.get(4), row.get(5)),
        o: (row.get(6), row.get(7)),
        moves: row.get(8),
        result: row.get(9),
        finished_at: row.get(10),
        hints: ByPlayer {
            x: hint(11),
            o: hint(12),
        },
        forfeit: (row.get(13), row.get(14)),
    }
}

/// The columns [`raw_live_game`] reads, in its order.
const LIVE_COLUMNS: &str = "id, board_rows, board_cols, k, x_kind, x_name, x_level, x_token, \
                            o_kind, o_name, o_level, o_token, invite, invite_expires, \
                            hints_x, hints_o, takeback, thinking_until, record_id, rematch, \
                            version, created_at, updated_at, forfeit, forfeit_reason";

fn raw_live_game(row: &Row) -> RawLiveGame {
    let size = |i: usize| usize::try_from(row.get::<_, i32>(i)).unwrap_or(0);
    let hint = |i: usize| u32::try_from(row.get::<_, i32>(i)).unwrap_or(0);
    let seat =
        |i: usize| -> SeatColumns { (row.get(i), row.get(i + 1), row.get(i + 2), row.get(i + 3)) };
    RawLiveGame {
        id: row.get(0),
        dims: (size(1), size(2), size(3)),
        x: seat(4),
        o: seat(8),
        invite: (row.get(12), row.get(13)),
        hints: ByPlayer {
            x: hint(14),
            o: hint(15),
        },
        takeback: row.get(16),
        thinking_until: row.get(17),
        record_id: row.get(18),
        rematch: row.get(19),
        version: row.get(20),
        created_at: row.get(21),
        updated_at: row.get(22),
        forfeit: (row.get(23), row.get(24)),
    }
}

fn seat_columns(seat: &LiveSeat) -> SeatColumns {
    let (kind, name, level) = match &seat.kind {
        SeatKind::Human { name } => ("human", Some(name.clone()), None),
        SeatKind::Computer { level } => ("computer", None, Some(level.clone())),
        SeatKind::Friend { name } => ("friend", name.clone(), None),
    };
    (kind.to_string(), name, level, seat.token_hash.clone())
}

/// A cell's coordinate as the database keeps it.
fn coordinate(v: u8) -> i32 {
    i32::from(v)
}

/// A size or count for the database.
fn int(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn hints(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The player's name as first spelled, creating the player if there is none under any
/// spelling.
async fn stored_name(
    tx: &deadpool_postgres::Transaction<'_>,
    name: &str,
) -> Result<String, tokio_postgres::Error> {
    let key = name_key(name);
    tx.cached_execute(
        "INSERT INTO players (name, name_key) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        &[&name, &key],
    )
    .await?;
    Ok(tx
        .cached_query_one("SELECT name FROM players WHERE name_key = $1", &[&key])
        .await?
        .get(0))
}

/// Records a checked game and counts it for its human players, in the caller's transaction.
async fn insert_game(
    tx: &deadpool_postgres::Transaction<'_>,
    game: &NewGame,
) -> Result<i64, tokio_postgres::Error> {
    let columns = |who: &Participant| match who {
        Participant::Human { name } => (Some(name.clone()), None),
        Participant::Computer { level } => (None, Some(level.clone())),
    };
    let (x_player, x_level) = columns(&game.x);
    let (o_player, o_level) = columns(&game.o);
    let x_player = match x_player {
        Some(n) => Some(stored_name(tx, &n).await?),
        None => None,
    };
    let o_player = match o_player {
        Some(n) => Some(stored_name(tx, &n).await?),
        None => None,
    };
    let forfeit = forfeit_columns(game.forfeit.as_ref());
    let id: i64 = tx
        .cached_query_one(
            "INSERT INTO games (board_rows, board_cols, k, x_player, x_level, o_player,
                                o_level, moves, result, hints_x, hints_o, forfeit,
                                forfeit_reason)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
            &[
                &int(game.rows),
                &int(game.cols),
                &int(game.k),
                &x_player,
                &x_level,
                &o_player,
                &o_level,
                &encode_moves(&game.moves),
                &game.result.as_str(),
                &hints(game.hints.x),
                &hints(game.hints.o),
                &forfeit.0,
                &forfeit.1,
            ],
        )
        .await?
        .get(0);
    for (side, name) in [
        (ttt_core::Player::X, &x_player),
        (ttt_core::Player::O, &o_player),
    ] {
        let Some(name) = name else { continue };
        // Incremented in SQL, never read-modify-write, so concurrent games all count.
        let sql = match game.result.winner() {
            None => "UPDATE players SET ties = ties + 1 WHERE name = $1",
            Some(winner) if winner == side => "UPDATE players SET wins = wins + 1 WHERE name = $1",
            Some(_) => "UPDATE players SET losses = losses + 1 WHERE name = $1",
        };
        tx.cached_execute(sql, &[name]).await?;
    }
    Ok(id)
}

/// Makes the stored moves of `game` these: the ones that differ or come after go, the
/// missing ones are added (two statements, whatever the number of moves), and the other
/// servers are told; in the caller's transaction.
async fn sync_moves(
    tx: &deadpool_postgres::Transaction<'_>,
    game: &str,
    moves: &[Cell],
) -> Result<(), tokio_postgres::Error> {
    let rows: Vec<i32> = moves.iter().map(|c| coordinate(c.row)).collect();
    let cols: Vec<i32> = moves.iter().map(|c| coordinate(c.col)).collect();
    tx.cached_execute(
        "DELETE FROM live_moves
         WHERE game = $1 AND (ply >= $2 OR cell_row <> ($3::int4[])[ply + 1]
                                        OR cell_col <> ($4::int4[])[ply + 1])",
        &[&game, &int(moves.len()), &rows, &cols],
    )
    .await?;
    // The two are sent together (one round trip): their order does not matter, as the
    // notice goes out at the commit.
    let insert: [&(dyn ToSql + Sync); 3] = [&game, &rows, &cols];
    let notify: [&(dyn ToSql + Sync); 2] = [&CHANNEL, &game];
    tokio::try_join!(
        tx.cached_execute(
            "INSERT INTO live_moves (game, ply, cell_row, cell_col)
             SELECT $1, m.ply - 1, m.r, m.c
             FROM unnest($2::int4[], $3::int4[]) WITH ORDINALITY AS m (r, c, ply)
             ON CONFLICT (game, ply) DO NOTHING",
            &insert,
        ),
        tx.cached_execute("SELECT pg_notify($1, $2)", &notify),
    )?;
    Ok(())
}

/// Moves as the database returns them: two arrays, rows and columns, in the order played.
fn moves_of(rows: &[i32], cols: &[i32]) -> Vec<Cell> {
    let c = |v: i32| u8::try_from(v).unwrap_or(u8::MAX);
    rows.iter()
        .zip(cols)
        .map(|(&r, &col)| Cell::new(c(r), c(col)))
        .collect()
}

/// `text` with LIKE's wildcards (and the escape character) escaped by `\`.
fn like_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl PgStore {
    async fn live_game_where(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<LiveGame>, StoreError> {
        // The game and its moves in one round trip.
        let row = self
            .client()
            .await?
            .cached_query_opt(
                &format!(
                    "SELECT {LIVE_COLUMNS},
                        ARRAY(SELECT cell_row FROM live_moves WHERE game = g.id ORDER BY ply),
                        ARRAY(SELECT cell_col FROM live_moves WHERE game = g.id ORDER BY ply)
                     FROM live_games g WHERE {column} = $1"
                ),
                &[&value],
            )
            .await
            .map_err(|e| self.err(e))?;
        let Some(row) = row else {
            return Ok(None);
        };
        let moves = moves_of(&row.get::<_, Vec<i32>>(25), &row.get::<_, Vec<i32>>(26));
        raw_live_game(&row).into_game(moves, &self.shown).map(Some)
    }
}

impl Store for PgStore {
    fn player(&self, name: &str) -> Result<Option<PlayerStats>, StoreError> {
        self.run(async {
            let row = self
                .client()
                .await?
                .cached_query_opt(
                    "SELECT name, wins, losses, ties FROM players WHERE name_key = $1",
                    &[&name_key(name)],
                )
                .await
                .map_err(|e| self.err(e))?;
            Ok(row.as_ref().map(player))
        })
    }

    fn record_game(&self, game: &NewGame) -> Result<i64, StoreError> {
        game.check()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            let id = insert_game(&tx, game).await.map_err(|e| self.err(e))?;
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(id)
        })
    }

    fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.run(async {
            let rows = self
                .client()
                .await?
                .cached_query(
                    &format!("SELECT name, wins, losses, ties FROM players ORDER BY {RANK_ORDER}"),
                    &[],
                )
                .await
                .map_err(|e| self.err(e))?;
            let mut players: Vec<PlayerStats> = rows.iter().map(player).collect();
            // Ties in the SQL order fall back on the one ranking of Rust (names by bytes).
            players.sort_by(PlayerStats::cmp_rank);
            Ok(players)
        })
    }

    fn players_page(
        &self,
        filter: &PlayerFilter,
        limit: usize,
        offset: usize,
    ) -> Result<PlayerPage, StoreError> {
        let pattern = match filter {
            PlayerFilter::Containing(search) => format!("%{}%", like_escaped(&name_key(search))),
            PlayerFilter::Named(name) => like_escaped(&name_key(name)),
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let offset = i64::try_from(offset).unwrap_or(i64::MAX);
        self.run(async {
            let client = self.client().await?;
            let total: i64 = client
                .cached_query_one(
                    "SELECT count(*) FROM players WHERE name_key LIKE $1 ESCAPE '\\'",
                    &[&pattern],
                )
                .await
                .map_err(|e| self.err(e))?
                .get(0);
            let rows = client
                .cached_query(
                    &format!(
                        "SELECT name, wins, losses, ties, rank FROM (
                             SELECT name, name_key, wins, losses, ties,
                                    row_number() OVER (ORDER BY {RANK_ORDER}) AS rank
                             FROM players) ranked
                         WHERE name_key LIKE $1 ESCAPE '\\'
                         ORDER BY rank LIMIT $2 OFFSET $3"
                    ),
                    &[&pattern, &limit, &offset],
                )
                .await
                .map_err(|e| self.err(e))?;
            Ok(PlayerPage {
                players: rows
                    .iter()
                    .map(|r| RankedPlayer {
                        stats: player(r),
                        rank: count(r.get(4)),
                    })
                    .collect(),
                total: count(total),
            })
        })
    }

    fn recent_games(
        &self,
        player: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let raw = self.run(async {
            let client = self.client().await?;
            let rows = match player {
                None => {
                    client
                        .cached_query(
                            &format!("SELECT {GAME_COLUMNS} FROM games ORDER BY id DESC LIMIT $1"),
                            &[&limit],
                        )
                        .await
                }
                Some(name) => {
                    client
                        .cached_query(
                            &format!(
                                "SELECT {GAME_COLUMNS} FROM games
                                 WHERE x_player = (SELECT name FROM players WHERE name_key = $1)
                                    OR o_player = (SELECT name FROM players WHERE name_key = $1)
                                 ORDER BY id DESC LIMIT $2"
                            ),
                            &[&name_key(name), &limit],
                        )
                        .await
                }
            }
            .map_err(|e| self.err(e))?;
            Ok(rows.iter().map(raw_game).collect::<Vec<_>>())
        })?;
        raw.into_iter()
            .map(|g| g.into_record(&self.shown))
            .collect()
    }

    fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        let raw = self.run(async {
            let row = self
                .client()
                .await?
                .cached_query_opt(
                    &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
                    &[&id],
                )
                .await
                .map_err(|e| self.err(e))?;
            Ok(row.as_ref().map(raw_game))
        })?;
        raw.map(|g| g.into_record(&self.shown)).transpose()
    }

    fn create_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        game.position()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            let (x, o) = (seat_columns(&game.seats.x), seat_columns(&game.seats.o));
            let forfeit = forfeit_columns(game.forfeit.as_ref());
            let inserted = tx
                .cached_execute(
                    &format!(
                        "INSERT INTO live_games ({LIVE_COLUMNS}) VALUES ($1, $2, $3, $4, $5,
                         $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                         $21, $22, $23, $24, $25)"
                    ),
                    &[
                        &game.id,
                        &int(game.rows),
                        &int(game.cols),
                        &int(game.k),
                        &x.0,
                        &x.1,
                        &x.2,
                        &x.3,
                        &o.0,
                        &o.1,
                        &o.2,
                        &o.3,
                        &game.invite.as_ref().map(|i| i.code.clone()),
                        &game.invite.as_ref().map(|i| i.expires_at),
                        &hints(game.hints.x),
                        &hints(game.hints.o),
                        &game.takeback.map(|p| p.to_string()),
                        &game.thinking_until,
                        &game.record_id,
                        &game.rematch,
                        &game.version,
                        &game.created_at,
                        &game.updated_at,
                        &forfeit.0,
                        &forfeit.1,
                    ],
                )
                .await;
            match inserted {
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                    return Err(StoreError::Conflict {
                        what: format!("game {}", game.id),
                    })
                }
                other => other.map_err(|e| self.err(e))?,
            };
            sync_moves(&tx, &game.id, &game.moves)
                .await
                .map_err(|e| self.err(e))?;
            tx.commit().await.map_err(|e| self.err(e))
        })
    }

    fn live_game(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        self.run(self.live_game_where("id", id))
    }

    fn live_game_by_invite(&self, code: &str) -> Result<Option<LiveGame>, StoreError> {
        self.run(self.live_game_where("invite", code))
    }

    fn save_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        let record = game
            .finished()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        let mut saved = game.clone();
        saved.version += 1;
        saved.updated_at = unix_now();
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            // Only a save over the version read goes on; the row stays locked until the
            // commit, so the record below is made by the one save that wins.
            let (x, o) = (seat_columns(&saved.seats.x), seat_columns(&saved.seats.o));
            let forfeit = forfeit_columns(saved.forfeit.as_ref());
            let changed = tx
                .cached_execute(
                    "UPDATE live_games SET x_kind = $1, x_name = $2, x_level = $3, x_token = $4,
                        o_kind = $5, o_name = $6, o_level = $7, o_token = $8, invite = $9,
                        invite_expires = $10, hints_x = $11, hints_o = $12, takeback = $13,
                        thinking_until = $14, record_id = $15, rematch = $16, version = $17,
                        updated_at = $18, forfeit = $21, forfeit_reason = $22
                     WHERE id = $19 AND version = $20",
                    &[
                        &x.0,
                        &x.1,
                        &x.2,
                        &x.3,
                        &o.0,
                        &o.1,
                        &o.2,
                        &o.3,
                        &saved.invite.as_ref().map(|i| i.code.clone()),
                        &saved.invite.as_ref().map(|i| i.expires_at),
                        &hints(saved.hints.x),
                        &hints(saved.hints.o),
                        &saved.takeback.map(|p| p.to_string()),
                        &saved.thinking_until,
                        &saved.record_id,
                        &saved.rematch,
                        &saved.version,
                        &saved.updated_at,
                        &saved.id,
                        &game.version,
                        &forfeit.0,
                        &forfeit.1,
                    ],
                )
                .await
                .map_err(|e| self.err(e))?;
            if changed == 0 {
                // Dropping the transaction rolls it back.
                return Err(StoreError::Conflict {
                    what: format!("game {}", game.id),
                });
            }
            if saved.record_id.is_none() {
                if let Some(record) = &record {
                    let id = insert_game(&tx, record).await.map_err(|e| self.err(e))?;
                    tx.cached_execute(
                        "UPDATE live_games SET record_id = $1 WHERE id = $2",
                        &[&id, &game.id],
                    )
                    .await
                    .map_err(|e| self.err(e))?;
                    saved.record_id = Some(id);
                }
            }
            sync_moves(&tx, &game.id, &game.moves)
                .await
                .map_err(|e| self.err(e))?;
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(saved)
        })
    }

    fn remove_stale_live_games(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> Result<usize, StoreError> {
        self.run(async {
            let n = self
                .client()
                .await?
                .cached_execute(
                    "DELETE FROM live_games
                     WHERE updated_at < $1 OR (record_id IS NOT NULL AND updated_at < $2)",
                    &[&idle_before, &finished_before],
                )
                .await
                .map_err(|e| self.err(e))?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn live_game_count(&self) -> Result<usize, StoreError> {
        self.run(async {
            let n: i64 = self
                .client()
                .await?
                .cached_query_one("SELECT count(*) FROM live_games", &[])
                .await
                .map_err(|e| self.err(e))?
                .get(0);
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn migration_notes(&self) -> &[String] {
        &self.notes
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

    fn broadcast(&self, note: &str) -> Result<bool, StoreError> {
        if note.len() > MAX_NOTE_BYTES {
            return Err(StoreError::Backend {
                path: self.shown.clone(),
                source: format!("a note of {} bytes is too long to broadcast", note.len()).into(),
            });
        }
        self.run(async {
            self.client()
                .await?
                .cached_execute("SELECT pg_notify($1, $2)", &[&NOTES, &note])
                .await
                .map_err(|e| self.err(e))?;
            Ok(true)
        })
    }

    fn watch_changes(&self, changed: ChangeListener) -> Result<bool, StoreError> {
        let config = self.config.clone();
        self.runtime()
            .spawn(listen(config, changed, self.shown.clone()));
        Ok(true)
    }
}

/// Listens for game saves on a connection of its own, for as long as the store's runtime
/// runs, connecting again whenever the connection is lost.
async fn listen(config: tokio_postgres::Config, changed: ChangeListener, shown: PathBuf) {
    // Said once when listening stops working and once when it works again, so that a
    // database that stays away does not fill the log.
    let mut failing = false;
    loop {
        let why = match listen_once(&config, &changed, &mut failing).await {
            Ok(()) => "the connection closed".to_string(),
            Err(e) => PgError::from(e).0,
        };
        if !failing {
            failing = true;
            eprintln!(
                "ttt: lost the notices of games saved by other servers ({}: {why}); connecting \
                 again every {} s",
                shown.display(),
                RECONNECT_AFTER.as_secs()
            );
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

/// Listens on one connection until it is lost.
async fn listen_once(
    config: &tokio_postgres::Config,
    changed: &ChangeListener,
    failing: &mut bool,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    // The connection does its work only when polled; notifications arrive as its messages.
    let driver = tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    let heard = (n.channel() == NOTES, n.payload().to_string());
                    if tx.send(Ok(heard)).is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    let _ = tx.send(Err(e));
                    return;
                }
                None => return,
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {NOTES};"))
        .await?;
    if std::mem::take(failing) {
        eprintln!("ttt: hearing of games saved by other servers again");
        changed(Change::MayHaveMissed);
    }
    let ended = loop {
        match rx.recv().await {
            Some(Ok((false, id))) => changed(Change::Saved(&id)),
            Some(Ok((true, note))) => changed(Change::Note(&note)),
            Some(Err(e)) => break Err(e),
            None => break Ok(()),
        }
    };
    driver.abort();
    drop(client);
    ended
}

/// Against a real PostgreSQL: a throwaway cluster of the test process (see `ttt-testdb`).
#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::sync::Arc;

    use super::*;
    use crate::contract::{cpu, friendly, game, human, stats};
    use crate::GameResult;

    /// A store on a fresh database of the test cluster, and the database's name.
    fn fresh(cluster: &ttt_testdb::Cluster) -> (PgStore, String) {
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap().to_string();
        (PgStore::open(&url).unwrap(), name)
    }

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
        const GAMES: usize = 40;
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let stores = [
            Arc::new(PgStore::open(&url).unwrap()),
            Arc::new(PgStore::open(&url).unwrap()),
        ];
        let barrier = Arc::new(std::sync::Barrier::new(4));
        let writers: Vec<_> = [GameResult::XWins, GameResult::OWins]
            .into_iter()
            .flat_map(|result| stores.iter().map(move |s| (result, Arc::clone(s))))
            .map(|(result, store)| {
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    for _ in 0..GAMES {
                        store
                            .record_game(&game(human("Ann"), cpu(), result))
                            .unwrap();
                        // A new player's first games, from every thread at once.
                        store
                            .record_game(&game(human("ann"), human("Bo"), GameResult::Draw))
                            .unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let n = 2 * GAMES as u64;
        assert_eq!(
            stores[0].player("Ann").unwrap(),
            Some(stats("Ann", n, n, 2 * n))
        );
        assert_eq!(
            stores[1].player("Bo").unwrap(),
            Some(stats("Bo", 0, 0, 2 * n))
        );
    }

    /// Two servers save the same game from the same version at once: one save wins, the
    /// other is told of the conflict, and the finished game is recorded once.
    #[test]
    fn racing_saves_make_one_game_and_one_record() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let a = Arc::new(PgStore::open(&url).unwrap());
        let b = Arc::new(PgStore::open(&url).unwrap());
        for round in 0..20 {
            let id = format!("race{round}");
            let mut start = friendly(&id);
            start.seats.o.kind = SeatKind::Friend {
                name: Some("Eve".into()),
            };
            start.invite = None;
            a.create_live_game(&start).unwrap();
            start.moves = vec![
                Cell::new(0, 0),
                Cell::new(1, 0),
                Cell::new(0, 1),
                Cell::new(1, 1),
            ];
            let four = a.save_live_game(&start).unwrap();
            // X wins with (0, 2) in one save, and plays elsewhere in the other.
            let barrier = Arc::new(std::sync::Barrier::new(2));
            let saves: Vec<_> = [
                (Arc::clone(&a), Cell::new(0, 2)),
                (Arc::clone(&b), Cell::new(2, 2)),
            ]
            .into_iter()
            .map(|(store, cell)| {
                let mut mine = four.clone();
                mine.moves.push(cell);
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    store.save_live_game(&mine)
                })
            })
            .collect();
            let results: Vec<_> = saves.into_iter().map(|h| h.join().unwrap()).collect();
            let won: Vec<&LiveGame> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
            assert_eq!(won.len(), 1, "round {round}: {results:?}");
            assert!(results
                .iter()
                .any(|r| matches!(r, Err(StoreError::Conflict { .. }))));
            let stored = b.live_game(&id).unwrap().unwrap();
            assert_eq!(stored.moves, won[0].moves);
            assert_eq!(stored.version, four.version + 1);
        }
        let ann = a
            .player("Ann")
            .unwrap()
            .map_or(0, |p| p.wins + p.losses + p.ties);
        let recorded = a.recent_games(None, usize::MAX).unwrap().len() as u64;
        assert_eq!(ann, recorded, "every record counted once");
    }

    #[test]
    fn a_save_is_heard_by_every_store_that_watches() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let watcher = PgStore::open(&url).unwrap();
        let (tx, rx) = mpsc::channel();
        let tx = std::sync::Mutex::new(tx);
        assert!(watcher
            .watch_changes(Box::new(move |change| {
                let heard = match change {
                    Change::Saved(id) => id.to_string(),
                    Change::Note(note) => format!("note: {note}"),
                    Change::MayHaveMissed => "(missed)".to_string(),
                };
                let _ = tx.lock().unwrap().send(heard);
            }))
            .unwrap());
        let writer = PgStore::open(&url).unwrap();
        // The listener connects on its own: wait until it hears a save.
        let mut game = friendly("heard");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        writer.create_live_game(&game).unwrap();
        loop {
            game = writer.save_live_game(&game).unwrap();
            if let Ok(id) = rx.recv_timeout(Duration::from_millis(200)) {
                assert_eq!(id, "heard");
                break;
            }
            assert!(std::time::Instant::now() < deadline, "no notification");
        }
        game.moves.push(Cell::new(1, 1));
        game = writer.save_live_game(&game).unwrap();
        let id = rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert_eq!(id, "heard");
        // The listener's connection is cut: it connects again and says it may have missed
        // some, then hears the next saves again.
        std::thread::sleep(Duration::from_millis(300));
        while rx.try_recv().is_ok() {}
        let name = url.rsplit('/').next().unwrap();
        let cut = cluster
            .psql(
                name,
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE query LIKE 'LISTEN%'",
            )
            .unwrap();
        assert_eq!(cut.trim(), "1");
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)).unwrap(),
            "(missed)"
        );
        game.moves.push(Cell::new(2, 2));
        writer.save_live_game(&game).unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)).unwrap(), "heard");
        // Notes between servers go the same way.
        assert!(writer.broadcast("hello from the writer").unwrap());
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(5)).unwrap(),
            "note: hello from the writer"
        );
        assert!(writer.broadcast(&"x".repeat(10_000)).is_err());
    }

    #[test]
    fn another_programs_database_is_refused_untouched() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap();
        cluster
            .psql(
                name,
                "CREATE TABLE invoices (n INT); INSERT INTO invoices VALUES (7);",
            )
            .unwrap();
        let err = PgStore::open(&url).unwrap_err();
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");
        assert!(err.to_string().contains(&url), "{err}");
        assert_eq!(
            cluster.psql(name, "SELECT n FROM invoices").unwrap().trim(),
            "7"
        );
        assert!(cluster.psql(name, "SELECT 1 FROM ttt_schema").is_err());
    }

    #[test]
    fn a_database_from_a_newer_ttt_is_refused_untouched() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let (store, name) = fresh(cluster);
        store
            .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
            .unwrap();
        drop(store);
        cluster
            .psql(&name, "UPDATE ttt_schema SET version = 99")
            .unwrap();
        let err = PgStore::open(&cluster.url(&name)).unwrap_err();
        assert!(matches!(err, StoreError::TooNew { found: 99, .. }), "{err}");
        assert_eq!(
            cluster
                .psql(&name, "SELECT ties FROM players")
                .unwrap()
                .trim(),
            "1"
        );
    }

    #[test]
    fn an_older_schema_is_upgraded_and_names_merged() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap();
        let (_, _, first) = POSTGRES[0];
        cluster
            .psql(
                name,
                &format!(
                    "CREATE TABLE ttt_schema (version BIGINT NOT NULL);
                     INSERT INTO ttt_schema VALUES (1);
                     {first}
                     INSERT INTO players (name, wins, created_at)
                         VALUES ('Ann', 2, now() - interval '1 day'), ('ANN', 3, now());
                     INSERT INTO games (board_rows, board_cols, k, x_player, o_level, moves,
                                        result)
                         VALUES (3, 3, 3, 'ANN', 'easy', '0,0;1,0;0,1;1,1;0,2', 'x_wins');"
                ),
            )
            .unwrap();
        let store = PgStore::open(&url).unwrap();
        let notes = store.migration_notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].contains("ANN") && notes[0].contains("Ann"),
            "{notes:?}"
        );
        assert_eq!(store.player("ann").unwrap(), Some(stats("Ann", 5, 0, 0)));
        assert_eq!(store.recent_games(Some("Ann"), 10).unwrap().len(), 1);
        drop(store);
        // Opening again changes nothing more.
        assert!(PgStore::open(&url).unwrap().migration_notes().is_empty());
    }

    #[test]
    fn an_unreachable_database_is_said_so_without_its_password() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let err =
            PgStore::open(&format!("postgres://ttt:hunter2@127.0.0.1:{port}/ttt")).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, StoreError::Unreachable { .. }), "{text}");
        assert!(
            text.contains(&format!("postgres://ttt@127.0.0.1:{port}/ttt")),
            "{text}"
        );
        assert!(!text.contains("hunter2"), "{text}");
        let err = PgStore::open("postgres://ttt@127.0.0.1:notaport/ttt").unwrap_err();
        assert!(err.to_string().contains("postgres://"), "{err}");
    }

    #[test]
    fn data_outlives_the_store() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let (store, name) = fresh(cluster);
        let id = store
            .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
            .unwrap();
        store.create_live_game(&friendly("kept")).unwrap();
        drop(store);
        let store = PgStore::open(&cluster.url(&name)).unwrap();
        assert_eq!(store.game(id).unwrap().unwrap().x, human("Ann"));
        assert_eq!(store.live_game("kept").unwrap().unwrap().id, "kept");
        store.ping().unwrap();
    }
}
