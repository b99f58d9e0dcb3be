//! `ttt solve`, driven through the real binary.

use crate::support::{json, stderr_of, ttt};

#[test]
fn known_games() {
    for (size, value) in [
        (["3", "3", "3"], "draw"),
        (["3", "4", "3"], "win"),
        (["4", "4", "4"], "draw"),
    ] {
        for threads in ["1", "2"] {
            for method in ["auto", "alpha-beta", "proof-number"] {
                let v = json(&[
                    "solve",
                    "--rows",
                    size[0],
                    "--cols",
                    size[1],
                    "--k",
                    size[2],
                    "--json",
                    "--threads",
                    threads,
                    "--memory",
                    "16",
                    "--method",
                    method,
                ]);
                assert_eq!(v["value"], value, "{size:?} {method}");
                assert_eq!(v["method"], method);
                assert!(v["nodes"].as_u64().unwrap() > 0);
                assert!(v["table_bytes"].as_u64().unwrap() <= 16 << 20);
            }
        }
    }
}

#[test]
fn text_report_and_root_map() {
    let out = ttt(
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "3",
            "--k",
            "3",
            "--root-map",
        ],
        "",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("3 x 3, 3 in a row: draw\n"), "{text}");
    assert!(text.contains("positions in"), "{text}");
    // Every first move of tic-tac-toe draws.
    assert!(text.contains("1  D D D\n2  D D D\n3  D D D\n"), "{text}");
    let out = ttt(
        &[
            "solve",
            "--k",
            "3",
            "--position",
            "XX./OO./...",
            "--root-map",
        ],
        "",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("win for X, the side to move"), "{text}");
    assert!(text.contains("1  X X W\n2  O O D\n3  L L L\n"), "{text}");
}

/// `ttt solve --json` on 9x9 with five in a row, far too big to settle, with `args`.
fn nine_by_nine(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "--rows", "9", "--cols", "9", "--k", "5", "--json"];
    all.extend_from_slice(args);
    json(&all)
}

#[test]
fn out_of_time_is_unknown() {
    let v = nine_by_nine(&["--time-limit", "0.2", "--memory", "8"]);
    assert_eq!(v["value"], "unknown");
    // The table stays within --memory.
    assert!(v["table_bytes"].as_u64().unwrap() <= 8 << 20);
}

