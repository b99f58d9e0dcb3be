//! Rows as a database returns them, before their columns are interpreted: every backend
//! reads into these, and they turn into the store's types (or a [`StoreError::Corrupt`]
//! naming what was wrong) the same way for all.

use std::path::Path;

use ttt_core::{ByPlayer, Cell, Player};

use crate::game::decode_moves;
use crate::{
    Forfeit, GameRecord, GameResult, Invite, LiveGame, LiveSeat, Participant, SeatKind, StoreError,
};

/// A forfeit as its two columns: the side, and the reason.
pub(crate) type ForfeitColumns = (Option<String>, Option<String>);

/// A forfeit's columns as stored.
pub(crate) fn forfeit_columns(forfeit: Option<&Forfeit>) -> ForfeitColumns {
    (
        forfeit.map(|f| f.loser.to_string()),
        forfeit.map(|f| f.reason.clone()),
    )
}

/// Reads [`forfeit_columns`] back: `Err` with what is wrong.
fn forfeit_of(columns: ForfeitColumns) -> Result<Option<Forfeit>, String> {
    match columns {
        (None, None) => Ok(None),
        (Some(side), Some(reason)) => {
            let loser = match side.as_str() {
                "X" => Player::X,
                "O" => Player::O,
                _ => return Err(format!("a forfeit by {side:?}")),
            };
            Ok(Some(Forfeit { loser, reason }))
        }
        _ => Err("half a forfeit (a side without a reason, or a reason without a side)".into()),
    }
}

/// A seat as its four columns: kind, name, level, token.
pub(crate) type SeatColumns = (String, Option<String>, Option<String>, Option<String>);

/// A `games` row as a database returns it, before its text columns are interpreted.
pub(crate) struct RawGame {
    pub(crate) id: i64,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) k: usize,
    pub(crate) x: (Option<String>, Option<String>),
    pub(crate) o: (Option<String>, Option<String>),
    pub(crate) moves: String,
    pub(crate) result: String,
    pub(crate) finished_at: String,
    pub(crate) hints: ByPlayer<u32>,
    pub(crate) forfeit: ForfeitColumns,
}

impl RawGame {
    pub(crate) fn into_record(self, path: &Path) -> Result<GameRecord, StoreError> {
        let id = self.id;
        let corrupt = |what: String| StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("game {id} has {what}"),
        };
        let participant = |side: &str, cols: (Option<String>, Option<String>)| match cols {
            (Some(name), None) => Ok(Participant::Human { name }),
            (None, Some(level)) => Ok(Participant::Computer { level }),
            _ => Err(corrupt(format!("no single player for {side}"))),
        };
        Ok(GameRecord {
            id,
            rows: self.rows,
            cols: self.cols,
            k: self.k,
            x: participant("X", self.x)?,
            o: participant("O", self.o)?,
            moves: decode_moves(&self.moves)
                .ok_or_else(|| corrupt(format!("unreadable moves {:?}", self.moves)))?,
            result: GameResult::from_word(&self.result)
                .ok_or_else(|| corrupt(format!("an unknown result {:?}", self.result)))?,
            finished_at: self.finished_at,
            hints: self.hints,
            forfeit: forfeit_of(self.forfeit).map_err(corrupt)?,
        })
    }
}

/// A `live_games` row as a database returns it, before its text columns are interpreted.
pub(crate) struct RawLiveGame {
    pub(crate) id: String,
    pub(crate) dims: (usize, usize, usize),
    pub(crate) x: SeatColumns,
    pub(crate) o: SeatColumns,
    pub(crate) invite: (Option<String>, Option<i64>),
    pub(crate) hints: ByPlayer<u32>,
    pub(crate) takeback: Option<String>,
    pub(crate) thinking_until: Option<i64>,
    pub(crate) record_id: Option<i64>,
    pub(crate) rematch: Option<String>,
    pub(crate) forfeit: ForfeitColumns,
    pub(crate) version: i64,
    pub(crate) created_at: i64,
    pub(crate) updated_at: i64,
}

impl RawLiveGame {
    /// The game, with its `moves` (read separately).
    pub(crate) fn into_game(self, moves: Vec<Cell>, path: &Path) -> Result<LiveGame, StoreError> {
        let id = self.id.clone();
        let corrupt = |what: String| StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("game in progress {id} has {what}"),
        };
        let seat = |side: &str, (kind, name, level, token): SeatColumns| {
            let kind = match (kind.as_str(), name, level) {
                ("human", Some(name), None) => SeatKind::Human { name },
                ("computer", None, Some(level)) => SeatKind::Computer { level },
                ("friend", name, None) => SeatKind::Friend { name },
                _ => return Err(corrupt(format!("an unreadable seat for {side}"))),
            };
            Ok(LiveSeat {
                kind,
                token_hash: token,
            })
        };
        let invite = match self.invite {
            (Some(code), Some(expires_at)) => Some(Invite { code, expires_at }),
            (None, _) => None,
            (Some(_), None) => return Err(corrupt("an invitation with no expiry".into())),
        };
        let takeback = match self.takeback.as_deref() {
            None => None,
            Some("X") => Some(Player::X),
            Some("O") => Some(Player::O),
            Some(other) => return Err(corrupt(format!("a takeback by {other:?}"))),
        };
        let game = LiveGame {
            id: self.id,
            rows: self.dims.0,
            cols: self.dims.1,
            k: self.dims.2,
            seats: ByPlayer {
                x: seat("X", self.x)?,
                o: seat("O", self.o)?,
            },
            moves,
            invite,
            hints: self.hints,
            takeback,
            thinking_until: self.thinking_until,
            record_id: self.record_id,
            rematch: self.rematch,
            forfeit: forfeit_of(self.forfeit).map_err(corrupt)?,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
        };
        game.finished().map_err(corrupt)?;
        Ok(game)
    }
}
