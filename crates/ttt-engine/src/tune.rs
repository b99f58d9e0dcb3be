//! Fitting the learned [`Evaluation`] to games, by Texel's method: every quiet position of
//! the games is a sample, labelled with how the game ended for the side to move (1 a win, a
//! half a draw, 0 a loss); the evaluation, through a logistic curve, predicts that label,
//! and the tables move down the gradient of the mean squared error. The evaluation is
//! linear in its tables' entries, so each sample is kept as the entries it reads and how
//! often: its cells' pattern codes for each side, and its three threat entries.
//!
//! Every tenth game is held out: the fit reports the error on those too, so that a fit
//! that learns the games rather than the game shows.
//!
//! ```
//! use ttt_core::{Cell, Player, Rule};
//! use ttt_engine::{Evaluation, Tuner};
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
//! let fit = tuner.fit(&Evaluation::hand_set(), 10);
//! assert!(fit.train_error <= fit.train_error_before);
//! # Ok::<(), ttt_engine::EngineError>(())
//! ```

use std::fmt::Write as _;

use ttt_core::{Cell, Player, Rule};

use crate::board::Board;
use crate::engine::{Engine, EngineError};
use crate::eval::{
    own_threats, their_threats, threat_pair, Evaluation, Tables, HAND, OWN_THREATS, PCODES,
    THEIR_THREATS, THREAT_PAIRS,
};
use crate::movepick::{is_defending, is_move};
use crate::pattern::{Threat, THREATS};
use crate::policy::Policy;

/// Where each table's entries start among a colour's fitted parameters.
const MOVER: usize = 0;
const WAITING: usize = MOVER + PCODES;
const OWN: usize = WAITING + PCODES;
const THEIRS: usize = OWN + OWN_THREATS;
const PAIRS: usize = THEIRS + THEIR_THREATS;
/// A colour's parameters: X's first, then O's.
const COLOUR: usize = PAIRS + THREAT_PAIRS;
const PARAMS: usize = 2 * COLOUR;

/// Where `player`'s parameters start: O's have their own only when the colours are fitted
/// apart (under renju).
fn block(player: Player, by_colour: bool) -> usize {
    if by_colour && player == Player::O {
        COLOUR
    } else {
        0
    }
}

/// An entry read fewer times than this over the training positions keeps its starting
/// value: too few positions to learn it from.
const LEAST_SEEN: f64 = 30.0;

/// One quiet position of a game: the entries its evaluation reads, each with its weight
/// (how many cells read it, negative for the waiting side's), and the result.
#[derive(Debug, Clone)]
struct Sample {
    features: Vec<(u16, f32)>,
    /// How the game ended for the side to move.
    result: f32,
    /// The game's search of the position, for the side to move, where the game says.
    score: Option<f32>,
}

/// The positions of games, for [`Tuner::fit`].
#[derive(Debug)]
pub struct Tuner {
    rows: usize,
    cols: usize,
    rule: Rule,
    train: Vec<Sample>,
    held_out: Vec<Sample>,
    choices: Vec<Choice>,
    held_out_choices: Vec<Choice>,
    games: usize,
    /// How much of a position's label is its game's search score, where known, rather
    /// than the game's result (see [`Tuner::with_search_labels`]).
    search_weight: f64,
}

/// One move chosen in a game, for the ordering: each candidate's entries of the
/// [`Policy`]'s tables (its code for the side to move, for the opponent, and its pair of
/// threats), the chosen one first.
#[derive(Debug, Clone)]
struct Choice {
    candidates: Vec<[u16; 3]>,
}

/// What [`Tuner::fit_policy`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyFit {
    /// The fitted ordering.
    pub policy: Policy,
    /// The softmax's temperature: a candidate scoring `s` is chosen with a probability
    /// proportional to `exp(s / temperature)`. Fitted to the starting ordering, then held.
    pub temperature: f64,
    /// The mean cross-entropy of the chosen moves on the training positions, before and
    /// after.
    pub train_loss: (f64, f64),
    /// The same on the held-out games' positions.
    pub held_out_loss: (f64, f64),
    /// How often the chosen move was ordered first, and among the first [`TOP`], on the
    /// held-out positions, before and after.
    pub held_out_first: (f64, f64),
    /// See [`PolicyFit::held_out_first`].
    pub held_out_top: (f64, f64),
}

