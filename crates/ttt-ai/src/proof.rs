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

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
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
    /// Put off because another thread was searching below it.
    busy: bool,
    /// Added to the disproof number of a defender's move while it is open: its place in
    /// the order of gains times [`DEFENCE_BIAS`] (see [`ProofSearch::rank_defences`]).
    bias: u32,
}

impl Child {
    /// The number the side to move minimises (the proof number where the attacker moves,
    /// else the disproof number), its bias added while the move is open.
    fn least(&self, attacking: bool) -> u32 {
        let n = if attacking {
            self.numbers.pn
        } else {
            self.numbers.dn
        };
        if self.numbers.is_settled() {
            n
        } else {
            add(n, self.bias)
        }
    }

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
/// The key word is stored XOR the numbers word, and XOR the zone too in a disproof, so that
/// searches on several threads can share the table without locks: a slot half written by
/// one thread while another reads it does not match its key, and reads as a miss (which
/// costs a search, never a wrong answer). Only the work, which decides nothing but what
/// to replace, is left out (reading the other two words of every slot looked at took a
/// quarter of the search's time).
///
/// The table starts small and doubles when half its slots are taken, up to its limit
/// (counting the old table alive while it grows); then it replaces entries. A big table
/// costs a small search dearly: 4x7 K=4 by proof numbers took 2.4 s with 128 MB, 5.5 s
/// with 6 GB (the same positions), its entries spread over many more pages. While it is
/// shared it cannot grow: the searches sharing it stop for that (see
/// [`ProofSearch::prove_together`]).
#[derive(Debug)]
struct ProofTable {
    slots: Box<[[AtomicU64; 4]]>,
    buckets: usize,
    /// The most buckets it may grow to.
    max_buckets: usize,
    used: AtomicUsize,
    /// Positions some thread is searching now, by key (a small hash table whose slots are
    /// overwritten freely: a wrong answer only costs time).
    busy: Box<[AtomicU64]>,
}

const BUCKET_SLOTS: usize = 4;
const SLOT_BYTES: usize = 32;
/// Buckets of a new table (8 MB), unless its limit is smaller.
const FIRST_BUCKETS: usize = 1 << 16;
/// Slots in the table of positions being searched.
const BUSY_SLOTS: usize = 1 << 12;

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
            used: AtomicUsize::new(0),
            busy: bytemuck::allocation::zeroed_slice_box(BUSY_SLOTS),
        }
    }

    fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
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

    /// Whether the numbers word `numbers` is a disproof's (with a zone, not two numbers).
    fn is_disproof(numbers: u64) -> bool {
        numbers as u32 == INF
    }

    /// The key of the slot at `at` (0 for an empty slot), reading its zone only in a
    /// disproof.
    fn key_at(&self, at: usize) -> u64 {
        let words = &self.slots[at];
        let numbers = words[1].load(Ordering::Relaxed);
        let key = words[0].load(Ordering::Relaxed) ^ numbers;
        if ProofTable::is_disproof(numbers) {
            key ^ words[2].load(Ordering::Relaxed) ^ words[3].load(Ordering::Relaxed)
        } else {
            key
        }
    }

    /// The slot at `at`, its key word undone.
    fn read(&self, at: usize) -> [u64; 4] {
        let [a, b, c, d] = self.slots[at].each_ref().map(|w| w.load(Ordering::Relaxed));
        let key = if ProofTable::is_disproof(b) {
            a ^ b ^ c ^ d
        } else {
            a ^ b
        };
        [key, b, c, d]
    }

    fn write(&self, at: usize, slot: [u64; 4]) {
        let [key, b, c, d] = slot;
        let words = &self.slots[at];
        words[1].store(b, Ordering::Relaxed);
        words[2].store(c, Ordering::Relaxed);
        words[3].store(d, Ordering::Relaxed);
        let key = if ProofTable::is_disproof(b) {
            key ^ b ^ c ^ d
        } else {
            key ^ b
        };
        words[0].store(key, Ordering::Relaxed);
    }

    /// The work recorded in a slot.
    fn work(slot: &[u64; 4]) -> u64 {
        if ProofTable::is_disproof(slot[1]) {
            slot[1] >> 32
        } else {
            slot[2]
        }
    }

    /// Moves every entry into a table twice the size, or as big as the limit allows with
    /// this one still alive; from then on at the limit, it stays as it is. Where doubling
    /// twice more would not fit, it grows at once to the rest of the limit: the last table
    /// is the limit less the one before it, so the one before it is better small (with a
    /// limit of 5.75 GB: 4.75 GB after 1 GB, not 3.75 GB after 2 GB).
    fn grow(&mut self) {
        let room = self.max_buckets.saturating_sub(self.buckets);
        let buckets = if self.buckets * 4 > room.saturating_sub(self.buckets) {
            room
        } else {
            self.buckets * 2
        };
        if buckets <= self.buckets {
            self.max_buckets = self.buckets;
            return;
        }
        let bigger = ProofTable::with_buckets(buckets, self.max_buckets);
        for at in 0..self.slots.len() {
            let slot = self.read(at);
            if slot[0] != 0 {
                bigger.put(slot);
            }
        }
        *self = bigger;
    }

    /// Whether the table is half full and may still grow.
    fn wants_to_grow(&self) -> bool {
        self.used() * 2 > self.slots.len() && self.buckets < self.max_buckets
    }

    /// Puts a whole slot where its key belongs: in its own slot, else an empty one, else in
    /// place of the one with the least work below it. The work already recorded for the
    /// key is added to the slot's.
    fn put(&self, mut slot: [u64; 4]) {
        let key = slot[0];
        let range = self.bucket(key);
        let keys: [u64; BUCKET_SLOTS] = std::array::from_fn(|i| self.key_at(range.start + i));
        let at = match keys.iter().position(|&k| k == key) {
            Some(at) => {
                let work = ProofTable::work(&self.read(range.start + at));
                if ProofTable::is_disproof(slot[1]) {
                    let total = (slot[1] >> 32)
                        .saturating_add(work)
                        .min(u64::from(u32::MAX));
                    slot[1] = u64::from(INF) | total << 32;
                } else {
                    slot[2] = slot[2].saturating_add(work);
                }
                at
            }
            None => match keys.iter().position(|&k| k == 0) {
                Some(at) => {
                    // Not an atomic add: a count lost to a race only delays growing a little.
                    self.used.store(self.used() + 1, Ordering::Relaxed);
                    at
                }
                None => (0..BUCKET_SLOTS)
                    .min_by_key(|&i| ProofTable::work(&self.read(range.start + i)))
                    .unwrap_or(0),
            },
        };
        self.write(range.start + at, slot);
    }

    /// Reads a word of each cache line of each key's bucket (four slots of 32 bytes: two
    /// lines), so that the memory is on its way.
    fn fetch(&self, keys: impl Iterator<Item = u64>) {
        let mut any = 0;
        for key in keys {
            let first = self.first_slot(key);
            any ^= self.slots[first][0].load(Ordering::Relaxed)
                ^ self.slots[first + BUCKET_SLOTS / 2][0].load(Ordering::Relaxed);
        }
        std::hint::black_box(any);
    }

    /// The slot of `key`, if the table holds it.
    fn find(&self, key: u64) -> Option<[u64; 4]> {
        self.bucket(key)
            .find(|&at| self.key_at(at) == key)
            .map(|at| self.read(at))
            .filter(|s| s[0] == key)
    }

    fn probe(&self, key: u64) -> Option<Numbers> {
        let slot = self.find(key)?;
        Some(if ProofTable::is_disproof(slot[1]) {
            Numbers::disproven(u128::from(slot[2]) | u128::from(slot[3]) << 64)
        } else {
            Numbers {
                pn: slot[1] as u32,
                dn: (slot[1] >> 32) as u32,
                zone: 0,
            }
        })
    }

    /// Keeps `numbers` for `key`, with `work` more positions searched below it (work adds
    /// up over the visits of a position).
    fn store(&self, key: u64, numbers: Numbers, work: u64) {
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
        self.put(slot);
    }

    fn busy_slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[(key >> 20) as usize & (BUSY_SLOTS - 1)]
    }

    /// Says that a thread is searching below the position `key`.
    fn enter(&self, key: u64) {
        self.busy_slot(key).store(key, Ordering::Relaxed);
    }

    /// Says that the search below `key` is over.
    fn leave(&self, key: u64) {
        let _ = self
            .busy_slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some thread is searching below `key` now (as far as the table knows).
    fn is_busy(&self, key: u64) -> bool {
        self.busy_slot(key).load(Ordering::Relaxed) == key
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
    /// The position searched, and the board the search plays on from it.
    root: Position,
    board: Board,
    attacker: Player,
    /// Shared with other threads' searches of the same root once they join
    /// ([`ProofSearch::prove_together`]).
    table: Arc<ProofTable>,
    /// While the table is shared: raised to stop every search that shares it.
    together: Option<Arc<AtomicBool>>,
    /// The most threads that have searched (more than one once others joined).
    threads: usize,
    limits: ProofLimits,
    started: Instant,
    nodes: u64,
    aborted: bool,
    scratch: PairingScratch,
    child_lists: Vec<Vec<Child>>,
    /// Working space for [`ProofSearch::rank_defences`]: indices into the moves.
    ranks: Vec<usize>,
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
        ProofSearch::with_table(
            pos,
            attacker,
            Arc::new(ProofTable::with_bytes(table_bytes)),
            limits,
        )
    }

    fn with_table(
        pos: &Position,
        attacker: Player,
        table: Arc<ProofTable>,
        limits: ProofLimits,
    ) -> ProofSearch {
        ProofSearch {
            root: *pos,
            board: Board::new(pos),
            attacker,
            table,
            together: None,
            threads: 1,
            limits,
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            scratch: PairingScratch::default(),
            child_lists: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// Positions searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The most threads that have searched: one unless others joined it.
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// Bytes of table, and entries in use.
    pub(crate) fn table_use(&self) -> (usize, usize) {
        (self.table.bytes(), self.table.used())
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

    /// Keeps `numbers` for `key`, then grows the table if it is half full: at once while
    /// this search has it alone, else by stopping the searches that share it.
    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        self.table.store(key, numbers, work);
        if self.table.wants_to_grow() {
            match &self.together {
                Some(together) => together.store(true, Ordering::Relaxed),
                None => {
                    if let Some(table) = Arc::get_mut(&mut self.table) {
                        table.grow();
                    }
                }
            }
        }
    }

    /// [`ProofSearch::prove`] on `threads` threads: this search alone for `alone`, then, if
    /// that did not settle it, with `threads - 1` more searches of the same root sharing its
    /// table. Each goes down the moves with the smallest numbers, as one search does, but
    /// puts off a move whose position another is searching below at the moment, so that
    /// they split the work; what any of them learns is in the table for all. The first
    /// answer stops the others. When the table is half full they stop, it doubles (within
    /// its limit), and they start again from the root (with what they learned in the
    /// table, that costs little).
    pub(crate) fn prove_together(&mut self, threads: usize, alone: Duration) -> Option<bool> {
        let started = Instant::now();
        let limit = self.limits.time_limit;
        if threads <= 1 || limit.is_some_and(|l| l <= alone) {
            return self.prove();
        }
        self.limits.time_limit = Some(alone);
        let first = self.prove();
        self.limits.time_limit = limit;
        if first.is_some() || self.stopped() {
            return first;
        }
        self.threads = self.threads.max(threads);
        let answer = loop {
            self.limits.time_limit = limit.map(|l| l.saturating_sub(started.elapsed()));
            self.aborted = false;
            let together = Arc::new(AtomicBool::new(false));
            self.together = Some(Arc::clone(&together));
            let mut helpers: Vec<ProofSearch> = (1..threads)
                .map(|_| ProofSearch {
                    together: Some(Arc::clone(&together)),
                    ..ProofSearch::with_table(
                        &self.root,
                        self.attacker,
                        Arc::clone(&self.table),
                        self.limits.clone(),
                    )
                })
                .collect();
            let answers: Vec<Option<bool>> = std::thread::scope(|scope| {
                let handles: Vec<_> = helpers
                    .iter_mut()
                    .map(|helper| {
                        let together = &together;
                        scope.spawn(move || {
                            let answer = helper.prove();
                            if answer.is_some() {
                                together.store(true, Ordering::Relaxed);
                            }
                            answer
                        })
                    })
                    .collect();
                let own = self.prove();
                // Whatever ended this search ends the others.
                together.store(true, Ordering::Relaxed);
                std::iter::once(own)
                    .chain(
                        handles
                            .into_iter()
                            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
                    )
                    .collect()
            });
            self.nodes += helpers.iter().map(|s| s.nodes).sum::<u64>();
            drop(helpers);
            self.together = None;
            let mut settled = answers.into_iter().flatten();
            if let Some(answer) = settled.next() {
                debug_assert!(settled.all(|a| a == answer));
                break Some(answer);
            }
            let ended = limit.is_some_and(|l| started.elapsed() >= l) || self.stopped();
            match Arc::get_mut(&mut self.table) {
                Some(table) if table.wants_to_grow() && !ended => {
                    table.grow();
                }
                _ => break None,
            }
        };
        self.limits.time_limit = limit;
        answer
    }

    /// Whether a stop came from outside.
    fn stopped(&self) -> bool {
        self.limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn out_of_time(&self) -> bool {
        self.limits
            .time_limit
            .is_some_and(|l| self.started.elapsed() >= l)
            || self.stopped()
            || self
                .together
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
        let forced = self.board.threat_cells(me.other()).next();
        let mut children = self.child_lists.pop().unwrap_or_default();
        self.expand(&mut children, forced);

        // Zones (where the attacker moves): a move outside the zone of a sibling shown not to
        // win cannot win either. `common` is the cells inside every such zone so far, `union`
        // the cells of any.
        let mut common = u128::MAX;
        let mut union = 0u128;
        if self.together.is_some() {
            self.table.enter(key);
        }
        let numbers = loop {
            if self.together.is_some() {
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
            if self.together.is_some() && self.table.is_busy(children[best].key) {
                children[best].busy = true;
                let fits = |c: &Child| {
                    if attacking {
                        c.least(true) < thpn
                    } else {
                        c.least(false) < thdn
                    }
                };
                match pick(&children, attacking, |c| self.table.is_busy(c.key)) {
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
        if self.together.is_some() {
            self.table.leave(key);
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
            self.board.moves().max(1)
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
                key: hash | KEY_TAG,
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

/// The child to search next, among those open and not `skipped`: the one with the smallest
/// number of the kind the side to move minimises (ties to [`Child::order`]), and the second
/// smallest number. `None` if every child is settled or skipped.
fn pick(
    children: &[Child],
    attacking: bool,
    skipped: impl Fn(&Child) -> bool,
) -> Option<(usize, u32)> {
    let least = |c: &Child| c.least(attacking);
    let mut best: Option<usize> = None;
    let mut second = INF;
    for (i, c) in children.iter().enumerate() {
        if c.numbers.is_settled() || skipped(c) {
            continue;
        }
        let v = least(c);
        match best {
            Some(b) if (least(&children[b]), children[b].order()) <= (v, c.order()) => {
                second = second.min(v);
            }
            _ => {
                if let Some(b) = best {
                    second = second.min(least(&children[b]));
                }
                best = Some(i);
            }
        }
    }
    best.map(|b| (b, second))
}

/// The position's numbers from its children's: where the attacker moves (`attacking`), the
/// least proof number and the (weak) sum of the disproof numbers; where the defender moves,
/// the other way round. The least is taken with the moves' biases ([`Child::least`]).
fn sum_and_least(children: &[Child], attacking: bool) -> (u32, u32) {
    let mut least = INF;
    let mut sum = 0;
    let mut most = 0;
    let mut open = 0;
    for c in children {
        let (l, s) = if attacking {
            (c.least(true), c.numbers.dn)
        } else {
            (c.least(false), c.numbers.pn)
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

/// How much each place further down the order of gains adds to a defender's move's disproof
/// number (see [`ProofSearch::rank_defences`]).
///
/// The disproof number of a position where the defender moves is the least of its moves':
/// one defence that holds is enough. But a fresh defence's number is the count of the
/// attacker's replies, much the same for every defence, and it grows by about that much for
/// each of the attacker's moves searched below it; so without a bias the search took every
/// defence down to the same depth before any was shown to hold. With it, the defence first
/// in the order of gains goes a little deeper than the next, and so on: after X a1 on 8x8
/// K=5, X's question was unknown after 300 s, and is settled with it in 34 s (X d4: 245 s
/// with a 6 GB table, 62 s with 1 GB). 16 searched fewer positions on 4x8 K=4 but doubled
/// the time of the centre of 8x8 K=5; 64 took 7x7 K=5 from under a second to 13 s.
const DEFENCE_BIAS: u32 = 4;

/// How long a proof-number search runs on one thread before the others join it (see
/// [`ProofSearch::prove_together`]): the searches that take longer are the ones a table
/// grown to its limit at once does not slow down.
pub(crate) const JOIN: Duration = Duration::from_secs(1);

/// Proves the value of `pos` for the side to move by proof-number search on `threads`
/// threads: first whether it can win, then, unless that settles it, whether the opponent
/// can. The solution counts the threads that searched: one if it was settled before the
/// others joined.
pub(crate) fn solve_value(
    pos: &Position,
    config: &crate::SolverConfig,
    threads: usize,
) -> crate::Solution {
    let started = Instant::now();
    let me = pos.turn();
    let limits = |spent: Duration| ProofLimits {
        time_limit: config.time_limit.map(|l| l.saturating_sub(spent)),
        stop: config.stop.clone(),
        progress: config.progress.clone(),
    };
    let mut nodes = 0;
    let mut table = (0, 0);
    let mut searched_by = 1;
    let mut ask = |attacker: Player| {
        let mut search =
            ProofSearch::new(pos, attacker, config.table_bytes, limits(started.elapsed()));
        let answer = search.prove_together(threads, JOIN);
        nodes += search.nodes();
        searched_by = searched_by.max(search.threads());
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
        threads: searched_by,
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
    /// entries are overwritten all the time, on one thread and on up to `most_threads`
    /// sharing the table from the start, against its minimax `value`; returns how many of
    /// the one-thread searches were disproofs.
    fn check_both_sides(p: &Position, value: i32, most_threads: usize) -> usize {
        let mut disproofs = 0;
        for attacker in [Player::X, Player::O] {
            for table_bytes in [1 << 16, 256] {
                for threads in 1..=most_threads {
                    let mut s = search(p, attacker, table_bytes);
                    let found = s.prove_together(threads, Duration::ZERO);
                    assert_eq!(s.threads(), threads);
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

    /// Stores as a search alone does: growing the table when it is half full.
    fn keep(table: &mut ProofTable, key: u64, numbers: Numbers) {
        table.store(key, numbers, 1);
        if table.wants_to_grow() {
            table.grow();
        }
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
            keep(&mut table, key, numbers);
        }
        // Grown once, to the rest of the limit with the old table alive (doubling twice
        // would not fit).
        assert_eq!(table.bytes(), 24 << 20);
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
            keep(&mut tiny, key, Numbers::FRESH);
        }
        assert_eq!((tiny.bytes(), tiny.used()), (256, 8));
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

    #[test]
    fn threads_count_only_once_they_join() {
        let p = Position::new(Dims::new(4, 4, 3).unwrap());
        let s = solve_value(&p, &crate::SolverConfig::for_position(&p), 2);
        assert_eq!((s.value, s.threads), (Some(crate::Value::Win), 1));
    }

    #[test]
    fn solve_value_asks_both_sides() {
        let value = |p: &Position| solve_value(p, &crate::SolverConfig::for_position(p), 1).value;
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
