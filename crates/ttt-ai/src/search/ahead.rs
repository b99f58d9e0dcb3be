//! Work done ahead on the threads a search on one thread leaves idle.
//!
//! A best-first search that stays on one thread (its table is its own, and the order it goes
//! in is what it finds) still knows what it will most likely ask next: having picked one new
//! position to open, it will open the new siblings after it. It *offers* those as jobs; the
//! other threads take the newest first (the search offering siblings in order, it opens
//! them from the first and the threads from the last, meeting between: where it settles
//! their parent before, the threads have done the least it needed) and keep what they make.
//! When the search comes to one, it *takes* it: made already, it is the search's at no cost; being
//! made, the search waits, which costs less than making it again; not started, the search
//! makes it itself. The search goes in the order it would on one thread; what the other
//! threads made that it never asks for is work lost, on cores that had none.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// Jobs waiting, at most: the oldest are dropped beyond, the search having gone elsewhere.
const MOST_WAITING: usize = 64;

/// Results kept for the search, at most: beyond, new ones are dropped.
const MOST_MADE: usize = 1 << 14;

/// The jobs and results the threads share.
#[derive(Debug)]
struct Shared<J, R> {
    state: Mutex<State<J, R>>,
    /// Signalled when a job is offered, a result made, or the threads told to stop.
    changed: Condvar,
}

#[derive(Debug)]
struct State<J, R> {
    /// Waiting, the newest last.
    waiting: Vec<(u64, J)>,
    running: HashSet<u64>,
    made: HashMap<u64, R>,
    stop: bool,
}

