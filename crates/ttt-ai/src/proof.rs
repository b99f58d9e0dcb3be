//! Proof-number search: whether one side, the *attacker*, can force a line, searched best
//! first. This is df-pn (Nagai 2002) with the 1+ε trick of Pawlewicz and Lew (2007).
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
//! The same certificates and zones as the alpha-beta search (see [`crate::solver`]) settle
//! positions without search: the Erdős–Selfridge criterion and pairings show that the
//! attacker cannot win, and a *relevance zone* left by such a proof settles, where the
//! attacker moves, every move outside it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_core::{Player, Position};

use crate::board::{bit, Board, PairingScratch, PairingSearch};

/// A number that can never be reached: the position is settled the other way.
const INF: u32 = u32::MAX;
/// The largest number short of [`INF`]: sums stop here.
const BIG: u32 = INF - 1;
/// The key bit that keeps real keys apart from empty table slots (key 0).
const KEY_TAG: u64 = 1 << 63;

/// `a + b`, where [`INF`] stays infinite and finite sums stop at [`BIG`].
fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(BIG)
    }
}

/// The threshold a child gets from the second-best sibling's number `second`: a little more
/// than it, so that the search does not switch back and forth between close siblings (the
/// 1+ε trick, ε = 1/4).
fn beyond(second: u32) -> u32 {
    if second >= BIG {
        second
    } else {
        second
            .saturating_add(1)
            .max(second.saturating_add(second / 4))
            .min(BIG)
    }
}

/// What is known of a position: its numbers and, once the attacker is shown unable to win,
/// the zone that proof rests on.
#[derive(Debug, Clone, Copy)]
struct Numbers {
    pn: u32,
    dn: u32,
    /// The relevance zone of a disproof (`dn == 0`), as in [`crate::solver`]'s zones.
    zone: u128,
}

impl Numbers {
    const FRESH: Numbers = Numbers {
        pn: 1,
        dn: 1,
        zone: 0,
    };

    fn proven() -> Numbers {
        Numbers {
            pn: 0,
            dn: INF,
            zone: 0,
        }
    }

    fn disproven(zone: u128) -> Numbers {
        Numbers {
            pn: INF,
            dn: 0,
            zone,
        }
    }

