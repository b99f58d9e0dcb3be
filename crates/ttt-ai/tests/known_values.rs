//! Values of whole games that are known from the literature, and exact agreement with a plain
//! minimax on every position of small boards.

use std::collections::HashMap;

use ttt_ai::{Method, Solver, Value, Verdict};
use ttt_core::{Dims, Outcome, Position, Symmetry};

fn solve(rows: usize, cols: usize, k: usize) -> Verdict {
    let pos = Position::new(Dims::new(rows, cols, k).unwrap());
    Solver::new(&pos)
        .solve_with_length()
        .verdict
        .expect("solved without a time limit")
}

#[test]
fn known_game_values() {
    assert_eq!(solve(3, 3, 3).value, Value::Draw);
    assert_eq!(solve(3, 4, 3).value, Value::Win);
    assert_eq!(solve(4, 3, 3).value, Value::Win);
    assert_eq!(solve(4, 4, 3).value, Value::Win);
    assert_eq!(solve(4, 4, 4).value, Value::Draw);
    // A player with K=1 wins with the first move; K=2 on 2x2 too, on the second X move.
    assert_eq!(
        solve(2, 2, 1),
        Verdict {
            value: Value::Win,
            plies: 1
        }
    );
    assert_eq!(
        solve(2, 2, 2),
        Verdict {
            value: Value::Win,
            plies: 3
        }
    );
}

/// Plain minimax, no pruning: (value for the side to move as -1/0/1, plies), fastest win and
/// slowest loss.
fn minimax(pos: &mut Position, memo: &mut HashMap<Position, (i32, u32)>) -> (i32, u32) {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let result = match pos.outcome() {
        Outcome::Win(_) => (-1, 0),
        Outcome::Draw => (0, 0),
        Outcome::InProgress => {
            let moves: Vec<_> = pos.legal_moves().collect();
            let mut best: Option<(i32, u32)> = None;
            for cell in moves {
                pos.play_unchecked(cell);
                let (v, p) = minimax(pos, memo);
                pos.undo(cell);
                let mine = (-v, p + 1);
                let rank = |(v, p): (i32, u32)| i64::from(v) * 1000 - i64::from(v) * i64::from(p);
                if best.is_none_or(|b| rank(mine) > rank(b)) {
                    best = Some(mine);
                }
            }
            best.unwrap()
        }
    };
    memo.insert(*pos, result);
    result
}

fn as_pair(v: Verdict) -> (i32, u32) {
    let value = match v.value {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    };
    (value, v.plies)
}

/// Every position reachable on the board, checked against plain minimax, through both the
/// root solve and the per-move analysis.
fn check_every_position(rows: usize, cols: usize, k: usize) {
    let mut memo = HashMap::new();
    let root = Position::new(Dims::new(rows, cols, k).unwrap());
    minimax(&mut root.clone(), &mut memo);
    let mut checked = 0;
    for (pos, &expected) in &memo {
        if pos.is_over() {
            continue;
        }
        let solver = Solver::new(pos);
        let solved = solver.solve_with_length().verdict.unwrap();
        assert_eq!(as_pair(solved), expected, "{pos} k={k}");
        // Without lengths, the value alone, faster, by each search alone.
        for method in [Method::AlphaBeta, Method::ProofNumber] {
            let quick = solver.clone().method(method).solve();
            assert_eq!(quick.value, Some(solved.value), "{pos} k={k} {method:?}");
        }
        if checked % 7 == 0 {
            let a = solver.analyze();
            for m in &a.moves {
                let mut child = *pos;
                child.play_unchecked(m.cell);
                let (v, p) = memo[&child];
                assert_eq!(
                    as_pair(m.verdict.unwrap()),
                    (-v, p + 1),
                    "{pos} move {}",
                    m.cell
                );
            }
        }
        for &s in Symmetry::of(pos.dims()) {
            let image = pos.transform(s);
            assert_eq!(memo.get(&image).copied(), Some(expected));
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn every_3x3_position_agrees_with_plain_minimax() {
    check_every_position(3, 3, 3);
}

#[test]
fn every_4x3_position_agrees_with_plain_minimax() {
    check_every_position(4, 3, 3);
}

#[test]
fn tiny_tables_and_thread_counts_give_the_same_values() {
    for (rows, cols, k, expected) in [
        (3, 3, 3, Value::Draw),
        (3, 4, 3, Value::Win),
        (4, 4, 3, Value::Win),
        (4, 4, 4, Value::Draw),
    ] {
        let pos = Position::new(Dims::new(rows, cols, k).unwrap());
        for table_bytes in [1, 1 << 10, 1 << 20] {
            let solver = Solver::new(&pos).memory(table_bytes);
            let s = solver.solve_with_length();
            assert_eq!(
                s.verdict.map(|v| v.value),
                Some(expected),
                "{rows}x{cols} k={k} table {table_bytes}"
            );
            for threads in [1, 2, 3] {
                for method in [Method::Auto, Method::AlphaBeta, Method::ProofNumber] {
                    let s = solver.clone().threads(threads).method(method).solve();
                    assert_eq!(
                        s.value,
                        Some(expected),
                        "{rows}x{cols} k={k} {threads} threads {method:?}"
                    );
                }
            }
        }
    }
}
