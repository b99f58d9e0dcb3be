//! `GET /api/analysis/stream?position=X.O/...&k=5&rule=renju&lines=3`: the engine thinks
//! about the position (any a game can reach: X as many marks as O, or one more) and streams
//! what it finds, as server-sent events:
//! - `position` first: `to_move`, `status`, `forbidden` (X's forbidden points under renju)
//!   and `winning_line`;
//! - `waiting` while every analysis thread is busy;
//! - `lines` after every round of the search, each round twice as long as the one before
//!   and so deeper: `lines` (best first, as [`LineView`]), `depth`, `nodes`,
//!   `nodes_per_second`, `elapsed_ms`, and `complete` (false while the first round's lines
//!   arrive one by one);
//! - `done` at the end: `reason` is `time` (`--analysis-time` spent), `settled` (every line
//!   proven), `complete` (the search has seen all it can: a small board) or `over` (the game
//!   is over: nothing to search).
//!
//! The solver looks first: where it proves moves, they are the first lines (all of them on a
//! board it settles). A set of lines the same as the last one sent is not sent again.

use std::convert::Infallible;
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, Sse};
use futures_util::stream::Stream;
use serde::{Deserialize, Serialize};
use ttt_ai::{all_proven, best_lines, merged, proven_lines, Limits, Line, Solver, StopFlag};
use ttt_core::{Cell, Position, Rule, Setup};

use super::run::search_stream;
use super::search::{dims_of, query_error, rule_of, send, Kind, LineView, Sender, MAX_LINES};
use crate::client::Client;
use crate::error::ApiError;
use crate::state::AppState;

/// The first round's time; each next round has twice the one before.
const FIRST_ROUND: Duration = Duration::from_millis(250);

#[derive(Debug, Deserialize)]
pub(crate) struct StreamQuery {
    /// Rows top to bottom separated by `/`, cells `X`, `O` or `.`.
    position: String,
    k: Option<usize>,
    rule: Option<String>,
    /// How many lines (default 3, at most [`MAX_LINES`]).
    lines: Option<usize>,
}

/// The `position` event.
#[derive(Debug, Serialize)]
struct PositionView {
    to_move: Option<ttt_core::Player>,
    status: &'static str,
    forbidden: Vec<Cell>,
    winning_line: Vec<Cell>,
}

/// A `lines` event.
#[derive(Debug, Serialize)]
struct LinesView {
    lines: Vec<LineView>,
    depth: u32,
    nodes: u64,
    nodes_per_second: u64,
    elapsed_ms: u64,
    complete: bool,
}

/// The position a query names, checked against the server's limits and the rule.
fn position_of(q: &StreamQuery, state: &AppState) -> Result<Position, ApiError> {
    let setup = Setup::from_notation(&q.position)
        .map_err(|e| ApiError::BadRequest(format!("position: {e}")))?;
    let dims = dims_of(setup.rows(), setup.cols(), q.k, &state.limits)?;
    let rule = rule_of(q.rule.as_deref())?;
    Position::from_setup_under(&setup, dims.k(), rule)
        .map_err(|e| ApiError::BadRequest(format!("position: {e}")))
}

/// `GET /api/analysis/stream`.
pub(crate) async fn stream(
    State(state): State<AppState>,
    Client(client): Client,
    query: Result<Query<StreamQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) = query.map_err(|e| query_error(&e))?;
    let pos = position_of(&q, &state)?;
    let n = q.lines.unwrap_or(3);
    if !(1..=MAX_LINES).contains(&n) {
        return Err(ApiError::BadRequest(format!(
            "lines: {n} is not from 1 to {MAX_LINES}"
        )));
    }
    let time = state.limits.board_analysis_time;
    search_stream(
        &state,
        client,
        Kind::Stream,
        &|tx| {
            send(
                tx,
                "position",
                &PositionView {
                    to_move: (!pos.is_over()).then(|| pos.turn()),
                    status: pos.outcome().status(),
                    forbidden: pos.forbidden_cells().into_iter().map(|(c, _)| c).collect(),
                    winning_line: pos.winning_cells(),
                },
            );
            if pos.is_over() {
                done(tx, "over", Instant::now());
            }
            !pos.is_over()
        },
        move |stop, tx| think(&pos, n, time, stop, tx),
    )
}

/// The most the solver gets before the engine's rounds begin: enough to settle the small
/// boards, little on the big ones, where it only finds wins by threats.
const SOLVER_MOST: Duration = Duration::from_secs(2);

