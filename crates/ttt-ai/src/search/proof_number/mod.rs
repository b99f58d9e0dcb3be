//! Proof-number search: whether one side, the *attacker*, can force a line, searched best
//! first. This is df-pn (Nagai 2002) with the 1+ε trick of Pawlewicz and Lew (2007) and the
//! weak sum of WPNS (Ueda et al. 2008).
//!
//! Every position gets a *proof number*, how many more positions at least must be shown won
//! for the attacker to show it won, and a *disproof number*, the same for showing that the
//! attacker cannot win. Where the attacker moves, one won move is enough: the proof number is
//! the least of the moves', the disproof number their sum. Where the defender moves it is the
//! other way round. The search always goes down the moves with the smallest numbers, so it
//! spends its effort where the answer looks cheapest to show, and it keeps what it learned in
//! a table so that it can come back to a position later for free.
//!
//! Alpha-beta commits to the first defence that works and proves it however large its proof;
//! here a defence whose proof grows large gives way to a cheaper one. That matters in these
//! games: a draw is usually held by many defences, some of them settled at once by a pairing
//! and others only deep down the tree.
//!
//! The same certificates and relevance zones as alpha-beta settle positions without search:
//! the Erdős–Selfridge criterion and pairings show that the attacker cannot win, and a zone
//! left by such a proof settles, where the attacker moves, every move outside it.

pub(crate) mod numbers;
pub(crate) mod threads;

use std::sync::Arc;
use std::time::Instant;

use ttt_core::{Player, Position};

use crate::board::bits::bit;
use crate::board::Board;
use crate::certificates::pairing::PairingSearch;
use crate::certificates::Certifier;
use crate::search::limits::{Limits, StopFlag, CHECK_EVERY};
use crate::search::zone;
use crate::tt::key_of;
use crate::tt::numbers::{NumberTable, Numbers, INF};
use numbers::{beyond, pick, sum_and_least, Child, DEFENCE_BIAS};

/// A proof search over one position for one attacker.
#[derive(Debug)]
pub(crate) struct ProofSearch {
    /// The position searched, and the board the search plays on from it.
    root: Position,
    board: Board,
    attacker: Player,
    /// Shared with other threads' searches of the same root once they join
    /// ([`threads`]).
    table: Arc<NumberTable>,
    /// While the table is shared: raised to stop every search that shares it.
    sharers_stop: Option<StopFlag>,
    /// The most threads that have searched (more than one once others joined).
    threads: usize,
    limits: Limits,
    started: Instant,
    nodes: u64,
    /// How many moves below the root the search is.
    ply: u32,
    /// Whether pairings are looked for where the defender is to move too (see
    /// [`ProofSearch::certificate`]).
    pairings_everywhere: bool,
    aborted: bool,
    certifier: Certifier,
    child_lists: Vec<Vec<Child>>,
    /// Working space for [`ProofSearch::rank_defences`]: indices into the moves.
    ranks: Vec<usize>,
}

impl ProofSearch {
    /// A search of whether `attacker` can force a line from `pos`, keeping at most `memory`
    /// bytes of results.
    pub(crate) fn new(
        pos: &Position,
        attacker: Player,
        memory: usize,
        limits: Limits,
    ) -> ProofSearch {
        ProofSearch::with_table(
            pos,
            attacker,
            Arc::new(NumberTable::with_bytes(memory)),
            limits,
        )
    }

    fn with_table(
        pos: &Position,
        attacker: Player,
        table: Arc<NumberTable>,
        limits: Limits,
    ) -> ProofSearch {
        ProofSearch::over(pos, Board::new(pos), attacker, table, limits)
    }

