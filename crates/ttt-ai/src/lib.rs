//! Computer players for m,n,k-games and the exact solver behind the strongest of them.
//!
//! The players are layered as seed 000 describes them: [`Level::Easy`] plays at random,
//! [`Level::Medium`] takes the centre and blocks, [`Level::Hard`] also takes its own wins, and
//! [`Level::Perfect`] searches the game tree ([`solver`]) and never loses on any board it can
//! solve in its time.
//!
//! ```
//! use std::time::Duration;
//! use ttt_ai::{Level, new_player};
//! use ttt_core::{Dims, Position};
//!
//! let pos = Position::new(Dims::new(3, 3, 3).unwrap());
//! let mut perfect = new_player(Level::Perfect, None, Duration::from_secs(1));
//! let decision = perfect.choose(&pos).unwrap();
//! // Every first move draws; the first in row-major order is the corner.
//! assert_eq!(decision.cell, ttt_core::Cell::new(0, 0));
//! assert!(decision.verdict.is_some()); // the claim is proven
//! ```

mod analysis;
mod board;
mod parallel;
mod players;
mod proof;
mod rng;
pub mod solver;
#[cfg(test)]
mod testing;
mod tt;

pub use analysis::analyze;
pub use parallel::{move_values_by, solve_value, solve_value_by, Method};
pub use players::{new_player, Decision, Easy, Hard, Level, LevelError, Medium, Perfect, Strategy};
pub use rng::Rng;
pub use solver::{Analysis, MoveAnalysis, Solution, Solver, SolverConfig, Value, Verdict};
