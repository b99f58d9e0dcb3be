//! A match between two engines over the protocol: games from a set of openings, each opening
//! played twice with the colours swapped (so an opening that favours one colour favours both
//! engines alike), and the score as an Elo difference with its error bar.
//!
//! The openings come from a [`Book`]: renju's 26 three-stone openings, centred on the board
//! (black in the centre, white next to it, 13 *direct*, on a side, and 13 *indirect*, on a
//! corner, and black's second stone anywhere in the centre's 5 x 5 square, one of each
//! shape up to a symmetry), or the wide book of 1,040 five-stone openings grown from them.
//! Each engine gets the opening as a `BOARD`, then its opponent's moves as `TURN`s.
//! An engine that answers late (past its time and the slack), with an illegal move (under
//! renju, black's forbidden points too), or not at all loses the game, and is started afresh
//! for the next.
//!
//! Several games can be played at once, each pair of engines on a thread of its own, and a
//! match can stop as soon as a [sequential test](crate::sprt) is decided.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ttt_core::{Cell, Player as Colour, Position, Rule, Setup};

pub use crate::manager::EngineSpec;
use crate::manager::{Brain, BrainError};
use crate::protocol::{Owner, Point};

/// How many in a row win: gomoku.
const K: usize = 5;

/// The most threads a match gives an engine (`INFO thread_num`): as many as ours takes.
pub const MOST_THREADS: usize = ttt_engine::MAX_THREADS;

/// How a match is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSettings {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Games to play (an odd last game plays its opening once).
    pub games: usize,
    /// How much later than its `timeout_turn` an engine may answer before it loses.
    pub slack: Duration,
    /// `INFO max_memory` for both, in bytes (0 for no limit).
    pub max_memory: u64,
    /// `INFO thread_num` for both, when set.
    pub threads: Option<u64>,
    /// Each engine's time for a whole game (`INFO timeout_match`, and `INFO time_left`
    /// before each move), when set; an engine that runs past it (and the slack) loses.
    pub match_time: Option<Duration>,
    /// The book the openings come from.
    pub book: Book,
    /// The first opening to play (openings are taken in turn from there).
    pub first_opening: usize,
    /// Play every game from the empty board instead of the openings.
    pub from_empty: bool,
    /// What wins (`INFO rule`); the referee judges every move by it.
    pub rule: Rule,
    /// Games played at once, each with its own pair of engine processes.
    pub concurrency: usize,
    /// Play the Gomocup's swap2 opening (`SWAP2BOARD`) instead of the book's openings: the
    /// engine that opens (A in even games, B in odd ones) places three stones, the other
    /// chooses a colour, a move, or two more stones and the opener's choice.
    pub swap2: bool,
}

/// One of the two engines of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first engine named.
    A,
    /// The second.
    B,
}

/// A game played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number in the match, from 0: it fixes the opening and the colours.
    pub number: usize,
    /// Which opening, by its number in the match's [`Book`] (none from the empty board).
    pub opening: Option<usize>,
    /// Which engine played black (first).
    pub black: Side,
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Every move of the game, the opening's included, black's first.
    pub moves: Vec<Point>,
    /// How it ended, in words.
    pub reason: String,
    /// Each move's search score for the side that played it, where the player said
    /// (`ttt selfplay`'s games; empty for a match's).
    pub scores: Vec<Option<i32>>,
}

/// Wins, losses and draws, from the first engine's view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// The first engine's wins.
    pub wins: u32,
    /// Its losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
}

/// An Elo difference and the half-width of its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The first engine's rating minus the second's.
    pub difference: f64,
    /// Plus or minus this, at 95%.
    pub margin: f64,
}

impl fmt::Display for Elo {
    /// `+35 ± 40`, or `+35, its error bar not bounded yet (too few games)`; a difference
    /// that rounds to nothing is `0`, never `-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let difference = if self.difference.abs() < 0.5 {
            0.0
        } else {
            self.difference
        };
        if self.margin.is_infinite() {
            write!(
                f,
                "{difference:+.0}, its error bar not bounded yet (too few games)"
            )
        } else {
            write!(f, "{difference:+.0} ± {:.0}", self.margin)
        }
    }
}

