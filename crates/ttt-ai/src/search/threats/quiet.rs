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
//! Where that finds no win, the search goes on at a second level of threats: a quiet move
//! there need only threaten, were the defender to pass, a win that itself begins with quiet
//! moves of the first level, found by an inner search of a few dozen positions. The
//! defender's replies are then that win's zone ([`Quiet::zone`]): the cells its attacker
//! plays, the replies its defender's nodes answer, the zones of the wins by threats it ends
//! in, and the cells where a defender's stone would give the defender a four, or a move that
//! makes one, that the win did not meet. The first level misses the wins whose first move
//! threatens no win by threats even given a pass (a block that leaves the defender a four in
//! reserve, say); the opening of a game is all such positions, several levels deep.
//!
//! The attacker's quiet moves are only tried among the cells near the stones, best first by
//! the lines they make; that can miss a win, never claim a false one.
//!
//! Opening a position (its threat searches) is nearly all of the search's time. Given more
//! than one thread, the others open ahead of the search the positions it will open next
//! ([`crate::search::ahead`]).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use ttt_core::Player;

use super::{Found, ThreatLine, Threats, VCT_THREATS};
use crate::board::stones::Stones;
use crate::search::ahead::Ahead;
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

/// How many times at most a defender's position is opened again where the threat search
/// that looked for the attacker's threat ran out of positions, each time with
/// `BUDGET_GROWTH` times as many ([`Node::retry`]).
const RETRIES: u32 = 2;

/// The count of quiet moves left that is never used up: the search with no bound.
const UNBOUNDED: u32 = u32::MAX;

/// The most levels of threats: at level one, each quiet move threatens a win by threats were
/// the defender to pass; at level two, a win that begins with quiet moves of level one.
const LEVELS: u32 = 2;

/// The most positions an inner search (of a level below) may open at a defender's node: it
/// runs at every defender's node where the attacker threatens no win by threats, and most
/// of those the attacker does not win.
const INNER_NODES: u32 = 64;

/// What the table costs a position, about: the entry, the map's share, and the list of moves
/// (a defender's replies to a threat that any move may stop are most of the board's cells).
const NODE_BYTES: usize = 320;

/// Told apart in the table: the positions searched for O's wins from those for X's (the same
/// position is an attacker's node for one and a defender's for the other).
const O_ATTACKS: u64 = 0x6a09_e667_f3bc_c908;

/// The new positions the search offers the threads working ahead at a time, at most: the
/// next it will open, unless one of them settles their parent first.
const OFFERED: usize = 4;

/// The key of a job of the threads working ahead: a position of table key `key` opened with
/// threat searches of `budget` positions (a round's budget: an earlier round's result is not
/// this one's).
fn ahead_key(key: u64, budget: u64) -> u64 {
    key ^ budget.wrapping_mul(0x3c6e_f372_fe94_f82b)
}

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
    moves: Arc<[u16]>,
    /// Where the attacker is to move and wins: the move that does.
    best: Option<u16>,
    /// Where the defender is to move and the threat search that looked for the attacker's
    /// threat ran out of positions: the budget to look again with, when the search comes
    /// back ([`Quiet::open_defence`]). 0 elsewhere.
    retry: u64,
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
    /// The tables of the threads that open new positions beside the search's own, one
    /// each: only their `no_wins` are used ([`Quiet::offer_after`]).
    helpers: Vec<QuietTable>,
}

impl QuietTable {
    /// A table for a search on one thread that takes about `bytes` bytes at most.
    #[cfg(test)]
    pub(crate) fn with_bytes(bytes: usize) -> QuietTable {
        QuietTable::for_threads(bytes, 1)
    }

