//! The operator's changes: renaming, merging and deleting players, disabling an account and
//! resetting its password, each with its audit row, in the caller's transaction; and the
//! audit read back.
//!
//! A player's name is in many places: the `players` row (whose `name` finished games refer
//! to), the games' sides, the games in progress' seats (as typed, so compared by key here),
//! and, by its key, the account, its sessions, its claim, its ratings and their history.
//! Every change below moves all of them, or none.

use crate::sql::accounts::{self, status};
use crate::sql::players;
use crate::sql::{params, unsigned, Db, Row};
use crate::{
    check_name, name_key, skeleton, AdminDone, AdminRefused, AuditEntry, NameStatus, Operator,
    StoreError, REMOVED_PLAYER,
};

const AUDIT: &str = "INSERT INTO audit (at, command, names, details, os_user)
     VALUES ($1, $2, $3, $4, $5)";

const AUDIT_LOG: &str = "SELECT id, at, command, names, details, os_user FROM audit
     ORDER BY id DESC LIMIT $1";

/// Copies the player `$4` to a new row `$1` (key `$2`, skeleton `$3`) with their counters.
const COPY_PLAYER: &str = "INSERT INTO players (name, name_key, skeleton, wins, losses, ties,
     created_at) SELECT $1, $2, $3, wins, losses, ties, created_at FROM players WHERE name = $4";

/// Moves the finished games' sides from player `$2` to player `$1`.
const MOVE_GAMES: [&str; 2] = [
    "UPDATE games SET x_player = $1 WHERE x_player = $2",
    "UPDATE games SET o_player = $1 WHERE o_player = $2",
];

/// Moves what hangs on a name's key from `$2` to `$1`.
const MOVE_BY_KEY: [&str; 5] = [
    "UPDATE accounts SET name_key = $1 WHERE name_key = $2",
    "UPDATE sessions SET account = $1 WHERE account = $2",
    "UPDATE name_claims SET name_key = $1 WHERE name_key = $2",
    "UPDATE ratings SET subject = $1 WHERE subject = $2",
    "UPDATE rating_history SET subject = $1 WHERE subject = $2",
];

/// Removes what hangs on a name's key `$1`, the account and its sessions aside.
const FORGET_BY_KEY: [&str; 3] = [
    "DELETE FROM name_claims WHERE name_key = $1",
    "DELETE FROM rating_history WHERE subject = $1",
    "DELETE FROM ratings WHERE subject = $1",
];

const GAMES_OF: &str = "SELECT count(*) FROM games WHERE x_player = $1 OR o_player = $1";

/// The ratings of `$2` on the boards `$1` has none on go to `$1`, history first.
const TAKE_RATINGS: [&str; 2] = [
    "UPDATE rating_history SET subject = $1 WHERE subject = $2
     AND board NOT IN (SELECT board FROM ratings WHERE subject = $1)",
    "UPDATE ratings SET subject = $1 WHERE subject = $2
     AND board NOT IN (SELECT board FROM ratings r WHERE r.subject = $1)",
];

const SET_DISABLED: &str = "UPDATE accounts SET disabled = $1 WHERE name_key = $2";

/// Where a renamed player's key waits while the new row is made: no name's key can begin
/// with a control character ([`crate::check_name`] refuses them).
const PARKED: &str = "\u{1}renaming";

/// Writes an audit row.
async fn audit(
    db: &impl Db,
    by: &Operator,
    command: &str,
    done: &AdminDone,
) -> Result<(), StoreError> {
    db.execute(
        AUDIT,
        params![by.at, command, &done.names, &done.details, &by.os_user],
    )
    .await
    .map(drop)
}

/// The player called `name` in any case, as stored, unless it is [`REMOVED_PLAYER`].
async fn player(db: &impl Db, name: &str) -> Result<Result<String, AdminRefused>, StoreError> {
    if name_key(name) == name_key(REMOVED_PLAYER) {
        return Ok(Err(AdminRefused::Removed));
    }
    if crate::is_guest(name) {
        return Ok(Err(AdminRefused::NameUnavailable {
            name: name.into(),
            why: "it is the guests' shared record, nobody's to rename, merge or delete".into(),
        }));
    }
    Ok(players::stored(db, name)
        .await?
        .ok_or_else(|| AdminRefused::NoSuchPlayer { name: name.into() }))
}

