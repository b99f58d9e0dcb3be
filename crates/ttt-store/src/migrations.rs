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
    /// What SQL alone cannot do, run after it in the same transaction; it returns notes for
    /// the user on what it changed (a merge of two players, say).
    pub(crate) code: Option<MigrationCode>,
}

/// A migration's code: given the open transaction, returns its notes for the user.
pub(crate) type MigrationCode = fn(&rusqlite::Transaction<'_>) -> rusqlite::Result<Vec<String>>;

/// Every migration, in order. Append only.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_initial.sql",
        sql: include_str!("../migrations/sqlite/0001_initial.sql"),
        code: None,
    },
    Migration {
        version: 2,
        name: "0002_live_games_hints_and_names.sql",
        sql: include_str!("../migrations/sqlite/0002_live_games_hints_and_names.sql"),
        code: Some(merge_names_by_key),
    },
    Migration {
        version: 3,
        name: "0003_forfeits.sql",
        sql: include_str!("../migrations/sqlite/0003_forfeits.sql"),
        code: None,
    },
];

/// Migration 2's code: fills each player's `name_key`, merges the players whose names differ
/// only in case into the one created first (adding up their counts, moving their games to
/// it, and noting each merge in `player_merges`), then makes the key unique.
fn merge_names_by_key(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<Vec<String>> {
    use std::collections::HashMap;
    let players: Vec<(String, i64, i64, i64)> = tx
        .prepare("SELECT name, wins, losses, ties FROM players ORDER BY created_at, rowid")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut kept: HashMap<String, String> = HashMap::new();
    let mut notes = Vec::new();
    for (name, wins, losses, ties) in players {
        let key = crate::name_key(&name);
        let Some(first) = kept.get(&key) else {
            tx.execute(
                "UPDATE players SET name_key = ?1 WHERE name = ?2",
                rusqlite::params![key, name],
            )?;
            kept.insert(key, name);
            continue;
        };
        tx.execute(
            "UPDATE players SET wins = wins + ?1, losses = losses + ?2, ties = ties + ?3
             WHERE name = ?4",
            rusqlite::params![wins, losses, ties, first],
        )?;
        tx.execute(
            "UPDATE games SET x_player = ?1 WHERE x_player = ?2",
            rusqlite::params![first, name],
        )?;
        tx.execute(
            "UPDATE games SET o_player = ?1 WHERE o_player = ?2",
            rusqlite::params![first, name],
        )?;
        tx.execute(
            "INSERT INTO player_merges (kept, merged, wins, losses, ties)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            rusqlite::params![first, name, wins, losses, ties],
        )?;
        tx.execute("DELETE FROM players WHERE name = ?1", [&name])?;
        notes.push(format!(
            "{name} and {first} are one player now (names no longer depend on case): \
             {name}'s {wins} wins, {losses} losses and {ties} ties were added to {first}'s"
        ));
    }
    tx.execute_batch("CREATE UNIQUE INDEX players_by_key ON players (name_key);")?;
    Ok(notes)
}

/// PostgreSQL's migrations: the same steps, numbered the same, in its dialect. The code of a
/// step that has some runs in `crate::postgres`.
pub(crate) const POSTGRES: &[(i64, &str, &str)] = &[
    (
        1,
        "0001_initial.sql",
        include_str!("../migrations/postgres/0001_initial.sql"),
    ),
    (
        2,
        "0002_live_games_hints_and_names.sql",
        include_str!("../migrations/postgres/0002_live_games_hints_and_names.sql"),
    ),
    (
        3,
        "0003_forfeits.sql",
        include_str!("../migrations/postgres/0003_forfeits.sql"),
    ),
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
        const RELEASED: &[(&str, u64)] = &[
            ("0001_initial.sql", 7_567_600_913_241_075_416),
            (
                "0002_live_games_hints_and_names.sql",
                9_947_375_669_222_209_211,
            ),
            ("0003_forfeits.sql", 10_578_369_112_762_415_793),
        ];
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

    /// PostgreSQL's steps are SQLite's, one for one, and never change once released.
    #[test]
    fn postgres_has_the_same_steps_and_they_are_unchanged() {
        const RELEASED: &[u64] = &[
            16_228_169_286_765_234_323,
            14_999_112_454_275_746_745,
            11_607_597_940_480_265_860,
        ];
        assert_eq!(POSTGRES.len(), MIGRATIONS.len());
        for ((version, name, sql), (m, &sum)) in
            POSTGRES.iter().zip(MIGRATIONS.iter().zip(RELEASED))
        {
            assert_eq!((*version, *name), (m.version, m.name));
            assert!(sql.starts_with(&format!("-- {}", name.trim_end_matches(".sql"))));
            assert_eq!(checksum(sql), sum, "{name} was edited after release");
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
