//! `ttt history`: the games played, most recent first, and any one of them replayed move by
//! move.

use std::io::{IsTerminal, Write};

use ttt_core::{Cell, Player, Position};
use ttt_store::{EndReason, GameRecord, GameResult, Participant};

use crate::args::HistoryArgs;
use crate::database::open_existing;
use crate::error::{store_error, user_error};
use crate::output::board::{emphasised, Emphasis};
use crate::output::table::{render, Align};

pub fn run(args: &HistoryArgs) -> anyhow::Result<()> {
    if args.format.is_some() && args.export.is_none() {
        return Err(user_error(
            "--format goes with --export GAME: the format of the file written",
        ));
    }
    let store = open_existing(&args.db)?;
    let mut out = std::io::stdout().lock();
    if let Some(id) = args.export {
        let game = match &store {
            Some(store) => store.game(id).map_err(store_error)?,
            None => None,
        };
        let Some(game) = game else {
            return Err(user_error(format!(
                "there is no game {id}: `ttt history` lists the games played"
            )));
        };
        write!(
            out,
            "{}",
            super::files::of_record(&game).write(args.format.unwrap_or(ttt_files::Format::Sgf))
        )?;
        return Ok(());
    }
    if let Some(id) = args.replay {
        let game = match &store {
            Some(store) => store.game(id).map_err(store_error)?,
            None => None,
        };
        let Some(game) = game else {
            return Err(user_error(format!(
                "there is no game {id}: `ttt history` lists the games played"
            )));
        };
        if args.json {
            serde_json::to_writer_pretty(&mut out, &game)?;
            writeln!(out)?;
        } else {
            let colour = std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            write!(out, "{}", replay(&game, colour)?)?;
        }
        return Ok(());
    }
    let name = args.name.as_deref().map(str::trim);
    let games = match &store {
        Some(store) => store.recent_games(name, args.limit).map_err(store_error)?,
        None => Vec::new(),
    };
    if args.json {
        serde_json::to_writer_pretty(&mut out, &games)?;
        writeln!(out)?;
    } else if games.is_empty() {
        match name {
            Some(name) => writeln!(out, "No games played by {name} yet.")?,
            None => writeln!(out, "No games yet: play one with `ttt play`.")?,
        }
    } else {
        write!(out, "{}", table(&games))?;
        writeln!(out, "\nReplay a game with `ttt history --replay GAME`.")?;
    }
    Ok(())
}

/// A side's player for people: `Alice`, `Computer (hard)` or `Engine bot.py`.
fn who(p: &Participant) -> String {
    match p {
        Participant::Human { name } => name.clone(),
        Participant::Computer { level } => format!("Computer ({level})"),
        Participant::Engine { name } => format!("Engine {name}"),
    }
}

/// How the game ended, by name: `Alice won`, or `tie`.
fn result_words(game: &GameRecord) -> String {
    let (x, o) = (who(&game.x), who(&game.o));
    // Two sides under one name (two computers of one level): say which side won.
    let same = x == o;
    let won = match game.result {
        GameResult::XWins if same => format!("{x} (X) won"),
        GameResult::OWins if same => format!("{o} (O) won"),
        GameResult::XWins => format!("{x} won"),
        GameResult::OWins => format!("{o} won"),
        GameResult::Draw => "tie".to_string(),
    };
    let loser = game.result.winner().map(|w| w.other());
    let side = |p: Option<ttt_core::Player>| p.map_or_else(String::new, |p| p.to_string());
    match (&game.forfeit, game.ending) {
        (Some(f), _) => format!("{won}: {}'s program failed", f.loser),
        (None, Some(EndReason::Timeout)) if loser.is_some() => {
            format!("{won}: {} ran out of time", side(loser))
        }
        (None, Some(EndReason::Timeout)) => {
            format!("{won}: a clock ran out with no line left to make")
        }
        (None, Some(EndReason::Resign)) => format!("{won}: {} resigned", side(loser)),
        (None, Some(EndReason::DrawAgreed)) => format!("{won}: agreed"),
        (None, Some(EndReason::Abandoned)) => format!("{won}: {} left", side(loser)),
        (None, Some(EndReason::Aborted) | None) => won,
    }
}

