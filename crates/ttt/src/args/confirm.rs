//! `--yes`: the confirmation an operator's change needs, with the database it changes.

use clap::Args;

use super::DbArgs;

/// `--yes` and `--db`, shared by the operator's changes.
#[derive(Debug, Args, Clone, Default)]
pub struct Confirm {
    /// Do it without asking (needed when standard input is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub db: DbArgs,
}
