//! Help for the players: a hint (the best move at full strength, whatever the opponent's
//! level), and the analysis of a position of the game (every empty cell's value).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ttt_ai::Solver;
use ttt_core::{Player, Position};
use ttt_play::words;
use ttt_store::Participant;

use super::live::{load, load_played, save, GameId};
use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::json::Json;
use crate::seats::{acts_for, caller, Act, Caller};
use crate::state::AppState;

/// `POST /api/games/{id}/hint`.
#[derive(Debug, Serialize)]
pub(crate) struct Hint {
    row: u8,
    col: u8,
    /// What the move leads to for its player: `win`, `draw`, `loss`, or `unknown` where
    /// the search could not prove it in time.
    value: &'static str,
    /// Plies to the end with best play, where proven.
    plies: Option<u32>,
}

/// `GET /api/games/{id}/analysis?ply=N`: the position after the first N moves (all of them
/// by default).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisQuery {
    ply: Option<usize>,
}

/// The analysis of one position.
#[derive(Debug, Serialize)]
pub(crate) struct AnalysisView {
    ply: usize,
    /// `null` once the game is over.
    to_move: Option<Player>,
    /// The position's value for the side to move, where proven.
    value: &'static str,
    plies: Option<u32>,
    /// Every empty cell: what playing there leads to for the side to move.
    cells: Vec<CellValue>,
}

#[derive(Debug, Serialize)]
struct CellValue {
    row: u8,
    col: u8,
    value: &'static str,
    plies: Option<u32>,
}

/// `POST /api/games/{id}/hint`: for the player to move; counted in the game's record.
pub(crate) async fn hint(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
) -> Result<Json<Hint>, ApiError> {
    let (game, pos) = load_played(&state, &id).await?;
    let side = acts_for(&game, &pos, caller(&headers, &game, &session)?, Act::Hint)?;
    if game.rated {
        return Err(ApiError::Conflict(
            "a rated game is played without hints: they would count for the rating".into(),
        ));
    }
    if let Some(why) = played_without_help(&game) {
        return Err(ApiError::Conflict(format!("{why}: no hints")));
    }
    let time = state.limits.hint_time;
    let found = state
        .think(move || ttt_play::hint(&pos, time))
        .await?
        .ok_or_else(|| ApiError::internal("the perfect player found no move in a game not over"))?;
    // Counted on the game as it is now, if it is still the same position.
    let latest = load(&state, &game.id).await?;
    if latest.moves != game.moves {
        return Err(ApiError::Conflict(
            "the game moved on while the hint was being found: ask again".into(),
        ));
    }
    let mut next = latest;
    *next.hints.get_mut(side) += 1;
    save(&state, next, &pos).await?;
    Ok(Json(Hint {
        row: found.cell.row,
        col: found.cell.col,
        value: found.prospect.word(),
        plies: found.prospect.plies(),
    }))
}

/// Lets the player of a game against the computer analyse it while it goes on, counting it
/// as a hint of theirs; refuses everyone else.
/// Why `game` is played without help (hints, takebacks, analysis while it goes on), if it is:
/// a clock runs (help would be time the other does not get), or it is between two people
/// who met in the lobby (neither sits at the other's screen).
pub(crate) fn played_without_help(game: &ttt_store::LiveGame) -> Option<&'static str> {
    if game.clock.control().is_timed() {
        Some("a game with a clock is played without help")
    } else if game.seats.x.friend && game.seats.o.friend {
        Some("a game between two players who met in the lobby is played without help")
    } else {
        None
    }
}

async fn count_as_hint(
    state: &AppState,
    game: &ttt_store::LiveGame,
    pos: &Position,
    who: Caller,
) -> Result<(), ApiError> {
    let refused = || {
        ApiError::Forbidden(
            "a game in progress is analysed only by its player against the computer (it counts \
             as a hint); everyone can analyse it once it is over"
                .into(),
        )
    };
    let Caller::Seat(side) = who else {
        return Err(match who {
            Caller::Anyone => ApiError::Unauthorized(
                "a game in progress is analysed only by its player against the computer: send \
                 your seat token or sign in; everyone can analyse it once it is over"
                    .into(),
            ),
            _ => refused(),
        });
    };
    if game.rated {
        return Err(ApiError::Forbidden(
            "a rated game is analysed once it is over: its result moves the ratings".into(),
        ));
    }
    if let Some(why) = played_without_help(game) {
        return Err(ApiError::Forbidden(format!(
            "{why}: it is analysed once it is over"
        )));
    }
    let against_program = matches!(
        game.seats.get(side.other()).player,
        Some(Participant::Computer { .. } | Participant::Engine { .. })
    );
    if !against_program {
        return Err(refused());
    }
    let mut next = game.clone();
    *next.hints.get_mut(side) += 1;
    save(state, next, pos).await.map(drop)
}

/// `GET /api/games/{id}/analysis`: every empty cell's value in a position of the game, from
/// the solver within the server's time limit. Open to everyone once the game is over; while
/// it goes on, only to a player against the computer, and counted like a hint (analysis
/// between two people would be help from outside the game).
pub(crate) async fn analysis(
    State(state): State<AppState>,
    GameId(id): GameId,
    session: Session,
    headers: HeaderMap,
    query: Result<Query<AnalysisQuery>, QueryRejection>,
) -> Result<Json<AnalysisView>, ApiError> {
    let Query(AnalysisQuery { ply }) =
        query.map_err(|e| ApiError::BadRequest(format!("a bad query: {}", e.body_text())))?;
    let (game, now) = load_played(&state, &id).await?;
    if !(now.is_over() || game.ended_off_board()) {
        count_as_hint(&state, &game, &now, caller(&headers, &game, &session)?).await?;
    }
    let ply = ply.unwrap_or(game.moves.len());
    if ply > game.moves.len() {
        return Err(ApiError::BadRequest(format!(
            "the game has {} moves: ply goes from 0 to {}",
            game.moves.len(),
            game.moves.len()
        )));
    }
    let dims = game.dims().map_err(ApiError::internal)?;
    let mut pos = Position::with_rule(dims, game.rule).map_err(ApiError::internal)?;
    for &cell in &game.moves[..ply] {
        pos.play_unchecked(cell);
    }
    let time = state.limits.analysis_time;
    let a = state
        .think(move || Solver::new(&pos).time_limit(time).analyze())
        .await?;
    let cells = a
        .moves
        .iter()
        .map(|m| CellValue {
            row: m.cell.row,
            col: m.cell.col,
            value: words::value(m.value),
            plies: m.verdict.map(|v| v.plies),
        })
        .collect();
    Ok(Json(AnalysisView {
        ply,
        to_move: (!pos.is_over()).then(|| pos.turn()),
        value: words::value(a.value),
        plies: a.plies,
        cells,
    }))
}
