//! Analysing a position: its value and every move's, with the game's length where it can be
//! proven in time, and the value alone where only the proof searches settle it.
//!
//! Alpha-beta scoring wins by their distance ([`Solver::analyze`]) gives the most: how long
//! the game lasts with best play, and every move's result. It settles the small boards in a
//! moment but not the larger ones that [`crate::solve_value`] proves in about a second (8x8
//! with four in a row: a win; 7x7 with five: a draw), which the proof-number search settles
//! without counting plies (a draw needs no count: the board fills). So [`analyze`] gives
//! alpha-beta the first quarter of the time,
//! and if that leaves anything unknown, proves the position's value with the searches of
//! [`crate::solve_value`], then as many moves' values as the time left allows. Alpha-beta
//! has had its quarter, and the proof-number search starts at once, beside alpha-beta
//! straight to the end (on one thread, alone), as it does in [`crate::solve_value`].

use std::time::{Duration, Instant};

use ttt_core::Position;

use crate::parallel::{move_values_where, Method};
use crate::solver::{Analysis, MoveAnalysis, Solver, SolverConfig, Value, Verdict};

/// The most table memory the proof searches of an analysis take (they take it only as they
/// fill it).
const TABLE_BYTES: usize = 1 << 30;

/// Analyses `pos` within `time_limit` on up to `threads` threads: the value of the position
/// and of every legal move for the side making it, with the game's length where it is
/// proven. See the module's documentation.
#[must_use]
pub fn analyze(pos: &Position, time_limit: Duration, threads: usize) -> Analysis {
    analyze_with(pos, time_limit, threads, time_limit / 4)
}

/// [`analyze`], giving alpha-beta with lengths `lengths_for` of the time first.
fn analyze_with(
    pos: &Position,
    time_limit: Duration,
    threads: usize,
    lengths_for: Duration,
) -> Analysis {
    let started = Instant::now();
    let config = SolverConfig::for_position(pos).with_time_limit(lengths_for);
    let mut analysis = Solver::new(pos, config).analyze();
    let known = |a: &Analysis| a.moves.iter().all(|m| m.value.is_some());
    if pos.is_over() || time_limit.is_zero() || known(&analysis) {
        return analysis;
    }
    let left = || time_limit.saturating_sub(started.elapsed());
    let config = SolverConfig {
        time_limit: Some(left()),
        table_bytes: TABLE_BYTES,
        lengths: false,
        ..SolverConfig::for_position(pos)
    };
    if analysis.value.is_none() {
        let s = crate::solve_value(pos, config.clone(), threads);
        analysis.nodes += s.nodes;
        analysis.value = s.value;
    }
    if !left().is_zero() {
        let unknown: Vec<_> = analysis
            .moves
            .iter()
            .filter(|m| m.value.is_none())
            .map(|m| m.cell)
            .collect();
        let config = SolverConfig {
            time_limit: Some(left()),
            ..config
        };
        let (values, nodes) = move_values_where(pos, &config, threads, Method::Auto, |c| {
            unknown.contains(&c)
        });
        analysis.nodes += nodes;
        for (m, (cell, value)) in analysis.moves.iter_mut().zip(values) {
            debug_assert_eq!(m.cell, cell);
            m.value = m.value.or(value);
        }
    }
    // A drawn game fills the board: its length needs no proof.
    let filled = pos.count_blanks() as u32;
    for m in &mut analysis.moves {
        if m.verdict.is_none() && m.value == Some(Value::Draw) {
            m.verdict = Some(Verdict {
                value: Value::Draw,
                plies: filled,
            });
        }
    }
    let best = analysis
        .moves
        .iter()
        .filter_map(|m| m.value)
        .max_by_key(|&v| rank(v));
    if analysis.value.is_none() && (known(&analysis) || best == Some(Value::Win)) {
        analysis.value = best;
    }
    if analysis.value == Some(Value::Draw) {
        analysis.plies = Some(filled);
    }
    if analysis.best_moves.is_none() && known(&analysis) {
        // Where every length is known too, the fastest win or the slowest loss; else every
        // move reaching the value.
        let fastest = analysis
            .moves
            .iter()
            .map(|m| m.verdict)
            .collect::<Option<Vec<Verdict>>>()
            .and_then(|vs| vs.into_iter().max_by_key(|v| v.rank()));
        if let Some(f) = fastest {
            analysis.plies = Some(f.plies);
        }
        let is_best = |m: &MoveAnalysis| match fastest {
            Some(f) => m.verdict == Some(f),
            None => m.value == best,
        };
        analysis.best_moves = Some(
            analysis
                .moves
                .iter()
                .filter(|m| is_best(m))
                .map(|m| m.cell)
                .collect(),
        );
    }
    analysis.elapsed = started.elapsed();
    analysis
}