/// How many of the first moves [`PolicyFit::held_out_top`] counts: about as many as the
/// search tries below the root.
pub const TOP: usize = 11;

/// What [`Tuner::fit`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// The fitted evaluation.
    pub evaluation: Evaluation,
    /// The logistic curve's slope: an evaluation of `e` predicts a score of
    /// `1 / (1 + exp(-scale * e))`. Fitted to the starting evaluation, then held.
    pub scale: f64,
    /// The mean squared error on the training positions, with the starting evaluation.
    pub train_error_before: f64,
    /// The same, with the fitted one.
    pub train_error: f64,
    /// The mean squared error on the held-out games' positions, with the starting one.
    pub held_out_error_before: f64,
    /// The same, with the fitted one.
    pub held_out_error: f64,
    /// How many of the tables' entries were fitted (the others were read too seldom).
    pub fitted: usize,
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
            choices: Vec::new(),
            held_out_choices: Vec::new(),
            games: 0,
            search_weight: 0.0,
        })
    }

    /// This tuner, labelling each position whose game gave its search score `weight` of
    /// that score (through the logistic curve) and the rest its game's result: a label
    /// nearer what a search of the position says than where one game went from it.
    #[must_use]
    pub fn with_search_labels(self, weight: f64) -> Tuner {
        Tuner {
            search_weight: weight.clamp(0.0, 1.0),
            ..self
        }
    }

    /// Adds a game's quiet positions: `moves` from the first (X's), and the winner (`None`
    /// for a draw). A position is quiet when the side to move faces no four and cannot make
    /// an open four: the positions the search evaluates. The number of positions added.
    ///
    /// # Errors
    /// A move off the board, on a taken cell, forbidden, or after the game was won; nothing
    /// of the game is added.
    pub fn add_game(
        &mut self,
        moves: &[Cell],
        winner: Option<Player>,
    ) -> Result<usize, EngineError> {
        self.add_scored_game(moves, winner, &[])
    }

    /// [`Tuner::add_game`], with each move's search score for the side that played it
    /// (`scores[i]` for `moves[i]`; `None`, or no entry, where unknown).
    ///
    /// # Errors
    /// As [`Tuner::add_game`].
    pub fn add_scored_game(
        &mut self,
        moves: &[Cell],
        winner: Option<Player>,
        scores: &[Option<i32>],
    ) -> Result<usize, EngineError> {
        let mut engine = Engine::new(self.rows, self.cols, self.rule, 1 << 16)?;
        let mut samples = Vec::new();
        let mut choices = Vec::new();
        for (i, &cell) in moves.iter().enumerate() {
            if let Some(mut sample) = sample_of(engine.board(), winner, self.rule == Rule::Renju) {
                sample.score = scores.get(i).copied().flatten().map(|v| v as f32);
                samples.push(sample);
            }
            if engine.is_legal(cell) {
                let board = engine.board();
                choices.extend(choice_of(board, board.index(cell)));
            }
            engine.play(cell)?;
        }
        let added = samples.len();
        if self.games % 10 == 9 {
            self.held_out.extend(samples);
            self.held_out_choices.extend(choices);
        } else {
            self.train.extend(samples);
            self.choices.extend(choices);
        }
        self.games += 1;
        Ok(added)
    }

    /// The rule of the games.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The positions added, for training and held out.
    #[must_use]
    pub fn positions(&self) -> (usize, usize) {
        (self.train.len(), self.held_out.len())
    }

    /// The moves chosen, for the ordering: for training and held out.
    #[must_use]
    pub fn choices(&self) -> (usize, usize) {
        (self.choices.len(), self.held_out_choices.len())
    }

    /// Fits the ordering's tables from `start` in `steps` steps of gradient descent (Adam)
    /// to predict the moves the games chose, through a softmax over each position's
    /// candidates. Entries the training positions read too seldom keep their starting
    /// values.
    #[must_use]
    pub fn fit_policy(&self, start: &Policy, steps: usize) -> PolicyFit {
        let mut theta = policy_params_of(start);
        let temperature = best_temperature(&self.choices, &theta);
        let before = theta.clone();
        let mut seen = vec![0.0f64; POLICY_PARAMS];
        for c in &self.choices {
            for f in &c.candidates {
                for &i in f {
                    seen[usize::from(i)] += 1.0;
                }
            }
        }
        let free: Vec<bool> = seen.iter().map(|&n| n >= LEAST_SEEN).collect();
        let mut adam = Adam::new(POLICY_PARAMS, LOGIT_STEP * temperature, steps);
        for _ in 0..steps {
            let mut g = policy_gradient(&self.choices, &theta, temperature);
            for (gi, &f) in g.iter_mut().zip(&free) {
                if !f {
                    *gi = 0.0;
                }
            }
            adam.step(&mut theta, &g);
        }
        let policy = policy_of(&theta);
        let after = policy_params_of(&policy);
        let loss = |c: &[Choice], t: &[f64]| cross_entropy(c, t, temperature);
        let rank = |t: &[f64], within: usize| ranked_within(&self.held_out_choices, t, within);
        PolicyFit {
            policy,
            temperature,
            train_loss: (loss(&self.choices, &before), loss(&self.choices, &after)),
            held_out_loss: (
                loss(&self.held_out_choices, &before),
                loss(&self.held_out_choices, &after),
            ),
            held_out_first: (rank(&before, 1), rank(&after, 1)),
            held_out_top: (rank(&before, TOP), rank(&after, TOP)),
        }
    }

    /// Fits the tables from `start` in `steps` steps of gradient descent (Adam) over every
    /// training position. Entries the training positions read too seldom keep their
    /// starting values.
    #[must_use]
    pub fn fit(&self, start: &Evaluation, steps: usize) -> Fit {
        let mut theta = params_of(start);
        // The slope is the one that fits the results: the search scores are in the
        // evaluation's units, and a slope fitted to them would only say so.
        let scale = best_scale(&self.train, &theta);
        // Each position's label, worked out once for the whole fit.
        let lambda = self.search_weight;
        let train = labelled(&self.train, scale, lambda);
        let held_out = labelled(&self.held_out, scale, lambda);
        let train_error_before = error(&train, &theta, scale);
        let held_out_error_before = error(&held_out, &theta, scale);
        let mut seen = vec![0.0f64; PARAMS];
        for s in &self.train {
            for &(i, w) in &s.features {
                seen[usize::from(i)] += f64::from(w).abs();
            }
        }
        let free: Vec<bool> = seen.iter().map(|&n| n >= LEAST_SEEN).collect();
        let mut adam = Adam::new(PARAMS, LOGIT_STEP / scale, steps);
        for _ in 0..steps {
            let mut g = gradient(&train, &theta, scale);
            for (gi, &f) in g.iter_mut().zip(&free) {
                if !f {
                    *gi = 0.0;
                }
            }
            adam.step(&mut theta, &g);
        }
        let evaluation = evaluation_of(&theta, self.rule == Rule::Renju);
        let rounded = params_of(&evaluation);
        Fit {
            evaluation,
            scale,
            train_error_before,
            train_error: error(&train, &rounded, scale),
            held_out_error_before,
            held_out_error: error(&held_out, &rounded, scale),
            fitted: free.iter().filter(|&&f| f).count(),
        }
    }
}

