//! Opening an SQLite file with care, because it holds people's statistics: an existing file
//! is only read until it has been recognised as ours (SQLite header, our `application_id`, a
//! schema version we know), and anything else is refused with the file left byte-for-byte
//! as it was. Only then are migrations applied and the journal switched to WAL.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use crate::migrations::{self, LATEST};
use crate::sqlite::db::{now, Sqlite};
use crate::sqlite::errors::{db_error, BUSY_TIMEOUT};
use crate::StoreError;

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

/// A [`Store`](crate::Store) kept in an SQLite database file.
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
///     rule: Default::default(), opening: Default::default(), rated: false,
///     ending: None, time_control: Default::default(),
/// }).unwrap();
/// assert_eq!(store.player("Ann").unwrap().unwrap().wins, 1);
/// ```
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    pub(super) path: PathBuf,
    /// What opening changed that the user should hear of (see
    /// [`Store::migration_notes`](crate::Store::migration_notes)).
    pub(super) notes: Vec<String>,
}

impl SqliteStore {
    /// The connection. A thread that panicked while holding it cannot have left a
    /// transaction open (dropping a `Transaction` rolls it back), so poisoning is ignored.
    pub(super) fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

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
        let notes = if version < LATEST {
            migrate(&mut conn, &path)?
        } else {
            Vec::new()
        };
        // After migrating, which needs them off.
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(err)?;
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
///
/// Foreign keys are off while it runs (SQLite's way of remaking a table, as migration 4
/// does), and all of them are checked before it commits.
fn migrate(conn: &mut Connection, path: &Path) -> Result<Vec<String>, StoreError> {
    let err = |e| db_error(path, e);
    conn.pragma_update(None, "foreign_keys", false)
        .map_err(err)?;
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    // Another process may have migrated (or claimed) the file while we waited for the lock.
    let (app_id, version, objects) = identity(&tx).map_err(err)?;
    let version = classify(path, app_id, version, objects)?;
    let mut notes = Vec::new();
    for m in migrations::pending(version) {
        let failed = |e: &dyn std::fmt::Display| StoreError::Backend {
            path: path.to_path_buf(),
            source: format!("migration {} failed: {e}", m.name).into(),
        };
        tx.execute_batch(m.sqlite).map_err(|e| failed(&e))?;
        if let Some(code) = m.code {
            let db = Sqlite { conn: &tx, path };
            notes.extend(now(code.run(&db, FIRST_CREATED)).map_err(|e| failed(&e))?);
        }
        tx.pragma_update(None, "user_version", m.version)
            .map_err(err)?;
    }
    let broken: i64 = tx
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |row| {
            row.get(0)
        })
        .map_err(err)?;
    if broken > 0 {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("{broken} rows refer to rows that are not there"),
        });
    }
    tx.pragma_update(None, "application_id", APPLICATION_ID)
        .map_err(err)?;
    tx.commit().map_err(err)?;
    Ok(notes)
}

/// Players in the order they were created: `created_at` is to the second, and the row id
/// tells apart those created within one.
const FIRST_CREATED: &str = "created_at, rowid";

#[cfg(test)]
mod tests {
    use rusqlite::params;

    use super::*;
    use crate::contract::{cpu, game, human, stats};
    use crate::{GameResult, Store};

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

    /// A database of schema 5 whose players include look-alikes ("Alice" and a Cyrillic
    /// "Аlice"): opened, both stay players with their games, and the look-alikes are reported.
    #[test]
    fn look_alike_names_are_reported_and_kept_apart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let conn = Connection::open(&path).unwrap();
        for m in &migrations::MIGRATIONS[..5] {
            conn.execute_batch(m.sqlite).unwrap();
        }
        conn.execute_batch("CREATE UNIQUE INDEX players_by_key ON players (name_key)")
            .unwrap();
        conn.pragma_update(None, "user_version", 5).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        for name in ["Alice", "\u{410}lice", "Bob"] {
            conn.execute(
                "INSERT INTO players (name, name_key, wins) VALUES (?1, lower(?1), 1)",
                [name],
            )
            .unwrap();
        }
        drop(conn);
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.players().unwrap().len(), 3, "nothing merged");
        let notes = store.migration_notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("Alice, \u{410}lice"), "{notes:?}");
        assert!(notes[0].contains("look alike"), "{notes:?}");
        // From now on a third look-alike is refused.
        assert!(matches!(
            store.name_status("\u{391}lice", 0).unwrap(),
            crate::NameStatus::LooksLike { .. }
        ));
    }

    /// A database of the first schema where "Alice" and "alice" were two players: opened,
    /// they are one, with every count and game, and the merge is reported and recorded.
    #[test]
    fn players_that_differ_only_in_case_are_merged_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(migrations::MIGRATIONS[0].sqlite)
            .unwrap();
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

    /// A database of schema 3, whose engines were computers with an `engine:` level: opened,
    /// they are engines, in finished games and in a game in progress.
    #[test]
    fn engines_stored_as_levels_become_engines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        let conn = Connection::open(&path).unwrap();
        let [first, second, third, ..] = migrations::MIGRATIONS else {
            unreachable!()
        };
        conn.execute_batch(first.sqlite).unwrap();
        conn.execute_batch(second.sqlite).unwrap();
        conn.execute_batch("CREATE UNIQUE INDEX players_by_key ON players (name_key);")
            .unwrap();
        conn.execute_batch(third.sqlite).unwrap();
        conn.execute_batch(crate::contract::ENGINES_AS_LEVELS)
            .unwrap();
        conn.pragma_update(None, "user_version", 3).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        drop(conn);
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(identity(&store.conn()).unwrap().1, LATEST);
        let levels: i64 = store
            .conn()
            .query_row(
                "SELECT count(*) FROM games WHERE x_level LIKE 'engine:%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(levels, 0);
        crate::contract::engines_are_seats_of_their_own(&store);
        // The foreign keys hold, and are enforced again.
        let err = store
            .conn()
            .execute("DELETE FROM players WHERE name = 'Ann'", [])
            .unwrap_err();
        assert!(err.to_string().contains("FOREIGN KEY"), "{err}");
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
        conn.execute_batch(migrations::MIGRATIONS[0].sqlite)
            .unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        drop(conn);
        let err = SqliteStore::open_read_only(&old).unwrap_err();
        assert!(matches!(err, StoreError::NeedsUpgrade { .. }), "{err}");
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
        let ours_lookalike = sqlite_file(migrations::MIGRATIONS[0].sqlite);
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
}
