//! The three lower levels: simple rules, and chance.

use ttt_core::{Cell, Position};

use super::{decide, free_centre, winning_cells, Decision, Level, Strategy};
use crate::Rng;

/// Plays a uniformly random empty cell.
#[derive(Debug, Clone)]
pub struct Easy {
    rng: Rng,
}

impl Easy {
    /// A player whose random choices come from `rng`.
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
#[derive(Debug, Clone)]
pub struct Medium {
    rng: Rng,
}

impl Medium {
    /// A player whose random choices come from `rng`.
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
#[derive(Debug, Clone)]
pub struct Hard {
    rng: Rng,
}

impl Hard {
    /// A player whose random choices come from `rng`.
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
