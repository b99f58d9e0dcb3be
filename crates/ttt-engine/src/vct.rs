//! The threat search for continuous threats (VCT): a win by moves that each make a four or
//! an open three, the defender answering every three with each of its defences (the cells
//! where the attacker's four would stand, and the defender's own fours) and every four with
//! its block. The attacker must win against every defence; a defence it cannot beat within
//! the budget counts as a refutation, so a win found is a win.
//!
//! The root uses it both ways: to find a win to play, and to drop the moves after which the
//! opponent has one.

use ttt_core::Player;

use crate::board::Board;
use crate::pattern::{Pattern, Threat};
use crate::vcf::Vcf;

/// The most attacking moves tried in one position, best first.
const WIDTH: usize = 10;

/// A threat search for the side to move.
pub(crate) struct Vct {
    nodes: u64,
    budget: u64,
}

impl Vct {
    /// A search that visits at most `budget` positions.
    pub(crate) fn new(budget: u64) -> Vct {
        Vct { nodes: 0, budget }
    }

    /// The positions visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A winning first move for the side to move by threats within `plies`; the board is
    /// left as it was.
    pub(crate) fn find(&mut self, board: &mut Board, plies: u32) -> Option<usize> {
        self.attack(board, plies)
    }

    fn attack(&mut self, board: &mut Board, plies: u32) -> Option<usize> {
        let me = board.turn();
        let them = me.other();
        if let Some(&win) = board.winning_cells(me, 1).first() {
            return Some(win);
        }
        let against = board.winning_cells(them, 2);
        if against.len() >= 2 || plies < 3 || self.nodes >= self.budget {
            return None;
        }
        let mut vcf = Vcf::new(self.budget.saturating_sub(self.nodes).min(200));
        let by_fours = vcf.find(board, plies);
        self.nodes += vcf.nodes();
        if let Some(line) = by_fours {
            return line.first().copied();
        }
        if board.count_at_least(me, Threat::Three) == 0 {
            return None;
        }
        let mut moves: Vec<usize> = match against.as_slice() {
            [] => board
                .grid()
                .iter()
                .copied()
                .filter(|&at| board.is_empty(at) && board.threat(at, me) >= Threat::Three)
                .collect(),
            [block] if board.threat(*block, me) >= Threat::Three => vec![*block],
            _ => return None,
        };
        moves.sort_by_key(|&at| std::cmp::Reverse((board.threat(at, me), board.value(at, me))));
        moves.truncate(WIDTH);
        for at in moves {
            if board.is_forbidden(at) {
                continue;
            }
            self.nodes += 1;
            board.make(at);
            let wins = self.defend(board, me, plies - 1);
            board.unmake();
            if wins {
                return Some(at);
            }
        }
        None
    }

    /// Whether `attacker`, who has just moved, wins against every defence.
    fn defend(&mut self, board: &mut Board, attacker: Player, plies: u32) -> bool {
        let me = board.turn();
        if !board.winning_cells(me, 1).is_empty() {
            return false;
        }
        let fives = board.winning_cells(attacker, 2);
        let replies: Vec<usize> = match fives.as_slice() {
            [_, _, ..] => return true,
            [block] => vec![*block],
            [] => {
                if board.count_at_least(attacker, Threat::FlexFour) == 0 {
                    // The attacker's move threatened nothing the defender must answer.
                    return false;
                }
                board
                    .grid()
                    .iter()
                    .copied()
                    .filter(|&at| {
                        board.is_empty(at)
                            && (board.threat(at, me).is_four()
                                || board
                                    .patterns(at, attacker)
                                    .iter()
                                    .any(|&p| p >= Pattern::B4))
                    })
                    .collect()
            }
        };
        for at in replies {
            // A defence renju forbids to X is none.
            if board.is_forbidden(at) {
                continue;
            }
            if self.nodes >= self.budget {
                return false;
            }
            self.nodes += 1;
            board.make(at);
            let wins = self.attack(board, plies - 1).is_some();
            board.unmake();
            if !wins {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Cell, Rule};

    #[test]
    fn finds_a_double_three() {
        // X's twos on row 7 and column 7 cross at (7, 7): two open threes at once.
        let mut board = Board::new(15, 15, Rule::Freestyle);
        for (r, c) in [(7, 5), (7, 6), (5, 7), (6, 7)] {
            let at = board.index(Cell::new(r, c));
            board.place(at, Player::X);
        }
        for (r, c) in [(0, 0), (0, 14), (14, 0), (14, 14)] {
            let at = board.index(Cell::new(r, c));
            board.place(at, Player::O);
        }
        board.set_turn(Player::X);
        let found = Vct::new(50_000)
            .find(&mut board, 9)
            .expect("a win by threats");
        assert!(board.threat(found, Player::X) >= Threat::Three);
        board.check().unwrap();
        // O to move instead has nothing.
        board.set_turn(Player::O);
        assert!(Vct::new(50_000).find(&mut board, 9).is_none());
    }
}
