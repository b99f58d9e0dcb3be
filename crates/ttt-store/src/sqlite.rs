//! The SQLite backend: one database file on the player's machine.
//!
//! Opening is careful because the file holds people's statistics: an existing file is
//! only read until it has been recognised as ours (SQLite header, our `application_id`, a
//! schema version we know), and anything else is refused with the file left byte-for-byte
//! as it was. Only then are migrations applied and the journal switched to WAL.
//!
//! Several processes may share the file. Every write is a `BEGIN IMMEDIATE` transaction
//! (so it takes the write lock up front instead of failing half-way), counters are
//! incremented in SQL, and a busy connection waits up to [`BUSY_TIMEOUT`] for the lock.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{
    params, Connection, ErrorCode, OpenFlags, OptionalExtension, Row, TransactionBehavior,
};

use ttt_core::{ByPlayer, Cell};

use crate::game::encode_moves;
use crate::migrations::{self, LATEST};
use crate::player::RANK_ORDER;
use crate::rows::{forfeit_columns, RawGame, RawLiveGame, SeatColumns};
use crate::{
    name_key, unix_now, GameRecord, LiveGame, LiveSeat, NewGame, Participant, PlayerFilter,
    PlayerPage, PlayerStats, RankedPlayer, SeatKind, Store, StoreError,
};

/// How long a connection waits for another process to release the database.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Marks a database as ttt's (`PRAGMA application_id`, bytes 68..72 of the file): "tttS".
const APPLICATION_ID: i32 = i32::from_be_bytes(*b"tttS");

/// The first 16 bytes of every SQLite 3 database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// The length of an SQLite database header; any real database is at least this long.
const SQLITE_HEADER_LEN: usize = 100;

/// Shown in place of a path for a database that lives in memory.
const IN_MEMORY: &str = ":memory:";

/// How many prepared statements a connection keeps for reuse: more than the store has.
const STATEMENTS: usize = 32;

/// A [`Store`] kept in an SQLite database file.
///
/// One connection, shared by the threads of a process behind a mutex; other processes
/// (another `ttt`) have their own and are kept consistent by SQLite's locking.
///
/// ```
/// use ttt_core::Cell;
/// use ttt_store::{GameResult, NewGame, Participant, SqliteStore, Store};
///
/// let store = SqliteStore::open_in_memory().unwrap();
/// assert_eq!(store.player("Ann").unwrap(), None); // players come with their first game
///
/// // X X X   Ann (X) wins on the top row.
/// // O O .
/// // . . .
/// let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(r, c)| Cell::new(r, c)).to_vec();
/// store.record_game(&NewGame {
///     rows: 3, cols: 3, k: 3,
///     x: Participant::human("Ann"), o: Participant::computer("easy"),
///     moves, result: GameResult::XWins, hints: Default::default(), forfeit: None,
/// }).unwrap();
/// assert_eq!(store.player("Ann").unwrap().unwrap().wins, 1);
/// ```
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    path: PathBuf,
    /// What opening changed that the user should hear of (see
    /// [`Store::migration_notes`]).
    notes: Vec<String>,
}

