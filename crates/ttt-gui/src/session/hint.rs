//! Hints: the best move for the person to move, looked for on a thread of its own and
//! counted in the game's record.

use super::*;

impl Session {
    /// Starts looking for the best move for the human to move, at full strength, on its own
    /// thread; counted in the game's record. `wake` is called when it is found.
    ///
    /// # Errors
    /// [`Refused::ComputersTurn`] or [`Refused::Over`] when no human is to move.
    pub fn ask_hint(&mut self, wake: &Wake) -> Result<(), Refused> {
        match self.status() {
            Status::Won(_) | Status::Tie => return Err(Refused::Over),
            Status::ComputerToMove(_) => return Err(Refused::ComputersTurn),
            Status::HumanToMove(_) => {}
        }
        if self.hinting.is_some() || self.hint.is_some() {
            return Ok(());
        }
        *self.hints.get_mut(self.pos.turn()) += 1;
        // On the asker's clock, within the share a computer would take.
        let time = self
            .timer
            .thinking_time(self.pos.turn(), self.pace.time_limit);
        let pos = self.pos;
        let (sender, receiver) = mpsc::channel();
        let wake = Arc::clone(wake);
        let spawned = std::thread::Builder::new()
            .name("ttt-hint".into())
            .spawn(move || {
                let found = ttt_play::hint(&pos, time);
                let _ = sender.send(found);
                wake();
            });
        match spawned {
            Ok(_) => {
                self.hinting = Some(Hinting {
                    ply: self.moves.len(),
                    receiver,
                });
            }
            Err(e) => self.problem = Some(format!("cannot look for a hint: {e}")),
        }
        Ok(())
    }

    /// Whether a hint is being looked for.
    #[must_use]
    pub fn is_hinting(&self) -> bool {
        self.hinting.is_some()
    }

    /// The hint for the position on the board, once found.
    #[must_use]
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }
}
