//! The web game behind `ttt serve`: one page and a JSON API, served by axum.
//!
//! The page is a thin view: the server holds every game, checks every move with `ttt-core`,
//! plays the computer's moves with `ttt-ai` (off the async executor) and records every
//! finished game in the same [`Store`] as the console game.
//!
//! | route | what it does |
//! | --- | --- |
//! | `GET /` (and `/app.js`, `/style.css`, ...) | the page, embedded in the binary |
//! | `POST /api/games` | a new game; the computer's moves are made if it starts |
//! | `GET /api/games/{id}` | a game's state |
//! | `POST /api/games/{id}/moves` | a human move `{"row", "col"}` and the computer's reply |
//! | `GET /api/players` | the leaderboard, best first |
//! | `GET /api/players/{name}` | one player's wins, losses and ties |
//! | `GET /api/config` | what a client may choose from: limits, computer levels, presets ([`ttt_core::Preset`]) |
//!
//! Errors are `{"error": "..."}` with 400 (malformed request, or beyond the [`Limits`]), 404
//! (unknown game or player), 409 (not a human's turn, or the game is over), 413 (body too
//! large), 422 (a cell that is taken or off the board), 503 (too slow) and 500 (our fault;
//! details go to the log, not to the client).
//!
//! ```no_run
//! use std::sync::Arc;
//! use ttt_server::{app, AppState, Limits};
//! use ttt_store::SqliteStore;
//!
//! # async fn run() -> std::io::Result<()> {
//! let store = SqliteStore::open_in_memory().unwrap();
//! let state = AppState::new(Arc::new(store), Limits::default());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app(state)).await
//! # }
//! ```

mod assets;
mod config;
mod error;
mod game;
mod games;
mod json;
mod live;
mod players;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tokio::net::TcpListener;
use ttt_store::Store;

pub use config::DEFAULT_LEVEL;
pub use error::ApiError;
pub use json::Json;

use live::LiveGames;

/// What the server allows, so that no request can take unbounded memory or time.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The most rows or columns a board may have.
    pub max_side: usize,
    /// The largest request body, in bytes.
    pub max_body_bytes: usize,
    /// How long a request may take before it is answered with 503.
    pub request_timeout: Duration,
    /// How long the perfect player may think about one move.
    pub thinking_time: Duration,
    /// How long computers may go on moving in one request. Between two computers a request
    /// stops making moves once this is spent (the game goes on with the next read); a
    /// computer's reply to a human is always made.
    pub thinking_budget: Duration,
    /// The most games kept in memory; past it the least recently used is dropped.
    pub max_games: usize,
    /// A game nobody has looked at for this long is dropped.
    pub game_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_side: 19,
            max_body_bytes: 8 * 1024,
            request_timeout: Duration::from_secs(30),
            thinking_time: Duration::from_secs(1),
            thinking_budget: Duration::from_secs(3),
            max_games: 10_000,
            game_ttl: Duration::from_secs(6 * 60 * 60),
        }
    }
}

/// Everything the handlers share: the store, the games in play and the limits.
#[derive(Clone)]
pub struct AppState {
    store: Arc<dyn Store>,
    games: Arc<LiveGames>,
    limits: Arc<Limits>,
    /// One permit per CPU: computer searches wait their turn instead of crowding the machine.
    searches: Arc<tokio::sync::Semaphore>,
}

impl AppState {
    /// State over `store` (shared with the console game) with these limits.
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> AppState {
        AppState {
            games: Arc::new(LiveGames::new(limits.max_games, limits.game_ttl)),
            store,
            limits: Arc::new(limits),
            searches: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, usize::from),
            )),
        }
    }

    /// Runs a blocking store call on the blocking thread pool.
    async fn with_store<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, ttt_store::StoreError> + Send + 'static,
    {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || f(store.as_ref()))
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::from)
    }
}

/// The whole application: page, API, limits and error handling. Used by `ttt serve` and by
/// the tests alike.
pub fn app(state: AppState) -> Router {
    let body_limit = axum::extract::DefaultBodyLimit::max(state.limits.max_body_bytes);
    Router::new()
        .merge(games::router())
        .merge(players::router())
        .merge(config::router())
        .merge(assets::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(body_limit)
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(middleware::map_response(common_headers))
        .with_state(state)
}

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight.
///
/// # Errors
/// When accepting connections fails.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, never stop through it.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
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
        Err(_) => ApiError::Timeout.into_response(),
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
