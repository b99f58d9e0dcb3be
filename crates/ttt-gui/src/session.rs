//! A run of games between the same two players, from the first move to Play Again: the
//! position, whose turn it is, the computer thinking on its own thread, and the result
//! saved the moment a game ends.
//!
//! Nothing here draws. The window asks a [`Session`] what to show and tells it what the
//! player did; the computer's move arrives through [`Session::update`], which the window
//! calls every frame and which never waits for the computer.
//!
//! Its parts, in files of their own: the computer players (`computer`), the opening
//! (`opening`), hints (`hint`), taking moves back (`undo`), the clocks (`clock`) and what
//! is saved (`record`).

use std::fmt;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_ai::{Decision, Level};
use ttt_core::{
    Cell, Choice, Dims, Opening, OpeningAction, OpeningError, OpeningPhase, Order, Outcome, Player,
    Position,
};
use ttt_play::timing::{TimeOut, Timer};
use ttt_play::{MoveError, Mover};
use ttt_store::{Forfeit, GameResult, NewGame, PlayerStats, Store};

use crate::choices::{BySeat, Contender, Lineup, Seat};

mod clock;
mod computer;
mod hint;
mod opening;
mod record;
mod undo;

/// Called from the computer's thread when its move is ready, so the window wakes up and
/// shows it (the window's repaint request).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// How the computer players play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// Seed for the computers' random choices; `None` for different games every time.
    pub seed: Option<u64>,
    /// How long the perfect player may think about a move.
    pub time_limit: Duration,
    /// How long an outside program has for each move (its `INFO timeout_turn`).
    pub engine_time: Duration,
    /// The least time between two moves when both players are computers, so that people
    /// can follow the game.
    pub between_computers: Duration,
}

/// Where a game stands, for the turn message and the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A human is to move.
    HumanToMove(Seat),
    /// A computer is to move: it is thinking, or about to.
    ComputerToMove(Seat),
    /// The game is over and this seat won.
    Won(Seat),
    /// The board is full and nobody won (or a clock ran out when the other side could no
    /// longer make a line).
    Tie,
}

/// A human's results as the score panel shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The saved wins, losses and ties.
    Saved(PlayerStats),
    /// Nobody of that name has finished a game yet: they are saved with their first.
    New,
    /// The database could not be read.
    Unreadable(String),
    /// There is no database: nothing is saved.
    NotKept,
}

/// What became of a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// Recorded under this id (`ttt history --replay ID`).
    Game(i64),
    /// There is no database to record it in.
    NotKept,
    /// Games of so few in a row prove nothing, and are not recorded.
    DoesNotCount,
    /// Recording failed; the message says why.
    Failed(String),
}

/// Why a square could not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The game is over.
    Over,
    /// It is the computer's turn.
    ComputersTurn,
    /// The square is taken (or not on the board).
    Taken,
    /// No human has a move to take back.
    NothingToUndo,
    /// Renju forbids X the square.
    Forbidden(ttt_core::Forbidden),
    /// A colour is to be chosen now, not a stone placed.
    ChooseFirst,
    /// An opening stone may not end the game.
    OpeningEnds,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refused::Over => "the game is over",
            Refused::ComputersTurn => "it is the computer's turn",
            Refused::Taken => "that square is taken",
            Refused::NothingToUndo => "there is no move to take back",
            Refused::Forbidden(why) => {
                return write!(f, "that square is a {why}: renju forbids it to X");
            }
            Refused::ChooseFirst => "the stones are placed: choose a colour",
            Refused::OpeningEnds => "an opening stone may not end the game",
        })
    }
}

/// A computer's move, sent back from its thread with the player itself.
struct Thought {
    mover: Mover,
    decision: Result<Decision, MoveError>,
    /// When it decided: its clock is charged until then.
    decided: Instant,
}

/// A computer thinking on its own thread.
struct Thinking {
    seat: Seat,
    receiver: Receiver<Thought>,
}

