//! Fitting the evaluation's [`Weights`] to games, by Texel's method: every quiet position of
//! the games is a sample, labelled with how the game ended for the side to move (1 a win, a
//! half a draw, 0 a loss); the evaluation, through a logistic curve, predicts that label,
//! and the weights move down the gradient of the mean squared error. The evaluation is
//! linear in the pattern and threat values, so each sample is kept as its counts of each.
//!
//! Every tenth game is held out: the fit reports the error on those too, so that a fit
//! that learns the games rather than the game shows.
//!
//! ```
//! use ttt_core::{Cell, Player, Rule};
//! use ttt_engine::{Tuner, Weights};
//!
//! let mut tuner = Tuner::new(15, 15, Rule::Freestyle)?;
//! // X builds a line across row 7 while O plays elsewhere, and X wins.
//! let mut moves = Vec::new();
//! for c in 3..8 {
//!     moves.push(Cell::new(7, c));
//!     moves.push(Cell::new(2 * (c - 3), 0));
//! }
//! moves.pop();
//! assert!(tuner.add_game(&moves, Some(Player::X))? > 0);
//! let fit = tuner.fit(Weights::SHIPPED, 10);
//! assert!(fit.train_error <= fit.train_error_before);
//! # Ok::<(), ttt_engine::EngineError>(())
//! ```

use ttt_core::{Cell, Player, Rule};

use crate::board::Board;
use crate::engine::{Engine, EngineError};
use crate::eval::Weights;
use crate::pattern::Threat;

/// The features of one side: how many empty cells' lines make each pattern, and how many
/// cells make each threat.
type Counts = [f64; 16];

/// One quiet position of a game.
#[derive(Debug, Clone)]
struct Sample {
    mover: Counts,
    waiting: Counts,
    /// How the game ended for the side to move.
    result: f64,
}

/// The positions of games, for [`Tuner::fit`].
#[derive(Debug)]
pub struct Tuner {
    rows: usize,
    cols: usize,
    rule: Rule,
    train: Vec<Sample>,
    held_out: Vec<Sample>,
    games: usize,
}

/// What [`Tuner::fit`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Weights,
    /// The logistic curve's slope: an evaluation of `e` predicts a score of
    /// `1 / (1 + exp(-scale * e))`. Fitted to the starting weights, then held.
    pub scale: f64,
    /// The mean squared error on the training positions, with the starting weights.
    pub train_error_before: f64,
    /// The same, with the fitted weights.
    pub train_error: f64,
    /// The mean squared error on the held-out games' positions, with the starting weights.
    pub held_out_error_before: f64,
    /// The same, with the fitted weights.
    pub held_out_error: f64,
}

impl Tuner {
    /// A tuner for games on a `rows` x `cols` board under `rule`.
    ///
    /// # Errors
    /// A board the engine does not play.
    pub fn new(rows: usize, cols: usize, rule: Rule) -> Result<Tuner, EngineError> {
        Engine::new(rows, cols, rule, 1 << 16)?;
        Ok(Tuner {
            rows,
            cols,
            rule,
            train: Vec::new(),
            held_out: Vec::new(),
            games: 0,
        })
    }

    /// Adds a game's quiet positions: `moves` from the first (X's), and the winner (`None`
    /// for a draw). A position is quiet when neither side has a four on the board and the
    /// side to move cannot make an open four: the evaluation is not meant to see further.
    /// The number of positions added.
    ///
    /// # Errors
    /// A move off the board, on a taken cell, forbidden, or after the game was won; nothing
    /// of the game is added.
    pub fn add_game(
        &mut self,
        moves: &[Cell],
        winner: Option<Player>,
    ) -> Result<usize, EngineError> {
        let mut engine = Engine::new(self.rows, self.cols, self.rule, 1 << 16)?;
        let mut samples = Vec::new();
        for &cell in moves {
            if let Some(sample) = sample_of(engine.board(), winner) {
                samples.push(sample);
            }
            engine.play(cell)?;
        }
        let added = samples.len();
        if self.games % 10 == 9 {
            self.held_out.extend(samples);
        } else {
            self.train.extend(samples);
        }
        self.games += 1;
        Ok(added)
    }

    /// The positions added, for training and held out.
    #[must_use]
    pub fn positions(&self) -> (usize, usize) {
        (self.train.len(), self.held_out.len())
    }

