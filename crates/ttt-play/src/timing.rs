//! The players' clocks where the game is played on this machine (the console and the
//! window): the pure [`Clock`] read against the machine's monotonic time, how a clock is
//! written for people, and what running out means for the game.
//!
//! ```
//! use ttt_core::{Dims, Outcome, Player, Position};
//! use ttt_play::timing::{clock_text, TimeOut};
//!
//! assert_eq!(clock_text(293_000), "4:53");
//! assert_eq!(clock_text(9_450), "0:09.4");
//! let empty = Position::new(Dims::new(3, 3, 3).unwrap());
//! let late = TimeOut::new(&empty, Player::X);
//! assert_eq!(late.outcome(), Outcome::Win(Player::O));
//! assert_eq!(late.to_string(), "X ran out of time: O wins.");
//! ```

use std::fmt;
use std::time::{Duration, Instant};

use ttt_core::{can_still_make_line, Clock, Flagged, Outcome, Player, Position, TimeControl};
use ttt_store::GameResult;

/// The game's clocks against the machine's time: milliseconds since the game began.
#[derive(Debug, Clone, Copy)]
pub struct Timer {
    clock: Clock,
    epoch: Instant,
}

impl Timer {
    /// Both clocks full, neither running.
    #[must_use]
    pub fn new(control: TimeControl) -> Timer {
        Timer {
            clock: Clock::new(control),
            epoch: Instant::now(),
        }
    }

    /// Whether the game has a clock.
    #[must_use]
    pub fn is_timed(&self) -> bool {
        self.clock.control().is_timed()
    }

    /// The clocks.
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Milliseconds since the game began, the time the clock is read with.
    #[must_use]
    pub fn now(&self) -> i64 {
        i64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(i64::MAX)
    }

    /// Starts `player`'s clock now (nothing happens without a clock).
    pub fn start(&mut self, player: Player) {
        self.clock.start(player, self.now());
    }

    /// Stops the clocks now, keeping what each has left: the game ended, or is paused.
    pub fn stop(&mut self) {
        self.clock.stop(self.now());
    }

    /// The running player moved now: their time is charged and the other's clock starts.
    ///
    /// # Errors
    /// [`Flagged`] if their time had run out before the move.
    pub fn press(&mut self) -> Result<(), Flagged> {
        self.clock.press(self.now())
    }

    /// The running player decided on their move `at` (a computer, whose move reaches the
    /// game a little later): their time is charged until then, and the other's clock starts
    /// now, so that the wait between, a pause for people watching two computers, is on
    /// nobody's time.
    ///
    /// # Errors
    /// [`Flagged`] if their time had run out before they decided.
    pub fn press_at(&mut self, at: Instant) -> Result<(), Flagged> {
        let then = i64::try_from(at.saturating_duration_since(self.epoch).as_millis())
            .unwrap_or(i64::MAX)
            .min(self.now());
        self.clock.press(then)?;
        if let Some(next) = self.clock.running() {
            self.clock.stop(then);
            self.clock.start(next, self.now());
        }
        Ok(())
    }

    /// The player whose clock has run out, if one has.
    #[must_use]
    pub fn flagged(&self) -> Option<Player> {
        self.clock.flagged(self.now())
    }

    /// Milliseconds `player` has left now.
    #[must_use]
    pub fn remaining(&self, player: Player) -> u64 {
        self.clock.remaining(player, self.now())
    }

    /// When the running clock runs out, if one runs.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        let ms = u64::try_from(self.clock.deadline()?).unwrap_or(0);
        Some(self.epoch + Duration::from_millis(ms))
    }

    /// How long `player`'s computer may think about this move: `limit` (its level's own
    /// time), within its share of the clock. Without a clock, `limit`.
    #[must_use]
    pub fn thinking_time(&self, player: Player, limit: Duration) -> Duration {
        if !self.is_timed() {
            return limit;
        }
        let budget = self.clock.thinking_budget(player, self.now());
        limit.min(Duration::from_millis(budget))
    }

    /// `Clock: X 4:53 · O 5:00`, the running clock marked with `*` after it when `mark`.
    #[must_use]
    pub fn line(&self, mark: bool) -> String {
        let running = self.clock.running();
        let side = |p: Player| {
            let star = if mark && running == Some(p) { "*" } else { "" };
            format!("{p} {}{star}", clock_text(self.remaining(p)))
        };
        format!("Clock: {} · {}", side(Player::X), side(Player::O))
    }
}