/// The time as stored (`2024-05-01T18:30:00Z`) made easier to read.
fn when(game: &GameRecord) -> String {
    game.finished_at.replacen('T', " ", 1).replace('Z', " UTC")
}

/// `15x15, 5 in a row`, with the rule and the opening when they are not the plain game's:
/// `15x15, 5 in a row, renju, swap2`.
fn board_words(g: &GameRecord) -> String {
    let mut words = format!("{}x{}, {} in a row", g.rows, g.cols, g.k);
    if g.rule != ttt_core::Rule::Freestyle {
        words.push_str(&format!(", {}", g.rule));
    }
    if g.opening != ttt_core::Opening::None {
        words.push_str(&format!(", {}", g.opening));
    }
    words
}

/// The games as a text table.
pub fn table(games: &[GameRecord]) -> String {
    let header = [
        ("Game", Align::Right),
        ("Finished", Align::Left),
        ("Board", Align::Left),
        ("X", Align::Left),
        ("O", Align::Left),
        ("Result", Align::Left),
        ("Moves", Align::Right),
    ];
    let rows = games.iter().map(|g| {
        vec![
            g.id.to_string(),
            when(g),
            board_words(g),
            who(&g.x),
            who(&g.o),
            result_words(g),
            g.moves.len().to_string(),
        ]
    });
    render(&header, rows)
}