/// The best move found for a human, and what it leads to in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The square.
    pub cell: Cell,
    /// `win in 5 plies`, `draw`, `not proven`, ...
    pub leads_to: String,
}

/// A hint being looked for on its own thread.
struct Hinting {
    /// The number of moves played when it was asked for: a hint for another position is
    /// dropped.
    ply: usize,
    receiver: Receiver<Option<ttt_play::Hint>>,
}

/// Two players, their games one after another, and what is saved of them.
pub struct Session {
    players: BySeat<Contender>,
    dims: Dims,
    pace: Pace,
    /// Who plays X, and so moves first, in the current game.
    x: Seat,
    pos: Position,
    moves: Vec<Cell>,
    /// The computers' players, between moves; `None` for a human, and while one thinks.
    computers: BySeat<Option<Mover>>,
    /// The side whose program failed in the current game, which lost it there.
    forfeit: Option<Forfeit>,
    thinking: Option<Thinking>,
    /// When the last move was made, to pace two computers.
    last_move_at: Instant,
    records: BySeat<Option<Record>>,
    saved: Option<Saved>,
    /// The empty board under the game's rule.
    start: Position,
    /// How colours are settled at the start of each game (between two people).
    opening: Opening,
    /// Who opens the current game (places the first stones).
    opener: Seat,
    /// The opening's choices so far in the current game.
    choices: Vec<Choice>,
    /// Moves no takeback may undo: the opening's stones, once it is over.
    fixed: usize,
    /// Something that went wrong and that the window should say.
    problem: Option<String>,
    /// Hints each mark has asked for in the current game (the record counts them).
    hints: ttt_core::ByPlayer<u32>,
    hinting: Option<Hinting>,
    /// The hint for the position on the board, once found.
    hint: Option<Hint>,
    /// The players' clocks in the current game (running once the opening is over).
    timer: Timer,
    /// The side whose clock ran out in the current game: it ended there.
    time_out: Option<TimeOut>,
}

impl Session {
    /// Starts the first game of `lineup`, reading the humans' results from `store` (`None`
    /// when there is no database).
    #[must_use]
    pub fn new(lineup: Lineup, pace: Pace, store: Option<&dyn Store>) -> Session {
        // The start screen refuses a rule the board cannot be played under (renju but five).
        let start = Position::with_rule(lineup.dims, lineup.rule)
            .unwrap_or_else(|_| Position::new(lineup.dims));
        let mut session = Session {
            dims: lineup.dims,
            pace,
            x: lineup.first,
            start,
            opening: lineup.opening,
            opener: lineup.first,
            choices: Vec::new(),
            fixed: 0,
            pos: start,
            moves: Vec::new(),
            computers: BySeat {
                one: None,
                two: None,
            },
            forfeit: None,
            thinking: None,
            last_move_at: Instant::now(),
            records: BySeat {
                one: None,
                two: None,
            },
            saved: None,
            problem: None,
            hints: ttt_core::ByPlayer::default(),
            hinting: None,
            hint: None,
            timer: Timer::new(lineup.clock),
            time_out: None,
            players: lineup.players,
        };
        for seat in Seat::BOTH {
            session.ensure_computer(seat);
        }
        session.read_records(store);
        session.start_clock();
        session
    }

    /// Who sits in `seat`.
    #[must_use]
    pub fn contender(&self, seat: Seat) -> &Contender {
        self.players.get(seat)
    }

    /// The board's shape.
    #[must_use]
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The position on the board.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves of the current game, in order.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The last move of the current game.
    #[must_use]
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    /// The mark `seat` plays in the current game.
    #[must_use]
    pub fn mark(&self, seat: Seat) -> Player {
        if seat == self.x {
            Player::X
        } else {
            Player::O
        }
    }

    /// The seat playing `mark` in the current game.
    #[must_use]
    pub fn seat_of(&self, mark: Player) -> Seat {
        match mark {
            Player::X => self.x,
            Player::O => self.x.other(),
        }
    }

