//! Finished games as the store keeps them: who played each side, the board, the moves and
//! the result.
//!
//! A game is checked by replaying it with `ttt-core` under its rule before it is stored, so
//! the database only ever holds games that could have been played (never a point renju
//! forbids X, say). Moves are kept as compact text (see
//! [`encode_moves`]) that any SQL backend can hold in a text column.

use serde::Serialize;
use ttt_core::{ByPlayer, Cell, Dims, Opening, Outcome, Player, Position, Rule, TimeControl};

use crate::{GameError, Participant};

/// How a finished game ended.
///
/// Serialised as `x_wins`, `o_wins` or `draw`, the status words of
/// [`Outcome::status`](ttt_core::Outcome::status).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// X got K in a row.
    XWins,
    /// O got K in a row.
    OWins,
    /// The board filled up with no line.
    Draw,
}

impl GameResult {
    /// The result of a game that is over, or `None` while it is in progress.
    ///
    /// ```
    /// # use ttt_core::{Outcome, Player};
    /// # use ttt_store::GameResult;
    /// assert_eq!(GameResult::from_outcome(Outcome::Win(Player::O)), Some(GameResult::OWins));
    /// assert_eq!(GameResult::from_outcome(Outcome::InProgress), None);
    /// ```
    #[must_use]
    pub const fn from_outcome(outcome: Outcome) -> Option<GameResult> {
        match outcome {
            Outcome::InProgress => None,
            Outcome::Win(Player::X) => Some(GameResult::XWins),
            Outcome::Win(Player::O) => Some(GameResult::OWins),
            Outcome::Draw => Some(GameResult::Draw),
        }
    }

    /// The same result as an [`Outcome`].
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        match self {
            GameResult::XWins => Outcome::Win(Player::X),
            GameResult::OWins => Outcome::Win(Player::O),
            GameResult::Draw => Outcome::Draw,
        }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        self.outcome().winner()
    }

    /// A win for `player`.
    #[must_use]
    pub const fn win_for(player: Player) -> GameResult {
        match player {
            Player::X => GameResult::XWins,
            Player::O => GameResult::OWins,
        }
    }

    /// The word stored in the database and used in JSON: `x_wins`, `o_wins` or `draw`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.outcome().status()
    }

    /// Reads [`as_str`](GameResult::as_str)'s words back.
    pub(crate) fn from_word(word: &str) -> Option<GameResult> {
        match word {
            "x_wins" => Some(GameResult::XWins),
            "o_wins" => Some(GameResult::OWins),
            "draw" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// How a game ended other than on the board or by a program's failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A clock ran out.
    Timeout,
    /// A player resigned.
    Resign,
    /// The players agreed a draw.
    DrawAgreed,
    /// The player to move left, and the other claimed the win.
    Abandoned,
    /// Called off before both had moved: no result, not recorded.
    Aborted,
}

impl EndReason {
    /// The word stored and used in JSON: `timeout`, `resign`, `draw_agreed`, `abandoned`,
    /// `aborted`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Timeout => "timeout",
            EndReason::Resign => "resign",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::Abandoned => "abandoned",
            EndReason::Aborted => "aborted",
        }
    }

    /// Reads [`as_str`](EndReason::as_str)'s words back.
    #[must_use]
    pub fn from_word(word: &str) -> Option<EndReason> {
        [
            EndReason::Timeout,
            EndReason::Resign,
            EndReason::DrawAgreed,
            EndReason::Abandoned,
            EndReason::Aborted,
        ]
        .into_iter()
        .find(|r| r.as_str() == word)
    }

    /// Checks a game ended this way with `result` at `end`: a game still in progress on the
    /// board, and a result the reason can give (a resignation or an abandoned game is a
    /// win, an agreed draw a draw; a timeout either).
    pub(crate) fn check(self, end: &Position, result: Option<GameResult>) -> Result<(), GameError> {
        if end.is_over() {
            return Err(GameError::EndingAfterTheEnd(end.outcome()));
        }
        let fits = match (self, result) {
            (EndReason::Aborted, None) => true,
            (EndReason::Aborted, Some(_)) | (_, None) => false,
            (EndReason::Resign | EndReason::Abandoned, Some(r)) => r != GameResult::Draw,
            (EndReason::DrawAgreed, Some(r)) => r == GameResult::Draw,
            (EndReason::Timeout, Some(_)) => true,
        };
        if fits {
            return Ok(());
        }
        Err(GameError::EndingResult {
            reason: self.as_str(),
            result: result.map_or(Outcome::InProgress, GameResult::outcome),
        })
    }
}

