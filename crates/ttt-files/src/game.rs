//! A game as a file holds it, and the position its moves lead to, checked by the rules.

use ttt_core::{Cell, Dims, Position, Rule};

/// The largest side a file may give: larger boards are no game of ours.
pub const MAX_SIDE: usize = 32;

/// The largest file read, in bytes.
pub const MAX_BYTES: usize = 1 << 20;

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
    /// The result as SGF's `RE` says it (`B+`, `W+R`, `0`, ...), where known; written to SGF
    /// only, and read from it as it stands (the moves decide the position).
    pub result: Option<String>,
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
            result: None,
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
            let n = self.moves.len();
            return Err(format!(
                "the game has {n} move{}: the ply goes from 0 to {n}",
                if n == 1 { "" } else { "s" }
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
