//! `/api/games`: starting games, reading them, and playing moves.
//!
//! A turn is worked out in its own task, so a client that hangs up or a request that times
//! out never leaves a game half-played: the human's move, the computer's replies and the
//! recording of a finished game all complete. The game's lock is not held while the computer
//! thinks; meanwhile the game says whose turn it is (the computer's), so a move sent then is
//! refused with 409 and a read shows the state so far.

use std::time::Instant;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use ttt_ai::Level;
use ttt_core::{ByPlayer, Cell, Dims, PlayError};

use crate::game::{Game, GameView, Seat};
use crate::live::{new_game_id, SharedGame};
use crate::players::check_name;
use crate::{ApiError, AppState, Json, Limits, DEFAULT_LEVEL};

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/moves", post(play))
}

fn three() -> usize {
    3
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameRequest {
    #[serde(default = "three")]
    rows: usize,
    #[serde(default = "three")]
    cols: usize,
    #[serde(default = "three")]
    k: usize,
    players: Vec<SeatRequest>,
}

/// One player of a new game.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SeatRequest {
    Human { name: String },
    Computer { level: Option<String> },
}

/// `POST /api/games/{id}/moves`: 0-based row and column. Signed so that a negative number is
/// "off the board" (422) rather than a malformed body.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    row: i64,
    col: i64,
}

async fn create(
    State(state): State<AppState>,
    Json(request): Json<NewGameRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let dims = check_dims(&request, &state.limits)?;
    let players = check_players(request.players)?;
    // A broken database shows up before anyone plays. A newcomer is saved with the first
    // finished game, not before: games left unfinished leave no empty rows in the
    // leaderboard.
    for seat in [&players.x, &players.o] {
        if let Seat::Human { name } = seat {
            let name = name.clone();
            state.with_store(move |s| s.player(&name)).await?;
        }
    }
    let id = new_game_id().map_err(ApiError::internal)?;
    let game = state.games.insert(Game::new(id, dims, players));
    let view = run_turn(state, game, None).await?;
    let location = format!("/api/games/{}", view.id());
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(view),
    ))
}

async fn show(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let game = find(&state, id?)?;
    Ok(Json(run_turn(state, game, None).await?))
}

async fn play(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    Json(request): Json<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    let game = find(&state, id?)?;
    Ok(Json(run_turn(state, game, Some(request)).await?))
}

fn find(state: &AppState, Path(id): Path<String>) -> Result<SharedGame, ApiError> {
    state.games.get(&id).ok_or_else(|| {
        ApiError::NotFound(format!(
            "there is no game {id:?} (games are kept for a few hours after their last move)"
        ))
    })
}

fn check_dims(request: &NewGameRequest, limits: &Limits) -> Result<Dims, ApiError> {
    let (rows, cols, k) = (request.rows, request.cols, request.k);
    let max = limits.max_side;
    if !(1..=max).contains(&rows) || !(1..=max).contains(&cols) {
        return Err(ApiError::BadRequest(format!(
            "a board of {rows} rows by {cols} columns is not offered here: rows and columns must each be between 1 and {max}"
        )));
    }
    Dims::new(rows, cols, k).map_err(|e| ApiError::BadRequest(e.to_string()))
}

fn check_players(seats: Vec<SeatRequest>) -> Result<ByPlayer<Seat>, ApiError> {
    let [x, o]: [SeatRequest; 2] = seats.try_into().map_err(|seats: Vec<_>| {
        ApiError::BadRequest(format!(
            "a game needs exactly two players (X first, then O), not {}",
            seats.len()
        ))
    })?;
    let seat = |request: SeatRequest| -> Result<Seat, ApiError> {
        match request {
            SeatRequest::Human { name } => Ok(Seat::Human {
                name: check_name(&name)?,
            }),
            SeatRequest::Computer { level } => {
                let level = match level {
                    Some(level) => level
                        .parse::<Level>()
                        .map_err(|e| ApiError::BadRequest(e.to_string()))?,
                    None => DEFAULT_LEVEL,
                };
                Ok(Seat::Computer { level })
            }
        }
    };
    let players = ByPlayer {
        x: seat(x)?,
        o: seat(o)?,
    };
    if let (Seat::Human { name: a }, Seat::Human { name: b }) = (&players.x, &players.o) {
        if a == b {
            return Err(ApiError::BadRequest(format!(
                "both players are called {a:?}: give them different names"
            )));
        }
    }
    Ok(players)
}

