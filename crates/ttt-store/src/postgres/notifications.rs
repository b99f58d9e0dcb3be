//! How servers sharing a PostgreSQL database hear of each other: every save of a game is
//! announced on a channel by `NOTIFY`, notes between servers on another, and each store that
//! watches listens on a connection of its own, connecting again whenever it is lost.

use std::path::PathBuf;
use std::time::Duration;

use tokio_postgres::AsyncMessage;
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::postgres::db::Cached;
use crate::postgres::errors::PgError;
use crate::postgres::open::PgStore;
use crate::{Change, ChangeListener, StoreError};

/// The channel that game saves are announced on.
pub(super) const CHANNEL: &str = "ttt_games";

/// The channel of [`Store::broadcast`](crate::Store::broadcast)'s notes.
const NOTES: &str = "ttt_notes";

/// The longest note PostgreSQL passes on (its limit is 8000 bytes).
const MAX_NOTE_BYTES: usize = 7_900;

/// How long a listener waits before connecting again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

impl PgStore {
    /// Sends `note` to every store that watches.
    pub(super) fn send_note(&self, note: &str) -> Result<bool, StoreError> {
        if note.len() > MAX_NOTE_BYTES {
            return Err(StoreError::Backend {
                path: self.shown.clone(),
                source: format!("a note of {} bytes is too long to broadcast", note.len()).into(),
            });
        }
        self.run(async {
            self.client()
                .await?
                .cached_execute("SELECT pg_notify($1, $2)", &[&NOTES, &note])
                .await
                .map_err(|e| self.err(e))?;
            Ok(true)
        })
    }

    /// Starts listening for `changed`, for as long as the store lives.
    pub(super) fn listen(&self, changed: ChangeListener) {
        let config = self.config.clone();
        self.runtime().spawn(listen(
            config,
            self.tls.clone(),
            changed,
            self.shown.clone(),
        ));
    }
}

/// Listens for game saves on a connection of its own, for as long as the store's runtime
/// runs, connecting again whenever the connection is lost.
async fn listen(
    config: tokio_postgres::Config,
    tls: MakeRustlsConnect,
    changed: ChangeListener,
    shown: PathBuf,
) {
    // Said once when listening stops working and once when it works again, so that a
    // database that stays away does not fill the log.
    let mut failing = false;
    loop {
        let why = match listen_once(&config, &tls, &changed, &mut failing).await {
            Ok(()) => "the connection closed".to_string(),
            Err(e) => PgError::from(e).0,
        };
        if !failing {
            failing = true;
            eprintln!(
                "ttt: lost the notices of games saved by other servers ({}: {why}); connecting \
                 again every {} s",
                shown.display(),
                RECONNECT_AFTER.as_secs()
            );
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

/// Listens on one connection until it is lost.
async fn listen_once(
    config: &tokio_postgres::Config,
    tls: &MakeRustlsConnect,
    changed: &ChangeListener,
    failing: &mut bool,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(tls.clone()).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    // The connection does its work only when polled; notifications arrive as its messages.
    let driver = tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    let heard = (n.channel() == NOTES, n.payload().to_string());
                    if tx.send(Ok(heard)).is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    let _ = tx.send(Err(e));
                    return;
                }
                None => return,
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {NOTES};"))
        .await?;
    if std::mem::take(failing) {
        eprintln!("ttt: hearing of games saved by other servers again");
        changed(Change::MayHaveMissed);
    }
    let ended = loop {
        match rx.recv().await {
            Some(Ok((false, id))) => changed(Change::Saved(&id)),
            Some(Ok((true, note))) => changed(Change::Note(&note)),
            Some(Err(e)) => break Err(e),
            None => break Ok(()),
        }
    };
    driver.abort();
    drop(client);
    ended
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use ttt_core::Cell;

    use super::*;
    use crate::contract::friendly;
    use crate::Store;

    #[test]
    fn a_save_is_heard_by_every_store_that_watches() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let watcher = PgStore::open(&url).unwrap();
        let (tx, rx) = mpsc::channel();
        let tx = std::sync::Mutex::new(tx);
        assert!(watcher
            .watch_changes(Box::new(move |change| {
                let heard = match change {
                    Change::Saved(id) => id.to_string(),
                    Change::Note(note) => format!("note: {note}"),
                    Change::MayHaveMissed => "(missed)".to_string(),
                };
                let _ = tx.lock().unwrap().send(heard);
            }))
            .unwrap());
        let writer = PgStore::open(&url).unwrap();
        // The listener connects on its own: wait until it hears a save.
        let mut game = friendly("heard");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        writer.create_live_game(&game).unwrap();
        loop {
            game = writer.save_live_game(&game).unwrap();
            if let Ok(id) = rx.recv_timeout(Duration::from_millis(200)) {
                assert_eq!(id, "heard");
                break;
            }
            assert!(std::time::Instant::now() < deadline, "no notification");
        }
        game.moves.push(Cell::new(1, 1));
        game = writer.save_live_game(&game).unwrap();
        let id = rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert_eq!(id, "heard");
        // The listener's connection is cut: it connects again and says it may have missed
        // some, then hears the next saves again.
        std::thread::sleep(Duration::from_millis(300));
        while rx.try_recv().is_ok() {}
        let name = url.rsplit('/').next().unwrap();
        let cut = cluster
            .psql(
                name,
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE query LIKE 'LISTEN%'",
            )
            .unwrap();
        assert_eq!(cut.trim(), "1");
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)).unwrap(),
            "(missed)"
        );
        game.moves.push(Cell::new(2, 2));
        writer.save_live_game(&game).unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)).unwrap(), "heard");
        // Notes between servers go the same way.
        assert!(writer.broadcast("hello from the writer").unwrap());
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(5)).unwrap(),
            "note: hello from the writer"
        );
        assert!(writer.broadcast(&"x".repeat(10_000)).is_err());
    }
}
