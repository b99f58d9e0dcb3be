//! `ttt analyze` and `ttt move`, driven through the real binary.

use serde_json::json;

use crate::support::{json, stderr_of, ttt};

#[test]
fn analyze_json_has_every_field() {
    let v = json(&["analyze", "--k", "3", "--json", "x.o/_X-/..."]);
    assert_eq!(v["position"], "X.O/.X./...");
    assert_eq!(
        (v["rows"].as_u64(), v["cols"].as_u64(), v["k"].as_u64()),
        (Some(3), Some(3), Some(3))
    );
    assert_eq!(v["to_move"], "O");
    assert_eq!(v["status"], "in_progress");
    assert!(v["winning_line"].is_null());
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], 6);
    assert_eq!(v["best_moves"], serde_json::json!([{"row": 2, "col": 2}]));
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    assert_eq!(
        moves[0],
        serde_json::json!({"row": 0, "col": 1, "value": "loss", "plies": 2})
    );
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn analyze_known_boards() {
    let v = json(&[
        "analyze", "--rows", "3", "--cols", "4", "--k", "3", "--json",
    ]);
    assert_eq!(v["value"], "win");
    let v = json(&[
        "analyze", "--rows", "4", "--cols", "4", "--k", "4", "--json",
    ]);
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("draw"), Some(16))
    );
    assert_eq!(v["best_moves"].as_array().unwrap().len(), 16);
}

#[test]
fn analyze_a_finished_game() {
    let v = json(&["analyze", "--json", "XXX/OO./..."]);
    assert_eq!(v["status"], "x_wins");
    assert_eq!(
        v["winning_line"],
        serde_json::json!([{"row":0,"col":0},{"row":0,"col":1},{"row":0,"col":2}])
    );
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("loss"), Some(0))
    );
    assert_eq!(v["moves"], serde_json::json!([]));
}

#[test]
fn time_limit_zero_gives_only_the_facts_on_any_board() {
    let v = json(&[
        "analyze",
        "--rows",
        "19",
        "--cols",
        "19",
        "--k",
        "5",
        "--time-limit",
        "0",
        "--json",
    ]);
    assert_eq!(v["value"], "unknown");
    assert!(v["plies"].is_null() && v["best_moves"].is_null());
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 361);
    assert!(moves
        .iter()
        .all(|m| m["value"] == "unknown" && m["plies"].is_null()));
}

#[test]
fn a_short_time_limit_reports_unknown_not_a_guess() {
    let v = json(&[
        "analyze",
        "--rows",
        "7",
        "--cols",
        "7",
        "--k",
        "5",
        "--time-limit",
        "0.2",
        "--json",
    ]);
    assert!(v["plies"].is_null());
    assert!(v["best_moves"].is_null());
    for m in v["moves"].as_array().unwrap() {
        // Plies only where the value is proven; 7x7 with five in a row is a draw, so no
        // first move is proven to win.
        assert!(m["value"] != "unknown" || m["plies"].is_null(), "{m}");
        assert_ne!(m["value"], "win", "{m}");
    }
}

#[test]
fn jsonl_goes_on_after_a_bad_line() {
    let out = ttt(
        &["analyze", "--jsonl", "--time-limit", "5"],
        "X../.../...\nXX/O\n\nOOO/XX./XX.\nXX./OO./...\n",
    );
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["value"], "draw");
    assert_eq!(lines[1]["position"], "XX/O");
    assert!(lines[1]["error"].as_str().unwrap().contains("ragged"));
    assert!(lines[2]["error"]
        .as_str()
        .unwrap()
        .contains("O has a line but X moved last"));
    assert_eq!(
        lines[3]["best_moves"],
        serde_json::json!([{"row": 0, "col": 2}])
    );
}