/// The Elo difference a score (0 to 1) means.
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The Elo difference of a mean score `s` (strictly between 0 and 1) over `n` results
/// whose scores spread by `spread` (their variance), with its 95% error bar; `None` for no
/// spread (the error bar is not known yet).
fn elo_within(s: f64, spread: f64, n: f64) -> Option<Elo> {
    if spread <= 1e-12 {
        return None;
    }
    let error = (spread / n).sqrt() * 1.96;
    // An interval reaching a score of 0 or 1 reaches an infinite Elo difference: too few
    // results to bound it.
    let margin = if s - error <= 0.0 || s + error >= 1.0 {
        f64::INFINITY
    } else {
        (elo_of(s + error) - elo_of(s - error)) / 2.0
    };
    Some(Elo {
        difference: elo_of(s),
        margin,
    })
}

impl Tally {
    /// The tally of `games`.
    #[must_use]
    pub fn from_games(games: &[GameRecord]) -> Tally {
        let mut tally = Tally::default();
        for game in games {
            tally.count(game.winner);
        }
        tally
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's score: a win 1, a draw a half, over the games.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference and its 95% error bar, from the games' scores' spread; `None`
    /// without games, where one side scored everything (the difference is unbounded), or
    /// where every game ended alike (the spread, so the error bar, is not known yet). The
    /// error bar is infinite while its interval of scores reaches 0 or 1.
    ///
    /// ```
    /// use ttt_pbrain::arena::Tally;
    /// let even = Tally { wins: 40, losses: 40, draws: 20 }.elo().unwrap();
    /// assert!(even.difference.abs() < 1e-9);
    /// let ahead = Tally { wins: 64, losses: 36, draws: 0 }.elo().unwrap();
    /// assert!((ahead.difference - 100.0).abs() < 1.0 && ahead.margin > 60.0);
    /// ```
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.games());
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let spread = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        elo_within(s, spread, n)
    }

    /// Counts one game more, won by `winner` (`None`: a draw).
    pub fn count(&mut self, winner: Option<Side>) {
        match winner {
            Some(Side::A) => self.wins += 1,
            Some(Side::B) => self.losses += 1,
            None => self.draws += 1,
        }
    }
}

/// The match's games in pairs: games `2i` and `2i + 1` are one opening with the colours
/// swapped, and a pair is counted once both have ended, by the first engine's points in it
/// (0, a half, 1, 1 and a half, 2): the pentanomial counts of the chess engines' testing.
/// An opening that favours one colour gives each engine a win in its pair, which counts
/// as the even result it is; counted game by game, the same two games only widen the
/// spread. So the test and the error bar from pairs need fewer games for the same
/// confidence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs by the first engine's points in half points: `counts[h]` pairs scored `h / 2`.
    pub counts: [u32; 5],
    /// The half points of the first game to end of each pair still waiting for the other.
    waiting: std::collections::HashMap<usize, u8>,
}

impl Pairs {
    /// Pairs with these counts (see [`Pairs::counts`]), none waiting.
    #[must_use]
    pub fn with_counts(counts: [u32; 5]) -> Pairs {
        Pairs {
            counts,
            waiting: std::collections::HashMap::new(),
        }
    }

    /// The pairs of `games` (in any order; a pair is counted once both its games are in).
    #[must_use]
    pub fn from_games(games: &[GameRecord]) -> Pairs {
        let mut pairs = Pairs::default();
        for game in games {
            pairs.add(game);
        }
        pairs
    }

    /// Counts `game`, completing its pair if the other game has ended.
    pub fn add(&mut self, game: &GameRecord) {
        let half_points = match game.winner {
            Some(Side::A) => 2,
            Some(Side::B) => 0,
            None => 1,
        };
        let pair = game.number / 2;
        match self.waiting.remove(&pair) {
            Some(other) => self.counts[usize::from(other + half_points)] += 1,
            None => {
                self.waiting.insert(pair, half_points);
            }
        }
    }

    /// The pairs counted (both games ended).
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The first engine's score over the pairs counted, a game's share (0 to 1).
    #[must_use]
    pub fn score(&self) -> f64 {
        let points: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(h, &n)| f64::from(n) * h as f64 / 4.0)
            .sum();
        points / f64::from(self.pairs().max(1))
    }

    /// The Elo difference and its 95% error bar from the pairs' spread, as
    /// [`Tally::elo`] from the games'.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.pairs());
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let spread = self
            .counts
            .iter()
            .enumerate()
            .map(|(h, &c)| f64::from(c) * (h as f64 / 4.0 - s).powi(2))
            .sum::<f64>()
            / n;
        elo_within(s, spread, n)
    }
}

