//! `ttt players`' options.

use clap::Args;

use super::values::parse_count;
use super::DbArgs;

#[derive(Debug, Args)]
pub struct PlayersArgs {
    /// Print a JSON list of objects with rank, name, wins, losses, ties, games and win_rate.
    #[arg(long)]
    pub json: bool,
    /// How many players to list, best first.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 50, value_parser = parse_count)]
    pub limit: usize,
    /// Skip the first N players (with --limit, a page of the leaderboard).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub offset: usize,
    /// Only the players whose name contains TEXT, in any case.
    #[arg(long, value_name = "TEXT")]
    pub search: Option<String>,
    #[command(flatten)]
    pub db: DbArgs,
}
