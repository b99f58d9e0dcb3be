//! `/api/players`: the leaderboard in pages (searched by name, or one player by name, with
//! their rank) and one player's record, from the store the console game uses too.

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::Router;
use std::collections::BTreeMap;

use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use ttt_store::{
    rating_boards, BoardRating, Participant, PlayerFilter, PlayerStats, RatedEntry, RatingPoint,
};

use crate::error::ApiError;
use crate::json::Json;
use crate::state::AppState;

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players", get(list))
        .route("/api/players/{name}", get(show))
        .route("/api/players/{name}/games", get(games))
}

/// The most players one page of the leaderboard holds.
const MAX_PAGE: usize = 200;
/// A page's size unless the client asks for another.
const DEFAULT_PAGE: usize = 50;

/// `GET /api/players?limit=&offset=&q=`, or `?board=BOARD` for a board's rating list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PageQuery {
    /// A board's ratings ([`ttt_store::rating_board`]) instead of the counts of games.
    board: Option<String>,
    limit: Option<usize>,
    offset: Option<usize>,
    /// Only the players whose name contains this, in any case.
    q: Option<String>,
    /// Only the player called this, in any case.
    name: Option<String>,
}

/// A page of the leaderboard, best first, with each player's rank among all; with `board`,
/// that board's rating list.
async fn list(
    State(state): State<AppState>,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<axum::response::Response, ApiError> {
    let Query(query) =
        query.map_err(|e| ApiError::BadRequest(format!("a bad query: {}", e.body_text())))?;
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::BadRequest(format!(
            "limit must be between 1 and {MAX_PAGE}"
        )));
    }
    let offset = query.offset.unwrap_or(0);
    if let Some(board) = query.board {
        return Ok(rated_list(&state, board, limit, offset)
            .await?
            .into_response());
    }
    let filter = match (query.q, query.name) {
        (Some(_), Some(_)) => {
            return Err(ApiError::BadRequest(
                "give q (a part of names) or name (one player), not both".into(),
            ))
        }
        (_, Some(name)) => PlayerFilter::Named(name),
        (q, None) => PlayerFilter::Containing(q.unwrap_or_default()),
    };
    let (PlayerFilter::Named(text) | PlayerFilter::Containing(text)) = &filter;
    if text.chars().count() > ttt_store::MAX_NAME_CHARS {
        return Err(ApiError::BadRequest(format!(
            "a search is at most {} characters long, as names are",
            ttt_store::MAX_NAME_CHARS
        )));
    }
    Ok(Json(
        state
            .with_store(move |s| s.players_page(&filter, limit, offset))
            .await?,
    )
    .into_response())
}

/// A board's rating list: everyone rated there (players with accounts, the computer's
/// levels, the operator's engines), best first, provisional ratings after the others.
#[derive(Serialize)]
struct RatedPage {
    board: String,
    players: Vec<RatedRow>,
    total: usize,
}

#[derive(Serialize)]
struct RatedRow {
    /// 1 for the best; `null` for a provisional rating, which is not ranked.
    rank: Option<usize>,
    #[serde(flatten)]
    entry: RatedEntry,
}

async fn rated_list(
    state: &AppState,
    board: String,
    limit: usize,
    offset: usize,
) -> Result<Json<RatedPage>, ApiError> {
    let boards = rating_boards();
    if !boards.contains(&board) {
        return Err(ApiError::BadRequest(format!(
            "there is no rated board {board:?}: the boards are {}",
            boards.join(", ")
        )));
    }
    let now = ttt_store::unix_now();
    let entries = {
        let board = board.clone();
        state
            .with_store(move |s| s.rating_ranking(&board, now))
            .await?
    };
    let total = entries.len();
    let players = entries
        .into_iter()
        .enumerate()
        .skip(offset)
        .take(limit)
        .map(|(i, entry)| RatedRow {
            rank: (!entry.rating.provisional).then_some(i + 1),
            entry,
        })
        .collect();
    Ok(Json(RatedPage {
        board,
        players,
        total,
    }))
}

/// One player: their counts of games, whether the name has an account, their ratings by
/// board and the history of their ratings (oldest first).
#[derive(Serialize)]
struct PlayerView {
    #[serde(flatten)]
    stats: PlayerStats,
    account: bool,
    ratings: BTreeMap<String, BoardRating>,
    rating_history: Vec<RatingPoint>,
}

/// How many points of a player's rating history are shown.
const HISTORY_POINTS: usize = 200;

async fn show(
    State(state): State<AppState>,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<PlayerView>, ApiError> {
    let Path(name) = name?;
    let name = check_name(&name)?;
    let now = ttt_store::unix_now();
    let found = {
        let name = name.clone();
        state
            .with_store(move |s| {
                let Some(stats) = s.player(&name)? else {
                    return Ok(None);
                };
                let who = Participant::human(stats.name.clone());
                let account = s.account(&name)?.is_some();
                let ratings = s.ratings(&who, now)?;
                let rating_history = s.rating_history(&who, HISTORY_POINTS)?;
                Ok(Some(PlayerView {
                    stats,
                    account,
                    ratings: ratings.into_iter().map(|r| (r.board.clone(), r)).collect(),
                    rating_history,
                }))
            })
            .await?
    };
    found
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("there is no player called {name:?}")))
}

/// `GET /api/players/{name}/games?limit=N`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    limit: Option<usize>,
}

/// A player's finished games, most recent first, with their moves (for a replay).
async fn games(
    State(state): State<AppState>,
    name: Result<Path<String>, PathRejection>,
    query: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Json<Vec<ttt_store::GameRecord>>, ApiError> {
    let Path(name) = name?;
    let name = check_name(&name)?;
    let Query(query) =
        query.map_err(|e| ApiError::BadRequest(format!("a bad query: {}", e.body_text())))?;
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::BadRequest(format!(
            "limit must be between 1 and {MAX_PAGE}"
        )));
    }
    let games = {
        let name = name.clone();
        state
            .with_store(move |s| {
                if s.player(&name)?.is_none() {
                    return Ok(None);
                }
                s.recent_games(Some(&name), limit).map(Some)
            })
            .await?
    };
    games
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("there is no player called {name:?}")))
}

/// A player's name as stored ([`ttt_store::check_name`]): trimmed, not empty, no control
/// characters, and not too long.
pub(crate) fn check_name(name: &str) -> Result<String, ApiError> {
    ttt_store::check_name(name).map_err(|e| ApiError::BadRequest(format!("{e}")))
}

/// A name someone types to play or sign up under: as [`check_name`], and not
/// [`ttt_store::GUEST`], which is what a person who gives no name plays as.
pub(crate) fn check_own_name(name: &str) -> Result<String, ApiError> {
    let name = check_name(name)?;
    if ttt_store::is_guest(&name) {
        return Err(ApiError::BadRequest(format!(
            "{} is what players without a name are called: leave the name blank to play as a \
             guest, or choose another",
            ttt_store::GUEST
        )));
    }
    Ok(name)
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
