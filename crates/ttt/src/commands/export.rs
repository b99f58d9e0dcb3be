//! `ttt db export --jsonl` and `ttt db restore FILE`: a database as JSON lines, and back
//! into an empty database, on SQLite or PostgreSQL alike.
//!
//! The first line says what the file is (`{"kind":"ttt_export","version":3}`); then one
//! line a player (`{"kind":"player","name","wins","losses","ties"}`), one an account
//! (`{"kind":"account","name","created_at","disabled"}`: no password, no session) and one a
//! finished game
//! (`{"kind":"game","id","rows","cols","k","x","o","moves","result","finished_at","hints",
//! "forfeit","rule","opening","rated"}`, with `"ending"` for a game ended by a resignation,
//! a clock, an agreed draw or a claim, and `"time_control"` for one played with a clock),
//! a side being `{"human":NAME}`, `{"computer":LEVEL}` or
//! `{"engine":NAME}` and a move `[row, col]` from 0. Games in progress are not exported
//! (they live for hours at most); nothing secret is either (seat tokens belong to games in
//! progress, and an account's password and sessions stay out). A restore leaves the accounts
//! out, for want of their passwords, and says so: their names can be claimed again.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use ttt_core::{ByPlayer, Cell, Player};
use ttt_store::{EndReason, Forfeit, GameRecord, GameResult, Participant, PlayerStats};

use crate::args::DbArgs;
use crate::database;
use crate::error::{store_error, user_error};

/// The export format's name, on its first line.
const FORMAT: &str = "ttt_export";

/// The format's version: a reader refuses a newer one. Version 2 added the accounts, version
/// 3 how a game ended off the board and its clock.
const VERSION: u32 = 3;

/// One line of an export.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Line {
    TttExport { version: u32 },
    Player(PlayerLine),
    Account(AccountLine),
    Game(Box<GameLine>),
}

