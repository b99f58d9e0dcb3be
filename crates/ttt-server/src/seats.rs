//! Who may act for a seat. A game with a friend invited by link gives each of its people a
//! secret token (the host's seats when the game is made, the friend's when the friend joins);
//! every move, takeback and answer for such a seat names it with `Authorization: Bearer
//! TOKEN`. The store keeps only the tokens' hashes. A seat with no token (a game with only
//! people at one screen, or the computer) needs none. Anyone else with the game's link is a
//! spectator.

use axum::http::header::AUTHORIZATION;
use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use ttt_core::Player;
use ttt_store::LiveGame;

use crate::ApiError;

/// A new secret: 128 bits from the operating system's random source, in hex.
pub(crate) fn new_secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a token.
pub(crate) fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Who is asking, as far as the request's token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Caller {
    /// No token: a spectator, or a player of a game whose seats need none.
    Anyone,
    /// The token of this seat.
    Seat(Player),
}

/// The caller of a request about `game`: a token that is not one of its seats' is refused.
pub(crate) fn caller(headers: &HeaderMap, game: &LiveGame) -> Result<Caller, ApiError> {
    let Some(value) = headers.get(AUTHORIZATION) else {
        return Ok(Caller::Anyone);
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
    [Player::X, Player::O]
        .into_iter()
        .find(|&p| game.seats.get(p).token_hash.as_deref() == Some(hashed.as_str()))
        .map(Caller::Seat)
        .ok_or_else(|| ApiError::Forbidden("this token is not a seat of this game".into()))
}

/// Checks that `caller` may act for the seat of `side`: anyone where the seat has no token,
/// else only its token's holder.
pub(crate) fn check_acts_for(
    game: &LiveGame,
    caller: Caller,
    side: Player,
    what: &str,
) -> Result<(), ApiError> {
    if game.seats.get(side).token_hash.is_none() {
        return Ok(());
    }
    match caller {
        Caller::Seat(p) if p == side => Ok(()),
        Caller::Seat(p) => Err(ApiError::Forbidden(format!(
            "your seat is {p}: only {side}'s player can {what}"
        ))),
        Caller::Anyone => Err(ApiError::Unauthorized(format!(
            "to {what} for {side}, send {side}'s seat token (Authorization: Bearer TOKEN); \
             spectators only watch"
        ))),
    }
}

/// Whether the game's seats have tokens (a game with a friend invited by link).
pub(crate) fn has_tokens(game: &LiveGame) -> bool {
    game.seats.x.token_hash.is_some() || game.seats.o.token_hash.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(caller(&HeaderMap::new(), &g).unwrap(), Caller::Anyone);
        assert_eq!(
            caller(&headers("Bearer secret-x"), &g).unwrap(),
            Caller::Seat(Player::X)
        );
        assert!(matches!(
            caller(&headers("Bearer guess"), &g),
            Err(ApiError::Forbidden(_))
        ));
        assert!(matches!(
            caller(&headers("Basic abc"), &g),
            Err(ApiError::BadRequest(_))
        ));
        assert!(check_acts_for(&g, Caller::Seat(Player::X), Player::X, "move").is_ok());
        assert!(matches!(
            check_acts_for(&g, Caller::Anyone, Player::X, "move"),
            Err(ApiError::Unauthorized(_))
        ));
        // O's seat (the computer's) has no token: nobody needs one for it.
        assert!(check_acts_for(&g, Caller::Anyone, Player::O, "move").is_ok());
        assert_ne!(new_secret().unwrap(), new_secret().unwrap());
        assert_eq!(hash("a").len(), 64);
    }
}
