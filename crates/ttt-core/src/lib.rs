//! The rules of m,n,k-games: an R-row by C-column board, X moves first, and the first
//! player to get K of their marks in a row (horizontally, vertically or diagonally) wins.
//! Tic-tac-toe is the 3,3,3-game; gomoku is the 15,15,5-game.
//!
//! This crate is pure: no I/O, no randomness, no global state. Everything else in `ttt`
//! depends on it. The computer players and the solver are in the `ttt-ai` crate, built on
//! this one.
//!
//! # The types
//!
//! | type | what it is |
//! | --- | --- |
//! | [`Dims`] | the shape of a game: rows, columns and K, checked once ([`DimsError`]) |
//! | [`Preset`] | the named shapes: `classic` (3 x 3, 3), `gomoku` (15 x 15, 5), ... |
//! | [`Cell`] | a square, by 0-based row and column |
//! | [`Player`] | `X` or `O`; [`ByPlayer`] holds one value for each, by name |
//! | [`Setup`] | a board as plain data, not yet checked: what the notation parses to ([`NotationError`]) |
//! | [`Position`] | a board that can arise in play, whose turn it is, and how it stands ([`PositionError`], [`PlayError`]) |
//! | [`Outcome`] | in progress, won by a player, or drawn |
//! | [`Opening`] | how two people settle colours: `none`, `swap` or `swap2` ([`OpeningPhase`], [`Choice`]) |
//! | [`Rule`] | what wins: free-style, standard (exactly K), renju (with X's [`Forbidden`] points) or caro |
//! | [`Symmetry`] | a rotation or reflection of the board |
//!
//! Positions, cells, players and shapes are small `Copy` values: "a copy of the board with one
//! more mark" is just [`Position::play`], and the old position stays as it was.
//!
//! # A game from start to end
//!
//! ```
//! use ttt_core::{Cell, Dims, Outcome, Player, Position};
//!
//! let mut pos = Position::new(Dims::new(3, 3, 3)?);
//! for (row, col) in [(1, 1), (0, 1), (0, 0), (1, 0), (2, 2)] {
//!     assert!(!pos.is_over());
//!     pos = pos.play(Cell::new(row, col))?;
//! }
//! // X O .
//! // O X .
//! // . . X
//! assert_eq!(pos.to_string(), "XO./OX./..X");
//! assert_eq!(pos.outcome(), Outcome::Win(Player::X));
//! assert_eq!(pos.winning_cells(), [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)]);
//! // Nothing more may be played.
//! assert_eq!(pos.legal_moves().count(), 0);
//! assert!(pos.play(Cell::new(0, 2)).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reading a position
//!
//! The way to a [`Position`] goes through plain, unvalidated data first: a [`Setup`]
//! (parsed from the [notation](Setup::from_notation) or built by hand) is checked by
//! [`Position::from_setup`], which says exactly what is wrong with an impossible board. The
//! side to move follows from the counts: X when both have as many marks, O when X has one
//! more.
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
//!
//! // Impossible boards are refused with the reason.
//! let err = Setup::from_notation("XX./.../...")
//!     .map_err(|e| e.to_string())
//!     .and_then(|s| Position::from_setup(&s, 3).map_err(|e| e.to_string()))
//!     .unwrap_err();
//! assert_eq!(
//!     err,
//!     "impossible counts: X has 2 marks and O has 0; X moves first, so X must have as many as O or one more"
//! );
//! ```
//!
//! # In a search
//!
//! [`Position::play`] checks the move and returns a new position; a search that makes its
//! own moves from [`Position::legal_moves`] uses [`Position::play_unchecked`] and
//! [`Position::undo`] on one position instead. Counting every game of 2 x 2 with two in a
//! row:
//!
//! ```
//! use ttt_core::{Dims, Position};
//!
//! fn games(pos: &mut Position) -> u64 {
//!     if pos.is_over() {
//!         return 1;
//!     }
//!     let moves: Vec<_> = pos.legal_moves().collect();
//!     let mut n = 0;
//!     for cell in moves {
//!         pos.play_unchecked(cell);
//!         n += games(pos);
//!         pos.undo(cell);
//!     }
//!     n
//! }
//! // X's first move (4 ways), O's reply (3), X's second completes a line (2): 24 games.
//! assert_eq!(games(&mut Position::new(Dims::new(2, 2, 2).unwrap())), 24);
//! ```
//!
//! # The course board API
//!
//! A classic programming-course exercise gives students a tic-tac-toe board with a handful of
//! functions and asks for a minimax player written on top of them. Every one of those
//! functions is here, on any board size, named the Rust way:
//!
//! | the course's function | here | notes |
//! | --- | --- | --- |
//! | `countBlanks()` | [`Position::count_blanks`] | |
//! | `markerForPlayer(player)` | [`Player::marker`] | `'X'` or `'O'` |
//! | `checkWin(player)` | [`Position::is_win_for`] | |
//! | `checkLose(player)` | [`Position::is_loss_for`] | the other player has won |
//! | `checkDraw()` | [`Position::is_draw`] | full board, no line |
//! | `toString()` | [`Position::text`] | `"O_X\n_X_\n___\n"`; `Display` is the notation |
//! | `possibleMoves(player)` | [`Position::possible_moves`] | new positions in row-column order, for the side to move |
//! | `boardValue(board)` | [`Position::board_value`] | `+1`, `-1` or `0` for a player, as an integer |
//! | `chooseMove(board)` | `ttt_ai::Strategy::choose` | the built-in players, in `ttt-ai` |
//!
//! The course's `possibleMoves` takes the player whose mark goes down; a legal position lets
//! only the side to move play, and that is the player the course's minimax passes anyway. A
//! minimax in the course's shape, `max_value` for the player it plays for and `min_value` for
//! the opponent:
//!
//! ```
//! use ttt_core::{Player, Position, Setup};
//!
//! fn max_value(board: &Position, me: Player) -> i8 {
//!     if board.is_over() {
//!         return board.board_value(me);
//!     }
//!     board.possible_moves().iter().map(|next| min_value(next, me)).max().unwrap()
//! }
//!
//! fn min_value(board: &Position, me: Player) -> i8 {
//!     if board.is_over() {
//!         return board.board_value(me);
//!     }
//!     board.possible_moves().iter().map(|next| max_value(next, me)).min().unwrap()
//! }
//!
//! // O _ X
//! // _ X _    O to move, but whatever O does, X wins next: +1 for X, -1 for O
//! // _ O X
//! let board = Position::from_setup(&Setup::from_notation("O_X/_X_/_OX").unwrap(), 3).unwrap();
//! assert_eq!(board.count_blanks(), 4);
//! assert_eq!(board.text(), "O_X\n_X_\n_OX\n");
//! assert_eq!(min_value(&board, Player::X), 1);
//! assert_eq!(max_value(&board, Player::O), -1);
//! ```
//!
//! The example `course_minimax` of `ttt-ai` (`cargo run -p ttt-ai --example course_minimax`)
//! writes the whole player this way and checks it against the built-in perfect player.

mod bitset;
mod cell;
mod clock;
mod opening;
mod outcome;
mod player;
mod position;
mod preset;
mod renju;
mod rule;
mod setup;
mod symmetry;

pub use cell::{Cell, Dims, DimsError, MAX_SIDE};
pub use clock::{can_still_make_line, Clock, Flagged, TimeControl, TimeControlError};
pub use opening::{
    Choice, Opening, OpeningAction, OpeningError, OpeningNameError, OpeningPhase, Order,
};
pub use outcome::Outcome;
pub use player::{ByPlayer, Player};
pub use position::{PlayError, Position, PositionError};
pub use preset::{Preset, PresetError};
pub use rule::{Forbidden, Rule, RuleError};
pub use setup::{NotationError, Setup};
pub use symmetry::Symmetry;
