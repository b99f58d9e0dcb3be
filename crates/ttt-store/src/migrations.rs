//! The SQLite schema's history: numbered, commented migrations, embedded in the binary.
//!
//! A database records how many of them it has had in `PRAGMA user_version`; opening it
//! applies the rest, all in one transaction, so a crash leaves either the old schema or the
//! new one. A released migration is never edited (a test pins each one's checksum): the
//! schema changes only by adding the next file.

/// One step of the schema.
pub(crate) struct Migration {
    /// Its number; the `user_version` a database has once this step is applied.
    pub(crate) version: i64,
    /// The file's name, for messages.
    pub(crate) name: &'static str,
    /// The SQL, run as one batch.
    pub(crate) sql: &'static str,
}

/// Every migration, in order. Append only.
pub(crate) const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "0001_initial.sql",
    sql: include_str!("../migrations/0001_initial.sql"),
}];

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
                m.sql
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
        const RELEASED: &[(&str, u64)] = &[("0001_initial.sql", 7_567_600_913_241_075_416)];
        for (m, &(name, sum)) in MIGRATIONS.iter().zip(RELEASED) {
            assert_eq!(m.name, name);
            assert_eq!(
                checksum(m.sql),
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

    #[test]
    fn pending_skips_what_is_applied() {
        assert_eq!(pending(0).len(), MIGRATIONS.len());
        assert!(pending(LATEST).is_empty());
        assert!(pending(LATEST + 5).is_empty());
        assert_eq!(pending(-1).len(), MIGRATIONS.len());
    }
}