/// A line that is not UTF-8 text is a bad line like any other: an error object, and the run
/// goes on, for `analyze` and `move` alike.
#[test]
fn jsonl_goes_on_after_a_line_that_is_not_text() {
    for command in ["analyze", "move"] {
        let input = b"X../.../...\n\xff\xfe\n.../.X./...\n";
        let out = crate::support::run_with(
            crate::support::command(&[command, "--jsonl", "--time-limit", "1"]),
            input,
        );
        assert!(out.status.success(), "{command}");
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3, "{command}");
        assert!(
            lines[1]["error"].as_str().unwrap().contains("not UTF-8"),
            "{command}: {}",
            lines[1]
        );
        assert_eq!(lines[2]["position"], ".../.X./...", "{command}");
    }
}

#[test]
fn bad_input_is_one_line_and_status_two() {
    assert!(stderr_of(&["analyze", "X.O/.X"]).contains("ragged rows"));
    assert!(stderr_of(&["analyze", "X.Z/..."]).contains("bad character 'Z'"));
    assert!(stderr_of(&["analyze", "--k", "4", "X.O/.X./..."]).contains("K = 4 is out of range"));
    assert!(stderr_of(&["analyze", "XX./.../..."]).contains("impossible counts"));
    assert!(stderr_of(&["analyze", "XXX/OOO/X.."]).contains("both X and O"));
    assert!(stderr_of(&["analyze", "XXX/O../O.O"]).contains("X has a line but O moved last"));
    assert!(stderr_of(&["analyze", "XXX../OO.OO/XXX../O...."]).contains("do not share a cell"));
    assert!(stderr_of(&["analyze", "--rows", "0", "--cols", "3"]).contains("at least 1"));
    // A negative number is the option's bad value, not an unknown option.
    let negative = stderr_of(&["analyze", "--rows", "-3", "--cols", "3"]);
    assert!(negative.contains("'-3' for '--rows"), "{negative}");
    assert!(negative.contains("see ttt analyze --help"), "{negative}");
    assert!(stderr_of(&["analyze", "--rows", "25", "--cols", "3"]).contains("between 1 and"));
    assert!(stderr_of(&["analyze", "--time-limit", "soon", "..."]).contains("not a number"));
    assert!(stderr_of(&["analyze", "--threads", "0", "..."]).contains("at least 1"));
    assert!(stderr_of(&["analyze", "--threads", "300", "..."]).contains("at most 256"));
    assert!(stderr_of(&["analyze", "--frobnicate"]).contains("--frobnicate"));
    assert!(stderr_of(&["move", "--level", "genius", "..."]).contains("genius"));
    assert!(stderr_of(&["move", "XXX/OO./..."]).contains("the game is over"));
    assert!(stderr_of(&["move", "--seed", "abc", "..."]).contains("is not a seed"));
    assert!(stderr_of(&["move", "--seed", "-1", "..."]).contains("is not a seed"));
}

#[test]
fn perfect_with_no_time_moves_at_a_glance() {
    let win = serde_json::json!({"value": "win", "plies": 1});
    for (k, pos, row, col, claim) in [
        // Its own win at once, on a small board and a big one: a win in one ply, proven by
        // the rules.
        ("3", "XX./OO./...", 0, 2, &win),
        ("4", "....../....../....../....../OOO.../XXX...", 5, 3, &win),
        // A block claims nothing.
        ("3", "XX./O../...", 0, 2, &serde_json::json!({})),
    ] {
        let mut want = claim.clone();
        want["row"] = row.into();
        want["col"] = col.into();
        want["rule"] = "freestyle".into();
        let args = ["move", "--time-limit", "0", "--k", k, "--json", pos];
        assert_eq!(json(&args), want, "{pos}");
    }
}

