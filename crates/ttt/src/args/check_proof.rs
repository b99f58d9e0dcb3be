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
}
