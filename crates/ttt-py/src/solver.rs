//! `ttt.Solver`: `ttt-ai`'s one way in to the searches, for Python.
//!
//! A search runs on a thread of its own with the interpreter released, and the calling thread
//! wakes a few times a second to let Python handle signals: Ctrl-C (a `KeyboardInterrupt` in
//! a notebook's Stop button too) raises the search's stop flag, so a search started without a
//! time limit on a board too big for it can still be stopped.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use ttt_ai::{Analysis, Limits, Method, StopFlag, Value};

use crate::convert::{py_cell, seconds, value_word, PyCell};
use crate::position::Position;

/// How often a waiting caller looks for a signal: often enough that Ctrl-C feels immediate.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// Solves a position: its value, every move's value, the best moves, or a whole analysis.
/// `time_limit` (seconds, or None for no limit) bounds each call; what is not proven in time
/// is None, never a guess. `threads` searches on that many threads (the answers do not depend
/// on it); `method` is `"auto"`, `"alpha-beta"` or `"proof-number"`; `memory` bounds the
/// transposition tables, in bytes.
#[pyclass(module = "ttt", frozen)]
pub(crate) struct Solver {
    position: Position,
    time_limit: Option<Duration>,
    threads: usize,
    method: Method,
    method_name: String,
    memory: Option<usize>,
}

impl Solver {
    /// The Rust solver for one call, its time counted from now, stopped also by `stop`.
    fn solver(&self, stop: &StopFlag) -> ttt_ai::Solver {
        let mut limits = Limits::none().with_stop(stop.clone());
        if let Some(time) = self.time_limit {
            limits = limits.within(time);
        }
        let solver = ttt_ai::Solver::new(&self.position.inner)
            .limits(limits)
            .threads(self.threads)
            .method(self.method);
        match self.memory {
            Some(bytes) => solver.memory(bytes),
            None => solver,
        }
    }

    /// The value of a finished game for the side that would move next. The Rust searches
    /// expect a game still going and answer nothing sound for one that is over, so a finished
    /// position is answered here, as `Solver::analyze` answers it.
    fn at_end(&self) -> Option<Value> {
        Value::at_end(&self.position.inner)
    }

    /// Runs `question` on the solver on a thread of its own; see the module's documentation.
    fn ask<T: Send>(
        &self,
        py: Python<'_>,
        question: impl FnOnce(ttt_ai::Solver) -> T + Send,
    ) -> PyResult<T> {
        let stop = StopFlag::new();
        let solver = self.solver(&stop);
        std::thread::scope(|scope| {
            let (answer, mut answers) = mpsc::channel();
            scope.spawn(move || {
                // The receiver is gone only after Ctrl-C, when nobody wants the answer.
                let _ = answer.send(question(solver));
            });
            loop {
                let (got, back) = py.detach(move || (answers.recv_timeout(SIGNAL_CHECK), answers));
                answers = back;
                match got {
                    Ok(found) => return Ok(found),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(interrupted) = py.check_signals() {
                            stop.raise();
                            return Err(interrupted);
                        }
                    }
                    // The search panicked: the scope passes the panic on as it ends.
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(PyValueError::new_err("the search failed"))
                    }
                }
            }
        })
    }
}

/// `method`'s name as the `ttt` binary spells it.
fn method(name: &str) -> PyResult<Method> {
    match name {
        "auto" => Ok(Method::Auto),
        "alpha-beta" => Ok(Method::AlphaBeta),
        "proof-number" => Ok(Method::ProofNumber),
        _ => Err(PyValueError::new_err(format!(
            "unknown method {name:?}: choose auto, alpha-beta or proof-number"
        ))),
    }
}

