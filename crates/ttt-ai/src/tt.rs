//! The transposition table: results of positions already searched, shared across symmetric
//! positions. [`Table`] belongs to one search and grows as it fills, up to a limit, then
//! replaces entries; [`SharedTable`] is of fixed size and shared by the threads of one solve.
//!
//! Each entry stores a *bound* on the value together with the kind of bound, never a value
//! that was cut off by the search window as if it were exact.

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

#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    /// Node-relative score (wins count plies from this position).
    pub(crate) score: i32,
    /// Remaining search depth the result holds for; `u8::MAX` when it was proven by search to
    /// the end of the game, whatever the depth.
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// Best move, as a cell of the canonical orientation, or `u16::MAX`.
    pub(crate) best: u16,
}

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

/// Two entries per bucket, each a key word and a data word: the first slot kept for the
/// deepest result, the second always replaced. A key of 0 marks an empty slot.
///
/// The buckets are plain words so that a new table is zeroed memory straight from the
/// allocator: the system hands it out page by page as the search touches it, so a large
/// table costs nothing until it is used.
#[derive(Debug)]
pub(crate) struct Table {
    buckets: Vec<[u64; 4]>,
    mask: usize,
    used: usize,
    /// The most buckets the table may grow to.
    max_len: usize,
}

/// Bytes in a bucket.
const BUCKET: usize = std::mem::size_of::<[u64; 4]>();

/// The most buckets that fit in `bytes`, a power of two, at least one.
fn buckets_in(bytes: usize) -> usize {
    let wanted = (bytes / BUCKET).max(1);
    if wanted.is_power_of_two() {
        wanted
    } else {
        wanted.next_power_of_two() / 2
    }
}

