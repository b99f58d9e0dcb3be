//! `ttt`: tic-tac-toe and the whole m,n,k family, in a terminal or a browser.
//!
//! The binary is thin: it parses the command line and hands each subcommand to its module.
//! The work lives in the library crates (`ttt-core`, `ttt-ai`, ...).

use std::process::ExitCode;

mod analyze;
mod cli;
mod database;
mod gui;
mod history;
mod moves;
mod play;
mod players;
mod render;
mod serve;
mod solve;

use cli::{Cli, Command, UserError};

fn main() -> ExitCode {
    let cli = match Cli::parse_args() {
        Ok(cli) => cli,
        Err(e) => return cli::report_clap_error(&e),
    };
    let result = match cli.command {
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Move(args)) => moves::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Gui(args)) => gui::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Players(args)) => players::run(&args),
        Some(Command::History(args)) => history::run(&args),
        None => play::run(&cli.play),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ttt: {e:#}");
            if e.downcast_ref::<UserError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
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
