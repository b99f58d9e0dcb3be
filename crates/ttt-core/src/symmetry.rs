//! The board's symmetries: 8 on a square board, 4 on a rectangle. Positions related by a
//! symmetry have the same value, which the solver uses to share work.

use crate::{Cell, Dims};

/// A rotation or reflection of the board.
///
/// ```
/// use ttt_core::{Position, Setup, Symmetry};
///
/// // X . .        . . X
/// // . O .   ->   . O .    a quarter turn clockwise
/// // . . .        . . .
/// let pos = Position::from_setup(&Setup::from_notation("X../.O./...").unwrap(), 3).unwrap();
/// assert_eq!(pos.transform(Symmetry::Rotate90).to_string(), "..X/.O./...");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// Quarter turn clockwise (square boards only).
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise (square boards only).
    Rotate270,
    /// Mirror left to right.
    MirrorColumns,
    /// Mirror top to bottom.
    MirrorRows,
    /// Reflect in the main diagonal (square boards only).
    Transpose,
    /// Reflect in the anti-diagonal (square boards only).
    AntiTranspose,
}

const ALL: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Rotate270,
    Symmetry::MirrorColumns,
    Symmetry::MirrorRows,
    Symmetry::Transpose,
    Symmetry::AntiTranspose,
];

const RECTANGLE: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Rotate180,
    Symmetry::MirrorColumns,
    Symmetry::MirrorRows,
];

impl Symmetry {
    /// The symmetries of a board of these dimensions, the identity first.
    ///
    /// ```
    /// # use ttt_core::{Dims, Symmetry};
    /// assert_eq!(Symmetry::of(Dims::new(3, 3, 3).unwrap()).len(), 8);
    /// assert_eq!(Symmetry::of(Dims::new(6, 7, 3).unwrap()).len(), 4);
    /// ```
    #[must_use]
    pub fn of(dims: Dims) -> &'static [Symmetry] {
        if dims.rows() == dims.cols() {
            &ALL
        } else {
            &RECTANGLE
        }
    }

    /// Where `cell` goes. The symmetry must be one of [`Symmetry::of`] for `dims`.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims, Symmetry};
    /// let d = Dims::new(3, 3, 3).unwrap();
    /// assert_eq!(Symmetry::Rotate90.apply(d, Cell::new(0, 0)), Cell::new(0, 2));
    /// ```
    #[must_use]
    pub fn apply(self, dims: Dims, cell: Cell) -> Cell {
        let last_r = dims.rows() as u8 - 1;
        let last_c = dims.cols() as u8 - 1;
        let Cell { row: r, col: c } = cell;
        match self {
            Symmetry::Identity => cell,
            Symmetry::Rotate90 => Cell::new(c, last_r - r),
            Symmetry::Rotate180 => Cell::new(last_r - r, last_c - c),
            Symmetry::Rotate270 => Cell::new(last_c - c, r),
            Symmetry::MirrorColumns => Cell::new(r, last_c - c),
            Symmetry::MirrorRows => Cell::new(last_r - r, c),
            Symmetry::Transpose => Cell::new(c, r),
            Symmetry::AntiTranspose => Cell::new(last_c - c, last_r - r),
        }
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims, Symmetry};
    /// let d = Dims::new(3, 3, 3).unwrap();
    /// let moved = Symmetry::Rotate90.apply(d, Cell::new(0, 1));
    /// assert_eq!(Symmetry::Rotate90.inverse().apply(d, moved), Cell::new(0, 1));
    /// ```
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_a_permutation_undone_by_its_inverse() {
        for (r, c) in [(3, 3), (4, 4), (2, 5), (6, 7)] {
            let d = Dims::new(r, c, 2).unwrap();
            for &s in Symmetry::of(d) {
                let mut seen = std::collections::HashSet::new();
                for cell in d.all_cells() {
                    let image = s.apply(d, cell);
                    assert!(d.contains(image), "{s:?} {cell:?}");
                    assert!(seen.insert(image));
                    assert_eq!(s.inverse().apply(d, image), cell);
                }
            }
        }
    }

    #[test]
    fn symmetries_are_distinct() {
        let d = Dims::new(3, 3, 3).unwrap();
        let images: std::collections::HashSet<_> = Symmetry::of(d)
            .iter()
            .map(|s| (s.apply(d, Cell::new(0, 1)), s.apply(d, Cell::new(0, 0))))
            .collect();
        assert_eq!(images.len(), 8);
    }
}
