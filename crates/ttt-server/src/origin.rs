//! Requests from other sites: a request that changes something and carries the session
//! cookie must come from the server's own pages. Browsers say where a request comes from
//! (`Sec-Fetch-Site`, `Origin`); a request another site's page makes with the player's
//! cookie is refused with 403 before it does anything. (SameSite=Lax already keeps the
//! cookie off most such requests; this holds where it does not, such as sites on a sibling
//! domain.)

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::accounts::session::carries_cookie;
use crate::error::ApiError;
use crate::state::AppState;

/// Refuses a signed-in, state-changing request from another origin.
pub(crate) async fn same_origin(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if !safe && carries_cookie(request.headers()) {
        if let Err(why) = check(request.headers(), state.public_url.as_deref()) {
            return ApiError::Forbidden(why.into()).into_response();
        }
    }
    next.run(request).await
}

/// Why a request's headers say it comes from another site, if they do. `public` is the
/// server's public address, if given; otherwise the request's `Host` is the server.
fn check(headers: &HeaderMap, public: Option<&str>) -> Result<(), &'static str> {
    const REFUSED: &str =
        "requests from other sites are refused while signed in: use this server's own pages";
    if let Some(site) = headers.get("sec-fetch-site") {
        if !matches!(site.to_str(), Ok("same-origin" | "none")) {
            return Err(REFUSED);
        }
    }
    let Some(origin) = headers.get(ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().map_err(|_| REFUSED)?.trim_end_matches('/');
    let same = match public {
        Some(public) => origin.eq_ignore_ascii_case(public),
        None => {
            let host = headers.get(HOST).and_then(|h| h.to_str().ok());
            let authority = origin.split_once("://").map(|(_, rest)| rest);
            matches!((host, authority), (Some(h), Some(a)) if h.eq_ignore_ascii_case(a))
        }
    };
    if same {
        Ok(())
    } else {
        Err(REFUSED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_the_servers_own_pages_pass() {
        let host = ("host", "ttt.example:8080");
        assert!(check(&headers(&[host]), None).is_ok(), "a script's request");
        assert!(check(
            &headers(&[host, ("origin", "http://ttt.example:8080")]),
            None
        )
        .is_ok());
        assert!(check(&headers(&[host, ("origin", "https://evil.example")]), None).is_err());
        assert!(check(&headers(&[host, ("origin", "null")]), None).is_err());
        assert!(check(&headers(&[host, ("sec-fetch-site", "cross-site")]), None).is_err());
        assert!(check(&headers(&[host, ("sec-fetch-site", "same-site")]), None).is_err());
        assert!(check(&headers(&[host, ("sec-fetch-site", "same-origin")]), None).is_ok());
        let public = Some("https://ttt.example");
        assert!(check(&headers(&[("origin", "https://ttt.example")]), public).is_ok());
        assert!(check(&headers(&[("origin", "http://ttt.example")]), public).is_err());
    }
}
