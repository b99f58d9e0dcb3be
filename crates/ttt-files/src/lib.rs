//! Game files gomoku players exchange, read and written: Piskvork's `.psq`, the Gomocup's
//! record of a game, and SGF (`GM[4]`, gomoku and renju) as gomoku programs write it.
//!
//! A file becomes a [`GameFile`]: the board, how many in a row win, the rule, the players'
//! names, the moves (X, black, first) and the comments. Reading checks every move with the
//! rules ([`GameFile::position`]); a file that cannot be read says which line and why, and
//! gives nothing half-read.
//!
//! ```
//! use ttt_core::{Cell, Rule};
//! use ttt_files::{Format, GameFile};
//!
//! let mut game = GameFile::new(15, 15, 5, Rule::Renju);
//! game.moves = vec![Cell::new(7, 7), Cell::new(7, 8), Cell::new(8, 8)];
//! game.names = [Some("Ann".into()), Some("Bo".into())];
//! let sgf = game.write(Format::Sgf);
//! assert!(sgf.starts_with("(;GM[4]FF[4]SZ[15]RU[renju]"));
//! assert_eq!(GameFile::read(&sgf).unwrap(), game);
//! let psq = game.write(Format::Psq);
//! assert!(psq.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n"));
//! ```

mod error;
mod formats;
mod game;
mod psq;
mod sgf;

pub use error::FileError;
pub use formats::Format;
pub use game::{GameFile, MAX_BYTES, MAX_SIDE};
