//! `ttt play`'s options (which `ttt` alone takes too), and who sits at each side.

use std::time::Duration;

use clap::Args;
use ttt_core::{Dims, Preset};
pub use ttt_play::Seat;

use super::values::{
    opening_parser, parse_clock, parse_count, parse_seconds, parse_seed, preset_parser, rule_parser,
};
use super::DbArgs;
use crate::error::board_size_error;

#[derive(Debug, Args, Clone)]
#[command(after_help = "\
Examples:
  ttt play                                    ask who plays, then play on 3 x 3
  ttt play --preset six-by-seven              6 rows by 7 columns, three in a row
  ttt play --x human:Alice --o computer:hard  no questions: Alice moves first
  ttt play --x computer:easy --o computer:perfect --seed 7
  ttt play --x human:Alice --o engine:./student.py   a program of yours plays O
  ttt play --preset gomoku --rule renju --x human:Ann --o human:Bo   renju at one screen
  ttt play --preset gomoku --rule standard --opening swap2 --x human:Ann --o human:Bo
  ttt play --x human:Ann --o computer:perfect --clock 5+3   five minutes each, 3 s a move

While playing, type a move as the row and the column (1-based): `2 3` or `2,3`.
Type q at any question to quit.")]
pub struct PlayArgs {
    /// A named board, instead of --rows/--cols/--k.
    #[arg(long, value_parser = preset_parser(), conflicts_with_all = ["rows", "cols", "k"])]
    pub preset: Option<Preset>,
    /// Rows of the board (3 unless given; as many as --cols when only that is given).
    #[arg(long, value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Columns of the board (3 unless given; as many as --rows when only that is given).
    #[arg(long, value_parser = parse_count)]
    pub cols: Option<usize>,
    /// How many in a row win.
    #[arg(long, short = 'k', default_value_t = 3, value_parser = parse_count)]
    pub k: usize,
    /// What wins: freestyle (K or more in a row), standard (exactly K), renju (five; X may
    /// not make a double-three, a double-four or an overline: those points are drawn x) or
    /// caro (K or more, not blocked at both ends by the opponent).
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// How colours are settled: none (X moves first), swap (X's player places three
    /// stones, X, O, X, and the other chooses a colour) or swap2 (the other may instead place
    /// two more, O and X, and let the first choose). Between two people.
    #[arg(long, default_value = "none", value_parser = opening_parser())]
    pub opening: ttt_core::Opening,
    /// Who plays X and moves first: human:NAME, computer:LEVEL with LEVEL easy, medium,
    /// hard or perfect (or 1 to 4), or engine:PATH, a program speaking the Gomocup (pbrain)
    /// protocol (its arguments after the path, split on spaces).
    #[arg(long, value_name = "WHO")]
    pub x: Option<Seat>,
    /// Who plays O: human:NAME, computer:LEVEL or engine:PATH. With both --x and --o, no
    /// questions are asked before the game.
    #[arg(long, value_name = "WHO")]
    pub o: Option<Seat>,
    /// Seed for the computer players' random choices, to play the same game again.
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Seconds the perfect computer player may think about each move.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Seconds an engine:PATH player has for each move (its INFO timeout_turn); it loses
    /// the game if it answers more than a second later.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub engine_time: Duration,
    /// A clock for each player: MINUTES+SECONDS (5+3: five minutes, three seconds more a
    /// move), SECONDSs+SECONDS (30s+2), SECONDSs/move (a fixed time a move), or none.
    /// Running out loses, or draws if the other side can no longer make a line.
    #[arg(long, value_name = "CONTROL", default_value = "none", value_parser = parse_clock)]
    pub clock: ttt_core::TimeControl,
    #[command(flatten)]
    pub db: DbArgs,
}

impl PlayArgs {
    /// What `ttt` with no command plays: `ttt play` with every default.
    #[cfg(test)]
    pub fn defaults() -> PlayArgs {
        use clap::Parser;
        #[derive(Parser)]
        struct Play {
            #[command(flatten)]
            args: PlayArgs,
        }
        Play::parse_from(["play"]).args
    }

    /// The board: the preset's, or `--rows`/`--cols`/`--k`; checked against `--rule`.
    pub fn dims(&self) -> anyhow::Result<Dims> {
        let dims = match self.preset {
            Some(preset) => preset.dims(),
            None => {
                let (rows, cols) = super::square(self.rows, self.cols);
                Dims::new(rows, cols, self.k).map_err(board_size_error)?
            }
        };
        self.rule
            .check_k(dims.k())
            .map_err(crate::error::user_error)?;
        Ok(dims)
    }
}
