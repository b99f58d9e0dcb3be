//! `POST /api/games/{id}/opening`: the opening's steps (swap, swap2), by the person the
//! opening names. Stones go down as ordinary moves, X and O in turn; a choice is added to
//! the game's record of choices. When a choice gives X to the second person, the two seats
//! change places, tokens and all, so that from then on the seats are by mark as in any game
//! and a token still names its person (see `crate::view` for how the state shows it).

use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use ttt_core::Choice;

use super::live::{load_played, save, GameId};
use super::rules::{checked_cell, opening_refused, record_choice, refused, CellRequest};
use super::turn::{computer_moves, lease};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::json::Json;
use crate::seats::{acts_for, caller, order_of, Act};
use crate::state::AppState;
use crate::view::GameView;

/// `POST /api/games/{id}/opening`: `{"place": [{"row", "col"}, ...]}` or `{"choose":
/// "take_x" | "take_o" | "place_two"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OpeningRequest {
    place: Option<Vec<CellRequest>>,
    choose: Option<Choice>,
}

/// `POST /api/games/{id}/opening`: places the actor's next stones, or makes its choice.
pub(crate) async fn opening(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
    Json(request): Json<OpeningRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut pos) = load_played(&state, &id).await?;
    let seat = acts_for(
        &game,
        &pos,
        caller(&headers, &game, &session)?,
        Act::Opening,
    )?;
    let actor = order_of(seat);
    let (opening, choices) = (game.opening, &game.opening_choices);
    let mut next = game.clone();
    match (request.place, request.choose) {
        (Some(stones), None) => {
            opening
                .check_place(game.moves.len(), choices, actor)
                .map_err(|e| opening_refused(&e))?;
            let left = game
                .opening_phase()
                .map_or(0, |phase| phase.stones_to_place);
            if stones.is_empty() || stones.len() > left {
                return Err(ApiError::Unprocessable(format!(
                    "place 1 to {left} stones: {left} of the opening's are left to place"
                )));
            }
            for request in stones {
                let cell = checked_cell(&game, request)?;
                pos = pos.play(cell).map_err(|e| refused(e, request))?;
                next.moves.push(cell);
            }
        }
        (None, Some(choice)) => {
            let choice = opening
                .check(game.moves.len(), choices, actor, choice)
                .map_err(|e| opening_refused(&e))?;
            record_choice(&mut next, choice);
        }
        _ => {
            return Err(ApiError::BadRequest(
                "send either {\"place\": [{\"row\": R, \"col\": C}, ...]} or {\"choose\": \
                 \"take_x\" | \"take_o\" | \"place_two\"}"
                    .into(),
            ))
        }
    }
    // The colours may be settled now: the clock starts.
    super::clocks::start_if_due(&mut next, &pos, state.now_ms());
    // The computer's step of the opening, or its first move once the colours are settled.
    next.thinking_until = lease(&state, &next, &pos);
    let saved = save(&state, next, &pos).await?;
    let (after, pos) = computer_moves(&state, saved, pos).await?;
    Ok(Json(GameView::new(&after, &pos, state.now_ms())))
}
