//! `ttt move`: a computer player's move in a position.

use std::io::Write;

use std::time::Duration;

use ttt_ai::{new_player, Decision, Level, Solver, ThreatWin, Value};
use ttt_core::{Cell, Position};

use crate::args::{BoardArgs, MoveArgs};
use crate::error::user_error;
use crate::output::json::DecisionJson;

pub fn run(args: &MoveArgs) -> anyhow::Result<()> {
    let mut player = new_player(args.level, args.seed, args.time_limit);
    if args.jsonl {
        return super::lines::answer_each(|line| {
            let pos = args.board.parse_line(line)?;
            let d = decide(player.as_mut(), &pos, &args.board)?;
            let threats = threat_line(args, &pos, &d);
            Ok(DecisionJson::new(
                &d,
                pos.rule(),
                threats.as_ref(),
                Some(&pos),
            ))
        });
    }
    let pos = args.board.position(args.position.as_deref())?;
    let d = decide(player.as_mut(), &pos, &args.board)?;
    let threats = threat_line(args, &pos, &d);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &DecisionJson::new(&d, pos.rule(), threats.as_ref(), None),
        )?;
        writeln!(out)?;
    } else {
        let claim = match (args.level, d.verdict, d.value) {
            (Level::Perfect, None, Some(Value::Win)) if threats.is_some() => {
                let w = threats.as_ref().map_or_else(Vec::new, |w| w.line.clone());
                let kind = if threats.as_ref().is_some_and(|t| t.uses_threes) {
                    "threes and fours"
                } else {
                    "fours"
                };
                let cells: Vec<String> = w.iter().map(Cell::to_string).collect();
                format!(
                    " (proven: win by {kind} in {} plies: {}; the fastest not proven)",
                    w.len(),
                    cells.join(" ")
                )
            }
            (Level::Perfect, Some(v), _) => {
                let plies = if v.plies == 1 { "ply" } else { "plies" };
                format!(" (proven: {} in {} {plies})", v.value.as_str(), v.plies)
            }
            (Level::Perfect, None, Some(value)) => {
                format!(" (proven: {}; length not proven)", value.as_str())
            }
            (Level::Perfect, None, None) if args.time_limit.is_zero() => {
                " (at a glance, no time to search; not proven)".to_string()
            }
            (Level::Perfect, None, None) => " (the search's best; not proven)".to_string(),
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

/// The win by threats a perfect player's winning move starts, where its search found one and
/// the game's length is not proven (the line, which the decision does not carry, is found
/// again: threats are quick).
fn threat_line(args: &MoveArgs, pos: &Position, d: &Decision) -> Option<ThreatWin> {
    if args.level != Level::Perfect || d.value != Some(Value::Win) || d.verdict.is_some() {
        return None;
    }
    Solver::new(pos)
        .time_limit(args.time_limit.max(Duration::from_millis(100)))
        .threat_win()
        .filter(|w| w.line.first() == Some(&d.cell))
}

fn decide(
    player: &mut dyn ttt_ai::Strategy,
    pos: &Position,
    board: &BoardArgs,
) -> anyhow::Result<Decision> {
    player.choose(pos).ok_or_else(|| {
        user_error(format!(
            "there is no move to make: the game is over ({}{})",
            pos.outcome(),
            board.k_reminder(pos)
        ))
    })
}
