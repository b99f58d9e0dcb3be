//! Opening the database the command line names (see [`crate::args::DbArgs`]).
//!
//! Opening goes through [`SqliteStore::open`], which refuses a file that is not a ttt
//! database and leaves it untouched; its error names the file and says why, and is passed
//! on to the user as it is.

use ttt_store::{SqliteStore, StoreError};

use crate::args::DbArgs;
use crate::error::store_error;

/// Opens the database, creating it if there is none yet. What upgrading it changed (two
/// spellings of a player merged, say) is told on standard error.
pub fn open(db: &DbArgs) -> anyhow::Result<SqliteStore> {
    SqliteStore::open(&db.path()?)
        .map(report_notes)
        .map_err(store_error)
}

fn report_notes(store: SqliteStore) -> SqliteStore {
    for note in store.migration_notes() {
        eprintln!("ttt: {note}");
    }
    store
}

/// Opens the database for reading, if it exists; `None` if there is none yet (nothing is
/// created, so looking at an empty history leaves no file behind). Reading needs no write
/// access to the file or its directory; only a database of an older schema is opened for
/// writing, to be upgraded.
pub fn open_existing(db: &DbArgs) -> anyhow::Result<Option<SqliteStore>> {
    let path = db.path()?;
    if !path.try_exists().unwrap_or(true) {
        return Ok(None);
    }
    match SqliteStore::open_read_only(&path) {
        Ok(store) => Ok(Some(store)),
        Err(StoreError::NeedsUpgrade { .. }) => SqliteStore::open(&path)
            .map(|s| Some(report_notes(s)))
            .map_err(store_error),
        Err(e) => Err(store_error(e)),
    }
}
