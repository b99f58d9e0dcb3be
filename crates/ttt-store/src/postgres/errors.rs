//! The driver's and the pool's errors said as the store's: a database out of reach is told
//! apart from one that refuses what was asked.

use std::path::Path;

use tokio_postgres::error::SqlState;

use crate::StoreError;

/// The store's error for a driver's: a lost connection means the database is out of
/// reach; anything else is the database's own complaint.
pub(crate) fn store_error(shown: &Path, e: tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&SqlState::DISK_FULL) {
        return StoreError::DiskFull {
            path: shown.to_path_buf(),
        };
    }
    // Class 08 is a failed connection, class 57 a server shutting down or refusing
    // connections for now.
    let closed = e.is_closed()
        || e.code()
            .is_some_and(|c| c.code().starts_with("08") || c.code().starts_with("57"));
    let source = PgError::from(e).0.into();
    let path = shown.to_path_buf();
    if closed {
        StoreError::Unreachable { path, source }
    } else {
        StoreError::Backend { path, source }
    }
}

/// An error of the driver or the pool, as text (their types differ).
pub(crate) struct PgError(pub(crate) String);

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
        // A failed connection's own error, so that the server's message is told.
        match e {
            deadpool_postgres::PoolError::Backend(e) => PgError::from(e),
            e => PgError(e.to_string()),
        }
    }
}
