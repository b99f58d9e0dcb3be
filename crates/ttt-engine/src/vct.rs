//! The threat search for continuous threats (VCT), as threat-space search defines it: a win
//! by moves that each threaten one. A *four* threatens five next move and leaves the defender
//! one reply; any other move is a *threat* when the attacker, were the defender to pass, would
//! win by fours (a VCF). The defender then answers with every move that could matter: the
//! cells of that VCF's *zone* (its moves and replies, and the cells where one more defender
//! stone would make one of its forced replies a four or a five) and the defender's own fours.
//! Any other reply leaves the same VCF standing. The attacker must win against every defence;
//! a defence it cannot beat within the budget counts as a refutation, so a win found is a win.
//!
//! The search deepens a threat at a time, so that short wins are found before the budget goes
//! on long lines that fail, and remembers the positions where the attacker has no win within
//! so many threats, which the same threats played in another order meet again.
//!
//! The root uses it both ways: to find a win to play, and to drop the moves after which the
//! opponent has one.

use std::collections::HashMap;

use ttt_core::{Cell, Player};

use crate::board::Board;
use crate::pattern::Pattern;
use crate::vcf::Vcf;

/// The most threats tried in one position, best first.
const WIDTH: usize = 16;
/// The positions one VCF (the attacker's, or the one a threat threatens) may visit.
const VCF_NODES: u64 = 300;
/// The lines along which a five can stand: across, down, and the two diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
/// How many in a row win.
const K: i32 = 5;

/// A threat search for the side to move.
pub(crate) struct Vct {
    nodes: u64,
    budget: u64,
    /// The attacker's positions (by hash) known to have no win within so many threats.
    failed: HashMap<u64, u32>,
}

impl Vct {
    /// A search that visits at most `budget` positions.
    pub(crate) fn new(budget: u64) -> Vct {
        Vct {
            nodes: 0,
            budget,
            failed: HashMap::new(),
        }
    }

    /// The positions visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A winning first move for the side to move by at most `threats` threats (fours
    /// count as threats), ending with a VCF, and the most plies the win takes against any
    /// defence; the board is left as it was.
    pub(crate) fn find(&mut self, board: &mut Board, threats: u32) -> Option<(usize, u32)> {
        for depth in 1..=threats {
            if let Some(found) = self.attack(board, depth) {
                return Some(found);
            }
            if self.is_spent() {
                return None;
            }
        }
        None
    }

    fn is_spent(&self) -> bool {
        self.nodes >= self.budget
    }

    /// A winning move for the side to move within `depth` threats, and the most plies its
    /// win takes.
    fn attack(&mut self, board: &mut Board, depth: u32) -> Option<(usize, u32)> {
        let me = board.turn();
        let them = me.other();
        if let Some(&win) = board.winning_cells(me, 1).first() {
            return Some((win, 1));
        }
        let against = board.winning_cells(them, 2);
        if against.len() >= 2 || self.is_spent() {
            return None;
        }
        let mut vcf = Vcf::new(self.budget.saturating_sub(self.nodes).min(VCF_NODES));
        let by_fours = vcf.find(board, vcf_plies(depth));
        self.nodes += vcf.nodes();
        if let Some(line) = by_fours {
            let plies = vcf.plies(&line) as u32;
            return line.first().map(|&at| (at, plies));
        }
        if depth == 0 {
            return None;
        }
        let key = board.hash();
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut moves: Vec<usize> = match against.as_slice() {
            [] => board
                .grid()
                .iter()
                .copied()
                .filter(|&at| {
                    board.is_empty(at) && board.patterns(at, me).iter().any(|&p| p >= Pattern::B3)
                })
                .collect(),
            [block] => vec![*block],
            _ => return None,
        };
        moves.sort_by_key(|&at| std::cmp::Reverse((board.threat(at, me), board.value(at, me))));
        moves.truncate(WIDTH);
        for at in moves {
            if board.is_forbidden(at) {
                continue;
            }
            if let Some(plies) = self.threatens(board, at, depth) {
                return Some((at, plies));
            }
            if self.is_spent() {
                return None;
            }
        }
        self.failed.insert(key, depth);
        None
    }