    /// A search of `pos`, whose board is `board`, over `table`, which keeps what earlier
    /// searches for the same attacker learned (the proof writer's searches, one position
    /// after another).
    pub(crate) fn over(
        pos: &Position,
        board: Board,
        attacker: Player,
        table: Arc<NumberTable>,
        limits: Limits,
    ) -> ProofSearch {
        ProofSearch {
            root: *pos,
            board,
            attacker,
            table,
            sharers_stop: None,
            threads: 1,
            limits,
            started: Instant::now(),
            nodes: 0,
            ply: 0,
            pairings_everywhere: false,
            aborted: false,
            certifier: Certifier::default(),
            child_lists: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// This search, looking for pairings where the defender is to move too, with the
    /// proof's budget ([`PairingSearch::Proof`]): slower, but a proof written from its table
    /// settles more positions by a pairing and is smaller.
    pub(crate) fn with_pairings_everywhere(self) -> ProofSearch {
        ProofSearch {
            pairings_everywhere: true,
            ..self
        }
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The table, for the next search over it.
    pub(crate) fn into_table(self) -> Arc<NumberTable> {
        self.table
    }

    /// The moves at the position searched after which the rules or the table show the
    /// attacker winning (`proven`) or unable to win (else), in board order. Only moves on a
    /// line that can still be made are looked at.
    pub(crate) fn settled_moves(&mut self, proven: bool) -> Vec<usize> {
        let moves: Vec<usize> = self.board.live_empty_cells().collect();
        moves
            .into_iter()
            .filter(|&cell| {
                let mover = self.board.turn();
                let known = if self.board.play(cell) {
                    Some(if mover == self.attacker {
                        Numbers::proven()
                    } else {
                        Numbers::disproven(0)
                    })
                } else {
                    self.tactics()
                }
                .or_else(|| {
                    let (hash, _) = self.board.canonical_key();
                    self.table.probe(key_of(hash))
                });
                self.board.undo(cell);
                known.is_some_and(|n| if proven { n.pn == 0 } else { n.dn == 0 })
            })
            .collect()
    }

    /// Whether the attacker can force a line: `None` if the limits stopped the search first.
    pub(crate) fn prove(&mut self) -> Option<bool> {
        self.started = Instant::now();
        // The limits are looked at only every so many positions: no time at all proves
        // nothing, even on a board settled sooner.
        if self.limits.deadline().is_some_and(|d| d <= self.started) {
            return None;
        }
        loop {
            let root = self.mid(INF, INF);
            if self.aborted {
                return None;
            }
            if root.pn == 0 {
                return Some(true);
            }
            if root.dn == 0 {
                return Some(false);
            }
        }
    }

    /// Keeps `numbers` for `key`, then grows the table if it is half full: at once while
    /// this search has it alone, else by stopping the searches that share it.
    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        self.table.store(key, numbers, work);
        if self.table.wants_to_grow() {
            match &self.sharers_stop {
                Some(sharers_stop) => sharers_stop.raise(),
                None => {
                    if let Some(table) = Arc::get_mut(&mut self.table) {
                        table.grow();
                    }
                }
            }
        }
    }

    /// What the rules settle at once: a line the side to move completes now, two of the
    /// opponent's it cannot both block, or nothing left to play for.
    fn tactics(&self) -> Option<Numbers> {
        let board = &self.board;
        let me = board.turn();
        if let Some(zone) = zone::mover_wins_at_once(board) {
            return Some(if me == self.attacker {
                Numbers::proven()
            } else {
                Numbers::disproven(zone)
            });
        }
        if !board.has_live_windows() {
            return Some(Numbers::disproven(0));
        }
        if let Some(zone) = zone::mover_loses_at_once(board) {
            return Some(if me != self.attacker {
                Numbers::proven()
            } else {
                Numbers::disproven(zone)
            });
        }
        None
    }

    /// A quick certificate that the attacker can never complete a line, as its zone.
    /// Searched for in every position, not only early or near safety by the Erdős–Selfridge
    /// count: a pairing found anywhere saves a subtree, and most of a draw's proof lies deep
    /// in the game.
    ///
    /// Where the defender is to move (below the root), only the Erdős–Selfridge count: a
    /// pairing is the position's alone, whoever moves, and one found after an attacker's
    /// move would have served before it (the same windows are open, with one cell more
    /// empty), so the position the attacker moved from, which was looked at first, had one
    /// to find. The count is not like that: the defender's tempo lowers it. A proof's
    /// searches look everywhere ([`ProofSearch::with_pairings_everywhere`]).
    fn certificate(&mut self) -> Option<u128> {
        let how = if self.pairings_everywhere {
            PairingSearch::Proof
        } else if self.ply > 0 && self.board.turn() != self.attacker {
            PairingSearch::Skip
        } else {
            PairingSearch::Wide
        };
        self.certifier.certificate(&self.board, self.attacker, how)
    }

    /// The multiple-iterative-deepening step of df-pn: searches the position until its proof
    /// number reaches `thpn` or its disproof number `thdn`, or it is settled.
    fn mid(&mut self, thpn: u32, thdn: u32) -> Numbers {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.limits.tick(CHECK_EVERY) {
            self.aborted = true;
        }
        if self.aborted {
            return Numbers::FRESH;
        }
        if let Some(settled) = self.tactics() {
            return settled;
        }
        let (hash, sym) = self.board.canonical_key();
        let key = key_of(hash);
        match self.table.probe(key) {
            Some(known) => {
                if known.is_settled() || known.pn >= thpn || known.dn >= thdn {
                    return Numbers {
                        zone: self.board.unmap_zone(sym, known.zone),
                        ..known
                    };
                }
            }
            None => {
                if let Some(zone) = self.certificate() {
                    let numbers = Numbers::disproven(self.board.map_zone(sym, zone));
                    self.store(key, numbers, 1);
                    return Numbers::disproven(zone);
                }
                // Seen for the first time: most positions are left at once, the
                // certificate tried and failed, for a sibling of smaller numbers. The list
                // of moves (their keys, gains and table fetches) waits until the numbers
                // they would add up to are within the thresholds.
                let fresh = self.unexpanded_numbers();
                if fresh.pn >= thpn || fresh.dn >= thdn {
                    self.store(key, fresh, 1);
                    return fresh;
                }
            }
        }
        let start_nodes = self.nodes;
        let me = self.board.turn();
        let attacking = me == self.attacker;
        // A single threat of the opponent's must be blocked (two were settled above).
        let forced = zone::forced_block(&self.board);
        let mut children = self.child_lists.pop().unwrap_or_default();
        self.expand(&mut children, forced);

        // Zones (where the attacker moves): a move outside the zone of a sibling shown not to
        // win cannot win either. `common` is the cells inside every such zone so far, `union`
        // the cells of any.
        let mut common = u128::MAX;
        let mut union = 0u128;
        if self.sharers_stop.is_some() {
            self.table.busy().enter(key);
        }
        let numbers = loop {
            if self.sharers_stop.is_some() {
                for c in children.iter_mut().filter(|c| c.busy) {
                    c.busy = false;
                    if let Some(known) = self.known(c) {
                        c.numbers = known;
                    }
                }
            }
            if attacking {
                let mut fresh_zone = false;
                for c in children.iter_mut() {
                    if c.numbers.dn == 0 && !c.by_zone && !c.counted {
                        c.counted = true;
                        common &= c.numbers.zone;
                        union |= c.numbers.zone;
                        fresh_zone = true;
                    }
                }
                if fresh_zone && common != u128::MAX {
                    for c in children.iter_mut() {
                        if !c.numbers.is_settled() && common & bit(usize::from(c.cell)) == 0 {
                            c.numbers = Numbers::disproven(0);
                            c.by_zone = true;
                        }
                    }
                }
            }
            let (pn, dn) = sum_and_least(&children, attacking);
            if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || self.aborted {
                break Numbers { pn, dn, zone: 0 };
            }
            let Some((mut best, mut second)) = pick(&children, attacking, |_| false) else {
                break Numbers { pn, dn, zone: 0 };
            };
            // Another thread searching below the best move: this one takes the next best
            // (and looks at what the other found when it comes back), if that fits within
            // this position's threshold.
            if self.sharers_stop.is_some() && self.table.busy().is_busy(children[best].key) {
                children[best].busy = true;
                let fits = |c: &Child| {
                    if attacking {
                        c.least(true) < thpn
                    } else {
                        c.least(false) < thdn
                    }
                };
                match pick(&children, attacking, |c| self.table.busy().is_busy(c.key)) {
                    Some(other) if fits(&children[other.0]) => {
                        (best, second) = other;
                    }
                    _ => {}
                }
            }
            let child = children[best].numbers;
            let bias = children[best].bias;
            let (child_thpn, child_thdn) = if attacking {
                (
                    thpn.min(beyond(second)).saturating_sub(bias),
                    if thdn == INF {
                        INF
                    } else {
                        thdn - (dn - child.dn)
                    },
                )
            } else {
                (
                    if thpn == INF {
                        INF
                    } else {
                        thpn - (pn - child.pn)
                    },
                    thdn.min(beyond(second)).saturating_sub(bias),
                )
            };
            let cell = usize::from(children[best].cell);
            self.board.play(cell);
            self.ply += 1;
            let found = self.mid(child_thpn, child_thdn);
            self.ply -= 1;
            self.board.undo(cell);
            if self.aborted {
                break Numbers { pn, dn, zone: 0 };
            }
            children[best].numbers = found;
        };
        let numbers = if numbers.dn == 0 {
            let zone = if attacking {
                match forced {
                    Some(t) => zone::with_forced_block(&self.board, t, union),
                    None => union,
                }
            } else {
                children
                    .iter()
                    .filter(|c| c.numbers.dn == 0)
                    .min_by_key(|c| c.order())
                    .map_or(u128::MAX, |c| c.numbers.zone | bit(usize::from(c.cell)))
            };
            Numbers::disproven(zone)
        } else {
            numbers
        };
        if self.sharers_stop.is_some() {
            self.table.busy().leave(key);
        }
        self.child_lists.push(children);
        if !self.aborted {
            self.store(
                key,
                Numbers {
                    zone: self.board.map_zone(sym, numbers.zone),
                    ..numbers
                },
                self.nodes - start_nodes,
            );
        }
        numbers
    }

    /// The numbers of the position if none of its moves were known yet, as
    /// [`sum_and_least`] would add them up: one for the side to move, the count of moves
    /// (one where a threat must be blocked; never zero, which would claim it settled) for
    /// the other.
    fn unexpanded_numbers(&self) -> Numbers {
        let me = self.board.turn();
        let moves = if self.board.threats(me.other()) > 0 {
            1
        } else {
            self.board.live_move_count().max(1)
        };
        let (pn, dn) = if me == self.attacker {
            (1, moves)
        } else {
            (moves, 1)
        };
        Numbers { pn, dn, zone: 0 }
    }

    /// The moves of the position, each with how much it changes the line counts and what the
    /// table knows of the position it leads to.
    fn expand(&mut self, children: &mut Vec<Child>, forced: Option<usize>) {
        children.clear();
        let mut push = |cell: usize| {
            let (hash, sym) = self.board.key_after(cell);
            children.push(Child {
                cell: cell as u16,
                gain: self.board.move_gain(cell),
                key: key_of(hash),
                sym: sym as u8,
                numbers: Numbers::FRESH,
                by_zone: false,
                counted: false,
                busy: false,
                bias: 0,
            });
        };
        if let Some(cell) = forced {
            push(cell);
        } else {
            // In board order: the search picks among them by their numbers, then by
            // `Child::order` (sorting them on every visit took a sixth of the time).
            self.board.live_empty_cells().for_each(push);
        }
        if self.board.turn() != self.attacker {
            self.rank_defences(children);
        }
        // Every child's bucket is asked for before any is read, so that the memory fetches
        // overlap instead of waiting one after the other (most of the search's time went to
        // waiting for them).
        self.table.fetch(children.iter().map(|c| c.key));
        for c in children.iter_mut() {
            if let Some(known) = self.known(c) {
                c.numbers = known;
            }
        }
    }

    /// Biases the defender's moves by their place in the order they are tried in on a tie
    /// ([`Child::order`]): the first none, each next one [`DEFENCE_BIAS`] more.
    fn rank_defences(&mut self, children: &mut [Child]) {
        if children.len() < 2 {
            return;
        }
        self.ranks.clear();
        self.ranks.extend(0..children.len());
        self.ranks.sort_unstable_by_key(|&i| children[i].order());
        for (rank, &i) in self.ranks.iter().enumerate() {
            children[i].bias = DEFENCE_BIAS.saturating_mul(rank as u32);
        }
    }

    /// What the table knows of the position `c` leads to, its zone turned to this board.
    fn known(&self, c: &Child) -> Option<Numbers> {
        let known = self.table.probe(c.key)?;
        let zone = if known.dn == 0 {
            self.board.unmap_zone(usize::from(c.sym), known.zone)
        } else {
            0
        };
        Some(Numbers { zone, ..known })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::testing::{check_zone_claim, minimax, random_position};
    use std::collections::HashMap;
    use std::time::Duration;
    use ttt_core::Dims;

    fn search(p: &Position, attacker: Player, table_bytes: usize) -> ProofSearch {
        ProofSearch::new(p, attacker, table_bytes, Limits::none())
    }

    /// Whether `attacker` wins `p` by minimax (`value` is the mover's: 1, 0 or -1).
    fn wins(p: &Position, attacker: Player, value: i32) -> bool {
        if attacker == p.turn() {
            value == 1
        } else {
            value == -1
        }
    }

    /// Proves `p` for each side as attacker, in a roomy table and in one of two buckets where
    /// entries are overwritten all the time, on one thread and on up to `most_threads`
    /// sharing the table from the start, against its minimax `value`; returns how many of
    /// the one-thread searches were disproofs.
    fn check_both_sides(p: &Position, value: i32, most_threads: usize) -> usize {
        let mut disproofs = 0;
        for attacker in [Player::X, Player::O] {
            for table_bytes in [1 << 16, 256] {
                for threads in 1..=most_threads {
                    let mut s = search(p, attacker, table_bytes);
                    let found = threads::prove_together(&mut s, threads, Duration::ZERO);
                    assert_eq!(s.threads, threads);
                    assert_eq!(
                        found,
                        Some(wins(p, attacker, value)),
                        "{p} k={} attacker={attacker:?} table={table_bytes} threads={threads}",
                        p.dims().k()
                    );
                    disproofs += usize::from(threads == 1 && found == Some(false));
                }
            }
        }
        disproofs
    }

    /// Every position of small boards, for both sides ([`check_both_sides`]).
    #[test]
    fn every_small_position_agrees_with_minimax() {
        for (r, c, k) in [(3, 3, 3), (4, 3, 3), (2, 4, 2), (3, 4, 3)] {
            let mut memo = HashMap::new();
            minimax(&Position::new(Dims::new(r, c, k).unwrap()), &mut memo);
            let mut positions: Vec<(String, Position, i32)> = memo
                .iter()
                .filter(|(p, _)| !p.is_over())
                .map(|(p, &value)| (p.to_string(), *p, value))
                .collect();
            positions.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            let mut checked = 0;
            for (i, (_, p, value)) in positions.iter().enumerate() {
                // Threads sharing a table on one in 25 (starting threads costs time).
                check_both_sides(p, *value, if i % 25 == 0 { 3 } else { 1 });
                checked += 1;
            }
            assert!(checked > 30, "{checked}");
        }
    }

    /// Random positions of boards big enough for pairings and zones, for both sides.
    #[test]
    fn positions_with_pairings_and_zones_agree_with_minimax() {
        let mut rng = Rng::seeded(5);
        let mut disproofs = 0;
        for (r, c, k, empty) in [(4, 4, 4, 10), (4, 5, 4, 9), (5, 5, 4, 8), (3, 6, 3, 9)] {
            let dims = Dims::new(r, c, k).unwrap();
            let mut memo = HashMap::new();
            let mut checked = 0;
            while checked < 20 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                disproofs += check_both_sides(&p, minimax(&p, &mut memo), 3);
                checked += 1;
            }
        }
        assert!(disproofs > 100, "{disproofs}");
    }

    /// What a disproof's zone claims, checked by minimax: marking any set of empty cells
    /// outside it for the attacker leaves the attacker unable to win.
    #[test]
    fn zones_hold_whatever_the_attacker_adds_outside_them() {
        let mut rng = Rng::seeded(17);
        let mut checks = 0;
        for (r, c, k, empty) in [(4, 4, 4, 9), (3, 5, 3, 8), (4, 5, 4, 8), (5, 5, 4, 7)] {
            let dims = Dims::new(r, c, k).unwrap();
            let mut memo = HashMap::new();
            for _ in 0..60 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                for attacker in [Player::X, Player::O] {
                    let mut s = search(&p, attacker, 1 << 16);
                    let root = s.mid(INF, INF);
                    if root.dn != 0 {
                        continue;
                    }
                    checks += check_zone_claim(&p, attacker, root.zone, &mut rng, &mut memo);
                }
            }
        }
        // The test has teeth: zones leave cells out, and the claims are checked.
        assert!(checks > 500, "{checks}");
    }

    /// The moves a search reports settled, proven or not, are worth what it says by
    /// minimax: the proof writer follows them.
    #[test]
    fn settled_moves_agree_with_minimax() {
        let mut rng = Rng::seeded(9);
        let mut checked = [0; 2];
        for (r, c, k, empty) in [(4, 4, 4, 10), (4, 5, 4, 9), (5, 5, 4, 9), (3, 5, 3, 8)] {
            let dims = Dims::new(r, c, k).unwrap();
            let mut memo = HashMap::new();
            for _ in 0..20 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                for attacker in [Player::X, Player::O] {
                    let mut s = search(&p, attacker, 1 << 16);
                    assert!(s.prove().is_some());
                    for proven in [true, false] {
                        for cell in s.settled_moves(proven) {
                            let child = p.play(dims.cell(cell)).unwrap();
                            let value = minimax(&child, &mut memo);
                            assert_eq!(wins(&child, attacker, value), proven, "{p} {cell}");
                            checked[usize::from(proven)] += 1;
                        }
                    }
                }
            }
        }
        // The test has teeth: both kinds of moves came up, many times.
        assert!(checked.iter().all(|&n| n > 50), "{checked:?}");
    }

