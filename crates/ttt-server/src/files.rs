//! Game files on the web: a finished game downloaded as `.psq` or SGF
//! (`GET /api/records/{id}/file?format=sgf`), and a file read for the page's replay
//! (`POST /api/files/read`, the file's text as the body), which records nothing.

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use serde::{Deserialize, Serialize};
use ttt_core::{Cell, Rule};
use ttt_files::{Format, GameFile};

use crate::error::ApiError;
use crate::json::Json;
use crate::state::AppState;

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/records/{id}/file", get(download))
        .route("/api/files/read", post(read))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileQuery {
    format: Option<String>,
}

/// A finished game as a file to save: SGF unless `format=psq`.
async fn download(
    State(state): State<AppState>,
    id: Result<Path<i64>, PathRejection>,
    query: Result<Query<FileQuery>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Path(id) =
        id.map_err(|_| ApiError::BadRequest("a game's number is a whole number".into()))?;
    let Query(query) =
        query.map_err(|e| ApiError::BadRequest(format!("a bad query: {}", e.body_text())))?;
    let format = match query.format.as_deref() {
        None => Format::Sgf,
        Some(f) => f.parse::<Format>().map_err(ApiError::BadRequest)?,
    };
    let game = state
        .with_store(move |s| s.game(id))
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no finished game {id}")))?;
    let mut file = GameFile::new(game.rows, game.cols, game.k, game.rule);
    file.moves = game.moves.clone();
    file.names = [Some(game.x.to_string()), Some(game.o.to_string())];
    file.comments = vec![format!("ttt game {}, {}", game.id, game.finished_at)];
    let name = format!("ttt-game-{id}.{}", format.extension());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        file.write(format),
    ))
}

/// A game file as the page's replay shows it.
#[derive(Debug, Serialize)]
struct FileView {
    rows: usize,
    cols: usize,
    k: usize,
    rule: Rule,
    names: [Option<String>; 2],
    moves: Vec<Cell>,
    comments: Vec<String>,
}

/// Reads a file sent as the body (text), checks every move, and answers the game; nothing
/// is recorded. A .psq is taken as free-style five in a row.
async fn read(body: String) -> Result<Json<FileView>, ApiError> {
    let game = GameFile::read(&body)
        .map_err(|e| ApiError::Unprocessable(format!("this game file cannot be read: {e}")))?;
    Ok(Json(FileView {
        rows: game.rows,
        cols: game.cols,
        k: game.k,
        rule: game.rule,
        names: game.names,
        moves: game.moves,
        comments: game.comments,
    }))
}