impl SqliteStore {
    /// Opens the database at `path`, creating it (and its directory) if it does not exist.
    ///
    /// An existing file is never overwritten, truncated or recreated: if it is not a ttt
    /// database this build can use, the error says why and the file is left unchanged. An
    /// empty file counts as a new database.
    ///
    /// # Errors
    /// - [`StoreError::CreateDir`] when the missing directory cannot be created;
    /// - [`StoreError::Read`] when the file cannot be read (permission denied, a directory);
    /// - [`StoreError::NotSqlite`] for a file that is not an SQLite database;
    /// - [`StoreError::NotOurs`] for another program's SQLite database;
    /// - [`StoreError::TooNew`] for a database from a newer ttt;
    /// - [`StoreError::Corrupt`] for a damaged database;
    /// - [`StoreError::ReadOnly`] when the file cannot be written;
    /// - [`StoreError::Busy`] when another process holds the lock too long while migrating;
    /// - [`StoreError::Backend`] for anything else SQLite reports.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        precheck_file(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| db_error(path, e))?;
        SqliteStore::init(conn, path.to_path_buf())
    }

    /// Opens the existing database at `path` for reading only: for the commands that only
    /// look (the leaderboard, the history), which need no write access to the file or its
    /// directory. Nothing is migrated or created; a write through this store fails with
    /// [`StoreError::ReadOnly`].
    ///
    /// # Errors
    /// As [`SqliteStore::open`], and [`StoreError::NeedsUpgrade`] for a database of an older
    /// schema (upgrading it needs write access).
    pub fn open_read_only(path: &Path) -> Result<SqliteStore, StoreError> {
        precheck_file(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| db_error(path, e))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| db_error(path, e))?;
        let version = match recognise(&conn, path) {
            Ok(version) => version,
            // A database in write-ahead mode needs its shared-memory file, which a reader
            // without write access to the directory cannot make: read the file as it is.
            Err(
                StoreError::Read { .. } | StoreError::ReadOnly { .. } | StoreError::Backend { .. },
            ) => return SqliteStore::open_immutable(path),
            Err(e) => return Err(e),
        };
        SqliteStore::read_only(conn, path, version)
    }

    /// [`SqliteStore::open_read_only`] for a file nobody may change while it is read (the
    /// last resort of a reader that cannot share SQLite's locks).
    fn open_immutable(path: &Path) -> Result<SqliteStore, StoreError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let uri = format!("file:{}?immutable=1", uri_path(path));
        let conn = Connection::open_with_flags(uri, flags).map_err(|e| db_error(path, e))?;
        let version = recognise(&conn, path)?;
        SqliteStore::read_only(conn, path, version)
    }

    fn read_only(conn: Connection, path: &Path, version: i64) -> Result<SqliteStore, StoreError> {
        if version < LATEST {
            return Err(StoreError::NeedsUpgrade {
                path: path.to_path_buf(),
            });
        }
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            notes: Vec::new(),
        })
    }

    /// A fresh database in memory, gone when the store is dropped. For tests.
    ///
    /// # Errors
    /// Only if SQLite itself fails ([`StoreError::Backend`]).
    pub fn open_in_memory() -> Result<SqliteStore, StoreError> {
        let path = PathBuf::from(IN_MEMORY);
        let conn = Connection::open_in_memory().map_err(|e| db_error(&path, e))?;
        SqliteStore::init(conn, path)
    }

    /// The database file (`:memory:` for [`open_in_memory`](SqliteStore::open_in_memory)).
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Recognises the database (reads only), then migrates it and sets it up for sharing.
    fn init(mut conn: Connection, path: PathBuf) -> Result<SqliteStore, StoreError> {
        let err = |e| db_error(&path, e);
        conn.busy_timeout(BUSY_TIMEOUT).map_err(err)?;

        // Nothing is written before this check: it is the first time SQLite reads the file.
        let version = recognise(&conn, &path)?;
        if conn.is_readonly(rusqlite::MAIN_DB).map_err(err)? {
            return Err(StoreError::ReadOnly { path });
        }
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(err)?;
        let notes = if version < LATEST {
            migrate(&mut conn, &path)?
        } else {
            Vec::new()
        };
        enable_wal(&conn).map_err(err)?;
        // With write-ahead logging, NORMAL syncs at checkpoints rather than at every commit:
        // a crash of the program still loses nothing, and a power cut can lose the last
        // commits but never damages the file.
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(err)?;
        conn.set_prepared_statement_cache_capacity(STATEMENTS);
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            path,
            notes,
        })
    }

    /// The connection. A thread that panicked while holding it cannot have left a
    /// transaction open (dropping a `Transaction` rolls it back), so poisoning is ignored.
    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        db_error(&self.path, e)
    }
}

impl Store for SqliteStore {
    fn player(&self, name: &str) -> Result<Option<PlayerStats>, StoreError> {
        read_player(&self.conn(), name).map_err(|e| self.err(e))
    }

    fn record_game(&self, game: &NewGame) -> Result<i64, StoreError> {
        game.check()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let id = insert_game(&tx, game).map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(id)
    }

    fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        let conn = self.conn();
        let mut players = (|| {
            let mut stmt = conn.prepare_cached("SELECT name, wins, losses, ties FROM players")?;
            let rows = stmt.query_map([], player_from_row)?;
            rows.collect::<Result<Vec<_>, _>>()
        })()
        .map_err(|e| self.err(e))?;
        players.sort_by(PlayerStats::cmp_rank);
        Ok(players)
    }

    fn recent_games(
        &self,
        player: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let conn = self.conn();
        let raw = (|| {
            // Two statements rather than `?1 IS NULL OR ...`, which would keep SQLite from
            // using the per-player indexes.
            match player {
                None => conn
                    .prepare_cached(&format!(
                        "SELECT {GAME_COLUMNS} FROM games ORDER BY id DESC LIMIT ?1"
                    ))?
                    .query_map([limit], raw_game)?
                    .collect::<Result<Vec<_>, _>>(),
                Some(name) => {
                    let stored: Option<String> = conn
                        .prepare_cached("SELECT name FROM players WHERE name_key = ?1")?
                        .query_row([name_key(name)], |row| row.get(0))
                        .optional()?;
                    let Some(name) = stored else {
                        return Ok(Vec::new());
                    };
                    conn.prepare_cached(&format!(
                        "SELECT {GAME_COLUMNS} FROM games WHERE x_player = ?1 OR o_player = ?1
                         ORDER BY id DESC LIMIT ?2"
                    ))?
                    .query_map(params![name, limit], raw_game)?
                    .collect::<Result<Vec<_>, _>>()
                }
            }
        })()
        .map_err(|e| self.err(e))?;
        raw.into_iter().map(|g| g.into_record(&self.path)).collect()
    }

    fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        let raw = self
            .conn()
            .prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))
            .and_then(|mut stmt| stmt.query_row([id], raw_game).optional())
            .map_err(|e| self.err(e))?;
        raw.map(|g| g.into_record(&self.path)).transpose()
    }

    fn create_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        game.position()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let inserted = insert_live_game(&tx, game);
        match inserted {
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
                return Err(StoreError::Conflict {
                    what: format!("game {}", game.id),
                })
            }
            other => other.map_err(|e| self.err(e))?,
        }
        write_moves(&tx, &game.id, 0, &game.moves).map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    fn live_game(&self, id: &str) -> Result<Option<LiveGame>, StoreError> {
        let conn = self.conn();
        read_live_game(&conn, "id", id)
            .map_err(|e| self.err(e))?
            .map(|raw| {
                let moves = read_moves(&conn, &raw.id).map_err(|e| self.err(e))?;
                raw.into_game(moves, &self.path)
            })
            .transpose()
    }

    fn live_game_by_invite(&self, code: &str) -> Result<Option<LiveGame>, StoreError> {
        let conn = self.conn();
        read_live_game(&conn, "invite", code)
            .map_err(|e| self.err(e))?
            .map(|raw| {
                let moves = read_moves(&conn, &raw.id).map_err(|e| self.err(e))?;
                raw.into_game(moves, &self.path)
            })
            .transpose()
    }

    fn save_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        let record = game
            .finished()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        let mut saved = game.clone();
        saved.version += 1;
        saved.updated_at = unix_now();
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        if saved.record_id.is_none() {
            if let Some(record) = &record {
                saved.record_id = Some(insert_game(&tx, record).map_err(|e| self.err(e))?);
            }
        }
        let changed = update_live_game(&tx, &saved, game.version).map_err(|e| self.err(e))?;
        if changed == 0 {
            // Dropping the transaction rolls the record back too.
            return Err(StoreError::Conflict {
                what: format!("game {}", game.id),
            });
        }
        // The stored moves that are still the game's stay; the rest go, and the new ones
        // come after them.
        let old = read_moves(&tx, &game.id).map_err(|e| self.err(e))?;
        let same = old
            .iter()
            .zip(&game.moves)
            .take_while(|(a, b)| a == b)
            .count();
        tx.prepare_cached("DELETE FROM live_moves WHERE game = ?1 AND ply >= ?2")
            .and_then(|mut stmt| stmt.execute(params![game.id, same]))
            .map_err(|e| self.err(e))?;
        write_moves(&tx, &game.id, same, &game.moves[same..]).map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(saved)
    }

    fn migration_notes(&self) -> &[String] {
        &self.notes
    }

    fn remove_stale_live_games(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> Result<usize, StoreError> {
        // A finished game is one recorded, or one that cannot be: its board is full or won.
        // Games that do not count are never recorded, so they go when idle.
        self.conn()
            .execute(
                "DELETE FROM live_games
                 WHERE updated_at < ?1 OR (record_id IS NOT NULL AND updated_at < ?2)",
                [idle_before, finished_before],
            )
            .map_err(|e| self.err(e))
    }

    fn live_game_count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn()
            .prepare_cached("SELECT count(*) FROM live_games")
            .and_then(|mut stmt| stmt.query_row([], |row| row.get(0)))
            .map_err(|e| self.err(e))?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    fn players_page(
        &self,
        filter: &PlayerFilter,
        limit: usize,
        offset: usize,
    ) -> Result<PlayerPage, StoreError> {
        // An exact name is a pattern without wildcards.
        let pattern = match filter {
            PlayerFilter::Containing(search) => format!("%{}%", like_escaped(&name_key(search))),
            PlayerFilter::Named(name) => like_escaped(&name_key(name)),
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let offset = i64::try_from(offset).unwrap_or(i64::MAX);
        let conn = self.conn();
        (|| {
            let total: i64 = conn
                .prepare_cached("SELECT count(*) FROM players WHERE name_key LIKE ?1 ESCAPE '\\'")?
                .query_row([&pattern], |row| row.get(0))?;
            let players = conn
                .prepare_cached(&format!(
                    "SELECT name, wins, losses, ties, rank FROM (
                         SELECT name, name_key, wins, losses, ties,
                                row_number() OVER (ORDER BY {RANK_ORDER}) AS rank
                         FROM players)
                     WHERE name_key LIKE ?1 ESCAPE '\\'
                     ORDER BY rank LIMIT ?2 OFFSET ?3"
                ))?
                .query_map(params![pattern, limit, offset], |row| {
                    Ok(RankedPlayer {
                        stats: player_from_row(row)?,
                        rank: row.get(4)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(PlayerPage {
                players,
                total: u64::try_from(total).unwrap_or(0),
            })
        })()
        .map_err(|e| self.err(e))
    }
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

/// `path` for an SQLite URI: the characters URIs give a meaning to, escaped.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            '?' | '#' | '%' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Looks at an existing file before SQLite does, and makes the directory for a new one.
///
/// SQLite opens lazily and, given some files, would happily treat them as empty databases;
/// reading the header ourselves refuses text files and the like with certainty.
fn precheck_file(path: &Path) -> Result<(), StoreError> {
    let read_err = |source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    };
    match fs::File::open(path) {
        Ok(file) => {
            let mut header = Vec::with_capacity(SQLITE_HEADER_LEN);
            file.take(SQLITE_HEADER_LEN as u64)
                .read_to_end(&mut header)
                .map_err(read_err)?;
            // An empty file is a database nobody has written yet; SQLite agrees.
            if !header.is_empty()
                && (header.len() < SQLITE_HEADER_LEN || !header.starts_with(SQLITE_MAGIC))
            {
                return Err(StoreError::NotSqlite {
                    path: path.to_path_buf(),
                });
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => {
                fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                    path: dir.to_path_buf(),
                    source,
                })
            }
            _ => Ok(()),
        },
        Err(e) => Err(read_err(e)),
    }
}

/// Reads (never writes) what the database says about itself and decides whether it is a
/// ttt database we can use. Returns its schema version (0 for a new, empty database).
fn recognise(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    let (app_id, version, objects) = identity(conn).map_err(|e| db_error(path, e))?;
    classify(path, app_id, version, objects)
}

/// `application_id`, `user_version` and the number of schema objects.
///
/// One statement, so one consistent snapshot: read one by one, they could straddle another
/// process's migration and describe a file that never existed.
fn identity(conn: &Connection) -> rusqlite::Result<(i32, i64, i64)> {
    conn.query_row(
        "SELECT (SELECT application_id FROM pragma_application_id),
                (SELECT user_version FROM pragma_user_version),
                (SELECT count(*) FROM sqlite_master)",
        [],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
}

fn classify(path: &Path, app_id: i32, version: i64, objects: i64) -> Result<i64, StoreError> {
    let path = path.to_path_buf();
    if app_id == APPLICATION_ID {
        if version > LATEST {
            return Err(StoreError::TooNew {
                path,
                found: version,
                supported: LATEST,
            });
        }
        Ok(version)
    } else if app_id == 0 && version == 0 && objects == 0 {
        Ok(0) // new and empty: ours to set up
    } else {
        Err(StoreError::NotOurs { path })
    }
}

/// Switches the file to write-ahead logging, so readers (`ttt players`, the web server) work
/// while a game is being saved. The mode is recorded in the file: once set, this is a no-op.
///
/// Best effort: switching needs a moment of exclusive access, and SQLite reports "busy" at
/// once rather than waiting when another connection is using the new file. Then the other
/// connection switches it, or the next open does; every connection follows the mode recorded
/// in the file at its next transaction, so nothing depends on this succeeding.
fn enable_wal(conn: &Connection) -> rusqlite::Result<()> {
    match conn.pragma_update_and_check(None, "journal_mode", "wal", |row| row.get::<_, String>(0)) {
        Ok(_mode) => Ok(()),
        Err(e)
            if matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
            ) =>
        {
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Applies the pending migrations and stamps the file as ours, in one transaction. Returns
/// the migrations' notes for the user.
fn migrate(conn: &mut Connection, path: &Path) -> Result<Vec<String>, StoreError> {
    let err = |e| db_error(path, e);
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    // Another process may have migrated (or claimed) the file while we waited for the lock.
    let (app_id, version, objects) = identity(&tx).map_err(err)?;
    let version = classify(path, app_id, version, objects)?;
    let mut notes = Vec::new();
    for m in migrations::pending(version) {
        let failed = |e: rusqlite::Error| StoreError::Backend {
            path: path.to_path_buf(),
            source: format!("migration {} failed: {e}", m.name).into(),
        };
        tx.execute_batch(m.sql).map_err(failed)?;
        if let Some(code) = m.code {
            notes.extend(code(&tx).map_err(failed)?);
        }
        tx.pragma_update(None, "user_version", m.version)
            .map_err(err)?;
    }
    tx.pragma_update(None, "application_id", APPLICATION_ID)
        .map_err(err)?;
    tx.commit().map_err(err)?;
    Ok(notes)
}

/// The free space on the disk holding `path`, if the system says.
fn free_space(path: &Path) -> Option<u64> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs4::available_space(dir).ok()
}

/// Whether so little is free that SQLite cannot write a page and its journal.
fn is_nearly_full(free: u64) -> bool {
    free < 64 * 1024
}

/// Turns SQLite's error into ours, naming the file.
fn db_error(path: &Path, e: rusqlite::Error) -> StoreError {
    let path = path.to_path_buf();
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => return StoreError::NotSqlite { path },
        Some(ErrorCode::DatabaseCorrupt) => {
            return StoreError::Corrupt {
                path,
                detail: e.to_string(),
            }
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
            return StoreError::Busy { path };
        }
        Some(ErrorCode::ReadOnly) => return StoreError::ReadOnly { path },
        Some(ErrorCode::DiskFull) => return StoreError::DiskFull { path },
        // SQLite reports some writes to a full disk (making its shared-memory file, say)
        // as a plain I/O error: the free space tells.
        Some(ErrorCode::SystemIoFailure) if free_space(&path).is_some_and(is_nearly_full) => {
            return StoreError::DiskFull { path }
        }
        Some(ErrorCode::PermissionDenied) => {
            return StoreError::Read {
                path,
                source: io::Error::new(io::ErrorKind::PermissionDenied, e),
            }
        }
        _ => {}
    }
    match e {
        // A value of the wrong type or range in a column: the data is not what we wrote.
        rusqlite::Error::IntegralValueOutOfRange(..)
        | rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::FromSqlConversionFailure(..) => StoreError::Corrupt {
            path,
            detail: e.to_string(),
        },
        e => StoreError::Backend {
            path,
            source: Box::new(e),
        },
    }
}

fn player_from_row(row: &Row<'_>) -> rusqlite::Result<PlayerStats> {
    Ok(PlayerStats {
        name: row.get(0)?,
        wins: row.get(1)?,
        losses: row.get(2)?,
        ties: row.get(3)?,
    })
}

fn read_player(conn: &Connection, name: &str) -> rusqlite::Result<Option<PlayerStats>> {
    conn.prepare_cached("SELECT name, wins, losses, ties FROM players WHERE name_key = ?1")?
        .query_row([name_key(name)], player_from_row)
        .optional()
}

/// The player's name as first spelled, creating the player with zero counts if there is
/// none under any spelling.
fn stored_name(conn: &Connection, name: &str) -> rusqlite::Result<String> {
    let key = name_key(name);
    conn.prepare_cached(
        "INSERT INTO players (name, name_key) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
    )?
    .execute(params![name, key])?;
    conn.prepare_cached("SELECT name FROM players WHERE name_key = ?1")?
        .query_row([key], |row| row.get(0))
}

/// Stores a checked game and counts it for its human players; the caller's transaction
/// makes the two one change.
///
/// Counters are per side: a human who plays both X and O under one name is credited for
/// each side, so one game adds a win and a loss (or two ties) to that name.
fn insert_game(conn: &Connection, game: &NewGame) -> rusqlite::Result<i64> {
    let (x_player, x_level) = columns(&game.x);
    let (o_player, o_level) = columns(&game.o);
    let x_player = x_player.map(|n| stored_name(conn, n)).transpose()?;
    let o_player = o_player.map(|n| stored_name(conn, n)).transpose()?;
    let (x_player, o_player) = (x_player.as_deref(), o_player.as_deref());
    let forfeit = forfeit_columns(game.forfeit.as_ref());
    conn.prepare_cached(
        "INSERT INTO games (board_rows, board_cols, k, x_player, x_level, o_player, o_level,
                            moves, result, hints_x, hints_o, forfeit, forfeit_reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        game.rows,
        game.cols,
        game.k,
        x_player,
        x_level,
        o_player,
        o_level,
        encode_moves(&game.moves),
        game.result.as_str(),
        game.hints.x,
        game.hints.o,
        forfeit.0,
        forfeit.1,
    ])?;
    let id = conn.last_insert_rowid();

    for (side, name) in [
        (ttt_core::Player::X, x_player),
        (ttt_core::Player::O, o_player),
    ] {
        let Some(name) = name else { continue };
        // Incremented in SQL, never read-modify-write, so concurrent games all count.
        let sql = match game.result.winner() {
            None => "UPDATE players SET ties = ties + 1 WHERE name = ?1",
            Some(winner) if winner == side => "UPDATE players SET wins = wins + 1 WHERE name = ?1",
            Some(_) => "UPDATE players SET losses = losses + 1 WHERE name = ?1",
        };
        conn.prepare_cached(sql)?.execute([name])?;
    }
    Ok(id)
}

/// A participant as the `*_player` and `*_level` columns: exactly one is set.
fn columns(who: &Participant) -> (Option<&str>, Option<&str>) {
    match who {
        Participant::Human { name } => (Some(name), None),
        Participant::Computer { level } => (None, Some(level)),
    }
}

/// The columns [`raw_game`] reads, in its order.
const GAME_COLUMNS: &str = "id, board_rows, board_cols, k, x_player, x_level, o_player, \
                            o_level, moves, result, finished_at, hints_x, hints_o, forfeit, \
                            forfeit_reason";

/// The columns [`raw_live_game`] reads, in its order.
const LIVE_COLUMNS: &str = "id, board_rows, board_cols, k, x_kind, x_name, x_level, x_token, \
                            o_kind, o_name, o_level, o_token, invite, invite_expires, \
                            hints_x, hints_o, takeback, thinking_until, record_id, rematch, \
                            version, created_at, updated_at, forfeit, forfeit_reason";

fn seat_columns(seat: &LiveSeat) -> SeatColumns {
    let (kind, name, level) = match &seat.kind {
        SeatKind::Human { name } => ("human", Some(name.clone()), None),
        SeatKind::Computer { level } => ("computer", None, Some(level.clone())),
        SeatKind::Friend { name } => ("friend", name.clone(), None),
    };
    (kind.to_string(), name, level, seat.token_hash.clone())
}

fn insert_live_game(conn: &Connection, g: &LiveGame) -> rusqlite::Result<()> {
    let (x, o) = (seat_columns(&g.seats.x), seat_columns(&g.seats.o));
    let forfeit = forfeit_columns(g.forfeit.as_ref());
    conn.prepare_cached(&format!(
        "INSERT INTO live_games ({LIVE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
             ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25)"
    ))?
    .execute(params![
        g.id,
        g.rows,
        g.cols,
        g.k,
        x.0,
        x.1,
        x.2,
        x.3,
        o.0,
        o.1,
        o.2,
        o.3,
        g.invite.as_ref().map(|i| &i.code),
        g.invite.as_ref().map(|i| i.expires_at),
        g.hints.x,
        g.hints.o,
        g.takeback.map(|p| p.to_string()),
        g.thinking_until,
        g.record_id,
        g.rematch,
        g.version,
        g.created_at,
        g.updated_at,
        forfeit.0,
        forfeit.1,
    ])?;
    Ok(())
}

/// Writes every field of `g` over the row still at version `from`; how many rows changed.
fn update_live_game(conn: &Connection, g: &LiveGame, from: i64) -> rusqlite::Result<usize> {
    let (x, o) = (seat_columns(&g.seats.x), seat_columns(&g.seats.o));
    let forfeit = forfeit_columns(g.forfeit.as_ref());
    conn.prepare_cached(
        "UPDATE live_games SET x_kind = ?1, x_name = ?2, x_level = ?3, x_token = ?4,
            o_kind = ?5, o_name = ?6, o_level = ?7, o_token = ?8, invite = ?9,
            invite_expires = ?10, hints_x = ?11, hints_o = ?12, takeback = ?13,
            thinking_until = ?14, record_id = ?15, rematch = ?16, version = ?17,
            updated_at = ?18, forfeit = ?21, forfeit_reason = ?22
         WHERE id = ?19 AND version = ?20",
    )?
    .execute(params![
        x.0,
        x.1,
        x.2,
        x.3,
        o.0,
        o.1,
        o.2,
        o.3,
        g.invite.as_ref().map(|i| &i.code),
        g.invite.as_ref().map(|i| i.expires_at),
        g.hints.x,
        g.hints.o,
        g.takeback.map(|p| p.to_string()),
        g.thinking_until,
        g.record_id,
        g.rematch,
        g.version,
        g.updated_at,
        g.id,
        from,
        forfeit.0,
        forfeit.1,
    ])
}

fn write_moves(conn: &Connection, game: &str, from: usize, moves: &[Cell]) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO live_moves (game, ply, cell_row, cell_col) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (i, cell) in moves.iter().enumerate() {
        stmt.execute(params![game, from + i, cell.row, cell.col])?;
    }
    Ok(())
}

fn read_moves(conn: &Connection, game: &str) -> rusqlite::Result<Vec<Cell>> {
    conn.prepare_cached("SELECT cell_row, cell_col FROM live_moves WHERE game = ?1 ORDER BY ply")?
        .query_map([game], |row| Ok(Cell::new(row.get(0)?, row.get(1)?)))?
        .collect()
}

fn read_live_game(
    conn: &Connection,
    column: &str,
    value: &str,
) -> rusqlite::Result<Option<RawLiveGame>> {
    conn.prepare_cached(&format!(
        "SELECT {LIVE_COLUMNS} FROM live_games WHERE {column} = ?1"
    ))?
    .query_row([value], raw_live_game)
    .optional()
}

/// A `games` row, read as [`GAME_COLUMNS`] lists them.
fn raw_game(row: &Row<'_>) -> rusqlite::Result<RawGame> {
    Ok(RawGame {
        id: row.get(0)?,
        rows: row.get(1)?,
        cols: row.get(2)?,
        k: row.get(3)?,
        x: (row.get(4)?, row.get(5)?),
        o: (row.get(6)?, row.get(7)?),
        moves: row.get(8)?,
        result: row.get(9)?,
        finished_at: row.get(10)?,
        hints: ByPlayer {
            x: row.get(11)?,
            o: row.get(12)?,
        },
        forfeit: (row.get(13)?, row.get(14)?),
    })
}

/// A `live_games` row, read as [`LIVE_COLUMNS`] lists them.
fn raw_live_game(row: &Row<'_>) -> rusqlite::Result<RawLiveGame> {
    Ok(RawLiveGame {
        id: row.get(0)?,
        dims: (row.get(1)?, row.get(2)?, row.get(3)?),
        x: (row.get(4)?, row.get(5)?, row.get(6)?, row.get(7)?),
        o: (row.get(8)?, row.get(9)?, row.get(10)?, row.get(11)?),
        invite: (row.get(12)?, row.get(13)?),
        hints: ByPlayer {
            x: row.get(14)?,
            o: row.get(15)?,
        },
        takeback: row.get(16)?,
        thinking_until: row.get(17)?,
        record_id: row.get(18)?,
        rematch: row.get(19)?,
        version: row.get(20)?,
        created_at: row.get(21)?,
        updated_at: row.get(22)?,
        forfeit: (row.get(23)?, row.get(24)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{cpu, game, human, stats};
    use crate::GameResult;
    use std::sync::Arc;

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Writes `bytes` as `ttt.db`, tries to open it, and checks that it was refused and left
    /// exactly as it was, with no journal or WAL file beside it.
    fn refused(bytes: &[u8]) -> StoreError {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        fs::write(&path, bytes).unwrap();
        let err = SqliteStore::open(&path).expect_err("should refuse the file");
        assert_eq!(fs::read(&path).unwrap(), bytes, "the file was changed");
        assert_eq!(files_in(dir.path()), ["ttt.db"]);
        let message = err.to_string();
        assert!(message.contains(&*path.to_string_lossy()), "{message}");
        err
    }

    /// A little pseudo-random noise (no `rand` needed).
    fn noise(len: usize) -> Vec<u8> {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state.to_le_bytes()[0]
            })
            .collect()
    }

    #[test]
    fn a_missing_file_and_its_directories_are_created_and_data_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a").join("b").join("ttt.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            assert_eq!(store.path(), path);
            store
                .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
                .unwrap();
        }
        assert!(path.is_file());
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 1, 0, 0)));
        assert_eq!(store.recent_games(None, 5).unwrap().len(), 1);

        let conn = store.conn();
        let (app_id, version, _) = identity(&conn).unwrap();
        assert_eq!((app_id, version), (APPLICATION_ID, LATEST));
        let mode: String = conn
            .pragma_query_value(None, "journal_mode", |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn an_empty_file_becomes_a_new_database() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let store = SqliteStore::open(file.path()).unwrap();
        store
            .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
            .unwrap();
        assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 0, 0, 1)));
    }

    #[test]
    fn an_older_schema_is_migrated_in_place() {
        // A database of ours created before any migration ran (version 0) gets them all.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        drop(conn);
        let store = SqliteStore::open(&path).unwrap();
        store
            .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
            .unwrap();
        assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 0, 0, 1)));
        assert_eq!(identity(&store.conn()).unwrap().1, LATEST);
    }

    /// A database of the first schema where "Alice" and "alice" were two players: opened,
    /// they are one, with every count and game, and the merge is reported and recorded.
    #[test]
    fn players_that_differ_only_in_case_are_merged_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(migrations::MIGRATIONS[0].sql).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        let old = |name: &str, result: GameResult| {
            conn.execute(
                "INSERT INTO players (name) VALUES (?1) ON CONFLICT DO NOTHING",
                [name],
            )
            .unwrap();
            let (moves, column) = match result {
                GameResult::XWins => ("0,0;1,0;0,1;1,1;0,2", "wins"),
                _ => ("0,0;0,1;0,2;1,1;1,0;1,2;2,1;2,0;2,2", "ties"),
            };
            conn.execute(
                "INSERT INTO games (board_rows, board_cols, k, x_player, o_level, moves, result)
                 VALUES (3, 3, 3, ?1, 'easy', ?2, ?3)",
                params![name, moves, result.as_str()],
            )
            .unwrap();
            conn.execute(
                &format!("UPDATE players SET {column} = {column} + 1 WHERE name = ?1"),
                [name],
            )
            .unwrap();
        };
        old("Alice", GameResult::XWins);
        old("alice", GameResult::XWins);
        old("alice", GameResult::Draw);
        old("Bob", GameResult::Draw);
        drop(conn);

        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(
            store.player("ALICE").unwrap(),
            Some(stats("Alice", 2, 0, 1))
        );
        assert_eq!(store.player("bob").unwrap(), Some(stats("Bob", 0, 0, 1)));
        assert_eq!(store.players().unwrap().len(), 2);
        assert_eq!(store.recent_games(Some("Alice"), 10).unwrap().len(), 3);
        let notes = store.migration_notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("alice and Alice are one player"),
            "{notes:?}"
        );
        let merged: (String, String, i64, i64) = store
            .conn()
            .query_row(
                "SELECT kept, merged, wins, ties FROM player_merges",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        assert_eq!(merged, ("Alice".into(), "alice".into(), 1, 1));
        drop(store);
        // Opened again, nothing more happens.
        assert!(SqliteStore::open(&path)
            .unwrap()
            .migration_notes()
            .is_empty());
    }

    /// The leaderboard's order in SQL is the one of [`PlayerStats::cmp_rank`], on many
    /// random records (ties of every kind included).
    #[test]
    fn pages_rank_players_as_the_ranking_does() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % 4
        };
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
        let ranked: Vec<String> = store
            .players()
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect();
        let paged: Vec<String> = store
            .players_page(&PlayerFilter::everyone(), 1_000, 0)
            .unwrap()
            .players
            .into_iter()
            .map(|p| p.stats.name)
            .collect();
        assert_eq!(paged, ranked);
    }

    #[test]
    fn a_database_opened_for_reading_reads_and_never_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt?#%.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            store
                .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
                .unwrap();
        }
        let before = fs::read(&path).unwrap();
        let store = SqliteStore::open_read_only(&path).unwrap();
        assert_eq!(store.player("ann").unwrap(), Some(stats("Ann", 1, 0, 0)));
        assert_eq!(store.recent_games(None, 5).unwrap().len(), 1);
        let err = store
            .record_game(&game(human("Bo"), cpu(), GameResult::XWins))
            .unwrap_err();
        assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before);
        let immutable = SqliteStore::open_immutable(&path).unwrap();
        assert_eq!(immutable.players().unwrap().len(), 1);
        // An older schema would need upgrading: refused, untouched.
        let old = dir.path().join("old.db");
        let conn = Connection::open(&old).unwrap();
        conn.execute_batch(migrations::MIGRATIONS[0].sql).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        drop(conn);
        let err = SqliteStore::open_read_only(&old).unwrap_err();
        assert!(matches!(err, StoreError::NeedsUpgrade { .. }), "{err}");
    }

    #[test]
    fn an_io_error_on_a_full_disk_says_the_disk_is_full() {
        assert!(is_nearly_full(0) && is_nearly_full(4096));
        assert!(!is_nearly_full(10 << 20));
        assert!(free_space(Path::new("ttt.db")).is_some());
    }

    /// On a real full disk (a small tmpfs, where the system lets us mount one): opening an
    /// existing database and recording a game each say the disk is full, and the file is
    /// left as it was.
    #[test]
    fn a_full_disk_is_reported_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("no tmpfs could be mounted here: the full-disk check did not run");
            return;
        }
        let path = dir.path().join("ttt.db");
        let result = std::panic::catch_unwind(|| {
            drop(SqliteStore::open(&path).unwrap());
            let before = fs::read(&path).unwrap();
            let filler = dir.path().join("filler");
            let _ = fs::write(&filler, vec![0u8; 1 << 20]);
            let err = SqliteStore::open(&path).unwrap_err();
            assert!(matches!(err, StoreError::DiskFull { .. }), "{err}");
            assert!(err.to_string().contains("is full"), "{err}");
            assert_eq!(fs::read(&path).unwrap(), before);
        });
        let _ = std::process::Command::new("umount")
            .arg(dir.path())
            .status();
        if let Err(e) = result {
            std::panic::resume_unwind(e);
        }
    }

    #[test]
    fn keeps_the_store_contract() {
        crate::contract::all(&|| Arc::new(SqliteStore::open_in_memory().unwrap()));
    }

    #[test]
    fn random_bytes_are_refused_untouched() {
        let err = refused(&noise(8192));
        assert!(matches!(err, StoreError::NotSqlite { .. }), "{err}");
        // Short files too.
        let err = refused(b"\x01");
        assert!(matches!(err, StoreError::NotSqlite { .. }), "{err}");
    }

    #[test]
    fn a_text_file_is_refused_untouched() {
        let text = "name,wins,losses,ties\nAnn,3,1,0\n".repeat(200);
        let err = refused(text.as_bytes());
        assert!(matches!(err, StoreError::NotSqlite { .. }), "{err}");
        assert!(err.to_string().contains("not an SQLite database"), "{err}");
    }

    #[test]
    fn garbage_behind_an_sqlite_header_is_refused_untouched() {
        let mut bytes = SQLITE_MAGIC.to_vec();
        bytes.extend(noise(4096 * 3));
        let err = refused(&bytes);
        assert!(
            matches!(
                err,
                StoreError::NotSqlite { .. } | StoreError::Corrupt { .. }
            ),
            "{err}"
        );
    }

    #[test]
    fn a_damaged_ttt_database_is_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            store
                .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
                .unwrap();
        }
        // Scribble over everything after the 100-byte header, keeping its size.
        let mut bytes = fs::read(&path).unwrap();
        let len = bytes.len();
        bytes[SQLITE_HEADER_LEN..].copy_from_slice(&noise(len - SQLITE_HEADER_LEN));
        let err = refused(&bytes);
        assert!(
            matches!(
                err,
                StoreError::NotSqlite { .. } | StoreError::Corrupt { .. }
            ),
            "{err}"
        );
    }

    fn sqlite_file(setup: &str) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(setup).unwrap();
        drop(conn);
        fs::read(&path).unwrap()
    }

    #[test]
    fn another_programs_database_is_refused_untouched() {
        let bytes = sqlite_file("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');");
        let err = refused(&bytes);
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");

        // Claimed by another application, even with no tables.
        let err = refused(&sqlite_file("PRAGMA application_id = 42;"));
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");

        // Tables named like ours but no application id: still not ours.
        let ours_lookalike = sqlite_file(migrations::MIGRATIONS[0].sql);
        let err = refused(&ours_lookalike);
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");
    }

    #[test]
    fn a_database_from_a_newer_ttt_is_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        drop(SqliteStore::open(&path).unwrap());
        {
            let conn = Connection::open(&path).unwrap();
            conn.pragma_update(None, "user_version", LATEST + 1)
                .unwrap();
            // Leave it in the default journal mode so `refused` sees a single file.
            conn.pragma_update(None, "journal_mode", "delete").unwrap();
        }
        let err = refused(&fs::read(&path).unwrap());
        match err {
            StoreError::TooNew {
                found, supported, ..
            } => {
                assert_eq!((found, supported), (LATEST + 1, LATEST));
            }
            other => panic!("expected TooNew, got {other}"),
        }
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = SqliteStore::open(dir.path()).unwrap_err();
        assert!(matches!(err, StoreError::Read { .. }), "{err}");
        assert!(
            err.to_string().contains(&*dir.path().to_string_lossy()),
            "{err}"
        );
    }

    #[test]
    fn a_path_under_a_regular_file_is_reported() {
        let file = tempfile::NamedTempFile::new().unwrap();
        // The "directory" is a regular file.
        let path = file.path().join("sub").join("ttt.db");
        let err = SqliteStore::open(&path).unwrap_err();
        assert!(
            matches!(err, StoreError::CreateDir { .. } | StoreError::Read { .. }),
            "{err}"
        );
        assert!(
            err.to_string().contains(&*file.path().to_string_lossy()),
            "{err}"
        );
    }

    /// Permission checks cannot be tested as root, who may read and write anything; then the
    /// test checks nothing.
    #[cfg(unix)]
    #[test]
    fn unreadable_and_unwritable_files_are_refused_untouched() {
        use std::os::unix::fs::PermissionsExt;

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        drop(SqliteStore::open(&path).unwrap());
        let before = fs::read(&path).unwrap();

        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        if fs::File::open(&path).is_ok() {
            return; // running as root
        }
        let err = SqliteStore::open(&path).unwrap_err();
        assert!(matches!(err, StoreError::Read { .. }), "{err}");
        assert!(err.to_string().contains("permission"), "{err}");

        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let err = SqliteStore::open(&path).unwrap_err();
        assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before);
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
        const GAMES: usize = 50;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let writers: Vec<_> = [GameResult::XWins, GameResult::OWins]
            .into_iter()
            .map(|result| {
                let path = path.clone();
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    let store = SqliteStore::open(&path).unwrap();
                    for _ in 0..GAMES {
                        store
                            .record_game(&game(human("Ann"), cpu(), result))
                            .unwrap();
                        store
                            .record_game(&game(human("Ann"), human("Bo"), GameResult::Draw))
                            .unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let n = GAMES as u64;
        assert_eq!(
            store.player("Ann").unwrap(),
            Some(stats("Ann", n, n, 2 * n))
        );
        assert_eq!(store.player("Bo").unwrap(), Some(stats("Bo", 0, 0, 2 * n)));
        assert_eq!(
            store.recent_games(None, usize::MAX).unwrap().len(),
            4 * GAMES
        );
    }
}