/// Where a match's openings come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Book {
    /// Renju's 26 three-stone openings ([`openings`]).
    #[default]
    Renju,
    /// [`WIDE_BOOK`] five-stone openings: each of renju's 26 with a white and then a black
    /// stone more in the centre's 5 x 5 square ([`wide_opening`]). Engines that answer a
    /// position the same way each time replay the same game from the same opening, so a
    /// match of more than 52 games between them needs more openings than renju's.
    Wide,
    /// The wide openings the engine finds even under the rule ([`crate::book`]).
    Balanced(Rule),
}

/// How many openings the wide book holds: 40 from each of renju's 26.
pub const WIDE_BOOK: usize = 26 * 40;

impl Book {
    /// How many openings the book holds.
    #[must_use]
    pub fn len(self) -> usize {
        match self {
            Book::Renju => 26,
            Book::Wide => WIDE_BOOK,
            Book::Balanced(rule) => crate::book::balanced(rule).openings.len(),
        }
    }

    /// Never: every book holds openings (for clippy's `len` without `is_empty`).
    #[must_use]
    pub fn is_empty(self) -> bool {
        false
    }

    /// Opening `n` (taken modulo [`Book::len`]), as offsets from the centre, black first.
    #[must_use]
    pub fn opening(self, n: usize) -> Vec<(i32, i32)> {
        match self {
            Book::Renju => openings()[n % 26].to_vec(),
            Book::Wide => wide_opening(n % WIDE_BOOK),
            Book::Balanced(rule) => {
                let kept = crate::book::balanced(rule).openings;
                wide_opening(usize::from(kept[n % kept.len()]))
            }
        }
    }
}

/// Wide opening `n`: renju's opening `n % 26`, then a white and a black stone on free cells
/// of the centre's 5 x 5 square, drawn from `n` by a fixed mixing function, so that the
/// same number is always the same opening (a match resumes, and two matches share their
/// openings). Fives are out of reach of three black stones, and so are renju's forbidden
/// points.
#[must_use]
pub fn wide_opening(n: usize) -> Vec<(i32, i32)> {
    let mut stones = openings()[n % 26].to_vec();
    let mut state = n as u64;
    for _ in 0..2 {
        let free: Vec<(i32, i32)> = (-2..=2)
            .flat_map(|y| (-2..=2).map(move |x| (x, y)))
            .filter(|p| !stones.contains(p))
            .collect();
        state = mix(state);
        stones.push(free[(state % free.len() as u64) as usize]);
    }
    stones
}

/// SplitMix64's step: a fixed, well-spread function of the opening's number.
fn mix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Renju's 26 openings, as offsets from the centre (x to the right, y down), black first.
#[must_use]
pub fn openings() -> Vec<[(i32, i32); 3]> {
    let mut all = Vec::new();
    // Direct: white above black; the mirror x -> -x keeps it, so black's second stone has
    // x >= 0.
    for y in -2..=2 {
        for x in 0..=2 {
            if (x, y) != (0, 0) && (x, y) != (0, -1) {
                all.push([(0, 0), (0, -1), (x, y)]);
            }
        }
    }
    // Indirect: white up and to the right; the mirror (x, y) -> (-y, -x) keeps it.
    for y in -2..=2 {
        for x in -2..=2 {
            let mirror = (-y, -x);
            if (x, y) != (0, 0) && (x, y) != (1, -1) && (x, y) <= mirror {
                all.push([(0, 0), (1, -1), (x, y)]);
            }
        }
    }
    all
}

/// The referee's board: the stones, judged by the match's rule.
struct Grid {
    width: usize,
    height: usize,
    cells: Vec<u8>,
    stones: usize,
    rule: Rule,
}

impl Grid {
    fn new(width: usize, height: usize, rule: Rule) -> Grid {
        Grid {
            width,
            height,
            cells: vec![0; width * height],
            stones: 0,
            rule,
        }
    }

    fn is_free(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height && self.cells[p.y * self.width + p.x] == 0
    }

