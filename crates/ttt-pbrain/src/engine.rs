//! Our engine's side of the protocol: reads the manager's lines, plays with
//! [`ttt_ai::Strong`] (five in a row, under the rule the manager names), and answers.
//!
//! Every command a tournament needs is answered: `START`, `RECTSTART` (sides 5 to 32),
//! `RESTART`, `BEGIN`, `TURN`, `BOARD` ... `DONE`, `SWAP2BOARD` ... `DONE` (the Gomocup's
//! swap2 opening: see [`crate::swap2`]), `TAKEBACK`, `INFO`, `ABOUT` and `END`.
//! Time: each move gets `timeout_turn`, less when `time_left` of `timeout_match` runs short,
//! less a margin for the answer to reach the manager; `max_memory` bounds the tables;
//! `thread_num` (1 to 256) sets the threads the next engine searches on.
//! `INFO rule` takes 0 (freestyle: five or more), 1 (standard: exactly five), 4 (renju: black
//! may not play a double-three, a double-four or an overline) and 8 (caro: five or more, not
//! blocked at both ends); any other value gets `ERROR` naming these. The rule holds at once,
//! for the stones on the board too (an analysis board changes it mid-game). Under a rule the
//! colours matter: black is X, the side that moved first, ours or theirs as the game shows.
//! `INFO win_length K`, a key of `ttt play` and `ttt serve` (the protocol assumes five), makes
//! it play K in a row. A line that is not a command gets `ERROR` (or `UNKNOWN` for a command
//! we do not know) and the engine goes on.
//!
//! The analysis boards (Yixin-Board and the GUIs that speak its protocol) add `YXBOARD` ...
//! `DONE` (a position set up without thinking), `YXNBEST n` (the best `n` candidates in
//! `MESSAGE` lines, then the best move; the position stays as it was set up), `YXSHOWFORBID`
//! (`FORBID xxyy...xxyy.`: black's forbidden points under renju), `YXSTOP` (stop thinking and
//! answer now), `YXSHOWINFO` (the settings, in `MESSAGE` lines) and `INFO show_detail`; their
//! `INFO rule 2` is renju. Other `YX` commands get `UNKNOWN` (the lines of `YXBLOCK` and
//! `YXBLOCKPATH` up to their `DONE` are skipped).
//!
//! Lines are read on a thread of their own, so that `END` and `YXSTOP` stop a search at once.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use ttt_ai::{Estimate, Limits, MarkError, StopFlag, Strong, StrongMove};
use ttt_core::{Cell, Player, Position, Rule, Setup};

use crate::protocol::{Command, Owner, ParseError, Point, Reply};
use crate::swap2;

/// The smallest and largest sides a board may have.
pub const SIDES: std::ops::RangeInclusive<usize> = 5..=32;

/// How many in a row win unless the manager says otherwise (`INFO win_length`): gomoku.
const K: usize = 5;

/// The time a move gets when the manager says nothing (`timeout_turn` unset).
const DEFAULT_TURN: Duration = Duration::from_secs(5);

/// The time a move gets with `timeout_turn 0` ("as fast as possible").
const FASTEST_TURN: Duration = Duration::from_millis(30);

/// Of the match time left, a move takes at most this share.
const MATCH_SHARE: u32 = 15;
/// Of the match time left, the next engine's move takes at most this share when its best
/// move keeps changing.
const MATCH_SHARE_UNSETTLED: u32 = 5;

/// The memory the tables take when the manager says nothing.
const DEFAULT_MEMORY: usize = 128 << 20;

/// Yixin-Board's `INFO rule` for renju (the Gomocup's 2 is continuous play, which no GUI of
/// ours sends).
const YIXIN_RENJU: u64 = 2;

/// How the engine plays, beyond what the manager sets.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Think at most this long a move, whatever the manager allows.
    pub most_per_move: Option<Duration>,
    /// The next engine's search stops after this many positions a move (within the time it
    /// has): a match at a fixed node count plays the same on a busy machine as on an idle
    /// one.
    pub nodes: Option<u64>,
    /// Which engine chooses the moves.
    pub engine: EngineChoice,
}

/// The engine that chooses the moves: the two can play a match against each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// [`ttt_ai::Strong`], on any board and K.
    Classic,
    /// [`ttt_engine::Engine`], for five in a row on the boards it plays; the classic engine
    /// plays the others (another K, a renju board above its size).
    #[default]
    Next,
}

/// The engine's state between lines.
#[derive(Debug)]
struct Engine {
    settings: Settings,
    game: Option<Strong>,
    /// How many in a row win.
    k: usize,
    /// The rule of the next game (and of this one once it starts).
    rule: Rule,
    /// Our colour: X (black) when we moved first. Under free-style, where colours do not
    /// matter, always X.
    own: Player,
    /// The stones of an open `BOARD` block.
    block: Option<Vec<(Point, Owner)>>,
    /// The stones of an open `SWAP2BOARD` block.
    swap2: Option<Vec<Point>>,
    /// Whether the open `BOARD` block came as `YXBOARD`: set up, not thought about.
    set_up_only: bool,
    /// Whether the lines up to the next `DONE` belong to a command we do not support.
    skipping: bool,
    /// `INFO show_detail`: a `MESSAGE` with depth, positions and speed after each search.
    detail: bool,
    timeout_turn: Duration,
    timeout_match: Option<Duration>,
    time_left: Option<Duration>,
    max_memory: Option<usize>,
    /// `INFO thread_num`: the threads the next engine may search on.
    threads: usize,
    /// Raised by the reader at `END` and at `YXSTOP`; lowered when `YXSTOP` is handled.
    stop: StopFlag,
    /// Set by the reader at `END`: the stop flag then stays raised.
    ended: Arc<AtomicBool>,
    /// The next engine, when chosen, kept from move to move for its tables; rebuilt when the
    /// board, the rule or the memory changes.
    next: Option<ttt_engine::Engine>,
    /// The board, rule and memory `next` was built for.
    next_for: Option<(usize, usize, Rule, usize)>,
}

/// What the engine does after a line.
enum Next {
    Answer(Vec<Reply>),
    Quit,
}

impl Engine {
    fn new(settings: Settings, stop: StopFlag, ended: Arc<AtomicBool>) -> Engine {
        Engine {
            settings,
            game: None,
            k: K,
            rule: Rule::Freestyle,
            own: Player::X,
            block: None,
            swap2: None,
            set_up_only: false,
            skipping: false,
            detail: false,
            timeout_turn: DEFAULT_TURN,
            timeout_match: None,
            time_left: None,
            max_memory: None,
            threads: 1,
            stop,
            ended,
            next: None,
            next_for: None,
        }
    }

    /// [`Engine::handle_with`], dropping what comes before the answer.
    #[cfg(test)]
    fn handle(&mut self, line: &str) -> Next {
        self.handle_with(line, &mut |_| {})
    }

