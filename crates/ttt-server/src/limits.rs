//! What the server allows: every bound that keeps one client from taking unbounded memory or
//! time, in one type that `ttt serve`'s options fill and the state hands to every handler.

use std::time::Duration;

/// What the server allows, so that no client can take unbounded memory or time, or crowd
/// out the others. Every one can be set from `ttt serve`'s options.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The most requests at work at once, the live-update streams apart; more wait until one
    /// is answered.
    pub max_connections: usize,
    /// The most live-update streams (`GET /api/games/{id}/events`) open at once; more are
    /// answered 503. Connections open at once are at most this plus `max_connections` (idle
    /// kept-alive ones included); more wait in the system's queue until one closes.
    pub max_streams: usize,
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may wait idle for its next request.
    pub header_timeout: Duration,
    /// How long a shutdown waits for the requests in flight before cutting them off.
    pub shutdown_grace: Duration,
    /// New games (and joins and rematches) a client may start a minute; 0 for no limit.
    pub games_per_minute: u32,
    /// Moves (and takebacks, hints and analyses) a client may ask for a minute; 0 for no
    /// limit.
    pub moves_per_minute: u32,
    /// Tell clients apart by the last address in `X-Forwarded-For`: only behind a proxy
    /// that sets it (otherwise any client could claim any address).
    pub trust_forwarded_for: bool,
    /// The most games kept at once. When full, finished and idle games make room; if none
    /// can, a new game is refused with 503 (the games being played are never dropped).
    pub max_games: usize,
    /// The most rows or columns a board may have.
    pub max_side: usize,
    /// The largest request body, in bytes.
    pub max_body_bytes: usize,
    /// How long a request may take before it is answered with 503.
    pub request_timeout: Duration,
    /// How long the perfect player may think about one move.
    pub thinking_time: Duration,
    /// How long computers may go on moving in one request. Between two computers a request
    /// stops making moves once this is spent (the game goes on with the next read); a
    /// computer's reply to a human is always made.
    pub thinking_budget: Duration,
    /// How long a hint may take to find (at full strength).
    pub hint_time: Duration,
    /// How long the analysis of one position may take.
    pub analysis_time: Duration,
    /// How long the analysis board's engine thinks about one position for a visitor (and
    /// the most a game's evaluation graph takes).
    pub board_analysis_time: Duration,
    /// The most analysis-board searches at once, one thread each; more wait their turn.
    pub board_analysis_threads: usize,
    /// How long the player to move (a person on another device) must have had no page of the
    /// game open before the other may claim the win.
    pub claim_after: Duration,
    /// How long an invitation to a friend's seat stays open.
    pub invite_ttl: Duration,
    /// A game nobody has played or changed for this long is removed (a finished game stays
    /// recorded).
    pub game_ttl: Duration,
}

/// Files a server keeps open besides its clients' connections: the listeners, the database
/// (a file and its journal, or a pool of connections), the log, engines' pipes.
const FILES_BESIDE_CONNECTIONS: u64 = 256;

impl Limits {
    /// The most connections open at once: every request at work and every stream.
    #[must_use]
    pub fn max_open_connections(&self) -> usize {
        self.max_connections
            .max(1)
            .saturating_add(self.max_streams.max(1))
    }

    /// The open files (descriptors) the server needs to reach its limits: one a connection,
    /// and some to spare for the rest.
    #[must_use]
    pub fn open_files_needed(&self) -> u64 {
        u64::try_from(self.max_open_connections())
            .unwrap_or(u64::MAX)
            .saturating_add(FILES_BESIDE_CONNECTIONS)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 512,
            max_streams: 10_000,
            header_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(10),
            games_per_minute: 60,
            moves_per_minute: 600,
            trust_forwarded_for: false,
            max_games: 100_000,
            max_side: 19,
            max_body_bytes: 8 * 1024,
            request_timeout: Duration::from_secs(30),
            thinking_time: Duration::from_secs(1),
            thinking_budget: Duration::from_secs(3),
            hint_time: Duration::from_secs(2),
            analysis_time: Duration::from_secs(2),
            board_analysis_time: Duration::from_secs(30),
            board_analysis_threads: 1,
            claim_after: Duration::from_secs(60),
            invite_ttl: Duration::from_secs(24 * 60 * 60),
            game_ttl: Duration::from_secs(6 * 60 * 60),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_needed_follow_the_connections() {
        let limits = Limits {
            max_connections: 100,
            max_streams: 1_000,
            ..Limits::default()
        };
        assert_eq!(limits.max_open_connections(), 1_100);
        assert_eq!(limits.open_files_needed(), 1_100 + FILES_BESIDE_CONNECTIONS);
        let none = Limits {
            max_connections: 0,
            max_streams: 0,
            ..Limits::default()
        };
        assert_eq!(none.max_open_connections(), 2, "one of each at least");
    }
}
