//! The evaluation: what the patterns on the board are worth to the side to move.
//!
//! Every empty cell is worth, to each player, what a stone there would make along its four
//! lines ([`cell_value`]); the board keeps each player's sum up to date as stones come and
//! go, so evaluating a position is one subtraction. The side to move moves next, so its own
//! threats count for more than the same threats of the side that has just moved.

use std::sync::OnceLock;

use crate::pattern::{Pattern, Threat};
use crate::weights;

/// What the evaluation counts, and how much: a value for each [`Pattern`] a stone makes along
/// a line and a bonus for each [`Threat`] its lines make together (both indexed by the
/// enums' order, weakest first), and the weights of the side to move's sum and of the other
/// side's, in 64ths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// A stone making each pattern along one line is worth this: none, B2, F2, B3, F3, B4,
    /// F4, F5.
    pub patterns: [i32; 8],
    /// What the lines together add beyond their sum: two threats on one cell are worth far
    /// more than two on different cells, since one move makes both. None, weak, three,
    /// three-three, four, four-three, flex four, five.
    pub threats: [i32; 8],
    /// The side to move's sum counts this many 64ths: it moves next, so its threats count
    /// for more than the same threats of the side that has just moved.
    pub mover: i32,
    /// The other side's sum counts this many 64ths, against.
    pub waiting: i32,
}

/// The weights the engine plays with.
pub(crate) const WEIGHTS: Weights = Weights {
    patterns: weights::PATTERNS,
    threats: weights::THREATS,
    mover: weights::MOVER,
    waiting: weights::WAITING,
};

/// What a stone on an empty cell is worth to a player, from its four lines' patterns.
pub(crate) fn cell_value(patterns: [Pattern; 4], threat: Threat) -> i32 {
    patterns
        .iter()
        .map(|&p| WEIGHTS.patterns[p as usize])
        .sum::<i32>()
        + WEIGHTS.threats[threat as usize]
}

/// What a stone on an empty cell makes with its four lines together, and its value: both
/// read from a table of every combination of four patterns, since the board works them out
/// for the 32 cells around every stone put or taken.
pub(crate) fn cell(patterns: [Pattern; 4]) -> (Threat, i32) {
    static TABLE: OnceLock<Vec<(Threat, i32)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..1usize << (4 * PATTERN_BITS))
            .map(|index| {
                let lines: [Pattern; 4] = std::array::from_fn(|d| {
                    Pattern::ALL[index >> (PATTERN_BITS * d) & PATTERN_MASK]
                });
                let threat = Threat::of(lines);
                (threat, cell_value(lines, threat))
            })
            .collect()
    });
    let index = patterns
        .iter()
        .enumerate()
        .fold(0, |i, (d, &p)| i | (p as usize) << (PATTERN_BITS * d));
    table[index]
}

/// The bits of a pattern in the index of [`cell`]'s table: enough for [`Pattern::ALL`].
const PATTERN_BITS: usize = 3;
const PATTERN_MASK: usize = (1 << PATTERN_BITS) - 1;
const _: () = assert!(Pattern::ALL.len() == 1 << PATTERN_BITS);

/// The evaluation for the side to move, from the sums of both players' cell values.
pub(crate) fn evaluate(mover: i32, waiting: i32) -> i32 {
    (mover * WEIGHTS.mover - waiting * WEIGHTS.waiting) / 64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_patterns_are_worth_more() {
        assert!(WEIGHTS.patterns.windows(2).all(|w| w[0] <= w[1]));
        assert!(WEIGHTS.patterns[Pattern::F5 as usize] > WEIGHTS.patterns[Pattern::F3 as usize]);
    }

    #[test]
    fn the_side_to_move_counts_for_more() {
        assert!(evaluate(100, 100) > 0);
        assert_eq!(evaluate(0, 0), 0);
        let double = cell_value(
            [Pattern::F3, Pattern::F3, Pattern::None, Pattern::None],
            Threat::ThreeThree,
        );
        assert!(double > 2 * WEIGHTS.patterns[Pattern::F3 as usize]);
    }

    #[test]
    fn the_table_agrees_with_the_patterns() {
        for &a in &Pattern::ALL {
            for &b in &Pattern::ALL {
                for &c in &Pattern::ALL {
                    for &d in &Pattern::ALL {
                        let lines = [a, b, c, d];
                        let threat = Threat::of(lines);
                        assert_eq!(
                            cell(lines),
                            (threat, cell_value(lines, threat)),
                            "{lines:?}"
                        );
                    }
                }
            }
        }
    }
}