    /// What to do after `line`: the answer, or to quit. Lines a long think sends before its
    /// answer (`YXNBEST`'s candidates, as each is found) go to `early`.
    fn handle_with(&mut self, line: &str, early: &mut dyn FnMut(Reply)) -> Next {
        if self.skipping {
            self.skipping = !line.trim().eq_ignore_ascii_case("DONE");
            return Next::Answer(Vec::new());
        }
        let in_block = self.block.is_some() || self.swap2.is_some();
        let command = match Command::parse(line, in_block) {
            Ok(Some(c)) => c,
            Ok(None) => return Next::Answer(Vec::new()),
            Err(ParseError::Unknown(word)) => {
                return Next::Answer(vec![Reply::Unknown(format!("unknown command {word}"))])
            }
            Err(ParseError::Malformed(why)) => return Next::Answer(vec![Reply::Error(why)]),
        };
        let replies = match command {
            Command::Start(size) => self.start(size, size),
            Command::RectStart { width, height } => self.start(width, height),
            Command::Restart => match &self.game {
                Some(g) => {
                    let (rows, cols) = (g.rows(), g.cols());
                    self.start(cols, rows)
                }
                None => vec![no_board()],
            },
            Command::Begin => match &self.game {
                Some(g) if g.marks() == 0 => {
                    self.own = Player::X;
                    self.think()
                }
                Some(_) => vec![Reply::Error("BEGIN on a board that is not empty".into())],
                None => vec![no_board()],
            },
            Command::Turn(p) => match self.their_move(p) {
                Ok(()) => self.think(),
                Err(e) => vec![e],
            },
            Command::Board | Command::YxBoard => {
                if self.game.is_none() {
                    vec![no_board()]
                } else {
                    self.block = Some(Vec::new());
                    self.set_up_only = command == Command::YxBoard;
                    Vec::new()
                }
            }
            Command::Stone(p, owner) => match self.block.as_mut() {
                Some(block) => {
                    block.push((p, owner));
                    Vec::new()
                }
                None => vec![Reply::Error(
                    "a SWAP2BOARD line is x,y: the stones in the order they were placed".into(),
                )],
            },
            Command::Swap2Board => {
                if self.game.is_none() {
                    vec![no_board()]
                } else {
                    self.swap2 = Some(Vec::new());
                    Vec::new()
                }
            }
            Command::Placed(p) => match self.swap2.as_mut() {
                Some(placed) => {
                    placed.push(p);
                    Vec::new()
                }
                None => vec![Reply::Error(
                    "a BOARD line needs x,y,field (1, 2 or 3)".into(),
                )],
            },
            Command::Done if self.swap2.is_some() => self.swap2_done(),
            Command::Done => self.done(),
            Command::Takeback(p) => self.takeback(p),
            Command::Info(key, value) => self.info(&key, &value),
            Command::About => vec![Reply::Text(format!(
                "name=\"ttt\", version=\"{}\", author=\"the ttt authors\", country=\"\", \
                 www=\"\", email=\"\"",
                env!("CARGO_PKG_VERSION")
            ))],
            Command::End => return Next::Quit,
            Command::YxNbest(n) => self.best_few(n, early),
            Command::YxShowForbid => vec![self.forbidden_points()],
            Command::YxStop => {
                // The search it stopped has answered already; the next one must run, unless
                // END came meanwhile (the reader marks it ended before raising the flag).
                self.stop.lower();
                if self.ended.load(Ordering::SeqCst) {
                    self.stop.raise();
                }
                Vec::new()
            }
            Command::YxShowInfo => self.settings_shown(),
            Command::YxUnsupportedBlock(word) => {
                self.skipping = true;
                vec![Reply::Unknown(format!(
                    "unknown command {word}: its lines up to DONE are skipped"
                ))]
            }
        };
        Next::Answer(replies)
    }

    fn start(&mut self, width: usize, height: usize) -> Vec<Reply> {
        if !SIDES.contains(&width) || !SIDES.contains(&height) {
            return vec![Reply::Error(format!(
                "unsupported size {width}x{height}: sides go from {} to {}",
                SIDES.start(),
                SIDES.end()
            ))];
        }
        if let Err(why) = rule_fits(self.rule, height, width) {
            return vec![Reply::Error(why)];
        }
        match self.new_game(height, width) {
            Ok(g) => {
                self.game = Some(g);
                self.own = Player::X;
                self.block = None;
                self.swap2 = None;
                vec![Reply::Ok]
            }
            Err(e) => vec![Reply::Error(e.to_string())],
        }
    }

    /// An empty board of the next game: its K, its rule, its memory.
    fn new_game(&self, rows: usize, cols: usize) -> Result<Strong, ttt_ai::BoardSizeError> {
        Strong::new(rows, cols, self.k).map(|g| g.memory(self.memory()).with_rule(self.rule))
    }

    /// The opponent's move at `p`: their colour is black if the board was empty.
    fn their_move(&mut self, p: Point) -> Result<(), Reply> {
        if self.rule != Rule::Freestyle && self.game.as_ref().is_some_and(|g| g.marks() == 0) {
            self.own = Player::O;
        }
        self.mark(p, self.own.other())
    }

