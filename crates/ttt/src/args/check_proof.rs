//! `ttt check-proof`'s options.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
#[command(after_help = "\
The proof's format is in docs/PROOFS.md. Exit status: 0 when the proof holds, 1 when it does
not (the first position that does not hold is named), 2 when the file cannot be read or is
not in the format.")]
pub struct CheckProofArgs {
    /// The proof file.
    pub file: PathBuf,
    /// Replay a strategy (`others-lose-as`) after every reply it covers. Without this, under
    /// free-style the strategy is checked once with the defender passing, which gives its
    /// footprint (the cells where one more stone of the defender's could change that check),
    /// and replayed only after the replies inside it (docs/PROOFS.md, "Footprints"): the same
    /// answer, more slowly.
    #[arg(long)]
    pub replay_all: bool,
}
