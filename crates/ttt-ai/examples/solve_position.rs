//! Solves a position and prints every move's value, on the board and as a list.
//!
//! ```console
//! $ cargo run -p ttt-ai --example solve_position                     # X.O/.X./... with K = 3
//! $ cargo run -p ttt-ai --example solve_position -- ..../.X../..../.... 3
//! ```
//!
//! The first argument is the position in the notation (rows top to bottom, separated by `/`;
//! `X`, `O`, `.` for empty), the second K. The solver gets ten seconds; what it has not proven
//! by then is shown as unknown, never guessed.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use ttt_ai::{Solver, Value};
use ttt_core::{Cell, Position, Setup};

/// How long the solver may search in all.
const TIME: Duration = Duration::from_secs(10);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let notation = args.first().map_or("X.O/.X./...", String::as_str);
    let k = match args.get(1).map(|k| k.parse::<usize>()) {
        None => 3,
        Some(Ok(k)) => k,
        Some(Err(_)) => {
            eprintln!("K must be a whole number, not {:?}", args[1]);
            return ExitCode::from(2);
        }
    };
    let pos = match read(notation, k) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("{notation}: {e}");
            return ExitCode::from(2);
        }
    };
    match report(&mut io::stdout().lock(), &pos, TIME) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// The position `notation` with `k` in a row, or the reason it is none: the notation is
/// unreadable, or the board cannot arise in play.
fn read(notation: &str, k: usize) -> Result<Position, String> {
    let setup = Setup::from_notation(notation).map_err(|e| e.to_string())?;
    Position::from_setup(&setup, k).map_err(|e| e.to_string())
}

/// Writes the position's value for the side to move and every legal move's value for the
/// player making it, within `time`.
fn report(out: &mut impl Write, pos: &Position, time: Duration) -> io::Result<()> {
    let dims = pos.dims();
    writeln!(
        out,
        "{pos} ({} x {}, {} in a row)",
        dims.rows(),
        dims.cols(),
        dims.k()
    )?;
    if pos.is_over() {
        writeln!(out, "The game is over: {}.", pos.outcome())?;
        return Ok(());
    }
    // Half the time for the position's value, the rest for the moves'.
    let solver = Solver::new(pos).time_limit(time / 2);
    let value = solver.solve().value;
    let moves = Solver::new(pos).time_limit(time / 2).move_values().moves;

    let mover = pos.turn();
    writeln!(
        out,
        "{mover} to move: {} with best play on both sides.",
        word(value)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Each empty cell holds the value of playing there, for {mover}:"
    )?;
    writeln!(out, "W win, D draw, L loss, ? not proven in time.")?;
    write!(out, "  ")?;
    for col in 1..=dims.cols() {
        write!(out, " {col:>2}")?;
    }
    writeln!(out)?;
    for row in 0..dims.rows() {
        write!(out, "{:>2}", row + 1)?;
        for col in 0..dims.cols() {
            let cell = Cell::new(row as u8, col as u8);
            let shown = match pos.get(cell) {
                Some(player) => player.marker(),
                None => letter(moves.iter().find(|(c, _)| *c == cell).and_then(|m| m.1)),
            };
            write!(out, "  {shown}")?;
        }
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(out, "Every move (row, column, from 1), for {mover}:")?;
    for (cell, value) in &moves {
        writeln!(out, "  {cell}  {}", word(*value))?;
    }
    // The moves known to reach the position's value, once it is known.
    if let Some(value) = value {
        let best: Vec<String> = moves
            .iter()
            .filter(|(_, v)| *v == Some(value))
            .map(|(c, _)| c.to_string())
            .collect();
        writeln!(out, "Best: {}", best.join(" "))?;
    }
    Ok(())
}

fn word(value: Option<Value>) -> &'static str {
    value.map_or("unknown", Value::as_str)
}

fn letter(value: Option<Value>) -> char {
    match value {
        Some(Value::Win) => 'W',
        Some(Value::Draw) => 'D',
        Some(Value::Loss) => 'L',
        None => '?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(notation: &str, k: usize, time: Duration) -> String {
        let mut out = Vec::new();
        report(&mut out, &read(notation, k).unwrap(), time).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_move_of_the_default_position() {
        assert_eq!(
            printed("X.O/.X./...", 3, TIME),
            "X.O/.X./... (3 x 3, 3 in a row)
O to move: draw with best play on both sides.

Each empty cell holds the value of playing there, for O:
W win, D draw, L loss, ? not proven in time.
    1  2  3
 1  X  L  O
 2  L  X  L
 3  L  L  D

Every move (row, column, from 1), for O:
  (1, 2)  loss
  (2, 1)  loss
  (2, 3)  loss
  (3, 1)  loss
  (3, 2)  loss
  (3, 3)  draw
Best: (3, 3)
"
        );
    }

    #[test]
    fn a_lost_position() {
        // . . . .
        // . X . .    4 x 4, three in a row: X has moved; O to move loses whatever it does
        // . . . .
        // . . . .
        let text = printed("..../.X../..../....", 3, TIME);
        assert!(text.contains("O to move: loss with best play"), "{text}");
        assert_eq!(text.matches("  loss\n").count(), 15, "{text}");
        // The legend alone has a question mark: every cell is proven.
        assert_eq!(text.matches('?').count(), 1, "{text}");
    }

    #[test]
    fn no_time_proves_nothing_and_says_so() {
        let text = printed("..../..../..../....", 4, Duration::ZERO);
        assert!(text.contains("X to move: unknown with best play"), "{text}");
        assert_eq!(text.matches("  unknown\n").count(), 16, "{text}");
        assert!(!text.contains("Best:"), "{text}");
    }

    #[test]
    fn a_finished_game_and_bad_positions_are_explained() {
        assert_eq!(
            printed("XXX/OO./...", 3, TIME),
            "XXX/OO./... (3 x 3, 3 in a row)\nThe game is over: X has won.\n"
        );
        assert_eq!(
            read("X.O/.X", 3).unwrap_err(),
            "ragged rows: row 2 has 2 cells but row 1 has 3 cells"
        );
        assert_eq!(
            read("OO./.../...", 3).unwrap_err(),
            "impossible counts: X has 0 marks and O has 2; X moves first, so X must have as many as O or one more"
        );
    }
}
