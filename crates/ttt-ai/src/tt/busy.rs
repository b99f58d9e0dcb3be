//! The positions threads sharing a table are searching at the moment.
//!
//! A thread about to search a position says so; another thread that reaches the same position
//! puts it off and searches something else first, and by the time it comes back the result
//! is often in the table (ABDADA's rule). The set is a small hash table whose slots are
//! overwritten freely: a wrong answer only costs time, never a wrong result.

use std::sync::atomic::{AtomicU64, Ordering};

/// Keys of positions being searched, one slot per hash.
#[derive(Debug)]
pub(crate) struct BusySet {
    slots: Box<[AtomicU64]>,
}

impl BusySet {
    /// A set of `slots` slots (a power of two), or none for a table only one thread uses.
    pub(crate) fn new(slots: usize) -> BusySet {
        debug_assert!(slots == 0 || slots.is_power_of_two());
        BusySet {
            slots: bytemuck::allocation::zeroed_slice_box(slots),
        }
    }

    /// Whether the set keeps anything: threads share the table.
    pub(crate) fn is_shared(&self) -> bool {
        !self.slots.is_empty()
    }

    fn slot(&self, key: u64) -> Option<&AtomicU64> {
        // The low bits already chose the table's bucket: these are more independent of them.
        let n = self.slots.len();
        (n > 0).then(|| &self.slots[(key >> 20) as usize & (n - 1)])
    }

    /// Says that a thread is searching the position `key`.
    pub(crate) fn enter(&self, key: u64) {
        if let Some(slot) = self.slot(key) {
            slot.store(key, Ordering::Relaxed);
        }
    }

    /// Says that the search of `key` is over.
    pub(crate) fn leave(&self, key: u64) {
        if let Some(slot) = self.slot(key) {
            let _ = slot.compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// Whether some thread is searching the position `key` now (as far as the set knows).
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.slot(key)
            .is_some_and(|slot| slot.load(Ordering::Relaxed) == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entered_keys_are_busy_until_left() {
        let set = BusySet::new(16);
        assert!(set.is_shared());
        set.enter(7 << 20);
        assert!(set.is_busy(7 << 20));
        assert!(!set.is_busy(8 << 20));
        // Another key in the same slot takes it over; leaving the first changes nothing.
        set.enter(23 << 20);
        set.leave(7 << 20);
        assert!(set.is_busy(23 << 20));
        set.leave(23 << 20);
        assert!(!set.is_busy(23 << 20));
        let none = BusySet::new(0);
        none.enter(5);
        assert!(!none.is_shared() && !none.is_busy(5));
    }
}
