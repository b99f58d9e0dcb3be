//! `ttt tune-eval`'s and `ttt selfplay`'s options.

use std::path::PathBuf;

use clap::Args;

use super::values::{parse_count, rule_parser};

#[derive(Debug, Args)]
#[command(after_help = "\
The games are `ttt selfplay` files (the engine against itself from random openings) or `ttt
match --state` files: `scripts/tune-eval.sh` plays them and then runs this command. Every
tenth game is held out, and the error on its positions is printed beside the training error.
Without --out, the tables are printed as the source of the rule's file in
crates/ttt-engine/src/tables/ (freestyle.rs, standard.rs, ...), and the summary goes to
standard error, so that `> freestyle.rs` writes the tables alone.")]
pub struct TuneEvalArgs {
    /// The games: files of `ttt selfplay` or `ttt match --state` (all of one board and
    /// rule).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Steps of gradient descent.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = parse_count)]
    pub steps: usize,
    /// Start from the hand-set values rather than the shipped tables.
    #[arg(long)]
    pub from_hand: bool,
    /// Write the fitted tables here, as the engine's tables file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Fit the move ordering's tables too, to the moves the games chose.
    #[arg(long)]
    pub policy: bool,
    /// Write the fitted ordering here, as the engine's ordering file
    /// (crates/ttt-engine/src/tables/RULE_ordering.rs); implies --policy.
    #[arg(long, value_name = "FILE")]
    pub policy_out: Option<PathBuf>,
    /// How much of each position's label is its game's search score (from 0, the game's
    /// result alone, to 1), where the games give one (`ttt selfplay`'s do).
    #[arg(long, value_name = "FRACTION", default_value_t = 0.0, value_parser = parse_fraction)]
    pub search_labels: f64,
}

/// `--search-labels`: a fraction from 0 to 1.
fn parse_fraction(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|f| (0.0..=1.0).contains(f))
        .ok_or_else(|| format!("{s:?} is not a fraction: give a number from 0 to 1"))
}

#[derive(Debug, Args)]
#[command(after_help = "\
Each game starts from three to six random stones within three rows and columns of the centre
(the same ones for the same --seed and game number), and each move is searched to --nodes
positions, so the games are the same whenever they are played again. The games are saved to
--out as they end, in the format of `ttt match --state`; the same command run again goes on
from the games already there (a larger --games plays more). `ttt tune-eval FILE` fits the
evaluation to them.

Example:
  ttt selfplay --games 20000 --nodes 20000 --out target/tune/selfplay.jsonl")]
pub struct SelfplayArgs {
    /// Games to have in --out when done.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_count)]
    pub games: usize,
    /// Positions each move is searched to.
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = parse_count)]
    pub nodes: usize,
    /// The random openings' seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The board's side, 5 to 32.
    #[arg(long, value_name = "N", default_value_t = 15, value_parser = parse_count)]
    pub size: usize,
    /// Rows, when the board is not square (default: --size).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rows: Option<usize>,
    /// What wins.
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// Games played at once, one a thread (default: every core).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub threads: Option<usize>,
    /// The file the games are saved to.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Each of the wide book's 1,040 five-stone openings is set up on 15 x 15 and searched by the
engine to --nodes positions from fresh tables, white to move; the openings whose score lies
within --margin of even make the rule's balanced book (`ttt match --book balanced`). The
search is limited by positions only, so the same command lists the same openings on any
machine. Without --out, each opening's score is printed.

Example:
  ttt book --rule freestyle --out crates/ttt-pbrain/src/book/freestyle.rs")]
pub struct BookArgs {
    /// What wins.
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// Positions each opening is searched to.
    #[arg(long, value_name = "N", default_value_t = 200_000, value_parser = parse_count)]
    pub nodes: usize,
    /// The largest score (either way, in the engine's units) an opening kept may have.
    #[arg(long, value_name = "SCORE", default_value_t = 100, value_parser = parse_count)]
    pub margin: usize,
    /// Openings scored at once, one a thread (default: every core).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub threads: Option<usize>,
    /// Write the book here, as the rule's book file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}
