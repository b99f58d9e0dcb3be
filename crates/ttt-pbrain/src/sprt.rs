//! The sequential probability ratio test that chess engines are developed with: play games
//! until the results say, with the error rates asked for, that the first engine is at least
//! `elo1` stronger than the second (accept) or at most `elo0` (reject).
//!
//! The log-likelihood ratio is the generalised SPRT's normal approximation over the games'
//! scores (win 1, draw a half, loss 0): with `s0` and `s1` the scores the two hypotheses
//! expect (logistic Elo), `s` the mean score and `v` its per-game variance after `n` games,
//! `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 v)`. The test stops when the LLR leaves
//! `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`.
//!
//! ```
//! use ttt_pbrain::arena::Tally;
//! use ttt_pbrain::sprt::{Sprt, Verdict};
//! let test = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
//! let strong = Tally { wins: 600, losses: 300, draws: 100 };
//! assert_eq!(test.verdict(&strong), Verdict::Accept);
//! let even = Tally { wins: 20, losses: 20, draws: 10 };
//! assert_eq!(test.verdict(&even), Verdict::Continue);
//! ```

use std::fmt;

use crate::arena::Tally;

/// The hypotheses and the error rates of a test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference below which a change is rejected (H0).
    pub elo0: f64,
    /// The Elo difference above which a change is accepted (H1).
    pub elo1: f64,
    /// The chance of accepting a change that is no better than `elo0`.
    pub alpha: f64,
    /// The chance of rejecting a change that is as good as `elo1`.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// H1: the first engine is at least `elo1` stronger.
    Accept,
    /// H0: it is at most `elo0` stronger.
    Reject,
    /// Not decided yet: play on.
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Accept => "H1 accepted",
            Verdict::Reject => "H0 accepted (H1 rejected)",
            Verdict::Continue => "undecided",
        })
    }
}

/// Why a test's settings make no test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SprtError(String);

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SprtError {}

/// The score a side `elo` stronger expects, under the logistic model.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test of `elo0` against `elo1` with the error rates `alpha` and `beta`.
    ///
    /// # Errors
    /// When `elo0` is not below `elo1`, or an error rate is not strictly between 0 and 0.5.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !elo0.is_finite() || !elo1.is_finite() || elo0 >= elo1 {
            return Err(SprtError(format!(
                "elo0 ({elo0}) must be below elo1 ({elo1})"
            )));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(SprtError(format!(
                    "{name} ({rate}) must be between 0 and 0.5, such as 0.05"
                )));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR below which H0 is accepted, and above which H1 is.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the games of `tally`; 0 until the
    /// scores vary (no variance, no evidence either way).
    #[must_use]
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = f64::from(tally.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = tally.score();
        let variance = (f64::from(tally.wins) * (1.0 - s).powi(2)
            + f64::from(tally.draws) * (0.5 - s).powi(2)
            + f64::from(tally.losses) * s.powi(2))
            / n;
        if variance <= 1e-12 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    /// Whether the games of `tally` decide the test.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let (low, high) = self.bounds();
        let llr = self.llr(tally);
        if llr >= high {
            Verdict::Accept
        } else if llr <= low {
            Verdict::Reject
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_the_usual_test() {
        let test = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (low, high) = test.bounds();
        assert!((low + 2.944).abs() < 1e-3 && (high - 2.944).abs() < 1e-3);
    }

    #[test]
    fn clear_results_decide_and_even_ones_reject_in_the_end() {
        let test = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        assert_eq!(test.verdict(&Tally::default()), Verdict::Continue);
        let ahead = Tally {
            wins: 140,
            losses: 60,
            draws: 0,
        };
        assert_eq!(test.verdict(&ahead), Verdict::Accept);
        let behind = Tally {
            wins: 60,
            losses: 140,
            draws: 0,
        };
        assert_eq!(test.verdict(&behind), Verdict::Reject);
        let even = Tally {
            wins: 1000,
            losses: 1000,
            draws: 200,
        };
        assert_eq!(test.verdict(&even), Verdict::Reject);
        // Draws alone carry no evidence.
        let draws = Tally {
            wins: 0,
            losses: 0,
            draws: 50,
        };
        assert_eq!(test.llr(&draws), 0.0);
    }

    #[test]
    fn the_llr_grows_with_the_games() {
        let test = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let few = Tally {
            wins: 12,
            losses: 8,
            draws: 0,
        };
        let many = Tally {
            wins: 120,
            losses: 80,
            draws: 0,
        };
        assert!(test.llr(&many) > 9.0 * test.llr(&few));
        assert!(test.llr(&few) > 0.0);
    }

    #[test]
    fn settings_that_make_no_test_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        let err = Sprt::new(0.0, 5.0, 0.05, 0.7).unwrap_err();
        assert!(err.to_string().contains("beta"), "{err}");
    }
}
