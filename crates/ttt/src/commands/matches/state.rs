//! `ttt match --state FILE`: the games of a match saved as they end, one JSON line each after
//! a first line that says which match it is, so that a match stopped (a kill, a reboot) goes
//! on from where it was when the same command is run again. A file of another match is
//! refused rather than mixed in.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ttt_pbrain::arena::{EngineSpec, GameRecord, Side};
use ttt_pbrain::protocol::Point;

use crate::args::MatchArgs;
use crate::error::user_error;

/// What makes two runs the same match: the engines, the board, the rule, the times and the
/// openings (not the number of games, which a later run may raise).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    first: String,
    second: String,
    rows: usize,
    cols: usize,
    rule: String,
    first_turn_ms: u128,
    second_turn_ms: u128,
    first_opening: usize,
    from_empty: bool,
    /// How games open (`none` or `swap2`); files written before openings have none.
    #[serde(default = "no_opening")]
    opening: String,
    /// The book of openings (`renju`, `wide` or `balanced`); files written before books have
    /// renju's.
    #[serde(default = "renju_book")]
    book: String,
    /// `INFO thread_num`, when sent; files written before threads have none.
    #[serde(default)]
    threads: Option<usize>,
    /// Each engine's time for a game, in milliseconds, when the match has one.
    #[serde(default)]
    match_ms: Option<u128>,
}

fn renju_book() -> String {
    "renju".into()
}

fn no_opening() -> String {
    "none".into()
}

/// The header of the match `args` asks for.
pub fn header(args: &MatchArgs, first: &EngineSpec, second: &EngineSpec) -> Header {
    Header {
        first: first.name(),
        second: second.name(),
        rows: args.rows.unwrap_or(args.size),
        cols: args.size,
        rule: args.rule.name().to_string(),
        first_turn_ms: first.turn_time.as_millis(),
        second_turn_ms: second.turn_time.as_millis(),
        first_opening: args.first_opening,
        from_empty: args.from_empty,
        opening: args.opening.name().to_string(),
        book: args.book.name().to_string(),
        threads: args.threads,
        match_ms: args.match_time.map(|t| t.as_millis()),
    }
}

/// What a self-play file's engines are called: `ttt selfplay --nodes N`.
const SELFPLAY: &str = "ttt selfplay";

/// The header of `ttt selfplay`'s games: the engine against itself at `nodes` positions a
/// move, from the random openings of `seed`.
pub fn selfplay_header(rows: usize, cols: usize, rule: &str, nodes: usize, seed: u64) -> Header {
    let engine = format!("{SELFPLAY} --nodes {nodes}");
    Header {
        first: engine.clone(),
        second: engine,
        rows,
        cols,
        rule: rule.to_string(),
        first_turn_ms: 0,
        second_turn_ms: 0,
        first_opening: usize::try_from(seed).unwrap_or(usize::MAX),
        from_empty: false,
        opening: no_opening(),
        book: "random".into(),
        threads: None,
        match_ms: None,
    }
}

impl Header {
    /// The board's rows and columns, and the rule's name.
    pub fn board(&self) -> (usize, usize, &str) {
        (self.rows, self.cols, &self.rule)
    }

    /// What differs between two self-play runs' headers, in `ttt selfplay`'s options.
    fn selfplay_differences(&self, asked: &Header) -> Vec<String> {
        let nodes = |h: &Header| h.first.rsplit(' ').next().unwrap_or("").to_string();
        let mut out = Vec::new();
        if (self.rows, self.cols) != (asked.rows, asked.cols) {
            out.push(format!(
                "a board of {} x {}, not {} x {}",
                self.rows, self.cols, asked.rows, asked.cols
            ));
        }
        for (flag, saved, wanted) in [
            ("--rule", self.rule.clone(), asked.rule.clone()),
            ("--nodes", nodes(self), nodes(asked)),
            (
                "--seed",
                self.first_opening.to_string(),
                asked.first_opening.to_string(),
            ),
        ] {
            if saved != wanted {
                out.push(format!("{flag} {saved}, not {wanted}"));
            }
        }
        out
    }

