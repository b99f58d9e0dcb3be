//! The lobby: games people are looking for an opponent for (seeks), kept in the store so that
//! every server sharing it lists the same ones.
//!
//! - `GET /api/lobby`: the open seeks.
//! - `GET /api/lobby/events`: server-sent events: `seeks` (the whole list) first, then
//!   `seek` (one appeared) and `gone` (one went: accepted, cancelled, or its page closed).
//!   With `?seek=ID` and the seek's token (`Authorization: Bearer`), the stream is the
//!   seeker's page: it keeps the seek alive, says `accepted` (`{"game", "mark"}`) when
//!   someone takes it, and removes it when it closes.
//! - `POST /api/seeks`: a new seek (201 with its `id` and `token`, the seeker's seat token
//!   in the game to come); `DELETE /api/seeks/{id}` with that token removes it.
//! - `POST /api/seeks/{id}/accept`: takes it (the new game, with the accepter's seat); of two
//!   accepting at once one gets it, the other 409.
//! - `POST /api/lobby/quick`: quick pairing on a popular setting, matched by rating, the
//!   range widening while the player waits.
//!
//! Rated seeks need an account; casual ones do not (a blank name is a guest).

mod accept;
mod events;
mod hub;
mod seeks;
mod view;

use axum::routing::{delete, get, post};
use axum::Router;

use crate::state::AppState;

pub(crate) use hub::Lobby;

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/lobby", get(seeks::list))
        .route("/api/lobby/events", get(events::events))
        .route("/api/lobby/quick", post(accept::quick))
        .route("/api/seeks", post(seeks::create))
        .route("/api/seeks/{id}", delete(seeks::remove))
        .route("/api/seeks/{id}/accept", post(accept::accept))
}
