//! Failed sign-ins, counted per name and per client: after [`MAX_FAILURES`] in [`WINDOW`]
//! that name (from anywhere), and after [`MAX_CLIENT_FAILURES`] that client (for any name),
//! wait until the oldest failure is out of the window (429 with Retry-After). A client's
//! limit is the higher: a club's members share one address behind its router, and one
//! member's typos must not keep the others out; guessing many names from one address is
//! still stopped. Kept in this server's memory: servers sharing a database each count
//! their own.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::ApiError;

/// How many failures a name may have in [`WINDOW`].
pub(crate) const MAX_FAILURES: usize = 5;

/// How many failures a client (an address) may have in [`WINDOW`], for all names together.
pub(crate) const MAX_CLIENT_FAILURES: usize = 30;

/// The failures `key` may have: a client's (`client:ADDRESS`) or a name's.
fn limit(key: &str) -> usize {
    if key.starts_with("client:") {
        MAX_CLIENT_FAILURES
    } else {
        MAX_FAILURES
    }
}

/// The window failures are counted in: 15 minutes.
pub(crate) const WINDOW: Duration = Duration::from_secs(15 * 60);

/// Failed sign-ins by key (`name:KEY` or `client:ADDRESS`).
#[derive(Default)]
pub(crate) struct Throttle(Mutex<HashMap<String, VecDeque<Instant>>>);

impl Throttle {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, VecDeque<Instant>>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// 429 if any of `keys` has had its limit of failures in the window.
    pub(crate) fn check(&self, keys: &[String], now: Instant) -> Result<(), ApiError> {
        let mut all = self.lock();
        let mut wait = Duration::ZERO;
        for key in keys {
            if let Some(failures) = all.get_mut(key) {
                while failures
                    .front()
                    .is_some_and(|&t| now.duration_since(t) >= WINDOW)
                {
                    failures.pop_front();
                }
                if failures.len() >= limit(key) {
                    if let Some(&oldest) = failures.front() {
                        wait = wait.max(WINDOW.saturating_sub(now.duration_since(oldest)));
                    }
                }
            }
        }
        if wait.is_zero() {
            return Ok(());
        }
        Err(ApiError::TooManyRequests {
            what: "failed sign-ins for this name or",
            retry_after: wait.max(Duration::from_secs(1)),
        })
    }

    /// Counts a failure against each of `keys`.
    pub(crate) fn failed(&self, keys: &[String], now: Instant) {
        let mut all = self.lock();
        for key in keys {
            all.entry(key.clone()).or_default().push_back(now);
        }
    }

    /// Forgets the keys whose failures are all out of the window.
    pub(crate) fn forget_old(&self, now: Instant) {
        self.lock()
            .retain(|_, f| f.back().is_some_and(|&t| now.duration_since(t) < WINDOW));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_wait_out_the_window() {
        let t = Throttle::default();
        let start = Instant::now();
        let keys = ["name:ann".to_string(), "client:1.2.3.4".to_string()];
        for i in 0..MAX_FAILURES {
            assert!(t.check(&keys, start).is_ok(), "{i}");
            t.failed(&keys, start + Duration::from_secs(i as u64));
        }
        let err = t
            .check(&keys[..1], start + Duration::from_secs(10))
            .unwrap_err();
        let ApiError::TooManyRequests { retry_after, .. } = err else {
            panic!("{err:?}")
        };
        assert_eq!(retry_after, WINDOW - Duration::from_secs(10));
        // Another name is not held up, from another client or from the same one (a club's
        // members behind one address) ...
        assert!(t
            .check(&["name:bo".into(), "client:5.6.7.8".into()], start)
            .is_ok());
        assert!(t.check(&["name:bo".into(), keys[1].clone()], start).is_ok());
        // ... until that client has failed for many names.
        for i in MAX_FAILURES..MAX_CLIENT_FAILURES {
            t.failed(&[format!("name:n{i}"), keys[1].clone()], start);
        }
        assert!(t
            .check(&["name:bo".into(), keys[1].clone()], start)
            .is_err());
        assert!(t
            .check(&keys, start + WINDOW + Duration::from_secs(5))
            .is_ok());
        t.forget_old(start + WINDOW + Duration::from_secs(5));
        assert!(t.lock().is_empty());
    }
}
