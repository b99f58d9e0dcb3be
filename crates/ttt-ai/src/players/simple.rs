//! The three lower levels: simple rules, and chance.

use ttt_core::{Cell, Position};

use super::strategy::{decide, free_centre, winning_cells, Decision, Level, Strategy};
use crate::rng::Rng;

/// Plays a uniformly random empty cell.
///
/// ```
/// use ttt_ai::{Easy, Rng, Strategy};
/// use ttt_core::{Dims, Position};
///
/// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// let cell = Easy::new(Rng::seeded(1)).choose(&pos).unwrap().cell;
/// assert!(pos.get(cell).is_none());
/// // The same seed, the same choice.
/// assert_eq!(Easy::new(Rng::seeded(1)).choose(&pos).unwrap().cell, cell);
/// ```
#[derive(Debug, Clone)]
pub struct Easy {
    rng: Rng,
}

impl Easy {
    /// A player whose random choices come from `rng`.
    ///
    /// ```
    /// use ttt_ai::{Easy, Level, Rng, Strategy};
    /// assert_eq!(Easy::new(Rng::seeded(1)).level(), Level::Easy);
    /// ```
    #[must_use]
    pub fn new(rng: Rng) -> Easy {
        Easy { rng }
    }
}

impl Strategy for Easy {
    fn level(&self) -> Level {
        Level::Easy
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(self.rng.pick(&moves))
    }
}

/// Takes the centre, else blocks, else plays at random.
///
/// ```
/// use ttt_ai::{Medium, Rng, Strategy};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X X .
/// // O O .    O to move could win at (1, 2), but medium only blocks: (0, 2)
/// // X . .
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./X..").unwrap(), 3).unwrap();
/// assert_eq!(Medium::new(Rng::seeded(1)).choose(&pos).unwrap().cell, Cell::new(0, 2));
/// ```
#[derive(Debug, Clone)]
pub struct Medium {
    rng: Rng,
}

impl Medium {
    /// A player whose random choices come from `rng`.
    ///
    /// ```
    /// use ttt_ai::{Medium, Level, Rng, Strategy};
    /// assert_eq!(Medium::new(Rng::seeded(1)).level(), Level::Medium);
    /// ```
    #[must_use]
    pub fn new(rng: Rng) -> Medium {
        Medium { rng }
    }
}

impl Strategy for Medium {
    fn level(&self) -> Level {
        Level::Medium
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        if pos.is_over() {
            return None;
        }
        let blocks = winning_cells(pos, pos.turn().other());
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(
            free_centre(pos)
                .or_else(|| self.rng.pick(&blocks))
                .or_else(|| self.rng.pick(&moves)),
        )
    }
}

/// Takes the centre, else wins, else blocks, else plays at random.
///
/// ```
/// use ttt_ai::{Hard, Rng, Strategy};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X X .
/// // O O .    O to move: hard takes its own win at (1, 2)
/// // X . .
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./X..").unwrap(), 3).unwrap();
/// assert_eq!(Hard::new(Rng::seeded(1)).choose(&pos).unwrap().cell, Cell::new(1, 2));
/// ```
#[derive(Debug, Clone)]
pub struct Hard {
    rng: Rng,
}

impl Hard {
    /// A player whose random choices come from `rng`.
    ///
    /// ```
    /// use ttt_ai::{Hard, Level, Rng, Strategy};
    /// assert_eq!(Hard::new(Rng::seeded(1)).level(), Level::Hard);
    /// ```
    #[must_use]
    pub fn new(rng: Rng) -> Hard {
        Hard { rng }
    }
}

impl Strategy for Hard {
    fn level(&self) -> Level {
        Level::Hard
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        if pos.is_over() {
            return None;
        }
        let wins = winning_cells(pos, pos.turn());
        let blocks = winning_cells(pos, pos.turn().other());
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(
            free_centre(pos)
                .or_else(|| self.rng.pick(&wins))
                .or_else(|| self.rng.pick(&blocks))
                .or_else(|| self.rng.pick(&moves)),
        )
    }
}
