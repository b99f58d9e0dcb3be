//! `ttt db`'s options: looking after the database.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::values::parse_count;
use super::DbArgs;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt db check                          the default database
  ttt db check --db /srv/ttt/ttt.db
  ttt db backup /backups/ttt-monday.db --db /srv/ttt/ttt.db   while the servers run
  ttt db export --jsonl --db postgres://ttt@db/ttt > ttt.jsonl
  ttt db restore ttt.jsonl --db /srv/ttt/new.db              into an empty database
  ttt db audit --db /srv/ttt/ttt.db                          the operators' changes

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
    /// Write the players and the finished games, with their moves, to standard output as
    /// JSON lines (SQLite or PostgreSQL alike).
    Export {
        /// One JSON object a line (the only format, and required so that scripts say so).
        #[arg(long, required = true)]
        jsonl: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Write an export (`ttt db export --jsonl`) into an empty database; a database that
    /// holds anything is refused and left as it was.
    Restore {
        /// The export to read (`-` for standard input).
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
    /// List the audit: every change the operator's commands made (`ttt players
    /// rename|merge|delete`, `ttt accounts disable|enable|reset-password`), newest first,
    /// with when, who (the system's user) and what.
    Audit {
        /// How many rows, newest first.
        #[arg(long, short = 'n', value_name = "N", default_value_t = 50, value_parser = parse_count)]
        limit: usize,
        /// Print a JSON list of objects with id, at, command, names, details and os_user.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}
