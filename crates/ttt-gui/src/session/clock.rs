//! The players' clocks in the window: started when a game's opening is over, pressed by
//! every move, read every frame so that running out ends the game at once, even while a
//! person is thinking or a computer is still searching.

use std::time::Duration;

use ttt_core::TimeControl;
use ttt_play::timing::{clock_text, TimeOut, Timer};
use ttt_store::Store;

use super::{Seat, Session};

impl Session {
    /// The game's time control.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        self.timer.clock().control()
    }

    /// What `seat` has left, as a clock shows it (`4:53`, `0:09.4`); `None` without a clock.
    #[must_use]
    pub fn clock_text(&self, seat: Seat) -> Option<String> {
        self.timer
            .is_timed()
            .then(|| clock_text(self.timer.remaining(self.mark(seat))))
    }

    /// The seat whose clock runs.
    #[must_use]
    pub fn clock_running(&self) -> Option<Seat> {
        self.timer.clock().running().map(|mark| self.seat_of(mark))
    }

    /// How soon the window should look at the clocks again: often enough for the tenths
    /// under ten seconds, else for the seconds; `None` while no clock runs.
    #[must_use]
    pub fn clock_refresh(&self) -> Option<Duration> {
        let seat = self.clock_running()?;
        let left = self.timer.remaining(self.mark(seat));
        Some(Duration::from_millis(if left < 10_000 { 50 } else { 200 }))
    }

    /// The side whose clock ran out in the current game, if one did.
    #[must_use]
    pub fn time_out(&self) -> Option<TimeOut> {
        self.time_out
    }

    /// Starts the current game's clocks afresh: running for the side to move once the
    /// opening (untimed) is over.
    pub(super) fn start_clock(&mut self) {
        self.timer = Timer::new(self.time_control());
        if self.opening_phase().is_none() && !self.pos.is_over() {
            self.timer.start(self.pos.turn());
        }
    }

    /// Ends the game if the running clock has run out; returns whether it did.
    pub(super) fn check_time(&mut self, store: Option<&dyn Store>) -> bool {
        if self.time_out.is_some() || self.forfeit.is_some() || self.timer.flagged().is_none() {
            return false;
        }
        self.run_out(store);
        true
    }

    /// The side to move ran out of time: the game ends there, a computer's search is
    /// dropped, and the result is saved.
    pub(super) fn run_out(&mut self, store: Option<&dyn Store>) {
        let late = self.pos.turn();
        self.stop_thinking();
        self.timer.stop();
        self.time_out = Some(TimeOut::new(&self.pos, late));
        self.save(store);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Instant;

    use ttt_ai::Level;
    use ttt_core::{Cell, Dims, Opening, Rule};
    use ttt_store::{GameResult, SqliteStore};

    use super::super::{Pace, Saved, Status, Wake};
    use super::*;
    use crate::choices::{BySeat, Contender, Lineup};

    const PACE: Pace = Pace {
        seed: Some(3),
        time_limit: Duration::from_secs(10),
        engine_time: Duration::from_secs(1),
        between_computers: Duration::ZERO,
    };

    fn timed(one: Contender, two: Contender, clock: &str, dims: Dims) -> Lineup {
        Lineup {
            players: BySeat { one, two },
            dims,
            rule: Rule::Freestyle,
            opening: Opening::None,
            clock: clock.parse().unwrap(),
            first: Seat::One,
        }
    }

    fn classic() -> Dims {
        Dims::new(3, 3, 3).unwrap()
    }

    /// Calls `update` as the window's frames would, until `done` or a generous while.
    fn frames_until(s: &mut Session, store: &SqliteStore, done: impl Fn(&Session) -> bool) {
        let wake: Wake = Arc::new(|| {});
        let give_up = Instant::now() + Duration::from_secs(30);
        while !done(s) {
            assert!(Instant::now() < give_up, "never happened: {s:?}");
            s.update(Some(store), &wake);
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_person_who_does_not_move_loses_on_time_and_it_is_saved() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = timed(
            Contender::Human("Ann".into()),
            Contender::Computer(Level::Easy),
            "1s+0",
            classic(),
        );
        let mut s = Session::new(lineup, PACE, Some(&store));
        assert_eq!(s.clock_text(Seat::One).as_deref(), Some("0:01.0"));
        assert_eq!(s.clock_running(), Some(Seat::One));
        assert!(!s.can_undo());
        let started = Instant::now();
        frames_until(&mut s, &store, |s| s.time_out().is_some());
        assert!(started.elapsed() >= Duration::from_millis(900));
        assert_eq!(s.status(), Status::Won(Seat::Two));
        assert_eq!(s.clock_running(), None);
        assert_eq!(
            s.result_detail().as_deref(),
            Some("X ran out of time: O wins.")
        );
        assert!(matches!(s.saved(), Some(Saved::Game(_))));
        let game = &store.recent_games(None, 1).unwrap()[0];
        assert_eq!(game.result, GameResult::OWins);
        assert_eq!(game.ending, Some(ttt_store::EndReason::Timeout));
        assert_eq!(game.forfeit, None);
        assert_eq!(store.player("Ann").unwrap().unwrap().losses, 1);
        // A click after the end finds the game over.
        assert!(s.play(Cell::new(1, 1), Some(&store)).is_err());
        // The next game's clocks are full again.
        s.play_again();
        assert_eq!(s.time_out(), None);
        assert_eq!(s.clock_text(Seat::One).as_deref(), Some("0:01.0"));
    }

    #[test]
    fn the_computer_keeps_to_its_share_of_its_clock() {
        let store = SqliteStore::open_in_memory().unwrap();
        // Ten seconds a move allowed, three on its clock, on a board too big to solve.
        let lineup = timed(
            Contender::Computer(Level::Perfect),
            Contender::Human("Ann".into()),
            "3s+0",
            Dims::new(9, 9, 5).unwrap(),
        );
        let mut s = Session::new(lineup, PACE, Some(&store));
        frames_until(&mut s, &store, |s| {
            !s.moves().is_empty() || s.time_out().is_some()
        });
        assert_eq!(s.time_out(), None, "{s:?}");
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.clock_running(), Some(Seat::Two));
        // Its time was charged.
        assert_ne!(s.clock_text(Seat::One).as_deref(), Some("0:03.0"));
    }

    #[test]
    fn running_out_when_the_other_side_cannot_make_a_line_is_a_draw_not_saved() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = timed(
            Contender::Human("Ann".into()),
            Contender::Human("Bo".into()),
            "2s+0",
            classic(),
        );
        let mut s = Session::new(lineup, PACE, Some(&store));
        // X O X
        // X O O    X to move, and O can make no line.
        // O X .
        for (r, c) in [
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 1),
            (1, 0),
            (2, 0),
            (2, 1),
            (1, 2),
        ] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        frames_until(&mut s, &store, |s| s.time_out().is_some());
        assert_eq!(s.status(), Status::Tie);
        assert!(s
            .result_detail()
            .unwrap()
            .ends_with("O cannot make a line any more: a draw."));
        // Recorded as a draw on time.
        let Some(&Saved::Game(id)) = s.saved() else {
            panic!("{:?}", s.saved())
        };
        let game = store.game(id).unwrap().unwrap();
        assert_eq!(game.result, ttt_store::GameResult::Draw);
        assert_eq!(game.ending, Some(ttt_store::EndReason::Timeout));
    }

    #[test]
    fn the_clocks_start_once_the_opening_has_settled_the_colours() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = Lineup {
            opening: Opening::Swap,
            ..timed(
                Contender::Human("Ann".into()),
                Contender::Human("Bo".into()),
                "1+0",
                Dims::new(15, 15, 5).unwrap(),
            )
        };
        let mut s = Session::new(lineup, PACE, Some(&store));
        for (r, c) in [(7, 7), (7, 8), (8, 8)] {
            assert_eq!(s.clock_running(), None);
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        assert_eq!(s.clock_running(), None);
        s.choose(ttt_core::Choice::TakeO).unwrap();
        // Bo took O, and O is to move after the three stones: his clock runs.
        assert_eq!(s.clock_running(), Some(Seat::Two));
        assert_eq!(s.clock_text(Seat::One).as_deref(), Some("1:00"));
    }

    #[test]
    fn without_a_clock_nothing_runs() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = timed(
            Contender::Human("Ann".into()),
            Contender::Human("Bo".into()),
            "none",
            classic(),
        );
        let s = Session::new(lineup, PACE, Some(&store));
        assert_eq!(s.clock_text(Seat::One), None);
        assert_eq!(s.clock_refresh(), None);
    }
}
