//! The Python package `ttt`: the rules of `ttt-core` and the players and solver of `ttt-ai`,
//! for Python, from the same code the `ttt` binary runs. Built by maturin as one abi3 wheel
//! (`pip install ./crates/ttt-py`); its tests are Python's (`crates/ttt-py/tests`, pytest),
//! and its typed interface is `ttt.pyi`.
//!
//! Each Python class has its module: `position` (`Position`), `players`
//! (`ComputerPlayer`, `Decision`) and `solver` (`Solver`). This one holds the module itself
//! and the conversions they share: cells, players, values and errors.
//!
//! Cells are `(row, column)` tuples counted from 0, as in the Rust API and ttt's JSON; the
//! messages of errors are the Rust ones, word for word, and like every ttt message meant for
//! people they count rows and columns from 1.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ttt_ai::Value;
use ttt_core::{Cell, Player};

mod players;
mod position;
mod solver;

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

/// The package `ttt`: tic-tac-toe and the m,n,k-games (R rows by C columns, K in a row
/// wins, X moves first), with four computer players and an exact solver.
#[pymodule(name = "ttt")]
mod ttt_module {
    #[pymodule_export]
    use super::players::{ComputerPlayer, Decision};
    #[pymodule_export]
    use super::position::Position;
    #[pymodule_export]
    use super::solver::Solver;
    #[pymodule_export]
    use super::{IllegalMoveError, PositionError};

    use pyo3::prelude::*;
    use pyo3::types::PyTuple;

    /// The module's constants: its version, the levels' names (weakest first) and the
    /// presets' (smallest first), from the crates' own lists.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        let py = m.py();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        let levels = ttt_ai::Level::ALL.map(ttt_ai::Level::name);
        m.add("LEVELS", PyTuple::new(py, levels)?)?;
        let presets = ttt_core::Preset::ALL.map(ttt_core::Preset::name);
        m.add("PRESETS", PyTuple::new(py, presets)?)?;
        Ok(())
    }
}

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
