//! The computer's moves. One search at a time per CPU (the others wait their turn), one
//! thinker per game in this process, and across servers a lease in the store: the save that
//! hands the turn to the computer says until when a server is thinking, and only a game whose
//! lease has run out is taken up by another.
//!
//! An outside program the operator offers (`engine:NAME`) moves where the computer does,
//! under the same lease: started for the move, told the whole position, stopped after it.
//! When it fails, its side forfeits, and the save that says so ends and records the game.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_core::{Cell, OpeningAction, OpeningPhase, Order, Player, Position};
use ttt_pbrain::player::{longest_move, DEFAULT_SLACK};
use ttt_play::{MoveError, Mover, Seat, Thinking};
use ttt_store::{unix_now, Forfeit, LiveGame, Participant};

use super::clocks;
use super::live::{load_played, save};
use super::rules::record_choice;
use crate::error::ApiError;
use crate::state::AppState;

/// The move of the computer sitting at `seat` (one of our levels, or the operator's engine
/// by the name the operator gave it) in `pos`, or its side's forfeit (an outside program that
/// failed, or is no longer offered), thought about on the blocking pool
/// ([`AppState::think`]) for the server's thinking time.
async fn choose(
    seat: Seat,
    state: &AppState,
    pos: Position,
    time: Duration,
) -> Result<Result<Cell, Forfeit>, ApiError> {
    let thinking = Thinking {
        seed: Some(getrandom::u64().map_err(ApiError::internal)?),
        time_limit: time,
    };
    let engines = Arc::clone(&state.engines);
    state
        .think(move || {
            let side = pos.turn();
            let offered = |name: &str| {
                let mut spec = engines.get(name).cloned().ok_or_else(|| {
                    Forfeit::new(
                        side,
                        &format!(
                            "engine {name} ({side}) is not offered by this server: {side} loses"
                        ),
                    )
                })?;
                spec.turn_time = time;
                Ok(spec)
            };
            let mut mover = match Mover::new(&seat, thinking, offered) {
                Ok(mover) => mover,
                Err(forfeit) => return Ok(Err(forfeit)),
            };
            match mover.choose(&pos) {
                Ok(decision) => Ok(Ok(decision.cell)),
                Err(MoveError::Engine(mut failure)) => {
                    // The page names the engine as the operator did, never by its path.
                    if let Seat::Engine(name) = &seat {
                        failure.program.clone_from(name);
                    }
                    Ok(Err(Forfeit::new(side, &failure.to_string())))
                }
                Err(e @ (MoveError::Person | MoveError::GameOver)) => Err(ApiError::internal(
                    format!("a computer player found no move in a game not over: {e}"),
                )),
            }
        })
        .await?
}

/// The computer's step of an opening in `game` (at `pos`): its stones where the strong
/// player's evaluation stays nearest even, or the colour it favours. Quick: a few
/// evaluations of points near the centre, so not on the blocking pool.
fn opening_step(
    game: &mut LiveGame,
    pos: &mut Position,
    phase: &OpeningPhase,
) -> Result<(), ApiError> {
    if phase.may == [OpeningAction::Place] {
        for cell in ttt_ai::opening_stones(pos, phase.stones_to_place) {
            *pos = pos.play(cell).map_err(ApiError::internal)?;
            game.moves.push(cell);
        }
    } else {
        let may_place_two = phase.may.contains(&OpeningAction::PlaceTwo);
        let choice = ttt_ai::opening_choice(pos, may_place_two);
        let stones = game.moves.len();
        let choice = game
            .opening
            .check(stones, &game.opening_choices, phase.actor, choice)
            .map_err(ApiError::internal)?;
        record_choice(game, choice);
    }
    Ok(())
}

/// Who moves for the computer to move in `game` (at `pos`), if a computer is to move.
pub(crate) fn computer_to_move(game: &LiveGame, pos: &Position) -> Option<Seat> {
    if pos.is_over() || game.ended_off_board() {
        return None;
    }
    // During an opening the seats are by order (the opener at X), and the step is the
    // actor's, whoever's stone goes down.
    let mark = match game.opening_phase().map(|phase| phase.actor) {
        Some(Order::First) => Player::X,
        Some(Order::Second) => Player::O,
        None => pos.turn(),
    };
    match &game.seats.get(mark).player {
        Some(Participant::Engine { name }) => Some(Seat::Engine(name.clone())),
        Some(Participant::Computer { level }) => level.parse().ok().map(Seat::Computer),
        _ => None,
    }
}

