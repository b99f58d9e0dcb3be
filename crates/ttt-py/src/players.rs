//! `ttt.ComputerPlayer` and `ttt.Decision`: the four built-in players of `ttt-ai`, and what
//! they answer. A player thinks with the interpreter released, so other Python threads run
//! meanwhile.

use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ttt_ai::{new_player, Level, Strategy};

use crate::convert::{py_cell, seconds, value_word, PyCell};
use crate::position::Position;

/// A computer player of a level: `"easy"` (random), `"medium"` (centre, else block),
/// `"hard"` (centre, else win, else block) or `"perfect"` (searches; never loses a game it
/// can solve in its time). `seed` makes its random choices repeatable; `time_limit` bounds
/// the perfect player's thinking per move, in seconds.
#[pyclass(module = "ttt", frozen)]
pub(crate) struct ComputerPlayer {
    level: Level,
    seed: Option<u64>,
    time_limit: f64,
    // A player keeps its random numbers between moves; Python may call from any thread.
    strategy: Mutex<Box<dyn Strategy>>,
}

/// A move chosen by a computer player: the cell, and what the player proved about it from
/// its own side (`value` `"win"`, `"draw"` or `"loss"`, and `plies` to the end with best
/// play), or None where it claims nothing.
#[pyclass(module = "ttt", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub(crate) struct Decision {
    /// Where to play, `(row, col)` counted from 0.
    cell: PyCell,
    /// The move's proven value for the player making it, or None.
    value: Option<&'static str>,
    /// Plies to the end of the game with best play, when proven, or None.
    plies: Option<u32>,
}

/// A level as Python gives it: a name, or a number from 1 (easy) to 4 (perfect).
#[derive(FromPyObject)]
pub(crate) enum LevelArg {
    Number(i64),
    Name(String),
}

impl LevelArg {
    fn level(&self) -> PyResult<Level> {
        let text = match self {
            LevelArg::Number(n) => n.to_string(),
            LevelArg::Name(name) => name.clone(),
        };
        text.parse()
            .map_err(|e: ttt_ai::LevelError| PyValueError::new_err(e.to_string()))
    }
}

#[pymethods]
impl ComputerPlayer {
    /// A player of `level` (a name of `ttt.LEVELS`, or 1 to 4).
    #[new]
    #[pyo3(signature = (level = LevelArg::Name("perfect".to_string()), seed = None, time_limit = 2.0))]
    fn new(level: LevelArg, seed: Option<u64>, time_limit: f64) -> PyResult<ComputerPlayer> {
        let level = level.level()?;
        let time = seconds(time_limit, "time_limit")?;
        Ok(ComputerPlayer {
            level,
            seed,
            time_limit,
            strategy: Mutex::new(new_player(level, seed, time)),
        })
    }

    /// The player's level: `"easy"`, `"medium"`, `"hard"` or `"perfect"`.
    #[getter]
    fn level(&self) -> &'static str {
        self.level.name()
    }

    /// The seed of its random choices, or None.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// How long the perfect player may think per move, in seconds.
    #[getter]
    fn time_limit(&self) -> f64 {
        self.time_limit
    }

    /// The player's move for the side to move of `position`, or None if the game is over.
    fn choose(&self, py: Python<'_>, position: PyRef<'_, Position>) -> Option<Decision> {
        let pos = position.inner;
        let decision = py.detach(|| {
            // A panic while choosing left no half-made state worth refusing.
            let mut strategy = self.strategy.lock().unwrap_or_else(|e| e.into_inner());
            strategy.choose(&pos)
        })?;
        Some(Decision {
            cell: py_cell(decision.cell),
            value: value_word(decision.value),
            plies: decision.verdict.map(|v| v.plies),
        })
    }

    /// `ComputerPlayer('perfect', seed=None, time_limit=2.0)`.
    fn __repr__(&self) -> String {
        let seed = self.seed.map_or("None".to_string(), |s| s.to_string());
        format!(
            "ComputerPlayer('{}', seed={seed}, time_limit={:?})",
            self.level.name(),
            self.time_limit
        )
    }
}

#[pymethods]
impl Decision {
    /// `Decision(cell=(1, 1), value='draw', plies=8)`.
    fn __repr__(&self) -> String {
        let word = |w: Option<&str>| w.map_or("None".to_string(), |w| format!("'{w}'"));
        let plies = self.plies.map_or("None".to_string(), |p| p.to_string());
        format!(
            "Decision(cell=({}, {}), value={}, plies={plies})",
            self.cell.0,
            self.cell.1,
            word(self.value)
        )
    }
}
