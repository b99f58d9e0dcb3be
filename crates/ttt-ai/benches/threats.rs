//! The time to find each threat puzzle's win (`tests/data/threat-puzzles.txt`): the target
//! is a second each. Figures are recorded in docs/PERFORMANCE.md.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use ttt_ai::Solver;

#[path = "../tests/support/puzzles.rs"]
mod puzzles;

fn threat_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("threat_puzzles");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(200));
    group.measurement_time(Duration::from_secs(1));
    for (i, p) in puzzles::puzzles().iter().enumerate() {
        let name = format!("{i:02}_{}_{}", p.kind, p.plies);
        group.bench_function(name, |b| {
            b.iter(|| black_box(Solver::new(&p.position).threat_win()))
        });
    }
    group.finish();
}

criterion_group!(benches, threat_puzzles);
criterion_main!(benches);