/// An account, without its secrets: which names had one, since when, and whether disabled.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AccountLine {
    name: String,
    /// Seconds since the Unix epoch.
    created_at: i64,
    disabled: bool,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerLine {
    name: String,
    wins: u64,
    losses: u64,
    ties: u64,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine {
    id: i64,
    rows: usize,
    cols: usize,
    k: usize,
    x: Side,
    o: Side,
    moves: Vec<[u8; 2]>,
    result: String,
    finished_at: String,
    hints: [u32; 2],
    forfeit: Option<ForfeitLine>,
    rule: String,
    opening: String,
    /// Whether it moved its players' ratings (restoring replays the rated games in order,
    /// so the ratings come back as they were). Older exports have no such field: unrated.
    #[serde(default)]
    rated: bool,
    /// How a game ended that its moves did not end (`resign`, `timeout`, `draw_agreed`,
    /// `abandoned`). Older exports have none: such games could not be exported whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ending: Option<String>,
    /// The clock it was played with (`5+3`, `30s/move`, `3 days/move`); none without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_control: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Side {
    Human(String),
    Computer(String),
    Engine(String),
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ForfeitLine {
    loser: String,
    reason: String,
}

impl From<&Participant> for Side {
    fn from(p: &Participant) -> Side {
        match p {
            Participant::Human { name } => Side::Human(name.clone()),
            Participant::Computer { level } => Side::Computer(level.clone()),
            Participant::Engine { name } => Side::Engine(name.clone()),
        }
    }
}

impl From<Side> for Participant {
    fn from(s: Side) -> Participant {
        match s {
            Side::Human(name) => Participant::Human { name },
            Side::Computer(level) => Participant::Computer { level },
            Side::Engine(name) => Participant::Engine { name },
        }
    }
}

fn side_word(p: Player) -> &'static str {
    match p {
        Player::X => "X",
        Player::O => "O",
    }
}

impl From<&GameRecord> for GameLine {
    fn from(g: &GameRecord) -> GameLine {
        GameLine {
            id: g.id,
            rows: g.rows,
            cols: g.cols,
            k: g.k,
            x: Side::from(&g.x),
            o: Side::from(&g.o),
            moves: g.moves.iter().map(|c| [c.row, c.col]).collect(),
            result: g.result.as_str().to_string(),
            finished_at: g.finished_at.clone(),
            hints: [g.hints.x, g.hints.o],
            forfeit: g.forfeit.as_ref().map(|f| ForfeitLine {
                loser: side_word(f.loser).to_string(),
                reason: f.reason.clone(),
            }),
            rule: g.rule.name().to_string(),
            opening: g.opening.name().to_string(),
            rated: g.rated,
            ending: g.ending.map(|e| e.as_str().to_string()),
            time_control: g
                .time_control
                .is_timed()
                .then(|| g.time_control.to_string()),
        }
    }
}

impl GameLine {
    /// The game, or what is wrong with the line.
    fn record(self) -> Result<GameRecord, String> {
        let result = match self.result.as_str() {
            "x_wins" => GameResult::XWins,
            "o_wins" => GameResult::OWins,
            "draw" => GameResult::Draw,
            other => {
                return Err(format!(
                    "the result {other:?} is not x_wins, o_wins or draw"
                ))
            }
        };
        let forfeit = match self.forfeit {
            None => None,
            Some(f) => Some(Forfeit {
                loser: match f.loser.as_str() {
                    "X" => Player::X,
                    "O" => Player::O,
                    other => return Err(format!("a forfeit by {other:?}, not X or O")),
                },
                reason: f.reason,
            }),
        };
        if !is_time(&self.finished_at) {
            return Err(format!(
                "finished_at {:?} is not a UTC time as 2024-05-01T18:30:00Z",
                self.finished_at
            ));
        }
        Ok(GameRecord {
            id: self.id,
            rows: self.rows,
            cols: self.cols,
            k: self.k,
            x: self.x.into(),
            o: self.o.into(),
            moves: self.moves.iter().map(|&[r, c]| Cell::new(r, c)).collect(),
            result,
            finished_at: self.finished_at,
            hints: ByPlayer {
                x: self.hints[0],
                o: self.hints[1],
            },
            forfeit,
            rule: self
                .rule
                .parse()
                .map_err(|_| format!("the rule {:?} is not one of ours", self.rule))?,
            opening: self
                .opening
                .parse()
                .map_err(|_| format!("the opening {:?} is not one of ours", self.opening))?,
            rated: self.rated,
            ending: match self.ending.as_deref() {
                None => None,
                Some(word) => Some(
                    EndReason::from_word(word)
                        .filter(|&r| r != EndReason::Aborted)
                        .ok_or_else(|| {
                            format!(
                                "the ending {word:?} is not resign, timeout, draw_agreed or \
                                 abandoned"
                            )
                        })?,
                ),
            },
            time_control: match self.time_control.as_deref() {
                None => ttt_core::TimeControl::None,
                Some(text) => text.parse().map_err(|e| format!("time_control: {e}"))?,
            },
        })
    }
}

/// Whether `text` is a time as the store writes it: `YYYY-MM-DDTHH:MM:SSZ`.
fn is_time(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 20
        && b.iter().enumerate().all(|(i, &c)| match i {
            4 | 7 => c == b'-',
            10 => c == b'T',
            13 | 16 => c == b':',
            19 => c == b'Z',
            _ => c.is_ascii_digit(),
        })
}

/// `ttt db export --jsonl`.
pub fn export(db: &DbArgs) -> anyhow::Result<()> {
    let Some(store) = database::open_existing(db)? else {
        return Err(user_error(format!(
            "there is no ttt database at {}: nothing to export",
            db.location()?
        )));
    };
    let players = store.players().map_err(store_error)?;
    let accounts = store.accounts().map_err(store_error)?;
    let mut games = store.recent_games(None, usize::MAX).map_err(store_error)?;
    games.reverse();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut line = |l: &Line| -> anyhow::Result<()> {
        serde_json::to_writer(&mut out, l)?;
        out.write_all(b"\n")?;
        Ok(())
    };
    line(&Line::TttExport { version: VERSION })?;
    for p in &players {
        line(&Line::Player(PlayerLine {
            name: p.name.clone(),
            wins: p.wins,
            losses: p.losses,
            ties: p.ties,
        }))?;
    }
    for a in &accounts {
        line(&Line::Account(AccountLine {
            name: a.name.clone(),
            created_at: a.created_at,
            disabled: a.disabled,
        }))?;
    }
    for g in &games {
        line(&Line::Game(Box::new(GameLine::from(g))))?;
    }
    out.flush()?;
    eprintln!(
        "ttt: exported {} players, {} accounts (names only) and {} games",
        players.len(),
        accounts.len(),
        games.len()
    );
    Ok(())
}

/// What an export holds, checked line by line.
struct Export {
    players: Vec<PlayerStats>,
    /// The names that had an account.
    accounts: Vec<String>,
    games: Vec<GameRecord>,
}

/// The players, accounts and games of an export, checked line by line.
fn read(file: &Path) -> anyhow::Result<Export> {
    let shown = file.display();
    let reader: Box<dyn BufRead> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(file)
            .map_err(|e| user_error(format!("cannot read {shown}: {e}")))?;
        Box::new(std::io::BufReader::new(f))
    };
    let mut players = Vec::new();
    let mut accounts = Vec::new();
    let mut games = Vec::new();
    let mut names = std::collections::HashSet::new();
    for (i, text) in reader.lines().enumerate() {
        let n = i + 1;
        let text = text.map_err(|e| user_error(format!("cannot read {shown}: {e}")))?;
        let bad = |why: String| user_error(format!("{shown}, line {n}: {why}"));
        if text.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        match line {
            Line::TttExport { version } if n == 1 => {
                if version > VERSION {
                    return Err(bad(format!(
                        "an export of version {version}, from a newer ttt (this one reads up \
                         to {VERSION}): restore it with that ttt"
                    )));
                }
            }
            _ if n == 1 => {
                return Err(bad(format!(
                    "not a ttt export: the first line should be {{\"kind\":\"{FORMAT}\",...}}, \
                     as `ttt db export --jsonl` writes"
                )))
            }
            Line::TttExport { .. } => return Err(bad("a second header".into())),
            Line::Player(p) => {
                ttt_store::check_name(&p.name).map_err(|e| bad(e.to_string()))?;
                if !names.insert(ttt_store::name_key(&p.name)) {
                    return Err(bad(format!("{:?} is a second player of that name", p.name)));
                }
                players.push(PlayerStats {
                    name: p.name,
                    wins: p.wins,
                    losses: p.losses,
                    ties: p.ties,
                });
            }
            Line::Account(a) => {
                if !names.contains(&ttt_store::name_key(&a.name)) {
                    return Err(bad(format!(
                        "the account {:?} has no player line before it",
                        a.name
                    )));
                }
                accounts.push(a.name);
            }
            Line::Game(g) => {
                let game = g.record().map_err(bad)?;
                game.check()
                    .map_err(|e| bad(format!("game {} cannot be restored: {e}", game.id)))?;
                for who in [&game.x, &game.o] {
                    if let Some(name) = who.human_name() {
                        if !names.contains(&ttt_store::name_key(name)) {
                            return Err(bad(format!(
                                "game {} names the player {name:?}, who has no player line \
                                 before it",
                                game.id
                            )));
                        }
                    }
                }
                games.push(game);
            }
        }
    }
    if names.is_empty() && games.is_empty() && players.is_empty() {
        // An empty file is not an export (the header is missing too).
        return Err(user_error(format!("{shown} is empty: not a ttt export")));
    }
    Ok(Export {
        players,
        accounts,
        games,
    })
}

