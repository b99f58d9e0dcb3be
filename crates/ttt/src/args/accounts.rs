//! `ttt accounts`'s options: the operator's side of the web server's accounts.

use clap::{Args, Subcommand};

use super::values::parse_count;
use super::DbArgs;

#[derive(Debug, Args)]
#[command(after_help = "\
Example:
  ttt accounts claim Alice --db /srv/ttt/ttt.db
prints a one-time code; whoever you give it to signs up as Alice on the web page (Sign up, \
then \"I have a claim code\"), and Alice's games and statistics become their account's.")]
pub struct AccountsArgs {
    #[command(subcommand)]
    pub action: AccountsAction,
}

#[derive(Debug, Subcommand)]
pub enum AccountsAction {
    /// Print a one-time code that lets its holder sign up under NAME, a name with games and
    /// no account, with its history. Names with games stay usable by guests until claimed.
    Claim {
        /// The player's name, in any case.
        name: String,
        /// Days the code works.
        #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = parse_count)]
        days: usize,
        #[command(flatten)]
        db: DbArgs,
    },
}
