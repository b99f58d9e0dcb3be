//! Reading a game, playing a move, and taking moves back.
//!
//! A takeback against the computer undoes the player's last move and the computer's reply at
//! once; between people at one screen it undoes the last move. Against a friend on another
//! device it is a question: the asker's request stands until the other player accepts (the
//! asker's last move is undone, with the reply to it if there was one) or declines. A
//! finished game's result is never taken back: it is saved the moment the game ends.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use ttt_core::Player;
use ttt_store::LiveGame;

use super::clocks::{charge, end};
use super::live::{load_played, position, save, GameId, GameWithSeats};
use super::rules::{checked_cell, opening_stones, refused, CellRequest};
use super::turn::{computer_moves, is_waiting_for_a_thinker, lease};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::json::Json;
use crate::seats::{acts_for, caller, is_between_friends, Act, Caller};
use crate::state::AppState;
use crate::view::GameView;

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
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Json<GameWithSeats>, ApiError> {
    let (mut game, mut pos) = load_played(&state, &id).await?;
    let who = caller(&headers, &game, &session)?;
    if is_waiting_for_a_thinker(&game, &pos) {
        (game, pos) = computer_moves(&state, game, pos).await?;
    }
    let waiting = [Player::X, Player::O]
        .iter()
        .any(|&p| game.seats.get(p).is_open());
    let invite = match (who, &game.invite) {
        (Caller::Seat(_), Some(invite)) if waiting => Some(format!("/join/{}", invite.code)),
        _ => None,
    };
    Ok(Json(GameWithSeats {
        game: GameView::new(&game, &pos, state.now_ms()),
        seats: Vec::new(),
        invite,
    }))
}

/// `POST /api/games/{id}/moves`: a person's move, and the computer's reply. The position is
/// replayed from the moves once, and carried along from there.
pub(crate) async fn play(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
    Json(request): Json<CellRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    acts_for(&game, &pos, caller(&headers, &game, &session)?, Act::Move)?;
    let cell = checked_cell(&game, request)?;
    let before = pos;
    let pos = pos.play(cell).map_err(|e| refused(e, request))?;
    let mover = before.turn();
    let mut next = game;
    if let Err(ending) = charge(&mut next, &before, &pos, state.now_ms()) {
        // Too late: the move does not count, and the clock has ended the game.
        end(&mut next, ending, state.now_ms());
        let saved = save(&state, next, &before).await?;
        return Ok(Json(GameView::new(&saved, &before, state.now_ms())));
    }
    next.moves.push(cell);
    next.takeback = None;
    // A move by the side a draw was offered to declines it.
    if next.draw_offer == Some(mover.other()) {
        next.draw_offer = None;
    }
    next.thinking_until = lease(&state, &next, &pos);
    let saved = save(&state, next, &pos).await?;
    let (after, pos) = computer_moves(&state, saved, pos).await?;
    Ok(Json(GameView::new(&after, &pos, state.now_ms())))
}

/// The moves of `game` without `side`'s last move and whatever followed it (the takeback
/// rule); `None` if `side` has not moved since the opening's stones, which stay.
fn before_last_move_of(game: &LiveGame, side: Player) -> Option<usize> {
    ttt_play::takeback::before_last_move_of(game.moves.len(), side)
        .filter(|&keep| keep >= opening_stones(game))
}

/// `POST /api/games/{id}/takeback`: undoes at once (against the computer, between people at
/// one screen), or asks the other player (a friend on another device: 202 Accepted).
pub(crate) async fn takeback(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    let side = acts_for(
        &game,
        &pos,
        caller(&headers, &game, &session)?,
        Act::Takeback,
    )?;
    if game.rated {
        return Err(ApiError::Conflict(
            "a rated game has no takebacks: every move counts for the rating".into(),
        ));
    }
    if let Some(why) = super::help::played_without_help(&game) {
        return Err(ApiError::Conflict(format!("{why}: no takebacks")));
    }
    let between_friends = is_between_friends(&game);
    if between_friends && game.takeback.is_some() {
        return Err(ApiError::Conflict(
            "a takeback is already asked for: wait for the answer".into(),
        ));
    }
    let Some(keep) = before_last_move_of(&game, side) else {
        return Err(ApiError::Conflict(format!(
            "{side} has no move to take back"
        )));
    };
    let mut next = game.clone();
    let (status, pos) = if between_friends {
        // A question to the other player, who answers it.
        next.takeback = Some(side);
        (StatusCode::ACCEPTED, pos)
    } else {
        next.moves.truncate(keep);
        let pos = position(&next)?;
        next.thinking_until = lease(&state, &next, &pos);
        (StatusCode::OK, pos)
    };
    let saved = save(&state, next, &pos).await?;
    let (after, pos) = computer_moves(&state, saved, pos).await?;
    Ok((status, Json(GameView::new(&after, &pos, state.now_ms()))))
}

/// `POST /api/games/{id}/takeback/answer`: the other player accepts or declines.
pub(crate) async fn answer(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
    Json(Answer { accept }): Json<Answer>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut pos) = load_played(&state, &id).await?;
    let answerer = acts_for(&game, &pos, caller(&headers, &game, &session)?, Act::Answer)?;
    let mut next = game.clone();
    next.takeback = None;
    if accept {
        if let Some(keep) = before_last_move_of(&game, answerer.other()) {
            next.moves.truncate(keep);
            pos = position(&next)?;
        }
    }
    let saved = save(&state, next, &pos).await?;
    Ok(Json(GameView::new(&saved, &pos, state.now_ms())))
}
