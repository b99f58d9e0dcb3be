//! Restoring an export into an empty database: players with their counters, and finished
//! games with their ids and times, as they were.

use crate::game::encode_moves;
use crate::sql::games::{forfeit_columns, participant_columns};
use crate::sql::ratings;
use crate::sql::{params, Damage, Db, Row};
use crate::{name_key, skeleton};
use crate::{GameRecord, PlayerStats, StoreError};

/// Rows of every kind a restore must not land among.
const HOLDS: &str = "SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM games)
                          + (SELECT count(*) FROM live_games) + (SELECT count(*) FROM accounts)";

const PLAYER: &str = "INSERT INTO players (name, name_key, wins, losses, ties, skeleton)
     VALUES ($1, $2, $3, $4, $5, $6)";

const GAME: &str = "INSERT INTO games (id, board_rows, board_cols, k, x_player, x_level, x_engine,
                         o_player, o_level, o_engine, moves, result, finished_at, hints_x,
                         hints_o, forfeit, forfeit_reason, rule, opening, rated, ending,
                         time_control)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20, $21, $22)";

/// Writes `players` and `games` into the database, which must hold nothing yet; in the
/// caller's transaction.
///
/// # Errors
/// [`StoreError::NotEmpty`] for a database that holds anything; [`StoreError::InvalidGame`]
/// for a game that cannot have been played; [`StoreError::Conflict`] for two players of one
/// name (in any case) or two games of one id.
pub(crate) async fn restore(
    db: &impl Db,
    players: &[PlayerStats],
    games: &[GameRecord],
) -> Result<(), StoreError> {
    let rows = db
        .query_opt(HOLDS, &[])
        .await?
        .map(|row| row.need_int(0))
        .unwrap_or(Err(Damage::Null(0)))
        .map_err(|d| db.damaged("the count of rows", d))?;
    if rows > 0 {
        return Err(StoreError::NotEmpty {
            path: db.path().to_path_buf(),
            rows,
        });
    }
    let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    for p in players {
        db.execute(
            PLAYER,
            params![
                &p.name,
                &name_key(&p.name),
                count(p.wins),
                count(p.losses),
                count(p.ties),
                &skeleton(&p.name)
            ],
        )
        .await?;
    }
    // The removed players' shared name is nobody's, for good, as where it was made.
    if players
        .iter()
        .any(|p| name_key(&p.name) == name_key(crate::REMOVED_PLAYER))
    {
        db.execute(
            "INSERT INTO held_names (skeleton, name, until) VALUES ($1, $2, $3)
             ON CONFLICT (skeleton) DO UPDATE SET until = excluded.until",
            params![
                &skeleton(crate::REMOVED_PLAYER),
                crate::REMOVED_PLAYER,
                i64::MAX
            ],
        )
        .await?;
    }
    for g in games {
        g.check()
            .map_err(|reason| StoreError::InvalidGame { reason })?;
        let x = participant_columns(&g.x);
        let o = participant_columns(&g.o);
        let (loser, reason) = forfeit_columns(g.forfeit.as_ref());
        let moves = encode_moves(&g.moves);
        let control = g.time_control.to_string();
        db.execute(
            GAME,
            params![
                g.id,
                g.rows,
                g.cols,
                g.k,
                x[0],
                x[1],
                x[2],
                o[0],
                o[1],
                o[2],
                &moves,
                g.result.as_str(),
                &g.finished_at,
                g.hints.x,
                g.hints.o,
                loser,
                reason,
                g.rule.name(),
                g.opening.name(),
                i64::from(g.rated),
                g.ending.map(crate::EndReason::as_str),
                g.time_control.is_timed().then_some(control.as_str()),
            ],
        )
        .await?;
    }
    // The ratings are what the rated games made of them, in the order they were played, each
    // at the time it was recorded.
    let mut rated: Vec<&GameRecord> = games.iter().filter(|g| g.rated).collect();
    rated.sort_by_key(|g| g.id);
    for g in rated {
        let at = unix_time(&g.finished_at).unwrap_or_else(crate::unix_now);
        ratings::apply(db, &g.as_new(), g.id, at).await?;
    }
    Ok(())
}

/// Seconds since the Unix epoch of a UTC time as `2024-05-01T18:30:00Z`.
fn unix_time(text: &str) -> Option<i64> {
    let num = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hh, mm, ss) = (num(11..13)?, num(14..16)?, num(17..19)?);
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + hh * 3_600 + mm * 60 + ss)
}

/// A recorded game as the game it was before recording, to check it as recording does.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_seconds_since_the_epoch() {
        assert_eq!(unix_time("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(unix_time("2024-05-01T18:30:00Z"), Some(1_714_588_200));
        assert_eq!(unix_time("2000-02-29T12:00:01Z"), Some(951_825_601));
        assert_eq!(unix_time("yesterday"), None);
    }
}
