//! The protocol's lines, read and written, with the extensions of Yixin-Board (the analysis
//! board's `YX` commands). Parsing never panics: a line that is not a command is a
//! [`ParseError`], which the engine answers with `ERROR` or `UNKNOWN`.

use std::fmt;

/// A move or a stone: `x` is the column, `y` the row, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, from 0.
    pub x: usize,
    /// Row, from 0.
    pub y: usize,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whose stone a `BOARD` line gives, from the engine's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// 1: the engine's own stone.
    Own,
    /// 2: the opponent's.
    Opponent,
    /// 3: a winning line's stone in continuous games; no mark for the rules.
    Winning,
}

/// A line the manager sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `START size`: a new square board.
    Start(usize),
    /// `RECTSTART width,height`: a new rectangular board.
    RectStart {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// `RESTART`: the same board, emptied.
    Restart,
    /// `BEGIN`: the engine plays first.
    Begin,
    /// `TURN x,y`: the opponent played there; the engine's move is wanted.
    Turn(Point),
    /// `BOARD`: a whole position follows, one stone a line, up to `DONE`.
    Board,
    /// A stone of a `BOARD` block: `x,y,owner`.
    Stone(Point, Owner),
    /// `SWAP2BOARD`: the Gomocup's swap2 opening. The stones placed so far follow (none, three
    /// or five, black first, then in turn), one `x,y` a line, up to `DONE`; the engine answers
    /// three stones (`x,y x,y x,y`) to an empty board, and else `SWAP` (the other colour: the
    /// opponent plays next), its move (it takes the colour to move), or, to three stones, two
    /// more (`x,y x,y`) for the opponent to choose.
    Swap2Board,
    /// A stone of a `SWAP2BOARD` block: `x,y`.
    Placed(Point),
    /// `DONE`: the end of a `BOARD` (or `SWAP2BOARD`) block; the engine's answer is wanted.
    Done,
    /// `TAKEBACK x,y`: the stone there is taken back.
    Takeback(Point),
    /// `INFO key value`.
    Info(String, String),
    /// `ABOUT`: the engine describes itself.
    About,
    /// `YXBOARD` (Yixin-Board): a whole position follows as in `BOARD`, up to `DONE`, and
    /// the engine sets it up without thinking or answering.
    YxBoard,
    /// `YXNBEST n` (Yixin-Board): think, tell the best `n` candidates in `MESSAGE` lines,
    /// then answer the best move.
    YxNbest(usize),
    /// `YXSHOWFORBID` (Yixin-Board): the forbidden points of black, as `FORBID xxyy....`.
    YxShowForbid,
    /// `YXSTOP` (Yixin-Board): stop thinking now and answer the best move found.
    YxStop,
    /// `YXSHOWINFO` (Yixin-Board): the engine's settings, in `MESSAGE` lines.
    YxShowInfo,
    /// A Yixin-Board command we do not support whose lines follow up to `DONE` (`YXBLOCK`,
    /// `YXBLOCKPATH`): answered with `UNKNOWN`, and its lines skipped.
    YxUnsupportedBlock(String),
    /// `END`: the engine must stop.
    End,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// A command we do not know: answered with `UNKNOWN`.
    Unknown(String),
    /// A known command with arguments that do not fit: answered with `ERROR`.
    Malformed(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(word) => {
                // A long line comes back shortened: an answer is no place for it all.
                const SHOWN: usize = 40;
                match word.char_indices().nth(SHOWN) {
                    Some((cut, _)) => write!(f, "unknown command {}...", &word[..cut]),
                    None => write!(f, "unknown command {word}"),
                }
            }
            ParseError::Malformed(why) => f.write_str(why),
        }
    }
}

/// Numbers separated by commas (spaces around them allowed), exactly `n` of them.
fn numbers(text: &str, n: usize) -> Option<Vec<usize>> {
    let parts: Vec<usize> = text
        .split(',')
        .map(|p| p.trim().parse::<usize>().ok())
        .collect::<Option<_>>()?;
    (parts.len() == n).then_some(parts)
}

fn point(text: &str, what: &str) -> Result<Point, ParseError> {
    numbers(text, 2)
        .map(|p| Point { x: p[0], y: p[1] })
        .ok_or_else(|| ParseError::Malformed(format!("{what} needs x,y (two whole numbers)")))
}

