//! `ttt match`'s options.

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::values::{match_opening_parser, parse_count, parse_seconds, rule_parser};

/// A probability strictly between 0 and 0.5: an SPRT's error rate.
fn parse_rate(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(p) if p > 0.0 && p < 0.5 => Ok(p),
        _ => Err(format!(
            "{s:?} is not an error rate: give a number between 0 and 0.5, such as 0.05"
        )),
    }
}

/// An Elo difference.
fn parse_elo(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(e) if e.is_finite() && e.abs() <= 2000.0 => Ok(e),
        _ => Err(format!(
            "{s:?} is not an Elo difference: give a number such as 0 or 5"
        )),
    }
}

/// Where a match's openings come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BookChoice {
    /// Renju's 26 three-stone openings, centred.
    Renju,
    /// 1,040 five-stone openings: renju's 26, each with a white and a black stone more in the
    /// centre's 5 x 5 square (for matches of more than 52 games between engines that play
    /// a position the same way each time).
    Wide,
    /// The wide openings the engine finds even under the match's rule (`ttt book`; under
    /// free-style most openings favour black, and a pair of games from one of them, each
    /// engine winning with black, says nothing of which is the stronger).
    Balanced,
}

impl BookChoice {
    /// The arena's book, for a match under `rule`.
    pub fn book(self, rule: ttt_core::Rule) -> ttt_pbrain::arena::Book {
        match self {
            BookChoice::Renju => ttt_pbrain::arena::Book::Renju,
            BookChoice::Wide => ttt_pbrain::arena::Book::Wide,
            BookChoice::Balanced => ttt_pbrain::arena::Book::Balanced(rule),
        }
    }

    /// The name the options and the state file use.
    pub fn name(self) -> &'static str {
        match self {
            BookChoice::Renju => "renju",
            BookChoice::Wide => "wide",
            BookChoice::Balanced => "balanced",
        }
    }
}

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  ttt match pbrain-figrid \"ttt pbrain\" --games 20
  ttt match \"./new/pbrain-ttt\" \"./old/pbrain-ttt\" --rule standard --games 2000 \\
      --book wide --sprt --elo0 0 --elo1 10 --concurrency 2 --state new-vs-old.jsonl

With --sprt the match stops as soon as the sequential probability ratio test is decided
(H1: the first engine is at least --elo1 stronger; H0: at most --elo0), or after --games.
With --state FILE each game is saved as it ends, and the same command run again goes on
from there.")]
pub struct MatchArgs {
    /// The first engine: a program and its arguments in one string, e.g. "pbrain-figrid" or
    /// "ttt pbrain --most-per-move 0.2". Its wins, losses and Elo are the ones reported.
    pub first: String,
    /// The second engine, the same way.
    pub second: String,
    /// Games to play: each opening twice, with the colours swapped (default 10; with
    /// --sprt, 20000 at most, the test deciding when to stop).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub games: Option<usize>,
    /// The board's side (RECTSTART for --rows other than it), 5 to 32.
    #[arg(long, value_name = "N", default_value_t = 15, value_parser = parse_count)]
    pub size: usize,
    /// Rows, when the board is not square (default: --size).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Seconds each move may take (INFO timeout_turn).
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub turn_time: Duration,
    /// Seconds each of the second engine's moves may take, when not --turn-time.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub second_turn_time: Option<Duration>,
    /// Seconds each engine has for a whole game (INFO timeout_match, and time_left before
    /// each move; default: none, only --turn-time). An engine that runs past it, and the
    /// slack, loses the game.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub match_time: Option<Duration>,
    /// Seconds an engine may answer late before it loses the game.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub slack: Duration,
    /// Memory each engine may take, in MB (INFO max_memory; default: no limit).
    #[arg(long, value_name = "MB", value_parser = parse_count)]
    pub memory: Option<usize>,
    /// Threads each engine may search on (INFO thread_num; default: not sent). The two
    /// engines take turns, so one game at a time can give each all the cores.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub threads: Option<usize>,
    /// Which book the openings come from (the balanced books were scored on 15 x 15).
    #[arg(
        long,
        value_enum,
        default_value = "renju",
        conflicts_with = "from_empty"
    )]
    pub book: BookChoice,
    /// The first of the book's openings to play (from 0: 0 to 25 in renju's, 0 to 1039 in
    /// the wide book, fewer in a balanced one); later games take the next ones.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub first_opening: usize,
    /// Play every game from the empty board, not from the openings (the colours still
    /// alternate).
    #[arg(long)]
    pub from_empty: bool,
    /// How each game opens: none (the book's openings, or the empty board with
    /// --from-empty) or swap2, played by the engines over the Gomocup's SWAP2BOARD (the
    /// engine that opens alternates; the colours are what the engines choose).
    #[arg(long, default_value = "none", value_parser = match_opening_parser())]
    pub opening: ttt_core::Opening,
    /// Print each game's moves too.
    #[arg(long)]
    pub moves: bool,
    /// What wins; the referee judges every move by it, and the engines are told (INFO rule).
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// Games played at once, each by its own pair of engine processes (at most the cores,
    /// unless timing does not matter).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count)]
    pub concurrency: usize,
    /// Stop as soon as a sequential probability ratio test of --elo0 against --elo1 is
    /// decided (--games is then the most games played).
    #[arg(long)]
    pub sprt: bool,
    /// The SPRT's H0: the first engine is at most this much stronger.
    #[arg(long, default_value = "0", value_parser = parse_elo, allow_negative_numbers = true)]
    pub elo0: f64,
    /// The SPRT's H1: the first engine is at least this much stronger.
    #[arg(long, default_value = "10", value_parser = parse_elo, allow_negative_numbers = true)]
    pub elo1: f64,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, default_value = "0.05", value_parser = parse_rate)]
    pub alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, default_value = "0.05", value_parser = parse_rate)]
    pub beta: f64,
    /// Save every game here as it ends (JSON lines); if the file holds games of the same
    /// match, they are counted and the match goes on from there.
    #[arg(long, value_name = "FILE")]
    pub state: Option<std::path::PathBuf>,
}

/// The games a match plays when --games is not given: a few to look, or, under --sprt, as
/// many as a test of a small difference takes before its verdict.
const GAMES: usize = 10;
const SPRT_GAMES: usize = 20_000;

impl MatchArgs {
    /// The most games to play: --games, or the default for the kind of match.
    #[must_use]
    pub fn games(&self) -> usize {
        self.games
            .unwrap_or(if self.sprt { SPRT_GAMES } else { GAMES })
    }
}
