//! Solving a position's value, on one thread or several, by alpha-beta ([`crate::solver`]),
//! proof-number search ([`crate::proof`]) or both ([`Method`]).
//!
//! The searches are good at different games. Proof-number search goes best first, and
//! settles most boards many times faster than alpha-beta: 8x8 with four in a row in 1.3 s
//! against 17 s, 6x8 with five in about a second against 25 s, 7x8 with five, beyond
//! alpha-beta in an hour, in about a minute. Alpha-beta searching straight to the end is
//! quicker on the smallest boards (5x5 with four in a row: 8 thousand positions in 0.06 s,
//! 17 thousand in 0.07 s by proof numbers). So [`Method::Auto`] on two threads runs, from the start, alpha-beta straight to
//! the end on one and the proof-number search on the other, each with a table of its own;
//! the first answer stops the rest. More threads join the one straight to the end, sharing a
//! table. Once the proof-number search has run alone for [`crate::proof::JOIN`] (a second),
//! alpha-beta gives way and every thread joins the proof-number search, sharing its table
//! (7x8 K=5 in 47 s on two threads against 81 s on one). On one thread the proof-number
//! search runs alone.
//!
//! (Until 2026-11-25 the proof-number search's thread first deepened by alpha-beta for a
//! quarter of a second, and on one thread alpha-beta had the first quarter of a second:
//! since the proof-number search became quicker, that quarter only cost, 6x6 K=4 on two
//! threads 0.33 s against 0.09 s, 7x7 K=4 0.41 s against 0.17 s; see docs/PERFORMANCE.md.)
//!
//! Alpha-beta alone on several threads ([`Method::AlphaBeta`]): one thread searches alone
//! first ([`ALONE_ALPHA_BETA`]), as a parallel start would only cost on the positions it
//! settles soon. Past that, its results go into a
//! table shared by every alpha-beta thread, and all of them search the whole position, each
//! taking the others' results from the table; a thread puts off a move whose position
//! another thread is searching at the moment (ABDADA's rule), so that they split the work
//! instead of doing it twice.
//!
//! Every result either search keeps is proven (or, in alpha-beta's table, a depth-limited
//! bound marked as such), so the answer does not depend on which search finishes first or on
//! the number of threads: only the time does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use std::collections::HashMap;

use ttt_core::{Cell, Position, Symmetry};

use crate::solver::{Solution, Solver, SolverConfig, Value};
use crate::tt::SharedTable;

/// With [`Method::Auto`] on two threads or more, the most memory alpha-beta's tables (its
/// lone thread's, then the shared one) take: they need hold only what it finds before it
/// gives way to the proof-number search, which gets the rest (it had 1.5 GB of the default
/// 6 GB while it searched to the end).
const RACE_ALPHA_BETA_BYTES: usize = 256 << 20;

/// How long one thread searches alone with [`Method::AlphaBeta`], before the others join
/// (4x8 K=4 on two threads: 7 to 8 s joining at one second, 6 to 6.7 s at half a second).
const ALONE_ALPHA_BETA: Duration = Duration::from_secs(1);

/// Which searches [`solve_value_by`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Both: see the module's documentation.
    #[default]
    Auto,
    /// Alpha-beta only, on every thread.
    AlphaBeta,
    /// Proof-number search only: on one thread for its first second, then on every thread.
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
    solve_value_after(pos, config, threads, alone_for(method), method)
}

/// How long one alpha-beta thread searches alone with `method` (see
/// [`ALONE_ALPHA_BETA`]): only [`Method::AlphaBeta`] has its threads wait.
fn alone_for(method: Method) -> Duration {
    match method {
        Method::AlphaBeta => ALONE_ALPHA_BETA,
        Method::Auto | Method::ProofNumber => Duration::ZERO,
    }
}

/// [`solve_value_by`], one thread of [`Method::AlphaBeta`] searching alone for `alone`
/// before the others join it (all at once for zero; the other methods never wait).
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
    let threads = threads.max(1);
    match method {
        Method::AlphaBeta if threads == 1 => Solver::new(pos, config).solve(),
        Method::AlphaBeta => alpha_beta(pos, config, threads, alone, false),
        Method::Auto if threads > 1 => race(pos, &config, threads),
        // On one thread there is nothing to race: the proof-number search alone.
        Method::Auto | Method::ProofNumber => crate::proof::solve_value(pos, &config, threads),
    }
}

/// The value of every legal move of `pos` for the side to move, each proven by
/// [`solve_value_by`] on the position it leads to (positions the same up to a symmetry
/// once), `None` where time ran out first; and the positions searched. With a time limit,
/// the moves still unknown share what is left, equally, round after round, while rounds
/// settle anything.
#[must_use]
pub fn move_values_by(
    pos: &Position,
    config: &SolverConfig,
    threads: usize,
    method: Method,
) -> (Vec<(Cell, Option<Value>)>, u64) {
    move_values_where(pos, config, threads, method, |_| true)
}