/// Plays a turn to its end in a task of its own: the human's move if any, every computer
/// move that follows, and the recording of a finished game. Also used by reads, so a game
/// left with the computer to move (its task failed) is picked up again.
async fn run_turn(
    state: AppState,
    game: SharedGame,
    human: Option<MoveRequest>,
) -> Result<GameView, ApiError> {
    tokio::spawn(turn(state, game, human)).await?
}

async fn turn(
    state: AppState,
    shared: SharedGame,
    human: Option<MoveRequest>,
) -> Result<GameView, ApiError> {
    {
        let mut game = shared.lock().await;
        if let Some(request) = human {
            play_human(&mut game, request)?;
        }
        if game.thinking {
            // Another task is making the computer's moves; report the state so far.
            return Ok(game.view());
        }
        if !matches!(game.seat_to_move(), Some(Seat::Computer { .. })) {
            finish(&state, &mut game).await?;
            return Ok(game.view());
        }
        game.thinking = true;
    }
    let played = computer_moves(&state, &shared).await;
    let mut game = shared.lock().await;
    game.thinking = false;
    played?;
    finish(&state, &mut game).await?;
    Ok(game.view())
}

fn play_human(game: &mut Game, MoveRequest { row, col }: MoveRequest) -> Result<(), ApiError> {
    match game.seat_to_move() {
        None => return Err(ApiError::Conflict("the game is over".into())),
        Some(Seat::Computer { .. }) => {
            return Err(ApiError::Conflict(
                "it is not a human's turn: the computer is to move".into(),
            ))
        }
        Some(Seat::Human { .. }) => {}
    }
    let dims = game.position().dims();
    let inside = |v: i64, n: usize| usize::try_from(v).is_ok_and(|v| v < n);
    if !inside(row, dims.rows()) || !inside(col, dims.cols()) {
        return Err(ApiError::Unprocessable(format!(
            "row {row}, column {col} is off the board: rows go from 0 to {} and columns from 0 to {}",
            dims.rows() - 1,
            dims.cols() - 1
        )));
    }
    // In range of a board side, so within u8.
    let cell = Cell::new(row as u8, col as u8);
    game.play(cell).map_err(|e| match e {
        PlayError::Occupied(_) => {
            ApiError::Unprocessable(format!("row {row}, column {col} is already taken"))
        }
        PlayError::OffBoard(_) => {
            ApiError::Unprocessable(format!("row {row}, column {col} is off the board"))
        }
        PlayError::GameOver => ApiError::Conflict("the game is over".into()),
    })
}

/// Makes computer moves until a human is to move, the game is over, or this request's
/// thinking budget is spent (between two computers; the next read goes on from there). Each
/// search runs on the blocking pool, at most one per CPU at a time.
async fn computer_moves(state: &AppState, shared: &SharedGame) -> Result<(), ApiError> {
    let limits = &state.limits;
    let deadline = Instant::now() + limits.thinking_budget;
    let mut first = true;
    loop {
        let (pos, level) = {
            let game = shared.lock().await;
            let Some(Seat::Computer { level }) = game.seat_to_move() else {
                return Ok(());
            };
            (game.position(), *level)
        };
        if !first && Instant::now() >= deadline {
            return Ok(());
        }
        first = false;
        let seed = getrandom::u64().map_err(ApiError::internal)?;
        let time = limits.thinking_time;
        let permit = state
            .searches
            .clone()
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        let decision = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            ttt_ai::new_player(level, Some(seed), time).choose(&pos)
        })
        .await?
        .ok_or_else(|| ApiError::internal("a computer player found no move in a game not over"))?;
        let mut game = shared.lock().await;
        game.play(decision.cell)
            .map_err(|e| ApiError::internal(format!("a computer player chose a bad move: {e}")))?;
    }
}

/// Records a finished game once.
async fn finish(state: &AppState, game: &mut Game) -> Result<(), ApiError> {
    if game.recorded {
        return Ok(());
    }
    let Some(record) = game.record() else {
        return Ok(());
    };
    state.with_store(move |s| s.record_game(&record)).await?;
    game.recorded = true;
    Ok(())
}
