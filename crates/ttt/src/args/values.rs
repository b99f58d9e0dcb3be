//! How option values are read: counts, seconds, seeds, thread counts, positions. Each parser
//! says in words what was wrong with a value it refuses.

use std::time::Duration;

use ttt_core::{Setup, TimeControl};

use crate::error::user_error;
use crate::output::words::plural;

/// A whole number of at least 1, for sizes and counts.
pub fn parse_count(s: &str) -> Result<usize, String> {
    match s.trim().parse::<i128>() {
        Ok(n) if n < 1 => Err(format!(
            "{n} is too small: give a whole number of at least 1"
        )),
        Ok(n) => usize::try_from(n).map_err(|_| format!("{n} is too large")),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// `--seed`: a whole number that fits 64 bits.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim().parse().map_err(|_| {
        format!(
            "{s:?} is not a seed: give a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// The most threads `--threads` takes: more only slows the search down.
const MAX_THREADS: usize = 256;

/// `--threads`: a count of at most [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let n = parse_count(s)?;
    if n > MAX_THREADS {
        return Err(format!("{n} is too many: give at most {MAX_THREADS}"));
    }
    Ok(n)
}

/// The most lines `ttt analyze --lines` shows.
pub const MAX_LINES: usize = 20;

/// `--lines`: a count from 1 to [`MAX_LINES`].
pub fn parse_lines(s: &str) -> Result<usize, String> {
    let n = parse_count(s)?;
    if n > MAX_LINES {
        return Err(format!("{n} is too many: give at most {MAX_LINES}"));
    }
    Ok(n)
}

/// The threads asked for, or all the machine's cores.
pub fn threads_or_all(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Whole hours from 1 to a year, for how long something is kept.
pub fn parse_hours(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<u64>() {
        Ok(h @ 1..=8760) => Ok(Duration::from_secs(h * 60 * 60)),
        _ => Err(format!(
            "{s:?} is not a number of hours from 1 to 8760 (a year)"
        )),
    }
}

/// `--clock` of a game at this machine: a time control (`5+3`, `30s/move`, `none`), not days
/// a move, which are for games that wait for their players (on the web server).
pub fn parse_clock(s: &str) -> Result<TimeControl, String> {
    let here = || {
        format!(
            "{s:?} is not a time control: write MINUTES+SECONDS (5+3), SECONDSs/move \
             (30s/move) or none"
        )
    };
    // The core's own reasons (no time to move, ...) stand; its list of forms offers days a
    // move, which a game here does not take.
    let parsed = s.parse::<TimeControl>().map_err(|e| {
        let why = e.to_string();
        if why.contains("is not a time control") {
            here()
        } else {
            why
        }
    });
    match parsed? {
        TimeControl::Days { .. } => Err(format!(
            "{s:?} gives days a move, which suits games played on the web server: here, \
             write MINUTES+SECONDS (5+3), SECONDSs/move (30s/move) or none"
        )),
        control => Ok(control),
    }
}

/// A time limit in seconds (fractions allowed).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !(0.0..=1.0e7).contains(&secs) {
        return Err(format!(
            "{s:?} is not a time limit: give seconds from 0 to 10000000"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A game number, as `ttt history` lists them.
pub fn parse_game_number(s: &str) -> Result<i64, String> {
    match s.trim().parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "{s:?} is not a game number: `ttt history` lists them (1, 2, ...)"
        )),
    }
}

/// `--rule`: one of the rules, with each one's description in `--help`.
pub fn rule_parser() -> impl clap::builder::TypedValueParser<Value = ttt_core::Rule> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(ttt_core::Rule::ALL.map(|r| {
        PossibleValue::new(r.name()).help(match r {
            ttt_core::Rule::Freestyle => "K or more in a row wins",
            ttt_core::Rule::Standard => "exactly K in a row wins; six is no win",
            ttt_core::Rule::Renju => "five; X may not make a double-three, double-four or overline",
            ttt_core::Rule::Caro => "K or more, unless blocked at both ends by the opponent",
        })
    }))
    .try_map(|name| name.parse::<ttt_core::Rule>())
}

/// `--opening`: how colours are settled.
pub fn opening_parser() -> impl clap::builder::TypedValueParser<Value = ttt_core::Opening> {
    openings_parser(&ttt_core::Opening::ALL)
}

/// `--opening` of `ttt match`: engines open over the Gomocup's protocol, which has swap2
/// (`SWAP2BOARD`) and no plain swap.
pub fn match_opening_parser() -> impl clap::builder::TypedValueParser<Value = ttt_core::Opening> {
    openings_parser(&[ttt_core::Opening::None, ttt_core::Opening::Swap2])
}

fn openings_parser(
    openings: &[ttt_core::Opening],
) -> impl clap::builder::TypedValueParser<Value = ttt_core::Opening> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(openings.iter().map(|&o| {
        PossibleValue::new(o.name()).help(match o {
            ttt_core::Opening::None => "the first player plays X from the empty board",
            ttt_core::Opening::Swap => "three stones (X, O, X), then the other chooses a colour",
            ttt_core::Opening::Swap2 => {
                "three stones; the other takes X, takes O, or places two more and lets the first choose"
            }
        })
    }))
    .try_map(|name| name.parse::<ttt_core::Opening>())
}

