//! A game in play: who sits at each side, the position and the moves so far, and the view of
//! it that the API sends.

use serde::Serialize;
use ttt_ai::Level;
use ttt_core::{ByPlayer, Cell, Dims, PlayError, Player, Position};
use ttt_store::{GameResult, NewGame, Participant};

/// Who plays one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seat {
    /// A person, whose results are kept under this name.
    Human { name: String },
    /// A computer player of this level.
    Computer { level: Level },
}

impl Seat {
    fn participant(&self) -> Participant {
        match self {
            Seat::Human { name } => Participant::human(name.clone()),
            Seat::Computer { level } => Participant::computer(level.name()),
        }
    }

    fn view(&self, mark: Player) -> SeatView {
        match self {
            Seat::Human { name } => SeatView::Human {
                name: name.clone(),
                mark,
            },
            Seat::Computer { level } => SeatView::Computer {
                level: level.name(),
                mark,
            },
        }
    }
}

/// A game the server holds while it is played (and for a while after).
#[derive(Debug, Clone)]
pub(crate) struct Game {
    /// The unguessable id clients use to reach it.
    pub id: String,
    /// The players; X moves first.
    pub players: ByPlayer<Seat>,
    position: Position,
    moves: Vec<Cell>,
    /// Whether the finished game is in the store.
    pub recorded: bool,
    /// Whether a task is making the computer's moves.
    pub thinking: bool,
}

impl Game {
    /// A new game on an empty board.
    pub fn new(id: String, dims: Dims, players: ByPlayer<Seat>) -> Game {
        Game {
            id,
            players,
            position: Position::new(dims),
            moves: Vec::new(),
            recorded: false,
            thinking: false,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Who is to move, or `None` once the game is over.
    pub fn seat_to_move(&self) -> Option<&Seat> {
        (!self.position.is_over()).then(|| self.players.get(self.position.turn()))
    }

    /// Plays `cell` for the side to move.
    pub fn play(&mut self, cell: Cell) -> Result<(), PlayError> {
        self.position = self.position.play(cell)?;
        self.moves.push(cell);
        Ok(())
    }

    /// The game as the store records it, once it is over.
    pub fn record(&self) -> Option<NewGame> {
        let dims = self.position.dims();
        Some(NewGame {
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            x: self.players.x.participant(),
            o: self.players.o.participant(),
            moves: self.moves.clone(),
            result: GameResult::from_outcome(self.position.outcome())?,
        })
    }

    /// The state the API sends.
    pub fn view(&self) -> GameView {
        let dims = self.position.dims();
        GameView {
            id: self.id.clone(),
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            position: self.position.to_string(),
            to_move: (!self.position.is_over()).then(|| self.position.turn()),
            status: self.position.outcome().status(),
            winning_line: Some(self.position.winning_cells()).filter(|cells| !cells.is_empty()),
            moves: self.moves.clone(),
            players: [
                self.players.x.view(Player::X),
                self.players.o.view(Player::O),
            ],
        }
    }
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
}

impl GameView {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// One side as JSON, with the mark it plays.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum SeatView {
    Human { name: String, mark: Player },
    Computer { level: &'static str, mark: Player },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_becomes_a_record() {
        let dims = Dims::new(3, 3, 3).unwrap();
        let players = ByPlayer {
            x: Seat::Human { name: "Ann".into() },
            o: Seat::Computer { level: Level::Easy },
        };
        let mut game = Game::new("g".into(), dims, players);
        // X X X
        // O O .
        // . . .
        for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            game.play(Cell::new(r, c)).unwrap();
            assert!(game.record().is_none());
        }
        game.play(Cell::new(0, 2)).unwrap();
        assert!(game.seat_to_move().is_none());
        let record = game.record().unwrap();
        assert_eq!(record.result, GameResult::XWins);
        assert_eq!(record.moves.len(), 5);
        assert_eq!(record.o, Participant::computer("easy"));
        assert!(record.check().is_ok());
    }
}
