//! Who may act for a seat. Every person's seat has a secret token: the seats played at the
//! screen that made the game share one (its browser holds it), and an invited friend gets
//! their own on joining. Every move, takeback, hint and answer names its seat with
//! `Authorization: Bearer TOKEN`, or comes from the seat's owner signed in (the session
//! cookie of the account whose name the seat plays under). The store keeps only the tokens'
//! hashes. The computer's seats have none: nobody acts for them. Anyone else with the game's
//! link is a spectator. (Games made before every seat had a token keep playing as they were:
//! a seat with no token needs none.)

use axum::http::header::AUTHORIZATION;
use axum::http::HeaderMap;
use ttt_core::{OpeningError, Order, Player, Position};
use ttt_store::{name_key, LiveGame, Participant};

use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::secrets::hash;

/// Who is asking, as far as the request's token (or session) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Caller {
    /// No token: a spectator, or a player of a game whose seats need none.
    Anyone,
    /// The holder of this seat.
    Seat(Player),
    /// The holder of both seats: two people at the screen that made the game.
    Both,
}

impl Caller {
    /// Whether the caller holds `side`'s seat.
    fn holds(self, side: Player) -> bool {
        match self {
            Caller::Anyone => false,
            Caller::Seat(p) => p == side,
            Caller::Both => true,
        }
    }
}

/// The caller of a request about `game`: by its token (one that is not one of the game's
/// seats' is refused), else by its session (the signed-in owner of a seat's name), else
/// anyone.
pub(crate) fn caller(
    headers: &HeaderMap,
    game: &LiveGame,
    session: &Session,
) -> Result<Caller, ApiError> {
    let Some(value) = headers.get(AUTHORIZATION) else {
        return Ok(owner(game, session));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            ApiError::BadRequest("the Authorization header must be `Bearer TOKEN`".into())
        })?;
    let hashed = hash(token);
    let holds = |p: Player| game.seats.get(p).token_hash.as_deref() == Some(hashed.as_str());
    match (holds(Player::X), holds(Player::O)) {
        (true, true) => Ok(Caller::Both),
        (true, false) => Ok(Caller::Seat(Player::X)),
        (false, true) => Ok(Caller::Seat(Player::O)),
        (false, false) => Err(ApiError::Forbidden(
            "this token is not a seat of this game".into(),
        )),
    }
}

/// The seat whose name is the signed-in account's, if any.
fn owner(game: &LiveGame, session: &Session) -> Caller {
    let Some(signed) = &session.0 else {
        return Caller::Anyone;
    };
    let key = name_key(&signed.name);
    [Player::X, Player::O]
        .into_iter()
        .find(|&p| {
            matches!(&game.seats.get(p).player, Some(Participant::Human { name }) if name_key(name) == key)
        })
        .map_or(Caller::Anyone, Caller::Seat)
}

/// What a request does for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Act {
    /// A move, for the side to move.
    Move,
    /// A hint, for the side to move.
    Hint,
    /// Taking back the last move of the asker (between friends, asking the other).
    Takeback,
    /// The answer to a friend's takeback, by the side that did not ask.
    Answer,
    /// Placing opening stones or choosing a colour, by the person the opening names.
    Opening,
}

impl Act {
    /// What a message says the caller wanted to do.
    fn words(self) -> &'static str {
        match self {
            Act::Move => "move",
            Act::Hint => "ask for a hint",
            Act::Takeback => "take a move back",
            Act::Answer => "answer a takeback",
            Act::Opening => "act in the opening",
        }
    }
}

