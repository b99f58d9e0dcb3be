//! Wins that begin with quiet moves: threat-space search under an AND/OR search, as Allis,
//! van den Herik and Huntjens proved free-style gomoku.
//!
//! A *quiet move* threatens nothing at once, but were the defender to pass, the attacker
//! would then win by threats (a VCF or a VCT, [`super::Threats::vct`]). Such a move wins
//! when every reply of the defender's still loses: to a win by threats, or to another quiet
//! move of the same kind, up to a number of quiet moves in the line. The defender's replies
//! are all searched, every legal cell; where the threat is a VCF, the cells of its zone and
//! the defender's fours, which are all that can stop it (as after a three). The search is a
//! proof, whose every branch ends in a win by threats, which is itself a proof.
//!
//! The attacker's quiet moves are only tried among the cells near the stones, best first by
//! the lines they make; that can miss a win, never claim a false one.

use std::collections::HashMap;

use ttt_core::Player;

use super::{Found, Threats, VCT_THREATS};
use crate::board::stones::Stones;
use crate::search::limits::Limits;

/// The quiet moves tried at an attacker's node, at most, best first.
const CANDIDATES: usize = 12;

/// What a search for a win with quiet moves found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QuietFound {
    /// The attacker's first move of a win.
    Win(usize),
    /// None within the quiet moves allowed and the candidates tried.
    None,
    /// The limits stopped the search first.
    Unknown,
}

/// One search for a win with quiet moves, on a board it plays on and restores: the side to
/// move attacks.
#[derive(Debug)]
pub(crate) struct Quiet<'a> {
    board: &'a mut Stones,
    limits: Limits,
    /// The positions each threat search may take at most.
    budget: u64,
    nodes: u64,
    aborted: bool,
    /// The attacker's nodes settled, by hash and quiet moves left: the winning move, if any.
    attacks: HashMap<(u64, u32), Option<usize>>,
    /// The defender's nodes settled, by hash and quiet moves left: whether every reply loses.
    defences: HashMap<(u64, u32), bool>,
}

