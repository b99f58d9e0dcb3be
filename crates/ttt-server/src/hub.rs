//! Live updates: who is watching each game, and the state sent to them after every change.
//!
//! A game that someone watches has a channel: the latest state, the number of spectators,
//! which seats' players are connected, and a broadcast to every open event stream. A change
//! to the game sends the whole state at once, and a change of who is watching sends it within
//! [`PRESENCE_EVERY`] (one state for many arrivals: a stream opening is not a message to every
//! other), so a client that missed some needs nothing but the next one. A channel goes when
//! its last watcher does: memory follows the connections, not the games.
//!
//! Servers that share a database tell each other who watches which game (see
//! [`crate::cluster::follow_other_servers`]): each one's counts are added to the ones here, and are
//! forgotten when that server has not repeated them for [`STALE_AFTER`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ttt_core::{ByPlayer, Player};

use crate::view::{GameView, Presence};

/// How many states a slow client may fall behind before it skips to the latest.
const BACKLOG: usize = 16;

/// How often at most a change of who watches (and nothing else) is sent: a thousand people
/// arriving at once make one state, not a thousand, each sent to everyone already there. A
/// change to the game itself is sent at once, with the counts as they are.
const PRESENCE_EVERY: Duration = Duration::from_millis(250);

/// How long another server's counts stand without being repeated: a server that stopped
/// without saying so (killed, cut off) is forgotten after this.
pub(crate) const STALE_AFTER: Duration = Duration::from_secs(30);

/// Who watches one game on one server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Open event streams without a seat's token.
    pub(crate) spectators: usize,
    /// Open event streams with each seat's token.
    pub(crate) players: ByPlayer<usize>,
}

impl Counts {
    fn is_empty(&self) -> bool {
        *self == Counts::default()
    }

    fn add(&mut self, other: Counts) {
        self.spectators += other.spectators;
        self.players.x += other.players.x;
        self.players.o += other.players.o;
    }
}

/// The other servers' counts for one game, by server, with when each was heard.
type Elsewhere = HashMap<String, (Counts, Instant)>;

/// The channels of the games being watched here, by id, and who watches elsewhere.
#[derive(Default)]
pub(crate) struct Hub {
    channels: Mutex<HashMap<String, Arc<Channel>>>,
    /// Games watched on other servers: their counts, by game.
    elsewhere: Mutex<HashMap<String, Elsewhere>>,
    /// Where changes to this server's counts go, to be told to the others (once they listen).
    outbox: Mutex<Option<tokio::sync::mpsc::UnboundedSender<(String, Counts)>>>,
}

/// One watched game.
pub(crate) struct Channel {
    sender: tokio::sync::broadcast::Sender<Arc<str>>,
    inner: Mutex<Watched>,
    /// Whether a send of the counts is due within [`PRESENCE_EVERY`].
    presence_due: std::sync::atomic::AtomicBool,
}

#[derive(Default)]
struct Watched {
    /// The game as last saved, if known.
    game: Option<GameView>,
    /// Who watches on this server.
    here: Counts,
    /// Who watches on the other servers, as last heard.
    elsewhere: Counts,
}

impl Channel {
    fn watched(&self) -> MutexGuard<'_, Watched> {
        // Every change under this lock is a plain assignment: nothing is left half-done.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The state to send now, if the game is known, and a stream of every state sent after
    /// it: one cut under the lock every state is sent under, so that no state falls between
    /// the two (a state read first and a subscription made after it would miss a move saved
    /// in the gap until the next change).
    pub(crate) fn follow(&self) -> (Option<Arc<str>>, tokio::sync::broadcast::Receiver<Arc<str>>) {
        let w = self.watched();
        (render(&w), self.sender.subscribe())
    }

    /// The state to send now, if the game is known.
    #[cfg(test)]
    pub(crate) fn current(&self) -> Option<Arc<str>> {
        render(&self.watched())
    }

    /// Takes `game` as the latest and sends it to everyone watching, unless it is no newer
    /// than the one sent (an older version arriving late, or the same save heard again from
    /// the store); whether it was sent.
    pub(crate) fn update(&self, game: &GameView) -> bool {
        let mut w = self.watched();
        if w.game
            .as_ref()
            .is_some_and(|g| g.version() >= game.version())
        {
            return false;
        }
        w.game = Some(game.clone());
        Self::send(&w, &self.sender);
        true
    }

