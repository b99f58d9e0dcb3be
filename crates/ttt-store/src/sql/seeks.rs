//! The lobby's seeks: made, listed while open and alive, kept alive by their page, removed,
//! and accepted once (the update that sets the game only takes an open seek).

use ttt_core::TimeControl;

use crate::seek::{Seek, SeekColor};
use crate::sql::games::rules;
use crate::sql::{params, unsigned, Damage, Db, Row};
use crate::StoreError;

const COLUMNS: &str = "id, board_rows, board_cols, k, rule, opening, time_control, rated, quick, \
     color, seeker, seeker_account, token_hash, rating, created_ms, alive_ms, game, accepted_by, \
     rating_provisional";

const INSERT: &str = "INSERT INTO seeks (id, board_rows, board_cols, k, rule, opening,
         time_control, rated, quick, color, seeker, seeker_account, token_hash, rating,
         created_ms, alive_ms, rating_provisional)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";

/// The seeks open and alive since `$1`, oldest first, at most `$2`.
static OPEN: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "SELECT {COLUMNS} FROM seeks WHERE game IS NULL AND alive_ms >= $1
         ORDER BY created_ms LIMIT $2"
    )
});

static BY_ID: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("SELECT {COLUMNS} FROM seeks WHERE id = $1"));

/// Marks the open seek `$2` alive at `$1`.
const ALIVE: &str =
    "UPDATE seeks SET alive_ms = $1 WHERE id = $2 AND game IS NULL AND alive_ms < $1";

/// Takes the open seek `$3` for the game `$1`, accepted by `$2`, if it is still open and was
/// alive since `$4`.
const ACCEPT: &str = "UPDATE seeks SET game = $1, accepted_by = $2
     WHERE id = $3 AND game IS NULL AND alive_ms >= $4";

const REMOVE: &str = "DELETE FROM seeks WHERE id = $1 AND game IS NULL";

/// Seeks accepted or gone before `$1`: nobody needs them any more.
const REMOVE_OLD: &str = "DELETE FROM seeks WHERE alive_ms < $1";

fn read(row: &impl Row) -> Result<Seek, Damage> {
    let (rule, opening) = rules(row, 4)?;
    let color = row.need_text(9)?;
    Ok(Seek {
        id: row.need_text(0)?,
        rows: unsigned(row.need_int(1)?)?,
        cols: unsigned(row.need_int(2)?)?,
        k: unsigned(row.need_int(3)?)?,
        rule,
        opening,
        time_control: match row.text(6)? {
            None => TimeControl::None,
            Some(t) => t.parse().map_err(|_| Damage::TimeControl(t))?,
        },
        rated: row.need_int(7)? != 0,
        quick: row.need_int(8)? != 0,
        color: SeekColor::from_word(&color).ok_or(Damage::Color(color))?,
        seeker: row.need_text(10)?,
        seeker_account: row.need_int(11)? != 0,
        token_hash: row.need_text(12)?,
        rating: row.int(13)?,
        created_ms: row.need_int(14)?,
        alive_ms: row.need_int(15)?,
        game: row.text(16)?,
        accepted_by: row.text(17)?,
        rating_provisional: row.need_int(18)? != 0,
    })
}

fn all(db: &impl Db, rows: &[impl Row]) -> Result<Vec<Seek>, StoreError> {
    rows.iter()
        .map(|row| read(row).map_err(|d| db.damaged("the seeks table", d)))
        .collect()
}

pub(crate) async fn insert(db: &impl Db, s: &Seek) -> Result<(), StoreError> {
    let control = s.time_control.to_string();
    db.execute(
        INSERT,
        params![
            s.id.as_str(),
            s.rows,
            s.cols,
            s.k,
            s.rule.name(),
            s.opening.name(),
            s.time_control.is_timed().then_some(control.as_str()),
            i64::from(s.rated),
            i64::from(s.quick),
            s.color.as_str(),
            s.seeker.as_str(),
            i64::from(s.seeker_account),
            s.token_hash.as_str(),
            s.rating,
            s.created_ms,
            s.alive_ms,
            i64::from(s.rating_provisional),
        ],
    )
    .await
    .map(drop)
}

pub(crate) async fn open(
    db: &impl Db,
    alive_since: i64,
    limit: usize,
) -> Result<Vec<Seek>, StoreError> {
    let rows = db.query(&OPEN, params![alive_since, limit]).await?;
    all(db, &rows)
}

pub(crate) async fn find(db: &impl Db, id: &str) -> Result<Option<Seek>, StoreError> {
    let rows = db.query(&BY_ID, params![id]).await?;
    Ok(all(db, &rows)?.pop())
}

pub(crate) async fn keep_alive(db: &impl Db, id: &str, at_ms: i64) -> Result<(), StoreError> {
    db.execute(ALIVE, params![at_ms, id]).await.map(drop)
}

pub(crate) async fn accept(
    db: &impl Db,
    id: &str,
    game: &str,
    by: &str,
    alive_since: i64,
) -> Result<bool, StoreError> {
    Ok(db
        .execute(ACCEPT, params![game, by, id, alive_since])
        .await?
        > 0)
}

pub(crate) async fn remove(db: &impl Db, id: &str) -> Result<bool, StoreError> {
    Ok(db.execute(REMOVE, params![id]).await? > 0)
}

pub(crate) async fn remove_old(db: &impl Db, before_ms: i64) -> Result<usize, StoreError> {
    let n = db.execute(REMOVE_OLD, params![before_ms]).await?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        vec![
            INSERT.to_string(),
            OPEN.to_string(),
            BY_ID.to_string(),
            ALIVE.to_string(),
            ACCEPT.to_string(),
            REMOVE.to_string(),
            REMOVE_OLD.to_string(),
        ]
    }
}