/// How a game in progress ended off the board: the reason, and the side that lost (none for
/// a draw or an aborted game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Ending {
    /// How it ended.
    pub reason: EndReason,
    /// The side that lost; `None` for a draw, or a game aborted.
    pub loser: Option<Player>,
}

impl Ending {
    /// The result it gives; `None` for an aborted game, which has none.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        match (self.reason, self.loser) {
            (EndReason::Aborted, _) => None,
            (_, Some(loser)) => Some(GameResult::win_for(loser.other())),
            (_, None) => Some(GameResult::Draw),
        }
    }
}

/// A game lost because the program playing one side failed: it crashed, said nothing in
/// its time, or answered a move that is not one. The other side wins, on a board that shows
/// no line; the statistics count it as any win.
///
/// Serialised as `{"loser": "O", "reason": "engine ./bot.py (O) answered 3,9, ..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Forfeit {
    /// The side whose program failed: it was to move, and it loses.
    pub loser: Player,
    /// What the program did, in one line (at most [`MAX_REASON_CHARS`] characters).
    pub reason: String,
}

/// The longest reason a [`Forfeit`] keeps.
pub const MAX_REASON_CHARS: usize = 500;

impl Forfeit {
    /// The forfeit of `loser` for `reason`, cut to [`MAX_REASON_CHARS`] characters.
    #[must_use]
    pub fn new(loser: Player, reason: &str) -> Forfeit {
        let reason = reason.trim();
        let reason = match reason.char_indices().nth(MAX_REASON_CHARS) {
            Some((end, _)) => reason[..end].to_string(),
            None => reason.to_string(),
        };
        Forfeit { loser, reason }
    }

    /// The result it gives: a win for the other side.
    #[must_use]
    pub fn result(&self) -> GameResult {
        GameResult::win_for(self.loser.other())
    }

    /// Checks it against the position where it happened: a game in progress, with the
    /// loser to move, and a reason.
    pub(crate) fn check(&self, end: &Position) -> Result<(), GameError> {
        if end.is_over() {
            return Err(GameError::ForfeitAfterTheEnd(end.outcome()));
        }
        if end.turn() != self.loser {
            return Err(GameError::ForfeitOutOfTurn(self.loser));
        }
        let chars = self.reason.chars().count();
        if chars == 0 || chars > MAX_REASON_CHARS || self.reason.contains(['\n', '\r']) {
            return Err(GameError::ForfeitReason {
                max: MAX_REASON_CHARS,
            });
        }
        Ok(())
    }
}

