//! `ttt pbrain`'s options.

use std::time::Duration;

use clap::Args;

use super::values::parse_seconds;

#[derive(Debug, Args)]
pub struct PbrainArgs {
    /// Think at most this many seconds a move, whatever the manager allows (to play the
    /// engine against itself at other settings).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub most_per_move: Option<Duration>,
}
