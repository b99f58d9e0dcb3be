//! `ttt tune-eval`'s options.

use std::path::PathBuf;

use clap::Args;

use super::values::parse_count;

#[derive(Debug, Args)]
#[command(after_help = "\
The games are `ttt match --state` files: `scripts/tune-eval.sh` plays them (the engine against
itself from the wide book) and then runs this command. Every tenth game is held out, and the
error on its positions is printed beside the training error. Without --out, the weights are
printed as the source of crates/ttt-engine/src/weights.rs.")]
pub struct TuneEvalArgs {
    /// The games: state files of `ttt match` (all of one board and rule).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Steps of gradient descent.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = parse_count)]
    pub steps: usize,
    /// Write the fitted weights here, as the engine's weights file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}
