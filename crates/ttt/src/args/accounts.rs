//! `ttt accounts`'s options: the operator's side of the web server's accounts.

use clap::{Args, Subcommand};

use super::values::parse_count;
use super::{Confirm, DbArgs};

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt accounts claim Alice --db /srv/ttt/ttt.db
prints a one-time code; whoever you give it to signs up as Alice on the web page (Sign up, \
then \"I have a claim code\"), and Alice's games and statistics become their account's.
  ttt accounts disable Mallory --yes        no more signing in; the name stays Mallory's
  ttt accounts reset-password Alice --yes   prints a new password, once

Every change but a claim asks for confirmation at a terminal (--yes answers it, and is \
needed in scripts) and is recorded in the audit: ttt db audit.")]
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
    /// Disable an account: its sessions end and sign-in is refused ("this account is
    /// disabled: ask the server's operator"); its name stays its own, and its games and
    /// ratings stay.
    Disable {
        /// The account's name, in any case.
        name: String,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Enable a disabled account again.
    Enable {
        /// The account's name, in any case.
        name: String,
        #[command(flatten)]
        confirm: Confirm,
    },
    /// Give an account a new random password, printed once on standard output, and end all
    /// its sessions.
    ResetPassword {
        /// The account's name, in any case.
        name: String,
        #[command(flatten)]
        confirm: Confirm,
    },
}
