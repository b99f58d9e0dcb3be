//! The transposition table: what the search learnt about a position, found again by its
//! Zobrist hash when the position comes back by another order of moves. One slot per hash
//! bucket, its size a power of two within the memory it is given; a deeper result, or one
//! from this search rather than an older one, takes the slot.
//!
//! The search's threads share one table without locks: a slot is two atomic words, the
//! data and the key XORed with the data, so that a slot torn by two threads writing at once
//! fails the key check and reads as empty rather than as another position's entry.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a move failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One position's entry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) score: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
    /// The best move found, as a framed board index.
    pub(crate) best: Option<u16>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    score: i32,
    depth: i16,
    best: u16,
    /// 0 for an empty slot; else the bound (1..=3) and, above it, the search's generation.
    meta: u8,
}

impl Slot {
    /// The slot as two words: the key, and the rest.
    fn pack(self) -> [u64; 2] {
        let data = u64::from(self.score as u32)
            | u64::from(self.depth as i8 as u8) << 32
            | u64::from(self.best) << 40
            | u64::from(self.meta) << 56;
        [self.key, data]
    }

    fn unpack([key, data]: [u64; 2]) -> Slot {
        Slot {
            key,
            score: data as u32 as i32,
            depth: i16::from((data >> 32) as u8 as i8),
            best: (data >> 40) as u16,
            meta: (data >> 56) as u8,
        }
    }
}

const NO_MOVE: u16 = u16::MAX;

/// The table.
pub(crate) struct Table {
    /// Two words a slot: the key XOR the data, then the data.
    slots: Box<[AtomicU64]>,
    generation: u8,
}

impl Table {
    /// A table within `memory_bytes` (at least a thousand slots), or as much of it as the
    /// system will give: a limit far beyond the machine's memory (a manager's `INFO
    /// max_memory`, say) halves until the allocation succeeds. The memory is taken only as
    /// the search fills the table.
    pub(crate) fn new(memory_bytes: usize) -> Table {
        let wanted = (memory_bytes / std::mem::size_of::<[u64; 2]>()).clamp(1024, 1 << 40);
        let mut size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let slots = loop {
            match bytemuck::allocation::try_zeroed_slice_box(2 * size) {
                Ok(slots) => break slots,
                Err(()) if size > 1024 => size /= 2,
                Err(()) => break bytemuck::allocation::zeroed_slice_box(2 * size),
            }
        };
        Table {
            slots,
            generation: 0,
        }
    }

    /// Marks the entries from now on as the new search's, so that they replace older ones.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    /// The number of slots.
    fn len(&self) -> usize {
        self.slots.len() / 2
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.len() - 1)
    }

    fn load(&self, i: usize) -> Slot {
        let checked = self.slots[2 * i].load(Ordering::Relaxed);
        let data = self.slots[2 * i + 1].load(Ordering::Relaxed);
        Slot::unpack([checked ^ data, data])
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.load(self.slot(key));
        if s.meta == 0 || s.key != key {
            return None;
        }
        let bound = match s.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            score: s.score,
            depth: i32::from(s.depth),
            bound,
            best: (s.best != NO_MOVE).then_some(s.best),
        })
    }

    pub(crate) fn store(&self, key: u64, entry: Entry) {
        let i = self.slot(key);
        let old = self.load(i);
        let old_generation = old.meta >> 2;
        let depth = entry.depth.clamp(-100, 100) as i16;
        if old.meta != 0 && old.key != key && old_generation == self.generation && old.depth > depth
        {
            return;
        }
        let best = match entry.best {
            Some(b) => b,
            // Keep the move an earlier, shallower search of this position found.
            None if old.key == key => old.best,
            None => NO_MOVE,
        };
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let [key, data] = Slot {
            key,
            score: entry.score,
            depth,
            best,
            meta: bound | self.generation << 2,
        }
        .pack();
        self.slots[2 * i].store(key ^ data, Ordering::Relaxed);
        self.slots[2 * i + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1 << 16);
        assert!(t.len().is_power_of_two());
        assert!(t.len() * 16 <= 1 << 16);
        assert!(t.probe(42).is_none());
        t.store(
            42,
            Entry {
                score: 7,
                depth: 3,
                bound: Bound::Lower,
                best: Some(5),
            },
        );
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.best),
            (7, 3, Bound::Lower, Some(5))
        );
        t.store(
            42,
            Entry {
                score: 9,
                depth: 4,
                bound: Bound::Exact,
                best: None,
            },
        );
        let loss = Slot {
            key: 7,
            score: -29_990,
            depth: -3,
            best: NO_MOVE,
            meta: 3,
        };
        let back = Slot::unpack(loss.pack());
        assert_eq!(
            (back.key, back.score, back.depth, back.best, back.meta),
            (7, -29_990, -3, NO_MOVE, 3)
        );
        assert_eq!(t.probe(42).unwrap().best, Some(5));
    }

    #[test]
    fn a_limit_beyond_the_machine_gives_a_table_it_can_hold() {
        let t = Table::new(usize::MAX);
        assert!(t.len().is_power_of_two() && t.len() >= 1024);
        t.store(
            42,
            Entry {
                score: 1,
                depth: 1,
                bound: Bound::Exact,
                best: None,
            },
        );
        assert_eq!(t.probe(42).map(|e| e.score), Some(1));
    }

    #[test]
    fn a_slot_torn_between_two_positions_reads_as_empty() {
        let t = Table::new(1 << 16);
        let entry = |score| Entry {
            score,
            depth: 2,
            bound: Bound::Exact,
            best: Some(1),
        };
        let other = 42 + t.len() as u64;
        t.store(42, entry(7));
        let first = t.slots[2 * t.slot(42)].load(Ordering::Relaxed);
        t.store(other, entry(-7));
        // The first word of one write with the second word of the other.
        t.slots[2 * t.slot(42)].store(first, Ordering::Relaxed);
        assert!(t.probe(42).is_none() && t.probe(other).is_none());
    }
}
