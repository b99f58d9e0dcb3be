//! `pbrain-ttt`: `ttt pbrain` under the name Gomocup managers look for (`pbrain-*`), with
//! no options.

use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    let input = BufReader::new(std::io::stdin());
    match ttt_pbrain::engine::run(input, std::io::stdout().lock(), Default::default()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
