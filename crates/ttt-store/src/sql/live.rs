//! Games in progress: their row, written by a create and by every save, and read back. The
//! moves live in `live_moves`, which each backend reads and writes its own way (PostgreSQL
//! in one round trip with arrays, SQLite a row at a time).

use std::sync::LazyLock;

use ttt_core::{ByPlayer, Cell, Clock, Player, TimeControl};

use crate::live::{decode_choices, encode_choices};
use crate::sql::games::{forfeit, forfeit_columns, hints, rules, side_word};
use crate::sql::{side, unsigned, Damage, Db, Param, Row};
use crate::{EndReason, Ending, Invite, LiveGame, LiveSeat, Participant, StoreError};

/// The columns a save writes, in the order of [`fields`].
const FIELDS: [&str; 32] = [
    "x_kind",
    "x_name",
    "x_level",
    "x_token",
    "o_kind",
    "o_name",
    "o_level",
    "o_token",
    "invite",
    "invite_expires",
    "hints_x",
    "hints_o",
    "takeback",
    "thinking_until",
    "record_id",
    "rematch",
    "version",
    "updated_at",
    "forfeit",
    "forfeit_reason",
    "opening_choices",
    "ending",
    "ending_loser",
    "draw_offer",
    "time_control",
    "clock_x_ms",
    "clock_o_ms",
    "clock_running",
    "clock_since_ms",
    "clock_deadline_ms",
    "seen_x",
    "seen_o",
];

/// The columns a save never changes, before [`FIELDS`] in a row.
const FIXED: [&str; 8] = [
    "id",
    "board_rows",
    "board_cols",
    "k",
    "created_at",
    "rule",
    "opening",
    "rated",
];

/// Every column of `live_games`, as [`game`] reads them: [`FIXED`], then [`FIELDS`].
pub(crate) static COLUMNS: LazyLock<String> = LazyLock::new(|| {
    FIXED
        .iter()
        .chain(&FIELDS)
        .copied()
        .collect::<Vec<_>>()
        .join(", ")
});

/// How many columns [`COLUMNS`] has: a backend that reads more puts them after.
pub(crate) const COLUMN_COUNT: usize = FIXED.len() + FIELDS.len();

static INSERT: LazyLock<String> = LazyLock::new(|| {
    let values: Vec<String> = (1..=COLUMN_COUNT).map(|i| format!("${i}")).collect();
    format!(
        "INSERT INTO live_games ({}) VALUES ({})",
        *COLUMNS,
        values.join(", ")
    )
});

/// Writes [`FIELDS`] over the row with id `$22` if it is still at version `$23`.
static UPDATE: LazyLock<String> = LazyLock::new(|| {
    // Presence only ever moves forward: a save made from a read older than a stream's mark
    // of it keeps the mark.
    let set: Vec<String> = FIELDS
        .iter()
        .enumerate()
        .map(|(i, column)| match *column {
            "seen_x" | "seen_o" => format!(
                "{column} = CASE WHEN {column} IS NULL OR {column} < ${n} THEN ${n} ELSE {column} END",
                n = i + 1
            ),
            _ => format!("{column} = ${}", i + 1),
        })
        .collect();
    format!(
        "UPDATE live_games SET {} WHERE id = ${} AND version = ${}",
        set.join(", "),
        FIELDS.len() + 1,
        FIELDS.len() + 2
    )
});

/// The game with the id `$1`.
pub(crate) static BY_ID: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {} FROM live_games WHERE id = $1", *COLUMNS));

/// The game whose invitation has the code `$1`.
pub(crate) static BY_INVITE: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {} FROM live_games WHERE invite = $1", *COLUMNS));

/// A finished game is one recorded, or one that cannot be: its board is full or won. Games
/// that do not count are never recorded, so they go when idle.
const REMOVE_STALE: &str = "DELETE FROM live_games
     WHERE updated_at < $1 OR (record_id IS NOT NULL AND updated_at < $2)";

const COUNT: &str = "SELECT count(*) FROM live_games";