/// The people's seats of games in progress played under `from` (in any case) are played under `to`.
async fn move_seats(db: &impl Db, from: &str, to: &str) -> Result<(), StoreError> {
    let key = name_key(from);
    for side in ["x", "o"] {
        let rows = db
            .query(
                &format!(
                    "SELECT id, {side}_name FROM live_games
                     WHERE {side}_name IS NOT NULL AND {side}_kind IN ('human', 'friend')"
                ),
                params![],
            )
            .await?;
        for row in rows {
            let (id, seated) = (|| Ok((row.need_text(0)?, row.need_text(1)?)))()
                .map_err(|d| db.damaged("the games in progress", d))?;
            if name_key(&seated) == key {
                db.execute(
                    &format!("UPDATE live_games SET {side}_name = $1 WHERE id = $2"),
                    params![to, &id],
                )
                .await?;
            }
        }
    }
    Ok(())
}

/// How many finished games the player `name` (as stored) has played.
async fn games_of(db: &impl Db, name: &str) -> Result<u64, StoreError> {
    let row = db.query_opt(GAMES_OF, params![name]).await?;
    row.map_or(Ok(0), |row| row.need_int(0).and_then(unsigned))
        .map_err(|d| db.damaged("the games", d))
}

/// Renames the player `old` to `new`, everywhere; `new` must be free (or `old` in another
/// case), as a sign-up would find it.
pub(crate) async fn rename(
    db: &impl Db,
    old: &str,
    new: &str,
    by: &Operator,
) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
    let old = match player(db, old).await? {
        Ok(stored) => stored,
        Err(refused) => return Ok(Err(refused)),
    };
    let new = &match check_name(new) {
        Ok(checked) => checked,
        Err(e) => {
            return Ok(Err(AdminRefused::NameUnavailable {
                name: new.into(),
                why: e.to_string(),
            }))
        }
    };
    let (old_key, new_key) = (name_key(&old), name_key(new));
    if crate::is_guest(new) || new_key == name_key(REMOVED_PLAYER) {
        return Ok(Err(AdminRefused::NameUnavailable {
            name: new.into(),
            why: "it stands for the guests or the removed players, not for anyone".into(),
        }));
    }
    if old_key != new_key {
        let why = match status(db, new, by.at).await? {
            NameStatus::New => None,
            NameStatus::Player { name } => Some(format!("{name} is another player's name")),
            NameStatus::Account { name } => Some(format!("{name} is an account's name")),
            NameStatus::Held { name, .. } => {
                Some(format!("{name} is held after its account was deleted"))
            }
            NameStatus::LooksLike { name } if name_key(&name) != old_key => {
                Some(format!("it looks like {name}, another player's name"))
            }
            NameStatus::LooksLike { .. } => None,
        };
        if let Some(why) = why {
            return Ok(Err(AdminRefused::NameUnavailable {
                name: new.into(),
                why,
            }));
        }
    }
    if old == *new {
        return Ok(Err(AdminRefused::NameUnavailable {
            name: new.into(),
            why: "it is the player's name already".into(),
        }));
    }
    db.execute(
        "UPDATE players SET name_key = $1 WHERE name = $2",
        params![PARKED, &old],
    )
    .await?;
    db.execute(COPY_PLAYER, params![new, &new_key, &skeleton(new), &old])
        .await?;
    for sql in MOVE_GAMES {
        db.execute(sql, params![new, &old]).await?;
    }
    db.execute("DELETE FROM players WHERE name = $1", params![&old])
        .await?;
    for sql in MOVE_BY_KEY {
        db.execute(sql, params![&new_key, &old_key]).await?;
    }
    move_seats(db, &old, new).await?;
    let done = AdminDone {
        names: format!("{old} -> {new}"),
        details: format!(
            "renamed {old} to {new}: their games, statistics, account, sessions and ratings \
             go with them"
        ),
    };
    audit(db, by, "players rename", &done).await?;
    Ok(Ok(done))
}

