//! Sign-in sessions: a random token in the `ttt_session` cookie (HttpOnly, SameSite=Lax,
//! Path=/, Secure when the server's public address is https), kept in the store only as its
//! SHA-256, valid for [`SESSION_TTL`] and ended at sign-out. [`Session`] reads it off a
//! request.

use std::time::Duration;

use axum::extract::FromRequestParts;
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};

use crate::error::ApiError;
use crate::secrets::hash;
use crate::state::AppState;

/// The cookie's name.
pub(crate) const COOKIE_NAME: &str = "ttt_session";

/// How long a session lasts from sign-in: 30 days.
pub(crate) const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// An account signed in by the request's cookie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SignedIn {
    /// The account's name, as stored.
    pub(crate) name: String,
    /// The session's token hash, as stored.
    pub(crate) token_hash: String,
}

/// The account the request's session cookie signs in, if any (an unknown, ended or
/// expired session is nobody's).
#[derive(Debug, Clone, Default)]
pub(crate) struct Session(pub(crate) Option<SignedIn>);

impl Session {
    /// The signed-in account, or 401 saying what needs it.
    pub(crate) fn required(self, what: &str) -> Result<SignedIn, ApiError> {
        self.0
            .ok_or_else(|| ApiError::Unauthorized(format!("sign in to {what}")))
    }
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(token) = token(&parts.headers) else {
            return Ok(Session(None));
        };
        let token_hash = hash(&token);
        let now = ttt_store::unix_now();
        let looked_up = token_hash.clone();
        let name = state
            .with_store(move |s| s.session(&looked_up, now))
            .await?;
        Ok(Session(name.map(|name| SignedIn { name, token_hash })))
    }
}

/// The session token in the request's cookies, if any.
pub(crate) fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| !t.is_empty() && t.len() <= 128)
}

/// Whether the request carries a session cookie at all (valid or not).
pub(crate) fn carries_cookie(headers: &HeaderMap) -> bool {
    token(headers).is_some()
}

/// The `Set-Cookie` header that keeps `token` for [`SESSION_TTL`].
pub(crate) fn set_cookie(token: &str, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    cookie(token, SESSION_TTL.as_secs(), secure)
}

/// The `Set-Cookie` header that makes the browser forget its session.
pub(crate) fn clear_cookie(secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    cookie("", 0, secure)
}

fn cookie(value: &str, max_age: u64, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let text =
        format!("{COOKIE_NAME}={value}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Lax{secure}");
    (
        SET_COOKIE,
        HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static("")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_found_among_others_and_set_safely() {
        let mut h = HeaderMap::new();
        h.insert(COOKIE, "a=1; ttt_session=abc ; b=2".parse().unwrap());
        assert_eq!(token(&h).as_deref(), Some("abc"));
        h.insert(COOKIE, "ttt_session=".parse().unwrap());
        assert_eq!(token(&h), None);
        let (_, v) = set_cookie("tok", true);
        let v = v.to_str().unwrap();
        for part in [
            "ttt_session=tok",
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Secure",
        ] {
            assert!(v.contains(part), "{v}");
        }
        let (_, v) = clear_cookie(false);
        assert!(v.to_str().unwrap().contains("Max-Age=0"));
        assert!(!v.to_str().unwrap().contains("Secure"));
    }
}
