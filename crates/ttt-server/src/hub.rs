//! Live updates: who is watching each game, and the state sent to them after every change.
//!
//! A game that someone watches has a channel: the latest state, the number of spectators,
//! which seats' players are connected, and a broadcast to every open event stream. A change
//! to the game (or to who is watching) sends the whole state, so a client that missed some
//! needs nothing but the next one. A channel goes when its last watcher does: memory follows
//! the connections, not the games.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use ttt_core::{ByPlayer, Player};
use ttt_store::LiveGame;

use crate::view::{GameView, Presence};

/// How many states a slow client may fall behind before it skips to the latest.
const BACKLOG: usize = 16;

/// The channels of the games being watched, by id.
#[derive(Default)]
pub(crate) struct Hub {
    channels: Mutex<HashMap<String, Arc<Channel>>>,
}

/// One watched game.
pub(crate) struct Channel {
    sender: tokio::sync::broadcast::Sender<Arc<str>>,
    inner: Mutex<Watched>,
}

#[derive(Default)]
struct Watched {
    /// The game as last saved, if known.
    game: Option<LiveGame>,
    /// Open event streams without a seat's token.
    spectators: usize,
    /// Open event streams with each seat's token.
    players: ByPlayer<usize>,
}

impl Channel {
    fn watched(&self) -> MutexGuard<'_, Watched> {
        // Every change under this lock is a plain assignment: nothing is left half-done.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A new stream of this game's states.
    pub(crate) fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Arc<str>> {
        self.sender.subscribe()
    }

    /// The state to send now, if the game is known.
    pub(crate) fn current(&self) -> Option<Arc<str>> {
        render(&self.watched())
    }

    /// Takes `game` as the latest and sends it to everyone watching, unless it is no newer
    /// than the one sent (an older version arriving late, or the same save heard again from
    /// the store); whether it was sent.
    fn update(&self, game: &LiveGame) -> bool {
        let state = {
            let mut w = self.watched();
            if w.game.as_ref().is_some_and(|g| g.version >= game.version) {
                return false;
            }
            w.game = Some(game.clone());
            render(&w)
        };
        if let Some(state) = state {
            // Nobody listening is not an error.
            let _ = self.sender.send(state);
        }
        true
    }

    fn resend(&self) {
        if let Some(state) = self.current() {
            let _ = self.sender.send(state);
        }
    }
}

/// The state as JSON, with who is watching.
fn render(w: &Watched) -> Option<Arc<str>> {
    let game = w.game.as_ref()?;
    let presence = Presence {
        watchers: w.spectators,
        connected: ByPlayer {
            x: w.players.x > 0,
            o: w.players.o > 0,
        },
    };
    let view = GameView::new(game, Some(&presence)).ok()?;
    serde_json::to_string(&view).ok().map(Arc::from)
}

/// An open event stream, counted while it lives.
pub(crate) struct Watcher {
    hub: Arc<Hub>,
    id: String,
    channel: Arc<Channel>,
    seat: Option<Player>,
}

impl Watcher {
    /// The game's channel.
    pub(crate) fn channel(&self) -> &Channel {
        &self.channel
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        {
            let mut w = self.channel.watched();
            match self.seat {
                Some(p) => *w.players.get_mut(p) -= 1,
                None => w.spectators -= 1,
            }
        }
        self.channel.resend();
        self.hub.forget_if_unwatched(&self.id);
    }
}

impl Hub {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Channel>>> {
        self.channels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Sends `game`'s new state to whoever watches it.
    pub(crate) fn publish(&self, game: &LiveGame) {
        let channel = self.lock().get(&game.id).cloned();
        if let Some(channel) = channel {
            channel.update(game);
        }
    }

    /// Opens a stream on `game` for the player of `seat`, or a spectator; it is counted
    /// until dropped, and everyone watching hears of it.
    pub(crate) fn watch(self: &Arc<Hub>, game: &LiveGame, seat: Option<Player>) -> Watcher {
        let channel = {
            let mut channels = self.lock();
            Arc::clone(channels.entry(game.id.clone()).or_insert_with(|| {
                Arc::new(Channel {
                    sender: tokio::sync::broadcast::channel(BACKLOG).0,
                    inner: Mutex::new(Watched::default()),
                })
            }))
        };
        {
            let mut w = channel.watched();
            match seat {
                Some(p) => *w.players.get_mut(p) += 1,
                None => w.spectators += 1,
            }
        }
        if !channel.update(game) {
            channel.resend();
        }
        Watcher {
            hub: Arc::clone(self),
            id: game.id.clone(),
            channel,
            seat,
        }
    }

    fn forget_if_unwatched(&self, id: &str) {
        let mut channels = self.lock();
        let unwatched = channels.get(id).is_some_and(|c| {
            let w = c.watched();
            w.spectators == 0 && w.players.x == 0 && w.players.o == 0
        });
        if unwatched {
            channels.remove(id);
        }
    }

    /// Whether anyone watches game `id` here.
    pub(crate) fn is_watched(&self, id: &str) -> bool {
        self.lock().contains_key(id)
    }

    /// The ids of the games watched here now.
    pub(crate) fn watched(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    /// How many games are watched now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Dims;
    use ttt_store::{LiveSeat, SeatKind};

    fn game() -> LiveGame {
        let seat = |name: &str| LiveSeat {
            kind: SeatKind::Human { name: name.into() },
            token_hash: Some(format!("hash-{name}")),
        };
        let seats = ByPlayer {
            x: seat("Ann"),
            o: seat("Bo"),
        };
        LiveGame::new("g".into(), Dims::new(3, 3, 3).unwrap(), seats, 0)
    }

    fn latest(rx: &mut tokio::sync::broadcast::Receiver<Arc<str>>) -> serde_json::Value {
        let mut last = None;
        while let Ok(s) = rx.try_recv() {
            last = Some(s);
        }
        serde_json::from_str(&last.expect("a state was sent")).unwrap()
    }

    #[test]
    fn watchers_are_counted_and_told_of_every_change() {
        let hub = Arc::new(Hub::default());
        let mut g = game();
        let spectator = hub.watch(&g, None);
        let mut rx = spectator.channel().subscribe();
        let ann = hub.watch(&g, Some(Player::X));
        let state = latest(&mut rx);
        assert_eq!(state["watchers"], 1);
        assert_eq!(state["players"][0]["connected"], true);
        assert_eq!(state["players"][1]["connected"], false);
        g.moves.push(ttt_core::Cell::new(1, 1));
        g.version = 1;
        hub.publish(&g);
        assert_eq!(latest(&mut rx)["moves"].as_array().unwrap().len(), 1);
        // An older version arriving late changes nothing.
        let mut old = g.clone();
        old.version = 0;
        old.moves.clear();
        hub.publish(&old);
        assert!(rx.try_recv().is_err());
        // Nor does the same save heard again (from another server's notice).
        hub.publish(&g.clone());
        assert!(rx.try_recv().is_err());
        assert!(hub.is_watched("g"));
        drop(ann);
        assert_eq!(latest(&mut rx)["players"][0]["connected"], false);
        drop(spectator);
        assert_eq!(hub.len(), 0, "an unwatched game is forgotten");
    }
}
