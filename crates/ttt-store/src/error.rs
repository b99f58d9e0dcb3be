//! The one error type of the store.
//!
//! Every variant that concerns a database file names it, says what is wrong, and — because
//! the store never overwrites a file it cannot use — that the file was left as it was, so a
//! user knows their statistics are safe and what to do next. Nothing here names a particular
//! backend's types, so callers stay the same when another backend is added.

use std::error::Error as StdError;
use std::io;
use std::path::PathBuf;

use crate::GameError;

/// Why the store could not do what was asked.
///
/// The messages are written for the person running `ttt`:
///
/// ```
/// # use ttt_store::StoreError;
/// let err = StoreError::NotSqlite { path: "/home/ann/.local/share/ttt/ttt.db".into() };
/// assert_eq!(
///     err.to_string(),
///     "/home/ann/.local/share/ttt/ttt.db is not an SQLite database (it may be damaged, or \
///      another kind of file); it was left untouched: move it aside or choose another \
///      database file",
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The directory that should hold a new database could not be created.
    #[error("cannot create the directory {} for the database: {source}", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },

    /// The database file exists but could not be read (no permission, a directory, ...).
    #[error("cannot read the database file {}: {}", path.display(), io_hint(source))]
    Read {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },

    /// A backup's target file exists already: a backup never overwrites a file.
    #[error(
        "{} already exists: a backup is written to a new file, never over another",
        path.display()
    )]
    BackupTarget {
        /// The file.
        path: std::path::PathBuf,
    },

    /// The database could be read but not written, and the store has to write.
    #[error(
        "the database file {} is read-only, and ttt needs to write to it: check the \
         permissions of the file and of its directory, or choose another database file",
        path.display()
    )]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },

    /// The file is not an SQLite database at all.
    #[error(
        "{} is not an SQLite database (it may be damaged, or another kind of file); it was \
         left untouched: move it aside or choose another database file",
        path.display()
    )]
    NotSqlite {
        /// The file.
        path: PathBuf,
    },

    /// The database (an SQLite file, or a PostgreSQL database holding tables) belongs to
    /// some other program.
    #[error(
        "{} is a database of another program, not a ttt database; it was left untouched: \
         choose another database",
        path.display()
    )]
    NotOurs {
        /// The file (or the database's URL).
        path: PathBuf,
    },

    /// The database server could not be reached, or refused the connection.
    #[error(
        "cannot connect to the database {}: {source}; check that PostgreSQL runs there and \
         that the user, password and database in the URL are right",
        path.display()
    )]
    Unreachable {
        /// The database's URL, without its password.
        path: PathBuf,
        /// What the connection attempt ran into.
        source: Box<dyn StdError + Send + Sync + 'static>,
    },

    /// A restore was asked into a database that already holds players or games.
    #[error(
        "{} already holds {rows} players and games; it was left untouched: restore into a new, \
         empty database (a new file, or `createdb`)",
        path.display()
    )]
    NotEmpty {
        /// The file (or the database's URL).
        path: PathBuf,
        /// How many players, games and games in progress it holds.
        rows: i64,
    },

    /// The connection's TLS could not be set up as the URL asks (`sslmode`, `sslrootcert`),
    /// or the server's certificate did not pass its checks.
    #[error("cannot connect to the database {} securely: {reason}", path.display())]
    Tls {
        /// The database's URL, without its password.
        path: PathBuf,
        /// What failed, and what to do about it.
        reason: String,
    },

    /// The database was written by a newer `ttt` whose schema this one does not know.
    #[error(
        "{} was written by a newer version of ttt (schema version {found}; this version \
         knows up to {supported}); it was left untouched: upgrade ttt to use it",
        path.display()
    )]
    TooNew {
        /// The file.
        path: PathBuf,
        /// The schema version found in the file.
        found: i64,
        /// The newest schema version this build knows.
        supported: i64,
    },

    /// The database is damaged, or holds data the store cannot make sense of.
    #[error(
        "the database {} is damaged ({detail}); it was left untouched: restore it from a \
         backup or move it aside",
        path.display()
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What was found wrong.
        detail: String,
    },

    /// Another process kept the database locked for longer than the store waits.
    #[error(
        "the database {} stayed locked by another ttt for more than {seconds} seconds; try \
         again",
        path.display()
    )]
    Busy {
        /// The file.
        path: PathBuf,
        /// How long the store waited.
        seconds: u64,
    },

    /// The disk holding the database is full.
    #[error(
        "the disk holding the database {} is full: free some space and try again; nothing \
         was changed",
        path.display()
    )]
    DiskFull {
        /// The file.
        path: PathBuf,
    },

    /// The database was written by an older `ttt` and needs upgrading, which needs write
    /// access this command does not have.
    #[error(
        "the database {} is from an older version of ttt and must be upgraded, which needs \
         write access: run `ttt play` (or any command that saves) with write access once",
        path.display()
    )]
    NeedsUpgrade {
        /// The file.
        path: PathBuf,
    },

    /// A game that cannot have been played as described; nothing was recorded.
    #[error("cannot record the game: {reason}")]
    InvalidGame {
        /// What is wrong with it.
        reason: GameError,
    },

    /// A change that lost a race: another change came first, or what it changes is gone.
    /// Nothing was changed; read again and retry if it still makes sense.
    #[error("{what} changed meanwhile; nothing was saved: read it again")]
    Conflict {
        /// What changed.
        what: String,
    },

    /// Any other failure of the database.
    #[error("database error in {}: {source}", path.display())]
    Backend {
        /// The file (or other location) of the database.
        path: PathBuf,
        /// The backend's own error.
        source: Box<dyn StdError + Send + Sync + 'static>,
    },
}

/// The operating system's message, with the fix spelled out where there is an obvious one.
fn io_hint(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::PermissionDenied => {
            format!("{err}: check the owner and permissions of the file")
        }
        _ => err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_file_and_the_problem() {
        let path = PathBuf::from("/data/ttt.db");
        let read = StoreError::Read {
            path: path.clone(),
            source: io::Error::from(io::ErrorKind::PermissionDenied),
        };
        let text = read.to_string();
        assert!(text.contains("/data/ttt.db"), "{text}");
        assert!(text.contains("permission"), "{text}");

        let too_new = StoreError::TooNew {
            path: path.clone(),
            found: 7,
            supported: 1,
        };
        let text = too_new.to_string();
        assert!(
            text.contains("/data/ttt.db") && text.contains("upgrade"),
            "{text}"
        );

        let busy = StoreError::Busy { path, seconds: 5 };
        assert!(busy.to_string().contains("5 seconds"), "{busy}");
    }

    #[test]
    fn is_send_and_sync() {
        fn check<T: Send + Sync + 'static>() {}
        check::<StoreError>();
    }
}