/// The games still being played, for a person: the rows of games that ended (recorded, or
/// ended by a resignation, a clock, an agreed draw, a claim, an abort or a forfeit) are
/// kept a while longer, and are not counted.
pub(crate) const IN_PROGRESS: &str = "SELECT count(*) FROM live_games
     WHERE record_id IS NULL AND ending IS NULL AND forfeit IS NULL";

/// The games whose running clock ran out by `$1`, soonest first, at most `$2`.
const DUE: &str = "SELECT id FROM live_games
     WHERE clock_deadline_ms IS NOT NULL AND clock_deadline_ms <= $1
     ORDER BY clock_deadline_ms LIMIT $2";

/// Marks X's player as seen at `$1` in the game `$2` (never back in time).
const SEEN_X: &str =
    "UPDATE live_games SET seen_x = $1 WHERE id = $2 AND (seen_x IS NULL OR seen_x < $1)";
const SEEN_O: &str =
    "UPDATE live_games SET seen_o = $1 WHERE id = $2 AND (seen_o IS NULL OR seen_o < $1)";

/// A seat as its four columns: kind, name, level, token.
fn seat_columns(seat: &LiveSeat) -> [Option<&str>; 4] {
    let (kind, name, level) = match (&seat.player, seat.friend) {
        (player, true) | (player @ None, false) => (
            "friend",
            player.as_ref().and_then(Participant::human_name),
            None,
        ),
        (Some(Participant::Human { name }), false) => ("human", Some(name.as_str()), None),
        (Some(Participant::Computer { level }), false) => ("computer", None, Some(level.as_str())),
        (Some(Participant::Engine { name }), false) => ("engine", Some(name.as_str()), None),
    };
    [Some(kind), name, level, seat.token_hash.as_deref()]
}

/// Reads [`seat_columns`] back from the row's columns `i` to `i + 3`.
fn seat(row: &impl Row, side: Player, i: usize) -> Result<LiveSeat, Damage> {
    let token_hash = row.text(i + 3)?;
    let (player, friend) = match (
        row.need_text(i)?.as_str(),
        row.text(i + 1)?,
        row.text(i + 2)?,
    ) {
        ("human", Some(name), None) => (Some(Participant::Human { name }), false),
        ("computer", None, Some(level)) => (Some(Participant::Computer { level }), false),
        ("engine", Some(name), None) => (Some(Participant::Engine { name }), false),
        ("friend", name, None) => (name.map(|name| Participant::Human { name }), true),
        _ => return Err(Damage::Seat(side)),
    };
    Ok(LiveSeat {
        player,
        friend,
        token_hash,
    })
}

/// The values of [`FIELDS`] for `g`; `choices`: its opening choices as stored, `control`
/// its time control's text.
fn fields<'a>(g: &'a LiveGame, choices: &'a str, control: &'a str) -> Vec<Param<'a>> {
    let timed = g.clock.control().is_timed();
    let ms = |n: u64| Param::Int(timed.then(|| i64::try_from(n).unwrap_or(i64::MAX)));
    let over = g.ending.is_some() || g.forfeit.is_some();
    let clock = [
        Param::Text(timed.then_some(control)),
        ms(g.clock.left().x),
        ms(g.clock.left().o),
        Param::Text(g.clock.running().map(side_word)),
        Param::Int(g.clock.running().map(|_| g.clock.since())),
        Param::Int(g.clock.deadline().filter(|_| !over)),
        g.seen.x.into(),
        g.seen.o.into(),
    ];
    let (loser, reason) = forfeit_columns(g.forfeit.as_ref());
    let seats = seat_columns(&g.seats.x)
        .into_iter()
        .chain(seat_columns(&g.seats.o))
        .map(Param::Text);
    seats
        .chain([
            Param::Text(g.invite.as_ref().map(|i| i.code.as_str())),
            Param::Int(g.invite.as_ref().map(|i| i.expires_at)),
            g.hints.x.into(),
            g.hints.o.into(),
            Param::Text(g.takeback.map(side_word)),
            g.thinking_until.into(),
            g.record_id.into(),
            g.rematch.as_deref().into(),
            g.version.into(),
            g.updated_at.into(),
            loser.into(),
            reason.into(),
            choices.into(),
            Param::Text(g.ending.map(|e| e.reason.as_str())),
            Param::Text(g.ending.and_then(|e| e.loser).map(side_word)),
            Param::Text(g.draw_offer.map(side_word)),
        ])
        .chain(clock)
        .collect()
}

