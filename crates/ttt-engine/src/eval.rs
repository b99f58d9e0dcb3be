//! The evaluation: what the patterns on the board are worth to the side to move.
//!
//! Every empty cell is worth, to each player, what a stone there would make along its four
//! lines ([`cell_value`]); the board keeps each player's sum up to date as stones come and
//! go, so evaluating a position is one subtraction. The side to move moves next, so its own
//! threats count for more than the same threats of the side that has just moved.

use crate::pattern::{Pattern, Threat};

/// What a stone making `pattern` along one line is worth.
const fn pattern_value(pattern: Pattern) -> i32 {
    match pattern {
        Pattern::None => 0,
        Pattern::B2 => 2,
        Pattern::F2 => 6,
        Pattern::B3 => 7,
        Pattern::F3 => 24,
        Pattern::B4 => 26,
        Pattern::F4 => 120,
        Pattern::F5 => 400,
    }
}

/// What the lines together add beyond their sum: two threats on one cell are worth far
/// more than two on different cells, since one move makes both.
const fn threat_bonus(threat: Threat) -> i32 {
    match threat {
        Threat::None | Threat::Weak | Threat::Three | Threat::Four => 0,
        Threat::ThreeThree => 90,
        Threat::FourThree => 160,
        Threat::FlexFour => 200,
        Threat::Five => 600,
    }
}

/// What a stone on an empty cell is worth to a player, from its four lines' patterns.
pub(crate) fn cell_value(patterns: [Pattern; 4], threat: Threat) -> i32 {
    patterns.iter().map(|&p| pattern_value(p)).sum::<i32>() + threat_bonus(threat)
}

/// The evaluation for the side to move, from the sums of both players' cell values.
pub(crate) fn evaluate(mover: i32, waiting: i32) -> i32 {
    (mover * 6 - waiting * 5) / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_patterns_are_worth_more() {
        let patterns = [
            Pattern::None,
            Pattern::B2,
            Pattern::F2,
            Pattern::B3,
            Pattern::F3,
            Pattern::B4,
            Pattern::F4,
            Pattern::F5,
        ];
        assert!(patterns
            .windows(2)
            .all(|w| pattern_value(w[0]) < pattern_value(w[1])));
    }

    #[test]
    fn the_side_to_move_counts_for_more() {
        assert!(evaluate(100, 100) > 0);
        assert_eq!(evaluate(0, 0), 0);
        let double = cell_value(
            [Pattern::F3, Pattern::F3, Pattern::None, Pattern::None],
            Threat::ThreeThree,
        );
        assert!(double > 2 * pattern_value(Pattern::F3));
    }
}
