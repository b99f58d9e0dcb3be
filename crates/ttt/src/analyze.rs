//! `ttt analyze`: what a position is worth with best play, and what every move leads to.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use ttt_ai::{Analysis, MoveAnalysis, Solver, Value, Verdict};
use ttt_core::{Cell, Outcome, Position};

use crate::cli::{parse_position, parse_seconds, parse_threads, threads_or_all, BoardArgs};

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The position: rows top to bottom separated by `/`, cells X, O or `.`, e.g. X.O/.X./...
    pub position: Option<String>,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print one JSON object instead of a report.
    #[arg(long, conflicts_with = "jsonl")]
    pub json: bool,
    /// Read positions from standard input, one a line, and write one JSON object a line.
    #[arg(long, conflicts_with = "position")]
    pub jsonl: bool,
    /// Seconds the search may take (per position); 0 reports only the facts of the rules.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Threads to use, at most 256 (default: all the machine's cores).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// A cell in JSON: 0-based.
#[derive(Debug, Serialize)]
pub struct JsonCell {
    pub row: u8,
    pub col: u8,
}

impl From<Cell> for JsonCell {
    fn from(c: Cell) -> Self {
        JsonCell {
            row: c.row,
            col: c.col,
        }
    }
}

#[derive(Debug, Serialize)]
struct JsonMove {
    row: u8,
    col: u8,
    value: &'static str,
    plies: Option<u32>,
}

#[derive(Debug, Serialize)]
struct JsonAnalysis {
    position: String,
    rows: usize,
    cols: usize,
    k: usize,
    to_move: String,
    status: &'static str,
    winning_line: Option<Vec<JsonCell>>,
    value: &'static str,
    plies: Option<u32>,
    best_moves: Option<Vec<JsonCell>>,
    moves: Vec<JsonMove>,
    nodes: u64,
    elapsed_ms: f64,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if args.jsonl {
        return run_lines(args);
    }
    let pos = args.board.position(args.position.as_deref())?;
    let analysis = analyze(&pos, args.time_limit, threads_or_all(args.threads));
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &to_json(&pos, &analysis))?;
        writeln!(out)?;
    } else {
        write!(out, "{}", report(&pos, &analysis, args.time_limit))?;
    }
    Ok(())
}

fn run_lines(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match parse_position(text, args.board.k, args.board.rows, args.board.cols) {
            Ok(pos) => {
                let analysis = analyze(&pos, args.time_limit, threads_or_all(args.threads));
                serde_json::to_writer(&mut out, &to_json(&pos, &analysis))?;
            }
            Err(e) => {
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({ "position": text, "error": e.to_string() }),
                )?;
            }
        }
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

/// Analyses `pos` within `time_limit` on `threads` threads.
fn analyze(pos: &Position, time_limit: Duration, threads: usize) -> Analysis {
    Solver::new(pos)
        .time_limit(time_limit)
        .threads(threads)
        .analyze()
}

fn value_word(v: Option<Value>) -> &'static str {
    v.map_or("unknown", Value::as_str)
}

fn to_json(pos: &Position, a: &Analysis) -> JsonAnalysis {
    let dims = pos.dims();
    let line = pos.winning_cells();
    JsonAnalysis {
        position: pos.to_string(),
        rows: dims.rows(),
        cols: dims.cols(),
        k: dims.k(),
        to_move: pos.turn().to_string(),
        status: pos.outcome().status(),
        winning_line: (!line.is_empty()).then(|| line.into_iter().map(JsonCell::from).collect()),
        value: value_word(a.value),
        plies: a.plies,
        best_moves: a
            .best_moves
            .as_ref()
            .map(|m| m.iter().copied().map(JsonCell::from).collect()),
        moves: a
            .moves
            .iter()
            .map(|m| JsonMove {
                row: m.cell.row,
                col: m.cell.col,
                value: value_word(m.value),
                plies: m.verdict.map(|v| v.plies),
            })
            .collect(),
        nodes: a.nodes,
        elapsed_ms: (a.elapsed.as_secs_f64() * 1e6).round() / 1e3,
    }
}

/// A move's result: with the game's length when it is proven.
fn describe_move(m: &MoveAnalysis) -> String {
    match (m.verdict, m.value) {
        (Some(v), _) => describe(v),
        (None, Some(value)) => format!("{} (length not proven)", value.as_str()),
        (None, None) => "unknown".to_string(),
    }
}

