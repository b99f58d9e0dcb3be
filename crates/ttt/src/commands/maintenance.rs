//! `ttt db check` and `ttt db backup`: a database file looked after while servers use it.

use ttt_store::{Location, SqliteStore};

use crate::args::{DbAction, DbArgs, DbCommandArgs};
use crate::error::{store_error, user_error};
use crate::output::words::plural;

/// `2 players, 1 finished game, 0 in progress`.
fn counts(c: [i64; 3]) -> String {
    let n = |i: usize| u64::try_from(c[i]).unwrap_or(0);
    format!(
        "{}, {}, {} in progress",
        plural(n(0), "player"),
        plural(n(1), "finished game"),
        n(2)
    )
}

pub fn run(args: &DbCommandArgs) -> anyhow::Result<()> {
    match &args.action {
        DbAction::Check { db } => check(db),
        DbAction::Audit { db, limit, json } => crate::commands::admin::audit(db, *limit, *json),
        DbAction::Export { db, .. } => crate::commands::export::export(db),
        DbAction::Restore { file, db } => crate::commands::export::restore(file, db),
        DbAction::Backup { file, db } => {
            let store = sqlite_file(db, "backup")?;
            store
                .backup_to(file)
                .map_err(|e| user_error(e.to_string()))?;
            let health = SqliteStore::open_read_only(file)
                .and_then(|copy| copy.health())
                .map_err(store_error)?;
            println!(
                "Backed up to {}: {}.",
                file.display(),
                counts(health.counts)
            );
            Ok(())
        }
    }
}

/// The SQLite file `db` names, which must exist; PostgreSQL is looked after with its own
/// tools.
fn sqlite_file(db: &DbArgs, what: &str) -> anyhow::Result<SqliteStore> {
    match db.location()? {
        Location::File(path) => {
            if !path.exists() {
                return Err(user_error(format!(
                    "there is no ttt database at {}: check the path",
                    path.display()
                )));
            }
            SqliteStore::open_read_only(&path).map_err(|e| user_error(e.to_string()))
        }
        Location::Postgres(_) => Err(user_error(format!(
            "ttt db {what} works on a database file: for PostgreSQL, use pg_dump \
             --format=custom to back up and pg_restore to restore (the README's recipe), or \
             ttt db export --jsonl"
        ))),
    }
}

fn check(db: &DbArgs) -> anyhow::Result<()> {
    let store = sqlite_file(db, "check")?;
    let health = store.health().map_err(store_error)?;
    let location = db.location()?;
    println!(
        "{location}: schema version {} of {}; {}.",
        health.version,
        health.latest,
        counts(health.counts)
    );
    for problem in &health.problems {
        println!("problem: {problem}");
    }
    if health.is_ok() {
        println!("All checks passed.");
        Ok(())
    } else if health.version != health.latest {
        Err(anyhow::anyhow!(
            "the schema is at version {} of {}: any ttt command that writes (ttt play, ttt \
             serve) upgrades it",
            health.version,
            health.latest
        ))
    } else {
        Err(anyhow::anyhow!(
            "{} problem{} found",
            health.problems.len(),
            if health.problems.len() == 1 { "" } else { "s" }
        ))
    }
}
