//! The conversions every Python class of the package shares, between Python's values and
//! the crates': cells as `(row, column)` tuples, players by their marks, values as words,
//! seconds as durations, and the package's two exceptions.

use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ttt_ai::Value;
use ttt_core::{Cell, Player};

create_exception!(
    ttt,
    PositionError,
    PyValueError,
    "A position that cannot be read or cannot arise in play: unreadable notation, a board size \
     or K out of range, or an impossible board. The message says which."
);

create_exception!(
    ttt,
    IllegalMoveError,
    PyValueError,
    "A move that may not be played: the game is over, or the cell is off the board or taken. \
     `cell` holds the cell asked for (counted from 0), or None when the game was over."
);

/// A cell as Python sees it: `(row, column)`, counted from 0.
pub(crate) type PyCell = (i64, i64);

/// `cell` for Python.
pub(crate) fn py_cell(cell: Cell) -> PyCell {
    (i64::from(cell.row), i64::from(cell.col))
}

/// A player from its mark, `"X"` or `"O"` (either case).
pub(crate) fn player(mark: &str) -> PyResult<Player> {
    let mut chars = mark.chars();
    match (chars.next().and_then(Player::from_marker), chars.next()) {
        (Some(player), None) => Ok(player),
        _ => Err(PyValueError::new_err(format!(
            "a player is 'X' or 'O', not {mark:?}"
        ))),
    }
}

/// A value's word, `"win"`, `"draw"` or `"loss"`; `None` where nothing was proven.
pub(crate) fn value_word(value: Option<Value>) -> Option<&'static str> {
    value.map(Value::as_str)
}

/// Seconds as a duration, or a `ValueError` naming `what` for a negative or unreadable number.
pub(crate) fn seconds(value: f64, what: &str) -> PyResult<Duration> {
    Duration::try_from_secs_f64(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{what} must be a number of seconds, 0 or more, not {value}"
        ))
    })
}
