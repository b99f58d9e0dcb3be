//! The words people read about moves and results, the same at the console and in the
//! window.

use ttt_ai::{Level, Value};
use ttt_core::Cell;

use crate::seat::Seat;

/// A duration for people, to a tenth of a second: `2 s`, `1.5 s`.
pub use ttt_pbrain::player::seconds;

/// A value as the JSON outputs and the web API name it: `win`, `draw`, `loss`, or `unknown`
/// where nothing was proven.
///
/// ```
/// assert_eq!(ttt_play::words::value(None), "unknown");
/// assert_eq!(ttt_play::words::value(Some(ttt_ai::Value::Draw)), "draw");
/// ```
#[must_use]
pub fn value(v: Option<Value>) -> &'static str {
    v.map_or("unknown", Value::as_str)
}

/// `row 2, column 3`: a cell as people count, from 1.
///
/// ```
/// assert_eq!(ttt_play::words::cell(ttt_core::Cell::new(1, 2)), "row 2, column 3");
/// ```
#[must_use]
pub fn cell(cell: Cell) -> String {
    format!("row {}, column {}", cell.row + 1, cell.col + 1)
}

/// What a computer claims for its move, to follow `... played row 2, column 3`: the
/// perfect player says whether it proved its move; the other levels claim nothing.
#[must_use]
pub fn claim(level: Level, value: Option<Value>) -> &'static str {
    match (level, value) {
        (_, Some(Value::Win)) => " (it has proven that it wins)",
        (_, Some(Value::Draw)) => " (it has proven a draw with best play)",
        (_, Some(Value::Loss)) => " (it has proven that it loses against best play)",
        (Level::Perfect, None) => " (not proven: the best move it found in its time)",
        (_, None) => "",
    }
}

/// What to say to the people after `winner` beat `loser`: `Well played.` when a person beat
/// a program, `Better luck next time, Ann!` when a program beat Ann, nothing between two
/// people or two programs.
///
/// ```
/// use ttt_ai::Level;
/// use ttt_play::{words::after_a_win, Seat};
/// let ann = Seat::Human("Ann".into());
/// let cpu = Seat::Computer(Level::Hard);
/// assert_eq!(after_a_win(&cpu, &ann).as_deref(), Some("Better luck next time, Ann!"));
/// assert_eq!(after_a_win(&ann, &cpu).as_deref(), Some("Well played."));
/// assert_eq!(after_a_win(&ann, &Seat::Human("Bo".into())), None);
/// ```
#[must_use]
pub fn after_a_win(winner: &Seat, loser: &Seat) -> Option<String> {
    match (winner, loser) {
        (Seat::Human(_), Seat::Computer(_) | Seat::Engine(_)) => Some("Well played.".into()),
        (Seat::Computer(_) | Seat::Engine(_), Seat::Human(name)) => {
            Some(format!("Better luck next time, {name}!"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_claims_are_worded_for_people() {
        assert_eq!(
            claim(Level::Perfect, None),
            " (not proven: the best move it found in its time)"
        );
        assert_eq!(claim(Level::Hard, None), "");
        assert_eq!(
            claim(Level::Perfect, Some(Value::Win)),
            " (it has proven that it wins)"
        );
        assert!(claim(Level::Perfect, Some(Value::Loss)).contains("loses against best play"));
    }
}
