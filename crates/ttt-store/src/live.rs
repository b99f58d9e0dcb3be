//! Games in progress, kept in the store move by move so that they survive a restart of the
//! server and can be served by any of several servers sharing the store.
//!
//! A game in progress is plain data ([`LiveGame`]): the board, who sits at each side, the
//! moves so far, and what the web game needs besides (an invitation to a friend, the seats'
//! secret tokens as hashes, a takeback asked for, hints used, the computer's lease on its
//! turn, the rematch). The store keeps it with a version number: a change is saved only if
//! nobody saved another one in between ([`Store::save_live_game`](crate::Store::save_live_game)),
//! so two moves made at once on two servers never fork a game. When the moves end the game,
//! the same transaction records it for the players' statistics, exactly once.

use ttt_core::{ByPlayer, Cell, Dims, Player, Position};

use crate::{Forfeit, GameResult, NewGame, Participant};

/// Who sits at one side of a game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person at this screen (or the host's), whose results are kept under this name.
    Human {
        /// The player's name.
        name: String,
    },
    /// A computer player of this level (`easy`, `medium`, `hard`, `perfect`, ...).
    Computer {
        /// Its level.
        level: String,
    },
    /// A seat kept for a friend invited by link: `None` until the friend joins with a name.
    Friend {
        /// The friend's name, once joined.
        name: Option<String>,
    },
}

impl SeatKind {
    /// The person's name, if a person sits here.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        match self {
            SeatKind::Human { name } | SeatKind::Friend { name: Some(name) } => Some(name),
            SeatKind::Computer { .. } | SeatKind::Friend { name: None } => None,
        }
    }

    /// Who played this side, as a finished game records it; `None` for a friend's seat
    /// nobody took.
    #[must_use]
    pub fn participant(&self) -> Option<Participant> {
        match self {
            SeatKind::Computer { level } => Some(Participant::computer(level.clone())),
            _ => self.name().map(Participant::human),
        }
    }
}

/// One side of a game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LiveSeat {
    /// Who sits there.
    pub kind: SeatKind,
    /// The hash of the secret token that lets a browser move for this seat, if the seat has
    /// one (never the token itself).
    pub token_hash: Option<String>,
}

/// An invitation to take a friend's seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Invite {
    /// The code in the link (`/join/{code}`).
    pub code: String,
    /// When it stops working, in seconds since the Unix epoch.
    pub expires_at: i64,
}

/// A game in progress as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LiveGame {
    /// The unguessable id clients use to reach it.
    pub id: String,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How many in a row win.
    pub k: usize,
    /// Who sits at each side; X moves first.
    pub seats: ByPlayer<LiveSeat>,
    /// Every move so far, X's first.
    pub moves: Vec<Cell>,
    /// The invitation to the friend's seat, while it is open.
    pub invite: Option<Invite>,
    /// Hints each side has asked for.
    pub hints: ByPlayer<u32>,
    /// The side that asked to take its last move back, while the other has not answered.
    pub takeback: Option<Player>,
    /// Until when (seconds since the Unix epoch) a server is thinking for the computer: a
    /// game whose computer is to move with no lease, or an expired one, needs a server to
    /// take it up.
    pub thinking_until: Option<i64>,
    /// The recorded game's id, once the game is over and counted.
    pub record_id: Option<i64>,
    /// The game the players went on to, with the marks swapped.
    pub rematch: Option<String>,
    /// The side whose program failed, which lost the game there, and how.
    pub forfeit: Option<Forfeit>,
    /// Increased by every save: a save made from an older version is refused.
    pub version: i64,
    /// When it was created, in seconds since the Unix epoch.
    pub created_at: i64,
    /// When it was last saved, in seconds since the Unix epoch.
    pub updated_at: i64,
}

impl LiveGame {
    /// A new game on an empty board, not yet stored.
    #[must_use]
    pub fn new(id: String, dims: Dims, seats: ByPlayer<LiveSeat>, now: i64) -> LiveGame {
        LiveGame {
            id,
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            seats,
            moves: Vec::new(),
            invite: None,
            hints: ByPlayer::default(),
            takeback: None,
            thinking_until: None,
            record_id: None,
            rematch: None,
            forfeit: None,
            version: 0,
            created_at: now,
            updated_at: now,
        }
    }

