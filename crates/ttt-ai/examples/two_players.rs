//! A game between two built-in computer players, every move printed.
//!
//! ```console
//! $ cargo run -p ttt-ai --example two_players                  # hard (X) against perfect (O)
//! $ cargo run -p ttt-ai --example two_players -- easy perfect 3 # levels of X and O, and a seed
//! ```
//!
//! The players come from `ttt_ai::new_player`; the game is `ttt_core::Position::play` until
//! `Position::is_over`. Whatever the levels and the seed, the perfect player never loses: the
//! example checks that before it ends.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use ttt_ai::{new_player, Decision, Level};
use ttt_core::{ByPlayer, Dims, Outcome, Player, Position};

/// How long the perfect player may think per move: plenty for 3 x 3.
const THINKING: Duration = Duration::from_secs(2);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (levels, seed) = match parse(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match play(&mut io::stdout().lock(), levels, seed) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// The levels of X and O (hard and perfect unless given) and the seed (7 unless given).
fn parse(args: &[String]) -> Result<(ByPlayer<Level>, u64), String> {
    let level = |i: usize, default: Level| match args.get(i) {
        Some(name) => name.parse::<Level>().map_err(|e| e.to_string()),
        None => Ok(default),
    };
    let levels = ByPlayer {
        x: level(0, Level::Hard)?,
        o: level(1, Level::Perfect)?,
    };
    let seed = match args.get(2) {
        Some(seed) => seed
            .parse()
            .map_err(|_| format!("the seed must be a whole number, not {seed:?}"))?,
        None => 7,
    };
    Ok((levels, seed))
}

/// Plays one game of tic-tac-toe between `levels.x` and `levels.o`, writing every move and
/// the result to `out`, and returns how it ended.
fn play(out: &mut impl Write, levels: ByPlayer<Level>, seed: u64) -> io::Result<Outcome> {
    // Each player gets a seed of its own, so that two players of one level differ.
    let mut players = ByPlayer {
        x: new_player(levels.x, Some(seed), THINKING),
        o: new_player(levels.o, Some(seed + 1), THINKING),
    };
    let mut pos = Position::new(Dims::new(3, 3, 3).expect("3 x 3 is a board"));
    writeln!(
        out,
        "X: {}, O: {}, on 3 x 3 with 3 in a row (seed {seed})",
        levels.x, levels.o
    )?;
    while let Some(decision) = players.get_mut(pos.turn()).choose(&pos) {
        let mover = pos.turn();
        pos = pos
            .play(decision.cell)
            .expect("a built-in player chooses a legal move");
        writeln!(out)?;
        writeln!(out, "{mover} plays {}{}", decision.cell, claim(&decision))?;
        write!(out, "{}", draw(&pos))?;
    }
    writeln!(out)?;
    let result = match pos.outcome() {
        Outcome::Win(winner) => format!("{winner} ({}) wins", levels.get(winner)),
        _ => "a draw".to_string(),
    };
    writeln!(out, "Result: {result}")?;
    for side in [Player::X, Player::O] {
        if *levels.get(side) == Level::Perfect {
            assert!(!pos.is_loss_for(side), "the perfect player lost: {pos}");
        }
    }
    Ok(pos.outcome())
}

/// What the player claims for its move, when it claims anything (the perfect player does).
fn claim(decision: &Decision) -> String {
    match (decision.verdict, decision.value) {
        (Some(v), _) => format!("  (proven: {} in {} plies)", v.value.as_str(), v.plies),
        (None, Some(value)) => format!("  (proven: {})", value.as_str()),
        (None, None) => String::new(),
    }
}

/// The board with rows and columns numbered from 1, as the moves are printed.
fn draw(pos: &Position) -> String {
    let dims = pos.dims();
    let mut out = String::from("  ");
    for col in 1..=dims.cols() {
        out += &format!(" {col}");
    }
    out.push('\n');
    for row in 0..dims.rows() {
        out += &format!("{} ", row + 1);
        for col in 0..dims.cols() {
            let cell = ttt_core::Cell::new(row as u8, col as u8);
            out += &format!(" {}", pos.get(cell).map_or('.', Player::marker));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(x: Level, o: Level, seed: u64) -> (String, Outcome) {
        let mut out = Vec::new();
        let outcome = play(&mut out, ByPlayer { x, o }, seed).unwrap();
        (String::from_utf8(out).unwrap(), outcome)
    }

    #[test]
    fn prints_every_move_and_the_board_after_it() {
        let (text, outcome) = game(Level::Hard, Level::Perfect, 7);
        assert!(text.starts_with("X: hard, O: perfect, on 3 x 3 with 3 in a row (seed 7)\n"));
        let moves = text.lines().filter(|l| l.contains(" plays (")).count();
        let boards = text.lines().filter(|l| l.starts_with("   1 2 3")).count();
        assert!((5..=9).contains(&moves), "{text}");
        assert_eq!(boards, moves, "{text}");
        // Hard takes the centre first; perfect's every move is proven.
        assert!(text.contains("X plays (2, 2)\n"), "{text}");
        for line in text.lines().filter(|l| l.starts_with("O plays")) {
            assert!(line.contains("(proven: "), "{line}");
        }
        let last = text.lines().last().unwrap();
        match outcome {
            Outcome::Draw => assert_eq!(last, "Result: a draw"),
            Outcome::Win(Player::O) => assert_eq!(last, "Result: O (perfect) wins"),
            other => panic!("perfect (O) did not hold: {other:?}\n{text}"),
        }
    }

    #[test]
    fn arguments_name_the_levels_and_the_seed() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (levels, seed) = parse(&args(&[])).unwrap();
        assert_eq!((levels.x, levels.o, seed), (Level::Hard, Level::Perfect, 7));
        let (levels, seed) = parse(&args(&["easy", "4", "3"])).unwrap();
        assert_eq!((levels.x, levels.o, seed), (Level::Easy, Level::Perfect, 3));
        assert_eq!(
            parse(&args(&["expert"])).unwrap_err(),
            "unknown level \"expert\": choose easy, medium, hard or perfect (or 1 to 4)"
        );
        assert_eq!(
            parse(&args(&["easy", "hard", "x"])).unwrap_err(),
            "the seed must be a whole number, not \"x\""
        );
    }

    #[test]
    fn the_board_is_drawn_as_the_moves_are_named() {
        let pos = Position::new(Dims::new(3, 3, 3).unwrap())
            .play(ttt_core::Cell::new(0, 2))
            .unwrap();
        assert_eq!(draw(&pos), "   1 2 3\n1  . . X\n2  . . .\n3  . . .\n");
    }

    #[test]
    fn perfect_never_loses_to_any_level() {
        for seed in 0..4 {
            for level in Level::ALL {
                let (text, outcome) = game(level, Level::Perfect, seed);
                assert_ne!(outcome, Outcome::Win(Player::X), "{text}");
                let (text, outcome) = game(Level::Perfect, level, seed);
                assert_ne!(outcome, Outcome::Win(Player::O), "{text}");
            }
        }
        // Two perfect players draw.
        assert_eq!(game(Level::Perfect, Level::Perfect, 1).1, Outcome::Draw);
    }
}
