//! The evaluation of a position where no search reaches the end: line patterns, counted by
//! windows. A window of K cells holding some of one side's marks and none of the other's is
//! a line that can still be made; it weighs more the fewer marks it lacks. Patterns fall out
//! of the sums: an open three (`.XXX.` with room) lies in three windows of three marks, a
//! three closed at one end in one; an open two in four windows of two, a closed one in fewer.
//! What a pattern threatens next move is looked at apart ([`threats`]): a side to move that
//! can make two fours at once has won, and one that faces such a move must answer it.
//!
//! One function, [`evaluate`], gives the score; [`move_score`] orders moves by the same
//! measure.

use ttt_core::Player;

use crate::board::stones::Stones;

/// The most a heuristic score may be: below every win's score.
pub(crate) const MAX: i32 = 900_000;

/// What one cell where a side makes two fours at once is worth to the side to move, and to
/// the side waiting.
const DOUBLE_FOR_MOVER: i32 = 40_000;
const DOUBLE_FOR_WAITER: i32 = 2_500;

/// Threats one move away: how many cells each side could make two fours at once on (an open
/// four, or a four-four), counted as the cells through two or more of its three windows.
pub(crate) fn threats(board: &Stones, player: Player) -> u32 {
    if !board.has_three(player) {
        return 0;
    }
    (0..board.cells())
        .filter(|&c| board.is_empty(c) && board.threes_at(player, c) >= 2)
        .count() as u32
}

/// The score of the position for the side to move: positive is good for it.
pub(crate) fn evaluate(board: &Stones) -> i32 {
    let me = board.turn();
    let them = me.other();
    let mut score = board.evaluate();
    // A cell where the side to move makes two fours wins (the search has settled fours
    // already); one where the other side does must be answered now.
    if threats(board, me) > 0 {
        score += DOUBLE_FOR_MOVER;
    }
    let waiting = threats(board, them);
    score -= DOUBLE_FOR_WAITER * waiting.min(3) as i32;
    score.clamp(-MAX, MAX)
}

/// How promising a move at `cell` is for the side to move, for ordering: its own windows
/// grow and the opponent's are spoiled; fours made, and the opponent's fours prevented, first.
pub(crate) fn move_score(board: &Stones, cell: usize) -> i32 {
    let me = board.turn();
    let them = me.other();
    let mut score = board.gain(cell);
    let mine = i32::from(board.threes_at(me, cell));
    let theirs = i32::from(board.threes_at(them, cell));
    if mine >= 2 {
        score += 20_000;
    } else if mine == 1 {
        score += 1_500;
    }
    if theirs >= 2 {
        score += 8_000;
    }
    score += i32::from(board.twos_at(me, cell).min(4)) * 120;
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::stones::tests::stones;

    #[test]
    fn open_threes_weigh_more_than_closed_ones_and_double_fours_most() {
        let open = stones(
            "........./........./........./..XXX..../........./........./O......O./........./O.......X",
            5,
        );
        let closed = stones(
            "........./........./........./.OXXX..../........./........./O......../........./O.......X",
            5,
        );
        // O to move in both: X's open three is a threat O must answer.
        assert!(evaluate(&open) < evaluate(&closed));
        assert_eq!(threats(&open, Player::X), 2);
        assert_eq!(threats(&closed, Player::X), 0);
        // The cells next to the open three make an open four: first in the order.
        let mut b = open.clone();
        b.pass();
        let best = (0..b.cells())
            .filter(|&c| b.is_empty(c))
            .max_by_key(|&c| move_score(&b, c))
            .unwrap();
        assert!([3 * 9 + 1, 3 * 9 + 5].contains(&best), "{best}");
    }
}
