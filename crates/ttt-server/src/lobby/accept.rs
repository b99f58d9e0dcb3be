//! Accepting a seek, and quick pairing: the game a seek becomes, with the seeker at the mark
//! sought (or one drawn by lot) and the accepter at the other, each on their own device.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ttt_core::{ByPlayer, Clock, Dims, Opening, Player, Position, Rule, TimeControl};
use ttt_store::{is_guest, name_key, unix_now, LiveGame, LiveSeat, Participant, Seek, SeekColor};

use super::seeks::{bearer, new_seek, player_name, rating_on, Settings};
use super::view::{alive_since, SeekView, MOST_LISTED};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::games::clocks::start_if_due;
use crate::games::live::{GameWithSeats, HeldSeat};
use crate::json::Json;
use crate::secrets::{hash, new_secret};
use crate::state::AppState;
use crate::view::GameView;

/// `POST /api/seeks/{id}/accept`: the accepter's name when not signed in.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AcceptRequest {
    name: Option<String>,
}

/// Reads an optional JSON body: none is the default.
fn body<T: for<'a> Deserialize<'a> + Default>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("a bad request: {e}")))
}

/// Starts the game `seek` becomes, accepted by `accepter` (an account's name, signed in, or
/// not): takes the seek first, so that of two accepting at once one gets it.
async fn start_game(
    state: &AppState,
    seek: &Seek,
    (accepter, account): (String, bool),
) -> Result<GameWithSeats, ApiError> {
    if name_key(&accepter) == name_key(&seek.seeker) && !is_guest(&accepter) {
        return Err(ApiError::Conflict(
            "that is your own seek: wait for someone to accept it".into(),
        ));
    }
    if seek.rated && (!account || is_guest(&accepter)) {
        return Err(ApiError::Unauthorized(
            "this seek is rated: sign in to accept it".into(),
        ));
    }
    let game_id = new_secret()?;
    let (id, by, since) = (
        seek.id.clone(),
        accepter.clone(),
        alive_since(state.now_ms()),
    );
    let gid = game_id.clone();
    let taken = state
        .with_store(move |s| s.accept_seek(&id, &gid, &by, since))
        .await?;
    if !taken {
        return Err(ApiError::Conflict(
            "someone accepted this seek first (or it went): choose another".into(),
        ));
    }
    state.lobby.changed();
    let token = new_secret()?;
    let seeker_mark = match seek.color {
        SeekColor::X => Player::X,
        SeekColor::O => Player::O,
        SeekColor::Random if getrandom::u64().map_err(ApiError::internal)? & 1 == 0 => Player::X,
        SeekColor::Random => Player::O,
    };
    let seat = |name: &str, token_hash: String| LiveSeat {
        player: Some(Participant::human(name)),
        friend: true,
        token_hash: Some(token_hash),
    };
    let mut seats = ByPlayer {
        x: seat(&seek.seeker, seek.token_hash.clone()),
        o: seat(&accepter, hash(&token)),
    };
    if seeker_mark == Player::O {
        seats = ByPlayer {
            x: seats.o,
            o: seats.x,
        };
    }
    let dims = Dims::new(seek.rows, seek.cols, seek.k).map_err(ApiError::internal)?;
    let mut game = LiveGame::new(game_id, dims, seats, unix_now());
    game.rule = seek.rule;
    game.opening = seek.opening;
    game.rated = seek.rated;
    game.clock = Clock::new(seek.time_control);
    let pos = Position::with_rule(dims, seek.rule).map_err(ApiError::internal)?;
    start_if_due(&mut game, &pos, state.now_ms());
    {
        let game = game.clone();
        state.with_store(move |s| s.create_live_game(&game)).await?;
        state.games_kept.created();
    }
    Ok(GameWithSeats {
        game: GameView::new(&game, &pos, state.now_ms()),
        seats: vec![HeldSeat {
            mark: seeker_mark.other(),
            token,
        }],
        invite: None,
    })
}

