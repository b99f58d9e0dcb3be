//! `ttt match`: a match between two Gomocup engines, game by game, then the score; with
//! `--sprt`, until a sequential test is decided; with `--state`, resumable.

use std::io::Write;

use ttt_core::Rule;
use ttt_pbrain::arena::{self, Elo, EngineSpec, GameRecord, MatchSettings, Pairs, Side, Tally};
use ttt_pbrain::engine::SIDES;
use ttt_pbrain::sprt::{Sprt, Verdict};

use crate::args::MatchArgs;
use crate::error::user_error;

pub mod state;

pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let (first, second, settings) = checked(args)?;
    let sprt = if args.sprt {
        Some(Sprt::new(args.elo0, args.elo1, args.alpha, args.beta).map_err(user_error)?)
    } else {
        None
    };
    let mut saved = match &args.state {
        Some(path) => Some(state::StateFile::open(
            path,
            &state::header(args, &first, &second),
        )?),
        None => None,
    };
    let done = saved.as_ref().map_or_else(Vec::new, |s| s.games().to_vec());
    // Games 2i and 2i + 1 are one opening (or the empty board) with the colours swapped,
    // and the test counts them as a pair; under swap2 each game opens its own way.
    let paired = !settings.swap2;
    let llr = |test: &Sprt, tally: &Tally, pairs: &Pairs| {
        if paired {
            test.llr_pairs(pairs)
        } else {
            test.llr(tally)
        }
    };
    let decided = |tally: &Tally, pairs: &Pairs| {
        sprt.map_or(Verdict::Continue, |t| t.verdict_of(llr(&t, tally, pairs)))
    };
    // The test stops at the first game its bounds are crossed at; games still being played
    // then are counted in the score but cannot take the verdict back.
    let mut first_verdict: Option<(Verdict, Tally, Pairs)> = None;
    let mut pairs = Pairs::default();
    {
        let mut tally = Tally::default();
        for game in &done {
            tally.count(game.winner);
            pairs.add(game);
            let verdict = decided(&tally, &pairs);
            if verdict != Verdict::Continue {
                first_verdict = Some((verdict, tally, pairs.clone()));
                break;
            }
        }
    }
    let mut out = std::io::stdout().lock();
    introduce(
        &mut out,
        args,
        (&first, &second),
        sprt.as_ref(),
        done.len(),
        first_verdict.is_some(),
    )?;
    let mut failed: anyhow::Result<()> = Ok(());
    let tally = if first_verdict.is_none() {
        arena::play_match(&first, &second, &settings, &done, |game, tally| {
            if failed.is_ok() {
                if let Some(file) = saved.as_mut() {
                    failed = file.append(game);
                }
            }
            pairs.add(game);
            if failed.is_ok() {
                let mut line = describe(game, tally, args.moves, settings.swap2);
                if let Some(test) = &sprt {
                    line.push_str(&format!("; LLR {:.2}", llr(test, tally, &pairs)));
                }
                failed = writeln!(out, "{line}").map_err(Into::into);
            }
            let verdict = decided(tally, &pairs);
            if first_verdict.is_none() && verdict != Verdict::Continue {
                first_verdict = Some((verdict, *tally, pairs.clone()));
            }
            failed.is_ok() && first_verdict.is_none()
        })
    } else {
        pairs = Pairs::from_games(&done);
        Tally::from_games(&done)
    };
    failed?;
    writeln!(out, "{}", summary(&first.name(), &second.name(), &tally))?;
    if paired && pairs.pairs() > 0 {
        writeln!(out, "{}", pairs_summary(&pairs))?;
    }
    if let Some(test) = &sprt {
        let (verdict, at, at_pairs) =
            first_verdict.unwrap_or((Verdict::Continue, tally, pairs.clone()));
        let later = tally.games() - at.games();
        writeln!(
            out,
            "SPRT: {} after {}{} (LLR {:.2}){}",
            verdict,
            counted(u64::from(at.games()), "game"),
            if paired {
                format!(
                    ", {} complete",
                    counted(u64::from(at_pairs.pairs()), "pair")
                )
            } else {
                String::new()
            },
            llr(test, &at, &at_pairs),
            if verdict == Verdict::Continue {
                ": play more games (a larger --games) to decide".to_string()
            } else if later > 0 {
                // Games still being played when the bound was crossed, or saved by a run
                // that tested other bounds.
                format!(
                    "; {} played after it, counted in the score above",
                    counted(u64::from(later), "game")
                )
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}

/// The two engines and the match's settings, once the options are checked and each engine
/// has shown it starts and plays the board.
fn checked(args: &MatchArgs) -> anyhow::Result<(EngineSpec, EngineSpec, MatchSettings)> {
    let rows = args.rows.unwrap_or(args.size);
    if !SIDES.contains(&args.size) || !SIDES.contains(&rows) {
        return Err(user_error(format!(
            "a board of {} x {rows} is not one engines play: sides go from {} to {}",
            args.size,
            SIDES.start(),
            SIDES.end()
        )));
    }
    if args.rule != Rule::Freestyle && (args.size > ttt_core::MAX_SIDE || rows > ttt_core::MAX_SIDE)
    {
        return Err(user_error(format!(
            "the referee judges {} on boards of up to {} a side",
            args.rule,
            ttt_core::MAX_SIDE
        )));
    }
    if let Some(n) = args.threads.filter(|&n| n > arena::MOST_THREADS) {
        return Err(user_error(format!(
            "--threads {n} is too many: engines take 1 to {}",
            arena::MOST_THREADS
        )));
    }
    if args.match_time.is_some_and(|t| t.is_zero()) {
        return Err(user_error(
            "--match-time 0 leaves no time for a game: give the seconds each engine has",
        ));
    }
    let openings = args.book.book(args.rule).len();
    if args.first_opening >= openings {
        return Err(user_error(format!(
            "the {} book has {openings} openings: --first-opening goes from 0 to {}",
            args.book.name(),
            openings - 1
        )));
    }
    let spec = |which: &str, line: &str, turn_time| -> anyhow::Result<EngineSpec> {
        EngineSpec::parse(line, turn_time).ok_or_else(|| {
            user_error(format!(
                "the {which} engine is {line:?}: an engine needs a program to run"
            ))
        })
    };
    let first = spec("first", &args.first, args.turn_time)?;
    let second = spec(
        "second",
        &args.second,
        args.second_turn_time.unwrap_or(args.turn_time),
    )?;
    let swap2 = match args.opening {
        ttt_core::Opening::None => false,
        ttt_core::Opening::Swap2 if !args.from_empty => true,
        ttt_core::Opening::Swap2 => {
            return Err(user_error(
                "--opening swap2 and --from-empty both say how games open: choose one",
            ))
        }
        ttt_core::Opening::Swap => {
            return Err(user_error(
                "engines play swap2 over the Gomocup's protocol (SWAP2BOARD), which has no \
                 plain swap: use --opening swap2",
            ))
        }
    };
    let settings = MatchSettings {
        width: args.size,
        height: rows,
        games: args.games(),
        slack: args.slack,
        max_memory: args.memory.map_or(0, |mb| mb as u64 * (1 << 20)),
        threads: args.threads.map(|n| n as u64),
        match_time: args.match_time,
        book: args.book.book(args.rule),
        first_opening: args.first_opening,
        from_empty: args.from_empty,
        rule: args.rule,
        concurrency: args.concurrency,
        swap2,
    };
    // An engine that cannot start, or refuses the board, would lose every game: that is a
    // mistake in the command, not a score.
    for (which, engine) in [("first", &first), ("second", &second)] {
        arena::check(engine, &settings).map_err(|e| {
            user_error(format!(
                "the {which} engine ({}) did not start a game on a board of {rows} x {}: {e}",
                engine.name(),
                args.size
            ))
        })?;
    }
    Ok((first, second, settings))
}

/// The match's first lines: who plays whom, how, and what is already played.
fn introduce(
    out: &mut impl Write,
    args: &MatchArgs,
    (first, second): (&EngineSpec, &EngineSpec),
    sprt: Option<&Sprt>,
    played: usize,
    decided: bool,
) -> anyhow::Result<()> {
    let rows = args.rows.unwrap_or(args.size);
    writeln!(
        out,
        "{} (A) against {} (B): {} on {rows} x {} (rows x columns), {}{}, {:.2} s a move{}",
        first.name(),
        second.name(),
        if sprt.is_some() {
            format!("up to {}", counted(args.games() as u64, "game"))
        } else {
            counted(args.games() as u64, "game")
        },
        args.size,
        args.rule,
        if args.opening == ttt_core::Opening::Swap2 {
            ", swap2"
        } else if args.from_empty {
            ", from the empty board"
        } else if args.book == crate::args::BookChoice::Wide {
            ", the wide book"
        } else if args.book == crate::args::BookChoice::Balanced {
            ", the balanced book"
        } else {
            ""
        },
        args.turn_time.as_secs_f64(),
        match args.concurrency {
            1 => String::new(),
            n => format!(", {n} games at once"),
        }
    )?;
    if let Some(n) = args.threads {
        writeln!(
            out,
            "each engine searches on {}",
            counted(n as u64, "thread")
        )?;
    }
    if let Some(t) = args.match_time {
        writeln!(
            out,
            "each engine has {:.2} s for a whole game (INFO timeout_match, time_left)",
            t.as_secs_f64()
        )?;
    }
    if let Some(test) = sprt {
        let (low, high) = test.bounds();
        writeln!(
            out,
            "SPRT: H0 elo <= {}, H1 elo >= {}, alpha {}, beta {}: LLR bounds {low:.2} and {high:.2}",
            args.elo0, args.elo1, args.alpha, args.beta
        )?;
    }
    if played > 0 {
        let from = args
            .state
            .as_deref()
            .unwrap_or(std::path::Path::new(""))
            .display();
        let already = counted(played as u64, "game");
        if decided {
            writeln!(
                out,
                "{already} already played (from {from}), and the test was decided: no more to play"
            )?;
        } else if played >= args.games() {
            writeln!(
                out,
                "{already} already played (from {from}), as many as --games {} asks for: no more to play (a larger --games goes on)",
                args.games()
            )?;
        } else {
            writeln!(out, "{already} already played (from {from}): going on")?;
        }
    }
    Ok(())
}

fn describe(game: &GameRecord, tally: &Tally, with_moves: bool, swap2: bool) -> String {
    let black = match game.black {
        Side::A => "A",
        Side::B => "B",
    };
    let result = match game.winner {
        Some(Side::A) => "A wins",
        Some(Side::B) => "B wins",
        None => "draw",
    };
    let opening = if swap2 {
        // The engine that opens alternates: A in the even games.
        let opener = if game.number.is_multiple_of(2) {
            "A"
        } else {
            "B"
        };
        format!("swap2 opened by {opener}")
    } else {
        game.opening
            .map_or_else(|| "the empty board".to_string(), |o| format!("opening {o}"))
    };
    let mut line = format!(
        "game {} ({} played): {opening}, {black} black: {result} ({}) after {} moves",
        game.number + 1,
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
    let n = tally.games();
    let elo = elo_words(
        tally.elo(),
        n,
        tally.wins == n || tally.losses == n,
        "game",
        "no games",
    );
    format!(
        "{first} against {second}: {}, {}, {}; score {:.1}%; {elo}",
        counted(u64::from(tally.wins), "win"),
        counted(u64::from(tally.losses), "loss"),
        counted(u64::from(tally.draws), "draw"),
        tally.score() * 100.0
    )
}

/// The pairs' line: `in pairs (...): 100 pairs by the first engine's points, 0: 10, 1/2:
/// 0, 1: 60, 3/2: 0, 2: 30; Elo difference +70 ± 40 (95%)`.
fn pairs_summary(pairs: &Pairs) -> String {
    let c = pairs.counts;
    let n = pairs.pairs();
    let elo = elo_words(
        pairs.elo(),
        n,
        c[0] == n || c[4] == n,
        "pair",
        "Elo difference not known yet (no pair complete)",
    );
    format!(
        "in pairs (each opening with the colours swapped): {} by the first engine's points, \
         0: {}, 1/2: {}, 1: {}, 3/2: {}, 2: {}; {elo}",
        counted(u64::from(pairs.pairs()), "pair"),
        c[0],
        c[1],
        c[2],
        c[3],
        c[4]
    )
}

/// The Elo difference of `n` games (or pairs: `unit`) with its error bar, or why there is
/// none: `none` without any, unbounded where one side won them all (`swept`), unknown where
/// all ended alike.
fn elo_words(elo: Option<Elo>, n: u32, swept: bool, unit: &str, none: &str) -> String {
    match elo {
        Some(e) if e.margin.is_infinite() => format!("Elo difference {e}"),
        Some(e) => format!("Elo difference {e} (95%)"),
        None if n == 0 => none.to_string(),
        None if swept => format!("Elo difference not bounded (one side won every {unit})"),
        None => format!("Elo difference not known yet (every {unit} ended alike)"),
    }
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

    #[test]
    fn a_win_and_a_loss_bound_nothing() {
        let t = Tally {
            wins: 1,
            losses: 1,
            draws: 0,
        };
        let s = summary("a", "b", &t);
        assert!(
            s.ends_with("Elo difference +0, its error bar not bounded yet (too few games)"),
            "{s}"
        );
    }

    #[test]
    fn pairs_all_won_are_unbounded_and_pairs_alike_unknown() {
        let pairs = |counts: [u32; 5]| pairs_summary(&Pairs::with_counts(counts));
        let s = pairs([0, 0, 0, 0, 5]);
        assert!(
            s.ends_with("0: 0, 1/2: 0, 1: 0, 3/2: 0, 2: 5; Elo difference not bounded (one side won every pair)"),
            "{s}"
        );
        let s = pairs([3, 0, 0, 0, 0]);
        assert!(s.ends_with("(one side won every pair)"), "{s}");
        let s = pairs([0, 0, 4, 0, 0]);
        assert!(
            s.ends_with("Elo difference not known yet (every pair ended alike)"),
            "{s}"
        );
        let s = pairs([0; 5]);
        assert!(s.ends_with("not known yet (no pair complete)"), "{s}");
        let s = pairs([1, 0, 2, 0, 1]);
        assert!(
            s.contains("4 pairs") && s.contains("Elo difference +0"),
            "{s}"
        );
    }

    #[test]
    fn two_draws_give_no_error_bar() {
        let t = Tally {
            wins: 0,
            losses: 0,
            draws: 2,
        };
        let s = summary("a", "b", &t);
        assert!(
            s.ends_with("Elo difference not known yet (every game ended alike)"),
            "{s}"
        );
        assert!(!s.contains("-0"), "{s}");
    }
}
