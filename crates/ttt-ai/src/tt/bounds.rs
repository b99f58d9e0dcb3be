//! Alpha-beta's table: a bound on each position's score, the depth it holds for, and the best
//! move found.
//!
//! Each entry stores a *bound* on the value together with the kind of bound, never a value
//! that was cut off by the search window as if it were exact. Two entries a bucket: the first
//! kept for the deepest result, the second always replaced.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::busy::BusySet;
use super::zeroed_slots;

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

/// What the table keeps of one position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    /// Node-relative score (wins count plies from this position).
    pub(crate) score: i32,
    /// Remaining search depth the result holds for; [`PROVEN`] when it was proven by search
    /// to the end of the game, whatever the depth.
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// Best move, as a cell of the canonical orientation, or [`NO_MOVE`].
    pub(crate) best: u16,
}

/// The depth of a result that holds at any depth: it was searched to the end.
pub(crate) const PROVEN: u8 = u8::MAX;
/// No best move is known.
pub(crate) const NO_MOVE: u16 = u16::MAX;

impl Entry {
    /// The entry without its key, in one word: score, depth, bound and best move.
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u32)
            | u64::from(self.depth) << 32
            | bound << 40
            | u64::from(self.best) << 48
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) as u8 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (data >> 48) as u16,
        }
    }
}

/// A bucket: two slots of a key word (the key XOR the data) and a data word.
type Bucket = [AtomicU64; 4];

/// Bytes in a bucket.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
/// Buckets of a new growing table, unless its limit is smaller.
const FIRST_BUCKETS: usize = 1 << 13;
/// Slots of a shared table's [`BusySet`].
const BUSY_SLOTS: usize = 1 << 14;

/// Alpha-beta's transposition table (see the module's documentation).
#[derive(Debug)]
pub(crate) struct BoundTable {
    buckets: Box<[Bucket]>,
    mask: usize,
    used: AtomicUsize,
    /// The most buckets the table may grow to.
    max_buckets: usize,
    busy: BusySet,
}

/// The most buckets that fit in `bytes`, a power of two, at least one.
fn buckets_in(bytes: usize) -> usize {
    let wanted = (bytes / BUCKET_BYTES).max(1);
    if wanted.is_power_of_two() {
        wanted
    } else {
        wanted.next_power_of_two() / 2
    }
}

impl BoundTable {
    /// A table for one search that starts small and doubles as it fills (when an eighth of
    /// its slots are taken), up to a size that, counting the old table alive while the new
    /// one is filled, stays within `max_bytes`. Small boards then never pay for a table sized
    /// for the worst case.
    pub(crate) fn growing(max_bytes: usize) -> BoundTable {
        let max_buckets = buckets_in(max_bytes / 3 * 2);
        BoundTable::sized(max_buckets.min(FIRST_BUCKETS), max_buckets, BusySet::new(0))
    }

    /// A table of about `bytes` (rounded down to a power of two buckets) for threads to
    /// share: it keeps its size, and keeps the positions being searched.
    pub(crate) fn shared(bytes: usize) -> BoundTable {
        let len = buckets_in(bytes);
        BoundTable::sized(len, len, BusySet::new(BUSY_SLOTS))
    }

    /// A table of exactly `bytes` (rounded down), for tests.
    #[cfg(test)]
    pub(crate) fn with_bytes(bytes: usize) -> BoundTable {
        let len = buckets_in(bytes);
        BoundTable::sized(len, len, BusySet::new(0))
    }

    fn sized(len: usize, max_buckets: usize, busy: BusySet) -> BoundTable {
        BoundTable {
            buckets: zeroed_slots(len),
            mask: len - 1,
            used: AtomicUsize::new(0),
            max_buckets,
            busy,
        }
    }

    /// The positions threads sharing this table are searching.
    pub(crate) fn busy(&self) -> &BusySet {
        &self.busy
    }

    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Entries filled so far.
    pub(crate) fn used(&self) -> usize {
        self.used.load(Relaxed)
    }

    /// Whether the table is full enough to double, and may.
    pub(crate) fn wants_to_grow(&self) -> bool {
        self.used() >= self.buckets.len() / 4 && self.buckets.len() < self.max_buckets
    }

    /// Doubles the table, keeping every entry.
    pub(crate) fn grow(&mut self) {
        let len = self.buckets.len() * 2;
        let old = std::mem::replace(&mut self.buckets, zeroed_slots(len));
        self.mask = len - 1;
        for bucket in &*old {
            for slot in [0, 2] {
                if let Some((key, data)) = read(bucket, slot) {
                    // Each entry of bucket i lands in the same slot of bucket i or i + the
                    // old length, by its key: it finds its slot as it was.
                    write(&self.buckets[key as usize & self.mask], slot, key, data);
                }
            }
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&self) {
        if self.used() > 0 {
            for bucket in &*self.buckets {
                for word in bucket {
                    word.store(0, Relaxed);
                }
            }
            self.used.store(0, Relaxed);
        }
    }

    /// The entry stored for `key` (never 0).
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[key as usize & self.mask];
        [0, 2].into_iter().find_map(|slot| {
            let (k, data) = read_raw(bucket, slot);
            (k == key).then(|| Entry::unpack(key, data))
        })
    }

