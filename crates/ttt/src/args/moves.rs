//! `ttt move`'s options.

use std::time::Duration;

use clap::Args;
use ttt_ai::Level;

use super::values::{parse_seconds, parse_seed};
use super::BoardArgs;

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The position: rows top to bottom separated by `/`, cells X, O or `.`, e.g. X.O/.X./...
    pub position: Option<String>,
    #[command(flatten)]
    pub board: BoardArgs,
    /// easy, medium, hard or perfect (or 1 to 4).
    #[arg(long, short = 'l', default_value = "perfect")]
    pub level: Level,
    /// Seed for the player's random choices, for reproducible games.
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Seconds the perfect player may think.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Print `{"row": r, "col": c}` (0-based) instead of text; the perfect player adds
    /// `value` when its move is proven, and `plies` when the game's length is too.
    #[arg(long, conflicts_with = "jsonl")]
    pub json: bool,
    /// Read positions from standard input, one a line, and write one JSON object a line
    /// (the move, and the position it answers).
    #[arg(long, conflicts_with = "position")]
    pub jsonl: bool,
}
