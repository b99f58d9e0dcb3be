//! Accounts on the web server: sign up, sign in and out (here or everywhere), the signed-in
//! account, changing the password, and deleting the account (its games stay; its name is held
//! from everyone for [`NAME_HOLD`]).
//!
//! A password is checked ([`password::check`]) and kept only as its Argon2id hash; a failed
//! sign-in says the same for an unknown name as for a wrong password, takes as long, and
//! counts against the name and the client ([`throttle`]).

pub(crate) mod claims;
pub(crate) mod operator;
pub(crate) mod password;
pub(crate) mod session;
pub(crate) mod throttle;

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, get, post};
use axum::Router;
use serde::{Deserialize, Serialize};
use ttt_store::{name_key, BoardRating, Participant, SignUpRefused};

use crate::client::Client;
use crate::error::ApiError;
use crate::json::Json;
use crate::players::check_own_name;
use crate::secrets::{hash, new_secret};
use crate::state::AppState;
use session::{clear_cookie, set_cookie, Session};

/// How long a deleted account's name stays nobody's: 30 days, so that nobody can take it
/// and pass for its owner among the players who knew them.
pub const NAME_HOLD: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route(
            "/api/session",
            get(session_state).post(sign_in).delete(sign_out),
        )
        .route("/api/sessions", delete(sign_out_everywhere))
        .route("/api/me", get(me))
        .route("/api/account/password", post(change_password))
        .route("/api/account", delete(delete_account))
}

/// `POST /api/accounts` and `POST /api/session`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
    /// For a name with games: the code `ttt accounts claim` printed for it.
    #[serde(default)]
    claim_code: Option<String>,
}

/// The signed-in account, as `GET /api/me` and a sign-in answer it.
#[derive(Serialize)]
struct Me {
    name: String,
    ratings: std::collections::BTreeMap<String, BoardRating>,
}

/// Runs password hashing (deliberately slow) off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(ApiError::internal)
}

/// Starts a session for `name`: the answer with its cookie.
async fn signed_in(
    state: &AppState,
    name: String,
    status: StatusCode,
) -> Result<axum::response::Response, ApiError> {
    let token = new_secret()?;
    let now = ttt_store::unix_now();
    let expires = now + i64::try_from(session::SESSION_TTL.as_secs()).unwrap_or(i64::MAX);
    {
        let (token_hash, name) = (hash(&token), name.clone());
        state
            .with_store(move |s| s.create_session(&token_hash, &name, now, expires))
            .await?;
    }
    let me = me_of(state, name).await?;
    Ok((
        status,
        [set_cookie(&token, state.secure_cookies())],
        Json(me),
    )
        .into_response())
}

async fn me_of(state: &AppState, name: String) -> Result<Me, ApiError> {
    let now = ttt_store::unix_now();
    let who = Participant::human(name.clone());
    let ratings = state.with_store(move |s| s.ratings(&who, now)).await?;
    Ok(Me {
        name,
        ratings: ratings.into_iter().map(|r| (r.board.clone(), r)).collect(),
    })
}

/// `POST /api/accounts`: a new account, signed in at once (201 and the cookie).
async fn sign_up(
    State(state): State<AppState>,
    Json(request): Json<Credentials>,
) -> Result<axum::response::Response, ApiError> {
    let name = check_own_name(&request.name)?;
    password::check(&name, &request.password)?;
    let password = request.password;
    let hashed = blocking(move || password::hash(&password)).await??;
    let claim = request.claim_code.as_deref().map(hash);
    let now = ttt_store::unix_now();
    let created = {
        let name = name.clone();
        state
            .with_store(move |s| s.create_account(&name, &hashed, now, claim.as_deref()))
            .await
    };
    let stored = match created {
        Ok(Ok(stored)) => stored,
        Ok(Err(refused @ (SignUpRefused::NeedsClaim { .. } | SignUpRefused::BadClaim { .. }))) => {
            return Err(ApiError::Forbidden(refused.to_string()))
        }
        Ok(Err(refused)) => return Err(ApiError::Conflict(refused.to_string())),
        Err(ApiError::Conflict(_)) => {
            return Err(ApiError::Conflict(format!(
                "the name {name} was taken a moment ago: choose another"
            )))
        }
        Err(e) => return Err(e),
    };
    tracing::info!("account created: {stored}");
    signed_in(&state, stored, StatusCode::CREATED).await
}

