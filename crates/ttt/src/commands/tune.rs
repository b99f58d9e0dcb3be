//! `ttt tune-eval`: fits the gomoku engine's evaluation to the games of `ttt selfplay` or
//! `ttt match` state files ([`ttt_engine::Tuner`]) and prints or writes the tables file.
//! `ttt selfplay`: plays those games ([`ttt_engine::SelfPlay`]).
//! `ttt book`: scores the wide book's openings and keeps the even ones
//! ([`ttt_pbrain::book`]).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use ttt_core::{Cell, Player, Rule};
use ttt_engine::{Evaluation, Policy, SelfPlay, Tuner};
use ttt_pbrain::arena::{GameRecord, Side};
use ttt_pbrain::protocol::Point;

use crate::args::{threads_or_all, BookArgs, SelfplayArgs, TuneEvalArgs};
use crate::commands::matches::state;
use crate::error::user_error;

pub fn run(args: &TuneEvalArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    // A file the fit cannot write is found before the fit, not after minutes of it.
    for path in args.out.iter().chain(&args.policy_out) {
        super::solve::check_writable(path)?;
    }
    // The summary goes where the tables do not: with the tables printed, to standard error,
    // so that `ttt tune-eval F > freestyle.rs` writes the tables alone.
    let policy = args.policy || args.policy_out.is_some();
    let tables_printed =
        (args.out.is_none() && !policy) || (args.policy && args.policy_out.is_none());
    let mut out: Box<dyn Write> = if tables_printed {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    let mut tuner: Option<(Tuner, (usize, usize, Rule))> = None;
    let mut games = 0usize;
    let mut seen_paths = Vec::new();
    for path in &args.games {
        // The same file twice would count its games twice.
        let same = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        if seen_paths.contains(&same) {
            writeln!(
                out,
                "{} is given more than once: its games are counted once",
                path.display()
            )?;
            continue;
        }
        seen_paths.push(same);
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
                Tuner::new(rows, cols, rule)
                    .map_err(|e| user_error(format!("{shown}: {e}")))?
                    .with_search_labels(args.search_labels),
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
            tuner
                .add_scored_game(&moves, winner, &game.scores)
                .map_err(|e| {
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
    let (train, held_out) = tuner.positions();
    writeln!(
        out,
        "{games} games: {train} positions to train on, {held_out} held out (every tenth game)"
    )?;
    if train == 0 {
        return Err(user_error("the games have no quiet positions to tune on"));
    }
    let (start, named) = if args.from_hand {
        (Evaluation::hand_set(), "the hand-set values")
    } else {
        (Evaluation::shipped(tuner.rule()), "the shipped tables")
    };
    let fit = tuner.fit(&start, args.steps);
    writeln!(out, "logistic slope {:.6} (fitted to {named})", fit.scale)?;
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
    writeln!(
        out,
        "{} of the tables' entries fitted, the others read too seldom ({:.1} s)",
        fit.fitted,
        started.elapsed().as_secs_f64()
    )?;
    if held_out > 0 && fit.held_out_error > fit.held_out_error_before {
        writeln!(
            out,
            "warning: the held-out error rose ({:.5} -> {:.5}): these tables predict games they \
             did not learn from worse than the ones they started from (more games, or another \
             number of --steps, may do better)",
            fit.held_out_error_before, fit.held_out_error
        )?;
    }
    let source = fit.evaluation.to_source();
    match &args.out {
        Some(path) => {
            std::fs::write(path, source)
                .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))?;
            writeln!(out, "wrote {}", path.display())?;
        }
        // Written, not printed: a closed pipe (`| head`) is an error to end on, not a panic.
        None if !args.policy && args.policy_out.is_none() => {
            write!(std::io::stdout().lock(), "{source}")?;
        }
        None => {}
    }
    if args.policy || args.policy_out.is_some() {
        fit_policy(&mut out, &tuner, args, started)?;
    }
    Ok(())
}

/// Fits the move ordering, prints what it found, and writes it when asked.
fn fit_policy(
    out: &mut impl Write,
    tuner: &Tuner,
    args: &TuneEvalArgs,
    started: Instant,
) -> anyhow::Result<()> {
    let (train, held_out) = tuner.choices();
    writeln!(
        out,
        "move ordering: {train} chosen moves to train on, {held_out} held out"
    )?;
    let start = if args.from_hand {
        Policy::hand_set()
    } else {
        Policy::shipped(tuner.rule())
    };
    let fit = tuner.fit_policy(&start, args.steps);
    let percent = |(a, b): (f64, f64)| format!("{:.1}% -> {:.1}%", 100.0 * a, 100.0 * b);
    writeln!(
        out,
        "softmax temperature {:.1}; cross-entropy: training {:.4} -> {:.4}, held out {:.4} -> {:.4}",
        fit.temperature, fit.train_loss.0, fit.train_loss.1, fit.held_out_loss.0, fit.held_out_loss.1
    )?;
    writeln!(
        out,
        "held out, the chosen move ordered first: {}; among the first {}: {} ({:.1} s)",
        percent(fit.held_out_first),
        ttt_engine::POLICY_TOP,
        percent(fit.held_out_top),
        started.elapsed().as_secs_f64()
    )?;
    let source = fit.policy.to_source();
    match &args.policy_out {
        Some(path) => {
            std::fs::write(path, source)
                .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))?;
            writeln!(out, "wrote {}", path.display())?;
        }
        None => write!(std::io::stdout().lock(), "{source}")?,
    }
    Ok(())
}

