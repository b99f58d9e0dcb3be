//! `pbrain-ttt`: `ttt pbrain` under the name Gomocup managers look for (`pbrain-*`). Managers
//! start it with no arguments; any argument gets the usage, so that a person trying
//! `--help` learns what it is rather than facing a silent program waiting for protocol lines.

use std::io::BufReader;
use std::process::ExitCode;

const USAGE: &str = "\
pbrain-ttt: ttt's gomoku engine for Gomocup (Piskvork) tournament managers.
It takes no options: it reads the protocol's commands on standard input (START 15, BEGIN,
TURN x,y, BOARD ... DONE, INFO, END, ...) and answers on standard output.
`ttt pbrain --help` describes the same engine with its options.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("pbrain-ttt: unexpected argument {other:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let input = BufReader::new(std::io::stdin());
    match ttt_pbrain::engine::run(input, std::io::stdout().lock(), Default::default()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
