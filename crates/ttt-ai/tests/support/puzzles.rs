//! The threat puzzles of `tests/data/threat-puzzles.txt`, read for the test and the
//! benchmark.

use ttt_core::{Position, Setup};

/// One puzzle of `tests/data/threat-puzzles.txt`: `rows cols k kind plies notation`.
pub struct Puzzle {
    pub kind: String,
    pub plies: u32,
    pub position: Position,
}

pub fn puzzles() -> Vec<Puzzle> {
    include_str!("../data/threat-puzzles.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let setup = Setup::from_notation(f[5]).unwrap();
            assert_eq!(
                (setup.rows(), setup.cols()),
                (f[0].parse().unwrap(), f[1].parse().unwrap())
            );
            Puzzle {
                kind: f[3].to_string(),
                plies: f[4].parse().unwrap(),
                position: Position::from_setup(&setup, f[2].parse().unwrap()).unwrap(),
            }
        })
        .collect()
}
