//! What the rules refuse, as the API says it: cells named in requests (0-based `row` and
//! `col`), moves and opening stones the position refuses, and opening steps out of turn.
//! Moves and opening stones are refused alike, so one place says how.

use serde::Deserialize;
use ttt_core::{ByPlayer, Cell, Choice, Opening, OpeningError, Order, PlayError};
use ttt_store::LiveGame;

use crate::error::ApiError;

/// A cell as a request names it: 0-based row and column. Signed so that a negative number
/// is "off the board" (422) rather than a malformed body.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CellRequest {
    row: i64,
    col: i64,
}

/// The request's cell, if it is on the board of `game`.
pub(crate) fn checked_cell(
    game: &LiveGame,
    CellRequest { row, col }: CellRequest,
) -> Result<Cell, ApiError> {
    let inside = |v: i64, n: usize| usize::try_from(v).is_ok_and(|v| v < n);
    if !inside(row, game.rows) || !inside(col, game.cols) {
        return Err(ApiError::Unprocessable(format!(
            "row {row}, column {col} is off the board: rows go from 0 to {} and columns from 0 to {}",
            game.rows - 1,
            game.cols - 1
        )));
    }
    // In range of a board side, so within u8.
    Ok(Cell::new(row as u8, col as u8))
}

/// A move (or an opening stone) the position refused, as the API answers it. A point renju
/// forbids is named with its pattern, as people count rows and columns (from 1), the way
/// the page labels its cells: "double-three at row 8, column 8: renju forbids it to X".
pub(crate) fn refused(e: PlayError, CellRequest { row, col }: CellRequest) -> ApiError {
    match e {
        PlayError::Occupied(_) => {
            ApiError::Unprocessable(format!("row {row}, column {col} is already taken"))
        }
        PlayError::OffBoard(_) => {
            ApiError::Unprocessable(format!("row {row}, column {col} is off the board"))
        }
        PlayError::GameOver => ApiError::Conflict("the game is over".into()),
        forbidden @ PlayError::Forbidden { .. } => ApiError::Unprocessable(forbidden.to_string()),
    }
}

/// An opening step refused: 409 where the moment is wrong (not this person's turn, stones
/// to place first, a choice due, the opening over), 422 where the step is never open then.
pub(crate) fn opening_refused(e: &OpeningError) -> ApiError {
    match e {
        OpeningError::NotOffered(_) => ApiError::Unprocessable(e.to_string()),
        OpeningError::Over
        | OpeningError::NotYourTurn { .. }
        | OpeningError::PlaceFirst { .. }
        | OpeningError::ChooseFirst => ApiError::Conflict(e.to_string()),
    }
}

/// How many of `game`'s first moves are the opening's stones, once the opening is over:
/// those are never taken back, since the choices were made on them.
pub(crate) fn opening_stones(game: &LiveGame) -> usize {
    match game.opening {
        Opening::None => 0,
        Opening::Swap => 3,
        Opening::Swap2 if game.opening_choices.contains(&Choice::PlaceTwo) => 5,
        Opening::Swap2 => 3,
    }
}

/// Adds the opening's `choice` (already checked) to `game`; when it gives X to the second
/// person, the two seats change places, tokens and all, so that the seats are by mark from
/// then on and a token still names its person.
pub(crate) fn record_choice(game: &mut LiveGame, choice: Choice) {
    game.opening_choices.push(choice);
    if game
        .opening
        .x_player(game.moves.len(), &game.opening_choices)
        == Some(Order::Second)
    {
        let seats = game.seats.clone();
        game.seats = ByPlayer {
            x: seats.o,
            o: seats.x,
        };
    }
}
