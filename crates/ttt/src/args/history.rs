//! `ttt history`'s options.

use clap::Args;

use super::values::{parse_count, parse_game_number};
use super::DbArgs;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt history              the last games of everyone
  ttt history Alice        the last games Alice played
  ttt history --replay 12  game 12, the board after every move
  ttt history --export 12 --format psq > game12.psq   game 12 for other programs")]
pub struct HistoryArgs {
    /// Only the games this player played (on either side).
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
    /// How many games to list.
    #[arg(long, short = 'n', default_value_t = 20, value_name = "N",
          value_parser = parse_count)]
    pub limit: usize,
    /// Replay the game with this number, printing the board after every move.
    #[arg(long, value_name = "GAME", conflicts_with_all = ["name", "limit"],
          value_parser = parse_game_number)]
    pub replay: Option<i64>,
    /// Print JSON instead of text: a list of games, or the replayed game.
    #[arg(long)]
    pub json: bool,
    /// Print the game with this number as a game file (see --format), for other programs.
    #[arg(long, value_name = "GAME", conflicts_with_all = ["name", "replay", "json"],
          value_parser = parse_game_number)]
    pub export: Option<i64>,
    /// The file format of --export: psq (Piskvork, the Gomocup's) or sgf (the default).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<ttt_files::Format>,
    #[command(flatten)]
    pub db: DbArgs,
}
