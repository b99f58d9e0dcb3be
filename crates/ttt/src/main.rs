//! `ttt`: tic-tac-toe and the whole m,n,k family, in a terminal, a window or a browser.
//!
//! The binary is thin: it parses the command line ([`args`]) and hands each subcommand to its
//! module ([`commands`]). The work lives in the library crates (`ttt-core`, `ttt-ai`, ...).

use std::process::ExitCode;

mod args;
mod commands;
mod database;
mod error;
mod output;

use args::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::parse_args() {
        Ok(cli) => cli,
        Err(e) => return error::report_clap_error(&e, &Cli::command_line_name()),
    };
    let result = match cli.command {
        Some(Command::Analyze(args)) => commands::analyze::run(&args),
        Some(Command::Move(args)) => commands::moves::run(&args),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::Gui(args)) => commands::gui::run(&args),
        Some(Command::Solve(args)) => commands::solve::run(&args),
        Some(Command::Play(args)) => commands::play::run(&args),
        Some(Command::Players(args)) => commands::players::run(&args),
        Some(Command::History(args)) => commands::history::run(&args),
        Some(Command::Pbrain(args)) => commands::pbrain::run(&args),
        Some(Command::Match(args)) => commands::matches::run(&args),
        Some(Command::CheckProof(args)) => commands::check_proof::run(&args),
        Some(Command::TuneEval(args)) => commands::tune::run(&args),
        Some(Command::Selfplay(args)) => commands::tune::selfplay(&args),
        Some(Command::Book(args)) => commands::tune::book(&args),
        Some(Command::Db(args)) => commands::maintenance::run(&args),
        Some(Command::Accounts(args)) => commands::accounts::run(&args),
        Some(Command::Import(args)) => commands::files::import(&args),
        None => commands::play::run(&cli.play),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => error::report(&e),
    }
}