    /// Whether the side to move's stone on `at` is a threat that wins against every
    /// defence within `depth` threats, itself included: the most plies the win takes.
    fn threatens(&mut self, board: &mut Board, at: usize, depth: u32) -> Option<u32> {
        let me = board.turn();
        self.nodes += 1;
        board.make(at);
        let fives = board.winning_cells_near(at, me, 2);
        // The defender has no five here: `attack` blocked its one four, if it had one, and
        // a stone of ours makes none for it.
        let wins = match fives.as_slice() {
            // This stone, a block, the five.
            [_, _, ..] => Some(3),
            [block] if board.is_forbidden(*block) => Some(3),
            [block] => {
                self.nodes += 1;
                board.make(*block);
                let wins = self.attack(board, depth - 1).map(|(_, n)| 2 + n);
                board.unmake();
                wins
            }
            [] => self.refutes_every_defence(board, me, depth),
        };
        board.unmake();
        wins
    }

    /// After a threat of `attacker`'s that is not a four (the defender to move): whether
    /// the attacker wins whatever the defender does within `depth - 1` more threats, and
    /// the most plies that takes counting the threat.
    fn refutes_every_defence(
        &mut self,
        board: &mut Board,
        attacker: Player,
        depth: u32,
    ) -> Option<u32> {
        let defender = board.turn();
        board.pass();
        let mut vcf = Vcf::new(self.budget.saturating_sub(self.nodes).min(VCF_NODES));
        let threat = vcf.find(board, vcf_plies(depth - 1));
        self.nodes += vcf.nodes();
        let zone = threat.map(|line| (zone(board, &line), vcf.plies(&line) as u32));
        board.pass();
        let Some((zone, threatened)) = zone else {
            // Nothing threatened: the defender may play anywhere.
            return None;
        };
        // A reply outside the zone leaves the threatened VCF to be played.
        let mut most = 2 + threatened;
        let mut defences: Vec<usize> = board
            .grid()
            .iter()
            .copied()
            .filter(|&at| board.is_empty(at) && (zone[at] || board.threat(at, defender).is_four()))
            .collect();
        defences.sort_by_key(|&at| {
            std::cmp::Reverse((board.threat(at, defender), board.value(at, attacker)))
        });
        for at in defences {
            // A defence renju forbids to X is none.
            if board.is_forbidden(at) {
                continue;
            }
            if self.is_spent() {
                return None;
            }
            self.nodes += 1;
            board.make(at);
            let wins = self.attack(board, depth - 1);
            board.unmake();
            most = most.max(2 + wins?.1);
        }
        Some(most)
    }
}

/// The plies of the VCF looked for with `depth` threats to go: the more threats left, the
/// longer the fours may run.
fn vcf_plies(depth: u32) -> u32 {
    2 * (2 * depth + 4) + 1
}

/// The zone of the side to move's VCF `line` (its moves and the defender's replies in turn,
/// ending with the five): every cell where a defender stone could stop it. The line's own
/// cells, and around each forced reply the empty cells of the five-cell windows where the
/// defender, with one stone more, would have a four or a five: the VCF rests on those
/// staying empty.
fn zone(board: &mut Board, line: &[usize]) -> Vec<bool> {
    let attacker = board.turn();
    let defender = attacker.other();
    let mut zone = vec![false; board.framed_len()];
    let mut played = 0;
    for (i, &at) in line.iter().enumerate() {
        zone[at] = true;
        // The last cells of a line ending in two fives are not both played.
        if i + 1 >= line.len() || !board.is_empty(at) {
            break;
        }
        board.make(at);
        played += 1;
        if board.turn() == attacker {
            for window in windows_through(board, at) {
                let (mut ours, mut theirs) = (0, 0);
                for &c in &window {
                    match board.get(c) {
                        Some(p) if p == defender => ours += 1,
                        Some(_) => theirs += 1,
                        None => {}
                    }
                }
                if theirs == 0 && ours + 2 >= K {
                    for &c in &window {
                        if board.is_empty(c) {
                            zone[c] = true;
                        }
                    }
                }
            }
        }
    }
    for _ in 0..played {
        board.unmake();
    }
    zone
}

