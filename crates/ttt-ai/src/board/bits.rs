//! Sets of cells as the bits of a `u128`, on boards of up to 128 cells: relevance zones,
//! pairings and windows' masks. Beyond 128 cells they are not kept: a cell's bit is empty, and
//! a zone is every bit.

/// `cell` as a bit set; empty beyond 128 cells, where zones and the pairing's bit sets are
/// not kept.
pub(crate) fn bit(cell: usize) -> u128 {
    1u128.checked_shl(cell as u32).unwrap_or(0)
}
