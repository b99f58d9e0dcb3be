//! Starting games: a new game, a friend joining by the invitation link, and a rematch with
//! the marks swapped.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use ttt_ai::Level;
use ttt_core::{ByPlayer, Dims, Player};
use ttt_store::{name_key, unix_now, Invite, LiveGame, LiveSeat, Participant, ENGINE_PREFIX};

use super::turn::{computer_moves, lease};
use super::{game_id, load, save, view, GameWithSeats, HeldSeat};
use crate::players::check_name;
use crate::seats::{caller, has_tokens, hash, new_secret, Caller};
use crate::{ApiError, AppState, Json, Limits, DEFAULT_LEVEL};

fn three() -> usize {
    3
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGameRequest {
    #[serde(default = "three")]
    rows: usize,
    #[serde(default = "three")]
    cols: usize,
    #[serde(default = "three")]
    k: usize,
    players: Vec<SeatRequest>,
}

/// One player of a new game.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SeatRequest {
    /// A person at this screen.
    Human { name: String },
    /// A computer player (medium unless a level is given).
    Computer { level: Option<String> },
    /// A seat for a friend invited by link.
    Friend {},
}

/// `POST /api/join/{code}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    name: String,
}

/// `POST /api/games`: a new game; the computer's moves are made if it starts. With a
/// friend's seat, the host's seat gets a token and the answer the invitation link.
pub(crate) async fn create(
    State(state): State<AppState>,
    Json(request): Json<NewGameRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let dims = check_dims(&request, &state.limits)?;
    let kinds = check_players(request.players, &state)?;
    make_room(&state).await?;
    // A broken database shows up before anyone plays. A newcomer is saved with the first
    // finished game, not before: games left unfinished leave no empty rows in the
    // leaderboard.
    for kind in [&kinds.x, &kinds.o] {
        if let Some(name) = kind.name() {
            let name = name.to_string();
            state.with_store(move |s| s.player(&name)).await?;
        }
    }
    let invited = [&kinds.x, &kinds.o].iter().any(|k| k.friend);
    let mut held = Vec::new();
    let mut seat = |mut kind: LiveSeat, mark: Player| -> Result<LiveSeat, ApiError> {
        // With a friend on another device, every seat is someone's: the host's gets a token.
        let token = (invited).then(new_secret).transpose()?;
        if let (Some(token), Some(Participant::Human { .. })) = (&token, &kind.player) {
            held.push(HeldSeat {
                mark,
                token: token.clone(),
            });
        }
        kind.token_hash = token.as_deref().map(hash);
        Ok(kind)
    };
    let seats = ByPlayer {
        x: seat(kinds.x, Player::X)?,
        o: seat(kinds.o, Player::O)?,
    };
    let now = unix_now();
    let mut game = LiveGame::new(new_secret()?, dims, seats, now);
    if invited {
        game.invite = Some(Invite {
            code: new_secret()?,
            expires_at: now + secs(state.limits.invite_ttl),
        });
    }
    game.thinking_until = lease(&state, &game);
    {
        let game = game.clone();
        state.with_store(move |s| s.create_live_game(&game)).await?;
        state.games_kept.created();
    }
    let invite = game.invite.as_ref().map(|i| format!("/join/{}", i.code));
    let game = computer_moves(&state, game).await?;
    let location = format!("/api/games/{}", game.id);
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(GameWithSeats {
            game: view(&game)?,
            seats: held,
            invite,
        }),
    ))
}

/// How long a game must have been left alone before a full server removes it for a new one.
const IDLE_WHEN_FULL: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Room for one more game: when the server holds its most, finished games and games left
/// alone for a while go first; if that is not enough, the new game is refused (503) and no
/// game being played is touched.
async fn make_room(state: &AppState) -> Result<(), ApiError> {
    let max = state.limits.max_games;
    // Counting every game is work in proportion to their number: far from the limit, a
    // recent count (plus this server's games since) will do.
    if state.games_kept.estimate().is_some_and(|n| n + 1 < max) {
        return Ok(());
    }
    if count_games(state).await? < max {
        return Ok(());
    }
    state
        .remove_stale_games(IDLE_WHEN_FULL, std::time::Duration::ZERO)
        .await?;
    if count_games(state).await? < max {
        return Ok(());
    }
    Err(ApiError::Unavailable(format!(
        "the server is full: {max} games are being played; try again in a few minutes"
    )))
}

/// How many games the store keeps, counted now.
async fn count_games(state: &AppState) -> Result<usize, ApiError> {
    let n = state.with_store(|s| s.live_game_count()).await?;
    state.games_kept.counted(n);
    Ok(n)
}

