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

mod psq;
mod sgf;

use std::fmt;

use ttt_core::{Cell, Dims, Position, Rule};

/// The largest side a file may give: larger boards are no game of ours.
pub const MAX_SIDE: usize = 32;

/// The largest file read, in bytes.
pub const MAX_BYTES: usize = 1 << 20;

/// The two formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Piskvork's `.psq`.
    Psq,
    /// SGF, `GM[4]`.
    Sgf,
}

impl Format {
    /// Its usual file extension, without the dot.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Psq => "psq",
            Format::Sgf => "sgf",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "psq" => Ok(Format::Psq),
            "sgf" => Ok(Format::Sgf),
            other => Err(format!("{other:?} is not a game file format: psq or sgf")),
        }
    }
}

/// A game as a file holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// How many in a row win.
    pub k: usize,
    /// What wins, and what black may not play.
    pub rule: Rule,
    /// The players' names, X (black) first, where the file gives them.
    pub names: [Option<String>; 2],
    /// The moves, X first, in turn.
    pub moves: Vec<Cell>,
    /// Comments, in the file's order.
    pub comments: Vec<String>,
}

/// Why a file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The line it is on, from 1 (0 when the whole file is at fault).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.why)
        } else {
            write!(f, "line {}: {}", self.line, self.why)
        }
    }
}

impl std::error::Error for FileError {}

pub(crate) fn error(line: usize, why: impl Into<String>) -> FileError {
    FileError {
        line,
        why: why.into(),
    }
}

impl GameFile {
    /// An empty game on a board of `rows` by `cols`, `k` in a row, under `rule`.
    #[must_use]
    pub fn new(rows: usize, cols: usize, k: usize, rule: Rule) -> GameFile {
        GameFile {
            rows,
            cols,
            k,
            rule,
            names: [None, None],
            moves: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// Reads a file in either format (SGF when it starts with `(`), and checks it.
    ///
    /// # Errors
    /// [`FileError`] naming the line and what is wrong.
    pub fn read(text: &str) -> Result<GameFile, FileError> {
        if text.len() > MAX_BYTES {
            return Err(error(
                0,
                format!("the file is over {} KiB: no game is that long", MAX_BYTES >> 10),
            ));
        }
        let game = if text.trim_start().starts_with('(') {
            sgf::read(text)?
        } else {
            psq::read(text)?
        };
        game.position().map_err(|why| error(0, why))?;
        Ok(game)
    }

    /// The file in `format`.
    #[must_use]
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Psq => psq::write(self),
            Format::Sgf => sgf::write(self),
        }
    }

    /// The position the moves lead to, each checked by the rules.
    ///
    /// # Errors
    /// What is wrong: a board that cannot be, a move off it, on a stone, forbidden, or after
    /// the game ended.
    pub fn position(&self) -> Result<Position, String> {
        self.position_after(self.moves.len())
    }

    /// The position after the first `ply` moves.
    ///
    /// # Errors
    /// As [`GameFile::position`], and for a `ply` past the moves.
    pub fn position_after(&self, ply: usize) -> Result<Position, String> {
        if ply > self.moves.len() {
            return Err(format!(
                "the game has {} moves: the ply goes from 0 to {}",
                self.moves.len(),
                self.moves.len()
            ));
        }
        if self.rows > MAX_SIDE || self.cols > MAX_SIDE {
            return Err(format!(
                "a board of {} by {} is larger than {MAX_SIDE} a side",
                self.rows, self.cols
            ));
        }
        let dims = Dims::new(self.rows, self.cols, self.k).map_err(|e| e.to_string())?;
        let mut pos = Position::with_rule(dims, self.rule).map_err(|e| e.to_string())?;
        for (i, &cell) in self.moves[..ply].iter().enumerate() {
            if pos.is_over() {
                return Err(format!("move {} comes after the game has ended", i + 1));
            }
            pos = pos.play(cell).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(pos)
    }
}
