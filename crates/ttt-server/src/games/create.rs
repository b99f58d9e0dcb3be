//! Starting games: a new game (with room made for it when the server is full), under a rule
//! and an opening rule, and a rematch with the marks swapped. A friend's joining is in
//! `join`.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use ttt_ai::Level;
use ttt_core::{ByPlayer, Clock, Dims, Opening, Player, Position, Rule, TimeControl};
use ttt_store::{
    is_guest, name_key, rating_board, unix_now, Invite, LiveGame, LiveSeat, Participant,
    ENGINE_PREFIX, GUEST,
};

use super::clocks::start_if_due;
use super::live::{load, load_played, save, GameId, GameWithSeats, HeldSeat};
use super::names::{is_signed_in_as, may_play_as};
use super::turn::{computer_moves, lease};
use crate::accounts::session::Session;
use crate::config::DEFAULT_LEVEL;
use crate::error::ApiError;
use crate::json::Json;
use crate::limits::Limits;
use crate::players::check_own_name;
use crate::seats::{caller, has_tokens, Caller};
use crate::secrets::{hash, new_secret};
use crate::state::AppState;
use crate::view::GameView;

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
    /// `freestyle` (the default), `standard`, `renju` (k = 5 only) or `caro`.
    rule: Option<String>,
    /// `none` (the default), `swap` or `swap2`: two people settle who plays X. The players
    /// are then in the order they sit down: the first opens.
    opening: Option<String>,
    /// Whether the result moves the players' ratings: between a signed-in player and the
    /// computer, or a signed-in host and an invited friend who signs in to join; on the
    /// preset boards only.
    #[serde(default)]
    rated: bool,
    /// The time control: `{"initial": SECONDS, "increment": SECONDS}` (Fischer),
    /// `{"per_move": SECONDS}` or `{"days": N}` (correspondence); none without.
    clock: Option<ClockRequest>,
    players: Vec<SeatRequest>,
}

/// A time control as a request gives it: one of its three forms.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockRequest {
    initial: Option<u64>,
    increment: Option<u64>,
    per_move: Option<u64>,
    days: Option<u64>,
}

impl ClockRequest {
    /// The time control it names, checked.
    pub(crate) fn control(self) -> Result<TimeControl, ApiError> {
        let control = match (self.initial, self.increment, self.per_move, self.days) {
            (Some(initial), increment, None, None) => TimeControl::Fischer {
                initial,
                increment: increment.unwrap_or(0),
            },
            (None, None, Some(per_move), None) => TimeControl::PerMove { per_move },
            (None, None, None, Some(days)) => TimeControl::Days { days },
            _ => {
                return Err(ApiError::BadRequest(
                    "clock: give {\"initial\": SECONDS, \"increment\": SECONDS}, \
                     {\"per_move\": SECONDS} or {\"days\": N}"
                        .into(),
                ))
            }
        };
        control
            .checked()
            .map_err(|e| ApiError::BadRequest(format!("clock: {e}")))
    }
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

/// `POST /api/games`: a new game; the computer's moves are made if it starts. Every
/// person's seat gets a token: the seats at this screen share one, which the answer holds
/// (`seats`); with a friend's seat, the answer also has the invitation link.
pub(crate) async fn create(
    State(state): State<AppState>,
    session: Session,
    Json(request): Json<NewGameRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let dims = check_dims(request.rows, request.cols, request.k, &state.limits)?;
    let (rule, opening) = check_rules(request.rule.as_deref(), request.opening.as_deref(), dims)?;
    let rated = request.rated;
    let control = match request.clock {
        Some(clock) => clock.control()?,
        None => TimeControl::None,
    };
    let kinds = check_players(request.players, &state)?;
    check_opening(opening, &kinds)?;
    for kind in [&kinds.x, &kinds.o] {
        if let Some(name) = kind.name().filter(|n| !is_guest(n)) {
            may_play_as(&state, &session, name).await?;
        }
    }
    if rated {
        check_rated(&session, &kinds, dims, rule)?;
    }
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
    // The seats played at this screen: one token, which this browser holds. The friend's
    // gets its own when the friend joins; the computer's none.
    let screen = new_secret()?;
    let mut seat = |mut kind: LiveSeat, mark: Player| -> Result<LiveSeat, ApiError> {
        if let Some(Participant::Human { .. }) = &kind.player {
            held.push(HeldSeat {
                mark,
                token: screen.clone(),
            });
            kind.token_hash = Some(hash(&screen));
        }
        Ok(kind)
    };
    let seats = ByPlayer {
        x: seat(kinds.x, Player::X)?,
        o: seat(kinds.o, Player::O)?,
    };
    let now = unix_now();
    let mut game = LiveGame::new(new_secret()?, dims, seats, now);
    game.rule = rule;
    game.opening = opening;
    game.rated = rated;
    game.clock = Clock::new(control);
    if invited {
        game.invite = Some(Invite {
            code: new_secret()?,
            expires_at: now + secs(state.limits.invite_ttl),
        });
    }
    let pos = Position::with_rule(dims, rule).map_err(ApiError::internal)?;
    start_if_due(&mut game, &pos, state.now_ms());
    game.thinking_until = lease(&state, &game, &pos);
    {
        let game = game.clone();
        state.with_store(move |s| s.create_live_game(&game)).await?;
        state.games_kept.created();
    }
    let invite = game.invite.as_ref().map(|i| format!("/join/{}", i.code));
    let (game, pos) = computer_moves(&state, game, pos).await?;
    let location = format!("/api/games/{}", game.id);
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(GameWithSeats {
            game: GameView::new(&game, &pos, state.now_ms()),
            seats: held,
            invite,
        }),
    ))
}

