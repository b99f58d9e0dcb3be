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

pub(crate) mod clocks;
pub(crate) mod create;
mod endings;
mod events;
mod help;
mod join;
pub(crate) mod live;
pub(crate) mod names;
mod opening;
mod play;
mod rules;
mod turn;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// The live-update streams' route.
const EVENTS: &str = "/api/games/{id}/events";

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create::create))
        .route("/api/games/{id}", get(play::show))
        .route("/api/games/{id}/moves", post(play::play))
        .route("/api/games/{id}/opening", post(opening::opening))
        .route("/api/games/{id}/takeback", post(play::takeback))
        .route("/api/games/{id}/takeback/answer", post(play::answer))
        .route("/api/games/{id}/hint", post(help::hint))
        .route("/api/games/{id}/analysis", get(help::analysis))
        .route("/api/games/{id}/rematch", post(create::rematch))
        .route("/api/games/{id}/resign", post(endings::resign))
        .route("/api/games/{id}/draw", post(endings::draw))
        .route("/api/games/{id}/abort", post(endings::abort))
        .route("/api/games/{id}/claim", post(endings::claim))
        .route(EVENTS, get(events::events))
        .route("/api/join/{code}", get(join::invitation).post(join::join))
}

/// Whether `request` opens a live-update stream, which is limited apart from the requests
/// that work (`--max-streams`).
pub(crate) fn is_event_stream(request: &Request) -> bool {
    request.method() == Method::GET
        && request
            .extensions()
            .get::<MatchedPath>()
            .is_some_and(|route| route.as_str() == EVENTS)
}