/// Checks `password` against the account called `name`, throttled: the account's name as
/// stored, or 401 (the same for an unknown name as for a wrong password), 403 for a disabled
/// account, or 429.
async fn authenticate(
    state: &AppState,
    client: std::net::IpAddr,
    name: &str,
    password: String,
) -> Result<String, ApiError> {
    let keys = [
        format!("name:{}", name_key(name)),
        format!("client:{client}"),
    ];
    state.sign_ins.check(&keys, Instant::now())?;
    let account = {
        let name = name.to_string();
        state.with_store(move |s| s.account(&name)).await?
    };
    let stored = account.as_ref().map_or_else(
        || password::decoy().to_string(),
        |a| a.password_hash.clone(),
    );
    let good = blocking(move || password::verify(&password, &stored)).await?;
    match account {
        // Only the right password learns that the account is disabled.
        Some(account) if good && account.disabled => Err(ApiError::Forbidden(
            "this account is disabled: ask the server's operator".to_string(),
        )),
        Some(account) if good => Ok(account.name),
        _ => {
            state.sign_ins.failed(&keys, Instant::now());
            Err(ApiError::Unauthorized("wrong name or password".to_string()))
        }
    }
}

/// `POST /api/session`: signs in (the cookie), or 401 "wrong name or password".
async fn sign_in(
    State(state): State<AppState>,
    Client(client): Client,
    Json(request): Json<Credentials>,
) -> Result<axum::response::Response, ApiError> {
    if request.claim_code.is_some() {
        return Err(ApiError::BadRequest(
            "a claim code is for signing up (POST /api/accounts), not signing in".into(),
        ));
    }
    let name = authenticate(&state, client, &request.name, request.password).await?;
    signed_in(&state, name, StatusCode::OK).await
}

/// `DELETE /api/session`: signs this browser out (its session ends; the cookie goes).
async fn sign_out(
    State(state): State<AppState>,
    session: Session,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(signed) = session.0 {
        state
            .with_store(move |s| s.end_session(&signed.token_hash))
            .await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [clear_cookie(state.secure_cookies())],
    ))
}

/// `DELETE /api/sessions`: ends every session of the signed-in account, this one too.
async fn sign_out_everywhere(
    State(state): State<AppState>,
    session: Session,
) -> Result<impl IntoResponse, ApiError> {
    let signed = session.required("sign out everywhere")?;
    let now = ttt_store::unix_now();
    state
        .with_store(move |s| s.end_sessions(&signed.name, None, now))
        .await?;
    Ok((
        StatusCode::NO_CONTENT,
        [clear_cookie(state.secure_cookies())],
    ))
}

/// `GET /api/session`: `{"account": ACCOUNT}` for a signed-in browser (as `GET /api/me`),
/// `{"account": null}` otherwise; for pages, which ask on every load.
async fn session_state(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = match session.0 {
        Some(signed) => Some(me_of(&state, signed.name).await?),
        None => None,
    };
    Ok(Json(serde_json::json!({ "account": account })))
}

/// `GET /api/me`: the signed-in account and its ratings, or 401.
async fn me(State(state): State<AppState>, session: Session) -> Result<Json<Me>, ApiError> {
    let signed = session.required("see your account")?;
    Ok(Json(me_of(&state, signed.name).await?))
}

/// `POST /api/account/password`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    /// The password now.
    password: String,
    new_password: String,
}

/// `POST /api/account/password`: a new password, given the present one; every other
/// session of the account ends.
async fn change_password(
    State(state): State<AppState>,
    Client(client): Client,
    session: Session,
    Json(request): Json<NewPassword>,
) -> Result<StatusCode, ApiError> {
    let signed = session.required("change your password")?;
    password::check(&signed.name, &request.new_password)?;
    let name = authenticate(&state, client, &signed.name, request.password).await?;
    let new = request.new_password;
    let hashed = blocking(move || password::hash(&new)).await??;
    let now = ttt_store::unix_now();
    let keep = signed.token_hash.clone();
    state
        .with_store(move |s| {
            s.set_password(&name, &hashed, now)?;
            s.end_sessions(&name, Some(&keep), now)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/account`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirm {
    password: String,
}

/// `DELETE /api/account`: given the password, deletes the account and signs it out
/// everywhere; its games stay, under its name, which nobody can take for [`NAME_HOLD`].
async fn delete_account(
    State(state): State<AppState>,
    Client(client): Client,
    session: Session,
    Json(request): Json<Confirm>,
) -> Result<impl IntoResponse, ApiError> {
    let signed = session.required("delete your account")?;
    let name = authenticate(&state, client, &signed.name, request.password).await?;
    let until = ttt_store::unix_now() + i64::try_from(NAME_HOLD.as_secs()).unwrap_or(i64::MAX);
    state
        .with_store(move |s| s.delete_account(&name, until))
        .await?;
    tracing::info!("account deleted: {}", signed.name);
    Ok((
        StatusCode::NO_CONTENT,
        [clear_cookie(state.secure_cookies())],
    ))
}
