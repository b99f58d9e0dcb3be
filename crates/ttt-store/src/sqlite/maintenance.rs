//! Looking after a database file while servers use it: a consistent copy taken without
//! stopping them (`VACUUM INTO` reads one snapshot, as any reader does under WAL), and a
//! check of the file's integrity, its foreign keys and its schema version.

use std::path::Path;

use crate::migrations::LATEST;
use crate::sqlite::errors::db_error;
use crate::sqlite::open::SqliteStore;
use crate::StoreError;

/// What a check of a database found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// The schema version (the migrations applied).
    pub version: i64,
    /// The newest schema version this build knows.
    pub latest: i64,
    /// Players, finished games and games in progress.
    pub counts: [i64; 3],
    /// What SQLite's integrity and foreign-key checks reported; empty when all is well.
    pub problems: Vec<String>,
}

impl Health {
    /// Whether nothing is wrong.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty() && self.version == self.latest
    }
}

impl SqliteStore {
    /// Writes a consistent copy of the database to `to`, a file that must not exist yet,
    /// while other connections (servers) go on using it.
    ///
    /// # Errors
    /// [`StoreError::BackupTarget`] when `to` exists, or the error SQLite gives.
    pub fn backup_to(&self, to: &Path) -> Result<(), StoreError> {
        if to.exists() {
            return Err(StoreError::BackupTarget {
                path: to.to_path_buf(),
            });
        }
        let target = to.to_string_lossy().into_owned();
        // A copy that failed half-way is no backup: it goes, and the error names the
        // database that could not be copied, not the copy.
        self.conn()
            .execute("VACUUM INTO ?1", [target])
            .map(|_| ())
            .map_err(|e| {
                let _ = std::fs::remove_file(to);
                db_error(&self.path, e)
            })
    }

    /// Checks the file's integrity, its foreign keys and its schema version.
    ///
    /// # Errors
    /// The error SQLite gives when it cannot run the checks at all.
    pub fn health(&self) -> Result<Health, StoreError> {
        let conn = self.conn();
        let err = |e| db_error(&self.path, e);
        let mut problems = Vec::new();
        let mut integrity = conn.prepare("PRAGMA integrity_check").map_err(err)?;
        for line in integrity
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(err)?
        {
            let line = line.map_err(err)?;
            if line != "ok" {
                problems.push(format!("integrity: {line}"));
            }
        }
        let mut keys = conn.prepare("PRAGMA foreign_key_check").map_err(err)?;
        for row in keys
            .query_map([], |row| {
                Ok(format!(
                    "foreign key: table {} row {} points to a missing row of {}",
                    row.get::<_, String>(0)?,
                    row.get::<_, Option<i64>>(1)?.unwrap_or(-1),
                    row.get::<_, String>(2)?
                ))
            })
            .map_err(err)?
        {
            problems.push(row.map_err(err)?);
        }
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(err)?;
        let count = |table: &str| -> Result<i64, StoreError> {
            conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                row.get(0)
            })
            .map_err(err)
        };
        Ok(Health {
            version,
            latest: LATEST,
            counts: [
                count("players")?,
                count("games")?,
                conn.query_row(crate::sql::live::IN_PROGRESS, [], |row| row.get(0))
                    .map_err(err)?,
            ],
            problems,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn a_copy_taken_while_open_holds_the_games_and_checks_clean() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("ttt.db")).unwrap();
        let health = store.health().unwrap();
        assert!(health.is_ok(), "{health:?}");
        assert_eq!(health.counts, [0, 0, 0]);
        let copy = dir.path().join("copy.db");
        store.backup_to(&copy).unwrap();
        let err = store.backup_to(&copy).unwrap_err();
        assert!(err.to_string().contains("already exists"), "{err}");
        let again = SqliteStore::open_read_only(&copy).unwrap();
        assert!(again.health().unwrap().is_ok());
        assert!(again.players().unwrap().is_empty());
    }

    #[test]
    fn games_that_ended_are_not_counted_in_progress() {
        use crate::{EndReason, Ending, LiveGame, LiveSeat, Participant};
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("ttt.db")).unwrap();
        let game = |id: &str| {
            let seat = |name: &str| LiveSeat::new(Participant::Human { name: name.into() });
            let seats = ttt_core::ByPlayer {
                x: seat("Ann"),
                o: seat("Bo"),
            };
            LiveGame::new(
                id.into(),
                ttt_core::Dims::new(3, 3, 3).unwrap(),
                seats,
                1_000,
            )
        };
        for id in ["on", "off"] {
            store.create_live_game(&game(id)).unwrap();
        }
        let mut off = store.live_game("off").unwrap().unwrap();
        off.moves = vec![ttt_core::Cell::new(1, 1)];
        off.ending = Some(Ending {
            reason: EndReason::Aborted,
            loser: None,
        });
        store.save_live_game(&off).unwrap();
        assert_eq!(store.health().unwrap().counts[2], 1);
        assert_eq!(
            store.live_game_count().unwrap(),
            2,
            "both rows are still kept"
        );
    }

    #[test]
    fn a_row_that_points_nowhere_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("ttt.db")).unwrap();
        {
            let conn = store.conn();
            conn.execute_batch(
                "PRAGMA foreign_keys = OFF;
                 INSERT INTO games (board_rows, board_cols, k, x_player, o_level, moves, result)
                 VALUES (3, 3, 3, 'Nobody', 'easy', '', 'draw');",
            )
            .unwrap();
        }
        let health = store.health().unwrap();
        assert!(!health.is_ok());
        assert_eq!(health.problems.len(), 1, "{health:?}");
        assert!(
            health.problems[0].starts_with("foreign key: table games"),
            "{health:?}"
        );
    }
}
