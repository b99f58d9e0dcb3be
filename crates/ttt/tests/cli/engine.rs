//! Outside programs as players (`engine:PATH`) in `ttt play`: a test engine that plays the
//! first empty cell and then misbehaves as it is told, and the README's example engine.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::http::{get, post};
use crate::servers::Server;
use crate::support::{self, history_json, record, stderr_of, ttt, Db};

/// The test engine: `misbehaving.py MODE PIDFILE` (see the script for its modes).
pub fn misbehaving() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/misbehaving.py")
}

/// An `engine:` seat running the test engine in `mode`, noting its process ids in `pids`.
pub fn engine_seat(mode: &str, pids: &Path) -> String {
    format!(
        "engine:{} {mode} {}",
        misbehaving().display(),
        pids.display()
    )
}

/// Checks that every process the test engine noted in `pids` is gone.
pub fn assert_no_engine_left(pids: &Path) {
    let text = std::fs::read_to_string(pids).unwrap_or_default();
    assert!(!text.is_empty(), "the engine never started");
    for pid in text.lines() {
        // Given a moment: a program told END may still be on its way out.
        let gone = (0..50).any(|_| {
            let gone = !Path::new(&format!("/proc/{pid}")).exists();
            if !gone {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            gone
        });
        assert!(gone, "the engine's process {pid} is still there");
    }
}

/// `ttt play --db DB --engine-time 1 ARGS` with `stdin`: what it printed, once it ended
/// well.
fn play(db: &Db, args: &[&str], stdin: &str) -> String {
    let mut all = vec!["--engine-time", "1"];
    all.extend_from_slice(args);
    support::play(db, &all, stdin)
}

/// Alice (X) plays the top-left corner and the centre; the engine (O) answers the first
/// empty cell, then spoils its second move as `mode` says. Returns what was printed, after
/// checking that Alice won by forfeit, recorded once, and no engine process is left.
fn alice_against(mode: &str) -> (String, Value) {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let seat = engine_seat(mode, &pids);
    let out = play(&db, &["--x", "human:Alice", "--o", &seat], "1 1\n2 2\nn\n");
    assert!(
        out.contains("Engine ") && out.contains(" (O) played row 1, column 2."),
        "{out}"
    );
    assert!(
        out.contains("Alice (X) wins (O's program failed)! Well played."),
        "{out}"
    );
    assert!(out.contains("Thanks for playing!"), "{out}");
    let games = history_json(&db);
    assert_eq!(games.len(), 1, "recorded once: {games:?}");
    let game = games[0].clone();
    assert_eq!(game["result"], "x_wins");
    assert_eq!(game["forfeit"]["loser"], "O");
    assert_eq!(game["moves"].as_array().unwrap().len(), 3);
    assert_eq!(
        game["o"]["level"],
        format!("engine:misbehaving.py {mode} pids")
    );
    assert_eq!(record(&db, "Alice"), [1, 0, 0, 1]);
    assert_no_engine_left(&pids);
    (out, game)
}

#[test]
fn an_engine_that_crashes_loses() {
    let (out, game) = alice_against("crash");
    // Python's traceback ends with the exception: its last line is what the player sees.
    let said = "ended without a move (it crashed or quit), its last words on standard error \
                \"RuntimeError: the test engine crashes, as asked\": O loses";
    assert!(out.contains(&format!("(O) {said}.")), "{out}");
    assert!(game["forfeit"]["reason"].as_str().unwrap().ends_with(said));
}

#[test]
fn an_engine_that_hangs_loses_after_its_time_and_the_slack() {
    let started = std::time::Instant::now();
    let (out, _) = alice_against("hang");
    assert!(
        out.contains("(O) gave no move within 2 s: O loses."),
        "{out}"
    );
    // One second a move and one of slack, not the hour it sleeps.
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn an_engine_that_plays_a_taken_cell_loses() {
    let (out, _) = alice_against("occupied");
    assert!(
        out.contains("(O) answered 0,0, a cell already taken (row 1, column 1): O loses."),
        "{out}"
    );
}

#[test]
fn an_engine_that_plays_off_the_board_loses() {
    let (out, _) = alice_against("offboard");
    assert!(
        out.contains(
            "(O) answered 3,0, off the 3 x 3 board (x, the column, goes from 0 to 2; y, the \
             row, from 0 to 2): O loses."
        ),
        "{out}"
    );
}

#[test]
fn an_engine_that_answers_garbage_or_error_loses() {
    let (out, _) = alice_against("garbage");
    assert!(
        out.contains("(O) answered \"I resign, good game\", which is not a move x,y: O loses."),
        "{out}"
    );
    let (out, _) = alice_against("error");
    assert!(
        out.contains("(O) answered ERROR (\"no idea\") instead of a move: O loses."),
        "{out}"
    );
}

#[test]
fn a_program_that_cannot_be_run_is_refused_before_any_game() {
    let db = Db::new();
    let err = stderr_of(&[
        "play",
        "--db",
        db.arg(),
        "--x",
        "human:Alice",
        "--o",
        "engine:/nonexistent/bot --fast",
    ]);
    assert_eq!(
        err.trim(),
        "ttt: engine:/nonexistent/bot --fast: no program /nonexistent/bot (a path, or a name on PATH)"
    );
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bot.py");
    std::fs::write(&script, "print('OK')\n").unwrap();
    let seat = format!("engine:{}", script.display());
    let err = stderr_of(&["play", "--db", db.arg(), "--x", &seat, "--o", "human:Alice"]);
    assert!(err.contains("is not an executable file"), "{err}");
    let err = stderr_of(&[
        "serve",
        "--db",
        db.arg(),
        "--engine",
        "bot=no-such-engine-here",
    ]);
    assert!(
        err.contains("the engine bot: no program no-such-engine-here"),
        "{err}"
    );
    // Nothing was played, so nothing was recorded.
    assert!(history_json(&db).is_empty());
}

#[test]
fn after_a_crash_the_rematch_starts_the_program_afresh() {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let seat = engine_seat("crash", &pids);
    // Game 1: Alice X, the engine crashes at its second move. Game 2: the engine is X,
    // started again; it plays (0,0), Alice (2,2), and it crashes again.
    let out = play(
        &db,
        &["--x", "human:Alice", "--o", &seat],
        "1 1\n2 2\ny\n2 2\nn\n",
    );
    assert_eq!(out.matches("ended without a move").count(), 2, "{out}");
    assert!(out.contains("Round 2: Engine "), "{out}");
    assert_eq!(record(&db, "Alice"), [2, 0, 0, 2]);
    let games = history_json(&db);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["forfeit"]["loser"], "X");
    assert_eq!(games[0]["result"], "o_wins");
    assert_eq!(std::fs::read_to_string(&pids).unwrap().lines().count(), 2);
    assert_no_engine_left(&pids);
}

#[test]
fn an_engine_plays_a_computer_to_the_end_and_the_history_names_it() {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let seat = engine_seat("legal", &pids);
    // The first empty cell every time loses to the perfect player.
    let out = play(
        &db,
        &["--x", &seat, "--o", "computer:perfect", "--seed", "3"],
        "n\n",
    );
    assert!(out.contains("Computer (perfect, O) wins!"), "{out}");
    let games = history_json(&db);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["result"], "o_wins");
    assert_eq!(games[0]["forfeit"], Value::Null);
    let table = String::from_utf8(ttt(&["history", "--db", db.arg()], "").stdout).unwrap();
    assert!(
        table.contains("Engine misbehaving.py legal pids"),
        "{table}"
    );
    assert_no_engine_left(&pids);
}

