//! Time controls and the players' clocks, as online board games keep them: Fischer (a time
//! for the game plus an increment a move), a fixed time a move (the Gomocup's way), or days a
//! move (correspondence). Pure: every reading is given the time (milliseconds since some
//! epoch) instead of asking a clock, so the same arithmetic serves a server, a terminal and
//! the tests.
//!
//! ```
//! use ttt_core::{Clock, Player, TimeControl};
//!
//! let control: TimeControl = "5+3".parse().unwrap();
//! let mut clock = Clock::new(control);
//! clock.start(Player::X, 0);
//! assert_eq!(clock.remaining(Player::X, 10_000), 290_000);
//! clock.press(10_000).unwrap(); // X moved after 10 s: 3 s back, and O's clock runs
//! assert_eq!(clock.remaining(Player::X, 99_000), 293_000);
//! assert_eq!(clock.running(), Some(Player::O));
//! assert_eq!(clock.flagged(10_000 + 300_000), Some(Player::O));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{ByPlayer, Cell, Player, Position};

/// The longest time control: a week for the game, an hour a move, or 30 days a move.
pub const MOST_MS: u64 = 7 * 24 * 3_600_000;

/// How much time the players have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// `initial` seconds for the game, plus `increment` seconds after each move.
    Fischer {
        /// Seconds for the whole game, at the start.
        initial: u64,
        /// Seconds added after each of the player's moves.
        increment: u64,
    },
    /// `per_move` seconds for each move, the unused time lost.
    PerMove {
        /// Seconds a move.
        per_move: u64,
    },
    /// `days` for each move (correspondence).
    Days {
        /// Days a move.
        days: u64,
    },
}

/// A time control that cannot be one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// Checks the numbers: something to play with, and no more than `MOST_MS`.
    ///
    /// # Errors
    /// [`TimeControlError`] saying which number is out of range.
    pub fn checked(self) -> Result<TimeControl, TimeControlError> {
        let bad = |what: &str| Err(TimeControlError(what.to_string()));
        match self {
            TimeControl::None => Ok(self),
            TimeControl::Fischer { initial, increment } => {
                if initial == 0 && increment == 0 {
                    return bad("a clock of 0 seconds and no increment leaves no time to move");
                }
                if initial.saturating_mul(1000) > MOST_MS || increment > 3600 {
                    return bad("at most a week for the game and an hour's increment");
                }
                Ok(self)
            }
            TimeControl::PerMove { per_move } => match per_move {
                0 => bad("a move needs at least a second"),
                1..=3600 => Ok(self),
                _ => bad("at most an hour a move"),
            },
            TimeControl::Days { days } => match days {
                1..=30 => Ok(self),
                _ => bad("correspondence gives from 1 to 30 days a move"),
            },
        }
    }

    /// Whether there is a clock.
    #[must_use]
    pub fn is_timed(self) -> bool {
        self != TimeControl::None
    }

    /// What each player has at the start, in milliseconds.
    #[must_use]
    pub fn start_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::Fischer { initial, .. } => initial * 1000,
            TimeControl::PerMove { per_move } => per_move * 1000,
            TimeControl::Days { days } => days * 86_400_000,
        }
    }
}

impl fmt::Display for TimeControl {
    /// `5+3` (minutes and seconds of increment), `30s/move`, `3 days/move`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Fischer { initial, increment } if initial % 60 == 0 => {
                write!(f, "{}+{increment}", initial / 60)
            }
            TimeControl::Fischer { initial, increment } => {
                write!(f, "{initial}s+{increment}")
            }
            TimeControl::PerMove { per_move } => write!(f, "{per_move}s/move"),
            TimeControl::Days { days } => {
                write!(f, "{days} day{}/move", if days == 1 { "" } else { "s" })
            }
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `5+3` (5 minutes, 3 seconds a move), `5` (5 minutes), `30s+0` (seconds),
    /// `30s/move`, `3d` or `3 days/move`, `none`.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim().to_ascii_lowercase();
        let bad = || {
            TimeControlError(format!(
                "{text:?} is not a time control: write MINUTES+SECONDS (5+3), SECONDSs/move \
                 (30s/move), DAYSd (3d) or none"
            ))
        };
        let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
        let control = if text == "none" {
            TimeControl::None
        } else if let Some(days) = text
            .strip_suffix(" days/move")
            .or_else(|| text.strip_suffix(" day/move"))
            .or_else(|| text.strip_suffix('d'))
        {
            TimeControl::Days {
                days: number(days)?,
            }
        } else if let Some(secs) = text.strip_suffix("s/move") {
            TimeControl::PerMove {
                per_move: number(secs)?,
            }
        } else {
            let (base, increment) = text.split_once('+').unwrap_or((&text, "0"));
            let initial = match base.strip_suffix('s') {
                Some(secs) => number(secs)?,
                None => {
                    let minutes: f64 = base.trim().parse().map_err(|_| bad())?;
                    if !(minutes.is_finite() && minutes >= 0.0) {
                        return Err(bad());
                    }
                    (minutes * 60.0).round() as u64
                }
            };
            TimeControl::Fischer {
                initial,
                increment: number(increment)?,
            }
        };
        control.checked()
    }
}

