//! The schema's history: numbered, commented migrations, embedded in the binary, each
//! written for SQLite and for PostgreSQL.
//!
//! A database records how many of them it has had (SQLite in `PRAGMA user_version`,
//! PostgreSQL in the `ttt_schema` table); opening it applies the rest, all in one
//! transaction, so a crash leaves either the old schema or the new one. A released migration
//! is never edited (a test pins each one's checksum): the schema changes only by adding the
//! next file.

use crate::sql::{players, Db};
use crate::StoreError;

/// One step of the schema.
pub(crate) struct Migration {
    /// Its number; the version a database has once this step is applied.
    pub(crate) version: i64,
    /// The file's name, for messages.
    pub(crate) name: &'static str,
    /// The SQL for SQLite, run as one batch.
    pub(crate) sqlite: &'static str,
    /// The SQL for PostgreSQL, run as one batch.
    pub(crate) postgres: &'static str,
    /// What SQL alone cannot do, run after it in the same transaction.
    pub(crate) code: Option<Code>,
}

/// A migration's work that SQL alone cannot do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Code {
    /// Migration 2's: [`players::merge_names_by_key`].
    MergeNames,
    /// Migration 6's: [`players::fill_skeletons`].
    Skeletons,
}

impl Code {
    /// Runs it in the migration's transaction; returns notes for the user on what it
    /// changed (a merge of two players, say). `first_created` orders players by creation.
    pub(crate) async fn run(
        self,
        db: &impl Db,
        first_created: &str,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Code::MergeNames => players::merge_names_by_key(db, first_created).await,
            Code::Skeletons => players::fill_skeletons(db).await,
        }
    }
}

macro_rules! migration {
    ($version:expr, $name:literal, $code:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name)),
            postgres: include_str!(concat!("../migrations/postgres/", $name)),
            code: $code,
        }
    };
}

/// Every migration, in order. Append only.
pub(crate) const MIGRATIONS: &[Migration] = &[
    migration!(1, "0001_initial.sql", None),
    migration!(
        2,
        "0002_live_games_hints_and_names.sql",
        Some(Code::MergeNames)
    ),
    migration!(3, "0003_forfeits.sql", None),
    migration!(4, "0004_engine_seats.sql", None),
    migration!(5, "0005_rules_and_openings.sql", None),
    migration!(6, "0006_accounts_and_ratings.sql", Some(Code::Skeletons)),
    migration!(7, "0007_admin_and_audit.sql", None),
    migration!(8, "0008_endings_and_clocks.sql", None),
    migration!(9, "0009_provisional_seek_ratings.sql", None),
];

/// The schema version this build creates and understands.
// `MIGRATIONS` is a short list; the cast cannot truncate.
pub(crate) const LATEST: i64 = MIGRATIONS.len() as i64;

/// The migrations a database at schema version `current` still needs.
pub(crate) fn pending(current: i64) -> &'static [Migration] {
    let applied = usize::try_from(current.clamp(0, LATEST)).unwrap_or(0);
    &MIGRATIONS[applied..]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a: small, and stable across Rust releases (unlike `DefaultHasher`).
    fn checksum(text: &str) -> u64 {
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    #[test]
    fn migrations_are_numbered_from_one_without_gaps() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i64 + 1, "{}", m.name);
            assert!(
                m.name.starts_with(&format!("{:04}_", m.version)),
                "{} should start with its number",
                m.name
            );
            assert!(
                m.sqlite
                    .starts_with(&format!("-- {}", m.name.trim_end_matches(".sql"))),
                "{} should open with a comment naming it and saying what it does",
                m.name
            );
        }
        assert_eq!(LATEST, MIGRATIONS.len() as i64);
    }

    /// Released migrations must never change: databases in the wild have already run them.
    /// When adding a migration, add its checksum here; never update an existing one.
    #[test]
    fn released_migrations_are_unchanged() {
        const RELEASED: &[(&str, u64)] = &[
            ("0001_initial.sql", 7_567_600_913_241_075_416),
            (
                "0002_live_games_hints_and_names.sql",
                9_947_375_669_222_209_211,
            ),
            ("0003_forfeits.sql", 10_578_369_112_762_415_793),
            ("0004_engine_seats.sql", 13_282_680_860_578_416_471),
            ("0005_rules_and_openings.sql", 3_279_901_865_411_887_689),
            ("0006_accounts_and_ratings.sql", 9_457_100_210_563_793_199),
            ("0007_admin_and_audit.sql", 2_903_155_649_908_076_773),
            ("0008_endings_and_clocks.sql", 6_948_353_402_265_860_353),
            (
                "0009_provisional_seek_ratings.sql",
                15_953_026_481_563_650_172,
            ),
        ];
        for (m, &(name, sum)) in MIGRATIONS.iter().zip(RELEASED) {
            assert_eq!(m.name, name);
            assert_eq!(
                checksum(m.sqlite),
                sum,
                "{name} was edited after release: add a new migration instead"
            );
        }
        assert_eq!(
            RELEASED.len(),
            MIGRATIONS.len(),
            "record the new migration's checksum"
        );
    }

    /// PostgreSQL's steps never change once released either.
    #[test]
    fn postgres_has_the_same_steps_and_they_are_unchanged() {
        const RELEASED: &[u64] = &[
            16_228_169_286_765_234_323,
            14_999_112_454_275_746_745,
            11_607_597_940_480_265_860,
            4_465_703_341_243_927_404,
            14_130_396_629_151_864_817,
            18_123_315_441_510_922_165,
            11_695_276_148_552_658_294,
            6_342_705_289_225_745_852,
            13_916_083_101_647_666_861,
        ];
        assert_eq!(RELEASED.len(), MIGRATIONS.len());
        for (m, &sum) in MIGRATIONS.iter().zip(RELEASED) {
            let sql = m.postgres;
            assert!(sql.starts_with(&format!("-- {}", m.name.trim_end_matches(".sql"))));
            assert_eq!(checksum(sql), sum, "{} was edited after release", m.name);
        }
    }

    #[test]
    fn pending_skips_what_is_applied() {
        assert_eq!(pending(0).len(), MIGRATIONS.len());
        assert!(pending(LATEST).is_empty());
        assert!(pending(LATEST + 5).is_empty());
        assert_eq!(pending(-1).len(), MIGRATIONS.len());
    }
}
