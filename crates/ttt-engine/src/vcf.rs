//! The threat search for continuous fours (VCF): a win by a four every move, each forcing
//! the one reply that stops its five, until one makes two fives at once (an open four, a
//! double four, or a four whose reply is forbidden to X under renju). A defender that can
//! make five meanwhile refutes the line; a defender's reply that makes a four of its own
//! must be answered by a four that blocks it.
//!
//! The search runs at the root (with a large budget, for a win to play) and at the leaves of
//! the main search (with a small one).

use crate::board::Board;
use crate::pattern::Threat;

/// A threat search for the side to move.
pub(crate) struct Vcf {
    nodes: u64,
    budget: u64,
    /// The line found ends with a four the defender may not stop (renju's forbidden
    /// point): its five comes two plies later.
    unstoppable: bool,
}

impl Vcf {
    /// A search that visits at most `budget` positions.
    pub(crate) fn new(budget: u64) -> Vcf {
        Vcf {
            nodes: 0,
            budget,
            unstoppable: false,
        }
    }

    /// In how many plies the line [`Vcf::find`] returned wins: its length, and two more
    /// when it ends with a four the defender may not stop.
    pub(crate) fn plies(&self, line: &[usize]) -> usize {
        line.len() + if self.unstoppable { 2 } else { 0 }
    }

    /// The positions visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A winning line for the side to move by fours within `plies`: both sides' moves,
    /// ending with the five (or, when the defender may not stop a four under renju, with
    /// that four). The board is left as it was.
    pub(crate) fn find(&mut self, board: &mut Board, plies: u32) -> Option<Vec<usize>> {
        let mut line = Vec::new();
        self.unstoppable = false;
        self.attack(board, plies, &mut line, true).then_some(line)
    }

    fn attack(&mut self, board: &mut Board, plies: u32, line: &mut Vec<usize>, top: bool) -> bool {
        let me = board.turn();
        let them = me.other();
        if let Some(&win) = board.winning_cells(me, 1).first() {
            line.push(win);
            return true;
        }
        if plies < 3 || self.nodes >= self.budget || board.count_at_least(me, Threat::Four) == 0 {
            return false;
        }
        // Below the top, the defender's fives can only come from its last stone: it had none
        // before.
        let against = match board.last() {
            Some(last) if !top => board.winning_cells_near(last, them, 2),
            _ => board.winning_cells(them, 2),
        };
        let moves: Vec<usize> = match against.as_slice() {
            [] => {
                let mut fours: Vec<usize> = board
                    .grid()
                    .iter()
                    .copied()
                    .filter(|&at| board.is_empty(at) && board.threat(at, me).is_four())
                    .collect();
                fours.sort_by_key(|&at| {
                    std::cmp::Reverse((board.threat(at, me), board.value(at, me)))
                });
                fours
            }
            [block] if board.threat(*block, me).is_four() => vec![*block],
            _ => return false,
        };
        for at in moves {
            if board.is_forbidden(at) {
                continue;
            }
            self.nodes += 1;
            board.make(at);
            let fives = board.winning_cells_near(at, me, 2);
            let found = match fives.as_slice() {
                [] => false,
                [reply] => {
                    if board.is_forbidden(*reply) {
                        line.push(at);
                        self.unstoppable = true;
                        board.unmake();
                        return true;
                    }
                    board.make(*reply);
                    line.extend([at, *reply]);
                    let found = self.attack(board, plies - 2, line, false);
                    if !found {
                        line.truncate(line.len() - 2);
                    }
                    board.unmake();
                    found
                }
                [first, second, ..] => {
                    line.extend([at, *first, *second]);
                    true
                }
            };
            board.unmake();
            if found {
                return true;
            }
        }
        false
    }
}

/// Whether `player` has made five with the stone on `at`: the fives a test expects.
#[cfg(test)]
pub(crate) fn is_win_line(board: &mut Board, line: &[usize], player: ttt_core::Player) -> bool {
    let Some((&last, rest)) = line.split_last() else {
        return false;
    };
    for &at in rest {
        board.make(at);
    }
    let wins = board.turn() == player && board.wins(last, player);
    for _ in rest {
        board.unmake();
    }
    wins
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ttt_core::{Cell, Player, Rule};

    /// A board of `rows` (`X`, `O`, anything else empty) with `turn` to move.
    pub(crate) fn board_of(rows: &[&str], rule: Rule, turn: Player) -> Board {
        let mut board = Board::new(rows.len(), rows[0].len(), rule);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let player = match ch {
                    'X' => Player::X,
                    'O' => Player::O,
                    _ => continue,
                };
                let at = board.index(Cell::new(r as u8, c as u8));
                board.place(at, player);
            }
        }
        board.set_turn(turn);
        board
    }

    #[test]
    fn finds_a_four_three() {
        // X's four on the row and three on the column meet at (4, 4).
        let rows = [
            ".........",
            "....X....",
            "....X....",
            "....X....",
            "XXX......",
            "O........",
            "........O",
            "...O.....",
            ".........",
        ];
        let mut board = board_of(&rows, Rule::Freestyle, Player::X);
        let line = Vcf::new(10_000)
            .find(&mut board, 9)
            .expect("a win by fours");
        assert!(is_win_line(&mut board, &line, Player::X), "{line:?}");
        board.check().unwrap();
    }

    #[test]
    fn no_win_without_fours() {
        let rows = [
            ".........",
            "...XX....",
            ".........",
            ".........",
            "....O....",
            ".........",
            ".........",
            ".........",
            "........O",
        ];
        let mut board = board_of(&rows, Rule::Freestyle, Player::X);
        assert!(Vcf::new(10_000).find(&mut board, 9).is_none());
    }
}
