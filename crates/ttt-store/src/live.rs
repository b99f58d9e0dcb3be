//! Games in progress, kept in the store move by move so that they survive a restart of the
//! server and can be served by any of several servers sharing the store.
//!
//! A game in progress is plain data ([`LiveGame`]): the board, its rule and opening rule,
//! who sits at each side, the moves so far (the opening's stones first) with the opening's
//! choices, and what the web game needs besides (an invitation to a friend, the seats'
//! secret tokens as hashes, a takeback asked for, hints used, the computer's lease on its
//! turn, the rematch). The store keeps it with a version number: a change is saved only if
//! nobody saved another one in between ([`Store::save_live_game`](crate::Store::save_live_game)),
//! so two moves made at once on two servers never fork a game. When the moves end the game,
//! the same transaction records it for the players' statistics, exactly once.

use ttt_core::{
    ByPlayer, Cell, Choice, Clock, Dims, Opening, OpeningPhase, Player, Position, Rule, TimeControl,
};

use crate::game::replay;
use crate::{Ending, Forfeit, GameError, GameResult, NewGame, Participant};

/// One side of a game in progress: who sits there, and what the web game needs besides.
///
/// A seat kept for a friend invited by link has no player until the friend joins with a
/// name; then the friend is a human like any other, and the seat remembers it was theirs.
///
/// ```
/// # use ttt_store::{LiveSeat, Participant};
/// let mut seat = LiveSeat::for_friend();
/// assert!(seat.is_open());
/// seat.player = Some(Participant::human("Bo"));
/// assert_eq!(seat.name(), Some("Bo"));
/// assert!(seat.friend && !seat.is_open());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LiveSeat {
    /// Who sits there: `None` while a friend's seat waits for the friend. A friend who has
    /// joined is a [`Participant::Human`].
    pub player: Option<Participant>,
    /// Whether the seat was kept for a friend invited by link.
    pub friend: bool,
    /// The hash of the secret token that lets a browser move for this seat, if the seat has
    /// one (never the token itself).
    pub token_hash: Option<String>,
}

impl LiveSeat {
    /// The seat of `player`, with no token.
    #[must_use]
    pub fn new(player: Participant) -> LiveSeat {
        LiveSeat {
            player: Some(player),
            friend: false,
            token_hash: None,
        }
    }

    /// A seat kept for a friend, empty, with no token.
    #[must_use]
    pub fn for_friend() -> LiveSeat {
        LiveSeat {
            player: None,
            friend: true,
            token_hash: None,
        }
    }

    /// The person's name, if a person sits here.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.player.as_ref().and_then(Participant::human_name)
    }

    /// Whether it is a friend's seat nobody has taken yet.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.player.is_none()
    }
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
    /// What wins, and what X may not play; fixed when the game is created.
    pub rule: Rule,
    /// How the two people settle who plays X; fixed when the game is created.
    pub opening: Opening,
    /// Who sits at each side; X moves first. While an opening goes on, colours are not
    /// settled: the store keeps the seats as its caller put them (the server: the first
    /// person at X), and the caller swaps them if the opening gives X to the other.
    pub seats: ByPlayer<LiveSeat>,
    /// Every move so far, X's first: the opening's stones, then the game's moves.
    pub moves: Vec<Cell>,
    /// The opening's choices so far, in order (see [`Opening::phase`]).
    pub opening_choices: Vec<Choice>,
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
    /// Whether its result moves the sides' ratings.
    pub rated: bool,
    /// How it ended off the board (a clock run out, a resignation, ...): set, it is over.
    pub ending: Option<Ending>,
    /// The side offering a draw, until the other answers or a move is made.
    pub draw_offer: Option<Player>,
    /// The players' clocks (untimed: [`TimeControl::None`]).
    pub clock: Clock,
    /// When each side last had the game's page open, in milliseconds since the Unix epoch
    /// (0: never since the game began).
    pub seen: ByPlayer<i64>,
}

impl LiveGame {
    /// A new game on an empty board, free-style and with no opening, not yet stored; set
    /// [`rule`](LiveGame::rule) and [`opening`](LiveGame::opening) for another game.
    #[must_use]
    pub fn new(id: String, dims: Dims, seats: ByPlayer<LiveSeat>, now: i64) -> LiveGame {
        LiveGame {
            id,
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            rule: Rule::Freestyle,
            opening: Opening::None,
            seats,
            moves: Vec::new(),
            opening_choices: Vec::new(),
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
            rated: false,
            ending: None,
            draw_offer: None,
            clock: Clock::new(TimeControl::None),
            seen: ByPlayer::default(),
        }
    }

