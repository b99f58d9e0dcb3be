//! What the operator sees of each request: an id (echoed as `x-request-id`, and on every
//! log line the request causes), one access-log line at info level, the metrics, and a panic
//! caught, logged and answered 500 instead of dropping the connection.
//!
//! The access line's fields: `method`, `route` (the pattern, as `/api/games/{id}`, so that a
//! game's id or a token in an address never reaches the log; `-` for an address with no
//! route), `status`, `ms` (time to answer; for an event stream, to open it), `client` (as the
//! rate limits tell clients apart) and `request_id`.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::FutureExt;
use tracing::Instrument;

use crate::error::ApiError;
use crate::state::AppState;

/// The header that carries a request's id, both ways.
const REQUEST_ID: &str = "x-request-id";

/// The longest id taken from a proxy; a longer one is replaced.
const MAX_ID_CHARS: usize = 128;

/// The route of an address no route matched.
const NO_ROUTE: &str = "-";

/// Numbers this server's requests: with the server's random name, unique across servers.
static NEXT: AtomicU64 = AtomicU64::new(1);

/// Wraps every request: see the module's documentation.
pub(crate) async fn observe(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let start = Instant::now();
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| is_good_id(v))
        .map_or_else(
            || {
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                format!("{}-{n:x}", &state.server_id[..state.server_id.len().min(8)])
            },
            str::to_string,
        );
    let method = request.method().clone();
    let route: Arc<str> = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| Arc::from(NO_ROUTE), |p| Arc::from(p.as_str()));
    let client = crate::fair_use::client(&request, state.limits.trust_forwarded_for);
    let span = tracing::info_span!("request", id = %id);
    let answer = AssertUnwindSafe(next.run(request))
        .catch_unwind()
        .instrument(span.clone())
        .await;
    let mut response = answer.unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        span.in_scope(|| {
            ApiError::internal(format!("panic answering {method} {route}: {why}")).into_response()
        })
    });
    let took = start.elapsed();
    let status = response.status().as_u16();
    state.metrics.answered(&route, status, took);
    tracing::info!(
        method = %method,
        route = %route,
        status,
        ms = format_args!("{:.1}", took.as_secs_f64() * 1000.0),
        client = %client,
        request_id = %id,
        "request"
    );
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// Whether a proxy's id can stand as ours: short, and of characters that cannot break a
/// log line.
fn is_good_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handler that panics is answered 500 (with the request's id), not dropped.
    #[tokio::test]
    async fn a_panic_is_caught_and_answered() {
        use axum::routing::get;
        use tower::ServiceExt;

        let store = ttt_store::SqliteStore::open_in_memory().unwrap();
        let state = AppState::new(Arc::new(store), crate::Limits::default());
        let app = axum::Router::new()
            .route(
                "/boom",
                get(|| async {
                    if true {
                        panic!("the handler broke");
                    }
                }),
            )
            .layer(axum::middleware::from_fn_with_state(state.clone(), observe))
            .with_state(state.clone());
        let request = axum::http::Request::get("/boom")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        assert_eq!(response.status(), 500);
        assert!(response.headers().contains_key(REQUEST_ID));
        let rendered = state.metrics.render(None, None);
        assert!(
            rendered.contains("ttt_http_requests_total{route=\"/boom\",status=\"500\"} 1"),
            "{rendered}"
        );
    }

    #[test]
    fn only_short_plain_ids_are_taken_from_a_proxy() {
        assert!(is_good_id("f3a1-9c"));
        assert!(is_good_id("req_1.2:3"));
        assert!(!is_good_id(""));
        assert!(!is_good_id("a b"));
        assert!(!is_good_id("a\nINFO forged"));
        assert!(!is_good_id(&"x".repeat(MAX_ID_CHARS + 1)));
    }
}
