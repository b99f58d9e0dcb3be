//! The metrics page: `GET /metrics` on a listener of its own (`ttt serve --metrics-addr`),
//! never on the public address, with what [`crate::metrics`] counts and what the store says
//! of itself at the time of the scrape.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;

use crate::state::AppState;

/// The metrics page's routes.
fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(show))
        .fallback(|| async { (axum::http::StatusCode::NOT_FOUND, "try /metrics\n") })
        .with_state(state)
}

/// `GET /metrics`.
async fn show(State(state): State<AppState>) -> impl IntoResponse {
    let games = state.with_store(|s| s.live_game_count()).await.ok();
    let pool = state.store_pool();
    let text = state.metrics.render(games, pool);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
}

/// Serves `GET /metrics` on `listener` until the server begins to shut down.
///
/// # Errors
/// When serving fails.
pub async fn serve_metrics(listener: TcpListener, state: AppState) -> std::io::Result<()> {
    let stopping = state.stopping();
    axum::serve(listener, router(state))
        .with_graceful_shutdown(stopping)
        .await
}
