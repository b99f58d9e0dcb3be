//! A JSON extractor and response that speak our error format.
//!
//! axum's own `Json` answers a malformed body with plain text; this wrapper turns its
//! rejections into [`ApiError`]s, so every failure a client sees is `{"error": "..."}`.

use axum::extract::{FromRequest, Request};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::ApiError;

/// A JSON body (as an extractor) or a JSON response.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<S, T> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = req.into_parts();
        let bytes =
            axum::body::Bytes::from_request(Request::from_parts(parts.clone(), body), state)
                .await
                .map_err(|e| {
                    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                        ApiError::PayloadTooLarge
                    } else {
                        ApiError::BadRequest(format!("the request body could not be read: {e}"))
                    }
                })?;
        // Every body this API takes is an object; serde would also read an array into a
        // struct's fields in order, which no client means.
        let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
        if first.is_some_and(|&b| b != b'{') {
            return Err(ApiError::BadRequest(
                "the request body must be a JSON object, {...}".into(),
            ));
        }
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        let axum::Json(value) = axum::Json::<T>::from_request(request, state).await?;
        Ok(Json(value))
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}
