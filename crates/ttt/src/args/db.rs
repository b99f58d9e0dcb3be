//! Which database the commands use: `--db PATH` (or a PostgreSQL URL), else `$TTT_DB`,
//! else `ttt/ttt.db` in the user's data directory.

use std::path::PathBuf;

use clap::Args;

use ttt_store::Location;

use crate::error::user_error;

/// The environment variable that names the database when `--db` is not given.
const DB_ENV: &str = "TTT_DB";

/// `--db PATH`, shared by the commands that keep or read players and games.
#[derive(Debug, Args, Clone, Default)]
pub struct DbArgs {
    /// The database of players and games: a file, or a PostgreSQL URL
    /// (postgres://USER:PASSWORD@HOST/DATABASE) that several servers can share [default:
    /// $TTT_DB, else ttt/ttt.db in your data directory, e.g. ~/.local/share/ttt/ttt.db].
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<PathBuf>,
}

impl DbArgs {
    /// Whether the database is named by `--db` or `$TTT_DB` rather than the default place.
    pub fn is_named(&self) -> bool {
        self.db.is_some() || std::env::var_os(DB_ENV).is_some_and(|v| !v.is_empty())
    }

    /// The database to use.
    pub fn location(&self) -> anyhow::Result<Location> {
        self.db
            .clone()
            .or_else(|| {
                std::env::var_os(DB_ENV)
                    .filter(|v| !v.is_empty())
                    .map(PathBuf::from)
            })
            .or_else(ttt_store::default_db_path)
            .map(|path| Location::parse(path.into_os_string()))
            .ok_or_else(|| {
                user_error(format!(
                    "there is no data directory to keep the database in: give one with --db PATH or {DB_ENV}"
                ))
            })
    }
}
