//! The computer players, one type per level behind one trait.
//!
//! The levels are the classic console game's: `easy` plays a random empty cell; `medium`
//! takes the centre if free, else blocks the opponent's immediate win, else plays at random;
//! `hard` takes the centre if free, else its own immediate win, else blocks, else plays at
//! random. `perfect` searches the game tree ([`crate::Solver`]) and never loses where it can
//! solve the board in its time; beyond that, with K of 4 or more, it plays as [`Strong`], the
//! strongest player we have (threats first, then a search over line patterns).
//!
//! Every level follows the position's [`ttt_core::Rule`]: it plays only legal moves (never a
//! point renju forbids X), and a "win" or a "block" is a line that wins under the rule (a six
//! is no win under standard; a five blocked at both ends is none under caro).

mod opening;
mod perfect;
mod simple;
mod strategy;
mod strong;

use std::time::Duration;

pub use opening::{opening_balance, opening_choice, opening_stones};
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

    fn under(
        rule: ttt_core::Rule,
        rows: usize,
        stones: &[(&[(u8, u8)], ttt_core::Player)],
    ) -> Position {
        let mut setup = Setup::empty(rows, rows);
        for (cells, player) in stones {
            for &(r, c) in *cells {
                setup.set(Cell::new(r, c), Some(*player));
            }
        }
        Position::from_setup_under(&setup, 5, rule).unwrap()
    }

    #[test]
    fn a_six_is_no_win_under_standard() {
        use ttt_core::{Player, Rule};
        // X X X X . X .    X at (0, 4) would make six; O's four on row 2 wins at (2, 4)
        // . . . . . . .
        // O O O O . . .
        // . . . O . . .    (the centre is taken)
        let stones: [(&[(u8, u8)], Player); 2] = [
            (&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 5)], Player::X),
            (&[(2, 0), (2, 1), (2, 2), (2, 3), (3, 3)], Player::O),
        ];
        let free = under(Rule::Freestyle, 7, &stones);
        let standard = under(Rule::Standard, 7, &stones);
        let hard = |p: &Position| new_player(Level::Hard, Some(1), Duration::ZERO).choose(p);
        assert_eq!(hard(&free).unwrap().cell, Cell::new(0, 4));
        assert_eq!(hard(&standard).unwrap().cell, Cell::new(2, 4));
        // Perfect with no time sees the same.
        let glance = new_player(Level::Perfect, None, Duration::ZERO).choose(&standard);
        assert_eq!(
            glance.map(|d| (d.cell, d.value)),
            Some((Cell::new(2, 4), None))
        );
    }

    #[test]
    fn renju_x_never_plays_a_forbidden_point_not_even_to_block() {
        use ttt_core::{Player, Rule};
        // X's twos cross at the centre (7, 7), a double-three for X; O's open four on the
        // diagonal wins there or at (2, 2).
        let stones: [(&[(u8, u8)], Player); 2] = [
            (&[(7, 5), (7, 6), (5, 7), (6, 7)], Player::X),
            (&[(3, 3), (4, 4), (5, 5), (6, 6)], Player::O),
        ];
        let pos = under(Rule::Renju, 15, &stones);
        assert!(pos.forbidden(Cell::new(7, 7)).is_some());
        for level in [Level::Medium, Level::Hard] {
            let d = new_player(level, Some(2), Duration::ZERO)
                .choose(&pos)
                .unwrap();
            assert_eq!(d.cell, Cell::new(2, 2), "{level}");
        }
        let d = new_player(Level::Perfect, None, Duration::ZERO)
            .choose(&pos)
            .unwrap();
        assert_eq!(d.cell, Cell::new(2, 2));
        for seed in 0..50 {
            let d = new_player(Level::Easy, Some(seed), Duration::ZERO)
                .choose(&pos)
                .unwrap();
            assert!(pos.play(d.cell).is_ok(), "{}", d.cell);
        }
        // Nothing to block: the centre is still forbidden, so not taken.
        let quiet: [(&[(u8, u8)], Player); 2] = [
            (&[(7, 5), (7, 6), (5, 7), (6, 7)], Player::X),
            (&[(0, 0), (0, 14), (14, 0), (14, 14)], Player::O),
        ];
        let pos = under(Rule::Renju, 15, &quiet);
        for level in [Level::Medium, Level::Hard] {
            let d = new_player(level, Some(3), Duration::ZERO)
                .choose(&pos)
                .unwrap();
            assert!(pos.play(d.cell).is_ok(), "{level}: {}", d.cell);
        }
        // Perfect at a glance takes the legal cell nearest the centre, not a corner.
        let d = new_player(Level::Perfect, None, Duration::ZERO)
            .choose(&pos)
            .unwrap();
        assert!(pos.play(d.cell).is_ok(), "{}", d.cell);
        assert!(
            d.cell.row.abs_diff(7) <= 1 && d.cell.col.abs_diff(7) <= 1,
            "{}",
            d.cell
        );
    }

    #[test]
    fn a_five_blocked_at_both_ends_is_no_threat_under_caro() {
        use ttt_core::{Player, Rule};
        // X O O O O . X . .    O at (0, 5) would be blocked at both ends: no win, no block
        let stones: [(&[(u8, u8)], Player); 2] = [
            (&[(0, 0), (0, 6), (8, 0), (8, 8), (8, 4)], Player::X),
            (&[(0, 1), (0, 2), (0, 3), (0, 4), (4, 4)], Player::O),
        ];
        let free = under(Rule::Freestyle, 9, &stones);
        let caro = under(Rule::Caro, 9, &stones);
        assert_eq!(strategy::winning_cells(&free, Player::O), [Cell::new(0, 5)]);
        assert_eq!(strategy::winning_cells(&caro, Player::O), []);
        let medium = |p: &Position| new_player(Level::Medium, Some(4), Duration::ZERO).choose(p);
        assert_eq!(medium(&free).unwrap().cell, Cell::new(0, 5));
        assert_ne!(medium(&caro).unwrap().cell, Cell::new(0, 5));
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