/// `--preset`: one of the named boards, with each one's description in `--help`.
pub fn preset_parser() -> impl clap::builder::TypedValueParser<Value = ttt_core::Preset> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        ttt_core::Preset::ALL.map(|p| PossibleValue::new(p.name()).help(p.description())),
    )
    .try_map(|name| name.parse::<ttt_core::Preset>())
}

/// Reads the stones of a position to be played with `k` in a row under `rule`; `rows`/`cols`,
/// when given, must match it. Whether the stones make a position is for
/// [`ttt_core::Position::from_setup_under`].
pub fn parse_setup(
    text: &str,
    k: usize,
    rule: ttt_core::Rule,
    rows: Option<usize>,
    cols: Option<usize>,
) -> anyhow::Result<Setup> {
    let setup = Setup::from_notation(text).map_err(user_error)?;
    if rows.is_some_and(|r| r != setup.rows()) || cols.is_some_and(|c| c != setup.cols()) {
        return Err(user_error(format!(
            "the position has {} and {}, which does not match --rows/--cols",
            plural(setup.rows() as u64, "row"),
            plural(setup.cols() as u64, "column")
        )));
    }
    if rule == ttt_core::Rule::Renju && k == 5 && setup.rows().max(setup.cols()) < 5 {
        return Err(user_error(format!(
            "renju is played with five in a row, which a board of {} by {} cannot hold: give a \
             board of at least 5 a side (15 x 15 is renju's), or another rule",
            setup.rows(),
            setup.cols()
        )));
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::UserError;

    #[test]
    fn renju_on_a_board_too_small_for_five_says_so() {
        let err = parse_setup("X.O/.X./...", 5, ttt_core::Rule::Renju, None, None)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("renju is played with five in a row, which a board of 3 by 3"),
            "{err}"
        );
    }

    #[test]
    fn clocks_are_read_as_time_controls_of_a_game_at_the_screen() {
        assert_eq!(
            parse_clock("5+3"),
            Ok(TimeControl::Fischer {
                initial: 300,
                increment: 3
            })
        );
        assert_eq!(parse_clock("none"), Ok(TimeControl::None));
        assert!(parse_clock("2s+0").is_ok());
        let soon = parse_clock("soon").unwrap_err();
        // Days a move are not offered here, so not suggested either.
        assert!(
            soon.contains("is not a time control") && !soon.contains("DAYS"),
            "{soon}"
        );
        assert!(parse_clock("3d").unwrap_err().contains("web server"));
    }

    #[test]
    fn hours_kept_are_bounded() {
        assert_eq!(parse_hours("6"), Ok(Duration::from_secs(6 * 3600)));
        assert!(parse_hours("0").unwrap_err().contains("from 1 to 8760"));
        assert!(parse_hours("1.5").is_err());
        assert!(parse_hours("8761").is_err());
    }

    #[test]
    fn thread_counts_are_bounded() {
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_threads("257").unwrap_err().contains("at most 256"));
        assert!(parse_threads("0").unwrap_err().contains("at least 1"));
        assert_eq!(parse_lines("20"), Ok(20));
        assert!(parse_lines("21").unwrap_err().contains("at most 20"));
        assert!(parse_lines("0").unwrap_err().contains("at least 1"));
    }

    #[test]
    fn counts_parse() {
        assert_eq!(parse_count(" 7 "), Ok(7));
        assert!(parse_count("0").unwrap_err().contains("at least 1"));
        assert!(parse_count("-3").unwrap_err().contains("at least 1"));
        assert!(parse_count("three")
            .unwrap_err()
            .contains("not a whole number"));
        assert!(parse_count("99999999999999999999999999").is_err());
    }

    #[test]
    fn seconds_parse() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
        assert!(parse_seconds("inf").is_err());
    }

    #[test]
    fn game_numbers_are_checked() {
        assert_eq!(parse_game_number(" 12 "), Ok(12));
        assert!(parse_game_number("x")
            .unwrap_err()
            .contains("not a game number"));
        assert!(parse_game_number("0").is_err());
    }

    #[test]
    fn positions_check_their_size() {
        let free = ttt_core::Rule::Freestyle;
        assert!(parse_setup("X../.../...", 3, free, Some(3), Some(3)).is_ok());
        let e = parse_setup("X../.../...", 3, free, Some(4), None).unwrap_err();
        assert!(e.to_string().contains("does not match"));
        assert!(e.downcast_ref::<UserError>().is_some());
    }
}