impl Evaluation {
    /// The evaluation the engine plays `rule` with.
    #[must_use]
    pub fn shipped(rule: Rule) -> Evaluation {
        crate::tables::evaluation(rule).clone()
    }

    /// The evaluation of the hand-set values, where a fit may start.
    #[must_use]
    pub fn hand_set() -> Evaluation {
        Evaluation::from_weights(&HAND)
    }

    /// The Rust source of one of the engine's evaluation files
    /// (`crates/ttt-engine/src/tables/RULE.rs`) holding this evaluation.
    #[must_use]
    pub fn to_source(&self) -> String {
        let mut out = String::from(
            "//! The learned evaluation's tables for one rule, as the engine ships them (see\n\
             //! `Evaluation` for what each means). `ttt tune-eval --out` writes this file.\n",
        );
        for (colour, t) in [("X", &self.x), ("O", &self.o)] {
            source_table(&mut out, &format!("{colour}_MOVER"), &t.mover);
            source_table(&mut out, &format!("{colour}_WAITING"), &t.waiting);
            source_table(&mut out, &format!("{colour}_OWN"), &t.own);
            source_table(&mut out, &format!("{colour}_THEIRS"), &t.theirs);
            source_table(&mut out, &format!("{colour}_PAIRS"), &t.pairs);
        }
        out
    }
}

