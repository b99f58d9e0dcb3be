//! What the server counts for Prometheus, written as the page it reads (served by
//! [`crate::scrape`]).
//!
//! The exposition is written here, in Prometheus's text format (version 0.0.4): a handful of
//! counters, gauges and histograms need no library. Labels stay few: a route is its pattern
//! (`/api/games/{id}`), never the address asked for, so a client cannot grow the series.
//!
//! | metric | type | what |
//! | --- | --- | --- |
//! | `ttt_http_requests_total{route,status}` | counter | requests answered |
//! | `ttt_http_request_duration_seconds` | histogram | time to answer (an event stream: to open it) |
//! | `ttt_games_live` | gauge | games kept in the store (in progress, or finished lately) |
//! | `ttt_event_streams` | gauge | live-update streams open on this server |
//! | `ttt_db_pool_connections{state}` | gauge | the pool's connections to PostgreSQL, `in_use` and `idle` |
//! | `ttt_computer_think_seconds` | histogram | each search's time (a computer's move, a hint, an analysis) |
//! | `ttt_rate_limited_total` | counter | requests answered 429 |

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Upper bounds of the request-time buckets, in seconds.
const REQUEST_BUCKETS: &[f64] = &[
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// Upper bounds of the search-time buckets, in seconds: searches run up to their limits
/// (`--thinking-time`, and the 3 s one request may spend).
const THINK_BUCKETS: &[f64] = &[0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];

/// The server's counters, shared by every request.
#[derive(Debug)]
pub(crate) struct Metrics {
    /// Requests answered, by route pattern and status.
    requests: Mutex<BTreeMap<(Arc<str>, u16), u64>>,
    request_seconds: Histogram,
    think_seconds: Histogram,
    streams: AtomicI64,
    rate_limited: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            requests: Mutex::default(),
            request_seconds: Histogram::new(REQUEST_BUCKETS),
            think_seconds: Histogram::new(THINK_BUCKETS),
            streams: AtomicI64::new(0),
            rate_limited: AtomicU64::new(0),
        }
    }
}

/// An event stream counted as open until this is dropped.
pub(crate) struct StreamOpen(Arc<Metrics>);

impl Drop for StreamOpen {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Metrics {
    /// A request to `route` answered with `status` after `took`.
    pub(crate) fn answered(&self, route: &Arc<str>, status: u16, took: Duration) {
        *self
            .requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry((Arc::clone(route), status))
            .or_default() += 1;
        self.request_seconds.observe(took);
    }

    /// A search that took `took`.
    pub(crate) fn thought(&self, took: Duration) {
        self.think_seconds.observe(took);
    }

    /// A request refused for its client's rate.
    pub(crate) fn rate_limited(&self) {
        self.rate_limited.fetch_add(1, Ordering::Relaxed);
    }

    /// An event stream opened; it counts until the guard is dropped.
    pub(crate) fn stream_opened(self: &Arc<Metrics>) -> StreamOpen {
        self.streams.fetch_add(1, Ordering::Relaxed);
        StreamOpen(Arc::clone(self))
    }

    /// The event streams open now.
    pub(crate) fn streams(&self) -> i64 {
        self.streams.load(Ordering::Relaxed)
    }

