//! The client's address as a handler's argument: the throttle of sign-ins and the analysis
//! board's one search a client go by it.

use std::net::IpAddr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::ApiError;
use crate::fair_use::client_of;
use crate::state::AppState;

/// The client's address, as far as the server can tell ([`client_of`]).
pub(crate) struct Client(pub(crate) IpAddr);

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(Client(client_of(
            &parts.headers,
            &parts.extensions,
            state.limits.trust_forwarded_for,
        )))
    }
}
