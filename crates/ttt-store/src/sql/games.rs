//! Finished games: recording one with its players' counters, and reading them back.

use ttt_core::{ByPlayer, Opening, Player, Rule, TimeControl};

use crate::game::{decode_moves, encode_moves};
use crate::sql::players::{self, ADD_LOSS, ADD_TIE, ADD_WIN};
use crate::sql::ratings;
use crate::sql::{params, side, unsigned, Damage, Db, Row};
use crate::{EndReason, Forfeit, GameRecord, GameResult, NewGame, Participant, StoreError};

/// The columns [`record`] reads, in its order.
macro_rules! game_columns {
    () => {
        "id, board_rows, board_cols, k, x_player, x_level, x_engine, o_player, o_level, \
         o_engine, moves, result, finished_at, hints_x, hints_o, forfeit, forfeit_reason, rule, \
         opening, rated, ending, time_control"
    };
}

const INSERT: &str = "INSERT INTO games (board_rows, board_cols, k, x_player, x_level, x_engine,
                         o_player, o_level, o_engine, moves, result, hints_x, hints_o,
                         forfeit, forfeit_reason, rule, opening, rated, ending, time_control)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20)
     RETURNING id";

const BY_ID: &str = concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1");

const RECENT: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games ORDER BY id DESC LIMIT $1"
);

/// A player's games: the scalar subquery is a constant, so each side's index is used.
const RECENT_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games
     WHERE x_player = (SELECT name FROM players WHERE name_key = $1)
        OR o_player = (SELECT name FROM players WHERE name_key = $1)
     ORDER BY id DESC LIMIT $2"
);

/// A participant as its three columns, `*_player`, `*_level` and `*_engine`: exactly one
/// is set.
pub(crate) fn participant_columns(who: &Participant) -> [Option<&str>; 3] {
    match who {
        Participant::Human { name } => [Some(name), None, None],
        Participant::Computer { level } => [None, Some(level), None],
        Participant::Engine { name } => [None, None, Some(name)],
    }
}

/// Reads [`participant_columns`] back.
fn participant(side: Player, columns: [Option<String>; 3]) -> Result<Participant, Damage> {
    match columns {
        [Some(name), None, None] => Ok(Participant::Human { name }),
        [None, Some(level), None] => Ok(Participant::Computer { level }),
        [None, None, Some(name)] => Ok(Participant::Engine { name }),
        _ => Err(Damage::Player(side)),
    }
}

/// A forfeit as its two columns: the side, and the reason.
pub(crate) fn forfeit_columns(forfeit: Option<&Forfeit>) -> (Option<&'static str>, Option<&str>) {
    (
        forfeit.map(|f| side_word(f.loser)),
        forfeit.map(|f| f.reason.as_str()),
    )
}

/// A side as stored.
pub(crate) fn side_word(player: Player) -> &'static str {
    match player {
        Player::X => "X",
        Player::O => "O",
    }
}

/// Reads [`forfeit_columns`] back from the row's columns `i` and `i + 1`.
pub(crate) fn forfeit(row: &impl Row, i: usize) -> Result<Option<Forfeit>, Damage> {
    match (row.text(i)?, row.text(i + 1)?) {
        (None, None) => Ok(None),
        (Some(loser), Some(reason)) => Ok(Some(Forfeit {
            loser: side("forfeit", loser)?,
            reason,
        })),
        _ => Err(Damage::HalfForfeit),
    }
}

/// Reads a rule and an opening rule from the row's columns `i` and `i + 1`.
pub(crate) fn rules(row: &impl Row, i: usize) -> Result<(Rule, Opening), Damage> {
    let rule = row.need_text(i)?;
    let opening = row.need_text(i + 1)?;
    Ok((
        rule.parse().map_err(|_| Damage::Rule(rule))?,
        opening.parse().map_err(|_| Damage::Opening(opening))?,
    ))
}

/// Reads hints from the row's columns `i` and `i + 1`.
pub(crate) fn hints(row: &impl Row, i: usize) -> Result<ByPlayer<u32>, Damage> {
    Ok(ByPlayer {
        x: unsigned(row.need_int(i)?)?,
        o: unsigned(row.need_int(i + 1)?)?,
    })
}