impl Policy {
    /// The Rust source of one of the engine's ordering files
    /// (`crates/ttt-engine/src/tables/RULE_ordering.rs`) holding this ordering.
    #[must_use]
    pub fn to_source(&self) -> String {
        let mut out = String::from(
            "//! The move ordering's tables for one rule, as the engine ships them (see `Policy`\n\
             //! for what each means). `ttt tune-eval --policy-out` writes this file.\n",
        );
        source_table(&mut out, "OWN", &self.own);
        source_table(&mut out, "THEIRS", &self.theirs);
        source_table(&mut out, "PAIRS", &self.pairs);
        out
    }
}

/// A table as Rust source, twelve entries a line.
fn source_table(out: &mut String, name: &str, v: &[i32]) {
    let _ = write!(
        out,
        "\n#[rustfmt::skip]\npub(crate) const {name}: [i32; {}] = [",
        v.len()
    );
    for (i, x) in v.iter().enumerate() {
        if i % 12 == 0 {
            out.push_str("\n   ");
        }
        let _ = write!(out, " {x},");
    }
    out.push_str("\n];\n");
}

/// Where the ordering's tables start among its parameters.
const POLICY_THEIRS: usize = PCODES;
const POLICY_PAIRS: usize = 2 * PCODES;
const POLICY_PARAMS: usize = POLICY_PAIRS + THREAT_PAIRS;

/// The choice of `at` in `board`'s position, unless the move was not a choice: forced
/// (a five to make or to stop), or the only candidate.
fn choice_of(board: &Board, chosen: usize) -> Option<Choice> {
    let me = board.turn();
    let them = me.other();
    if board.count_at_least(me, Threat::Five) > 0 || board.count_at_least(them, Threat::Five) > 0 {
        return None;
    }
    let defending = is_defending(board);
    if !is_move(board, chosen, defending) {
        return None;
    }
    let entries = |at: usize| {
        let pair = board.threat(at, me) as usize * THREATS + board.threat(at, them) as usize;
        [
            board.code(at, me),
            (POLICY_THEIRS + usize::from(board.code(at, them))) as u16,
            (POLICY_PAIRS + pair) as u16,
        ]
    };
    let mut candidates = vec![entries(chosen)];
    for &at in board.grid() {
        if at != chosen && is_move(board, at, defending) {
            candidates.push(entries(at));
        }
    }
    (candidates.len() >= 2).then_some(Choice { candidates })
}

fn policy_params_of(p: &Policy) -> Vec<f64> {
    p.own
        .iter()
        .chain(&p.theirs)
        .chain(&p.pairs)
        .map(|&x| f64::from(x))
        .collect()
}

fn policy_of(theta: &[f64]) -> Policy {
    let at = |i: usize| theta[i].round() as i32;
    Policy {
        own: std::array::from_fn(at),
        theirs: std::array::from_fn(|c| at(POLICY_THEIRS + c)),
        pairs: std::array::from_fn(|i| at(POLICY_PAIRS + i)),
    }
}

fn candidate_score(f: &[u16; 3], theta: &[f64]) -> f64 {
    f.iter().map(|&i| theta[usize::from(i)]).sum()
}