    /// The board's shape.
    ///
    /// # Errors
    /// When the stored dimensions are not a board (a damaged row).
    pub fn dims(&self) -> Result<Dims, GameError> {
        Ok(Dims::new(self.rows, self.cols, self.k)?)
    }

    /// Whether it is between a host and a friend invited by link, each on their own device.
    #[must_use]
    pub fn is_between_friends(&self) -> bool {
        self.seats.x.friend || self.seats.o.friend
    }

    /// The position the moves lead to, under the game's rule.
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] saying which move is illegal, for a game that cannot have
    /// been played; [`GameError::Opening`] for opening choices that do not fit the stones
    /// (or [`GameError::Board`] or [`GameError::Rule`] for a damaged board).
    pub fn position(&self) -> Result<Position, GameError> {
        check_opening(self.opening, self.moves.len(), &self.opening_choices)?;
        replay(self.dims()?, self.rule, &self.moves)
    }

    /// Where the opening stands (who acts, and what they may do), or `None` once the colours
    /// are settled (at once without an opening).
    #[must_use]
    pub fn opening_phase(&self) -> Option<OpeningPhase> {
        self.opening.phase(self.moves.len(), &self.opening_choices)
    }

    /// Whether it ended off the board: a side forfeited, or it ended some other way (a clock
    /// run out, a resignation, ...).
    #[must_use]
    pub fn ended_off_board(&self) -> bool {
        self.forfeit.is_some() || self.ending.is_some()
    }

    /// Whether the game is over: its moves ended it, or a side forfeited.
    ///
    /// # Errors
    /// As [`LiveGame::position`].
    pub fn is_over(&self) -> Result<bool, GameError> {
        Ok(self.forfeit.is_some() || self.ending.is_some() || self.position()?.is_over())
    }

    /// The finished game as the statistics record it, once the moves have ended it (or a
    /// side forfeited) and both seats are filled (and it counts: see [`NewGame::counts`]).
    ///
    /// # Errors
    /// As [`LiveGame::position`]; and for a forfeit that does not fit the position.
    pub fn finished(&self) -> Result<Option<NewGame>, GameError> {
        let pos = self.position()?;
        let result = match (&self.ending, &self.forfeit) {
            (Some(ending), _) => {
                ending.reason.check(&pos, ending.result())?;
                match ending.result() {
                    Some(result) => result,
                    None => return Ok(None),
                }
            }
            (None, Some(forfeit)) => {
                forfeit.check(&pos)?;
                forfeit.result()
            }
            (None, None) => match GameResult::from_outcome(pos.outcome()) {
                Some(result) => result,
                None => return Ok(None),
            },
        };
        let (Some(x), Some(o)) = (self.seats.x.player.clone(), self.seats.o.player.clone()) else {
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
            rule: self.rule,
            opening: self.opening,
            rated: self.rated,
            ending: self.ending.map(|e| e.reason),
            time_control: self.clock.control(),
        };
        Ok(game.counts().then_some(game))
    }
}

/// Checks that `choices` could have been made, in order, with `stones` on the board: each
/// when the opening offered it, with its stones all placed, and no stone placed while a
/// choice was due.
fn check_opening(opening: Opening, stones: usize, choices: &[Choice]) -> Result<(), GameError> {
    // The phase before choice `i`, if it was a time to choose.
    let choosing = |i: usize| {
        opening
            .phase(stones, &choices[..i])
            .filter(|phase| phase.stones_to_place == 0)
    };
    let made_in_turn = choices.iter().enumerate().all(|(i, &choice)| {
        choosing(i).is_some_and(|phase| {
            opening
                .check(stones, &choices[..i], phase.actor, choice)
                .is_ok()
        })
    });
    // A choice due now must have been due since the last stone went down, not before it.
    let placed_past_a_choice = stones > 0
        && choosing(choices.len()).is_some()
        && opening
            .phase(stones - 1, choices)
            .is_some_and(|phase| phase.stones_to_place == 0);
    if made_in_turn && !placed_past_a_choice {
        return Ok(());
    }
    Err(GameError::Opening {
        opening,
        choices: encode_choices(choices),
        stones,
    })
}