    /// What differs from `asked`: each field of the header (as the file names it) whose
    /// value differs, as `field this file's, not asked's`.
    fn differences(&self, asked: &Header) -> Vec<String> {
        let fields = |h: &Header| match serde_json::to_value(h) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        };
        let shown = |v: &serde_json::Value| match v {
            serde_json::Value::Null => "none".to_string(),
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let (saved, wanted) = (fields(self), fields(asked));
        saved
            .iter()
            .filter_map(|(key, value)| {
                let other = wanted.get(key).unwrap_or(&serde_json::Value::Null);
                (value != other).then(|| format!("{key} {}, not {}", shown(value), shown(other)))
            })
            .collect()
    }
}

/// The match a state file holds, and its games (each number once), whatever match it is.
///
/// # Errors
/// A file that cannot be read, or a line that is not a match's header or a game: named,
/// with the line's number.
pub fn read(path: &Path) -> anyhow::Result<(Header, Vec<GameRecord>)> {
    let shown = path.display();
    let unreadable =
        |e: std::io::Error| user_error(format!("cannot read the state file {shown}: {e}"));
    let file = File::open(path).map_err(unreadable)?;
    let mut text = String::new();
    BufReader::new(file)
        .read_to_string(&mut text)
        .map_err(unreadable)?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let header: Header = serde_json::from_str(first).map_err(|e| {
        user_error(format!(
            "{shown}, line 1: not the state file of a ttt match ({e})"
        ))
    })?;
    let mut games = Vec::new();
    let count = text.lines().count();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let number = i + 2;
        let game = serde_json::from_str::<Line>(line)
            .ok()
            .and_then(Line::record)
            .ok_or_else(|| {
                // A match killed while it wrote a game leaves that line cut short, at the end.
                if number == count && !text.ends_with('\n') {
                    user_error(format!(
                        "{shown}, line {number}: a game cut short (the match was stopped while \
                         saving it): delete that last line, and the same command goes on from \
                         the games before it"
                    ))
                } else {
                    user_error(format!("{shown}, line {number}: not a game of the match"))
                }
            })?;
        if !games.iter().any(|g: &GameRecord| g.number == game.number) {
            games.push(game);
        }
    }
    Ok((header, games))
}

/// One game as a line of the file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    number: usize,
    opening: Option<usize>,
    black: String,
    winner: Option<String>,
    moves: Vec<[usize; 2]>,
    reason: String,
    /// Self-play's search scores, a move each (`null` for the opening's stones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    scores: Vec<Option<i32>>,
}

fn side_name(side: Side) -> String {
    match side {
        Side::A => "A".into(),
        Side::B => "B".into(),
    }
}

fn side_of(name: &str) -> Option<Side> {
    match name {
        "A" => Some(Side::A),
        "B" => Some(Side::B),
        _ => None,
    }
}

impl Line {
    fn of(game: &GameRecord) -> Line {
        Line {
            number: game.number,
            opening: game.opening,
            black: side_name(game.black),
            winner: game.winner.map(side_name),
            moves: game.moves.iter().map(|p| [p.x, p.y]).collect(),
            reason: game.reason.clone(),
            scores: game.scores.clone(),
        }
    }

    fn record(self) -> Option<GameRecord> {
        let winner = match self.winner {
            None => None,
            Some(name) => Some(side_of(&name)?),
        };
        Some(GameRecord {
            number: self.number,
            opening: self.opening,
            black: side_of(&self.black)?,
            winner,
            moves: self.moves.iter().map(|&[x, y]| Point { x, y }).collect(),
            reason: self.reason,
            scores: self.scores,
        })
    }
}

/// An open state file: the games it held, and the file to add the next ones to.
pub struct StateFile {
    path: PathBuf,
    file: File,
    games: Vec<GameRecord>,
}