/// `ttt db restore FILE`.
pub fn restore(file: &Path, db: &DbArgs) -> anyhow::Result<()> {
    let export = read(file)?;
    let (store, location) = database::open(db)?;
    store
        .restore(&export.players, &export.games)
        .map_err(|e| user_error(e.to_string()))?;
    println!(
        "Restored {} players and {} games into {location}.",
        export.players.len(),
        export.games.len()
    );
    if !export.accounts.is_empty() {
        eprintln!(
            "ttt: {} accounts were left out, for an export holds no passwords ({}): their \
             names, games and statistics are restored, and each can be claimed again with \
             `ttt accounts claim NAME`.",
            export.accounts.len(),
            export.accounts.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_the_stores_form() {
        assert!(is_time("2024-05-01T18:30:00Z"));
        assert!(!is_time("2024-05-01 18:30:00"));
        assert!(!is_time("2024-05-01T18:30:00+02:00"));
    }

    #[test]
    fn sides_round_trip() {
        for p in [
            Participant::human("Ann"),
            Participant::computer("hard"),
            Participant::engine("bot"),
        ] {
            let json = serde_json::to_string(&Side::from(&p)).unwrap();
            let back: Side = serde_json::from_str(&json).unwrap();
            assert_eq!(Participant::from(back), p);
        }
        assert_eq!(
            serde_json::to_string(&Side::from(&Participant::human("Ann"))).unwrap(),
            r#"{"human":"Ann"}"#
        );
    }
}
