//! Wins that begin with quiet moves: threat-space search under a proof-number search, as
//! Allis, van den Herik and Huntjens proved free-style gomoku.
//!
//! A *quiet move* threatens nothing at once, but were the defender to pass, the attacker
//! would then win by threats (a VCF or a VCT, [`super::Threats::vct`]). Such a move wins
//! when every reply of the defender's still loses: to a win by threats, or to another quiet
//! move of the same kind, and so on. The defender's replies searched are the cells of the
//! threatened win's zone (a VCF's, or a VCT's: [`Threats::vct_with_zone`]) and the
//! defender's fours, which are all that can stop it. The search is a proof, whose every
//! branch ends in a win by threats, which is itself a proof.
//!
//! The tree is searched best first, by proof and disproof numbers (df-pn, with the 1+ε trick
//! of Pawlewicz and Lew), as deep as the proof needs: a line of many quiet moves whose
//! replies mostly lose to threats at once costs less than a short one where every reply needs
//! a search of its own. What it learns is kept in a [`QuietTable`] that outlives the search,
//! so that the proof writer, asking again at each node of the win it found, is answered
//! from the table.
//!
//! The attacker's quiet moves are only tried among the cells near the stones, best first by
//! the lines they make; that can miss a win, never claim a false one.

use std::collections::HashMap;
use std::rc::Rc;

use ttt_core::Player;

use super::{Found, ThreatLine, Threats, VCT_THREATS};
use crate::board::stones::Stones;
use crate::search::limits::Limits;
use crate::search::proof_number::numbers::{add, beyond};
use crate::tt::bounds::BoundTable;
use crate::tt::numbers::INF;

/// The quiet moves tried at an attacker's node, at most, best first.
const CANDIDATES: usize = 8;

/// The most quiet moves in a line that the search first deepens to, one at a time, before it
/// searches with no such bound.
const SHALLOW: u32 = 2;

/// How many times the search may run, each time its threat searches' budget of positions
/// `BUDGET_GROWTH` times the last's, where a round found no win and a threat search ran out
/// of its budget.
const BUDGET_ROUNDS: u32 = 5;

/// The factor by which each round's threat searches' budget grows.
const BUDGET_GROWTH: u64 = 4;

/// The count of quiet moves left that is never used up: the search with no bound.
const UNBOUNDED: u32 = u32::MAX;

/// What the table costs a position, about: the entry, the map's share, and the list of moves
/// (a defender's replies to a threat that any move may stop are most of the board's cells).
const NODE_BYTES: usize = 320;

/// Told apart in the table: the positions searched for O's wins from those for X's (the same
/// position is an attacker's node for one and a defender's for the other).
const O_ATTACKS: u64 = 0x6a09_e667_f3bc_c908;

/// What a search for a win with quiet moves found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QuietFound {
    /// The attacker's first move of a win.
    Win(usize),
    /// None among the candidates tried: the search ran to its end.
    None,
    /// The limits, or the table's size, stopped the search first; or its threat searches ran
    /// out of positions in every round.
    Unknown,
}

/// A position of the search: its numbers and the moves below it.
#[derive(Debug)]
struct Node {
    /// Proof number: 0 when the attacker is shown to win.
    pn: u32,
    /// Disproof number: 0 when the attacker is shown not to win this way.
    dn: u32,
    /// The attacker's candidates, or the defender's replies.
    moves: Rc<[u16]>,
    /// Where the attacker is to move and wins: the move that does.
    best: Option<u16>,
}

/// What the searches for wins with quiet moves learned, position by position, for both
/// attackers: kept from one search to the next.
#[derive(Debug)]
pub(crate) struct QuietTable {
    nodes: HashMap<u64, Node>,
    most: usize,
    /// The positions the threat searches showed have no win within so many moves, shared by
    /// all of them: the same positions come again in other orders of the quiet moves and
    /// replies. Taken by each threat search and put back after it.
    no_wins: Option<BoundTable>,
    /// The most `no_wins` may take.
    no_win_bytes: usize,
}

