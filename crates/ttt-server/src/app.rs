//! The application: every resource's routes, the fallbacks, and the middleware every request
//! goes through (the body limit, the time limit, the clients' fair use and the headers every
//! response carries). `ttt serve` and the tests start the same [`app`].

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;
use crate::{
    accounts, analysis_board, assets, config, files, games, health, lobby, observe, origin, players,
};

/// The whole application: page, API, limits and error handling. Used by `ttt serve` and by
/// the tests alike.
pub fn app(state: AppState) -> Router {
    let body_limit = axum::extract::DefaultBodyLimit::max(state.limits.max_body_bytes);
    Router::new()
        .merge(games::router())
        .merge(accounts::router())
        .merge(files::router())
        .merge(analysis_board::router())
        .merge(lobby::router())
        .merge(players::router())
        .merge(config::router())
        .merge(health::router())
        .merge(assets::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(body_limit)
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(middleware::from_fn_with_state(state.clone(), work_limit))
        .layer(middleware::from_fn_with_state(state.clone(), fair_use))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            origin::same_origin,
        ))
        .layer(middleware::map_response(common_headers))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            observe::observe,
        ))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::NotFound("there is nothing at this address".into())
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

/// Answers 503 when a request takes longer than the limit. Work that must not be cut short
/// (a computer's move and the recording of a finished game) runs in its own task and
/// completes anyway.
async fn time_limit(State(state): State<AppState>, req: Request, next: Next) -> Response {
    match tokio::time::timeout(state.limits.request_timeout, next.run(req)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(
                "cut off after {} s (--request-timeout): answered 503",
                state.limits.request_timeout.as_secs()
            );
            ApiError::Timeout.into_response()
        }
    }
}

/// Holds a request until fewer than `--max-connections` are at work, and while it works.
/// A live-update stream does no work between two changes, and is counted apart (see
/// [`crate::games`]' events): it never waits here, so that thousands of watchers leave the
/// players' requests their share.
async fn work_limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if games::is_event_stream(&request) {
        return next.run(request).await;
    }
    match Arc::clone(&state.at_work).acquire_owned().await {
        Ok(_permit) => next.run(request).await,
        Err(_) => ApiError::Unavailable("the server is shutting down".into()).into_response(),
    }
}

/// Headers every response carries.
async fn common_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

/// Counts each request against its client's rates ([`crate::fair_use`]).
async fn fair_use(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match state.fair_use.admit(&request) {
        Ok(()) => next.run(request).await,
        Err(e) => {
            state.metrics.rate_limited();
            e.into_response()
        }
    }
}
