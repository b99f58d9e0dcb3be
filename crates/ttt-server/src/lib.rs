//! The web game behind `ttt serve`: one page and a JSON API, served by axum.
//!
//! The page is a thin view: the server holds every game, in the same [`Store`] as the
//! console game, move by move (so games survive a restart); checks every move with
//! `ttt-core`; plays the computer's moves with `ttt-ai` (off the async executor); and sends
//! every change to whoever watches the game, live.
//!
//! | route | what it does |
//! | --- | --- |
//! | `GET /` (and `/app.js`, `/style.css`, ...; `/join/{code}`, `/games/{id}`) | the page, embedded in the binary |
//! | `POST /api/games` | a new game; the computer's moves are made if it starts; with a `{"kind": "friend"}` player, the host's seat token and the invitation link |
//! | `GET /api/join/{code}` | who invites, to which board, and whether the seat is still open |
//! | `POST /api/join/{code}` | `{"name"}`: the invited friend takes the seat, and gets its token |
//! | `GET /api/games/{id}` | a game's state (and, for the host's token, the invitation link until the friend joins) |
//! | `GET /api/games/{id}/events` | the state as server-sent events, on connect and after every change |
//! | `POST /api/games/{id}/moves` | a move `{"row", "col"}` and the computer's reply |
//! | `POST /api/games/{id}/takeback` | undo the last move (and the computer's reply), or ask the friend |
//! | `POST /api/games/{id}/takeback/answer` | `{"accept": true or false}` to a friend's takeback |
//! | `POST /api/games/{id}/hint` | the best move for the player to move, and what it leads to |
//! | `GET /api/games/{id}/analysis` | `?ply=N`: every empty cell's value after the first N moves |
//! | `POST /api/games/{id}/rematch` | a new game with the marks swapped |
//! | `GET /api/players` | the leaderboard, best first |
//! | `GET /api/players/{name}` | one player's wins, losses and ties |
//! | `GET /api/config` | what a client may choose from: limits, computer levels, the operator's engines, presets ([`ttt_core::Preset`]) |
//! | `GET /healthz` | 200 while the process runs (liveness) |
//! | `GET /readyz` | 200 when the server takes requests and its database answers; 503 once it shuts down or while the database is out of reach (for a load balancer) |
//!
//! A game with a friend invited by link gives each player a secret seat token; a move,
//! takeback, answer, hint or rematch for such a seat names it with `Authorization: Bearer
//! TOKEN`. Anyone else with the game's link watches.
//!
//! Errors are `{"error": "..."}` with 400 (malformed request, or beyond the [`Limits`]), 401
//! (a seat's token is needed), 403 (a token that is not one of the game's seats, or the asker
//! answering its own takeback), 404 (unknown game, invitation or player), 409 (not your turn,
//! whoever's it is; the game is over, a seat already taken, or the game changed meanwhile), 410 (an expired invitation), 413 (body too large), 422 (a cell that is taken
//! or off the board), 503 (too slow) and 500 (our fault; details go to the log, not to the
//! client).
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
mod cluster;
mod config;
mod error;
mod fair_use;
mod games;
mod health;
mod hub;
mod json;
mod players;
mod seats;
mod serve;
mod view;

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use ttt_store::Store;

pub use config::DEFAULT_LEVEL;
pub use error::ApiError;
pub use json::Json;
pub use serve::{serve, shutdown_signal};
pub use ttt_pbrain::manager::EngineSpec;

use hub::Hub;

/// What the server allows, so that no client can take unbounded memory or time, or crowd
/// out the others. Every one can be set from `ttt serve`'s options.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The most connections open at once; more wait in the system's queue until one closes.
    /// Keep it below the process's limit of open files (`ulimit -n`).
    pub max_connections: usize,
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may wait idle for its next request.
    pub header_timeout: Duration,
    /// How long a shutdown waits for the requests in flight before cutting them off.
    pub shutdown_grace: Duration,
    /// New games (and joins and rematches) a client may start a minute; 0 for no limit.
    pub games_per_minute: u32,
    /// Moves (and takebacks, hints and analyses) a client may ask for a minute; 0 for no
    /// limit.
    pub moves_per_minute: u32,
    /// Tell clients apart by the last address in `X-Forwarded-For`: only behind a proxy
    /// that sets it (otherwise any client could claim any address).
    pub trust_forwarded_for: bool,
    /// The most games kept at once. When full, finished and idle games make room; if none
    /// can, a new game is refused with 503 (the games being played are never dropped).
    pub max_games: usize,
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
    /// How long a hint may take to find (at full strength).
    pub hint_time: Duration,
    /// How long the analysis of one position may take.
    pub analysis_time: Duration,
    /// How long an invitation to a friend's seat stays open.
    pub invite_ttl: Duration,
    /// A game nobody has played or changed for this long is removed (a finished game stays
    /// recorded).
    pub game_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(10),
            games_per_minute: 60,
            moves_per_minute: 600,
            trust_forwarded_for: false,
            max_games: 100_000,
            max_side: 19,
            max_body_bytes: 8 * 1024,
            request_timeout: Duration::from_secs(30),
            thinking_time: Duration::from_secs(1),
            thinking_budget: Duration::from_secs(3),
            hint_time: Duration::from_secs(2),
            analysis_time: Duration::from_secs(2),
            invite_ttl: Duration::from_secs(24 * 60 * 60),
            game_ttl: Duration::from_secs(6 * 60 * 60),
        }
    }
}