/// Merges the player `from` into `into`: counters added, games and seats moved, `from`'s
/// account (only `force`d) and sessions removed; `into` keeps its ratings, and takes
/// `from`'s on the boards it has none on.
pub(crate) async fn merge(
    db: &impl Db,
    from: &str,
    into: &str,
    force: bool,
    by: &Operator,
) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
    let (from, into) = match (player(db, from).await?, player(db, into).await?) {
        (Ok(from), Ok(into)) => (from, into),
        (Err(refused), _) | (_, Err(refused)) => return Ok(Err(refused)),
    };
    let (from_key, into_key) = (name_key(&from), name_key(&into));
    if from_key == into_key {
        return Ok(Err(AdminRefused::SamePlayer { name: into }));
    }
    let had_account = accounts::account(db, &from).await?.is_some();
    if had_account && !force {
        return Ok(Err(AdminRefused::MergesAccount { name: from }));
    }
    // Games the two played each other become games of one player against itself: said.
    let played = db
        .query_opt(
            "SELECT count(*) FROM games
             WHERE (x_player = $1 AND o_player = $2) OR (x_player = $2 AND o_player = $1)",
            params![&from, &into],
        )
        .await?
        .map(|row| row.need_int(0))
        .unwrap_or(Ok(0))
        .map_err(|d| db.damaged("the games", d))?;

    let Some(counts) = players::find(db, &from).await? else {
        return Ok(Err(AdminRefused::NoSuchPlayer { name: from }));
    };
    let (wins, losses, ties) = (count(counts.wins), count(counts.losses), count(counts.ties));
    db.execute(
        "UPDATE players SET wins = wins + $1, losses = losses + $2, ties = ties + $3
         WHERE name = $4",
        params![wins, losses, ties, &into],
    )
    .await?;
    for sql in MOVE_GAMES {
        db.execute(sql, params![&into, &from]).await?;
    }
    move_seats(db, &from, &into).await?;
    db.execute(
        "DELETE FROM sessions WHERE account = $1",
        params![&from_key],
    )
    .await?;
    db.execute(
        "DELETE FROM accounts WHERE name_key = $1",
        params![&from_key],
    )
    .await?;
    let before = rated_boards(db, &into_key).await?;
    for sql in TAKE_RATINGS {
        db.execute(sql, params![&into_key, &from_key]).await?;
    }
    let dropped = rated_boards(db, &from_key).await?;
    let taken = rated_boards(db, &into_key).await? - before;
    for sql in FORGET_BY_KEY {
        db.execute(sql, params![&from_key]).await?;
    }
    db.execute(
        "INSERT INTO player_merges (kept, merged, wins, losses, ties)
         VALUES ($1, $2, $3, $4, $5)",
        params![&into, &from, wins, losses, ties],
    )
    .await?;
    db.execute("DELETE FROM players WHERE name = $1", params![&from])
        .await?;
    let done = AdminDone {
        names: format!("{from} -> {into}"),
        details: format!(
            "merged {from} into {into}: {wins} wins, {losses} losses and {ties} ties added, \
             games moved{account}; {into} keeps its ratings ({dropped} of {from}'s dropped, \
             {taken} taken on boards {into} had none on)",
            account = if had_account {
                format!(", {from}'s account deleted")
            } else {
                String::new()
            },
        ) + &if played > 0 {
            let s = if played == 1 { "" } else { "s" };
            format!("; the {played} game{s} they played each other are {into}'s against {into} now")
        } else {
            String::new()
        },
    };
    audit(db, by, "players merge", &done).await?;
    Ok(Ok(done))
}

/// How many boards the subject `key` has a rating on.
async fn rated_boards(db: &impl Db, key: &str) -> Result<u64, StoreError> {
    let row = db
        .query_opt(
            "SELECT count(*) FROM ratings WHERE subject = $1",
            params![key],
        )
        .await?;
    row.map_or(Ok(0), |row| row.need_int(0).and_then(unsigned))
        .map_err(|d| db.damaged("the ratings", d))
}

