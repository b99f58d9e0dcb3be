//! `ttt db`'s options: looking after the database.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::DbArgs;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt db check                          the default database
  ttt db check --db /srv/ttt/ttt.db
  ttt db backup /backups/ttt-monday.db --db /srv/ttt/ttt.db   while the servers run

For PostgreSQL, back up with pg_dump (the README has the recipe).")]
pub struct DbCommandArgs {
    #[command(subcommand)]
    pub action: DbAction,
}

#[derive(Debug, Subcommand)]
pub enum DbAction {
    /// Check the database: SQLite's integrity and foreign-key checks and the schema
    /// version; exit status 1 when something is wrong.
    Check {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Copy the database file to FILE (a new file), consistently, while servers use it.
    Backup {
        /// The copy to write; it must not exist yet.
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
}