    /// Why black may not play the free `p`, under renju.
    fn forbidden(&self, p: Point) -> Option<ttt_core::Forbidden> {
        if self.rule != Rule::Renju {
            return None;
        }
        let mut setup = Setup::empty(self.height, self.width);
        for (i, &c) in self.cells.iter().enumerate() {
            let colour = match c {
                1 => Colour::X,
                2 => Colour::O,
                _ => continue,
            };
            setup.set(
                Cell::new((i / self.width) as u8, (i % self.width) as u8),
                Some(colour),
            );
        }
        // A board the rules refuse (too big for them) has nothing forbidden.
        let pos = Position::from_setup_under(&setup, K, Rule::Renju).ok()?;
        pos.forbidden(Cell::new(p.y as u8, p.x as u8))
    }

    /// Puts `colour`'s (1 black, 2 white) stone on the free `p`: whether it wins.
    fn put(&mut self, p: Point, colour: u8) -> bool {
        self.cells[p.y * self.width + p.x] = colour;
        self.stones += 1;
        let at = |x: i32, y: i32| {
            (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
                .then(|| self.cells[y as usize * self.width + x as usize])
        };
        let run = |dx: i32, dy: i32| {
            (1..)
                .take_while(|&s| at(p.x as i32 + dx * s, p.y as i32 + dy * s) == Some(colour))
                .count()
        };
        let player = if colour == 1 { Colour::X } else { Colour::O };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let (forth, back) = (run(dx, dy), run(-dx, -dy));
            let beyond = |d: i32, steps: usize| {
                at(
                    p.x as i32 + d * dx * (steps as i32 + 1),
                    p.y as i32 + d * dy * (steps as i32 + 1),
                )
            };
            let blocked =
                beyond(1, forth) == Some(3 - colour) && beyond(-1, back) == Some(3 - colour);
            self.rule.is_win(player, 1 + forth + back, K, blocked)
        })
    }

    fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }
}

/// One engine of a game: its program, its process (started when needed) and whether it has
/// seen the position yet.
struct Player<'a> {
    spec: &'a EngineSpec,
    brain: Option<Brain>,
    fresh: bool,
}

impl Player<'_> {
    fn ready(&mut self, settings: &MatchSettings) -> Result<&mut Brain, BrainError> {
        if self.brain.is_none() {
            let mut brain = Brain::spawn(&self.spec.program, &self.spec.args)?;
            brain.start(settings.width, settings.height, Duration::from_secs(30))?;
            brain.info("timeout_turn", self.spec.turn_time.as_millis())?;
            brain.info(
                "timeout_match",
                settings.match_time.map_or(0, |t| t.as_millis()),
            )?;
            brain.info("max_memory", settings.max_memory)?;
            brain.info("rule", u64::from(settings.rule.gomocup_code()))?;
            if let Some(threads) = settings.threads {
                brain.info("thread_num", threads)?;
            }
            self.brain = Some(brain);
        } else if self.fresh {
            let brain = self.brain.as_mut().ok_or(BrainError::Gone)?;
            // RESTART is optional for engines: one that refuses it is started again.
            match brain.restart(Duration::from_secs(10)) {
                Err(BrainError::Refused(_)) => {
                    brain.start(settings.width, settings.height, Duration::from_secs(30))?;
                }
                other => other?,
            }
        }
        self.brain.as_mut().ok_or(BrainError::Gone)
    }

    fn drop_brain(&mut self) {
        if let Some(brain) = self.brain.take() {
            brain.end();
        }
    }
}

/// Starts `spec`'s program on the match's board and ends it: whether it runs at all and
/// plays that board, before any game is scored on it.
///
/// # Errors
/// [`BrainError::Spawn`] when the program cannot be started, [`BrainError::Refused`] when it
/// refuses the board, any other [`BrainError`] when it answers wrongly or not at all.
pub fn check(spec: &EngineSpec, settings: &MatchSettings) -> Result<(), BrainError> {
    let mut brain = Brain::spawn(&spec.program, &spec.args)?;
    let started = brain
        .start(settings.width, settings.height, Duration::from_secs(30))
        .map_err(|e| brain.explain(e));
    brain.end();
    started
}