/// The root map counts its own positions, and shares the time limit with the value: it gets
/// what the value left, not a limit of its own.
#[test]
fn root_map_shares_the_time_limit() {
    let total = |v: &serde_json::Value| {
        v["elapsed_ms"].as_f64().unwrap() + v["moves_elapsed_ms"].as_f64().unwrap()
    };
    // 9x9: the value takes the whole second, and the map, left nothing, proves nothing.
    let v = nine_by_nine(&["--time-limit", "1", "--root-map", "--memory", "64"]);
    assert_eq!(v["value"], "unknown");
    assert_eq!(v["moves_nodes"], 0, "{v}");
    assert!(total(&v) < 1600.0, "{v}");
    // 5x5 K=4: the value is settled soon (1.5 s in a debug build, 0.05 s in release); the
    // map, which alone takes over a second in release, searches in what is left.
    let v = json(&[
        "solve",
        "--rows",
        "5",
        "--cols",
        "5",
        "--k",
        "4",
        "--json",
        "--time-limit",
        "3",
        "--root-map",
    ]);
    assert_eq!(v["value"], "draw");
    assert!(v["moves_nodes"].as_u64().unwrap() > 0, "{v}");
    assert!(total(&v) < 3600.0, "{v}");
    let out = ttt(&["solve", "--k", "3", "--root-map"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("The map searched "), "{text}");
}

#[test]
fn bad_arguments() {
    for args in [
        &["solve", "--rows", "3", "--cols", "3", "--threads", "0"][..],
        &["solve", "--rows", "3", "--cols", "3", "--memory", "0"],
        // More than any machine has: refused, not an allocation failure.
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "3",
            "--memory",
            "18446744073709",
        ],
        &["solve", "--k", "3", "--position", "XXX/OO./..."],
        &["solve", "X../...", "--position", "X../..."],
        &["solve", "--method", "guess"],
    ] {
        let out = ttt(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
    // An option without the one it belongs to, beside an option that one conflicts with
    // (which clap lets through), and the same for the other commands.
    for (args, said) in [
        (
            &["solve", "--job-time", "5", "--json"][..],
            "--job-time goes with --checkpoint",
        ),
        (
            &["solve", "--proof-positions", "5", "--root-map"],
            "--proof-positions goes with --proof",
        ),
        (
            &["analyze", "--ply", "3", "X.O/.X./..."],
            "--ply goes with --file",
        ),
        (
            &["history", "--format", "psq", "--json"],
            "--format goes with --export",
        ),
    ] {
        let out = ttt(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn positions_and_board_sizes_as_the_other_commands_take_them() {
    // The position as a plain argument, as for analyze and move.
    let v = json(&["solve", "--k", "3", "XX./OO./...", "--json"]);
    assert_eq!(v["value"], "win");
    // No size: the 3 x 3 board; one side: a square board.
    let v = json(&["solve", "--json"]);
    assert_eq!(
        (&v["rows"], &v["cols"], &v["value"]),
        (&3.into(), &3.into(), &"draw".into())
    );
    let v = json(&["solve", "--rows", "4", "--k", "3", "--json"]);
    assert_eq!(
        (&v["rows"], &v["cols"], &v["value"]),
        (&4.into(), &4.into(), &"win".into())
    );
}

#[test]
fn a_rule_the_solver_cannot_prove_is_refused() {
    let err = stderr_of(&["solve", "--rule", "renju", "-k", "5", "--rows", "9"]);
    assert!(
        err.contains("the solver does not prove positions under renju"),
        "{err}"
    );
    let v = json(&["solve", "--rule", "standard", "--rows", "3", "--json"]);
    assert_eq!(
        (v["rule"].as_str(), v["value"].as_str()),
        (Some("standard"), Some("draw"))
    );
}

/// `ttt solve --proof FILE` writes a proof `ttt check-proof` accepts, under the rules, from
/// the empty board and from a position; the same proof with one reply dropped is refused.
#[test]
fn solve_writes_proofs_that_check_and_a_cut_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            vec!["solve"],
            "draw on 3 x 3 with 3 in a row (freestyle), from the empty board",
        ),
        (
            vec!["solve", "--rows", "3", "--cols", "4", "-k", "3"],
            "X wins on 3 x 4 with 3 in a row (freestyle)",
        ),
        (
            vec!["solve", "--rule", "standard", "X../.O./..."],
            "draw on 3 x 3 with 3 in a row (standard), from X../.O./...",
        ),
    ] {
        let file = dir.path().join("game.proof");
        let mut args: Vec<&str> = args;
        args.extend(["--proof", file.to_str().unwrap()]);
        let out = crate::support::ttt(&args, "");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("the proof is in"));
        // The value's line names a rule other than free-style.
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            said.contains("(standard)"),
            args.contains(&"standard"),
            "{said}"
        );
        let checked = crate::support::ttt(&["check-proof", file.to_str().unwrap()], "");
        let text = String::from_utf8_lossy(&checked.stdout);
        assert!(
            checked.status.success(),
            "{args:?}: {text}{}",
            String::from_utf8_lossy(&checked.stderr)
        );
        assert!(text.contains(says), "{text}");
        assert!(text.contains("the proof holds"), "{text}");
    }
    // One of O's replies dropped from X's win on 3 x 4: refused, naming the node.
    let file = dir.path().join("win.proof");
    let out = crate::support::ttt(
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "4",
            "-k",
            "3",
            "--proof",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success());
    let proof = std::fs::read_to_string(&file).unwrap();
    let cut: String = proof
        .lines()
        .map(|line| match line.split_once(" reply ") {
            Some((node, replies)) if replies.contains(' ') => {
                let kept: Vec<&str> = replies.split(' ').skip(1).collect();
                format!("{node} reply {}\n", kept.join(" "))
            }
            _ => format!("{line}\n"),
        })
        .collect();
    std::fs::write(&file, cut).unwrap();
    let checked = crate::support::ttt(&["check-proof", file.to_str().unwrap()], "");
    assert_eq!(checked.status.code(), Some(1));
    // A file not in the format is not read as a proof at all: exit status 2.
    for junk in ["", "ttt-proof 3\n", "ttt-proof 2\nboard 100000 100000 5\n"] {
        std::fs::write(&file, junk).unwrap();
        let checked = crate::support::ttt(&["check-proof", file.to_str().unwrap()], "");
        assert_eq!(checked.status.code(), Some(2), "{junk:?}");
        let err = String::from_utf8_lossy(&checked.stderr);
        assert!(err.contains("is not a proof file"), "{junk:?}: {err}");
    }
    // Bytes that are not text; a compressed proof, named as such.
    for (bytes, says) in [
        (&[0xff, 0xfe, 0x00][..], "is not a proof file"),
        (
            &[0x1f, 0x8b, 0x08, 0x00][..],
            "is compressed (gzip): decompress it first",
        ),
    ] {
        std::fs::write(&file, bytes).unwrap();
        let checked = crate::support::ttt(&["check-proof", file.to_str().unwrap()], "");
        assert_eq!(checked.status.code(), Some(2));
        let err = String::from_utf8_lossy(&checked.stderr);
        assert!(err.contains(says), "{err}");
    }
}