/// A finished game, ready to be recorded with [`Store::record_game`](crate::Store::record_game).
///
/// ```
/// # use ttt_core::{Cell, Opening, Rule, TimeControl};
/// # use ttt_store::{GameResult, NewGame, Participant};
/// // X X X      X (Ann) takes the top row.
/// // O O .
/// // . . .
/// let game = NewGame {
///     rows: 3, cols: 3, k: 3,
///     x: Participant::human("Ann"),
///     o: Participant::computer("easy"),
///     moves: vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1), Cell::new(1, 1), Cell::new(0, 2)],
///     result: GameResult::XWins,
///     hints: Default::default(),
///     forfeit: None,
///     rule: Rule::Freestyle,
///     opening: Opening::None,
///     rated: false,
///     ending: None,
///     time_control: TimeControl::None,
/// };
/// assert!(game.check().is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NewGame {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How many in a row won.
    pub k: usize,
    /// Who played X (who moved first).
    pub x: Participant,
    /// Who played O.
    pub o: Participant,
    /// Every move in the order played, X's first.
    pub moves: Vec<Cell>,
    /// How it ended; must be what the moves lead to, or with a forfeit the forfeit's
    /// result.
    pub result: GameResult,
    /// Hints each side asked for during the game.
    pub hints: ByPlayer<u32>,
    /// The side whose program failed, and how: the moves stop where it was to move.
    pub forfeit: Option<Forfeit>,
    /// What wins, and what X may not play: the moves are replayed under it.
    pub rule: Rule,
    /// How the players settled who plays X: its stones are the first moves.
    pub opening: Opening,
    /// Whether it moves its sides' ratings (on a board that has ratings: see
    /// [`crate::rating_board`]).
    pub rated: bool,
    /// How it ended, where not on the board (a resignation, a timeout, ...): the moves stop
    /// where it happened, and `result` says who won.
    pub ending: Option<EndReason>,
    /// The clock it was played with.
    pub time_control: TimeControl,
}

/// The fewest in a row a game must ask for to count in the players' statistics: with fewer,
/// whoever moves first wins at once (or cannot lose), and the game proves nothing. Such
/// games are not recorded, and create no player.
pub const MIN_K_THAT_COUNTS: usize = 3;

impl NewGame {
    /// Whether the game counts in the players' statistics (and is recorded): K is at least
    /// [`MIN_K_THAT_COUNTS`].
    #[must_use]
    pub fn counts(&self) -> bool {
        self.k >= MIN_K_THAT_COUNTS
    }

    /// Checks that the game could have been played: a valid board, human names that are not
    /// empty, and moves that are legal one after the other and end the game with `result`
    /// (not earlier, not later), or, with a forfeit, stop with the forfeiting side to move
    /// and the other side as the winner. Only games played to the end are recorded.
    ///
    /// # Errors
    /// The [`GameError`] that says what is wrong;
    /// [`Store::record_game`](crate::Store::record_game) returns it as
    /// [`StoreError::InvalidGame`](crate::StoreError::InvalidGame).
    pub fn check(&self) -> Result<(), GameError> {
        for (side, who) in [(Player::X, &self.x), (Player::O, &self.o)] {
            if who.human_name() == Some("") {
                return Err(GameError::EmptyName { side });
            }
        }
        if !self.counts() {
            return Err(GameError::DoesNotCount {
                min: MIN_K_THAT_COUNTS,
            });
        }
        let end = replay(
            Dims::new(self.rows, self.cols, self.k)?,
            self.rule,
            &self.moves,
        )?;
        if let Some(reason) = self.ending {
            return reason.check(&end, Some(self.result));
        }
        if let Some(forfeit) = &self.forfeit {
            forfeit.check(&end)?;
            if self.result != forfeit.result() {
                return Err(GameError::ForfeitResult {
                    loser: forfeit.loser,
                    result: self.result.outcome(),
                });
            }
            return Ok(());
        }
        if end.outcome() != self.result.outcome() {
            return Err(GameError::WrongResult {
                moves_end: end.outcome(),
                result: self.result.outcome(),
            });
        }
        Ok(())
    }
}