    /// A table for a search on `threads` threads that takes about `bytes` bytes at most,
    /// the threat searches' tables of positions with no win shared out among the threads:
    /// one each, which starts small and grows as it fills, is faster than one shared table
    /// of the same size (docs/PERFORMANCE.md).
    pub(crate) fn for_threads(bytes: usize, threads: usize) -> QuietTable {
        let threads = threads.max(1);
        let no_win_bytes = bytes / 4 / threads;
        let helper = || QuietTable {
            nodes: HashMap::new(),
            most: 0,
            no_wins: None,
            no_win_bytes,
            helpers: Vec::new(),
        };
        QuietTable {
            nodes: HashMap::new(),
            most: ((bytes - no_win_bytes * threads) / NODE_BYTES).max(1),
            no_wins: None,
            no_win_bytes,
            helpers: (1..threads).map(|_| helper()).collect(),
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
    /// The level of threats searched ([`LEVELS`]).
    level: u32,
    /// The positions the inner search running may still open, if one runs.
    inner_left: Option<u32>,
    /// Whether the inner search running has opened all it may.
    inner_spent: bool,
    /// The threads opening positions ahead of the search, once it offers them one.
    ahead: Option<Ahead<Job, Opened, QuietTable>>,
    /// Positions the threat searches of those threads visited, while they run.
    ahead_nodes: Arc<AtomicU64>,
}

/// A position for a thread of [`Quiet::ahead`] to open: `board` after `cell`, with `quiet`
/// quiet moves left, at a level and a budget of the search, within its limits then (those
/// of a round's shallow depths end before the round's: [`Quiet::round`]).
#[derive(Debug)]
struct Job {
    board: Stones,
    cell: u16,
    quiet: u32,
    level: u32,
    budget: u64,
    limits: Limits,
}

/// A position a thread opened ([`Job`]), with what it saw doing so.
#[derive(Debug)]
struct Opened {
    node: Node,
    cut: bool,
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
        Quiet::attacking(board, table, attacker, limits, budget)
    }

    /// [`Quiet::new`], searching for `attacker`'s win whichever side is to move.
    fn attacking(
        board: &'a mut Stones,
        table: &'a mut QuietTable,
        attacker: Player,
        limits: Limits,
        budget: u64,
    ) -> Quiet<'a> {
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
            level: 1,
            inner_left: None,
            inner_spent: false,
            ahead: None,
            ahead_nodes: Arc::new(AtomicU64::new(0)),
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
    /// is none. Where the one that looks for the threat of an attacker's quiet move runs
    /// out, the position is left open, to be looked at again with `BUDGET_GROWTH` times the
    /// positions when the search comes back to it, up to [`RETRIES`] times
    /// ([`Quiet::open_defence`]): the search spends big budgets only where the proof needs
    /// them. Where a round ends with no win and one of its threat searches ran out past
    /// that, the search runs again with budgets `BUDGET_GROWTH` times bigger, up to
    /// `BUDGET_ROUNDS` rounds, keeping only what it proved.
    ///
    /// Where level one's rounds end with no win, the search goes on at level two: quiet moves
    /// that threaten, were the defender to pass, a win of level one ([`Quiet::open_defence`]).
    ///
    /// Where the table has threads to spare ([`QuietTable::for_threads`]), they open ahead of
    /// the search the positions it will likely open next ([`Quiet::offer_after`]). The search
    /// goes in the same order, but what it finds may differ: each thread's threat searches
    /// start from a table of positions with no win of their own, and where a budget of
    /// positions ends one, another table may have let it finish.
    pub(crate) fn win(&mut self) -> QuietFound {
        let found = self.levels(LEVELS);
        if let Some(ahead) = self.ahead.take() {
            self.table.helpers = ahead.finish();
            self.nodes += self.ahead_nodes.swap(0, Relaxed);
        }
        found
    }

    /// [`Quiet::win`] with at most `most` levels.
    fn levels(&mut self, most: u32) -> QuietFound {
        for level in 1..=most {
            self.level = level;
            let found = self.rounds(BUDGET_ROUNDS);
            if found != QuietFound::None {
                return found;
            }
        }
        QuietFound::None
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
            if let Some(ahead) = &self.ahead {
                ahead.forget();
            }
        }
    }