    #[test]
    fn no_time_or_a_stop_proves_nothing() {
        let p = Position::new(Dims::new(9, 9, 5).unwrap());
        let limits = Limits::none().within(Duration::ZERO);
        assert_eq!(
            ProofSearch::new(&p, Player::X, 1 << 20, limits).prove(),
            None
        );
        let stop = StopFlag::new();
        stop.raise();
        let limits = Limits::none().with_stop(stop);
        let mut s = ProofSearch::new(&p, Player::X, 1 << 20, limits);
        assert_eq!(s.prove(), None);
        assert!(s.nodes() <= 1024, "{}", s.nodes());
    }

    /// A position's numbers before its moves are listed are those its listed moves add up
    /// to while the table knows none of them.
    #[test]
    fn unexpanded_numbers_are_what_fresh_moves_add_up_to() {
        let mut rng = Rng::seeded(21);
        let mut forced = 0;
        for (rows, cols, k) in [(4, 4, 3), (5, 5, 4), (6, 6, 5)] {
            let dims = Dims::new(rows, cols, k).unwrap();
            for empty in 4..rows * cols {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                for attacker in [Player::X, Player::O] {
                    let mut s = search(&p, attacker, 1 << 16);
                    if s.tactics().is_some() {
                        continue;
                    }
                    let threat = s.board.threat_cells(p.turn().other()).next();
                    forced += usize::from(threat.is_some());
                    let mut children = Vec::new();
                    s.expand(&mut children, threat);
                    let (pn, dn) = sum_and_least(&children, p.turn() == attacker);
                    let numbers = s.unexpanded_numbers();
                    assert_eq!((numbers.pn, numbers.dn), (pn, dn), "{p}");
                }
            }
        }
        assert!(forced > 0);
    }