/// The clocks of a game: what each player has left, and whose runs since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clock {
    control: TimeControl,
    /// Milliseconds left, as of when each last stopped (the running one's as of `since`).
    left: ByPlayer<u64>,
    running: Option<Player>,
    /// When the running clock started, in milliseconds.
    since: i64,
}

/// A clock that ran out while its player was to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged(pub Player);

impl Clock {
    /// Both clocks full, neither running.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let full = control.start_ms();
        Clock {
            control,
            left: ByPlayer { x: full, o: full },
            running: None,
            since: 0,
        }
    }

    /// A clock as stored: its control, what each had left as of `since`, whose runs.
    #[must_use]
    pub fn from_parts(
        control: TimeControl,
        left: ByPlayer<u64>,
        running: Option<Player>,
        since: i64,
    ) -> Clock {
        Clock {
            control,
            left,
            running,
            since,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Player> {
        self.running
    }

    /// When the running clock started (milliseconds).
    #[must_use]
    pub fn since(&self) -> i64 {
        self.since
    }

    /// What each had left when their clock last stopped (the running one's as of
    /// [`Clock::since`]).
    #[must_use]
    pub fn left(&self) -> ByPlayer<u64> {
        self.left
    }

    /// Starts `player`'s clock at `now` (the first move is awaited).
    pub fn start(&mut self, player: Player, now: i64) {
        if self.control.is_timed() {
            self.running = Some(player);
            self.since = now;
        }
    }

    /// Stops the clocks at `now` (the game ended), keeping what each had left.
    pub fn stop(&mut self, now: i64) {
        if let Some(p) = self.running {
            *self.left.get_mut(p) = self.remaining(p, now);
            self.running = None;
        }
    }

    /// Milliseconds `player` has left at `now`.
    #[must_use]
    pub fn remaining(&self, player: Player, now: i64) -> u64 {
        let left = *self.left.get(player);
        if self.running != Some(player) {
            return left;
        }
        let spent = u64::try_from(now.saturating_sub(self.since)).unwrap_or(0);
        left.saturating_sub(spent)
    }

    /// When the running clock runs out (milliseconds), if one runs.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        let p = self.running?;
        let left = i64::try_from(*self.left.get(p)).unwrap_or(i64::MAX);
        Some(self.since.saturating_add(left))
    }

    /// The player whose clock has run out at `now`, if one has.
    #[must_use]
    pub fn flagged(&self, now: i64) -> Option<Player> {
        self.running
            .filter(|&p| self.control.is_timed() && self.remaining(p, now) == 0)
    }

    /// The running player moved at `now`: their time is charged (and the increment given, or
    /// the next move's time set), and the other's clock starts.
    ///
    /// # Errors
    /// [`Flagged`] if their time had run out before the move.
    pub fn press(&mut self, now: i64) -> Result<(), Flagged> {
        let Some(p) = self.running else {
            return Ok(());
        };
        let left = self.remaining(p, now);
        if left == 0 {
            return Err(Flagged(p));
        }
        *self.left.get_mut(p) = match self.control {
            TimeControl::None => 0,
            TimeControl::Fischer { increment, .. } => left + increment * 1000,
            TimeControl::PerMove { .. } | TimeControl::Days { .. } => self.control.start_ms(),
        };
        self.running = Some(p.other());
        self.since = now;
        Ok(())
    }

    /// Milliseconds a player's computer may think about this move: a share of what it has
    /// left (a thirtieth, plus most of the increment), within a fixed time a move.
    #[must_use]
    pub fn thinking_budget(&self, player: Player, now: i64) -> u64 {
        let left = self.remaining(player, now);
        match self.control {
            TimeControl::None => 0,
            TimeControl::Fischer { increment, .. } => {
                (left / 30 + increment * 800).min(left.saturating_sub(left / 10))
            }
            // Keep a margin for the move to reach the server.
            TimeControl::PerMove { .. } | TimeControl::Days { .. } => {
                left.saturating_sub(500.min(left / 4)).min(30_000)
            }
        }
    }
}