/// With `--proof` the value comes from the proof's own searches, said before the proof is
/// written; `--json` gives the proof's figures in the object; the solver's own options
/// (`--root-map`, `--method`) are refused with it.
#[test]
fn a_proof_says_its_value_first_and_its_figures_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("five.proof");
    let path = file.to_str().unwrap();
    let board = ["solve", "--rows", "5", "--cols", "5", "-k", "4"];
    let mut args = board.to_vec();
    args.extend(["--proof", path]);
    let out = ttt(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    let mut lines = said.lines();
    assert_eq!(lines.next(), Some("5 x 5, 4 in a row: draw"), "{said}");
    assert!(
        lines
            .next()
            .is_some_and(|l| l.ends_with("; writing its proof")),
        "{said}"
    );
    std::fs::remove_file(&file).unwrap();
    args.push("--json");
    let v = json(&args);
    assert_eq!(v["value"], "draw", "{v}");
    assert_eq!(v["method"], "proof", "{v}");
    assert_eq!(v["proof"]["path"], path, "{v}");
    let positions = v["proof"]["positions"].as_u64().unwrap();
    assert!(positions > 1, "{v}");
    assert_eq!(
        v["proof"]["bytes"].as_u64().unwrap(),
        std::fs::metadata(&file).unwrap().len()
    );
    let checked = ttt(&["check-proof", path], "");
    assert!(
        String::from_utf8_lossy(&checked.stdout)
            .contains(&format!("the proof holds ({positions} positions")),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
    let with = |more: &[&'static str]| {
        let mut args = board.to_vec();
        args.extend(more);
        args.extend(["--proof", path]);
        args
    };
    assert!(stderr_of(&with(&["--root-map"])).contains("cannot be used with"));
    assert!(stderr_of(&with(&["--method", "alpha-beta"])).contains(
        "--proof writes the proof with searches of its own: leave out --method alpha-beta"
    ));
    // `auto`, the default, may be named.
    let auto = ttt(&with(&["--method", "auto"]), "");
    assert!(
        auto.status.success()
            && String::from_utf8_lossy(&auto.stdout).contains("writing its proof"),
        "{}",
        String::from_utf8_lossy(&auto.stderr)
    );
}

/// `ttt solve ARGS --proof PATH`, then `ttt check-proof PATH`, both successful: what the
/// check prints.
fn prove_and_check(args: &[&str], path: &str) -> String {
    let mut solve = vec!["solve"];
    solve.extend(args);
    solve.extend(["--proof", path]);
    let out = crate::support::ttt(&solve, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = crate::support::ttt(&["check-proof", path], "");
    let text = String::from_utf8_lossy(&checked.stdout).into_owned();
    assert!(
        checked.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    text
}

/// Bigger proofs come from the solver's searches: 6 x 6 with four in a row is a first-player
/// win whose proof checks; a limit of positions too small refuses with the reason.
#[test]
fn solve_writes_proofs_of_bigger_boards_from_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("six.proof");
    let path = file.to_str().unwrap();
    let text = prove_and_check(&["--rows", "6", "--cols", "6", "-k", "4"], path);
    assert!(text.contains("X wins on 6 x 6 with 4 in a row"), "{text}");
    let refused = crate::support::ttt(
        &[
            "solve",
            "--rows",
            "6",
            "--cols",
            "6",
            "-k",
            "4",
            "--proof",
            path,
            "--proof-positions",
            "10",
        ],
        "",
    );
    // The value is said all the same; the proof's failure is an error of its own.
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("more than 10 positions"), "{err}");
    let said = String::from_utf8_lossy(&refused.stdout);
    assert!(
        said.contains("6 x 6, 4 in a row: first-player win"),
        "{said}"
    );
    // Renju, which the solver does not prove: a small position's proof says its value.
    let renju = dir.path().join("renju.proof");
    let out = crate::support::ttt(
        &[
            "solve",
            "--rule",
            "renju",
            "X.O.O/.OX.X/X.X.O/.OO../.XX.O",
            "--proof",
            renju.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = crate::support::ttt(&["check-proof", renju.to_str().unwrap()], "");
    assert!(checked.status.success());
    assert!(String::from_utf8_lossy(&checked.stdout).contains("(renju)"));
}

/// `--checkpoint FILE`: a search stopped by its time limit goes on from the file when run
/// again, and ends with the solver's value; a file of another game, or a damaged one, is
/// refused and left as it was.
#[test]
fn a_checkpointed_search_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("search.ckpt");
    let path = file.to_str().unwrap();
    let args = |time: &'static str| {
        vec![
            "solve",
            "--rows",
            "6",
            "--cols",
            "7",
            "-k",
            "4",
            "--threads",
            "1",
            "--checkpoint",
            path,
            "--job-time",
            "0.002",
            "--time-limit",
            time,
        ]
    };
    // Jobs of two milliseconds settle little each: in a fiftieth of a second the tree opens
    // and no first move is settled (on 6 x 7 that takes many times as long; on 6 x 6 one job
    // can settle a first move's win, and the board with it). On a machine too busy to run a
    // job in that time, the same command is given a little more.
    let mut nodes = 0;
    for time in ["0.02", "0.05", "0.1", "0.2"] {
        let first = crate::support::ttt(&args(time), "");
        assert!(
            first.status.success(),
            "{}",
            String::from_utf8_lossy(&first.stderr)
        );
        let said = String::from_utf8_lossy(&first.stdout);
        assert!(said.contains("6 x 7, 4 in a row: unknown"), "{said}");
        assert!(said.contains("goes on where it stopped"), "{said}");
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(
            saved.starts_with("ttt-frontier 1\nboard 6 7 4\n"),
            "{saved}"
        );
        nodes = saved.lines().count();
        if nodes > 6 {
            break;
        }
    }
    assert!(nodes > 6, "the tree never opened");
    // Run again: it starts from the saved tree, not from nothing.
    let mut finished = None;
    for _ in 0..40 {
        let out = crate::support::ttt(&args("2"), "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!err.contains("(1 position settled, 1 open"), "{err}");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        if !text.contains("goes on where it stopped") {
            finished = Some(text);
            break;
        }
    }
    let text = finished.expect("the search ends");
    let solved =
        crate::support::json(&["solve", "--rows", "6", "--cols", "7", "-k", "4", "--json"]);
    let value = match solved["value"].as_str() {
        Some("draw") => "draw",
        Some("win") => "first-player win",
        other => panic!("{other:?}"),
    };
    assert!(
        text.contains(&format!("6 x 7, 4 in a row: {value}")),
        "{text}"
    );
    // Another game's file, and a damaged one: refused, untouched.
    let other = crate::support::ttt(
        &[
            "solve",
            "--rows",
            "7",
            "--cols",
            "7",
            "-k",
            "4",
            "--checkpoint",
            path,
        ],
        "",
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("another game"));
    // A value edited by hand: the checksum no longer matches.
    let finished_text = std::fs::read_to_string(&file).unwrap();
    let edited = finished_text.replacen("0 - - win", "0 - - draw", 1);
    assert_ne!(edited, finished_text);
    std::fs::write(&file, &edited).unwrap();
    let refused = crate::support::ttt(&args("1"), "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("checksum"));
    // A run shorter than a job: its one job runs as long as the run, and what it did is
    // kept (7 x 8 with five is not settled in half a second: the root is opened), not lost
    // to the run's limit.
    // Both runs below: 7 x 8 with five on one thread, searched in jobs kept in `file`.
    let on_7x8 = |file: &std::path::Path, time: &str| -> Vec<String> {
        [
            "solve",
            "--rows",
            "7",
            "--cols",
            "8",
            "-k",
            "5",
            "--threads",
            "1",
            "--checkpoint",
            file.to_str().unwrap(),
            "--time-limit",
            time,
        ]
        .map(String::from)
        .to_vec()
    };
    let short_file = dir.path().join("short.ckpt");
    let short_args = on_7x8(&short_file, "0.5");
    let short = crate::support::ttt(
        &short_args.iter().map(String::as_str).collect::<Vec<_>>(),
        "",
    );
    assert!(short.status.success());
    let said = String::from_utf8_lossy(&short.stderr);
    assert!(
        said.contains(" s (the --time-limit), the tree kept"),
        "{said}"
    );
    let kept = std::fs::read_to_string(&short_file).unwrap();
    assert!(kept.lines().count() > 6, "the root was not opened: {kept}");
    // Two runs on one file: the second is refused while the first holds FILE.lock.
    let shared = dir.path().join("shared.ckpt");
    let shared_owned = on_7x8(&shared, "20");
    let shared_args: Vec<&str> = shared_owned.iter().map(String::as_str).collect();
    let mut first = crate::support::command(&shared_args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Its first line comes once it holds the lock and has saved the tree.
    let mut said = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(first.stderr.take().unwrap()),
        &mut said,
    )
    .unwrap();
    assert!(said.contains("searching in jobs"), "{said}");
    let second = crate::support::ttt(&shared_args, "");
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!(second.status.code(), Some(2));
    let refused = String::from_utf8_lossy(&second.stderr);
    assert!(
        refused.contains("another run is searching with"),
        "{refused}"
    );
    // A job of no time is refused.
    let no_time = crate::support::ttt(&["solve", "--checkpoint", path, "--job-time", "0"], "");
    assert_eq!(no_time.status.code(), Some(2));
    std::fs::write(&file, "ttt-frontier 1\nboard 6 6\n").unwrap();
    let damaged = crate::support::ttt(&args("1"), "");
    assert_eq!(damaged.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("left as it is"));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "ttt-frontier 1\nboard 6 6\n"
    );
}

/// On 15 x 15 a win by threats is proven with the threat left standing: O's replies that do
/// not stop X's fours lose to them (`others-lose-to`), and only the rest are written. The
/// proof checks; with a reply that stops the fours dropped, or the line of fours changed, it
/// does not.
#[test]
fn a_win_by_threats_on_fifteen_by_fifteen_is_proven_and_checked() {
    let position = [
        ".............../.............../.............../.............../........O....../",
        "........XO...../......OOXO...../......OXX....../......XXO....../......X......../",
        ".............../.............../.............../.............../...............",
    ]
    .concat();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vct.proof");
    let path = file.to_str().unwrap();
    let text = prove_and_check(&["--k", "5", &position], path);
    assert!(text.contains("X wins on 15 x 15 with 5 in a row"), "{text}");
    let proof = std::fs::read_to_string(&file).unwrap();
    assert!(proof.starts_with("ttt-proof 3\n"), "{proof}");
    let threat = proof
        .lines()
        .find(|l| l.contains(" others-lose-to ") && l.contains('>'))
        .expect("a node with listed replies and a line of fours")
        .to_string();
    let (head, line) = threat.split_once(" others-lose-to ").unwrap();
    let mut words: Vec<&str> = head.split(' ').collect();
    let dropped = words.remove(2);
    let first = line.split(' ').next().unwrap();
    let other = if first == "0,0" { "14,14" } else { "0,0" };
    for (broken, says) in [
        (
            format!("{} others-lose-to {line}", words.join(" ")),
            format!("the reply {}", dropped.split('>').next().unwrap()),
        ),
        (
            threat.replacen(
                &format!(" others-lose-to {first}"),
                &format!(" others-lose-to {other}"),
                1,
            ),
            "does not lose to the line of fours".to_string(),
        ),
    ] {
        std::fs::write(&file, proof.replacen(&threat, &broken, 1)).unwrap();
        let checked = crate::support::ttt(&["check-proof", path], "");
        let text = String::from_utf8_lossy(&checked.stderr);
        assert_eq!(checked.status.code(), Some(1), "{broken}: {text}");
        assert!(text.contains(&says), "{broken}: {text}");
    }
}

/// On 15 x 15 a win that begins with quiet moves (X's first move threatens nothing at once,
/// and no search by threats alone finds the win) is proven, and the proof checks: on one
/// thread, and on two (the second opening positions ahead of the search for quiet moves).
#[test]
fn a_win_that_begins_with_quiet_moves_is_proven_and_checked() {
    let position = [
        ".............../.............../............X../...........O.../......O..XO..../",
        ".....X.X.O...../....X...O.X..../.......X......./........O....../.......O......./",
        ".............../.............../.............../.............../...............",
    ]
    .concat();
    let dir = tempfile::tempdir().unwrap();
    for threads in ["1", "2"] {
        let file = dir.path().join(format!("quiet-{threads}.proof"));
        let path = file.to_str().unwrap();
        let text = prove_and_check(&["--k", "5", &position, "--threads", threads], path);
        assert!(text.contains("X wins on 15 x 15 with 5 in a row"), "{text}");
    }
}

/// A strategy for a pass is checked once for the replies outside its footprint, and
/// `--replay-all` replays it after each: the same proof holds either way, and the output says
/// how many replies the footprints covered.
#[test]
fn check_proof_covers_far_replies_by_a_footprint_or_replays_them_all() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ttt-proof/tests/data/strategy.proof"
    );
    let positions = |text: &str| -> u64 {
        let (_, after) = text.split_once("the proof holds (").unwrap();
        after.split(' ').next().unwrap().parse().unwrap()
    };
    let out = crate::support::ttt(&["check-proof", file], "");
    let quick = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{quick}");
    assert!(
        quick.contains("replies outside a strategy's footprint, not replayed"),
        "{quick}"
    );
    let out = crate::support::ttt(&["check-proof", "--replay-all", file], "");
    let all = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(!all.contains("footprint"), "{all}");
    assert!(positions(&all) > 2 * positions(&quick), "{quick}\n{all}");
}