/// The game move by move: the board after each move, the last move marked, and at the end
/// the winning line.
pub fn replay(game: &GameRecord, colour: bool) -> anyhow::Result<String> {
    let mut pos = Position::with_rule(game.dims()?, game.rule)?;
    let side = |p: Player| match game.side(p) {
        Participant::Human { name } => format!("{name} ({p})"),
        Participant::Computer { level } => format!("Computer ({level}, {p})"),
        engine @ Participant::Engine { .. } => format!("{} ({p})", who(engine)),
    };
    let rule = match (game.rule, game.opening) {
        (ttt_core::Rule::Freestyle, ttt_core::Opening::None) => String::new(),
        (rule, ttt_core::Opening::None) => format!(" ({rule})"),
        (rule, opening) => format!(" ({rule}, {opening} opening)"),
    };
    let mut out = format!(
        "Game {}, finished {}: {} vs {} on {} x {}, {} in a row wins{rule}.\n",
        game.id,
        when(game),
        side(Player::X),
        side(Player::O),
        game.rows,
        game.cols,
        game.k
    );
    for (i, &cell) in game.moves.iter().enumerate() {
        let mover = pos.turn();
        pos = pos.play(cell)?;
        out.push_str(&format!(
            "\nMove {}: {} plays row {}, column {}.\n",
            i + 1,
            side(mover),
            cell.row + 1,
            cell.col + 1
        ));
        let winning = pos.winning_cells();
        let emphasis = |c: Cell| {
            if winning.contains(&c) {
                Emphasis::Winning
            } else if winning.is_empty() && c == cell {
                Emphasis::LastMove
            } else {
                Emphasis::Plain
            }
        };
        out.push_str(&emphasised(&pos, emphasis, colour));
    }
    if let Some(f) = &game.forfeit {
        out.push_str(&format!("\n{}.\n", f.reason));
    }
    out.push_str(&format!(
        "\n{}.\n",
        match game.result {
            GameResult::Draw => "It was a tie".to_string(),
            _ => result_words(game),
        }
    ));
    // Hints asked for are part of the record (the perfect player's help).
    if game.hints.x + game.hints.o > 0 {
        let asked = |n: u32| {
            if n == 1 {
                "1 hint".to_string()
            } else {
                format!("{n} hints")
            }
        };
        out.push_str(&format!(
            "Hints asked for: {} by X, {} by O.\n",
            asked(game.hints.x),
            asked(game.hints.o)
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> GameRecord {
        GameRecord {
            id: 7,
            rows: 3,
            cols: 3,
            k: 3,
            x: Participant::human("Ann"),
            o: Participant::computer("easy"),
            moves: [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
                .map(|(r, c)| Cell::new(r, c))
                .to_vec(),
            result: GameResult::XWins,
            finished_at: "2024-05-01T18:30:00Z".into(),
            hints: ttt_core::ByPlayer::default(),
            forfeit: None,
            rule: ttt_core::Rule::Freestyle,
            opening: ttt_core::Opening::None,
            rated: false,
            time_control: ttt_core::TimeControl::None,
            ending: None,
        }
    }

    #[test]
    fn the_table_names_players_and_results() {
        let text = table(&[game()]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Game  Finished                 Board            X    O                Result   Moves"
        );
        assert_eq!(
            lines[1],
            "   7  2024-05-01 18:30:00 UTC  3x3, 3 in a row  Ann  Computer (easy)  Ann won      5"
        );
    }

    #[test]
    fn one_name_on_both_sides_says_which_side_won() {
        let mut g = game();
        g.x = Participant::computer("easy");
        g.result = GameResult::OWins;
        assert_eq!(result_words(&g), "Computer (easy) (O) won");
        g.o = Participant::computer("hard");
        assert_eq!(result_words(&g), "Computer (hard) won");
    }

    #[test]
    fn a_forfeit_says_whose_program_failed_and_how() {
        let mut g = game();
        g.o = Participant::engine("bot.py");
        g.moves.truncate(3);
        g.result = GameResult::XWins;
        g.forfeit = Some(ttt_store::Forfeit::new(
            Player::O,
            "engine ./bot.py (O) answered 3,9, off the 3 x 3 board: O loses",
        ));
        assert_eq!(result_words(&g), "Ann won: O's program failed");
        let text = replay(&g, false).unwrap();
        assert!(text.contains("Move 2: Engine bot.py (O) plays"), "{text}");
        assert!(
            text.ends_with("\nengine ./bot.py (O) answered 3,9, off the 3 x 3 board: O loses.\n\nAnn won: O's program failed.\n"),
            "{text}"
        );
    }

    #[test]
    fn an_ending_off_the_board_is_said() {
        let mut g = game();
        g.moves.truncate(3);
        g.ending = Some(EndReason::Timeout);
        g.result = GameResult::XWins;
        assert_eq!(result_words(&g), "Ann won: O ran out of time");
        g.result = GameResult::Draw;
        assert_eq!(
            result_words(&g),
            "tie: a clock ran out with no line left to make"
        );
        g.ending = Some(EndReason::Resign);
        g.result = GameResult::OWins;
        assert_eq!(result_words(&g), "Computer (easy) won: X resigned");
        g.ending = Some(EndReason::DrawAgreed);
        g.result = GameResult::Draw;
        assert_eq!(result_words(&g), "tie: agreed");
    }

    #[test]
    fn any_name_ends_a_replay() {
        let mut g = game();
        g.x = Participant::human("Émile");
        assert!(replay(&g, false).unwrap().ends_with("\nÉmile won.\n"));
    }

    #[test]
    fn a_replay_shows_every_move_and_the_winning_line() {
        let text = replay(&game(), false).unwrap();
        assert!(
            text.starts_with(
                "Game 7, finished 2024-05-01 18:30:00 UTC: Ann (X) vs Computer (easy, O)"
            ),
            "{text}"
        );
        assert!(
            text.contains("Move 1: Ann (X) plays row 1, column 1.\n   1  2  3\n1 [X] .  .\n"),
            "{text}"
        );
        assert!(
            text.contains("Move 2: Computer (easy, O) plays row 2, column 1."),
            "{text}"
        );
        assert!(text.contains("1 [X][X][X]\n"), "{text}");
        assert!(text.ends_with("\nAnn won.\n"), "{text}");
        let mut helped = game();
        helped.hints.x = 1;
        let text = replay(&helped, false).unwrap();
        assert!(
            text.ends_with("\nAnn won.\nHints asked for: 1 hint by X, 0 hints by O.\n"),
            "{text}"
        );
    }
}
