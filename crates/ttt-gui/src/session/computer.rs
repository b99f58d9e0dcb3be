//! The computer players of a session: made for their seats, each move thought about on a
//! thread of its own (within its share of its clock), and dropped when the game moves on.

use super::*;

impl Session {
    /// Forgets a computer's move being thought about, and a hint being looked for: their
    /// threads finish on their own, and what they send goes nowhere.
    pub(super) fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            self.ensure_computer(thinking.seat);
        }
        self.hinting = None;
        self.hint = None;
    }

    /// Makes the seat's computer player if it has none (at the start, or after a restart
    /// left its old one thinking on a thread that nobody waits for).
    pub(super) fn ensure_computer(&mut self, seat: Seat) {
        if self.computers.get(seat).is_some() {
            return;
        }
        let contender = self.players.get(seat);
        if !contender.is_machine() {
            return;
        }
        // Player 2's seed differs from player 1's, so two computers do not mirror each other;
        // an outside program is started at its first move and kept between moves and games.
        let offset = u64::from(seat == Seat::Two);
        let thinking = ttt_play::Thinking {
            seed: self.pace.seed.map(|s| s.wrapping_add(offset)),
            time_limit: self.pace.time_limit,
        };
        let mover = Mover::local(contender, thinking, self.pace.engine_time);
        *self.computers.get_mut(seat) = Some(mover);
    }

    /// Starts `seat`'s computer on its move, on a thread of its own; `wake` is called when
    /// the move is ready.
    pub(super) fn start_thinking(&mut self, seat: Seat, wake: &Wake) {
        self.ensure_computer(seat);
        let Some(mut mover) = self.computers.get_mut(seat).take() else {
            return;
        };
        if self.timer.is_timed() {
            let mark = self.mark(seat);
            mover.limit_thinking(self.timer.thinking_time(mark, self.pace.time_limit));
        }
        let pos = self.pos;
        let both_computers =
            self.players.one.human_name().is_none() && self.players.two.human_name().is_none();
        let not_before = if both_computers {
            self.last_move_at + self.pace.between_computers
        } else {
            Instant::now()
        };
        let (sender, receiver) = mpsc::channel();
        let wake = Arc::clone(wake);
        let spawned = std::thread::Builder::new()
            .name(format!("ttt-computer-{}", seat.title()))
            .spawn(move || {
                let decision = mover.choose(&pos);
                let decided = Instant::now();
                if decided < not_before {
                    std::thread::sleep(not_before - decided);
                }
                // The window may have moved on (Restart, Quit): then nobody listens.
                let _ = sender.send(Thought {
                    mover,
                    decision,
                    decided,
                });
                wake();
            });
        match spawned {
            Ok(_) => self.thinking = Some(Thinking { seat, receiver }),
            Err(e) => {
                self.problem = Some(format!("cannot start the computer player: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    #[test]
    fn the_computer_answers_on_its_own_thread() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(human("Ann"), Contender::Computer(Level::Hard), Seat::Two),
            PACE,
            Some(&store),
        );
        assert_eq!(s.status(), Status::ComputerToMove(Seat::Two));
        assert_eq!(s.headline(), "Computer (hard, X) is thinking...");
        assert_eq!(
            s.play(Cell::new(0, 0), Some(&store)),
            Err(Refused::ComputersTurn)
        );
        let_computers_move(&mut s, Some(&store));
        // Hard takes the centre first.
        assert_eq!(s.last_move(), Some(Cell::new(1, 1)));
        assert_eq!(
            s.last_move_note().unwrap(),
            "Computer (hard, X) played row 2, column 2."
        );
        assert_eq!(s.status(), Status::HumanToMove(Seat::One));
    }

    #[test]
    fn a_whole_game_against_the_perfect_player_never_wins_for_the_human() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(human("Ann"), Contender::Computer(Level::Perfect), Seat::One),
            PACE,
            Some(&store),
        );
        while !s.position().is_over() {
            let cell = s.position().legal_moves().next().unwrap();
            s.play(cell, Some(&store)).unwrap();
            let_computers_move(&mut s, Some(&store));
        }
        assert_ne!(s.status(), Status::Won(Seat::One));
        let ann = store.player("Ann").unwrap().unwrap();
        assert_eq!(ann.games(), 1);
        assert_eq!(ann.wins, 0);
    }

    #[test]
    fn two_computers_play_to_the_end_and_only_the_game_is_saved() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(
                Contender::Computer(Level::Easy),
                Contender::Computer(Level::Easy),
                Seat::One,
            ),
            PACE,
            Some(&store),
        );
        assert_eq!(s.name(Seat::One), "Computer (easy, X)");
        let_computers_move(&mut s, Some(&store));
        assert!(s.position().is_over());
        assert_eq!(store.recent_games(None, 10).unwrap().len(), 1);
        assert!(store.players().unwrap().is_empty());
    }

    #[test]
    fn restarting_while_the_computer_thinks_drops_its_move() {
        let mut s = Session::new(
            lineup(Contender::Computer(Level::Perfect), human("Ann"), Seat::One),
            PACE,
            None,
        );
        let wake = no_wake();
        assert!(s.update(None, &wake));
        assert!(s.is_thinking());
        s.restart();
        assert!(!s.is_thinking());
        let_computers_move(&mut s, None);
        assert_eq!(s.moves().len(), 1);
    }
}