/// A gomoku position read without `--k` is read with three in a row, and is usually over
/// already, or not a position at all: `ttt solve` and `ttt move` say that no K was given;
/// with `--k 3` given, they do not.
#[test]
fn a_game_over_for_want_of_k_says_that_no_k_was_given() {
    // X's three stones in a row, O's two apart: a gomoku opening, won by X with three.
    let position = [
        ".............../.............../.............../.............../.............../",
        "......O......../.....XXX......./.........O...../.............../.............../",
        ".............../.............../.............../.............../...............",
    ]
    .concat();
    // With O's stone more, X's three is a line O moved after: no game reaches it with three
    // in a row, and the refusal says why K was three.
    let after = position.replacen(".........O.....", ".........OO....", 1);
    let over = "the game is over";
    let not_in_play = "X has a line but O moved last";
    for (args, says, reminded) in [
        (vec!["solve", position.as_str()], over, true),
        (vec!["solve", "--k", "3", position.as_str()], over, false),
        (vec!["move", position.as_str()], over, true),
        (vec!["move", "--k", "3", position.as_str()], over, false),
        (vec!["solve", after.as_str()], not_in_play, true),
        (vec!["move", after.as_str()], not_in_play, true),
        (vec!["move", "--k", "3", after.as_str()], not_in_play, false),
    ] {
        let out = crate::support::ttt(&args, "");
        let text = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
        assert_eq!(
            text.contains("no --k was given, so 3 in a row wins"),
            reminded,
            "{args:?}: {text}"
        );
    }
    // A line of `--jsonl` input gets the same reminder in its error.
    let out = crate::support::ttt(&["move", "--jsonl"], &format!("{after}\n"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(not_in_play) && text.contains("no --k was given"),
        "{text}"
    );
    // With five in a row the same stones are a position, X's open three winning.
    let out = crate::support::ttt(
        &["solve", "--k", "5", after.as_str(), "--time-limit", "1"],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("win for X"), "{text}");
}

/// A proof asked for where the solver settles no value says so, and writes nothing; a K too
/// long for the board names the flags of both.
#[test]
fn a_proof_of_an_unknown_value_and_a_k_too_long_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gomoku.proof");
    let out = crate::support::ttt(
        &[
            "solve",
            "--rows",
            "15",
            "--k",
            "5",
            "--time-limit",
            "1",
            "--proof",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no proof: the value is not known"), "{err}");
    assert!(!file.exists());
    let out = crate::support::ttt(&["solve", "--k", "5"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a bigger board with --rows and --cols"),
        "{err}"
    );
}