/// The softmax's probabilities of a choice's candidates.
fn probabilities(c: &Choice, theta: &[f64], temperature: f64) -> Vec<f64> {
    let scores: Vec<f64> = c
        .candidates
        .iter()
        .map(|f| candidate_score(f, theta) / temperature)
        .collect();
    let most = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = scores.iter().map(|s| (s - most).exp()).collect();
    let total: f64 = exp.iter().sum();
    exp.iter().map(|e| e / total).collect()
}

fn cross_entropy(choices: &[Choice], theta: &[f64], temperature: f64) -> f64 {
    let total: f64 = choices
        .iter()
        .map(|c| -probabilities(c, theta, temperature)[0].max(1e-300).ln())
        .sum();
    total / choices.len().max(1) as f64
}

/// How often the chosen move is among the first `within` by the ordering (ties against
/// it).
fn ranked_within(choices: &[Choice], theta: &[f64], within: usize) -> f64 {
    let hits = choices
        .iter()
        .filter(|c| {
            let chosen = candidate_score(&c.candidates[0], theta);
            let better = c.candidates[1..]
                .iter()
                .filter(|f| candidate_score(f, theta) >= chosen)
                .count();
            better < within
        })
        .count();
    hits as f64 / choices.len().max(1) as f64
}

/// The temperature that fits the starting ordering best (a golden-section search over its
/// logarithm).
fn best_temperature(choices: &[Choice], theta: &[f64]) -> f64 {
    least_on_log_scale(1.0, 10_000.0, |t| cross_entropy(choices, theta, t))
}

/// Where in `low..high` the one-dipped `f` is least: a golden-section search over the
/// logarithm, since the slopes and temperatures it looks for span orders of magnitude.
fn least_on_log_scale(low: f64, high: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (low.ln(), high.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if f(c.exp()) < f(d.exp()) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The gradient of the mean cross-entropy, over all the machine's cores.
fn policy_gradient(choices: &[Choice], theta: &[f64], temperature: f64) -> Vec<f64> {
    parallel_sum(choices, POLICY_PARAMS, |c, g| {
        let p = probabilities(c, theta, temperature);
        for (k, (f, pk)) in c.candidates.iter().zip(&p).enumerate() {
            let d = (pk - if k == 0 { 1.0 } else { 0.0 }) / temperature;
            for &i in f {
                g[usize::from(i)] += d;
            }
        }
    })
}

/// The sum over `items` of what `add` adds to a vector of `len`, divided by their number,
/// over all the machine's cores.
fn parallel_sum<T: Sync>(items: &[T], len: usize, add: impl Fn(&T, &mut [f64]) + Sync) -> Vec<f64> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = items.len().div_ceil(threads).max(1);
    let add = &add;
    let parts: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut g = vec![0.0; len];
                    for item in part {
                        add(item, &mut g);
                    }
                    g
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| vec![0.0; len]))
            .collect()
    });
    let n = items.len().max(1) as f64;
    let mut g = vec![0.0; len];
    for part in parts {
        for (a, b) in g.iter_mut().zip(part) {
            *a += b / n;
        }
    }
    g
}

/// The sample of `board`'s position, unless it is not quiet; `by_colour` when the colours
/// have tables of their own.
fn sample_of(board: &Board, winner: Option<Player>, by_colour: bool) -> Option<Sample> {
    let me = board.turn();
    let them = me.other();
    if board.count_at_least(me, Threat::FlexFour) > 0
        || board.count_at_least(them, Threat::Five) > 0
    {
        return None;
    }
    let (mine, theirs) = (block(me, by_colour), block(them, by_colour));
    let mut cells = vec![0u16; PARAMS];
    for &at in board.grid() {
        if board.is_empty(at) {
            cells[mine + MOVER + usize::from(board.code(at, me))] += 1;
            cells[theirs + WAITING + usize::from(board.code(at, them))] += 1;
        }
    }
    let mut features: Vec<(u16, f32)> = cells
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| {
            let sign = if i % COLOUR < WAITING { 1.0 } else { -1.0 };
            (i as u16, sign * f32::from(n))
        })
        .collect();
    let (my_counts, their_counts) = (board.threat_counts(me), board.threat_counts(them));
    let threat = |offset: usize, index: usize| ((mine + offset + index) as u16, 1.0);
    features.push(threat(OWN, own_threats(&my_counts)));
    features.push(threat(THEIRS, their_threats(&their_counts)));
    features.push(threat(PAIRS, threat_pair(&my_counts, &their_counts)));
    let result = match winner {
        None => 0.5,
        Some(w) if w == me => 1.0,
        Some(_) => 0.0,
    };
    Some(Sample {
        features,
        result,
        score: None,
    })
}