/// [`move_values_by`] for the moves `wanted` picks (the others are `None`), each proven by
/// [`solve_value_by`].
pub(crate) fn move_values_where(
    pos: &Position,
    config: &SolverConfig,
    threads: usize,
    method: Method,
    wanted: impl Fn(Cell) -> bool,
) -> (Vec<(Cell, Option<Value>)>, u64) {
    let started = Instant::now();
    let mut moves: Vec<(Cell, Option<Value>, Option<usize>)> = Vec::new();
    // The positions to prove, one for each class under the board's symmetries.
    let mut children: Vec<(Position, Option<Value>)> = Vec::new();
    let mut classes: HashMap<String, usize> = HashMap::new();
    for cell in pos.legal_moves() {
        if !wanted(cell) {
            moves.push((cell, None, None));
            continue;
        }
        let mut child = *pos;
        child.play_unchecked(cell);
        let key = Symmetry::of(pos.dims())
            .iter()
            .map(|&s| child.transform(s).to_string())
            .min()
            .unwrap_or_else(|| child.to_string());
        let n = children.len();
        let class = *classes.entry(key).or_insert(n);
        if class == n {
            children.push((child, Value::at_end(&child)));
        }
        moves.push((cell, None, Some(class)));
    }
    let mut nodes = 0;
    loop {
        let open = children.iter().filter(|c| c.1.is_none()).count();
        if open == 0 || is_stopped(config, started) {
            break;
        }
        let mut settled = 0;
        for child in children.iter_mut().filter(|c| c.1.is_none()) {
            let share = time_left(config, started).map(|l| l / open as u32);
            let s = solve_value_by(
                &child.0,
                SolverConfig {
                    time_limit: share,
                    ..config.clone()
                },
                threads,
                method,
            );
            nodes += s.nodes;
            if s.value.is_some() {
                child.1 = s.value;
                settled += 1;
            }
            if is_stopped(config, started) {
                break;
            }
        }
        if settled == 0 {
            break;
        }
    }
    // Each child's value is its mover's: the other way round for the root's mover.
    for m in &mut moves {
        m.1 =
            m.2.and_then(|class| children[class].1)
                .map(Value::for_opponent);
    }
    (moves.into_iter().map(|(c, v, _)| (c, v)).collect(), nodes)
}

/// What is left of `config`'s time limit, if it has one, counted from `started`.
fn time_left(config: &SolverConfig, started: Instant) -> Option<Duration> {
    config
        .time_limit
        .map(|l| l.saturating_sub(started.elapsed()))
}

/// `config` for a search of at most `at_most`, within its own time limit.
fn for_at_most(config: &SolverConfig, at_most: Duration) -> SolverConfig {
    SolverConfig {
        time_limit: Some(config.time_limit.map_or(at_most, |l| l.min(at_most))),
        ..config.clone()
    }
}

/// Whether the time limit has passed since `started`, or `config`'s stop flag is up.
fn is_stopped(config: &SolverConfig, started: Instant) -> bool {
    config.time_limit.is_some_and(|l| started.elapsed() >= l)
        || config
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
}

