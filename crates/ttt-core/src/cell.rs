//! Cells and board dimensions: where a mark can go, and the shape of the game (rows,
//! columns, and K in a row). Kept apart from positions so that a shape can be checked once,
//! when a game is set up, and then trusted everywhere.

use std::fmt;

/// The largest number of rows or columns a board may have.
///
/// ```
/// use ttt_core::{Dims, MAX_SIDE};
/// assert!(Dims::new(MAX_SIDE, MAX_SIDE, 5).is_ok());
/// assert!(Dims::new(MAX_SIDE + 1, 3, 3).is_err());
/// ```
pub const MAX_SIDE: usize = 24;

/// A square of the board, by 0-based row (top to bottom) and column (left to right).
///
/// ```text
///        col 0  col 1  col 2
/// row 0    .      .      .
/// row 1    .      .      X   <- Cell::new(1, 2)
/// row 2    .      .      .
/// ```
///
/// ```
/// use ttt_core::{Cell, Player, Position, Setup};
///
/// let pos = Position::from_setup(&Setup::from_notation(".../..X/...").unwrap(), 3).unwrap();
/// assert_eq!(pos.get(Cell::new(1, 2)), Some(Player::X));
/// // Cells order row by row, as the moves are listed.
/// assert!(Cell::new(0, 2) < Cell::new(1, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// 0-based row, counted from the top.
    pub row: u8,
    /// 0-based column, counted from the left.
    pub col: u8,
}

impl Cell {
    /// The cell at 0-based `row` and `col`.
    ///
    /// ```
    /// use ttt_core::Cell;
    /// let centre = Cell::new(1, 1);
    /// assert_eq!((centre.row, centre.col), (1, 1));
    /// ```
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    /// People count from 1: `Cell::new(0, 2)` shows as `(1, 3)`.
    ///
    /// ```
    /// # use ttt_core::Cell;
    /// assert_eq!(Cell::new(0, 2).to_string(), "(1, 3)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({}, {})",
            u32::from(self.row) + 1,
            u32::from(self.col) + 1
        )
    }
}

/// The shape of a game: `rows` x `cols` cells, `k` in a row to win.
///
/// ```text
/// . . . . . . .
/// . . . . . . .
/// . . . . . . .    6 rows by 7 columns: Dims::new(6, 7, 3)
/// . . . . . . .
/// . . . . . . .
/// . . . . . . .
/// ```
///
/// ```
/// # use ttt_core::Dims;
/// let six_by_seven = Dims::new(6, 7, 3).unwrap();
/// assert_eq!(six_by_seven.cells(), 42);
/// assert!(Dims::new(3, 3, 4).is_err()); // K may not exceed the longest side
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Dims {
    rows: u8,
    cols: u8,
    k: u8,
}

/// Why a board shape was refused. Its `Display` is a sentence a user can act on.
///
/// ```
/// use ttt_core::{Dims, DimsError};
/// let err = Dims::new(3, 3, 4).unwrap_err();
/// assert_eq!(err, DimsError::K { k: 4, max: 3 });
/// assert_eq!(
///     err.to_string(),
///     "K = 4 is out of range: K must be between 1 and 3 (the longest side of the board)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DimsError {
    /// Rows or columns outside `1..=MAX_SIDE`.
    Side {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// K outside `1..=max(rows, cols)`.
    K {
        /// Requested K.
        k: usize,
        /// The largest K this board allows.
        max: usize,
    },
}

impl fmt::Display for DimsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DimsError::Side { rows, cols } => write!(
                f,
                "a board of {} by {} is not supported: rows and columns must each be between 1 and {MAX_SIDE}",
                count(rows, "row"),
                count(cols, "column")
            ),
            DimsError::K { k, max: 1 } => write!(
                f,
                "K = {k} is out of range: on a board with no side longer than 1, K must be 1"
            ),
            DimsError::K { k, max } => write!(
                f,
                "K = {k} is out of range: K must be between 1 and {max} (the longest side of the board)"
            ),
        }
    }
}

impl std::error::Error for DimsError {}

/// `1 row`, `3 rows`: a count and its noun, for messages.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