/// A game as [`game_columns`] lists them.
fn record(row: &impl Row) -> Result<GameRecord, Damage> {
    let seat = |side, i| -> Result<Participant, Damage> {
        participant(side, [row.text(i)?, row.text(i + 1)?, row.text(i + 2)?])
    };
    let moves = row.need_text(10)?;
    let result = row.need_text(11)?;
    let (rule, opening) = rules(row, 17)?;
    Ok(GameRecord {
        id: row.need_int(0)?,
        rows: unsigned(row.need_int(1)?)?,
        cols: unsigned(row.need_int(2)?)?,
        k: unsigned(row.need_int(3)?)?,
        x: seat(Player::X, 4)?,
        o: seat(Player::O, 7)?,
        moves: decode_moves(&moves).ok_or(Damage::Moves(moves))?,
        result: GameResult::from_word(&result).ok_or(Damage::Result(result))?,
        finished_at: row.need_text(12)?,
        hints: hints(row, 13)?,
        forfeit: forfeit(row, 15)?,
        rule,
        opening,
        rated: row.need_int(19)? != 0,
        ending: row
            .text(20)?
            .map(|w| EndReason::from_word(&w).ok_or(Damage::Ending(w)))
            .transpose()?,
        time_control: match row.text(21)? {
            None => TimeControl::None,
            Some(t) => t.parse().map_err(|_| Damage::TimeControl(t))?,
        },
    })
}

fn records(db: &impl Db, rows: &[impl Row]) -> Result<Vec<GameRecord>, StoreError> {
    rows.iter()
        .map(|row| {
            record(row).map_err(|d| {
                let id = row.int(0).ok().flatten().unwrap_or_default();
                db.damaged(&format!("game {id}"), d)
            })
        })
        .collect()
}

/// The game with this id.
pub(crate) async fn find(db: &impl Db, id: i64) -> Result<Option<GameRecord>, StoreError> {
    let rows = db.query(BY_ID, params![id]).await?;
    Ok(records(db, &rows)?.pop())
}

/// Up to `limit` games, newest first; with `player`, only theirs.
pub(crate) async fn recent(
    db: &impl Db,
    player: Option<&str>,
    limit: usize,
) -> Result<Vec<GameRecord>, StoreError> {
    let rows = match player {
        None => db.query(RECENT, params![limit]).await?,
        Some(name) => {
            let key = crate::name_key(name);
            db.query(RECENT_OF, params![&key, limit]).await?
        }
    };
    records(db, &rows)
}

/// Stores a checked game and counts it for its human players, in the caller's transaction.
/// Returns its id.
///
/// Counters are per side: a human who plays both X and O under one name is credited for
/// each side, so one game adds a win and a loss (or two ties) to that name.
pub(crate) async fn insert(db: &impl Db, game: &NewGame) -> Result<i64, StoreError> {
    let x = participant_columns(&game.x);
    let o = participant_columns(&game.o);
    let mut humans = ByPlayer::<Option<String>>::default();
    for (side, name) in [(Player::X, x[0]), (Player::O, o[0])] {
        if let Some(name) = name {
            *humans.get_mut(side) = Some(players::stored_or_created(db, name).await?);
        }
    }
    let (loser, reason) = forfeit_columns(game.forfeit.as_ref());
    let moves = encode_moves(&game.moves);
    let control = game.time_control.to_string();
    let row = db
        .query_opt(
            INSERT,
            params![
                game.rows,
                game.cols,
                game.k,
                humans.x.as_deref(),
                x[1],
                x[2],
                humans.o.as_deref(),
                o[1],
                o[2],
                &moves,
                game.result.as_str(),
                game.hints.x,
                game.hints.o,
                loser,
                reason,
                game.rule.name(),
                game.opening.name(),
                i64::from(game.rated),
                game.ending.map(EndReason::as_str),
                game.time_control.is_timed().then_some(control.as_str()),
            ],
        )
        .await?;
    let id = row
        .map(|row| row.need_int(0))
        .unwrap_or(Err(Damage::Null(0)))
        .map_err(|d| db.damaged("a new game", d))?;
    for side in [Player::X, Player::O] {
        let Some(name) = humans.get(side) else {
            continue;
        };
        let sql = match game.result.winner() {
            None => ADD_TIE,
            Some(winner) if winner == side => ADD_WIN,
            Some(_) => ADD_LOSS,
        };
        db.execute(sql, params![name]).await?;
    }
    ratings::apply(db, game, id, crate::unix_now()).await?;
    Ok(id)
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        [INSERT, BY_ID, RECENT, RECENT_OF]
            .map(str::to_string)
            .to_vec()
    }
}