/// The parameters of an evaluation: each colour's cells' entries in the evaluation's units
/// (64ths divided out), its threat entries as they are.
fn params_of(e: &Evaluation) -> Vec<f64> {
    let mut p = Vec::with_capacity(PARAMS);
    for t in [&e.x, &e.o] {
        p.extend(
            t.mover
                .iter()
                .chain(&t.waiting)
                .map(|&x| f64::from(x) / 64.0),
        );
        p.extend(
            t.own
                .iter()
                .chain(&t.theirs)
                .chain(&t.pairs)
                .map(|&x| f64::from(x)),
        );
    }
    p
}

/// The evaluation of fitted parameters: O's tables are X's unless `by_colour`.
fn evaluation_of(p: &[f64], by_colour: bool) -> Evaluation {
    let tables = |at: usize| {
        let cell = |i: usize| (p[at + i] * 64.0).round() as i32;
        let plain = |i: usize| p[at + i].round() as i32;
        Tables {
            mover: std::array::from_fn(|c| cell(MOVER + c)),
            waiting: std::array::from_fn(|c| cell(WAITING + c)),
            own: std::array::from_fn(|i| plain(OWN + i)),
            theirs: std::array::from_fn(|i| plain(THEIRS + i)),
            pairs: std::array::from_fn(|i| plain(PAIRS + i)),
        }
    };
    Evaluation {
        x: tables(0),
        o: tables(block(Player::O, by_colour)),
    }
}

fn evaluate(s: &Sample, theta: &[f64]) -> f64 {
    s.features
        .iter()
        .map(|&(i, w)| f64::from(w) * theta[usize::from(i)])
        .sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What the evaluation of `s` should predict: its game's result, blended with `lambda` of
/// its search score through the curve of slope `scale` where the game gave one.
fn label(s: &Sample, scale: f64, lambda: f64) -> f64 {
    let result = f64::from(s.result);
    match s.score {
        Some(score) if lambda > 0.0 => {
            lambda * sigmoid(scale * f64::from(score)) + (1.0 - lambda) * result
        }
        _ => result,
    }
}

/// `samples`, each with its [`label`].
fn labelled(samples: &[Sample], scale: f64, lambda: f64) -> Vec<(&Sample, f64)> {
    samples
        .iter()
        .map(|s| (s, label(s, scale, lambda)))
        .collect()
}

/// The mean squared error of the predictions of samples with their labels.
fn error(samples: &[(&Sample, f64)], theta: &[f64], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|&(s, target)| (target - sigmoid(scale * evaluate(s, theta))).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The slope of the logistic curve that fits the starting evaluation best to the games'
/// results (a golden-section search over its logarithm).
fn best_scale(samples: &[Sample], theta: &[f64]) -> f64 {
    let results = labelled(samples, 1.0, 0.0);
    least_on_log_scale(1e-5, 1.0, |scale| error(&results, theta, scale))
}

/// The gradient of the mean squared error, over all the machine's cores.
fn gradient(samples: &[(&Sample, f64)], theta: &[f64], scale: f64) -> Vec<f64> {
    parallel_sum(samples, PARAMS, |&(s, target), g| {
        let p = sigmoid(scale * evaluate(s, theta));
        let d = -2.0 * (target - p) * p * (1.0 - p) * scale;
        for &(i, w) in &s.features {
            g[usize::from(i)] += d * f64::from(w);
        }
    })
}

/// Adam's step sizes, per parameter, with a step that shrinks to nothing over the fit.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
    rate: f64,
    steps: usize,
}

impl Adam {
    /// Steps of `rate` at first, for `steps` steps.
    fn new(n: usize, rate: f64, steps: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
            rate,
            steps: steps.max(1),
        }
    }

    fn step(&mut self, x: &mut [f64], g: &[f64]) {
        let (b1, b2) = (0.9, 0.999);
        self.t += 1;
        let rate = self.rate * (1.0 - f64::from(self.t - 1) / self.steps as f64).max(0.0);
        for i in 0..x.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            let m = self.m[i] / (1.0 - b1.powi(self.t));
            let v = self.v[i] / (1.0 - b2.powi(self.t));
            x[i] -= rate * m / (v.sqrt() + 1e-12);
        }
    }
}

