//! The transposition table: results of positions already searched, shared across symmetric
//! positions. Fixed size, chosen up front; entries are replaced, the table never grows.
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

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u16::MAX,
};

/// Two entries per bucket: one kept for the deepest result, one always replaced.
#[derive(Debug)]
pub(crate) struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    used: usize,
}

impl Table {
    /// A table of about `bytes` bytes (at least one bucket), rounded down to a power of two.
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let bucket = std::mem::size_of::<[Entry; 2]>();
        let wanted = (bytes / bucket).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            buckets: vec![[EMPTY; 2]; len],
            mask: len - 1,
            used: 0,
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.buckets.fill([EMPTY; 2]);
        self.used = 0;
    }

    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<[Entry; 2]>()
    }

    /// Entries filled so far.
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// The entry stored for `key`. Keys must not be 0, which marks an empty slot.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[key as usize & self.mask];
        bucket.iter().find(|e| e.key == key).copied()
    }

    pub(crate) fn store(&mut self, entry: Entry) {
        let bucket = &mut self.buckets[entry.key as usize & self.mask];
        let slot = usize::from(bucket[0].key != entry.key && entry.depth < bucket[0].depth);
        if bucket[slot].key == 0 {
            self.used += 1;
        }
        bucket[slot] = entry;
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
    fn a_tiny_table_replaces_instead_of_growing() {
        let mut t = Table::with_bytes(1);
        assert_eq!(t.bytes(), std::mem::size_of::<[Entry; 2]>());
        for key in 1..100 {
            t.store(entry(key, (key % 5) as u8));
        }
        assert!(t.used() <= 2);
        // The deepest entry is kept in the first slot.
        assert!(t.probe(99).is_some());
    }
}