    /// Where the current game stands.
    #[must_use]
    pub fn status(&self) -> Status {
        if let Some(forfeit) = &self.forfeit {
            return Status::Won(self.seat_of(forfeit.loser.other()));
        }
        let outcome = match self.time_out {
            Some(late) => late.outcome(),
            None => self.pos.outcome(),
        };
        match outcome {
            Outcome::Win(mark) => Status::Won(self.seat_of(mark)),
            Outcome::Draw => Status::Tie,
            Outcome::InProgress => {
                if let Some((actor, _)) = self.opening_phase() {
                    return match self.players.get(actor) {
                        Contender::Human(_) => Status::HumanToMove(actor),
                        Contender::Computer(_) | Contender::Engine(_) => {
                            Status::ComputerToMove(actor)
                        }
                    };
                }
                let seat = self.seat_of(self.pos.turn());
                match self.players.get(seat) {
                    Contender::Human(_) => Status::HumanToMove(seat),
                    Contender::Computer(_) | Contender::Engine(_) => Status::ComputerToMove(seat),
                }
            }
        }
    }

    /// Whether a computer is working out its move right now.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// A human's results as last read or saved; `None` for a computer.
    #[must_use]
    pub fn record(&self, seat: Seat) -> Option<&Record> {
        self.records.get(seat).as_ref()
    }

    /// What became of the current game, once it is over.
    #[must_use]
    pub fn saved(&self) -> Option<&Saved> {
        self.saved.as_ref()
    }

    /// Something that went wrong with the computer players, for the window to say.
    #[must_use]
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// `Alice` or `Computer (hard)`; with two computers of one level, their marks tell them
    /// apart: `Computer (hard, X)`.
    #[must_use]
    pub fn name(&self, seat: Seat) -> String {
        match (self.players.get(seat), self.players.get(seat.other())) {
            (Contender::Computer(mine), Contender::Computer(theirs)) if mine == theirs => {
                format!("Computer ({mine}, {})", self.mark(seat))
            }
            (me, _) => me.to_string(),
        }
    }

    /// `Alice (X)` or `Computer (hard, O)`, as the console says it.
    #[must_use]
    pub fn who(&self, seat: Seat) -> String {
        self.players.get(seat).with_mark(self.mark(seat))
    }

    /// What the program that lost the current game by failing did, if one did.
    #[must_use]
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// The line above the board: whose turn it is, or the result.
    #[must_use]
    pub fn headline(&self) -> String {
        if let Some((actor, phase)) = self.opening_phase() {
            let name = self.name(actor);
            return if phase.may == [OpeningAction::Place] {
                format!(
                    "{name}, place an opening stone for {} ({} to place)",
                    self.pos.turn(),
                    phase.stones_to_place
                )
            } else {
                format!("{name}, choose your colour")
            };
        }
        match self.status() {
            Status::HumanToMove(seat) => format!("{}, your move", self.who(seat)),
            Status::ComputerToMove(seat) => format!("{} is thinking...", self.who(seat)),
            Status::Won(seat) => format!("{} wins!", self.name(seat)),
            Status::Tie => "Tie game!".to_string(),
        }
    }

    /// A sentence on the last move: `Computer (hard, O) played row 2, column 2.`
    #[must_use]
    pub fn last_move_note(&self) -> Option<String> {
        if let Some(forfeit) = &self.forfeit {
            return Some(format!("{}.", forfeit.reason));
        }
        if let Some(late) = self.time_out {
            return Some(late.to_string());
        }
        let cell = self.last_move()?;
        // The mover is whoever is not to move now; after a win, the winner.
        let mover = if self.moves.len() % 2 == 1 {
            Player::X
        } else {
            Player::O
        };
        Some(format!(
            "{} played row {}, column {}.",
            self.who(self.seat_of(mover)),
            cell.row + 1,
            cell.col + 1
        ))
    }