/// The seat `caller` acts for to do `act` in `game` (whose moves lead to `pos`), or why it
/// may not: the one check of who may act for a seat, which every such request makes first.
///
/// The game must go on (an answer aside: a takeback asked stands until answered). A move or
/// a hint is for the side to move, and only for a person (not the computer, nor a friend
/// who has not joined). A takeback is for the person whose last move is undone: the asker's
/// seat between friends, else the one person against the computer, or the last to move of
/// two people at one screen. An answer is for the side that did not ask. Where the seats
/// have tokens (a friend invited by link), only a seat's holder acts, for its own seat;
/// another seat's player is refused with 409 when it is the moment that is wrong (not its
/// turn: the answer is the same whether the other's move came first by a moment or long
/// before), and with 403 when it never may (answering its own takeback).
///
/// During an opening only the opening's acts are open, for the seat of the person it names
/// (the seats are in the people's order then: the first at X); once it is over, they are
/// refused.
pub(crate) fn acts_for(
    game: &LiveGame,
    pos: &Position,
    caller: Caller,
    act: Act,
) -> Result<Player, ApiError> {
    let what = act.words();
    let phase = game
        .opening_phase()
        .filter(|_| !pos.is_over() && !game.ended_off_board());
    if let (Some(_), Act::Move | Act::Hint | Act::Takeback) = (&phase, act) {
        return Err(ApiError::Conflict(format!(
            "the opening is not over: nobody can {what} until the colours are chosen"
        )));
    }
    let side = match act {
        Act::Move | Act::Hint => to_move(game, pos, what)?,
        Act::Takeback => {
            if pos.is_over() || game.ended_off_board() {
                return Err(ApiError::Conflict(
                    "the game is over, and its result is saved: it cannot be taken back".into(),
                ));
            }
            let unauthorized = || {
                ApiError::Unauthorized(
                    "to take a move back, send your seat token (Authorization: Bearer TOKEN) \
                     or sign in as its player; spectators only watch"
                        .into(),
                )
            };
            if is_between_friends(game) {
                return match caller {
                    Caller::Seat(asker) => Ok(asker),
                    Caller::Both | Caller::Anyone => Err(unauthorized()),
                };
            }
            let side = taken_back(game, pos)?;
            if game.seats.get(side).token_hash.is_some() && !caller.holds(side) {
                return Err(unauthorized());
            }
            return Ok(side);
        }
        Act::Answer => {
            let Some(asker) = game.takeback else {
                return Err(ApiError::Conflict(
                    "nobody has asked to take a move back".into(),
                ));
            };
            if caller == Caller::Seat(asker) {
                return Err(ApiError::Forbidden(format!(
                    "{asker} asked for the takeback: {}'s player answers it",
                    asker.other()
                )));
            }
            asker.other()
        }
        Act::Opening => {
            let Some(phase) = &phase else {
                return Err(ApiError::Conflict(OpeningError::Over.to_string()));
            };
            let side = seat_of(phase.actor);
            if game.seats.get(side).is_open() {
                return Err(ApiError::Conflict(
                    "the invited friend has not joined yet: the opening waits for them".into(),
                ));
            }
            if game.seats.get(side).token_hash.is_none() {
                return Ok(side);
            }
            return match caller {
                c if c.holds(side) => Ok(side),
                Caller::Seat(_) | Caller::Both => Err(ApiError::Conflict(
                    OpeningError::NotYourTurn { actor: phase.actor }.to_string(),
                )),
                Caller::Anyone => Err(ApiError::Unauthorized(
                    "to act in the opening, send your seat token (Authorization: Bearer \
                     TOKEN) or sign in as its player; spectators only watch"
                        .into(),
                )),
            };
        }
    };
    if game.seats.get(side).token_hash.is_none() {
        return Ok(side);
    }
    match caller {
        c if c.holds(side) => Ok(side),
        Caller::Seat(p) => Err(ApiError::Conflict(format!(
            "it is not your turn: your seat is {p}, and only {side}'s player can {what} now"
        ))),
        Caller::Both | Caller::Anyone => Err(ApiError::Unauthorized(format!(
            "to {what} for {side}, send {side}'s seat token (Authorization: Bearer TOKEN) or \
             sign in as its player; spectators only watch"
        ))),
    }
}

/// The seat of a person during an opening: the first sits at X, the other at O.
pub(crate) fn seat_of(order: Order) -> Player {
    match order {
        Order::First => Player::X,
        Order::Second => Player::O,
    }
}

/// The person at a seat during an opening (see [`seat_of`]).
pub(crate) fn order_of(seat: Player) -> Order {
    match seat {
        Player::X => Order::First,
        Player::O => Order::Second,
    }
}

/// The side to move in `game`, if the game goes on and a person is to move.
fn to_move(game: &LiveGame, pos: &Position, what: &str) -> Result<Player, ApiError> {
    if pos.is_over() || game.ended_off_board() {
        return Err(ApiError::Conflict(format!(
            "the game is over: nobody can {what} any more"
        )));
    }
    let side = pos.turn();
    match &game.seats.get(side).player {
        Some(Participant::Computer { .. } | Participant::Engine { .. }) => {
            Err(ApiError::Conflict(format!(
                "it is not a human's turn: the computer is to move, and only the player to \
                 move can {what}"
            )))
        }
        None => Err(ApiError::Conflict(format!(
            "{side} is the invited friend's seat, and the friend has not joined yet"
        ))),
        Some(Participant::Human { .. }) => Ok(side),
    }
}

