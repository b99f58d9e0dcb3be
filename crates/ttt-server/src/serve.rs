//! Serving the app on a listener, with the limits that keep it available to everyone: a cap
//! on open connections, the requests at work and the live-update streams together (more wait
//! in the system's queue until one closes; the open-files limit is raised to match), a time
//! to send a
//! request's headers (which is also how long a kept-alive connection may sit idle), and a
//! graceful shutdown that lets requests in flight finish but never waits longer than its
//! grace. An accept that fails (out of file descriptors, say) is logged, and accepting goes
//! on after a pause.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::app::app;
use crate::state::AppState;

/// How long the accept loop pauses after a failed accept before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight within [`crate::limits::Limits::shutdown_grace`], and ends the live-update streams.
///
/// # Errors
/// None yet: a failed accept is logged and retried. The result leaves room for failures
/// that end serving.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = Arc::clone(&state.limits);
    let router = app(state.clone());
    let needed = limits.open_files_needed();
    crate::open_files::raise_to(needed).log(needed);
    let most = limits.max_open_connections();
    let permits = Arc::new(tokio::sync::Semaphore::new(most));
    let graceful = GracefulShutdown::new();
    let cleaner = tokio::spawn(crate::state::keep_tidy(state.clone()));
    let follower = tokio::spawn(crate::cluster::follow_other_servers(state.clone()));
    let clocks = tokio::spawn(crate::games::clocks::watch(state.clone()));
    let full = AtomicBool::new(false);
    tracing::info!(
        addr = %listener.local_addr()?,
        version = env!("CARGO_PKG_VERSION"),
        max_connections = limits.max_connections,
        max_streams = limits.max_streams,
        "serving"
    );
    tokio::pin!(shutdown);
    loop {
        if permits.available_permits() == 0 && !full.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                "{most} connections are open, the most allowed (--max-connections plus \
                 --max-streams): new ones wait until one closes"
            );
        }
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::error!("cannot accept a connection: {e}{}", hint(&e));
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        if permits.available_permits() > 0 {
            full.store(false, Ordering::Relaxed);
        }
        let service = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _permit = permit;
            if let Err(e) = connection.await {
                tracing::debug!("connection from {peer}: {e}");
            }
        });
    }
    drop(listener);
    tracing::info!(
        streams = state.metrics.streams(),
        grace_s = limits.shutdown_grace.as_secs(),
        "shutting down: no new connections; finishing the requests in flight"
    );
    state.begin_shutdown();
    crate::cluster::say_goodbye(&state).await;
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!(
                "requests still open after {} s of shutting down were cut off",
                limits.shutdown_grace.as_secs()
            );
        }
    }
    cleaner.abort();
    follower.abort();
    clocks.abort();
    tracing::info!("stopped");
    Ok(())
}

/// What to do about a failed accept, where there is something to do.
fn hint(e: &std::io::Error) -> &'static str {
    // EMFILE and ENFILE: out of file descriptors.
    match e.raw_os_error() {
        Some(24 | 23) => {
            " (out of file descriptors: raise the limit with `ulimit -n`, or lower \
             --max-connections or --max-streams)"
        }
        _ => "",
    }
}

/// Completes on Ctrl-C or, on Unix, SIGTERM. The handlers are installed when this is
/// called, not when the future is first polled: a signal that comes as soon as the server
/// says it listens must stop it gracefully, not kill it. Call it on the runtime.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let (interrupt, terminate) = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::interrupt()).ok(),
            signal(SignalKind::terminate()).ok(),
        )
    };
    async move {
        #[cfg(unix)]
        {
            // A handler that could not be installed never stops the server.
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(interrupt) => {},
                () = wait(terminate) => {},
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