/// Deletes the player `name`: their side of every finished game and seat in progress goes
/// to [`REMOVED_PLAYER`], their ratings and claim go, and their account (if any) is deleted
/// with its name held until `hold_until`.
pub(crate) async fn delete(
    db: &impl Db,
    name: &str,
    hold_until: i64,
    by: &Operator,
) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
    let name = match player(db, name).await? {
        Ok(stored) => stored,
        Err(refused) => return Ok(Err(refused)),
    };
    let key = name_key(&name);
    let had_account = accounts::delete(db, &name, hold_until).await?;
    let games = games_of(db, &name).await?;
    let removed = players::stored_or_created(db, REMOVED_PLAYER).await?;
    db.execute(
        "INSERT INTO held_names (skeleton, name, until) VALUES ($1, $2, $3)
         ON CONFLICT (skeleton) DO UPDATE SET until = excluded.until",
        params![&skeleton(REMOVED_PLAYER), REMOVED_PLAYER, i64::MAX],
    )
    .await?;
    for sql in MOVE_GAMES {
        db.execute(sql, params![&removed, &name]).await?;
    }
    move_seats(db, &name, &removed).await?;
    for sql in FORGET_BY_KEY {
        db.execute(sql, params![&key]).await?;
    }
    db.execute("DELETE FROM players WHERE name = $1", params![&name])
        .await?;
    let done = AdminDone {
        names: name.clone(),
        details: format!(
            "deleted {name}: statistics and ratings gone, their side of {games} finished \
             games shown as {REMOVED_PLAYER}{account}",
            account = if had_account {
                ", account deleted and its name held"
            } else {
                ""
            },
        ),
    };
    audit(db, by, "players delete", &done).await?;
    Ok(Ok(done))
}

/// Disables (ending its sessions) or enables the account called `name`.
pub(crate) async fn set_disabled(
    db: &impl Db,
    name: &str,
    disabled: bool,
    by: &Operator,
) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
    let Some(account) = accounts::account(db, name).await? else {
        return Ok(Err(AdminRefused::NoSuchAccount { name: name.into() }));
    };
    let key = name_key(&account.name);
    db.execute(SET_DISABLED, params![i64::from(disabled), &key])
        .await?;
    let (command, details) = if disabled {
        let ended = db
            .execute("DELETE FROM sessions WHERE account = $1", params![&key])
            .await?;
        (
            "accounts disable",
            format!(
                "disabled {}'s account; {ended} sessions ended",
                account.name
            ),
        )
    } else {
        (
            "accounts enable",
            format!("enabled {}'s account", account.name),
        )
    };
    let done = AdminDone {
        names: account.name,
        details,
    };
    audit(db, by, command, &done).await?;
    Ok(Ok(done))
}

/// Sets a new password hash for the account called `name` and ends all its sessions.
pub(crate) async fn reset_password(
    db: &impl Db,
    name: &str,
    password_hash: &str,
    by: &Operator,
) -> Result<Result<AdminDone, AdminRefused>, StoreError> {
    let Some(account) = accounts::account(db, name).await? else {
        return Ok(Err(AdminRefused::NoSuchAccount { name: name.into() }));
    };
    accounts::set_password(db, &account.name, password_hash, by.at).await?;
    let ended = db
        .execute(
            "DELETE FROM sessions WHERE account = $1",
            params![&name_key(&account.name)],
        )
        .await?;
    let done = AdminDone {
        details: format!("reset {}'s password; {ended} sessions ended", account.name),
        names: account.name,
    };
    audit(db, by, "accounts reset-password", &done).await?;
    Ok(Ok(done))
}

/// The last `limit` audit rows, newest first.
pub(crate) async fn log(db: &impl Db, limit: usize) -> Result<Vec<AuditEntry>, StoreError> {
    let rows = db.query(AUDIT_LOG, params![limit]).await?;
    rows.iter()
        .map(|row| {
            Ok(AuditEntry {
                id: row.need_int(0)?,
                at: row.need_int(1)?,
                command: row.need_text(2)?,
                names: row.need_text(3)?,
                details: row.need_text(4)?,
                os_user: row.need_text(5)?,
            })
        })
        .collect::<Result<_, _>>()
        .map_err(|d| db.damaged("the audit", d))
}

/// A counter for the database.
fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        [AUDIT, AUDIT_LOG, COPY_PLAYER, GAMES_OF, SET_DISABLED]
            .into_iter()
            .chain(MOVE_GAMES)
            .chain(MOVE_BY_KEY)
            .chain(FORGET_BY_KEY)
            .chain(TAKE_RATINGS)
            .map(str::to_string)
            .collect()
    }
}
