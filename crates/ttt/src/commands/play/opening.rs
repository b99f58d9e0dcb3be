//! The opening at the console (`--opening swap` or `swap2`): the opener's stones and the
//! other's choice of colour, between people and our computer levels, untimed.

use std::io::Write;

use ttt_core::{ByPlayer, Choice, Opening, OpeningAction, Order};
use ttt_play::words;

use super::answer::parse_move;
use super::console::{Console, Input, Step};
use super::game::{Options, Round, Side};
use crate::args::Seat;

/// The opening (`--opening swap` or `swap2`), between the person seated as X, who opens, and
/// the other: the opening stones placed and the colours chosen, as the rule of the opening
/// says. Returns whether the two swap colours for the rest of the game.
pub(super) fn settle_colours<R: Input, W: Write>(
    console: &mut Console<R, W>,
    sides: &ByPlayer<Side>,
    round: &mut Round,
    options: &Options,
    number: u32,
) -> Step<bool> {
    let opening = options.opening;
    if opening == Opening::None {
        return Ok(false);
    }
    let people = [&sides.x.seat, &sides.o.seat];
    let title = format!(
        "Round {number}: {} opens, {} chooses ({opening} opening).",
        people[0], people[1]
    );
    let mut choices: Vec<Choice> = Vec::new();
    while let Some(phase) = opening.phase(round.moves.len(), &choices) {
        round.draw(console, &title, number > 1 || !round.moves.is_empty())?;
        let actor = people[phase.actor.index()];
        let name = actor.to_string();
        if let Seat::Computer(_) = actor {
            // Our levels place balanced stones and choose by the strong player's evaluation.
            if phase.may == [OpeningAction::Place] {
                let mut placed = Vec::new();
                for cell in ttt_ai::opening_stones(&round.pos, phase.stones_to_place) {
                    let colour = round.pos.turn();
                    round.pos = round.pos.play(cell).map_err(anyhow::Error::from)?;
                    round.moves.push(cell);
                    placed.push(format!("{colour} at {}", words::cell(cell)));
                }
                round.note(format!("{name} placed {}.", placed.join("; ")));
            } else {
                let may_place_two = phase.may.contains(&OpeningAction::PlaceTwo);
                let choice = ttt_ai::opening_choice(&round.pos, may_place_two);
                let stones = round.moves.len();
                choices.push(
                    opening
                        .check(stones, &choices, phase.actor, choice)
                        .map_err(anyhow::Error::from)?,
                );
                round.note(format!(
                    "{name} chose to {}.",
                    choice_words(choice, people, phase.actor)
                ));
            }
            continue;
        }
        if phase.may == [OpeningAction::Place] {
            let colour = round.pos.turn();
            let prompt = format!(
                "{name}, place an opening stone for {colour} ({} to place): row and column (q \
                 quit): ",
                phase.stones_to_place
            );
            let pos = round.pos;
            let cell = console.ask_until(&prompt, |t| {
                let cell = parse_move(t, &pos).map_err(|e| e.to_string())?;
                match pos.play(cell) {
                    Ok(next) if next.is_over() => {
                        Err("An opening stone may not end the game: choose another.".to_string())
                    }
                    Ok(_) => Ok(cell),
                    Err(e) => Err(e.to_string()),
                }
            })?;
            round.pos = round.pos.play(cell).map_err(anyhow::Error::from)?;
            round.moves.push(cell);
            round.human_moved = true;
            round.note(format!("{name} placed {colour} at {}.", words::cell(cell)));
        } else {
            let offered: Vec<(Choice, String)> = phase
                .may
                .iter()
                .filter_map(|action| match action {
                    OpeningAction::TakeX => Some(Choice::TakeX),
                    OpeningAction::TakeO => Some(Choice::TakeO),
                    OpeningAction::PlaceTwo => Some(Choice::PlaceTwo),
                    OpeningAction::Place => None,
                })
                .map(|choice| (choice, choice_words(choice, people, phase.actor)))
                .collect();
            let menu: Vec<String> = offered
                .iter()
                .enumerate()
                .map(|(i, (_, words))| format!("{} {words}", i + 1))
                .collect();
            let prompt = format!("{name}, choose: {}? ", menu.join(", "));
            let picked = console.ask_until(&prompt, |t| {
                t.trim()
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| offered.get(i))
                    .cloned()
                    .ok_or_else(|| format!("Please answer a number from 1 to {}.", offered.len()))
            })?;
            let stones = round.moves.len();
            let choice = opening
                .check(stones, &choices, phase.actor, picked.0)
                .map_err(anyhow::Error::from)?;
            choices.push(choice);
            round.note(format!(
                "{name} chose to {}.",
                choice_words(picked.0, people, phase.actor)
            ));
        }
    }
    Ok(opening.x_player(round.moves.len(), &choices) == Some(Order::Second))
}

/// A choice of the opening in words, for `actor` (the other person is named).
fn choice_words(choice: Choice, people: [&Seat; 2], actor: Order) -> String {
    match choice {
        Choice::TakeX => "play X".to_string(),
        Choice::TakeO => "play O".to_string(),
        Choice::PlaceTwo => format!(
            "place two more stones (O, X) and let {} choose",
            people[actor.other().index()]
        ),
    }
}
