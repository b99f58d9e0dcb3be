//! The proof-number search on several threads: after a while alone, more searches of the same
//! root share its table. Each goes down the moves with the smallest numbers, as one search
//! does, but puts off a move whose position another is searching below at the moment, so that
//! they split the work; what any of them learns is in the table for all. The first answer
//! stops the others. When the table is half full they stop, it doubles (within its limit),
//! and they start again from the root (with what they learned in the table, that costs
//! little).

use std::sync::Arc;
use std::time::Duration;

use super::ProofSearch;

/// How long a proof-number search runs on one thread before the others join it: the searches
/// that take longer are the ones a table grown to its limit at once does not slow down.
pub(crate) const ALONE_BEFORE_JOINING: Duration = Duration::from_secs(1);

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
