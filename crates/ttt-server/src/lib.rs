//! The web game behind `ttt serve`: one page and a JSON API, served by axum.
//!
//! The page is a thin view: the server holds every game, in the same [`Store`](ttt_store::Store) as the
//! console game, move by move (so games survive a restart); checks every move with
//! `ttt-core` under the game's rule; plays the computer's moves through `ttt-play`'s seats and
//! movers (off the async executor); and sends every change to whoever watches the game, live.
//!
//! | route | what it does |
//! | --- | --- |
//! | `GET /` (and `/app.js`, `/style.css`, ...; `/join/{code}`, `/games/{id}`) | the page, embedded in the binary |
//! | `POST /api/games` | a new game; the computer's moves are made if it starts; with a `{"kind": "friend"}` player, the host's seat token and the invitation link |
//! | `GET /api/join/{code}` | who invites, to which board, and whether the seat is still open |
//! | `POST /api/join/{code}` | `{"name"}`: the invited friend takes the seat, and gets its token |
//! | `GET /api/games/{id}` | a game's state (and, for the host's token, the invitation link until the friend joins) |
//! | `GET /api/games/{id}/events` | the state as server-sent events, on connect and after every change |
//! | `POST /api/games/{id}/opening` | an opening's step (swap, swap2): `{"place": [cells]}` or `{"choose": "take_x" \| "take_o" \| "place_two"}` |
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

mod accounts;
mod analysis_board;
mod app;
mod assets;
mod client;
mod cluster;
mod config;
mod error;
mod fair_use;
mod files;
mod games;
mod health;
mod hub;
mod json;
mod limits;
mod lobby;
mod metrics;
mod observe;
mod open_files;
mod origin;
mod players;
mod scrape;
mod seats;
mod secrets;
mod serve;
mod state;
mod view;

pub use accounts::claims::{new_claim, CLAIM_TTL};
pub use accounts::operator::reset_password;
pub use accounts::NAME_HOLD;
pub use app::app;
pub use config::DEFAULT_LEVEL;
pub use error::ApiError;
pub use games::clocks::check_clocks;
pub use json::Json;
pub use limits::Limits;
pub use scrape::serve_metrics;
pub use serve::{serve, shutdown_signal};
pub use state::{AppState, Engines};
pub use ttt_pbrain::manager::EngineSpec;
