//! A game in progress as the handlers see it: named by the typed id in the request's path,
//! read from the store with the position its moves lead to (replayed once a request), saved
//! back over the version it was read at, and shown.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use serde::Serialize;
use ttt_core::{Player, Position};
use ttt_store::LiveGame;

use crate::error::ApiError;
use crate::state::AppState;
use crate::view::GameView;

/// The `{id}` of a `/api/games/{id}/...` address. A malformed path is refused with our
/// error format, before the handler runs.
#[derive(Debug, Clone)]
pub(crate) struct GameId(pub(crate) String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(id) = Path::<String>::from_request_parts(parts, state).await?;
        Ok(GameId(id))
    }
}

/// A seat its caller holds, with the token that names it: only ever sent to that caller.
#[derive(Debug, Serialize)]
pub(crate) struct HeldSeat {
    pub(crate) mark: Player,
    pub(crate) token: String,
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
            let hours = state.limits.game_ttl.as_secs().div_ceil(3600);
            ApiError::NotFound(format!(
                "there is no game {id:?} (an unfinished game is kept for {hours} h after its \
                 last move, a finished one for an hour; its result stays recorded)"
            ))
        })
}

/// The game `id` from the store, with the position its moves lead to.
pub(crate) async fn load_played(
    state: &AppState,
    id: &str,
) -> Result<(LiveGame, Position), ApiError> {
    let game = load(state, id).await?;
    let pos = position(&game)?;
    Ok((game, pos))
}

/// The position `game`'s moves lead to: the one replay of a stored game's moves.
pub(crate) fn position(game: &LiveGame) -> Result<Position, ApiError> {
    game.position().map_err(ApiError::internal)
}

/// Saves `game`, whose moves lead to `pos` (refused with 409 if another save came first),
/// and sends its new state to whoever watches it. Returns the game as saved.
pub(crate) async fn save(
    state: &AppState,
    game: LiveGame,
    pos: &Position,
) -> Result<LiveGame, ApiError> {
    let saved = state.with_store(move |s| s.save_live_game(&game)).await?;
    state
        .hub
        .publish(&GameView::new(&saved, pos, state.now_ms()));
    Ok(saved)
}
