//! Players and their counters: reading one, the leaderboard and its pages, creating a player
//! on their first game, and migration 2's merge of names that differ only in case.

use std::collections::HashMap;

use crate::player::RANK_ORDER;
use crate::sql::{like_escaped, params, unsigned, Damage, Db, Row};
use crate::{name_key, skeleton, PlayerFilter, PlayerPage, PlayerStats, RankedPlayer, StoreError};

/// The columns [`player`] reads, in its order.
macro_rules! player_columns {
    () => {
        "name, wins, losses, ties"
    };
}

const BY_KEY: &str = concat!(
    "SELECT ",
    player_columns!(),
    " FROM players WHERE name_key = $1"
);

const NAME_BY_KEY: &str = "SELECT name FROM players WHERE name_key = $1";

const CREATE: &str = "INSERT INTO players (name, name_key, skeleton) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING";

/// The players whose names have the skeleton `$1` (see [`crate::skeleton`]).
pub(crate) const PLAYER_BY_SKELETON: &str = "SELECT name FROM players WHERE skeleton = $1";

/// The leaderboard leaves out the guests and the removed players (see [`crate::GUEST`] and
/// [`crate::REMOVED_PLAYER`], whose keys these are).
const COUNT_MATCHING: &str = "SELECT count(*) FROM players WHERE name_key LIKE $1 ESCAPE '\\'
     AND name_key NOT IN ('guest', '(removed player)')";

/// Increments a counter of the player named `$1`: in SQL, never read-modify-write, so
/// concurrent games all count.
pub(crate) const ADD_WIN: &str = "UPDATE players SET wins = wins + 1 WHERE name = $1";
pub(crate) const ADD_LOSS: &str = "UPDATE players SET losses = losses + 1 WHERE name = $1";
pub(crate) const ADD_TIE: &str = "UPDATE players SET ties = ties + 1 WHERE name = $1";

/// A player as [`player_columns`] lists them.
fn player(row: &impl Row) -> Result<PlayerStats, Damage> {
    Ok(PlayerStats {
        name: row.need_text(0)?,
        wins: unsigned(row.need_int(1)?)?,
        losses: unsigned(row.need_int(2)?)?,
        ties: unsigned(row.need_int(3)?)?,
    })
}

fn players_of(db: &impl Db, rows: &[impl Row]) -> Result<Vec<PlayerStats>, StoreError> {
    rows.iter()
        .map(|row| player(row).map_err(|d| db.damaged("the players table", d)))
        .collect()
}

/// The player called `name` in any case.
pub(crate) async fn find(db: &impl Db, name: &str) -> Result<Option<PlayerStats>, StoreError> {
    let row = db.query_opt(BY_KEY, params![&name_key(name)]).await?;
    row.map(|row| player(&row).map_err(|d| db.damaged(&format!("player {name}"), d)))
        .transpose()
}

/// The name a player was first spelled with, if there is one called `name` in any case.
pub(crate) async fn stored(db: &impl Db, name: &str) -> Result<Option<String>, StoreError> {
    let row = db.query_opt(NAME_BY_KEY, params![&name_key(name)]).await?;
    row.map(|row| {
        row.need_text(0)
            .map_err(|d| db.damaged(&format!("player {name}"), d))
    })
    .transpose()
}

/// The player's name as first spelled, creating the player with zero counts if there is
/// none under any spelling.
pub(crate) async fn stored_or_created(db: &impl Db, name: &str) -> Result<String, StoreError> {
    db.execute(CREATE, params![name, &name_key(name), &skeleton(name)])
        .await?;
    stored(db, name).await?.ok_or_else(|| StoreError::Conflict {
        what: format!("player {name}"),
    })
}

/// Every player, best first.
pub(crate) async fn all(db: &impl Db) -> Result<Vec<PlayerStats>, StoreError> {
    const ALL: &str = concat!("SELECT ", player_columns!(), " FROM players");
    let mut players = players_of(db, &db.query(ALL, params![]).await?)?;
    // The one ranking is Rust's (names by bytes, which collations need not be).
    players.sort_by(PlayerStats::cmp_rank);
    Ok(players)
}

/// A page of the leaderboard.
pub(crate) async fn page(
    db: &impl Db,
    filter: &PlayerFilter,
    limit: usize,
    offset: usize,
) -> Result<PlayerPage, StoreError> {
    // An exact name is a pattern without wildcards.
    let pattern = match filter {
        PlayerFilter::Containing(search) => format!("%{}%", like_escaped(&name_key(search))),
        PlayerFilter::Named(name) => like_escaped(&name_key(name)),
    };
    let total = match db.query_opt(COUNT_MATCHING, params![&pattern]).await? {
        Some(row) => row.need_int(0),
        None => Ok(0),
    }
    .and_then(unsigned)
    .map_err(|d| db.damaged("the players table", d))?;
    let rows = db
        .query(&page_query(), params![&pattern, limit, offset])
        .await?;
    let players = rows
        .iter()
        .map(|row| {
            Ok(RankedPlayer {
                stats: player(row)?,
                rank: unsigned(row.need_int(4)?)?,
            })
        })
        .collect::<Result<Vec<_>, Damage>>()
        .map_err(|d| db.damaged("the players table", d))?;
    Ok(PlayerPage { players, total })
}

