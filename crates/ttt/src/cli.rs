//! The command line: subcommands, shared options, and turning bad input into one clear line.

use std::fmt;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use ttt_core::{Dims, Position, Setup};

/// Tic-tac-toe and every m,n,k-game: R rows by C columns, K in a row wins, X moves first.
///
/// With no command, starts the console game; `ttt play`'s options work here too.
#[derive(Debug, Parser)]
#[command(name = "ttt", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `ttt play`'s options, for `ttt` with no command.
    #[command(flatten)]
    pub play: crate::play::PlayArgs,
}

impl Cli {
    /// Parses the command line. A negative number (`--rows -3`) is read as the option's value,
    /// to be refused with a reason, not taken for an unknown option.
    pub fn parse_args() -> Result<Cli, clap::Error> {
        use clap::{CommandFactory, FromArgMatches};
        let command = Cli::command()
            .allow_negative_numbers(true)
            .mut_subcommands(|c| c.allow_negative_numbers(true));
        Cli::from_arg_matches(&command.try_get_matches()?)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a position: status, value with best play, and the value of every move.
    Analyze(crate::analyze::AnalyzeArgs),
    /// Ask a computer player for its move in a position.
    Move(crate::moves::MoveArgs),
    /// Play in the terminal, against a friend or the computer (the default command).
    Play(crate::play::PlayArgs),
    /// List the players with their wins, losses and ties, best first.
    Players(crate::players::PlayersArgs),
    /// List recent games, or replay one move by move.
    History(crate::history::HistoryArgs),
    /// Serve the game in a browser: prints the address to open.
    Serve(crate::serve::ServeArgs),
    /// Play in a desktop window, against a friend or the computer.
    Gui(crate::gui::GuiArgs),
    /// Prove the value of a game from the empty board (or of a position): win, draw or loss.
    Solve(crate::solve::SolveArgs),
}

/// A problem with what the user asked for (exit status 2), as opposed to a failure of ours.
#[derive(Debug)]
pub struct UserError(pub String);

impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

/// Wraps any displayable problem with the user's input as a [`UserError`].
pub fn user_error(e: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(UserError(e.to_string()))
}

/// Prints clap's verdict: help and version in full on stdout, errors as one line on stderr.
pub fn report_clap_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            // clap lists an option's possible values on a line of its own: keep it.
            let values = text
                .lines()
                .map(str::trim)
                .find_map(|l| l.strip_prefix("[possible values: ")?.strip_suffix(']'))
                .map(|v| format!(": choose one of {v}"))
                .unwrap_or_default();
            let _ = writeln!(
                std::io::stderr(),
                "ttt: {first}{values} (see {} --help)",
                command_line_name()
            );
            ExitCode::from(2)
        }
    }
}

/// `ttt` or `ttt SUBCOMMAND`, as typed: where to look for help.
fn command_line_name() -> String {
    use clap::CommandFactory;
    let cli = Cli::command();
    std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .filter(|a| cli.find_subcommand(a).is_some())
        .map_or_else(|| "ttt".to_string(), |sub| format!("ttt {sub}"))
}

/// A board size the rules refuse, as a user error; a K too long for the board says which
/// flag sets it.
pub fn board_size_error(e: ttt_core::DimsError) -> anyhow::Error {
    match e {
        ttt_core::DimsError::K { .. } => {
            user_error(format!("{e}; choose K with --k (3 unless given)"))
        }
        _ => user_error(e),
    }
}

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

/// The board a command works on: a position in the notation, or an empty board of a size.
#[derive(Debug, Args, Clone)]
pub struct BoardArgs {
    /// How many in a row win.
    #[arg(long, short = 'k', default_value_t = 3, value_parser = parse_count)]
    pub k: usize,
    /// Rows of the empty board, when no position is given (default: as many as --cols, or 3).
    #[arg(long, value_parser = parse_count)]
    pub rows: Option<usize>,
    /// Columns of the empty board, when no position is given (default: as many as --rows).
    #[arg(long, value_parser = parse_count)]
    pub cols: Option<usize>,
}

impl BoardArgs {
    /// The position to work on: `notation` if given, else the empty `--rows` x `--cols` board.
    pub fn position(&self, notation: Option<&str>) -> anyhow::Result<Position> {
        match notation {
            Some(text) => parse_position(text, self.k, self.rows, self.cols),
            None => {
                // A square board when one side is given; 3 x 3 when neither is.
                let rows = self.rows.or(self.cols).unwrap_or(3);
                let cols = self.cols.unwrap_or(rows);
                let dims = Dims::new(rows, cols, self.k).map_err(board_size_error)?;
                Ok(Position::new(dims))
            }
        }
    }
}

/// `1 entry`, `2 entries`, `1 thread`, `3 threads`.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {word}s")
    }
}

/// Reads and validates a position; `rows`/`cols`, when given, must match it.
pub fn parse_position(
    text: &str,
    k: usize,
    rows: Option<usize>,
    cols: Option<usize>,
) -> anyhow::Result<Position> {
    let setup = Setup::from_notation(text).map_err(user_error)?;
    if rows.is_some_and(|r| r != setup.rows()) || cols.is_some_and(|c| c != setup.cols()) {
        return Err(user_error(format!(
            "the position has {} and {}, which does not match --rows/--cols",
            plural(setup.rows() as u64, "row"),
            plural(setup.cols() as u64, "column")
        )));
    }
    Position::from_setup(&setup, k).map_err(user_error)
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

/// The threads asked for, or all the machine's cores.
pub fn threads_or_all(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Parses a time limit in seconds (fractions allowed).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_bounded() {
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_threads("257").unwrap_err().contains("at most 256"));
        assert!(parse_threads("0").unwrap_err().contains("at least 1"));
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
    fn positions_check_their_size() {
        assert!(parse_position("X../.../...", 3, Some(3), Some(3)).is_ok());
        let e = parse_position("X../.../...", 3, Some(4), None).unwrap_err();
        assert!(e.to_string().contains("does not match"));
        assert!(e.downcast_ref::<UserError>().is_some());
    }
}
