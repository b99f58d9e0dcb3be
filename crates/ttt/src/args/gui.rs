//! `ttt gui`'s options: what the start screen shows first, and the database.

use std::time::Duration;

use clap::Args;
use ttt_core::Preset;

use super::values::{
    opening_parser, parse_clock, parse_count, parse_seconds, parse_seed, preset_parser, rule_parser,
};
use super::DbArgs;

/// `engine:PATH ARGS...`: the command line after `engine:`, read as every seat is. People
/// and levels are chosen on the start screen.
fn parse_engine_seat(text: &str) -> Result<String, String> {
    match text.parse::<ttt_play::Seat>() {
        Ok(ttt_play::Seat::Engine(command)) => Ok(command),
        Err(e @ ttt_play::SeatError::NoProgram { .. }) => Err(e.to_string()),
        Ok(_) | Err(_) => Err(format!(
            "{text:?} is not engine:PATH: ttt gui takes programs here, and people and \
             computer levels on its start screen"
        )),
    }
}

/// Options of `ttt gui`.
#[derive(Debug, Args)]
pub struct GuiArgs {
    /// The rule the start screen shows first: freestyle, standard, renju (five in a row
    /// only) or caro.
    #[arg(long, default_value = "freestyle", value_parser = rule_parser())]
    pub rule: ttt_core::Rule,
    /// The opening the start screen shows first: none, swap or swap2 (between two people).
    #[arg(long, default_value = "none", value_parser = opening_parser())]
    pub opening: ttt_core::Opening,
    /// The board the start screen shows first, instead of --rows/--cols/--k.
    #[arg(long, value_parser = preset_parser(), conflicts_with_all = ["rows", "cols", "k"])]
    pub preset: Option<Preset>,
    /// Rows of the board the start screen shows first (up to 19; 3 unless given, as many as
    /// --cols when only that is given).
    #[arg(long, value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Columns of the board the start screen shows first (up to 19; 3 unless given, as many
    /// as --rows when only that is given).
    #[arg(long, value_parser = parse_count)]
    pub cols: Option<usize>,
    /// How many in a row win.
    #[arg(long, short = 'k', default_value_t = 3, value_parser = parse_count)]
    pub k: usize,
    /// Seconds the perfect computer player may think about each move.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Seed for the computer players' random choices, to play the same games again.
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// An outside program as player 1 (X, moving first): engine:PATH, a program speaking
    /// the Gomocup (pbrain) protocol, its arguments after the path. The start screen offers
    /// it in player 1's difficulty menu, chosen.
    #[arg(long, value_name = "engine:PATH", value_parser = parse_engine_seat)]
    pub x: Option<String>,
    /// An outside program as player 2 (O): engine:PATH.
    #[arg(long, value_name = "engine:PATH", value_parser = parse_engine_seat)]
    pub o: Option<String>,
    /// Seconds an engine:PATH player has for each move; it loses the game if it answers
    /// more than a second later.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub engine_time: Duration,
    /// The clock the start screen shows first: MINUTES+SECONDS (5+3: five minutes, three
    /// seconds more a move), SECONDSs+SECONDS (30s+2), SECONDSs/move, or none.
    #[arg(long, value_name = "CONTROL", default_value = "none", value_parser = parse_clock)]
    pub clock: ttt_core::TimeControl,
    #[command(flatten)]
    pub db: DbArgs,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_programs_are_given_on_the_command_line() {
        assert_eq!(
            parse_engine_seat("engine: ./bot.py  -v"),
            Ok("./bot.py -v".into())
        );
        assert!(parse_engine_seat("human:Ann")
            .unwrap_err()
            .contains("start screen"));
        assert!(parse_engine_seat("engine:")
            .unwrap_err()
            .contains("names no program"));
    }
}