    /// What the end-of-game dialog says under its title.
    #[must_use]
    pub fn result_detail(&self) -> Option<String> {
        let moves = self.moves.len();
        if let Some(forfeit) = &self.forfeit {
            return Some(format!("{}.", forfeit.reason));
        }
        if let Some(late) = self.time_out {
            return Some(late.to_string());
        }
        let text = match self.status() {
            Status::Won(seat) => {
                let loser = seat.other();
                let mut text = format!(
                    "{} beat {} in {moves} moves.",
                    self.who(seat),
                    self.who(loser)
                );
                if let Some(cheer) =
                    ttt_play::words::after_a_win(self.players.get(seat), self.players.get(loser))
                {
                    text.push(' ');
                    text.push_str(&cheer);
                }
                text
            }
            Status::Tie => format!(
                "The board is full and nobody got {} in a row.",
                self.dims.k()
            ),
            Status::HumanToMove(_) | Status::ComputerToMove(_) => return None,
        };
        Some(text)
    }

    /// Plays a human's move on `cell`.
    ///
    /// # Errors
    /// [`Refused`] when the game is over, a computer is to move, or the square is taken; the
    /// game is unchanged.
    pub fn play(&mut self, cell: Cell, store: Option<&dyn Store>) -> Result<(), Refused> {
        // A click that comes after the clock ran out finds the game over.
        self.check_time(store);
        match self.status() {
            Status::Won(_) | Status::Tie => return Err(Refused::Over),
            Status::ComputerToMove(_) => return Err(Refused::ComputersTurn),
            Status::HumanToMove(_) => {}
        }
        if !self.dims.contains(cell) || self.pos.get(cell).is_some() {
            return Err(Refused::Taken);
        }
        if let Some((_, phase)) = self.opening_phase() {
            if phase.may != [OpeningAction::Place] {
                return Err(Refused::ChooseFirst);
            }
            // An opening stone that ended the game would leave nothing to choose.
            if self.pos.play(cell).is_ok_and(|next| next.is_over()) {
                return Err(Refused::OpeningEnds);
            }
        }
        if let Some(why) = self.pos.forbidden(cell) {
            return Err(Refused::Forbidden(why));
        }
        self.make_move(cell, Instant::now(), store);
        Ok(())
    }

    /// Moves the game on without waiting: starts a computer thinking when it is its turn,
    /// and plays its move once it is ready. Returns whether anything changed. `wake` is
    /// called from the computer's thread when its move is ready.
    pub fn update(&mut self, store: Option<&dyn Store>, wake: &Wake) -> bool {
        if self.check_time(store) {
            return true;
        }
        if let Some(hinting) = &self.hinting {
            match hinting.receiver.try_recv() {
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.hinting = None,
                Ok(found) => {
                    if hinting.ply == self.moves.len() {
                        self.hint = found.map(|h| Hint {
                            cell: h.cell,
                            leads_to: h.prospect.to_string(),
                        });
                    }
                    self.hinting = None;
                    return true;
                }
            }
        }
        if let Some(thinking) = &self.thinking {
            let seat = thinking.seat;
            match thinking.receiver.try_recv() {
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => {
                    self.thinking = None;
                    self.problem = Some("the computer player stopped without a move".into());
                    self.ensure_computer(seat);
                    return true;
                }
                Ok(thought) => {
                    self.thinking = None;
                    *self.computers.get_mut(seat) = Some(thought.mover);
                    match thought.decision {
                        Ok(decision) if self.pos.get(decision.cell).is_none() => {
                            self.make_move(decision.cell, thought.decided, store);
                        }
                        Err(MoveError::Engine(failure)) => {
                            // The program lost the game there; the next game starts it again.
                            self.forfeit =
                                Some(Forfeit::new(self.mark(seat), &failure.to_string()));
                            self.save(store);
                        }
                        Ok(_) | Err(MoveError::Person | MoveError::GameOver) => {
                            self.problem = Some("the computer player found no move".into());
                        }
                    }
                    return true;
                }
            }
        }
        if self.problem.is_some() {
            return false;
        }
        if let Some((actor, phase)) = self.opening_phase() {
            // Our levels place the opening's stones and choose at once: the strong player's
            // evaluation of a few points near the centre.
            if matches!(self.players.get(actor), Contender::Computer(_)) {
                self.computer_opening(&phase, store);
                return true;
            }
        }
        match self.status() {
            Status::ComputerToMove(seat) => {
                self.start_thinking(seat, wake);
                true
            }
            _ => false,
        }
    }