impl QuietTable {
    /// A table that takes about `bytes` bytes at most.
    pub(crate) fn with_bytes(bytes: usize) -> QuietTable {
        let no_win_bytes = bytes / 4;
        QuietTable {
            nodes: HashMap::new(),
            most: ((bytes - no_win_bytes) / NODE_BYTES).max(1),
            no_wins: None,
            no_win_bytes,
        }
    }

    /// A threat search on `board`, starting from what the earlier ones learned.
    fn threats<'b>(&mut self, board: &'b mut Stones, limits: Limits, budget: u64) -> Threats<'b> {
        let bytes = self.no_win_bytes;
        let known = self
            .no_wins
            .take()
            .unwrap_or_else(|| BoundTable::growing(bytes));
        Threats::with_table(board, limits, budget, known)
    }

    /// Forgets every position not proven won: what a search with a bigger budget for its
    /// threat searches must learn again.
    fn forget_unproven(&mut self) {
        self.nodes.retain(|_, node| node.pn == 0);
    }

    /// Keeps what the threat search `search` learned, for the next.
    fn learn(&mut self, search: Threats<'_>) {
        self.no_wins = Some(search.into_table());
    }
}

/// One search for a win with quiet moves, on a board it plays on and restores: the side to
/// move attacks.
#[derive(Debug)]
pub(crate) struct Quiet<'a> {
    board: &'a mut Stones,
    table: &'a mut QuietTable,
    attacker: Player,
    limits: Limits,
    /// The positions each threat search of this round may take at most.
    budget: u64,
    nodes: u64,
    aborted: bool,
    /// Whether a line of this depth's search ran out of quiet moves with candidates left.
    cut: bool,
    /// Whether a threat search of this round ran out of its budget of positions: a win it
    /// did not find may be there.
    starved: bool,
}