/// How much a step may change a prediction's logit, at first: small enough that the fit
/// settles, large enough that a few hundred steps move a value as far as it needs.
const LOGIT_STEP: f64 = 0.01;

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
        let results: Vec<f32> = tuner.train.iter().map(|s| s.result).collect();
        assert_eq!(results[0], 1.0);
        assert_eq!(results[1], 0.0);
    }

    #[test]
    fn a_sample_evaluates_as_the_board_does() {
        let mut engine = Engine::new(15, 15, Rule::Freestyle, 1 << 16).unwrap();
        for cell in x_wins().iter().take(5) {
            engine.play(*cell).unwrap();
        }
        let board = engine.board();
        let sample = sample_of(board, None, false).unwrap();
        let theta = params_of(&Evaluation::shipped(Rule::Freestyle));
        let by_sample = evaluate(&sample, &theta);
        assert!(
            (by_sample - f64::from(board.evaluate())).abs() <= 1.0,
            "{by_sample}"
        );
    }

    #[test]
    fn labels_blend_the_result_with_the_search_score() {
        let sample = |score| Sample {
            features: Vec::new(),
            result: 1.0,
            score,
        };
        let (won, but_searched_lost) = (sample(None), sample(Some(-2_000.0)));
        assert_eq!(label(&won, 0.01, 1.0), 1.0, "no score: the result alone");
        assert_eq!(label(&but_searched_lost, 0.01, 0.0), 1.0);
        let searched = sigmoid(-20.0);
        assert!((label(&but_searched_lost, 0.01, 1.0) - searched).abs() < 1e-12);
        let half = label(&but_searched_lost, 0.01, 0.5);
        assert!((half - (0.5 + 0.5 * searched)).abs() < 1e-12);
        // A game's scores reach its positions: X won, but every search said X was losing.
        let mut tuner = Tuner::new(15, 15, Rule::Freestyle)
            .unwrap()
            .with_search_labels(1.0);
        let moves = x_wins();
        let scores: Vec<Option<i32>> = moves
            .iter()
            .enumerate()
            .map(|(i, _)| Some(if i % 2 == 0 { -5_000 } else { 5_000 }))
            .collect();
        tuner
            .add_scored_game(&moves, Some(Player::X), &scores)
            .unwrap();
        assert!(tuner
            .train
            .iter()
            .all(|s| s.score.is_some_and(|v| v.abs() == 5_000.0)));
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
    fn fitting_lowers_the_error() {
        let mut tuner = Tuner::new(15, 15, Rule::Freestyle).unwrap();
        // Games that the side building a line wins, each colour in turn.
        for game in 0..40 {
            let mut moves = x_wins();
            if game % 2 == 1 {
                moves.insert(0, Cell::new(14, 14));
                tuner.add_game(&moves, Some(Player::O)).unwrap();
            } else {
                tuner.add_game(&moves, Some(Player::X)).unwrap();
            }
        }
        let start = Evaluation::hand_set();
        let fit = tuner.fit(&start, 200);
        assert!(fit.train_error < fit.train_error_before, "{fit:?}");
        assert!(fit.fitted > 0 && fit.evaluation != start);
    }
}
