//! What the analysis board's two streams share: the searches running (one of each kind a
//! client), the checks of a query's board, and the lines as the page reads them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use ttt_ai::{Line, LineValue, StopFlag};
use ttt_core::{Cell, Dims, Position, Rule};

use crate::error::ApiError;
use crate::limits::Limits;

/// The most lines a stream shows.
pub(crate) const MAX_LINES: usize = 10;

/// Which kind of search a client runs: each client has at most one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Stream,
    Graph,
}

/// The searches running, one of each kind a client, so that a new one stops the one before.
#[derive(Default)]
pub(crate) struct Analyses {
    running: Mutex<HashMap<(IpAddr, Kind), (u64, StopFlag)>>,
    next: std::sync::atomic::AtomicU64,
}

/// A client's search, registered: dropping it (the stream closed, or the search ended) stops
/// the search and forgets it, unless a newer one took its place.
pub(crate) struct Running {
    analyses: Arc<Analyses>,
    key: (IpAddr, Kind),
    id: u64,
    pub(crate) stop: StopFlag,
}

impl Analyses {
    /// Registers a new search of `kind` for `client`, stopping the one it replaces.
    pub(crate) fn start(self: &Arc<Self>, client: IpAddr, kind: Kind) -> Running {
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let stop = StopFlag::new();
        let old = lock(&self.running).insert((client, kind), (id, stop.clone()));
        if let Some((_, old)) = old {
            old.raise();
        }
        Running {
            analyses: Arc::clone(self),
            key: (client, kind),
            id,
            stop,
        }
    }

