//! The board a command works on, shared by `analyze`, `move` and `solve`.

use clap::Args;
use ttt_core::{Dims, Position, PositionError};

use super::values::{parse_count, parse_setup, rule_parser};
use crate::error::{board_size_error, user_error};

/// The board a command works on: a position in the notation, or an empty board of a size.
#[derive(Debug, Args, Clone)]
pub struct BoardArgs {
    /// How many in a row win (default 3; 5 under renju, which is played with five).
    #[arg(long, short = 'k', value_parser = parse_count)]
    pub k: Option<usize>,
    /// Rows of the empty board, when no position is given (default: as many as --cols, or 3).
    #[arg(long, value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Columns of the empty board, when no position is given (default: as many as --rows).
    #[arg(long, value_parser = parse_count)]
    pub cols: Option<usize>,
    /// What wins: freestyle (K or more in a row), standard (exactly K), renju (five; X may
    /// not make a double-three, a double-four or an overline) or caro (K or more, not blocked
    /// at both ends).
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
}

impl BoardArgs {
    /// How many in a row win: as given, else 5 under renju and 3 otherwise.
    pub fn k(&self) -> usize {
        self.k.unwrap_or(if self.rule == ttt_core::Rule::Renju {
            5
        } else {
            3
        })
    }

    /// The position to work on: `notation` if given, else the empty `--rows` x `--cols` board.
    pub fn position(&self, notation: Option<&str>) -> anyhow::Result<Position> {
        match notation {
            Some(text) => self.parse_line(text),
            None => {
                let (rows, cols) = square(self.rows, self.cols);
                let dims = Dims::new(rows, cols, self.k()).map_err(board_size_error)?;
                Position::with_rule(dims, self.rule).map_err(user_error)
            }
        }
    }

    /// For a message saying that `pos`'s game is over: a reminder that K was not given and
    /// three was taken, where the board is bigger than three (a gomoku position read with
    /// three in a row is usually over already). Renju's five needs no reminder.
    pub fn k_reminder(&self, pos: &Position) -> String {
        self.reminder(pos.dims().rows(), pos.dims().cols())
    }

    fn reminder(&self, rows: usize, cols: usize) -> String {
        if self.k.is_none() && self.rule != ttt_core::Rule::Renju && self.k() < rows.max(cols) {
            format!("; no --k was given, so {} in a row wins", self.k())
        } else {
            String::new()
        }
    }

    /// A position in the notation (an argument or a line of input), checked against
    /// `--rows`/`--cols`. Stones that no game reaches because of their lines (a line for the
    /// side that did not move last, or for both) get the reminder of
    /// [`BoardArgs::k_reminder`]: a gomoku position read with three in a row often has such.
    pub fn parse_line(&self, text: &str) -> anyhow::Result<Position> {
        let setup = parse_setup(text, self.k(), self.rule, self.rows, self.cols)?;
        Position::from_setup_under(&setup, self.k(), self.rule).map_err(|e| {
            let lines = matches!(
                e,
                PositionError::BothWin
                    | PositionError::WinnerDidNotMoveLast { .. }
                    | PositionError::DisjointLines { .. }
            );
            let reminder = if lines {
                self.reminder(setup.rows(), setup.cols())
            } else {
                String::new()
            };
            user_error(format!("{e}{reminder}"))
        })
    }
}

/// The board's sides from `--rows` and `--cols`: a square board when one side is given, 3 x 3
/// when neither is (every command that takes them).
pub fn square(rows: Option<usize>, cols: Option<usize>) -> (usize, usize) {
    let rows = rows.or(cols).unwrap_or(3);
    (rows, cols.unwrap_or(rows))
}
