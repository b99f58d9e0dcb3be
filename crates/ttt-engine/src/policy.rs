//! The move ordering's scores: what a stone on a cell is worth to try first, read from
//! tables by the cell's pattern codes for the side to move (what it makes) and for the
//! opponent (what it takes away) and by the two threats there together.
//!
//! The tables are learned from games, one set for each rule ([`crate::Tuner::fit_policy`]: the moves the engine
//! chose, predicted through a softmax over each position's candidates); they start from the
//! hand-set values ([`crate::Weights`]): a cell's value to each side, summed.

use crate::eval::{pcode_patterns, Weights, HAND, PCODES, THREAT_PAIRS};
use crate::pattern::{Threat, THREATS};
use crate::tables;
use ttt_core::Rule;

/// The move ordering's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// What the side to move's stone makes on a cell with each pattern code.
    pub own: [i32; PCODES],
    /// What a stone takes from the opponent on a cell with each of its pattern codes.
    pub theirs: [i32; PCODES],
    /// What the two threats on the cell add together: the side to move's times [`THREATS`]
    /// plus the opponent's.
    pub pairs: [i32; THREAT_PAIRS],
}

impl Policy {
    /// The ordering by the hand-set values: a cell's value to each side, summed.
    #[must_use]
    pub fn from_weights(w: &Weights) -> Policy {
        let value = |code: usize| {
            let lines = pcode_patterns(code);
            let threat = Threat::of(lines);
            lines.iter().map(|&p| w.patterns[p as usize]).sum::<i32>() + w.threats[threat as usize]
        };
        Policy {
            own: std::array::from_fn(value),
            theirs: std::array::from_fn(value),
            pairs: [0; THREAT_PAIRS],
        }
    }

    /// The ordering by the hand-set values.
    #[must_use]
    pub fn hand_set() -> Policy {
        Policy::from_weights(&HAND)
    }

    /// The ordering the engine plays `rule` with.
    #[must_use]
    pub fn shipped(rule: Rule) -> Policy {
        tables::ordering(rule).clone()
    }

    /// The score of a cell whose codes and threats for the side to move and the opponent
    /// are these.
    pub(crate) fn score(&self, codes: [u16; 2], threats: [Threat; 2]) -> i32 {
        self.own[usize::from(codes[0])]
            + self.theirs[usize::from(codes[1])]
            + self.pairs[threats[0] as usize * THREATS + threats[1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cell;
    use crate::pattern::Pattern;

    #[test]
    fn the_hand_set_ordering_sums_both_sides_values() {
        let policy = Policy::hand_set();
        let four = [Pattern::B4, Pattern::F2, Pattern::None, Pattern::None];
        let three = [Pattern::F3, Pattern::None, Pattern::None, Pattern::None];
        let (t4, v4, c4) = cell(four);
        let (t3, v3, c3) = cell(three);
        assert_eq!(policy.score([c4, c3], [t4, t3]), v4 + v3);
    }
}