/// The README's example engine, taken from the README itself, plays a whole game against
/// the perfect player on a board that is not square.
#[test]
fn the_readme_example_engine_plays() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let start = readme
        .find("```python\n#!/usr/bin/env python3\n# first_empty.py")
        .expect("the README has the example engine");
    let block = &readme[start + "```python\n".len()..];
    let script = &block[..block.find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first_empty.py");
    std::fs::write(&path, script).unwrap();
    let db = Db::new();
    let seat = format!("engine:python3 {}", path.display());
    let out = play(
        &db,
        &[
            "--rows",
            "4",
            "--cols",
            "5",
            "--k",
            "3",
            "--x",
            &seat,
            "--o",
            "computer:perfect",
        ],
        "n\n",
    );
    assert!(out.contains("Saved as game 1"), "{out}");
    assert!(!out.contains("program failed"), "{out}");
    let games = history_json(&db);
    assert_eq!(games[0]["x"]["level"], "engine:python3 first_empty.py");
}

/// `ttt serve` offers the operator's engines by name, never a program a client names; an
/// engine that answers off the board loses, the page's state says so, the game is recorded
/// once as a forfeit, and a rematch starts the program afresh.
#[test]
fn a_served_engine_plays_and_forfeits_when_it_fails() {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let command = |mode: &str| {
        format!(
            "{}={} {mode} {}",
            mode,
            misbehaving().display(),
            pids.display()
        )
    };
    let (legal, offboard) = (command("legal"), command("offboard"));
    let server = Server::start_with(
        db.arg(),
        &[
            "--thinking-time",
            "1",
            "--engine",
            &offboard,
            "--engine",
            &legal,
        ],
    );
    let base = server.base.as_str();
    let config = get(base, "/api/config").json;
    assert_eq!(config["engines"], json!(["legal", "offboard"]));

    let game = |x: Value, o: Value| {
        post(
            base,
            "/api/games",
            None,
            &json!({"rows": 3, "cols": 3, "k": 3, "players": [x, o]}),
        )
    };
    let ann = json!({"kind": "human", "name": "Ann"});
    // Only the operator's engines: no other name, and no program by its path.
    for level in ["engine:nope", "engine:/bin/sh", "/bin/sh"] {
        let refused = game(ann.clone(), json!({"kind": "computer", "level": level}));
        assert_eq!(refused.status, 400, "{level}: {}", refused.text);
    }
    let refused = game(
        ann.clone(),
        json!({"kind": "computer", "level": "engine:nope"}),
    );
    assert!(
        refused.json["error"]
            .as_str()
            .unwrap()
            .contains("there is no engine \"nope\": this server offers legal, offboard"),
        "{}",
        refused.text
    );

    let made = game(
        ann.clone(),
        json!({"kind": "computer", "level": "engine:offboard"}),
    );
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.json["id"].as_str().unwrap().to_string();
    let token = made.json["seats"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(made.json["players"][1]["level"], "engine:offboard");
    let moved = |row: u8, col: u8| {
        post(
            base,
            &format!("/api/games/{id}/moves"),
            Some(&token),
            &json!({"row": row, "col": col}),
        )
    };
    let first = moved(0, 0);
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.json["moves"][1], json!({"row": 0, "col": 1}));
    assert_eq!(first.json["forfeit"], Value::Null);
    let lost = moved(1, 1);
    assert_eq!(lost.status, 200, "{}", lost.text);
    assert_eq!(lost.json["status"], "x_wins");
    assert_eq!(lost.json["to_move"], Value::Null);
    assert_eq!(lost.json["forfeit"]["loser"], "O");
    let reason = lost.json["forfeit"]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("engine offboard (O) answered 3,0, off the 3 x 3 board"),
        "{reason}"
    );
    assert!(
        !reason.contains("misbehaving.py"),
        "the path stays the server's: {reason}"
    );
    assert_eq!(moved(2, 2).status, 409);
    assert_eq!(
        get(base, &format!("/api/games/{id}")).json["forfeit"]["loser"],
        "O"
    );
    assert_eq!(get(base, "/api/players/Ann").json["wins"], 1);
    let games = history_json(&db);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["o"]["level"], "engine:offboard");
    assert_eq!(games[0]["forfeit"]["reason"], reason);

    // The rematch: the engine is X now, started afresh, and moves first.
    let rematch = post(
        base,
        &format!("/api/games/{id}/rematch"),
        Some(&token),
        &json!({}),
    );
    assert_eq!(rematch.status, 201, "{}", rematch.text);
    assert_eq!(rematch.json["moves"], json!([{"row": 0, "col": 0}]));
    assert_eq!(rematch.json["to_move"], "O");

    // Two engines: the legal one as X against the offboard one, to the offboard one's
    // second move, in one request or a few reads.
    let both = game(
        json!({"kind": "computer", "level": "engine:legal"}),
        json!({"kind": "computer", "level": "engine:offboard"}),
    );
    assert_eq!(both.status, 201, "{}", both.text);
    let both_id = both.json["id"].as_str().unwrap().to_string();
    let mut state = both.json;
    for _ in 0..20 {
        if state["status"] != "in_progress" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        state = get(base, &format!("/api/games/{both_id}")).json;
    }
    assert_eq!(state["status"], "x_wins", "{state}");
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    assert_eq!(history_json(&db).len(), 2);
    assert_eq!(get(base, "/api/players/Ann").json["wins"], 1);
    assert_no_engine_left(&pids);
}