/// A time left, as clocks show it: `4:53`, `1:02:03` past an hour, `2d 03:04:05` past a
/// day, and tenths of a second under ten seconds (`0:09.4`), when every tenth counts.
#[must_use]
pub fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100);
    }
    let secs = ms / 1000;
    let (days, hours, minutes, seconds) = (
        secs / 86_400,
        secs % 86_400 / 3600,
        secs % 3600 / 60,
        secs % 60,
    );
    match (days, hours) {
        (0, 0) => format!("{minutes}:{seconds:02}"),
        (0, _) => format!("{hours}:{minutes:02}:{seconds:02}"),
        _ => format!("{days}d {hours:02}:{minutes:02}:{seconds:02}"),
    }
}

/// A clock that ran out, and what it means: a loss, unless the opponent could no longer
/// make any line of K, when no play could have beaten the late side and it is a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeOut {
    /// Whose clock ran out (the side to move).
    pub late: Player,
    /// Whether the opponent can still make a line (else the game is drawn).
    pub opponent_can_win: bool,
}

impl TimeOut {
    /// `late`'s clock ran out in `pos`.
    #[must_use]
    pub fn new(pos: &Position, late: Player) -> TimeOut {
        TimeOut {
            late,
            opponent_can_win: can_still_make_line(pos, late.other()),
        }
    }

    /// How the game ended.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        if self.opponent_can_win {
            Outcome::Win(self.late.other())
        } else {
            Outcome::Draw
        }
    }

    /// The result recorded: a win for the other side, or a draw.
    #[must_use]
    pub fn result(&self) -> GameResult {
        GameResult::from_outcome(self.outcome()).unwrap_or(GameResult::Draw)
    }
}

impl fmt::Display for TimeOut {
    /// `X ran out of time: O wins.` or `X ran out of time, but O cannot make a line any more:
    /// a draw.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (late, other) = (self.late, self.late.other());
        if self.opponent_can_win {
            write!(f, "{late} ran out of time: {other} wins.")
        } else {
            write!(
                f,
                "{late} ran out of time, but {other} cannot make a line any more: a draw."
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    #[test]
    fn clocks_read_as_people_read_them() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "0:09.9");
        assert_eq!(clock_text(0), "0:00.0");
        assert_eq!(clock_text(3_723_000), "1:02:03");
        assert_eq!(clock_text(2 * 86_400_000 + 3_723_000), "2d 01:02:03");
    }

    #[test]
    fn running_out_loses_unless_the_opponent_cannot_make_a_line() {
        let pos = |n: &str| Position::from_setup(&Setup::from_notation(n).unwrap(), 3).unwrap();
        // X O X
        // X O O    X to move: O has no line left, and neither has X.
        // O X .
        let blocked = pos("XOX/XOO/OX.");
        let late = TimeOut::new(&blocked, Player::X);
        assert_eq!(late.outcome(), Outcome::Draw);
        assert_eq!(late.result(), GameResult::Draw);
        assert!(late
            .to_string()
            .ends_with("O cannot make a line any more: a draw."));
        let open = pos("X../.O./...");
        let late = TimeOut::new(&open, Player::X);
        assert_eq!(late.outcome(), Outcome::Win(Player::O));
        assert_eq!(late.result(), GameResult::OWins);
    }

    #[test]
    fn a_timer_charges_the_mover_and_bounds_the_computer() {
        let mut timer = Timer::new("1+0".parse().unwrap());
        assert_eq!(timer.deadline(), None);
        assert_eq!(timer.line(true), "Clock: X 1:00 · O 1:00");
        timer.start(Player::X);
        assert!(timer.deadline().is_some());
        assert!(timer.line(true).contains("O 1:00") && timer.line(true).contains('*'));
        let think = timer.thinking_time(Player::X, Duration::from_secs(10));
        assert!(think <= Duration::from_secs(2), "{think:?}");
        timer.press().unwrap();
        assert_eq!(timer.clock().running(), Some(Player::O));
        timer.press_at(Instant::now()).unwrap();
        assert_eq!(timer.clock().running(), Some(Player::X));
        timer.stop();
        assert_eq!(timer.clock().running(), None);
        let untimed = Timer::new(TimeControl::None);
        let limit = Duration::from_secs(2);
        assert_eq!(untimed.thinking_time(Player::X, limit), limit);
    }
}