    /// One round of [`Quiet::win`], its threat searches within this round's budget.
    fn round(&mut self) -> QuietFound {
        let hash = self.board.hash();
        // Proven before: the writer asking again along the win, maybe at a level below.
        let level = self.level;
        for below in 1..=level {
            self.level = below;
            for quiet in (0..=SHALLOW).chain([UNBOUNDED]) {
                if let Some(best) = self.proven(hash, quiet) {
                    self.level = level;
                    return QuietFound::Win(usize::from(best));
                }
            }
        }
        self.level = level;
        // The shallow depths get half the time at most: the search with no bound, the rest.
        let all = self.limits.clone();
        if let Some(left) = all.time_left() {
            self.limits = all.at_most(left / 2);
        }
        let mut shallow = None;
        for quiet in 0..=SHALLOW {
            shallow = self.depth(hash, quiet);
            if shallow.is_some() || self.aborted {
                break;
            }
        }
        self.limits = all;
        if let Some(found) = shallow {
            return found;
        }
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
    /// attacker at its level.
    fn key(&self, hash: u64, quiet: u32) -> u64 {
        let side = if self.attacker == Player::O {
            O_ATTACKS
        } else {
            0
        };
        let level = u64::from(self.level - 1).wrapping_mul(0xbb67_ae85_84ca_a73b);
        hash ^ side ^ level ^ u64::from(quiet).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The multiple-iterative-deepening step of df-pn: searches the position until its proof
    /// number reaches `thpn` or its disproof number `thdn`, or it is settled.
    /// `quiet` is how many quiet moves the attacker may still make in the line, the one just
    /// made included where the defender is to move ([`UNBOUNDED`]: any number).
    fn mid(&mut self, thpn: u32, thdn: u32, quiet: u32) -> (u32, u32) {
        if self.limits.is_over() {
            self.aborted = true;
        }
        if self.aborted || self.inner_spent {
            return (1, 1);
        }
        let key = self.key(self.board.hash(), quiet);
        let attacking = self.board.turn() == self.attacker;
        let known = self.table.nodes.get(&key);
        let retry = known.map_or(0, |node| node.retry);
        let moves = match known.filter(|_| retry == 0) {
            Some(node) => {
                if node.pn == 0 || node.dn == 0 || node.pn >= thpn || node.dn >= thdn {
                    // A refutation from the table may have stopped for want of quiet moves:
                    // deepening is not ruled out.
                    self.cut |= node.dn == 0;
                    return (node.pn, node.dn);
                }
                Arc::clone(&node.moves)
            }
            None => {
                if retry == 0 && self.table.nodes.len() >= self.table.most {
                    self.aborted = true;
                    return (1, 1);
                }
                if let Some(left) = self.inner_left.as_mut() {
                    if *left == 0 {
                        self.inner_spent = true;
                        return (1, 1);
                    }
                    *left -= 1;
                }
                let node = match retry {
                    0 => match self.taken(key) {
                        Some(node) => node,
                        None => self.open(quiet),
                    },
                    budget => self.open_defence(budget),
                };
                if self.aborted || self.inner_spent {
                    return (1, 1);
                }
                let numbers = (node.pn, node.dn);
                let moves = Arc::clone(&node.moves);
                // A position to open again has no moves yet: it is a leaf until then, whatever
                // its numbers (the loop below would take a defender's node with no replies for
                // a win).
                let again = node.retry != 0;
                self.table.nodes.insert(key, node);
                if again
                    || numbers.0 == 0
                    || numbers.1 == 0
                    || numbers.0 >= thpn
                    || numbers.1 >= thdn
                {
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
            let mut fresh = false;
            for (i, &m) in moves.iter().enumerate() {
                let child = self.key(self.board.hash_after(usize::from(m)), child_quiet);
                let known = self.table.nodes.get(&child).map(|n| (n.pn, n.dn));
                let (cpn, cdn) = known.unwrap_or((1, 1));
                // Where the attacker moves, the proof number is the least of the children's
                // and the disproof number their sum; where the defender moves, the other way.
                let (mine, other) = if attacking { (cpn, cdn) } else { (cdn, cpn) };
                sum = add(sum, other);
                if mine < least {
                    second = least;
                    least = mine;
                    pick = i;
                    picked = (cpn, cdn);
                    fresh = known.is_none();
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
            if fresh && self.inner_left.is_none() && (self.level == 1 || !attacking) {
                self.offer_after(&moves[pick + 1..], child_quiet);
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
            if self.aborted || self.inner_spent {
                return (pn, dn);
            }
        }
    }

    /// A position seen for the first time, with `quiet` quiet moves left
    /// ([`Quiet::open_attack`], [`Quiet::open_defence`]).
    fn open(&mut self, quiet: u32) -> Node {
        if self.board.turn() == self.attacker {
            self.open_attack(quiet)
        } else {
            self.open_defence(self.budget)
        }
    }

    /// Offers the threads working ahead of the search ([`Ahead`]) the first few of `moves`
    /// whose positions, with `quiet` quiet moves left, are new: the search, about to open the
    /// position after the move before them, opens those next unless it settles this one
    /// first. The threads start with the first offer.
    fn offer_after(&mut self, moves: &[u16], quiet: u32) {
        if self.ahead.is_none() {
            if self.table.helpers.is_empty() {
                return;
            }
            self.start_ahead();
        }
        let new: Vec<(u16, u64)> = moves
            .iter()
            .map(|&m| (m, self.key(self.board.hash_after(usize::from(m)), quiet)))
            .filter(|(_, key)| !self.table.nodes.contains_key(key))
            .take(OFFERED)
            .collect();
        let Some(ahead) = &self.ahead else {
            return;
        };
        for (m, key) in new {
            let board = &*self.board;
            let (level, budget, limits) = (self.level, self.budget, &self.limits);
            ahead.offer(ahead_key(key, budget), || Job {
                board: board.clone(),
                cell: m,
                quiet,
                level,
                budget,
                limits: limits.clone(),
            });
        }
    }

    /// Starts the threads working ahead, on the table's spare threads' tables.
    fn start_ahead(&mut self) {
        let attacker = self.attacker;
        let counted = Arc::clone(&self.ahead_nodes);
        let threads = std::mem::take(&mut self.table.helpers);
        self.ahead = Some(Ahead::start(
            threads,
            move |table: &mut QuietTable, mut job: Job| {
                if job.board.play(usize::from(job.cell)) {
                    // A line completed: the search settles that itself.
                    return None;
                }
                let mut helper =
                    Quiet::attacking(&mut job.board, table, attacker, job.limits, job.budget);
                helper.level = job.level;
                let node = helper.open(job.quiet);
                counted.fetch_add(helper.nodes, Relaxed);
                (!helper.aborted).then_some(Opened {
                    node,
                    cut: helper.cut,
                    starved: helper.starved,
                })
            },
        ));
    }

    /// The position of table key `key` as a thread working ahead opened it, if one did (or
    /// is doing so: the search waits), with what the thread saw doing so.
    fn taken(&mut self, key: u64) -> Option<Node> {
        let opened = self.ahead.as_ref()?.take(ahead_key(key, self.budget))?;
        self.cut |= opened.cut;
        self.starved |= opened.starved;
        Some(opened.node)
    }

    /// An attacker's position seen for the first time, with `quiet` quiet moves left: won by
    /// threats at once, or its candidates.
    fn open_attack(&mut self, quiet: u32) -> Node {
        if let Some(cell) = self.threats() {
            return Node {
                pn: 0,
                dn: INF,
                moves: Arc::from(Vec::new()),
                best: Some(cell as u16),
                retry: 0,
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
            moves: Arc::from(candidates),
            best: None,
            retry: 0,
        }
    }

    /// A defender's position seen for the first time, or again ([`Node::retry`]), the threat
    /// search there held to `budget` positions: lost for the attacker if it threatens
    /// nothing, else the replies that may stop the threat. Where that search ran out of
    /// positions, the position is left open to be looked at again with more, unless it has
    /// been [`RETRIES`] times: its proof number grows with the budget, so that the search
    /// looks first where threats were found cheaply.
    fn open_defence(&mut self, budget: u64) -> Node {
        let refuted = Node {
            pn: INF,
            dn: 0,
            moves: Arc::from(Vec::new()),
            best: None,
            retry: 0,
        };
        let defender = self.board.turn();
        if !self.board.winning_cells(defender, 1).is_empty() {
            return refuted;
        }
        // The attacker must threaten a win, were the defender to pass: else the move is not
        // worth searching under. Only the replies in the threatened win's zone and the
        // defender's fours can stop it.
        self.board.pass();
        let starved = std::mem::replace(&mut self.starved, false);
        let mut threat = self.threat_zone(budget);
        let retry = budget.saturating_mul(BUDGET_GROWTH);
        if threat.is_none()
            && self.starved
            && !self.aborted
            && retry <= self.budget.saturating_mul(BUDGET_GROWTH.pow(RETRIES))
        {
            self.board.pass();
            self.starved = starved;
            return Node {
                pn: u32::try_from(retry / self.budget.max(1)).unwrap_or(INF - 1),
                dn: 1,
                moves: Arc::from(Vec::new()),
                best: None,
                retry,
            };
        }
        self.starved |= starved;
        if threat.is_none() && self.level > 1 && !self.aborted {
            threat = self.inner_zone();
        }
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
            moves: Arc::from(replies),
            best: None,
            retry: 0,
        }
    }

    /// The first move of a win for the side to move at the level below, found within
    /// [`INNER_NODES`] positions, with the win's zone ([`Quiet::zone`]).
    fn inner_zone(&mut self) -> Option<(usize, Vec<bool>)> {
        self.zone_below(Some(INNER_NODES))
    }

    /// [`Quiet::inner_zone`] within `most` positions (`None`: no bound but the limits).
    fn zone_below(&mut self, most: Option<u32>) -> Option<(usize, Vec<bool>)> {
        let (level, cut, left) = (self.level, self.cut, self.inner_left);
        self.level -= 1;
        self.inner_left = most;
        let hash = self.board.hash();
        let won = loop {
            let (pn, dn) = self.mid(INF, INF, UNBOUNDED);
            if pn == 0 {
                break true;
            }
            if dn == 0 || self.aborted || self.inner_spent {
                break false;
            }
        };
        self.inner_left = left;
        self.inner_spent = false;
        let found = if won {
            let first = self.proven(hash, UNBOUNDED);
            let mut zone = vec![false; self.board.cells()];
            let mut seen = HashSet::new();
            first
                .filter(|_| self.zone(&mut zone, &mut seen))
                .map(|first| (usize::from(first), zone))
        } else {
            None
        };
        (self.level, self.cut) = (level, cut);
        found
    }

    /// Adds to `zone` the cells of the win proven in the table from this position (the
    /// search's level, no bound on quiet moves) where a defender's stone, put before it,
    /// could spoil it: the attacker's moves, the defender's replies searched, the zones of the
    /// wins by threats its lines end in, and the empty cells of the windows where that stone
    /// would give the defender a four at an attacker's node (no attacker stone and all but
    /// two of the line the defender's) or a move that makes one at a defender's node (all but
    /// three). False where the win is not all in the table.
    fn zone(&mut self, zone: &mut [bool], seen: &mut HashSet<u64>) -> bool {
        let key = self.key(self.board.hash(), UNBOUNDED);
        if !seen.insert(key) {
            return true;
        }
        let attacking = self.board.turn() == self.attacker;
        let defender = self.attacker.other();
        let b = &*self.board;
        let least = b.k() - if attacking { 2 } else { 3 };
        for w in 0..b.window_count() {
            if b.count(self.attacker, w) == 0 && b.count(defender, w) >= least {
                for &c in b.window(w) {
                    if b.is_empty(usize::from(c)) {
                        zone[usize::from(c)] = true;
                    }
                }
            }
        }
        let Some(node) = self.table.nodes.get(&key) else {
            return false;
        };
        if node.pn != 0 {
            return false;
        }
        let moves: Vec<usize> = if attacking {
            match node.best {
                None => return false,
                // A win by threats: its own zone.
                Some(_) if node.moves.is_empty() => {
                    let Some((_, threats)) = self.threat_zone(self.budget) else {
                        return false;
                    };
                    for (cell, &z) in threats.iter().enumerate() {
                        zone[cell] |= z;
                    }
                    return true;
                }
                Some(best) => vec![usize::from(best)],
            }
        } else {
            node.moves.iter().map(|&m| usize::from(m)).collect()
        };
        for cell in moves {
            zone[cell] = true;
            if self.board.play(cell) {
                self.board.undo();
                // The attacker's line; a defender's would not be in a win.
                if !attacking {
                    return false;
                }
                continue;
            }
            let held = self.zone(zone, seen);
            self.board.undo();
            if !held {
                return false;
            }
        }
        true
    }

    /// The first move of a win by threats for the side to move, if any.
    fn threats(&mut self) -> Option<usize> {
        let (line, ()) = self.threat_search(self.budget, |search| (search.vct(VCT_THREATS), ()))?;
        line.moves.first().map(|&c| usize::from(c))
    }

    /// The first move of a win by threats for the side to move, with the win's zone
    /// ([`Threats::vct_with_zone`]), if it has one, the search held to `budget` positions.
    fn threat_zone(&mut self, budget: u64) -> Option<(usize, Vec<bool>)> {
        let (line, zone) =
            self.threat_search(budget, |search| search.vct_with_zone(VCT_THREATS))?;
        Some((usize::from(*line.moves.first()?), zone?))
    }

    /// Runs a threat search for the side to move, within `budget` positions, over the table
    /// the earlier ones left, and gives the win it found with what else `run` made of it.
    fn threat_search<T>(
        &mut self,
        budget: u64,
        run: impl FnOnce(&mut Threats<'_>) -> (Found, T),
    ) -> Option<(ThreatLine, T)> {
        if self.aborted || self.limits.is_over() {
            self.aborted = true;
            return None;
        }
        let mut search = self.table.threats(self.board, self.limits.clone(), budget);
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

    /// A budget of positions for each threat search small enough to run out on [`QUIET`].
    const SMALL_BUDGET: u64 = 40;

    fn search(board: &mut Stones) -> QuietFound {
        let mut table = QuietTable::with_bytes(64 << 20);
        Quiet::new(board, &mut table, Limits::none(), 10_000).win()
    }

    fn threats_alone(board: &mut Stones) -> Found {
        Threats::new(board, Limits::none(), 10_000).vct(VCT_THREATS)
    }

    /// Asserts that after `first`, every reply loses to a win the search finds afresh.
    fn every_reply_loses(board: &mut Stones, first: usize) {
        board.play(first);
        let replies: Vec<usize> = (0..board.cells()).filter(|&c| board.is_empty(c)).collect();
        for reply in replies {
            board.play(reply);
            assert!(
                matches!(search(board), QuietFound::Win(_)),
                "the reply {reply} holds"
            );
            board.undo();
        }
        board.undo();
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
        every_reply_loses(&mut board, first);
    }

    #[test]
    fn threats_out_of_a_small_budget_are_looked_for_again_with_more_and_the_win_holds() {
        // Threat searches of a few dozen positions each run out at some of the attacker's
        // quiet moves: those positions are left open to be looked at again, not taken as
        // refuted, and one left open is not taken for a win (it has no replies yet).
        let mut board = stones(QUIET, 5);
        let mut table = QuietTable::with_bytes(64 << 20);
        let found = Quiet::new(&mut board, &mut table, Limits::none(), SMALL_BUDGET).win();
        let QuietFound::Win(first) = found else {
            panic!("no win found");
        };
        let open: Vec<&Node> = table.nodes.values().filter(|n| n.retry != 0).collect();
        assert!(!open.is_empty(), "no threat search ran out");
        assert!(open.iter().all(|n| n.pn != 0 && n.moves.is_empty()));
        every_reply_loses(&mut board, first);
    }

    #[test]
    fn a_search_with_a_thread_working_ahead_finds_a_win_that_holds() {
        let mut board = stones(QUIET, 5);
        let before = board.moves().len();
        let mut table = QuietTable::for_threads(64 << 20, 2);
        let mut quiet = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        let found = quiet.win();
        assert!(quiet.ahead.is_none(), "the thread is not stopped");
        let QuietFound::Win(first) = found else {
            panic!("no win found");
        };
        assert_eq!(board.moves().len(), before);
        // The thread gave its table back, with the positions with no win its threat searches
        // met: it opened positions.
        assert_eq!(table.helpers.len(), 1);
        assert!(
            table.helpers[0].no_wins.is_some(),
            "the thread searched nothing"
        );
        // Every reply of O's after the first move loses, each searched afresh on one thread.
        every_reply_loses(&mut board, first);
    }

    #[test]
    fn a_defender_stone_outside_the_zone_of_a_win_with_quiet_moves_leaves_it_standing() {
        // The zone a search of level two answers the defender's replies from: X's win with
        // quiet moves (of level one), and an O stone on each cell near the stones outside its
        // zone, put before X's first move. Each leaves the same win standing, move by move
        // (`stands`): the replies O then has were answered before, or lose to threats.
        let mut board = stones(QUIET, 5);
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut quiet = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        quiet.level = 2;
        let (first, zone) = quiet.zone_below(None).expect("X wins with quiet moves");
        assert_eq!(quiet.level, 2);
        assert!(zone[first]);
        let near: Vec<usize> = (0..board.cells())
            .filter(|&c| board.is_empty(c) && board.is_near(c))
            .collect();
        let outside: Vec<usize> = near.iter().copied().filter(|&c| !zone[c]).collect();
        // The zone holds most cells near the stones (the win's defender's nodes answer a
        // dozen replies or so each), but not all.
        assert!(
            outside.len() >= 5 && outside.len() < near.len(),
            "{} of {} cells outside the zone",
            outside.len(),
            near.len()
        );
        for cell in outside {
            let before = board.hash();
            board.put(cell, Player::O);
            let stone = board.hash() ^ before;
            let mut quiet = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
            assert!(
                stands(&mut quiet, stone, &mut HashSet::new()),
                "an O stone on {cell} spoils X's win"
            );
            board.take_back(cell);
        }
    }

    /// Whether the win with quiet moves (of level one, no bound on quiet moves) that
    /// `quiet`'s table holds for the board without a stone whose hash is `stone` still holds
    /// on the board with it: each of the attacker's moves still empty, every line still
    /// ending in a win by threats, and at each defender's node every reply the search would
    /// now answer either one searched before or lost to threats at once.
    fn stands(quiet: &mut Quiet<'_>, stone: u64, seen: &mut HashSet<u64>) -> bool {
        let key = quiet.key(quiet.board.hash() ^ stone, UNBOUNDED);
        if !seen.insert(key) {
            return true;
        }
        let Some(node) = quiet.table.nodes.get(&key) else {
            return false;
        };
        let (best, moves) = (node.best, Arc::clone(&node.moves));
        if quiet.board.turn() == quiet.attacker {
            let Some(best) = best.map(usize::from) else {
                return false;
            };
            if moves.is_empty() {
                return quiet.threats().is_some();
            }
            if !quiet.board.is_empty(best) {
                return false;
            }
            if quiet.board.play(best) {
                quiet.board.undo();
                return true;
            }
            let held = stands(quiet, stone, seen);
            quiet.board.undo();
            return held;
        }
        let defender = quiet.board.turn();
        if !quiet.board.winning_cells(defender, 1).is_empty() {
            return false;
        }
        quiet.board.pass();
        let threat = quiet.threat_zone(quiet.budget);
        quiet.board.pass();
        let Some((_, zone)) = threat else {
            return false;
        };
        let b = &*quiet.board;
        let replies: Vec<usize> = (0..b.cells())
            .filter(|&c| b.is_empty(c) && (zone[c] || b.threes_at(defender, c) > 0))
            .collect();
        for reply in replies {
            quiet.board.play(reply);
            let held = if moves.contains(&(reply as u16)) {
                stands(quiet, stone, seen)
            } else {
                quiet.threats().is_some()
            };
            quiet.board.undo();
            if !held {
                return false;
            }
        }
        true
    }

    #[test]
    fn a_quiet_move_that_threatens_a_win_with_quiet_moves_is_searched_at_level_two() {
        // O to move where X, were O to pass, has no win by threats but one with quiet moves:
        // at level one X's last move threatens nothing, at level two O must answer it.
        let mut board = stones(QUIET, 5);
        board.pass();
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut quiet = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        quiet.attacker = Player::X;
        let refuted = quiet.open_defence(10_000);
        assert_eq!((refuted.pn, refuted.dn, refuted.moves.len()), (INF, 0, 0));
        quiet.level = 2;
        let threatened = quiet.open_defence(10_000);
        assert_eq!(quiet.level, 2);
        assert!(threatened.pn > 0 && threatened.dn == 1, "{threatened:?}");
        // O's replies: the cells of the zone of X's win, a few dozen, not every empty cell.
        let replies = threatened.moves.len();
        assert!((10..100).contains(&replies), "{replies} replies");
        assert!(replies < (0..board.cells()).filter(|&c| board.is_empty(c)).count());
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
        // positions each.
        let block = 15 + 6; // row 1, column 6, beyond the end of O's four
        let mut board = stones(BLOCK_FIRST, 5);
        // From 10,000, the position after the block is looked at again with four times as
        // many, within the round.
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 10_000);
        assert_eq!(search.round(), QuietFound::Win(block));
        // From 625, its looks again (2,500, then 10,000) are not enough: the round finds no
        // win, and says a threat search ran out.
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 625);
        assert_eq!(search.round(), QuietFound::None);
        assert!(search.starved);
        // The next round gives them four times as many, and its looks again find the win.
        let mut table = QuietTable::with_bytes(64 << 20);
        let mut search = Quiet::new(&mut board, &mut table, Limits::none(), 625);
        assert_eq!(search.rounds(2), QuietFound::Win(block));
        assert_eq!(search.budget, 2_500);
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
