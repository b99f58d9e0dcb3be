//! The lobby's shared state on one server: the open seeks as last read, and the channel that
//! tells this server's lobby pages when they change.

use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, Notify};

use super::view::SeekView;

/// The open seeks as last read, shared by this server's lobby pages.
pub(crate) struct Lobby {
    seeks: Mutex<Arc<Vec<SeekView>>>,
    updates: broadcast::Sender<Arc<Vec<SeekView>>>,
    /// Rung after a change made here, so that the watcher looks at once.
    look: Notify,
    /// Whether the watcher runs.
    started: std::sync::Once,
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

    /// The seeks just read: sent on to the pages if they changed.
    pub(crate) fn publish(&self, views: Vec<SeekView>) {
        let mut seeks = lock(&self.seeks);
        if **seeks != views {
            let views = Arc::new(views);
            *seeks = Arc::clone(&views);
            let _ = self.updates.send(views);
        }
    }

    /// The updates from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<Vec<SeekView>>> {
        self.updates.subscribe()
    }
}