/// A rated game: on a board that has ratings, with every person at this screen signed in as
/// the name they play under (so at most one: the other side is the computer, or a friend who
/// must sign in to join).
fn check_rated(
    session: &Session,
    seats: &ByPlayer<LiveSeat>,
    dims: Dims,
    rule: Rule,
) -> Result<(), ApiError> {
    if rating_board(dims.rows(), dims.cols(), dims.k(), rule).is_none() {
        return Err(ApiError::Unprocessable(
            "only the preset boards are rated (classic, four-by-four, five-by-five, \
             six-by-seven, gomoku): play this one casual"
                .into(),
        ));
    }
    let people: Vec<&str> = [&seats.x, &seats.o]
        .iter()
        .filter_map(|s| s.name())
        .collect();
    let friend = seats.x.friend || seats.o.friend;
    if people.iter().any(|n| is_guest(n)) {
        return Err(ApiError::Unprocessable(
            "guests play casual games: to play rated, sign in and play under your account's \
             name"
                .into(),
        ));
    }
    match people.as_slice() {
        [] => Err(ApiError::Unprocessable(
            "a rated game needs a signed-in player: two computers play casual games".into(),
        )),
        [name] if is_signed_in_as(session, name) => Ok(()),
        [name] => Err(ApiError::Unauthorized(format!(
            "a rated game is played under your account's name, signed in: {name} is not the \
             account signed in here; sign in and play under your name, or play casual"
        ))),
        _ if friend => Ok(()),
        _ => Err(ApiError::Unprocessable(
            "a rated game is between a signed-in player and the computer, or two signed-in \
             players each on their own device (invite a friend by link): two people at one \
             screen play casual"
                .into(),
        )),
    }
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

pub(crate) fn check_dims(
    rows: usize,
    cols: usize,
    k: usize,
    limits: &Limits,
) -> Result<Dims, ApiError> {
    let max = limits.max_side;
    if !(1..=max).contains(&rows) || !(1..=max).contains(&cols) {
        return Err(ApiError::BadRequest(format!(
            "a board of {rows} rows by {cols} columns is not offered here: rows and columns must each be between 1 and {max}"
        )));
    }
    Dims::new(rows, cols, k).map_err(|e| ApiError::BadRequest(e.to_string()))
}

/// The rule and the opening rule asked for: renju only with five in a row (422 otherwise),
/// and an opening only where its stones cannot end the game (K of 4 or more) and leave room
/// to play on.
pub(crate) fn check_rules(
    rule: Option<&str>,
    opening: Option<&str>,
    dims: Dims,
) -> Result<(Rule, Opening), ApiError> {
    let rule = match rule {
        None => Rule::Freestyle,
        Some(name) => name
            .parse::<Rule>()
            .map_err(|e| ApiError::BadRequest(e.to_string()))?,
    };
    if rule.check_k(dims.k()).is_err() {
        return Err(ApiError::Unprocessable(format!(
            "renju is played with five in a row, not {}: make k 5, or choose another rule",
            dims.k()
        )));
    }
    let opening = match opening {
        None => Opening::None,
        Some(name) => name
            .parse::<Opening>()
            .map_err(|e| ApiError::BadRequest(e.to_string()))?,
    };
    // Swap2 places five stones, three of one colour: with fewer than four in a row they
    // could end the game before anyone chose a colour.
    if opening != Opening::None && (dims.k() < 4 || dims.cells() < 9) {
        return Err(ApiError::Unprocessable(format!(
            "the {opening} opening needs k of at least 4 and a board of at least 9 cells: its \
             stones must not end the game before the colours are chosen"
        )));
    }
    Ok((rule, opening))
}

/// An opening is played by people and the computer's levels: an outside engine does not
/// place opening stones or choose a colour.
fn check_opening(opening: Opening, seats: &ByPlayer<LiveSeat>) -> Result<(), ApiError> {
    let engine = [&seats.x, &seats.o]
        .iter()
        .any(|s| matches!(s.player, Some(Participant::Engine { .. })));
    if opening == Opening::None || !engine {
        return Ok(());
    }
    Err(ApiError::Unprocessable(format!(
        "the {opening} opening is played by people and the computer's levels: an outside \
         engine does not play openings; choose a level, or the opening none"
    )))
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
            // No name: a guest, shown and recorded as one, never ranked.
            SeatRequest::Human { name } if name.trim().is_empty() => {
                Ok(LiveSeat::new(Participant::human(GUEST)))
            }
            SeatRequest::Human { name } => {
                Ok(LiveSeat::new(Participant::human(check_own_name(&name)?)))
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
        (a, b)
            if a.name().is_some_and(|n| !is_guest(n))
                && a.name().map(name_key) == b.name().map(name_key) =>
        {
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

/// `POST /api/games/{id}/rematch`: once the game is over, a new one between the same
/// players with the marks swapped (so the other moves first). The same seats keep the same
/// tokens. Asked twice, it answers the same new game.
pub(crate) async fn rematch(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<GameWithSeats>), ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    let who = caller(&headers, &game, &session)?;
    if has_tokens(&game) && who == Caller::Anyone {
        return Err(ApiError::Unauthorized(
            "a rematch is for the players: send your seat token (Authorization: Bearer TOKEN) \
             or sign in as your seat's player"
                .into(),
        ));
    }
    let answer = |status, next: &LiveGame, pos: &Position| {
        let seats = held_in_rematch(&headers, who, &game, next);
        (
            status,
            Json(GameWithSeats {
                game: GameView::new(next, pos, state.now_ms()),
                seats,
                invite: None,
            }),
        )
    };
    if let Some(next_id) = &game.rematch {
        let (next, pos) = load_played(&state, next_id).await?;
        return Ok(answer(StatusCode::OK, &next, &pos));
    }
    if !(pos.is_over() || game.ended_off_board()) {
        return Err(ApiError::Conflict(
            "the game is not over: a rematch starts once it is".into(),
        ));
    }
    let dims = game.dims().map_err(ApiError::internal)?;
    // The other person starts (moves first, or opens): the one who did not sit first in
    // this game, who is at X if an opening made the seats change places.
    let opener_moved = game
        .opening
        .x_player(game.moves.len(), &game.opening_choices)
        == Some(ttt_core::Order::Second);
    let seats = if opener_moved {
        game.seats.clone()
    } else {
        ByPlayer {
            x: game.seats.o.clone(),
            o: game.seats.x.clone(),
        }
    };
    let mut next = LiveGame::new(new_secret()?, dims, seats, unix_now());
    next.rule = game.rule;
    next.opening = game.opening;
    next.rated = game.rated;
    next.clock = Clock::new(game.clock.control());
    let next_pos = Position::with_rule(dims, game.rule).map_err(ApiError::internal)?;
    start_if_due(&mut next, &next_pos, state.now_ms());
    next.thinking_until = lease(&state, &next, &next_pos);
    {
        let next = next.clone();
        state.with_store(move |s| s.create_live_game(&next)).await?;
    }
    let mut old = game.clone();
    old.rematch = Some(next.id.clone());
    // The new game is stored first, then the old one names it: two players asking at once
    // get one rematch (the second save is refused, and it answers the first's; its own new
    // game is never named, and goes with the idle games).
    match save(&state, old, &pos).await {
        Ok(_) => {
            let (next, next_pos) = computer_moves(&state, next, next_pos).await?;
            Ok(answer(StatusCode::CREATED, &next, &next_pos))
        }
        Err(ApiError::Conflict(why)) => {
            let again = load(&state, &game.id).await?;
            let Some(next_id) = again.rematch else {
                return Err(ApiError::Conflict(why));
            };
            let (next, pos) = load_played(&state, &next_id).await?;
            Ok(answer(StatusCode::OK, &next, &pos))
        }
        Err(e) => Err(e),
    }
}

/// The caller's seat in `rematch` of `game`: the one with the same token.
fn held_in_rematch(
    headers: &HeaderMap,
    who: Caller,
    game: &LiveGame,
    rematch: &LiveGame,
) -> Vec<HeldSeat> {
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
        (Caller::Both, Some(token)) => [Player::X, Player::O]
            .into_iter()
            .filter(|&p| rematch.seats.get(p).token_hash.is_some())
            .map(|mark| HeldSeat {
                mark,
                token: token.clone(),
            })
            .collect(),
        _ => Vec::new(),
    }
}
