//! An outside program as one side of any m,n,k game: a student's program, or any gomoku
//! engine, playing a person or our levels through the same protocol as `ttt pbrain`.
//!
//! The program is started when it is first asked for a move (`START n` on a square board,
//! `RECTSTART cols,rows` otherwise), told its time and the rules (`INFO timeout_turn`,
//! `INFO rule` with the game's rule, and `INFO win_length K`, a key of ours: the protocol assumes five in a row,
//! and engines ignore keys they do not know), and then gets the whole position for every
//! move (`BOARD` ... `DONE`, or `BEGIN` on an empty board), so takebacks, rematches and a
//! program started afresh all look the same to it. Its answer must come within its turn time
//! plus a slack and be an empty cell of the board that the rule allows (not one of renju's
//! forbidden points for black); anything else is an [`EngineFailure`]
//! that says what the program did, and the program is stopped. A program that ended between
//! two moves, while nobody waited for it, is started again for the next.
//!
//! The child process is killed (and reaped) when the player is dropped, and the thread that
//! reads its output ends with it.

use std::fmt;
use std::time::{Duration, Instant};

use ttt_core::{Cell, Dims, Player, Position, Rule};

use crate::manager::{Brain, BrainError, EngineSpec};
use crate::protocol::{Owner, Point};

/// How much later than its turn time a program may answer before it loses: for the
/// operating system, the pipes and a slow start of the interpreter.
pub const DEFAULT_SLACK: Duration = Duration::from_secs(1);

/// The `INFO` key that tells a program how many in a row win.
pub const WIN_LENGTH_KEY: &str = "win_length";

/// The least time a program gets to start and answer `START`: loading an interpreter or a
/// network can take longer than a move.
const START_TIME: Duration = Duration::from_secs(5);

/// The longest a program's move can take, from starting it to stopping it, when it has
/// `turn_time` a move and `slack` more: for whoever must wait for it (a server's lease).
#[must_use]
pub fn longest_move(turn_time: Duration, slack: Duration) -> Duration {
    // Its start, its move, and the moment `END` leaves it to go.
    (turn_time + slack).max(START_TIME) + turn_time + slack + END_TIME
}

/// How long a program told `END` has to go before it is killed.
const END_TIME: Duration = Duration::from_secs(1);

/// The longest part of a bad answer quoted in a message.
const QUOTED_CHARS: usize = 60;

/// An outside program playing whichever side is to move when it is asked.
///
/// ```no_run
/// use std::time::Duration;
/// use ttt_core::{Dims, Position};
/// use ttt_pbrain::manager::EngineSpec;
/// use ttt_pbrain::player::{EnginePlayer, DEFAULT_SLACK};
///
/// let spec = EngineSpec::parse("./student.py", Duration::from_secs(1)).unwrap();
/// let mut engine = EnginePlayer::new(spec, DEFAULT_SLACK);
/// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// match engine.choose(&pos) {
///     Ok(cell) => println!("it plays {cell}"),
///     Err(failure) => println!("{failure}"), // engine ./student.py (X) ...: X loses
/// }
/// ```
#[derive(Debug)]
pub struct EnginePlayer {
    spec: EngineSpec,
    slack: Duration,
    running: Option<Running>,
}

/// The program while it runs.
#[derive(Debug)]
struct Running {
    brain: Brain,
    /// The board it was started on.
    dims: Dims,
    /// The rule it was told.
    rule: Rule,
    /// Whether its board is empty since `START` or `RESTART` (so `BEGIN` is what it expects).
    fresh: bool,
}

/// What a program did instead of a good move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started; why.
    NotStarted(String),
    /// It answered `START` (or `RECTSTART`) with `ERROR`: it does not play this board.
    RefusedBoard(String),
    /// It ended (crashed, or quit) instead of answering.
    Ended,
    /// It said nothing within this time (its turn time and the slack).
    Silent(Duration),
    /// It answered `ERROR` (or `UNKNOWN`) with this reason instead of a move.
    Refused(String),
    /// A move off the board.
    OffBoard(Point),
    /// A move on a cell that is taken.
    Taken(Point),
    /// A move the rule forbids there (renju's forbidden points for black), and why.
    Forbidden(Point, String),
    /// Something that is not a move (cut short in messages when long).
    Garbage(String),
}

