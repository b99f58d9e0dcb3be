//! Seeks made, listed and removed.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ttt_core::{Dims, Opening, Rule, TimeControl};
use ttt_store::{is_guest, rating_board, Participant, Seek, SeekColor, GUEST};

use super::view::{alive_since, SeekView, MOST_LISTED};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::games::create::{check_dims, check_rules, ClockRequest};
use crate::games::names::may_play_as;
use crate::json::Json;
use crate::players::check_own_name;
use crate::secrets::{hash, new_secret};
use crate::state::AppState;

fn three() -> usize {
    3
}

/// `POST /api/seeks`: the game sought, as `POST /api/games` names one, with the seeker's
/// mark and, when not signed in, name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeekRequest {
    #[serde(default = "three")]
    rows: usize,
    #[serde(default = "three")]
    cols: usize,
    #[serde(default = "three")]
    k: usize,
    rule: Option<String>,
    opening: Option<String>,
    clock: Option<ClockRequest>,
    #[serde(default)]
    rated: bool,
    /// `random` (the default), `X` or `O`.
    color: Option<String>,
    /// The seeker's name when not signed in (blank: a guest).
    name: Option<String>,
}

/// A new seek's answer: the seek, its id, and the seeker's secret.
#[derive(Debug, Serialize)]
pub(crate) struct Created {
    #[serde(flatten)]
    seek: SeekView,
    /// The seeker's secret: it removes the seek, follows it (`/api/lobby/events?seek=ID`),
    /// and is the seeker's seat token in the game it becomes.
    token: String,
}

/// Who plays under which name: the signed-in account's, or the name given (a guest's when
/// blank), never an account's without signing in. Whether it is an account's, signed in.
pub(crate) async fn player_name(
    state: &AppState,
    session: &Session,
    name: Option<&str>,
) -> Result<(String, bool), ApiError> {
    if let Some(signed) = &session.0 {
        return Ok((signed.name.clone(), true));
    }
    match name.map(str::trim) {
        None | Some("") => Ok((GUEST.to_string(), false)),
        Some(name) => {
            let name = check_own_name(name)?;
            may_play_as(state, session, &name).await?;
            Ok((name, false))
        }
    }
}

/// The rating of account `name` on the board of `dims` under `rule`, where it has one, and
/// whether it is provisional.
pub(crate) async fn rating_on(
    state: &AppState,
    name: &str,
    dims: Dims,
    rule: Rule,
) -> Result<Option<(i64, bool)>, ApiError> {
    let Some(board) = rating_board(dims.rows(), dims.cols(), dims.k(), rule) else {
        return Ok(None);
    };
    let who = Participant::human(name);
    let now = ttt_store::unix_now();
    let ratings = state.with_store(move |s| s.ratings(&who, now)).await?;
    Ok(ratings
        .into_iter()
        .find(|r| r.board == board)
        .map(|r| (r.rating.round() as i64, r.provisional)))
}

/// The settings of a seek, checked: the board, rules, clock and whether it can be rated.
pub(crate) struct Settings {
    pub(crate) dims: Dims,
    pub(crate) rule: Rule,
    pub(crate) opening: Opening,
    pub(crate) time_control: TimeControl,
    pub(crate) rated: bool,
    pub(crate) color: SeekColor,
}

/// A new open seek for `name` with `settings`, and its secret.
pub(crate) async fn new_seek(
    state: &AppState,
    settings: &Settings,
    (name, account): (String, bool),
    quick: bool,
    created_ms: i64,
) -> Result<(Seek, String), ApiError> {
    let rating = if account {
        rating_on(state, &name, settings.dims, settings.rule).await?
    } else {
        None
    };
    let token = new_secret()?;
    let now = state.now_ms();
    let seek = Seek {
        id: new_secret()?,
        rows: settings.dims.rows(),
        cols: settings.dims.cols(),
        k: settings.dims.k(),
        rule: settings.rule,
        opening: settings.opening,
        time_control: settings.time_control,
        rated: settings.rated,
        quick,
        color: settings.color,
        seeker: name,
        seeker_account: account,
        token_hash: hash(&token),
        rating: rating.map(|r| r.0),
        rating_provisional: rating.is_some_and(|r| r.1),
        created_ms,
        alive_ms: now,
        game: None,
        accepted_by: None,
    };
    let stored = seek.clone();
    state.with_store(move |s| s.create_seek(&stored)).await?;
    Ok((seek, token))
}

/// `GET /api/lobby`: the open seeks, oldest first.
pub(crate) async fn list(State(state): State<AppState>) -> Result<Json<Vec<SeekView>>, ApiError> {
    let since = alive_since(state.now_ms());
    let seeks = state
        .with_store(move |s| s.open_seeks(since, MOST_LISTED))
        .await?;
    Ok(Json(seeks.iter().map(SeekView::new).collect()))
}

/// `POST /api/seeks`.
pub(crate) async fn create(
    State(state): State<AppState>,
    session: Session,
    Json(request): Json<SeekRequest>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let dims = check_dims(request.rows, request.cols, request.k, &state.limits)?;
    let (rule, opening) = check_rules(request.rule.as_deref(), request.opening.as_deref(), dims)?;
    let time_control = match request.clock {
        Some(clock) => clock.control()?,
        None => TimeControl::None,
    };
    let color = match request.color.as_deref() {
        None => SeekColor::Random,
        Some(word) => SeekColor::from_word(match word.to_ascii_lowercase().as_str() {
            "x" => "X",
            "o" => "O",
            other => other,
        })
        .ok_or_else(|| {
            ApiError::BadRequest(format!("color: {word:?} is not one: random, X or O"))
        })?,
    };
    let who = player_name(&state, &session, request.name.as_deref()).await?;
    if request.rated {
        if !who.1 || is_guest(&who.0) {
            return Err(ApiError::Unauthorized(
                "a rated seek needs an account: sign in, or seek a casual game".into(),
            ));
        }
        if rating_board(dims.rows(), dims.cols(), dims.k(), rule).is_none() {
            return Err(ApiError::Unprocessable(
                "only the preset boards are rated: seek a casual game on this one".into(),
            ));
        }
    }
    let settings = Settings {
        dims,
        rule,
        opening,
        time_control,
        rated: request.rated,
        color,
    };
    let now = state.now_ms();
    let (seek, token) = new_seek(&state, &settings, who, false, now).await?;
    state.lobby.changed();
    Ok((
        StatusCode::CREATED,
        Json(Created {
            seek: SeekView::new(&seek),
            token,
        }),
    ))
}

/// The bearer token of a request, if it has one.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
}

/// `DELETE /api/seeks/{id}`: the seeker (its token) removes an open seek.
pub(crate) async fn remove(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let owned = id.clone();
    let seek = state
        .with_store(move |s| s.seek(&owned))
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no seek {id:?}")))?;
    match bearer(&headers) {
        None => {
            return Err(ApiError::Unauthorized(
                "only the seeker removes a seek: send its token (Authorization: Bearer TOKEN)"
                    .into(),
            ))
        }
        Some(token) if hash(&token) != seek.token_hash => {
            return Err(ApiError::Forbidden("that token is not this seek's".into()))
        }
        Some(_) => {}
    }
    if seek.game.is_some() {
        return Err(ApiError::Conflict(
            "the seek was accepted: its game has begun".into(),
        ));
    }
    state.with_store(move |s| s.remove_seek(&id)).await?;
    state.lobby.changed();
    Ok(StatusCode::NO_CONTENT)
}
