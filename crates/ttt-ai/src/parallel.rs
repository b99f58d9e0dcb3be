//! Solving a position's value, on one thread or several.
//!
//! Alpha-beta ([`crate::solver`]) searches alone first: most positions are settled within
//! [`ALONE`], where anything else would only cost. Past that, the position is a big one and two
//! searches go on side by side, each with its own strengths:
//!
//! - proof-number search ([`crate::proof`]), on a table of its own. It goes best first, and
//!   proves the large boards' draws many times faster (6x8 with five in a row: 2.2 s against
//!   24 s; 7x8 with five, beyond alpha-beta in an hour, in 13 minutes);
//! - alpha-beta on every other thread, all sharing one table: every thread searches the
//!   whole position, taking the others' results from the table, and puts off a move whose
//!   position another thread is searching at the moment (ABDADA's rule), so that they split
//!   the work instead of doing it twice. It is the quicker on narrow boards such as 4x8 with
//!   four in a row, where the proof-number search is slow to tell the many defences apart.
//!
//! The first to finish gives the answer and stops the rest. On one thread the proof-number
//! search takes over from alpha-beta.
//!
//! Every result either search keeps is proven (or, in alpha-beta's table, a depth-limited
//! bound marked as such), so the answer does not depend on which search finishes first or on
//! the number of threads: only the time does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ttt_core::Position;

use crate::solver::{Solution, Solver, SolverConfig};
use crate::tt::SharedTable;

/// How long alpha-beta searches alone before the other searches start. 7x7 with five in a
/// row is settled alone in 1.7-1.9 s and 0.2 million positions; joined by the others, it
/// took 2.2-4.3 s and 0.7-3.1 million positions. The price is as long a wait on the
/// positions that need the others.
pub(crate) const ALONE: Duration = Duration::from_millis(2500);

/// How long one thread searches alone with [`Method::AlphaBeta`], before the other
/// alpha-beta threads join it (tuned before the proof-number search came: 4x8 K=4 took 7 to
/// 8 s on two threads, 6 to 6.7 s joining at half a second, and 7x7 K=5 2.0-2.1 s against
/// 2.2-4.3 s).
const ALONE_ALPHA_BETA: Duration = Duration::from_secs(1);

/// Which searches [`solve_value_by`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Alpha-beta alone first, then proof-number search beside alpha-beta threads (see the
    /// module's documentation): the quickest on every board measured but a few.
    #[default]
    Auto,
    /// Alpha-beta only, on every thread.
    AlphaBeta,
    /// Proof-number search only (on one thread: it is not parallel).
    ProofNumber,
}

/// The largest shared table: it is of fixed size and cleared up front, so it costs time to
/// make (about a quarter of a second a gigabyte here) whether it is used or not.
const MAX_SHARED_BYTES: usize = 1 << 30;

/// The shared table for a search of `limit` at most: threads here fill well under this much a
/// second (about 25 MB: 16 bytes a position, 1.5 million positions a second), and a table
/// sized for an hour would take longer to make than a short search lasts.
const SHARED_BYTES_A_SECOND: f64 = (64 << 20) as f64;

/// The shared table's size: two thirds of the memory allowed, at most [`MAX_SHARED_BYTES`],
/// and no more than the time limit could fill, if there is one (at least 16 MB).
fn shared_bytes(table_bytes: usize, limit: Option<Duration>) -> usize {
    let most = (table_bytes / 3 * 2).min(MAX_SHARED_BYTES);
    match limit {
        Some(l) => most.min(((l.as_secs_f64() * SHARED_BYTES_A_SECOND) as usize).max(16 << 20)),
        None => most,
    }
}

/// Proves the value (win, draw or loss, without the game's length) of `pos` using up to
/// `threads` threads, with [`Method::Auto`].
#[must_use]
pub fn solve_value(pos: &Position, config: SolverConfig, threads: usize) -> Solution {
    solve_value_by(pos, config, threads, Method::Auto)
}

/// [`solve_value`] with the searches of `method`.
#[must_use]
pub fn solve_value_by(
    pos: &Position,
    config: SolverConfig,
    threads: usize,
    method: Method,
) -> Solution {
    let alone = match method {
        Method::AlphaBeta => ALONE_ALPHA_BETA,
        Method::Auto | Method::ProofNumber => ALONE,
    };
    solve_value_after(pos, config, threads, alone, method)
}

