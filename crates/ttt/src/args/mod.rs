//! The command line: every subcommand's options and how their values are read. Nothing here
//! runs a command; the commands (in `crate::commands`) take what is parsed here and never
//! reach back into the parser.

mod board;
mod confirm;
mod db;
mod values;

mod accounts;
mod analyze;
mod check_proof;
mod gui;
mod history;
mod import;
mod maintenance;
mod matches;
mod moves;
mod pbrain;
mod play;
mod players;
mod serve;
mod solve;
mod tune;

use clap::{Parser, Subcommand};

pub use accounts::{AccountsAction, AccountsArgs};
pub use analyze::AnalyzeArgs;
pub use board::{square, BoardArgs};
pub use check_proof::CheckProofArgs;
pub use confirm::Confirm;
pub use db::DbArgs;
pub use gui::GuiArgs;
pub use history::HistoryArgs;
pub use import::ImportArgs;
pub use maintenance::{DbAction, DbCommandArgs};
pub use matches::{BookChoice, MatchArgs};
pub use moves::MoveArgs;
pub use pbrain::{EngineName, PbrainArgs};
pub use play::{PlayArgs, Seat};
pub use players::{PlayersAction, PlayersArgs};
pub use serve::{LogFormat, ServeArgs};
pub use solve::{MethodArg, SolveArgs};
pub use tune::{BookArgs, SelfplayArgs, TuneEvalArgs};
pub use values::threads_or_all;

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
    pub play: PlayArgs,
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

    /// `ttt` or `ttt SUBCOMMAND`, as typed: where to look for help.
    pub fn command_line_name() -> String {
        use clap::CommandFactory;
        let cli = Cli::command();
        std::env::args()
            .skip(1)
            .find(|a| !a.starts_with('-'))
            .filter(|a| cli.find_subcommand(a).is_some())
            .map_or_else(|| "ttt".to_string(), |sub| format!("ttt {sub}"))
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a position: status, value with best play, and the value of every move.
    Analyze(AnalyzeArgs),
    /// Ask a computer player for its move in a position.
    Move(MoveArgs),
    /// Play in the terminal, against a friend or the computer (the default command).
    Play(PlayArgs),
    /// List the players with their wins, losses and ties, best first.
    Players(PlayersArgs),
    /// List recent games, or replay one move by move.
    History(HistoryArgs),
    /// Serve the game in a browser: prints the address to open.
    Serve(ServeArgs),
    /// Play in a desktop window, against a friend or the computer.
    Gui(GuiArgs),
    /// Prove the value of a game from the empty board (or of a position): win, draw or loss.
    Solve(SolveArgs),
    /// Be a gomoku engine for tournament managers: the Gomocup (pbrain) protocol on standard
    /// input and output, five in a row, freestyle, boards of 5 to 32 a side.
    Pbrain(PbrainArgs),
    /// Play a match between two Gomocup engines (`ttt pbrain`, `pbrain-*`): wins, losses,
    /// draws and the Elo difference.
    Match(MatchArgs),
    /// Check a proof of a game's value (`docs/PROOFS.md`) with the rules alone.
    CheckProof(CheckProofArgs),
    /// Fit the gomoku engine's evaluation to games it played (`ttt selfplay` or `ttt match
    /// --state` files).
    TuneEval(TuneEvalArgs),
    /// Play the gomoku engine against itself from random openings, for `ttt tune-eval`.
    Selfplay(SelfplayArgs),
    /// Choose the wide book's openings the gomoku engine finds even, for `ttt match --book
    /// balanced`.
    Book(BookArgs),
    /// Look after the database: check it, or back it up while servers run.
    Db(DbCommandArgs),
    /// The web server's accounts: a code that lets someone claim a name that has games.
    Accounts(AccountsArgs),
    /// Record a finished game from a game file (.psq or SGF) in the history.
    Import(ImportArgs),
}