    /// The exposition, with what the store says of itself: the games it keeps (`None`
    /// when it could not count them) and its pool's connections in use and idle.
    pub(crate) fn render(&self, games_live: Option<usize>, pool: Option<(usize, usize)>) -> String {
        let mut out = String::new();
        head(
            &mut out,
            "ttt_http_requests_total",
            "counter",
            "Requests answered, by route pattern and status.",
        );
        for ((route, status), n) in self
            .requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            let _ = writeln!(
                out,
                "ttt_http_requests_total{{route=\"{}\",status=\"{status}\"}} {n}",
                escape(route)
            );
        }
        self.request_seconds.render(
            &mut out,
            "ttt_http_request_duration_seconds",
            "Time to answer a request (for an event stream, to open it).",
        );
        if let Some(n) = games_live {
            head(
                &mut out,
                "ttt_games_live",
                "gauge",
                "Games the store keeps: in progress, or finished lately.",
            );
            let _ = writeln!(out, "ttt_games_live {n}");
        }
        head(
            &mut out,
            "ttt_event_streams",
            "gauge",
            "Live-update streams open on this server.",
        );
        let _ = writeln!(out, "ttt_event_streams {}", self.streams());
        if let Some((in_use, idle)) = pool {
            head(
                &mut out,
                "ttt_db_pool_connections",
                "gauge",
                "The pool's connections to the database, by state.",
            );
            let _ = writeln!(out, "ttt_db_pool_connections{{state=\"in_use\"}} {in_use}");
            let _ = writeln!(out, "ttt_db_pool_connections{{state=\"idle\"}} {idle}");
        }
        self.think_seconds.render(
            &mut out,
            "ttt_computer_think_seconds",
            "Time of each search: a computer's move, a hint or an analysis.",
        );
        head(
            &mut out,
            "ttt_rate_limited_total",
            "counter",
            "Requests refused with 429 for their client's rate.",
        );
        let _ = writeln!(
            out,
            "ttt_rate_limited_total {}",
            self.rate_limited.load(Ordering::Relaxed)
        );
        out
    }
}

fn head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A label's value as the format wants it: backslash, quote and newline escaped.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// A histogram of durations: counts by bucket (not cumulative until shown), the sum and
/// the count.
#[derive(Debug)]
struct Histogram {
    bounds: &'static [f64],
    /// One count per bound, and one past the last.
    counts: Vec<AtomicU64>,
    /// The sum, in microseconds.
    sum_micros: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_micros: AtomicU64::new(0),
        }
    }

    fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = self
            .bounds
            .iter()
            .position(|&b| seconds <= b)
            .unwrap_or(self.bounds.len());
        self.counts[bucket].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        head(out, name, "histogram", help);
        let mut cumulative = 0;
        for (i, count) in self.counts.iter().enumerate() {
            cumulative += count.load(Ordering::Relaxed);
            let le = self
                .bounds
                .get(i)
                .map_or_else(|| "+Inf".to_string(), f64::to_string);
            let _ = writeln!(out, "{name}_bucket{{le=\"{le}\"}} {cumulative}");
        }
        // Microseconds as seconds: exact enough, and the sum cannot lose small values.
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {cumulative}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_with_their_sum_and_count() {
        let h = Histogram::new(&[0.1, 1.0]);
        h.observe(Duration::from_millis(50));
        h.observe(Duration::from_millis(500));
        h.observe(Duration::from_secs(5));
        let mut out = String::new();
        h.render(&mut out, "x", "help");
        assert!(out.contains("x_bucket{le=\"0.1\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"1\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("x_sum 5.55\nx_count 3\n"), "{out}");
    }

    #[test]
    fn requests_are_counted_by_route_and_status() {
        let m = Metrics::default();
        let route: Arc<str> = Arc::from("/api/games/{id}");
        m.answered(&route, 200, Duration::from_millis(3));
        m.answered(&route, 200, Duration::from_millis(3));
        m.answered(&Arc::from("a\"b"), 404, Duration::ZERO);
        m.rate_limited();
        let open = Arc::new(Metrics::default());
        let guard = open.stream_opened();
        assert_eq!(open.streams(), 1);
        drop(guard);
        assert_eq!(open.streams(), 0);
        let out = m.render(Some(4), Some((1, 2)));
        assert!(
            out.contains("ttt_http_requests_total{route=\"/api/games/{id}\",status=\"200\"} 2\n"),
            "{out}"
        );
        assert!(out.contains("route=\"a\\\"b\",status=\"404\"} 1"), "{out}");
        assert!(out.contains("ttt_games_live 4\n"), "{out}");
        assert!(
            out.contains("ttt_db_pool_connections{state=\"idle\"} 2\n"),
            "{out}"
        );
        assert!(out.contains("ttt_rate_limited_total 1\n"), "{out}");
        assert!(
            out.contains("# TYPE ttt_computer_think_seconds histogram"),
            "{out}"
        );
        assert!(!m.render(None, None).contains("ttt_db_pool"));
    }
}