/// Stores a new game's row (not its moves).
///
/// # Errors
/// [`StoreError::Conflict`] for a game with its id or its invitation's code (each [`Db`]
/// says a broken uniqueness so).
pub(crate) async fn insert(db: &impl Db, g: &LiveGame) -> Result<(), StoreError> {
    let mut params: Vec<Param<'_>> = vec![
        g.id.as_str().into(),
        g.rows.into(),
        g.cols.into(),
        g.k.into(),
        g.created_at.into(),
        g.rule.name().into(),
        g.opening.name().into(),
        i64::from(g.rated).into(),
    ];
    let choices = encode_choices(&g.opening_choices);
    let control = g.clock.control().to_string();
    params.extend(fields(g, &choices, &control));
    match db.execute(&INSERT, &params).await {
        Err(StoreError::Conflict { .. }) => Err(StoreError::Conflict {
            what: format!("game {}", g.id),
        }),
        other => other.map(drop),
    }
}

/// Writes `g` over the row still at version `from`; whether there was one.
pub(crate) async fn update(db: &impl Db, g: &LiveGame, from: i64) -> Result<bool, StoreError> {
    let choices = encode_choices(&g.opening_choices);
    let control = g.clock.control().to_string();
    let mut params = fields(g, &choices, &control);
    params.extend([Param::from(g.id.as_str()), Param::from(from)]);
    Ok(db.execute(&UPDATE, &params).await? > 0)
}

/// A game in progress as [`COLUMNS`] lists them, with its `moves` (read separately).
pub(crate) fn game(db: &impl Db, row: &impl Row, moves: Vec<Cell>) -> Result<LiveGame, StoreError> {
    let id = row.text(0).ok().flatten().unwrap_or_default();
    read(row, moves).map_err(|d| db.damaged(&format!("game in progress {id}"), d))
}

fn read(row: &impl Row, moves: Vec<Cell>) -> Result<LiveGame, Damage> {
    // FIELDS come after FIXED.
    let f = FIXED.len();
    let invite = match (row.text(f + 8)?, row.int(f + 9)?) {
        (Some(code), Some(expires_at)) => Some(Invite { code, expires_at }),
        (None, _) => None,
        (Some(_), None) => return Err(Damage::Invite),
    };
    let (rule, opening) = rules(row, 5)?;
    let choices = row.need_text(f + 20)?;
    let game = LiveGame {
        id: row.need_text(0)?,
        rows: unsigned(row.need_int(1)?)?,
        cols: unsigned(row.need_int(2)?)?,
        k: unsigned(row.need_int(3)?)?,
        created_at: row.need_int(4)?,
        rule,
        opening,
        seats: ByPlayer {
            x: seat(row, Player::X, f)?,
            o: seat(row, Player::O, f + 4)?,
        },
        moves,
        opening_choices: decode_choices(&choices).ok_or(Damage::Choices(choices))?,
        invite,
        hints: hints(row, f + 10)?,
        takeback: row.text(f + 12)?.map(|t| side("takeback", t)).transpose()?,
        thinking_until: row.int(f + 13)?,
        record_id: row.int(f + 14)?,
        rematch: row.text(f + 15)?,
        version: row.need_int(f + 16)?,
        updated_at: row.need_int(f + 17)?,
        forfeit: forfeit(row, f + 18)?,
        rated: row.need_int(7)? != 0,
        ending: ending(row, f + 21)?,
        draw_offer: row
            .text(f + 23)?
            .map(|t| side("draw_offer", t))
            .transpose()?,
        clock: clock(row, f + 24)?,
        seen: ByPlayer {
            x: row.int(f + 30)?.unwrap_or(0),
            o: row.int(f + 31)?.unwrap_or(0),
        },
    };
    game.finished()?;
    Ok(game)
}

