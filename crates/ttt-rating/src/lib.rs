//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), as lichess runs them: each
//! game is a rating period of its own and updates both players at once from their ratings
//! before the game; a new player starts at 1500 with a rating deviation (RD) of 500 and a
//! volatility of 0.09; the system constant τ is 0.75; RD never falls below 45, and grows back
//! while a player does not play (by the volatility, over the rating periods that pass: lichess
//! counts 0.21436 a day). A rating whose RD is over 110 is provisional, shown `1523?`.
//!
//! ```
//! use ttt_rating::{Rating, Score, Settings};
//!
//! let settings = Settings::LICHESS;
//! let (alice, bob) = (Rating::new_player(&settings), Rating::new_player(&settings));
//! let (alice, bob) = ttt_rating::after_game(&alice, &bob, Score::Win, &settings);
//! assert!(alice.rating > 1500.0 && bob.rating < 1500.0);
//! assert!(alice.rd < 500.0);
//! assert_eq!(alice.to_string(), format!("{:.0}?", alice.rating));
//! ```

use std::fmt;

/// Glicko-2's scale factor between the Glicko scale and its own.
const SCALE: f64 = 173.7178;
/// How close the volatility iteration must come.
const EPSILON: f64 = 0.000_001;

/// The system's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// τ: how much the volatility may change.
    pub tau: f64,
    /// A new player's rating.
    pub initial_rating: f64,
    /// A new player's RD, and the most RD can grow to.
    pub initial_rd: f64,
    /// A new player's volatility.
    pub initial_volatility: f64,
    /// The least RD.
    pub min_rd: f64,
    /// RD above which a rating is provisional.
    pub provisional_rd: f64,
    /// Rating periods that pass in a day without games (RD grows by them).
    pub periods_per_day: f64,
}

impl Settings {
    /// Lichess's settings.
    pub const LICHESS: Settings = Settings {
        tau: 0.75,
        initial_rating: 1500.0,
        initial_rd: 500.0,
        initial_volatility: 0.09,
        min_rd: 45.0,
        provisional_rd: 110.0,
        periods_per_day: 0.21436,
    };
}

/// A player's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating, on the Glicko scale (1500 for a new player).
    pub rating: f64,
    /// The rating deviation: how unsure the rating is.
    pub rd: f64,
    /// How erratic the player's results are.
    pub volatility: f64,
    /// Whether RD is over the provisional mark.
    pub provisional: bool,
}

/// A game's result for the player whose rating is updated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// A win: 1.
    Win,
    /// A draw: a half.
    Draw,
    /// A loss: 0.
    Loss,
}

