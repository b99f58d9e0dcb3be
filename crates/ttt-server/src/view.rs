//! A game as the API shows it: to players and spectators alike, so never a token.

use serde::Serialize;
use ttt_core::{ByPlayer, Cell, Player};
use ttt_store::{Forfeit, LiveGame, Participant};

/// Who is watching a game, as its live updates say.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Presence {
    /// Open event streams of spectators.
    pub(crate) watchers: usize,
    /// Whether each seat's player has an event stream open.
    pub(crate) connected: ByPlayer<bool>,
}

/// A game's state as JSON: `position` in the rules engine's notation (`X.O/.X./...`, rows
/// top to bottom), cells as `{"row", "col"}` counted from 0, `to_move` `null` once over.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameView {
    id: String,
    rows: usize,
    cols: usize,
    k: usize,
    position: String,
    to_move: Option<Player>,
    status: &'static str,
    /// The winner's cells, `null` while nobody has a line (as in `ttt analyze --json`).
    winning_line: Option<Vec<Cell>>,
    moves: Vec<Cell>,
    players: [SeatView; 2],
    /// The side that asked to take its last move back, waiting for the other's answer.
    takeback: Option<Player>,
    /// Hints each side has asked for.
    hints: ByPlayer<u32>,
    /// The id of the game the players went on to, once there is one.
    rematch: Option<String>,
    /// The side whose program failed, and how: it lost the game there (`null` otherwise).
    forfeit: Option<Forfeit>,
    /// Grows with every change: a client keeps the state of the highest version it saw.
    version: i64,
    /// Spectators watching live (only in live updates).
    #[serde(skip_serializing_if = "Option::is_none")]
    watchers: Option<usize>,
}

/// One side as JSON, with the mark it plays.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum SeatView {
    Human {
        name: String,
        mark: Player,
        /// Whether the player has the game open (only in live updates of games with a
        /// friend invited by link).
        #[serde(skip_serializing_if = "Option::is_none")]
        connected: Option<bool>,
    },
    Computer {
        level: String,
        mark: Player,
    },
    Friend {
        /// `null` until the friend joins.
        name: Option<String>,
        mark: Player,
        #[serde(skip_serializing_if = "Option::is_none")]
        connected: Option<bool>,
    },
}

impl GameView {
    /// The state of `game`, with who is watching when that is known.
    pub(crate) fn new(game: &LiveGame, presence: Option<&Presence>) -> Result<GameView, String> {
        let pos = game.position().map_err(|e| e.to_string())?;
        let tokens = game.seats.x.token_hash.is_some() || game.seats.o.token_hash.is_some();
        let seat = |mark: Player| {
            let connected = presence.filter(|_| tokens).map(|p| *p.connected.get(mark));
            let seat = game.seats.get(mark);
            match &seat.player {
                _ if seat.friend => SeatView::Friend {
                    name: seat.name().map(str::to_string),
                    mark,
                    connected,
                },
                Some(Participant::Human { name }) => SeatView::Human {
                    name: name.clone(),
                    mark,
                    connected,
                },
                Some(computer) => SeatView::Computer {
                    level: computer.level().unwrap_or_default(),
                    mark,
                },
                None => SeatView::Friend {
                    name: None,
                    mark,
                    connected,
                },
            }
        };
        Ok(GameView {
            id: game.id.clone(),
            rows: game.rows,
            cols: game.cols,
            k: game.k,
            position: pos.to_string(),
            to_move: (!pos.is_over() && game.forfeit.is_none()).then(|| pos.turn()),
            status: match &game.forfeit {
                Some(f) => f.result().as_str(),
                None => pos.outcome().status(),
            },
            winning_line: Some(pos.winning_cells()).filter(|cells| !cells.is_empty()),
            moves: game.moves.clone(),
            players: [seat(Player::X), seat(Player::O)],
            takeback: game.takeback,
            hints: game.hints,
            rematch: game.rematch.clone(),
            forfeit: game.forfeit.clone(),
            version: game.version,
            watchers: presence.map(|p| p.watchers),
        })
    }
}