impl<'a> Quiet<'a> {
    /// A search on `board` within `limits`, each threat search within `budget` positions.
    pub(crate) fn new(board: &'a mut Stones, limits: Limits, budget: u64) -> Quiet<'a> {
        Quiet {
            board,
            limits,
            budget,
            nodes: 0,
            aborted: false,
            attacks: HashMap::new(),
            defences: HashMap::new(),
        }
    }

    /// Positions the threat searches visited.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A win for the side to move with at most `quiet` quiet moves in any line, deepening one
    /// quiet move at a time.
    pub(crate) fn win(&mut self, quiet: u32) -> QuietFound {
        for depth in 0..=quiet {
            if let Some(cell) = self.attack(depth) {
                return QuietFound::Win(cell);
            }
            if self.aborted {
                return QuietFound::Unknown;
            }
        }
        QuietFound::None
    }

    /// The first move of a win by threats for the side to move, if any.
    fn threats(&mut self) -> Option<usize> {
        if self.aborted || self.limits.is_over() {
            self.aborted = true;
            return None;
        }
        let mut search = Threats::new(self.board, self.limits.clone(), self.budget);
        let found = search.vct(VCT_THREATS);
        self.nodes += search.nodes();
        match found {
            Found::Win(line) => line.moves.first().map(|&c| usize::from(c)),
            Found::None => None,
            Found::Unknown => {
                // The budget of one threat search is not the search's: only the limits stop it.
                if self.limits.is_over() {
                    self.aborted = true;
                }
                None
            }
        }
    }

    /// The zone of a VCF for the side to move, if it has one ([`Threats::zone`]).
    fn vcf_zone(&mut self) -> Option<Vec<bool>> {
        if self.aborted {
            return None;
        }
        let mut search = Threats::new(self.board, self.limits.clone(), self.budget);
        let found = search.vcf();
        let zone = match found {
            Found::Win(line) => Some(search.zone(&line.moves)),
            Found::None | Found::Unknown => None,
        };
        self.nodes += search.nodes();
        zone
    }

    /// The attacker's move that wins with at most `quiet` quiet moves, if any.
    fn attack(&mut self, quiet: u32) -> Option<usize> {
        if let Some(cell) = self.threats() {
            return Some(cell);
        }
        if quiet == 0 || self.aborted {
            return None;
        }
        let key = (self.board.hash(), quiet);
        if let Some(&known) = self.attacks.get(&key) {
            return known;
        }
        let me = self.board.turn();
        let blocks = self.board.winning_cells(me.other(), 2);
        let candidates = match blocks[..] {
            [] => self.quiet_moves(me),
            [block] => vec![block],
            _ => Vec::new(),
        };
        let mut found = None;
        for cell in candidates {
            self.board.play(cell);
            let wins = self.defend(quiet);
            self.board.undo();
            if wins {
                found = Some(cell);
                break;
            }
            if self.aborted {
                return None;
            }
        }
        self.attacks.insert(key, found);
        found
    }

    /// Whether every reply of the defender's, to move, loses with at most `quiet` quiet moves
    /// of the attacker's in any line, the one just played included.
    fn defend(&mut self, quiet: u32) -> bool {
        let key = (self.board.hash(), quiet);
        if let Some(&known) = self.defences.get(&key) {
            return known;
        }
        let defender = self.board.turn();
        if !self.board.winning_cells(defender, 1).is_empty() {
            return false;
        }
        // The attacker must threaten a win, were the defender to pass: else the move is not
        // worth searching under. Where the threat is a VCF, only the replies in its zone and
        // the defender's fours can stop it (as after a three, [`Threats`]); any reply can
        // stop a VCT.
        self.board.pass();
        let zone = self.vcf_zone();
        let threat = match &zone {
            Some(_) => None,
            None => self.threats(),
        };
        self.board.pass();
        if zone.is_none() && threat.is_none() {
            if !self.aborted {
                self.defences.insert(key, false);
            }
            return false;
        }
        let b = &*self.board;
        let mut replies: Vec<usize> = (0..b.cells())
            .filter(|&c| {
                b.is_empty(c)
                    && zone
                        .as_ref()
                        .is_none_or(|zone| zone[c] || b.threes_at(defender, c) > 0)
            })
            .collect();
        // The replies likeliest to refute first: the threat's first move, then the cells near
        // the stones, the most the two sides' lines gain first.
        let b = &*self.board;
        replies.sort_by_cached_key(|&c| {
            let near = b.is_near(c);
            let gain = b.gain_for(defender, c) + b.gain_for(defender.other(), c);
            (Some(c) != threat, !near, std::cmp::Reverse(gain), c)
        });
        let mut holds = true;
        for reply in replies {
            self.board.play(reply);
            let loses = self.attack(quiet - 1).is_some();
            self.board.undo();
            if !loses {
                holds = false;
                break;
            }
        }
        if !self.aborted {
            self.defences.insert(key, holds);
        }
        holds && !self.aborted
    }

    /// The cells near the stones where `player` might make a quiet move, best first.
    fn quiet_moves(&self, player: Player) -> Vec<usize> {
        let b = &*self.board;
        let mut moves: Vec<(i32, usize)> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && b.is_near(c))
            .map(|c| {
                let rank = i32::from(b.threes_at(player, c)) * 512
                    + i32::from(b.twos_at(player, c)) * 64
                    + b.gain_for(player, c) / 8
                    + b.gain_for(player.other(), c) / 16;
                (rank, c)
            })
            .collect();
        moves.sort_unstable_by_key(|&(rank, c)| (std::cmp::Reverse(rank), c));
        moves.into_iter().take(CANDIDATES).map(|(_, c)| c).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::stones::tests::stones;

    /// X to move, with no win by threats alone (its threes come too slowly), but a win that
    /// begins with a quiet move: a position of a self-play game, seventeen plies from its end.
    const QUIET: &str = ".............../.............../.............../.....O........./\
                         .....X........./......O......../.....X...O...../......X.O....../\
                         .............../.............../........X....../.............../\
                         .............../.............../...............";

    fn search(board: &mut Stones, quiet: u32) -> QuietFound {
        Quiet::new(board, Limits::none(), 10_000).win(quiet)
    }

    #[test]
    fn a_win_that_begins_with_a_quiet_move_is_found_where_threats_alone_find_none() {
        let mut board = stones(QUIET, 5);
        let before = board.moves().len();
        assert_eq!(search(&mut board, 0), QuietFound::None);
        let QuietFound::Win(first) = search(&mut board, 2) else {
            panic!("no win found");
        };
        // The board is restored.
        assert_eq!(board.moves().len(), before);
        // Every reply of O's after it loses to a win by threats or one more quiet move.
        board.play(first);
        let replies: Vec<usize> = (0..board.cells()).filter(|&c| board.is_empty(c)).collect();
        for reply in replies {
            board.play(reply);
            assert!(
                matches!(search(&mut board, 1), QuietFound::Win(_)),
                "O's reply {reply} holds"
            );
            board.undo();
        }
    }

    #[test]
    fn a_quiet_opening_has_no_such_win() {
        // Two stones each, X to move: nobody threatens anything yet.
        let mut board = stones(
            ".............../.............../.............../.............../\
             .............../.............../.........O...../.......XO....../\
             .........X...../.............../.............../.............../\
             .............../.............../...............",
            5,
        );
        assert_eq!(search(&mut board, 1), QuietFound::None);
    }
}