impl Command {
    /// Reads one line; `in_board` says whether a `BOARD` block is open (its lines are
    /// stones). `Ok(None)` for a blank line.
    ///
    /// ```
    /// use ttt_pbrain::protocol::{Command, Point};
    /// assert_eq!(Command::parse("TURN 7,8", false), Ok(Some(Command::Turn(Point { x: 7, y: 8 }))));
    /// assert_eq!(Command::parse("start 20", false), Ok(Some(Command::Start(20))));
    /// assert!(Command::parse("TURN seven", false).is_err());
    /// ```
    ///
    /// # Errors
    /// [`ParseError`] for a line that is not a command.
    pub fn parse(line: &str, in_board: bool) -> Result<Option<Command>, ParseError> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let word = word.to_ascii_uppercase();
        if in_board {
            if word == "DONE" {
                return Ok(Some(Command::Done));
            }
            if let Some(p) = numbers(line, 2) {
                return Ok(Some(Command::Placed(Point { x: p[0], y: p[1] })));
            }
            let parts = numbers(line, 3).ok_or_else(|| {
                ParseError::Malformed(
                    "a BOARD line needs x,y,field (1, 2 or 3), a SWAP2BOARD line x,y".to_string(),
                )
            })?;
            let owner = match parts[2] {
                1 => Owner::Own,
                2 => Owner::Opponent,
                3 => Owner::Winning,
                _ => {
                    return Err(ParseError::Malformed(
                        "a BOARD field is 1 (own), 2 (opponent) or 3".to_string(),
                    ))
                }
            };
            return Ok(Some(Command::Stone(
                Point {
                    x: parts[0],
                    y: parts[1],
                },
                owner,
            )));
        }
        let command = match word.as_str() {
            "START" => Command::Start(
                numbers(rest, 1).ok_or_else(|| {
                    ParseError::Malformed(
                        "START needs one size, a whole number (RECTSTART width,height for \
                             other shapes)"
                            .to_string(),
                    )
                })?[0],
            ),
            "RECTSTART" => {
                let p = numbers(rest, 2).ok_or_else(|| {
                    ParseError::Malformed("RECTSTART needs width,height".to_string())
                })?;
                Command::RectStart {
                    width: p[0],
                    height: p[1],
                }
            }
            "RESTART" => Command::Restart,
            "BEGIN" => Command::Begin,
            "TURN" => Command::Turn(point(rest, "TURN")?),
            "BOARD" => Command::Board,
            "SWAP2BOARD" => Command::Swap2Board,
            "DONE" => {
                return Err(ParseError::Malformed(
                    "DONE without BOARD before it".to_string(),
                ))
            }
            "TAKEBACK" => Command::Takeback(point(rest, "TAKEBACK")?),
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    ParseError::Malformed("INFO needs a key and a value".to_string())
                })?;
                Command::Info(key.to_ascii_lowercase(), value.trim().to_string())
            }
            "ABOUT" => Command::About,
            "END" => Command::End,
            "YXBOARD" => Command::YxBoard,
            "YXNBEST" => Command::YxNbest(
                numbers(rest, 1)
                    .map(|n| n[0])
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        ParseError::Malformed(
                            "YXNBEST needs how many candidates (a whole number, 1 or more)"
                                .to_string(),
                        )
                    })?,
            ),
            "YXSHOWFORBID" => Command::YxShowForbid,
            "YXSTOP" => Command::YxStop,
            "YXSHOWINFO" => Command::YxShowInfo,
            "YXBLOCK" | "YXBLOCKPATH" => Command::YxUnsupportedBlock(word),
            _ => return Err(ParseError::Unknown(word)),
        };
        Ok(Some(command))
    }
}

impl fmt::Display for Command {
    /// The line as the manager sends it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Start(n) => write!(f, "START {n}"),
            Command::RectStart { width, height } => write!(f, "RECTSTART {width},{height}"),
            Command::Restart => f.write_str("RESTART"),
            Command::Begin => f.write_str("BEGIN"),
            Command::Turn(p) => write!(f, "TURN {p}"),
            Command::Board => f.write_str("BOARD"),
            Command::Stone(p, owner) => {
                let field = match owner {
                    Owner::Own => 1,
                    Owner::Opponent => 2,
                    Owner::Winning => 3,
                };
                write!(f, "{p},{field}")
            }
            Command::Swap2Board => f.write_str("SWAP2BOARD"),
            Command::Placed(p) => write!(f, "{p}"),
            Command::Done => f.write_str("DONE"),
            Command::Takeback(p) => write!(f, "TAKEBACK {p}"),
            Command::Info(key, value) => write!(f, "INFO {key} {value}"),
            Command::About => f.write_str("ABOUT"),
            Command::End => f.write_str("END"),
            Command::YxBoard => f.write_str("YXBOARD"),
            Command::YxNbest(n) => write!(f, "YXNBEST {n}"),
            Command::YxShowForbid => f.write_str("YXSHOWFORBID"),
            Command::YxStop => f.write_str("YXSTOP"),
            Command::YxShowInfo => f.write_str("YXSHOWINFO"),
            Command::YxUnsupportedBlock(word) => f.write_str(word),
        }
    }
}

/// A line an engine sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `OK`: ready.
    Ok,
    /// `x,y`: its move.
    Move(Point),
    /// `ERROR reason`.
    Error(String),
    /// `UNKNOWN reason`.
    Unknown(String),
    /// `MESSAGE text`: for the people watching.
    Message(String),
    /// `DEBUG text`.
    Debug(String),
    /// `SUGGEST x,y`: a move it would like to play (answered by the manager, if at all, with
    /// `PLAY`); we take it as its move.
    Suggest(Point),
    /// Anything else, such as `ABOUT`'s answer (`name="...", version="..."`).
    Text(String),
}

