//! Accounts, sessions, claims and held names: what a name is, signing up (with a claim code
//! for a name that has games), passwords, deleting an account, and sessions.

use crate::sql::players::{self, PLAYER_BY_SKELETON};
use crate::sql::{params, Damage, Db, Row};
use crate::{name_key, skeleton, Account, ClaimRefused, NameStatus, SignUpRefused, StoreError};

const ACCOUNT: &str = "SELECT p.name, a.password_hash, a.created_at, a.password_changed_at,
     a.disabled FROM accounts a JOIN players p ON p.name_key = a.name_key WHERE a.name_key = $1";

const ALL: &str = "SELECT p.name, a.password_hash, a.created_at, a.password_changed_at,
     a.disabled FROM accounts a JOIN players p ON p.name_key = a.name_key ORDER BY a.created_at,
     a.name_key";

const HELD: &str = "SELECT name, until FROM held_names WHERE skeleton = $1 AND until > $2";

const CREATE_ACCOUNT: &str = "INSERT INTO accounts (name_key, password_hash, created_at,
                              password_changed_at) VALUES ($1, $2, $3, $3)";

const CLAIM: &str = "SELECT code_hash FROM name_claims WHERE name_key = $1 AND expires_at > $2";

const SET_PASSWORD: &str =
    "UPDATE accounts SET password_hash = $1, password_changed_at = $2 WHERE name_key = $3";

/// A disabled account's sessions are ended when it is disabled; the join on `accounts`
/// keeps one made at that very moment from counting either.
const SESSION: &str = "SELECT p.name FROM sessions s JOIN players p ON p.name_key = s.account
     JOIN accounts a ON a.name_key = s.account
     WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.disabled = 0";

/// What `name` is to someone who wants it, `now`.
pub(crate) async fn status(db: &impl Db, name: &str, now: i64) -> Result<NameStatus, StoreError> {
    let key = name_key(name);
    if let Some(account) = find(db, &key).await? {
        return Ok(NameStatus::Account { name: account.name });
    }
    let look = skeleton(name);
    if let Some(row) = db.query_opt(HELD, params![&look, now]).await? {
        let held = (|| Ok((row.need_text(0)?, row.need_int(1)?)))()
            .map_err(|d| db.damaged("the held names", d))?;
        return Ok(NameStatus::Held {
            name: held.0,
            until: held.1,
        });
    }
    if let Some(stored) = players::stored(db, name).await? {
        return Ok(NameStatus::Player { name: stored });
    }
    for row in db.query(PLAYER_BY_SKELETON, params![&look]).await? {
        let other = row
            .need_text(0)
            .map_err(|d| db.damaged("the players table", d))?;
        if name_key(&other) != key {
            return Ok(NameStatus::LooksLike { name: other });
        }
    }
    Ok(NameStatus::New)
}

/// An account as [`ACCOUNT`] and [`ALL`] list its columns.
fn account_of(row: &impl Row) -> Result<Account, Damage> {
    Ok(Account {
        name: row.need_text(0)?,
        password_hash: row.need_text(1)?,
        created_at: row.need_int(2)?,
        password_changed_at: row.need_int(3)?,
        disabled: row.need_int(4)? != 0,
    })
}

/// The account with key `key`.
async fn find(db: &impl Db, key: &str) -> Result<Option<Account>, StoreError> {
    let Some(row) = db.query_opt(ACCOUNT, params![key]).await? else {
        return Ok(None);
    };
    account_of(&row)
        .map(Some)
        .map_err(|d| db.damaged(&format!("account {key}"), d))
}

/// Every account, oldest first.
pub(crate) async fn all(db: &impl Db) -> Result<Vec<Account>, StoreError> {
    let rows = db.query(ALL, params![]).await?;
    rows.iter()
        .map(account_of)
        .collect::<Result<_, _>>()
        .map_err(|d| db.damaged("the accounts", d))
}

/// The account called `name` in any case.
pub(crate) async fn account(db: &impl Db, name: &str) -> Result<Option<Account>, StoreError> {
    find(db, &name_key(name)).await
}

/// Makes an account, in the caller's transaction: the name as stored, or why not.
pub(crate) async fn create(
    db: &impl Db,
    name: &str,
    password_hash: &str,
    now: i64,
    claim_code_hash: Option<&str>,
) -> Result<Result<String, SignUpRefused>, StoreError> {
    let key = name_key(name);
    let stored = match status(db, name, now).await? {
        NameStatus::Account { name } => return Ok(Err(SignUpRefused::Taken { name })),
        NameStatus::Held { until, .. } => return Ok(Err(SignUpRefused::Held { until })),
        NameStatus::LooksLike { name } => return Ok(Err(SignUpRefused::LooksLike { name })),
        NameStatus::Player { name } => {
            let code = db.query_opt(CLAIM, params![&key, now]).await?;
            let code = code
                .map(|row| row.need_text(0))
                .transpose()
                .map_err(|d| db.damaged("the name claims", d))?;
            match (claim_code_hash, code.as_deref()) {
                (None, _) => return Ok(Err(SignUpRefused::NeedsClaim { name })),
                (Some(given), Some(kept)) if given == kept => {}
                (Some(_), _) => return Ok(Err(SignUpRefused::BadClaim { name })),
            }
            db.execute("DELETE FROM name_claims WHERE name_key = $1", params![&key])
                .await?;
            name
        }
        NameStatus::New => players::stored_or_created(db, name).await?,
    };
    db.execute(CREATE_ACCOUNT, params![&key, password_hash, now])
        .await?;
    Ok(Ok(stored))
}

