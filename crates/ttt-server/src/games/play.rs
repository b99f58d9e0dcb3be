//! Reading a game, playing a move, and taking moves back.
//!
//! A takeback against the computer undoes the player's last move and the computer's reply at
//! once; between people at one screen it undoes the last move. Against a friend on another
//! device it is a question: the asker's request stands until the other player accepts (the
//! asker's last move is undone, with the reply to it if there was one) or declines. A
//! finished game's result is never taken back: it is saved the moment the game ends.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use ttt_core::{Cell, PlayError, Player};
use ttt_store::{LiveGame, Participant};

use super::turn::{computer_moves, is_waiting_for_a_thinker, lease};
use super::{game_id, load, save, view, GameWithSeats};
use crate::seats::{caller, check_acts_for, has_tokens, Caller};
use crate::view::GameView;
use crate::{ApiError, AppState, Json};

/// `POST /api/games/{id}/moves`: 0-based row and column. Signed so that a negative number is
/// "off the board" (422) rather than a malformed body.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    row: i64,
    col: i64,
}

/// `POST /api/games/{id}/takeback/answer`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Answer {
    accept: bool,
}

/// `GET /api/games/{id}`: the state, after taking up the computer's turn if nobody is
/// thinking for it. The host (with its seat's token) gets the invitation link again while
/// the friend has not joined: on another device, or after clearing its browser.
pub(crate) async fn show(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<GameWithSeats>, ApiError> {
    let mut game = load(&state, &game_id(id)?).await?;
    let who = caller(&headers, &game)?;
    if is_waiting_for_a_thinker(&game) {
        game = computer_moves(&state, game).await?;
    }
    let waiting = [Player::X, Player::O]
        .iter()
        .any(|&p| game.seats.get(p).is_open());
    let invite = match (who, &game.invite) {
        (Caller::Seat(_), Some(invite)) if waiting => Some(format!("/join/{}", invite.code)),
        _ => None,
    };
    Ok(Json(GameWithSeats {
        game: view(&game)?,
        seats: Vec::new(),
        invite,
    }))
}

/// `POST /api/games/{id}/moves`: a person's move, and the computer's reply.
pub(crate) async fn play(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    Json(request): Json<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    let game = load(&state, &game_id(id)?).await?;
    let who = caller(&headers, &game)?;
    let pos = game.position().map_err(ApiError::internal)?;
    if pos.is_over() || game.forfeit.is_some() {
        return Err(ApiError::Conflict("the game is over".into()));
    }
    let side = pos.turn();
    match &game.seats.get(side).player {
        Some(Participant::Computer { .. } | Participant::Engine { .. }) => {
            return Err(ApiError::Conflict(
                "it is not a human's turn: the computer is to move".into(),
            ))
        }
        None => {
            return Err(ApiError::Conflict(format!(
                "{side} is the invited friend's seat, and the friend has not joined yet"
            )))
        }
        Some(Participant::Human { .. }) => {}
    }
    check_acts_for(&game, who, side, "move")?;
    let cell = checked_cell(&game, request)?;
    pos.play(cell).map_err(|e| match e {
        PlayError::Occupied(_) => ApiError::Unprocessable(format!(
            "row {}, column {} is already taken",
            request.row, request.col
        )),
        PlayError::OffBoard(_) => ApiError::Unprocessable(format!(
            "row {}, column {} is off the board",
            request.row, request.col
        )),
        PlayError::GameOver => ApiError::Conflict("the game is over".into()),
    })?;
    let mut next = game;
    next.moves.push(cell);
    next.takeback = None;
    next.thinking_until = lease(&state, &next);
    let saved = save(&state, next).await?;
    let after = computer_moves(&state, saved).await?;
    Ok(Json(view(&after)?))
}

/// The request's cell, if it is on the board.
fn checked_cell(game: &LiveGame, MoveRequest { row, col }: MoveRequest) -> Result<Cell, ApiError> {
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

/// The moves of `game` without `side`'s last move and whatever followed it; `None` if
/// `side` has not moved.
fn before_last_move_of(game: &LiveGame, side: Player) -> Option<usize> {
    let parity = usize::from(side == Player::O);
    (0..game.moves.len()).rev().find(|&ply| ply % 2 == parity)
}

/// `POST /api/games/{id}/takeback`: undoes at once (against the computer, between people at
/// one screen), or asks the other player (a friend on another device: 202 Accepted).
pub(crate) async fn takeback(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let game = load(&state, &game_id(id)?).await?;
    let who = caller(&headers, &game)?;
    let pos = game.position().map_err(ApiError::internal)?;
    if pos.is_over() || game.forfeit.is_some() {
        return Err(ApiError::Conflict(
            "the game is over, and its result is saved: it cannot be taken back".into(),
        ));
    }
    let is_computer = |p: Player| {
        matches!(
            game.seats.get(p).player,
            Some(Participant::Computer { .. } | Participant::Engine { .. })
        )
    };
    let mut next = game.clone();
    let status = if has_tokens(&game) {
        let Caller::Seat(asker) = who else {
            return Err(ApiError::Unauthorized(
                "to take a move back, send your seat token (Authorization: Bearer TOKEN); \
                 spectators only watch"
                    .into(),
            ));
        };
        if game.takeback.is_some() {
            return Err(ApiError::Conflict(
                "a takeback is already asked for: wait for the answer".into(),
            ));
        }
        if before_last_move_of(&game, asker).is_none() {
            return Err(ApiError::Conflict(format!(
                "{asker} has no move to take back"
            )));
        }
        next.takeback = Some(asker);
        StatusCode::ACCEPTED
    } else {
        let people: Vec<Player> = [Player::X, Player::O]
            .into_iter()
            .filter(|&p| !is_computer(p))
            .collect();
        let keep = match people.as_slice() {
            // Against the computer: the person's last move, and the computer's reply.
            [person] => before_last_move_of(&game, *person),
            // Two people at one screen: the last move.
            [_, _] => game.moves.len().checked_sub(1),
            _ => {
                return Err(ApiError::Conflict(
                    "only a person can take a move back, and two computers are playing".into(),
                ))
            }
        };
        let Some(keep) = keep else {
            return Err(ApiError::Conflict("there is no move to take back".into()));
        };
        next.moves.truncate(keep);
        next.thinking_until = lease(&state, &next);
        StatusCode::OK
    };
    let saved = save(&state, next).await?;
    let after = computer_moves(&state, saved).await?;
    Ok((status, Json(view(&after)?)))
}

/// `POST /api/games/{id}/takeback/answer`: the other player accepts or declines.
pub(crate) async fn answer(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    Json(Answer { accept }): Json<Answer>,
) -> Result<Json<GameView>, ApiError> {
    let game = load(&state, &game_id(id)?).await?;
    let who = caller(&headers, &game)?;
    let Some(asker) = game.takeback else {
        return Err(ApiError::Conflict(
            "nobody has asked to take a move back".into(),
        ));
    };
    match who {
        Caller::Anyone => {
            return Err(ApiError::Unauthorized(format!(
                "only {}'s player answers a takeback: send that seat's token \
                 (Authorization: Bearer TOKEN)",
                asker.other()
            )))
        }
        Caller::Seat(p) if p == asker => {
            return Err(ApiError::Forbidden(format!(
                "{asker} asked for the takeback: {}'s player answers it",
                asker.other()
            )))
        }
        Caller::Seat(_) => {}
    }
    let mut next = game.clone();
    next.takeback = None;
    if accept {
        if let Some(keep) = before_last_move_of(&game, asker) {
            next.moves.truncate(keep);
        }
    }
    let saved = save(&state, next).await?;
    Ok(Json(view(&saved)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{ByPlayer, Dims};
    use ttt_store::{LiveSeat, Participant};

    #[test]
    fn a_takeback_goes_back_to_before_the_asker_last_moved() {
        let seat = |name: &str| LiveSeat::new(Participant::human(name));
        let mut game = LiveGame::new(
            "g".into(),
            Dims::new(3, 3, 3).unwrap(),
            ByPlayer {
                x: seat("A"),
                o: seat("B"),
            },
            0,
        );
        assert_eq!(before_last_move_of(&game, Player::X), None);
        game.moves = vec![Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)];
        assert_eq!(before_last_move_of(&game, Player::X), Some(2));
        assert_eq!(before_last_move_of(&game, Player::O), Some(1));
    }
}
