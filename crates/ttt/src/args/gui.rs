//! `ttt gui`'s options: what the start screen shows first, and the database.

use std::time::Duration;

use clap::Args;
use ttt_core::Preset;

use super::values::{parse_count, parse_seconds, parse_seed, preset_parser};
use super::DbArgs;

/// Options of `ttt gui`.
#[derive(Debug, Args)]
pub struct GuiArgs {
    /// The board the start screen shows first, instead of --rows/--cols/--k.
    #[arg(long, value_parser = preset_parser(), conflicts_with_all = ["rows", "cols", "k"])]
    pub preset: Option<Preset>,
    /// Rows of the board the start screen shows first (up to 19).
    #[arg(long, default_value_t = 3, value_parser = parse_count)]
    pub rows: usize,
    /// Columns of the board the start screen shows first (up to 19).
    #[arg(long, default_value_t = 3, value_parser = parse_count)]
    pub cols: usize,
    /// How many in a row win.
    #[arg(long, short = 'k', default_value_t = 3, value_parser = parse_count)]
    pub k: usize,
    /// Seconds the perfect computer player may think about each move.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Seed for the computer players' random choices, to play the same games again.
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub db: DbArgs,
}