/// Sets an account's password hash; whether there is such an account.
pub(crate) async fn set_password(
    db: &impl Db,
    name: &str,
    password_hash: &str,
    now: i64,
) -> Result<bool, StoreError> {
    let changed = db
        .execute(SET_PASSWORD, params![password_hash, now, &name_key(name)])
        .await?;
    Ok(changed > 0)
}

/// Deletes an account and its sessions and holds its name from everyone until `hold_until`;
/// the player and their games stay. Whether there was one.
pub(crate) async fn delete(db: &impl Db, name: &str, hold_until: i64) -> Result<bool, StoreError> {
    let Some(account) = account(db, name).await? else {
        return Ok(false);
    };
    let key = name_key(name);
    db.execute("DELETE FROM sessions WHERE account = $1", params![&key])
        .await?;
    db.execute("DELETE FROM accounts WHERE name_key = $1", params![&key])
        .await?;
    db.execute(
        "INSERT INTO held_names (skeleton, name, until) VALUES ($1, $2, $3)
         ON CONFLICT (skeleton) DO UPDATE SET name = excluded.name, until = excluded.until",
        params![&skeleton(&account.name), &account.name, hold_until],
    )
    .await?;
    Ok(true)
}

/// Keeps a session of the account called `name`.
pub(crate) async fn create_session(
    db: &impl Db,
    token_hash: &str,
    name: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), StoreError> {
    db.execute(
        "INSERT INTO sessions (token_hash, account, created_at, expires_at)
         VALUES ($1, $2, $3, $4)",
        params![token_hash, &name_key(name), now, expires_at],
    )
    .await
    .map(drop)
}

/// The name of the account whose session has this token hash, if it has not expired.
pub(crate) async fn session(
    db: &impl Db,
    token_hash: &str,
    now: i64,
) -> Result<Option<String>, StoreError> {
    let row = db.query_opt(SESSION, params![token_hash, now]).await?;
    row.map(|row| row.need_text(0))
        .transpose()
        .map_err(|d| db.damaged("the sessions", d))
}

/// Ends one session.
pub(crate) async fn end_session(db: &impl Db, token_hash: &str) -> Result<(), StoreError> {
    db.execute(
        "DELETE FROM sessions WHERE token_hash = $1",
        params![token_hash],
    )
    .await
    .map(drop)
}

/// Ends every session of an account but `except`'s; how many ended. Expired sessions of
/// everyone go too.
pub(crate) async fn end_sessions(
    db: &impl Db,
    name: &str,
    except: Option<&str>,
    now: i64,
) -> Result<u64, StoreError> {
    db.execute("DELETE FROM sessions WHERE expires_at <= $1", params![now])
        .await?;
    db.execute(
        "DELETE FROM sessions WHERE account = $1 AND token_hash <> $2",
        params![&name_key(name), except.unwrap_or("")],
    )
    .await
}

/// Keeps a claim code's hash for a name with games and no account (replacing an earlier
/// one): the name as stored, or why not.
pub(crate) async fn create_claim(
    db: &impl Db,
    name: &str,
    code_hash: &str,
    expires_at: i64,
) -> Result<Result<String, ClaimRefused>, StoreError> {
    let key = name_key(name);
    if crate::is_guest(name) || key == name_key(crate::REMOVED_PLAYER) {
        return Ok(Err(ClaimRefused::Guest));
    }
    if let Some(account) = find(db, &key).await? {
        return Ok(Err(ClaimRefused::HasAccount { name: account.name }));
    }
    if let NameStatus::Held { until, .. } = status(db, name, crate::unix_now()).await? {
        return Ok(Err(ClaimRefused::Held { until }));
    }
    let Some(stored) = players::stored(db, name).await? else {
        return Ok(Err(ClaimRefused::NoSuchPlayer));
    };
    db.execute(
        "INSERT INTO name_claims (name_key, code_hash, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name_key) DO UPDATE SET code_hash = excluded.code_hash,
                                              expires_at = excluded.expires_at",
        params![&key, code_hash, expires_at],
    )
    .await?;
    Ok(Ok(stored))
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        [
            ACCOUNT,
            ALL,
            HELD,
            CREATE_ACCOUNT,
            CLAIM,
            SET_PASSWORD,
            SESSION,
        ]
        .map(str::to_string)
        .to_vec()
    }
}
