//! `ttt import`'s options.

use std::path::PathBuf;

use clap::Args;

use super::values::{parse_count, rule_parser};
use super::DbArgs;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt import game.sgf                          names and rule from the file
  ttt import 0_1.psq --rule standard --x Ann --o Bo   a Gomocup record

A .psq does not say its rule (free-style unless --rule says) nor name people (its lines
after the moves are programs' names): --x and --o name the players.")]
pub struct ImportArgs {
    /// The game file: .psq (Piskvork, the Gomocup's records) or SGF (GM[4]).
    pub file: PathBuf,
    /// Who played black (X), instead of the file's name.
    #[arg(long, value_name = "NAME")]
    pub x: Option<String>,
    /// Who played white (O), instead of the file's name.
    #[arg(long, value_name = "NAME")]
    pub o: Option<String>,
    /// The rule, where the file does not say it (a .psq never does).
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// How many in a row win, where the file does not say it (5 otherwise).
    #[arg(long, short = 'k', value_parser = parse_count)]
    pub k: Option<usize>,
    /// Record the game even if the history holds it already (the same players, board, rule,
    /// moves and result).
    #[arg(long)]
    pub again: bool,
    #[command(flatten)]
    pub db: DbArgs,
}
