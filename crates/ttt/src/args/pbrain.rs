//! `ttt pbrain`'s options.

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::values::{parse_count, parse_seconds};

#[derive(Debug, Args)]
pub struct PbrainArgs {
    /// Think at most this many seconds a move, whatever the manager allows (to play the
    /// engine against itself at other settings).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub most_per_move: Option<Duration>,

    /// Stop each search of the next engine after this many positions (within the time the
    /// manager allows): a match at a fixed node count plays the same whatever else runs on
    /// the machine. Boards the next engine hands to the classic one are played by time.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub nodes: Option<usize>,

    /// The engine that plays: `next` (ttt-engine's, for five in a row; the classic engine
    /// plays other boards), or `classic` (ttt-ai's, on any board).
    #[arg(long, value_name = "NAME", value_enum, default_value_t = EngineName::Next)]
    pub engine: EngineName,
}

/// The engines `ttt pbrain` can play with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    /// ttt-ai's engine, on any board.
    Classic,
    /// ttt-engine's, for five in a row.
    Next,
}