/// The word a choice is stored as: `take_x`, `take_o` or `place_two`, as in JSON.
fn choice_word(choice: Choice) -> &'static str {
    match choice {
        Choice::TakeX => "take_x",
        Choice::TakeO => "take_o",
        Choice::PlaceTwo => "place_two",
    }
}

/// The choice a [`choice_word`] names, if it names one.
fn choice_from_word(word: &str) -> Option<Choice> {
    [Choice::TakeX, Choice::TakeO, Choice::PlaceTwo]
        .into_iter()
        .find(|&c| choice_word(c) == word)
}

/// Choices as stored: their words joined by commas (`place_two,take_o`); none is the empty
/// string.
pub(crate) fn encode_choices(choices: &[Choice]) -> String {
    let words: Vec<&str> = choices.iter().map(|&c| choice_word(c)).collect();
    words.join(",")
}

/// Reads [`encode_choices`]'s text back; `None` if it is not in that form.
pub(crate) fn decode_choices(text: &str) -> Option<Vec<Choice>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(choice_from_word).collect()
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

    /// A new game on the 3 x 3 board.
    fn game(x: LiveSeat, o: LiveSeat) -> LiveGame {
        LiveGame::new(
            "g".into(),
            Dims::new(3, 3, 3).unwrap(),
            ByPlayer { x, o },
            0,
        )
    }

    #[test]
    fn a_finished_game_becomes_a_record_once_both_seats_are_filled() {
        let mut game = game(
            LiveSeat::new(Participant::human("Ann")),
            LiveSeat::for_friend(),
        );
        game.moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
            .map(|(r, c)| Cell::new(r, c))
            .to_vec();
        assert_eq!(game.finished(), Ok(None), "nobody took O's seat");
        game.seats.o.player = Some(Participant::human("Bo"));
        let record = game.finished().unwrap().unwrap();
        assert_eq!(record.result, GameResult::XWins);
        assert_eq!(record.o, Participant::human("Bo"));
        game.moves.pop();
        assert_eq!(game.finished(), Ok(None), "in progress");
        game.moves.push(Cell::new(1, 0));
        assert!(matches!(
            game.finished(),
            Err(GameError::IllegalMove { number: 5, .. })
        ));
    }

    #[test]
    fn a_forfeit_ends_a_game_in_progress() {
        let mut game = game(
            LiveSeat::new(Participant::human("Ann")),
            LiveSeat::new(Participant::engine("bot")),
        );
        game.moves = vec![Cell::new(1, 1)];
        assert_eq!(game.is_over(), Ok(false));
        game.forfeit = Some(Forfeit::new(Player::O, "engine bot (O) crashed: O loses"));
        assert_eq!(game.is_over(), Ok(true));
        let record = game.finished().unwrap().unwrap();
        assert_eq!(record.result, GameResult::XWins);
        assert_eq!(record.o, Participant::engine("bot"));
        assert_eq!(record.check(), Ok(()));
        game.forfeit = Some(Forfeit::new(Player::X, "X was not to move"));
        assert_eq!(game.finished(), Err(GameError::ForfeitOutOfTurn(Player::X)));
    }

    #[test]
    fn opening_choices_round_trip_through_text() {
        let choices = vec![Choice::PlaceTwo, Choice::TakeO];
        assert_eq!(encode_choices(&choices), "place_two,take_o");
        assert_eq!(decode_choices("place_two,take_o"), Some(choices));
        assert_eq!(encode_choices(&[]), "");
        assert_eq!(decode_choices(""), Some(vec![]));
        for bad in ["take_z", "take_x,", ",take_x", "TAKE_X", "take_x;take_o"] {
            assert_eq!(decode_choices(bad), None, "{bad:?}");
        }
        for choice in [Choice::TakeX, Choice::TakeO, Choice::PlaceTwo] {
            assert_eq!(
                serde_json::to_value(choice).unwrap(),
                choice_word(choice),
                "stored as in JSON"
            );
        }
    }

    #[test]
    fn a_damaged_board_is_a_typed_error() {
        let mut game = game(
            LiveSeat::new(Participant::human("Ann")),
            LiveSeat::new(Participant::computer("easy")),
        );
        game.k = 9;
        let err = game.position().unwrap_err();
        assert!(matches!(err, GameError::Board(_)), "{err}");
        assert!(err.to_string().contains("K = 9"), "{err}");
    }
}
