//! `ttt players`' options: the list, and the operator's changes to a player.

use clap::{Args, Subcommand};

use super::values::parse_count;
use super::{Confirm, DbArgs};

#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "\
Examples:
  ttt players --search ann                  the players whose name contains \"ann\"
  ttt players rename Alice Alicia --yes     games, statistics, account and ratings follow
  ttt players merge alice2 Alice --yes      alice2's games and counts added to Alice's
  ttt players delete Mallory --yes          their side of their games shows as (removed player)

Every change asks for confirmation at a terminal (--yes answers it, and is needed in \
scripts) and is recorded in the audit: ttt db audit."
)]
pub struct PlayersArgs {
    #[command(subcommand)]
    pub action: Option<PlayersAction>,
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

/// What the operator changes about a player.
#[derive(Debug, Subcommand)]
pub enum PlayersAction {
    /// Rename a player everywhere: their games (on both sides), statistics, account,
    /// sessions, claim code and ratings. NEW must be nobody's name and look like no other
    /// player's; the old name is free again afterwards.
    Rename {
        /// The player's name, in any case.
        old: String,
        /// The new name.
        new: String,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Merge one player into another: FROM's wins, losses and ties are added to INTO's,
    /// FROM's games become INTO's, and FROM is removed. INTO keeps its ratings (FROM's count
    /// only on boards INTO has none on).
    Merge {
        /// The player that goes.
        from: String,
        /// The player that stays.
        into: String,
        /// Merge FROM even if it has an account (deleted by the merge, its sessions ended).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Delete a player with their statistics, ratings and account (whose name is then held
    /// for 30 days, as a deleted account's). Their finished games stay for their opponents,
    /// their side shown as "(removed player)".
    Delete {
        /// The player's name, in any case.
        name: String,
        #[command(flatten)]
        confirm: Confirm,
    },
}
