//! The opening of a session's games (swap, swap2): the opener's stones and the colours
//! chosen, by people or by our levels, before the clocks start.

use super::*;

impl Session {
    /// The computer's step of the opening: its stones, or its choice.
    pub(super) fn computer_opening(&mut self, phase: &OpeningPhase, store: Option<&dyn Store>) {
        if phase.may == [OpeningAction::Place] {
            for cell in ttt_ai::opening_stones(&self.pos, phase.stones_to_place) {
                self.make_move(cell, Instant::now(), store);
            }
        } else {
            let may_place_two = phase.may.contains(&OpeningAction::PlaceTwo);
            let choice = ttt_ai::opening_choice(&self.pos, may_place_two);
            if let Err(e) = self.choose(choice) {
                self.problem = Some(e.to_string());
            }
        }
    }

    /// Where the current game's opening stands, with the seat of the person to act; `None`
    /// without an opening, or once the colours are settled.
    #[must_use]
    pub fn opening_phase(&self) -> Option<(Seat, OpeningPhase)> {
        let phase = self.opening.phase(self.moves.len(), &self.choices)?;
        let actor = match phase.actor {
            Order::First => self.opener,
            Order::Second => self.opener.other(),
        };
        Some((actor, phase))
    }

    /// The person to act in the opening makes `choice` (take X, take O, or place two more).
    /// Once the colours are settled, the game goes on from the opening's stones with the
    /// side to move they give (O after three or five stones).
    ///
    /// # Errors
    /// [`OpeningError`] when the choice is not open now.
    pub fn choose(&mut self, choice: Choice) -> Result<(), OpeningError> {
        let (_, phase) = self.opening_phase().ok_or(OpeningError::Over)?;
        let choice = self
            .opening
            .check(self.moves.len(), &self.choices, phase.actor, choice)?;
        self.choices.push(choice);
        if let Some(x) = self.opening.x_player(self.moves.len(), &self.choices) {
            self.x = match x {
                Order::First => self.opener,
                Order::Second => self.opener.other(),
            };
            self.fixed = self.moves.len();
            self.start_clock();
        }
        Ok(())
    }

    /// Who moves first in the game after this one.
    #[must_use]
    pub fn next_first(&self) -> Seat {
        self.opener.other()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    #[test]
    fn swap2_in_the_window_settles_colours_and_keeps_its_stones() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = Lineup {
            dims: Dims::new(15, 15, 5).unwrap(),
            opening: Opening::Swap2,
            ..lineup(human("Ann"), human("Bo"), Seat::One)
        };
        let mut s = Session::new(lineup, PACE, Some(&store));
        assert_eq!(
            s.headline(),
            "Ann, place an opening stone for X (3 to place)"
        );
        for (r, c) in [(7, 7), (7, 8), (8, 8)] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        assert_eq!(s.headline(), "Bo, choose your colour");
        assert_eq!(
            s.play(Cell::new(0, 0), Some(&store)),
            Err(Refused::ChooseFirst)
        );
        s.choose(Choice::PlaceTwo).unwrap();
        assert_eq!(s.status(), Status::HumanToMove(Seat::Two));
        for (r, c) in [(9, 9), (6, 6)] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        assert_eq!(
            s.choose(Choice::PlaceTwo),
            Err(OpeningError::NotOffered(Choice::PlaceTwo))
        );
        s.choose(Choice::TakeO).unwrap();
        // Ann plays O, and O is to move after five stones; Bo plays X.
        assert_eq!(s.mark(Seat::One), Player::O);
        assert_eq!(s.status(), Status::HumanToMove(Seat::One));
        assert!(!s.can_undo(), "the opening's stones stay");
        s.play(Cell::new(0, 0), Some(&store)).unwrap();
        assert!(s.can_undo());
        s.undo().unwrap();
        assert_eq!(s.moves().len(), 5);
        // Bo (X) makes five down column 14, Ann answering on every other square of row 0.
        for r in 0..5 {
            s.play(Cell::new(0, 2 * r), Some(&store)).unwrap();
            s.play(Cell::new(r + 2, 14), Some(&store)).unwrap();
        }
        assert_eq!(s.status(), Status::Won(Seat::Two));
        let Some(Saved::Game(id)) = s.saved().cloned() else {
            panic!("{:?}", s.saved());
        };
        let game = store.game(id).unwrap().unwrap();
        assert_eq!(game.opening, Opening::Swap2);
        assert_eq!(game.x, ttt_store::Participant::human("Bo"));
        // The next game is opened by Bo.
        s.play_again();
        assert_eq!(
            s.headline(),
            "Bo, place an opening stone for X (3 to place)"
        );
    }

    #[test]
    fn the_computer_opens_and_chooses_in_the_window() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = Lineup {
            dims: Dims::new(15, 15, 5).unwrap(),
            opening: Opening::Swap2,
            ..lineup(Contender::Computer(Level::Hard), human("Bo"), Seat::One)
        };
        let mut s = Session::new(lineup, PACE, Some(&store));
        assert!(matches!(s.status(), Status::ComputerToMove(Seat::One)));
        assert!(s.update(Some(&store), &no_wake()));
        assert_eq!(s.moves().len(), 3);
        assert_eq!(s.headline(), "Bo, choose your colour");
        s.choose(Choice::PlaceTwo).unwrap();
        for (r, c) in [(0, 0), (14, 14)] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        assert!(s.update(Some(&store), &no_wake()));
        assert_eq!(s.opening_phase(), None, "the computer chose its colour");
        assert_eq!(s.moves().len(), 5);
    }
}
