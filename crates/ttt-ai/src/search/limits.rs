//! When a search must stop: one type, [`Limits`], that every search takes and checks the same
//! way.
//!
//! A time limit becomes a deadline (an instant) once, where the caller asks, so that searches
//! started later or on other threads all stop at the same moment without passing what is
//! left of the time down from layer to layer. A [`StopFlag`] stops a search from outside; a
//! search that starts helpers of its own gives them a flag *below* its own, which stops them
//! when raised without stopping the caller, and is raised whenever the caller's is.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag that stops the searches watching it, from any thread. Cloning it gives another
/// handle to the same flag.
///
/// ```
/// use ttt_ai::StopFlag;
/// let stop = StopFlag::new();
/// let handle = stop.clone();
/// handle.raise();
/// assert!(stop.is_raised());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<Flag>);

#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    /// Flags above this one: raising any of them raises this one too.
    above: Vec<StopFlag>,
}

impl StopFlag {
    /// A flag not yet raised.
    ///
    /// ```
    /// # use ttt_ai::StopFlag;
    /// assert!(!StopFlag::new().is_raised());
    /// ```
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Stops every search watching this flag or a flag below it. A search from another
    /// thread, stopped from this one:
    ///
    /// ```
    /// use ttt_ai::{Limits, Solver, StopFlag};
    /// use ttt_core::{Dims, Position};
    ///
    /// // Gomoku's empty board: far too big to solve.
    /// let pos = Position::new(Dims::new(15, 15, 5).unwrap());
    /// let stop = StopFlag::new();
    /// let limits = Limits::none().with_stop(stop.clone());
    /// let search = std::thread::spawn(move || Solver::new(&pos).limits(limits).solve());
    /// stop.raise();
    /// assert_eq!(search.join().unwrap().value, None);
    /// ```
    pub fn raise(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Lowers this flag again (not those above it), so that searches given it from now on
    /// run: a flag raised to stop one search, kept for the next.
    ///
    /// ```
    /// # use ttt_ai::StopFlag;
    /// let flag = StopFlag::new();
    /// flag.raise();
    /// flag.lower();
    /// assert!(!flag.is_raised());
    /// ```
    pub fn lower(&self) {
        self.0.raised.store(false, Ordering::Relaxed);
    }

    /// Whether this flag, or one above it, has been raised.
    ///
    /// ```
    /// # use ttt_ai::StopFlag;
    /// let flag = StopFlag::new();
    /// flag.raise();
    /// assert!(flag.is_raised());
    /// ```
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed) || self.0.above.iter().any(Self::is_raised)
    }

    /// A new flag below `above`: raised whenever one of them is, and on its own.
    fn below(above: Vec<StopFlag>) -> StopFlag {
        StopFlag(Arc::new(Flag {
            raised: AtomicBool::new(false),
            above,
        }))
    }
}

/// How long a search may go on, and how it reports progress.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Limits, StopFlag};
///
/// let stop = StopFlag::new();
/// let limits = Limits::none().within(Duration::from_secs(5)).with_stop(stop.clone());
/// assert!(!limits.is_over());
/// stop.raise();
/// assert!(limits.is_over());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
    deadline: Option<Instant>,
    stop: Option<StopFlag>,
    progress: Option<Arc<AtomicU64>>,
}

/// Searches look at the clock and the stop flag once every this many positions: reading the
/// clock at every one would cost more than the positions.
pub(crate) const CHECK_EVERY: u64 = 1024;

impl Limits {
    /// No limit at all: search until done.
    ///
    /// ```
    /// # use ttt_ai::Limits;
    /// let limits = Limits::none();
    /// assert!(!limits.is_over() && limits.deadline().is_none());
    /// ```
    #[must_use]
    pub fn none() -> Limits {
        Limits::default()
    }

    /// These limits, ending `time` from now at the latest.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::Limits;
    /// assert!(Limits::none().within(Duration::ZERO).is_over());
    /// assert!(!Limits::none().within(Duration::from_secs(60)).is_over());
    /// ```
    #[must_use]
    pub fn within(self, time: Duration) -> Limits {
        self.until(Instant::now().checked_add(time))
    }

