//! Game files (.psq, SGF) for the commands: reading one from a path with the command line's
//! rule, a finished game as a file, and `ttt import`, which records a file's finished game.

use std::path::Path;

use ttt_core::Rule;
use ttt_files::GameFile;
use ttt_store::{GameRecord, GameResult, NewGame, Participant};

use crate::args::ImportArgs;
use crate::database::open;
use crate::error::{store_error, user_error};

/// The game in the file at `path`. A .psq does not say its rule or K: `rule` and `k` (the
/// command line's) say them; an SGF's own `RU` wins over `rule` when it has one, and a
/// `rule` other than the default that differs from it is refused rather than ignored.
pub fn read(path: &Path, rule: Rule, k: Option<usize>) -> anyhow::Result<GameFile> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| user_error(format!("cannot read {}: {e}", path.display())))?;
    let mut game =
        GameFile::read(&text).map_err(|e| user_error(format!("{}: {e}", path.display())))?;
    let is_sgf = text.trim_start().starts_with('(');
    if !is_sgf || !text.contains("RU[") {
        game.rule = rule;
    } else if rule != Rule::Freestyle && rule != game.rule {
        return Err(user_error(format!(
            "{} says its game is played under {} (its RU), not {rule}: leave out --rule, or \
             change the file's RU",
            path.display(),
            game.rule
        )));
    }
    if let Some(k) = k {
        game.k = k;
    }
    game.position()
        .map_err(|why| user_error(format!("{}: {why}", path.display())))?;
    Ok(game)
}

/// A finished game as a file.
pub fn of_record(game: &GameRecord) -> GameFile {
    let mut file = GameFile::new(game.rows, game.cols, game.k, game.rule);
    file.moves = game.moves.clone();
    file.names = [Some(game.x.to_string()), Some(game.o.to_string())];
    file.comments = vec![format!(
        "{} from ttt, game {}, {}",
        result_words(game.result),
        game.id,
        game.finished_at
    )];
    // SGF's result: the winner's colour, and how a game that did not end on the board ended.
    let how = match (game.ending, &game.forfeit) {
        (_, Some(_)) => "F",
        (Some(ttt_store::EndReason::Resign), _) => "R",
        (Some(ttt_store::EndReason::Timeout), _) => "T",
        _ => "",
    };
    file.result = Some(match game.result {
        GameResult::XWins => format!("B+{how}"),
        GameResult::OWins => format!("W+{how}"),
        GameResult::Draw => "0".to_string(),
    });
    file
}

fn result_words(result: GameResult) -> &'static str {
    match result {
        GameResult::XWins => "Black (X) won",
        GameResult::OWins => "White (O) won",
        GameResult::Draw => "A draw",
    }
}

/// How many of black's latest games an import looks through for the same game.
const RECENT_LOOKED_AT: usize = 10_000;

/// `ttt import FILE`: records the file's finished game between its named players.
pub fn import(args: &ImportArgs) -> anyhow::Result<()> {
    let game = read(&args.file, args.rule, args.k)?;
    let pos = game.position().map_err(user_error)?;
    let Some(result) = GameResult::from_outcome(pos.outcome()) else {
        return Err(user_error(format!(
            "{}: the game is not finished ({} moves, no line and no full board): only finished \
             games go into the history; look at it with `ttt analyze --file`",
            args.file.display(),
            game.moves.len()
        )));
    };
    let name = |given: &Option<String>, from_file: &Option<String>, side: &str| {
        given
            .clone()
            .or_else(|| from_file.clone())
            .ok_or_else(|| {
                user_error(format!(
                    "{}: the file does not name {side}: give --{} NAME",
                    args.file.display(),
                    if side == "black (X)" { "x" } else { "o" }
                ))
            })
            .and_then(|n| ttt_store::check_name(&n).map_err(|e| user_error(format!("{n:?}: {e}"))))
    };
    let x = name(&args.x, &game.names[0], "black (X)")?;
    let o = name(&args.o, &game.names[1], "white (O)")?;
    let (store, _) = open(&args.db)?;
    // The same file imported twice would count its game twice in both players' records.
    if !args.again {
        let (xp, op) = (Participant::human(x.clone()), Participant::human(o.clone()));
        let same = store
            .recent_games(Some(&x), RECENT_LOOKED_AT)
            .map_err(store_error)?
            .into_iter()
            .find(|g| {
                g.x == xp
                    && g.o == op
                    && (g.rows, g.cols, g.k, g.rule) == (game.rows, game.cols, game.k, game.rule)
                    && g.moves == game.moves
                    && g.result == result
            });
        if let Some(same) = same {
            return Err(user_error(format!(
                "{}: the history holds this game already, as game {} ({x} against {o}, the \
                 same moves and result): not recorded again (--again records it anyway)",
                args.file.display(),
                same.id
            )));
        }
    }
    let id = store
        .record_game(&NewGame {
            rows: game.rows,
            cols: game.cols,
            k: game.k,
            x: Participant::human(x.clone()),
            o: Participant::human(o.clone()),
            moves: game.moves.clone(),
            result,
            hints: ttt_core::ByPlayer::default(),
            forfeit: None,
            rule: game.rule,
            opening: ttt_core::Opening::None,
            rated: false,
            ending: None,
            time_control: ttt_core::TimeControl::None,
        })
        .map_err(store_error)?;
    println!(
        "Imported as game {id}: {x} (X) against {o} (O), {} after {} moves.",
        match result {
            GameResult::XWins => format!("{x} won"),
            GameResult::OWins => format!("{o} won"),
            GameResult::Draw => "a draw".to_string(),
        },
        game.moves.len()
    );
    Ok(())
}
