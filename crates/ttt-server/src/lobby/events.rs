//! The lobby's live updates. One watcher a server reads the open seeks from the store (every
//! [`LOOK_EVERY`], and at once after a change made here) and tells every lobby page of this
//! server what appeared and went: seeks made on other servers sharing the store show within
//! that time. A seeker's page keeps its seek alive, hears when it is accepted, and removes it
//! when it closes.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

use super::accept::seeker_mark_in;
use super::seeks::bearer;
use super::view::{alive_since, SeekView, KEEP_ALIVE_EVERY_MS, MOST_LISTED};
use crate::error::ApiError;
use crate::secrets::hash;
use crate::state::AppState;

/// How often the lobby looks at the store for seeks made or gone on other servers.
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// How long accepted and gone seeks are kept before they are removed for good.
const KEEP_OLD_MS: i64 = 10 * 60 * 1000;

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Reads the open seeks whenever told to or every [`LOOK_EVERY`], and sends them on when they
/// changed.
async fn watch(state: AppState) {
    let mut looks: u64 = 0;
    loop {
        let now = state.now_ms();
        let since = alive_since(now);
        match state
            .with_store(move |s| s.open_seeks(since, MOST_LISTED))
            .await
        {
            Ok(seeks) => {
                let views: Vec<SeekView> = seeks.iter().map(SeekView::new).collect();
                state.lobby.publish(views);
            }
            Err(e) => tracing::warn!("reading the lobby: {e}"),
        }
        looks += 1;
        if looks.is_multiple_of(60) {
            let before = now - KEEP_OLD_MS;
            if let Err(e) = state.with_store(move |s| s.remove_old_seeks(before)).await {
                tracing::warn!("removing old seeks: {e}");
            }
        }
        tokio::select! {
            () = state.lobby.look_asked() => {}
            () = tokio::time::sleep(LOOK_EVERY) => {}
        }
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct EventsQuery {
    /// The caller's own seek, followed with its token.
    seek: Option<String>,
}

/// `GET /api/lobby/events`.
pub(crate) async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<EventsQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) =
        query.map_err(|e| ApiError::BadRequest(format!("a bad query: {}", e.body_text())))?;
    let slot = Arc::clone(&state.streams)
        .try_acquire_owned()
        .map_err(|_| {
            ApiError::Unavailable(format!(
            "{} live-update streams are open on this server, the most it allows: try again later",
            state.limits.max_streams
        ))
        })?;
    let own = match q.seek {
        None => None,
        Some(id) => Some(own_seek(&state, &headers, id).await?),
    };
    {
        let watcher = state.clone();
        state.lobby.start(move || {
            tokio::spawn(watch(watcher));
        });
    }
    // Read now, so that the first list is current even before the watcher's next look.
    let since = alive_since(state.now_ms());
    let first: Vec<SeekView> = state
        .with_store(move |s| s.open_seeks(since, MOST_LISTED))
        .await?
        .iter()
        .map(SeekView::new)
        .collect();
    let updates = BroadcastStream::new(state.lobby.subscribe(&first));
    let mut shown: HashMap<String, SeekView> =
        first.iter().map(|s| (s.id.clone(), s.clone())).collect();
    let opening = stream::iter([Ok(json_event("seeks", &first))]);
    let keeper = own.map(|o| keep_seek(state.clone(), o));
    let changes = updates
        .filter_map(move |message| {
            let events = match message {
                Ok(now) => diff(&mut shown, &now),
                Err(BroadcastStreamRecvError::Lagged(_)) => Vec::new(),
            };
            std::future::ready(Some(stream::iter(events.into_iter().map(Ok))))
        })
        .flatten();
    let accepted = match keeper {
        Some(keeper) => keeper.into_stream().boxed(),
        None => stream::pending().boxed(),
    };
    let all = stream::select(opening.chain(changes), accepted).map(move |event| {
        // The slot lives as long as the stream.
        let _alive = &slot;
        event
    });
    Ok(
        Sse::new(all.take_until(state.stopping()))
            .keep_alive(KeepAlive::new().interval(KEEP_ALIVE)),
    )
}