    fn resend(&self) {
        Self::send(&self.watched(), &self.sender);
    }

    /// Sends the state within [`PRESENCE_EVERY`], once for every change of the counts made
    /// meanwhile; at once where there is no runtime to wait on.
    fn resend_soon(self: &Arc<Self>) {
        use std::sync::atomic::Ordering;
        if self.presence_due.swap(true, Ordering::AcqRel) {
            return;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                let channel = Arc::clone(self);
                runtime.spawn(async move {
                    tokio::time::sleep(PRESENCE_EVERY).await;
                    // Cleared first: a change made while this one renders is sent next time.
                    channel.presence_due.store(false, Ordering::Release);
                    channel.resend();
                });
            }
            Err(_) => {
                self.presence_due.store(false, Ordering::Release);
                self.resend();
            }
        }
    }

    /// Sends the state under the lock (`w`): see [`Channel::follow`].
    fn send(w: &Watched, sender: &tokio::sync::broadcast::Sender<Arc<str>>) {
        if let Some(state) = render(w) {
            // Nobody listening is not an error.
            let _ = sender.send(state);
        }
    }
}

/// The state as JSON, with who is watching here and elsewhere.
fn render(w: &Watched) -> Option<Arc<str>> {
    let game = w.game.as_ref()?;
    let mut all = w.here;
    all.add(w.elsewhere);
    let presence = Presence {
        watchers: all.spectators,
        connected: ByPlayer {
            x: all.players.x > 0,
            o: all.players.o > 0,
        },
    };
    serde_json::to_string(&game.with_presence(&presence))
        .ok()
        .map(Arc::from)
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
        let here = {
            let mut w = self.channel.watched();
            match self.seat {
                Some(p) => *w.here.players.get_mut(p) -= 1,
                None => w.here.spectators -= 1,
            }
            w.here
        };
        self.channel.resend_soon();
        self.hub.tell(&self.id, here);
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
    pub(crate) fn publish(&self, game: &GameView) {
        let channel = self.lock().get(game.id()).cloned();
        if let Some(channel) = channel {
            channel.update(game);
        }
    }

    /// Opens a stream on `game` for the player of `seat`, or a spectator; it is counted
    /// until dropped, and everyone watching hears of it. Saves published from now on reach
    /// the channel; one made between reading `game` and this call did not, so the caller
    /// reads the game again and gives it to [`Channel::update`].
    pub(crate) fn watch(self: &Arc<Hub>, game: &GameView, seat: Option<Player>) -> Watcher {
        let (channel, here) = {
            let mut channels = self.lock();
            let channel = Arc::clone(channels.entry(game.id().to_string()).or_insert_with(|| {
                let elsewhere = self.elsewhere_sum(game.id());
                Arc::new(Channel {
                    sender: tokio::sync::broadcast::channel(BACKLOG).0,
                    inner: Mutex::new(Watched {
                        elsewhere,
                        ..Watched::default()
                    }),
                    presence_due: std::sync::atomic::AtomicBool::new(false),
                })
            }));
            // Counted before the map's lock is let go: a watcher leaving at this moment
            // must not find the channel empty and drop it from the map while this stream
            // goes on listening to it (it would hear of no save again).
            let mut w = channel.watched();
            match seat {
                Some(p) => *w.here.players.get_mut(p) += 1,
                None => w.here.spectators += 1,
            }
            let here = w.here;
            drop(w);
            (channel, here)
        };
        if !channel.update(game) {
            channel.resend_soon();
        }
        self.tell(game.id(), here);
        Watcher {
            hub: Arc::clone(self),
            id: game.id().to_string(),
            channel,
            seat,
        }
    }

    fn forget_if_unwatched(&self, id: &str) {
        let mut channels = self.lock();
        let unwatched = channels
            .get(id)
            .is_some_and(|c| c.watched().here.is_empty());
        if unwatched {
            channels.remove(id);
        }
    }

    fn lock_elsewhere(&self) -> MutexGuard<'_, HashMap<String, Elsewhere>> {
        self.elsewhere
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Who watches game `id` on the other servers, all told.
    fn elsewhere_sum(&self, id: &str) -> Counts {
        let mut sum = Counts::default();
        if let Some(servers) = self.lock_elsewhere().get(id) {
            for (counts, _) in servers.values() {
                sum.add(*counts);
            }
        }
        sum
    }

    /// Passes this server's new counts for game `id` on to the other servers, if they listen.
    fn tell(&self, id: &str, here: Counts) {
        let outbox = self
            .outbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(outbox) = outbox.as_ref() {
            let _ = outbox.send((id.to_string(), here));
        }
    }

    /// From now on, changes to this server's counts go to `outbox`.
    pub(crate) fn tell_changes_to(
        &self,
        outbox: tokio::sync::mpsc::UnboundedSender<(String, Counts)>,
    ) {
        *self
            .outbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(outbox);
    }

    /// This server's counts for every game watched here.
    pub(crate) fn counts_here(&self) -> Vec<(String, Counts)> {
        self.lock()
            .iter()
            .map(|(id, c)| (id.clone(), c.watched().here))
            .collect()
    }

    /// Takes another server's counts for game `id`, heard at `now`, and sends the game's
    /// state again to whoever watches it here.
    pub(crate) fn heard(&self, server: &str, id: &str, counts: Counts, now: Instant) {
        {
            let mut elsewhere = self.lock_elsewhere();
            if counts.is_empty() {
                if let Some(servers) = elsewhere.get_mut(id) {
                    servers.remove(server);
                    if servers.is_empty() {
                        elsewhere.remove(id);
                    }
                }
            } else {
                elsewhere
                    .entry(id.to_string())
                    .or_default()
                    .insert(server.to_string(), (counts, now));
            }
        }
        self.refresh(id);
    }

    /// Forgets everything heard from `server` (it said it stops).
    pub(crate) fn forget_server(&self, server: &str) {
        let games = self.drop_elsewhere(|s, _| s == server);
        for id in games {
            self.refresh(&id);
        }
    }

    /// Forgets the counts not repeated since [`STALE_AFTER`] before `now`.
    pub(crate) fn forget_stale(&self, now: Instant) {
        let games =
            self.drop_elsewhere(|_, heard| now.saturating_duration_since(heard) > STALE_AFTER);
        for id in games {
            self.refresh(&id);
        }
    }

    /// Removes the entries `gone` picks; the games whose counts changed.
    fn drop_elsewhere(&self, gone: impl Fn(&str, Instant) -> bool) -> Vec<String> {
        let mut changed = Vec::new();
        self.lock_elsewhere().retain(|id, servers| {
            let before = servers.len();
            servers.retain(|server, (_, heard)| !gone(server, *heard));
            if servers.len() != before {
                changed.push(id.clone());
            }
            !servers.is_empty()
        });
        changed
    }

    /// Sends game `id`'s state with the latest counts from elsewhere, if it is watched here.
    fn refresh(&self, id: &str) {
        let channel = self.lock().get(id).cloned();
        if let Some(channel) = channel {
            let elsewhere = self.elsewhere_sum(id);
            let changed = {
                let mut w = channel.watched();
                std::mem::replace(&mut w.elsewhere, elsewhere) != elsewhere
            };
            if changed {
                channel.resend();
            }
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
    use ttt_store::{LiveGame, LiveSeat, Participant};

    fn view(game: &LiveGame) -> GameView {
        GameView::new(game, &game.position().unwrap(), 0)
    }

    fn game() -> LiveGame {
        let seat = |name: &str| LiveSeat {
            token_hash: Some(format!("hash-{name}")),
            ..LiveSeat::new(Participant::human(name))
        };
        // Bo was invited by link: who is connected is shown.
        let seats = ByPlayer {
            x: seat("Ann"),
            o: LiveSeat {
                friend: true,
                ..seat("Bo")
            },
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
        let spectator = hub.watch(&view(&g), None);
        let mut rx = spectator.channel().follow().1;
        let ann = hub.watch(&view(&g), Some(Player::X));
        let state = latest(&mut rx);
        assert_eq!(state["watchers"], 1);
        assert_eq!(state["players"][0]["connected"], true);
        assert_eq!(state["players"][1]["connected"], false);
        g.moves.push(ttt_core::Cell::new(1, 1));
        g.version = 1;
        hub.publish(&view(&g));
        assert_eq!(latest(&mut rx)["moves"].as_array().unwrap().len(), 1);
        // An older version arriving late changes nothing.
        let mut old = g.clone();
        old.version = 0;
        old.moves.clear();
        hub.publish(&view(&old));
        assert!(rx.try_recv().is_err());
        // Nor does the same save heard again (from another server's notice).
        hub.publish(&view(&g.clone()));
        assert!(rx.try_recv().is_err());
        assert!(hub.is_watched("g"));
        drop(ann);
        assert_eq!(latest(&mut rx)["players"][0]["connected"], false);
        drop(spectator);
        assert_eq!(hub.len(), 0, "an unwatched game is forgotten");
    }

    #[tokio::test]
    async fn many_arrivals_make_one_state_and_a_move_goes_at_once() {
        let hub = Arc::new(Hub::default());
        let mut g = game();
        let first = hub.watch(&view(&g), None);
        let mut rx = first.channel().follow().1;
        let others: Vec<Watcher> = (0..100).map(|_| hub.watch(&view(&g), None)).collect();
        assert!(rx.try_recv().is_err(), "arrivals wait to be sent together");
        tokio::time::sleep(PRESENCE_EVERY * 3).await;
        let mut states = Vec::new();
        while let Ok(s) = rx.try_recv() {
            states.push(s);
        }
        assert_eq!(states.len(), 1, "one state for a hundred arrivals");
        let state: serde_json::Value = serde_json::from_str(&states[0]).unwrap();
        assert_eq!(state["watchers"], 101);
        g.moves.push(ttt_core::Cell::new(1, 1));
        g.version = 1;
        hub.publish(&view(&g));
        assert_eq!(latest(&mut rx)["moves"].as_array().unwrap().len(), 1);
        drop(others);
        tokio::time::sleep(PRESENCE_EVERY * 3).await;
        assert_eq!(latest(&mut rx)["watchers"], 1);
    }

    #[test]
    fn watchers_on_other_servers_count_until_they_go_or_go_quiet() {
        let hub = Arc::new(Hub::default());
        let g = game();
        let start = Instant::now();
        // Heard before anyone here watches: counted from the first state on.
        let bo_elsewhere = Counts {
            spectators: 2,
            players: ByPlayer { x: 0, o: 1 },
        };
        hub.heard("b", "g", bo_elsewhere, start);
        let ann = hub.watch(&view(&g), Some(Player::X));
        let mut rx = ann.channel().follow().1;
        let state: serde_json::Value =
            serde_json::from_str(&ann.channel().current().unwrap()).unwrap();
        assert_eq!(state["watchers"], 2);
        assert_eq!(state["players"][0]["connected"], true);
        assert_eq!(state["players"][1]["connected"], true);
        // Another server's spectator, then that server's goodbye.
        let one = Counts {
            spectators: 1,
            ..Counts::default()
        };
        hub.heard("c", "g", one, start);
        assert_eq!(latest(&mut rx)["watchers"], 3);
        hub.forget_server("c");
        assert_eq!(latest(&mut rx)["watchers"], 2);
        // Repeated in time, b's counts stand; not repeated, they go.
        hub.heard("b", "g", bo_elsewhere, start + STALE_AFTER);
        hub.forget_stale(start + STALE_AFTER + Duration::from_secs(1));
        assert!(rx.try_recv().is_err(), "nothing changed");
        hub.forget_stale(start + STALE_AFTER * 2 + Duration::from_secs(1));
        let state = latest(&mut rx);
        assert_eq!(state["watchers"], 0);
        assert_eq!(state["players"][1]["connected"], false);
        // This server's own changes are told, once anyone listens.
        let (tx, mut told) = tokio::sync::mpsc::unbounded_channel();
        hub.tell_changes_to(tx);
        let spectator = hub.watch(&view(&g), None);
        assert_eq!(
            told.try_recv().unwrap(),
            (
                "g".to_string(),
                Counts {
                    spectators: 1,
                    players: ByPlayer { x: 1, o: 0 }
                }
            )
        );
        drop(spectator);
        assert_eq!(told.try_recv().unwrap().1.spectators, 0);
        assert_eq!(
            hub.counts_here(),
            [(
                "g".to_string(),
                Counts {
                    spectators: 0,
                    players: ByPlayer { x: 1, o: 0 }
                }
            )]
        );
    }
}
