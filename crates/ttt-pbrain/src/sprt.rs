//! The sequential probability ratio test that chess engines are developed with: play games
//! until the results say, with the error rates asked for, that the first engine is at least
//! `elo1` stronger than the second (accept) or at most `elo0` (reject).
//!
//! The log-likelihood ratio is the generalised SPRT's over the games' results (win 1, draw a
//! half, loss 0): with `s0` and `s1` the scores the two hypotheses expect (logistic Elo),
//! each hypothesis gets the distribution of wins, draws and losses most likely to have given
//! the games among those whose expected score is its own (a maximum-likelihood fit under
//! that one constraint), and the LLR is the games' log-likelihood under the second less
//! under the first. Each count gets a thousandth of a game more, so that a result no game
//! has had yet is not taken as impossible: ten wins in ten games are evidence, not
//! certainty (the normal approximation `n (s1 - s0) (2 s - s0 - s1) / (2 v)`, which this
//! comes within a few percent of wherever the results vary, has no variance to work with
//! there). The test stops when the LLR leaves `[ln(beta / (1 - alpha)), ln((1 - beta) /
//! alpha)]`.
//!
//! Where the match plays each opening twice with the colours swapped, the same test runs on
//! the pairs ([`Sprt::llr_pairs`]): each pair is one result of five (the first engine's
//! points in it, 0 to 2), the fit is over those five, and a pair's score is its points
//! over two games. An opening won by one colour both times counts as the even pair it is,
//! not as two results that pull apart, so the test needs fewer games (the chess engines'
//! pentanomial test).
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

use crate::arena::{Pairs, Tally};

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

/// What each count of results gets before the games (see the module's documentation).
const PRIOR: f64 = 1e-3;

