//! Taking moves back: against the computer its reply goes too, between two people the
//! last move; never the opening's stones, and never with a clock.

use ttt_play::takeback::{self, Opponent};

use super::*;

impl Session {
    /// Whether Undo can take a move back now: a human plays, and has something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.undo_to().is_some()
    }

    /// How many moves stay after an undo: against the computer, those before the human's
    /// last move (so the computer's reply goes too); between two people, all but the last.
    pub(super) fn undo_to(&self) -> Option<usize> {
        // A clock cannot be wound back with the moves.
        if self.pos.is_over()
            || self.forfeit.is_some()
            || self.opening_phase().is_some()
            || self.timer.is_timed()
        {
            return None;
        }
        let humans: Vec<Seat> = Seat::BOTH
            .into_iter()
            .filter(|&s| !self.players.get(s).is_machine())
            .collect();
        let (asker, opponent) = match humans.as_slice() {
            [human] => (self.mark(*human), Opponent::Machine),
            [_, _] => (self.pos.turn(), Opponent::Person),
            _ => return None,
        };
        takeback::keeps(self.moves.len(), asker, opponent).filter(|&keep| keep >= self.fixed)
    }

    /// Takes a move back (see [`Session::can_undo`]); a finished game's result stays.
    ///
    /// # Errors
    /// [`Refused::NothingToUndo`] when there is nothing a human may take back.
    pub fn undo(&mut self) -> Result<(), Refused> {
        let keep = self.undo_to().ok_or(Refused::NothingToUndo)?;
        self.stop_thinking();
        self.moves.truncate(keep);
        let mut pos = self.start;
        for &cell in &self.moves {
            pos.play_unchecked(cell);
        }
        self.pos = pos;
        self.last_move_at = Instant::now();
        Ok(())
    }
}
