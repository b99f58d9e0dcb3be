//! `ttt play --clock`: the players' clocks at the console, driven through the real binary.
//! A person who does not answer keeps the input open, so only the clock can end the game.

use std::io::{Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::{command, history_json, play, record, stderr_of, Db};

/// Long enough for a game to end on a clock of a few seconds on a busy machine.
const PATIENCE: Duration = Duration::from_secs(30);

/// Plays with `--db`, types `typed` and then nothing more, with the input left open, until
/// `until` is printed; then answers `n` to the rematch and closes the input. Returns what
/// was printed, and how long `until` took to come.
fn play_and_wait(db: &Db, args: &[&str], typed: &str, until: &str) -> (String, Duration) {
    let mut all = vec!["play", "--db", db.arg()];
    all.extend_from_slice(args);
    let started = Instant::now();
    let mut child = command(&all).spawn().expect("ttt starts");
    let mut input = child.stdin.take().unwrap();
    input.write_all(typed.as_bytes()).unwrap();
    let mut output = child.stdout.take().unwrap();
    let (send, chunks) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = output.read(&mut buf) {
            if send.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut text = Vec::new();
    let mut waited = None;
    while waited.is_none() && started.elapsed() < PATIENCE {
        if let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(50)) {
            text.extend(chunk);
        }
        if String::from_utf8_lossy(&text).contains(until) {
            waited = Some(started.elapsed());
        }
    }
    // The rematch is declined; a game that is still waiting ends with the input.
    let _ = input.write_all(b"n\n");
    drop(input);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    text.extend(chunks.try_iter().flatten());
    let text = String::from_utf8(text).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}\n{text}\n{err}");
    let waited = waited.unwrap_or_else(|| panic!("{until:?} never came:\n{text}"));
    (text, waited)
}

#[test]
fn a_person_who_does_not_answer_loses_on_time() {
    let db = Db::new();
    let (out, waited) = play_and_wait(
        &db,
        &[
            "--x",
            "human:Ann",
            "--o",
            "computer:easy",
            "--clock",
            "2s+0",
        ],
        "",
        "Play again",
    );
    assert!(waited >= Duration::from_secs(2), "{waited:?}");
    assert!(out.contains("clock 2s+0"), "{out}");
    assert!(out.contains("Clock: X 0:02.0* · O 0:02.0"), "{out}");
    assert!(out.contains("X ran out of time: O wins."), "{out}");
    assert!(out.contains("Computer (easy, O) wins."), "{out}");
    assert!(out.contains("Saved as game 1"), "{out}");
    assert_eq!(record(&db, "Ann"), [0, 1, 0, 1]);
    let games = history_json(&db);
    assert_eq!(games[0]["result"], "o_wins", "{:?}", games[0]);
    assert_eq!(games[0]["ending"], "timeout", "{:?}", games[0]);
    assert_eq!(games[0]["time_control"], "2s+0", "{:?}", games[0]);
    assert!(games[0]["forfeit"].is_null(), "{:?}", games[0]);
}

#[test]
fn running_out_against_a_side_that_cannot_make_a_line_is_a_draw_on_time() {
    let db = Db::new();
    // X O X
    // X O O    X to move, and O can make no line: X lets the clock run.
    // O X .
    let moves = "1 1\n1 2\n1 3\n2 2\n2 1\n3 1\n3 2\n2 3\n";
    let (out, _) = play_and_wait(
        &db,
        &["--x", "human:Ann", "--o", "human:Bo", "--clock", "0.05+0"],
        moves,
        "Play again",
    );
    assert!(
        out.contains("X ran out of time, but O cannot make a line any more: a draw."),
        "{out}"
    );
    assert!(out.contains("It's a tie!"), "{out}");
    assert!(out.contains("Saved as game 1"), "{out}");
    let games = history_json(&db);
    assert_eq!(
        (&games[0]["result"], &games[0]["ending"]),
        (&serde_json::json!("draw"), &serde_json::json!("timeout"))
    );
}

#[test]
fn the_computer_thinks_within_its_clock() {
    let db = Db::new();
    // The perfect player may think 10 s a move, more than its whole clock, on a board too
    // big to solve: it keeps to its share of the clock instead, and Ann, silent, runs out.
    let (out, _) = play_and_wait(
        &db,
        &[
            "--rows",
            "9",
            "--cols",
            "9",
            "--k",
            "5",
            "--x",
            "computer:perfect",
            "--o",
            "human:Ann",
            "--time-limit",
            "10",
            "--clock",
            "3s+0",
        ],
        "",
        "Play again",
    );
    assert!(out.contains("Computer (perfect, X) played"), "{out}");
    assert!(out.contains("O ran out of time: X wins."), "{out}");
    assert_eq!(record(&db, "Ann"), [0, 1, 0, 1]);
}

#[test]
fn two_people_play_a_timed_game_to_its_end() {
    let db = Db::new();
    let out = play(
        &db,
        &["--x", "human:Ann", "--o", "human:Bo", "--clock", "1+0"],
        "u\n1 1\n2 1\n1 2\n2 2\n1 3\nn\n",
    );
    assert!(out.contains("Clock: X 1:00* · O 1:00"), "{out}");
    assert!(out.contains("your move: row and column, e.g. 2 3 (h hint, q quit): "));
    assert!(
        out.contains("With a clock, moves cannot be taken back."),
        "{out}"
    );
    assert!(out.contains("Ann (X) wins!"), "{out}");
    assert_eq!(record(&db, "Ann"), [1, 0, 0, 1]);
}

#[test]
fn a_clock_that_is_not_one_is_refused() {
    for (clock, why) in [
        ("5+x", "is not a time control"),
        ("0+0", "no time to move"),
        ("3d", "web server"),
    ] {
        let err = stderr_of(&["play", "--clock", clock]);
        assert!(
            err.contains("--clock") && err.contains(why),
            "{clock}: {err}"
        );
    }
}