    fn is_settled(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A move of the position being searched, and what is known of the position it leads to.
#[derive(Debug, Clone, Copy)]
struct Child {
    cell: u16,
    /// How much the move changes the line counts: the order moves are tried in.
    gain: i32,
    /// The key of the position it leads to, and the symmetry that makes it canonical.
    key: u64,
    sym: u8,
    numbers: Numbers,
    /// Settled without search by a sibling's zone: counts as shown, adds nothing to the
    /// position's own zone.
    by_zone: bool,
    /// Its zone is already taken into the position's.
    counted: bool,
}

impl Child {
    /// The order moves are tried in where their numbers tie: the largest gain first, then
    /// board order.
    fn order(&self) -> (std::cmp::Reverse<i32>, u16) {
        (std::cmp::Reverse(self.gain), self.cell)
    }
}

/// The table of proof and disproof numbers. Each slot is four words: the key, then either
/// both numbers and the work done below the position (which decides what a full bucket of
/// four gives up), or, once the attacker is shown unable to win, the work and the zone that
/// proof rests on (two words, in the canonical orientation).
///
/// The table starts small and doubles when half its slots are taken, up to its limit
/// (counting the old table alive while it grows); then it replaces entries. A big table
/// costs a small search dearly: 4x7 K=4 by proof numbers took 2.4 s with 128 MB, 5.5 s
/// with 6 GB (the same positions), its entries spread over many more pages.
#[derive(Debug)]
struct ProofTable {
    slots: Box<[[u64; 4]]>,
    buckets: usize,
    /// The most buckets it may grow to.
    max_buckets: usize,
    used: usize,
}

const BUCKET_SLOTS: usize = 4;
const SLOT_BYTES: usize = 32;
/// Buckets of a new table (8 MB), unless its limit is smaller.
const FIRST_BUCKETS: usize = 1 << 16;

impl ProofTable {
    fn with_bytes(bytes: usize) -> ProofTable {
        let max_buckets = (bytes / (SLOT_BYTES * BUCKET_SLOTS)).max(1);
        ProofTable::with_buckets(max_buckets.min(FIRST_BUCKETS), max_buckets)
    }

    fn with_buckets(buckets: usize, max_buckets: usize) -> ProofTable {
        ProofTable {
            // Zeroed by the allocator: pages are taken from the system only when touched.
            slots: bytemuck::allocation::zeroed_slice_box(buckets * BUCKET_SLOTS),
            buckets,
            max_buckets,
            used: 0,
        }
    }

    fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// The first slot of `key`'s bucket: the key, mixed, scaled to the number of buckets, so
    /// that a table of any size is used whole. (Mixed, because a canonical key is the least
    /// of several hashes: its high bits lean towards zero, and its top bit is the tag.)
    fn first_slot(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let high = (u128::from(mixed) * self.buckets as u128) >> 64;
        high as usize * BUCKET_SLOTS
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = self.first_slot(key);
        start..start + BUCKET_SLOTS
    }

    /// The work recorded in a slot.
    fn work(slot: &[u64; 4]) -> u64 {
        if slot[1] as u32 == INF {
            slot[1] >> 32
        } else {
            slot[2]
        }
    }

    /// Moves every entry into a table twice the size, or as big as the limit allows with
    /// this one still alive; from then on at the limit, it stays as it is.
    fn grow(&mut self) {
        let buckets = (self.buckets * 2).min(self.max_buckets.saturating_sub(self.buckets));
        if buckets <= self.buckets {
            self.max_buckets = self.buckets;
            return;
        }
        let mut bigger = ProofTable::with_buckets(buckets, self.max_buckets);
        for slot in self.slots.iter().filter(|s| s[0] != 0) {
            bigger.put(*slot);
        }
        *self = bigger;
    }

    /// Puts a whole slot where its key belongs: in its own slot, else an empty one, else in
    /// place of the one with the least work below it. Whether it took an empty slot.
    fn put(&mut self, slot: [u64; 4]) -> bool {
        let key = slot[0];
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        let at = bucket
            .iter()
            .position(|s| s[0] == key)
            .or_else(|| bucket.iter().position(|s| s[0] == 0))
            .unwrap_or_else(|| {
                (0..BUCKET_SLOTS)
                    .min_by_key(|&i| ProofTable::work(&bucket[i]))
                    .unwrap_or(0)
            });
        let fresh = bucket[at][0] == 0;
        bucket[at] = slot;
        if fresh {
            self.used += 1;
        }
        fresh
    }

    /// Reads a word of each cache line of each key's bucket (four slots of 32 bytes: two
    /// lines), so that the memory is on its way.
    fn fetch(&self, keys: impl Iterator<Item = u64>) {
        let mut any = 0;
        for key in keys {
            let first = self.first_slot(key);
            any ^= self.slots[first][0] ^ self.slots[first + BUCKET_SLOTS / 2][0];
        }
        std::hint::black_box(any);
    }

    fn probe(&self, key: u64) -> Option<Numbers> {
        let slot = self.slots[self.bucket(key)].iter().find(|s| s[0] == key)?;
        Some(if slot[1] as u32 == INF {
            Numbers::disproven(u128::from(slot[2]) | u128::from(slot[3]) << 64)
        } else {
            Numbers {
                pn: slot[1] as u32,
                dn: (slot[1] >> 32) as u32,
                zone: 0,
            }
        })
    }

    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        // Work adds up over the visits of a position.
        let work = self.slots[self.bucket(key)]
            .iter()
            .find(|s| s[0] == key)
            .map_or(work, |s| ProofTable::work(s).saturating_add(work));
        let slot = if numbers.dn == 0 {
            [
                key,
                u64::from(INF) | work.min(u64::from(u32::MAX)) << 32,
                numbers.zone as u64,
                (numbers.zone >> 64) as u64,
            ]
        } else {
            [
                key,
                u64::from(numbers.pn) | u64::from(numbers.dn) << 32,
                work,
                0,
            ]
        };
        if self.put(slot) && self.used * 2 > self.slots.len() && self.buckets < self.max_buckets {
            self.grow();
        }
    }
}

/// How a proof search may spend time and memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProofLimits {
    /// Stop after this long.
    pub(crate) time_limit: Option<Duration>,
    /// Set from another thread to stop early.
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// Counts positions searched, in steps of 1024, for a progress display.
    pub(crate) progress: Option<Arc<AtomicU64>>,
}

