//! `ttt analyze`: what a position is worth with best play, and what every move leads to.

use std::io::Write;
use std::time::Duration;

use ttt_ai::{Analysis, MoveAnalysis, Solver, Value, Verdict};
use ttt_core::{Cell, Outcome, Position};

use crate::args::{threads_or_all, AnalyzeArgs};
use crate::error::user_error;
use crate::output::board;
use crate::output::json::AnalysisJson;

use super::best_lines;

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    // Clap lets `--ply` through without `--file` where a position is given (which `--file`
    // conflicts with).
    if args.ply.is_some() && args.file.is_none() {
        return Err(user_error(
            "--ply goes with --file GAME: the position after that many of its moves",
        ));
    }
    if args.jsonl {
        return run_lines(args);
    }
    let pos = match &args.file {
        Some(path) => {
            let game = super::files::read(path, args.board.rule, args.board.k)?;
            game.position_after(args.ply.unwrap_or(game.moves.len()))
                .map_err(|why| user_error(format!("{}: {why}", path.display())))?
        }
        None => args.board.position(args.position.as_deref())?,
    };
    let (solver_time, engine_time) = split_time(&pos, args.lines, args.time_limit);
    let analysis = analyze(&pos, solver_time, threads_or_all(args.threads));
    let lines = args
        .lines
        .map(|n| best_lines::find(&pos, &analysis, n, engine_time));
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = AnalysisJson::new(&pos, &analysis);
        if let Some(l) = &lines {
            json = json.with_lines(&l.lines, l.depth, l.nodes);
        }
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        let text = report(&pos, &analysis, args.time_limit);
        match &lines {
            // The best lines go before the list of every move, which is long on a big board.
            Some(l) => {
                let at = text
                    .find("\nEvery move")
                    .or_else(|| text.find("\nNo move's value"))
                    .unwrap_or(text.len());
                write!(
                    out,
                    "{}{}{}",
                    &text[..at],
                    best_lines::report(l),
                    &text[at..]
                )?;
            }
            None => write!(out, "{text}")?,
        }
    }
    Ok(())
}

/// The solver's time and the engine's: with `--lines` the engine takes half, or all of it
/// under renju (which the solver does not prove); else the solver takes it all.
fn split_time(pos: &Position, lines: Option<usize>, time: Duration) -> (Duration, Duration) {
    match lines {
        None => (time, Duration::ZERO),
        Some(_) if pos.rule() == ttt_core::Rule::Renju => (Duration::ZERO, time),
        Some(_) => (time / 2, time - time / 2),
    }
}

fn run_lines(args: &AnalyzeArgs) -> anyhow::Result<()> {
    super::lines::answer_each(|line| {
        let pos = args.board.parse_line(line)?;
        let (solver_time, engine_time) = split_time(&pos, args.lines, args.time_limit);
        let analysis = analyze(&pos, solver_time, threads_or_all(args.threads));
        let json = AnalysisJson::new(&pos, &analysis);
        Ok(match args.lines {
            Some(n) => {
                let l = best_lines::find(&pos, &analysis, n, engine_time);
                json.with_lines(&l.lines, l.depth, l.nodes)
            }
            None => json,
        })
    })
}

/// Analyses `pos` within `time_limit` on `threads` threads.
fn analyze(pos: &Position, time_limit: Duration, threads: usize) -> Analysis {
    Solver::new(pos)
        .time_limit(time_limit)
        .threads(threads)
        .analyze()
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
    let rule = match pos.rule() {
        ttt_core::Rule::Freestyle => String::new(),
        rule => format!(", {rule}"),
    };
    let mut out = format!(
        "{} ({} x {}, {} in a row{rule})\n\n{}\n",
        pos,
        dims.rows(),
        dims.cols(),
        dims.k(),
        board::plain(pos)
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
    let forbidden = pos.forbidden_cells();
    if !forbidden.is_empty() {
        let cells: Vec<String> = forbidden
            .iter()
            .map(|(cell, why)| format!("{cell} ({why})"))
            .collect();
        out.push_str(&format!(
            "Forbidden to X under renju: {}\n",
            cells.join(", ")
        ));
    }
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
        _ if pos.rule() == ttt_core::Rule::Renju => {
            out.push_str(
                "The solver does not prove renju positions: the facts of the rules follow.\n",
            );
        }
        _ if time_limit.is_zero() => {
            out.push_str("Not searched (--time-limit 0): the legal moves follow.\n");
        }
        _ => out.push_str("The value is not proven within the time limit.\n"),
    }
    if let Some(w) = &a.threat_win {
        let kind = if w.uses_threes {
            "threes and fours"
        } else {
            "fours"
        };
        let cells: Vec<String> = w.line.iter().map(Cell::to_string).collect();
        let plies = w.plies();
        let unit = if plies == 1 { "ply" } else { "plies" };
        out.push_str(&format!(
            "{me} wins by {kind} in {plies} {unit}: {}\n",
            cells.join(" ")
        ));
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
    let none_known = a.moves.iter().all(|m| m.value.is_none());
    if none_known {
        out.push_str("\nNo move's value is proven.\n");
    } else {
        out.push_str("\nEvery move (row, column), for the player making it:\n");
    }
    for m in a.moves.iter().filter(|_| !none_known) {
        let what = describe_move(m);
        out.push_str(&format!("  {:<9} {what}\n", m.cell.to_string()));
    }
    // The solver's count: under renju it does not search (the engine's lines, above, say
    // their own).
    if pos.rule() != ttt_core::Rule::Renju {
        out.push_str(&format!(
            "\nSearched {} positions in {:.1} ms.\n",
            a.nodes,
            a.elapsed.as_secs_f64() * 1e3
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    #[test]
    fn json_shape_for_a_won_position() {
        let pos = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
        let j = serde_json::to_value(AnalysisJson::new(
            &pos,
            &analyze(&pos, Duration::from_secs(1), 1),
        ))
        .unwrap();
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
