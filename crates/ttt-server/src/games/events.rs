//! `GET /api/games/{id}/events`: live updates as server-sent events. One `state` event with
//! the whole state (as `GET /api/games/{id}`, plus `watchers` and which players are
//! connected) on connect and after every change. A client that loses the connection opens it
//! again and is caught up by the first event. With a seat's token (`Authorization: Bearer`),
//! the stream counts that player as present; without one, as a spectator. At most
//! `--max-streams` are open at once; more are answered 503.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;
use ttt_core::Player;

use super::live::{load_played, GameId};
use super::turn::{computer_moves, is_waiting_for_a_thinker};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::seats::{caller, Caller};
use crate::state::AppState;
use crate::view::GameView;

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How often an open page marks its player as present.
const PRESENT_EVERY: Duration = Duration::from_secs(10);

/// Marks `side`'s player of game `id` as present now and every [`PRESENT_EVERY`] until the
/// returned sender is dropped (the stream closed), and once more then.
fn keep_present(state: AppState, id: String, side: Player) -> tokio::sync::oneshot::Sender<()> {
    let (alive, closed) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        let mark = |state: &AppState| {
            let (id, at) = (id.clone(), state.now_ms());
            let state = state.clone();
            async move {
                if let Err(e) = state.with_store(move |s| s.mark_seen(&id, side, at)).await {
                    tracing::warn!("marking a player present: {e}");
                }
            }
        };
        let mut closed = closed;
        loop {
            mark(&state).await;
            tokio::select! {
                _ = &mut closed => break,
                () = tokio::time::sleep(PRESENT_EVERY) => {}
            }
        }
        mark(&state).await;
    });
    alive
}

/// `GET /api/games/{id}/events`.
pub(crate) async fn events(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let slot = Arc::clone(&state.streams)
        .try_acquire_owned()
        .map_err(|_| {
            ApiError::Unavailable(format!(
                "{} live-update streams are open on this server, the most it allows: try again \
             later",
                state.limits.max_streams
            ))
        })?;
    let (game, pos) = load_played(&state, &id).await?;
    let view = GameView::new(&game, &pos, state.now_ms());
    // Counted by the seat the person took when the game began: an opening may have made
    // the seats change places since.
    let who = caller(&headers, &game, &session)?;
    let seat = match who {
        Caller::Seat(p) => Some(view.seat_at_start(p)),
        Caller::Both | Caller::Anyone => None,
    };
    // A player's open page keeps them present: the other cannot claim the win against them.
    let presence = match who {
        Caller::Seat(p) => Some(keep_present(state.clone(), id.clone(), p)),
        Caller::Both | Caller::Anyone => None,
    };
    if is_waiting_for_a_thinker(&game, &pos) {
        // Nobody is thinking for the computer (its server stopped): take it up, and the
        // stream will carry its moves.
        let (state, game) = (state.clone(), game.clone());
        tokio::spawn(async move {
            if let Err(e) = computer_moves(&state, game, pos).await {
                tracing::warn!("taking up the computer's turn: {e}");
            }
        });
    }
    let watcher = state.hub.watch(&view, seat);
    let open = state.metrics.stream_opened();
    // A save between the read above and the watch reached nobody here (and another
    // server's notice of it found the game unwatched): read the game once more, now that
    // every later save reaches the channel.
    let (latest, pos) = load_played(&state, &id).await?;
    watcher
        .channel()
        .update(&GameView::new(&latest, &pos, state.now_ms()));
    let (first, updates) = watcher.channel().follow();
    let updates = BroadcastStream::new(updates);
    let first = stream::iter(first.map(|s| Ok(Event::default().event("state").data(&*s))));
    let rest = updates.filter_map(move |message| {
        // The watcher lives as long as the stream: dropping it says the client left.
        let _alive = (&watcher, &open, &slot, &presence);
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