fn json_event(name: &str, data: &impl serde::Serialize) -> Event {
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_default())
}

/// The events that take a page from the seeks it has (`shown`) to `now`'s.
fn diff(shown: &mut HashMap<String, SeekView>, now: &[SeekView]) -> Vec<Event> {
    let mut events = Vec::new();
    let ids: std::collections::HashSet<&str> = now.iter().map(|s| s.id.as_str()).collect();
    let gone: Vec<String> = shown
        .keys()
        .filter(|id| !ids.contains(id.as_str()))
        .cloned()
        .collect();
    for id in gone {
        shown.remove(&id);
        events.push(json_event("gone", &serde_json::json!({ "id": id })));
    }
    for seek in now {
        if !shown.contains_key(&seek.id) {
            shown.insert(seek.id.clone(), seek.clone());
            events.push(json_event("seek", seek));
        }
    }
    events
}

/// The caller's own seek, checked against its token.
struct OwnSeek {
    id: String,
    token_hash: String,
}

async fn own_seek(state: &AppState, headers: &HeaderMap, id: String) -> Result<OwnSeek, ApiError> {
    let owned = id.clone();
    let seek = state
        .with_store(move |s| s.seek(&owned))
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no seek {id:?}")))?;
    match bearer(headers) {
        Some(token) if hash(&token) == seek.token_hash => Ok(OwnSeek {
            id,
            token_hash: seek.token_hash,
        }),
        Some(_) => Err(ApiError::Forbidden("that token is not this seek's".into())),
        None => Err(ApiError::Unauthorized(
            "to follow your seek, send its token (Authorization: Bearer TOKEN)".into(),
        )),
    }
}

/// Keeps the seeker's seek alive while its page is open, says when it is accepted, and
/// removes it when the page closes (the returned receiver is dropped).
struct Keeper {
    accepted: tokio::sync::mpsc::Receiver<Event>,
    _closed: tokio::sync::oneshot::Sender<()>,
}

impl Keeper {
    fn into_stream(self) -> impl Stream<Item = Result<Event, Infallible>> {
        let closed = self._closed;
        tokio_stream::wrappers::ReceiverStream::new(self.accepted).map(move |e| {
            let _open = &closed;
            Ok(e)
        })
    }
}

fn keep_seek(state: AppState, own: OwnSeek) -> Keeper {
    let (tx, accepted) = tokio::sync::mpsc::channel(1);
    let (closed_tx, mut closed) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        let mut marked = state.now_ms();
        loop {
            tokio::select! {
                _ = &mut closed => break,
                () = tokio::time::sleep(Duration::from_millis(500)) => {}
            }
            let id = own.id.clone();
            let seek = match state.with_store(move |s| s.seek(&id)).await {
                Ok(Some(seek)) => seek,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!("following a seek: {e}");
                    continue;
                }
            };
            if let Some(game) = seek.game {
                let mark = seeker_mark_in(&state, &game, &own.token_hash).await;
                if let Ok(mark) = mark {
                    let event = json_event(
                        "accepted",
                        &serde_json::json!({ "game": game, "mark": mark }),
                    );
                    let _ = tx.send(event).await;
                }
                // The page goes to its game; the stream ends with it.
                let _ = closed.await;
                return;
            }
            let now = state.now_ms();
            if now - marked >= i64::try_from(KEEP_ALIVE_EVERY_MS).unwrap_or(i64::MAX) {
                marked = now;
                let id = own.id.clone();
                if let Err(e) = state.with_store(move |s| s.keep_seek_alive(&id, now)).await {
                    tracing::warn!("keeping a seek alive: {e}");
                }
            }
        }
        // The page closed: the seek goes.
        let id = own.id.clone();
        match state.with_store(move |s| s.remove_seek(&id)).await {
            Ok(true) => state.lobby.changed(),
            Ok(false) => {}
            Err(e) => tracing::warn!("removing a closed page's seek: {e}"),
        }
    });
    Keeper {
        accepted,
        _closed: closed_tx,
    }
}