fn secs(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

fn check_dims(request: &NewGameRequest, limits: &Limits) -> Result<Dims, ApiError> {
    let (rows, cols, k) = (request.rows, request.cols, request.k);
    let max = limits.max_side;
    if !(1..=max).contains(&rows) || !(1..=max).contains(&cols) {
        return Err(ApiError::BadRequest(format!(
            "a board of {rows} rows by {cols} columns is not offered here: rows and columns must each be between 1 and {max}"
        )));
    }
    Dims::new(rows, cols, k).map_err(|e| ApiError::BadRequest(e.to_string()))
}

fn check_players(
    seats: Vec<SeatRequest>,
    state: &AppState,
) -> Result<ByPlayer<LiveSeat>, ApiError> {
    let [x, o]: [SeatRequest; 2] = seats.try_into().map_err(|seats: Vec<_>| {
        ApiError::BadRequest(format!(
            "a game needs exactly two players (X first, then O), not {}",
            seats.len()
        ))
    })?;
    let seat = |request: SeatRequest| -> Result<LiveSeat, ApiError> {
        match request {
            SeatRequest::Human { name } => {
                Ok(LiveSeat::new(Participant::human(check_name(&name)?)))
            }
            SeatRequest::Computer { level: Some(level) } if level.starts_with(ENGINE_PREFIX) => {
                let name = &level[ENGINE_PREFIX.len()..];
                if !state.engines.contains_key(name) {
                    let offered: Vec<&str> = state.engines.keys().map(String::as_str).collect();
                    return Err(ApiError::BadRequest(if offered.is_empty() {
                        format!("there is no engine {name:?}: this server offers none")
                    } else {
                        format!(
                            "there is no engine {name:?}: this server offers {}",
                            offered.join(", ")
                        )
                    }));
                }
                Ok(LiveSeat::new(Participant::engine(name)))
            }
            SeatRequest::Computer { level } => {
                let level = match level {
                    Some(level) => level.parse::<Level>().map_err(|e| {
                        let mut why = e.to_string();
                        if !state.engines.is_empty() {
                            let names: Vec<String> = state
                                .engines
                                .keys()
                                .map(|name| format!("{ENGINE_PREFIX}{name}"))
                                .collect();
                            why.push_str(&format!(", or an engine: {}", names.join(", ")));
                        }
                        ApiError::BadRequest(why)
                    })?,
                    None => DEFAULT_LEVEL,
                };
                Ok(LiveSeat::new(Participant::computer(level.name())))
            }
            SeatRequest::Friend {} => Ok(LiveSeat::for_friend()),
        }
    };
    let kinds = ByPlayer {
        x: seat(x)?,
        o: seat(o)?,
    };
    match (&kinds.x, &kinds.o) {
        (a, b) if a.name().is_some() && a.name().map(name_key) == b.name().map(name_key) => {
            Err(ApiError::BadRequest(format!(
                "both players are called {:?}: give them different names",
                a.name().unwrap_or_default()
            )))
        }
        (friend, human) | (human, friend) if friend.friend && human.name().is_some() => Ok(kinds),
        (a, b) if a.friend || b.friend => Err(ApiError::BadRequest(
            "a friend invited by link plays a person at this screen: the other player must be \
             {\"kind\": \"human\"}"
                .into(),
        )),
        _ => Ok(kinds),
    }
}

/// What the invitation link's page shows before the friend joins.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Invitation {
    /// Who invites.
    host: String,
    /// The mark the friend would play.
    mark: Player,
    rows: usize,
    cols: usize,
    k: usize,
    /// Someone has already joined.
    taken: bool,
    /// The invitation no longer works.
    expired: bool,
}

/// `GET /api/join/{code}`: who invites, to what game, and whether the seat is still open.
pub(crate) async fn invitation(
    State(state): State<AppState>,
    code: Result<Path<String>, PathRejection>,
) -> Result<Json<Invitation>, ApiError> {
    let Path(code) = code?;
    let game = state
        .with_store(move |s| s.live_game_by_invite(&code))
        .await?
        .ok_or_else(|| {
            ApiError::NotFound("there is no such invitation: check the link you were sent".into())
        })?;
    let mark = [Player::X, Player::O]
        .into_iter()
        .find(|&p| game.seats.get(p).friend)
        .ok_or_else(|| ApiError::internal("an invitation to a game with no friend's seat"))?;
    Ok(Json(Invitation {
        host: game
            .seats
            .get(mark.other())
            .name()
            .unwrap_or_default()
            .to_string(),
        mark,
        rows: game.rows,
        cols: game.cols,
        k: game.k,
        taken: game.seats.get(mark).name().is_some(),
        expired: game
            .invite
            .as_ref()
            .is_none_or(|i| i.expires_at <= unix_now()),
    }))
}