/// A page of the players whose key is LIKE `$1`, `$2` at most from the `$3`th on, with
/// their rank among all.
fn page_query() -> String {
    format!(
        "SELECT {}, rank FROM (
             SELECT name, name_key, wins, losses, ties,
                    row_number() OVER (ORDER BY {RANK_ORDER}) AS rank
             FROM players WHERE name_key NOT IN ('guest', '(removed player)')) ranked
         WHERE name_key LIKE $1 ESCAPE '\\'
         ORDER BY rank LIMIT $2 OFFSET $3",
        player_columns!()
    )
}

/// Migration 2's code: fills each player's `name_key`, merges the players whose names differ
/// only in case into the one created first (adding up their counts, moving their games to
/// it, and noting each merge in `player_merges`), then makes the key unique. Returns a note
/// for the user per merge. `first_created` orders the players by creation (the backend
/// knows what breaks a tie between two created within its clock's resolution).
pub(crate) async fn merge_names_by_key(
    db: &impl Db,
    first_created: &str,
) -> Result<Vec<String>, StoreError> {
    let sql = format!(
        "SELECT {} FROM players ORDER BY {first_created}",
        player_columns!()
    );
    let rows = db.query(&sql, params![]).await?;
    let mut kept: HashMap<String, String> = HashMap::new();
    let mut notes = Vec::new();
    for p in players_of(db, &rows)? {
        let key = name_key(&p.name);
        let Some(first) = kept.get(&key) else {
            db.execute(
                "UPDATE players SET name_key = $1 WHERE name = $2",
                params![&key, &p.name],
            )
            .await?;
            kept.insert(key, p.name);
            continue;
        };
        let (wins, losses, ties) = (count(p.wins), count(p.losses), count(p.ties));
        db.execute(
            "UPDATE players SET wins = wins + $1, losses = losses + $2, ties = ties + $3
             WHERE name = $4",
            params![wins, losses, ties, first],
        )
        .await?;
        for sql in [
            "UPDATE games SET x_player = $1 WHERE x_player = $2",
            "UPDATE games SET o_player = $1 WHERE o_player = $2",
        ] {
            db.execute(sql, params![first, &p.name]).await?;
        }
        db.execute(
            "INSERT INTO player_merges (kept, merged, wins, losses, ties)
             VALUES ($1, $2, $3, $4, $5)",
            params![first, &p.name, wins, losses, ties],
        )
        .await?;
        db.execute("DELETE FROM players WHERE name = $1", params![&p.name])
            .await?;
        notes.push(format!(
            "{name} and {first} are one player now (names no longer depend on case): \
             {name}'s {} wins, {} losses and {} ties were added to {first}'s",
            p.wins,
            p.losses,
            p.ties,
            name = p.name,
        ));
    }
    db.execute(
        "CREATE UNIQUE INDEX players_by_key ON players (name_key)",
        params![],
    )
    .await?;
    Ok(notes)
}

/// Migration 6's code: fills each player's skeleton, and notes every group of players whose
/// names look alike (merging nothing: they may be different people).
pub(crate) async fn fill_skeletons(db: &impl Db) -> Result<Vec<String>, StoreError> {
    let rows = db
        .query("SELECT name FROM players ORDER BY name", params![])
        .await?;
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for row in rows {
        let name = row
            .need_text(0)
            .map_err(|d| db.damaged("the players table", d))?;
        let look = skeleton(&name);
        db.execute(
            "UPDATE players SET skeleton = $1 WHERE name = $2",
            params![&look, &name],
        )
        .await?;
        groups.entry(look).or_default().push(name);
    }
    Ok(groups
        .into_values()
        .filter(|names| names.len() > 1)
        .map(|names| {
            format!(
                "these players' names look alike: {}; they stay separate players (an operator \
                 can merge them with ttt players merge)",
                names.join(", ")
            )
        })
        .collect())
}

/// A counter for the database.
fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
pub(crate) mod tests {
    /// The SQL's literal keys are [`crate::GUEST`]'s and [`crate::REMOVED_PLAYER`]'s.
    #[test]
    fn the_keys_the_sql_leaves_out_are_the_guests_and_the_removed() {
        assert_eq!(crate::name_key(crate::GUEST), "guest");
        assert_eq!(crate::name_key(crate::REMOVED_PLAYER), "(removed player)");
    }

    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        [
            BY_KEY,
            NAME_BY_KEY,
            CREATE,
            PLAYER_BY_SKELETON,
            COUNT_MATCHING,
            ADD_WIN,
            ADD_LOSS,
            ADD_TIE,
        ]
        .map(str::to_string)
        .into_iter()
        .chain([page_query()])
        .collect()
    }
}
