//! `ttt move`: a computer player's move in a position.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::Args;
use serde_json::json;
use ttt_ai::{new_player, Decision, Level};
use ttt_core::Position;

use crate::cli::{parse_position, parse_seconds, user_error, BoardArgs};

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The position: rows top to bottom separated by `/`, cells X, O or `.`, e.g. X.O/.X./...
    pub position: Option<String>,
    #[command(flatten)]
    pub board: BoardArgs,
    /// easy, medium, hard or perfect (or 1 to 4).
    #[arg(long, short = 'l', default_value = "perfect")]
    pub level: Level,
    /// Seed for the player's random choices, for reproducible games.
    #[arg(long, value_parser = crate::cli::parse_seed)]
    pub seed: Option<u64>,
    /// Seconds the perfect player may think.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Print `{"row": r, "col": c}` (0-based) instead of text; the perfect player adds
    /// `value` when its move is proven, and `plies` when the game's length is too.
    #[arg(long, conflicts_with = "jsonl")]
    pub json: bool,
    /// Read positions from standard input, one a line, and write one JSON object a line
    /// (the move, and the position it answers).
    #[arg(long, conflicts_with = "position")]
    pub jsonl: bool,
}

pub fn run(args: &MoveArgs) -> anyhow::Result<()> {
    let mut player = new_player(args.level, args.seed, args.time_limit);
    let mut out = std::io::stdout().lock();
    if args.jsonl {
        for line in std::io::stdin().lock().lines() {
            let line = line?;
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let result = parse_position(text, args.board.k, args.board.rows, args.board.cols)
                .and_then(|pos| Ok((decide(player.as_mut(), &pos)?, pos)));
            let value = match result {
                Ok((d, pos)) => {
                    let mut v = to_json(&d);
                    v["position"] = json!(pos.to_string());
                    v
                }
                Err(e) => json!({ "position": text, "error": e.to_string() }),
            };
            serde_json::to_writer(&mut out, &value)?;
            writeln!(out)?;
            out.flush()?;
        }
        return Ok(());
    }
    let pos = args.board.position(args.position.as_deref())?;
    let d = decide(player.as_mut(), &pos)?;
    if args.json {
        serde_json::to_writer(&mut out, &to_json(&d))?;
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

fn to_json(d: &Decision) -> serde_json::Value {
    let mut v = json!({ "row": d.cell.row, "col": d.cell.col });
    if let Some(value) = d.value {
        v["value"] = json!(value.as_str());
    }
    if let Some(verdict) = d.verdict {
        v["plies"] = json!(verdict.plies);
    }
    v
}
