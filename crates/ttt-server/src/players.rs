//! `/api/players`: the leaderboard and one player's record, from the store the console game
//! uses too.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::Router;
use ttt_store::PlayerStats;

use crate::{ApiError, AppState, Json};

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
    let name = check_name(&name)?;
    let found = {
        let name = name.clone();
        state.with_store(move |s| s.player(&name)).await?
    };
    found
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("there is no player called {name:?}")))
}

/// A player's name as stored ([`ttt_store::check_name`]): trimmed, not empty, no control
/// characters, and not too long.
pub(crate) fn check_name(name: &str) -> Result<String, ApiError> {
    ttt_store::check_name(name).map_err(|e| ApiError::BadRequest(format!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert_eq!(check_name(&"é".repeat(40)).unwrap().chars().count(), 40);
        assert!(check_name(&"é".repeat(41)).is_err());
        assert!(check_name("   ").is_err());
        assert!(check_name("a\nb").is_err());
        assert_eq!(check_name("<b>Bo</b>").unwrap(), "<b>Bo</b>");
    }
}