    #[test]
    fn defences_are_biased_by_their_place_in_the_order_of_gains() {
        let mut rng = Rng::seeded(22);
        let dims = Dims::new(6, 6, 5).unwrap();
        let mut checked = 0;
        for empty in 10..30 {
            let Some(p) = random_position(&mut rng, dims, empty) else {
                continue;
            };
            for attacker in [Player::X, Player::O] {
                let mut s = search(&p, attacker, 1 << 16);
                if s.tactics().is_some() || s.board.threats(p.turn().other()) > 0 {
                    continue;
                }
                let mut children = Vec::new();
                s.expand(&mut children, None);
                if p.turn() == attacker {
                    assert!(children.iter().all(|c| c.bias == 0), "{p}");
                    continue;
                }
                checked += 1;
                let mut by_bias: Vec<&Child> = children.iter().collect();
                by_bias.sort_by_key(|c| c.bias);
                for (rank, c) in by_bias.iter().enumerate() {
                    assert_eq!(c.bias, DEFENCE_BIAS * rank as u32, "{p}");
                }
                // The least bias goes to the move tried first on a tie, and so on.
                assert!(
                    by_bias.windows(2).all(|w| w[0].order() < w[1].order()),
                    "{p}"
                );
                // A settled move is worth what it is, bias or not.
                let last = by_bias.last().unwrap().cell;
                let last = children.iter_mut().find(|c| c.cell == last).unwrap();
                last.numbers = Numbers::disproven(0);
                assert_eq!(last.least(false), 0);
                assert_eq!(sum_and_least(&children, false).1, 0);
            }
        }
        assert!(checked > 10);
    }
}