    /// The board's stones again, on a board of the K now set, the same side to move;
    /// nothing without a board.
    fn replay_board(&mut self) -> Result<(), String> {
        let Some(old) = self.game.as_ref() else {
            return Ok(());
        };
        let (rows, cols) = (old.rows(), old.cols());
        let mut game = self.new_game(rows, cols).map_err(|e| e.to_string())?;
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(row as u8, col as u8);
                if let Some(p) = old.get(cell) {
                    game.put(cell, p).map_err(|e| e.to_string())?;
                }
            }
        }
        game.set_turn(old.turn());
        self.game = Some(game);
        Ok(())
    }

    fn memory(&self) -> usize {
        // The tables get half of what the manager allows; the rest is the program's own.
        self.max_memory
            .filter(|&m| m > 0)
            .map_or(DEFAULT_MEMORY, |m| (m / 2).max(1 << 20))
    }

    /// Puts `player`'s stone at `p`, or says why not.
    fn mark(&mut self, p: Point, player: Player) -> Result<(), Reply> {
        let game = self.game.as_mut().ok_or_else(no_board)?;
        let cell = cell_of(p).ok_or_else(|| off_board(p))?;
        // Said in the protocol's own coordinates (x,y from 0), not the board's rows and columns.
        game.put(cell, player).map(|_| ()).map_err(|e| match e {
            MarkError::OffBoard(_) => off_board(p),
            MarkError::Occupied(_) => Reply::Error(format!("{p} is already taken")),
        })
    }

    fn done(&mut self) -> Vec<Reply> {
        let Some(block) = self.block.take() else {
            return vec![Reply::Error("DONE without BOARD before it".into())];
        };
        let Some(game) = self.game.as_ref() else {
            return vec![no_board()];
        };
        let (rows, cols) = (game.rows(), game.cols());
        self.game = self.new_game(rows, cols).ok();
        // We are to move: with as many stones as they have we are black, else white.
        let count = |o: Owner| block.iter().filter(|s| s.1 == o).count();
        self.own = if self.rule != Rule::Freestyle && count(Owner::Opponent) > count(Owner::Own) {
            Player::O
        } else {
            Player::X
        };
        let mut replies = Vec::new();
        for (p, owner) in block {
            let player = match owner {
                Owner::Own => self.own,
                Owner::Opponent => self.own.other(),
                Owner::Winning => continue,
            };
            if let Err(e) = self.mark(p, player) {
                replies.push(e);
            }
        }
        if std::mem::take(&mut self.set_up_only) {
            if let Some(g) = self.game.as_mut() {
                g.set_turn(self.own);
            }
        } else {
            replies.extend(self.think());
        }
        replies
    }

    /// The answer to a `SWAP2BOARD` block: stones, `SWAP`, or our move as white.
    fn swap2_done(&mut self) -> Vec<Reply> {
        let placed = self.swap2.take().unwrap_or_default();
        let Some(game) = self.game.as_ref() else {
            return vec![no_board()];
        };
        let dims = match ttt_core::Dims::new(game.rows(), game.cols(), self.k) {
            Ok(d) => d,
            Err(e) => return vec![Reply::Error(e.to_string())],
        };
        match swap2::answer(dims, self.rule, &placed) {
            Err(refusal) => vec![Reply::Error(refusal.to_string())],
            Ok(swap2::Answer::Place(stones)) => {
                let line: Vec<String> = stones.iter().map(ToString::to_string).collect();
                vec![Reply::Text(line.join(" "))]
            }
            Ok(swap2::Answer::Swap) => vec![Reply::Text("SWAP".into())],
            Ok(swap2::Answer::Play(pos)) => {
                // We are white from here: the board is the opening's, and our move follows.
                let (rows, cols) = (game.rows(), game.cols());
                self.game = self.new_game(rows, cols).ok();
                // We take the colour to move: white.
                self.own = pos.turn();
                let mut replies = Vec::new();
                for (i, &p) in placed.iter().enumerate() {
                    let player = if i % 2 == 0 { Player::X } else { Player::O };
                    if let Err(e) = self.mark(p, player) {
                        replies.push(e);
                    }
                }
                replies.extend(self.think());
                replies
            }
        }
    }

    fn takeback(&mut self, p: Point) -> Vec<Reply> {
        let Some(game) = self.game.as_mut() else {
            return vec![no_board()];
        };
        let on_board = cell_of(p)
            .filter(|c| usize::from(c.row) < game.rows() && usize::from(c.col) < game.cols());
        match on_board {
            Some(cell) if game.take_back(cell) => vec![Reply::Ok],
            Some(_) => vec![Reply::Error(format!("{p}: no stone to take back"))],
            None => vec![off_board(p)],
        }
    }

    fn info(&mut self, key: &str, value: &str) -> Vec<Reply> {
        let number = || value.trim().parse::<u64>().ok();
        let millis = |v: u64| Duration::from_millis(v);
        let bad = || vec![Reply::Error(format!("INFO {key} needs a whole number"))];
        match key {
            "timeout_turn" => match number() {
                Some(0) => self.timeout_turn = FASTEST_TURN,
                Some(v) => self.timeout_turn = millis(v),
                None => return bad(),
            },
            "timeout_match" => match number() {
                Some(v) => self.timeout_match = (v > 0).then(|| millis(v)),
                None => return bad(),
            },
            "time_left" => match number() {
                Some(v) => self.time_left = Some(millis(v)),
                None => return bad(),
            },
            "max_memory" => match number() {
                Some(v) => {
                    self.max_memory = usize::try_from(v).ok();
                    let memory = self.memory();
                    if let Some(g) = self.game.as_mut() {
                        g.set_memory(memory);
                    }
                }
                None => return bad(),
            },
            "rule" => {
                let Some(code) = number() else {
                    return bad();
                };
                let rule = match code {
                    YIXIN_RENJU => Some(Rule::Renju),
                    _ => u32::try_from(code).ok().and_then(Rule::from_gomocup_code),
                };
                let Some(rule) = rule else {
                    return vec![Reply::Error(format!(
                        "rule {code} is not supported: choose 0 (freestyle: five or more in a \
                         row), 1 (standard: exactly five), 4 or 2 (renju) or 8 (caro: five or \
                         more, not blocked at both ends)"
                    ))];
                };
                if let Err(e) = rule.check_k(self.k) {
                    return vec![Reply::Error(e.to_string())];
                }
                if let Some(g) = self.game.as_ref() {
                    if let Err(why) = rule_fits(rule, g.rows(), g.cols()) {
                        return vec![Reply::Error(why)];
                    }
                }
                // At once, stones and all: an analysis board that changes the rule asks about
                // the position on it, and every answer (moves, forbidden points) is the new
                // rule's. The board itself does not depend on the rule.
                self.rule = rule;
                self.game = self.game.take().map(|g| g.with_rule(rule));
            }
            // Ours, from `ttt play` and `ttt serve`: their games are K in a row on any board.
            // It applies at once, to the stones on the board too.
            crate::player::WIN_LENGTH_KEY => match number().and_then(|v| usize::try_from(v).ok()) {
                Some(k) if k >= 2 => {
                    if let Err(e) = self.rule.check_k(k) {
                        return vec![Reply::Error(e.to_string())];
                    }
                    // A K the board cannot take is refused, and the board and K stay.
                    let old = std::mem::replace(&mut self.k, k);
                    if let Err(why) = self.replay_board() {
                        self.k = old;
                        return vec![Reply::Error(why)];
                    }
                }
                _ => {
                    return vec![Reply::Error(
                        "INFO win_length needs a whole number of 2 or more".into(),
                    )]
                }
            },
            // Yixin-Board's and other managers' key: the next engine searches on that many
            // threads; the classic engine has one.
            "thread_num" => match number() {
                Some(v) if (1..=ttt_engine::MAX_THREADS as u64).contains(&v) => {
                    self.threads = v as usize;
                }
                _ => {
                    return vec![Reply::Error(format!(
                        "INFO thread_num needs a whole number from 1 to {}",
                        ttt_engine::MAX_THREADS
                    ))]
                }
            },
            "show_detail" => match number() {
                Some(v) => self.detail = v > 0,
                None => return bad(),
            },
            // Other keys (game_type, folder, evaluate, Yixin-Board's hash_size,
            // max_depth, max_node, ...) change nothing here.
            _ => {}
        }
        Vec::new()
    }

    /// The time this move may take.
    fn budget(&self) -> Duration {
        self.budget_with(MATCH_SHARE)
    }

    /// The time this move may take when its search is unsettled: the next engine aims at
    /// `budget` and may go on to this.
    fn most_budget(&self) -> Duration {
        self.budget_with(MATCH_SHARE_UNSETTLED)
    }

    /// The turn's time, at most `1 / share` of the game's time left, less a margin.
    fn budget_with(&self, share: u32) -> Duration {
        let mut t = self.timeout_turn;
        if let (Some(_), Some(left)) = (self.timeout_match, self.time_left) {
            t = t.min(left / share);
        }
        if let Some(most) = self.settings.most_per_move {
            t = t.min(most);
        }
        // A margin for starting, answering and the manager's clock.
        (t.mul_f64(0.9)).saturating_sub(Duration::from_millis(20))
    }

    /// The refusal to move on a board where a side already has a winning line under the
    /// rule: a board set up by hand (`BOARD`, an analysis board) can hold one, and there
    /// is no move left to choose.
    fn game_over(&self) -> Option<Reply> {
        let game = self.game.as_ref()?;
        let (winner, len) = line_on(game, self.rule)?;
        let side = if winner == self.own {
            "this engine"
        } else {
            "the opponent"
        };
        // Under free-style the colours do not matter and are not tracked.
        let colour = match (self.rule, winner) {
            (Rule::Freestyle, _) => "",
            (_, Player::X) => " (black)",
            (_, Player::O) => " (white)",
        };
        Some(Reply::Error(format!(
            "no move to play: the game is over, {side}{colour} has {len} in a row"
        )))
    }

    /// Our move, played on our board.
    fn think(&mut self) -> Vec<Reply> {
        if let Some(over) = self.game_over() {
            return vec![over];
        }
        if let Some(replies) = self.think_next() {
            return replies;
        }
        let budget = self.budget();
        let Some(game) = self.game.as_mut() else {
            return vec![no_board()];
        };
        game.set_turn(self.own);
        let limits = Limits::none().within(budget).with_stop(self.stop.clone());
        let started = Instant::now();
        let Some(chosen) = game.choose(limits) else {
            return vec![Reply::Error("the board is full".into())];
        };
        let detail = self
            .detail
            .then(|| Reply::Message(speed(chosen.depth, chosen.nodes, started)));
        let _ = game.put(chosen.cell, self.own);
        let mut replies = Vec::new();
        if let Some(win) = &chosen.win {
            let kind = if win.uses_threes {
                "threes and fours"
            } else {
                "fours"
            };
            let plies = win.plies();
            let unit = if plies == 1 { "ply" } else { "plies" };
            replies.push(Reply::Message(format!("a win by {kind} in {plies} {unit}")));
        } else {
            // MESSAGE, not DEBUG: managers show it, and some take a DEBUG line for an answer.
            replies.push(Reply::Message(format!(
                "depth {} positions {}",
                chosen.depth, chosen.nodes
            )));
        }
        replies.extend(detail);
        replies.push(Reply::Move(point_of(chosen.cell)));
        replies
    }

    /// The next engine, set to our board with our side to move; `None` when it does not
    /// play this board (the classic engine does) or was not chosen.
    fn ready_next(&mut self) -> Option<&mut ttt_engine::Engine> {
        if self.settings.engine != EngineChoice::Next {
            return None;
        }
        let memory = self.memory();
        let game = self.game.as_ref()?;
        let (rows, cols) = (game.rows(), game.cols());
        if !ttt_engine::Engine::supports(rows, cols, self.k, self.rule) {
            return None;
        }
        let wanted = (rows, cols, self.rule, memory);
        if self.next_for != Some(wanted) {
            self.next = ttt_engine::Engine::new(rows, cols, self.rule, memory).ok();
            self.next_for = Some(wanted);
        }
        let mut stones = Vec::new();
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(u8::try_from(row).ok()?, u8::try_from(col).ok()?);
                if let Some(p) = game.get(cell) {
                    stones.push((cell, p));
                }
            }
        }
        let next = self.next.as_mut()?;
        next.set_stones(&stones, self.own).ok()?;
        next.set_threads(self.threads);
        Some(next)
    }

    /// Our move by the next engine, played on our board; `None` when it does not play this
    /// board (the classic engine does).
    fn think_next(&mut self) -> Option<Vec<Reply>> {
        let (budget, most) = (self.budget(), self.most_budget());
        let nodes = self.settings.nodes;
        let stop = self.stop.clone();
        let next = self.ready_next()?;
        let started = Instant::now();
        let mut limits = if most > budget {
            ttt_engine::Limits::time(most).with_target(budget)
        } else {
            ttt_engine::Limits::time(budget)
        };
        if let Some(nodes) = nodes {
            limits = limits.with_nodes(nodes);
        }
        let thought = next.think(limits, &|| stop.is_raised())?;
        let game = self.game.as_mut()?;
        game.set_turn(self.own);
        game.put(thought.best, self.own).ok()?;
        let mut replies = Vec::new();
        // MESSAGE, not DEBUG: managers show it, and some take a DEBUG line for an answer.
        replies.push(Reply::Message(match thought.win_in() {
            Some(plies) => format!(
                "a win in {plies} {}{}",
                if plies == 1 { "ply" } else { "plies" },
                if thought.proven {
                    ""
                } else {
                    " (found by the search, not proven)"
                }
            ),
            None => format!(
                "depth {} positions {} score {}",
                thought.depth, thought.nodes, thought.score
            ),
        }));
        if self.detail {
            replies.push(Reply::Message(speed(thought.depth, thought.nodes, started)));
        }
        replies.push(Reply::Move(point_of(thought.best)));
        Some(replies)
    }

    /// The answer to `YXNBEST n`: a `MESSAGE` for each of the best `n` candidates (to
    /// `early`, as each is found), then the best move. The position stays as it was: an
    /// analysis board sets up the next one.
    fn best_few(&mut self, n: usize, early: &mut dyn FnMut(Reply)) -> Vec<Reply> {
        if let Some(over) = self.game_over() {
            return vec![over];
        }
        if let Some(replies) = self.best_few_next(n, early) {
            return replies;
        }
        let budget = self.budget();
        let detail = self.detail;
        let own = self.own;
        let Some(game) = self.game.as_mut() else {
            return vec![no_board()];
        };
        game.set_turn(own);
        let limits = Limits::none().within(budget).with_stop(self.stop.clone());
        let started = Instant::now();
        let empty = game.rows() * game.cols() - game.marks();
        let mut rank = 0;
        let lines = game.best_moves_each(n.min(empty), limits, |m| {
            rank += 1;
            early(Reply::Message(candidate(rank, m)));
        });
        let Some(best) = lines.first() else {
            return vec![Reply::Error("no move to play: the board is full".into())];
        };
        let mut replies = Vec::new();
        if detail {
            let nodes: u64 = lines.iter().map(|m| m.nodes).sum();
            let depth = lines.iter().map(|m| m.depth).max().unwrap_or(0);
            replies.push(Reply::Message(speed(depth, nodes, started)));
        }
        replies.push(Reply::Move(point_of(best.cell)));
        replies
    }

    /// [`Self::best_few`] by the next engine, which knows the rule's wins; `None` when it
    /// does not play this board. Each candidate is searched without the ones before it,
    /// with an equal share of the time left.
    fn best_few_next(&mut self, n: usize, early: &mut dyn FnMut(Reply)) -> Option<Vec<Reply>> {
        let budget = self.budget();
        let nodes = self.settings.nodes;
        let detail = self.detail;
        let stop = self.stop.clone();
        let game = self.game.as_ref()?;
        // No more candidates than empty cells, so that the time is shared among those.
        let n = n.min(game.rows() * game.cols() - game.marks());
        let next = self.ready_next()?;
        let started = Instant::now();
        let mut found: Vec<ttt_engine::Thought> = Vec::new();
        for i in 0..n {
            let left = budget.saturating_sub(started.elapsed());
            let share = left / u32::try_from(n - i).unwrap_or(u32::MAX);
            let mut limits = ttt_engine::Limits::time(share);
            if let Some(nodes) = nodes {
                limits = limits.with_nodes(nodes);
            }
            let skip: Vec<Cell> = found.iter().map(|t| t.best).collect();
            let Some(thought) = next.think_without(limits, &|| stop.is_raised(), &skip) else {
                break;
            };
            early(Reply::Message(next_candidate(found.len() + 1, &thought)));
            found.push(thought);
        }
        let Some(best) = found.first() else {
            return Some(vec![Reply::Error(
                "no move to play: the board is full".into(),
            )]);
        };
        let mut replies = Vec::new();
        if detail {
            let nodes: u64 = found.iter().map(|t| t.nodes).sum();
            let depth = found.iter().map(|t| t.depth).max().unwrap_or(0);
            replies.push(Reply::Message(speed(depth, nodes, started)));
        }
        replies.push(Reply::Move(point_of(best.best)));
        Some(replies)
    }

    /// The position on our board, under the rule, with our side to move; `None` when the
    /// stones are not one a game under the rule reaches with that side to move.
    fn position(&self) -> Option<Position> {
        let game = self.game.as_ref()?;
        let mut setup = Setup::empty(game.rows(), game.cols());
        for row in 0..game.rows() {
            for col in 0..game.cols() {
                let cell = Cell::new(u8::try_from(row).ok()?, u8::try_from(col).ok()?);
                setup.set(cell, game.get(cell));
            }
        }
        let pos = Position::from_setup_under(&setup, game.k(), self.rule).ok()?;
        (pos.turn() == game.turn()).then_some(pos)
    }

    /// `FORBID xxyy...xxyy.`: black's forbidden points when black is to move under renju
    /// (none otherwise), x and y in two digits each.
    fn forbidden_points(&self) -> Reply {
        let points: String = self
            .position()
            .map(|pos| pos.forbidden_cells())
            .unwrap_or_default()
            .into_iter()
            .map(|(cell, _)| format!("{:02}{:02}", cell.col, cell.row))
            .collect();
        Reply::Text(format!("FORBID {points}."))
    }

    /// The answer to `YXSHOWINFO`: what an analysis board may set, and how it is set now.
    fn settings_shown(&self) -> Vec<Reply> {
        let board = self.game.as_ref().map_or("no board yet".to_string(), |g| {
            format!("{} x {} (columns x rows)", g.cols(), g.rows())
        });
        // The classic engine searches on one thread; the next one on as many as it is
        // given, and an analysis board offers up to this machine's cores.
        let (most, threads) = match self.settings.engine {
            EngineChoice::Classic => (1, 1),
            EngineChoice::Next => (
                std::thread::available_parallelism().map_or(1, usize::from),
                self.threads,
            ),
        };
        vec![
            Reply::Message(format!("INFO MAX_THREAD_NUM {most}")),
            Reply::Message(format!(
                "ttt {}: {board}, {} in a row, {}, {} ms a move, tables of {} MiB, {} thread{}, \
                 detail {}",
                env!("CARGO_PKG_VERSION"),
                self.k,
                self.rule,
                self.budget().as_millis(),
                self.memory() >> 20,
                threads,
                if threads == 1 { "" } else { "s" },
                if self.detail { "on" } else { "off" },
            )),
        ]
    }
}

