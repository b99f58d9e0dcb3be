//! Computer players for m,n,k-games, and the exact solver behind the strongest of them. The
//! rules (positions, moves, outcomes) are `ttt-core`'s; this crate thinks about them.
//!
//! # The types
//!
//! | type | what it is |
//! | --- | --- |
//! | [`Solver`] | the one way in to the searches: build it for a position, then ask it a question |
//! | [`Value`] | win, draw or loss, for the side to move; [`Verdict`] adds how many plies the game lasts |
//! | [`Solution`], [`SolutionWithLength`], [`MoveValues`], [`Analysis`] | the answers to [`Solver::solve`], [`Solver::solve_with_length`], [`Solver::move_values`], [`Solver::analyze`] |
//! | [`Limits`], [`StopFlag`] | when a search must stop: a deadline, a flag raised from another thread |
//! | [`Method`] | which searches prove the value (every one proves the same) |
//! | [`RuleNotProven`] | a rule the solver refuses (renju): its answers are all `None` |
//! | [`Strategy`] | a computer player; [`new_player`] makes one of a [`Level`] |
//! | [`Strong`] | the player of boards too big to solve (K of 4 or more, up to 32 a side): wins by threats (VCF, VCT), proven and shown with their line, else alpha-beta over line patterns; [`Level::Perfect`] plays it where it cannot solve in its time; [`Strong::best_moves`] lists its best few moves (multi-PV), each with its [`Estimate`] and line |
//! | [`Decision`] | a player's move, with what it claims for it |
//! | [`opening_stones`], [`opening_choice`] | the computer's side of swap and swap2: balanced opening stones, and the colour its evaluation ([`opening_balance`]) favours |
//! | [`Rng`] | seedable random numbers, so that a seeded game replays the same everywhere |
//!
//! Every answer is proven or absent: a search that runs out of time says `None`, never a
//! guess.
//!
//! # Solving a position
//!
//! ```
//! use std::time::Duration;
//! use ttt_ai::{Solver, Value, Verdict};
//! use ttt_core::{Cell, Dims, Position, Setup};
//!
//! // Tic-tac-toe is a draw.
//! let empty = Position::new(Dims::new(3, 3, 3).unwrap());
//! assert_eq!(Solver::new(&empty).solve().value, Some(Value::Draw));
//!
//! // X . O
//! // . X .    O to move: only (2, 2) holds the draw, in 6 plies
//! // . . .
//! let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
//! let solver = Solver::new(&pos).time_limit(Duration::from_secs(10)).threads(2);
//! assert_eq!(solver.solve().value, Some(Value::Draw));
//! assert_eq!(
//!     solver.solve_with_length().verdict,
//!     Some(Verdict { value: Value::Draw, plies: 6 })
//! );
//! for (cell, value) in solver.move_values().moves {
//!     println!("{cell}: {}", value.map_or("unknown", Value::as_str));
//! }
//! let analysis = solver.analyze();
//! assert_eq!(analysis.best_moves, Some(vec![Cell::new(2, 2)]));
//! ```
//!
//! [`Solver::solve`] proves the value alone, fastest; [`Solver::solve_with_length`] also
//! proves how long the game lasts (slower: it needs the whole tree); [`Solver::move_values`]
//! proves every legal move's value; [`Solver::analyze`] does all of that within one time
//! limit. The example `solve_position` (`cargo run -p ttt-ai --example solve_position --
//! X.O/.X./...`) prints every move's value of a position given on the command line.
//!
//! # Choosing a computer player
//!
//! | [`Level`] | how it plays |
//! | --- | --- |
//! | [`Level::Easy`] | a random empty cell |
//! | [`Level::Medium`] | the centre if free, else blocks the opponent's immediate win, else random |
//! | [`Level::Hard`] | the centre if free, else its own immediate win, else blocks, else random |
//! | [`Level::Perfect`] | searches with the solver, and never loses on any board it can solve in its time |
//!
//! [`new_player`] takes the level, a seed (`None` for a different game each time) and the
//! time the perfect player may think per move:
//!
//! ```
//! use std::time::Duration;
//! use ttt_ai::{new_player, Level, Value};
//! use ttt_core::{ByPlayer, Cell, Dims, Outcome, Position};
//!
//! let pos = Position::new(Dims::new(3, 3, 3).unwrap());
//! let mut perfect = new_player(Level::Perfect, None, Duration::from_secs(1));
//! let decision = perfect.choose(&pos).unwrap();
//! // Every first move draws; the first in row-major order is the corner.
//! assert_eq!(decision.cell, Cell::new(0, 0));
//! assert_eq!(decision.value, Some(Value::Draw)); // the claim is proven
//!
//! // A whole game: perfect (X) against perfect (O) draws.
//! let mut players = ByPlayer {
//!     x: new_player(Level::Perfect, Some(1), Duration::from_secs(1)),
//!     o: new_player(Level::Perfect, Some(2), Duration::from_secs(1)),
//! };
//! let mut pos = pos;
//! while let Some(d) = players.get_mut(pos.turn()).choose(&pos) {
//!     pos = pos.play(d.cell).unwrap();
//! }
//! assert_eq!(pos.outcome(), Outcome::Draw);
//! ```
//!
//! The example `two_players` (`cargo run -p ttt-ai --example two_players`) plays such a game
//! and prints every move. A player of your own is any type that implements [`Strategy`]; the
//! example `course_minimax` writes one from scratch on `ttt-core`'s board API and checks it
//! against [`Level::Perfect`].
//!
//! # Time, threads and stopping
//!
//! [`Solver::time_limit`] is the simple way to bound a search; [`Limits`] adds a
//! [`StopFlag`] to stop it from another thread (a user pressing Stop) and a progress counter.
//! [`Solver::threads`] sets how many threads search: the answer does not depend on it, only
//! the time does. Searches never print and never spawn threads that outlive them.
//!
//! # Inside
//!
//! Each idea has its own module, layered one way (a module imports only from those below it,
//! and from the module that defines a thing):
//!
//! 1. `value` (the words every search speaks: [`Value`], [`Verdict`], [`MoveAnalysis`]),
//!    `rng`, `board` (the searches' incremental board and its symmetries, the threat
//!    searches' board of big boards, and the windows and weights both count by), `tt` (the
//!    transposition tables), `certificates` (pairings and the Erdős–Selfridge criterion) and
//!    `eval` (line patterns);
//! 2. `search` (alpha-beta, proof-number search, threat-space search, the strong player's
//!    search, their limits, their statistics and relevance zones);
//! 3. `solve` (choosing and running the searches: [`Solver`], whose [`Solver::threat_win`]
//!    asks the threat search);
//! 4. `analysis` ([`Solver::analyze`]) and `players`.
//!
//! Only what is listed above is public.

mod analysis;
mod board;
mod certificates;
mod eval;
mod frontier;
mod lines;
mod players;
mod proof;
mod rng;
mod search;
mod solve;
#[cfg(test)]
mod testing;
mod tt;
mod value;

pub use analysis::Analysis;
pub use frontier::{Frontier, FrontierError, FrontierProgress};
pub use lines::{all_proven, best_lines, merged, proven_lines, Line, LineValue, Proof, WIN_SCORE};
pub use players::{
    new_player, opening_balance, opening_choice, opening_stones, BoardSizeError, Decision, Easy,
    Hard, Level, LevelError, MarkError, Medium, Perfect, Strategy, Strong, StrongMove,
};
pub use proof::{
    write_proof, write_proof_telling, write_proof_with, ProofOptions, ProofRefused, WrittenProof,
    PROOF_POSITIONS, PROOF_RENJU_CELLS,
};
pub use rng::Rng;
pub use search::heuristic::Estimate;
pub use search::limits::{Limits, StopFlag};
pub use search::stats::Stats;
pub use search::threats::ThreatWin;
pub use solve::{
    default_memory, Method, MoveValues, RuleNotProven, Solution, SolutionWithLength, Solver,
};
pub use value::{MoveAnalysis, Value, Verdict};
