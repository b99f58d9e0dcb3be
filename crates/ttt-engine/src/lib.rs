//! A gomoku engine (five in a row on boards of 5 to 32 a side) for positions far too big to
//! solve, built the way the strongest classical engines are:
//!
//! - [`board`](crate::Engine): for every empty cell and each of its four lines, the pattern
//!   a stone there makes (five, open four, four, open three, three, two), kept up to date as
//!   stones come and go, and combined into the cell's threat (double four, four-three,
//!   double three, ...) for each player;
//! - the evaluation: the sum of the empty cells' values to each player;
//! - the search: iterative deepening over a principal-variation search with aspiration
//!   windows, a transposition table within a memory limit, move ordering (table move,
//!   threats, killers, history), late-move reductions, forced replies to fours and open
//!   threes, and a search for wins by continuous fours (VCF) at the leaves;
//! - at the root, threat-space search (VCF, then VCT with every threat of a VCF taken as a
//!   threat, answered by its zone): for a win to play, and after each candidate move for the
//!   opponent's, dropping the moves that allow one;
//! - the rules: free-style, standard (exactly five), caro (not blocked at both ends) and
//!   renju (X's forbidden points, from `ttt-core`, never played).
//!
//! ```
//! use std::time::Duration;
//! use ttt_core::{Cell, Rule};
//! use ttt_engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(15, 15, Rule::Freestyle, 1 << 20)?;
//! // X has four in a row on row 7; O has played elsewhere; X to move wins at once.
//! for (x, o) in [((7, 3), (0, 0)), ((7, 4), (0, 2)), ((7, 5), (0, 4)), ((7, 6), (14, 14))] {
//!     engine.play(Cell::new(x.0, x.1))?;
//!     engine.play(Cell::new(o.0, o.1))?;
//! }
//! let thought = engine.think(Limits::time(Duration::from_millis(100)), &|| false).unwrap();
//! assert!([Cell::new(7, 2), Cell::new(7, 7)].contains(&thought.best));
//! assert_eq!(thought.win_in(), Some(1));
//! # Ok::<(), ttt_engine::EngineError>(())
//! ```

mod board;
mod engine;
mod eval;
mod limits;
mod movepick;
mod pattern;
mod policy;
mod search;
mod selfplay;
mod tables;
mod tt;
mod tune;
mod vcf;
mod vct;

pub use engine::{Engine, EngineError, Thought, K, MAX_THREADS, SIDES, WIN_SCORE};
pub use eval::{Evaluation, Tables, Weights, OWN_THREATS, PCODES, THEIR_THREATS, THREAT_PAIRS};
pub use limits::Limits;
pub use policy::Policy;
pub use selfplay::{Game, SelfPlay};
pub use tables::files as table_files;
pub use tune::{Fit, PolicyFit, Tuner, TOP as POLICY_TOP};