/// An analysis as a dict; see `Solver.analyze`.
fn analysis_dict<'py>(py: Python<'py>, a: &Analysis) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("value", value_word(a.value))?;
    dict.set_item("plies", a.plies)?;
    let best: Option<Vec<PyCell>> = a
        .best_moves
        .as_ref()
        .map(|cells| cells.iter().copied().map(py_cell).collect());
    dict.set_item("best_moves", best)?;
    let moves = PyList::empty(py);
    for m in &a.moves {
        let one = PyDict::new(py);
        one.set_item("cell", py_cell(m.cell))?;
        one.set_item("value", value_word(m.value))?;
        one.set_item("plies", m.verdict.map(|v| v.plies))?;
        moves.append(one)?;
    }
    dict.set_item("moves", moves)?;
    dict.set_item("nodes", a.nodes)?;
    dict.set_item("seconds", a.elapsed.as_secs_f64())?;
    Ok(dict)
}

#[pymethods]
impl Solver {
    /// A solver of `position`.
    #[new]
    #[pyo3(signature = (position, time_limit = None, threads = 1, method = "auto", memory = None))]
    fn new(
        position: PyRef<'_, Position>,
        time_limit: Option<f64>,
        threads: usize,
        method: &str,
        memory: Option<usize>,
    ) -> PyResult<Solver> {
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be 1 or more"));
        }
        Ok(Solver {
            position: *position,
            time_limit: time_limit.map(|t| seconds(t, "time_limit")).transpose()?,
            threads,
            method: self::method(method)?,
            method_name: method.to_string(),
            memory,
        })
    }

    /// The position being solved.
    #[getter]
    fn position(&self) -> Position {
        self.position
    }

    /// The value of the position for the side to move: `"win"`, `"draw"` or `"loss"`, or
    /// None if it was not proven in time.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        if let Some(value) = self.at_end() {
            return Ok(Some(value.as_str()));
        }
        let value = self.ask(py, |s| s.solve().value)?;
        Ok(value_word(value))
    }

    /// The value and how many plies the game lasts with best play (the winner winning as
    /// fast as it can, the loser holding out as long as it can), as `(value, plies)`, or None
    /// if not proven in time. Slower than `solve` on all but small boards.
    fn solve_with_length(&self, py: Python<'_>) -> PyResult<Option<(&'static str, u32)>> {
        if let Some(value) = self.at_end() {
            return Ok(Some((value.as_str(), 0)));
        }
        let verdict = self.ask(py, |s| s.solve_with_length().verdict)?;
        Ok(verdict.map(|v| (v.value.as_str(), v.plies)))
    }

    /// Every legal move's value for the side making it, as a dict from `(row, col)` to
    /// `"win"`, `"draw"`, `"loss"` or None (not proven in time), in row-column order.
    fn move_values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let moves = self.ask(py, |s| s.move_values().moves)?;
        let dict = PyDict::new(py);
        for (cell, value) in moves {
            dict.set_item(py_cell(cell), value_word(value))?;
        }
        Ok(dict)
    }

    /// The moves reaching the best result, in row-column order (the fastest win or slowest
    /// loss where the lengths are proven), or None until every move's value is proven.
    fn best_moves(&self, py: Python<'_>) -> PyResult<Option<Vec<PyCell>>> {
        let best = self.ask(py, |s| s.analyze().best_moves)?;
        Ok(best.map(|cells| cells.into_iter().map(py_cell).collect()))
    }

    /// The position analysed, as a dict: `value` and `plies` (for the side to move),
    /// `best_moves`, `moves` (a dict for each legal move: `cell`, `value` and `plies` for the
    /// player making it), `nodes` (positions searched) and `seconds`. What was not proven in
    /// time is None.
    fn analyze<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let analysis = self.ask(py, |s| s.analyze())?;
        analysis_dict(py, &analysis)
    }

    /// `Solver(Position('X.O/.X./...', k=3), time_limit=None, threads=1, method='auto')`.
    fn __repr__(&self) -> String {
        let time = self
            .time_limit
            .map_or("None".to_string(), |t| format!("{:?}", t.as_secs_f64()));
        format!(
            "Solver(Position('{}', k={}), time_limit={time}, threads={}, method='{}')",
            self.position.inner,
            self.position.inner.dims().k(),
            self.threads,
            self.method_name
        )
    }
}