/// Whose last move a takeback undoes in a game whose seats have no tokens: the one person's
/// against the computer, or the last mover's of two people at one screen.
fn taken_back(game: &LiveGame, pos: &Position) -> Result<Player, ApiError> {
    let is_person = |p: Player| {
        !matches!(
            game.seats.get(p).player,
            Some(Participant::Computer { .. } | Participant::Engine { .. })
        )
    };
    match (is_person(Player::X), is_person(Player::O)) {
        (true, true) => Ok(pos.turn().other()),
        (true, false) => Ok(Player::X),
        (false, true) => Ok(Player::O),
        (false, false) => Err(ApiError::Conflict(
            "only a person can take a move back, and two computers are playing".into(),
        )),
    }
}

/// Whether the game's seats have tokens (every game made since seats had them).
pub(crate) fn has_tokens(game: &LiveGame) -> bool {
    game.seats.x.token_hash.is_some() || game.seats.o.token_hash.is_some()
}

/// Whether the game is between a host and a friend invited by link, each on their own
/// device: a takeback is then asked of the other, and who is connected is shown.
pub(crate) fn is_between_friends(game: &LiveGame) -> bool {
    game.is_between_friends()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::new_secret;
    use ttt_core::{ByPlayer, Dims};
    use ttt_store::{LiveSeat, Participant};

    fn game() -> LiveGame {
        let seats = ByPlayer {
            x: LiveSeat {
                token_hash: Some(hash("secret-x")),
                ..LiveSeat::new(Participant::human("Ann"))
            },
            o: LiveSeat::new(Participant::computer("easy")),
        };
        LiveGame::new("g".into(), Dims::new(3, 3, 3).unwrap(), seats, 0)
    }

    fn headers(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(AUTHORIZATION, value.parse().unwrap());
        h
    }

    #[test]
    fn tokens_name_their_seat_and_nothing_else() {
        let g = game();
        let nobody = Session::default();
        assert_eq!(
            caller(&HeaderMap::new(), &g, &nobody).unwrap(),
            Caller::Anyone
        );
        assert_eq!(
            caller(&headers("Bearer secret-x"), &g, &nobody).unwrap(),
            Caller::Seat(Player::X)
        );
        assert!(matches!(
            caller(&headers("Bearer guess"), &g, &nobody),
            Err(ApiError::Forbidden(_))
        ));
        assert!(matches!(
            caller(&headers("Basic abc"), &g, &nobody),
            Err(ApiError::BadRequest(_))
        ));
        // Ann signed in acts for her seat without its token; Bo does not.
        let signed = |name: &str| {
            Session(Some(crate::accounts::session::SignedIn {
                name: name.into(),
                token_hash: "h".into(),
            }))
        };
        assert_eq!(
            caller(&HeaderMap::new(), &g, &signed("ANN")).unwrap(),
            Caller::Seat(Player::X)
        );
        assert_eq!(
            caller(&HeaderMap::new(), &g, &signed("Bo")).unwrap(),
            Caller::Anyone
        );
        let pos = g.position().unwrap();
        let acts = |caller, act| acts_for(&g, &pos, caller, act);
        assert_eq!(acts(Caller::Seat(Player::X), Act::Move).unwrap(), Player::X);
        assert!(matches!(
            acts(Caller::Seat(Player::O), Act::Hint),
            Err(ApiError::Conflict(_))
        ));
        assert!(matches!(
            acts(Caller::Anyone, Act::Move),
            Err(ApiError::Unauthorized(_))
        ));
        // The takeback is the person's, against the computer.
        assert_eq!(
            acts(Caller::Seat(Player::X), Act::Takeback).unwrap(),
            Player::X
        );
        // O's seat (the computer's) is nobody's to move for.
        let after = pos.play(ttt_core::Cell::new(1, 1)).unwrap();
        assert!(matches!(
            acts_for(&g, &after, Caller::Seat(Player::X), Act::Move),
            Err(ApiError::Conflict(_))
        ));
        assert_ne!(new_secret().unwrap(), new_secret().unwrap());
        assert_eq!(hash("a").len(), 64);
    }
}
