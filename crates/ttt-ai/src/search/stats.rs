//! What a search did to reach its answer: the one account every search gives (positions,
//! time, threads, table), so that the solver adds them up and every caller reads them alike.

use std::time::Duration;

/// What a search did to reach its answer.
///
/// ```
/// use ttt_ai::Solver;
/// use ttt_core::{Dims, Position};
///
/// let stats = Solver::new(&Position::new(Dims::new(3, 3, 3).unwrap())).solve().stats;
/// assert!(stats.nodes > 0);
/// assert_eq!(stats.threads, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Threads that searched.
    pub threads: usize,
    /// Bytes of transposition table allocated.
    pub table_bytes: usize,
    /// Entries of the table in use at the end.
    pub table_used: usize,
}