/// Waits until `done`, raising `stop` (which the searching threads watch) once `config`'s
/// time limit from `started` has passed or its own stop flag is up. The deadline is kept
/// here, not by each thread: threads that start late (many threads on few cores) would
/// count their time from their own start.
fn watch(done: impl Fn() -> bool, config: &SolverConfig, started: Instant, stop: &AtomicBool) {
    while !done() {
        if is_stopped(config, started) {
            stop.store(true, Ordering::Relaxed);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// [`Method::Auto`] on two threads or more: the proof-number search on one thread,
/// alpha-beta straight to the end on the others, from the start, until the proof-number
/// search has run alone for [`crate::proof::JOIN`]; then the proof-number search on every
/// thread. The first answer stops the rest.
fn race(pos: &Position, config: &SolverConfig, threads: usize) -> Solution {
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let beta_bytes = (config.table_bytes / 2).min(RACE_ALPHA_BETA_BYTES);
    let each = SolverConfig {
        stop: Some(Arc::clone(&stop)),
        ..config.clone()
    };
    // A search that finishes stops the other.
    let finish = |s: Solution| {
        if s.value.is_some() {
            stop.store(true, Ordering::Relaxed);
        }
        s
    };
    let (proof, beta) = std::thread::scope(|scope| {
        let proof = scope.spawn(|| {
            let config = SolverConfig {
                table_bytes: config.table_bytes - beta_bytes,
                ..each.clone()
            };
            finish(crate::proof::solve_value(pos, &config, threads))
        });
        // Alpha-beta gives its threads to the proof-number search when that is joined by
        // more (see `crate::proof::JOIN`).
        let beta = scope.spawn(|| {
            let config = SolverConfig {
                table_bytes: beta_bytes,
                ..for_at_most(&each, crate::proof::JOIN)
            };
            finish(if threads == 2 {
                let mut solver = Solver::new(pos, config);
                solver.search_straight_to_the_end();
                solver.solve()
            } else {
                alpha_beta(pos, config, threads - 1, Duration::ZERO, true)
            })
        });
        watch(
            || proof.is_finished() && beta.is_finished(),
            config,
            started,
            &stop,
        );
        (proof.join(), beta.join())
    });
    let (proof, beta) = match (proof, beta) {
        (Ok(p), Ok(b)) => (p, b),
        // A search that panicked is a bug: let it show.
        (Err(e), _) | (_, Err(e)) => std::panic::resume_unwind(e),
    };
    let found = if proof.value.is_some() { &proof } else { &beta };
    Solution {
        value: found.value,
        plies: None,
        best_move: beta.best_move,
        nodes: proof.nodes + beta.nodes,
        elapsed: started.elapsed(),
        depth: beta.depth,
        table_bytes: proof.table_bytes + beta.table_bytes,
        table_used: proof.table_used + beta.table_used,
        threads,
    }
}

/// Alpha-beta on `threads` threads: one alone for `alone` (not at all for zero), then all of
/// them sharing a table. With `straight_first`, the first of them searches straight to the
/// end (beside the proof-number search, which finds wins soon).
fn alpha_beta(
    pos: &Position,
    config: SolverConfig,
    threads: usize,
    alone: Duration,
    straight_first: bool,
) -> Solution {
    let started = Instant::now();
    let limit = config.time_limit;
    let mut first = Solver::new(pos, for_at_most(&config, alone));
    // Zero `alone` skips the search alone; a zero time limit does not: it answers at once.
    let alone = if alone.is_zero() {
        None
    } else {
        let s = first.solve();
        if s.value.is_some() || is_stopped(&config, started) {
            return Solution {
                elapsed: started.elapsed(),
                ..s
            };
        }
        Some(s)
    };
    let table = Arc::new(SharedTable::with_bytes(shared_bytes(
        config.table_bytes,
        limit,
    )));
    first.share_results(&table);
    drop(first);

    let stop = Arc::new(AtomicBool::new(false));
    let per_thread = SolverConfig {
        time_limit: time_left(&config, started),
        stop: Some(Arc::clone(&stop)),
        ..config.clone()
    };
    let answer: Mutex<Option<Solution>> = Mutex::new(None);
    let mut nodes = alone.as_ref().map_or(0, |s| s.nodes);
    let mut used = 0;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let (table, stop, answer) = (Arc::clone(&table), &stop, &answer);
                let config = per_thread.clone();
                scope.spawn(move || {
                    let mut solver = Solver::with_shared_table(pos, config, table);
                    // Half the threads search straight to the end (quickest to prove a
                    // draw), half deepen step by step (quickest to find a win); each uses
                    // what the others have proven.
                    if (i % 2 == 1) != straight_first {
                        solver.search_straight_to_the_end();
                    } else {
                        solver.lean_to_the_end();
                    }
                    let s = solver.solve();
                    if s.value.is_some() {
                        stop.store(true, Ordering::Relaxed);
                        if let Ok(mut a) = answer.lock() {
                            a.get_or_insert(s.clone());
                        }
                    }
                    (s.nodes, s.table_used)
                })
            })
            .collect();
        watch(
            || {
                workers
                    .iter()
                    .all(std::thread::ScopedJoinHandle::is_finished)
            },
            &config,
            started,
            &stop,
        );
        for w in workers {
            if let Ok((n, u)) = w.join() {
                nodes += n;
                used += u;
            }
        }
    });
    let found = answer.into_inner().ok().flatten();
    Solution {
        value: found.as_ref().and_then(|s| s.value),
        plies: None,
        best_move: found
            .as_ref()
            .and_then(|s| s.best_move)
            .or(alone.as_ref().and_then(|s| s.best_move)),
        nodes,
        elapsed: started.elapsed(),
        depth: found.as_ref().map_or(0, |s| s.depth),
        table_bytes: table.bytes(),
        table_used: used.max(alone.map_or(0, |s| s.table_used)),
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
    fn move_values_are_the_children_values_turned_round() {
        let positions = [
            Position::new(Dims::new(3, 4, 3).unwrap()),
            Position::new(Dims::new(4, 4, 4).unwrap()),
            Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap(),
            Position::from_setup(&Setup::from_notation("X.../.O../..../....").unwrap(), 3).unwrap(),
        ];
        for pos in positions {
            for method in METHODS {
                let (values, nodes) =
                    move_values_by(&pos, &SolverConfig::for_position(&pos), 2, method);
                assert_eq!(values.len(), pos.legal_moves().count());
                assert!(nodes > 0);
                for (cell, found) in values {
                    let child = pos.play(cell).unwrap();
                    let expected = Value::at_end(&child)
                        .or_else(|| value(&child, 1, Method::AlphaBeta))
                        .map(Value::for_opponent);
                    assert_eq!(found, expected, "{pos} {cell} {method:?}");
                }
            }
        }
        // No time: nothing is known, nothing is searched.
        let pos = Position::new(Dims::new(5, 5, 4).unwrap());
        let config = SolverConfig::for_position(&pos).with_time_limit(Duration::ZERO);
        let (values, nodes) = move_values_by(&pos, &config, 2, Method::Auto);
        assert!(values.iter().all(|(_, v)| v.is_none()));
        assert_eq!(nodes, 0);
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
