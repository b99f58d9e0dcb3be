//! Where a store is kept, as a user names it: a file, or a PostgreSQL URL.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use crate::postgres::without_password;
use crate::{PgStore, SqliteStore, Store, StoreError};

/// Where players and games are kept: an SQLite file on this machine, or a PostgreSQL
/// database that several servers share.
///
/// ```
/// use ttt_store::Location;
///
/// let file = Location::parse("games/ttt.db");
/// assert_eq!(file, Location::File("games/ttt.db".into()));
///
/// let shared = Location::parse("postgres://ttt:secret@db.example/ttt");
/// assert!(matches!(shared, Location::Postgres(_)));
/// // Messages never show the password.
/// assert_eq!(shared.to_string(), "postgres://ttt@db.example/ttt");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// An SQLite database file (created when missing).
    File(PathBuf),
    /// A PostgreSQL connection URL, `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (or
    /// `postgresql://`, with any of libpq's parameters after `?`).
    Postgres(String),
}

impl Location {
    /// A URL that starts with `postgres://` or `postgresql://` names PostgreSQL; anything
    /// else is a file's path.
    #[must_use]
    pub fn parse(text: impl Into<OsString>) -> Location {
        let text = text.into();
        match text.to_str() {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Location::Postgres(url.to_string())
            }
            _ => Location::File(PathBuf::from(text)),
        }
    }

    /// Opens the store, creating it (or its schema) if there is none, upgrading it if it is
    /// older.
    ///
    /// # Errors
    /// As [`SqliteStore::open`] or [`PgStore::open`].
    pub fn open(&self) -> Result<Box<dyn Store>, StoreError> {
        Ok(match self {
            Location::File(path) => Box::new(SqliteStore::open(path)?),
            Location::Postgres(url) => Box::new(PgStore::open(url)?),
        })
    }

    /// Opens the store only to read it, if it exists: `None` for a file that is not there
    /// (nothing is created). A file is opened read-only, needing no write access, unless it
    /// must be upgraded first; a PostgreSQL database is opened as by [`Location::open`].
    ///
    /// # Errors
    /// As [`SqliteStore::open_read_only`] (but an older file is upgraded, as by
    /// [`SqliteStore::open`]) or [`PgStore::open`].
    pub fn open_existing(&self) -> Result<Option<Box<dyn Store>>, StoreError> {
        let path = match self {
            Location::File(path) => path,
            Location::Postgres(_) => return self.open().map(Some),
        };
        if !path.try_exists().unwrap_or(true) {
            return Ok(None);
        }
        // An empty file is no database yet: reading must not make it one.
        if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            return Ok(None);
        }
        match SqliteStore::open_read_only(path) {
            Ok(store) => Ok(Some(Box::new(store))),
            Err(StoreError::NeedsUpgrade { .. }) => self.open().map(Some),
            Err(e) => Err(e),
        }
    }
}

impl fmt::Display for Location {
    /// The file's path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::File(path) => f.debug_tuple("File").field(path).finish(),
            Location::Postgres(_) => f.debug_tuple("Postgres").field(&self.to_string()).finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_postgres_and_anything_else_a_file() {
        for url in ["postgres://a@b/c", "postgresql://localhost/ttt"] {
            assert_eq!(Location::parse(url), Location::Postgres(url.into()));
        }
        for path in [
            "ttt.db",
            "/tmp/postgres://x",
            "Postgres://upper/is/a/file",
            "",
        ] {
            assert_eq!(Location::parse(path), Location::File(path.into()));
        }
    }

    #[test]
    fn passwords_are_never_shown() {
        let cases = [
            (
                "postgres://ttt:s3cr@t@db:5432/ttt",
                "postgres://ttt@db:5432/ttt",
            ),
            ("postgres://ttt@db/ttt", "postgres://ttt@db/ttt"),
            (
                "postgres://db/ttt?user=a&password=b",
                "postgres://db/ttt?user=a&password=...",
            ),
            ("postgresql://u:p@host", "postgresql://u@host"),
            (
                "postgres://u:p@host?sslmode=disable",
                "postgres://u@host?sslmode=disable",
            ),
        ];
        for (url, shown) in cases {
            let location = Location::parse(url);
            assert_eq!(location.to_string(), shown);
            assert!(!format!("{location:?}").contains(":p@"), "{location:?}");
        }
    }

    #[test]
    fn a_missing_file_is_not_created_when_only_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("none.db");
        assert!(Location::File(path.clone())
            .open_existing()
            .unwrap()
            .is_none());
        assert!(!path.exists());
    }
}
