//! Games in progress on SQLite: the shared row, and the moves a row of `live_moves` each,
//! rewritten from the first that changed.

use ttt_core::Cell;

use crate::sql::{self, params, unsigned, Db, Row};
use crate::sqlite::db::{now, Sqlite};
use crate::{unix_now, GameError, LiveGame, StoreError};

const READ_MOVES: &str = "SELECT cell_row, cell_col FROM live_moves WHERE game = $1 ORDER BY ply";

const WRITE_MOVE: &str =
    "INSERT INTO live_moves (game, ply, cell_row, cell_col) VALUES ($1, $2, $3, $4)";

const TAKE_BACK_FROM: &str = "DELETE FROM live_moves WHERE game = $1 AND ply >= $2";

fn invalid(reason: GameError) -> StoreError {
    StoreError::InvalidGame { reason }
}

/// The game whose `key` (`sql::live::BY_ID` or `BY_INVITE`) is `value`, with its moves.
pub(super) fn find(db: &Sqlite<'_>, by: &str, value: &str) -> Result<Option<LiveGame>, StoreError> {
    let Some(row) = now(db.query_opt(by, params![value]))? else {
        return Ok(None);
    };
    let id = row.text(0).ok().flatten().unwrap_or_default();
    let moves = read_moves(db, &id)?;
    sql::live::game(db, &row, moves).map(Some)
}

fn read_moves(db: &Sqlite<'_>, id: &str) -> Result<Vec<Cell>, StoreError> {
    now(db.query(READ_MOVES, params![id]))?
        .iter()
        .map(|row| {
            Ok(Cell::new(
                unsigned(row.need_int(0)?)?,
                unsigned(row.need_int(1)?)?,
            ))
        })
        .collect::<Result<_, _>>()
        .map_err(|d| db.damaged(&format!("game in progress {id}"), d))
}

fn write_moves(db: &Sqlite<'_>, id: &str, from: usize, moves: &[Cell]) -> Result<(), StoreError> {
    for (i, cell) in moves.iter().enumerate() {
        let (row, col) = (i64::from(cell.row), i64::from(cell.col));
        now(db.execute(WRITE_MOVE, params![id, from + i, row, col]))?;
    }
    Ok(())
}

/// Stores a new game and its moves, in the caller's transaction.
pub(super) fn create(db: &Sqlite<'_>, game: &LiveGame) -> Result<(), StoreError> {
    game.position().map_err(invalid)?;
    now(sql::live::insert(db, game))?;
    write_moves(db, &game.id, 0, &game.moves)
}

/// Saves `game` over the stored one at its version, in the caller's transaction: recorded
/// first if it has just ended, so that the saved row names its record.
pub(super) fn save(db: &Sqlite<'_>, game: &LiveGame) -> Result<LiveGame, StoreError> {
    let record = game.finished().map_err(invalid)?;
    let mut saved = game.clone();
    saved.version += 1;
    saved.updated_at = unix_now();
    if saved.record_id.is_none() {
        if let Some(record) = &record {
            saved.record_id = Some(now(sql::games::insert(db, record))?);
        }
    }
    if !now(sql::live::update(db, &saved, game.version))? {
        // Dropping the transaction rolls the record back too.
        return Err(StoreError::Conflict {
            what: format!("game {}", game.id),
        });
    }
    // The stored moves that are still the game's stay; the rest go, and the new ones come
    // after them.
    let old = read_moves(db, &game.id)?;
    let same = old
        .iter()
        .zip(&game.moves)
        .take_while(|(a, b)| a == b)
        .count();
    now(db.execute(TAKE_BACK_FROM, params![&game.id, same]))?;
    write_moves(db, &game.id, same, &game.moves[same..])?;
    Ok(saved)
}
