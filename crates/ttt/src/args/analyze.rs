//! `ttt analyze`'s options.

use std::time::Duration;

use clap::Args;

use super::values::{parse_lines, parse_seconds, parse_threads};
use super::BoardArgs;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The position: rows top to bottom separated by `/`, cells X, O or `.`, e.g. X.O/.X./...
    pub position: Option<String>,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print one JSON object instead of a report.
    #[arg(long, conflicts_with = "jsonl")]
    pub json: bool,
    /// Read positions from standard input, one a line, and write one JSON object a line.
    #[arg(long, conflicts_with = "position")]
    pub jsonl: bool,
    /// Seconds the search may take (per position); 0 reports only the facts of the rules.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Threads to use, at most 256 (default: all the machine's cores).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Analyse a position of a game file (.psq or SGF) instead: after its last move, or
    /// after --ply moves. A .psq does not say its rule: --rule does (free-style otherwise).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["position", "jsonl"])]
    pub file: Option<std::path::PathBuf>,
    /// Also the engine's best N moves (1 to 20), each with its score, its chance, the line
    /// it expects and whether a threat search proves it; where the solver proves the
    /// position, its values are the lines. Takes half the time limit (all under renju, which
    /// the solver does not prove).
    #[arg(long, value_name = "N", value_parser = parse_lines)]
    pub lines: Option<usize>,
    /// With --file, the position after this many moves (default: all of them).
    #[arg(long, value_name = "N", requires = "file")]
    pub ply: Option<usize>,
}
