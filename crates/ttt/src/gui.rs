//! `ttt gui`: the desktop window. Its options preselect the start screen; the window itself
//! is the `ttt-gui` crate.

use std::time::Duration;

use clap::Args;
use ttt_core::Dims;

use crate::cli::{parse_count, parse_seconds, parse_seed, user_error};
use crate::database::DbArgs;
use crate::play::Preset;

/// Options of `ttt gui`.
#[derive(Debug, Args)]
pub struct GuiArgs {
    /// The board the start screen shows first, instead of --rows/--cols/--k.
    #[arg(long, value_enum, conflicts_with_all = ["rows", "cols", "k"])]
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

/// Opens the window; returns when it is closed.
pub fn run(args: &GuiArgs) -> anyhow::Result<()> {
    let dims = match args.preset {
        Some(preset) => preset.dims(),
        None => Dims::new(args.rows, args.cols, args.k).map_err(crate::cli::board_size_error)?,
    };
    let mut options = ttt_gui::Options::new(args.db.path()?);
    options.dims = dims;
    options.time_limit = args.time_limit;
    options.seed = args.seed;
    match ttt_gui::run(options) {
        Ok(()) => Ok(()),
        Err(e) if e.is_usage() => Err(user_error(e)),
        Err(e) => Err(e.into()),
    }
}
