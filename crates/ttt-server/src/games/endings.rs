//! Ending a game before the board does: resigning, offering a draw (and accepting or
//! declining one), aborting before both sides have moved, and claiming the win when the
//! player to move has left. Each acts for the caller's seat (its token, or its signed-in
//! owner); two people at one screen act for the side to move. Each ending is saved as the
//! game's end: recorded, counted and rated as any (an aborted game has no result, and is not).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use ttt_core::{Player, Position};
use ttt_store::{EndReason, Ending, LiveGame, Participant};

use super::clocks::end;
use super::live::{load_played, save, GameId};
use super::rules::opening_stones;
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::json::Json;
use crate::seats::{caller, Caller};
use crate::state::AppState;
use crate::view::GameView;

fn yes() -> bool {
    true
}

/// `POST /api/games/{id}/draw`: `{"accept": false}` declines the other's offer.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DrawRequest {
    #[serde(default = "yes")]
    accept: bool,
}

/// The seat the caller acts for in `game` (at `pos`) to `what`: theirs, or, for two people at
/// one screen, the side to move's. Refused once the game is over, and to spectators.
fn acting_side(
    game: &LiveGame,
    pos: &Position,
    who: Caller,
    what: &str,
) -> Result<Player, ApiError> {
    if pos.is_over() || game.ended_off_board() {
        return Err(ApiError::Conflict(format!(
            "the game is over: nobody can {what} any more"
        )));
    }
    match who {
        Caller::Seat(side) => Ok(side),
        Caller::Both => Ok(pos.turn()),
        Caller::Anyone => Err(ApiError::Unauthorized(format!(
            "to {what}, send your seat token (Authorization: Bearer TOKEN) or sign in as your \
             seat's player; spectators only watch"
        ))),
    }
}

fn is_program(game: &LiveGame, side: Player) -> bool {
    matches!(
        game.seats.get(side).player,
        Some(Participant::Computer { .. } | Participant::Engine { .. })
    )
}

/// Saves `game` ended by `ending`, and answers its state.
async fn ended(
    state: &AppState,
    mut game: LiveGame,
    pos: &Position,
    ending: Ending,
) -> Result<Json<GameView>, ApiError> {
    end(&mut game, ending, state.now_ms());
    let saved = save(state, game, pos).await?;
    Ok(Json(GameView::new(&saved, pos, state.now_ms())))
}

/// `POST /api/games/{id}/resign`: the caller's side loses.
pub(crate) async fn resign(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    let side = acting_side(&game, &pos, caller(&headers, &game, &session)?, "resign")?;
    let ending = Ending {
        reason: EndReason::Resign,
        loser: Some(side),
    };
    ended(&state, game, &pos, ending).await
}

/// `POST /api/games/{id}/draw`: offers a draw (202), or accepts the other's offer (the game
/// is drawn); `{"accept": false}` declines it. Two people at one screen agree at once. The
/// computer plays on: draws are offered between people.
pub(crate) async fn draw(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    // No body offers or accepts.
    let accept = if body.iter().all(u8::is_ascii_whitespace) {
        true
    } else {
        serde_json::from_slice::<DrawRequest>(&body)
            .map_err(|e| ApiError::BadRequest(format!("a bad draw request: {e}")))?
            .accept
    };
    let (game, pos) = load_played(&state, &id).await?;
    let who = caller(&headers, &game, &session)?;
    let side = acting_side(&game, &pos, who, "offer or answer a draw")?;
    let agreed = Ending {
        reason: EndReason::DrawAgreed,
        loser: None,
    };
    if game.draw_offer == Some(side.other()) {
        if accept {
            return Ok((StatusCode::OK, ended(&state, game, &pos, agreed).await?));
        }
        let mut next = game;
        next.draw_offer = None;
        let saved = save(&state, next, &pos).await?;
        return Ok((
            StatusCode::OK,
            Json(GameView::new(&saved, &pos, state.now_ms())),
        ));
    }
    if !accept {
        return Err(ApiError::Conflict(
            "there is no draw offer to decline".into(),
        ));
    }
    if is_program(&game, side.other()) {
        return Err(ApiError::Conflict(
            "the computer plays on: draws are agreed between people".into(),
        ));
    }
    if who == Caller::Both {
        return Ok((StatusCode::OK, ended(&state, game, &pos, agreed).await?));
    }
    if game.draw_offer == Some(side) {
        return Err(ApiError::Conflict(
            "your draw offer stands: the other player has not answered yet".into(),
        ));
    }
    let mut next = game;
    next.draw_offer = Some(side);
    let saved = save(&state, next, &pos).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(GameView::new(&saved, &pos, state.now_ms())),
    ))
}

/// `POST /api/games/{id}/abort`: calls the game off before both sides have made a move (after
/// an opening's stones): no result, not rated, not recorded.
pub(crate) async fn abort(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    acting_side(&game, &pos, caller(&headers, &game, &session)?, "abort")?;
    let played = game.moves.len().saturating_sub(opening_stones(&game));
    if game.opening_phase().is_none() && played >= 2 {
        return Err(ApiError::Conflict(
            "both sides have moved: the game can no longer be aborted (resign, or offer a \
             draw)"
                .into(),
        ));
    }
    let ending = Ending {
        reason: EndReason::Aborted,
        loser: None,
    };
    ended(&state, game, &pos, ending).await
}

/// `POST /api/games/{id}/claim`: the win, when the player to move (a person on another
/// device) has had no page of the game open for `--claim-after`.
pub(crate) async fn claim(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    let who = caller(&headers, &game, &session)?;
    let side = acting_side(&game, &pos, who, "claim the win")?;
    let away = pos.turn();
    if who != Caller::Seat(side) || side == away || !game.is_between_friends() {
        return Err(ApiError::Conflict(
            "the win is claimed by a player whose opponent, on another device, is to move and \
             has left"
                .into(),
        ));
    }
    if game.seats.get(away).player.is_none() {
        return Err(ApiError::Conflict(
            "the friend has not joined yet: there is nobody to claim against".into(),
        ));
    }
    let now = state.now_ms();
    let seen = (*game.seen.get(away)).max(game.created_at.saturating_mul(1000));
    let wait = i64::try_from(state.limits.claim_after.as_millis()).unwrap_or(i64::MAX);
    let left = seen.saturating_add(wait).saturating_sub(now);
    if left > 0 {
        return Err(ApiError::Conflict(format!(
            "{away}'s player has been away less than {} s (since their page closed, or the \
             game began): the win can be claimed in {} s",
            state.limits.claim_after.as_secs(),
            (left + 999) / 1000
        )));
    }
    // A player who never moved has not begun the game: it is called off, not lost.
    let ending = if super::clocks::has_moved(&game, &pos, away) {
        Ending {
            reason: EndReason::Abandoned,
            loser: Some(away),
        }
    } else {
        Ending {
            reason: EndReason::Aborted,
            loser: None,
        }
    };
    ended(&state, game, &pos, ending).await
}
