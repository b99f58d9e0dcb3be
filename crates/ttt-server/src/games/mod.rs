//! `/api/games` and `/api/join`: games in progress, kept in the store move by move.
//!
//! Every request loads the game from the store, checks what it asks against the rules and
//! the seats' tokens, and saves the change only if nobody saved another first (the store's
//! version check); then everyone watching hears of it ([`crate::hub`]). So a game survives a
//! restart, and two requests for one game never fork it: the second gets 409 and looks again.
//!
//! The computer's moves are made in a task of their own, so a client that hangs up or a
//! request that times out never leaves a game half-played; a game left with the computer to
//! move (its server stopped) is taken up by the next read.

mod create;
mod events;
mod help;
mod play;
mod turn;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;
use ttt_core::Player;
use ttt_store::LiveGame;

use crate::view::GameView;
use crate::{ApiError, AppState};

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create::create))
        .route("/api/games/{id}", get(play::show))
        .route("/api/games/{id}/moves", post(play::play))
        .route("/api/games/{id}/takeback", post(play::takeback))
        .route("/api/games/{id}/takeback/answer", post(play::answer))
        .route("/api/games/{id}/hint", post(help::hint))
        .route("/api/games/{id}/analysis", get(help::analysis))
        .route("/api/games/{id}/rematch", post(create::rematch))
        .route("/api/games/{id}/events", get(events::events))
        .route(
            "/api/join/{code}",
            get(create::invitation).post(create::join),
        )
}

/// A seat its caller holds, with the token that names it: only ever sent to that caller.
#[derive(Debug, Serialize)]
pub(crate) struct HeldSeat {
    mark: Player,
    token: String,
}

/// A game's state, and for the caller who just got them, its seats and the invitation link.
#[derive(Debug, Serialize)]
pub(crate) struct GameWithSeats {
    #[serde(flatten)]
    pub(crate) game: GameView,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) seats: Vec<HeldSeat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) invite: Option<String>,
}

/// The game `id` from the store.
pub(crate) async fn load(state: &AppState, id: &str) -> Result<LiveGame, ApiError> {
    let owned = id.to_string();
    state
        .with_store(move |s| s.live_game(&owned))
        .await?
        .ok_or_else(|| {
            ApiError::NotFound(format!(
                "there is no game {id:?} (games are kept for a few hours after their last move)"
            ))
        })
}

/// The path's game id.
pub(crate) fn game_id(id: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    Ok(id?.0)
}

/// Saves `game` (refused with 409 if another save came first) and sends its new state to
/// whoever watches it. Returns the game as saved.
pub(crate) async fn save(state: &AppState, game: LiveGame) -> Result<LiveGame, ApiError> {
    let saved = state.with_store(move |s| s.save_live_game(&game)).await?;
    state.hub.publish(&saved);
    Ok(saved)
}

/// The API's view of `game`.
pub(crate) fn view(game: &LiveGame) -> Result<GameView, ApiError> {
    GameView::new(game, None).map_err(ApiError::internal)
}
