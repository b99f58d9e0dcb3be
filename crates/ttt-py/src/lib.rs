//! The Python package `ttt`: the rules of `ttt-core` and the players and solver of `ttt-ai`,
//! for Python, from the same code the `ttt` binary runs. Built by maturin as one abi3 wheel
//! (`pip install ./crates/ttt-py`); its tests are Python's (`crates/ttt-py/tests`, pytest),
//! and its typed interface is `ttt.pyi`.
//!
//! Each Python class has its module: `position` (`Position`), `players`
//! (`ComputerPlayer`, `Decision`) and `solver` (`Solver`), and `convert` holds the
//! conversions they share (cells, players, values, seconds and errors). This one holds the
//! module itself.
//!
//! Cells are `(row, column)` tuples counted from 0, as in the Rust API and ttt's JSON; the
//! messages of errors are the Rust ones, word for word, and like every ttt message meant for
//! people they count rows and columns from 1.

use pyo3::prelude::*;

mod convert;
mod players;
mod position;
mod solver;

/// The package `ttt`: tic-tac-toe and the m,n,k-games (R rows by C columns, K in a row
/// wins, X moves first), with four computer players and an exact solver.
#[pymodule(name = "ttt")]
mod ttt_module {
    #[pymodule_export]
    use super::convert::{IllegalMoveError, PositionError};
    #[pymodule_export]
    use super::players::{ComputerPlayer, Decision};
    #[pymodule_export]
    use super::position::Position;
    #[pymodule_export]
    use super::solver::Solver;

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
