//! The one error type of the API, and how it becomes a response.
//!
//! Every failure a client can cause maps to a 4xx with a message it can act on. Failures of
//! ours (the database, a crashed task) are logged in full and answered with a plain 500, so
//! no path, SQL or internal detail reaches the client.

use std::fmt;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use ttt_store::StoreError;

/// Why a request failed. Becomes `{"error": "..."}` with the matching status.
#[derive(Debug)]
pub enum ApiError {
    /// 400: a malformed body or parameter, or a value beyond the server's limits.
    BadRequest(String),
    /// 404: no such game, player or page.
    NotFound(String),
    /// 401: the request needs a seat's token and gave none.
    Unauthorized(String),
    /// 403: the token given is not the one this needs.
    Forbidden(String),
    /// 410: what was asked for existed once and is gone (an expired invitation).
    Gone(String),
    /// 429: this client asked for too much too fast.
    TooManyRequests {
        /// What it asked for too much of.
        what: &'static str,
        /// When to ask again.
        retry_after: std::time::Duration,
    },
    /// 503: the server cannot take more now (too many games in progress).
    Unavailable(String),
    /// 405: the address exists but not for this method.
    MethodNotAllowed,
    /// 409: the request is valid but the game is not in a state to accept it.
    Conflict(String),
    /// 413: the body is larger than the server accepts.
    PayloadTooLarge,
    /// 422: a well-formed move that the rules refuse.
    Unprocessable(String),
    /// 503: the request took longer than the server allows.
    Timeout,
    /// 500: a failure of ours; the detail is logged, never sent.
    Internal(String),
}

impl ApiError {
    /// A failure of ours, with the detail for the log.
    pub fn internal(detail: impl fmt::Display) -> ApiError {
        ApiError::Internal(detail.to_string())
    }

    /// The HTTP status for this error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Gone(_) => StatusCode::GONE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl fmt::Display for ApiError {
    /// The message the client sees.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Unauthorized(m)
            | ApiError::Forbidden(m)
            | ApiError::Gone(m)
            | ApiError::Unavailable(m)
            | ApiError::Conflict(m)
            | ApiError::Unprocessable(m) => f.write_str(m),
            ApiError::MethodNotAllowed => f.write_str("this address does not accept that method"),
            ApiError::TooManyRequests { what, retry_after } => write!(
                f,
                "too many {what} from your address: try again in {} s",
                retry_after.as_secs()
            ),
            ApiError::PayloadTooLarge => f.write_str("the request body is too large"),
            ApiError::Timeout => f.write_str("the server took too long to answer; try again"),
            ApiError::Internal(_) => {
                f.write_str("something went wrong on the server; see its log for details")
            }
        }
    }
}

impl std::error::Error for ApiError {}

#[derive(Serialize)]
struct ErrorBody {
    error: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            tracing::error!("internal error: {detail}");
        }
        let body = ErrorBody {
            error: self.to_string(),
        };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let ApiError::TooManyRequests { retry_after, .. } = self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(retry_after.as_secs()),
            );
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            // Another request changed the game first: the client reads it again.
            StoreError::Conflict { .. } => ApiError::Conflict(
                "the game changed while this was being done (another move came first); \
                 nothing was changed: look at the game again"
                    .into(),
            ),
            // Passing troubles of the database: the client may try again shortly.
            StoreError::Unreachable { .. } | StoreError::Busy { .. } => {
                tracing::error!("store: {e}");
                ApiError::Unavailable(
                    "the database is out of reach for now; nothing was changed: try again in \
                     a moment"
                        .into(),
                )
            }
            StoreError::DiskFull { .. } => {
                tracing::error!("store: {e}");
                ApiError::Unavailable(
                    "the server's disk is full; nothing was changed: try again later".into(),
                )
            }
            e => ApiError::internal(format!("store: {e}")),
        }
    }
}

impl From<tokio::task::JoinError> for ApiError {
    fn from(e: tokio::task::JoinError) -> ApiError {
        ApiError::internal(format!("background task: {e}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        match rejection {
            JsonRejection::BytesRejection(_)
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                ApiError::PayloadTooLarge
            }
            JsonRejection::MissingJsonContentType(_) => ApiError::BadRequest(
                "send the body as JSON with `Content-Type: application/json`".into(),
            ),
            // serde's messages name the field and position ("missing field `rows` at line 1
            // column 20"), which is what a client needs.
            JsonRejection::JsonDataError(e) => ApiError::BadRequest(format!(
                "the body does not fit the expected form: {}",
                std::error::Error::source(&e).map_or_else(|| e.body_text(), |s| s.to_string())
            )),
            JsonRejection::JsonSyntaxError(e) => ApiError::BadRequest(format!(
                "the body is not valid JSON: {}",
                std::error::Error::source(&e).map_or_else(|| e.body_text(), |s| s.to_string())
            )),
            other => ApiError::BadRequest(format!("the request body could not be read: {other}")),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::BadRequest(format!("bad address: {}", rejection.body_text()))
    }
}