/// Whether `player` can still make K in a row: some line of K cells holds none of the
/// opponent's marks. When the side whose clock runs out has an opponent who cannot, the game
/// is a draw instead of a loss.
#[must_use]
pub fn can_still_make_line(pos: &Position, player: Player) -> bool {
    let dims = pos.dims();
    let (rows, cols, k) = (dims.rows() as i64, dims.cols() as i64, dims.k() as i64);
    let free = |r: i64, c: i64| {
        r >= 0
            && c >= 0
            && r < rows
            && c < cols
            && pos.get(Cell::new(r as u8, c as u8)) != Some(player.other())
    };
    let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
    (0..rows).any(|r| {
        (0..cols).any(|c| {
            directions
                .iter()
                .any(|&(dr, dc)| (0..k).all(|i| free(r + dr * i, c + dc * i)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dims, Setup};

    #[test]
    fn time_controls_read_and_write() {
        let read = |s: &str| s.parse::<TimeControl>();
        assert_eq!(
            read("5+3"),
            Ok(TimeControl::Fischer {
                initial: 300,
                increment: 3
            })
        );
        assert_eq!(
            read("0.5+0"),
            Ok(TimeControl::Fischer {
                initial: 30,
                increment: 0
            })
        );
        assert_eq!(read("10").unwrap().to_string(), "10+0");
        assert_eq!(read("45s+2").unwrap().to_string(), "45s+2");
        assert_eq!(read("30s/move"), Ok(TimeControl::PerMove { per_move: 30 }));
        assert_eq!(read("3d"), Ok(TimeControl::Days { days: 3 }));
        assert_eq!(read("1 day/move").unwrap().to_string(), "1 day/move");
        assert_eq!(read("none"), Ok(TimeControl::None));
        for bad in [
            "", "x+3", "5+", "-1+0", "0+0", "0s/move", "31d", "99999+0", "nan+0",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fischer_charges_the_mover_and_gives_the_increment() {
        let mut clock = Clock::new("1+2".parse().unwrap());
        assert_eq!(clock.flagged(1_000_000), None);
        clock.start(Player::X, 1_000);
        assert_eq!(clock.deadline(), Some(61_000));
        clock.press(31_000).unwrap();
        assert_eq!(clock.remaining(Player::X, 40_000), 32_000);
        assert_eq!(clock.running(), Some(Player::O));
        assert_eq!(clock.remaining(Player::O, 41_000), 50_000);
        assert_eq!(clock.flagged(91_000), Some(Player::O));
        assert_eq!(clock.press(91_000), Err(Flagged(Player::O)));
        clock.stop(50_000);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.remaining(Player::O, 10_000_000), 41_000);
    }

    #[test]
    fn a_time_a_move_starts_afresh_each_move() {
        let mut clock = Clock::new("30s/move".parse().unwrap());
        clock.start(Player::X, 0);
        clock.press(29_000).unwrap();
        clock.press(30_000).unwrap();
        assert_eq!(clock.remaining(Player::X, 30_000), 30_000);
        assert!(clock.thinking_budget(Player::X, 30_000) < 30_000);
        let mut days = Clock::new("2d".parse().unwrap());
        days.start(Player::X, 0);
        assert_eq!(days.deadline(), Some(2 * 86_400_000));
    }

    #[test]
    fn no_clock_never_runs_out() {
        let mut clock = Clock::new(TimeControl::None);
        clock.start(Player::X, 0);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.flagged(i64::MAX), None);
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn a_line_is_still_possible_while_a_window_has_none_of_the_others_marks() {
        let empty = Position::new(Dims::new(3, 3, 3).unwrap());
        assert!(can_still_make_line(&empty, Player::O));
        // O has blocked every line of X's but one column.
        let pos = Position::from_setup(&Setup::from_notation("XOX/XOO/OX.").unwrap(), 3).unwrap();
        assert!(!can_still_make_line(&pos, Player::X));
        assert!(!can_still_make_line(&pos, Player::O));
        let pos = Position::from_setup(&Setup::from_notation("XO./.../...").unwrap(), 3).unwrap();
        assert!(can_still_make_line(&pos, Player::X));
    }
}
