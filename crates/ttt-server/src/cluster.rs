//! Servers sharing one database keep each other informed: games saved elsewhere reach the
//! watchers here, and each server tells the others who watches which game on it, so that
//! every page shows every watcher and whether each player is connected, whichever server
//! their connections reached.
//!
//! The notes between servers go through the store ([`Store::broadcast`]), one line each:
//!
//! | note | means |
//! | --- | --- |
//! | `hello SERVER` | a server started (said again until it hears itself: then it listens, and reads its watched games again) or heard nothing for a while: tell it your counts |
//! | `watching SERVER GAME SPECTATORS X O` | who watches GAME on SERVER now (all 0: nobody) |
//! | `bye SERVER` | a server stops: forget its counts |
//!
//! A server repeats its counts every [`REPEAT_EVERY`]; counts not repeated for
//! [`STALE_AFTER`](crate::hub::STALE_AFTER) are forgotten (a server killed without a word).
//!
//! [`Store::broadcast`]: ttt_store::Store::broadcast

use std::time::{Duration, Instant};

use ttt_core::ByPlayer;
use ttt_store::Change;

use crate::hub::Counts;
use crate::state::AppState;
use crate::view::GameView;

/// How often a server repeats who watches its games.
const REPEAT_EVERY: Duration = Duration::from_secs(10);

/// How often a starting server says hello again until it hears its own hello: the store
/// starts listening in the background, and saves notified before it listens are not heard.
const HELLO_AGAIN: Duration = Duration::from_millis(100);

/// How many hellos a starting server says before it leaves it to the store to say that it
/// may have missed something ([`Change::MayHaveMissed`]).
const HELLOS: u32 = 50;

/// What the store told of.
enum Heard {
    Saved(String),
    Note(String),
    MayHaveMissed,
}

/// Follows the other servers sharing the store, for as long as the server runs; returns at
/// once for a store only this server uses.
pub(crate) async fn follow_other_servers(state: AppState) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Heard>();
    let listening = state
        .with_store(move |s| {
            s.watch_changes(Box::new(move |change| {
                let _ = tx.send(match change {
                    Change::Saved(id) => Heard::Saved(id.to_string()),
                    Change::Note(note) => Heard::Note(note.to_string()),
                    Change::MayHaveMissed => Heard::MayHaveMissed,
                });
            }))
        })
        .await;
    match listening {
        Ok(true) => tracing::info!("following the games other servers save to the database"),
        Ok(false) => return,
        Err(e) => {
            tracing::error!("cannot follow the games other servers save: {e}");
            return;
        }
    }
    let (outbox, changes) = tokio::sync::mpsc::unbounded_channel();
    state.hub.tell_changes_to(outbox);
    let teller = tokio::spawn(tell_others(state.clone(), changes));
    let hello = format!("hello {}", state.server_id);
    let mut hellos = 0;
    let mut hello_again = tokio::time::interval(HELLO_AGAIN);
    let mut repeat = tokio::time::interval(REPEAT_EVERY);
    loop {
        tokio::select! {
            heard = rx.recv() => match heard {
                Some(Heard::Note(note)) if hellos < HELLOS && note == hello => {
                    // Listening now: whatever was saved before is read again, once.
                    hellos = HELLOS;
                    for id in state.hub.watched() {
                        republish(&state, id).await;
                    }
                }
                Some(heard) => take(&state, heard).await,
                None => break,
            },
            _ = hello_again.tick(), if hellos < HELLOS => {
                hellos += 1;
                send(&state, hello.clone()).await;
            }
            _ = repeat.tick() => {
                state.hub.forget_stale(Instant::now());
                announce_all(&state).await;
            }
        }
    }
    teller.abort();
}

/// Tells the other servers that this one stops, so that its watchers are forgotten at once.
pub(crate) async fn say_goodbye(state: &AppState) {
    send(state, format!("bye {}", state.server_id)).await;
}