impl<J, R> Shared<J, R> {
    /// The state, even after a thread panicked holding it: every change to it is whole.
    fn lock(&self) -> MutexGuard<'_, State<J, R>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Threads working ahead of a search, each with a state `W` of its own.
#[derive(Debug)]
pub(crate) struct Ahead<J, R, W> {
    shared: Arc<Shared<J, R>>,
    workers: Vec<JoinHandle<W>>,
}

impl<J, R, W> Ahead<J, R, W>
where
    J: Send + 'static,
    R: Send + 'static,
    W: Send + 'static,
{
    /// A thread for each of `states`, each making the jobs it takes with `work` on its
    /// state: `None` where a job comes to nothing worth keeping.
    pub(crate) fn start<F>(states: Vec<W>, work: F) -> Ahead<J, R, W>
    where
        F: Fn(&mut W, J) -> Option<R> + Send + Clone + 'static,
    {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: Vec::new(),
                running: HashSet::new(),
                made: HashMap::new(),
                stop: false,
            }),
            changed: Condvar::new(),
        });
        let workers = states
            .into_iter()
            .map(|mut state| {
                let (shared, work) = (Arc::clone(&shared), work.clone());
                std::thread::spawn(move || {
                    while let Some((key, job)) = next_job(&shared) {
                        let result = work(&mut state, job);
                        let mut s = shared.lock();
                        s.running.remove(&key);
                        if let Some(result) = result {
                            if s.made.len() < MOST_MADE {
                                s.made.insert(key, result);
                            }
                        }
                        drop(s);
                        shared.changed.notify_all();
                    }
                    state
                })
            })
            .collect();
        Ahead { shared, workers }
    }

    /// Offers `job` under `key`, unless a job of that key waits, runs or is made.
    pub(crate) fn offer(&self, key: u64, job: impl FnOnce() -> J) {
        let mut s = self.shared.lock();
        if s.running.contains(&key)
            || s.made.contains_key(&key)
            || s.waiting.iter().any(|&(k, _)| k == key)
        {
            return;
        }
        if s.waiting.len() == MOST_WAITING {
            s.waiting.remove(0);
        }
        s.waiting.push((key, job()));
        drop(s);
        self.shared.changed.notify_one();
    }

    /// The result of the job of `key`: made, or waited for where it is being made. `None`
    /// where it was not offered, came to nothing, or waits still (it is then withdrawn: the
    /// search makes it itself).
    pub(crate) fn take(&self, key: u64) -> Option<R> {
        let mut s = self.shared.lock();
        loop {
            if let Some(result) = s.made.remove(&key) {
                return Some(result);
            }
            if !s.running.contains(&key) {
                s.waiting.retain(|&(k, _)| k != key);
                return None;
            }
            s = self
                .shared
                .changed
                .wait(s)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Drops every job waiting and every result made: what the search asks from now on
    /// differs (the threads finish the jobs they run, whose results are dropped too).
    pub(crate) fn forget(&self) {
        let mut s = self.shared.lock();
        s.waiting.clear();
        s.made.clear();
    }

    /// Stops the threads once their jobs running are done, and gives back their states.
    pub(crate) fn finish(mut self) -> Vec<W> {
        self.stop();
        std::mem::take(&mut self.workers)
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    }
}

impl<J, R, W> Ahead<J, R, W> {
    /// Tells the threads to stop once their jobs running are done.
    fn stop(&self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
    }
}

impl<J, R, W> Drop for Ahead<J, R, W> {
    /// A search that ends without [`Ahead::finish`] (a panic) leaves no thread waiting.
    fn drop(&mut self) {
        self.stop();
    }
}

/// The newest job waiting, marked running; `None` once the threads are told to stop.
fn next_job<J, R>(shared: &Shared<J, R>) -> Option<(u64, J)> {
    let mut s = shared.lock();
    loop {
        if s.stop {
            return None;
        }
        if let Some((key, job)) = s.waiting.pop() {
            s.running.insert(key);
            return Some((key, job));
        }
        s = shared
            .changed
            .wait(s)
            .unwrap_or_else(PoisonError::into_inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn a_job_offered_is_made_once_and_taken_by_the_search() {
        let made = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&made);
        let ahead = Ahead::start(vec![(), ()], move |_: &mut (), job: u64| {
            counter.fetch_add(1, Relaxed);
            Some(job * 2)
        });
        for key in 0..10 {
            ahead.offer(key, || key);
            // Offered again while waiting, running or made: not made again.
            ahead.offer(key, || key);
        }
        for key in 0..10 {
            // Either made ahead, or withdrawn for the search to make itself.
            if let Some(result) = ahead.take(key) {
                assert_eq!(result, key * 2);
            }
        }
        // Taken once: gone.
        assert_eq!(ahead.take(3), None);
        let states = ahead.finish();
        assert_eq!(states.len(), 2);
        assert!(made.load(Relaxed) <= 10);
    }

    #[test]
    fn a_job_being_made_is_waited_for() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let rx = Arc::new(Mutex::new(rx));
        let ahead = Ahead::start(vec![()], move |_: &mut (), job: u64| {
            // Held until the test lets it go: taken while running.
            rx.lock().unwrap().recv().unwrap();
            Some(job + 1)
        });
        ahead.offer(7, || 7);
        // Wait until the thread has taken it.
        while !ahead.shared.lock().running.contains(&7) {
            std::thread::yield_now();
        }
        let release = std::thread::spawn(move || tx.send(()).unwrap());
        assert_eq!(ahead.take(7), Some(8));
        release.join().unwrap();
        ahead.finish();
    }

    #[test]
    fn a_job_still_waiting_is_withdrawn_and_one_that_came_to_nothing_is_none() {
        let ahead = Ahead::start(Vec::<()>::new(), |_: &mut (), job: u64| Some(job));
        ahead.offer(1, || 1);
        // No thread to take it: withdrawn.
        assert_eq!(ahead.take(1), None);
        assert!(ahead.shared.lock().waiting.is_empty());
        ahead.finish();
        let nothing = Ahead::start(vec![()], |_: &mut (), _job: u64| None::<u64>);
        nothing.offer(2, || 2);
        while !nothing.shared.lock().waiting.is_empty() || !nothing.shared.lock().running.is_empty()
        {
            std::thread::yield_now();
        }
        assert_eq!(nothing.take(2), None);
        nothing.finish();
    }
}
