//! The one state every handler shares: the store, who watches which game, the limits, the
//! searches running, this server's claims to think for games, and the clients' rates. Also
//! the bridge to the store (its calls block, so they run on the blocking pool) and the
//! housekeeping that removes stale games.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ttt_store::Store;

use crate::accounts::throttle::Throttle;
use crate::analysis_board::Analyses;
use crate::error::ApiError;
use crate::fair_use::FairUse;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::lobby::Lobby;
use crate::metrics::Metrics;
use crate::secrets::new_secret;

/// Everything the handlers share: the store, who watches which game, and the limits.
#[derive(Clone)]
pub struct AppState {
    store: Arc<dyn Store>,
    pub(crate) hub: Arc<Hub>,
    pub(crate) limits: Arc<Limits>,
    /// One permit per CPU: computer searches wait their turn instead of crowding the machine.
    searches: Arc<tokio::sync::Semaphore>,
    /// One permit per request at work ([`Limits::max_connections`]); the live-update
    /// streams are counted apart ([`Limits::max_streams`]).
    pub(crate) at_work: Arc<tokio::sync::Semaphore>,
    /// One permit per live-update stream open ([`Limits::max_streams`]).
    pub(crate) streams: Arc<tokio::sync::Semaphore>,
    /// Games whose computer's move this server is thinking about now.
    thinking: Arc<Mutex<HashSet<String>>>,
    pub(crate) fair_use: Arc<FairUse>,
    /// Raised when the server begins to shut down: live-update streams end.
    stopping: tokio::sync::watch::Sender<bool>,
    /// How many games the store keeps, as last counted.
    pub(crate) games_kept: Arc<GameCount>,
    /// This server among those sharing the store: a random name, new at every start.
    pub(crate) server_id: Arc<str>,
    /// The outside programs the operator offers as players, by name.
    pub(crate) engines: Arc<Engines>,
    /// Failed sign-ins, by name and by client.
    pub(crate) sign_ins: Arc<Throttle>,
    /// The address the players reach the server at (`ttt serve --public-url`), if given:
    /// the origin requests must come from, and whether cookies are `Secure`.
    pub(crate) public_url: Option<Arc<str>>,
    /// What `/metrics` shows.
    pub(crate) metrics: Arc<Metrics>,
    /// The analysis board's searches running, one of each kind a client.
    pub(crate) analyses: Arc<Analyses>,
    /// One permit per analysis-board search at once ([`Limits::board_analysis_threads`]).
    pub(crate) analysis_threads: Arc<tokio::sync::Semaphore>,
    /// How far this server's clock has been moved forward ([`AppState::advance_clock`]), in
    /// milliseconds.
    clock_ahead: Arc<std::sync::atomic::AtomicI64>,
    /// The lobby's open seeks as last read, and its pages' updates.
    pub(crate) lobby: Arc<Lobby>,
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
            at_work: Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1))),
            streams: Arc::new(tokio::sync::Semaphore::new(limits.max_streams.max(1))),
            analyses: Arc::default(),
            clock_ahead: Arc::default(),
            lobby: Arc::default(),
            analysis_threads: Arc::new(tokio::sync::Semaphore::new(
                limits.board_analysis_threads.max(1),
            )),
            fair_use: Arc::new(FairUse::new(&limits)),
            stopping: tokio::sync::watch::channel(false).0,
            games_kept: Arc::default(),
            server_id: new_secret().map_or_else(
                |_| Arc::from(format!("{:x}", std::process::id())),
                |s| Arc::from(&s[..16]),
            ),
            limits: Arc::new(limits),
            engines: Arc::default(),
            sign_ins: Arc::default(),
            public_url: None,
            metrics: Arc::default(),
        }
    }

    /// The same state, for players who reach it at `url` (`https://ttt.example.org`): the
    /// only origin whose signed-in requests are taken, and, when it is https, sessions'
    /// cookies are `Secure`.
    #[must_use]
    pub fn with_public_url(mut self, url: &str) -> AppState {
        self.public_url = Some(Arc::from(url.trim_end_matches('/')));
        self
    }

    /// The time the players' clocks go by, in milliseconds since the Unix epoch: the
    /// system's, moved forward by [`AppState::advance_clock`].
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        let system = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        system.saturating_add(self.clock_ahead.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Moves the players' clocks forward by `by`, as if that much time had passed: how the
    /// tests reach the end of a correspondence game's days without waiting for them.
    pub fn advance_clock(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.clock_ahead
            .fetch_add(ms, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether session cookies are sent only over https.
    pub(crate) fn secure_cookies(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
    }

    /// The same state, offering these outside programs as players.
    #[must_use]
    pub fn with_engines(mut self, engines: Engines) -> AppState {
        self.engines = Arc::new(engines);
        self
    }

    /// Ends the live-update streams: a shutdown must not wait for them.
    pub(crate) fn begin_shutdown(&self) {
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

    /// Runs a search on the blocking pool, at most one per CPU at a time: the one way the
    /// server thinks (a computer's move, an outside program's, a hint, an analysis).
    pub(crate) async fn think<T, F>(&self, f: F) -> Result<T, ApiError>
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
        let metrics = Arc::clone(&self.metrics);
        Ok(tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let start = std::time::Instant::now();
            let found = f();
            metrics.thought(start.elapsed());
            found
        })
        .await?)
    }

    /// The store's pool connections, in use and idle, where it has a pool.
    pub(crate) fn store_pool(&self) -> Option<(usize, usize)> {
        self.store.pool_connections()
    }

    /// Removes the games nobody has touched for `idle`, and the finished ones last changed
    /// `finished` ago; how many went.
    pub(crate) async fn remove_stale_games(
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
    pub(crate) async fn with_store<T, F>(&self, f: F) -> Result<T, ApiError>
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

/// How often stale games and quiet clients are looked for.
const CLEAN_EVERY: Duration = Duration::from_secs(60);

/// How long a finished game stays, for its players to look at it and ask for a rematch.
const KEEP_FINISHED: Duration = Duration::from_secs(60 * 60);

/// Removes stale games every [`CLEAN_EVERY`], for as long as the server runs, and forgets
/// the clients the rate limits no longer need to remember.
pub(crate) async fn keep_tidy(state: AppState) {
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
        state.sign_ins.forget_old(std::time::Instant::now());
    }
}