/// Boards with more empty cells than this are big: the solver gets only a glance.
const BIG_BOARD_CELLS: usize = 64;
const SOLVER_ON_BIG_BOARDS: Duration = Duration::from_millis(250);

/// Thinks about `pos`: first the solver, whose proven moves come first (and are all the lines
/// where it settles every move); then the engine in rounds of doubling time until `time` is
/// spent, every line is proven, the search has nothing more to find, the client goes, or
/// `stop` is raised. Sends each new set of lines, then `done`.
fn think(pos: &Position, n: usize, time: Duration, stop: &StopFlag, tx: &Sender) {
    let started = Instant::now();
    let deadline = started + time;
    let mut progress = Progress {
        started,
        nodes: 0,
        depth: 0,
        sent: None,
    };
    let proven = if pos.rule() == Rule::Renju {
        Vec::new()
    } else {
        // On a big board the solver settles nothing but wins by threats, found quickly.
        let empty = pos.dims().cells() - pos.ply();
        let solver_time = if empty > BIG_BOARD_CELLS {
            SOLVER_ON_BIG_BOARDS
        } else {
            (time / 8).min(SOLVER_MOST)
        };
        let a = Solver::new(pos)
            .time_limit(solver_time)
            .threads(1)
            .analyze();
        progress.nodes += a.nodes;
        let proven = proven_lines(&a, n);
        if all_proven(&a) || proven.len() == n {
            progress.send(tx, &proven, true);
            return done(tx, "settled", started);
        }
        proven
    };
    let mut round = FIRST_ROUND;
    let mut first = true;
    let reason = loop {
        let now = Instant::now();
        if stop.is_raised() || tx.is_closed() {
            return;
        }
        if now >= deadline {
            break "time";
        }
        // The last round may be cut short by the deadline: if it then sees less far than the
        // round before, its lines are not shown.
        let cut_short = round > deadline - now;
        let limits = Limits::none()
            .within(round.min(deadline - now))
            .with_stop(stop.clone());
        let mut so_far: Vec<Line> = Vec::new();
        let searched = best_lines(pos, n, limits, |line| {
            so_far.push(line.clone());
            if first {
                let shown = merged(proven.clone(), so_far.clone(), n);
                progress.send(tx, &shown, false);
            }
        });
        if stop.is_raised() {
            return;
        }
        progress.nodes += searched.iter().map(|l| l.nodes).sum::<u64>();
        let depth = searched.iter().map(|l| l.depth).max().unwrap_or(0);
        if cut_short && depth < progress.depth {
            continue;
        }
        progress.depth = depth;
        let lines = merged(proven.clone(), searched, n);
        let unchanged = !progress.send(tx, &lines, true) && !first;
        if tx.is_closed() {
            return;
        }
        if lines.iter().all(|l| l.value.proven()) {
            break "settled";
        }
        // A round that ended well within its time with nothing new: the search has seen all
        // it can (a small board), and going on would only repeat it.
        if unchanged && now.elapsed() < round / 2 {
            break "complete";
        }
        first = false;
        round = round.saturating_mul(2);
    };
    done(tx, reason, started);
}

fn done(tx: &Sender, reason: &str, started: Instant) {
    send(
        tx,
        "done",
        &serde_json::json!({"reason": reason, "elapsed_ms": started.elapsed().as_millis() as u64}),
    );
}

/// What the client has been told: the positions searched so far (every round's), the depth
/// reached, and the last lines sent.
struct Progress {
    started: Instant,
    nodes: u64,
    depth: u32,
    sent: Option<(Vec<LineView>, bool)>,
}

impl Progress {
    /// Sends `lines` unless they are the ones sent last (and as complete); whether they were
    /// new.
    fn send(&mut self, tx: &Sender, lines: &[Line], complete: bool) -> bool {
        let views: Vec<LineView> = lines.iter().map(LineView::new).collect();
        if self
            .sent
            .as_ref()
            .is_some_and(|(sent, was)| *sent == views && *was == complete)
        {
            return false;
        }
        let elapsed = self.started.elapsed();
        let event = LinesView {
            lines: views.clone(),
            depth: self
                .depth
                .max(lines.iter().map(|l| l.depth).max().unwrap_or(0)),
            nodes: self.nodes,
            nodes_per_second: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
            elapsed_ms: elapsed.as_millis() as u64,
            complete,
        };
        self.sent = Some((views, complete));
        send(tx, "lines", &event);
        true
    }
}