    /// Starts the current game again from the empty board, with the same player first.
    /// An unfinished game is not saved.
    pub fn restart(&mut self) {
        self.stop_thinking();
        self.pos = self.start;
        self.moves.clear();
        self.choices.clear();
        self.fixed = 0;
        self.x = self.opener;
        self.saved = None;
        self.problem = None;
        self.forfeit = None;
        self.hints = ttt_core::ByPlayer::default();
        self.last_move_at = Instant::now();
        self.time_out = None;
        self.start_clock();
    }

    /// A new game between the same players, the other one moving first.
    pub fn play_again(&mut self) {
        self.opener = self.opener.other();
        self.x = self.opener;
        self.restart();
    }

    /// Plays `cell`, decided on `at`: the mover's clock is charged until then.
    fn make_move(&mut self, cell: Cell, at: Instant, store: Option<&dyn Store>) {
        if self.timer.press_at(at).is_err() {
            self.run_out(store);
            return;
        }
        match self.pos.play(cell) {
            Ok(pos) => self.pos = pos,
            Err(e) => {
                self.problem = Some(e.to_string());
                return;
            }
        }
        self.moves.push(cell);
        self.hint = None;
        self.hinting = None;
        self.last_move_at = Instant::now();
        if self.pos.is_over() {
            self.timer.stop();
            self.save(store);
        }
    }
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("players", &self.players)
            .field("x", &self.x)
            .field("position", &self.pos.to_string())
            .field("thinking", &self.is_thinking())
            .field("saved", &self.saved)
            .finish_non_exhaustive()
    }
}

/// The computer levels, weakest first, with the names the difficulty menu shows.
pub const LEVELS: [(Level, &str); 4] = [
    (Level::Easy, "Easy"),
    (Level::Medium, "Medium"),
    (Level::Hard, "Hard"),
    (Level::Perfect, "Perfect"),
];

