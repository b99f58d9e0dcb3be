//! `GET /api/analysis/graph?rows=15&cols=15&k=5&rule=freestyle&moves=7.7,7.8,...`: X's
//! chance after each number of a game's moves (moves as `row.col`, 0-based, X first), for the
//! evaluation graph, as server-sent events: a `point` a position (`ply`, `x` from 0 to 1,
//! `proven` where a win is proven, `best` the engine's move), from the start to the last
//! move, then `done`. Each position gets a short look, the solver's then the engine's:
//! together they take at most `--analysis-time`.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, Sse};
use futures_util::stream::Stream;
use serde::{Deserialize, Serialize};
use ttt_ai::{best_lines, proven_lines, Limits, Solver, StopFlag};
use ttt_core::{Cell, Position, Rule};

use super::run::search_stream;
use super::search::{dims_of, query_error, rule_of, send, x_chance, Kind, Sender};
use crate::client::Client;
use crate::error::ApiError;
use crate::state::AppState;

/// The most time one position of the graph gets.
const MOST_A_POSITION: Duration = Duration::from_millis(300);

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
    let each = (state.limits.board_analysis_time
        / u32::try_from(positions.len()).unwrap_or(u32::MAX))
    .min(MOST_A_POSITION);
    search_stream(&state, client, Kind::Graph, &|_| true, move |stop, tx| {
        points(&positions, each, stop, tx)
    })
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
