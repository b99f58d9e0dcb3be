//! `ttt move`: a computer player's move in a position.

use std::io::Write;

use ttt_ai::{new_player, Decision, Level};
use ttt_core::Position;

use crate::args::MoveArgs;
use crate::error::user_error;
use crate::output::json::DecisionJson;

pub fn run(args: &MoveArgs) -> anyhow::Result<()> {
    let mut player = new_player(args.level, args.seed, args.time_limit);
    if args.jsonl {
        return super::lines::answer_each(|line| {
            let pos = args.board.parse_line(line)?;
            Ok(DecisionJson::new(
                &decide(player.as_mut(), &pos)?,
                Some(&pos),
            ))
        });
    }
    let pos = args.board.position(args.position.as_deref())?;
    let d = decide(player.as_mut(), &pos)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &DecisionJson::new(&d, None))?;
        writeln!(out)?;
    } else {
        let claim = match (args.level, d.verdict, d.value) {
            (Level::Perfect, Some(v), _) => {
                let plies = if v.plies == 1 { "ply" } else { "plies" };
                format!(" (proven: {} in {} {plies})", v.value.as_str(), v.plies)
            }
            (Level::Perfect, None, Some(value)) => {
                format!(" (proven: {}; length not proven)", value.as_str())
            }
            (Level::Perfect, None, None) => {
                " (best found in the time limit; not proven)".to_string()
            }
            _ => String::new(),
        };
        writeln!(
            out,
            "{} plays row {}, column {}{claim}",
            pos.turn(),
            d.cell.row + 1,
            d.cell.col + 1
        )?;
    }
    Ok(())
}

fn decide(player: &mut dyn ttt_ai::Strategy, pos: &Position) -> anyhow::Result<Decision> {
    player.choose(pos).ok_or_else(|| {
        user_error(format!(
            "there is no move to make: the game is over ({})",
            pos.outcome()
        ))
    })
}
