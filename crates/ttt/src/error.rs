//! Errors as the user sees them: one line on standard error, and an exit status that says
//! whose fault it was (2 for what the user asked, 1 for a failure of ours).

use std::fmt;
use std::io::Write;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};

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

/// A board size the rules refuse, as a user error; a K too long for the board says which
/// flags set the two.
pub fn board_size_error(e: ttt_core::DimsError) -> anyhow::Error {
    match e {
        ttt_core::DimsError::K { .. } => user_error(format!(
            "{e}; choose K with --k (3 unless given), or a bigger board with --rows and --cols \
             (3 x 3 unless given)"
        )),
        _ => user_error(e),
    }
}

/// A store's error for the user. Its message already names the file and includes what the
/// system said, so the causes are not chained after it again (`ttt: {e:#}` would repeat them).
pub fn store_error(e: ttt_store::StoreError) -> anyhow::Error {
    anyhow::Error::msg(e.to_string())
}

/// The exit status for an error that ended a command, after printing it as one line.
pub fn report(e: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(e) {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(std::io::stderr(), "ttt: {e:#}");
    if e.downcast_ref::<UserError>().is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

/// Output piped into a program that stopped reading (`ttt ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        let kind = c
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            .or_else(|| c.downcast_ref::<serde_json::Error>()?.io_error_kind());
        kind == Some(std::io::ErrorKind::BrokenPipe)
    })
}

/// Prints clap's verdict: help and version in full on stdout, errors as one line on stderr
/// naming where to look for help (`command` is `ttt` or `ttt SUBCOMMAND`).
pub fn report_clap_error(e: &clap::Error, command: &str) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let _ = writeln!(
                std::io::stderr(),
                "ttt: {} (see {command} --help)",
                one_line(e)
            );
            ExitCode::from(2)
        }
    }
}

/// A clap error in one line, from its kind and context rather than its rendered text.
fn one_line(e: &clap::Error) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(list)) => Some(list.join(", ")),
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg).unwrap_or_default();
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    match e.kind() {
        ErrorKind::InvalidValue => {
            let choices = text(ContextKind::ValidValue).filter(|v| !v.is_empty());
            match choices {
                Some(v) => format!("invalid value '{value}' for '{arg}': choose one of {v}"),
                None if value.is_empty() => format!("'{arg}' needs a value"),
                None => format!("invalid value '{value}' for '{arg}'"),
            }
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e)
                .map(|s| format!(": {s}"))
                .unwrap_or_default();
            format!("invalid value '{value}' for '{arg}'{why}")
        }
        ErrorKind::UnknownArgument => {
            let hint = text(ContextKind::SuggestedArg)
                .map(|s| format!("; did you mean '{s}'?"))
                .unwrap_or_default();
            format!("unexpected argument '{arg}'{hint}")
        }
        ErrorKind::InvalidSubcommand => {
            let hint = text(ContextKind::SuggestedSubcommand)
                .map(|s| format!("; did you mean '{s}'?"))
                .unwrap_or_default();
            format!(
                "unrecognized subcommand '{}'{hint}",
                text(ContextKind::InvalidSubcommand).unwrap_or_default()
            )
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            Some(prior) => format!("the argument '{arg}' cannot be used with '{prior}'"),
            None => format!("the argument '{arg}' cannot be used here"),
        },
        ErrorKind::MissingRequiredArgument => {
            format!("the following required arguments were not provided: {arg}")
        }
        ErrorKind::TooManyValues | ErrorKind::NoEquals => {
            format!("unexpected value '{value}' for '{arg}'")
        }
        _ => {
            // Kinds without a context of their own: clap's first line, without its prefix.
            let rendered = e.to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Demo {
        #[arg(long, value_parser = ["a", "b"])]
        pick: Option<String>,
        #[arg(long, value_parser = |s: &str| s.parse::<u8>().map_err(|_| "not a small number"))]
        small: Option<u8>,
        #[arg(long)]
        file: Option<std::path::PathBuf>,
    }

    fn line(args: &[&str]) -> String {
        let e =
            Demo::try_parse_from(std::iter::once("demo").chain(args.iter().copied())).unwrap_err();
        one_line(&e)
    }

    #[test]
    fn clap_errors_become_one_line_from_their_context() {
        assert_eq!(
            line(&["--pick", "c"]),
            "invalid value 'c' for '--pick <PICK>': choose one of a, b"
        );
        assert_eq!(
            line(&["--small", "999"]),
            "invalid value '999' for '--small <SMALL>': not a small number"
        );
        assert!(line(&["--frob"]).starts_with("unexpected argument '--frob'"));
        // An option left without its value names what it needs, not an empty list of choices.
        assert_eq!(line(&["--file"]), "'--file <FILE>' needs a value");
        assert_eq!(line(&["--file="]), "'--file <FILE>' needs a value");
    }
}