impl Score {
    fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The same game from the other side.
    #[must_use]
    pub fn other(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl fmt::Display for Rating {
    /// The rounded rating, with `?` when provisional: `1523?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.0}{}",
            self.rating,
            if self.provisional { "?" } else { "" }
        )
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// A new player's rating.
    #[must_use]
    pub fn new_player(settings: &Settings) -> Rating {
        Rating::with(
            settings.initial_rating,
            settings.initial_rd,
            settings.initial_volatility,
            settings,
        )
    }

    /// A rating from its three numbers (as stored), with the provisional mark set.
    #[must_use]
    pub fn with(rating: f64, rd: f64, volatility: f64, settings: &Settings) -> Rating {
        Rating {
            rating,
            rd,
            volatility,
            provisional: rd > settings.provisional_rd,
        }
    }

    /// The rating after `days` without games: RD grows by the rating periods that passed,
    /// up to a new player's.
    #[must_use]
    pub fn after_idle(&self, days: f64, settings: &Settings) -> Rating {
        let periods = (days * settings.periods_per_day).max(0.0);
        let phi = self.rd / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating::with(
            self.rating,
            grown.min(settings.initial_rd),
            self.volatility,
            settings,
        )
    }

    /// The rating after one rating period with the games `results` (each opponent's
    /// rating before the game, and the score against them), by Glickman's steps 2 to 8.
    /// With no games, only RD grows, by one period.
    #[must_use]
    pub fn after(&self, results: &[(Rating, Score)], settings: &Settings) -> Rating {
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.rd / SCALE;
        let sigma = self.volatility;
        if results.is_empty() {
            let grown = (phi * phi + sigma * sigma).sqrt() * SCALE;
            return Rating::with(self.rating, grown.min(settings.initial_rd), sigma, settings);
        }
        let opponents: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|(r, s)| ((r.rating - 1500.0) / SCALE, r.rd / SCALE, s.value()))
            .collect();
        // Step 3: the estimated variance from the games alone.
        let v = 1.0
            / opponents
                .iter()
                .map(|&(mu_j, phi_j, _)| {
                    let e = expected(mu, mu_j, phi_j);
                    g(phi_j).powi(2) * e * (1.0 - e)
                })
                .sum::<f64>();
        // Step 4: the estimated improvement.
        let delta = v * opponents
            .iter()
            .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j)))
            .sum::<f64>();
        // Step 5: the new volatility, by the Illinois algorithm.
        let new_sigma = volatility(delta, phi, v, sigma, settings.tau);
        // Steps 6 and 7: the new RD and rating.
        let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu
            + new_phi
                * new_phi
                * opponents
                    .iter()
                    .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j)))
                    .sum::<f64>();
        // Step 8: back to the Glicko scale, RD within its bounds.
        let rd = (new_phi * SCALE).clamp(settings.min_rd, settings.initial_rd);
        Rating::with(new_mu * SCALE + 1500.0, rd, new_sigma, settings)
    }
}

/// Step 5 of Glicko-2: the new volatility.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

/// Both players' ratings after one game between them, from their ratings before it;
/// `score` is the first player's.
#[must_use]
pub fn after_game(
    first: &Rating,
    second: &Rating,
    score: Score,
    settings: &Settings,
) -> (Rating, Rating) {
    (
        first.after(&[(*second, score)], settings),
        second.after(&[(*first, score.other())], settings),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: a player rated 1500 (RD 200, volatility 0.06) beats a
    /// 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), with τ = 0.5.
    #[test]
    fn glickmans_example() {
        let settings = Settings {
            tau: 0.5,
            min_rd: 0.0,
            provisional_rd: 110.0,
            ..Settings::LICHESS
        };
        let player = Rating::with(1500.0, 200.0, 0.06, &settings);
        let opponent = |r, rd| Rating::with(r, rd, 0.06, &settings);
        let after = player.after(
            &[
                (opponent(1400.0, 30.0), Score::Win),
                (opponent(1550.0, 100.0), Score::Loss),
                (opponent(1700.0, 300.0), Score::Loss),
            ],
            &settings,
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.rd - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert!(after.provisional);
        assert_eq!(after.to_string(), "1464?");
    }

    #[test]
    fn a_game_moves_both_players_and_rd_stays_in_bounds() {
        let s = Settings::LICHESS;
        let (mut a, mut b) = (Rating::new_player(&s), Rating::new_player(&s));
        // A wins two games of three.
        for i in 0..300 {
            let score = if i % 3 == 2 { Score::Loss } else { Score::Win };
            (a, b) = after_game(&a, &b, score, &s);
        }
        assert!(
            a.rating - b.rating > 60.0 && a.rating - b.rating < 250.0,
            "{a:?} {b:?}"
        );
        assert!(a.rd >= 45.0 && a.rd < 110.0 && !a.provisional, "{a:?}");
        let (c, d) = after_game(&a, &b, Score::Draw, &s);
        assert!(c.rating < a.rating && d.rating > b.rating);
    }

    #[test]
    fn rd_grows_back_while_away() {
        let s = Settings::LICHESS;
        let settled = Rating::with(1800.0, 50.0, 0.06, &s);
        let year = settled.after_idle(365.0, &s);
        assert!(year.rd > 50.0 && year.rd < 500.0, "{year:?}");
        assert_eq!(year.rating, 1800.0);
        assert_eq!(settled.after_idle(1e9, &s).rd, 500.0);
        assert_eq!(settled.after_idle(0.0, &s).rd, 50.0);
    }
}
