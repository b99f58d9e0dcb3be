//! Health checks, for whatever runs the server: `/healthz` says the process answers,
//! `/readyz` whether it should be sent players now (a load balancer takes it out of the
//! pool while it shuts down or cannot reach its database, and back when it can).

use std::time::Duration;

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// How long the database may take to answer a readiness check.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// `GET /healthz`: the process is up and serving.
async fn healthz() -> &'static str {
    "ok\n"
}

/// `GET /readyz`: 200 when taking requests and the database answers, else 503 saying why.
async fn readyz(State(state): State<AppState>) -> Result<&'static str, ApiError> {
    if state.is_stopping() {
        return Err(ApiError::Unavailable("the server is shutting down".into()));
    }
    match tokio::time::timeout(PING_TIMEOUT, state.with_store(|s| s.ping())).await {
        Ok(Ok(())) => Ok("ready\n"),
        Ok(Err(e)) => {
            tracing::warn!("not ready: {e}");
            Err(ApiError::Unavailable("the database does not answer".into()))
        }
        Err(_) => Err(ApiError::Unavailable(format!(
            "the database did not answer within {} s",
            PING_TIMEOUT.as_secs()
        ))),
    }
}
