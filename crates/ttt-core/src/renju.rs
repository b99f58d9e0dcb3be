//! Renju's forbidden points: where X (black) may not play. A move that makes exactly five is
//! always allowed; otherwise an overline (six or more), two fours, or two threes are
//! forbidden. A four is a line that one more move turns into exactly five (two such moves on
//! one line that are not the two ends of one straight four are two fours); a three is a line
//! that one more move turns into a straight four (four in a row that can become five at
//! either end), where that move is itself allowed: so whether a point is forbidden can depend
//! on whether another one is, and the check recurses.
//!
//! Everything looks only at the four lines through the point, at most five cells each way,
//! and a point with too few of X's stones near it is answered at once: most of a board's
//! empty points cost a few bit tests.

use crate::bitset::Bitset;
use crate::cell::DIRECTIONS;
use crate::rule::Forbidden;
use crate::{Cell, Dims};

/// How many threes deep the check follows "and the move that makes the straight four is
/// itself allowed". Deeper chains do not arise in play; past it, the move is taken as allowed.
const MAX_DEPTH: u32 = 6;

/// The stones, as the check needs them: X's, and every stone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stones {
    pub(crate) dims: Dims,
    pub(crate) x: Bitset,
    pub(crate) o: Bitset,
}

impl Stones {
    fn at(&self, cell: Cell, dir: (i32, i32), steps: i32) -> Option<Cell> {
        self.dims.step(cell, dir, steps)
    }

    fn is_x(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.x.contains(self.dims.index(c)))
    }

    fn is_empty(&self, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| {
            let i = self.dims.index(c);
            !self.x.contains(i) && !self.o.contains(i)
        })
    }

    /// X's stones in a row beyond `cell` in direction `dir`.
    fn run(&self, cell: Cell, dir: (i32, i32)) -> i32 {
        (1..)
            .take_while(|&s| self.is_x(self.at(cell, dir, s)))
            .count() as i32
    }

    fn with_x(&self, cell: Cell) -> Stones {
        let mut next = *self;
        next.x.insert(self.dims.index(cell));
        next
    }

    /// The ends of the run of X through `cell` (which holds X) along `dir`, as steps from
    /// `cell`: (backwards, forwards).
    fn bounds(&self, cell: Cell, dir: (i32, i32)) -> (i32, i32) {
        (-self.run(cell, (-dir.0, -dir.1)), self.run(cell, dir))
    }
}

/// Why X may not play on `cell` (empty, X to move), if it may not.
pub(crate) fn forbidden(stones: &Stones, cell: Cell) -> Option<Forbidden> {
    forbidden_at(stones, cell, 0)
}

fn forbidden_at(stones: &Stones, cell: Cell, depth: u32) -> Option<Forbidden> {
    if !might_be_forbidden(stones, cell) {
        return None;
    }
    let s = stones.with_x(cell);
    let lengths = DIRECTIONS.map(|dir| {
        let (back, forth) = s.bounds(cell, dir);
        forth - back + 1
    });
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    let (mut fours, mut threes) = (0, 0);
    for dir in DIRECTIONS {
        let found = fours_through(&s, cell, dir);
        if found > 0 {
            fours += found;
        } else if is_three(&s, cell, dir, depth) {
            threes += 1;
        }
    }
    if fours >= 2 {
        Some(Forbidden::DoubleFour)
    } else if threes >= 2 {
        Some(Forbidden::DoubleThree)
    } else {
        None
    }
}

/// Whether X's stones near `cell` are enough for any forbidden pattern: two lines with two
/// more stones each (two threes, two fours), or one line with four more (two fours on one
/// line, an overline).
fn might_be_forbidden(s: &Stones, cell: Cell) -> bool {
    let mut busy_lines = 0;
    for dir in DIRECTIONS {
        let count = |reach: i32| {
            (1..=reach)
                .flat_map(|d| [d, -d])
                .filter(|&d| s.is_x(s.at(cell, dir, d)))
                .count()
        };
        if count(5) >= 4 {
            return true;
        }
        if count(4) >= 2 {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// How many fours the stone on `cell` makes along `dir`: the empty points of that line that
/// would make exactly five with it, where the two ends of one straight four count once.
fn fours_through(s: &Stones, cell: Cell, dir: (i32, i32)) -> u32 {
    let mut fives = [0i32; 8];
    let mut n = 0;
    for d in (-4..=4).filter(|&d| d != 0) {
        let Some(point) = s.at(cell, dir, d).filter(|&p| s.is_empty(Some(p))) else {
            continue;
        };
        let (back, forth) = s.with_x(point).bounds(point, dir);
        let (from, to) = (d + back, d + forth);
        if forth - back + 1 == 5 && from <= 0 && 0 <= to {
            fives[n] = d;
            n += 1;
        }
    }
    match n {
        2 if fives[1] - fives[0] == 5 => 1,
        _ => n as u32,
    }
}

/// Whether the stone on `cell` makes a three along `dir`: some empty point of the line,
/// itself allowed, would make a straight four with it.
fn is_three(s: &Stones, cell: Cell, dir: (i32, i32), depth: u32) -> bool {
    (-4..=4).filter(|&d| d != 0).any(|d| {
        let Some(point) = s.at(cell, dir, d).filter(|&p| s.is_empty(Some(p))) else {
            return false;
        };
        let after = s.with_x(point);
        let (back, forth) = after.bounds(point, dir);
        let (from, to) = (d + back, d + forth);
        let straight_four = forth - back + 1 == 4
            && from <= 0
            && 0 <= to
            // Both ends open, and filling either makes exactly five, not six.
            && after.is_empty(after.at(cell, dir, from - 1))
            && after.is_empty(after.at(cell, dir, to + 1))
            && !after.is_x(after.at(cell, dir, from - 2))
            && !after.is_x(after.at(cell, dir, to + 2));
        straight_four && (depth >= MAX_DEPTH || forbidden_at(s, point, depth + 1).is_none())
    })
}
