//! The games in play, kept in memory with a cap and an expiry so memory stays bounded.
//!
//! Each game has its own async lock, held while a move and the computer's reply are made, so
//! two requests for one game are served one after the other and never see half a turn. The
//! table's own lock is only held for lookups.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::game::Game;

/// A game behind its own lock.
pub(crate) type SharedGame = Arc<tokio::sync::Mutex<Game>>;

struct Entry {
    game: SharedGame,
    last_used: Instant,
}

/// Games by id.
pub(crate) struct LiveGames {
    table: Mutex<HashMap<String, Entry>>,
    max_games: usize,
    ttl: Duration,
}

impl LiveGames {
    /// An empty table holding at most `max_games`, each for `ttl` after its last use.
    pub fn new(max_games: usize, ttl: Duration) -> LiveGames {
        LiveGames {
            table: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
            ttl,
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        // A panic while holding this lock cannot leave the map half-changed: every change is
        // one HashMap call.
        self.table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Adds a game, first dropping expired ones and, if still full, the least recently used.
    pub fn insert(&self, game: Game) -> SharedGame {
        let now = Instant::now();
        let mut table = self.lock();
        if table.len() >= self.max_games {
            table.retain(|_, e| now.duration_since(e.last_used) < self.ttl);
        }
        while table.len() >= self.max_games {
            let oldest = table
                .iter()
                .min_by_key(|(_, e)| e.last_used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => table.remove(&id),
                None => break,
            };
        }
        let id = game.id.clone();
        let shared = Arc::new(tokio::sync::Mutex::new(game));
        table.insert(
            id,
            Entry {
                game: Arc::clone(&shared),
                last_used: now,
            },
        );
        shared
    }

    /// The game with this id, unless there is none or it has expired.
    pub fn get(&self, id: &str) -> Option<SharedGame> {
        let now = Instant::now();
        let mut table = self.lock();
        let entry = table.get_mut(id)?;
        if now.duration_since(entry.last_used) >= self.ttl {
            table.remove(id);
            return None;
        }
        entry.last_used = now;
        Some(Arc::clone(&entry.game))
    }

    /// How many games are held.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().len()
    }
}

/// A new game id: 128 bits from the operating system's random source, in hex.
pub(crate) fn new_game_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;
    use ttt_ai::Level;
    use ttt_core::{ByPlayer, Dims};

    fn game(id: &str) -> Game {
        let seat = || Seat::Computer { level: Level::Easy };
        let players = ByPlayer {
            x: seat(),
            o: seat(),
        };
        Game::new(id.into(), Dims::new(3, 3, 3).unwrap(), players)
    }

    #[test]
    fn ids_are_long_and_different() {
        let a = new_game_id().unwrap();
        let b = new_game_id().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_least_recently_used_game_makes_room() {
        let games = LiveGames::new(2, Duration::from_secs(3600));
        games.insert(game("a"));
        std::thread::sleep(Duration::from_millis(2));
        games.insert(game("b"));
        std::thread::sleep(Duration::from_millis(2));
        assert!(games.get("a").is_some()); // now "b" is the least recently used
        games.insert(game("c"));
        assert_eq!(games.len(), 2);
        assert!(games.get("b").is_none());
        assert!(games.get("a").is_some());
        assert!(games.get("c").is_some());
    }

    #[test]
    fn games_expire() {
        let games = LiveGames::new(10, Duration::from_millis(1));
        games.insert(game("a"));
        std::thread::sleep(Duration::from_millis(5));
        assert!(games.get("a").is_none());
        assert_eq!(games.len(), 0);
    }
}
