//! The Gomocup ("pbrain", Piskvork) protocol, both sides of it.
//!
//! Engines for gomoku tournaments talk to a *manager* in lines of text on their standard
//! input and output: the manager says `START 15`, `BEGIN`, `TURN 7,7`, `BOARD` ... `DONE`,
//! `INFO timeout_turn 1000`, `END`; the engine answers `OK`, a move `x,y`, `ERROR reason` or
//! `UNKNOWN reason`, and may add `MESSAGE` and `DEBUG` lines. Coordinates are `x,y` with x
//! the column and y the row, from 0.
//!
//! - [`protocol`]: the lines, parsed into [`protocol::Command`]s and [`protocol::Reply`]s and
//!   written back, without I/O and without panics on any input;
//! - [`engine`]: our engine's side ([`engine::run`]), playing with [`ttt_ai::Strong`], and
//!   answering the analysis boards' `YX` commands (Yixin-Board's: a position set up, the best
//!   few moves, forbidden points, stop);
//! - [`manager`]: the manager's side, a running engine program ([`manager::Brain`]) driven
//!   command by command with time limits;
//! - [`player`]: an outside program as one side of any m,n,k game ([`player::EnginePlayer`]),
//!   each of its failures named ([`player::EngineFailure`]);
//! - [`arena`]: a match of many games between two engines, from a book of openings with the
//!   colours swapped, and its score as an Elo difference with an error bar;
//! - [`book`]: the balanced books, the wide book's openings the engine finds even.

pub mod arena;
pub mod book;
pub mod engine;
pub mod manager;
pub mod player;
pub mod protocol;
pub mod sprt;
pub mod swap2;
