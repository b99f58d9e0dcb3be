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
    /// Replay a strategy (`others-lose-as`) after every reply it covers, even those outside
    /// its footprint, which are otherwise covered by one check with the defender passing
    /// (docs/PROOFS.md, "Strategies replayed"): the same answer, more slowly.
    #[arg(long)]
    pub replay_all: bool,
}