    /// Stores `entry`: in the first slot if it holds this key or a shallower result, else in
    /// the second.
    pub(crate) fn store(&self, entry: Entry) {
        let bucket = &self.buckets[entry.key as usize & self.mask];
        let (first_key, first_data) = read_raw(bucket, 0);
        let slot = if first_key != entry.key && entry.depth < (first_data >> 32) as u8 {
            2
        } else {
            0
        };
        if bucket[slot].load(Relaxed) == 0 && bucket[slot + 1].load(Relaxed) == 0 {
            // Not an atomic add: a count lost to a race only delays growing a little.
            self.used.store(self.used() + 1, Relaxed);
        }
        write(bucket, slot, entry.key, entry.pack());
    }

    /// Every entry, for handing a search's results to another table.
    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.buckets.iter().flat_map(|bucket| {
            [0, 2]
                .into_iter()
                .filter_map(move |slot| read(bucket, slot))
                .map(|(key, data)| Entry::unpack(key, data))
        })
    }
}

/// The key and data of a slot, the key undone from its XOR (0 for an empty slot).
fn read_raw(bucket: &Bucket, slot: usize) -> (u64, u64) {
    let data = bucket[slot + 1].load(Relaxed);
    (bucket[slot].load(Relaxed) ^ data, data)
}

/// The entry of a slot, unless it is empty.
fn read(bucket: &Bucket, slot: usize) -> Option<(u64, u64)> {
    let (key, data) = read_raw(bucket, slot);
    (key != 0).then_some((key, data))
}

fn write(bucket: &Bucket, slot: usize, key: u64, data: u64) {
    bucket[slot + 1].store(data, Relaxed);
    bucket[slot].store(key ^ data, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u8) -> Entry {
        Entry {
            key,
            score: 7,
            depth,
            bound: Bound::Exact,
            best: 3,
        }
    }

    #[test]
    fn stores_and_finds() {
        let t = BoundTable::with_bytes(1 << 12);
        assert!(t.probe(42).is_none());
        t.store(entry(42, 3));
        assert_eq!(t.probe(42).unwrap().score, 7);
        assert_eq!(t.used(), 1);
        assert!(t.bytes() <= 1 << 12);
    }

    #[test]
    fn entries_come_back_as_stored() {
        let t = BoundTable::with_bytes(1 << 12);
        for (key, score, bound) in [
            (5, -1_000_000, Bound::Lower),
            (6, 999_990, Bound::Upper),
            (7, 0, Bound::Exact),
        ] {
            let e = Entry {
                key,
                score,
                depth: PROVEN,
                bound,
                best: NO_MOVE - 1,
            };
            t.store(e);
            let back = t.probe(key).unwrap();
            assert_eq!(
                (back.score, back.depth, back.bound, back.best),
                (score, PROVEN, bound, NO_MOVE - 1)
            );
        }
    }

    /// Stores as a search alone does: growing the table when it wants to.
    fn keep(t: &mut BoundTable, e: Entry) {
        if t.wants_to_grow() {
            t.grow();
        }
        t.store(e);
    }

    #[test]
    fn a_growing_table_keeps_its_entries_and_its_limit() {
        let mut t = BoundTable::growing(1 << 20);
        let start = t.bytes();
        for key in 1..=100_000u64 {
            keep(
                &mut t,
                entry(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), (key % 7) as u8),
            );
        }
        assert!(t.bytes() > start);
        // Old and new tables alive together while it grows stay within the limit.
        assert!(t.bytes() + t.bytes() / 2 <= 1 << 20);
        let found = (1..=100_000u64)
            .filter(|k| t.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_some())
            .count();
        assert_eq!(found, t.used());
        assert!(t.used() > 10_000);
        assert_eq!(t.entries().count(), t.used());
    }

    #[test]
    fn a_shared_table_finds_what_any_thread_stored() {
        let t = BoundTable::shared(1 << 16);
        assert!(t.busy().is_shared());
        std::thread::scope(|scope| {
            for base in [1u64, 1_000_001] {
                let t = &t;
                scope.spawn(move || {
                    for key in base..base + 500 {
                        t.store(entry(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 9));
                    }
                });
            }
        });
        for key in (1u64..501).chain(1_000_001..1_000_501) {
            // A slot may have been taken by another key; what is found is never another's.
            if let Some(e) = t.probe(key.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
                assert_eq!((e.score, e.depth, e.best), (7, 9, 3));
            }
        }
        t.store(entry(77, 2));
        assert_eq!(t.probe(77).unwrap().depth, 2);
        t.clear();
        assert!(t.probe(77).is_none());
        assert_eq!(t.used(), 0);
    }

    #[test]
    fn a_tiny_table_replaces_instead_of_growing() {
        let mut t = BoundTable::with_bytes(1);
        assert_eq!(t.bytes(), 32);
        for key in 1..100 {
            keep(&mut t, entry(key, (key % 5) as u8));
        }
        assert!(t.used() <= 2);
        // The deepest entry is kept in the first slot.
        assert!(t.probe(99).is_some());
    }
}