/// Whether `rule` can be played on a board of `rows` x `cols`: the rules other than
/// freestyle are judged (exact fives, renju's forbidden points) by `ttt-core`, whose boards
/// go up to [`ttt_core::MAX_SIDE`] a side, as `ttt match`'s referee's do.
fn rule_fits(rule: Rule, rows: usize, cols: usize) -> Result<(), String> {
    let most = ttt_core::MAX_SIDE;
    if rule == Rule::Freestyle || (rows <= most && cols <= most) {
        Ok(())
    } else {
        Err(format!(
            "{rule} is played on boards of up to {most} a side ({cols}x{rows} is bigger): \
             START {most} or smaller, or INFO rule 0 (freestyle) for this board"
        ))
    }
}

/// A candidate of `YXNBEST`: `(rank) x,y`, what it is worth, and its line.
fn candidate(rank: usize, m: &StrongMove) -> String {
    let value = match (&m.win, m.estimate) {
        (Some(win), _) => {
            let kind = if win.uses_threes {
                "threes and fours"
            } else {
                "fours"
            };
            format!("win in {} (proven: {kind})", plies(win.plies()))
        }
        (None, Some(Estimate::Win { plies: p })) => format!("win in {} (found)", plies(p)),
        (None, Some(Estimate::Loss { plies: p })) => format!("loss in {} (found)", plies(p)),
        (None, Some(Estimate::Score(score))) => format!("score {score} depth {}", m.depth),
        (None, None) => "no score (chosen without a search)".to_string(),
    };
    let line: Vec<String> = m.pv.iter().map(|&c| point_of(c).to_string()).collect();
    format!(
        "({rank}) {} {value} pv {}",
        point_of(m.cell),
        line.join(" ")
    )
}

