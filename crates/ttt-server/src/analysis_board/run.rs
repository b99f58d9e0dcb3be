//! What both streams do around their search: a stream slot, the client's one search of its
//! kind, one of the analysis threads (waited for, and said so), the search on the blocking
//! pool, its events as server-sent events until the client goes or the server stops.

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{Stream, StreamExt};
use tokio_stream::wrappers::UnboundedReceiverStream;
use ttt_ai::StopFlag;

use super::search::{thread_for, Kind, Sender};
use crate::error::ApiError;
use crate::state::AppState;

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Streams `client`'s search of `kind`: `first` sends the opening events and says whether
/// there is anything to search; then `search` runs on an analysis thread, sending its events,
/// until it ends, the client goes (its stop is raised), or a newer search of the client's
/// takes its place.
pub(crate) fn search_stream<S>(
    state: &AppState,
    client: IpAddr,
    kind: Kind,
    first: &dyn Fn(&Sender) -> bool,
    search: S,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>> + use<S>>, ApiError>
where
    S: FnOnce(&StopFlag, &Sender) + Send + 'static,
{
    let slot = Arc::clone(&state.streams)
        .try_acquire_owned()
        .map_err(|_| {
            ApiError::Unavailable(format!(
                "{} live-update streams are open on this server, the most it allows: try \
                 again later",
                state.limits.max_streams
            ))
        })?;
    let running = state.analyses.start(client, kind);
    let stop = running.stop.clone();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    if first(&tx) {
        let threads = Arc::clone(&state.analysis_threads);
        let metrics = Arc::clone(&state.metrics);
        tokio::spawn(async move {
            let Some(permit) = thread_for(&threads, &tx).await else {
                return;
            };
            let _ = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let started = Instant::now();
                search(&stop, &tx);
                metrics.thought(started.elapsed());
            })
            .await;
        });
    }
    let events = UnboundedReceiverStream::new(rx).map(move |event| {
        // The search lives as long as the stream: dropping it stops the search.
        let _alive = (&running, &slot);
        Ok(event)
    });
    let events = events.take_until(state.stopping());
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}