/// A program's failure to move, for the side it played: the game is lost for that side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineFailure {
    /// The program and its arguments.
    pub program: String,
    /// The side it played.
    pub side: Player,
    /// The board.
    pub dims: Dims,
    /// What it did.
    pub fault: Fault,
    /// The last line it wrote on its standard error, if any (a crash's reason, often).
    pub last_words: Option<String>,
}

impl fmt::Display for EngineFailure {
    /// One line naming the program and what it did: `engine ./student.py (O) answered 3,9,
    /// off the 3 x 3 board (...): O loses`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = (self.dims.rows(), self.dims.cols());
        write!(f, "engine {} ({}) ", self.program, self.side)?;
        match &self.fault {
            Fault::NotStarted(why) => write!(f, "could not be started ({why})")?,
            Fault::RefusedBoard(why) => write!(
                f,
                "refused the {rows} x {cols} board, {} in a row ({})",
                self.dims.k(),
                quoted_reason(why)
            )?,
            Fault::Ended => f.write_str("ended without a move (it crashed or quit)")?,
            Fault::Silent(limit) => write!(f, "gave no move within {}", seconds(*limit))?,
            Fault::Refused(why) => write!(
                f,
                "answered ERROR ({}) instead of a move",
                quoted_reason(why)
            )?,
            Fault::OffBoard(p) => write!(
                f,
                "answered {p}, off the {rows} x {cols} board (x, the column, goes from 0 to {}; \
                 y, the row, from 0 to {})",
                cols - 1,
                rows - 1
            )?,
            Fault::Taken(p) => write!(
                f,
                "answered {p}, a cell already taken (row {}, column {})",
                p.y + 1,
                p.x + 1
            )?,
            Fault::Forbidden(p, why) => write!(f, "answered {p}, which the rule forbids: {why}")?,
            Fault::Garbage(line) => {
                write!(f, "answered {}, which is not a move x,y", quoted(line))?;
            }
        }
        if let Some(words) = &self.last_words {
            write!(f, ", its last words on standard error {}", quoted(words))?;
        }
        write!(f, ": {} loses", self.side)
    }
}

impl std::error::Error for EngineFailure {}

/// A reason as the program gave it, or a word for none.
fn quoted_reason(why: &str) -> String {
    if why.trim().is_empty() {
        "no reason given".to_string()
    } else {
        quoted(why)
    }
}

/// `text` cut short and in quotes, for a person: control characters (a colour code, a tab)
/// shown as `?`, not as escapes.
fn quoted(text: &str) -> String {
    let shown: String = cut(text)
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("\"{shown}\"")
}

