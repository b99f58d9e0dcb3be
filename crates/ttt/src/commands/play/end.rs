//! The end of a game at the console: its record saved through the store (a program's
//! failure or a loss on time as the late side's forfeit), and the result in words.

use std::io::Write;

use ttt_core::{ByPlayer, Outcome};
use ttt_play::words;
use ttt_store::{EndReason, GameResult, NewGame, Store};

use super::console::{Console, Input, Step};
use super::game::{Options, Round, Side};
use crate::output::words::summary;

/// The end of a game: its record saved (if it counts), the result in words, and the people's
/// statistics.
pub(super) fn conclude<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    options: &Options,
    sides: &ByPlayer<Side>,
    round: Round,
) -> Step<()> {
    let Round {
        pos,
        moves,
        hints,
        forfeit,
        time_out,
        ..
    } = round;
    let dims = options.dims;
    // A clock run out is recorded as the game's ending: a loss, or a draw where the other
    // side could no longer make a line.
    let failed = forfeit.is_some();
    let result = match (&forfeit, time_out) {
        (Some(f), _) => f.result(),
        (None, Some(t)) => t.result(),
        (None, None) => GameResult::from_outcome(pos.outcome())
            .ok_or_else(|| anyhow::anyhow!("the game ended in progress"))?,
    };
    let game = NewGame {
        rows: dims.rows(),
        cols: dims.cols(),
        k: dims.k(),
        x: sides.x.seat.participant(),
        o: sides.o.seat.participant(),
        moves,
        result,
        hints,
        forfeit: forfeit.clone(),
        rule: options.rule,
        opening: options.opening,
        rated: false,
        ending: time_out.map(|_| EndReason::Timeout),
        time_control: options.clock,
    };
    let id = if game.counts() {
        Some(store.record_game(&game)?)
    } else {
        None
    };
    let outcome = result.outcome();
    let verdict = match outcome {
        Outcome::Win(winner) => {
            let who = sides.get(winner).who(winner);
            let loser = sides.get(winner.other());
            let how = if failed {
                format!(" ({}'s program failed)", winner.other())
            } else {
                String::new()
            };
            match words::after_a_win(&sides.get(winner).seat, &loser.seat) {
                Some(cheer) if sides.get(winner).seat.is_machine() => {
                    format!("{who} wins{how}. {cheer}")
                }
                Some(cheer) => format!("{who} wins{how}! {cheer}"),
                None => format!("{who} wins{how}!"),
            }
        }
        _ => "It's a tie!".to_string(),
    };
    console.say("")?;
    if let Some(late) = time_out {
        console.say(late)?;
    }
    console.say(verdict)?;
    console.say(match id {
        Some(id) => format!("Saved as game {id} (replay it with `ttt history --replay {id}`)."),
        None => format!(
            "Not saved: games of fewer than {} in a row do not count.",
            ttt_store::MIN_K_THAT_COUNTS
        ),
    })?;
    for side in [&sides.x, &sides.o] {
        if let Some(name) = side.seat.human_name() {
            if let Some(stats) = store.player(name)? {
                console.say(format!("{name}: {}.", summary(&stats)))?;
            }
        }
    }
    Ok(())
}
