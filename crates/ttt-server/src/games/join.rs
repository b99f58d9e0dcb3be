//! A friend joining by the invitation link: what the link's page shows first, and taking
//! the seat kept for the friend, which gives the friend its token.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use serde::Deserialize;
use ttt_core::{Opening, Player, Rule};
use ttt_store::{name_key, unix_now, Participant};

use super::live::{position, save, GameWithSeats, HeldSeat};
use super::names::{is_signed_in_as, may_play_as};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::json::Json;
use crate::players::check_own_name;
use crate::secrets::{hash, new_secret};
use crate::state::AppState;
use crate::view::GameView;

/// `POST /api/join/{code}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    name: String,
}

/// What the invitation link's page shows before the friend joins.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Invitation {
    /// Who invites.
    host: String,
    /// The mark the friend would play (under an opening, the seat they take: X for the one
    /// who opens, and the opening settles who plays X).
    mark: Player,
    rows: usize,
    cols: usize,
    k: usize,
    rule: Rule,
    opening: Opening,
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
        rule: game.rule,
        opening: game.opening,
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
    session: Session,
    code: Result<Path<String>, PathRejection>,
    Json(JoinRequest { name }): Json<JoinRequest>,
) -> Result<Json<GameWithSeats>, ApiError> {
    let Path(code) = code?;
    let name = check_own_name(&name)?;
    may_play_as(&state, &session, &name).await?;
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
    if game.rated && !is_signed_in_as(&session, &name) {
        return Err(ApiError::Unauthorized(
            "this game is rated: sign in, and join under your account's name".into(),
        ));
    }
    let host = game.seats.get(mark.other()).name().unwrap_or_default();
    if name_key(host) == name_key(&name) {
        return Err(ApiError::BadRequest(format!(
            "{host} is already playing: choose another name"
        )));
    }
    let token = new_secret()?;
    let pos = position(&game)?;
    let mut next = game;
    next.seats.get_mut(mark).player = Some(Participant::human(name));
    next.seats.get_mut(mark).token_hash = Some(hash(&token));
    // Both seats are taken: the clock starts (unless an opening is to be played first).
    super::clocks::start_if_due(&mut next, &pos, state.now_ms());
    let saved = save(&state, next, &pos).await.map_err(|e| match e {
        ApiError::Conflict(_) => ApiError::Conflict(
            "someone has already taken this seat: the invitation was used".into(),
        ),
        e => e,
    })?;
    Ok(Json(GameWithSeats {
        game: GameView::new(&saved, &pos, state.now_ms()),
        seats: vec![HeldSeat { mark, token }],
        invite: None,
    }))
}
