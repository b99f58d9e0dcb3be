//! Threat-space search (Allis, van den Herik and Huntjens): wins forced by threats alone, for
//! K of at least 4.
//!
//! - A *four* is a move after which the attacker completes a line next move: the defender
//!   must take that one cell. A *VCF* (victory by continuous fours) is a sequence of fours
//!   ending in two winning cells at once, which no single reply stops ([`vcf`]).
//! - A *three* is a move after which, if the defender passed, the attacker would have a VCF.
//!   A *VCT* (victory by continuous threats) mixes threes and fours ([`vct`]).
//!
//! Both are proofs, not guesses:
//! - after a four the defender has one reply, unless it completes a line of its own first:
//!   the search never lets the attacker play on while the defender has a winning cell (a
//!   *counter-four* must be blocked, and the block must be a four itself to stay in the
//!   sequence);
//! - after a three, every defender reply that could matter is searched: the cells of the
//!   *zone* of the VCF the three threatens ([`Vcf::zone`]), and every move that makes a four.
//!   A reply anywhere else leaves that VCF standing: the zone holds every cell the VCF's
//!   moves and replies use, and every cell where an extra defender mark would turn one of the
//!   defender's forced replies into a counter-four.
//!
//! A search that ends without finding a VCF, and was not stopped, proves there is none: that
//! is how the strong player shows the opponent has no immediate threats worth answering.
//!
//! [`win`] is the look for a win by threats that the solver, the analysis and the strong
//! player share, answered in cells ([`ThreatWin`]).

pub(crate) mod quiet;

use ttt_core::{Cell, Player};

use crate::board::stones::Stones;
use crate::search::limits::{Limits, CHECK_EVERY};
use crate::tt::bounds::{Bound, BoundTable, Entry, NO_MOVE};
use crate::tt::key_of;

/// The longest VCF searched, in attacker moves: far longer than any on the boards we play.
const VCF_DEPTH: u32 = 40;

/// Table memory for one threat search's failures.
const TABLE_BYTES: usize = 16 << 20;

/// A win by threats: the moves from the position searched, attacker and defender in turn,
/// ending with the attacker's completing move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ThreatLine {
    /// Cells of the line, as board indices.
    pub(crate) moves: Vec<u16>,
    /// Whether threes were needed (a VCT), or fours alone did it (a VCF).
    pub(crate) uses_threes: bool,
}

/// What a search for threats found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// A forced win, with its line.
    Win(ThreatLine),
    /// No win of the kind searched exists: proven.
    None,
    /// The limits stopped the search first.
    Unknown,
}

/// Positions a threat search may visit at most, whatever the time.
pub(crate) const THREAT_BUDGET: u64 = 400_000;

/// Attacker moves a VCT may have at most.
pub(crate) const VCT_THREATS: u32 = 4;

/// A win forced by threats alone: fours (a VCF), or threes and fours (a VCT).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreatWin {
    /// The moves, the winner's and the loser's forced or tried replies in turn, ending with
    /// the winner's completing move.
    pub line: Vec<Cell>,
    /// Whether threes were needed (a VCT), or fours alone did it (a VCF).
    pub uses_threes: bool,
}

impl ThreatWin {
    /// Plies to the win along the line (an upper bound on the game's length with best
    /// play).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.line.len() as u32
    }

    pub(crate) fn of(board: &Stones, line: &ThreatLine) -> ThreatWin {
        ThreatWin {
            line: line
                .moves
                .iter()
                .map(|&c| board.cell(usize::from(c)))
                .collect(),
            uses_threes: line.uses_threes,
        }
    }
}

/// A win by threats for the side to move on `board` within `limits` and
/// [`THREAT_BUDGET`] positions: a VCF, or failing that a VCT of at most [`VCT_THREATS`]
/// threats; with the positions searched. The one look for a win by threats that the solver,
/// the analysis and the strong player share.
pub(crate) fn win(board: &mut Stones, limits: Limits) -> (Option<ThreatWin>, u64) {
    win_within(board, limits, THREAT_BUDGET)
}

/// [`win`] within `budget` positions.
pub(crate) fn win_within(
    board: &mut Stones,
    limits: Limits,
    budget: u64,
) -> (Option<ThreatWin>, u64) {
    let mut threats = Threats::new(board, limits, budget);
    let found = threats.vct(VCT_THREATS);
    let nodes = threats.nodes();
    let win = match found {
        Found::Win(line) => Some(ThreatWin::of(board, &line)),
        Found::None | Found::Unknown => None,
    };
    (win, nodes)
}