/// A game as stored, with its id and the time it was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct GameRecord {
    /// The store's id of the game; later games have larger ids.
    pub id: i64,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How many in a row won.
    pub k: usize,
    /// Who played X (who moved first).
    pub x: Participant,
    /// Who played O.
    pub o: Participant,
    /// Every move in the order played, X's first (0-based cells).
    pub moves: Vec<Cell>,
    /// How it ended.
    pub result: GameResult,
    /// When it was recorded: UTC, RFC 3339, to the second (`2024-05-01T18:30:00Z`).
    pub finished_at: String,
    /// Hints each side asked for during the game.
    pub hints: ByPlayer<u32>,
    /// The side whose program failed, and how; `null` for a game played to its end.
    pub forfeit: Option<Forfeit>,
    /// What won, and what X could not play: `freestyle`, `standard`, `renju` or `caro`.
    pub rule: Rule,
    /// How the players settled who played X: `none`, `swap` or `swap2`.
    pub opening: Opening,
    /// Whether it moved its sides' ratings.
    pub rated: bool,
    /// How it ended, where not on the board: `timeout`, `resign`, `draw_agreed` or
    /// `abandoned`; `null` otherwise.
    pub ending: Option<EndReason>,
    /// The clock it was played with, as `5+3`, `30s/move` or `3 days/move`; `null` for none.
    #[serde(serialize_with = "time_control_text")]
    pub time_control: TimeControl,
}

/// A time control in JSON: its text, or null for none.
fn time_control_text<S: serde::Serializer>(t: &TimeControl, s: S) -> Result<S::Ok, S::Error> {
    if t.is_timed() {
        s.collect_str(t)
    } else {
        s.serialize_none()
    }
}

impl GameRecord {
    /// Whether the game could have been played as recorded, as a new game is checked
    /// before it is stored ([`NewGame::check`]): what a restore asks of each game.
    ///
    /// # Errors
    /// What is wrong with it.
    pub fn check(&self) -> Result<(), GameError> {
        self.as_new().check()
    }

    /// The game as it was when it was stored.
    pub(crate) fn as_new(&self) -> NewGame {
        NewGame {
            rows: self.rows,
            cols: self.cols,
            k: self.k,
            x: self.x.clone(),
            o: self.o.clone(),
            moves: self.moves.clone(),
            result: self.result,
            hints: self.hints,
            forfeit: self.forfeit.clone(),
            rule: self.rule,
            opening: self.opening,
            rated: self.rated,
            ending: self.ending,
            time_control: self.time_control,
        }
    }

    /// The board's shape.
    ///
    /// # Errors
    /// Never for a record the store returned: games are checked before they are stored.
    pub fn dims(&self) -> Result<Dims, ttt_core::DimsError> {
        Dims::new(self.rows, self.cols, self.k)
    }

    /// The participant on one side.
    #[must_use]
    pub fn side(&self, player: Player) -> &Participant {
        match player {
            Player::X => &self.x,
            Player::O => &self.o,
        }
    }
}

/// Plays `moves` from the empty board of `dims` under `rule`, refusing illegal moves (a
/// point the rule forbids among them) and moves after the end.
pub(crate) fn replay(dims: Dims, rule: Rule, moves: &[Cell]) -> Result<Position, GameError> {
    let mut pos = Position::with_rule(dims, rule)?;
    for (i, &cell) in moves.iter().enumerate() {
        pos = pos.play(cell).map_err(|error| GameError::IllegalMove {
            number: i + 1,
            cell,
            error,
        })?;
    }
    Ok(pos)
}

/// Moves as stored: 0-based `row,col` pairs joined by `;`, e.g. `1,1;0,0;2,2`; no moves is
/// the empty string. Compact, readable in an SQL shell, and independent of any backend.
pub(crate) fn encode_moves(moves: &[Cell]) -> String {
    let pairs: Vec<String> = moves
        .iter()
        .map(|c| format!("{},{}", c.row, c.col))
        .collect();
    pairs.join(";")
}

