//! The lobby's shared state on one server: the open seeks as last read, and the channel that
//! tells this server's lobby pages when they change.

use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, Notify};

use super::view::SeekView;

/// The open seeks as last read, shared by this server's lobby pages.
pub(crate) struct Lobby {
    seeks: Mutex<Shared>,
    updates: broadcast::Sender<Arc<Vec<SeekView>>>,
    /// Rung after a change made here, so that the watcher looks at once.
    look: Notify,
    /// Whether the watcher runs.
    started: std::sync::Once,
}

/// The seeks last sent on, and whether the next look is sent on even if it finds the same.
#[derive(Default)]
struct Shared {
    last: Arc<Vec<SeekView>>,
    send_next: bool,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            seeks: Mutex::default(),
            updates: broadcast::channel(64).0,
            look: Notify::new(),
            started: std::sync::Once::new(),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Lobby {
    /// Says a seek was made, accepted or removed here: the watcher looks now.
    pub(crate) fn changed(&self) {
        self.look.notify_one();
    }

    /// Waits until a change made here asks the watcher to look.
    pub(crate) async fn look_asked(&self) {
        self.look.notified().await;
    }

    /// Starts the watcher with `spawn`, once.
    pub(crate) fn start(&self, spawn: impl FnOnce()) {
        self.started.call_once(spawn);
    }

    /// The seeks just read: sent on to the pages if they changed (or a page asked).
    pub(crate) fn publish(&self, views: Vec<SeekView>) {
        let mut shared = lock(&self.seeks);
        if *shared.last != views || shared.send_next {
            let views = Arc::new(views);
            shared.last = Arc::clone(&views);
            shared.send_next = false;
            let _ = self.updates.send(views);
        }
    }

    /// The updates from now on, for a page that read `first` itself. Where that is not what
    /// was last sent on (a seek made or gone since), the next look is sent on even if it
    /// finds what was last sent: otherwise the page would keep a seek that went before the
    /// shared list ever had it, or miss one that came back.
    pub(crate) fn subscribe(&self, first: &[SeekView]) -> broadcast::Receiver<Arc<Vec<SeekView>>> {
        let mut shared = lock(&self.seeks);
        let receiver = self.updates.subscribe();
        if *shared.last != first {
            shared.send_next = true;
            self.look.notify_one();
        }
        receiver
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_store::{Seek, SeekColor};

    fn seek(id: &str) -> SeekView {
        SeekView::new(&Seek {
            id: id.into(),
            rows: 3,
            cols: 3,
            k: 3,
            rule: ttt_core::Rule::Freestyle,
            opening: ttt_core::Opening::None,
            time_control: ttt_core::TimeControl::None,
            rated: false,
            quick: false,
            color: SeekColor::Random,
            seeker: "Ann".into(),
            seeker_account: false,
            token_hash: "hash".into(),
            rating: None,
            rating_provisional: false,
            created_ms: 1,
            alive_ms: 1,
            game: None,
            accepted_by: None,
        })
    }

    #[test]
    fn a_page_that_read_another_list_gets_the_next_look_even_if_unchanged() {
        let lobby = Lobby::default();
        // The page read a seek the shared list never had; it went before the next look.
        let mut page = lobby.subscribe(&[seek("s1")]);
        lobby.publish(Vec::new());
        assert_eq!(*page.try_recv().unwrap(), Vec::<SeekView>::new());
        // Once in step, an unchanged look is not sent again.
        lobby.publish(Vec::new());
        assert!(page.try_recv().is_err());
        let mut other = lobby.subscribe(&[]);
        lobby.publish(vec![seek("s2")]);
        assert_eq!(other.try_recv().unwrap().len(), 1);
        assert_eq!(page.try_recv().unwrap().len(), 1);
    }
}