/// A `YXNBEST` candidate of the next engine's: its rank, the move, what it is worth (a win
/// or loss proven by a threat search or only found by the main search, else its score and
/// depth) and its line.
fn next_candidate(rank: usize, t: &ttt_engine::Thought) -> String {
    let how = if t.proven { "proven" } else { "found" };
    let value = match (t.win_in(), t.loss_in()) {
        (Some(p), _) => format!("win in {} ({how})", plies(p)),
        (_, Some(p)) => format!("loss in {} ({how})", plies(p)),
        _ => format!("score {} depth {}", t.score, t.depth),
    };
    let line: Vec<String> = t.pv.iter().map(|&c| point_of(c).to_string()).collect();
    format!(
        "({rank}) {} {value} pv {}",
        point_of(t.best),
        line.join(" ")
    )
}

fn plies(n: u32) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// `INFO show_detail`'s line after a search: depth, positions, speed and time.
fn speed(depth: u32, nodes: u64, started: Instant) -> String {
    let elapsed = started.elapsed();
    let per_second = (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64;
    format!(
        "depth {depth} nodes {nodes} speed {per_second} nodes/s time {} ms",
        elapsed.as_millis()
    )
}

/// A side with a winning run on the board under `rule`, and the run's length.
fn line_on(game: &Strong, rule: Rule) -> Option<(Player, usize)> {
    let (rows, cols) = (game.rows() as i32, game.cols() as i32);
    let at = |r: i32, c: i32| -> Option<Player> {
        let cell = Cell::new(u8::try_from(r).ok()?, u8::try_from(c).ok()?);
        (r < rows && c < cols).then(|| game.get(cell)).flatten()
    };
    for r in 0..rows {
        for c in 0..cols {
            let Some(player) = at(r, c) else { continue };
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                // Each run once, from its first stone.
                let before = at(r - dr, c - dc);
                if before == Some(player) {
                    continue;
                }
                let len = (1..)
                    .take_while(|&s| at(r + dr * s, c + dc * s) == Some(player))
                    .count()
                    + 1;
                let end = len as i32;
                let blocked = before == Some(player.other())
                    && at(r + dr * end, c + dc * end) == Some(player.other());
                if rule.is_win(player, len, game.k(), blocked) {
                    return Some((player, len));
                }
            }
        }
    }
    None
}