/// At most [`QUOTED_CHARS`] characters of `text`, with `...` where it was cut.
fn cut(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// A duration for people, to a tenth of a second: `2 s`, `1.5 s`.
#[must_use]
pub fn seconds(d: Duration) -> String {
    let text = format!("{:.1}", d.as_secs_f64());
    format!("{} s", text.trim_end_matches(".0"))
}

impl EnginePlayer {
    /// A player that will run `spec`'s program, which may answer `slack` later than its
    /// turn time. Nothing is started yet.
    #[must_use]
    pub fn new(spec: EngineSpec, slack: Duration) -> EnginePlayer {
        EnginePlayer {
            spec,
            slack,
            running: None,
        }
    }

    /// The program and its arguments.
    #[must_use]
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The program's move for the side to move in `pos`, a game in progress.
    ///
    /// # Errors
    /// [`EngineFailure`] when the program cannot be started, refuses the board, ends, says
    /// nothing in time, or answers anything but an empty cell; the program is stopped.
    pub fn choose(&mut self, pos: &Position) -> Result<Cell, EngineFailure> {
        let side = pos.turn();
        let dims = pos.dims();
        let answer = self.ask(pos);
        let fault = match answer {
            Ok(p) => match cell_at(dims, p) {
                None => Fault::OffBoard(p),
                Some(cell) if pos.get(cell).is_some() => Fault::Taken(p),
                Some(cell) => match pos.play(cell) {
                    Err(why) => Fault::Forbidden(p, why.to_string()),
                    Ok(_) => {
                        if let Some(running) = self.running.as_mut() {
                            running.fresh = false;
                        }
                        return Ok(cell);
                    }
                },
            },
            Err(fault) => fault,
        };
        // What it said last on its standard error; a program that ended gets a moment to
        // have it read.
        let wait = match fault {
            Fault::Ended => Duration::from_millis(300),
            _ => Duration::ZERO,
        };
        let last_words = self.running.as_ref().and_then(|r| r.brain.last_words(wait));
        // Whatever it was doing, it plays no more in this game: killed, not asked to end.
        self.running = None;
        Err(EngineFailure {
            program: self.spec.name(),
            side,
            dims,
            fault,
            last_words,
        })
    }

    /// Sends the position and reads the answer, starting the program first if need be.
    fn ask(&mut self, pos: &Position) -> Result<Point, Fault> {
        let limit = self.spec.turn_time + self.slack;
        let running = self.ready(pos.dims(), pos.rule())?;
        let side = pos.turn();
        let stones: Vec<(Point, Owner)> = pos
            .dims()
            .all_cells()
            .filter_map(|cell| {
                let owner = match pos.get(cell)? {
                    p if p == side => Owner::Own,
                    _ => Owner::Opponent,
                };
                Some((point_of(cell), owner))
            })
            .collect();
        let asked = Instant::now();
        let answer = if stones.is_empty() {
            if !running.fresh {
                // A new game for a program that played one: its board is emptied first.
                match running.brain.restart(limit) {
                    Err(BrainError::Refused(_)) => {
                        let (cols, rows) = (running.dims.cols(), running.dims.rows());
                        running.brain.start(cols, rows, limit)
                    }
                    other => other,
                }
                .map_err(|e| fault_of(e, limit))?;
            }
            running.brain.begin(limit)
        } else {
            running.brain.board(&stones, limit)
        };
        let p = answer.map_err(|e| fault_of(e, limit))?;
        if asked.elapsed() > limit {
            return Err(Fault::Silent(limit));
        }
        Ok(p)
    }

    /// The running program on a board of `dims` under `rule`: the one running, if it still
    /// runs on that board and rule, else a new one, started and told the rules.
    fn ready(&mut self, dims: Dims, rule: Rule) -> Result<&mut Running, Fault> {
        let reusable = self
            .running
            .as_mut()
            .is_some_and(|r| r.dims == dims && r.rule == rule && r.brain.is_running());
        if !reusable {
            self.running = None;
            let start_limit = (self.spec.turn_time + self.slack).max(START_TIME);
            let mut brain = Brain::spawn(&self.spec.program, &self.spec.args)
                .map_err(|e| fault_of(e, start_limit))?;
            brain
                .start(dims.cols(), dims.rows(), start_limit)
                .map_err(|e| match e {
                    BrainError::Refused(why) => Fault::RefusedBoard(why),
                    other => fault_of(other, start_limit),
                })?;
            let told = brain
                .info("timeout_turn", self.spec.turn_time.as_millis())
                .and_then(|()| brain.info("rule", rule.gomocup_code()))
                .and_then(|()| brain.info(WIN_LENGTH_KEY, dims.k()));
            told.map_err(|e| fault_of(e, start_limit))?;
            self.running = Some(Running {
                brain,
                dims,
                rule,
                fresh: true,
            });
        }
        self.running.as_mut().ok_or(Fault::Ended)
    }

    /// Stops the program, if it runs: `END`, a moment to go, then killed.
    pub fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.brain.end();
        }
    }
}

impl Drop for EnginePlayer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The fault a [`BrainError`] is, for a program that had `limit` to answer.
fn fault_of(e: BrainError, limit: Duration) -> Fault {
    match e {
        BrainError::Spawn(why) => Fault::NotStarted(why),
        BrainError::Timeout => Fault::Silent(limit),
        BrainError::Gone | BrainError::GoneSaying(_) => Fault::Ended,
        BrainError::Refused(why) => Fault::Refused(why),
        BrainError::Unexpected(line) => Fault::Garbage(line),
    }
}