/// The scores of a loss, a draw and a win.
const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The scores of a pair, a game's share: 0, 1/2, 1, 3/2 or 2 points over two games.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The log-likelihood of results with `counts` (of the results scoring `scores`, from 0 up
/// to 1) under the distribution most likely to give them whose expected score is `mean`
/// (strictly between 0 and 1).
///
/// That distribution is `p_i = f_i / (1 + lambda (a_i - mean))`, with `f_i` the results'
/// frequencies, `a_i` their scores and `lambda` the root of `sum f_i (a_i - mean) / (1 +
/// lambda (a_i - mean)) = 0` (a Lagrange multiplier), which falls as `lambda` grows:
/// found by bisection where every `p_i` is positive.
fn log_likelihood(counts: &[f64], scores: &[f64], mean: f64) -> f64 {
    let n: f64 = counts.iter().sum();
    let f: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let slope = |lambda: f64| -> f64 {
        f.iter()
            .zip(scores)
            .map(|(&fi, &a)| fi * (a - mean) / (1.0 + lambda * (a - mean)))
            .sum()
    };
    // 1 + lambda (a - mean) > 0 for a = 0 and a = 1.
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if slope(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let lambda = 0.5 * (low + high);
    counts
        .iter()
        .zip(&f)
        .zip(scores)
        .map(|((&c, &fi), &a)| c * (fi / (1.0 + lambda * (a - mean))).ln())
        .sum()
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

    /// The log-likelihood ratio of H1 against H0 after the games of `tally` (0 before any).
    #[must_use]
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let counts = [tally.losses, tally.draws, tally.wins].map(|c| f64::from(c) + PRIOR);
        self.llr_of(&counts, &SCORES)
    }

    /// The log-likelihood ratio of H1 against H0 after the pairs of `pairs` (0 before any).
    #[must_use]
    pub fn llr_pairs(&self, pairs: &Pairs) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.counts.map(|c| f64::from(c) + PRIOR);
        self.llr_of(&counts, &PAIR_SCORES)
    }

    fn llr_of(&self, counts: &[f64], scores: &[f64]) -> f64 {
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        log_likelihood(counts, scores, s1) - log_likelihood(counts, scores, s0)
    }

    /// Whether the games of `tally` decide the test.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        self.verdict_of(self.llr(tally))
    }

    /// Where an LLR of `llr` ([`Sprt::llr`], [`Sprt::llr_pairs`]) leaves the test.
    #[must_use]
    pub fn verdict_of(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
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
        // A draw every game is an even score, steady: no engine 20 stronger does that.
        let draws = Tally {
            wins: 0,
            losses: 0,
            draws: 50,
        };
        assert_eq!(test.verdict(&draws), Verdict::Reject);
    }

    #[test]
    fn one_side_winning_every_game_decides_in_time() {
        let test = Sprt::new(0.0, 30.0, 0.05, 0.05).unwrap();
        let tally = |wins, losses| Tally {
            wins,
            losses,
            draws: 0,
        };
        // Six straight wins: as likely as not from an engine 30 stronger than from an equal
        // one, give or take a little (the exact binomial ratio, 6 ln(s1 / s0), is 0.52).
        let six = test.llr(&tally(6, 0));
        assert!(
            (six - 6.0 * (expected_score(30.0) / 0.5).ln()).abs() < 0.01,
            "{six}"
        );
        assert_eq!(test.verdict(&tally(6, 0)), Verdict::Continue);
        assert_eq!(test.verdict(&tally(40, 0)), Verdict::Accept);
        assert_eq!(test.verdict(&tally(0, 40)), Verdict::Reject);
    }

    #[test]
    fn where_the_results_vary_it_is_near_the_normal_approximation() {
        let test = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        for t in [
            Tally {
                wins: 120,
                losses: 80,
                draws: 10,
            },
            Tally {
                wins: 300,
                losses: 310,
                draws: 40,
            },
        ] {
            let n = f64::from(t.games());
            let s = t.score();
            let v = (f64::from(t.wins) * (1.0 - s).powi(2)
                + f64::from(t.draws) * (0.5 - s).powi(2)
                + f64::from(t.losses) * s.powi(2))
                / n;
            let (s0, s1) = (expected_score(0.0), expected_score(10.0));
            let normal = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v);
            let exact = test.llr(&t);
            assert!(
                (exact - normal).abs() < 0.05 * normal.abs().max(1.0),
                "{exact} {normal}"
            );
        }
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
    fn pairs_decide_sooner_where_the_openings_favour_a_colour() {
        let test = Sprt::new(0.0, 30.0, 0.05, 0.05).unwrap();
        // 100 pairs: 30 won both ways by the first engine, 10 by the second, 60 split (each
        // engine won with the colour the opening favours). Game by game that is 130-70.
        let pairs = Pairs::with_counts([10, 0, 60, 0, 30]);
        let games = Tally {
            wins: 120,
            losses: 80,
            draws: 0,
        };
        assert!((pairs.score() - games.score()).abs() < 1e-12);
        let (by_pairs, by_games) = (test.llr_pairs(&pairs), test.llr(&games));
        assert!(by_pairs > by_games, "{by_pairs} {by_games}");
        assert_eq!(test.verdict_of(test.llr_pairs(&pairs)), Verdict::Accept);
        assert_eq!(test.verdict(&games), Verdict::Continue);
        let elo = (pairs.elo().unwrap(), games.elo().unwrap());
        assert!((elo.0.difference - elo.1.difference).abs() < 1e-9);
        assert!(elo.0.margin < elo.1.margin, "{elo:?}");
        // Where the pairs are as spread as the games would be, much the same test.
        let independent = Pairs::with_counts([4, 0, 12, 0, 9]);
        let same = Tally {
            wins: 30,
            losses: 20,
            draws: 0,
        };
        let (a, b) = (test.llr_pairs(&independent), test.llr(&same));
        assert!((a - b).abs() < 0.2 * b.abs().max(1.0), "{a} {b}");
        assert_eq!(test.llr_pairs(&Pairs::default()), 0.0);
    }

    #[test]
    fn settings_that_make_no_test_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        let err = Sprt::new(0.0, 5.0, 0.05, 0.7).unwrap_err();
        assert!(err.to_string().contains("beta"), "{err}");
    }
}