    /// These limits, ending at `deadline` at the latest (`None` changes nothing). The earlier
    /// of two deadlines holds.
    ///
    /// ```
    /// # use std::time::{Duration, Instant};
    /// # use ttt_ai::Limits;
    /// let soon = Instant::now() + Duration::from_secs(1);
    /// let limits = Limits::none().until(Some(soon)).within(Duration::from_secs(60));
    /// assert_eq!(limits.deadline(), Some(soon));
    /// ```
    #[must_use]
    pub fn until(mut self, deadline: Option<Instant>) -> Limits {
        self.deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    /// These limits, also ending when `stop` is raised.
    ///
    /// ```
    /// # use ttt_ai::{Limits, StopFlag};
    /// let stop = StopFlag::new();
    /// let limits = Limits::none().with_stop(stop.clone());
    /// stop.raise();
    /// assert!(limits.is_over());
    /// ```
    #[must_use]
    pub fn with_stop(mut self, stop: StopFlag) -> Limits {
        self.stop = Some(match self.stop.take() {
            // Either flag stops the search: a flag below both.
            Some(old) => StopFlag::below(vec![old, stop]),
            None => stop,
        });
        self
    }

    /// These limits, adding the positions searched to `counter` as the search goes (in steps
    /// of a thousand or so), for a progress display on another thread.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    /// use ttt_ai::{Limits, Solver};
    /// use ttt_core::{Dims, Position};
    ///
    /// let counter = Arc::new(AtomicU64::new(0));
    /// let limits = Limits::none().with_progress(Arc::clone(&counter));
    /// let pos = Position::new(Dims::new(5, 5, 4).unwrap());
    /// Solver::new(&pos).limits(limits).solve();
    /// assert!(counter.load(Ordering::Relaxed) > 0);
    /// ```
    #[must_use]
    pub fn with_progress(mut self, counter: Arc<AtomicU64>) -> Limits {
        self.progress = Some(counter);
        self
    }

    /// The instant the search must end by, if any.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::Limits;
    /// assert!(Limits::none().deadline().is_none());
    /// assert!(Limits::none().within(Duration::from_secs(1)).deadline().is_some());
    /// ```
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time left before the deadline, if there is one.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::Limits;
    /// let left = Limits::none().within(Duration::from_secs(5)).time_left().unwrap();
    /// assert!(left <= Duration::from_secs(5));
    /// assert_eq!(Limits::none().time_left(), None);
    /// ```
    #[must_use]
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has passed or a stop flag is raised.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_ai::Limits;
    /// assert!(Limits::none().within(Duration::ZERO).is_over());
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// Whether a stop flag is raised (whatever the clock says).
    pub(crate) fn is_stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// These limits with a new stop flag below their own, and the flag: raising it stops
    /// searches given the new limits, not the caller's.
    pub(crate) fn with_own_stop(&self) -> (Limits, StopFlag) {
        let flag = StopFlag::below(self.stop.iter().cloned().collect());
        let limits = Limits {
            stop: Some(flag.clone()),
            ..self.clone()
        };
        (limits, flag)
    }

    /// These limits, ending `time` from now at the latest.
    pub(crate) fn at_most(&self, time: Duration) -> Limits {
        self.clone().within(time)
    }

    /// Called by a search at each of its check points (every [`CHECK_EVERY`] positions, as
    /// a rule), with the positions searched since the last: adds them to the progress counter
    /// and says whether the search must stop.
    pub(crate) fn tick(&self, positions: u64) -> bool {
        if let Some(p) = &self.progress {
            p.fetch_add(positions, Ordering::Relaxed);
        }
        self.is_over()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_below_stops_with_the_one_above_but_not_the_other_way() {
        let outer = StopFlag::new();
        let limits = Limits::none().with_stop(outer.clone());
        let (inner_limits, inner) = limits.with_own_stop();
        inner.raise();
        assert!(inner_limits.is_over() && !limits.is_over());
        let (again, _) = limits.with_own_stop();
        outer.raise();
        assert!(again.is_over() && limits.is_over());
    }

    #[test]
    fn two_flags_both_stop() {
        let (a, b) = (StopFlag::new(), StopFlag::new());
        let limits = Limits::none().with_stop(a.clone()).with_stop(b.clone());
        assert!(!limits.is_over());
        b.raise();
        assert!(limits.is_over() && !a.is_raised());
    }

    #[test]
    fn the_earlier_deadline_holds_and_progress_adds_up() {
        let soon = Instant::now() + Duration::from_secs(1);
        let limits = Limits::none()
            .until(Some(soon))
            .within(Duration::from_secs(3600));
        assert_eq!(limits.deadline(), Some(soon));
        assert!(limits.at_most(Duration::ZERO).is_over());
        assert!(limits.time_left().unwrap() <= Duration::from_secs(1));
        let counter = Arc::new(AtomicU64::new(0));
        let limits = Limits::none().with_progress(Arc::clone(&counter));
        assert!(!limits.tick(CHECK_EVERY));
        assert!(!limits.tick(1));
        assert_eq!(counter.load(Ordering::Relaxed), CHECK_EVERY + 1);
        assert!(!Limits::none().is_over());
    }
}
