//! `ttt.Position`: a position that can arise in play, immutable like the Rust one, so that
//! playing a move gives a new position and the old one stays as it was.
//!
//! Besides the Rust API's names it has the course board API's (`count_blanks`, `is_win_for`,
//! `is_loss_for`, `is_draw`, `text`, `possible_moves`, `board_value`), so that a minimax
//! written the course's way runs on it, and the text forms a notebook shows.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use ttt_core::{Cell, Dims, Outcome, PlayError, Player, Preset, Setup};

use crate::convert::{self, py_cell, IllegalMoveError, PositionError, PyCell};

/// A position of an m,n,k-game that can arise in play: the board, whose turn it is and how
/// the game stands. Read from the notation (rows top to bottom separated by `/`; `X`, `O`,
/// `.` for empty), with `k` in a row to win.
#[pyclass(module = "ttt", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) inner: ttt_core::Position,
}

impl Position {
    /// The cell `(row, col)` on a board, or the error of playing it.
    fn cell(&self, (row, col): PyCell) -> PyResult<Cell> {
        if row < 0 || col < 0 {
            return Err(move_error(
                format!("rows and columns count from 0, so ({row}, {col}) is no cell"),
                Some((row, col)),
            ));
        }
        match (u8::try_from(row), u8::try_from(col)) {
            (Ok(r), Ok(c)) => Ok(Cell::new(r, c)),
            // Beyond any board: the Rust message, for a cell it cannot hold.
            _ => Err(move_error(
                format!("cell ({}, {}) is off the board", row + 1, col + 1),
                Some((row, col)),
            )),
        }
    }

    /// The board drawn with one character a cell, spaced: `X . O`.
    fn grid(&self) -> String {
        let dims = self.inner.dims();
        let mut out = String::new();
        for row in 0..dims.rows() {
            let marks: Vec<String> = (0..dims.cols())
                .map(|col| self.mark(row, col).to_string())
                .collect();
            out += &marks.join(" ");
            out.push('\n');
        }
        out
    }

    fn mark(&self, row: usize, col: usize) -> char {
        let cell = Cell::new(row as u8, col as u8);
        self.inner.get(cell).map_or('.', Player::marker)
    }

    /// The game's state in words: whose turn it is, or how it ended.
    fn status(&self) -> String {
        match self.inner.outcome() {
            Outcome::InProgress => format!("{} to move", self.inner.turn()),
            outcome => outcome.to_string(),
        }
    }
}

