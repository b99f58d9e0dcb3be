//! What a game at the console is made of: the options checked, the two sides, the round
//! being played, and the board drawn with what just happened.

use std::io::Write;
use std::time::Duration;

use ttt_core::{ByPlayer, Cell, Dims, Opening, Player, Position, Rule, TimeControl};
use ttt_play::timing::TimeOut;
use ttt_play::{Mover, Thinking};
use ttt_store::Forfeit;

use super::console::{Console, Input, Step};
use crate::args::Seat;
use crate::output::board::{emphasised, Emphasis};

/// Everything the session needs from the command line, once checked.
#[derive(Debug, Clone)]
pub(super) struct Options {
    pub(super) dims: Dims,
    pub(super) rule: Rule,
    pub(super) opening: Opening,
    pub(super) x: Option<Seat>,
    pub(super) o: Option<Seat>,
    pub(super) seed: Option<u64>,
    pub(super) time_limit: Duration,
    /// An outside program's time a move.
    pub(super) engine_time: Duration,
    /// The players' time for each game (from its first move after the opening).
    pub(super) clock: TimeControl,
}

/// One side of the game: who sits there, and what moves for it.
pub(super) struct Side {
    pub(super) seat: Seat,
    pub(super) mover: Mover,
}

impl Side {
    /// The side of `seat`, its computer (if any) thinking as the options say.
    pub(super) fn new(seat: Seat, seed: Option<u64>, options: &Options) -> Side {
        let thinking = Thinking {
            seed,
            time_limit: options.time_limit,
        };
        let mover = Mover::local(&seat, thinking, options.engine_time);
        Side { seat, mover }
    }

    /// `Alice (X)`, `Computer (hard, X)` or `Engine bot.py (X)`.
    pub(super) fn who(&self, mark: Player) -> String {
        self.seat.with_mark(mark)
    }
}

/// A game being played at the console.
pub(super) struct Round {
    pub(super) pos: Position,
    pub(super) moves: Vec<Cell>,
    pub(super) hints: ByPlayer<u32>,
    /// What happened in the last moves, shown under the board.
    pub(super) notes: Vec<String>,
    /// The side whose program failed, and how: the game ends there.
    pub(super) forfeit: Option<Forfeit>,
    /// The side whose clock ran out: the game ends there.
    pub(super) time_out: Option<TimeOut>,
    /// Whether a person has moved yet (the welcome stays on the screen until then).
    pub(super) human_moved: bool,
    /// Moves no takeback may undo: the opening's stones.
    pub(super) fixed: usize,
}

impl Round {
    /// A game about to start on `empty`.
    pub(super) fn new(empty: Position) -> Round {
        Round {
            pos: empty,
            moves: Vec::new(),
            hints: ByPlayer::default(),
            notes: Vec::new(),
            forfeit: None,
            time_out: None,
            human_moved: false,
            fixed: 0,
        }
    }

    /// Shows the board with its last move and the notes under it (see [`draw`]).
    pub(super) fn draw<R: Input, W: Write>(
        &self,
        console: &mut Console<R, W>,
        title: &str,
        clear: bool,
    ) -> Step<()> {
        let last = self.moves.last().copied();
        draw(console, &self.pos, last, title, &self.notes, clear)
    }

    /// Adds a line under the board, keeping the last two (all a screen shows).
    pub(super) fn note(&mut self, line: String) {
        self.notes.push(line);
        if self.notes.len() > 2 {
            self.notes.remove(0);
        }
    }
}

/// Shows the title, the board with the last move (or, at the end, the winning line) marked,
/// and what just happened. `clear`: start on a fresh screen (on a terminal).
pub(super) fn draw<R: Input, W: Write>(
    console: &mut Console<R, W>,
    pos: &Position,
    last: Option<Cell>,
    title: &str,
    notes: &[String],
    clear: bool,
) -> Step<()> {
    if clear {
        console.new_screen()?;
    } else {
        console.say("")?;
    }
    let winning = pos.winning_cells();
    let emphasis = |cell: Cell| {
        if winning.contains(&cell) {
            Emphasis::Winning
        } else if winning.is_empty() && last == Some(cell) {
            Emphasis::LastMove
        } else {
            Emphasis::Plain
        }
    };
    let colour = console.screen().colour;
    console.say(title)?;
    console.say("")?;
    console.show(emphasised(pos, emphasis, colour))?;
    console.say("")?;
    // A fresh screen shows both players' last moves; a transcript has the earlier one
    // under the board before.
    let shown = if console.screen().clear { 2 } else { 1 };
    for note in &notes[notes.len().saturating_sub(shown)..] {
        console.say(note)?;
    }
    Ok(())
}
