//! SQLite's errors said as the store's: each names the file, and the ones a user can act on
//! (a busy, read-only, full or damaged file) are told apart from the rest.

use std::io;
use std::path::Path;
use std::time::Duration;

use rusqlite::ErrorCode;

use crate::StoreError;

/// How long a connection waits for another process to release the database.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

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
pub(crate) fn db_error(path: &Path, e: rusqlite::Error) -> StoreError {
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
            return StoreError::Busy {
                path,
                seconds: BUSY_TIMEOUT.as_secs(),
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_io_error_on_a_full_disk_says_the_disk_is_full() {
        assert!(is_nearly_full(0) && is_nearly_full(4096));
        assert!(!is_nearly_full(10 << 20));
        assert!(free_space(Path::new("ttt.db")).is_some());
    }
}
