//! The engine's side of the Gomocup's swap2 opening (`SWAP2BOARD`): from the stones placed
//! so far (none, three or five, black first), what to answer. The choices are the computer
//! levels' ([`ttt_ai::opening_stones`], [`ttt_ai::opening_choice`]): balanced stones, and the
//! colour the evaluation favours.

use ttt_core::{Cell, Choice, Dims, Position, Rule};

use crate::protocol::Point;

/// What the engine answers to a `SWAP2BOARD` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Stones to place: three on an empty board, two more after three.
    Place(Vec<Point>),
    /// `SWAP`: the engine takes the colour not to move; the opponent plays next.
    Swap,
    /// The engine takes the colour to move (white, after three or five stones) and plays:
    /// the position it plays in, with the stones placed.
    Play(Position),
}

/// Why a `SWAP2BOARD` block cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not none, three or five stones.
    Count(usize),
    /// A stone off the board, on another, or where the rule does not allow it.
    Stone(Point, String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Count(n) => write!(
                f,
                "SWAP2BOARD takes 0, 3 or 5 stones, not {n}: three to choose after, five to \
                 choose a colour after"
            ),
            Refusal::Stone(p, why) => write!(f, "the opening stone {p} cannot be: {why}"),
        }
    }
}

/// The answer to the stones `placed` (black first, then in turn) on a board of `dims` under
/// `rule`.
///
/// # Errors
/// [`Refusal`] for a count or a stone that cannot be.
pub fn answer(dims: Dims, rule: Rule, placed: &[Point]) -> Result<Answer, Refusal> {
    let mut pos = Position::with_rule(dims, rule)
        .map_err(|e| Refusal::Stone(Point { x: 0, y: 0 }, e.to_string()))?;
    for &p in placed {
        let cell = Cell::new(
            u8::try_from(p.y).unwrap_or(u8::MAX),
            u8::try_from(p.x).unwrap_or(u8::MAX),
        );
        // Said as the protocol says points (x,y from 0), not as the board's rows and columns.
        pos = pos.play(cell).map_err(|e| {
            let why = match e {
                ttt_core::PlayError::OffBoard(_) => "it is off the board".to_string(),
                ttt_core::PlayError::Occupied(_) => "it is already taken".to_string(),
                ttt_core::PlayError::Forbidden { why, .. } => {
                    format!("renju forbids it to black ({why})")
                }
                ttt_core::PlayError::GameOver => "the game is already over".to_string(),
            };
            Refusal::Stone(p, why)
        })?;
    }
    let point = |c: Cell| Point {
        x: usize::from(c.col),
        y: usize::from(c.row),
    };
    Ok(match placed.len() {
        0 => Answer::Place(
            ttt_ai::opening_stones(&pos, 3)
                .into_iter()
                .map(point)
                .collect(),
        ),
        3 | 5 => match ttt_ai::opening_choice(&pos, placed.len() == 3) {
            Choice::PlaceTwo => Answer::Place(
                ttt_ai::opening_stones(&pos, 2)
                    .into_iter()
                    .map(point)
                    .collect(),
            ),
            // Black (X) is not to move after three or five stones: taking it is a swap.
            Choice::TakeX => Answer::Swap,
            Choice::TakeO => Answer::Play(pos),
        },
        n => return Err(Refusal::Count(n)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Player;

    fn gomoku() -> Dims {
        Dims::new(15, 15, 5).unwrap()
    }

    fn p(x: usize, y: usize) -> Point {
        Point { x, y }
    }

    #[test]
    fn three_stones_then_a_choice_under_every_rule() {
        for rule in Rule::ALL {
            let Answer::Place(three) = answer(gomoku(), rule, &[]).unwrap() else {
                panic!("three stones first");
            };
            assert_eq!(three.len(), 3);
            match answer(gomoku(), rule, &three).unwrap() {
                Answer::Place(two) => {
                    assert_eq!(two.len(), 2);
                    let five: Vec<Point> = three.iter().chain(&two).copied().collect();
                    let last = answer(gomoku(), rule, &five).unwrap();
                    assert!(matches!(last, Answer::Swap | Answer::Play(_)), "{last:?}");
                }
                Answer::Swap => {}
                Answer::Play(pos) => assert_eq!(pos.turn(), Player::O),
            }
        }
    }

    #[test]
    fn bad_blocks_are_refused() {
        assert_eq!(
            answer(gomoku(), Rule::Standard, &[p(7, 7)]),
            Err(Refusal::Count(1))
        );
        assert!(matches!(
            answer(gomoku(), Rule::Standard, &[p(7, 7), p(7, 7), p(8, 8)]),
            Err(Refusal::Stone(..))
        ));
        assert!(matches!(
            answer(gomoku(), Rule::Standard, &[p(7, 7), p(40, 7), p(8, 8)]),
            Err(Refusal::Stone(..))
        ));
    }
}
