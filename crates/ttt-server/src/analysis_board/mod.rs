//! The analysis board's engine: `GET /api/analysis/stream` thinks about any position and
//! streams its best lines as it deepens; `GET /api/analysis/graph` evaluates every position
//! of a game, for the evaluation graph. Both are server-sent events.
//!
//! Thinking is bounded so that one visitor cannot take the server: each search uses one
//! thread and stops after `--analysis-time`; at most `--analysis-threads` run at once (more
//! wait their turn, and are told so); and each client address has at most one stream of each
//! kind: a new one (the page's position changed) stops the one before.

mod graph;
mod run;
mod search;
mod stream;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

pub(crate) use search::Analyses;

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/analysis/stream", get(stream::stream))
        .route("/api/analysis/graph", get(graph::graph))
}
