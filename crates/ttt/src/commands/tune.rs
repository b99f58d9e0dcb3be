//! `ttt tune-eval`: fits the gomoku engine's evaluation to the games of `ttt match` state
//! files ([`ttt_engine::Tuner`]) and prints or writes the weights file.

use std::io::Write;
use std::time::Instant;

use ttt_core::{Cell, Player, Rule};
use ttt_engine::{Tuner, Weights};
use ttt_pbrain::arena::Side;

use crate::args::TuneEvalArgs;
use crate::commands::matches::state;
use crate::error::user_error;

pub fn run(args: &TuneEvalArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut tuner: Option<(Tuner, (usize, usize, Rule))> = None;
    let mut games = 0usize;
    for path in &args.games {
        let shown = path.display();
        let (header, records) = state::read(path)?;
        let (rows, cols, rule) = header.board();
        let rule: Rule = rule
            .parse()
            .map_err(|e| user_error(format!("{shown}: {e}")))?;
        let board = (rows, cols, rule);
        let (tuner, first) = match &mut tuner {
            Some(t) => t,
            None => tuner.insert((
                Tuner::new(rows, cols, rule).map_err(|e| user_error(format!("{shown}: {e}")))?,
                board,
            )),
        };
        if *first != board {
            return Err(user_error(format!(
                "{shown} holds games of {rows} x {cols} under {rule}, not of {} x {} under {}: \
                 tune on one board and rule at a time",
                first.0, first.1, first.2
            )));
        }
        for game in &records {
            let moves: Vec<Cell> = game
                .moves
                .iter()
                .map(|p| Cell::new(p.y as u8, p.x as u8))
                .collect();
            let winner = game.winner.map(|side| colour(side, game.black));
            tuner.add_game(&moves, winner).map_err(|e| {
                user_error(format!(
                    "{shown}: game {} is not a game: {e}",
                    game.number + 1
                ))
            })?;
            games += 1;
        }
    }
    let Some((tuner, _)) = tuner else {
        return Err(user_error("no games to tune on"));
    };
    // Written, not printed: a closed pipe (`| head`) is an error to end on, not a panic.
    let mut out = std::io::stdout().lock();
    let (train, held_out) = tuner.positions();
    writeln!(
        out,
        "{games} games: {train} positions to train on, {held_out} held out (every tenth game)"
    )?;
    if train == 0 {
        return Err(user_error("the games have no quiet positions to tune on"));
    }
    let fit = tuner.fit(Weights::SHIPPED, args.steps);
    writeln!(
        out,
        "logistic slope {:.6} (fitted to the shipped weights)",
        fit.scale
    )?;
    let held = if held_out == 0 {
        "none held out (fewer than ten games)".to_string()
    } else {
        format!(
            "held out {:.5} -> {:.5}",
            fit.held_out_error_before, fit.held_out_error
        )
    };
    writeln!(
        out,
        "mean squared error: training {:.5} -> {:.5}; {held}",
        fit.train_error_before, fit.train_error
    )?;
    let w = &fit.weights;
    writeln!(
        out,
        "patterns {:?}, threats {:?}, mover {}, waiting {} ({:.1} s)",
        w.patterns,
        w.threats,
        w.mover,
        w.waiting,
        started.elapsed().as_secs_f64()
    )?;
    match &args.out {
        Some(path) => {
            std::fs::write(path, w.to_source())
                .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))?;
            writeln!(out, "wrote {}", path.display())?;
        }
        None => write!(out, "{}", w.to_source())?,
    }
    Ok(())
}

/// The colour of `side` in a game where `black` played black.
fn colour(side: Side, black: Side) -> Player {
    if side == black {
        Player::X
    } else {
        Player::O
    }
}