/// [`solve_value_by`], alpha-beta searching alone for `alone` first (not at all for zero).
pub(crate) fn solve_value_after(
    pos: &Position,
    config: SolverConfig,
    threads: usize,
    alone: Duration,
    method: Method,
) -> Solution {
    let config = SolverConfig {
        lengths: false,
        ..config
    };
    let started = Instant::now();
    let limit = config.time_limit;
    let remaining = || limit.map(|l| l.saturating_sub(started.elapsed()));
    let stopped = || {
        limit.is_some_and(|l| started.elapsed() >= l)
            || config
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    let threads = threads.max(1);
    match method {
        Method::ProofNumber => return crate::proof::solve_value(pos, &config),
        Method::AlphaBeta if threads == 1 => return Solver::new(pos, config).solve(),
        Method::AlphaBeta | Method::Auto => {}
    }
    let mut first = Solver::new(
        pos,
        SolverConfig {
            time_limit: Some(limit.map_or(alone, |l| l.min(alone))),
            // On one thread, the proof-number search later needs the memory more.
            table_bytes: if threads == 1 {
                config.table_bytes / 4
            } else {
                config.table_bytes
            },
            ..config.clone()
        },
    );
    // Zero `alone` skips the search alone; a zero time limit does not: it answers at once.
    let alone = if alone.is_zero() {
        None
    } else {
        let s = first.solve();
        if s.value.is_some() || stopped() {
            return Solution {
                elapsed: started.elapsed(),
                ..s
            };
        }
        Some(s)
    };
    let alone_nodes = alone.as_ref().map_or(0, |s| s.nodes);
    let alone_used = alone.as_ref().map_or(0, |s| s.table_used);
    let best_move = alone.as_ref().and_then(|s| s.best_move);

    if threads == 1 {
        drop(first);
        let s = crate::proof::solve_value(
            pos,
            &SolverConfig {
                time_limit: remaining(),
                ..config
            },
        );
        return Solution {
            nodes: alone_nodes + s.nodes,
            elapsed: started.elapsed(),
            best_move,
            table_used: s.table_used.max(alone_used),
            ..s
        };
    }

    let shared = shared_bytes(config.table_bytes, limit);
    let proof_number = method == Method::Auto;
    let table = Arc::new(SharedTable::with_bytes(shared));
    first.share_results(&table);
    drop(first);

    let stop = Arc::new(AtomicBool::new(false));
    let per_thread = SolverConfig {
        time_limit: remaining(),
        stop: Some(Arc::clone(&stop)),
        ..config.clone()
    };
    let answer: Mutex<Option<Solution>> = Mutex::new(None);
    let mut nodes = alone_nodes;
    let mut used = 0;
    let mut proof_table = 0;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let (table, stop, answer) = (Arc::clone(&table), &stop, &answer);
                let config = per_thread.clone();
                scope.spawn(move || {
                    let s = if i == 0 && proof_number {
                        crate::proof::solve_value(
                            pos,
                            &SolverConfig {
                                table_bytes: config.table_bytes.saturating_sub(shared),
                                ..config
                            },
                        )
                    } else {
                        let mut solver = Solver::with_shared_table(pos, config, table);
                        // Half the threads search straight to the end (quickest to prove a
                        // draw), half deepen step by step (quickest to find a win); each uses
                        // what the others have proven.
                        if i % 2 == 1 {
                            solver.search_straight_to_the_end();
                        } else {
                            solver.lean_to_the_end();
                        }
                        solver.solve()
                    };
                    if s.value.is_some() {
                        stop.store(true, Ordering::Relaxed);
                        if let Ok(mut a) = answer.lock() {
                            a.get_or_insert(s.clone());
                        }
                    }
                    (s.nodes, s.table_used, s.table_bytes)
                })
            })
            .collect();
        // The deadline and the caller's stop flag are watched here and stop every thread
        // (threads that start late, many threads on few cores, would count their time from
        // their own start).
        while !workers
            .iter()
            .all(std::thread::ScopedJoinHandle::is_finished)
        {
            if stopped() {
                stop.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        for (i, w) in workers.into_iter().enumerate() {
            if let Ok((n, u, bytes)) = w.join() {
                nodes += n;
                used += u;
                if i == 0 && proof_number {
                    proof_table = bytes;
                }
            }
        }
    });
    let found = answer.into_inner().ok().flatten();
    Solution {
        value: found.as_ref().and_then(|s| s.value),
        plies: None,
        best_move: found.as_ref().and_then(|s| s.best_move).or(best_move),
        nodes,
        elapsed: started.elapsed(),
        depth: found.as_ref().map_or(0, |s| s.depth),
        table_bytes: table.bytes() + proof_table,
        table_used: used.max(alone_used),
        threads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

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
    use ttt_core::{Dims, Setup};

    const METHODS: [Method; 3] = [Method::Auto, Method::AlphaBeta, Method::ProofNumber];

    /// The value by `method` on `threads` threads, all of them from the start (no search
    /// alone first).
    fn value(pos: &Position, threads: usize, method: Method) -> Option<Value> {
        solve_value_after(
            pos,
            SolverConfig::for_position(pos),
            threads,
            Duration::ZERO,
            method,
        )
        .value
    }

    #[test]
    fn methods_and_thread_counts_agree() {
        for (r, c, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 2, 2)] {
            let pos = Position::new(Dims::new(r, c, k).unwrap());
            let one = value(&pos, 1, Method::AlphaBeta);
            assert!(one.is_some());
            for method in METHODS {
                for threads in 1..=3 {
                    assert_eq!(
                        value(&pos, threads, method),
                        one,
                        "{r}x{c} k={k} {method:?} on {threads}"
                    );
                }
            }
        }
        let lost = Position::from_setup(&Setup::from_notation("O.X/.X./.OX").unwrap(), 3).unwrap();
        for method in METHODS {
            assert_eq!(value(&lost, 2, method), Some(Value::Loss), "{method:?}");
        }
    }

    #[test]
    fn every_4x3_position_agrees_across_methods_thread_counts_and_tiny_tables() {
        // Each position's value by alpha-beta on one thread against every method on one to
        // three threads with tables of a few buckets, where entries are overwritten all the
        // time.
        let dims = Dims::new(4, 3, 3).unwrap();
        let mut stack = vec![Position::new(dims)];
        let mut seen = std::collections::HashSet::new();
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos.to_string()) || pos.is_over() {
                continue;
            }
            let one = value(&pos, 1, Method::AlphaBeta);
            let tiny = SolverConfig {
                table_bytes: 256,
                ..SolverConfig::for_position(&pos)
            };
            for method in METHODS {
                for threads in 1..=3 {
                    let many =
                        solve_value_after(&pos, tiny.clone(), threads, Duration::ZERO, method)
                            .value;
                    assert_eq!(many, one, "{pos} by {method:?} on {threads} threads");
                }
            }
            if seen.len() < 400 {
                stack.extend(pos.legal_moves().filter_map(|c| pos.play(c).ok()));
            }
        }
    }
}
