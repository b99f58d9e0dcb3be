//! `GET /api/analysis/graph?rows=15&cols=15&k=5&rule=freestyle&moves=7.7,7.8,...`: X's
//! chance after each number of a game's moves (moves as `row.col`, 0-based, X first), for the
//! evaluation graph, as server-sent events: a `point` a position (`ply`, `x` from 0 to 1,
//! `proven` where a win is proven, `best` the engine's move), from the start to the last
//! move, then `done`. Each position gets a short look, the solver's then the engine's:
//! together they take at most `--analysis-time`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use tokio_stream::wrappers::UnboundedReceiverStream;
use ttt_ai::{best_lines, proven_lines, Limits, Solver, StopFlag};
use ttt_core::{Cell, Position, Rule};

use super::search::{dims_of, query_error, rule_of, send, thread_for, x_chance, Kind, Sender};
use crate::client::Client;
use crate::error::ApiError;
use crate::state::AppState;

/// The most time one position of the graph gets.
const MOST_A_POSITION: Duration = Duration::from_millis(300);

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

#[derive(Debug, Deserialize)]
pub(crate) struct GraphQuery {
    rows: usize,
    cols: usize,
    k: Option<usize>,
    rule: Option<String>,
    /// `row.col` a move, 0-based, separated by commas.
    #[serde(default)]
    moves: String,
}

/// A `point` event.
#[derive(Debug, Serialize)]
struct Point {
    ply: usize,
    x: f64,
    proven: bool,
    best: Option<Cell>,
}

/// The positions of the game a query names: the start, and after each of its moves.
fn positions_of(q: &GraphQuery, state: &AppState) -> Result<Vec<Position>, ApiError> {
    let dims = dims_of(q.rows, q.cols, q.k, &state.limits)?;
    let rule = rule_of(q.rule.as_deref())?;
    let mut pos =
        Position::with_rule(dims, rule).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let mut all = vec![pos];
    for (i, text) in q.moves.split(',').filter(|m| !m.is_empty()).enumerate() {
        let bad = |why: String| ApiError::BadRequest(format!("move {}: {text:?}: {why}", i + 1));
        let (row, col) = text
            .split_once('.')
            .ok_or_else(|| bad("not row.col".into()))?;
        let (row, col) = (
            row.parse::<u8>().map_err(|e| bad(e.to_string()))?,
            col.parse::<u8>().map_err(|e| bad(e.to_string()))?,
        );
        pos = pos
            .play(Cell::new(row, col))
            .map_err(|e| bad(e.to_string()))?;
        all.push(pos);
    }
    Ok(all)
}

/// `GET /api/analysis/graph`.
pub(crate) async fn graph(
    State(state): State<AppState>,
    Client(client): Client,
    query: Result<Query<GraphQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) = query.map_err(|e| query_error(&e))?;
    let positions = positions_of(&q, &state)?;
    let slot = Arc::clone(&state.streams)
        .try_acquire_owned()
        .map_err(|_| {
            ApiError::Unavailable(format!(
            "{} live-update streams are open on this server, the most it allows: try again later",
            state.limits.max_streams
        ))
        })?;
    let running = state.analyses.start(client, Kind::Graph);
    let stop = running.stop.clone();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let each = (state.limits.board_analysis_time
        / u32::try_from(positions.len()).unwrap_or(u32::MAX))
    .min(MOST_A_POSITION);
    let threads = Arc::clone(&state.analysis_threads);
    let metrics = Arc::clone(&state.metrics);
    tokio::spawn(async move {
        let Some(permit) = thread_for(&threads, &tx).await else {
            return;
        };
        let _ = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let started = Instant::now();
            points(&positions, each, &stop, &tx);
            metrics.thought(started.elapsed());
        })
        .await;
    });
    let events = UnboundedReceiverStream::new(rx).map(move |event| {
        let _alive = (&running, &slot);
        Ok(event)
    });
    let events = events.take_until(state.stopping());
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

/// Sends each position's point, `each` long a search, then `done`: the solver's proven value
/// where it settles the position within half the time, else the engine's best line's chance.
fn points(positions: &[Position], each: Duration, stop: &StopFlag, tx: &Sender) {
    for (ply, pos) in positions.iter().enumerate() {
        if stop.is_raised() {
            return;
        }
        let point = if pos.is_over() {
            Point {
                ply,
                x: x_chance(pos, None),
                proven: true,
                best: None,
            }
        } else {
            evaluate(ply, pos, each, stop)
        };
        if !send(tx, "point", &point) {
            return;
        }
    }
    send(tx, "done", &serde_json::json!({"points": positions.len()}));
}

/// The point of a position in progress.
fn evaluate(ply: usize, pos: &Position, each: Duration, stop: &StopFlag) -> Point {
    if pos.rule() != Rule::Renju {
        let a = Solver::new(pos).time_limit(each / 2).threads(1).analyze();
        if let Some(best) = proven_lines(&a, 1).into_iter().next() {
            return Point {
                ply,
                x: x_chance(pos, Some(&best)),
                proven: true,
                best: Some(best.cell),
            };
        }
    }
    let limits = Limits::none().within(each / 2).with_stop(stop.clone());
    let best = best_lines(pos, 1, limits, |_| {}).into_iter().next();
    Point {
        ply,
        x: (x_chance(pos, best.as_ref()) * 1000.0).round() / 1000.0,
        proven: best.as_ref().is_some_and(|l| l.value.proven()),
        best: best.as_ref().map(|l| l.cell),
    }
}
