//! `ttt analyze --lines N`: the best few moves, each with what it is worth and its line. Where
//! the solver proved the position its values are the lines; elsewhere the engine's search
//! finds them.

use std::time::Duration;

use ttt_ai::{
    all_proven, best_lines, merged, proven_lines, Analysis, Limits, Line, LineValue, Proof,
};
use ttt_core::{Cell, Position};

/// The best lines of a position.
#[derive(Debug, Clone)]
pub struct Lines {
    /// How many of the lines, first, are the solver's.
    pub solved: usize,
    pub lines: Vec<Line>,
    /// The deepest the engine's search went, in plies (0 where it did not search).
    pub depth: u32,
    /// Positions the engine searched.
    pub nodes: u64,
}

/// The best `n` lines of `pos`: first the moves whose results its analysis `a` proved, best
/// first, where it proved the position's value; then, for as many as are missing, the
/// engine's within `time`.
pub fn find(pos: &Position, a: &Analysis, n: usize, time: Duration) -> Lines {
    let proven = proven_lines(a, n);
    let solved = proven.len();
    if solved == n || all_proven(a) {
        return Lines {
            solved,
            lines: proven,
            depth: 0,
            nodes: 0,
        };
    }
    let searched = best_lines(pos, n, Limits::none().within(time), |_| {});
    let depth = searched.iter().map(|l| l.depth).max().unwrap_or(0);
    let nodes = searched.iter().map(|l| l.nodes).sum();
    Lines {
        solved,
        lines: merged(proven, searched, n),
        depth,
        nodes,
    }
}

/// What a line's value says, for the player making its move: `win in 7 plies (proven)`
/// (the solver's exact length), `win within 9 plies (proven by threats)`, `score +120, 59% to
/// win`.
pub fn describe(value: LineValue) -> String {
    let plies = |n: u32| format!("{n} {}", if n == 1 { "ply" } else { "plies" });
    let result = |what: &str, p: u32, proof: Proof| match proof {
        Proof::Solved => format!("{what} in {} (proven)", plies(p)),
        Proof::Threats => format!("{what} within {} (proven by threats)", plies(p)),
        Proof::Found => format!("{what} in {} (found by the search)", plies(p)),
        Proof::Unmeasured => format!("{what} (proven; its length not measured)"),
    };
    match value {
        LineValue::Win { plies: p, proof } => result("win", p, proof),
        LineValue::Loss { plies: p, proof } => result("loss", p, proof),
        LineValue::Draw { plies: p } => {
            format!("draw (proven, {} to fill the board)", plies(p))
        }
        LineValue::Score(s) => format!(
            "score {s:+}, {:.0}% to win",
            value.win_probability() * 100.0
        ),
    }
}

/// The report's section of lines.
pub fn report(lines: &Lines) -> String {
    if lines.lines.is_empty() {
        return String::new();
    }
    let engine = format!(
        "the engine's search, depth {}, {} positions",
        lines.depth, lines.nodes
    );
    let mut out = if lines.solved == lines.lines.len() {
        "\nBest lines (proven by the solver):\n".to_string()
    } else if lines.solved == 0 {
        format!("\nBest lines ({engine}):\n")
    } else {
        format!("\nBest lines (the solver's first, then {engine}):\n")
    };
    for (i, line) in lines.lines.iter().enumerate() {
        out.push_str(&format!(
            "  {:>2}. {:<9} {}\n",
            i + 1,
            line.cell.to_string(),
            describe(line.value)
        ));
        if line.pv.len() > 1 {
            let cells: Vec<String> = line.pv.iter().map(Cell::to_string).collect();
            out.push_str(&format!("      line: {}\n", cells.join(" ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_ai::Solver;
    use ttt_core::{Dims, Setup};

    #[test]
    fn a_solved_board_gives_the_solvers_values_best_first() {
        let pos = Position::new(Dims::new(3, 3, 3).unwrap());
        let a = Solver::new(&pos)
            .time_limit(Duration::from_secs(5))
            .analyze();
        let lines = find(&pos, &a, 20, Duration::from_secs(1));
        assert_eq!(lines.solved, 9);
        assert_eq!(lines.lines.len(), 9);
        assert!(lines
            .lines
            .iter()
            .all(|l| l.value == LineValue::Draw { plies: 9 }));
        let text = report(&lines);
        assert!(text.contains("proven by the solver"), "{text}");
        assert!(text.contains(" 1. (1, 1)"), "{text}");
    }

    #[test]
    fn a_win_in_one_comes_first() {
        let setup = Setup::from_notation("XX./OO./...").unwrap();
        let pos = Position::from_setup(&setup, 3).unwrap();
        let a = Solver::new(&pos)
            .time_limit(Duration::from_secs(5))
            .analyze();
        let lines = find(&pos, &a, 2, Duration::from_secs(1));
        assert_eq!(lines.lines[0].cell, Cell::new(0, 2));
        assert_eq!(
            lines.lines[0].value,
            LineValue::Win {
                plies: 1,
                proof: Proof::Solved
            }
        );
        assert_eq!(describe(lines.lines[0].value), "win in 1 ply (proven)");
    }

    #[test]
    fn scores_read_with_their_chance() {
        assert_eq!(describe(LineValue::Score(0)), "score +0, 50% to win");
        assert_eq!(
            describe(LineValue::Loss {
                plies: 4,
                proof: Proof::Found
            }),
            "loss in 4 plies (found by the search)"
        );
    }
}