    /// Fits the weights from `start` in `steps` steps of gradient descent (Adam) over every
    /// training position. The pattern values stay in their order (a stronger pattern is
    /// worth at least a weaker one), no value goes below zero, and the side to move's
    /// weight stays where `start` has it, so that the evaluation keeps its scale.
    #[must_use]
    pub fn fit(&self, start: Weights, steps: usize) -> Fit {
        let mut theta = Params::of(&start);
        let scale = best_scale(&self.train, &theta);
        let train_error_before = error(&self.train, &theta, scale);
        let held_out_error_before = error(&self.held_out, &theta, scale);
        let mut adam = Adam::new(theta.0.len());
        for _ in 0..steps {
            let gradient = gradient(&self.train, &theta, scale);
            adam.step(&mut theta.0, &gradient);
            theta.project();
        }
        let weights = theta.weights();
        let rounded = Params::of(&weights);
        Fit {
            weights,
            scale,
            train_error_before,
            train_error: error(&self.train, &rounded, scale),
            held_out_error_before,
            held_out_error: error(&self.held_out, &rounded, scale),
        }
    }
}

impl Weights {
    /// The weights the engine plays with.
    pub const SHIPPED: Weights = crate::eval::WEIGHTS;

    /// The Rust source of the engine's weights file (`crates/ttt-engine/src/weights.rs`)
    /// holding these weights.
    #[must_use]
    pub fn to_source(&self) -> String {
        let list = |v: &[i32]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "//! The evaluation's weights as the engine ships them (see `Weights` for what each means).\n\
             //! `ttt tune-eval` writes this file from self-play games (`scripts/tune-eval.sh`;\n\
             //! docs/PERFORMANCE.md, \"The learned evaluation\").\n\
             \n\
             pub(crate) const PATTERNS: [i32; 8] = [{}];\n\
             pub(crate) const THREATS: [i32; 8] = [{}];\n\
             pub(crate) const MOVER: i32 = {};\n\
             pub(crate) const WAITING: i32 = {};\n",
            list(&self.patterns),
            list(&self.threats),
            self.mover,
            self.waiting
        )
    }
}

/// The sample of `board`'s position, unless it is not quiet.
fn sample_of(board: &Board, winner: Option<Player>) -> Option<Sample> {
    let me = board.turn();
    let them = me.other();
    if board.count_at_least(me, Threat::FlexFour) > 0
        || board.count_at_least(them, Threat::Five) > 0
    {
        return None;
    }
    let counts = |player: Player| {
        let mut c = [0.0; 16];
        for &at in board.grid() {
            if board.is_empty(at) {
                for p in board.patterns(at, player) {
                    c[p as usize] += 1.0;
                }
                c[8 + board.threat(at, player) as usize] += 1.0;
            }
        }
        c
    };
    let result = match winner {
        None => 0.5,
        Some(w) if w == me => 1.0,
        Some(_) => 0.0,
    };
    Some(Sample {
        mover: counts(me),
        waiting: counts(them),
        result,
    })
}

/// The weights as the fit moves them: the 16 values (patterns, then threats), then the
/// waiting side's weight; the side to move's is held.
#[derive(Debug, Clone)]
struct Params(Vec<f64>, f64);

impl Params {
    fn of(w: &Weights) -> Params {
        let mut v: Vec<f64> = w
            .patterns
            .iter()
            .chain(w.threats.iter())
            .map(|&x| f64::from(x))
            .collect();
        v.push(f64::from(w.waiting));
        Params(v, f64::from(w.mover))
    }

    /// Keeps the values possible: none below zero, nothing for no pattern or no threat,
    /// and the pattern values in order.
    fn project(&mut self) {
        let v = &mut self.0;
        v[0] = 0.0;
        v[8] = 0.0;
        for x in v.iter_mut() {
            *x = x.max(0.0);
        }
        for i in 1..8 {
            v[i] = v[i].max(v[i - 1]);
        }
    }

    fn weights(&self) -> Weights {
        let round = |x: f64| x.round() as i32;
        let mut patterns = [0; 8];
        let mut threats = [0; 8];
        for i in 0..8 {
            patterns[i] = round(self.0[i]);
            threats[i] = round(self.0[8 + i]);
        }
        Weights {
            patterns,
            threats,
            mover: round(self.1),
            waiting: round(self.0[16]),
        }
    }

