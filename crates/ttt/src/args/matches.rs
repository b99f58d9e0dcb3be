//! `ttt match`'s options.

use std::time::Duration;

use clap::Args;

use super::values::{parse_count, parse_seconds};

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first engine: a program and its arguments in one string, e.g. "pbrain-figrid" or
    /// "ttt pbrain --most-per-move 0.2". Its wins, losses and Elo are the ones reported.
    pub first: String,
    /// The second engine, the same way.
    pub second: String,
    /// Games to play: each opening twice, with the colours swapped.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = parse_count)]
    pub games: usize,
    /// The board's side (RECTSTART for --rows other than it), 5 to 32.
    #[arg(long, value_name = "N", default_value_t = 15, value_parser = parse_count)]
    pub size: usize,
    /// Rows, when the board is not square (default: --size).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Seconds each move may take (INFO timeout_turn).
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub turn_time: Duration,
    /// Seconds each of the second engine's moves may take, when not --turn-time.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub second_turn_time: Option<Duration>,
    /// Seconds an engine may answer late before it loses the game.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub slack: Duration,
    /// Memory each engine may take, in MB (INFO max_memory; default: no limit).
    #[arg(long, value_name = "MB", value_parser = parse_count)]
    pub memory: Option<usize>,
    /// The first of the 26 openings to play (0 to 25); later games take the next ones.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub first_opening: usize,
    /// Play every game from the empty board, not from the openings (the colours still
    /// alternate).
    #[arg(long)]
    pub from_empty: bool,
    /// Print each game's moves too.
    #[arg(long)]
    pub moves: bool,
}
