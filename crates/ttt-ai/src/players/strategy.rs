//! What every computer player is: a [`Strategy`] of a [`Level`], answering with a
//! [`Decision`], and the simple rules the lower levels and the perfect player share (the
//! centre, a winning cell). The players themselves each have their module, and
//! [`super::new_player`] makes one of each level.

use std::fmt;
use std::str::FromStr;

use ttt_core::{Cell, Player, Position};

use crate::value::{Value, Verdict};

/// How strong a computer player is. Parsed from a name or a number from 1 to 4.
///
/// ```
/// use ttt_ai::Level;
/// assert_eq!("perfect".parse::<Level>(), Ok(Level::Perfect));
/// assert_eq!("2".parse::<Level>(), Ok(Level::Medium));
/// assert_eq!(Level::Hard.to_string(), "hard");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random empty cell.
    Easy,
    /// The centre if free, else block the opponent's immediate win, else random.
    Medium,
    /// The centre if free, else its own immediate win, else block, else random.
    Hard,
    /// Never loses: plays a best move by exact search.
    Perfect,
}

impl Level {
    /// All levels, weakest first.
    ///
    /// ```
    /// # use ttt_ai::Level;
    /// assert_eq!(Level::ALL.first(), Some(&Level::Easy));
    /// ```
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

    /// The level's name: `easy`, `medium`, `hard` or `perfect`.
    ///
    /// ```
    /// # use ttt_ai::Level;
    /// assert_eq!(Level::Medium.name(), "medium");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name or number that is not one of ours. Its `Display` lists the ones there are.
///
/// ```
/// use ttt_ai::Level;
/// let err = "expert".parse::<Level>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown level \"expert\": choose easy, medium, hard or perfect (or 1 to 4)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError {
    given: String,
}

impl LevelError {
    /// The name or number asked for, as it was given.
    ///
    /// ```
    /// # use ttt_ai::Level;
    /// assert_eq!("5".parse::<Level>().unwrap_err().given(), "5");
    /// ```
    #[must_use]
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: choose easy, medium, hard or perfect (or 1 to 4)",
            self.given
        )
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    /// A name in any case, or a number from 1 (easy) to 4 (perfect).
    fn from_str(s: &str) -> Result<Level, LevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" | "1" => Ok(Level::Easy),
            "medium" | "2" => Ok(Level::Medium),
            "hard" | "3" => Ok(Level::Hard),
            "perfect" | "4" => Ok(Level::Perfect),
            _ => Err(LevelError {
                given: s.to_string(),
            }),
        }
    }
}

/// A move chosen by a computer player, with what it claims for the move.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{new_player, Level, Value, Verdict};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X X .
/// // O O .    X to move wins at (0, 2), in one ply
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
/// let d = new_player(Level::Perfect, None, Duration::from_secs(1)).choose(&pos).unwrap();
/// assert_eq!(d.cell, Cell::new(0, 2));
/// assert_eq!(d.verdict, Some(Verdict { value: Value::Win, plies: 1 }));
/// // The lower levels claim nothing.
/// let d = new_player(Level::Easy, Some(1), Duration::ZERO).choose(&pos).unwrap();
/// assert_eq!((d.verdict, d.value), (None, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// Where to play.
    pub cell: Cell,
    /// What the move is proven to lead to, from the mover's view, with the game's length;
    /// `None` when that is not claimed (the lower levels, or a perfect player whose search
    /// ran out of time).
    pub verdict: Option<Verdict>,
    /// The move's proven value, from the mover's view: the verdict's, or proven without the
    /// game's length (by the proof-number search); `None` when nothing is claimed.
    pub value: Option<Value>,
}

/// A computer player. [`new_player`](super::new_player) makes the built-in ones; a player of your own is any
/// type that implements this.
///
/// ```
/// use ttt_ai::{Decision, Level, Strategy};
/// use ttt_core::Position;
///
/// /// Always the last empty cell in row-major order.
/// struct Last;
///
/// impl Strategy for Last {
///     fn level(&self) -> Level {
///         Level::Easy
///     }
///     fn choose(&mut self, pos: &Position) -> Option<Decision> {
///         let cell = pos.legal_moves().last()?;
///         Some(Decision { cell, verdict: None, value: None })
///     }
/// }
///
/// let pos = Position::new(ttt_core::Dims::new(3, 3, 3).unwrap());
/// assert_eq!(Last.choose(&pos).unwrap().cell, ttt_core::Cell::new(2, 2));
/// ```
pub trait Strategy: Send {
    /// This player's level (for a player of your own, the one nearest its strength).
    ///
    /// ```
    /// # use ttt_ai::{new_player, Level};
    /// assert_eq!(new_player(Level::Hard, None, std::time::Duration::ZERO).level(), Level::Hard);
    /// ```
    fn level(&self) -> Level;

    /// Chooses a move for the side to move; `None` if the game is over.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::{new_player, Level};
    /// # use ttt_core::{Position, Setup};
    /// // X X X
    /// // O O .    over: nothing to choose
    /// // . . .
    /// let over = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
    /// assert_eq!(new_player(Level::Perfect, None, Duration::from_secs(1)).choose(&over), None);
    /// ```
    fn choose(&mut self, pos: &Position) -> Option<Decision>;

    /// Bounds the thinking of its next moves, as a game's clock allows. Levels that answer
    /// at once have nothing to bound and keep the default, which ignores it.
    fn set_time_limit(&mut self, _limit: std::time::Duration) {}
}

/// A move that claims nothing.
pub(super) fn decide(cell: Option<Cell>) -> Option<Decision> {
    cell.map(|cell| Decision {
        cell,
        verdict: None,
        value: None,
    })
}

/// The first free central cell in row-major order that the side to move may play (under
/// renju the centre can be forbidden to X).
pub(super) fn free_centre(pos: &Position) -> Option<Cell> {
    pos.dims()
        .centre_cells()
        .into_iter()
        .find(|&c| pos.get(c).is_none() && pos.forbidden(c).is_none())
}

/// The legal move nearest the centre (by rows or columns, then both), the first in
/// row-major order among the nearest: the centre itself where it may be played.
pub(super) fn nearest_centre(pos: &Position) -> Option<Cell> {
    let dims = pos.dims();
    // Twice the centre's coordinates, so that an even side's centre is whole.
    let (rows, cols) = (dims.rows() as i64 - 1, dims.cols() as i64 - 1);
    pos.legal_moves().min_by_key(|c| {
        let dr = (2 * i64::from(c.row) - rows).abs();
        let dc = (2 * i64::from(c.col) - cols).abs();
        (dr.max(dc), dr + dc)
    })
}

/// The legal moves of the side to move where `player` would make a line that wins under the
/// position's rule (exactly K under standard, not blocked at both ends under caro): `player`'s
/// own wins, or, for the other side, the cells the side to move may block on.
#[must_use]
pub(super) fn winning_cells(pos: &Position, player: Player) -> Vec<Cell> {
    pos.legal_moves()
        .filter(|&c| pos.makes_line(c, player))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name_or_number() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("4".parse::<Level>(), Ok(Level::Perfect));
        assert!("5".parse::<Level>().is_err());
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
    }
}