    /// The evaluation of `s`, and the two sides' sums.
    fn evaluate(&self, s: &Sample) -> (f64, f64, f64) {
        let sum = |c: &Counts| c.iter().zip(&self.0).map(|(a, b)| a * b).sum::<f64>();
        let (m, w) = (sum(&s.mover), sum(&s.waiting));
        ((self.1 * m - self.0[16] * w) / 64.0, m, w)
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the predictions.
fn error(samples: &[Sample], theta: &Params, scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(scale * theta.evaluate(s).0)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The slope of the logistic curve that fits the starting weights best (a golden-section
/// search over its logarithm).
fn best_scale(samples: &[Sample], theta: &Params) -> f64 {
    let f = |log: f64| error(samples, theta, log.exp());
    let (mut a, mut b) = ((1e-5f64).ln(), (1.0f64).ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The gradient of the mean squared error with respect to the moving weights.
fn gradient(samples: &[Sample], theta: &Params, scale: f64) -> Vec<f64> {
    let mut g = vec![0.0; theta.0.len()];
    for s in samples {
        let (e, _, w) = theta.evaluate(s);
        let p = sigmoid(scale * e);
        let d = -2.0 * (s.result - p) * p * (1.0 - p) * scale / 64.0;
        for (gi, (m, w)) in g.iter_mut().zip(s.mover.iter().zip(&s.waiting)) {
            *gi += d * (theta.1 * m - theta.0[16] * w);
        }
        g[16] -= d * w;
    }
    let n = samples.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x /= n);
    g
}

/// Adam's step sizes, per weight.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

/// How far a step moves a weight, about: a value in the hundreds settles in a few hundred
/// steps.
const RATE: f64 = 1.0;

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    fn step(&mut self, x: &mut [f64], g: &[f64]) {
        let (b1, b2) = (0.9, 0.999);
        self.t += 1;
        for i in 0..x.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            let m = self.m[i] / (1.0 - b1.powi(self.t));
            let v = self.v[i] / (1.0 - b2.powi(self.t));
            x[i] -= RATE * m / (v.sqrt() + 1e-12);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game in which X makes five across row 7 while O wanders the first column.
    fn x_wins() -> Vec<Cell> {
        let mut moves = Vec::new();
        for c in 3..8 {
            moves.push(Cell::new(7, c));
            moves.push(Cell::new(2 * (c - 3), 0));
        }
        moves.pop();
        moves
    }

    #[test]
    fn quiet_positions_are_kept_and_labelled_for_the_side_to_move() {
        let mut tuner = Tuner::new(15, 15, Rule::Freestyle).unwrap();
        let added = tuner.add_game(&x_wins(), Some(Player::X)).unwrap();
        // Before X's open four (after three in a row X can make one, so not quiet) the
        // positions count: the first six.
        assert!((4..=8).contains(&added), "{added}");
        let results: Vec<f64> = tuner.train.iter().map(|s| s.result).collect();
        assert_eq!(results[0], 1.0);
        assert_eq!(results[1], 0.0);
    }

    #[test]
    fn a_bad_game_is_refused_and_adds_nothing() {
        let mut tuner = Tuner::new(15, 15, Rule::Freestyle).unwrap();
        let mut moves = x_wins();
        moves.push(Cell::new(12, 12));
        assert_eq!(
            tuner.add_game(&moves, Some(Player::X)),
            Err(EngineError::Over(Cell::new(12, 12)))
        );
        assert_eq!(tuner.positions(), (0, 0));
        assert!(tuner.add_game(&[Cell::new(20, 20)], None).is_err());
    }

    #[test]
    fn fitting_lowers_the_error_and_keeps_the_weights_possible() {
        let mut tuner = Tuner::new(15, 15, Rule::Freestyle).unwrap();
        // Flat weights, then games that a side with more patterns wins.
        for game in 0..12 {
            let mut moves = x_wins();
            if game % 2 == 1 {
                // O wins the mirror game: swap who builds the line by an opening move.
                moves.insert(0, Cell::new(14, 14));
                let winner = Some(Player::O);
                tuner.add_game(&moves, winner).unwrap();
            } else {
                tuner.add_game(&moves, Some(Player::X)).unwrap();
            }
        }
        let flat = Weights {
            patterns: [0, 10, 10, 10, 10, 10, 10, 10],
            threats: [0; 8],
            mover: 48,
            waiting: 40,
        };
        let fit = tuner.fit(flat, 200);
        assert!(fit.train_error < fit.train_error_before, "{fit:?}");
        let w = fit.weights;
        assert!(w.patterns.windows(2).all(|p| p[0] <= p[1]), "{w:?}");
        assert!(w.threats.iter().all(|&t| t >= 0) && w.mover == 48);
    }

    #[test]
    fn the_weights_file_says_the_weights() {
        let source = Weights::SHIPPED.to_source();
        assert!(source.contains("pub(crate) const PATTERNS: [i32; 8] = ["));
        let shipped = include_str!("weights.rs");
        assert_eq!(source, shipped);
    }
}