/// `message` as an `IllegalMoveError` whose `cell` is `cell`.
fn move_error(message: String, cell: Option<PyCell>) -> PyErr {
    Python::attach(|py| {
        let err = IllegalMoveError::new_err(message);
        match err.value(py).setattr("cell", cell) {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}

/// A Rust error's message as a `PositionError`.
fn position_error(e: impl std::fmt::Display) -> PyErr {
    PositionError::new_err(e.to_string())
}

#[pymethods]
impl Position {
    /// Reads `notation` with `k` in a row to win. Raises `PositionError` (a `ValueError`)
    /// saying what is wrong with a notation that cannot be read or a board that cannot arise
    /// in play.
    #[new]
    #[pyo3(signature = (notation, k = 3))]
    fn new(notation: &str, k: usize) -> PyResult<Position> {
        let setup = Setup::from_notation(notation).map_err(position_error)?;
        let inner = ttt_core::Position::from_setup(&setup, k).map_err(position_error)?;
        Ok(Position { inner })
    }

    /// The empty board of `rows` by `cols`, `k` in a row to win: X to move.
    #[classmethod]
    #[pyo3(signature = (rows = 3, cols = 3, k = 3))]
    fn empty(_cls: &Bound<'_, PyType>, rows: usize, cols: usize, k: usize) -> PyResult<Position> {
        let dims = Dims::new(rows, cols, k).map_err(position_error)?;
        Ok(Position {
            inner: ttt_core::Position::new(dims),
        })
    }

    /// The empty board of a preset: `classic`, `four-by-four`, `five-by-five`,
    /// `six-by-seven` or `gomoku`.
    #[classmethod]
    fn preset(_cls: &Bound<'_, PyType>, name: &str) -> PyResult<Position> {
        let preset: Preset = name
            .parse()
            .map_err(|e: ttt_core::PresetError| PyValueError::new_err(e.to_string()))?;
        Ok(Position {
            inner: ttt_core::Position::new(preset.dims()),
        })
    }

    /// Number of rows.
    #[getter]
    fn rows(&self) -> usize {
        self.inner.dims().rows()
    }

    /// Number of columns.
    #[getter]
    fn cols(&self) -> usize {
        self.inner.dims().cols()
    }

    /// How many in a row win.
    #[getter]
    fn k(&self) -> usize {
        self.inner.dims().k()
    }

    /// The side to move, `"X"` or `"O"` (by the counts: X when they are equal).
    #[getter]
    fn turn(&self) -> String {
        self.inner.turn().to_string()
    }

    /// How the game stands: `"in_progress"`, `"x_wins"`, `"o_wins"` or `"draw"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.inner.outcome().status()
    }

    /// The winner, `"X"` or `"O"`, or None.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.inner.outcome().winner().map(|p| p.to_string())
    }

    /// Whether the game has ended, won or drawn.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Number of marks on the board: the moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// The notation, e.g. `"X.O/.X./..."`.
    #[getter]
    fn notation(&self) -> String {
        self.inner.to_string()
    }

    /// The mark on `(row, col)`: `"X"`, `"O"`, or None for an empty cell or one off the
    /// board.
    fn get(&self, cell: PyCell) -> Option<String> {
        let (Ok(row), Ok(col)) = (u8::try_from(cell.0), u8::try_from(cell.1)) else {
            return None;
        };
        self.inner.get(Cell::new(row, col)).map(|p| p.to_string())
    }

    /// The legal moves, `(row, col)` counted from 0, in row-column order; none once the game
    /// is over.
    fn legal_moves(&self) -> Vec<PyCell> {
        self.inner.legal_moves().map(py_cell).collect()
    }

    /// The position after the side to move plays `cell`, `(row, col)` counted from 0. Raises
    /// `IllegalMoveError` (a `ValueError`) when the game is over or the cell is off the board
    /// or taken.
    fn play(&self, cell: PyCell) -> PyResult<Position> {
        let at = self.cell(cell)?;
        match self.inner.play(at) {
            Ok(inner) => Ok(Position { inner }),
            Err(e @ PlayError::GameOver) => Err(move_error(e.to_string(), None)),
            Err(e) => Err(move_error(e.to_string(), Some(cell))),
        }
    }

    /// The cells of the winning line, in row-column order; empty unless the game is won.
    fn winning_cells(&self) -> Vec<PyCell> {
        self.inner
            .winning_cells()
            .into_iter()
            .map(py_cell)
            .collect()
    }

    /// The course's `countBlanks`: the number of empty cells.
    fn count_blanks(&self) -> usize {
        self.inner.count_blanks()
    }

    /// The course's `checkWin`: whether `player` (`"X"` or `"O"`) has won.
    fn is_win_for(&self, player: &str) -> PyResult<bool> {
        Ok(self.inner.is_win_for(convert::player(player)?))
    }

    /// The course's `checkLose`: whether `player`'s opponent has won.
    fn is_loss_for(&self, player: &str) -> PyResult<bool> {
        Ok(self.inner.is_loss_for(convert::player(player)?))
    }

    /// The course's `checkDraw`: whether the board is full with no line.
    fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }

    /// The course's `boardValue`: 1 if `player` has won, -1 if they have lost, 0 otherwise.
    fn board_value(&self, player: &str) -> PyResult<i8> {
        Ok(self.inner.board_value(convert::player(player)?))
    }

    /// The course's `possibleMoves`: the positions after each legal move of the side to
    /// move, in row-column order. This position is unchanged.
    fn possible_moves(&self) -> Vec<Position> {
        self.inner
            .possible_moves()
            .into_iter()
            .map(|inner| Position { inner })
            .collect()
    }

    /// The course's `toString`: a line a row, `_` for empty, each ending in a newline, e.g.
    /// `"O_X\n_X_\n___\n"`.
    fn text(&self) -> String {
        self.inner.text()
    }

    /// `Position('X.O/.X./...', k=3)`: the call that makes this position.
    fn __repr__(&self) -> String {
        format!("Position('{}', k={})", self.inner, self.k())
    }

    /// The board drawn a row a line, `.` for empty, and its state under it.
    fn __str__(&self) -> String {
        format!("{}{}", self.grid(), self.status())
    }

    /// The board as an HTML table, for notebooks; the cells of a winning line stand out, and
    /// each cell names its `(row, col)` when pointed at.
    fn _repr_html_(&self) -> String {
        let dims = self.inner.dims();
        let line = self.inner.winning_cells();
        let mut html = String::from(
            "<table style=\"border-collapse:collapse;font-family:monospace;font-size:1.3em\">",
        );
        for row in 0..dims.rows() {
            html += "<tr>";
            for col in 0..dims.cols() {
                let cell = Cell::new(row as u8, col as u8);
                // Dark notebook themes draw light text: a highlighted cell sets its own.
                let background = if line.contains(&cell) {
                    "background:#ffe08a;color:#000;"
                } else {
                    ""
                };
                let mark = match self.mark(row, col) {
                    '.' => "&nbsp;".to_string(),
                    m => m.to_string(),
                };
                html += &format!(
                    "<td title=\"({row}, {col})\" style=\"border:1px solid #888;width:1.6em;\
                     height:1.6em;text-align:center;{background}\">{mark}</td>"
                );
            }
            html += "</tr>";
        }
        html += &format!(
            "</table><div style=\"font-family:monospace\">{} ({} x {}, {} in a row)</div>",
            self.status(),
            dims.rows(),
            dims.cols(),
            dims.k()
        );
        html
    }

    /// IPython's pretty printer: the call that makes the position, then the board.
    fn _repr_pretty_(&self, p: &Bound<'_, PyAny>, cycle: bool) -> PyResult<()> {
        let _ = cycle;
        p.call_method1(
            "text",
            (format!("{}\n{}", self.__repr__(), self.__str__()),),
        )?;
        Ok(())
    }

    /// Pickling: made again from the notation and K.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String, usize))> {
        let me = slf.get();
        Ok((slf.get_type(), (me.inner.to_string(), me.k())))
    }
}
