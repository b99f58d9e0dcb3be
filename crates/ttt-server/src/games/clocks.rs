//! The players' clocks, kept by the server. The side to move's time runs from the moment the
//! previous move was saved; a move charges it (and gives the increment, or the next move's
//! time). The clocks start with the first move after the colours are settled (an opening's
//! stones are not timed), so the first mover's is free; they stop when the game ends. A side
//! whose clock runs out before it has made a move aborts the game (no result), as online
//! games do: nobody loses a game they never began.
//!
//! A clock that runs out ends the game with nobody making a request: every server watches
//! the store for games whose clock has run out ([`watch`]), and the save that ends one is
//! made over the version it read, so that of several servers one acts, once. Running out
//! loses, unless the opponent can no longer complete any line of K: then it is a draw.

use std::time::Duration;

use ttt_core::{can_still_make_line, Player, Position};
use ttt_store::{EndReason, Ending, LiveGame};

use super::live::{load_played, save};
use super::rules::opening_stones;
use crate::error::ApiError;
use crate::state::AppState;

/// How often a server looks for clocks that have run out: a game ends within this of its
/// clock running out (and the time to save it).
const WATCH_EVERY: Duration = Duration::from_millis(200);

/// The most games one look ends.
const AT_MOST: usize = 100;

/// Moves made in `game` at `pos` since the opening's stones.
fn played(game: &LiveGame, pos: &Position) -> usize {
    pos.ply().saturating_sub(opening_stones(game))
}

/// Whether `side` has made a move in `game` at `pos` since the opening's stones.
pub(crate) fn has_moved(game: &LiveGame, pos: &Position, side: Player) -> bool {
    let first = if opening_stones(game).is_multiple_of(2) {
        Player::X
    } else {
        Player::O
    };
    match played(game, pos) {
        0 => false,
        1 => side == first,
        _ => true,
    }
}

/// The ending of `game` whose side `loser` ran out of time at `pos`: aborted if that side
/// never moved, else a loss (or a draw where the other could no longer make a line).
pub(crate) fn timeout(game: &LiveGame, pos: &Position, loser: Player) -> Ending {
    if !has_moved(game, pos, loser) {
        return Ending {
            reason: EndReason::Aborted,
            loser: None,
        };
    }
    Ending {
        reason: EndReason::Timeout,
        loser: can_still_make_line(pos, loser.other()).then_some(loser),
    }
}

/// Starts the clock of `game` (at `pos`) at `now` if it is due: timed, not running, the game
/// going on, both seats taken, no opening left to play, and the first move made.
pub(crate) fn start_if_due(game: &mut LiveGame, pos: &Position, now: i64) {
    let due = game.clock.control().is_timed()
        && game.clock.running().is_none()
        && !pos.is_over()
        && !game.ended_off_board()
        && game.opening_phase().is_none()
        && played(game, pos) >= 1
        && game.seats.x.player.is_some()
        && game.seats.o.player.is_some();
    if due {
        game.clock.start(pos.turn(), now);
    }
}

/// Charges the side that just moved in `game` (from `before`, the position it moved in) at
/// `now`, then, at `after`, stops the clocks if the game ended, or starts them if due.
///
/// # Errors
/// The timeout ending, when the mover's time had run out before the move: the move does not
/// count.
pub(crate) fn charge(
    game: &mut LiveGame,
    before: &Position,
    after: &Position,
    now: i64,
) -> Result<(), Ending> {
    if let Err(flagged) = game.clock.press(now) {
        return Err(timeout(game, before, flagged.0));
    }
    if after.is_over() || game.ended_off_board() {
        game.clock.stop(now);
    } else {
        start_if_due(game, after, now);
    }
    Ok(())
}

/// Ends `game` (at `pos`) because `ending` happened at `now`: the clocks stop, a draw offer
/// goes, and nobody thinks for it any more.
pub(crate) fn end(game: &mut LiveGame, ending: Ending, now: i64) {
    game.ending = Some(ending);
    game.clock.stop(now);
    game.draw_offer = None;
    game.takeback = None;
    game.thinking_until = None;
}

/// How long the computer may think in `game` for `side` at `now`: the server's thinking
/// time, within its clock.
pub(crate) fn thinking_time(game: &LiveGame, side: Player, now: i64, most: Duration) -> Duration {
    if !game.clock.control().is_timed() {
        return most;
    }
    let budget = game.clock.thinking_budget(side, now);
    most.min(Duration::from_millis(budget.max(50)))
}

