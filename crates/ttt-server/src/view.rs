//! A game as the API shows it: to players and spectators alike, so never a token.
//!
//! During an opening (swap, swap2) colours are not settled: `players[0]` is the person who
//! opens (the first of the request's players) at X, `players[1]` the other at O, and
//! `opening_phase.actor` is an index into `players`. When the opening gives X to the
//! second person, the two seats change places, tokens and all, so that `players` is by
//! mark again (X first); `first` then says "O", the mark of the person who opened.

use serde::Serialize;
use ttt_core::{
    ByPlayer, Cell, Choice, Opening, OpeningAction, Order, Outcome, Player, Position, Rule,
    TimeControl,
};
use ttt_store::{Forfeit, LiveGame, Participant};

/// Who is watching a game, as its live updates say.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Presence {
    /// Open event streams of spectators.
    pub(crate) watchers: usize,
    /// Whether each seat's player has an event stream open, by the seat they took when the
    /// game began (see [`GameView::seat_at_start`]).
    pub(crate) connected: ByPlayer<bool>,
}

/// A game's state as JSON: `position` in the rules engine's notation (`X.O/.X./...`, rows
/// top to bottom), cells as `{"row", "col"}` counted from 0, `to_move` `null` once over.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameView {
    id: String,
    rows: usize,
    cols: usize,
    k: usize,
    /// What wins, and what X may not play.
    rule: Rule,
    /// How the two people settle who plays X.
    opening: Opening,
    /// The opening's choices so far, in order.
    opening_choices: Vec<Choice>,
    /// Where the opening stands, while it goes on (`null` once colours are settled).
    opening_phase: Option<PhaseView>,
    /// The mark of the person who opened (`players[0]` when the game began): `X` unless the
    /// opening gave X to the other person.
    first: Player,
    /// X's forbidden points, with X to move under renju (empty otherwise).
    forbidden: Vec<Cell>,
    position: String,
    /// `null` once over, and during an opening (see `opening_phase`).
    to_move: Option<Player>,
    status: &'static str,
    /// The winner's cells, `null` while nobody has a line (as in `ttt analyze --json`).
    winning_line: Option<Vec<Cell>>,
    moves: Vec<Cell>,
    players: [SeatView; 2],
    /// The side that asked to take its last move back, waiting for the other's answer.
    takeback: Option<Player>,
    /// Hints each side has asked for.
    hints: ByPlayer<u32>,
    /// The id of the game the players went on to, once there is one.
    rematch: Option<String>,
    /// The side whose program failed, and how: it lost the game there (`null` otherwise).
    forfeit: Option<Forfeit>,
    /// Grows with every change: a client keeps the state of the highest version it saw.
    version: i64,
    /// Whether the result moves the players' ratings.
    rated: bool,
    /// How the game ended (`null` while it goes on): `reason` is `line`, `full_board`,
    /// `timeout`, `resign`, `draw_agreed`, `abandoned`, `aborted` or `forfeit`; `loser` the
    /// side that lost, `null` for a draw or an aborted game.
    ending: Option<EndingView>,
    /// The side offering a draw, until the other answers or a move is made.
    draw_offer: Option<Player>,
    /// The clocks, `null` for a game without: `control` (`{"initial","increment"}` in
    /// seconds, `{"per_move"}` or `{"days"}`) and its `text` (`5+3`), what each side has
    /// left in milliseconds as of `as_of_ms` (the server's time when this state was made),
    /// and whose clock is `running` (`null` before the first move is awaited and once over).
    clock: Option<ClockView>,
    /// When each side's player last had the game open, in milliseconds since the Unix
    /// epoch (0: not since it began), with the server's time as `clock` has it: the other
    /// may claim the win once the player to move has been away long enough.
    seen_ms: ByPlayer<i64>,
    /// The server's time when this state was made (milliseconds since the Unix epoch).
    as_of_ms: i64,
    /// Spectators watching live (only in live updates).
    #[serde(skip_serializing_if = "Option::is_none")]
    watchers: Option<usize>,
    /// Whether the game is between a host and a friend invited by link: then live updates
    /// say whether each person is connected.
    #[serde(skip)]
    tokens: bool,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, Serialize)]
struct EndingView {
    reason: &'static str,
    loser: Option<Player>,
}

/// A game's clocks as JSON.
#[derive(Debug, Clone, Serialize)]
struct ClockView {
    control: ControlView,
    text: String,
    x_ms: u64,
    o_ms: u64,
    running: Option<Player>,
    as_of_ms: i64,
}

/// A time control as JSON, as `POST /api/games` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub(crate) enum ControlView {
    Fischer { initial: u64, increment: u64 },
    PerMove { per_move: u64 },
    Days { days: u64 },
}

impl ControlView {
    /// The JSON of a time control; `None` for no clock.
    pub(crate) fn of(control: TimeControl) -> Option<ControlView> {
        match control {
            TimeControl::None => None,
            TimeControl::Fischer { initial, increment } => {
                Some(ControlView::Fischer { initial, increment })
            }
            TimeControl::PerMove { per_move } => Some(ControlView::PerMove { per_move }),
            TimeControl::Days { days } => Some(ControlView::Days { days }),
        }
    }
}

