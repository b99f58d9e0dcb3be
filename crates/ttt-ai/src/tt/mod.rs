//! Transposition tables: what the searches have learned about positions, kept by a key shared
//! by every position the same up to a symmetry of the board, so that no position is searched
//! twice.
//!
//! One design serves both searches. A table is a slice of atomic words, zeroed by the
//! allocator (the system hands out zero pages as they are first touched, so a large table
//! costs nothing until it is filled). Each slot holds its key XOR the words it checks, so that
//! several threads can read and write the table without locks: a slot half written by one
//! thread while another reads it does not match its key and reads as a miss, which costs a
//! search, never a wrong answer. A table used by one search alone grows as it fills, up to its
//! limit; a shared one keeps its size. Each comes with a [`busy::BusySet`] of the positions threads
//! are searching at the moment, so that threads sharing a table split the work.
//!
//! What a slot holds is the search's own: [`bounds`] keeps alpha-beta's bounds on a score,
//! [`numbers`] the proof-number search's proof and disproof numbers.

pub(crate) mod bounds;
mod busy;
pub(crate) mod numbers;

use std::sync::atomic::AtomicU64;

/// The bit that keeps real keys apart from empty slots (key 0).
const KEY_TAG: u64 = 1 << 63;

/// The table key of a position's canonical hash: never 0, which marks an empty slot.
pub(crate) fn key_of(hash: u64) -> u64 {
    hash | KEY_TAG
}

/// `len` slots of four atomic words, all zero, straight from the allocator.
fn zeroed_slots(len: usize) -> Box<[[AtomicU64; 4]]> {
    bytemuck::allocation::zeroed_slice_box(len)
}
