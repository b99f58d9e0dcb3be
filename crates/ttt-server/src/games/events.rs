//! `GET /api/games/{id}/events`: live updates as server-sent events. One `state` event with
//! the whole state (as `GET /api/games/{id}`, plus `watchers` and which players are
//! connected) on connect and after every change. A client that loses the connection opens it
//! again and is caught up by the first event. With a seat's token (`Authorization: Bearer`),
//! the stream counts that player as present; without one, as a spectator.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

use super::turn::{computer_moves, is_waiting_for_a_thinker};
use super::{game_id, load};
use crate::seats::{caller, Caller};
use crate::{ApiError, AppState};

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// `GET /api/games/{id}/events`.
pub(crate) async fn events(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let game = load(&state, &game_id(id)?).await?;
    let seat = match caller(&headers, &game)? {
        Caller::Seat(p) => Some(p),
        Caller::Anyone => None,
    };
    if is_waiting_for_a_thinker(&game) {
        // Nobody is thinking for the computer (its server stopped): take it up, and the
        // stream will carry its moves.
        let (state, game) = (state.clone(), game.clone());
        tokio::spawn(async move {
            if let Err(e) = computer_moves(&state, game).await {
                tracing::warn!("taking up the computer's turn: {e}");
            }
        });
    }
    let watcher = state.hub.watch(&game, seat);
    // A save between the read above and the watch reached nobody here (and another
    // server's notice of it found the game unwatched): read the game once more, now that
    // every later save reaches the channel.
    let latest = load(&state, &game.id).await?;
    watcher.channel().update(&latest);
    let (first, updates) = watcher.channel().follow();
    let updates = BroadcastStream::new(updates);
    let first = stream::iter(first.map(|s| Ok(Event::default().event("state").data(&*s))));
    let rest = updates.filter_map(move |message| {
        // The watcher lives as long as the stream: dropping it says the client left.
        let _alive = &watcher;
        let event = match message {
            Ok(s) => Some(Ok(Event::default().event("state").data(&*s))),
            // Fell behind: the next state catches up whole.
            Err(BroadcastStreamRecvError::Lagged(_)) => None,
        };
        std::future::ready(event)
    });
    // A shutdown ends the stream: the client reconnects to whichever server is up.
    let events = first.chain(rest).take_until(state.stopping());
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}