/// The five-cell windows on the board through `at`.
fn windows_through(board: &Board, at: usize) -> Vec<[usize; K as usize]> {
    let cell = board.cell(at);
    let (row, col) = (i32::from(cell.row), i32::from(cell.col));
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let mut windows = Vec::new();
    for (dr, dc) in DIRECTIONS {
        for start in -(K - 1)..=0 {
            let mut window = [0; K as usize];
            let mut inside = true;
            for (k, slot) in window.iter_mut().enumerate() {
                let (r, c) = (row + (start + k as i32) * dr, col + (start + k as i32) * dc);
                if r < 0 || c < 0 || r >= rows || c >= cols {
                    inside = false;
                    break;
                }
                *slot = board.index(Cell::new(r as u8, c as u8));
            }
            if inside {
                windows.push(window);
            }
        }
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Threat;
    use ttt_core::Rule;

    fn board_of(x: &[(u8, u8)], o: &[(u8, u8)], turn: Player) -> Board {
        let mut board = Board::new(15, 15, Rule::Freestyle);
        for &(r, c) in x {
            let at = board.index(Cell::new(r, c));
            board.place(at, Player::X);
        }
        for &(r, c) in o {
            let at = board.index(Cell::new(r, c));
            board.place(at, Player::O);
        }
        board.set_turn(turn);
        board
    }

    #[test]
    fn finds_a_double_three() {
        // X's twos on row 7 and column 7 cross at (7, 7): two open threes at once.
        let mut board = board_of(
            &[(7, 5), (7, 6), (5, 7), (6, 7)],
            &[(0, 0), (0, 14), (14, 0), (14, 14)],
            Player::X,
        );
        let (found, _) = Vct::new(50_000)
            .find(&mut board, 3)
            .expect("a win by threats");
        assert!(board.threat(found, Player::X) >= Threat::Three);
        board.check().unwrap();
        // O to move instead has nothing.
        board.set_turn(Player::O);
        assert!(Vct::new(50_000).find(&mut board, 3).is_none());
    }

    #[test]
    fn a_lone_two_is_no_win() {
        // X's two makes an open three, O blocks an end, and X has nothing more.
        let mut board = board_of(&[(7, 6), (7, 7)], &[(0, 0), (14, 14)], Player::X);
        assert!(Vct::new(50_000).find(&mut board, 4).is_none());
        board.check().unwrap();
    }

    #[test]
    fn a_win_of_four_threats_from_a_match_game() {
        // X to move wins, starting with (9, 9), in four threats and no fewer.
        let rows = [
            "...............",
            "...............",
            "...............",
            "...............",
            "........O......",
            "......OXX......",
            "......XOO.O....",
            ".......XO......",
            "........OX.....",
            ".......XX......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ];
        let mut board = crate::vcf::tests::board_of(&rows, Rule::Freestyle, Player::X);
        assert!(Vct::new(1_000_000).find(&mut board, 3).is_none());
        let (found, _) = Vct::new(1_000_000)
            .find(&mut board, 4)
            .expect("a win by threats");
        assert_eq!(board.cell(found), Cell::new(9, 9));
        board.check().unwrap();
    }

    #[test]
    fn the_zone_of_an_open_four_is_its_cells() {
        // X to move with an open three across row 7 (7,6 7,7 7,8): its VCF plays an end, and
        // the zone holds the cells that stop it.
        let mut board = board_of(&[(7, 6), (7, 7), (7, 8)], &[(0, 0), (14, 14)], Player::X);
        let line = Vcf::new(1_000).find(&mut board, 9).expect("an open four");
        let zone = zone(&mut board, &line);
        let cells: Vec<Cell> = board
            .grid()
            .iter()
            .copied()
            .filter(|&at| zone[at])
            .map(|at| board.cell(at))
            .collect();
        assert!(cells.iter().all(|c| c.row == 7), "{cells:?}");
        assert!(cells.len() >= 3, "{cells:?}");
        board.check().unwrap();
    }
}