impl Dims {
    /// Checks and builds the shape of a game.
    ///
    /// ```
    /// use ttt_core::Dims;
    /// let gomoku = Dims::new(15, 15, 5).unwrap();
    /// assert_eq!(gomoku.cells(), 225);
    /// assert!(Dims::new(0, 3, 3).is_err()); // no rows
    /// assert!(Dims::new(3, 3, 0).is_err()); // K must be at least 1
    /// ```
    ///
    /// # Errors
    /// [`DimsError`] when a side is outside `1..=MAX_SIDE` or K outside `1..=max(rows, cols)`.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<Dims, DimsError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(DimsError::Side { rows, cols });
        }
        let max = rows.max(cols);
        if !(1..=max).contains(&k) {
            return Err(DimsError::K { k, max });
        }
        // The ranges above make these conversions lossless.
        Ok(Dims {
            rows: rows as u8,
            cols: cols as u8,
            k: k as u8,
        })
    }

    /// Number of rows.
    ///
    /// ```
    /// # use ttt_core::Dims;
    /// assert_eq!(Dims::new(6, 7, 3).unwrap().rows(), 6);
    /// ```
    #[must_use]
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    ///
    /// ```
    /// # use ttt_core::Dims;
    /// assert_eq!(Dims::new(6, 7, 3).unwrap().cols(), 7);
    /// ```
    #[must_use]
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// How many in a row win.
    ///
    /// ```
    /// # use ttt_core::Dims;
    /// assert_eq!(Dims::new(6, 7, 3).unwrap().k(), 3);
    /// ```
    #[must_use]
    pub const fn k(self) -> usize {
        self.k as usize
    }

    /// Number of cells on the board.
    ///
    /// ```
    /// # use ttt_core::Dims;
    /// assert_eq!(Dims::new(6, 7, 3).unwrap().cells(), 42);
    /// ```
    #[must_use]
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// Whether `cell` lies on the board.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// let d = Dims::new(3, 3, 3).unwrap();
    /// assert!(d.contains(Cell::new(2, 2)));
    /// assert!(!d.contains(Cell::new(3, 0)));
    /// ```
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }

    /// The row-major index of a cell (`row * cols + col`).
    ///
    /// ```text
    /// 0 1 2
    /// 3 4 5     the indices of a 3 x 3 board
    /// 6 7 8
    /// ```
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// assert_eq!(Dims::new(3, 3, 3).unwrap().index(Cell::new(1, 2)), 5);
    /// ```
    #[must_use]
    pub const fn index(self, cell: Cell) -> usize {
        cell.row as usize * self.cols() + cell.col as usize
    }

    /// The cell at a row-major index: the inverse of [`Dims::index`].
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// assert_eq!(Dims::new(3, 3, 3).unwrap().cell(5), Cell::new(1, 2));
    /// ```
    #[must_use]
    pub const fn cell(self, index: usize) -> Cell {
        Cell::new((index / self.cols()) as u8, (index % self.cols()) as u8)
    }

    /// Every cell in row-major order.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// let cells: Vec<Cell> = Dims::new(2, 2, 2).unwrap().all_cells().collect();
    /// assert_eq!(cells, [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)]);
    /// ```
    pub fn all_cells(self) -> impl Iterator<Item = Cell> {
        (0..self.cells()).map(move |i| self.cell(i))
    }

    /// Every line of K cells on the board (across, down and along both diagonals), each
    /// from its first cell in row-major order: the places a line can be completed.
    ///
    /// ```
    /// use ttt_core::Dims;
    /// // Tic-tac-toe: three rows, three columns, two diagonals.
    /// assert_eq!(Dims::new(3, 3, 3).unwrap().windows().count(), 8);
    /// // 4 x 5 with four in a row: 2 per row, 1 per column, 2 + 2 diagonal.
    /// assert_eq!(Dims::new(4, 5, 4).unwrap().windows().count(), 4 * 2 + 5 + 4);
    /// ```
    pub fn windows(self) -> impl Iterator<Item = Vec<Cell>> {
        let k = self.k() as i32;
        self.all_cells().flat_map(move |start| {
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .into_iter()
                .filter_map(move |dir| (0..k).map(|s| self.step(start, dir, s)).collect())
        })
    }

    /// The cell `steps` away from `cell` in direction `(dr, dc)`, if on the board.
    ///
    /// ```text
    /// . . .
    /// . a .    a = (1, 1); one step down-left, (1, -1), is b = (2, 0);
    /// b . .    one step up-left, (-1, -1), is (0, 0); two steps are off the board
    /// ```
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// let d = Dims::new(3, 3, 3).unwrap();
    /// assert_eq!(d.step(Cell::new(1, 1), (1, -1), 1), Some(Cell::new(2, 0)));
    /// assert_eq!(d.step(Cell::new(1, 1), (-1, -1), 2), None);
    /// ```
    #[must_use]
    pub fn step(self, cell: Cell, (dr, dc): (i32, i32), steps: i32) -> Option<Cell> {
        let r = i32::from(cell.row) + dr * steps;
        let c = i32::from(cell.col) + dc * steps;
        (0..i32::from(self.rows))
            .contains(&r)
            .then_some(())
            .filter(|()| (0..i32::from(self.cols)).contains(&c))
            .map(|()| Cell::new(r as u8, c as u8))
    }

    /// The central cells: the one centre on odd sides, the two or four middle cells on even sides,
    /// in row-major order.
    ///
    /// ```text
    /// . . .     . c .
    /// . c .     . c .    3 x 3 and 2 x 3
    /// . . .
    /// ```
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims};
    /// assert_eq!(Dims::new(3, 3, 3).unwrap().centre_cells(), vec![Cell::new(1, 1)]);
    /// assert_eq!(Dims::new(2, 3, 2).unwrap().centre_cells(), vec![Cell::new(0, 1), Cell::new(1, 1)]);
    /// ```
    #[must_use]
    pub fn centre_cells(self) -> Vec<Cell> {
        let middle = |n: u8| -> Vec<u8> {
            if n % 2 == 1 {
                vec![n / 2]
            } else {
                vec![n / 2 - 1, n / 2]
            }
        };
        let cols = middle(self.cols);
        middle(self.rows)
            .into_iter()
            .flat_map(|r| cols.iter().map(move |&c| Cell::new(r, c)))
            .collect()
    }
}