/// `POST /api/seeks/{id}/accept`: the new game, with the accepter's seat (201).
pub(crate) async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    session: Session,
    bytes: axum::body::Bytes,
) -> Result<(StatusCode, Json<GameWithSeats>), ApiError> {
    let request: AcceptRequest = body(&bytes)?;
    let owned = id.clone();
    let seek = state
        .with_store(move |s| s.seek(&owned))
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no seek {id:?}")))?;
    if seek.game.is_some() {
        return Err(ApiError::Conflict(
            "someone accepted this seek first: choose another".into(),
        ));
    }
    let who = player_name(&state, &session, request.name.as_deref()).await?;
    let game = start_game(&state, &seek, who).await?;
    Ok((StatusCode::CREATED, Json(game)))
}

/// A popular setting quick pairing offers.
struct Pool {
    name: &'static str,
    rows: usize,
    k: usize,
    rule: Rule,
    opening: Opening,
    clock: TimeControl,
}

/// Tic-tac-toe at a minute; gomoku (standard, swap2) at 5+3; renju at 10+5.
const POOLS: [Pool; 3] = [
    Pool {
        name: "classic",
        rows: 3,
        k: 3,
        rule: Rule::Freestyle,
        opening: Opening::None,
        clock: TimeControl::Fischer {
            initial: 60,
            increment: 0,
        },
    },
    Pool {
        name: "gomoku",
        rows: 15,
        k: 5,
        rule: Rule::Standard,
        opening: Opening::Swap2,
        clock: TimeControl::Fischer {
            initial: 300,
            increment: 3,
        },
    },
    Pool {
        name: "renju",
        rows: 15,
        k: 5,
        rule: Rule::Renju,
        opening: Opening::None,
        clock: TimeControl::Fischer {
            initial: 600,
            increment: 5,
        },
    },
];

/// The rating a player without one is matched at.
const UNRATED: i64 = 1500;

/// How far apart two ratings may be for a player who has waited `waited_ms`: close at first,
/// wider every few seconds.
pub(crate) fn rating_range(waited_ms: i64) -> i64 {
    (100 + 50 * (waited_ms.max(0) / 5_000)).min(1_000)
}

/// `POST /api/lobby/quick`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QuickRequest {
    /// `classic`, `gomoku` or `renju`.
    #[serde(default)]
    pool: String,
    name: Option<String>,
    /// The caller's waiting quick seek, if it has one (with its token as the bearer).
    seek: Option<String>,
}

/// Waiting in quick pairing.
#[derive(Debug, Serialize)]
struct Waiting {
    seek: SeekView,
    token: String,
    /// How far apart a rating may be now.
    range: i64,
}

