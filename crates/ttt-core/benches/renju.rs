//! What renju's forbidden-point check costs: X's forbidden points on a whole 15 x 15 board
//! (every empty cell checked), and the check of one cell, in middle-game positions of 20, 40
//! and 60 stones made by a fixed pseudo-random game that stays legal for X. Figures are in
//! docs/PERFORMANCE.md.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use ttt_core::{Cell, Dims, Player, Position, Rule};

/// A legal renju game of `stones` stones from the centre outwards, X to move at the end,
/// chosen by a fixed linear congruential sequence among the empty cells near the stones.
fn middle_game(stones: usize) -> Position {
    let dims = Dims::new(15, 15, 5).unwrap();
    let mut pos = Position::with_rule(dims, Rule::Renju).unwrap();
    pos = pos.play(Cell::new(7, 7)).unwrap();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    while pos.ply() < stones || pos.turn() != Player::X {
        let taken: Vec<Cell> = (0..15)
            .flat_map(|r| (0..15).map(move |c| Cell::new(r, c)))
            .filter(|&c| pos.get(c).is_some())
            .collect();
        let near: Vec<Cell> = pos
            .empty_cells()
            .filter(|c| {
                taken
                    .iter()
                    .any(|m| m.row.abs_diff(c.row) <= 2 && m.col.abs_diff(c.col) <= 2)
            })
            .collect();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let start = (seed >> 33) as usize % near.len();
        let next = (0..near.len())
            .map(|i| near[(start + i) % near.len()])
            .find_map(|cell| pos.play(cell).ok().filter(|p| !p.is_over()));
        pos = next.expect("a legal move that does not end the game");
    }
    pos
}

fn forbidden(c: &mut Criterion) {
    let mut group = c.benchmark_group("renju_forbidden");
    for stones in [20, 40, 60] {
        let pos = middle_game(stones);
        group.bench_with_input(BenchmarkId::new("whole_board", stones), &pos, |b, pos| {
            b.iter(|| black_box(pos.forbidden_cells()))
        });
        let empty: Vec<Cell> = pos.empty_cells().collect();
        group.bench_with_input(
            BenchmarkId::new("every_cell_once", stones),
            &pos,
            |b, pos| {
                b.iter(|| {
                    for &cell in &empty {
                        black_box(pos.forbidden(cell));
                    }
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, forbidden);
criterion_main!(benches);
