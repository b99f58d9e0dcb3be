//! Computer players for m,n,k-games, and the exact solver behind the strongest of them.
//!
//! - [`Solver`] is the way in to the searches: the value of a position ([`Solver::solve`]),
//!   with the game's length ([`Solver::solve_with_length`]), every move's value
//!   ([`Solver::move_values`]) or a whole [`Analysis`] ([`Solver::analyze`]), within
//!   [`Limits`] of time and memory, on as many threads as you give it.
//! - [`new_player`] makes a computer player of a [`Level`]: [`Level::Easy`] plays at random,
//!   [`Level::Medium`] takes the centre and blocks, [`Level::Hard`] also takes its own wins,
//!   and [`Level::Perfect`] searches, and never loses on any board it can solve in its time;
//!   beyond, with K of 4 or more, it is the [`Strong`] player, the strongest we have.
//! - [`Strong`] plays gomoku and its kin on boards of up to 32 a side: wins by threats
//!   (VCF, VCT) first, proven and shown with their line ([`Solver::threat_win`] finds them
//!   too), then alpha-beta over line patterns.
//! - [`Value`] and [`Verdict`] are what every search answers in.
//!
//! ```
//! use std::time::Duration;
//! use ttt_ai::{new_player, Level, Solver, Value};
//! use ttt_core::{Dims, Position};
//!
//! let pos = Position::new(Dims::new(3, 3, 3).unwrap());
//! assert_eq!(Solver::new(&pos).solve().value, Some(Value::Draw));
//!
//! let mut perfect = new_player(Level::Perfect, None, Duration::from_secs(1));
//! let decision = perfect.choose(&pos).unwrap();
//! // Every first move draws; the first in row-major order is the corner.
//! assert_eq!(decision.cell, ttt_core::Cell::new(0, 0));
//! assert!(decision.verdict.is_some()); // the claim is proven
//! ```
//!
//! Inside, each idea has its own module: [`board`] (the searches' incremental board and its
//! symmetries, and the threat searches' board of big boards), [`certificates`] (pairings and
//! the Erdős–Selfridge criterion), [`search`] (alpha-beta, proof-number search, threat-space
//! search, the strong player's search, their limits and relevance zones), [`eval`] (line
//! patterns), [`tt`] (the transposition tables), [`solve`] (choosing and running the
//! searches), [`analysis`] and [`players`].

mod analysis;
mod board;
mod certificates;
mod eval;
mod players;
mod rng;
mod search;
mod solve;
#[cfg(test)]
mod testing;
mod tt;
mod value;

pub use analysis::{Analysis, MoveAnalysis};
pub use players::{
    new_player, BoardSizeError, Decision, Easy, Hard, Level, LevelError, MarkError, Medium,
    Perfect, Strategy, Strong, StrongMove, ThreatWin,
};
pub use rng::Rng;
pub use search::{Limits, StopFlag};
pub use solve::{default_memory, Method, MoveValues, Solution, SolutionWithLength, Solver, Stats};
pub use value::{Value, Verdict};