impl Table {
    /// A table of about `bytes` bytes (at least one bucket), rounded down to a power of two.
    #[cfg(test)]
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        Table::sized(buckets_in(bytes), buckets_in(bytes))
    }

    /// A table that starts small and doubles as it fills (when half its slots are taken),
    /// up to a size that, counting the old table alive while the new one is filled, stays
    /// within `max_bytes`.
    pub(crate) fn growing(max_bytes: usize) -> Table {
        let max_len = buckets_in(max_bytes / 3 * 2);
        Table::sized(max_len.min(1 << 13), max_len)
    }

    fn sized(len: usize, max_len: usize) -> Table {
        Table {
            buckets: vec![[0; 4]; len],
            mask: len - 1,
            used: 0,
            max_len,
        }
    }

    /// Doubles the table, keeping every entry.
    fn grow(&mut self) {
        let len = self.buckets.len() * 2;
        let old = std::mem::replace(&mut self.buckets, vec![[0; 4]; len]);
        self.mask = len - 1;
        for (i, b) in old.iter().enumerate() {
            // Both entries of bucket i land in bucket i or i + old length, by their keys.
            for slot in [0, 2] {
                if b[slot] != 0 {
                    let nb = &mut self.buckets[b[slot] as usize & self.mask];
                    debug_assert!(b[slot] as usize & (len / 2 - 1) == i);
                    nb[slot] = b[slot];
                    nb[slot + 1] = b[slot + 1];
                }
            }
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        if self.used > 0 {
            self.buckets.fill([0; 4]);
            self.used = 0;
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Entries filled so far.
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// The entry stored for `key`. Keys must not be 0, which marks an empty slot.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.buckets[key as usize & self.mask];
        if b[0] == key {
            Some(Entry::unpack(key, b[1]))
        } else if b[2] == key {
            Some(Entry::unpack(key, b[3]))
        } else {
            None
        }
    }

    pub(crate) fn store(&mut self, entry: Entry) {
        if self.used >= self.buckets.len() / 4 && self.buckets.len() < self.max_len {
            self.grow();
        }
        let b = &mut self.buckets[entry.key as usize & self.mask];
        let first_depth = (b[1] >> 32) as u8;
        let slot = if b[0] != entry.key && entry.depth < first_depth {
            2
        } else {
            0
        };
        if b[slot] == 0 {
            self.used += 1;
        }
        b[slot] = entry.key;
        b[slot + 1] = entry.pack();
    }
}

/// A table of fixed size that several threads read and write at once, without locks.
///
/// Each slot is two words, the data and the key XOR the data. A reader takes an entry only
/// when the two agree with its key, so an entry half written by one thread while another
/// reads it is seen as a miss, never as a wrong result.
#[derive(Debug)]
pub(crate) struct SharedTable {
    words: Box<[std::sync::atomic::AtomicU64]>,
    mask: usize,
    /// Positions some thread is searching now, by key (a small hash table, slots
    /// overwritten freely: a wrong answer only costs time, never a wrong result).
    busy: Vec<std::sync::atomic::AtomicU64>,
}

/// Slots in the table of positions being searched.
const BUSY_SLOTS: usize = 1 << 14;

impl SharedTable {
    /// A table of about `bytes` bytes, rounded down to a power of two buckets.
    pub(crate) fn with_bytes(bytes: usize) -> SharedTable {
        let len = buckets_in(bytes);
        SharedTable {
            // Zeroed by the allocator: the system hands out zero pages as they are first
            // touched, so a large table costs nothing until the search fills it.
            words: bytemuck::allocation::zeroed_slice_box(len * 4),
            mask: len - 1,
            busy: std::iter::repeat_with(|| std::sync::atomic::AtomicU64::new(0))
                .take(BUSY_SLOTS)
                .collect(),
        }
    }

    fn busy_slot(&self, key: u64) -> &std::sync::atomic::AtomicU64 {
        &self.busy[(key >> 20) as usize & (BUSY_SLOTS - 1)]
    }

    /// Says that this thread is searching the position `key`.
    pub(crate) fn enter(&self, key: u64) {
        self.busy_slot(key)
            .store(key, std::sync::atomic::Ordering::Relaxed);
    }

    /// Says that the search of `key` is over.
    pub(crate) fn leave(&self, key: u64) {
        let _ = self.busy_slot(key).compare_exchange(
            key,
            0,
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
        );
    }

    /// Whether some thread is searching the position `key` now (as far as the table knows).
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.busy_slot(key)
            .load(std::sync::atomic::Ordering::Relaxed)
            == key
    }

    pub(crate) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn slot(&self, at: usize) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        let data = self.words[at + 1].load(Relaxed);
        (self.words[at].load(Relaxed) ^ data, data)
    }

    /// The entry stored for `key` (never 0).
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let at = (key as usize & self.mask) * 4;
        [at, at + 2].into_iter().find_map(|slot| {
            let (k, data) = self.slot(slot);
            (k == key).then(|| Entry::unpack(key, data))
        })
    }

    /// Stores `entry` with the replacement rule of [`Table`]; true if the slot was empty.
    pub(crate) fn store(&self, entry: Entry) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let at = (entry.key as usize & self.mask) * 4;
        let (first_key, first_data) = self.slot(at);
        let slot = if first_key != entry.key && entry.depth < (first_data >> 32) as u8 {
            at + 2
        } else {
            at
        };
        let empty = self.words[slot + 1].load(Relaxed) == 0 && self.words[slot].load(Relaxed) == 0;
        let data = entry.pack();
        self.words[slot + 1].store(data, Relaxed);
        self.words[slot].store(entry.key ^ data, Relaxed);
        empty
    }

    /// Forgets every entry (only while no other thread uses the table).
    pub(crate) fn clear(&self) {
        for w in &self.words {
            w.store(0, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

impl Table {
    /// Every entry, for handing a search's results to a [`SharedTable`].
    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.buckets.iter().flat_map(|b| {
            [0, 2]
                .into_iter()
                .filter(move |&slot| b[slot] != 0)
                .map(move |slot| Entry::unpack(b[slot], b[slot + 1]))
        })
    }
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
        let mut t = Table::with_bytes(1 << 12);
        assert!(t.probe(42).is_none());
        t.store(entry(42, 3));
        assert_eq!(t.probe(42).unwrap().score, 7);
        assert_eq!(t.used(), 1);
        assert!(t.bytes() <= 1 << 12);
    }

    #[test]
    fn entries_come_back_as_stored() {
        let mut t = Table::with_bytes(1 << 12);
        for (key, score, bound) in [
            (5, -1_000_000, Bound::Lower),
            (6, 999_990, Bound::Upper),
            (7, 0, Bound::Exact),
        ] {
            let e = Entry {
                key,
                score,
                depth: u8::MAX,
                bound,
                best: u16::MAX - 1,
            };
            t.store(e);
            let back = t.probe(key).unwrap();
            assert_eq!(
                (back.score, back.depth, back.bound, back.best),
                (score, u8::MAX, bound, u16::MAX - 1)
            );
        }
    }

    #[test]
    fn a_growing_table_keeps_its_entries_and_its_limit() {
        let mut t = Table::growing(1 << 20);
        let start = t.bytes();
        for key in 1..=100_000u64 {
            t.store(entry(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                (key % 7) as u8,
            ));
        }
        assert!(t.bytes() > start);
        // Old and new tables alive together while it grows stay within the limit.
        assert!(t.bytes() + t.bytes() / 2 <= 1 << 20);
        let found = (1..=100_000u64)
            .filter(|k| t.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_some())
            .count();
        assert_eq!(found, t.used());
        assert!(t.used() > 10_000);
    }

    #[test]
    fn a_shared_table_finds_what_any_thread_stored() {
        let t = SharedTable::with_bytes(1 << 16);
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
            let e = t.probe(key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            // A slot may have been taken by another key; what is found is never another's.
            if let Some(e) = e {
                assert_eq!((e.score, e.depth, e.best), (7, 9, 3));
            }
        }
        let mut own = Table::growing(1 << 20);
        own.store(entry(77, 2));
        let moved: Vec<Entry> = own.entries().collect();
        assert_eq!(moved.len(), 1);
        assert!(t.store(moved[0]));
        assert_eq!(t.probe(77).unwrap().depth, 2);
        t.clear();
        assert!(t.probe(77).is_none());
    }

    #[test]
    fn a_tiny_table_replaces_instead_of_growing() {
        let mut t = Table::with_bytes(1);
        assert_eq!(t.bytes(), 32);
        for key in 1..100 {
            t.store(entry(key, (key % 5) as u8));
        }
        assert!(t.used() <= 2);
        // The deepest entry is kept in the first slot.
        assert!(t.probe(99).is_some());
    }
}