/// Plays one game: `black` moves first. Returns the winner's colour (1 black, 2 white, none
/// for a draw), the moves and the reason.
fn play_game<'a>(
    black: &mut Player<'a>,
    white: &mut Player<'a>,
    opening: Vec<Point>,
    settings: &MatchSettings,
) -> (Option<u8>, Vec<Point>, String) {
    let mut grid = Grid::new(settings.width, settings.height, settings.rule);
    let mut moves = opening;
    for (i, &p) in moves.iter().enumerate() {
        grid.put(p, if i % 2 == 0 { 1 } else { 2 });
    }
    black.fresh = true;
    white.fresh = true;
    // Each side's game time left, when the match has one: black's, then white's.
    let mut left = [settings.match_time; 2];
    loop {
        let colour: u8 = if moves.len().is_multiple_of(2) { 1 } else { 2 };
        let (player, name) = if colour == 1 {
            (&mut *black, "black")
        } else {
            (&mut *white, "white")
        };
        let other = 3 - colour;
        let clock = &mut left[usize::from(colour - 1)];
        let limit =
            clock.map_or(player.spec.turn_time, |t| t.min(player.spec.turn_time)) + settings.slack;
        let asked = Instant::now();
        let fresh = player.fresh;
        let answer = player.ready(settings).and_then(|brain| {
            if let Some(t) = *clock {
                brain.info("time_left", t.as_millis())?;
            }
            if fresh {
                let stones: Vec<(Point, Owner)> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| {
                        let mine = (i % 2 == 0) == (colour == 1);
                        (p, if mine { Owner::Own } else { Owner::Opponent })
                    })
                    .collect();
                if stones.is_empty() {
                    brain.begin(limit)
                } else {
                    brain.board(&stones, limit)
                }
            } else {
                let last = *moves.last().ok_or(BrainError::Gone)?;
                brain.turn(last, limit)
            }
        });
        player.fresh = false;
        let p = match answer {
            Ok(p) => p,
            Err(e) => {
                let e = match player.brain.as_ref() {
                    Some(brain) => brain.explain(e),
                    None => e,
                };
                player.drop_brain();
                return (Some(other), moves, format!("{name}: {e}"));
            }
        };
        let took = asked.elapsed();
        if took > limit {
            player.drop_brain();
            let why = if clock.is_some_and(|t| took > t + settings.slack) {
                "out of its game's time"
            } else {
                "no move in time"
            };
            return (Some(other), moves, format!("{name}: {why}"));
        }
        if let Some(t) = clock.as_mut() {
            *t = t.saturating_sub(took);
        }
        if !grid.is_free(p) {
            player.drop_brain();
            return (Some(other), moves, format!("{name}: illegal move {p}"));
        }
        if colour == 1 {
            if let Some(why) = grid.forbidden(p) {
                moves.push(p);
                return (
                    Some(other),
                    moves,
                    format!("{name}: forbidden move {p} ({why})"),
                );
            }
        }
        moves.push(p);
        if grid.put(p, colour) {
            return (Some(colour), moves, format!("{name} made five"));
        }
        if grid.is_full() {
            return (None, moves, "the board is full".to_string());
        }
    }
}