/// The four line directions: right, down, down-right, down-left.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims_are_checked() {
        assert!(Dims::new(1, 1, 1).is_ok());
        assert!(Dims::new(19, 19, 5).is_ok());
        assert!(Dims::new(MAX_SIDE, MAX_SIDE, MAX_SIDE).is_ok());
        assert_eq!(
            Dims::new(0, 3, 1),
            Err(DimsError::Side { rows: 0, cols: 3 })
        );
        assert_eq!(
            Dims::new(3, MAX_SIDE + 1, 3),
            Err(DimsError::Side {
                rows: 3,
                cols: MAX_SIDE + 1
            })
        );
        assert_eq!(Dims::new(3, 3, 0), Err(DimsError::K { k: 0, max: 3 }));
        assert_eq!(Dims::new(2, 5, 6), Err(DimsError::K { k: 6, max: 5 }));
        assert!(Dims::new(2, 5, 5).is_ok());
    }

    #[test]
    fn index_round_trips() {
        let d = Dims::new(6, 7, 3).unwrap();
        for (i, cell) in d.all_cells().enumerate() {
            assert_eq!(d.index(cell), i);
            assert_eq!(d.cell(i), cell);
            assert!(d.contains(cell));
        }
        assert!(!d.contains(Cell::new(6, 0)));
        assert!(!d.contains(Cell::new(0, 7)));
    }

    #[test]
    fn steps_stay_on_board() {
        let d = Dims::new(3, 3, 3).unwrap();
        assert_eq!(d.step(Cell::new(1, 1), (1, -1), 1), Some(Cell::new(2, 0)));
        assert_eq!(d.step(Cell::new(0, 0), (1, -1), 1), None);
        assert_eq!(d.step(Cell::new(0, 0), (0, 1), -1), None);
    }

    #[test]
    fn centres() {
        let d = Dims::new(4, 4, 4).unwrap();
        assert_eq!(
            d.centre_cells(),
            vec![
                Cell::new(1, 1),
                Cell::new(1, 2),
                Cell::new(2, 1),
                Cell::new(2, 2)
            ]
        );
        assert_eq!(
            Dims::new(6, 7, 3).unwrap().centre_cells(),
            vec![Cell::new(2, 3), Cell::new(3, 3)]
        );
    }

    #[test]
    fn cells_display_one_based() {
        assert_eq!(Cell::new(0, 2).to_string(), "(1, 3)");
    }
}
