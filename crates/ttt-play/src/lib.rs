//! Who plays, and how they move: the one home of what the console (`ttt play`), the window
//! (`ttt gui`) and the web server (`ttt serve`) share about the sides of a game.
//!
//! - [`Seat`]: who sits at a side, a person, one of our computer levels or an outside
//!   engine, written as `human:NAME`, `computer:LEVEL` or `engine:PATH` and recorded as a
//!   [`Participant`](ttt_store::Participant);
//! - [`Mover`]: what chooses a side's moves, where an outside engine's failure is a typed
//!   error that ends the game as a forfeit;
//! - [`hint`]: the best move for a person, at full strength, and what it leads to in words;
//! - [`takeback`]: how many moves stay when a person takes a move back;
//! - [`timing`]: the players' clocks against this machine's time, in words, and what
//!   running out means;
//! - [`words`]: what a computer claims for its move, in words for people.
//!
//! ```
//! use std::time::Duration;
//! use ttt_core::{Dims, Position};
//! use ttt_play::{Mover, Seat, Thinking};
//!
//! let seat: Seat = "computer:hard".parse().unwrap();
//! let thinking = Thinking { seed: Some(1), time_limit: Duration::from_millis(100) };
//! let mut mover = Mover::new(&seat, thinking, |_| Err("no engine here")).unwrap();
//! let pos = Position::new(Dims::new(3, 3, 3).unwrap());
//! let decision = mover.choose(&pos).unwrap();
//! assert_eq!(pos.get(decision.cell), None);
//! ```

pub mod hint;
pub mod mover;
pub mod seat;
pub mod takeback;
pub mod timing;
pub mod words;

pub use hint::{hint, Hint, Prospect};
pub use mover::{MoveError, Mover, Thinking};
pub use seat::{Seat, SeatError};