    /// The board's shape.
    ///
    /// # Errors
    /// When the stored dimensions are not a board (a damaged row).
    pub fn dims(&self) -> Result<Dims, String> {
        Dims::new(self.rows, self.cols, self.k).map_err(|e| e.to_string())
    }

    /// The position the moves lead to.
    ///
    /// # Errors
    /// A message saying which move is illegal, for a game that cannot have been played.
    pub fn position(&self) -> Result<Position, String> {
        let mut pos = Position::new(self.dims()?);
        for (i, &cell) in self.moves.iter().enumerate() {
            pos = pos
                .play(cell)
                .map_err(|e| format!("move {} at {cell}: {e}", i + 1))?;
        }
        Ok(pos)
    }

    /// Whether the game is over: its moves ended it, or a side forfeited.
    ///
    /// # Errors
    /// As [`LiveGame::position`].
    pub fn is_over(&self) -> Result<bool, String> {
        Ok(self.forfeit.is_some() || self.position()?.is_over())
    }

    /// The finished game as the statistics record it, once the moves have ended it (or a
    /// side forfeited) and both seats are filled (and it counts: see [`NewGame::counts`]).
    ///
    /// # Errors
    /// As [`LiveGame::position`]; and for a forfeit that does not fit the position.
    pub fn finished(&self) -> Result<Option<NewGame>, String> {
        let pos = self.position()?;
        let result = match &self.forfeit {
            Some(forfeit) => {
                forfeit.check(&pos)?;
                forfeit.result()
            }
            None => match GameResult::from_outcome(pos.outcome()) {
                Some(result) => result,
                None => return Ok(None),
            },
        };
        let (Some(x), Some(o)) = (
            self.seats.x.kind.participant(),
            self.seats.o.kind.participant(),
        ) else {
            return Ok(None);
        };
        let game = NewGame {
            rows: self.rows,
            cols: self.cols,
            k: self.k,
            x,
            o,
            moves: self.moves.clone(),
            result,
            hints: self.hints,
            forfeit: self.forfeit.clone(),
        };
        Ok(game.counts().then_some(game))
    }
}

/// Seconds since the Unix epoch, now.
#[must_use]
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(kind: SeatKind) -> LiveSeat {
        LiveSeat {
            kind,
            token_hash: None,
        }
    }

    #[test]
    fn a_finished_game_becomes_a_record_once_both_seats_are_filled() {
        let seats = ByPlayer {
            x: seat(SeatKind::Human { name: "Ann".into() }),
            o: seat(SeatKind::Friend { name: None }),
        };
        let mut game = LiveGame::new("g".into(), Dims::new(3, 3, 3).unwrap(), seats, 0);
        game.moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
            .map(|(r, c)| Cell::new(r, c))
            .to_vec();
        assert_eq!(game.finished(), Ok(None), "nobody took O's seat");
        game.seats.o.kind = SeatKind::Friend {
            name: Some("Bo".into()),
        };
        let record = game.finished().unwrap().unwrap();
        assert_eq!(record.result, GameResult::XWins);
        assert_eq!(record.o, Participant::human("Bo"));
        game.moves.pop();
        assert_eq!(game.finished(), Ok(None), "in progress");
        game.moves.push(Cell::new(1, 0));
        assert!(game.finished().unwrap_err().contains("move 5"));
    }

    #[test]
    fn a_forfeit_ends_a_game_in_progress() {
        let seats = ByPlayer {
            x: seat(SeatKind::Human { name: "Ann".into() }),
            o: seat(SeatKind::Computer {
                level: "engine:bot".into(),
            }),
        };
        let mut game = LiveGame::new("g".into(), Dims::new(3, 3, 3).unwrap(), seats, 0);
        game.moves = vec![Cell::new(1, 1)];
        assert_eq!(game.is_over(), Ok(false));
        game.forfeit = Some(Forfeit::new(Player::O, "engine bot (O) crashed: O loses"));
        assert_eq!(game.is_over(), Ok(true));
        let record = game.finished().unwrap().unwrap();
        assert_eq!(record.result, GameResult::XWins);
        assert_eq!(record.check(), Ok(()));
        game.forfeit = Some(Forfeit::new(Player::X, "X was not to move"));
        assert!(game.finished().is_err());
    }
}