/// Plays the match of `a` against `b`, calling `each` after every game with its record and
/// the tally so far; games already played (`done`, from an earlier run of the same match)
/// are counted and not played again. `each` returns whether to go on: once it says no, no
/// new game starts, and the games under way are finished and counted.
pub fn play_match(
    a: &EngineSpec,
    b: &EngineSpec,
    settings: &MatchSettings,
    done: &[GameRecord],
    mut each: impl FnMut(&GameRecord, &Tally) -> bool,
) -> Tally {
    let mut tally = Tally::default();
    for record in done {
        tally.count(record.winner);
    }
    let played: Vec<usize> = done.iter().map(|r| r.number).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.max(1) {
            let sender = sender.clone();
            let (next, stop, played) = (&next, &stop, &played);
            scope.spawn(move || {
                let mut pa = Player {
                    spec: a,
                    brain: None,
                    fresh: true,
                };
                let mut pb = Player {
                    spec: b,
                    brain: None,
                    fresh: true,
                };
                while !stop.load(Ordering::SeqCst) {
                    let number = next.fetch_add(1, Ordering::SeqCst);
                    if number >= settings.games {
                        break;
                    }
                    if played.contains(&number) {
                        continue;
                    }
                    let record = play_numbered(&mut pa, &mut pb, settings, number);
                    if sender.send(record).is_err() {
                        break;
                    }
                }
                pa.drop_brain();
                pb.drop_brain();
            });
        }
        drop(sender);
        for record in receiver {
            tally.count(record.winner);
            if !each(&record, &tally) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    tally
}

/// Plays game `number` of the match: its opening is the `number / 2`-th from the first, and
/// A plays black in the even games.
fn play_numbered<'a>(
    pa: &mut Player<'a>,
    pb: &mut Player<'a>,
    settings: &MatchSettings,
    number: usize,
) -> GameRecord {
    let opening = (settings.first_opening + number / 2) % settings.book.len();
    let (cx, cy) = (settings.width as i32 / 2, settings.height as i32 / 2);
    let mut stones: Vec<Point> = if settings.from_empty || settings.swap2 {
        Vec::new()
    } else {
        settings
            .book
            .opening(opening)
            .iter()
            .map(|&(dx, dy)| Point {
                x: (cx + dx) as usize,
                y: (cy + dy) as usize,
            })
            .collect()
    };
    let opener = if number.is_multiple_of(2) {
        Side::A
    } else {
        Side::B
    };
    let mut black = opener;
    if settings.swap2 {
        let (first, second) = match opener {
            Side::A => (&mut *pa, &mut *pb),
            Side::B => (&mut *pb, &mut *pa),
        };
        match swap2_opening(first, second, settings) {
            Ok(opened) => {
                stones = opened.stones;
                black = if opened.opener_is_black {
                    opener
                } else {
                    other(opener)
                };
            }
            Err(fault) => {
                let loser = if fault.by_opener {
                    opener
                } else {
                    other(opener)
                };
                return GameRecord {
                    number,
                    opening: None,
                    black: opener,
                    winner: Some(other(loser)),
                    moves: fault.stones,
                    reason: fault.why,
                    scores: Vec::new(),
                };
            }
        }
    }
    let (winner, moves, reason) = match black {
        Side::A => play_game(pa, pb, stones, settings),
        Side::B => play_game(pb, pa, stones, settings),
    };
    let winner = winner.map(|colour| match (colour == 1, black) {
        (true, side) => side,
        (false, Side::A) => Side::B,
        (false, Side::B) => Side::A,
    });
    GameRecord {
        number,
        opening: (!settings.from_empty && !settings.swap2).then_some(opening),
        black,
        winner,
        moves,
        reason,
        scores: Vec::new(),
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::A => Side::B,
        Side::B => Side::A,
    }
}

/// A swap2 opening played out.
struct Opened {
    /// The stones placed, black first.
    stones: Vec<Point>,
    /// Whether the engine that opened plays black.
    opener_is_black: bool,
}

/// An engine's failure during a swap2 opening: it loses the game.
struct OpeningFault {
    /// Whether it was the engine that opened.
    by_opener: bool,
    /// The stones placed until then.
    stones: Vec<Point>,
    /// What went wrong.
    why: String,
}