/// The protocol's point of a cell: x the column, y the row.
fn point_of(cell: Cell) -> Point {
    Point {
        x: usize::from(cell.col),
        y: usize::from(cell.row),
    }
}

fn no_board() -> Reply {
    Reply::Error("no board yet: START (or RECTSTART) first".into())
}

fn off_board(p: Point) -> Reply {
    Reply::Error(format!("{p} is off the board"))
}

/// The cell of a point: x the column, y the row.
fn cell_of(p: Point) -> Option<Cell> {
    Some(Cell::new(u8::try_from(p.y).ok()?, u8::try_from(p.x).ok()?))
}

/// Plays the protocol: lines from `input` (read on a thread of their own), answers to
/// `output`, until `END` or the end of the input.
///
/// ```
/// use std::io::Cursor;
/// use ttt_pbrain::engine::{run, Settings};
///
/// let input = Cursor::new("START 15\nINFO timeout_turn 100\nBEGIN\nEND\n");
/// let mut output = Vec::new();
/// run(input, &mut output, Settings::default()).unwrap();
/// let text = String::from_utf8(output).unwrap();
/// assert!(text.starts_with("OK\n"));
/// assert!(text.lines().any(|l| l == "7,7"));
/// ```
///
/// # Errors
/// Only a failure to write to `output`.
pub fn run<R, W>(input: R, mut output: W, settings: Settings) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let stop = StopFlag::new();
    let ended = Arc::new(AtomicBool::new(false));
    let (lines, incoming) = mpsc::channel::<String>();
    let end = stop.clone();
    let reader_ended = Arc::clone(&ended);
    std::thread::spawn(move || {
        let mut input = input;
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buffer).into_owned();
                    let word = line.trim();
                    if word.eq_ignore_ascii_case("END") {
                        reader_ended.store(true, Ordering::SeqCst);
                        end.raise();
                    } else if word.eq_ignore_ascii_case("YXSTOP") {
                        end.raise();
                    }
                    if lines.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut engine = Engine::new(settings, stop, ended);
    while let Ok(line) = incoming.recv() {
        let mut failed = None;
        let next = engine.handle_with(&line, &mut |reply| {
            let written = writeln!(output, "{reply}").and_then(|()| output.flush());
            if let Err(e) = written {
                failed.get_or_insert(e);
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        match next {
            Next::Answer(replies) => {
                for reply in replies {
                    writeln!(output, "{reply}")?;
                }
                output.flush()?;
            }
            Next::Quit => break,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn session(input: &str) -> Vec<String> {
        session_with(input, Settings::default())
    }

    fn session_with(input: &str, settings: Settings) -> Vec<String> {
        let mut out = Vec::new();
        run(Cursor::new(input.to_string()), &mut out, settings).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("DEBUG") && !l.starts_with("MESSAGE"))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_board_whose_game_is_over_gets_no_move() {
        // The opponent (black under a rule: more stones) has a run along row 7 from column
        // 3, `len` stones long; this engine's stones are elsewhere and, where `ends`, at
        // both of the run's ends.
        let board = |len: usize, ends: bool| {
            let mut lines: Vec<String> = (0..len).map(|i| format!("{},7,2", 3 + i)).collect();
            let mut ours = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8), (0, 10)];
            if ends {
                ours[0] = (2, 7);
                ours[1] = (3 + len, 7);
            }
            lines.extend(ours[..len - 1].iter().map(|(x, y)| format!("{x},{y},1")));
            lines.join("\n")
        };
        let answer = |rule: u8, len: usize, ends: bool, block: &str, ask: &str| {
            let out = session(&format!(
                "START 15\nINFO timeout_turn 200\nINFO rule {rule}\n{block}\n{}\nDONE\n{ask}",
                board(len, ends)
            ));
            out[1].clone()
        };
        let refusal = |who: &str, len: usize| {
            format!("ERROR no move to play: the game is over, {who} has {len} in a row")
        };
        // Free-style: five, or six; asked for the best few, or for a move (BOARD).
        assert_eq!(
            answer(0, 5, false, "YXBOARD", "YXNBEST 3\n"),
            refusal("the opponent", 5)
        );
        assert_eq!(
            answer(0, 6, false, "YXBOARD", "YXNBEST 3\n"),
            refusal("the opponent", 6)
        );
        assert_eq!(answer(0, 5, false, "BOARD", ""), refusal("the opponent", 5));
        // Standard: six is no win, so the game goes on; caro: five, but not blocked at
        // both ends.
        let moves = |answer: String| matches!(Reply::parse(&answer), Reply::Move(_));
        assert!(
            moves(answer(1, 6, false, "YXBOARD", "YXNBEST 3\n")),
            "standard"
        );
        let black = refusal("the opponent (black)", 5);
        assert_eq!(answer(1, 5, false, "BOARD", ""), black);
        assert_eq!(answer(8, 5, false, "YXBOARD", "YXNBEST 3\n"), black);
        assert!(moves(answer(8, 5, true, "YXBOARD", "YXNBEST 3\n")), "caro");
        // Renju: black's six is an overline, no win.
        assert!(
            moves(answer(4, 6, false, "YXBOARD", "YXNBEST 3\n")),
            "renju"
        );
    }

    #[test]
    fn a_game_from_start_to_end() {
        let out = session(
            "START 15\nINFO timeout_turn 200\nINFO rule 0\nTURN 7,7\nTAKEBACK 7,7\nTAKEBACK 7,7\n\
             RESTART\nBEGIN\nABOUT\nEND\nTURN 1,1\n",
        );
        assert_eq!(out[0], "OK");
        let reply = Reply::parse(&out[1]);
        let Reply::Move(p) = reply else {
            panic!("{out:?}")
        };
        assert!(p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2, "{out:?}");
        assert_eq!(out[2], "OK");
        assert!(out[3].starts_with("ERROR"), "{out:?}");
        assert_eq!(out[4], "OK");
        assert_eq!(out[5], "7,7");
        assert!(out[6].starts_with("name=\"ttt\""));
        // Nothing after END.
        assert_eq!(out.len(), 7, "{out:?}");
    }

    #[test]
    fn boards_are_read_whole_and_blocks_are_made() {
        // The opponent (2) has four in a row on row 3 from x = 4, open at x = 8 only.
        let out = session(
            "RECTSTART 20,10\nINFO timeout_turn 300\nBOARD\n3,3,1\n4,3,2\n5,3,2\n6,3,2\n7,3,2\n\
             0,0,1\n9,9,1\nDONE\nEND\n",
        );
        assert_eq!(out, vec!["OK", "8,3"]);
    }

    #[test]
    fn win_length_changes_how_many_in_a_row_win() {
        // The opponent's three on row 0 from the edge: a threat with four in a row to win,
        // nothing to fear with five.
        let board = "BOARD\n0,0,2\n1,0,2\n2,0,2\n5,5,1\n4,5,1\nDONE\n";
        let four = session(&format!(
            "START 6\nINFO timeout_turn 300\nINFO win_length 4\n{board}END\n"
        ));
        assert_eq!(four, vec!["OK", "3,0"]);
        let out =
            session("START 6\nINFO win_length 1\nINFO win_length 7\nBOARD\n0,0,2\nDONE\nEND\n");
        assert_eq!(out[0], "OK");
        assert!(
            out[1].starts_with("ERROR") && out[2].starts_with("ERROR"),
            "{out:?}"
        );
        // The refused K changed nothing: the board is still there to play on.
        assert!(matches!(Reply::parse(&out[3]), Reply::Move(_)), "{out:?}");
        assert_eq!(out.len(), 4, "{out:?}");
        // The same with stones on the board: the K that does not fit is refused, the stones
        // stay.
        let out = session(
            "START 6\nINFO timeout_turn 300\nBEGIN\nINFO win_length 7\nBOARD\n0,0,2\nDONE\nEND\n",
        );
        assert!(out[2].starts_with("ERROR"), "{out:?}");
        assert!(matches!(Reply::parse(&out[3]), Reply::Move(_)), "{out:?}");
        assert_eq!(out.len(), 4, "{out:?}");
    }

    #[test]
    fn a_rule_set_after_the_board_holds_for_it_at_once() {
        // Black (ours) to move; 7,7 would make two open threes: forbidden under renju, the
        // winning move under freestyle.
        let out = session(
            "START 15\nINFO timeout_turn 300\nYXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n14,0,2\n\
             0,0,2\n2,0,2\n14,14,2\nDONE\nINFO rule 4\nYXSHOWFORBID\nYXNBEST 2\nEND\n",
        );
        assert_eq!(out[1], "FORBID 0707.", "{out:?}");
        let best = out.iter().rev().find_map(|l| match Reply::parse(l) {
            Reply::Move(p) => Some(p),
            _ => None,
        });
        assert!(best.is_some_and(|p| p != Point { x: 7, y: 7 }), "{out:?}");
        assert!(!out.iter().any(|l| l.contains("(1) 7,7")), "{out:?}");
    }

    #[test]
    fn bad_lines_get_errors_and_the_engine_goes_on() {
        let out = session(
            "TURN 1,1\nSTART 4\nSTART 33\nSTART 10\nINFO rule 3\nINFO timeout_turn soon\n\
             TURN 10,0\nTURN x\nFOO\nBOARD\n1,1\n1,1,9\n2,2,2\n2,2,1\nDONE\nDONE\nEND\n",
        );
        assert!(out[0].starts_with("ERROR"), "{out:?}");
        assert!(out[1].starts_with("ERROR") && out[2].starts_with("ERROR"));
        assert_eq!(out[3], "OK");
        assert!(out[4].starts_with("ERROR") && out[5].starts_with("ERROR"));
        assert!(out[6].starts_with("ERROR"), "{out:?}");
        assert!(out[7].starts_with("ERROR"));
        assert!(out[8].starts_with("UNKNOWN"));
        // In the block: two malformed lines, a taken cell, then the move.
        assert!(out[9].starts_with("ERROR") && out[10].starts_with("ERROR"));
        assert!(out[11].starts_with("ERROR"), "{out:?}");
        assert!(matches!(Reply::parse(&out[12]), Reply::Move(_)), "{out:?}");
        assert!(out[13].starts_with("ERROR"));
        assert_eq!(out.len(), 14, "{out:?}");
    }

    #[test]
    fn time_is_shared_out() {
        let mut e = Engine::new(Settings::default(), StopFlag::new(), Arc::default());
        e.handle("INFO timeout_turn 1000");
        assert!(e.budget() <= Duration::from_millis(900));
        e.handle("INFO timeout_match 60000");
        e.handle("INFO time_left 3000");
        assert!(e.budget() <= Duration::from_millis(200));
        e.handle("INFO timeout_turn 0");
        assert!(e.budget() <= FASTEST_TURN);
        e.handle("INFO max_memory 83886080");
        assert_eq!(e.memory(), 40 << 20);
    }

    #[test]
    fn errors_name_cells_as_the_protocol_does() {
        let out = session("START 15\nTURN 99,99\nBOARD\n7,7,2\n7,7,1\nDONE\nEND\n");
        assert_eq!(out[1], "ERROR 99,99 is off the board", "{out:?}");
        assert_eq!(out[2], "ERROR 7,7 is already taken", "{out:?}");
    }

    /// A `BOARD` block of our stones and theirs, given as (row, column).
    fn board(own: &[(u8, u8)], theirs: &[(u8, u8)]) -> String {
        let mut lines = String::from("BOARD\n");
        for (stones, who) in [(own, 1), (theirs, 2)] {
            for &(r, c) in stones {
                lines.push_str(&format!("{c},{r},{who}\n"));
            }
        }
        lines + "DONE\n"
    }

    #[test]
    fn the_rules_of_the_gomocup_are_taken_and_others_refused() {
        // 2 is Yixin-Board's renju; the Gomocup's continuous play (2 and 3) is not ours.
        let out = session(
            "INFO rule 1\nINFO rule 4\nINFO rule 8\nINFO rule 0\nINFO rule 2\nINFO rule 3\nEND\n",
        );
        assert_eq!(
            out,
            vec![
                "ERROR rule 3 is not supported: choose 0 (freestyle: five or more in a row), 1 \
                 (standard: exactly five), 4 or 2 (renju) or 8 (caro: five or more, not blocked \
                 at both ends)"
            ]
        );
        let out = session("INFO win_length 4\nINFO rule 4\nEND\n");
        assert!(
            out[0].starts_with("ERROR renju is played with five"),
            "{out:?}"
        );
        // The rule holds at once, on a board with stones too, which stay.
        let mut e = Engine::new(Settings::default(), StopFlag::new(), Arc::default());
        e.handle("START 15");
        e.handle("INFO rule 4");
        assert_eq!(e.game.as_ref().unwrap().rule(), Rule::Renju);
        e.handle("INFO timeout_turn 100");
        e.handle("BEGIN");
        e.handle("INFO rule 1");
        let game = e.game.as_ref().unwrap();
        assert_eq!((game.rule(), game.marks()), (Rule::Standard, 1));
        e.handle("RESTART");
        assert_eq!(e.game.as_ref().unwrap().rule(), Rule::Standard);
    }

    #[test]
    fn as_black_under_renju_never_a_forbidden_point() {
        // Our (black) twos cross at row 7, column 7: a double-three. Their open four on the
        // diagonal is closed by us at (2, 2): only (7, 7) stops it, and renju forbids it us.
        let block = board(
            &[(7, 5), (7, 6), (5, 7), (6, 7), (2, 2)],
            &[(3, 3), (4, 4), (5, 5), (6, 6), (14, 14)],
        );
        let game = |rule: u32| {
            session(&format!(
                "START 15\nINFO timeout_turn 300\nINFO rule {rule}\n{block}END\n"
            ))
        };
        assert_eq!(game(0), vec!["OK", "7,7"]);
        let renju = game(4);
        assert_eq!(renju[0], "OK");
        assert!(
            matches!(Reply::parse(&renju[1]), Reply::Move(_)),
            "{renju:?}"
        );
        assert_ne!(renju[1], "7,7");
    }

    #[test]
    fn as_white_under_renju_a_four_black_can_stop_only_on_a_forbidden_point() {
        // Black (them) has twos crossing at (7, 7) and closes our diagonal at (2, 2): our four
        // at (3, 3) can be stopped only at (7, 7), forbidden to black.
        let block = board(
            &[(4, 4), (5, 5), (6, 6), (14, 14)],
            &[(7, 5), (7, 6), (5, 7), (6, 7), (2, 2)],
        );
        let input = format!("START 15\nINFO timeout_turn 300\nINFO rule 4\n{block}END\n");
        assert_eq!(session_with(&input, classic()), vec!["OK", "3,3"]);
        // The next engine may win another way: (7, 7) makes an open four and takes black's
        // forbidden point; (8, 8) a four black can stop only on it.
        let out = session(&input);
        assert!(["3,3", "7,7", "8,8"].contains(&out[1].as_str()), "{out:?}");
    }

    #[test]
    fn under_standard_an_overline_is_no_win() {
        // Ours: O X X X X . X on row 7 ((7, 7) would make six) and the stone closing their
        // four on row 9, which we must block at (9, 2).
        let block = board(
            &[(7, 3), (7, 4), (7, 5), (7, 6), (7, 8), (9, 7)],
            &[(9, 3), (9, 4), (9, 5), (9, 6), (7, 2), (0, 0)],
        );
        let game = |rule: u32| {
            session(&format!(
                "START 15\nINFO timeout_turn 300\nINFO rule {rule}\n{block}END\n"
            ))
        };
        assert_eq!(game(0), vec!["OK", "7,7"]);
        assert_eq!(game(1), vec!["OK", "2,9"]);
        // Caro: the same five would be blocked only at one end, so it wins there too.
        assert_eq!(game(8), vec!["OK", "7,7"]);
    }

    #[test]
    fn white_after_their_first_move_under_renju() {
        // They open at the centre: we are white, and our reply is legal and near it.
        let out = session("START 15\nINFO timeout_turn 200\nINFO rule 4\nTURN 7,7\nEND\n");
        let Reply::Move(p) = Reply::parse(&out[1]) else {
            panic!("{out:?}")
        };
        assert!(p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2, "{out:?}");
    }

    fn next() -> Settings {
        Settings {
            engine: EngineChoice::Next,
            ..Settings::default()
        }
    }

    fn classic() -> Settings {
        Settings {
            engine: EngineChoice::Classic,
            ..Settings::default()
        }
    }

    #[test]
    fn a_node_count_makes_the_same_move_whatever_the_time() {
        let with_nodes = Settings {
            nodes: Some(3_000),
            ..next()
        };
        let game = |turn_ms: u32| {
            let input = format!(
                "START 15\nINFO timeout_turn {turn_ms}\nINFO show_detail 1\nBOARD\n7,7,2\n\
                 8,8,1\n6,8,2\nDONE\nEND\n"
            );
            let mut out = Vec::new();
            run(Cursor::new(input), &mut out, with_nodes.clone()).unwrap();
            let text = String::from_utf8(out).unwrap();
            text.lines().map(str::to_string).collect::<Vec<_>>()
        };
        let (short, long) = (game(2_000), game(5_000));
        assert_eq!(short.last(), long.last(), "{short:?} {long:?}");
        // The search stopped at its count, long before its time.
        let detail = short.iter().find(|l| l.contains("positions")).unwrap();
        let positions: u64 = detail
            .split_whitespace()
            .skip_while(|w| *w != "positions")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(u64::MAX);
        assert!(positions < 20_000, "{detail}");
    }

    #[test]
    fn the_next_engine_plays_the_protocol() {
        // END comes at once: the move is a short search's, near the stone all the same.
        let out = session_with("START 15\nINFO timeout_turn 200\nTURN 7,7\nEND\n", next());
        let Reply::Move(p) = Reply::parse(&out[1]) else {
            panic!("{out:?}")
        };
        assert!(p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2, "{out:?}");
        assert_ne!((p.x, p.y), (7, 7), "{out:?}");
        let blocks = session_with(
            "RECTSTART 20,10\nINFO timeout_turn 300\nBOARD\n3,3,1\n4,3,2\n5,3,2\n6,3,2\n7,3,2\n\
             0,0,1\n9,9,1\nDONE\nEND\n",
            next(),
        );
        assert_eq!(blocks, vec!["OK", "8,3"]);
        let block = board(
            &[(7, 3), (7, 4), (7, 5), (7, 6), (7, 8), (9, 7)],
            &[(9, 3), (9, 4), (9, 5), (9, 6), (7, 2), (0, 0)],
        );
        let game = |rule: u32| {
            session_with(
                &format!("START 15\nINFO timeout_turn 300\nINFO rule {rule}\n{block}END\n"),
                next(),
            )
        };
        assert_eq!(game(0), vec!["OK", "7,7"]);
        assert_eq!(game(1), vec!["OK", "2,9"]);
        assert_eq!(game(8), vec!["OK", "7,7"]);
    }

    #[test]
    fn the_next_engine_leaves_other_games_to_the_classic_one() {
        // Four in a row: the classic engine blocks the three.
        let board = "BOARD\n0,0,2\n1,0,2\n2,0,2\n5,5,1\n4,5,1\nDONE\n";
        let four = session_with(
            &format!("START 6\nINFO timeout_turn 300\nINFO win_length 4\n{board}END\n"),
            next(),
        );
        assert_eq!(four, vec!["OK", "3,0"]);
    }
}