/// How `game` (at `pos`) ended, if it has.
fn ending_of(game: &LiveGame, pos: &Position) -> Option<EndingView> {
    if let Some(e) = &game.ending {
        return Some(EndingView {
            reason: e.reason.as_str(),
            loser: e.loser,
        });
    }
    if let Some(f) = &game.forfeit {
        return Some(EndingView {
            reason: "forfeit",
            loser: Some(f.loser),
        });
    }
    match pos.outcome() {
        Outcome::InProgress => None,
        Outcome::Win(winner) => Some(EndingView {
            reason: "line",
            loser: Some(winner.other()),
        }),
        Outcome::Draw => Some(EndingView {
            reason: "full_board",
            loser: None,
        }),
    }
}

/// An opening's phase as JSON: `actor` is the index in `players` of the person to act.
#[derive(Debug, Clone, Serialize)]
struct PhaseView {
    actor: usize,
    may: Vec<OpeningAction>,
    stones_to_place: usize,
}

/// One side as JSON, with the mark it plays.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum SeatView {
    Human {
        name: String,
        mark: Player,
        /// Whether the player has the game open (only in live updates of games with a
        /// friend invited by link).
        #[serde(skip_serializing_if = "Option::is_none")]
        connected: Option<bool>,
    },
    Computer {
        level: String,
        mark: Player,
    },
    Friend {
        /// `null` until the friend joins.
        name: Option<String>,
        mark: Player,
        #[serde(skip_serializing_if = "Option::is_none")]
        connected: Option<bool>,
    },
}

impl GameView {
    /// The state of `game`, whose moves lead to `pos` (replayed once by the caller, not
    /// here: a view is made for every answer and every live update), at the server's time
    /// `now_ms` (for the clocks).
    pub(crate) fn new(game: &LiveGame, pos: &Position, now_ms: i64) -> GameView {
        let seat = |mark: Player| {
            let seat = game.seats.get(mark);
            match &seat.player {
                _ if seat.friend => SeatView::Friend {
                    name: seat.name().map(str::to_string),
                    mark,
                    connected: None,
                },
                Some(Participant::Human { name }) => SeatView::Human {
                    name: name.clone(),
                    mark,
                    connected: None,
                },
                Some(program) => SeatView::Computer {
                    level: program.level().unwrap_or_default(),
                    mark,
                },
                None => SeatView::Friend {
                    name: None,
                    mark,
                    connected: None,
                },
            }
        };
        let phase = game.opening_phase();
        let in_opening = phase.is_some();
        let going = !pos.is_over() && !game.ended_off_board();
        let stones = game.moves.len();
        let first = match game.opening.x_player(stones, &game.opening_choices) {
            Some(Order::Second) => Player::O,
            Some(Order::First) | None => Player::X,
        };
        GameView {
            tokens: game.is_between_friends(),
            id: game.id.clone(),
            rows: game.rows,
            cols: game.cols,
            k: game.k,
            rule: game.rule,
            opening: game.opening,
            opening_choices: game.opening_choices.clone(),
            first,
            forbidden: if going && !in_opening {
                pos.forbidden_cells().into_iter().map(|(c, _)| c).collect()
            } else {
                Vec::new()
            },
            opening_phase: phase.filter(|_| going).map(|p| PhaseView {
                actor: p.actor.index(),
                may: p.may,
                stones_to_place: p.stones_to_place,
            }),
            position: pos.to_string(),
            to_move: (going && !in_opening).then(|| pos.turn()),
            status: match (&game.ending, &game.forfeit) {
                (Some(e), _) => e.result().map_or("aborted", |r| r.as_str()),
                (None, Some(f)) => f.result().as_str(),
                (None, None) => pos.outcome().status(),
            },
            winning_line: Some(pos.winning_cells()).filter(|cells| !cells.is_empty()),
            moves: game.moves.clone(),
            players: [seat(Player::X), seat(Player::O)],
            takeback: game.takeback,
            hints: game.hints,
            rematch: game.rematch.clone(),
            forfeit: game.forfeit.clone(),
            version: game.version,
            rated: game.rated,
            ending: ending_of(game, pos),
            draw_offer: game.draw_offer.filter(|_| going),
            clock: ControlView::of(game.clock.control()).map(|control| ClockView {
                control,
                text: game.clock.control().to_string(),
                x_ms: game.clock.remaining(Player::X, now_ms),
                o_ms: game.clock.remaining(Player::O, now_ms),
                running: game.clock.running().filter(|_| going),
                as_of_ms: now_ms,
            }),
            seen_ms: game.seen,
            as_of_ms: now_ms,
            watchers: None,
        }
    }

    /// The same state with who is watching, as live updates show it.
    pub(crate) fn with_presence(&self, presence: &Presence) -> GameView {
        let mut view = self.clone();
        view.watchers = Some(presence.watchers);
        if view.tokens {
            for (seat, mark) in view.players.iter_mut().zip([Player::X, Player::O]) {
                if let SeatView::Human { connected, .. } | SeatView::Friend { connected, .. } = seat
                {
                    *connected = Some(*presence.connected.get(self.seat_at_start(mark)));
                }
            }
        }
        view
    }

    /// The seat the person now at `mark` took when the game began: the other one once an
    /// opening gave X to the second person and the seats changed places. Who is connected is
    /// counted by it, so that it follows the person whichever mark they play.
    pub(crate) fn seat_at_start(&self, mark: Player) -> Player {
        if self.first == Player::O {
            mark.other()
        } else {
            mark
        }
    }

    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// The game's version: a view of a higher one is of a later state.
    pub(crate) fn version(&self) -> i64 {
        self.version
    }
}