fn describe(v: Verdict) -> String {
    let plies = |n: u32| format!("{n} {}", if n == 1 { "ply" } else { "plies" });
    match v.value {
        Value::Win => format!("win in {}", plies(v.plies)),
        Value::Loss => format!("loss in {}", plies(v.plies)),
        Value::Draw => format!("draw ({} to fill the board)", plies(v.plies)),
    }
}

fn report(pos: &Position, a: &Analysis, time_limit: Duration) -> String {
    let dims = pos.dims();
    let mut out = format!(
        "{} ({} x {}, {} in a row)\n\n{}\n",
        pos,
        dims.rows(),
        dims.cols(),
        dims.k(),
        crate::render::board(pos)
    );
    match pos.outcome() {
        Outcome::Win(p) => {
            let cells: Vec<String> = pos.winning_cells().iter().map(Cell::to_string).collect();
            out.push_str(&format!("{p} has won: {}.\n", cells.join(" ")));
            return out;
        }
        Outcome::Draw => {
            out.push_str("The board is full: a draw.\n");
            return out;
        }
        Outcome::InProgress => {}
    }
    let me = pos.turn();
    out.push_str(&format!("{me} to move. "));
    match (a.value, a.plies) {
        (Some(value), Some(plies)) => out.push_str(&format!(
            "With best play on both sides: {} for {me}.\n",
            describe(Verdict { value, plies })
        )),
        (Some(Value::Win), None) => {
            out.push_str(&format!("{me} wins with best play (length not proven).\n"))
        }
        (Some(Value::Loss), None) => {
            out.push_str(&format!("{me} loses with best play (length not proven).\n"))
        }
        _ if time_limit.is_zero() => {
            out.push_str("Not searched (--time-limit 0): the legal moves follow.\n");
        }
        _ => out.push_str("The value is not proven within the time limit.\n"),
    }
    if let Some(best) = &a.best_moves {
        let cells: Vec<String> = best.iter().map(Cell::to_string).collect();
        out.push_str(&format!("Best moves (row, column): {}\n", cells.join(" ")));
    }
    if time_limit.is_zero() {
        let cells: Vec<String> = a.moves.iter().map(|m| m.cell.to_string()).collect();
        out.push_str(&format!(
            "\nLegal moves (row, column): {}\n",
            cells.join(" ")
        ));
        return out;
    }
    out.push_str("\nEvery move (row, column), for the player making it:\n");
    for m in &a.moves {
        let what = describe_move(m);
        out.push_str(&format!("  {:<9} {what}\n", m.cell.to_string()));
    }
    out.push_str(&format!(
        "\nSearched {} positions in {:.1} ms.\n",
        a.nodes,
        a.elapsed.as_secs_f64() * 1e3
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    #[test]
    fn json_shape_for_a_won_position() {
        let pos = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
        let j =
            serde_json::to_value(to_json(&pos, &analyze(&pos, Duration::from_secs(1), 1))).unwrap();
        assert_eq!(j["status"], "x_wins");
        assert_eq!(j["value"], "loss");
        assert_eq!(j["plies"], 0);
        assert_eq!(j["to_move"], "O");
        assert_eq!(j["winning_line"].as_array().unwrap().len(), 3);
        assert_eq!(j["moves"].as_array().unwrap().len(), 0);
    }

    #[test]
    fn report_reads_well() {
        let pos = Position::new(Dims::new(3, 3, 3).unwrap());
        let text = report(
            &pos,
            &analyze(&pos, Duration::from_secs(5), 2),
            Duration::from_secs(5),
        );
        assert!(
            text.contains("draw (9 plies to fill the board) for X"),
            "{text}"
        );
        assert!(text.contains("(1, 1)"), "{text}");
    }

    #[test]
    fn report_without_search_lists_the_legal_moves() {
        let pos = Position::from_setup(&Setup::from_notation("XO./.../...").unwrap(), 3).unwrap();
        let text = report(&pos, &analyze(&pos, Duration::ZERO, 1), Duration::ZERO);
        assert!(text.contains("Not searched"), "{text}");
        assert!(
            text.contains("Legal moves (row, column): (1, 3) (2, 1)"),
            "{text}"
        );
        assert!(!text.contains("unknown"), "{text}");
    }
}