/// Win above draw above loss.
fn rank(v: Value) -> u8 {
    match v {
        Value::Win => 2,
        Value::Draw => 1,
        Value::Loss => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{minimax, random_position};
    use crate::Rng;
    use std::collections::HashMap;
    use ttt_core::Dims;

    /// The value of playing `cell` for the side playing it, by minimax.
    fn exact_move(p: &Position, cell: ttt_core::Cell, memo: &mut HashMap<Position, i32>) -> Value {
        let child = p.play(cell).unwrap();
        match -minimax(&child, memo) {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    #[test]
    fn small_boards_get_every_length() {
        let p = Position::new(Dims::new(3, 3, 3).unwrap());
        let a = analyze(&p, Duration::from_secs(5), 2);
        assert_eq!(a.value, Some(Value::Draw));
        assert_eq!(a.plies, Some(9));
        assert_eq!(a.best_moves.as_ref().map(Vec::len), Some(9));
        assert!(a.moves.iter().all(|m| m.verdict.is_some()));
        assert!(a.moves.iter().all(|m| m.value == Some(Value::Draw)));
    }

    #[test]
    fn values_agree_with_minimax_whichever_search_proves_them() {
        let mut rng = Rng::seeded(11);
        let mut memo = HashMap::new();
        let mut seen = 0;
        let mut by_proof_searches = 0;
        for (rows, cols, k, empty) in [(3, 3, 3, 7), (4, 4, 3, 10), (4, 4, 4, 11), (4, 5, 4, 10)] {
            let dims = Dims::new(rows, cols, k).unwrap();
            for i in 0..9 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                seen += 1;
                // No time for alpha-beta with lengths (everything rests on the proof
                // searches), a little (some moves each way), or plenty.
                let lengths_for = Duration::from_millis([0, 3, 30_000][i % 3]);
                let a = analyze_with(&p, Duration::from_secs(60), 1 + i % 2, lengths_for);
                let values: Vec<Value> = p
                    .legal_moves()
                    .map(|c| exact_move(&p, c, &mut memo))
                    .collect();
                let best = values.iter().copied().max_by_key(|&v| rank(v));
                assert_eq!(a.value, best, "{p}");
                let filled = p.count_blanks() as u32;
                for (m, want) in a.moves.iter().zip(&values) {
                    assert_eq!(m.value, Some(*want), "{p} {}", m.cell);
                    match m.verdict {
                        Some(v) => {
                            assert_eq!(v.value, *want, "{p} {}", m.cell);
                            if v.value == Value::Draw {
                                assert_eq!(v.plies, filled, "{p} {}", m.cell);
                            }
                        }
                        None => {
                            assert_ne!(*want, Value::Draw, "{p} {}", m.cell);
                            by_proof_searches += 1;
                        }
                    }
                }
                if best == Some(Value::Draw) {
                    assert_eq!(a.plies, Some(filled), "{p}");
                } else if lengths_for.is_zero() {
                    assert_eq!(a.plies, None, "{p}");
                    assert!(
                        a.moves
                            .iter()
                            .all(|m| m.verdict.is_none() || m.value == Some(Value::Draw)),
                        "{p}"
                    );
                }
                // The best moves are those reaching the value, and the fastest of them
                // where every length is known.
                let reaching: Vec<_> = a
                    .moves
                    .iter()
                    .filter(|m| m.value == best)
                    .map(|m| m.cell)
                    .collect();
                let listed = a.best_moves.clone().expect("every move is known");
                assert!(!listed.is_empty(), "{p}");
                assert!(listed.iter().all(|c| reaching.contains(c)), "{p}");
                if a.plies.is_none() {
                    assert_eq!(listed, reaching, "{p}");
                }
            }
        }
        assert!(seen >= 25, "only {seen} positions");
        assert!(by_proof_searches > 30, "{by_proof_searches}");
    }
}
