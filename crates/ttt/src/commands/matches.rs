//! `ttt match`: a match between two Gomocup engines, game by game, then the score.

use std::io::Write;

use ttt_pbrain::arena::{self, EngineSpec, GameRecord, MatchSettings, Side, Tally};
use ttt_pbrain::engine::SIDES;

use crate::args::MatchArgs;
use crate::error::user_error;

pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let rows = args.rows.unwrap_or(args.size);
    if !SIDES.contains(&args.size) || !SIDES.contains(&rows) {
        return Err(user_error(format!(
            "a board of {} x {rows} is not one engines play: sides go from {} to {}",
            args.size,
            SIDES.start(),
            SIDES.end()
        )));
    }
    let openings = arena::openings().len();
    if args.first_opening >= openings {
        return Err(user_error(format!(
            "there are {openings} openings: --first-opening goes from 0 to {}",
            openings - 1
        )));
    }
    let spec = |line: &str, turn_time| -> anyhow::Result<EngineSpec> {
        EngineSpec::parse(line, turn_time)
            .ok_or_else(|| user_error("an engine needs a program to run"))
    };
    let first = spec(&args.first, args.turn_time)?;
    let second = spec(
        &args.second,
        args.second_turn_time.unwrap_or(args.turn_time),
    )?;
    let settings = MatchSettings {
        width: args.size,
        height: rows,
        games: args.games,
        slack: args.slack,
        max_memory: args.memory.map_or(0, |mb| mb as u64 * (1 << 20)),
        first_opening: args.first_opening,
        from_empty: args.from_empty,
    };
    // An engine that cannot start, or refuses the board, would lose every game: that is a
    // mistake in the command, not a score.
    for (which, engine) in [("first", &first), ("second", &second)] {
        arena::check(engine, &settings).map_err(|e| {
            user_error(format!(
                "the {which} engine ({}) cannot play a board of {rows} x {}: {e}",
                engine.name(),
                args.size
            ))
        })?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} (A) against {} (B): {} on {rows} x {} (rows x columns), {:.2} s a move",
        first.name(),
        second.name(),
        counted(args.games as u64, "game"),
        args.size,
        args.turn_time.as_secs_f64()
    )?;
    let mut failed = Ok(());
    let tally = arena::play_match(&first, &second, &settings, |game, tally| {
        if failed.is_ok() {
            failed = writeln!(out, "{}", describe(game, tally, args.moves));
        }
    });
    failed?;
    writeln!(out, "{}", summary(&first.name(), &second.name(), &tally))?;
    Ok(())
}

fn describe(game: &GameRecord, tally: &Tally, with_moves: bool) -> String {
    let black = match game.black {
        Side::A => "A",
        Side::B => "B",
    };
    let result = match game.winner {
        Some(Side::A) => "A wins",
        Some(Side::B) => "B wins",
        None => "draw",
    };
    let opening = game
        .opening
        .map_or_else(|| "the empty board".to_string(), |o| format!("opening {o}"));
    let mut line = format!(
        "game {}: {opening}, {black} black: {result} ({}) after {} moves",
        tally.games(),
        game.reason,
        game.moves.len()
    );
    if with_moves {
        let moves: Vec<String> = game.moves.iter().map(ToString::to_string).collect();
        line.push_str(&format!("\n  {}", moves.join(" ")));
    }
    line
}

fn summary(first: &str, second: &str, tally: &Tally) -> String {
    let elo = tally
        .elo()
        .map_or_else(|| "not bounded".to_string(), |e| e.to_string());
    format!(
        "{first} against {second}: {}, {}, {}; score {:.1}%; Elo difference {elo} (95%)",
        counted(u64::from(tally.wins), "win"),
        counted(u64::from(tally.losses), "loss"),
        counted(u64::from(tally.draws), "draw"),
        tally.score() * 100.0
    )
}

/// `1 game`, `2 games`, `0 losses`.
fn counted(n: u64, word: &str) -> String {
    match (n, word.ends_with('s')) {
        (1, _) => format!("{n} {word}"),
        (_, true) => format!("{n} {word}es"),
        (_, false) => format!("{n} {word}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_read_well() {
        let t = Tally {
            wins: 6,
            losses: 3,
            draws: 1,
        };
        let s = summary("a", "b", &t);
        assert!(s.contains("6 wins, 3 losses, 1 draw; score 65.0%"), "{s}");
        assert!(s.contains("Elo difference +108 ±"), "{s}");
    }
}