/// Reads [`encode_moves`]'s text back; `None` if it is not in that form.
pub(crate) fn decode_moves(text: &str) -> Option<Vec<Cell>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(';')
        .map(|pair| {
            let (row, col) = pair.split_once(',')?;
            Some(Cell::new(row.parse().ok()?, col.parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(row: u8, col: u8) -> Cell {
        Cell::new(row, col)
    }

    fn game(moves: Vec<Cell>, result: GameResult) -> NewGame {
        NewGame {
            rows: 3,
            cols: 3,
            k: 3,
            x: Participant::human("Ann"),
            o: Participant::computer("easy"),
            moves,
            result,
            hints: ByPlayer::default(),
            forfeit: None,
            rule: Rule::Freestyle,
            opening: Opening::None,
            rated: false,
            ending: None,
            time_control: ttt_core::TimeControl::None,
        }
    }

    #[test]
    fn moves_round_trip_through_text() {
        let moves = vec![c(1, 1), c(0, 0), c(23, 5)];
        let text = encode_moves(&moves);
        assert_eq!(text, "1,1;0,0;23,5");
        assert_eq!(decode_moves(&text), Some(moves));
        assert_eq!(encode_moves(&[]), "");
        assert_eq!(decode_moves(""), Some(vec![]));
    }

    #[test]
    fn malformed_move_text_is_refused() {
        for bad in [
            "1", "1,", ",1", "a,b", "1,1;", ";", "1;1", "1,1,1", "-1,0", "300,0", " 1,1",
        ] {
            assert_eq!(decode_moves(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn result_words_round_trip() {
        for r in [GameResult::XWins, GameResult::OWins, GameResult::Draw] {
            assert_eq!(GameResult::from_word(r.as_str()), Some(r));
            assert_eq!(GameResult::from_outcome(r.outcome()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), r.as_str());
        }
        assert_eq!(GameResult::from_word("X"), None);
        assert_eq!(GameResult::Draw.winner(), None);
        assert_eq!(GameResult::OWins.winner(), Some(Player::O));
    }

    #[test]
    fn a_complete_game_checks() {
        // X O X
        // X O O
        // O X X   a draw
        let draw = vec![
            c(0, 0),
            c(0, 1),
            c(0, 2),
            c(1, 1),
            c(1, 0),
            c(1, 2),
            c(2, 1),
            c(2, 0),
            c(2, 2),
        ];
        assert_eq!(game(draw, GameResult::Draw).check(), Ok(()));
    }

    #[test]
    fn impossible_games_are_refused_with_a_reason() {
        let win = vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)];
        let wrong_result = game(win.clone(), GameResult::OWins).check().unwrap_err();
        assert_eq!(
            wrong_result,
            GameError::WrongResult {
                moves_end: Outcome::Win(Player::X),
                result: Outcome::Win(Player::O)
            }
        );

        let unfinished = game(win[..4].to_vec(), GameResult::XWins)
            .check()
            .unwrap_err();
        assert!(
            unfinished.to_string().contains("in_progress"),
            "{unfinished}"
        );

        let mut after_end = win.clone();
        after_end.push(c(2, 2));
        assert!(game(after_end, GameResult::XWins).check().is_err());

        let twice = game(vec![c(0, 0), c(0, 0)], GameResult::XWins)
            .check()
            .unwrap_err();
        assert!(
            matches!(twice, GameError::IllegalMove { number: 2, .. }),
            "{twice}"
        );

        assert!(game(vec![c(3, 0)], GameResult::XWins).check().is_err());

        let mut bad_board = game(win.clone(), GameResult::XWins);
        bad_board.k = 4;
        assert!(matches!(bad_board.check(), Err(GameError::Board(_))));

        let mut nameless = game(win, GameResult::XWins);
        nameless.o = Participant::human("");
        assert_eq!(
            nameless.check(),
            Err(GameError::EmptyName { side: Player::O })
        );
    }

    /// X's stones of a double-three at (7, 7) on the gomoku board, O's far away; X's fifth
    /// stone makes it.
    fn double_three() -> Vec<Cell> {
        [
            (7, 5),
            (0, 0),
            (7, 6),
            (0, 14),
            (5, 7),
            (14, 0),
            (6, 7),
            (14, 14),
            (7, 7),
        ]
        .map(|(r, col)| c(r, col))
        .to_vec()
    }

    fn gomoku(rule: Rule, moves: Vec<Cell>, result: GameResult) -> NewGame {
        NewGame {
            rows: 15,
            cols: 15,
            k: 5,
            rule,
            ..game(moves, result)
        }
    }

    #[test]
    fn games_are_replayed_under_their_rule() {
        let err = gomoku(Rule::Renju, double_three(), GameResult::XWins)
            .check()
            .unwrap_err();
        assert!(
            matches!(
                err,
                GameError::IllegalMove {
                    number: 9,
                    error: ttt_core::PlayError::Forbidden {
                        why: ttt_core::Forbidden::DoubleThree,
                        ..
                    },
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string().contains("double-three at row 8, column 8"),
            "{err}"
        );
        // Free-style allows it: the game is only unfinished.
        let free = gomoku(Rule::Freestyle, double_three(), GameResult::XWins).check();
        assert!(
            matches!(free, Err(GameError::WrongResult { .. })),
            "{free:?}"
        );

        let mut four = gomoku(Rule::Renju, vec![c(7, 7)], GameResult::XWins);
        four.k = 4;
        assert!(matches!(four.check(), Err(GameError::Rule(_))));

        // X X X . X X      X's sixth stone in the gap makes six: a win in free-style,
        // O O O . O .      none under standard.
        // O . . . . .
        let six: Vec<Cell> = [
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (0, 2),
            (1, 2),
            (0, 4),
            (1, 4),
        ]
        .into_iter()
        .chain([(0, 5), (2, 0), (0, 3)])
        .map(|(r, col)| c(r, col))
        .collect();
        let line = |rule| NewGame {
            rows: 3,
            cols: 6,
            k: 5,
            rule,
            ..game(six.clone(), GameResult::XWins)
        };
        assert_eq!(line(Rule::Freestyle).check(), Ok(()));
        assert!(matches!(
            line(Rule::Standard).check(),
            Err(GameError::WrongResult {
                moves_end: Outcome::InProgress,
                ..
            })
        ));
    }

    #[test]
    fn a_forfeit_is_a_win_for_the_other_side_in_a_game_in_progress() {
        // X . .
        // . O .    X to move; X's program failed.
        // . . .
        let moves = vec![c(0, 0), c(1, 1)];
        let mut lost = game(moves.clone(), GameResult::OWins);
        lost.forfeit = Some(Forfeit::new(Player::X, "engine bot (X) crashed: X loses"));
        assert_eq!(lost.check(), Ok(()));
        assert_eq!(lost.forfeit.as_ref().unwrap().result(), GameResult::OWins);

        let mut wrong_side = lost.clone();
        wrong_side.forfeit = Some(Forfeit::new(Player::O, "crashed"));
        wrong_side.result = GameResult::XWins;
        assert_eq!(
            wrong_side.check(),
            Err(GameError::ForfeitOutOfTurn(Player::O))
        );

        let mut wrong_result = lost.clone();
        wrong_result.result = GameResult::XWins;
        assert!(wrong_result
            .check()
            .unwrap_err()
            .to_string()
            .contains("forfeited"));

        let mut no_reason = lost.clone();
        no_reason.forfeit = Some(Forfeit::new(Player::X, "  "));
        assert_eq!(
            no_reason.check(),
            Err(GameError::ForfeitReason {
                max: MAX_REASON_CHARS
            })
        );

        let win = vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)];
        let mut after_the_end = game(win, GameResult::XWins);
        after_the_end.forfeit = Some(Forfeit::new(Player::O, "crashed"));
        assert!(matches!(
            after_the_end.check(),
            Err(GameError::ForfeitAfterTheEnd(_))
        ));

        let long = Forfeit::new(Player::X, &"é".repeat(MAX_REASON_CHARS + 9));
        assert_eq!(long.reason.chars().count(), MAX_REASON_CHARS);
        assert_eq!(
            serde_json::to_value(Forfeit::new(Player::O, "hung")).unwrap(),
            serde_json::json!({"loser": "O", "reason": "hung"})
        );
    }
}
