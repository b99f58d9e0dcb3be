//! The proof-number search's table: proof and disproof numbers, the work done below each
//! position, and the relevance zone of each disproof.
//!
//! Each slot is four words: the key, then either both numbers and the work done below the
//! position (which decides what a full bucket of four gives up), or, once the attacker is
//! shown unable to win, the work and the zone that proof rests on (two words, in the
//! canonical orientation).
//!
//! The key word is stored XOR the numbers word, and XOR the zone too in a disproof. Only the
//! work, which decides nothing but what to replace, is left out of the check: reading the
//! other two words of every slot looked at would cost a large share of the search's time.
//!
//! The table starts small and doubles when half its slots are taken, up to its limit
//! (counting the old table alive while it grows); then it replaces entries. A table much
//! bigger than the search needs costs it dearly, its entries spread over many more pages,
//! so it does not start big. While it is shared it cannot grow: the searches sharing it stop
//! for that (see [`crate::search::proof_number`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::busy::BusySet;
use super::zeroed_slots;

const BUCKET_SLOTS: usize = 4;
const SLOT_BYTES: usize = 32;

/// A number that can never be reached: the position is settled the other way.
pub(crate) const INF: u32 = u32::MAX;

/// What is known of a position: its numbers and, once the attacker is shown unable to win,
/// the zone that proof rests on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Numbers {
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    /// The relevance zone of a disproof (`dn == 0`): see [`crate::search::zone`].
    pub(crate) zone: u128,
}

impl Numbers {
    pub(crate) const FRESH: Numbers = Numbers {
        pn: 1,
        dn: 1,
        zone: 0,
    };

    pub(crate) fn proven() -> Numbers {
        Numbers {
            pn: 0,
            dn: INF,
            zone: 0,
        }
    }

    pub(crate) fn disproven(zone: u128) -> Numbers {
        Numbers {
            pn: INF,
            dn: 0,
            zone,
        }
    }

    pub(crate) fn is_settled(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// Buckets of a new table (8 MB), unless its limit is smaller.
const FIRST_BUCKETS: usize = 1 << 16;
/// Slots of the table's [`BusySet`].
const BUSY_SLOTS: usize = 1 << 12;

/// The proof-number search's transposition table (see the module's documentation).
#[derive(Debug)]
pub(crate) struct NumberTable {
    slots: Box<[[AtomicU64; 4]]>,
    buckets: usize,
    /// The most buckets it may grow to.
    max_buckets: usize,
    used: AtomicUsize,
    busy: BusySet,
}

impl NumberTable {
    /// A table that may grow to `bytes`.
    pub(crate) fn with_bytes(bytes: usize) -> NumberTable {
        let max_buckets = (bytes / (SLOT_BYTES * BUCKET_SLOTS)).max(1);
        NumberTable::with_buckets(max_buckets.min(FIRST_BUCKETS), max_buckets)
    }

    fn with_buckets(buckets: usize, max_buckets: usize) -> NumberTable {
        NumberTable {
            slots: zeroed_slots(buckets * BUCKET_SLOTS),
            buckets,
            max_buckets,
            used: AtomicUsize::new(0),
            busy: BusySet::new(BUSY_SLOTS),
        }
    }

    /// The positions threads sharing this table are searching.
    pub(crate) fn busy(&self) -> &BusySet {
        &self.busy
    }

    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    pub(crate) fn used(&self) -> usize {
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
        if NumberTable::is_disproof(numbers) {
            key ^ words[2].load(Ordering::Relaxed) ^ words[3].load(Ordering::Relaxed)
        } else {
            key
        }
    }

    /// The slot at `at`, its key word undone.
    fn read(&self, at: usize) -> [u64; 4] {
        let [a, b, c, d] = self.slots[at].each_ref().map(|w| w.load(Ordering::Relaxed));
        let key = if NumberTable::is_disproof(b) {
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
        let key = if NumberTable::is_disproof(b) {
            key ^ b ^ c ^ d
        } else {
            key ^ b
        };
        words[0].store(key, Ordering::Relaxed);
    }

    /// The work recorded in a slot.
    fn work(slot: &[u64; 4]) -> u64 {
        if NumberTable::is_disproof(slot[1]) {
            slot[1] >> 32
        } else {
            slot[2]
        }
    }

    /// Moves every entry into a table twice the size, or as big as the limit allows with
    /// this one still alive; from then on at the limit, it stays as it is. Where doubling
    /// twice more would not fit, it grows at once to the rest of the limit: the last table
    /// is the limit less the one before it, so the one before it is better small.
    pub(crate) fn grow(&mut self) {
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
        let bigger = NumberTable::with_buckets(buckets, self.max_buckets);
        for at in 0..self.slots.len() {
            let slot = self.read(at);
            if slot[0] != 0 {
                bigger.put(slot);
            }
        }
        *self = bigger;
    }

    /// Whether the table is half full and may still grow.
    pub(crate) fn wants_to_grow(&self) -> bool {
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
                let work = NumberTable::work(&self.read(range.start + at));
                if NumberTable::is_disproof(slot[1]) {
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
                    .min_by_key(|&i| NumberTable::work(&self.read(range.start + i)))
                    .unwrap_or(0),
            },
        };
        self.write(range.start + at, slot);
    }

    /// Reads a word of each cache line of each key's bucket (four slots of 32 bytes: two
    /// lines), so that the memory is on its way before it is needed: the fetches overlap
    /// instead of waiting one after the other.
    pub(crate) fn fetch(&self, keys: impl Iterator<Item = u64>) {
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

    /// What the table knows of `key`, its zone in the canonical orientation.
    pub(crate) fn probe(&self, key: u64) -> Option<Numbers> {
        let slot = self.find(key)?;
        Some(if NumberTable::is_disproof(slot[1]) {
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
    pub(crate) fn store(&self, key: u64, numbers: Numbers, work: u64) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tt::key_of;

    /// Stores as a search alone does: growing the table when it is half full.
    fn keep(table: &mut NumberTable, key: u64, numbers: Numbers) {
        table.store(key, numbers, 1);
        if table.wants_to_grow() {
            table.grow();
        }
    }

    #[test]
    fn the_table_grows_within_its_limit_and_keeps_what_it_holds() {
        let mut table = NumberTable::with_bytes(32 << 20);
        assert_eq!(table.bytes(), 8 << 20);
        let mut rng = Rng::seeded(3);
        let keys: Vec<u64> = (0..200_000).map(|_| key_of(rng.next_u64())).collect();
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
        let mut tiny = NumberTable::with_bytes(256);
        for &key in &keys[..100] {
            keep(&mut tiny, key, Numbers::FRESH);
        }
        assert_eq!((tiny.bytes(), tiny.used()), (256, 8));
    }
}
