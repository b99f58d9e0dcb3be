//! `ttt players`' options.

use clap::Args;

use super::DbArgs;

#[derive(Debug, Args)]
pub struct PlayersArgs {
    /// Print a JSON list of objects with name, wins, losses, ties, games and win_rate.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub db: DbArgs,
}