/// Ends game `id` by timeout if its running clock has run out; whether it did. A game that
/// changed meanwhile (a move in time, another server's save) is left as it now is.
pub(crate) async fn end_if_out_of_time(state: &AppState, id: &str) -> Result<bool, ApiError> {
    let (game, pos) = load_played(state, id).await?;
    let now = state.now_ms();
    let Some(loser) = game.clock.flagged(now) else {
        return Ok(false);
    };
    if pos.is_over() || game.ended_off_board() {
        return Ok(false);
    }
    let ending = timeout(&game, &pos, loser);
    let mut next = game;
    end(&mut next, ending, now);
    match save(state, next, &pos).await {
        Ok(_) => Ok(true),
        Err(ApiError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// One look for clocks that have run out: each such game is ended. Returns how many this
/// server ended.
///
/// # Errors
/// When the store cannot be read.
pub async fn check_clocks(state: &AppState) -> Result<usize, ApiError> {
    let now = state.now_ms();
    let due = state
        .with_store(move |s| s.games_out_of_time(now, AT_MOST))
        .await?;
    let mut ended = 0;
    for id in due {
        match end_if_out_of_time(state, &id).await {
            Ok(true) => ended += 1,
            Ok(false) | Err(ApiError::NotFound(_)) => {}
            Err(e) => tracing::warn!(game = %id, "ending a game out of time: {e}"),
        }
    }
    Ok(ended)
}

/// Looks for clocks that have run out every [`WATCH_EVERY`], for as long as the server runs.
pub(crate) async fn watch(state: AppState) {
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match check_clocks(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} games ended by a clock running out"),
            Err(e) => tracing::warn!("looking for clocks run out: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{ByPlayer, Clock, Dims, Setup};
    use ttt_store::{LiveSeat, Participant};

    fn game() -> LiveGame {
        let seats = ByPlayer {
            x: LiveSeat::new(Participant::human("Ann")),
            o: LiveSeat::new(Participant::human("Bo")),
        };
        let mut g = LiveGame::new("g".into(), Dims::new(3, 3, 3).unwrap(), seats, 0);
        g.clock = Clock::new("1+1".parse().unwrap());
        g
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_charges_the_mover() {
        let mut g = game();
        let start = g.position().unwrap();
        start_if_due(&mut g, &start, 1_000);
        assert_eq!(g.clock.running(), None, "the first move is free");
        let after = start.play(ttt_core::Cell::new(1, 1)).unwrap();
        charge(&mut g, &start, &after, 11_000).unwrap();
        assert_eq!(g.clock.running(), Some(Player::O));
        assert_eq!(g.clock.remaining(Player::X, 11_000), 60_000);
        let second = after.play(ttt_core::Cell::new(0, 0)).unwrap();
        charge(&mut g, &after, &second, 21_000).unwrap();
        assert_eq!(g.clock.remaining(Player::O, 21_000), 51_000);
        // X thinks too long: the move does not count, X has lost on time.
        let late = second.play(ttt_core::Cell::new(2, 2)).unwrap();
        let ending = charge(&mut g, &second, &late, 90_000).unwrap_err();
        assert_eq!(
            (ending.reason, ending.loser),
            (EndReason::Timeout, Some(Player::X))
        );
    }

    #[test]
    fn running_out_before_ones_first_move_aborts() {
        let mut g = game();
        let start = g.position().unwrap();
        let after = start.play(ttt_core::Cell::new(1, 1)).unwrap();
        charge(&mut g, &start, &after, 0).unwrap();
        assert!(has_moved(&g, &after, Player::X) && !has_moved(&g, &after, Player::O));
        let ending = timeout(&g, &after, Player::O);
        assert_eq!((ending.reason, ending.loser), (EndReason::Aborted, None));
    }

    #[test]
    fn running_out_draws_when_the_other_can_no_longer_make_a_line() {
        // Neither side can make a line any more.
        let g = game();
        let pos = Position::from_setup(&Setup::from_notation("XOX/XOO/OX.").unwrap(), 3).unwrap();
        assert_eq!(timeout(&g, &pos, Player::X).loser, None);
        let open = Position::from_setup(&Setup::from_notation("XO./.../...").unwrap(), 3).unwrap();
        assert_eq!(timeout(&g, &open, Player::X).loser, Some(Player::X));
    }

    #[test]
    fn an_untimed_game_never_starts_a_clock_and_the_computer_keeps_its_time() {
        let seats = ByPlayer {
            x: LiveSeat::new(Participant::human("Ann")),
            o: LiveSeat::new(Participant::computer("hard")),
        };
        let mut g = LiveGame::new("u".into(), Dims::new(3, 3, 3).unwrap(), seats, 0);
        let pos = g.position().unwrap();
        start_if_due(&mut g, &pos, 5);
        assert_eq!(g.clock.running(), None);
        let most = Duration::from_secs(1);
        assert_eq!(thinking_time(&g, Player::O, 5, most), most);
        let mut timed = game();
        timed.clock.start(Player::O, 0);
        assert!(thinking_time(&timed, Player::O, 59_000, most) < most);
    }
}
