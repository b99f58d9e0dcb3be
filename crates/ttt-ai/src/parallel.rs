//! Solving on several threads: the first moves are shared out among threads, each with its
//! own solver and a share of the memory. Moves that are mirror images of one another are
//! solved once. A win found by one thread stops the others.
//!
//! Each thread owns its transposition table (no locks, no shared mutable state but a queue
//! and a stop flag), so results do not depend on the number of threads, only the time does.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ttt_core::{Cell, Position, Symmetry};

use crate::solver::{Solution, Solver, SolverConfig, Value, INF, WIN_RANGE};

/// Proves the value (win, draw or loss, without the game's length) of `pos` using `threads`
/// threads. With one thread, or a position whose first move is forced, it is
/// [`Solver::solve`].
#[must_use]
pub fn solve_value(pos: &Position, config: SolverConfig, threads: usize) -> Solution {
    let config = SolverConfig {
        lengths: false,
        ..config
    };
    let started = Instant::now();
    let moves = distinct_moves(pos);
    if threads <= 1 || moves.len() < 2 || has_tactics(pos) {
        return Solver::new(pos, config).solve();
    }
    let threads = threads.min(moves.len());
    let queue = Mutex::new(moves);
    // The best root score proven so far, and its move: later moves need only be shown no
    // better, which is much cheaper than their exact value (a pairing often settles it).
    let best: Mutex<(i32, Option<Cell>)> = Mutex::new((-INF, None));
    let unfinished = AtomicBool::new(false);
    let stop = Arc::new(AtomicBool::new(false));
    let external = config.stop.clone();
    let per_thread = SolverConfig {
        table_bytes: config.table_bytes / threads,
        stop: Some(Arc::clone(&stop)),
        ..config.clone()
    };
    let mut totals = (0u64, 0usize, 0usize);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (queue, best, stop, unfinished) = (&queue, &best, &stop, &unfinished);
                let config = per_thread.clone();
                let external = external.clone();
                scope.spawn(move || {
                    let limit = config.time_limit;
                    let mut solver: Option<Solver> = None;
                    loop {
                        let next = queue.lock().ok().and_then(|mut q| q.pop());
                        let Some((cell, child)) = next else { break };
                        if external.as_ref().is_some_and(|e| e.load(Ordering::Relaxed)) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if stop.load(Ordering::Relaxed) {
                            unfinished.store(true, Ordering::Relaxed);
                            break;
                        }
                        let solver = match solver.as_mut() {
                            Some(s) => {
                                s.set_position(&child);
                                s
                            }
                            None => solver.insert(Solver::new(&child, config.clone())),
                        };
                        // The time limit counts from the start of the whole solve.
                        solver.set_time_limit(limit.map(|l| l.saturating_sub(started.elapsed())));
                        let alpha = best.lock().map_or(-INF, |b| b.0);
                        // The child's score is the opponent's: ours is its negation.
                        let result = solver.solve_window(-INF, -alpha);
                        let Some(child_score) = result else {
                            unfinished.store(true, Ordering::Relaxed);
                            break;
                        };
                        if let Ok(mut b) = best.lock() {
                            if -child_score > b.0 {
                                *b = (-child_score, Some(cell));
                            }
                            if b.0 >= WIN_RANGE {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    solver.map_or((0, 0, 0), |s| {
                        let (bytes, used) = s.table_stats();
                        (s.nodes(), bytes, used)
                    })
                })
            })
            .collect();
        for w in workers {
            if let Ok((n, bytes, used)) = w.join() {
                totals.0 += n;
                totals.1 += bytes;
                totals.2 += used;
            }
        }
    });
    let (score, best_move) = best.into_inner().unwrap_or((-INF, None));
    let value = if score >= WIN_RANGE {
        Some(Value::Win)
    } else if unfinished.load(Ordering::Relaxed) || best_move.is_none() {
        None
    } else if score <= -WIN_RANGE {
        Some(Value::Loss)
    } else {
        Some(Value::Draw)
    };
    Solution {
        value,
        plies: None,
        best_move,
        nodes: totals.0,
        elapsed: started.elapsed(),
        depth: 0,
        table_bytes: totals.1,
        table_used: totals.2,
    }
}

/// Whether the side to move can win at once or must block: left to the single solver, which
/// settles such positions without search.
fn has_tactics(pos: &Position) -> bool {
    pos.legal_moves()
        .any(|c| pos.makes_line(c, pos.turn()) || pos.makes_line(c, pos.turn().other()))
}

/// The legal moves, one of each set of mirror images, with the positions they lead to;
/// ordered so that central moves come off the end of the list (the queue's top) first.
fn distinct_moves(pos: &Position) -> Vec<(Cell, Position)> {
    let dims = pos.dims();
    let mut seen = HashSet::new();
    let mut moves = Vec::new();
    for cell in pos.legal_moves() {
        let child = pos.play(cell).unwrap_or(*pos);
        let canonical = Symmetry::of(dims)
            .iter()
            .map(|&s| child.transform(s).to_string())
            .min()
            .unwrap_or_default();
        // Only symmetries that fix the root make two moves equivalent; the child's canonical
        // form captures exactly those, since the root is common to both.
        if seen.insert(canonical) {
            moves.push((cell, child));
        }
    }
    let centre = |c: Cell| {
        let dr = 2 * i32::from(c.row) - (dims.rows() as i32 - 1);
        let dc = 2 * i32::from(c.col) - (dims.cols() as i32 - 1);
        dr * dr + dc * dc
    };
    moves.sort_by_key(|&(c, _)| std::cmp::Reverse(centre(c)));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    fn value(pos: &Position, threads: usize) -> Option<Value> {
        solve_value(pos, SolverConfig::for_position(pos), threads).value
    }

    #[test]
    fn thread_counts_agree() {
        for (r, c, k) in [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (2, 2, 2)] {
            let pos = Position::new(Dims::new(r, c, k).unwrap());
            let one = value(&pos, 1);
            assert!(one.is_some());
            assert_eq!(value(&pos, 2), one, "{r}x{c} k={k}");
            assert_eq!(value(&pos, 3), one, "{r}x{c} k={k}");
        }
        let lost = Position::from_setup(&Setup::from_notation("O.X/.X./.OX").unwrap(), 3).unwrap();
        assert_eq!(value(&lost, 2), Some(Value::Loss));
    }

    #[test]
    fn mirror_moves_are_solved_once() {
        let pos = Position::new(Dims::new(3, 3, 3).unwrap());
        // Corner, edge, centre.
        assert_eq!(distinct_moves(&pos).len(), 3);
        assert_eq!(distinct_moves(&pos).last().unwrap().0, Cell::new(1, 1));
    }
}
