//! How long a search may run: a time budget, a node budget and a stop flag, all checked
//! through one [`Clock`].

use std::time::{Duration, Instant};

/// What a search may spend. Unset limits do not limit; with none at all, only the stop flag
/// (or a proven result) ends the search. A `target` below `time` (a tournament's game clock)
/// is what a move should take: the search starts no deeper pass once a share of it is gone,
/// unless its best move has just changed or its score fallen, when it goes on towards `time`.
///
/// ```
/// use std::time::Duration;
/// use ttt_engine::Limits;
/// let limits = Limits::time(Duration::from_millis(200)).with_nodes(1_000_000);
/// assert_eq!(limits.nodes, Some(1_000_000));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// The longest the search may take: it never runs past it, and starts no deeper pass that
    /// it does not expect to finish within it.
    pub time: Option<Duration>,
    /// The most positions the search may visit.
    pub nodes: Option<u64>,
    /// The time a move should take, when less than `time`.
    pub target: Option<Duration>,
}

impl Limits {
    /// No limit.
    #[must_use]
    pub fn none() -> Limits {
        Limits::default()
    }

    /// At most `time`.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            nodes: None,
            target: None,
        }
    }

    /// These limits, aiming to take `target` (see [`Limits`]).
    #[must_use]
    pub fn with_target(self, target: Duration) -> Limits {
        Limits {
            target: Some(target),
            ..self
        }
    }

    /// These limits, and at most `nodes` positions.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }
}

/// A deeper pass takes several times as long as the one before, so none starts once this
/// share of the time is gone; one that starts and is cut short still keeps a better move
/// found on the way.
const NEXT_PASS_SHARE: f64 = 0.6;

/// The positions a search visits before it heeds a stop from outside.
const LEAST_NODES_BEFORE_STOP: u64 = 4_096;

/// The search's view of its limits.
pub(crate) struct Clock<'a> {
    started: Instant,
    limits: Limits,
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Clock<'a> {
    pub(crate) fn start(limits: Limits, stop: &'a dyn Fn() -> bool) -> Clock<'a> {
        Clock {
            started: Instant::now(),
            limits,
            stop,
        }
    }

    /// Whether the search must stop now. A stop asked for from outside waits for the first
    /// few thousand positions: a move chosen with no search at all is only the ordering's
    /// guess, and a manager that sends its stop (or END) at once still gets a move.
    pub(crate) fn is_up(&self, nodes: u64) -> bool {
        self.limits.nodes.is_some_and(|n| nodes >= n)
            || self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() >= t)
            || (nodes >= LEAST_NODES_BEFORE_STOP && (self.stop)())
    }

    /// Whether there is time for another, deeper pass: `stretch` (1 or more) times the
    /// target's share, never past the time limit's.
    pub(crate) fn has_time_for_next_pass(&self, nodes: u64, stretch: f64) -> bool {
        let elapsed = self.started.elapsed().as_secs_f64();
        let within = |t: Duration, times: f64| elapsed < t.as_secs_f64() * NEXT_PASS_SHARE * times;
        let time_left = self.limits.time.is_none_or(|t| within(t, 1.0))
            && self.limits.target.is_none_or(|t| within(t, stretch));
        time_left && !self.is_up(nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_stop_the_clock() {
        let never = || false;
        let clock = Clock::start(Limits::none().with_nodes(10), &never);
        assert!(!clock.is_up(9) && clock.is_up(10));
        let clock = Clock::start(Limits::time(Duration::ZERO), &never);
        assert!(clock.is_up(0) && !clock.has_time_for_next_pass(0, 1.0));
        // A target long gone stops new passes, unless stretched; the limit never lets one.
        let aim = Limits::time(Duration::from_secs(60)).with_target(Duration::ZERO);
        let clock = Clock::start(aim, &never);
        assert!(!clock.has_time_for_next_pass(0, 1.0) && !clock.has_time_for_next_pass(0, 4.0));
        let aim = Limits::time(Duration::from_secs(60)).with_target(Duration::from_millis(1));
        let clock = Clock::start(aim, &never);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!clock.has_time_for_next_pass(0, 1.0));
        assert!(clock.has_time_for_next_pass(0, 100_000.0));
        let always = || true;
        let stopped = Clock::start(Limits::none(), &always);
        assert!(!stopped.is_up(0) && stopped.is_up(LEAST_NODES_BEFORE_STOP));
    }
}