/// Everything the handlers share: the store, who watches which game, and the limits.
#[derive(Clone)]
pub struct AppState {
    store: Arc<dyn Store>,
    hub: Arc<Hub>,
    limits: Arc<Limits>,
    /// One permit per CPU: computer searches wait their turn instead of crowding the machine.
    searches: Arc<tokio::sync::Semaphore>,
    /// Games whose computer's move this server is thinking about now.
    thinking: Arc<Mutex<HashSet<String>>>,
    fair_use: Arc<fair_use::FairUse>,
    /// Raised when the server begins to shut down: live-update streams end.
    stopping: tokio::sync::watch::Sender<bool>,
    /// How many games the store keeps, as last counted.
    games_kept: Arc<GameCount>,
    /// This server among those sharing the store: a random name, new at every start.
    server_id: Arc<str>,
    /// The outside programs the operator offers as players, by name.
    engines: Arc<Engines>,
}

/// Outside programs offered as players, by the name the page shows: only the operator
/// names them (`ttt serve --engine NAME=PATH`), never a client. Each move of theirs runs
/// the program afresh, told the whole position, with the server's thinking time a move.
pub type Engines = BTreeMap<String, ttt_pbrain::manager::EngineSpec>;

/// How long a count of the games kept stands in for counting again.
const COUNT_FOR: Duration = Duration::from_secs(1);

/// The number of games the store keeps, as last counted, plus the games this server created
/// since: good for [`COUNT_FOR`]. (Other servers' games show at the next count.)
#[derive(Default)]
pub(crate) struct GameCount(Mutex<Option<(usize, std::time::Instant)>>);

impl GameCount {
    /// The number, unless the count is too old.
    pub(crate) fn estimate(&self) -> Option<usize> {
        lock(&self.0).and_then(|(n, at)| (at.elapsed() < COUNT_FOR).then_some(n))
    }

    pub(crate) fn counted(&self, n: usize) {
        *lock(&self.0) = Some((n, std::time::Instant::now()));
    }

    pub(crate) fn created(&self) {
        if let Some((n, _)) = lock(&self.0).as_mut() {
            *n += 1;
        }
    }
}

/// This server's claim to think for a game's computer; let go when dropped.
pub(crate) struct Thinking {
    games: Arc<Mutex<HashSet<String>>>,
    id: String,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        lock(&self.games).remove(&self.id);
    }
}

/// A lock whose data a panic cannot leave half-changed (one set operation at a time).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl AppState {
    /// State over `store` (shared with the console game) with these limits.
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> AppState {
        AppState {
            hub: Arc::new(Hub::default()),
            store,
            searches: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, usize::from),
            )),
            thinking: Arc::new(Mutex::new(HashSet::new())),
            fair_use: Arc::new(fair_use::FairUse::new(&limits)),
            stopping: tokio::sync::watch::channel(false).0,
            games_kept: Arc::default(),
            server_id: seats::new_secret().map_or_else(
                |_| Arc::from(format!("{:x}", std::process::id())),
                |s| Arc::from(&s[..16]),
            ),
            limits: Arc::new(limits),
            engines: Arc::default(),
        }
    }

    /// The same state, offering these outside programs as players.
    #[must_use]
    pub fn with_engines(mut self, engines: Engines) -> AppState {
        self.engines = Arc::new(engines);
        self
    }

    /// Ends the live-update streams: a shutdown must not wait for them.
    fn begin_shutdown(&self) {
        self.stopping.send_replace(true);
    }

    /// Whether the server has begun to shut down.
    pub(crate) fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Completes when the server begins to shut down.
    pub(crate) fn stopping(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.stopping.subscribe();
        async move {
            let _ = rx.wait_for(|&stopping| stopping).await;
        }
    }

    /// Claims the thinking for game `id`'s computer, unless another task of this server has.
    pub(crate) fn claim_thinking(&self, id: &str) -> Option<Thinking> {
        lock(&self.thinking)
            .insert(id.to_string())
            .then(|| Thinking {
                games: Arc::clone(&self.thinking),
                id: id.to_string(),
            })
    }

    /// Runs a search on the blocking pool, at most one per CPU at a time.
    async fn think<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = self
            .searches
            .clone()
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        Ok(tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await?)
    }

    /// Removes the games nobody has touched for `idle`, and the finished ones last changed
    /// `finished` ago; how many went.
    async fn remove_stale_games(
        &self,
        idle: Duration,
        finished: Duration,
    ) -> Result<usize, ApiError> {
        let ago = |d: Duration| {
            ttt_store::unix_now().saturating_sub(i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        };
        // Zero means every finished game, even one saved this very second.
        let finished_before = if finished.is_zero() {
            i64::MAX
        } else {
            ago(finished)
        };
        let idle_before = ago(idle);
        self.with_store(move |s| s.remove_stale_live_games(idle_before, finished_before))
            .await
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
        .merge(health::router())
        .merge(assets::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(body_limit)
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            fair_use::limit,
        ))
        .layer(middleware::map_response(common_headers))
        .with_state(state)
}

/// How often stale games and quiet clients are looked for.
const CLEAN_EVERY: Duration = Duration::from_secs(60);

/// How long a finished game stays, for its players to look at it and ask for a rematch.
const KEEP_FINISHED: Duration = Duration::from_secs(60 * 60);

/// Removes stale games every [`CLEAN_EVERY`], for as long as the server runs, and forgets
/// the clients the rate limits no longer need to remember.
async fn remove_stale_games(state: AppState) {
    let mut every = tokio::time::interval(CLEAN_EVERY);
    loop {
        every.tick().await;
        match state
            .remove_stale_games(state.limits.game_ttl, KEEP_FINISHED)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!("removed {n} stale games"),
            Err(e) => tracing::warn!("removing stale games: {e}"),
        }
        state.fair_use.forget_quiet_clients();
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