impl Reply {
    /// Reads one line an engine wrote.
    ///
    /// ```
    /// use ttt_pbrain::protocol::{Point, Reply};
    /// assert_eq!(Reply::parse("7,8"), Reply::Move(Point { x: 7, y: 8 }));
    /// assert_eq!(Reply::parse("OK"), Reply::Ok);
    /// assert_eq!(Reply::parse("MESSAGE hi"), Reply::Message("hi".into()));
    /// ```
    #[must_use]
    pub fn parse(line: &str) -> Reply {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim().to_string()),
            None => (line, String::new()),
        };
        match word.to_ascii_uppercase().as_str() {
            "OK" if rest.is_empty() => Reply::Ok,
            "ERROR" => Reply::Error(rest),
            "UNKNOWN" => Reply::Unknown(rest),
            "MESSAGE" => Reply::Message(rest),
            "DEBUG" => Reply::Debug(rest),
            "SUGGEST" => match numbers(&rest, 2) {
                Some(p) => Reply::Suggest(Point { x: p[0], y: p[1] }),
                None => Reply::Text(line.to_string()),
            },
            _ => match numbers(line, 2) {
                Some(p) => Reply::Move(Point { x: p[0], y: p[1] }),
                None => Reply::Text(line.to_string()),
            },
        }
    }
}

impl fmt::Display for Reply {
    /// The line as the engine sends it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Move(p) => write!(f, "{p}"),
            Reply::Error(why) => write!(f, "ERROR {why}"),
            Reply::Unknown(why) => write!(f, "UNKNOWN {why}"),
            Reply::Message(text) => write!(f, "MESSAGE {text}"),
            Reply::Debug(text) => write!(f, "DEBUG {text}"),
            Reply::Suggest(p) => write!(f, "SUGGEST {p}"),
            Reply::Text(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip() {
        let p = Point { x: 3, y: 11 };
        for c in [
            Command::Start(15),
            Command::RectStart {
                width: 20,
                height: 12,
            },
            Command::Restart,
            Command::Begin,
            Command::Turn(p),
            Command::Board,
            Command::Swap2Board,
            Command::Takeback(p),
            Command::Info("timeout_turn".into(), "1000".into()),
            Command::About,
            Command::End,
            Command::YxBoard,
            Command::YxNbest(3),
            Command::YxShowForbid,
            Command::YxStop,
            Command::YxShowInfo,
            Command::YxUnsupportedBlock("YXBLOCK".into()),
        ] {
            assert_eq!(Command::parse(&c.to_string(), false), Ok(Some(c)));
        }
        for c in [
            Command::Stone(p, Owner::Opponent),
            Command::Placed(p),
            Command::Done,
        ] {
            assert_eq!(Command::parse(&c.to_string(), true), Ok(Some(c)));
        }
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        for line in [
            "TURN",
            "TURN 1",
            "TURN 1,2,3",
            "TURN -1,2",
            "TURN 99999999999999999999999,1",
            "START",
            "START x",
            "RECTSTART 10",
            "INFO",
            "INFO timeout_turn",
            "DONE",
            "TAKEBACK a,b",
            "YXNBEST",
            "YXNBEST 0",
            "YXNBEST many",
        ] {
            assert!(
                matches!(Command::parse(line, false), Err(ParseError::Malformed(_))),
                "{line}"
            );
        }
        assert_eq!(
            Command::parse("FROBNICATE 3", false),
            Err(ParseError::Unknown("FROBNICATE".into()))
        );
        assert!(Command::parse("1", true).is_err());
        assert!(Command::parse("1,2,4", true).is_err());
        assert_eq!(Command::parse("  ", false), Ok(None));
        assert_eq!(
            Command::parse("yxhashclear", false),
            Err(ParseError::Unknown("YXHASHCLEAR".into()))
        );
        assert!(Command::parse("\u{0}\u{ffff}é", false).is_err());
        // A long unknown word is named, shortened; START says what it needs.
        let long = "é".repeat(100_000);
        let said = Command::parse(&long, false).unwrap_err().to_string();
        assert_eq!(said, format!("unknown command {}...", "é".repeat(40)));
        let said = Command::parse("START 15 16", false)
            .unwrap_err()
            .to_string();
        assert!(
            said.starts_with("START needs one size, a whole number"),
            "{said}"
        );
    }

    #[test]
    fn replies_are_read() {
        assert_eq!(Reply::parse(" 10 , 2 "), Reply::Move(Point { x: 10, y: 2 }));
        assert_eq!(Reply::parse("ERROR no"), Reply::Error("no".into()));
        assert_eq!(
            Reply::parse("SUGGEST 1,2"),
            Reply::Suggest(Point { x: 1, y: 2 })
        );
        assert_eq!(
            Reply::parse("name=\"x\", version=\"1\""),
            Reply::Text("name=\"x\", version=\"1\"".into())
        );
    }
}