/// Reads an ending from the row's columns `i` (the reason) and `i + 1` (the loser).
fn ending(row: &impl Row, i: usize) -> Result<Option<Ending>, Damage> {
    let Some(word) = row.text(i)? else {
        return Ok(None);
    };
    let reason = EndReason::from_word(&word).ok_or(Damage::Ending(word))?;
    let loser = row
        .text(i + 1)?
        .map(|t| side("ending_loser", t))
        .transpose()?;
    Ok(Some(Ending { reason, loser }))
}

/// Reads a clock from the row's columns `i` (its control) to `i + 4` (since when it runs).
fn clock(row: &impl Row, i: usize) -> Result<Clock, Damage> {
    let Some(text) = row.text(i)? else {
        return Ok(Clock::new(TimeControl::None));
    };
    let control: TimeControl = text.parse().map_err(|_| Damage::TimeControl(text))?;
    let left = ByPlayer {
        x: unsigned::<u64>(row.need_int(i + 1)?)?,
        o: unsigned::<u64>(row.need_int(i + 2)?)?,
    };
    let running = row
        .text(i + 3)?
        .map(|t| side("clock_running", t))
        .transpose()?;
    let since = row.int(i + 4)?.unwrap_or(0);
    Ok(Clock::from_parts(control, left, running, since))
}

/// Removes the games idle since `idle_before` and the finished ones since
/// `finished_before`; how many went.
pub(crate) async fn remove_stale(
    db: &impl Db,
    idle_before: i64,
    finished_before: i64,
) -> Result<usize, StoreError> {
    let n = db
        .execute(REMOVE_STALE, &[idle_before.into(), finished_before.into()])
        .await?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// The ids of up to `limit` games whose running clock has run out by `now_ms`.
pub(crate) async fn due(
    db: &impl Db,
    now_ms: i64,
    limit: usize,
) -> Result<Vec<String>, StoreError> {
    let rows = db.query(DUE, &[now_ms.into(), limit.into()]).await?;
    rows.iter()
        .map(|row| {
            row.need_text(0)
                .map_err(|d| db.damaged("the live_games table", d))
        })
        .collect()
}

/// Marks `side`'s player of game `id` as having the game open at `at_ms`.
pub(crate) async fn mark_seen(
    db: &impl Db,
    id: &str,
    side: Player,
    at_ms: i64,
) -> Result<(), StoreError> {
    let sql = match side {
        Player::X => SEEN_X,
        Player::O => SEEN_O,
    };
    db.execute(sql, &[at_ms.into(), id.into()]).await.map(drop)
}

/// How many games in progress are kept.
pub(crate) async fn count(db: &impl Db) -> Result<usize, StoreError> {
    let n = match db.query_opt(COUNT, &[]).await? {
        Some(row) => row.need_int(0).and_then(unsigned),
        None => Ok(0),
    };
    n.map_err(|d| db.damaged("the live_games table", d))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        [
            &*INSERT,
            &*UPDATE,
            &*BY_ID,
            &*BY_INVITE,
            REMOVE_STALE,
            COUNT,
            IN_PROGRESS,
            DUE,
            SEEN_X,
            SEEN_O,
        ]
        .map(str::to_string)
        .to_vec()
    }

    #[test]
    fn a_save_writes_every_field_and_an_insert_every_column() {
        assert_eq!(UPDATE.matches(" = $").count(), FIELDS.len());
        assert_eq!(UPDATE.matches("THEN $").count(), 2);
        assert_eq!(INSERT.matches('$').count(), COLUMN_COUNT);
        assert!(
            UPDATE.ends_with("WHERE id = $33 AND version = $34"),
            "{}",
            *UPDATE
        );
    }
}