/// The difficulty menu's name for `level`.
#[must_use]
pub fn level_label(level: Level) -> &'static str {
    LEVELS
        .iter()
        .find(|(l, _)| *l == level)
        .map_or("Medium", |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;
    pub(super) use ttt_store::SqliteStore;

    pub(super) const PACE: Pace = Pace {
        seed: Some(3),
        time_limit: Duration::from_millis(500),
        engine_time: Duration::from_secs(1),
        between_computers: Duration::ZERO,
    };

    pub(super) fn lineup(one: Contender, two: Contender, first: Seat) -> Lineup {
        Lineup {
            players: BySeat { one, two },
            dims: Dims::new(3, 3, 3).unwrap(),
            rule: ttt_core::Rule::Freestyle,
            opening: Opening::None,
            clock: ttt_core::TimeControl::None,
            first,
        }
    }

    pub(super) fn human(name: &str) -> Contender {
        Contender::Human(name.to_string())
    }

    pub(super) fn no_wake() -> Wake {
        Arc::new(|| {})
    }

    /// Calls `update` until no computer is to move, as the window's frames would.
    pub(super) fn let_computers_move(session: &mut Session, store: Option<&dyn Store>) {
        let wake = no_wake();
        let deadline = Instant::now() + Duration::from_secs(20);
        while matches!(session.status(), Status::ComputerToMove(_)) {
            assert!(Instant::now() < deadline, "the computer never moved");
            session.update(store, &wake);
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn renju_refuses_x_forbidden_squares_and_records_the_rule() {
        let store = SqliteStore::open_in_memory().unwrap();
        let lineup = Lineup {
            dims: Dims::new(15, 15, 5).unwrap(),
            rule: ttt_core::Rule::Renju,
            ..lineup(human("Ann"), human("Bo"), Seat::One)
        };
        let mut s = Session::new(lineup, PACE, Some(&store));
        // X: two twos crossing at (7, 7); O far away.
        for (r, c) in [
            (7, 5),
            (0, 0),
            (7, 6),
            (0, 2),
            (5, 7),
            (0, 4),
            (6, 7),
            (0, 6),
        ] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        let refused = s.play(Cell::new(7, 7), Some(&store)).unwrap_err();
        assert_eq!(
            refused,
            Refused::Forbidden(ttt_core::Forbidden::DoubleThree)
        );
        assert_eq!(
            refused.to_string(),
            "that square is a double-three: renju forbids it to X"
        );
        assert_eq!(s.moves().len(), 8);
        // X wins elsewhere with five; the record keeps the rule.
        for (r, c) in [
            (10, 0),
            (14, 14),
            (10, 1),
            (14, 12),
            (10, 2),
            (14, 10),
            (10, 3),
        ] {
            s.play(Cell::new(r, c), Some(&store)).unwrap();
        }
        s.play(Cell::new(13, 0), Some(&store)).unwrap();
        s.play(Cell::new(10, 4), Some(&store)).unwrap();
        assert_eq!(s.status(), Status::Won(Seat::One));
        let Some(Saved::Game(id)) = s.saved().cloned() else {
            panic!("{:?}", s.saved());
        };
        assert_eq!(store.game(id).unwrap().unwrap().rule, ttt_core::Rule::Renju);
    }

    #[test]
    fn play_again_gives_the_other_player_the_first_move() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(human("Ann"), human("Bo"), Seat::One),
            PACE,
            Some(&store),
        );
        assert_eq!(s.mark(Seat::One), Player::X);
        assert_eq!(s.next_first(), Seat::Two);
        s.play_again();
        assert_eq!(s.mark(Seat::Two), Player::X);
        assert_eq!(s.headline(), "Bo (X), your move");
        s.play_again();
        assert_eq!(s.mark(Seat::One), Player::X);
    }

    #[test]
    fn a_restarted_game_is_not_saved() {
        let store = SqliteStore::open_in_memory().unwrap();
        let mut s = Session::new(
            lineup(human("Ann"), human("Bo"), Seat::One),
            PACE,
            Some(&store),
        );
        s.play(Cell::new(1, 1), Some(&store)).unwrap();
        s.restart();
        assert!(s.moves().is_empty());
        assert_eq!(s.mark(Seat::One), Player::X);
        assert!(store.recent_games(None, 10).unwrap().is_empty());
    }

    #[test]
    fn a_computer_win_consoles_the_human() {
        let mut s = Session::new(
            lineup(Contender::Computer(Level::Hard), human("Ann"), Seat::One),
            PACE,
            None,
        );
        // Ann neither blocks nor wins, so the computer (X, seeded) wins.
        let_computers_move(&mut s, None);
        while !s.position().is_over() {
            let pos = s.position();
            let cell = pos
                .legal_moves()
                .find(|&c| !pos.makes_line(c, Player::X) && !pos.makes_line(c, Player::O))
                .unwrap();
            s.play(cell, None).unwrap();
            let_computers_move(&mut s, None);
        }
        assert_eq!(s.status(), Status::Won(Seat::One));
        assert_eq!(s.headline(), "Computer (hard) wins!");
        assert!(s
            .result_detail()
            .unwrap()
            .ends_with("Better luck next time, Ann!"));
    }

    #[test]
    fn levels_have_menu_names() {
        assert_eq!(level_label(Level::Perfect), "Perfect");
        assert_eq!(LEVELS.len(), Level::ALL.len());
    }
}
