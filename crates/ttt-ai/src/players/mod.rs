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
mod strategy;
mod strong;

use std::time::Duration;

pub use perfect::Perfect;
pub use simple::{Easy, Hard, Medium};
pub use strategy::{Decision, Level, LevelError, Strategy};
pub use strong::{BoardSizeError, MarkError, Strong, StrongMove};

use crate::rng::Rng;

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

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Cell, Position, Setup};

    fn pos(notation: &str) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), 3).unwrap()
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
