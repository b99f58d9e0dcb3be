//! Unvalidated boards and the position notation.
//!
//! The notation lists rows top to bottom separated by `/`; each cell is `X`, `O`, or `.` for
//! empty (`_` and `-` also read as empty, `x` and `o` as the marks). `X.O/.X./...` is
//!
//! ```text
//! X . O
//! . X .
//! . . .
//! ```

use std::fmt;

use crate::{Cell, Player, MAX_SIDE};

/// A board as plain data, not yet checked against the rules: what parsers, JSON and the database
/// produce. [`Position::from_setup`](crate::Position::from_setup) turns it into a playable
/// position.
///
/// Its notation lists the rows top to bottom separated by `/`; each cell is `X`, `O`, or `.`
/// for empty (`_` and `-` also read as empty, `x` and `o` as the marks):
///
/// ```text
/// X.O/.X./...    is    X . O
///                      . X .
///                      . . .
/// ```
///
/// A setup may be impossible in play; only [`Position::from_setup`](crate::Position::from_setup)
/// says so.
///
/// ```
/// use ttt_core::{Cell, Player, Position, Setup};
///
/// let mut setup = Setup::empty(3, 3);
/// setup.set(Cell::new(0, 0), Some(Player::O));
/// assert_eq!(setup.to_string(), "O../.../...");
/// // O cannot have moved first.
/// assert!(Position::from_setup(&setup, 3).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Player>>,
}

/// Why a notation string could not be read. Its `Display` says where, and what is wrong.
///
/// ```
/// use ttt_core::{NotationError, Setup};
///
/// let err = Setup::from_notation("X.O/.Z.").unwrap_err();
/// assert_eq!(err, NotationError::BadChar { ch: 'Z', row: 2, col: 2 });
/// assert_eq!(
///     err.to_string(),
///     "bad character 'Z' at row 2, column 2: cells are X, O or . (also _ or - for empty)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing but whitespace.
    Empty,
    /// A row whose length differs from the first row's.
    RaggedRows {
        /// 1-based row number.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A character that is not a mark or an empty cell.
    BadChar {
        /// The character.
        ch: char,
        /// 1-based row number.
        row: usize,
        /// 1-based column number.
        col: usize,
    },
    /// More rows or columns than any board may have.
    TooBig {
        /// Number of rows read.
        rows: usize,
        /// Length of the longest row read.
        cols: usize,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotationError::Empty => write!(
                f,
                "the position is empty: write rows of X, O and . separated by /, e.g. X.O/.X./..."
            ),
            NotationError::RaggedRows { row, expected, found } => write!(
                f,
                "ragged rows: row {row} has {} but row 1 has {}",
                crate::cell::count(found, "cell"),
                crate::cell::count(expected, "cell")
            ),
            NotationError::BadChar { ch, row, col } => write!(
                f,
                "bad character {ch:?} at row {row}, column {col}: cells are X, O or . (also _ or - for empty)"
            ),
            NotationError::TooBig { rows, cols } => write!(
                f,
                "a board of {} by {} is not supported: rows and columns must each be between 1 and {MAX_SIDE}",
                crate::cell::count(rows, "row"),
                crate::cell::count(cols, "column")
            ),
        }
    }
}

impl std::error::Error for NotationError {}

impl Setup {
    /// An empty board. `rows` and `cols` are checked later, with K, by `Position::from_setup`.
    ///
    /// ```
    /// # use ttt_core::Setup;
    /// assert_eq!(Setup::empty(2, 3).to_string(), ".../...");
    /// ```
    #[must_use]
    pub fn empty(rows: usize, cols: usize) -> Setup {
        Setup {
            rows,
            cols,
            cells: vec![None; rows * cols],
        }
    }

