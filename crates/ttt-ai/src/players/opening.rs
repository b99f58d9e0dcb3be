//! The computer's side of an opening rule (swap, swap2) on gomoku boards: where to place the
//! opening stones, and which colour to take. Both go by the strong player's evaluation
//! ([`crate::eval`]): the stones are placed so that it stays near even, since the other side
//! chooses the colour afterwards; the colour taken is the one it favours, and where it is
//! near even under swap2, two more stones are placed and the choice handed back.

use ttt_core::{Cell, Choice, Player, Position};

use crate::board::stones::Stones;
use crate::eval;

/// Within this much of even (in the evaluation's units) a position is close enough that
/// swap2's chooser places two more stones rather than take a side.
const CLOSE: i32 = 60;

/// How far from the centre (in rows and columns) opening stones go.
const REACH: i32 = 2;

/// The evaluation of `pos` for X: positive when X stands better (the side to move counts
/// its tempo).
///
/// ```
/// use ttt_ai::opening_balance;
/// use ttt_core::{Dims, Position};
/// let empty = Position::new(Dims::new(15, 15, 5).unwrap());
/// assert!(opening_balance(&empty) >= 0);
/// ```
#[must_use]
pub fn opening_balance(pos: &Position) -> i32 {
    let board = Stones::of_position(pos);
    let score = eval::evaluate(&board);
    match pos.turn() {
        Player::X => score,
        Player::O => -score,
    }
}

/// `count` opening stones for the side to move and the next, in turn (X, O, X for swap's
/// three; O, X for swap2's two more), near the centre, each where the evaluation stays
/// nearest even: the other side chooses the colour afterwards. Every stone is a legal move
/// of the position it goes on (under renju a point forbidden to X is never one of X's).
///
/// ```
/// use ttt_ai::opening_stones;
/// use ttt_core::{Dims, Position};
///
/// let empty = Position::new(Dims::new(15, 15, 5).unwrap());
/// let stones = opening_stones(&empty, 3);
/// assert_eq!(stones.len(), 3);
/// let mut pos = empty;
/// for cell in stones {
///     pos = pos.play(cell).unwrap();
/// }
/// ```
#[must_use]
pub fn opening_stones(pos: &Position, count: usize) -> Vec<Cell> {
    let centre = pos.dims().centre_cells()[0];
    let mut pos = *pos;
    let mut placed = Vec::new();
    for _ in 0..count {
        let near_centre = |c: &Cell| {
            (i32::from(c.row) - i32::from(centre.row)).abs() <= REACH
                && (i32::from(c.col) - i32::from(centre.col)).abs() <= REACH
        };
        let mut tries: Vec<Cell> = pos.legal_moves().filter(near_centre).collect();
        if tries.is_empty() {
            tries = pos.legal_moves().collect();
        }
        let distance = |c: Cell| {
            (i32::from(c.row) - i32::from(centre.row)).abs()
                + (i32::from(c.col) - i32::from(centre.col)).abs()
        };
        // Nearest even, then nearest the centre, then in board order.
        let Some(best) = tries.into_iter().min_by_key(|&c| {
            let after = pos.play(c).expect("a legal move");
            (opening_balance(&after).abs(), distance(c), c)
        }) else {
            break;
        };
        pos = pos.play(best).expect("a legal move");
        placed.push(best);
    }
    placed
}

/// The colour to choose on `pos` after an opening's stones: the side the evaluation favours,
/// or, where `may_place_two` (swap2's second player) and the position is close to even,
/// [`Choice::PlaceTwo`].
///
/// ```
/// use ttt_ai::{opening_choice, opening_stones};
/// use ttt_core::{Choice, Dims, Position};
///
/// let mut pos = Position::new(Dims::new(15, 15, 5).unwrap());
/// for cell in opening_stones(&pos, 3) {
///     pos = pos.play(cell).unwrap();
/// }
/// let choice = opening_choice(&pos, true);
/// assert!([Choice::TakeX, Choice::TakeO, Choice::PlaceTwo].contains(&choice));
/// ```
#[must_use]
pub fn opening_choice(pos: &Position, may_place_two: bool) -> Choice {
    let balance = opening_balance(pos);
    if may_place_two && balance.abs() <= CLOSE {
        Choice::PlaceTwo
    } else if balance >= 0 {
        Choice::TakeX
    } else {
        Choice::TakeO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Rule, Setup};

    fn gomoku(rule: Rule) -> Position {
        Position::with_rule(Dims::new(15, 15, 5).unwrap(), rule).unwrap()
    }

    #[test]
    fn stones_are_legal_distinct_and_central_under_every_rule() {
        for rule in Rule::ALL {
            let mut pos = gomoku(rule);
            let three = opening_stones(&pos, 3);
            assert_eq!(three.len(), 3);
            for &cell in &three {
                assert!(
                    cell.row.abs_diff(7) <= 2 && cell.col.abs_diff(7) <= 2,
                    "{cell}"
                );
                pos = pos.play(cell).unwrap();
            }
            assert_eq!((pos.ply(), pos.turn()), (3, Player::O));
            let two = opening_stones(&pos, 2);
            assert_eq!(two.len(), 2);
            for &cell in &two {
                assert!(
                    cell.row.abs_diff(7) <= 2 && cell.col.abs_diff(7) <= 2,
                    "{cell}"
                );
                pos = pos.play(cell).unwrap();
            }
            assert_eq!(pos.ply(), 5);
            // Balanced: close enough that no side is clearly ahead.
            assert!(
                opening_balance(&pos).abs() < 400,
                "{}",
                opening_balance(&pos)
            );
        }
    }

    #[test]
    fn a_lopsided_position_takes_the_stronger_colour() {
        // X has an open three in the middle, O two scattered stones: take X.
        let mut setup = Setup::empty(15, 15);
        for c in [6, 7, 8] {
            setup.set(Cell::new(7, c), Some(Player::X));
        }
        setup.set(Cell::new(0, 0), Some(Player::O));
        setup.set(Cell::new(14, 14), Some(Player::O));
        setup.set(Cell::new(0, 14), Some(Player::X));
        setup.set(Cell::new(14, 0), Some(Player::O));
        let pos = Position::from_setup_under(&setup, 5, Rule::Standard).unwrap();
        assert_eq!(opening_choice(&pos, true), Choice::TakeX);
        assert_eq!(opening_choice(&pos, false), Choice::TakeX);
        // The same, colours swapped: take O.
        let mut swapped = Setup::empty(15, 15);
        for c in [6, 7, 8] {
            swapped.set(Cell::new(7, c), Some(Player::O));
        }
        swapped.set(Cell::new(0, 0), Some(Player::X));
        swapped.set(Cell::new(14, 14), Some(Player::X));
        swapped.set(Cell::new(0, 14), Some(Player::X));
        let pos = Position::from_setup_under(&swapped, 5, Rule::Standard).unwrap();
        assert_eq!(pos.turn(), Player::X);
        assert_eq!(opening_choice(&pos, true), Choice::TakeO);
    }

    #[test]
    fn a_balanced_opening_hands_the_choice_back_under_swap2() {
        let mut pos = gomoku(Rule::Standard);
        for cell in opening_stones(&pos, 3) {
            pos = pos.play(cell).unwrap();
        }
        let balance = opening_balance(&pos);
        let expected = if balance.abs() <= CLOSE {
            Choice::PlaceTwo
        } else if balance >= 0 {
            Choice::TakeX
        } else {
            Choice::TakeO
        };
        assert_eq!(opening_choice(&pos, true), expected);
        assert_ne!(opening_choice(&pos, false), Choice::PlaceTwo);
    }
}
