//! The rules of m,n,k-games: an R-row by C-column board, X moves first, and the first
//! player to get K of their marks in a row (horizontally, vertically or diagonally) wins.
//! Tic-tac-toe is the 3,3,3-game.
//!
//! This crate is pure: no I/O, no randomness, no global state. Everything else in `ttt`
//! depends on it.
//!
//! The way to a [`Position`] goes through plain, unvalidated data first: a [`Setup`]
//! (parsed from the [notation](Setup::from_notation) or built by hand) is checked by
//! [`Position::from_setup`], which says exactly what is wrong with an impossible board.
//!
//! ```
//! use ttt_core::{Cell, Outcome, Player, Position, Setup};
//!
//! // X . O
//! // . X .
//! // . . .
//! let setup = Setup::from_notation("X.O/.X./...").unwrap();
//! let pos = Position::from_setup(&setup, 3).unwrap();
//! assert_eq!(pos.turn(), Player::O);
//!
//! // O blocks nothing; X completes the diagonal.
//! let pos = pos.play(Cell::new(2, 0)).unwrap().play(Cell::new(2, 2)).unwrap();
//! assert_eq!(pos.outcome(), Outcome::Win(Player::X));
//! assert_eq!(pos.to_string(), "X.O/.X./O.X");
//! ```

mod bitset;
mod cell;
mod outcome;
mod player;
mod position;
mod preset;
mod setup;
mod symmetry;

pub use cell::{Cell, Dims, DimsError, MAX_SIDE};
pub use outcome::Outcome;
pub use player::{ByPlayer, Player};
pub use position::{PlayError, Position, PositionError};
pub use preset::{Preset, PresetError};
pub use setup::{NotationError, Setup};
pub use symmetry::Symmetry;