/// `POST /api/join/{code}`: the invited friend takes the seat kept for them, and gets its
/// token. A second join is refused (409), and so is an expired invitation (410).
pub(crate) async fn join(
    State(state): State<AppState>,
    code: Result<Path<String>, PathRejection>,
    Json(JoinRequest { name }): Json<JoinRequest>,
) -> Result<Json<GameWithSeats>, ApiError> {
    let Path(code) = code?;
    let name = check_name(&name)?;
    let game = {
        let code = code.clone();
        state
            .with_store(move |s| s.live_game_by_invite(&code))
            .await?
    }
    .ok_or_else(|| {
        ApiError::NotFound("there is no such invitation: check the link you were sent".into())
    })?;
    let invite = game
        .invite
        .as_ref()
        .ok_or_else(|| ApiError::internal("a game found by its invitation has none"))?;
    let Some(mark) = [Player::X, Player::O]
        .into_iter()
        .find(|&p| game.seats.get(p).friend)
    else {
        return Err(ApiError::internal(
            "an invitation to a game with no friend's seat",
        ));
    };
    if game.seats.get(mark).name().is_some() {
        return Err(ApiError::Conflict(
            "someone has already taken this seat: the invitation was used".into(),
        ));
    }
    if invite.expires_at <= unix_now() {
        return Err(ApiError::Gone(
            "this invitation has expired: ask for a new game".into(),
        ));
    }
    let host = game.seats.get(mark.other()).name().unwrap_or_default();
    if name_key(host) == name_key(&name) {
        return Err(ApiError::BadRequest(format!(
            "{host} is already playing: choose another name"
        )));
    }
    let token = new_secret()?;
    let mut next = game;
    next.seats.get_mut(mark).player = Some(Participant::human(name));
    next.seats.get_mut(mark).token_hash = Some(hash(&token));
    let saved = save(&state, next).await.map_err(|e| match e {
        ApiError::Conflict(_) => ApiError::Conflict(
            "someone has already taken this seat: the invitation was used".into(),
        ),
        e => e,
    })?;
    Ok(Json(GameWithSeats {
        game: view(&saved)?,
        seats: vec![HeldSeat { mark, token }],
        invite: None,
    }))
}

/// `POST /api/games/{id}/rematch`: once the game is over, a new one between the same
/// players with the marks swapped (so the other moves first). The same seats keep the same
/// tokens. Asked twice, it answers the same new game.
pub(crate) async fn rematch(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<GameWithSeats>), ApiError> {
    let game = load(&state, &game_id(id)?).await?;
    let who = caller(&headers, &game)?;
    if has_tokens(&game) && who == Caller::Anyone {
        return Err(ApiError::Unauthorized(
            "a rematch is for the players: send your seat token (Authorization: Bearer TOKEN)"
                .into(),
        ));
    }
    let held = |rematch: &LiveGame| -> Vec<HeldSeat> {
        let token = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        match (who, token) {
            (Caller::Seat(p), Some(token)) => {
                let mark = if rematch.seats.x.token_hash == game.seats.get(p).token_hash {
                    Player::X
                } else {
                    Player::O
                };
                vec![HeldSeat { mark, token }]
            }
            _ => Vec::new(),
        }
    };
    if let Some(next_id) = &game.rematch {
        let next = load(&state, next_id).await?;
        let seats = held(&next);
        return Ok((
            StatusCode::OK,
            Json(GameWithSeats {
                game: view(&next)?,
                seats,
                invite: None,
            }),
        ));
    }
    if !game.is_over().map_err(ApiError::internal)? {
        return Err(ApiError::Conflict(
            "the game is not over: a rematch starts once it is".into(),
        ));
    }
    let dims = game.dims().map_err(ApiError::internal)?;
    let seats = ByPlayer {
        x: game.seats.o.clone(),
        o: game.seats.x.clone(),
    };
    let mut next = LiveGame::new(new_secret()?, dims, seats, unix_now());
    next.thinking_until = lease(&state, &next);
    {
        let next = next.clone();
        state.with_store(move |s| s.create_live_game(&next)).await?;
    }
    let mut old = game.clone();
    old.rematch = Some(next.id.clone());
    // The new game is stored first, then the old one names it: two players asking at once
    // get one rematch (the second save is refused, and it answers the first's; its own new
    // game is never named, and goes with the idle games).
    if let Err(e) = save(&state, old).await {
        return match e {
            ApiError::Conflict(_) => {
                let again = load(&state, &game.id).await?;
                let Some(next_id) = again.rematch else {
                    return Err(e);
                };
                let next = load(&state, &next_id).await?;
                let seats = held(&next);
                Ok((
                    StatusCode::OK,
                    Json(GameWithSeats {
                        game: view(&next)?,
                        seats,
                        invite: None,
                    }),
                ))
            }
            e => Err(e),
        };
    }
    let seats = held(&next);
    let next = computer_moves(&state, next).await?;
    Ok((
        StatusCode::CREATED,
        Json(GameWithSeats {
            game: view(&next)?,
            seats,
            invite: None,
        }),
    ))
}