#[test]
fn move_levels() {
    let v = json(&["move", "--level", "perfect", "--json", "XX./OO./..."]);
    assert_eq!(
        v,
        serde_json::json!({"row": 0, "col": 2, "rule": "freestyle", "value": "win", "plies": 1})
    );
    // Hard blocks when it cannot win: X threatens (0,2), O has no line to finish.
    let v = json(&[
        "move",
        "--level",
        "hard",
        "--seed",
        "1",
        "--json",
        "XX./.O./...",
    ]);
    assert_eq!(
        v,
        serde_json::json!({"row": 0, "col": 2, "rule": "freestyle"})
    );
    // Seeded players repeat themselves.
    let a = json(&[
        "move", "--level", "easy", "--seed", "42", "--json", "--rows", "9", "--cols", "9",
    ]);
    let b = json(&[
        "move", "--level", "easy", "--seed", "42", "--json", "--rows", "9", "--cols", "9",
    ]);
    assert_eq!(a, b);
    let text = ttt(&["move", "--level", "perfect", "X.O/.X./..."], "");
    assert_eq!(
        String::from_utf8(text.stdout).unwrap(),
        "O plays row 3, column 3 (proven: draw in 6 plies)\n"
    );
}

#[test]
fn perfect_on_a_big_board_says_it_is_not_proven() {
    let out = ttt(
        &[
            "move",
            "--rows",
            "15",
            "--cols",
            "15",
            "--k",
            "5",
            "--time-limit",
            "0.3",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("not proven"), "{text}");
}

#[test]
fn move_jsonl() {
    let out = ttt(
        &["move", "--jsonl", "--level", "perfect"],
        "xx_/oo_/___\nnope\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!((&lines[0]["row"], &lines[0]["col"]), (&json!(0), &json!(2)));
    // Each answer names the position it answers, normalised.
    assert_eq!(lines[0]["position"], "XX./OO./...");
    assert_eq!(lines[1]["position"], "nope");
    assert!(lines[1]["error"].is_string());
}

#[test]
fn analyze_names_the_rule_and_x_forbidden_points() {
    let p = "O.........O/.........../.........../.........../....XX...../.........../\
             ......X..../......X..../.........../.........../O.........O";
    for extra in [&["--json"][..], &["--json", "--time-limit", "0"]] {
        let mut args = vec!["analyze", "--rule", "renju", "-k", "5", p];
        args.extend_from_slice(extra);
        let v = json(&args);
        assert_eq!(v["rule"], "renju");
        assert_eq!(
            v["forbidden"],
            serde_json::json!([{"row": 4, "col": 6}]),
            "{v}"
        );
    }
    let v = json(&["analyze", "-k", "5", "--time-limit", "0", "--json", p]);
    assert_eq!(
        (v["rule"].as_str(), v["forbidden"].as_array().map(Vec::len)),
        (Some("freestyle"), Some(0))
    );
    let v = json(&["move", "--rule", "standard", "--rows", "4", "--json"]);
    assert_eq!(v["rule"], "standard");
    // Renju is played with five: K is 5 unless said, and another K is refused.
    let v = json(&[
        "analyze",
        "--rule",
        "renju",
        "--rows",
        "9",
        "--time-limit",
        "0",
        "--json",
    ]);
    assert_eq!(v["k"], 5, "{v}");
    let err = stderr_of(&["analyze", "--rule", "renju", "--rows", "9", "-k", "4"]);
    assert!(
        err.contains("renju is played with five in a row, not 4"),
        "{err}"
    );
}

/// A 15 x 15 position from its stones, X's and O's as (row, column), 0-based.
fn board15(x: &[(usize, usize)], o: &[(usize, usize)]) -> String {
    let mut rows = vec![vec!['.'; 15]; 15];
    for &(r, c) in x {
        rows[r][c] = 'X';
    }
    for &(r, c) in o {
        rows[r][c] = 'O';
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    rows.join("/")
}

#[test]
fn lines_on_a_threat_puzzle_put_the_proven_win_first() {
    // X's closed threes, one across and one down, meet at (7, 6): a four-four there wins.
    let p = board15(
        &[(7, 3), (7, 4), (7, 5), (4, 6), (5, 6), (6, 6)],
        &[(7, 2), (3, 6), (0, 0), (0, 14), (14, 0), (14, 14)],
    );
    let v = json(&[
        "analyze",
        "-k",
        "5",
        "--lines",
        "3",
        "--time-limit",
        "2",
        "--json",
        &p,
    ]);
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{v}");
    let first = &lines[0];
    assert_eq!(first["move"], json!({"row": 7, "col": 6}), "{v}");
    assert_eq!(first["result"], "win");
    assert_eq!(first["proven"], true);
    assert_eq!(first["plies"], 3);
    assert_eq!(first["win_probability"], 1.0);
    assert_eq!(first["score"], 1_000_000 - 3);
    let pv = first["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 3);
    assert_eq!(pv[0], first["move"]);
    // The others are other moves, each with its line from the move on.
    for line in &lines[1..] {
        assert_ne!(line["move"], first["move"]);
        assert_eq!(line["pv"][0], line["move"]);
        let p = line["win_probability"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{line}");
    }
    assert!(v["depth"].as_u64().is_some());
    assert!(v["nodes"].as_u64().unwrap() > 0);

    let text = stdout_of(&[
        "analyze",
        "-k",
        "5",
        "--lines",
        "2",
        "--time-limit",
        "2",
        &p,
    ]);
    assert!(text.contains("Best lines ("), "{text}");
    // The solver's exact length, or the threat line's where only the engine found it.
    assert!(
        text.contains(" 1. (8, 7)    win in 3 plies (proven)")
            || text.contains(" 1. (8, 7)    win within 3 plies (proven by threats)"),
        "{text}"
    );
}

#[test]
fn lines_that_let_the_opponent_win_by_fours_are_proven_losses() {
    // O to move: X's open three on row 4 wins by fours after any move that leaves it.
    let p = board15(&[(4, 2), (4, 3), (4, 4)], &[(5, 5), (6, 1)]);
    let v = json(&[
        "analyze",
        "-k",
        "5",
        "--lines",
        "20",
        "--time-limit",
        "4",
        "--json",
        &p,
    ]);
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 20, "{v}");
    // The blocks come first; some move further down lets X through, and says so.
    let blocks = [json!({"row": 4, "col": 1}), json!({"row": 4, "col": 5})];
    assert!(blocks.contains(&lines[0]["move"]), "{v}");
    for line in lines {
        if line["result"] == "loss" && line["proven"] == true {
            assert_eq!(line["win_probability"], 0.0);
            assert_eq!(
                line["pv"].as_array().unwrap().len() as u64,
                line["plies"].as_u64().unwrap()
            );
        }
    }
}

#[test]
fn lines_on_a_solved_board_are_the_solvers_and_renju_lines_avoid_forbidden_points() {
    let v = json(&[
        "analyze",
        "--k",
        "3",
        "--lines",
        "3",
        "--json",
        "XX./OO./...",
    ]);
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines[0]["move"], json!({"row": 0, "col": 2}));
    assert_eq!(
        (&lines[0]["result"], &lines[0]["plies"], &lines[0]["proven"]),
        (&json!("win"), &json!(1), &json!(true))
    );
    assert_eq!(v["depth"], 0);
    let text = stdout_of(&["analyze", "--k", "3", "--lines", "3", "XX./OO./..."]);
    assert!(text.contains("Best lines (proven by the solver)"), "{text}");

    // X's twos cross at (7, 7): a double-three, forbidden to X under renju.
    let p = board15(
        &[(7, 5), (7, 6), (5, 7), (6, 7)],
        &[(0, 0), (0, 14), (14, 0), (14, 14)],
    );
    let v = json(&[
        "analyze",
        "--rule",
        "renju",
        "--lines",
        "8",
        "--time-limit",
        "2",
        "--json",
        &p,
    ]);
    assert_eq!(v["forbidden"], json!([{"row": 7, "col": 7}]), "{v}");
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 8, "{v}");
    assert!(lines
        .iter()
        .all(|l| l["move"] != json!({"row": 7, "col": 7})));

    let err = stderr_of(&["analyze", "--lines", "21", "XX./OO./..."]);
    assert!(err.contains("at most 20"), "{err}");
}

fn stdout_of(args: &[&str]) -> String {
    let out = ttt(args, "");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}