impl StateFile {
    /// Opens (or starts) the state of the match `header` at `path`.
    ///
    /// # Errors
    /// A file that cannot be read or written, one of another match, or a line that is not a
    /// game: named, with the line's number, and the file left as it was.
    pub fn open(path: &Path, header: &Header) -> anyhow::Result<StateFile> {
        let shown = path.display();
        let mut games = Vec::new();
        // An empty file (made ready with `touch`, say) holds no match yet: it is started.
        let exists = path.metadata().is_ok_and(|m| !m.is_file() || m.len() > 0);
        if exists {
            let (saved, saved_games) = read(path)?;
            if &saved != header && saved.first.starts_with(SELFPLAY) {
                return Err(user_error(format!(
                    "{shown} holds the self-play games of another run ({}): give another \
                     --out file, or the same options as that run",
                    saved.selfplay_differences(header).join(", ")
                )));
            }
            if &saved != header {
                return Err(user_error(format!(
                    "{shown} holds another match ({} against {}, {} x {}, {}; {}): give \
                     another --state file, or run that match",
                    saved.first,
                    saved.second,
                    saved.rows,
                    saved.cols,
                    saved.rule,
                    saved.differences(header).join(", ")
                )));
            }
            games = saved_games;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| user_error(format!("cannot write the state file {shown}: {e}")))?;
        if !exists {
            writeln!(file, "{}", serde_json::to_string(header)?)?;
        }
        Ok(StateFile {
            path: path.to_path_buf(),
            file,
            games,
        })
    }

    /// The games already played.
    pub fn games(&self) -> &[GameRecord] {
        &self.games
    }

    /// Saves a game that has just ended.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn append(&mut self, game: &GameRecord) -> anyhow::Result<()> {
        writeln!(self.file, "{}", serde_json::to_string(&Line::of(game))?)
            .and_then(|()| self.file.flush())
            .map_err(|e| user_error(format!("cannot write {}: {e}", self.path.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_header() -> Header {
        Header {
            first: "a".into(),
            second: "b".into(),
            rows: 15,
            cols: 15,
            rule: "standard".into(),
            first_turn_ms: 100,
            second_turn_ms: 100,
            first_opening: 0,
            from_empty: false,
            opening: "none".into(),
            book: "renju".into(),
            threads: None,
            match_ms: None,
        }
    }

    fn game(number: usize, winner: Option<Side>) -> GameRecord {
        GameRecord {
            number,
            opening: Some(number / 2),
            black: if number.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            },
            winner,
            moves: vec![Point { x: 7, y: 7 }, Point { x: 8, y: 7 }],
            reason: "black made five".into(),
            scores: Vec::new(),
        }
    }

    #[test]
    fn games_saved_are_read_back_and_another_match_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.jsonl");
        let mut state = StateFile::open(&path, &sample_header()).unwrap();
        assert!(state.games().is_empty());
        state.append(&game(0, Some(Side::A))).unwrap();
        // Self-play's games carry their search scores.
        let scored = GameRecord {
            scores: vec![None, Some(-35)],
            ..game(1, None)
        };
        state.append(&scored).unwrap();
        drop(state);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(r#""scores":[null,-35]"#), "{text}");
        assert_eq!(
            text.matches("scores").count(),
            1,
            "none written where none: {text}"
        );
        let again = StateFile::open(&path, &sample_header()).unwrap();
        assert_eq!(again.games(), [game(0, Some(Side::A)), scored]);
        let mut other = sample_header();
        other.rule = "renju".into();
        let err = StateFile::open(&path, &other).err().unwrap().to_string();
        assert!(err.contains("holds another match"), "{err}");
        assert!(err.contains("rule standard, not renju"), "{err}");
    }

    #[test]
    fn a_damaged_line_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.jsonl");
        let header = serde_json::to_string(&sample_header()).unwrap();
        std::fs::write(&path, format!("{header}\n{{\"number\": 1}}\n")).unwrap();
        let err = StateFile::open(&path, &sample_header())
            .err()
            .unwrap()
            .to_string();
        assert!(err.ends_with("line 2: not a game of the match"), "{err}");
        std::fs::write(&path, "hello\n").unwrap();
        let err = StateFile::open(&path, &sample_header())
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("line 1: not the state file of a ttt match"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "hello\n");
        // The last line cut short, as a kill while saving a game leaves it.
        let cut = format!("{header}\n{{\"number\": 1, \"ope");
        std::fs::write(&path, &cut).unwrap();
        let err = StateFile::open(&path, &sample_header())
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("line 2: a game cut short") && err.contains("delete that last line"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), cut);
    }

    #[test]
    fn an_empty_file_starts_the_match() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.jsonl");
        std::fs::write(&path, "").unwrap();
        let state = StateFile::open(&path, &sample_header()).unwrap();
        assert!(state.games().is_empty());
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(saved.lines().count(), 1, "{saved}");
        assert!(read(&path).is_ok());
    }
}
