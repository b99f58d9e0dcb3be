//! The computer's moves. One search at a time per CPU (the others wait their turn), one
//! thinker per game in this process, and across servers a lease in the store: the save that
//! hands the turn to the computer says until when a server is thinking, and only a game whose
//! lease has run out is taken up by another.

use std::time::{Duration, Instant};

use ttt_ai::Level;
use ttt_store::{unix_now, LiveGame, SeatKind};

use super::{load, save};
use crate::{ApiError, AppState};

/// The level of the computer to move in `game`, if a computer is to move.
pub(crate) fn computer_to_move(game: &LiveGame) -> Option<Level> {
    let pos = game.position().ok()?;
    if pos.is_over() {
        return None;
    }
    match &game.seats.get(pos.turn()).kind {
        SeatKind::Computer { level } => level.parse().ok(),
        _ => None,
    }
}

/// The lease to record in a save after which `game` has the computer to move: until when
/// the saving server is thinking for it.
pub(crate) fn lease(state: &AppState, game: &LiveGame) -> Option<i64> {
    computer_to_move(game).map(|_| {
        let secs = (state.limits.thinking_budget * 2 + Duration::from_secs(5)).as_secs();
        unix_now() + i64::try_from(secs).unwrap_or(i64::MAX)
    })
}

/// Whether `game` has the computer to move and nobody thinking for it (its lease has run
/// out, or there is none): a read should take it up.
pub(crate) fn is_waiting_for_a_thinker(game: &LiveGame) -> bool {
    computer_to_move(game).is_some() && game.thinking_until.is_none_or(|t| t <= unix_now())
}

/// Makes the computer's moves in a task of its own (so a client hanging up does not stop
/// them) and returns the game after them: until a person is to move, the game is over, or
/// (between two computers) this request's thinking budget is spent, when the next read goes
/// on from there.
pub(crate) async fn computer_moves(state: &AppState, game: LiveGame) -> Result<LiveGame, ApiError> {
    let state = state.clone();
    tokio::spawn(async move { play_computers(&state, game).await }).await?
}

async fn play_computers(state: &AppState, mut game: LiveGame) -> Result<LiveGame, ApiError> {
    let deadline = Instant::now() + state.limits.thinking_budget;
    let mut first = true;
    loop {
        let Some(level) = computer_to_move(&game) else {
            return Ok(game);
        };
        if !first && Instant::now() >= deadline {
            // Between two computers: the next read goes on, on whichever server, so nobody
            // holds the lease.
            let mut released = game.clone();
            released.thinking_until = None;
            return match save(state, released).await {
                Ok(saved) => Ok(saved),
                Err(ApiError::Conflict(_)) => load(state, &game.id).await,
                Err(e) => Err(e),
            };
        }
        first = false;
        let Some(_claim) = state.claim_thinking(&game.id) else {
            // Another task of this server is thinking for this game.
            return Ok(game);
        };
        let pos = game.position().map_err(ApiError::internal)?;
        let seed = getrandom::u64().map_err(ApiError::internal)?;
        let time = state.limits.thinking_time;
        let permit = state
            .searches
            .clone()
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        let decision = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            ttt_ai::new_player(level, Some(seed), time).choose(&pos)
        })
        .await?
        .ok_or_else(|| ApiError::internal("a computer player found no move in a game not over"))?;
        let mut next = game.clone();
        next.moves.push(decision.cell);
        next.takeback = None;
        next.thinking_until = lease(state, &next);
        match save(state, next).await {
            Ok(saved) => game = saved,
            // The game changed while the computer thought (a takeback, another server):
            // look again.
            Err(ApiError::Conflict(_)) => game = load(state, &game.id).await?,
            Err(e) => return Err(e),
        }
    }
}