/// One threat search over a board it plays on and restores: the side to move attacks.
#[derive(Debug)]
pub(crate) struct Threats<'a> {
    board: &'a mut Stones,
    limits: Limits,
    /// Positions shown to have no VCF (VCT) within a depth, keyed by hash.
    table: BoundTable,
    nodes: u64,
    /// Stop after this many positions (besides the limits).
    budget: u64,
    aborted: bool,
    /// The line being searched.
    line: Vec<u16>,
    /// While a VCT's zone is collected ([`Threats::vct_with_zone`]): the cells the branches
    /// won so far rest on, cut back with the line where a branch fails.
    marks: Option<Vec<u16>>,
}

/// The table key of a search kind (VCF 0, VCT 1) at a position.
fn key(hash: u64, kind: u64) -> u64 {
    key_of(hash ^ kind.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

impl<'a> Threats<'a> {
    /// A search on `board` within `limits` and at most `budget` positions.
    pub(crate) fn new(board: &'a mut Stones, limits: Limits, budget: u64) -> Threats<'a> {
        Threats::with_table(board, limits, budget, BoundTable::growing(TABLE_BYTES))
    }

    /// A search as [`Threats::new`] that starts from what `table` holds: positions that
    /// earlier searches showed have no win within so many moves, which hold whatever the
    /// search they are met in ([`Threats::into_table`] hands the table on).
    pub(crate) fn with_table(
        board: &'a mut Stones,
        limits: Limits,
        budget: u64,
        table: BoundTable,
    ) -> Threats<'a> {
        Threats {
            board,
            limits,
            table,
            nodes: 0,
            budget,
            aborted: false,
            line: Vec::new(),
            marks: None,
        }
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The table of positions with no win, for the next search ([`Threats::with_table`]).
    pub(crate) fn into_table(self) -> BoundTable {
        self.table
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.limits.tick(CHECK_EVERY) {
            self.aborted = true;
        }
        if self.nodes >= self.budget {
            self.aborted = true;
        }
        self.aborted
    }

    fn failed_before(&self, kind: u64, depth: u32) -> bool {
        self.table
            .probe(key(self.board.hash(), kind))
            .is_some_and(|e| u32::from(e.depth) >= depth)
    }

    fn remember_failure(&mut self, kind: u64, depth: u32) {
        if self.aborted {
            return;
        }
        if self.table.wants_to_grow() {
            self.table.grow();
        }
        self.table.store(Entry {
            key: key(self.board.hash(), kind),
            score: 0,
            depth: depth.min(254) as u8,
            bound: Bound::Upper,
            best: NO_MOVE,
        });
    }

    /// A VCF for the side to move.
    pub(crate) fn vcf(&mut self) -> Found {
        if self.board.k() < 4 {
            return Found::None;
        }
        self.line.clear();
        if self.vcf_from(VCF_DEPTH) {
            Found::Win(ThreatLine {
                moves: std::mem::take(&mut self.line),
                uses_threes: false,
            })
        } else if self.aborted {
            Found::Unknown
        } else {
            Found::None
        }
    }

    /// A VCF for the side to move's opponent, were it its turn: the threats the side to move
    /// must answer.
    pub(crate) fn opponent_vcf(&mut self) -> Found {
        self.board.pass();
        let found = self.vcf();
        self.board.pass();
        found
    }

    /// The VCF search proper: whether the side to move wins by fours within `depth` of its
    /// moves, leaving the line in `self.line`.
    fn vcf_from(&mut self, depth: u32) -> bool {
        if self.count_node() {
            return false;
        }
        let me = self.board.turn();
        let opp = me.other();
        if let Some(&w) = self.board.winning_cells(me, 1).first() {
            self.line.push(w as u16);
            return true;
        }
        let blocks = self.board.winning_cells(opp, 2);
        if blocks.len() > 1 || depth == 0 || !self.board.has_three(me) {
            return false;
        }
        if self.failed_before(0, depth) {
            return false;
        }
        let candidates = match blocks.first() {
            Some(&b) => {
                if self.board.threes_at(me, b) == 0 {
                    return false;
                }
                vec![b]
            }
            None => self.four_moves(me),
        };
        for cell in candidates {
            if self.try_four(cell, depth) {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.remember_failure(0, depth);
        false
    }

    /// Plays the four at `cell` and the forced reply, and searches on: whether it wins.
    fn try_four(&mut self, cell: usize, depth: u32) -> bool {
        let me = self.board.turn();
        self.board.play(cell);
        let (wins, n) = self.board.wins_through(me, cell);
        let won = match n {
            0 => false,
            // Two winning cells: one reply cannot block both (the defender has no winning
            // cell of its own: it would have had to be blocked first).
            2 => {
                self.line.extend([cell as u16, wins[0], wins[1]]);
                // The line ends with the completing move: the defender's block, then the
                // other cell.
                true
            }
            _ => {
                let reply = usize::from(wins[0]);
                self.line.extend([cell as u16, reply as u16]);
                self.board.play(reply);
                let won = self.vcf_from(depth - 1);
                self.board.undo();
                if !won {
                    self.line.truncate(self.line.len() - 2);
                }
                won
            }
        };
        self.board.undo();
        won
    }

    /// The cells where `player` makes a four, most promising first.
    fn four_moves(&self, player: Player) -> Vec<usize> {
        let b = &*self.board;
        let mut moves: Vec<(i32, usize)> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && b.threes_at(player, c) > 0)
            .map(|c| {
                let rank = i32::from(b.threes_at(player, c)) * 4096
                    + i32::from(b.twos_at(player, c)) * 64
                    + b.gain_for(player, c) / 16;
                (rank, c)
            })
            .collect();
        moves.sort_unstable_by_key(|&(rank, c)| (std::cmp::Reverse(rank), c));
        moves.into_iter().map(|(_, c)| c).collect()
    }

    /// The cells where `player` makes a three or a four, most promising first.
    fn threat_moves(&self, player: Player) -> Vec<usize> {
        let b = &*self.board;
        let mut moves: Vec<(i32, usize)> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && (b.threes_at(player, c) > 0 || b.twos_at(player, c) > 0))
            .map(|c| {
                let rank = i32::from(b.threes_at(player, c)) * 512
                    + i32::from(b.twos_at(player, c)) * 64
                    + b.gain_for(player, c) / 16;
                (rank, c)
            })
            .collect();
        moves.sort_unstable_by_key(|&(rank, c)| (std::cmp::Reverse(rank), c));
        moves.into_iter().map(|(_, c)| c).collect()
    }

    /// The zone of the VCF `line` for the side to move (see the module's documentation):
    /// every cell an extra defender mark would have to take to stop it.
    pub(crate) fn zone(&mut self, line: &[u16]) -> Vec<bool> {
        let b = &mut *self.board;
        let attacker = b.turn();
        let defender = attacker.other();
        let k = b.k();
        let mut zone = vec![false; b.cells()];
        let mut played = 0;
        for (i, &cell) in line.iter().enumerate() {
            let cell = usize::from(cell);
            zone[cell] = true;
            if i + 1 == line.len() || !b.is_empty(cell) {
                break;
            }
            // The last two cells of a line ending in two winning cells are not both played:
            // the defender takes one, the attacker the other.
            b.play(cell);
            played += 1;
            if b.turn() == attacker {
                // `cell` was a defender's reply: where one more defender mark makes it a
                // counter-four or a line, the VCF rests on that cell staying empty.
                for &w in b.windows_through(cell) {
                    let w = w as usize;
                    if b.count(attacker, w) == 0 && b.count(defender, w) + 2 >= k {
                        for &c in b.window(w) {
                            if b.is_empty(usize::from(c)) {
                                zone[usize::from(c)] = true;
                            }
                        }
                    }
                }
            }
        }
        for _ in 0..played {
            b.undo();
        }
        zone
    }

    /// A VCT for the side to move, deepening one threat at a time up to `most_threats`
    /// attacker moves.
    pub(crate) fn vct(&mut self, most_threats: u32) -> Found {
        if self.board.k() < 4 {
            return Found::None;
        }
        match self.vcf() {
            Found::None => {}
            found => return found,
        }
        for depth in 1..=most_threats {
            self.line.clear();
            if self.vct_from(depth) {
                return Found::Win(ThreatLine {
                    moves: std::mem::take(&mut self.line),
                    uses_threes: true,
                });
            }
            if self.aborted {
                return Found::Unknown;
            }
        }
        Found::None
    }

    /// A VCT for the side to move, as [`Threats::vct`] finds it, with its zone where it
    /// finds one: every cell where an extra defender mark, put before the attacker's first
    /// move, could spoil the win. A mark anywhere else leaves every branch of the win
    /// standing: it takes no cell that a branch plays or that a threatened VCF's zone holds
    /// ([`Threats::zone`]); it makes no defender four out of a defender's move in the win
    /// (the windows through each such move with no attacker mark and all but two of the
    /// line the defender's); and, where the defender answers a three, it makes no new four
    /// to answer with (the windows with no attacker mark and all but three the
    /// defender's). A mark that makes a four at once is not covered: the defender's fours
    /// are answers of their own.
    pub(crate) fn vct_with_zone(&mut self, most_threats: u32) -> (Found, Option<Vec<bool>>) {
        self.marks = Some(Vec::new());
        let found = self.vct(most_threats);
        let marks = self.marks.take().unwrap_or_default();
        let zone = match &found {
            Found::Win(line) if !line.uses_threes => Some(self.zone(&line.moves)),
            Found::Win(_) => {
                let mut zone = vec![false; self.board.cells()];
                for cell in marks {
                    zone[usize::from(cell)] = true;
                }
                Some(zone)
            }
            Found::None | Found::Unknown => None,
        };
        (found, zone)
    }

    /// How many cells are marked while a zone is collected.
    fn marked(&self) -> usize {
        self.marks.as_ref().map_or(0, Vec::len)
    }

    /// Drops the marks past the first `len`: a branch that failed.
    fn unmark(&mut self, len: usize) {
        if let Some(marks) = self.marks.as_mut() {
            marks.truncate(len);
        }
    }

    /// Marks `cells` while a zone is collected.
    fn mark(&mut self, cells: impl IntoIterator<Item = usize>) {
        if let Some(marks) = self.marks.as_mut() {
            marks.extend(cells.into_iter().map(|c| c as u16));
        }
    }

    /// Marks the empty cells of the windows with no attacker mark and at least `least` of
    /// `defender`'s: those through `through`, or every window.
    fn mark_windows(&mut self, defender: Player, least: usize, through: Option<usize>) {
        let Some(marks) = self.marks.as_mut() else {
            return;
        };
        let b = &*self.board;
        let attacker = defender.other();
        let mut visit = |w: usize| {
            if b.count(attacker, w) == 0 && b.count(defender, w) >= least {
                marks.extend(b.window(w).iter().filter(|&&c| b.is_empty(usize::from(c))));
            }
        };
        match through {
            Some(cell) => b
                .windows_through(cell)
                .iter()
                .for_each(|&w| visit(w as usize)),
            None => (0..b.window_count()).for_each(&mut visit),
        }
    }

    /// Whether the side to move wins by threats within `depth` of its moves (fours and
    /// threes alike), leaving the main line in `self.line`.
    fn vct_from(&mut self, depth: u32) -> bool {
        if self.count_node() {
            return false;
        }
        let me = self.board.turn();
        let opp = me.other();
        let start = self.line.len();
        if self.vcf_from(VCF_DEPTH.min(depth * 2 + 4)) {
            if self.marks.is_some() {
                let line = self.line[start..].to_vec();
                let zone = self.zone(&line);
                self.mark((0..zone.len()).filter(|&c| zone[c]));
            }
            return true;
        }
        self.line.truncate(start);
        let blocks = self.board.winning_cells(opp, 2);
        if blocks.len() > 1 || depth == 0 || self.aborted {
            return false;
        }
        if self.failed_before(1, depth) {
            return false;
        }
        let candidates = match blocks.first() {
            Some(&b) => vec![b],
            None => self.threat_moves(me),
        };
        for cell in candidates {
            if self.try_threat(cell, depth) {
                return true;
            }
            self.line.truncate(start);
            if self.aborted {
                return false;
            }
        }
        self.remember_failure(1, depth);
        false
    }

    /// Plays the threat at `cell` and searches every defence that matters: whether the
    /// attacker wins against all of them.
    fn try_threat(&mut self, cell: usize, depth: u32) -> bool {
        let me = self.board.turn();
        let start = self.line.len();
        let marked = self.marked();
        self.board.play(cell);
        self.line.push(cell as u16);
        self.mark([cell]);
        let (wins, n) = self.board.wins_through(me, cell);
        let won = if n == 2 {
            self.line.extend(wins);
            self.mark(wins.map(usize::from));
            true
        } else if n == 1 {
            let reply = usize::from(wins[0]);
            self.line.push(wins[0]);
            self.board.play(reply);
            self.mark([reply]);
            self.mark_windows(me.other(), self.board.k() - 2, Some(reply));
            let won = self.vct_from(depth - 1);
            self.board.undo();
            won
        } else {
            self.refutes_every_defence(depth)
        };
        self.board.undo();
        if !won {
            self.line.truncate(start);
            self.unmark(marked);
        }
        won
    }

    /// After a three (the defender to move, with no winning cell): whether the attacker wins
    /// whatever the defender does. The defences searched are the zone of the VCF the three
    /// threatens, and the defender's fours; any other move leaves that VCF standing.
    fn refutes_every_defence(&mut self, depth: u32) -> bool {
        let defender = self.board.turn();
        let start = self.line.len();
        // The threat: a VCF were the defender to pass.
        self.board.pass();
        let mut threat = Vec::new();
        std::mem::swap(&mut threat, &mut self.line);
        let found = self.vcf_from(VCF_DEPTH.min(depth * 2 + 4));
        std::mem::swap(&mut threat, &mut self.line);
        let zone = found.then(|| self.zone(&threat));
        self.board.pass();
        let Some(zone) = zone else {
            return false;
        };
        let marked = self.marked();
        if self.marks.is_some() {
            self.mark((0..zone.len()).filter(|&c| zone[c]));
            self.mark_windows(defender, self.board.k() - 3, None);
        }
        let mut defences: Vec<(i32, usize)> = (0..self.board.cells())
            .filter(|&c| {
                self.board.is_empty(c) && (zone[c] || self.board.threes_at(defender, c) > 0)
            })
            .map(|c| (self.board.gain_for(defender, c), c))
            .collect();
        defences.sort_unstable_by_key(|&(gain, c)| (std::cmp::Reverse(gain), c));
        let mut main_line = None;
        for (_, reply) in defences {
            self.line.truncate(start);
            self.line.push(reply as u16);
            self.board.play(reply);
            self.mark([reply]);
            self.mark_windows(defender, self.board.k() - 2, Some(reply));
            let won = self.vct_from(depth - 1);
            self.board.undo();
            if !won {
                self.line.truncate(start);
                self.unmark(marked);
                return false;
            }
            if main_line.is_none() {
                main_line = Some(self.line[start..].to_vec());
            }
        }
        self.line.truncate(start);
        self.line.extend(main_line.unwrap_or_default());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::stones::tests::stones;

    fn limits() -> Limits {
        Limits::none()
    }

    /// Plays `line` from `board` and says whether the attacker (to move) completed a line
    /// with its last move, every defender move in between being the only block.
    fn line_wins(board: &Stones, line: &[u16]) -> bool {
        let mut b = board.clone();
        let attacker = b.turn();
        for (i, &c) in line.iter().enumerate() {
            let mover = b.turn();
            let won = b.play(usize::from(c));
            if won {
                return mover == attacker && i + 1 == line.len();
            }
        }
        false
    }

    #[test]
    fn vcf_is_found_and_its_line_wins() {
        // 10 x 10, K = 5. X: a three on row 2 closed by O, and two on column 4: a four on
        // row 2 forces O's block, then the column becomes an open four.
        let notation = ".........O/\
                        ........../\
                        OXXX....../\
                        ....X...../\
                        ....X...../\
                        ........../\
                        ........../\
                        ........../\
                        .....O..../\
                        O........O";
        let mut b = stones(notation, 5);
        assert_eq!(b.turn(), Player::X);
        let start = b.clone();
        let found = Threats::new(&mut b, limits(), u64::MAX).vcf();
        let Found::Win(line) = found else {
            panic!("no VCF found: {found:?}");
        };
        assert!(!line.uses_threes);
        assert!(line_wins(&start, &line.moves), "{line:?}");
        assert_eq!(format!("{b:?}"), format!("{start:?}"));
    }

    #[test]
    fn no_vcf_is_proven_and_a_counter_four_stops_one() {
        // X has a single three: one four, then nothing.
        let mut b = stones(
            "........./........./.OXXX..../........./........./........./...O...../...O...../.........",
            5,
        );
        assert_eq!(Threats::new(&mut b, limits(), u64::MAX).vcf(), Found::None);
        // X to move, O has a four (one winning cell): X must block, and blocking there makes
        // no four for X: no VCF.
        let mut b = stones(
            "........./.XXX...../........./........./........./XOOOO..../........./........./.........",
            5,
        );
        assert_eq!(b.turn(), Player::X);
        assert_eq!(Threats::new(&mut b, limits(), u64::MAX).vcf(), Found::None);
    }

    #[test]
    fn an_open_three_wins_by_threats() {
        // X to move with two twos crossing at (5, 6): a double three there, then an open
        // four: a VCT, not a VCF.
        let notation = "O........O/\
                        ........../\
                        ........../\
                        ......X.../\
                        ......X.../\
                        ...XX...../\
                        ........../\
                        ........../\
                        ........../\
                        O........O";
        let mut b = stones(notation, 5);
        let start = b.clone();
        assert_eq!(b.turn(), Player::X);
        let mut t = Threats::new(&mut b, limits(), 2_000_000);
        assert_eq!(t.vcf(), Found::None);
        let found = t.vct(3);
        let Found::Win(line) = found else {
            panic!("no VCT found: {found:?}");
        };
        assert!(line.uses_threes);
        assert!(line_wins(&start, &line.moves), "{line:?}");
    }

    /// A defender's mark anywhere outside a VCT's zone, that makes no four, leaves the
    /// attacker a win by threats: on random positions of 9 x 9 with five, and in the threat
    /// puzzles of 15 x 15.
    #[test]
    fn a_mark_outside_a_vcts_zone_leaves_the_win_standing() {
        use crate::testing::random_position;
        use ttt_core::Dims;
        let mut rng = crate::rng::Rng::seeded(36);
        let dims = Dims::new(9, 9, 5).unwrap();
        let mut boards: Vec<Stones> = (0..250)
            .filter_map(|_| random_position(&mut rng, dims, 58))
            .map(|p| Stones::of_position(&p))
            .collect();
        // The threat puzzles' VCTs on 15 x 15, from played games.
        let puzzles = include_str!("../../../tests/data/threat-puzzles.txt");
        boards.extend(puzzles.lines().filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            (words.len() == 6 && words[0] == "15" && words[3] == "vct").then(|| stones(words[5], 5))
        }));
        let (mut vcts, mut outside, mut wide) = (0, 0, 0);
        for mut b in boards {
            // The puzzles' VCTs take four threats; three do for the small boards' and cost less.
            let most = if b.rows() == 15 { 4 } else { 3 };
            let (found, zone) = Threats::new(&mut b, limits(), 20_000).vct_with_zone(most);
            let (Found::Win(line), Some(zone)) = (found, zone) else {
                continue;
            };
            if !line.uses_threes {
                continue;
            }
            vcts += 1;
            wide += usize::from(b.rows() == 15);
            let attacker = b.turn();
            let defender = attacker.other();
            for c in 0..b.cells() {
                // The cells near the stones: a mark further away touches no line of theirs.
                if !b.is_empty(c) || !b.is_near(c) || zone[c] || b.threes_at(defender, c) > 0 {
                    continue;
                }
                outside += 1;
                let mut marked = b.clone();
                marked.put(c, defender);
                let again = Threats::new(&mut marked, limits(), u64::MAX).vct(most);
                assert!(
                    matches!(again, Found::Win(_)),
                    "after {:?}, a mark on {} outside the zone {:?} stops {line:?}",
                    b.moves()
                        .iter()
                        .map(|&m| b.cell(usize::from(m)))
                        .collect::<Vec<_>>(),
                    b.cell(c),
                    (0..zone.len())
                        .filter(|&z| zone[z])
                        .map(|z| b.cell(z))
                        .collect::<Vec<_>>()
                );
            }
        }
        assert!(
            vcts >= 10 && wide >= 3 && outside >= 100,
            "{vcts} VCTs ({wide} on 15 x 15), {outside} marks outside"
        );
    }

    /// Every win the threat searches claim on random positions of small boards is one the
    /// exact solver proves.
    #[test]
    fn every_threat_win_is_a_proven_win() {
        use crate::solve::{Method, Solver};
        use crate::testing::random_position;
        use crate::value::Value;
        use ttt_core::Dims;
        let mut rng = crate::rng::Rng::seeded(26);
        let mut wins = 0;
        for (rows, cols, k, empty) in [(6, 6, 4, 22), (6, 7, 4, 26), (7, 7, 5, 30)] {
            let dims = Dims::new(rows, cols, k).unwrap();
            for _ in 0..150 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                let mut b = Stones::of_position(&p);
                let found = Threats::new(&mut b, limits(), 200_000).vct(3);
                let Found::Win(line) = found else {
                    continue;
                };
                assert!(
                    line_wins(&Stones::of_position(&p), &line.moves),
                    "{p} {line:?}"
                );
                let solved = Solver::new(&p).method(Method::ProofNumber).solve();
                assert_eq!(solved.value, Some(Value::Win), "{p} {line:?}");
                wins += 1;
            }
        }
        assert!(wins > 20, "{wins}");
    }
}