/// Plays `ttt selfplay`'s games, saving each as it ends.
pub fn selfplay(args: &SelfplayArgs) -> anyhow::Result<()> {
    let (rows, cols) = (args.rows.unwrap_or(args.size), args.size);
    let games = SelfPlay::new(rows, cols, args.rule, args.nodes as u64)
        .map_err(|e| user_error(format!("cannot play on that board: {e}")))?;
    let header = state::selfplay_header(rows, cols, args.rule.name(), args.nodes, args.seed);
    let mut file = state::StateFile::open(&args.out, &header)?;
    // A set, not a list: a resumed run of tens of thousands of games asks it of each game.
    let done: std::collections::HashSet<usize> = file.games().iter().map(|g| g.number).collect();
    let todo: Vec<usize> = (0..args.games).filter(|n| !done.contains(n)).collect();
    let mut out = std::io::stdout().lock();
    if todo.is_empty() {
        writeln!(
            out,
            "{} already holds {} games: no more to play (a larger --games plays more)",
            args.out.display(),
            done.len()
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "playing {} games ({} already in {}) at {} positions a move",
        todo.len(),
        done.len(),
        args.out.display(),
        args.nodes
    )?;
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let threads = threads_or_all(args.threads).min(todo.len());
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads {
            let (sender, next, todo) = (sender.clone(), &next, &todo);
            scope.spawn(move || {
                while let Some(&number) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let seed = args
                        .seed
                        .wrapping_mul(0x1_0000_0001)
                        .wrapping_add(number as u64);
                    let game = games.play(seed).map(|g| record_of(number, &g));
                    if sender.send(game).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let (mut played, mut wins) = (0usize, [0usize; 3]);
        // Every hundred games, and at least every ten seconds, a line: slow games show too.
        let mut said = Instant::now();
        for game in receiver {
            let game = game.map_err(|e| user_error(format!("a self-play game failed: {e}")))?;
            file.append(&game)?;
            played += 1;
            wins[match game.winner {
                Some(Side::A) => 0,
                Some(Side::B) => 1,
                None => 2,
            }] += 1;
            if played % 100 == 0 || played == todo.len() || said.elapsed().as_secs() >= 10 {
                said = Instant::now();
                writeln!(
                    out,
                    "{played} of {} played: X won {}, O won {}, {} drawn ({:.0} s)",
                    todo.len(),
                    wins[0],
                    wins[1],
                    wins[2],
                    started.elapsed().as_secs_f64()
                )?;
            }
        }
        Ok(())
    })
}

/// A self-play game as a match's record: X is side A.
fn record_of(number: usize, game: &ttt_engine::Game) -> GameRecord {
    let (winner, reason) = match game.winner {
        Some(Player::X) => (Some(Side::A), "black made five"),
        Some(Player::O) => (Some(Side::B), "white made five"),
        None => (None, "the board is full"),
    };
    GameRecord {
        number,
        opening: Some(number),
        black: Side::A,
        winner,
        moves: game
            .moves
            .iter()
            .map(|c| Point {
                x: usize::from(c.col),
                y: usize::from(c.row),
            })
            .collect(),
        reason: reason.into(),
        scores: game.scores.clone(),
    }
}

/// The colour of `side` in a game where `black` played black.
fn colour(side: Side, black: Side) -> Player {
    if side == black {
        Player::X
    } else {
        Player::O
    }
}

/// `ttt book`: every wide opening scored on as many threads as asked, then the even ones
/// written as the rule's book file, or every score printed.
pub fn book(args: &BookArgs) -> anyhow::Result<()> {
    use ttt_pbrain::arena::WIDE_BOOK;
    if let Some(path) = &args.out {
        super::solve::check_writable(path)?;
    }
    let started = Instant::now();
    let margin = i32::try_from(args.margin).unwrap_or(i32::MAX);
    let nodes = args.nodes as u64;
    let next = AtomicUsize::new(0);
    let threads = threads_or_all(args.threads).min(WIDE_BOOK);
    let mut scores: Vec<Option<i32>> = vec![None; WIDE_BOOK];
    let scored: Vec<(usize, Option<i32>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= WIDE_BOOK {
                            break mine;
                        }
                        mine.push((n, ttt_pbrain::book::opening_score(n, args.rule, nodes)));
                        // A line on standard error every twentieth of the book: the whole
                        // takes minutes at the default --nodes.
                        if (n + 1).is_multiple_of(WIDE_BOOK / 20) {
                            eprintln!(
                                "{} of {WIDE_BOOK} openings scored ({:.0} s)",
                                n + 1,
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for (n, score) in scored {
        scores[n] = score;
    }
    let kept: Vec<usize> = (0..WIDE_BOOK)
        .filter(|&n| scores[n].is_some_and(|s| s.abs() <= margin))
        .collect();
    // An empty book would leave a match no opening to play: never written.
    if kept.is_empty() {
        return Err(user_error(format!(
            "no opening lies within {margin} of even: a book needs a larger --margin"
        )));
    }
    let mut out = std::io::stdout().lock();
    match &args.out {
        Some(path) => {
            let file = ttt_pbrain::book::book_file(args.rule, nodes, margin, &kept);
            std::fs::write(path, file)
                .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))?;
        }
        None => {
            writeln!(
                out,
                "# each wide opening's number and its score for white to move: below 0 black is \
                 ahead"
            )?;
            for (n, score) in scores.iter().enumerate() {
                let shown = score.map_or_else(|| "refused".to_string(), |s| s.to_string());
                writeln!(out, "{n} {shown}")?;
            }
        }
    }
    let white_ahead = scores.iter().flatten().filter(|&&s| s > margin).count();
    let black_ahead = scores.iter().flatten().filter(|&&s| s < -margin).count();
    writeln!(
        out,
        "{}: kept {} of {WIDE_BOOK} openings within {margin} of even at {} each (of the \
         others, {black_ahead} favour black and {white_ahead} white) in {:.0} s{}",
        args.rule,
        kept.len(),
        crate::output::words::plural(nodes, "position"),
        started.elapsed().as_secs_f64(),
        args.out
            .as_ref()
            .map_or(String::new(), |p| format!("; written to {}", p.display()))
    )?;
    Ok(())
}
