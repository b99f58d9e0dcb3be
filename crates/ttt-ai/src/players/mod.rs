//! The computer players, one type per level behind one trait.
//!
//! The levels are the classic console game's: `easy` plays a random empty cell; `medium`
//! takes the centre if free, else blocks the opponent's immediate win, else plays at random;
//! `hard` takes the centre if free, else its own immediate win, else blocks, else plays at
//! random. `perfect` searches the game tree ([`crate::Solver`]) and never loses where it can
//! solve the board in its time; beyond that, with K of 4 or more, it plays as [`Strong`], the
//! strongest player we have (threats first, then a search over line patterns).

mod perfect;
mod simple;
mod strong;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use ttt_core::{Cell, Player, Position};

pub use perfect::Perfect;
pub use simple::{Easy, Hard, Medium};
pub use strong::{BoardSizeError, MarkError, Strong, StrongMove};

use crate::rng::Rng;
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

/// A computer player. [`new_player`] makes the built-in ones; a player of your own is any
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
}

/// A player of the given level. `seed` makes its random choices reproducible; `time_limit`
/// bounds the perfect player's thinking per move.
///
/// A game between two of them, hard (X) against perfect (O):
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{new_player, Level};
/// use ttt_core::{ByPlayer, Dims, Player, Position};
///
/// let mut players = ByPlayer {
///     x: new_player(Level::Hard, Some(7), Duration::ZERO),
///     o: new_player(Level::Perfect, Some(7), Duration::from_secs(1)),
/// };
/// let mut pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// while let Some(decision) = players.get_mut(pos.turn()).choose(&pos) {
///     pos = pos.play(decision.cell).unwrap();
/// }
/// // Perfect play never loses tic-tac-toe.
/// assert!(pos.is_over() && !pos.is_win_for(Player::X));
/// ```
#[must_use]
pub fn new_player(level: Level, seed: Option<u64>, time_limit: Duration) -> Box<dyn Strategy> {
    let rng = || seed.map_or_else(Rng::from_entropy, Rng::seeded);
    match level {
        Level::Easy => Box::new(Easy::new(rng())),
        Level::Medium => Box::new(Medium::new(rng())),
        Level::Hard => Box::new(Hard::new(rng())),
        Level::Perfect => Box::new(Perfect::new(seed.map(Rng::seeded), time_limit)),
    }
}

/// A move that claims nothing.
fn decide(cell: Option<Cell>) -> Option<Decision> {
    cell.map(|cell| Decision {
        cell,
        verdict: None,
        value: None,
    })
}

/// The first free central cell in row-major order.
pub(crate) fn free_centre(pos: &Position) -> Option<Cell> {
    pos.dims()
        .centre_cells()
        .into_iter()
        .find(|&c| pos.get(c).is_none())
}

/// The cells where `player` would complete K in a row by playing next.
#[must_use]
pub(crate) fn winning_cells(pos: &Position, player: Player) -> Vec<Cell> {
    pos.legal_moves()
        .filter(|&c| pos.makes_line(c, player))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    fn pos(notation: &str) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), 3).unwrap()
    }

    #[test]
    fn levels_parse_by_name_or_number() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("4".parse::<Level>(), Ok(Level::Perfect));
        assert!("5".parse::<Level>().is_err());
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
    }

    #[test]
    fn medium_blocks_but_hard_wins() {
        // X: XX. / OO. / X.. -> O to move? counts X3 O2: O to move. O can win at (1,2);
        // X threatens (0,2). Centre taken.
        let p = pos("XX./OO./X..");
        let mut hard = new_player(Level::Hard, Some(1), Duration::from_secs(1));
        assert_eq!(hard.choose(&p).unwrap().cell, Cell::new(1, 2));
        let mut medium = new_player(Level::Medium, Some(1), Duration::from_secs(1));
        assert_eq!(medium.choose(&p).unwrap().cell, Cell::new(0, 2));
    }

    #[test]
    fn centre_first_on_even_boards() {
        let p =
            Position::from_setup(&Setup::from_notation("..../.X../..../....").unwrap(), 3).unwrap();
        let mut hard = new_player(Level::Hard, Some(3), Duration::from_secs(1));
        assert_eq!(hard.choose(&p).unwrap().cell, Cell::new(1, 2));
    }

    #[test]
    fn seeded_players_repeat_themselves() {
        let p = Position::new(ttt_core::Dims::new(5, 5, 4).unwrap());
        let a = new_player(Level::Easy, Some(9), Duration::ZERO).choose(&p);
        let b = new_player(Level::Easy, Some(9), Duration::ZERO).choose(&p);
        assert_eq!(a, b);
    }

    #[test]
    fn nobody_moves_when_the_game_is_over() {
        let p = pos("XXX/OO./...");
        for l in Level::ALL {
            assert_eq!(
                new_player(l, Some(1), Duration::from_secs(1)).choose(&p),
                None
            );
        }
    }
}