/// Sends each change to this server's counts to the others, as it comes.
async fn tell_others(
    state: AppState,
    mut changes: tokio::sync::mpsc::UnboundedReceiver<(String, Counts)>,
) {
    while let Some((id, counts)) = changes.recv().await {
        send(&state, watching(&state.server_id, &id, counts)).await;
    }
}

async fn take(state: &AppState, heard: Heard) {
    match heard {
        Heard::Saved(id) => {
            // The notice names the game only: read it if anyone here wants to see it.
            if state.hub.is_watched(&id) {
                republish(state, id).await;
            }
        }
        Heard::Note(note) => match parse(&note) {
            Some(Note::Hello(server)) if server != &*state.server_id => {
                announce_all(state).await;
            }
            Some(Note::Watching(server, id, counts)) if server != &*state.server_id => {
                state.hub.heard(server, id, counts, Instant::now());
            }
            Some(Note::Bye(server)) if server != &*state.server_id => {
                state.hub.forget_server(server);
            }
            Some(_) => {}
            None => tracing::debug!("a note from another server not understood: {note:?}"),
        },
        Heard::MayHaveMissed => {
            // Anything may have changed meanwhile: read every watched game again, and ask
            // the others for their counts.
            for id in state.hub.watched() {
                republish(state, id).await;
            }
            send(state, format!("hello {}", state.server_id)).await;
            announce_all(state).await;
        }
    }
}

async fn republish(state: &AppState, id: String) {
    match state.with_store(move |s| s.live_game(&id)).await {
        Ok(Some(game)) => match game.position() {
            Ok(pos) => state
                .hub
                .publish(&GameView::new(&game, &pos, state.now_ms())),
            Err(e) => tracing::warn!("a game another server saved does not replay: {e}"),
        },
        Ok(None) => {}
        Err(e) => tracing::warn!("reading a game another server saved: {e}"),
    }
}

/// Tells the others this server's counts for every game watched here.
async fn announce_all(state: &AppState) {
    for (id, counts) in state.hub.counts_here() {
        send(state, watching(&state.server_id, &id, counts)).await;
    }
}

async fn send(state: &AppState, note: String) {
    if let Err(e) = state.with_store(move |s| s.broadcast(&note)).await {
        tracing::warn!("telling the other servers: {e}");
    }
}

fn watching(server: &str, id: &str, c: Counts) -> String {
    format!(
        "watching {server} {id} {} {} {}",
        c.spectators, c.players.x, c.players.o
    )
}

/// A note, as read.
#[derive(Debug, PartialEq)]
enum Note<'a> {
    Hello(&'a str),
    Watching(&'a str, &'a str, Counts),
    Bye(&'a str),
}

fn parse(note: &str) -> Option<Note<'_>> {
    let mut words = note.split(' ');
    let note = match (words.next()?, words.next()?) {
        ("hello", server) => Note::Hello(server),
        ("bye", server) => Note::Bye(server),
        ("watching", server) => {
            let id = words.next()?;
            let mut n = || words.next()?.parse::<usize>().ok();
            let (spectators, x, o) = (n()?, n()?, n()?);
            Note::Watching(
                server,
                id,
                Counts {
                    spectators,
                    players: ByPlayer { x, o },
                },
            )
        }
        _ => return None,
    };
    words.next().is_none().then_some(note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_written() {
        let counts = Counts {
            spectators: 3,
            players: ByPlayer { x: 1, o: 0 },
        };
        let note = watching("a1b2", "c0ffee", counts);
        assert_eq!(note, "watching a1b2 c0ffee 3 1 0");
        assert_eq!(parse(&note), Some(Note::Watching("a1b2", "c0ffee", counts)));
        assert_eq!(parse("hello a1b2"), Some(Note::Hello("a1b2")));
        assert_eq!(parse("bye a1b2"), Some(Note::Bye("a1b2")));
        for bad in [
            "",
            "hello",
            "watching a b 1 2",
            "watching a b 1 2 x",
            "hello a b",
            "hi a",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
