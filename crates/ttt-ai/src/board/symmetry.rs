//! The board's symmetries: Zobrist hashes of the position under each of them, kept move by
//! move, give a key shared by every position the same up to a turn or a mirror; and the maps
//! that carry cells and zones between a position and its canonical orientation.
//!
//! Also the colour symmetry behind strategy stealing: where swapping X and O gives the same
//! position up to a symmetry of the board, the side to move cannot lose.

use ttt_core::{ByPlayer, Dims, Player, Symmetry};

use super::bits::bit;
use crate::rng::Rng;

/// The hashes of a position under every symmetry of its board, and the maps between cells.
#[derive(Debug, Clone)]
pub(super) struct Keys {
    /// `maps[s][c]`: where symmetry `s` sends cell `c` (symmetry 0 is the identity).
    maps: Vec<Vec<u16>>,
    /// `inverse[s][c]`: the cell symmetry `s` sends to `c`.
    inverse: Vec<Vec<u16>>,
    /// The Zobrist hash of the position under each symmetry.
    hashes: Vec<u64>,
    zobrist: ByPlayer<Vec<u64>>,
}

impl Keys {
    /// The keys of the empty board of `dims`.
    pub(super) fn new(dims: Dims) -> Keys {
        let n = dims.cells();
        let maps: Vec<Vec<u16>> = Symmetry::of(dims)
            .iter()
            .map(|s| {
                dims.all_cells()
                    .map(|c| dims.index(s.apply(dims, c)) as u16)
                    .collect()
            })
            .collect();
        let inverse = maps
            .iter()
            .map(|map| {
                let mut inverse = vec![0u16; n];
                for (c, &image) in map.iter().enumerate() {
                    inverse[usize::from(image)] = c as u16;
                }
                inverse
            })
            .collect();
        // A fixed seed: keys are the same in every run, so searches repeat themselves.
        let mut seed = Rng::seeded(0x5EED_7777_0000_0001);
        let zobrist = ByPlayer {
            x: (0..n).map(|_| seed.next_u64()).collect(),
            o: (0..n).map(|_| seed.next_u64()).collect(),
        };
        Keys {
            hashes: vec![0; maps.len()],
            maps,
            inverse,
            zobrist,
        }
    }

    /// Adds or takes away (the same thing) `player`'s mark at `cell`.
    pub(super) fn toggle(&mut self, player: Player, cell: usize) {
        let zob = self.zobrist.get(player);
        for (h, map) in self.hashes.iter_mut().zip(&self.maps) {
            *h ^= zob[usize::from(map[cell])];
        }
    }
}

impl Keys {
    /// A key shared by all positions equivalent under the board's symmetries, and the index of
    /// the symmetry that maps this position onto the canonical one.
    pub(super) fn canonical(&self) -> (u64, usize) {
        let mut best = (self.hashes[0], 0);
        for (s, &h) in self.hashes.iter().enumerate().skip(1) {
            if h < best.0 {
                best = (h, s);
            }
        }
        best
    }

    /// Where symmetry number `s` sends `cell`.
    pub(super) fn map_cell(&self, s: usize, cell: usize) -> usize {
        usize::from(self.maps[s][cell])
    }

    /// The cell that symmetry number `s` sends to `image`.
    pub(super) fn unmap_cell(&self, s: usize, image: usize) -> usize {
        usize::from(self.inverse[s][image])
    }

    /// The canonical key (see [`Keys::canonical`]) of the position after `player` plays
    /// `cell`, found without playing it.
    pub(super) fn after(&self, player: Player, cell: usize) -> (u64, usize) {
        let zob = self.zobrist.get(player);
        let mut best = (u64::MAX, 0);
        for (s, (&h, map)) in self.hashes.iter().zip(&self.maps).enumerate() {
            let h = h ^ zob[usize::from(map[cell])];
            if s == 0 || h < best.0 {
                best = (h, s);
            }
        }
        best
    }

    /// Whether swapping the colours of every mark of `cells` gives the same marks up to a
    /// symmetry of the board (as on the empty board). Then the side to move cannot lose, by
    /// strategy stealing: were the opponent to have a winning strategy, by the symmetry the
    /// side to move would have one as second player too; it could play any move, then follow
    /// that strategy, and an extra mark never hurts in these games.
    pub(super) fn is_colour_symmetric(&self, cells: &[Option<Player>]) -> bool {
        self.maps.iter().any(|map| {
            cells
                .iter()
                .zip(map)
                .all(|(&c, &image)| cells[usize::from(image)] == c.map(Player::other))
        })
    }

    /// Where symmetry number `s` sends a set of cells (every bit stays every bit: zones of
    /// boards beyond 128 cells are not kept).
    pub(super) fn map_zone(&self, s: usize, zone: u128) -> u128 {
        remap_zone(&self.maps[s], s, zone)
    }

    /// The set of cells that symmetry number `s` sends to `zone`.
    pub(super) fn unmap_zone(&self, s: usize, zone: u128) -> u128 {
        remap_zone(&self.inverse[s], s, zone)
    }
}

/// `zone` moved cell by cell through `map`, the cell map of symmetry number `s` (the
/// identity is number 0).
fn remap_zone(map: &[u16], s: usize, zone: u128) -> u128 {
    if zone == u128::MAX || s == 0 {
        return zone;
    }
    let mut rest = zone;
    let mut out = 0;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= bit(usize::from(map[c]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::board;

    #[test]
    fn symmetric_positions_share_a_key() {
        let a = board("X../.../...", 3);
        let b = board("..X/.../...", 3);
        let c = board(".X./.../...", 3);
        assert_eq!(a.canonical_key().0, b.canonical_key().0);
        assert_ne!(a.canonical_key().0, c.canonical_key().0);
        let (_, s) = b.canonical_key();
        assert_eq!(b.unmap_cell(s, b.map_cell(s, 2)), 2);
    }

    #[test]
    fn colour_symmetric_positions_are_recognised() {
        assert!(board("..../..../..../....", 4).is_colour_symmetric());
        // X and O mirror each other across the middle column.
        assert!(board("X..O/..../..../....", 4).is_colour_symmetric());
        assert!(board("X.../..../..../...O", 4).is_colour_symmetric());
        assert!(!board("XO../..../..../....", 4).is_colour_symmetric());
        assert!(!board("X.../.O../..../....", 4).is_colour_symmetric());
    }
}