/// The protocol's point of a cell: x the column, y the row.
fn point_of(cell: Cell) -> Point {
    Point {
        x: usize::from(cell.col),
        y: usize::from(cell.row),
    }
}

/// The cell at `p`, if it is on the board.
fn cell_at(dims: Dims, p: Point) -> Option<Cell> {
    (p.x < dims.cols() && p.y < dims.rows())
        .then(|| Some(Cell::new(u8::try_from(p.y).ok()?, u8::try_from(p.x).ok()?)))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in program in shell: `script` runs once a line is read for each `read`.
    fn engine(script: &str, turn_ms: u64) -> EnginePlayer {
        EnginePlayer::new(
            EngineSpec {
                program: "sh".into(),
                args: vec!["-c".into(), script.into()],
                turn_time: Duration::from_millis(turn_ms),
            },
            Duration::from_millis(300),
        )
    }

    fn classic() -> Position {
        Position::new(Dims::new(3, 3, 3).unwrap())
    }

    /// Reads the whole start (START and three INFO lines), then answers each move request
    /// with the next of `answers` (printf's text: `\\n` between lines).
    fn answering(answers: &[&str]) -> String {
        let mut script = String::from("read s; echo OK; read a; read b; read c; ");
        for answer in answers {
            script.push_str(&format!(
                "while read l; do case \"$l\" in BEGIN|DONE) break;; RESTART) echo OK;; esac; \
                 done; printf '{answer}\\n'; "
            ));
        }
        script.push_str("while read l; do :; done");
        script
    }

    #[test]
    fn a_program_plays_the_cells_it_answers() {
        let mut e = engine(&answering(&["MESSAGE thinking\\n1,0", "0,2"]), 1000);
        // MESSAGE is chatter, not an answer: the first answer is 1,0.
        let pos = classic();
        assert_eq!(e.choose(&pos), Ok(Cell::new(0, 1)));
        let pos = pos
            .play(Cell::new(0, 1))
            .unwrap()
            .play(Cell::new(1, 1))
            .unwrap();
        assert_eq!(e.choose(&pos), Ok(Cell::new(2, 0)));
    }

    #[test]
    fn each_fault_is_named() {
        let pos = classic().play(Cell::new(1, 1)).unwrap();
        let fault = |script: &str, turn_ms| engine(script, turn_ms).choose(&pos).unwrap_err();

        let off = fault(&answering(&["3,1"]), 1000);
        assert_eq!(off.fault, Fault::OffBoard(Point { x: 3, y: 1 }));
        assert_eq!(off.side, Player::O);
        let text = off.to_string();
        assert!(text.starts_with("engine sh -c "), "{text}");
        assert!(
            text.ends_with("(O) answered 3,1, off the 3 x 3 board (x, the column, goes from 0 to 2; y, the row, from 0 to 2): O loses"),
            "{text}"
        );

        let taken = fault(&answering(&["1,1"]), 1000);
        assert_eq!(taken.fault, Fault::Taken(Point { x: 1, y: 1 }));
        assert!(taken
            .to_string()
            .contains("already taken (row 2, column 2): O loses"));

        let garbage = fault(&answering(&["I think the centre"]), 1000);
        assert_eq!(garbage.fault, Fault::Garbage("I think the centre".into()));
        assert!(garbage
            .to_string()
            .ends_with("answered \"I think the centre\", which is not a move x,y: O loses"));
        let coloured = fault(&answering(&["\\033[31mred"]), 1000);
        assert!(
            coloured
                .to_string()
                .contains("answered \"?[31mred\", which is not"),
            "{coloured}"
        );

        let refused = fault(&answering(&["ERROR out of ideas"]), 1000);
        assert_eq!(refused.fault, Fault::Refused("out of ideas".into()));

        let ended = fault(
            "read s; echo OK; read a; read b; read c; read d; exit 3",
            1000,
        );
        assert_eq!(ended.fault, Fault::Ended);
        assert_eq!(ended.last_words, None);
        let crashed = fault(
            "read s; echo OK; read a; read b; read c; read d; echo 'warming up' >&2; \
             echo 'ValueError: no idea' >&2; exit 1",
            1000,
        );
        assert_eq!(crashed.fault, Fault::Ended);
        assert!(
            crashed.to_string().ends_with(
                "ended without a move (it crashed or quit), its last words on standard error \
                 \"ValueError: no idea\": O loses"
            ),
            "{crashed}"
        );

        let silent = fault(&answering(&[]), 100);
        assert_eq!(silent.fault, Fault::Silent(Duration::from_millis(400)));
        assert!(silent
            .to_string()
            .contains("gave no move within 0.4 s: O loses"));

        let board = fault("read s; echo 'ERROR only 15 x 15'; cat > /dev/null", 1000);
        assert_eq!(board.fault, Fault::RefusedBoard("only 15 x 15".into()));
        assert!(board
            .to_string()
            .contains("refused the 3 x 3 board, 3 in a row (\"only 15 x 15\")"));

        let missing = EnginePlayer::new(
            EngineSpec::parse("/nonexistent/student.py", Duration::from_secs(1)).unwrap(),
            DEFAULT_SLACK,
        )
        .choose(&pos)
        .unwrap_err();
        assert!(matches!(missing.fault, Fault::NotStarted(_)), "{missing}");
        assert!(missing
            .to_string()
            .starts_with("engine /nonexistent/student.py (O) could not be started ("));
    }

    #[test]
    fn the_program_is_told_the_board_and_the_rules() {
        // It answers with the lines it was sent, as one garbage line.
        let script = "read s; echo OK; read a; read b; read c; read d; read e; read f; \
                      echo \"$s|$a|$b|$c|$d|$e|$f\"; cat > /dev/null";
        let pos = Position::new(Dims::new(4, 6, 3).unwrap())
            .play(Cell::new(0, 5))
            .unwrap();
        let failure = engine(script, 1500).choose(&pos).unwrap_err();
        assert_eq!(
            failure.fault,
            Fault::Garbage(
                "RECTSTART 6,4|INFO timeout_turn 1500|INFO rule 0|INFO win_length 3|BOARD|5,0,2|\
                 DONE"
                    .into()
            )
        );
    }

    #[test]
    fn the_program_is_told_the_games_rule_and_loses_on_a_forbidden_point() {
        let renju = |moves: &[(u8, u8)]| {
            let mut pos = Position::with_rule(Dims::new(15, 15, 5).unwrap(), Rule::Renju).unwrap();
            for &(r, c) in moves {
                pos = pos.play(Cell::new(r, c)).unwrap();
            }
            pos
        };
        let script = "read s; echo OK; read a; read b; read c; echo \"$b\"; cat > /dev/null";
        let told = engine(script, 1500).choose(&renju(&[])).unwrap_err();
        assert_eq!(told.fault, Fault::Garbage("INFO rule 4".into()));
        // X (black) at (7,5), (7,6) and (5,7), (6,7): a stone at (7,7) makes two open threes.
        let pos = renju(&[
            (7, 5),
            (0, 0),
            (7, 6),
            (0, 2),
            (5, 7),
            (0, 4),
            (6, 7),
            (0, 6),
        ]);
        let forbidden = engine(&answering(&["7,7"]), 1000).choose(&pos).unwrap_err();
        assert!(
            matches!(&forbidden.fault, Fault::Forbidden(p, _) if *p == Point { x: 7, y: 7 }),
            "{forbidden}"
        );
        let text = forbidden.to_string();
        assert!(
            text.contains("(X) answered 7,7, which the rule forbids: double-three")
                && text.ends_with(": X loses"),
            "{text}"
        );
    }

    #[test]
    fn a_long_answer_is_cut_in_the_message() {
        let long = "y".repeat(500);
        let f = engine(&answering(&[&long]), 1000)
            .choose(&classic())
            .unwrap_err();
        assert_eq!(f.fault, Fault::Garbage(long));
        let text = f.to_string();
        assert!(
            text.contains(&format!(
                "answered \"{}...\", which",
                "y".repeat(QUOTED_CHARS)
            )),
            "{text}"
        );
    }
}
