//! `/api/players`: the leaderboard and one player's record, from the store the console game
//! uses too.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::Router;
use ttt_store::PlayerStats;

use crate::{ApiError, AppState, Json, Limits};

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players", get(list))
        .route("/api/players/{name}", get(show))
}

/// Every player, best first.
async fn list(State(state): State<AppState>) -> Result<Json<Vec<PlayerStats>>, ApiError> {
    Ok(Json(state.with_store(|s| s.players()).await?))
}

async fn show(
    State(state): State<AppState>,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<PlayerStats>, ApiError> {
    let Path(name) = name?;
    let name = check_name(&name, &state.limits)?;
    let found = {
        let name = name.clone();
        state.with_store(move |s| s.player(&name)).await?
    };
    found
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("there is no player called {name:?}")))
}

/// A player's name as stored: trimmed, not empty, no control characters, and no longer than
/// the limit (counted in characters).
pub(crate) fn check_name(name: &str, limits: &Limits) -> Result<String, ApiError> {
    let name = name.trim();
    let max = limits.max_name_chars;
    if name.is_empty() {
        return Err(ApiError::BadRequest(
            "a player's name cannot be empty".into(),
        ));
    }
    if name.chars().count() > max {
        return Err(ApiError::BadRequest(format!(
            "a player's name can be at most {max} characters long"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(
            "a player's name cannot contain control characters (such as line breaks)".into(),
        ));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        let limits = Limits::default();
        assert_eq!(check_name("  Ann ", &limits).unwrap(), "Ann");
        assert_eq!(
            check_name(&"é".repeat(40), &limits)
                .unwrap()
                .chars()
                .count(),
            40
        );
        assert!(check_name(&"é".repeat(41), &limits).is_err());
        assert!(check_name("   ", &limits).is_err());
        assert!(check_name("a\nb", &limits).is_err());
        assert_eq!(check_name("<b>Bo</b>", &limits).unwrap(), "<b>Bo</b>");
    }
}