/// The Gomocup's swap2 opening between `opener` and `second`; or, when an engine fails (no
/// answer in time, a bad line, a stone that cannot be), who and why.
fn swap2_opening(
    opener: &mut Player<'_>,
    second: &mut Player<'_>,
    settings: &MatchSettings,
) -> Result<Opened, OpeningFault> {
    let mut grid = Grid::new(settings.width, settings.height, settings.rule);
    let mut placed: Vec<Point> = Vec::new();
    // Asks `player` about the stones so far; its answer as points, or SWAP (`None`).
    let ask = |player: &mut Player<'_>,
               placed: &[Point],
               name: &str|
     -> Result<Option<Vec<Point>>, String> {
        let limit = player.spec.turn_time + settings.slack;
        let asked = Instant::now();
        player.fresh = true;
        let line = player
            .ready(settings)
            .and_then(|brain| brain.swap2board(placed, limit))
            .map_err(|e| {
                player.drop_brain();
                format!("{name}: {e}")
            })?;
        if asked.elapsed() > limit {
            player.drop_brain();
            return Err(format!("{name}: no swap2 answer in time"));
        }
        if line.trim().eq_ignore_ascii_case("SWAP") {
            return Ok(None);
        }
        line.split_whitespace()
            .map(|word| match crate::protocol::Reply::parse(word) {
                crate::protocol::Reply::Move(p) => Ok(p),
                _ => Err(format!("{name}: {line:?} is not a swap2 answer")),
            })
            .collect::<Result<Vec<Point>, String>>()
            .map(Some)
    };
    let put = |grid: &mut Grid, placed: &mut Vec<Point>, p: Point, name: &str| {
        let colour = if placed.len().is_multiple_of(2) { 1 } else { 2 };
        if !grid.is_free(p) {
            return Err(format!("{name}: opening stone {p} is not free"));
        }
        if colour == 1 {
            if let Some(why) = grid.forbidden(p) {
                return Err(format!("{name}: opening stone {p} is forbidden ({why})"));
            }
        }
        grid.put(p, colour);
        placed.push(p);
        Ok(())
    };
    let fail = |by_opener: bool, placed: &[Point], why: String| {
        Err(OpeningFault {
            by_opener,
            stones: placed.to_vec(),
            why,
        })
    };
    let opened = |stones: Vec<Point>, opener_is_black: bool| {
        Ok(Opened {
            stones,
            opener_is_black,
        })
    };
    // 1. The opener's three stones.
    match ask(opener, &placed, "opener") {
        Ok(Some(three)) if three.len() == 3 => {
            for p in three {
                if let Err(why) = put(&mut grid, &mut placed, p, "opener") {
                    return fail(true, &placed, why);
                }
            }
        }
        Ok(_) => return fail(true, &placed, "opener: three stones were wanted".into()),
        Err(why) => return fail(true, &placed, why),
    }
    // 2. The second's choice: black (SWAP), white and the fourth stone, or two more.
    match ask(second, &placed, "second") {
        Ok(None) => return opened(placed, false),
        Ok(Some(stones)) if stones.len() == 1 => {
            return match put(&mut grid, &mut placed, stones[0], "second") {
                Ok(()) => opened(placed, true),
                Err(why) => fail(false, &placed, why),
            };
        }
        Ok(Some(stones)) if stones.len() == 2 => {
            for p in stones {
                if let Err(why) = put(&mut grid, &mut placed, p, "second") {
                    return fail(false, &placed, why);
                }
            }
        }
        Ok(Some(_)) => {
            return fail(
                false,
                &placed,
                "second: SWAP, one stone or two were wanted".into(),
            )
        }
        Err(why) => return fail(false, &placed, why),
    }
    // 3. The opener's colour: black (SWAP: white is to move), or white and the sixth stone.
    match ask(opener, &placed, "opener") {
        Ok(None) => opened(placed, true),
        Ok(Some(stones)) if stones.len() == 1 => {
            match put(&mut grid, &mut placed, stones[0], "opener") {
                Ok(()) => opened(placed, false),
                Err(why) => fail(true, &placed, why),
            }
        }
        Ok(Some(_)) => fail(true, &placed, "opener: SWAP or one stone was wanted".into()),
        Err(why) => fail(true, &placed, why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_count_once_both_games_have_ended() {
        let game = |number: usize, winner: Option<Side>| GameRecord {
            number,
            opening: Some(number / 2),
            black: if number.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            },
            winner,
            moves: Vec::new(),
            reason: String::new(),
            scores: Vec::new(),
        };
        // Out of order, as games at once end: pair 0 split, pair 1 A's twice, pair 2 a draw
        // and a loss, pair 3 waiting for its second game.
        let games = [
            game(1, Some(Side::B)),
            game(2, Some(Side::A)),
            game(0, Some(Side::A)),
            game(6, Some(Side::A)),
            game(3, Some(Side::A)),
            game(5, None),
            game(4, Some(Side::B)),
        ];
        let pairs = Pairs::from_games(&games);
        assert_eq!(pairs.counts, [0, 1, 1, 0, 1]);
        assert_eq!(pairs.pairs(), 3);
        assert!((pairs.score() - 3.5 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn twenty_six_openings_all_different_and_central() {
        let all = openings();
        assert_eq!(all.len(), 26);
        for o in &all {
            assert!(o.iter().all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2));
            assert!(o[0] != o[1] && o[1] != o[2] && o[0] != o[2]);
        }
        let mut unique = all.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 26);
    }

    #[test]
    fn the_wide_book_grows_each_renju_opening_by_two_distinct_central_stones() {
        let mut all: Vec<Vec<(i32, i32)>> = (0..WIDE_BOOK).map(wide_opening).collect();
        for (n, o) in all.iter().enumerate() {
            assert_eq!(o.len(), 5);
            assert_eq!(o[..3], openings()[n % 26]);
            assert!(o.iter().all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2));
            let mut cells = o.clone();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), 5, "{o:?}");
        }
        assert_eq!(Book::Wide.opening(7), wide_opening(7));
        assert_eq!(Book::Wide.opening(WIDE_BOOK + 7), wide_opening(7));
        all.sort_unstable();
        all.dedup();
        assert!(all.len() > WIDE_BOOK * 9 / 10, "{} different", all.len());
    }

    #[test]
    fn five_or_more_in_a_row_wins() {
        let mut g = Grid::new(15, 15, Rule::Freestyle);
        for x in [0, 1, 2, 4] {
            assert!(!g.put(Point { x, y: 3 }, 1));
        }
        assert!(g.put(Point { x: 3, y: 3 }, 1));
        let mut g = Grid::new(5, 5, Rule::Freestyle);
        for i in 0..4 {
            assert!(!g.put(Point { x: i, y: 4 - i }, 2));
        }
        assert!(g.put(Point { x: 4, y: 0 }, 2));
        assert!(!g.is_free(Point { x: 5, y: 0 }));
    }

    #[test]
    fn the_referee_judges_by_the_rule() {
        let row = |g: &mut Grid, xs: &[usize], colour| {
            xs.iter()
                .map(|&x| g.put(Point { x, y: 7 }, colour))
                .collect::<Vec<bool>>()
        };
        // Six in a row: a win in freestyle, not in standard.
        for (rule, wins) in [(Rule::Freestyle, true), (Rule::Standard, false)] {
            let mut g = Grid::new(15, 15, rule);
            let made = row(&mut g, &[0, 1, 3, 4, 5, 2], 1);
            assert_eq!(made.last(), Some(&wins), "{rule}");
        }
        // Caro: five blocked at both ends by white is no win.
        let mut g = Grid::new(15, 15, Rule::Caro);
        row(&mut g, &[2, 8], 2);
        assert_eq!(row(&mut g, &[3, 4, 5, 6, 7], 1).last(), Some(&false));
        // Renju: black's double-three is forbidden, white's is not.
        let mut g = Grid::new(15, 15, Rule::Renju);
        for (x, y) in [(4, 7), (5, 7), (6, 5), (6, 6)] {
            g.put(Point { x, y }, 1);
        }
        for (x, y) in [(0, 0), (14, 0), (0, 14), (14, 14)] {
            g.put(Point { x, y }, 2);
        }
        assert_eq!(
            g.forbidden(Point { x: 6, y: 7 }),
            Some(ttt_core::Forbidden::DoubleThree)
        );
        assert_eq!(g.forbidden(Point { x: 9, y: 9 }), None);
    }

    #[test]
    fn scores_and_elo() {
        let t = Tally {
            wins: 3,
            losses: 1,
            draws: 0,
        };
        assert_eq!(t.games(), 4);
        assert!((t.score() - 0.75).abs() < 1e-12);
        assert!((t.elo().unwrap().difference - 190.85).abs() < 0.1);
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(
            Tally {
                wins: 5,
                losses: 0,
                draws: 0
            }
            .elo(),
            None
        );
    }

    /// A stand-in engine in shell that plays the first free cell of row 0 it has not played
    /// (it never reads the board: it loses to anything, or makes five on an empty row).
    #[test]
    fn a_broken_engine_loses_every_game() {
        let silly = EngineSpec {
            program: "sh".into(),
            args: vec![
                "-c".into(),
                "while read line; do case \"$line\" in START*|RESTART*) echo OK;; \
                 TURN*|DONE*|BEGIN*) echo 0,0;; END*) exit;; esac; done"
                    .into(),
            ],
            turn_time: Duration::from_millis(200),
        };
        let settings = MatchSettings {
            width: 15,
            height: 15,
            games: 2,
            slack: Duration::from_secs(2),
            max_memory: 0,
            threads: None,
            match_time: None,
            book: Book::Renju,
            first_opening: 0,
            from_empty: false,
            rule: Rule::Freestyle,
            concurrency: 1,
            swap2: false,
        };
        let mut seen = Vec::new();
        let tally = play_match(&silly, &silly, &settings, &[], |game, _| {
            seen.push(game.clone());
            true
        });
        // Both play 0,0; the second to do so plays an occupied cell and loses.
        assert_eq!(tally.games(), 2);
        assert_eq!(seen[0].moves.len(), 4);
        assert!(seen[0].reason.contains("illegal move 0,0"), "{:?}", seen[0]);
        assert_eq!(tally.wins + tally.losses, 2);
    }
}
