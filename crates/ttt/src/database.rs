//! Which database file the commands use, and opening it: `--db PATH`, else `$TTT_DB`, else
//! `ttt/ttt.db` in the user's data directory.
//!
//! Opening goes through [`SqliteStore::open`], which refuses a file that is not a ttt
//! database and leaves it untouched; its error names the file and says why, and is passed
//! on to the user as it is.

use std::path::PathBuf;

use clap::Args;
use ttt_store::{SqliteStore, StoreError};

use crate::cli::user_error;

/// The environment variable that names the database when `--db` is not given.
pub const DB_ENV: &str = "TTT_DB";

/// `--db PATH`, shared by the commands that keep or read players and games.
#[derive(Debug, Args, Clone, Default)]
pub struct DbArgs {
    /// The database of players and games [default: $TTT_DB, else ttt/ttt.db in your data
    /// directory, e.g. ~/.local/share/ttt/ttt.db].
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
}

impl DbArgs {
    /// The database file to use.
    pub fn path(&self) -> anyhow::Result<PathBuf> {
        self.db
            .clone()
            .or_else(|| {
                std::env::var_os(DB_ENV)
                    .filter(|v| !v.is_empty())
                    .map(PathBuf::from)
            })
            .or_else(ttt_store::default_db_path)
            .ok_or_else(|| {
                user_error(format!(
                    "there is no data directory to keep the database in: give one with --db PATH or {DB_ENV}"
                ))
            })
    }

    /// Opens the database, creating it if there is none yet.
    pub fn open(&self) -> anyhow::Result<SqliteStore> {
        SqliteStore::open(&self.path()?).map_err(store_error)
    }

    /// Opens the database if it exists; `None` if there is none yet (nothing is created,
    /// so looking at an empty history leaves no file behind).
    pub fn open_existing(&self) -> anyhow::Result<Option<SqliteStore>> {
        let path = self.path()?;
        if !path.try_exists().unwrap_or(true) {
            return Ok(None);
        }
        SqliteStore::open(&path).map(Some).map_err(store_error)
    }
}

/// A store's error for the user. Its message already names the file and includes what the
/// system said, so the causes are not chained after it again (`ttt: {e:#}` would repeat them).
pub fn store_error(e: StoreError) -> anyhow::Error {
    anyhow::Error::msg(e.to_string())
}