    /// How many searches are registered now.
    #[cfg(test)]
    fn count(&self) -> usize {
        lock(&self.running).len()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.raise();
        let mut running = lock(&self.analyses.running);
        if running.get(&self.key).is_some_and(|(id, _)| *id == self.id) {
            running.remove(&self.key);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What is wrong with a query, in words: a missing field is named as such.
pub(crate) fn query_error(e: &axum::extract::rejection::QueryRejection) -> ApiError {
    let text = e.body_text();
    match text.split_once("missing field `") {
        Some((_, rest)) => ApiError::BadRequest(format!(
            "the query needs {}",
            rest.split('`').next().unwrap_or_default()
        )),
        None => ApiError::BadRequest(format!("a bad query: {text}")),
    }
}

/// The rule named in a query: free-style when none is.
pub(crate) fn rule_of(name: Option<&str>) -> Result<Rule, ApiError> {
    match name {
        None | Some("") => Ok(Rule::Freestyle),
        Some(text) => text
            .parse()
            .map_err(|e| ApiError::BadRequest(format!("rule: {e}"))),
    }
}

/// Checks a board against the server's limits and K, defaulting K to five (or the longest
/// side, on a smaller board).
pub(crate) fn dims_of(
    rows: usize,
    cols: usize,
    k: Option<usize>,
    limits: &Limits,
) -> Result<Dims, ApiError> {
    if rows > limits.max_side || cols > limits.max_side {
        return Err(ApiError::BadRequest(format!(
            "a board of {rows} x {cols} is too big: sides go up to {}",
            limits.max_side
        )));
    }
    let k = k.unwrap_or_else(|| rows.max(cols).min(5));
    Dims::new(rows, cols, k).map_err(|e| ApiError::BadRequest(e.to_string()))
}

/// One of the best lines, as the analysis board shows it: like `ttt analyze --lines --json`'s.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct LineView {
    #[serde(rename = "move")]
    cell: Cell,
    /// The engine's score for the move's player (a win `plies` away is `1000000 - plies`).
    score: i32,
    /// The move's player's chance, from 0 to 1.
    win_probability: f64,
    /// `win`, `draw`, `loss`, or null where only a score is known.
    result: Option<&'static str>,
    plies: Option<u32>,
    /// Proven by the solver or a threat search (else found by the search, or a score).
    proven: bool,
    /// `plies` is the solver's exact length (else the threat line's, an upper bound).
    exact: bool,
    /// The line expected, the move first.
    pv: Vec<Cell>,
    depth: u32,
}

impl LineView {
    pub(crate) fn new(line: &Line) -> LineView {
        let (result, plies) = match line.value {
            LineValue::Score(_) => (None, None),
            LineValue::Win { plies, .. } => (Some("win"), Some(plies)),
            LineValue::Draw { plies } => (Some("draw"), Some(plies)),
            LineValue::Loss { plies, .. } => (Some("loss"), Some(plies)),
        };
        let plies = plies.filter(|_| line.value.measured());
        LineView {
            cell: line.cell,
            score: line.value.score(),
            win_probability: (line.value.win_probability() * 1000.0).round() / 1000.0,
            result,
            plies,
            proven: line.value.proven(),
            exact: line.value.exact(),
            pv: line.pv.clone(),
            depth: line.depth,
        }
    }
}

/// X's chance in a position after the best line for its side to move, from 0 to 1; the
/// result itself where the game is over.
pub(crate) fn x_chance(pos: &Position, best: Option<&Line>) -> f64 {
    use ttt_core::{Outcome, Player};
    match pos.outcome() {
        Outcome::Win(Player::X) => 1.0,
        Outcome::Win(Player::O) => 0.0,
        Outcome::Draw => 0.5,
        Outcome::InProgress => {
            let mine = best.map_or(0.5, |l| l.value.win_probability());
            if pos.turn() == Player::X {
                mine
            } else {
                1.0 - mine
            }
        }
    }
}

/// Sends `event` to the client; false once it has gone.
pub(crate) fn send(tx: &Sender, event: &str, data: &impl Serialize) -> bool {
    let Ok(json) = serde_json::to_string(data) else {
        return false;
    };
    tx.send(
        axum::response::sse::Event::default()
            .event(event)
            .data(json),
    )
    .is_ok()
}

/// The channel a search's events go out on.
pub(crate) type Sender = tokio::sync::mpsc::UnboundedSender<axum::response::sse::Event>;

/// Waits for one of the threads the operator gives the analysis board, telling the client
/// (a `waiting` event) when it must; `None` if the client goes first.
pub(crate) async fn thread_for(
    threads: &Arc<tokio::sync::Semaphore>,
    tx: &Sender,
) -> Option<tokio::sync::OwnedSemaphorePermit> {
    if let Ok(permit) = Arc::clone(threads).try_acquire_owned() {
        return Some(permit);
    }
    send(
        tx,
        "waiting",
        &serde_json::json!({"reason": "every analysis thread is busy: yours starts when one is free"}),
    );
    tokio::select! {
        permit = Arc::clone(threads).acquire_owned() => permit.ok(),
        () = tx.closed() => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_search_stops_the_clients_last_of_its_kind_only() {
        let analyses = Arc::new(Analyses::default());
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let you: IpAddr = "10.0.0.2".parse().unwrap();
        let first = analyses.start(me, Kind::Stream);
        let graph = analyses.start(me, Kind::Graph);
        let yours = analyses.start(you, Kind::Stream);
        assert!(!first.stop.is_raised());
        let second = analyses.start(me, Kind::Stream);
        assert!(first.stop.is_raised());
        assert!(!second.stop.is_raised() && !graph.stop.is_raised());
        assert!(!yours.stop.is_raised());
        assert_eq!(analyses.count(), 3);
        // The replaced one going does not forget its successor.
        drop(first);
        assert_eq!(analyses.count(), 3);
        drop(second);
        assert_eq!(analyses.count(), 2);
    }

    #[test]
    fn boards_past_the_limit_and_unknown_rules_are_refused() {
        let limits = Limits::default();
        assert!(dims_of(15, 15, None, &limits).is_ok_and(|d| d.k() == 5));
        assert!(dims_of(3, 3, None, &limits).is_ok_and(|d| d.k() == 3));
        let too_big = dims_of(40, 15, None, &limits).unwrap_err().to_string();
        assert!(too_big.contains("too big"), "{too_big}");
        assert!(dims_of(5, 5, Some(9), &limits).is_err());
        assert_eq!(rule_of(None).unwrap(), Rule::Freestyle);
        assert_eq!(rule_of(Some("renju")).unwrap(), Rule::Renju);
        assert!(rule_of(Some("chess")).is_err());
    }
}
