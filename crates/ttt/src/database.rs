//! Opening the database the command line names (see [`crate::args::DbArgs`]): a file, or a
//! PostgreSQL database.
//!
//! Opening goes through [`Location::open`], which refuses a database that is not a ttt
//! database and leaves it untouched; its error names the database and says why, and is
//! passed on to the user as it is.

use ttt_store::{Location, Store};

use crate::args::DbArgs;
use crate::error::{store_error, user_error};

/// Opens the database, creating it if there is none yet. What upgrading it changed (two
/// spellings of a player merged, say) is told on standard error.
pub fn open(db: &DbArgs) -> anyhow::Result<(Box<dyn Store>, Location)> {
    let location = db.location()?;
    let store = location.open().map_err(store_error)?;
    Ok((report_notes(store), location))
}

fn report_notes(store: Box<dyn Store>) -> Box<dyn Store> {
    for note in store.migration_notes() {
        eprintln!("ttt: {note}");
    }
    store
}

/// Opens the database for reading, if it exists; `None` if there is none yet at the default
/// place (nothing is created, so looking at an empty history leaves no file behind). A file
/// named by `--db` or `$TTT_DB` that does not exist is an error, exit status 2: a mistyped
/// path must not read as an empty history. Reading a file needs no write access to it or its
/// directory; only a database of an older schema is opened for writing, to be upgraded.
pub fn open_existing(db: &DbArgs) -> anyhow::Result<Option<Box<dyn Store>>> {
    let location = db.location()?;
    let store = location.open_existing().map_err(store_error)?;
    if store.is_none() && db.is_named() {
        return Err(user_error(format!(
            "there is no ttt database at {location}: check the path (`ttt play` and `ttt \
             serve` create one there)"
        )));
    }
    Ok(store.map(report_notes))
}