/// A proof search over one position for one attacker.
#[derive(Debug)]
pub(crate) struct ProofSearch {
    board: Board,
    attacker: Player,
    table: ProofTable,
    limits: ProofLimits,
    started: Instant,
    nodes: u64,
    aborted: bool,
    scratch: PairingScratch,
    child_lists: Vec<Vec<Child>>,
}

impl ProofSearch {
    /// A search of whether `attacker` can force a line from `pos`, keeping at most
    /// `table_bytes` of results.
    pub(crate) fn new(
        pos: &Position,
        attacker: Player,
        table_bytes: usize,
        limits: ProofLimits,
    ) -> ProofSearch {
        ProofSearch {
            board: Board::new(pos),
            attacker,
            table: ProofTable::with_bytes(table_bytes),
            limits,
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            scratch: PairingScratch::default(),
            child_lists: Vec::new(),
        }
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Bytes of table, and entries in use.
    pub(crate) fn table_use(&self) -> (usize, usize) {
        (self.table.bytes(), self.table.used)
    }

    /// Whether the attacker can force a line: `None` if time ran out first.
    pub(crate) fn prove(&mut self) -> Option<bool> {
        self.started = Instant::now();
        if self.limits.time_limit == Some(Duration::ZERO) {
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

    fn out_of_time(&self) -> bool {
        self.limits
            .time_limit
            .is_some_and(|l| self.started.elapsed() >= l)
            || self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// What the rules settle at once: a line the side to move completes now, two of the
    /// opponent's it cannot both block, or nothing left to play for.
    fn tactics(&self) -> Option<Numbers> {
        let board = &self.board;
        let me = board.turn();
        let opp = me.other();
        let attacker = self.attacker;
        if board.threats(me) > 0 {
            if me == attacker {
                return Some(Numbers::proven());
            }
            // The defender completes a line: the attacker has lost whatever it adds, unless
            // it blocks this cell or its extra marks had made a line of their own.
            let t = board.threat_cells(me).next().map_or(0, bit);
            return Some(Numbers::disproven(t | board.open_cells(attacker)));
        }
        if !board.has_live_windows() {
            return Some(Numbers::disproven(0));
        }
        // Two windows may need the same cell: only two different cells are a double threat.
        if board.threats(opp) > 1 {
            let mut cells = board.threat_cells(opp);
            if let (Some(a), Some(b)) = (cells.next(), cells.next()) {
                if opp == attacker {
                    return Some(Numbers::proven());
                }
                return Some(Numbers::disproven(
                    bit(a) | bit(b) | board.open_cells(attacker),
                ));
            }
        }
        None
    }

    /// A quick certificate that the attacker can never complete a line, as its zone.
    fn certificate(&mut self) -> Option<u128> {
        let attacker = self.attacker;
        if self.board.cannot_win(attacker) {
            return Some(self.board.open_cells(attacker));
        }
        // Searched for in every position, not only early or near safety by the Erdős–Selfridge
        // count: a pairing found anywhere saves a subtree, and most of a draw's proof lies
        // deep in the game.
        self.board
            .has_pairing_against(attacker, &mut self.scratch, PairingSearch::Wide)
            .then(|| self.board.pairing_cells(&self.scratch))
    }

    /// The multiple-iterative-deepening step of df-pn: searches the position until its proof
    /// number reaches `thpn` or its disproof number `thdn`, or it is settled.
    fn mid(&mut self, thpn: u32, thdn: u32) -> Numbers {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if let Some(p) = &self.limits.progress {
                p.fetch_add(1024, Ordering::Relaxed);
            }
            if self.out_of_time() {
                self.aborted = true;
            }
        }
        if self.aborted {
            return Numbers::FRESH;
        }
        if let Some(settled) = self.tactics() {
            return settled;
        }
        let (hash, sym) = self.board.canonical_key();
        let key = hash | KEY_TAG;
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
                    self.table
                        .store(key, Numbers::disproven(self.board.map_zone(sym, zone)), 1);
                    return Numbers::disproven(zone);
                }
            }
        }
        let start_nodes = self.nodes;
        let me = self.board.turn();
        let attacking = me == self.attacker;
        // A single threat of the opponent's must be blocked (two were settled above).
        let forced = self.board.threat_cells(me.other()).next();
        let mut children = self.child_lists.pop().unwrap_or_default();
        self.expand(&mut children, forced);

        // Zones (where the attacker moves): a move outside the zone of a sibling shown not to
        // win cannot win either. `common` is the cells inside every such zone so far, `union`
        // the cells of any.
        let mut common = u128::MAX;
        let mut union = 0u128;
        let numbers = loop {
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
            // The child with the smallest number of the kind this side minimises, and the
            // second smallest.
            let least = |c: &Child| {
                if attacking {
                    c.numbers.pn
                } else {
                    c.numbers.dn
                }
            };
            // Ties go to the move that changes the line counts most, then to board order.
            let mut best = usize::MAX;
            let mut second = INF;
            for (i, c) in children.iter().enumerate() {
                if c.numbers.is_settled() {
                    continue;
                }
                let v = least(c);
                if best == usize::MAX
                    || (v, c.order()) < (least(&children[best]), children[best].order())
                {
                    if best != usize::MAX {
                        second = second.min(least(&children[best]));
                    }
                    best = i;
                } else {
                    second = second.min(v);
                }
            }
            let child = children[best].numbers;
            let (child_thpn, child_thdn) = if attacking {
                (
                    thpn.min(beyond(second)),
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
                    thdn.min(beyond(second)),
                )
            };
            let cell = usize::from(children[best].cell);
            self.board.play(cell);
            let found = self.mid(child_thpn, child_thdn);
            self.board.undo(cell);
            if self.aborted {
                break Numbers { pn, dn, zone: 0 };
            }
            children[best].numbers = found;
        };
        let numbers = if numbers.dn == 0 {
            let zone = if attacking {
                match forced {
                    Some(t) => union | bit(t) | self.board.open_cells(me),
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
        self.child_lists.push(children);
        if !self.aborted {
            self.table.store(
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

    /// The moves of the position, each with how much it changes the line counts and what the
    /// table knows of the position it leads to.
    fn expand(&self, children: &mut Vec<Child>, forced: Option<usize>) {
        children.clear();
        let mut push = |cell: usize| {
            let (hash, sym) = self.board.key_after(cell);
            children.push(Child {
                cell: cell as u16,
                gain: self.board.move_gain(cell),
                key: hash | KEY_TAG,
                sym: sym as u8,
                numbers: Numbers::FRESH,
                by_zone: false,
                counted: false,
            });
        };
        if let Some(cell) = forced {
            push(cell);
        } else {
            // In board order: the search picks among them by their numbers, then by
            // `Child::order` (sorting them on every visit took a sixth of the time).
            (0..self.board.cells())
                .filter(|&c| self.board.is_empty(c) && self.board.is_live(c))
                .for_each(push);
        }
        // Every child's bucket is asked for before any is read, so that the memory fetches
        // overlap instead of waiting one after the other (most of the search's time went to
        // waiting for them).
        self.table.fetch(children.iter().map(|c| c.key));
        for c in children.iter_mut() {
            if let Some(known) = self.table.probe(c.key) {
                let zone = if known.dn == 0 {
                    self.board.unmap_zone(usize::from(c.sym), known.zone)
                } else {
                    0
                };
                c.numbers = Numbers { zone, ..known };
            }
        }
    }
}

/// The position's numbers from its children's: where the attacker moves (`attacking`), the
/// least proof number and the (weak) sum of the disproof numbers; where the defender moves,
/// the other way round.
fn sum_and_least(children: &[Child], attacking: bool) -> (u32, u32) {
    let mut least = INF;
    let mut sum = 0;
    let mut most = 0;
    let mut open = 0;
    for c in children {
        let (l, s) = if attacking {
            (c.numbers.pn, c.numbers.dn)
        } else {
            (c.numbers.dn, c.numbers.pn)
        };
        least = least.min(l);
        sum = add(sum, s);
        most = most.max(s);
        if s != 0 {
            open += 1;
        }
    }
    // The weak sum of WPNS (Ueda et al. 2008): the largest number plus one for each other
    // child still open. Positions in these games transpose into each other everywhere, and
    // the plain sum counts the shared positions below many times over, until the numbers
    // say nothing; the weak sum does not add them up.
    if sum != INF && open > 0 {
        sum = add(most, open - 1);
    }
    if attacking {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// Proves the value of `pos` for the side to move by proof-number search: first whether it
/// can win, then, unless that settles it, whether the opponent can.
pub(crate) fn solve_value(pos: &Position, config: &crate::SolverConfig) -> crate::Solution {
    let started = Instant::now();
    let me = pos.turn();
    let limits = |spent: Duration| ProofLimits {
        time_limit: config.time_limit.map(|l| l.saturating_sub(spent)),
        stop: config.stop.clone(),
        progress: config.progress.clone(),
    };
    let mut nodes = 0;
    let mut table = (0, 0);
    let mut ask = |attacker: Player| {
        let mut search =
            ProofSearch::new(pos, attacker, config.table_bytes, limits(started.elapsed()));
        let answer = search.prove();
        nodes += search.nodes();
        let (bytes, used) = search.table_use();
        table = (table.0.max(bytes), table.1.max(used));
        answer
    };
    let value = match ask(me) {
        Some(true) => Some(crate::Value::Win),
        // Strategy stealing: where swapping the colours gives the same position up to a
        // symmetry (the empty board, say), the side to move cannot lose.
        Some(false) if Board::new(pos).is_colour_symmetric() => Some(crate::Value::Draw),
        Some(false) => match ask(me.other()) {
            Some(true) => Some(crate::Value::Loss),
            Some(false) => Some(crate::Value::Draw),
            None => None,
        },
        None => None,
    };
    crate::Solution {
        value,
        plies: None,
        best_move: None,
        nodes,
        elapsed: started.elapsed(),
        depth: 0,
        table_bytes: table.0,
        table_used: table.1,
        threads: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{check_zone_claim, minimax, random_position};
    use crate::Rng;
    use std::collections::HashMap;
    use ttt_core::Dims;

    fn search(p: &Position, attacker: Player, table_bytes: usize) -> ProofSearch {
        ProofSearch::new(p, attacker, table_bytes, ProofLimits::default())
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
    /// entries are overwritten all the time, against its minimax `value`; returns how many
    /// of the four searches were disproofs.
    fn check_both_sides(p: &Position, value: i32) -> usize {
        let mut disproofs = 0;
        for attacker in [Player::X, Player::O] {
            for table_bytes in [1 << 16, 256] {
                let found = search(p, attacker, table_bytes).prove();
                assert_eq!(
                    found,
                    Some(wins(p, attacker, value)),
                    "{p} k={} attacker={attacker:?} table={table_bytes}",
                    p.dims().k()
                );
                disproofs += usize::from(found == Some(false));
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
            let mut checked = 0;
            for (p, &value) in &memo {
                if p.is_over() {
                    continue;
                }
                check_both_sides(p, value);
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
                disproofs += check_both_sides(&p, minimax(&p, &mut memo));
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

    #[test]
    fn the_table_grows_within_its_limit_and_keeps_what_it_holds() {
        let mut table = ProofTable::with_bytes(32 << 20);
        assert_eq!(table.bytes(), 8 << 20);
        let mut rng = Rng::seeded(3);
        let keys: Vec<u64> = (0..200_000).map(|_| rng.next_u64() | KEY_TAG).collect();
        for (i, &key) in keys.iter().enumerate() {
            let numbers = if i % 3 == 0 {
                Numbers::disproven(u128::from(key) << 20)
            } else {
                Numbers {
                    pn: i as u32 + 1,
                    dn: 7,
                    zone: 0,
                }
            };
            table.store(key, numbers, 1);
        }
        // Doubled once; doubling again would pass the limit with the old table alive.
        assert_eq!(table.bytes(), 16 << 20);
        let mut found = 0;
        for (i, &key) in keys.iter().enumerate() {
            if let Some(n) = table.probe(key) {
                found += 1;
                if i % 3 == 0 {
                    assert_eq!((n.pn, n.dn, n.zone), (INF, 0, u128::from(key) << 20));
                } else {
                    assert_eq!((n.pn, n.dn), (i as u32 + 1, 7));
                }
            }
        }
        // Buckets that overflowed (before the table grew, half full) gave up entries: a few
        // percent. Lost in the move, there would be half.
        assert!(found > 190_000, "{found}");
        // A table of two buckets stays two buckets.
        let mut tiny = ProofTable::with_bytes(256);
        for &key in &keys[..100] {
            tiny.store(key, Numbers::FRESH, 1);
        }
        assert_eq!((tiny.bytes(), tiny.used), (256, 8));
    }

    #[test]
    fn no_time_or_a_stop_proves_nothing() {
        let p = Position::new(Dims::new(9, 9, 5).unwrap());
        let limits = ProofLimits {
            time_limit: Some(Duration::ZERO),
            ..ProofLimits::default()
        };
        assert_eq!(
            ProofSearch::new(&p, Player::X, 1 << 20, limits).prove(),
            None
        );
        let stop = Arc::new(AtomicBool::new(true));
        let limits = ProofLimits {
            stop: Some(stop),
            ..ProofLimits::default()
        };
        let mut s = ProofSearch::new(&p, Player::X, 1 << 20, limits);
        assert_eq!(s.prove(), None);
        assert!(s.nodes() <= 1024, "{}", s.nodes());
    }

    #[test]
    fn solve_value_asks_both_sides() {
        let value = |p: &Position| solve_value(p, &crate::SolverConfig::for_position(p)).value;
        let empty = |r, c, k| Position::new(Dims::new(r, c, k).unwrap());
        assert_eq!(value(&empty(3, 3, 3)), Some(crate::Value::Draw));
        assert_eq!(value(&empty(3, 4, 3)), Some(crate::Value::Win));
        assert_eq!(value(&empty(4, 4, 4)), Some(crate::Value::Draw));
        let setup =
            |s| Position::from_setup(&ttt_core::Setup::from_notation(s).unwrap(), 3).unwrap();
        // O to move cannot block both of X's lines.
        assert_eq!(value(&setup("XX./.XO/O..")), Some(crate::Value::Loss));
        // Two of X's lines need the same cell: O blocks it and holds the draw.
        assert_eq!(value(&setup(".OX/OOX/XX.")), Some(crate::Value::Draw));
    }

    #[test]
    fn colour_symmetric_positions_are_recognised() {
        let board = |s: &str, k| {
            Board::new(
                &Position::from_setup(&ttt_core::Setup::from_notation(s).unwrap(), k).unwrap(),
            )
        };
        assert!(board("..../..../..../....", 4).is_colour_symmetric());
        // X and O mirror each other across the middle column.
        assert!(board("X..O/..../..../....", 4).is_colour_symmetric());
        assert!(board("X.../..../..../...O", 4).is_colour_symmetric());
        assert!(!board("XO../..../..../....", 4).is_colour_symmetric());
        assert!(!board("X.../.O../..../....", 4).is_colour_symmetric());
    }
}
