//! Benchmarks of the solver, the perfect player and raw rules speed (random playouts).
//! Figures are recorded in docs/PERFORMANCE.md.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ttt_ai::{new_player, Level, Method, Rng, Solver};
use ttt_core::{Cell, Dims, Position};

/// Solves the empty board, with the game's length (as `analyze` does) or without (as `solve`).
fn solve(rows: usize, cols: usize, k: usize, lengths: bool) -> Option<ttt_ai::Value> {
    let pos = Position::new(Dims::new(rows, cols, k).unwrap());
    let solver = Solver::new(&pos);
    if lengths {
        solver.solve_with_length().verdict.map(|v| v.value)
    } else {
        solver.method(Method::AlphaBeta).solve().value
    }
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_from_empty");
    group.bench_function("3x3_k3", |b| b.iter(|| black_box(solve(3, 3, 3, true))));
    group.bench_function("3x3_k3_value_only", |b| {
        b.iter(|| black_box(solve(3, 3, 3, false)))
    });
    group.sample_size(10);
    group.bench_function("4x4_k4", |b| b.iter(|| black_box(solve(4, 4, 4, true))));
    group.bench_function("4x4_k4_value_only", |b| {
        b.iter(|| black_box(solve(4, 4, 4, false)))
    });
    group.bench_function("5x5_k4_value_only", |b| {
        b.iter(|| black_box(solve(5, 5, 4, false)))
    });
    group.bench_function("6x6_k4_value_only", |b| {
        b.iter(|| black_box(solve(6, 6, 4, false)))
    });
    group.bench_function("7x7_k5_value_only", |b| {
        b.iter(|| black_box(solve(7, 7, 5, false)))
    });
    group.finish();
}

/// Proves the value of the empty board by proof-number search alone (`ttt solve --method
/// proof-number --threads 1`), with a 256 MB table.
fn prove(rows: usize, cols: usize, k: usize) -> Option<ttt_ai::Value> {
    let pos = Position::new(Dims::new(rows, cols, k).unwrap());
    Solver::new(&pos)
        .memory(256 << 20)
        .method(Method::ProofNumber)
        .solve()
        .value
}

fn proving(c: &mut Criterion) {
    let mut group = c.benchmark_group("proof_number_from_empty");
    group.sample_size(10);
    for (name, (r, cols, k)) in [
        ("5x5_k4", (5, 5, 4)),
        ("8x8_k4", (8, 8, 4)),
        ("7x7_k5", (7, 7, 5)),
        ("6x8_k5", (6, 8, 5)),
    ] {
        group.bench_function(name, |b| b.iter(|| black_box(prove(r, cols, k))));
    }
    group.finish();
}

fn perfect_move(c: &mut Criterion) {
    let empty = Position::new(Dims::new(3, 3, 3).unwrap());
    let mid = empty.play(Cell::new(0, 0)).unwrap();
    let mut group = c.benchmark_group("perfect_move_3x3");
    for (name, pos) in [("empty", empty), ("after_corner", mid)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut p = new_player(Level::Perfect, None, Duration::from_secs(10));
                black_box(p.choose(&pos))
            })
        });
    }
    group.finish();
}

/// Plays uniformly random moves from the empty board to the end of the game.
fn playout(dims: Dims, rng: &mut Rng, empties: &mut Vec<Cell>) -> ttt_core::Outcome {
    let mut pos = Position::new(dims);
    empties.clear();
    empties.extend(dims.all_cells());
    while !pos.is_over() {
        let i = rng.below(empties.len());
        pos.play_unchecked(empties.swap_remove(i));
    }
    pos.outcome()
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));
    for (name, dims) in [
        ("3x3_k3", Dims::new(3, 3, 3).unwrap()),
        ("15x15_k5", Dims::new(15, 15, 5).unwrap()),
    ] {
        let mut rng = Rng::seeded(1);
        let mut empties = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| black_box(playout(dims, &mut rng, &mut empties)))
        });
    }
    group.finish();
}

criterion_group!(benches, solving, proving, perfect_move, playouts);
criterion_main!(benches);
