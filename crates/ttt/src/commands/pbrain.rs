//! `ttt pbrain`: the engine for tournament managers, on standard input and output.

use std::io::BufReader;

use ttt_pbrain::engine::EngineChoice;

use crate::args::{EngineName, PbrainArgs};

pub fn run(args: &PbrainArgs) -> anyhow::Result<()> {
    if args.nodes.is_some() && args.engine == EngineName::Classic {
        return Err(crate::error::user_error(
            "--nodes limits the next engine's search: the classic engine plays by time",
        ));
    }
    let settings = ttt_pbrain::engine::Settings {
        most_per_move: args.most_per_move,
        nodes: args.nodes.map(|n| n as u64),
        engine: match args.engine {
            EngineName::Classic => EngineChoice::Classic,
            EngineName::Next => EngineChoice::Next,
        },
    };
    let input = BufReader::new(std::io::stdin());
    ttt_pbrain::engine::run(input, std::io::stdout().lock(), settings)?;
    Ok(())
}
