//! What is saved of a session: each finished game recorded the moment it ends (a
//! program's failure or a loss on time as the late side's forfeit), and the people's
//! results read again.

use super::*;

impl Session {
    /// Records the finished game and reads the humans' new results.
    pub(super) fn save(&mut self, store: Option<&dyn Store>) {
        let Some(store) = store else {
            self.saved = Some(Saved::NotKept);
            return;
        };
        // A clock run out is recorded as the game's ending: a loss, or a draw where the
        // other side could no longer make a line.
        let forfeit = self.forfeit.clone();
        let result = match (&forfeit, self.time_out) {
            (Some(forfeit), _) => forfeit.result(),
            (None, Some(late)) => late.result(),
            (None, None) => match GameResult::from_outcome(self.pos.outcome()) {
                Some(result) => result,
                None => return,
            },
        };
        let participant = |seat: Seat| self.players.get(seat).participant();
        let game = NewGame {
            rows: self.dims.rows(),
            cols: self.dims.cols(),
            k: self.dims.k(),
            x: participant(self.x),
            o: participant(self.x.other()),
            moves: self.moves.clone(),
            result,
            hints: self.hints,
            forfeit,
            rule: self.start.rule(),
            opening: self.opening,
            rated: false,
            ending: self.time_out.map(|_| ttt_store::EndReason::Timeout),
            time_control: self.time_control(),
        };
        if !game.counts() {
            self.saved = Some(Saved::DoesNotCount);
            return;
        }
        self.saved = Some(match store.record_game(&game) {
            Ok(id) => Saved::Game(id),
            Err(e) => Saved::Failed(e.to_string()),
        });
        self.read_records(Some(store));
    }

    pub(super) fn read_records(&mut self, store: Option<&dyn Store>) {
        for seat in Seat::BOTH {
            let record = self.players.get(seat).human_name().map(|name| match store {
                None => Record::NotKept,
                Some(store) => match store.player(name) {
                    Ok(Some(stats)) => Record::Saved(stats),
                    Ok(None) => Record::New,
                    Err(e) => Record::Unreadable(e.to_string()),
                },
            });
            *self.records.get_mut(seat) = record;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    #[test]
    fn a_program_that_fails_loses_and_the_game_is_saved_with_its_forfeit() {
        let store = SqliteStore::open_in_memory().unwrap();
        // A program that answers every move off the board.
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("offboard.sh");
        std::fs::write(
            &program,
            "#!/bin/sh\nwhile read l; do case \"$l\" in START*|RESTART) echo OK;; DONE|BEGIN) \
             echo 9,9;; esac; done\n",
        )
        .unwrap();
        let mut permissions = std::fs::metadata(&program).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&program, permissions).unwrap();
        let engine = Contender::Engine(program.display().to_string());
        let mut s = Session::new(lineup(human("Ann"), engine, Seat::One), PACE, Some(&store));
        s.play(Cell::new(1, 1), Some(&store)).unwrap();
        let_computers_move(&mut s, Some(&store));
        assert_eq!(s.status(), Status::Won(Seat::One));
        assert_eq!(s.headline(), "Ann wins!");
        let note = s.last_move_note().unwrap();
        assert!(
            note.contains("(O) answered 9,9, off the 3 x 3 board"),
            "{note}"
        );
        assert_eq!(s.result_detail(), Some(note));
        assert_eq!(s.play(Cell::new(0, 0), Some(&store)), Err(Refused::Over));
        assert!(!s.can_undo());
        let Some(Saved::Game(id)) = s.saved().cloned() else {
            panic!("{:?}", s.saved());
        };
        let game = store.game(id).unwrap().unwrap();
        assert_eq!(game.result, GameResult::XWins);
        assert_eq!(game.forfeit.unwrap().loser, Player::O);
        assert!(game.o.engine_name().is_some(), "{:?}", game.o);
        // The next game starts the program again; as X it fails at once.
        s.play_again();
        let_computers_move(&mut s, Some(&store));
        assert_eq!(s.status(), Status::Won(Seat::One));
        assert!(s.last_move_note().unwrap().contains("(X) answered 9,9"));
        assert_eq!(store.player("Ann").unwrap().unwrap().wins, 2);
    }

    #[test]
    fn two_humans_play_and_the_win_is_saved_at_once() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(human("Ann"), human("Bo"), Seat::One),
            PACE,
            Some(&store),
        );
        assert_eq!(s.record(Seat::One), Some(&Record::New));
        assert_eq!(s.headline(), "Ann (X), your move");
        // Ann takes the top row; Bo plays the middle one.
        for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        assert_eq!(
            s.play(Cell::new(1, 1), Some(&store)),
            Err(Refused::Taken),
            "an occupied square does not react"
        );
        assert_eq!(s.saved(), None);
        s.play(Cell::new(0, 2), Some(&store)).unwrap();
        assert_eq!(s.status(), Status::Won(Seat::One));
        assert_eq!(s.headline(), "Ann wins!");
        assert_eq!(
            s.result_detail().unwrap(),
            "Ann (X) beat Bo (O) in 5 moves."
        );
        assert!(matches!(s.saved(), Some(Saved::Game(_))));
        assert_eq!(store.player("Ann").unwrap().unwrap().wins, 1);
        assert_eq!(store.player("Bo").unwrap().unwrap().losses, 1);
        let Some(Record::Saved(stats)) = s.record(Seat::One) else {
            panic!("Ann's record was not read back: {:?}", s.record(Seat::One));
        };
        assert_eq!(stats.wins, 1);
        assert_eq!(
            s.play(Cell::new(2, 2), Some(&store)),
            Err(Refused::Over),
            "a finished board does not react"
        );
    }

    #[test]
    fn without_a_database_nothing_is_kept() {
        let mut s = Session::new(lineup(human("Ann"), human("Bo"), Seat::One), PACE, None);
        assert_eq!(s.record(Seat::One), Some(&Record::NotKept));
        assert_eq!(s.record(Seat::Two), Some(&Record::NotKept));
        // X O X
        // X O O   a tie
        // O X X
        for (r, c) in [
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 1),
            (1, 0),
            (1, 2),
            (2, 1),
            (2, 0),
            (2, 2),
        ] {
            s.play(Cell::new(r, c), None).unwrap();
        }
        assert_eq!(s.status(), Status::Tie);
        assert_eq!(s.headline(), "Tie game!");
        assert_eq!(s.saved(), Some(&Saved::NotKept));
    }
}
