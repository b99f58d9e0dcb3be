//! The proof-number search on several threads, and the value of a position by it ([`solve`]):
//! after a while alone, more searches of the same
//! root share its table. Each goes down the moves with the smallest numbers, as one search
//! does, but puts off a move whose position another is searching below at the moment, so that
//! they split the work; what any of them learns is in the table for all. The first answer
//! stops the others. When the table is half full they stop, it doubles (within its limit),
//! and they start again from the root (with what they learned in the table, that costs
//! little).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_core::{Player, Position};

use super::ProofSearch;
use crate::board::Board;
use crate::search::limits::Limits;
use crate::search::stats::Stats;
use crate::value::Value;

/// How long a proof-number search runs on one thread before the others join it: the searches
/// that take longer are the ones a table grown to its limit at once does not slow down.
pub(crate) const ALONE_BEFORE_JOINING: Duration = Duration::from_secs(1);

/// Proves the value of `pos` for the side to move by proof-number search on `threads`
/// threads, within `limits` and `memory`: first whether it can win, then, unless that
/// settles it, whether the opponent can. The statistics count the threads that searched: one
/// if it was settled before the others joined.
pub(crate) fn solve(
    pos: &Position,
    limits: &Limits,
    memory: usize,
    threads: usize,
) -> (Option<Value>, Stats) {
    let started = Instant::now();
    let me = pos.turn();
    let mut nodes = 0;
    let mut table = (0, 0);
    let mut searched_by = 1;
    let mut ask = |attacker: Player| {
        let mut search = ProofSearch::new(pos, attacker, memory, limits.clone());
        let answer = prove_together(&mut search, threads, ALONE_BEFORE_JOINING);
        nodes += search.nodes();
        searched_by = searched_by.max(search.threads);
        table = (
            table.0.max(search.table.bytes()),
            table.1.max(search.table.used()),
        );
        answer
    };
    let value = match ask(me) {
        Some(true) => Some(Value::Win),
        // Strategy stealing: where swapping the colours gives the same position up to a
        // symmetry (the empty board, say), the side to move cannot lose.
        Some(false) if Board::new(pos).is_colour_symmetric() => Some(Value::Draw),
        Some(false) => match ask(me.other()) {
            Some(true) => Some(Value::Loss),
            Some(false) => Some(Value::Draw),
            None => None,
        },
        None => None,
    };
    let stats = Stats {
        nodes,
        elapsed: started.elapsed(),
        threads: searched_by,
        table_bytes: table.0,
        table_used: table.1,
    };
    (value, stats)
}

/// [`ProofSearch::prove`] on `threads` threads: `search` alone for `alone`, then, if that did
/// not settle it, with `threads - 1` more searches of the same root sharing its table.
pub(crate) fn prove_together(
    search: &mut ProofSearch,
    threads: usize,
    alone: Duration,
) -> Option<bool> {
    let outer = search.limits.clone();
    if threads <= 1 || outer.time_left().is_some_and(|l| l <= alone) {
        return search.prove();
    }
    search.limits = outer.at_most(alone);
    let first = search.prove();
    search.limits = outer.clone();
    if first.is_some() || outer.is_stopped() {
        return first;
    }
    search.threads = search.threads.max(threads);
    let answer = loop {
        search.aborted = false;
        let (shared, sharers_stop) = outer.with_own_stop();
        search.limits = shared.clone();
        search.sharers_stop = Some(sharers_stop.clone());
        let mut helpers: Vec<ProofSearch> = (1..threads)
            .map(|_| ProofSearch {
                sharers_stop: Some(sharers_stop.clone()),
                pairings_everywhere: search.pairings_everywhere,
                ..ProofSearch::with_table(
                    &search.root,
                    search.attacker,
                    Arc::clone(&search.table),
                    shared.clone(),
                )
            })
            .collect();
        let answers: Vec<Option<bool>> = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let sharers_stop = &sharers_stop;
                    scope.spawn(move || {
                        let answer = helper.prove();
                        if answer.is_some() {
                            sharers_stop.raise();
                        }
                        answer
                    })
                })
                .collect();
            let own = search.prove();
            // Whatever ended this search ends the others.
            sharers_stop.raise();
            std::iter::once(own)
                .chain(
                    handles
                        .into_iter()
                        .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
                )
                .collect()
        });
        search.nodes += helpers.iter().map(|s| s.nodes).sum::<u64>();
        drop(helpers);
        search.sharers_stop = None;
        search.limits = outer.clone();
        let mut settled = answers.into_iter().flatten();
        if let Some(answer) = settled.next() {
            debug_assert!(settled.all(|a| a == answer));
            break Some(answer);
        }
        match Arc::get_mut(&mut search.table) {
            Some(table) if table.wants_to_grow() && !outer.is_over() => table.grow(),
            _ => break None,
        }
    };
    search.limits = outer;
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Dims;

    #[test]
    fn threads_count_only_once_they_join() {
        let p = Position::new(Dims::new(4, 4, 3).unwrap());
        let (value, stats) = solve(&p, &Limits::none(), 1 << 24, 2);
        assert_eq!((value, stats.threads), (Some(Value::Win), 1));
    }

    #[test]
    fn solve_value_asks_both_sides() {
        let value = |p: &Position| solve(p, &Limits::none(), 1 << 24, 1).0;
        let empty = |r, c, k| Position::new(Dims::new(r, c, k).unwrap());
        assert_eq!(value(&empty(3, 3, 3)), Some(Value::Draw));
        assert_eq!(value(&empty(3, 4, 3)), Some(Value::Win));
        assert_eq!(value(&empty(4, 4, 4)), Some(Value::Draw));
        let setup =
            |s| Position::from_setup(&ttt_core::Setup::from_notation(s).unwrap(), 3).unwrap();
        // O to move cannot block both of X's lines.
        assert_eq!(value(&setup("XX./.XO/O..")), Some(Value::Loss));
        // Two of X's lines need the same cell: O blocks it and holds the draw.
        assert_eq!(value(&setup(".OX/OOX/XX.")), Some(Value::Draw));
    }
}