impl<'a> Quiet<'a> {
    /// A search on `board` within `limits`, each threat search of its first round within
    /// `budget` positions ([`Quiet::win`]), keeping what it learns in `table`.
    pub(crate) fn new(
        board: &'a mut Stones,
        table: &'a mut QuietTable,
        limits: Limits,
        budget: u64,
    ) -> Quiet<'a> {
        let attacker = board.turn();
        Quiet {
            board,
            table,
            attacker,
            limits,
            budget,
            nodes: 0,
            aborted: false,
            cut: false,
            starved: false,
        }
    }

    /// Positions the threat searches visited.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A win for the side to move that begins with quiet moves (or with threats alone): first
    /// with one quiet move in a line at most, then two, each depth searched best first, then
    /// with no bound. Proof numbers alone would follow lines of few replies (a VCF's zone)
    /// ever deeper, past a win two quiet moves deep whose replies are many but each lose to
    /// threats at once; the bound alone misses the wins of many quiet moves whose threats
    /// leave few replies.
    ///
    /// A threat search held to its budget of positions that finds no win has not shown there
    /// is none: where a round ends with no win and one of its threat searches ran out, the
    /// search runs again with budgets `BUDGET_GROWTH` times bigger, up to `BUDGET_ROUNDS`
    /// rounds, keeping only what it proved.
    pub(crate) fn win(&mut self) -> QuietFound {
        self.rounds(BUDGET_ROUNDS)
    }

    /// [`Quiet::win`] with at most `most` rounds.
    fn rounds(&mut self, most: u32) -> QuietFound {
        let mut rounds = 1;
        loop {
            self.starved = false;
            let found = self.round();
            if found != QuietFound::None || !self.starved {
                return found;
            }
            if rounds == most {
                return QuietFound::Unknown;
            }
            rounds += 1;
            self.budget = self.budget.saturating_mul(BUDGET_GROWTH);
            self.table.forget_unproven();
        }
    }

    /// One round of [`Quiet::win`], its threat searches within this round's budget.
    fn round(&mut self) -> QuietFound {
        let hash = self.board.hash();
        // Proven before: the writer asking again along the win.
        for quiet in (0..=SHALLOW).chain([UNBOUNDED]) {
            if let Some(best) = self.proven(hash, quiet) {
                return QuietFound::Win(usize::from(best));
            }
        }
        // The shallow depths get half the time at most: the search with no bound, the rest.
        let all = self.limits.clone();
        if let Some(left) = all.time_left() {
            self.limits = all.at_most(left / 2);
        }
        for quiet in 0..=SHALLOW {
            if let Some(found) = self.depth(hash, quiet) {
                return found;
            }
            if self.aborted {
                break;
            }
        }
        self.limits = all;
        if self.limits.is_over() {
            return QuietFound::Unknown;
        }
        self.aborted = false;
        match self.depth(hash, UNBOUNDED) {
            Some(found) => found,
            None if self.aborted => QuietFound::Unknown,
            None => QuietFound::None,
        }
    }

    /// The search with `quiet` quiet moves in a line at most: `None` where it found no win but
    /// a line stopped for want of quiet moves (a deeper search may find one), or where its
    /// limits stopped it.
    fn depth(&mut self, hash: u64, quiet: u32) -> Option<QuietFound> {
        self.cut = false;
        loop {
            let (pn, dn) = self.mid(INF, INF, quiet);
            if self.aborted {
                return None;
            }
            if pn == 0 {
                return Some(
                    self.proven(hash, quiet)
                        .map_or(QuietFound::Unknown, |c| QuietFound::Win(usize::from(c))),
                );
            }
            if dn == 0 {
                // No line stopped for want of quiet moves: more would find nothing more.
                return (!self.cut).then_some(QuietFound::None);
            }
        }
    }

    /// The winning move of the board `hash` with `quiet` quiet moves left, if the table has
    /// it proven.
    fn proven(&self, hash: u64, quiet: u32) -> Option<u16> {
        let node = self.table.nodes.get(&self.key(hash, quiet))?;
        if node.pn == 0 {
            node.best
        } else {
            None
        }
    }

    /// The table's key of the board `hash` with `quiet` quiet moves left, for this search's
    /// attacker.
    fn key(&self, hash: u64, quiet: u32) -> u64 {
        let side = if self.attacker == Player::O {
            O_ATTACKS
        } else {
            0
        };
        hash ^ side ^ u64::from(quiet).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The multiple-iterative-deepening step of df-pn: searches the position until its proof
    /// number reaches `thpn` or its disproof number `thdn`, or it is settled.
    /// `quiet` is how many quiet moves the attacker may still make in the line, the one just
    /// made included where the defender is to move ([`UNBOUNDED`]: any number).
    fn mid(&mut self, thpn: u32, thdn: u32, quiet: u32) -> (u32, u32) {
        if self.limits.is_over() {
            self.aborted = true;
        }
        if self.aborted {
            return (1, 1);
        }
        let key = self.key(self.board.hash(), quiet);
        let attacking = self.board.turn() == self.attacker;
        let moves = match self.table.nodes.get(&key) {
            Some(node) => {
                if node.pn == 0 || node.dn == 0 || node.pn >= thpn || node.dn >= thdn {
                    // A refutation from the table may have stopped for want of quiet moves:
                    // deepening is not ruled out.
                    self.cut |= node.dn == 0;
                    return (node.pn, node.dn);
                }
                Rc::clone(&node.moves)
            }
            None => {
                if self.table.nodes.len() >= self.table.most {
                    self.aborted = true;
                    return (1, 1);
                }
                let node = if attacking {
                    self.open_attack(quiet)
                } else {
                    self.open_defence()
                };
                if self.aborted {
                    return (1, 1);
                }
                let numbers = (node.pn, node.dn);
                let moves = Rc::clone(&node.moves);
                self.table.nodes.insert(key, node);
                if numbers.0 == 0 || numbers.1 == 0 || numbers.0 >= thpn || numbers.1 >= thdn {
                    return numbers;
                }
                moves
            }
        };
        // An attacker's move keeps the count (its defender's node counts it); a defender's
        // reply leaves one fewer for the attacker's next.
        let child_quiet = if attacking || quiet == UNBOUNDED {
            quiet
        } else {
            quiet - 1
        };
        loop {
            // The children's numbers: the least and the sum, and the child to search next.
            let mut least = INF;
            let mut second = INF;
            let mut sum = 0u32;
            let mut pick = 0;
            let mut picked = (1, 1);
            for (i, &m) in moves.iter().enumerate() {
                let child = self.key(self.board.hash_after(usize::from(m)), child_quiet);
                let (cpn, cdn) = self
                    .table
                    .nodes
                    .get(&child)
                    .map_or((1, 1), |n| (n.pn, n.dn));
                // Where the attacker moves, the proof number is the least of the children's
                // and the disproof number their sum; where the defender moves, the other way.
                let (mine, other) = if attacking { (cpn, cdn) } else { (cdn, cpn) };
                sum = add(sum, other);
                if mine < least {
                    second = least;
                    least = mine;
                    pick = i;
                    picked = (cpn, cdn);
                } else if mine < second {
                    second = mine;
                }
            }
            let (pn, dn) = if attacking {
                (least, sum)
            } else {
                (sum, least)
            };
            let node = self.table.nodes.get_mut(&key).expect("stored above");
            node.pn = pn;
            node.dn = dn;
            if attacking && pn == 0 {
                node.best = Some(moves[pick]);
            }
            if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
                return (pn, dn);
            }
            // The 1+ε thresholds, as in the proof-number search of small boards: the child
            // may run until a sibling looks cheaper, or until the rest of the sum reaches this
            // position's threshold.
            let rest = |threshold: u32, total: u32, child: u32| {
                if threshold == INF {
                    INF
                } else {
                    threshold - (total - child)
                }
            };
            let (child_thpn, child_thdn) = if attacking {
                (thpn.min(beyond(second)), rest(thdn, dn, picked.1))
            } else {
                (rest(thpn, pn, picked.0), thdn.min(beyond(second)))
            };
            let cell = usize::from(moves[pick]);
            if self.board.play(cell) {
                // A line completed (the threat searches leave this to chance only at their
                // budget's end): the mover wins.
                self.board.undo();
                let node = self.table.nodes.get_mut(&key).expect("stored above");
                if attacking {
                    node.pn = 0;
                    node.best = Some(moves[pick]);
                } else {
                    node.dn = 0;
                }
                return (node.pn, node.dn);
            }
            self.mid(child_thpn, child_thdn, child_quiet);
            self.board.undo();
            if self.aborted {
                return (pn, dn);
            }
        }
    }

    /// An attacker's position seen for the first time, with `quiet` quiet moves left: won by
    /// threats at once, or its candidates.
    fn open_attack(&mut self, quiet: u32) -> Node {
        if let Some(cell) = self.threats() {
            return Node {
                pn: 0,
                dn: INF,
                moves: Rc::from(Vec::new()),
                best: Some(cell as u16),
            };
        }
        let me = self.board.turn();
        let blocks = self.board.winning_cells(me.other(), 2);
        let candidates: Vec<u16> = match blocks[..] {
            [] => self.quiet_moves(me),
            [block] => vec![block as u16],
            _ => Vec::new(),
        };
        let candidates = if quiet == 0 {
            self.cut |= !candidates.is_empty();
            Vec::new()
        } else {
            candidates
        };
        let (pn, dn) = if candidates.is_empty() {
            (INF, 0)
        } else {
            (1, candidates.len() as u32)
        };
        Node {
            pn,
            dn,
            moves: Rc::from(candidates),
            best: None,
        }
    }

    /// A defender's position seen for the first time: lost for the attacker if it threatens
    /// nothing, else the replies that may stop the threat.
    fn open_defence(&mut self) -> Node {
        let refuted = Node {
            pn: INF,
            dn: 0,
            moves: Rc::from(Vec::new()),
            best: None,
        };
        let defender = self.board.turn();
        if !self.board.winning_cells(defender, 1).is_empty() {
            return refuted;
        }
        // The attacker must threaten a win, were the defender to pass: else the move is not
        // worth searching under. Only the replies in the threatened win's zone and the
        // defender's fours can stop it.
        self.board.pass();
        let threat = self.threat_zone();
        self.board.pass();
        let Some((first, zone)) = threat else {
            return refuted;
        };
        let b = &*self.board;
        let mut replies: Vec<u16> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && (zone[c] || b.threes_at(defender, c) > 0))
            .map(|c| c as u16)
            .collect();
        if replies.is_empty() {
            return refuted;
        }
        // The replies likeliest to refute first, for the ties between equal numbers: the
        // threat's first move, then the cells near the stones, the most the two sides' lines
        // gain first.
        replies.sort_by_cached_key(|&c| {
            let c = usize::from(c);
            let near = b.is_near(c);
            let gain = b.gain_for(defender, c) + b.gain_for(defender.other(), c);
            (c != first, !near, std::cmp::Reverse(gain), c)
        });
        Node {
            pn: replies.len() as u32,
            dn: 1,
            moves: Rc::from(replies),
            best: None,
        }
    }

    /// The first move of a win by threats for the side to move, if any.
    fn threats(&mut self) -> Option<usize> {
        let (line, ()) = self.threat_search(|search| (search.vct(VCT_THREATS), ()))?;
        line.moves.first().map(|&c| usize::from(c))
    }

    /// The first move of a win by threats for the side to move, with the win's zone
    /// ([`Threats::vct_with_zone`]), if it has one.
    fn threat_zone(&mut self) -> Option<(usize, Vec<bool>)> {
        let (line, zone) = self.threat_search(|search| search.vct_with_zone(VCT_THREATS))?;
        Some((usize::from(*line.moves.first()?), zone?))
    }

    /// Runs a threat search for the side to move, over the table the earlier ones left, and
    /// gives the win it found with what else `run` made of it.
    fn threat_search<T>(
        &mut self,
        run: impl FnOnce(&mut Threats<'_>) -> (Found, T),
    ) -> Option<(ThreatLine, T)> {
        if self.aborted || self.limits.is_over() {
            self.aborted = true;
            return None;
        }
        let mut search = self
            .table
            .threats(self.board, self.limits.clone(), self.budget);
        let (found, made) = run(&mut search);
        self.nodes += search.nodes();
        self.table.learn(search);
        match found {
            Found::Win(line) => Some((line, made)),
            Found::None => None,
            Found::Unknown => {
                // The budget of one threat search is not the search's: only the limits stop it.
                if self.limits.is_over() {
                    self.aborted = true;
                } else {
                    self.starved = true;
                }
                None
            }
        }
    }

    /// The cells near the stones where `player` might make a quiet move, best first.
    fn quiet_moves(&self, player: Player) -> Vec<u16> {
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
        moves
            .into_iter()
            .take(CANDIDATES)
            .map(|(_, c)| c as u16)
            .collect()
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

    /// Game 11 of the self-play file of `GAMES=12 scripts/proof-games.sh`, 13 plies from its
    /// end: X to move must stop O's four, with a win after that, were O to pass, deep in
    /// threats.
    const BLOCK_FIRST: &str = ".............../.............../.......O......./\
                               ........O....../.........O...../..........O..../\
                               ...........X.../......XX......./.............../\
                               .......X......./.............../.............../\
                               .............../.............../...............";

    fn search(board: &mut Stones) -> QuietFound {
        let mut table = QuietTable::with_bytes(64 << 20);
        Quiet::new(board, &mut table, Limits::none(), 10_000).win()
    }

    fn threats_alone(board: &mut Stones) -> Found {
        Threats::new(board, Limits::none(), 10_000).vct(VCT_THREATS)
    }

    #[test]
    fn a_win_that_begins_with_a_quiet_move_is_found_where_threats_alone_find_none() {
        let mut board = stones(QUIET, 5);
        let before = board.moves().len();
        assert_eq!(threats_alone(&mut board), Found::None);
        let QuietFound::Win(first) = search(&mut board) else {
            panic!("no win found");
        };
        // The board is restored.
        assert_eq!(board.moves().len(), before);
        // Every reply of O's after it loses, each searched afresh.
        board.play(first);
        let replies: Vec<usize> = (0..board.cells()).filter(|&c| board.is_empty(c)).collect();
        for reply in replies {
            board.play(reply);
            assert!(
                matches!(search(&mut board), QuietFound::Win(_)),
                "O's reply {reply} holds"
            );
            board.undo();
        }
    }

    #[test]
    fn the_search_with_no_bound_finds_a_win_of_many_quiet_moves() {
        // X to move with four stones each, nineteen plies from the end of a self-play game:
        // the win needs more quiet moves in a line than the shallow searches allow.
        let mut board = stones(
            ".............../.............../.............../.............../\
             .............../..........O..../....O.O...O..../.....XX......../\
             ......X......../.......X......./.............../.............../\
             .............../.............../...............",
            5,
        );
        let hash = board.hash();
        let mut table = QuietTable::with_bytes(256 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        let Some(QuietFound::Win(first)) = search.depth(hash, UNBOUNDED) else {
            panic!("no win found");
        };
        assert!(board.is_empty(first));
    }

    #[test]
    fn the_table_answers_again_at_once() {
        let mut board = stones(QUIET, 5);
        let mut table = QuietTable::with_bytes(64 << 20);
        let first = Quiet::new(&mut board, &mut table, Limits::none(), 10_000).win();
        assert!(matches!(first, QuietFound::Win(_)));
        let mut again = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        assert_eq!(again.win(), first);
        assert_eq!(again.nodes(), 0, "searched again");
    }

    #[test]
    fn a_quiet_opening_claims_no_win() {
        // Two stones each, X to move: nobody threatens anything yet. Two or three stones more,
        // were O to pass, make wins by threats too deep for the threat searches' budgets (and
        // with little table to share what they learn), so the search cannot say there is none:
        // it says it does not know, never that X wins. (One round only: the next, with bigger
        // budgets, would find quiet moves to search until the table is full.)
        let mut board = stones(
            ".............../.............../.............../.............../\
             .............../.............../.........O...../.......XO....../\
             .........X...../.............../.............../.............../\
             .............../.............../...............",
            5,
        );
        let mut table = QuietTable::with_bytes(32 << 10);
        let found = Quiet::new(&mut board, &mut table, Limits::none(), 10_000).rounds(1);
        assert_eq!(found, QuietFound::Unknown);
    }

    #[test]
    fn threat_searches_that_ran_out_of_positions_get_more_in_the_next_round() {
        // X must stop O's four first; after that block, were O to pass, X would win by
        // threats, but by a win its threat searches find only with more than 10,000
        // positions each: a round held to that finds no win.
        let mut board = stones(BLOCK_FIRST, 5);
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        assert_eq!(search.round(), QuietFound::None);
        assert!(search.starved);
        // The next round gives them four times as many, and finds the win: the block.
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        let block = 15 + 6; // row 1, column 6, beyond the end of O's four
        assert_eq!(search.rounds(2), QuietFound::Win(block));
        assert_eq!(search.budget, 40_000);
    }

    #[test]
    fn no_time_or_a_full_table_proves_nothing() {
        let mut board = stones(QUIET, 5);
        let mut table = QuietTable::with_bytes(64 << 20);
        let over = Limits::none().within(std::time::Duration::ZERO);
        assert_eq!(
            Quiet::new(&mut board, &mut table, over, 10_000).win(),
            QuietFound::Unknown
        );
        let mut tiny = QuietTable::with_bytes(1);
        assert_eq!(
            Quiet::new(&mut board, &mut tiny, Limits::none(), 10_000).win(),
            QuietFound::Unknown
        );
    }
}
