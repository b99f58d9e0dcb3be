//! A game as the API shows it: to players and spectators alike, so never a token.

use serde::Serialize;
use ttt_core::{ByPlayer, Cell, Player, Position};
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
    /// Whether the seats have tokens (a friend invited by link): then live updates say
    /// whether each person is connected.
    #[serde(skip)]
    tokens: bool,
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
    /// The state of `game`, whose moves lead to `pos` (replayed once by the caller, not
    /// here: a view is made for every answer and every live update).
    pub(crate) fn new(game: &LiveGame, pos: &Position) -> GameView {
        let seat = |mark: Player| {
            let seat = game.seats.get(mark);
            match &seat.player {
                _ if seat.friend => SeatView::Friend {
                    name: seat.name().map(str::to_string),
                    mark,
                    connected: None,
                },
                Some(Participant::Human { name }) => SeatView::Human {
                    name: name.clone(),
                    mark,
                    connected: None,
                },
                Some(program) => SeatView::Computer {
                    level: program.level().unwrap_or_default(),
                    mark,
                },
                None => SeatView::Friend {
                    name: None,
                    mark,
                    connected: None,
                },
            }
        };
        GameView {
            tokens: game.seats.x.token_hash.is_some() || game.seats.o.token_hash.is_some(),
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
            watchers: None,
        }
    }

    /// The same state with who is watching, as live updates show it.
    pub(crate) fn with_presence(&self, presence: &Presence) -> GameView {
        let mut view = self.clone();
        view.watchers = Some(presence.watchers);
        if view.tokens {
            for (seat, mark) in view.players.iter_mut().zip([Player::X, Player::O]) {
                if let SeatView::Human { connected, .. } | SeatView::Friend { connected, .. } = seat
                {
                    *connected = Some(*presence.connected.get(mark));
                }
            }
        }
        view
    }

    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// The game's version: a view of a higher one is of a later state.
    pub(crate) fn version(&self) -> i64 {
        self.version
    }
}
