//! Alpha-beta on several threads. One thread searches alone first, as a parallel start would
//! only cost on the positions it settles soon. Past that, its results go into a table shared
//! by every thread, and all of them search the whole position, each taking the others'
//! results from the table; a thread puts off a move whose position another thread is
//! searching at the moment (ABDADA's rule), so that they split the work instead of doing it
//! twice. Half the threads deepen step by step (quickest to find a win), half search straight
//! to the end (quickest to prove a draw).
//!
//! Every result in the table is proven, or marked as a depth-limited bound, so the answer does
//! not depend on which thread finishes first: only the time does.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ttt_core::Position;

use super::{AlphaBeta, Solved};
use crate::search::limits::Limits;
use crate::search::stats::Stats;
use crate::tt::bounds::BoundTable;

/// The largest shared table: it is of fixed size (it does not grow as it fills), and its
/// pages are zeroed by the system as the threads first touch them, so a table larger than a
/// search fills costs that search time and memory for nothing.
const MAX_SHARED_BYTES: usize = 1 << 30;

/// A generous estimate of how fast threads fill a shared table, so that one sized for a
/// short search is not slower to make than the search lasts.
const SHARED_BYTES_A_SECOND: f64 = (64 << 20) as f64;

/// The shared table's size: two thirds of the memory allowed, at most [`MAX_SHARED_BYTES`],
/// and no more than the time left could fill, if there is a deadline (at least 16 MB).
fn shared_bytes(memory: usize, time_left: Option<Duration>) -> usize {
    let most = (memory / 3 * 2).min(MAX_SHARED_BYTES);
    match time_left {
        Some(l) => most.min(((l.as_secs_f64() * SHARED_BYTES_A_SECOND) as usize).max(16 << 20)),
        None => most,
    }
}

/// The value of `pos` by alpha-beta on `threads` threads (at least two), within `limits` and
/// `memory`: one alone for `alone` (not at all for zero), then all of them sharing a table.
/// With `straight_first`, the first of them searches straight to the end (as it does beside
/// the proof-number search, which finds wins soon).
pub(crate) fn solve(
    pos: &Position,
    limits: &Limits,
    memory: usize,
    threads: usize,
    alone: Duration,
    straight_first: bool,
) -> (Solved, Stats) {
    let started = Instant::now();
    let mut first = AlphaBeta::new(
        pos,
        Arc::new(BoundTable::growing(memory)),
        limits.at_most(alone),
        false,
    );
    // Zero `alone` skips the search alone; a deadline already past does not: it answers at
    // once.
    let alone = if alone.is_zero() {
        None
    } else {
        let solved = first.solve();
        let stats = first.stats(started, 1);
        if solved.value.is_some() || limits.is_over() {
            return (solved, stats);
        }
        Some((solved, stats))
    };
    let table = BoundTable::shared(shared_bytes(memory, limits.time_left()));
    for entry in first.table().entries() {
        table.store(entry);
    }
    drop(first);
    let table = Arc::new(table);

    let (each, stop) = limits.with_own_stop();
    let answer: Mutex<Option<Solved>> = Mutex::new(None);
    let mut nodes = alone.as_ref().map_or(0, |(_, s)| s.nodes);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let (table, stop, answer, each) = (Arc::clone(&table), &stop, &answer, &each);
                scope.spawn(move || {
                    let mut search = AlphaBeta::new(pos, table, each.clone(), false);
                    if (i % 2 == 1) != straight_first {
                        search.search_straight_to_the_end();
                    } else {
                        search.lean_to_the_end();
                    }
                    let solved = search.solve();
                    if solved.value.is_some() {
                        stop.raise();
                        if let Ok(mut a) = answer.lock() {
                            a.get_or_insert(solved);
                        }
                    }
                    search.nodes()
                })
            })
            .collect();
        for w in workers {
            // A search that panicked is a bug: let it show.
            nodes += w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
    let found = answer.into_inner().ok().flatten();
    let solved = Solved {
        value: found.and_then(|s| s.value),
        plies: None,
        best_move: found
            .and_then(|s| s.best_move)
            .or(alone.and_then(|(s, _)| s.best_move)),
    };
    let stats = Stats {
        nodes,
        elapsed: started.elapsed(),
        threads,
        table_bytes: table.bytes(),
        table_used: table.used(),
    };
    (solved, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_table_fits_memory_and_time() {
        let gb = 1usize << 30;
        assert_eq!(shared_bytes(6 * gb, None), MAX_SHARED_BYTES);
        assert_eq!(shared_bytes(96 << 20, None), 64 << 20);
        assert_eq!(
            shared_bytes(6 * gb, Some(Duration::from_secs(2))),
            128 << 20
        );
        assert_eq!(
            shared_bytes(6 * gb, Some(Duration::from_millis(1))),
            16 << 20
        );
        assert_eq!(
            shared_bytes(6 * gb, Some(Duration::from_secs(3600))),
            MAX_SHARED_BYTES
        );
        // The memory cap comes first, even under the floor.
        assert_eq!(shared_bytes(3 << 20, Some(Duration::from_secs(1))), 2 << 20);
    }
}