/// The lease to record in a save after which `game` (at `pos`) has the computer to move:
/// until when the saving server is thinking for it. An outside program gets the longest its
/// move can take (it is started for the move).
pub(crate) fn lease(state: &AppState, game: &LiveGame, pos: &Position) -> Option<i64> {
    computer_to_move(game, pos).map(|thinker| {
        let limits = &state.limits;
        let thinking = match thinker {
            Seat::Engine(_) => longest_move(limits.thinking_time, DEFAULT_SLACK),
            Seat::Computer(_) | Seat::Human(_) => limits.thinking_budget * 2,
        };
        let secs = (thinking + Duration::from_secs(5)).as_secs();
        unix_now() + i64::try_from(secs).unwrap_or(i64::MAX)
    })
}

/// Whether `game` (at `pos`) has the computer to move and nobody thinking for it (its lease
/// has run out, or there is none): a read should take it up.
pub(crate) fn is_waiting_for_a_thinker(game: &LiveGame, pos: &Position) -> bool {
    computer_to_move(game, pos).is_some() && game.thinking_until.is_none_or(|t| t <= unix_now())
}

/// Makes the computer's moves in a task of its own (so a client hanging up does not stop
/// them) and returns the game after them, with its position: until a person is to move, the
/// game is over, or (between two computers) this request's thinking budget is spent, when
/// the next read goes on from there.
pub(crate) async fn computer_moves(
    state: &AppState,
    game: LiveGame,
    pos: Position,
) -> Result<(LiveGame, Position), ApiError> {
    let state = state.clone();
    tokio::spawn(async move { play_computers(&state, game, pos).await }).await?
}

async fn play_computers(
    state: &AppState,
    mut game: LiveGame,
    mut pos: Position,
) -> Result<(LiveGame, Position), ApiError> {
    let deadline = Instant::now() + state.limits.thinking_budget;
    let mut first = true;
    loop {
        let Some(thinker) = computer_to_move(&game, &pos) else {
            return Ok((game, pos));
        };
        if !first && Instant::now() >= deadline {
            // Between two computers: the next read goes on, on whichever server, so nobody
            // holds the lease.
            let mut released = game.clone();
            released.thinking_until = None;
            return match save(state, released, &pos).await {
                Ok(saved) => Ok((saved, pos)),
                Err(ApiError::Conflict(_)) => load_played(state, &game.id).await,
                Err(e) => Err(e),
            };
        }
        first = false;
        let Some(_claim) = state.claim_thinking(&game.id) else {
            // Another task of this server is thinking for this game.
            return Ok((game, pos));
        };
        let mut next = game.clone();
        let mut next_pos = pos;
        if let Some(phase) = game.opening_phase() {
            opening_step(&mut next, &mut next_pos, &phase)?;
            clocks::start_if_due(&mut next, &next_pos, state.now_ms());
        } else {
            let side = pos.turn();
            let time =
                clocks::thinking_time(&game, side, state.now_ms(), state.limits.thinking_time);
            match choose(thinker, state, pos, time).await? {
                Ok(cell) => {
                    next_pos = next_pos.play(cell).map_err(ApiError::internal)?;
                    match clocks::charge(&mut next, &pos, &next_pos, state.now_ms()) {
                        Ok(()) => {
                            next.moves.push(cell);
                            if next.draw_offer == Some(side.other()) {
                                next.draw_offer = None;
                            }
                        }
                        Err(ending) => {
                            clocks::end(&mut next, ending, state.now_ms());
                            next_pos = pos;
                        }
                    }
                }
                Err(forfeit) => {
                    next.forfeit = Some(forfeit);
                    next.clock.stop(state.now_ms());
                }
            }
        }
        next.takeback = None;
        next.thinking_until = lease(state, &next, &next_pos);
        match save(state, next, &next_pos).await {
            Ok(saved) => (game, pos) = (saved, next_pos),
            // The game changed while the computer thought (a takeback, another server):
            // look again.
            Err(ApiError::Conflict(_)) => (game, pos) = load_played(state, &game.id).await?,
            Err(e) => return Err(e),
        }
    }
}
