//! `ttt pbrain` and `pbrain-ttt` as a tournament manager drives them, line by line, and
//! `ttt match` between two of them; `ttt move` and `ttt analyze` reporting wins by threats.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::json;
use crate::support::{command, TTT};

/// An engine process spoken to one line at a time, as a manager does.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start(mut cmd: Command) -> Engine {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output: ChildStdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The next answer that is not MESSAGE or DEBUG.
    fn answer(&mut self) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("an answer in time");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    /// The `MESSAGE` lines up to the next answer, and the answer.
    fn messages_and_answer(&mut self) -> (Vec<String>, String) {
        let mut messages = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("an answer in time");
            match line.strip_prefix("MESSAGE ") {
                Some(text) => messages.push(text.to_string()),
                None => return (messages, line),
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// Sends END and checks that the engine stops, successfully.
    fn end(mut self) {
        self.send("END");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

fn point(answer: &str) -> (usize, usize) {
    let (x, y) = answer.split_once(',').expect("x,y");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn ttt_pbrain_plays_a_game_and_answers_every_command() {
    let mut e = Engine::start(command(&["pbrain"]));
    assert_eq!(e.ask("START 15"), "OK");
    e.send("INFO timeout_turn 300");
    e.send("INFO timeout_match 100000");
    e.send("INFO time_left 100000");
    e.send("INFO max_memory 83886080");
    e.send("INFO rule 0");
    assert_eq!(e.ask("BEGIN"), "7,7");
    // A free cell near the stones: what the search reaches in its time (a debug build,
    // beside other tests) decides which.
    let (x, y) = point(&e.ask("TURN 8,8"));
    let near = |(a, b): (usize, usize)| x.abs_diff(a) <= 2 && y.abs_diff(b) <= 2;
    assert!(
        (near((7, 7)) || near((8, 8))) && ![(7, 7), (8, 8)].contains(&(x, y)),
        "{x},{y}"
    );
    assert_eq!(e.ask("TAKEBACK 8,8"), "OK");
    assert!(e.ask("TAKEBACK 8,8").starts_with("ERROR"));
    assert!(e.ask("TURN 15,0").starts_with("ERROR"));
    assert!(e.ask("TURN eight").starts_with("ERROR"));
    assert!(e.ask("INFO rule 3").starts_with("ERROR"));
    assert!(e.ask("YXHASHCLEAR").starts_with("UNKNOWN"));
    assert!(e.ask("ABOUT").contains("name=\"ttt\""));
    // A whole board: the opponent's four on column 2 must be blocked at 2,9.
    e.send("BOARD");
    for line in [
        "2,4,1", "2,5,2", "2,6,2", "2,7,2", "2,8,2", "9,9,1", "10,10,1",
    ] {
        e.send(line);
    }
    assert_eq!(e.ask("DONE"), "2,9");
    assert_eq!(e.ask("RESTART"), "OK");
    assert_eq!(e.ask("RECTSTART 32,5"), "OK");
    assert_eq!(e.ask("BEGIN"), "16,2");
    assert!(e.ask("START 4").starts_with("ERROR"));
    // A memory limit beyond any machine: the tables take what the system gives.
    assert_eq!(e.ask("START 15"), "OK");
    e.send("INFO max_memory 100000000000000");
    let (x, y) = point(&e.ask("TURN 7,7"));
    assert!(x.abs_diff(7) <= 2 && y.abs_diff(7) <= 2, "{x},{y}");
    // The rules other than freestyle are judged on boards of up to 24 a side, as by the
    // referee of `ttt match`: a bigger board under renju is refused, not half played.
    assert_eq!(e.ask("START 30"), "OK");
    assert!(e
        .ask("INFO rule 4")
        .starts_with("ERROR renju is played on boards of up to 24 a side"),);
    e.end();
}

/// The next engine (`--engine next`, the default) over the same protocol; the classic one
/// on asking; an unknown engine is refused.
#[test]
fn ttt_pbrain_plays_with_the_next_engine() {
    let mut e = Engine::start(command(&["pbrain", "--engine", "next"]));
    assert_eq!(e.ask("START 15"), "OK");
    e.send("INFO timeout_turn 300");
    e.send("INFO max_memory 83886080");
    assert_eq!(e.ask("BEGIN"), "7,7");
    // A free cell near the stones: what the search reaches in its time (a debug build,
    // beside other tests) decides which.
    let (x, y) = point(&e.ask("TURN 8,8"));
    let near = |(a, b): (usize, usize)| x.abs_diff(a) <= 2 && y.abs_diff(b) <= 2;
    assert!(
        (near((7, 7)) || near((8, 8))) && ![(7, 7), (8, 8)].contains(&(x, y)),
        "{x},{y}"
    );
    e.send("BOARD");
    for line in [
        "2,4,1", "2,5,2", "2,6,2", "2,7,2", "2,8,2", "9,9,1", "10,10,1",
    ] {
        e.send(line);
    }
    assert_eq!(e.ask("DONE"), "2,9");
    assert_eq!(e.ask("RECTSTART 32,5"), "OK");
    assert_eq!(e.ask("BEGIN"), "16,2");
    // Threads: a count out of range is refused and changes nothing; two are taken, shown
    // and searched on.
    assert!(e
        .ask("INFO thread_num 0")
        .starts_with("ERROR INFO thread_num needs"));
    e.send("INFO thread_num 2");
    e.send("YXSHOWINFO");
    e.send("START 15");
    let (messages, ok) = e.messages_and_answer();
    assert_eq!(ok, "OK");
    assert!(
        messages[0].starts_with("INFO MAX_THREAD_NUM "),
        "{messages:?}"
    );
    assert!(messages[1].contains(", 2 threads,"), "{messages:?}");
    let (x, y) = point(&e.ask("TURN 7,7"));
    assert!(x.abs_diff(7) <= 2 && y.abs_diff(7) <= 2, "{x},{y}");
    e.end();
    let mut classic = Engine::start(command(&["pbrain", "--engine", "classic"]));
    assert_eq!(classic.ask("START 15"), "OK");
    classic.send("INFO timeout_turn 300");
    classic.send("YXSHOWINFO");
    classic.send("BEGIN");
    let (messages, first) = classic.messages_and_answer();
    assert_eq!(messages[0], "INFO MAX_THREAD_NUM 1", "{messages:?}");
    assert_eq!(first, "7,7");
    classic.end();
    let refused = command(&["pbrain", "--engine", "fastest"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
}

/// An analysis session as Yixin-Board drives one: its settings, a position set up with
/// `YXBOARD`, the forbidden points shown, the best few moves asked for and stopped with
/// `YXSTOP`, the next position, and a command of its that we do not support.
#[test]
fn pbrain_answers_an_analysis_session_as_yixin_board_drives_it() {
    let mut e = Engine::start(command(&["pbrain"]));
    assert_eq!(e.ask("START 15"), "OK");
    for line in [
        "INFO rule 2",
        "INFO timeout_match 2147483647",
        "INFO time_left 2147483647",
        "INFO timeout_turn 100000",
        "INFO max_memory 0",
        "INFO thread_num 1",
        "INFO hash_size 19",
        "INFO max_depth 225",
        "INFO max_node 1000000000",
        "INFO pondering 0",
        "INFO show_detail 1",
    ] {
        e.send(line);
    }
    e.send("YXSHOWINFO");
    e.send("ABOUT");
    let (info, about) = e.messages_and_answer();
    assert!(info[0].starts_with("INFO MAX_THREAD_NUM "), "{info:?}");
    assert!(
        info[1].contains("renju") && info[1].contains("detail on"),
        "{info:?}"
    );
    assert!(about.starts_with("name=\"ttt\""), "{about}");
    // Black (the engine, to move) has twos crossing at 7,7: a double-three, forbidden.
    let position = [
        "YXBOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
        "DONE",
    ];
    for line in position {
        e.send(line);
    }
    // YXBOARD is not answered: the next line is YXSHOWFORBID's.
    assert_eq!(e.ask("YXSHOWFORBID"), "FORBID 0707.");
    // A long think, stopped: the candidates, the detail, then the best move.
    e.send("YXNBEST 3");
    std::thread::sleep(Duration::from_millis(500));
    e.send("YXSTOP");
    let (messages, best) = e.messages_and_answer();
    let candidates: Vec<&String> = messages.iter().filter(|m| m.starts_with('(')).collect();
    assert_eq!(candidates.len(), 3, "{messages:?}");
    assert!(
        candidates[0].starts_with(&format!("(1) {best} ")),
        "{messages:?}"
    );
    let mut moves: Vec<&str> = candidates
        .iter()
        .map(|c| c.split(' ').nth(1).unwrap())
        .collect();
    assert!(moves.iter().all(|&m| m != "7,7"), "{messages:?}");
    moves.sort_unstable();
    moves.dedup();
    assert_eq!(moves.len(), 3, "{messages:?}");
    assert!(
        candidates.iter().all(|c| c.contains(" pv ")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("depth ") && m.contains(" nodes/s ")),
        "{messages:?}"
    );
    let (x, y) = point(&best);
    assert!(x.abs_diff(7) <= 3 && y.abs_diff(7) <= 3, "{best}");
    // A YXSTOP with nothing to stop is not answered; the next think has its time.
    e.send("YXSTOP");
    e.send("INFO timeout_turn 500");
    e.send("INFO show_detail 0");
    // The GUI plays the move it was given and sets up the new position: white to move.
    for line in &position[..position.len() - 1] {
        e.send(line);
    }
    e.send(&format!("{best},1"));
    e.send("DONE");
    assert_eq!(e.ask("YXSHOWFORBID"), "FORBID .");
    e.send("YXNBEST 2");
    let (messages, reply) = e.messages_and_answer();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with(&format!("(1) {reply} ")),
        "{messages:?}"
    );
    assert!(messages[1].starts_with("(2) "), "{messages:?}");
    assert_ne!(reply, best);
    assert_eq!(e.ask("YXHASHCLEAR"), "UNKNOWN unknown command YXHASHCLEAR");
    e.end();
}

#[test]
fn pbrain_ttt_is_the_same_engine_under_the_managers_name() {
    let mut e = Engine::start(Command::new(env!("CARGO_BIN_EXE_pbrain-ttt")));
    assert_eq!(e.ask("START 20"), "OK");
    e.send("INFO timeout_turn 200");
    assert_eq!(e.ask("BEGIN"), "10,10");
    e.end();
}

#[test]
fn pbrain_ttt_explains_itself_to_a_person_and_refuses_options() {
    let bin = env!("CARGO_BIN_EXE_pbrain-ttt");
    let help = Command::new(bin).arg("--help").output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("standard input"));
    let bad = Command::new(bin).arg("--turn-time").output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unexpected argument \"--turn-time\""));
}

/// `ttt match` of our engine against itself on 10 x 10 at 0.1 s a move, `games` games at
/// most (empty: no `--games`), with an SPRT from 0 Elo (`more` adds options) and the state
/// in `state`: what it prints, once it has exited successfully.
fn sprt_match(state: &std::path::Path, games: &str, more: &[&str]) -> String {
    let engine = format!("{TTT} pbrain --most-per-move 0.05");
    let mut args = vec!["match", &engine, &engine];
    if !games.is_empty() {
        args.extend(["--games", games]);
    }
    args.extend([
        "--turn-time",
        "0.1",
        "--size",
        "10",
        "--sprt",
        "--elo0",
        "0",
        "--state",
        state.to_str().unwrap(),
    ]);
    args.extend(more);
    let out = command(&args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn ttt_match_runs_a_resumable_sprt_under_a_rule() {
    let engine = format!("{TTT} pbrain --most-per-move 0.05");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("match.jsonl");
    let run = |games: &str| sprt_match(&state, games, &["--concurrency", "2", "--elo1", "1"]);
    // A gap of 1 Elo cannot be decided in a few games, whatever their results.
    let first = run("2");
    assert!(first.contains("SPRT: H0 elo <= 0, H1 elo >= 1"), "{first}");
    assert!(first.contains("2 games at once"), "{first}");
    assert_eq!(first.matches("; LLR ").count(), 2, "{first}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert_eq!(saved.lines().count(), 3, "{saved}");
    // Run again with more games: the two played are counted, two more are played.
    let second = run("4");
    assert!(second.contains("2 games already played"), "{second}");
    assert_eq!(second.matches("; LLR ").count(), 2, "{second}");
    assert!(second.contains("SPRT: "), "{second}");
    assert_eq!(std::fs::read_to_string(&state).unwrap().lines().count(), 5);
    // As many games as asked for already played: it says so, and plays none.
    let third = run("4");
    assert!(
        third.contains("4 games already played") && third.contains("no more to play"),
        "{third}"
    );
    assert_eq!(third.matches("; LLR ").count(), 0, "{third}");
    assert_eq!(std::fs::read_to_string(&state).unwrap().lines().count(), 5);
    // Another match's state file is refused, and left as it was.
    let other = command(&[
        "match",
        &engine,
        &engine,
        "--games",
        "2",
        "--size",
        "11",
        "--state",
        state.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("holds another match"));
    assert_eq!(std::fs::read_to_string(&state).unwrap().lines().count(), 5);
}

/// A test decided at one game stays decided: the games still being played then are counted
/// in the score, not in the verdict, and a resumed match plays no more.
#[test]
fn ttt_match_keeps_the_verdict_its_bounds_were_first_crossed_at() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("match.jsonl");
    let run = |games: &str| sprt_match(&state, games, &["--elo1", "200"]);
    run("1");
    // The same match's file, with twenty games: of the first eight pairs (each opening with
    // the colours swapped), A wins seven both ways and one once (H1 is accepted there, LLR
    // 3.35 over the pairs), then B the four games that were still being played.
    let saved = std::fs::read_to_string(&state).unwrap();
    let mut lines = saved.lines();
    let header = lines.next().unwrap();
    let game: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let mut file = format!("{header}\n");
    for (number, winner) in "ABAAAAAAAAAAAAAABBBB".chars().enumerate() {
        let mut g = game.clone();
        g["number"] = number.into();
        g["winner"] = winner.to_string().into();
        file.push_str(&format!("{g}\n"));
    }
    std::fs::write(&state, &file).unwrap();
    let text = run("24");
    assert!(
        text.contains("20 games already played") && text.contains("the test was decided"),
        "{text}"
    );
    assert!(text.contains("15 wins, 5 losses, 0 draws"), "{text}");
    assert!(
        text.contains("10 pairs by the first engine's points, 0: 2, 1/2: 0, 1: 1, 3/2: 0, 2: 7"),
        "{text}"
    );
    assert!(
        text.contains(
            "SPRT: H1 accepted after 16 games, 8 pairs complete (LLR 3.35); 4 games played \
             after it, counted in the score above"
        ),
        "{text}"
    );
    assert_eq!(text.matches("; LLR ").count(), 0, "{text}");
    assert_eq!(std::fs::read_to_string(&state).unwrap(), file);
    // Without --games a test may play as many as it takes: 20000 at most.
    let text = sprt_match(&state, "", &["--elo1", "200"]);
    assert!(
        text.contains("up to 20000 games") && text.contains("the test was decided"),
        "{text}"
    );
}

#[test]
fn ttt_match_plays_its_games_and_scores_them() {
    let engine = format!("{TTT} pbrain --most-per-move 0.05");
    let out = command(&[
        "match",
        &engine,
        &engine,
        "--games",
        "2",
        "--turn-time",
        "0.1",
        "--size",
        "12",
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("2 games on 12 x 12 (rows x columns)"),
        "{text}"
    );
    assert!(
        text.contains("game 1 (1 played): opening 0, A black"),
        "{text}"
    );
    assert!(
        text.contains("game 2 (2 played): opening 0, B black"),
        "{text}"
    );
    let last = text.lines().last().unwrap();
    assert!(last.contains("Elo difference"), "{text}");
    // A missing engine is a mistake in the command, not a lost match.
    let out = command(&[
        "match",
        "/nonexistent/pbrain-none",
        &engine,
        "--games",
        "1",
        "--turn-time",
        "0.1",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the first engine (/nonexistent/pbrain-none) did not start a game on a board of 15 \
             x 15: could not start"
        ),
        "{err}"
    );
    // An engine that ends at once: what it said on its standard error is the reason given.
    let bogus = format!("{TTT} pbrain --bogus");
    let out = command(&["match", &bogus, &engine, "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the engine ended, saying on its standard error: ")
            && err.contains("unexpected argument '--bogus'"),
        "{err}"
    );
    let out = command(&["match", &engine, &engine, "--size", "40"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// 15 x 15, five in a row, X to move: a four on row 2 forces O's block, then column 4 is an
/// open four. Only the threat search proves anything on a board this size.
const VCF: &str = "...............\
    /...............\
    /OXXX...........\
    /....X..........\
    /....X..........\
    /...............\
    /...............\
    /...............\
    /...............\
    /...............\
    /...............\
    /...............\
    /.....O.........\
    /...............\
    /O..........O..O";

#[test]
fn move_and_analyze_report_wins_by_threats_as_proven_with_their_line() {
    let d = json(&["move", VCF, "--k", "5", "--json", "--time-limit", "2"]);
    assert_eq!(d["value"], "win", "{d}");
    let line = d["threat_win"]["line"].as_array().expect("a line");
    assert_eq!(line[0]["row"], d["row"], "{d}");
    assert_eq!(line[0]["col"], d["col"], "{d}");
    assert_eq!(d["threat_win"]["kind"], "vcf");
    let out = crate::support::ttt(&["move", VCF, "--k", "5", "--time-limit", "2"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("proven: win by fours in"), "{text}");
    let a = json(&["analyze", VCF, "--k", "5", "--json", "--time-limit", "2"]);
    assert_eq!(a["value"], "win", "{a}");
    assert_eq!(a["threat_win"]["kind"], "vcf", "{a}");
    assert!(a["threat_win"]["plies"].as_u64().unwrap() >= 3);
}

/// Two `ttt pbrain`s play swap2 as the Gomocup runs it, under standard: every game opens
/// with the SWAP2BOARD exchange, each move is judged by the referee, and the openers
/// alternate.
#[test]
fn ttt_match_plays_swap2_over_the_protocol() {
    let engine = format!("{TTT} pbrain --most-per-move 0.05");
    let out = command(&[
        "match",
        &engine,
        &engine,
        "--games",
        "2",
        "--turn-time",
        "0.2",
        "--rule",
        "standard",
        "--opening",
        "swap2",
        "--moves",
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("swap2"), "{text}");
    // No game was lost by an engine's failure: both are the same engine, and they play on.
    for word in [
        "refused",
        "not a swap2 answer",
        "no swap2 answer",
        "illegal",
        "forbidden",
    ] {
        assert!(!text.contains(word), "{word}: {text}");
    }
    let refused = command(&["match", &engine, &engine, "--opening", "swap"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    // Its help lists only what a match plays.
    assert!(String::from_utf8_lossy(&refused.stderr).contains("choose one of none, swap2"));
}

#[test]
fn a_wide_book_match_on_threads_feeds_the_evaluation_tuner() {
    let engine = format!("{TTT} pbrain --engine next --most-per-move 0.05");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("selfplay.jsonl");
    let out = command(&[
        "match",
        &engine,
        &engine,
        "--games",
        "2",
        "--turn-time",
        "0.1",
        "--book",
        "wide",
        "--first-opening",
        "1039",
        "--threads",
        "2",
        "--moves",
        "--state",
        state.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("freestyle, the wide book"), "{text}");
    assert!(text.contains("each engine searches on 2 threads"), "{text}");
    assert!(text.contains("opening 1039, A black"), "{text}");
    // Both games open with the same five stones, renju's opening 1039 % 26 = 25 and two more.
    let openings: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().take(5).collect())
        .collect();
    assert_eq!(openings.len(), 2, "{text}");
    assert_eq!(openings[0], openings[1], "{text}");

    let weights = dir.path().join("weights.rs");
    let out = command(&[
        "tune-eval",
        state.to_str().unwrap(),
        "--steps",
        "20",
        "--out",
        weights.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("2 games: "), "{text}");
    assert!(text.contains("mean squared error: training "), "{text}");
    let written = std::fs::read_to_string(&weights).unwrap();
    assert!(
        written.contains("pub(crate) const X_MOVER: [i32; 330] = ["),
        "{written}"
    );
    // Without --out the tables alone go to standard output (a file to redirect it to), the
    // summary to standard error; the same file twice counts once.
    let state_arg = state.to_str().unwrap();
    let out = command(&["tune-eval", state_arg, state_arg, "--steps", "20"])
        .output()
        .unwrap();
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{err}");
    assert!(
        text.starts_with("//! The learned evaluation's tables"),
        "{text}"
    );
    assert_eq!(text, written, "the same games, the same fit");
    assert!(
        err.contains("is given more than once") && err.contains("2 games: "),
        "{err}"
    );
    // A file that cannot be written is refused before the fit.
    let out = command(&["tune-eval", state_arg, "--out", "/nonexistent/dir/t.rs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write /nonexistent/dir/t.rs") && out.stdout.is_empty(),
        "{err}"
    );

    // What is not a state file, or not there, is refused with its name.
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "hello\n").unwrap();
    for (file, says) in [
        (&bad, "line 1: not the state file of a ttt match"),
        (&weights, "line 1"),
    ] {
        let out = command(&["tune-eval", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
    let out = command(&["tune-eval", "/nonexistent/games.jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the state file"));
    // Limits on the match's new options.
    for (args, says) in [
        (&["--threads", "300"][..], "--threads 300 is too many"),
        (
            &["--book", "wide", "--first-opening", "1040"][..],
            "the wide book has 1040 openings",
        ),
        (
            &["--first-opening", "26"][..],
            "the renju book has 26 openings",
        ),
        (
            &[
                "--book",
                "balanced",
                "--rule",
                "renju",
                "--first-opening",
                "1040",
            ][..],
            "the balanced book has",
        ),
        (&["--match-time", "0"][..], "--match-time 0 leaves no time"),
    ] {
        let mut all = vec!["match", &engine, &engine];
        all.extend_from_slice(args);
        let out = command(&all).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
    // An engine with no program is named by its place.
    let out = command(&["match", &engine, "  "]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the second engine is \"  \": an engine needs a program to run"),
        "{err}"
    );
}

/// `ttt book` scores every wide opening and writes the even ones as a book file; what it
/// cannot write it says, before the work.
#[test]
fn book_writes_the_even_openings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("caro.rs");
    let args = |margin: &'static str, out: &str| {
        command(&[
            "book", "--rule", "caro", "--nodes", "100", "--margin", margin, "--out", out,
        ])
        .output()
        .unwrap()
    };
    let out = args("50", file.to_str().unwrap());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("caro: kept "), "{text}");
    assert!(
        text.contains("of 1040 openings within 50 of even"),
        "{text}"
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("pub(super) const MARGIN: i32 = 50;"),
        "{written}"
    );
    assert!(
        written.contains("--rule caro --nodes 100 --margin 50"),
        "{written}"
    );
    let out = args("50", "/nonexistent/dir/caro.rs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write /nonexistent/dir/caro.rs"));
    let out = command(&["book", "--nodes", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 is too small"));
}

#[test]
fn selfplay_games_are_saved_resumed_and_tuned_on() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    let play = |n: &str| {
        command(&[
            "selfplay",
            "--games",
            n,
            "--nodes",
            "300",
            "--size",
            "9",
            "--seed",
            "3",
            "--out",
            games.to_str().unwrap(),
        ])
        .output()
        .unwrap()
    };
    let out = play("4");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("playing 4 games (0 already in"), "{text}");
    assert!(text.contains("4 of 4 played: X won "), "{text}");
    let saved = std::fs::read_to_string(&games).unwrap();
    assert_eq!(saved.lines().count(), 5, "{saved}");
    // The same command again plays nothing; a larger --games plays only the new ones.
    let again = String::from_utf8_lossy(&play("4").stdout).to_string();
    assert!(
        again.contains("already holds 4 games: no more to play"),
        "{again}"
    );
    let more = String::from_utf8_lossy(&play("6").stdout).to_string();
    assert!(more.contains("playing 2 games (4 already in"), "{more}");
    // Other settings are another set of games: refused, the file left as it was.
    let other = command(&[
        "selfplay",
        "--games",
        "8",
        "--nodes",
        "500",
        "--size",
        "9",
        "--out",
        games.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("holds the self-play games of another run (--nodes 300, not 500")
            && err.contains("give another --out file"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&games).unwrap().lines().count(), 7);
    // The tuner fits both the evaluation and the ordering to them.
    let ordering = dir.path().join("ordering.rs");
    let out = command(&[
        "tune-eval",
        games.to_str().unwrap(),
        "--steps",
        "20",
        "--policy-out",
        ordering.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("6 games: "), "{text}");
    assert!(
        text.contains("held out, the chosen move ordered first: "),
        "{text}"
    );
    let written = std::fs::read_to_string(&ordering).unwrap();
    assert!(
        written.contains("pub(crate) const OWN: [i32; 330] = ["),
        "{written}"
    );
    // A board the engine does not play is refused before any game.
    let small = command(&[
        "selfplay",
        "--size",
        "4",
        "--out",
        dir.path().join("x").to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(small.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&small.stderr).contains("cannot play on that board"));
}

/// A game clock: the engines are told their time for the game and what is left before each
/// move, and the next engine spends it so that no game is lost on time.
#[test]
fn ttt_match_with_a_game_clock_is_played_within_it() {
    let engine = format!("{TTT} pbrain --engine next");
    let out = command(&[
        "match",
        &engine,
        &engine,
        "--games",
        "2",
        "--turn-time",
        "1",
        "--match-time",
        "4",
        "--slack",
        "0.5",
        "--size",
        "12",
    ])
    .output()
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("each engine has 4.00 s for a whole game (INFO timeout_match, time_left)"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert!(
        !text.contains("out of its game's time") && !text.contains("no move in time"),
        "{text}"
    );
}