/// `POST /api/lobby/quick`: pairs the caller with a waiting player of the same setting whose
/// rating is within range (201, the game), or leaves the caller waiting (202, their seek and
/// its token). Asked again with `seek` and its token as the bearer (every few seconds, as the
/// range widens), the same seek waits on; a caller paired meanwhile gets `{"game", "mark"}`
/// (200).
pub(crate) async fn quick(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let request: QuickRequest = body(&bytes)?;
    let pool = POOLS
        .iter()
        .find(|p| p.name == request.pool)
        .ok_or_else(|| {
            ApiError::BadRequest(if request.pool.is_empty() {
                "pool is missing: classic, gomoku or renju".to_string()
            } else {
                format!(
                    "pool: {:?} is not one: classic, gomoku or renju",
                    request.pool
                )
            })
        })?;
    let dims = Dims::new(pool.rows, pool.rows, pool.k).map_err(ApiError::internal)?;
    let now = state.now_ms();
    // A waiting caller: their seek, theirs by its token, found paired already or waiting on.
    let waiting = match &request.seek {
        None => None,
        Some(id) => {
            let owned = id.clone();
            let mine = state
                .with_store(move |s| s.seek(&owned))
                .await?
                .ok_or_else(|| {
                    ApiError::NotFound(format!(
                        "there is no seek {id:?}: it went (its page closed?); ask without it"
                    ))
                })?;
            if bearer(&headers).map(|t| hash(&t)) != Some(mine.token_hash.clone()) {
                return Err(ApiError::Forbidden("that token is not this seek's".into()));
            }
            if let Some(game) = &mine.game {
                return paired(&state, game, &mine.token_hash).await;
            }
            Some(mine)
        }
    };
    let who = match &waiting {
        Some(mine) => (mine.seeker.clone(), mine.seeker_account),
        None => player_name(&state, &session, request.name.as_deref()).await?,
    };
    let since = waiting.as_ref().map_or(now, |s| s.created_ms);
    let rating = match &waiting {
        Some(mine) => mine.rating.unwrap_or(UNRATED),
        None if who.1 => rating_on(&state, &who.0, dims, pool.rule)
            .await?
            .map_or(UNRATED, |r| r.0),
        None => UNRATED,
    };
    let open = {
        let alive = alive_since(now);
        state
            .with_store(move |s| s.open_seeks(alive, MOST_LISTED))
            .await?
    };
    let not_mine = |s: &Seek| match &waiting {
        Some(mine) => s.id != mine.id && s.token_hash != mine.token_hash,
        None => is_guest(&who.0) || name_key(&s.seeker) != name_key(&who.0),
    };
    let best = open
        .iter()
        .filter(|s| {
            s.quick
                && s.rows == pool.rows
                && s.k == pool.k
                && s.rule == pool.rule
                && s.opening == pool.opening
                && s.time_control == pool.clock
                && not_mine(s)
        })
        .map(|s| (s, (s.rating.unwrap_or(UNRATED) - rating).abs()))
        .filter(|(s, gap)| *gap <= rating_range(now - since).max(rating_range(now - s.created_ms)))
        .min_by_key(|(_, gap)| *gap)
        .map(|(s, _)| s.clone());
    if let Some(other) = best {
        // The caller's own seek goes first: if it cannot, someone paired with the caller
        // meanwhile.
        if let Some(mine) = &waiting {
            let id = mine.id.clone();
            if !state.with_store(move |s| s.remove_seek(&id)).await? {
                let id = mine.id.clone();
                if let Some(game) = state
                    .with_store(move |s| s.seek(&id))
                    .await?
                    .and_then(|s| s.game)
                {
                    return paired(&state, &game, &mine.token_hash).await;
                }
            }
        }
        match start_game(&state, &other, who.clone()).await {
            Ok(game) => return Ok((StatusCode::CREATED, Json(game)).into_response()),
            // Taken by someone else meanwhile: wait (afresh, if the caller's seek went).
            Err(ApiError::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
    }
    if let (Some(mine), Some(token)) = (&waiting, bearer(&headers)) {
        let id = mine.id.clone();
        state
            .with_store(move |s| s.keep_seek_alive(&id, now))
            .await?;
        let id = mine.id.clone();
        if let Some(still) = state.with_store(move |s| s.seek(&id)).await? {
            return Ok(waiting_answer(&still, token, now - since));
        }
    }
    let settings = Settings {
        dims,
        rule: pool.rule,
        opening: pool.opening,
        time_control: pool.clock,
        rated: false,
        color: SeekColor::Random,
    };
    let (seek, token) = new_seek(&state, &settings, who, true, since).await?;
    state.lobby.changed();
    Ok(waiting_answer(&seek, token, now - since))
}

/// The answer to a caller left waiting: their seek, its token, and the range now.
fn waiting_answer(seek: &Seek, token: String, waited_ms: i64) -> Response {
    (
        StatusCode::ACCEPTED,
        Json(Waiting {
            seek: SeekView::new(seek),
            token,
            range: rating_range(waited_ms),
        }),
    )
        .into_response()
}

/// The answer to a waiting caller someone paired with: the game, and the caller's mark.
async fn paired(state: &AppState, game: &str, token_hash: &str) -> Result<Response, ApiError> {
    let mark = seeker_mark_in(state, game, token_hash).await?;
    Ok((
        StatusCode::OK,
        Json(serde_json::json!({"game": game, "mark": mark})),
    )
        .into_response())
}

/// The mark of the seeker (whose seat has `token_hash`) in game `id`.
pub(crate) async fn seeker_mark_in(
    state: &AppState,
    id: &str,
    token_hash: &str,
) -> Result<Player, ApiError> {
    let game = crate::games::live::load(state, id).await?;
    Ok(if game.seats.x.token_hash.as_deref() == Some(token_hash) {
        Player::X
    } else {
        Player::O
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_widens_while_a_player_waits() {
        assert_eq!(rating_range(0), 100);
        assert_eq!(rating_range(4_999), 100);
        assert_eq!(rating_range(5_000), 150);
        assert_eq!(rating_range(60_000), 700);
        assert_eq!(rating_range(3_600_000), 1_000);
    }
}