    /// Reads the notation (see [`Setup`]). Surrounding whitespace is ignored.
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Setup};
    /// let s = Setup::from_notation("x_o/-X-").unwrap();
    /// assert_eq!((s.rows(), s.cols()), (2, 3));
    /// assert_eq!(s.get(Cell::new(1, 1)), Some(Player::X));
    /// assert_eq!(s.to_string(), "X.O/.X.");
    /// assert!(Setup::from_notation("X.O/.X").is_err());
    /// ```
    ///
    /// # Errors
    /// [`NotationError`] naming the first problem found.
    pub fn from_notation(text: &str) -> Result<Setup, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        let rows: Vec<&str> = text.split('/').collect();
        let widths: Vec<usize> = rows.iter().map(|r| r.chars().count()).collect();
        let cols = widths[0];
        let widest = widths.iter().copied().max().unwrap_or(0);
        if rows.len() > MAX_SIDE || widest > MAX_SIDE {
            return Err(NotationError::TooBig {
                rows: rows.len(),
                cols: widest,
            });
        }
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if widths[r] != cols {
                return Err(NotationError::RaggedRows {
                    row: r + 1,
                    expected: cols,
                    found: widths[r],
                });
            }
            for (c, ch) in row.chars().enumerate() {
                let cell = match ch {
                    '.' | '_' | '-' => None,
                    _ => Some(Player::from_marker(ch).ok_or(NotationError::BadChar {
                        ch,
                        row: r + 1,
                        col: c + 1,
                    })?),
                };
                cells.push(cell);
            }
        }
        if cols == 0 {
            return Err(NotationError::Empty);
        }
        Ok(Setup {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    /// Number of rows.
    ///
    /// ```
    /// # use ttt_core::Setup;
    /// assert_eq!(Setup::from_notation("X../.O.").unwrap().rows(), 2);
    /// ```
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// # use ttt_core::Setup;
    /// assert_eq!(Setup::from_notation("X../.O.").unwrap().cols(), 3);
    /// ```
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The mark on a cell; `None` for empty or off-board cells.
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Setup};
    /// // X . .
    /// // . O .
    /// let s = Setup::from_notation("X../.O.").unwrap();
    /// assert_eq!(s.get(Cell::new(1, 1)), Some(Player::O));
    /// assert_eq!(s.get(Cell::new(0, 1)), None);
    /// ```
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        let (r, c) = (usize::from(cell.row), usize::from(cell.col));
        if r < self.rows && c < self.cols {
            self.cells[r * self.cols + c]
        } else {
            None
        }
    }

    /// Puts a mark on (or, with `None`, clears) a cell. Off-board cells are ignored.
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Setup};
    /// let mut s = Setup::from_notation("X../.O.").unwrap();
    /// s.set(Cell::new(1, 1), None);
    /// s.set(Cell::new(0, 2), Some(Player::O));
    /// assert_eq!(s.to_string(), "X.O/...");
    /// ```
    pub fn set(&mut self, cell: Cell, mark: Option<Player>) {
        let (r, c) = (usize::from(cell.row), usize::from(cell.col));
        if r < self.rows && c < self.cols {
            self.cells[r * self.cols + c] = mark;
        }
    }

    /// The cells in row-major order.
    ///
    /// ```
    /// # use ttt_core::{Player, Setup};
    /// let s = Setup::from_notation("X./.O").unwrap();
    /// assert_eq!(s.cells(), [Some(Player::X), None, None, Some(Player::O)]);
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[Option<Player>] {
        &self.cells
    }
}

impl fmt::Display for Setup {
    /// Writes the notation with `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols {
                let ch = self.cells[r * self.cols + c].map_or('.', Player::marker);
                write!(f, "{ch}")?;
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Setup {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Setup, NotationError> {
        Setup::from_notation(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_all_spellings_of_empty_and_marks() {
        let s = Setup::from_notation("  x-O/_.X ").unwrap();
        assert_eq!(s.to_string(), "X.O/..X");
        assert_eq!(s.get(Cell::new(0, 0)), Some(Player::X));
        assert_eq!(s.get(Cell::new(1, 1)), None);
        assert_eq!(s.get(Cell::new(9, 9)), None);
    }

    #[test]
    fn names_each_problem() {
        assert_eq!(Setup::from_notation(" "), Err(NotationError::Empty));
        assert_eq!(Setup::from_notation("/"), Err(NotationError::Empty));
        assert_eq!(
            Setup::from_notation("XO./X"),
            Err(NotationError::RaggedRows {
                row: 2,
                expected: 3,
                found: 1
            })
        );
        assert_eq!(
            Setup::from_notation("X.O/.Z."),
            Err(NotationError::BadChar {
                ch: 'Z',
                row: 2,
                col: 2
            })
        );
        let long = ".".repeat(MAX_SIDE + 1);
        assert!(matches!(
            Setup::from_notation(&long),
            Err(NotationError::TooBig { .. })
        ));
        let msg = Setup::from_notation("X.O/.X").unwrap_err().to_string();
        assert!(msg.contains("ragged"), "{msg}");
    }

    #[test]
    fn set_and_empty() {
        let mut s = Setup::empty(2, 2);
        s.set(Cell::new(1, 0), Some(Player::O));
        s.set(Cell::new(5, 5), Some(Player::O));
        assert_eq!(s.to_string(), "../O.");
    }
}
