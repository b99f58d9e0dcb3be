//! `ttt play`, `ttt players` and `ttt history`, driven through the real binary with piped
//! input and a fresh database for every test.

use std::io::Write;
use std::path::Path;

use crate::support::{command, history_json, play, players, record, run_with, ttt, Db};

const FRIENDS: [&str; 4] = ["--x", "human:Ann", "--o", "human:Bo"];

/// Ann (X) takes the top row while Bo plays the middle one.
const ANN_WINS: &str = "1 1\n2 1\n1 2\n2 2\n1 3\n";

/// O takes the middle row: X 1 1, O 2 1, X 1 2, O 2 2, X 3 3, O 2 3.
const O_WINS: &str = "1 1\n2 1\n1 2\n2 2\n3 3\n2 3\n";

/// X O X / O O X / X X O is full with no line... played as a sequence of moves:
/// X 1 1, O 1 2, X 1 3, O 2 2, X 2 3, O 2 1, X 3 1, O 3 3, X 3 2.
const TIE: &str = "1 1\n1 2\n1 3\n2 2\n2 3\n2 1\n3 1\n3 3\n3 2\n";

#[test]
fn a_win_is_saved_for_both_players() {
    let db = Db::new();
    let out = play(&db, &FRIENDS, &format!("{ANN_WINS}n\n"));
    assert!(out.contains("Hello, Ann! You are new here"), "{out}");
    assert!(out.contains("Ann (X) wins!"), "{out}");
    assert!(
        out.contains("1 [X][X][X]\n"),
        "the winning line is marked:\n{out}"
    );
    assert!(out.contains("Ann: 1 win, 0 losses and 0 ties"), "{out}");
    assert!(out.contains("Bo: 0 wins, 1 loss and 0 ties"), "{out}");
    assert!(out.trim_end().ends_with("Thanks for playing!"), "{out}");
    assert_eq!(record(&db, "Ann"), [1, 0, 0, 1]);
    assert_eq!(record(&db, "Bo"), [0, 1, 0, 1]);
}

#[test]
fn the_board_is_drawn_after_every_move_with_the_last_one_marked() {
    let db = Db::new();
    let out = play(&db, &FRIENDS, ANN_WINS);
    // The empty board, then one board per move.
    assert_eq!(out.matches("   1  2  3\n").count(), 6, "{out}");
    assert!(out.contains("1 [X] .  .\n"), "{out}");
    assert!(out.contains("2 [O] .  .\n"), "{out}");
    assert!(out.contains("Ann (X), your move: row and column, e.g. 2 3 (u undo, h hint, q quit): "));
    assert!(out.contains("Bo (O) played row 2, column 2."), "{out}");
    assert!(
        !out.contains('\x1b'),
        "no colour or clearing when piped:\n{out:?}"
    );
}

#[test]
fn a_tie_counts_for_both() {
    let db = Db::new();
    let out = play(&db, &FRIENDS, TIE);
    assert!(out.contains("It's a tie!"), "{out}");
    assert_eq!(record(&db, "Ann"), [0, 0, 1, 1]);
    assert_eq!(record(&db, "Bo"), [0, 0, 1, 1]);
}

#[test]
fn a_loss_against_the_perfect_computer() {
    let db = Db::new();
    // Ann (O) tries every cell in reading order; taken ones are refused and she tries the next.
    let mut tries = String::new();
    for r in 1..=3 {
        for c in 1..=3 {
            tries.push_str(&format!("{r} {c}\n"));
        }
    }
    let out = play(
        &db,
        &["--x", "computer:perfect", "--o", "human:Ann"],
        &tries,
    );
    assert!(
        out.contains("Computer (perfect, X) wins. Better luck next time, Ann!"),
        "{out}"
    );
    assert!(out.contains("(it has proven"), "{out}");
    assert_eq!(record(&db, "Ann"), [0, 1, 0, 1]);
}

#[test]
fn against_the_easy_computer_a_seed_repeats_the_game() {
    // The easy computer plays at random; with a seed, always the same way. Ann tries these
    // cells in turn; one the computer took is refused and she tries the next.
    let db = Db::new();
    let moves = "2 2\n1 2\n3 2\n1 1\n3 3\n1 3\n3 1\n2 1\n2 3\nn\n";
    let out = play(
        &db,
        &["--x", "human:Ann", "--o", "computer:easy", "--seed", "5"],
        moves,
    );
    let again = play(
        &Db::new(),
        &["--x", "human:Ann", "--o", "computer:easy", "--seed", "5"],
        moves,
    );
    assert_eq!(out, again, "a seed makes the game repeatable");
    let games = history_json(&db);
    assert_eq!(games.len(), 1);
    let [wins, losses, ties, games_played] = record(&db, "Ann");
    assert_eq!(games_played, 1);
    assert_eq!(wins + losses + ties, 1);
}

#[test]
fn six_by_seven_three_in_a_row() {
    let db = Db::new();
    let input = "7 8\n1 1\n6 7\n0 3\n1 2\n6 6\n1 3\n";
    let out = play(
        &db,
        &[
            "--preset",
            "six-by-seven",
            "--x",
            "human:Ann",
            "--o",
            "human:Bo",
        ],
        input,
    );
    assert!(out.contains("on a 6 x 7 board: get 3 in a row"), "{out}");
    assert!(out.contains("   1  2  3  4  5  6  7\n"), "{out}");
    assert!(
        out.contains(
            "This position is off the bounds of the board! Rows go from 1 to 6 and columns from 1 to 7."
        ),
        "{out}"
    );
    assert_eq!(
        out.matches("off the bounds of the board!").count(),
        2,
        "{out}"
    );
    assert!(out.contains("1 [X][X][X] .  .  .  .\n"), "{out}");
    assert!(out.contains("6  .  .  .  .  .  O  O\n"), "{out}");
    assert!(out.contains("Ann (X) wins!"), "{out}");
    let games = history_json(&db);
    assert_eq!(
        (games[0]["rows"].as_u64(), games[0]["cols"].as_u64()),
        (Some(6), Some(7))
    );
    assert_eq!(games[0]["k"], 3);
}

#[test]
fn bad_moves_each_get_a_message_and_the_question_again() {
    let db = Db::new();
    let mut input = b"1 1\n2 1\n".to_vec();
    for bad in [
        &b"\n"[..],
        b"abc\n",
        b"2\n",
        b"1 2 3\n",
        b"2.5 1\n",
        b"0 0\n",
        b"4 1\n",
        b"-1 -2\n",
        b"99999999999999999999999 1\n",
        b"1 1\n",
        b"\xff\xfe\n",
        b"   \n",
    ] {
        input.extend_from_slice(bad);
    }
    input.extend_from_slice(b"(1, 2)\n2 2\n1,3\n");
    let out = run_with(
        {
            let mut cmd = command(&["play", "--db", db.arg()]);
            cmd.args(FRIENDS);
            cmd
        },
        &input,
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for message in [
        "Type the row and then the column of an empty square (or u to undo, h for a hint).",
        "\"abc\" is not a number",
        "Give the column too",
        "Type just two numbers",
        "\"2.5\" is not a number",
        "Someone has already made a move at this position!",
    ] {
        assert!(text.contains(message), "{message:?} missing:\n{text}");
    }
    assert_eq!(
        text.matches("This position is off the bounds of the board!")
            .count(),
        4,
        "{text}"
    );
    // Each refusal is followed by the same question again.
    assert_eq!(text.matches("Ann (X), your move").count(), 3 + 12, "{text}");
    assert!(text.contains("Ann (X) wins!"), "{text}");
}

#[test]
fn bad_answers_to_the_setup_questions_are_asked_again() {
    let db = Db::new();
    let input = "Ann\ndog\nc\n9\nhard\n3\nann\n2 2\n";
    let out = play(&db, &["--seed", "1"], input);
    assert!(
        out.contains("Please answer h for a human or c for the computer."),
        "{out}"
    );
    assert!(
        out.contains("Please choose 1 (easy), 2 (medium), 3 (hard) or 4 (perfect)."),
        "{out}"
    );
    assert!(
        out.contains("Please answer 1 for Ann or 2 for Computer (hard)."),
        "{out}"
    );
    assert!(
        out.contains("Round 1: Ann (X) vs Computer (hard, O)"),
        "{out}"
    );
    assert!(out.contains("Computer (hard, O) played row"), "{out}");
}

#[test]
fn the_full_setup_with_a_default_name_and_the_computer_first() {
    let db = Db::new();
    let out = play(&db, &[], "\n\n1\n2\n");
    assert!(
        out.contains("Player 1, what is your name? [Player 1] \n"),
        "{out}"
    );
    assert!(out.contains("Hello, Player 1!"), "{out}");
    assert!(
        out.contains("Round 1: Computer (easy, X) vs Player 1 (O)"),
        "{out}"
    );
    assert!(out.contains("Computer (easy, X) played row"), "{out}");
    assert!(out.contains("Player 1 (O), your move"), "{out}");
    // The game was left unfinished: nobody is saved.
    assert!(players(&db).is_empty());
}

#[test]
fn two_friends_cannot_share_a_name() {
    let db = Db::new();
    let out = play(&db, &[], "Ann\nh\nAnn\nBo\n\n");
    assert!(
        out.contains("Ann is already playing; please choose another name."),
        "{out}"
    );
    assert!(out.contains("Round 1: Ann (X) vs Bo (O)"), "{out}");
    let out = ttt(
        &[
            "play",
            "--db",
            db.arg(),
            "--x",
            "human:Ann",
            "--o",
            "human:Ann",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("different names"));
}

#[test]
fn q_quits_at_every_question_with_status_zero() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "q\n"),                               // player 1's name
        (&[], "Ann\nq\n"),                          // human or computer
        (&[], "Ann\nc\nQ\n"),                       // level
        (&[], "Ann\nh\nquit\n"),                    // player 2's name
        (&[], "Ann\nc\n1\nq\n"),                    // who goes first
        (&FRIENDS, "q\n"),                          // a move
        (&FRIENDS, "1 1\n2 2\nq\n"),                // a later move
        (&FRIENDS, "1 1\n2 1\n1 2\n2 2\n1 3\nq\n"), // play again?
        (&["--x", "human:Ann"], "q\n"),             // who plays O
    ];
    for (args, input) in cases {
        let db = Db::new();
        let out = play(&db, args, input);
        assert!(out.trim_end().ends_with("Bye!"), "{input:?}:\n{out}");
    }
    // A game stopped half-way is not saved; a finished one is, even if q follows.
    let db = Db::new();
    let out = play(&db, &FRIENDS, "1 1\n2 2\nq\n");
    assert!(
        out.contains("The game was not finished, so it was not saved."),
        "{out}"
    );
    assert!(history_json(&db).is_empty());
    // Newcomers are saved with their first finished game: none so far.
    assert!(players(&db).is_empty());
    play(&db, &FRIENDS, &format!("{ANN_WINS}y\n1 1\nq\n"));
    assert_eq!(history_json(&db).len(), 1);
    assert_eq!(record(&db, "Ann"), [1, 0, 0, 1]);
}

#[test]
fn end_of_input_ends_cleanly_anywhere() {
    for input in [
        "",
        "Ann",
        "Ann\n",
        "Ann\nc\n",
        "Ann\nc\n2\n",
        "Ann\nc\n2\n1\n2 2\n",
    ] {
        let db = Db::new();
        let out = play(&db, &["--seed", "3"], input);
        assert!(out.trim_end().ends_with("Bye!"), "{input:?}:\n{out}");
    }
    let db = Db::new();
    let out = play(&db, &FRIENDS, ANN_WINS);
    assert!(
        out.contains("Play again, the other player first? [Y/n] \nBye!"),
        "{out}"
    );
}

#[test]
fn play_again_swaps_who_starts_and_the_statistics_add_up_across_runs() {
    let db = Db::new();
    let out = play(&db, &FRIENDS, &format!("{ANN_WINS}y\n{TIE}"));
    // The rematch gives the other player the first move.
    assert!(out.contains("Round 2: Bo (X) vs Ann (O)"), "{out}");
    assert!(
        out.contains("Ann: 1 win, 0 losses and 1 tie in 2 games (50% won)."),
        "{out}"
    );
    assert_eq!(record(&db, "Ann"), [1, 0, 1, 2]);

    // A later run loads Ann's record and adds to it.
    let out = play(&db, &["--x", "human:Bo", "--o", "human:Ann"], ANN_WINS);
    assert!(
        out.contains("Welcome back, Ann: 1 win, 0 losses and 1 tie in 2 games (50% won)."),
        "{out}"
    );
    assert!(out.contains("Bo (X) wins!"), "{out}");
    assert_eq!(record(&db, "Ann"), [1, 1, 1, 3]);
    assert_eq!(record(&db, "Bo"), [1, 1, 1, 3]);

    let games = history_json(&db);
    assert_eq!(games.len(), 3);
    assert_eq!(
        games[0]["x"],
        serde_json::json!({"kind": "human", "name": "Bo"})
    );
    assert_eq!(games[0]["result"], "x_wins");
    assert_eq!(games[1]["result"], "draw");
    assert_eq!(
        games[1]["x"],
        serde_json::json!({"kind": "human", "name": "Bo"})
    );
}

#[test]
fn players_are_listed_best_first() {
    let db = Db::new();
    // Ann wins, then (the rematch: Bo is X) Ann wins as O.
    play(&db, &FRIENDS, &format!("{ANN_WINS}y\n{O_WINS}"));
    play(&db, &["--x", "human:Cy", "--o", "human:Bo"], ANN_WINS);
    let names: Vec<String> = players(&db).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Ann", "Cy", "Bo"]);

    let out = ttt(&["players", "--db", db.arg()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "Rank  Name  Wins  Losses  Ties  Games  Win rate",
        "{text}"
    );
    assert_eq!(
        lines[1], "   1  Ann      2       0     0      2    100.0%",
        "{text}"
    );
    assert_eq!(
        lines[3], "   3  Bo       0       3     0      3      0.0%",
        "{text}"
    );
}

#[test]
fn nothing_to_list_yet_creates_no_database() {
    // At the default place (a new user's data directory), nothing yet is an empty list.
    let home = tempfile::tempdir().unwrap();
    let fresh = |args: &[&str]| {
        let mut cmd = command(args);
        cmd.env("XDG_DATA_HOME", home.path())
            .env("HOME", home.path());
        run_with(cmd, b"")
    };
    let out = fresh(&["players"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("No players yet"));
    let out = fresh(&["players", "--json"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]");
    let out = fresh(&["history"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("No games yet"));
    assert_eq!(std::fs::read_dir(home.path()).unwrap().count(), 0);
}

#[test]
fn a_named_database_that_does_not_exist_is_not_an_empty_one() {
    let db = Db::new();
    for args in [
        &["players", "--db", db.arg()][..],
        &["players", "--json", "--db", db.arg()],
        &["history", "--db", db.arg()],
    ] {
        let out = ttt(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("there is no ttt database at"), "{err}");
        assert!(err.contains(db.arg()), "{err}");
        assert!(out.stdout.is_empty());
    }
    assert!(!db.path.exists());
    // An empty file is no database either, and reading it leaves it empty.
    std::fs::write(&db.path, "").unwrap();
    let out = ttt(&["players", "--db", db.arg()], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::metadata(&db.path).unwrap().len(),
        0,
        "left as it was"
    );
}

#[test]
fn history_lists_games_and_replays_one() {
    let db = Db::new();
    play(&db, &FRIENDS, ANN_WINS);
    play(
        &db,
        &["--x", "human:Cy", "--o", "computer:hard", "--seed", "2"],
        "q\n",
    );
    play(&db, &["--x", "human:Cy", "--o", "human:Bo"], TIE);

    let out = ttt(&["history", "--db", db.arg()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Game  Finished"), "{text}");
    assert!(
        lines[1].starts_with("   2  ") && lines[1].contains("Cy   Bo  tie"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("   1  ") && lines[2].contains("Ann won"),
        "{text}"
    );

    let out = ttt(&["history", "Ann", "--db", db.arg()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Ann won") && !text.contains("tie"), "{text}");
    let out = ttt(&["history", "Nobody", "--db", db.arg()], "");
    assert!(String::from_utf8_lossy(&out.stdout).contains("No games played by Nobody yet."));

    let out = ttt(&["history", "--replay", "1", "--db", db.arg()], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Game 1, finished "), "{text}");
    assert!(
        text.contains(": Ann (X) vs Bo (O) on 3 x 3, 3 in a row wins."),
        "{text}"
    );
    for n in 1..=5 {
        assert!(text.contains(&format!("\nMove {n}: ")), "{text}");
    }
    assert!(
        text.contains(
            "Move 2: Bo (O) plays row 2, column 1.\n   1  2  3\n1  X  .  .\n2 [O] .  .\n"
        ),
        "{text}"
    );
    assert!(text.contains("1 [X][X][X]\n"), "{text}");
    assert!(text.ends_with("\nAnn won.\n"), "{text}");

    let out = ttt(&["history", "--replay", "99", "--db", db.arg()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no game 99"));
}

#[test]
fn computers_play_each_other_and_a_seed_repeats_the_game() {
    let db = Db::new();
    let args = [
        "--x",
        "computer:easy",
        "--o",
        "computer:medium",
        "--seed",
        "11",
    ];
    let out = play(&db, &args, "y\n");
    assert!(!out.contains("your move"), "{out}");
    assert!(
        out.contains("Round 2: Computer (medium, X) vs Computer (easy, O)"),
        "{out}"
    );
    play(&db, &args, "");
    let games = history_json(&db);
    assert_eq!(games.len(), 3);
    // Games 1 and 3 started from the same seed.
    assert_eq!(games[0]["moves"], games[2]["moves"]);
    assert!(players(&db).is_empty(), "computers have no statistics");
}

#[test]
fn ttt_alone_starts_the_game_and_ttt_db_chooses_the_database() {
    let db = Db::new();
    let mut cmd = command(&[]);
    cmd.env("TTT_DB", &db.path);
    let out = run_with(cmd, b"Ann\nh\nBo\n1\n1 1\n2 1\n1 2\n2 2\n1 3\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Welcome to tic-tac-toe on a 3 x 3 board"),
        "{text}"
    );
    assert_eq!(record(&db, "Ann"), [1, 0, 0, 1]);
    // --db wins over TTT_DB.
    let other = Db::new();
    let mut cmd = command(&["play", "--db", other.arg()]);
    cmd.args(FRIENDS).env("TTT_DB", &db.path);
    assert!(run_with(cmd, ANN_WINS.as_bytes()).status.success());
    assert_eq!(record(&other, "Ann"), [1, 0, 0, 1]);
    assert_eq!(record(&db, "Ann"), [1, 0, 0, 1]);
}

#[test]
fn help_lists_the_presets() {
    let out = ttt(&["play", "--help"], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for preset in [
        "classic",
        "four-by-four",
        "five-by-five",
        "six-by-seven",
        "gomoku",
    ] {
        assert!(text.contains(preset), "{preset} missing:\n{text}");
    }
    assert!(text.contains("human:NAME"), "{text}");
    let out = ttt(&["--help"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    for cmd in ["play", "players", "history"] {
        assert!(text.contains(cmd), "{text}");
    }
}

#[test]
fn bad_options_are_one_line_errors() {
    let db = Db::new();
    for args in [
        &["--x", "robot:1"][..],
        &["--x", "human:"],
        &["--o", "computer:genius"],
        &["--rows", "30"],
        &["--k", "4"],
        &["--preset", "gomoku", "--rows", "3"],
        &["--preset", "huge"],
        &["--time-limit", "soon"],
        // One player in two cases.
        &["--x", "human:Alice", "--o", "human:alice"],
    ] {
        let mut all = vec!["play", "--db", db.arg()];
        all.extend_from_slice(args);
        let out = ttt(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(
        !db.path.exists(),
        "no database for a command that was refused"
    );
}

#[test]
fn two_games_at_once_for_the_same_player_lose_no_update() {
    const GAMES: usize = 15;
    let db = Db::new();
    // Create the database first, so both processes find it.
    play(&db, &FRIENDS, "q\n");
    // Ann wins every game: as X, then as O in the rematch, and so on.
    let script: String = (0..GAMES)
        .map(|i| format!("{}y\n", if i % 2 == 0 { ANN_WINS } else { O_WINS }))
        .collect();
    let children: Vec<_> = (0..2)
        .map(|_| {
            let mut cmd = command(&["play", "--db", db.arg()]);
            cmd.args(FRIENDS);
            cmd.spawn().unwrap()
        })
        .collect();
    let writers: Vec<_> = children
        .into_iter()
        .map(|mut child| {
            let mut stdin = child.stdin.take().unwrap();
            let script = script.clone();
            std::thread::spawn(move || {
                stdin.write_all(script.as_bytes()).unwrap();
                drop(stdin);
                child.wait_with_output().unwrap()
            })
        })
        .collect();
    for writer in writers {
        let out = writer.join().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let won = text.matches("Ann (X) wins!").count() + text.matches("Ann (O) wins!").count();
        assert_eq!(won, GAMES);
    }
    let total = 2 * GAMES as u64;
    assert_eq!(record(&db, "Ann"), [total, 0, 0, total]);
    assert_eq!(record(&db, "Bo"), [0, total, 0, total]);
    assert_eq!(history_json(&db).len(), 2 * GAMES);
}

/// A file that is not a database: every command refuses it and leaves it as it was.
#[test]
fn a_corrupt_database_is_reported_and_left_untouched() {
    let db = Db::new();
    let garbage: Vec<u8> = (0..8192u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(&db.path, &garbage).unwrap();
    let dir = db.path.parent().unwrap();
    let files_before = listing(dir);
    for args in [
        vec![
            "play",
            "--db",
            db.arg(),
            "--x",
            "human:Ann",
            "--o",
            "human:Bo",
        ],
        vec!["play", "--db", db.arg()],
        vec!["players", "--db", db.arg()],
        vec!["players", "--json", "--db", db.arg()],
        vec!["history", "--db", db.arg()],
        vec!["history", "--replay", "1", "--db", db.arg()],
    ] {
        let out = ttt(&args, ANN_WINS);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            out.stdout.is_empty(),
            "{args:?}: nothing is played or listed"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("ttt: "), "{err}");
        assert!(err.contains(db.arg()), "the error names the file: {err}");
        assert!(err.contains("is not an SQLite database"), "{err}");
        assert!(err.contains("left untouched"), "{err}");
        assert_eq!(std::fs::read(&db.path).unwrap(), garbage, "{args:?}");
        assert_eq!(
            listing(dir),
            files_before,
            "{args:?}: no other file appears"
        );
    }
}

/// The names of the files in a directory, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_database_that_cannot_be_read_is_reported() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::new();
    play(&db, &FRIENDS, ANN_WINS);
    let before = std::fs::read(&db.path).unwrap();
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&db.path).is_ok() {
        // Running as root: permissions do not stop us, so there is nothing to test.
        std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o644)).unwrap();
        return;
    }
    let out = ttt(&["players", "--db", db.arg()], "");
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(db.arg()), "{err}");
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
}

/// `ttt players` and `ttt history` only read: a database in a directory and file they may
/// not write is listed all the same, and left as it was. (Run as another user where the
/// tests run as root, whom permissions do not stop.)
#[test]
fn listing_needs_no_write_access() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::new();
    play(&db, &FRIENDS, ANN_WINS);
    let dir = db.path.parent().unwrap();
    let before = std::fs::read(&db.path).unwrap();
    let mode = |p: &Path, m| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m));
    mode(&db.path, 0o444).unwrap();
    mode(dir, 0o555).unwrap();
    let as_reader = |args: &[&str]| {
        let mut cmd = if is_root() {
            let mut c = std::process::Command::new("setpriv");
            c.args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                crate::support::TTT,
            ]);
            c
        } else {
            std::process::Command::new(crate::support::TTT)
        };
        cmd.args(args).env_remove("TTT_DB");
        cmd.output().unwrap()
    };
    let players = as_reader(&["players", "--db", db.arg()]);
    let history = as_reader(&["history", "--db", db.arg()]);
    mode(dir, 0o755).unwrap();
    mode(&db.path, 0o644).unwrap();
    for out in [&players, &history] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(String::from_utf8_lossy(&players.stdout).contains("Ann"));
    assert!(String::from_utf8_lossy(&history.stdout).contains("Ann won"));
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// A directory given as the database: one line saying so.
#[test]
fn a_directory_for_a_database_is_one_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    for args in [
        vec!["serve", "--addr", "127.0.0.1:0", "--db", path],
        vec!["play", "--db", path],
    ] {
        let out = ttt(&args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("Is a directory"), "{err}");
    }
}

#[test]
fn ttt_alone_takes_the_play_options() {
    let db = Db::new();
    // No subcommand: `ttt` is `ttt play`, with its options.
    let out = ttt(
        &[
            "--db",
            db.arg(),
            "--rows",
            "1",
            "--cols",
            "3",
            "--x",
            "human:Ann",
            "--o",
            "human:Bo",
        ],
        "1 1\n1 2\n1 3\nn\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("It's a tie!"), "{text}");
    assert_eq!(
        players(&db),
        vec![
            ("Ann".to_string(), [0, 0, 1, 1]),
            ("Bo".to_string(), [0, 0, 1, 1])
        ]
    );
}

#[test]
fn undo_takes_back_a_move_and_hints_are_counted() {
    let db = Db::new();
    // Two people at one screen: Bo's first move is taken back at Ann's turn and he plays
    // elsewhere; Bo asks for a hint (block the top row) and does not follow it; Ann asks for
    // one (win there) and wins.
    let script = "1 1\n2 1\nu\n2 2\n1 2\nh\n3 1\nh\n1 3\nn\n";
    let out = play(&db, &FRIENDS, script);
    for expected in [
        "The last move was taken back: Bo (O) to move.",
        "Hint for Bo (O): row 1, column 3",
        "Hint for Ann (X): row 1, column 3 (win in 1 ply).",
        "Ann (X) wins!",
    ] {
        assert!(out.contains(expected), "{expected:?} missing:\n{out}");
    }
    let games = history_json(&db);
    assert_eq!(games[0]["hints"], serde_json::json!({"x": 1, "o": 1}));
    assert_eq!(games[0]["moves"].as_array().unwrap().len(), 5);

    // Against the computer, undo takes back the computer's reply too.
    let db = Db::new();
    let args = ["--x", "human:Ann", "--o", "computer:easy", "--seed", "5"];
    let out = play(&db, &args, "2 2\nu\nu\nq\n");
    assert!(
        out.contains("Ann (X) took back a move and the computer's reply."),
        "{out}"
    );
    assert!(out.contains("There is no move to take back."), "{out}");
}

/// A game of fewer than three in a row is played to its end but neither recorded nor
/// counted: whoever moves first wins such games at once.
#[test]
fn games_of_fewer_than_three_in_a_row_are_not_saved() {
    let db = Db::new();
    let out = play(
        &db,
        &[
            "--rows",
            "2",
            "--cols",
            "2",
            "--k",
            "2",
            "--x",
            "human:Ann",
            "--o",
            "human:Bo",
        ],
        "1 1\n2 1\n1 2\n",
    );
    assert!(out.contains("Ann (X) wins!"), "{out}");
    assert!(
        out.contains("Not saved: games of fewer than 3 in a row do not count."),
        "{out}"
    );
    assert!(history_json(&db).is_empty());
    assert!(players(&db).is_empty());
}

/// A gomoku game between Ann (X) and Bo (O) at one screen under `rule` (and `opening`, when
/// not none), typed as `moves`.
fn gomoku_at_one_screen(db: &Db, rule: &str, opening: &str, moves: &str) -> String {
    let args = [
        "--preset",
        "gomoku",
        "--rule",
        rule,
        "--opening",
        opening,
        "--x",
        "human:Ann",
        "--o",
        "human:Bo",
    ];
    play(db, &args, moves)
}

#[test]
fn renju_at_the_console_marks_and_refuses_x_forbidden_points() {
    let db = Db::new();
    let moves = "8 6\n1 1\n8 7\n1 3\n6 8\n1 5\n7 8\n1 7\n8 8\nq\n";
    let out = gomoku_at_one_screen(&db, "renju", "none", moves);
    assert!(
        out.starts_with("Welcome to renju on a 15 x 15 board"),
        "{out}"
    );
    assert!(
        out.contains(" 8   .   .   .   .   .   X   X   x   ."),
        "the double-three point is drawn x: {out}"
    );
    assert!(
        out.contains("That is a double-three at row 8, column 8: renju forbids it to X"),
        "{out}"
    );
    // Renju is five in a row only.
    let out = ttt(
        &[
            "play", "--rule", "renju", "--rows", "9", "--cols", "9", "--k", "4",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("renju is played with five in a row"));
}

#[test]
fn standard_gomoku_is_not_won_by_six() {
    let db = Db::new();
    // X fills row 1 from column 1 to 6, the sixth stone in the middle: six is no win.
    let moves = "1 1\n5 1\n1 2\n5 3\n1 4\n5 5\n1 5\n5 7\n1 6\n5 9\n1 3\n5 11\nq\n";
    let out = gomoku_at_one_screen(&db, "standard", "none", moves);
    assert!(
        out.starts_with("Welcome to gomoku on a 15 x 15 board: get exactly 5"),
        "{out}"
    );
    assert!(!out.contains("wins!"), "{out}");
    assert!(out.contains("Ann (X) played row 1, column 3."), "{out}");
    assert!(out.contains("Bo (O) played row 5, column 11."), "{out}");
}

#[test]
fn the_history_keeps_a_game_rule() {
    let db = Db::new();
    let moves = "1 1\n5 1\n1 2\n5 3\n1 3\n5 5\n1 4\n5 7\n1 5\nn\n";
    let out = gomoku_at_one_screen(&db, "standard", "none", moves);
    assert!(out.contains("Ann (X) wins!"), "{out}");
    let out = ttt(&["history", "--db", db.arg()], "");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("15x15, 5 in a row, standard"), "{table}");
    let games = history_json(&db);
    assert_eq!(
        (games[0]["rule"].as_str(), games[0]["opening"].as_str()),
        (Some("standard"), Some("none"))
    );
    let out = ttt(&["history", "--db", db.arg(), "--replay", "1"], "");
    let replay = String::from_utf8_lossy(&out.stdout);
    assert!(
        replay
            .lines()
            .next()
            .unwrap()
            .ends_with("5 in a row wins (standard)."),
        "{replay}"
    );
}

#[test]
fn swap2_at_the_console_settles_colours_and_the_record_keeps_them() {
    let db = Db::new();
    // Ann opens with three stones; Bo places two more; Ann takes O and moves next. Then Bo,
    // now X, makes five along row 1 (standard: exactly five).
    let mut moves =
        String::from("8 8\n8 9\n9 9\n3\n10 10\n7 7\n2\n15 15\n1 1\n15 13\n1 2\n15 11\n1 3\n");
    moves.push_str("15 9\n1 4\n15 7\n1 5\nn\n");
    let out = gomoku_at_one_screen(&db, "standard", "swap2", &moves);
    assert!(
        out.contains("Round 1: Ann opens, Bo chooses (swap2 opening)."),
        "{out}"
    );
    assert!(
        out.contains(
            "Bo, choose: 1 play X, 2 play O, 3 place two more stones (O, X) and let Ann choose?"
        ),
        "{out}"
    );
    assert!(out.contains("Ann, choose: 1 play X, 2 play O?"), "{out}");
    assert!(
        out.contains("Round 1: Bo (X) vs Ann (O), 5 in a row wins."),
        "{out}"
    );
    assert!(out.contains("Bo (X) wins!"), "{out}");
    let games = history_json(&db);
    assert_eq!(games[0]["opening"], "swap2");
    assert_eq!(games[0]["x"]["name"], "Bo");
    assert_eq!(games[0]["o"]["name"], "Ann");
    assert_eq!(games[0]["moves"].as_array().unwrap().len(), 15);
    // An outside program does not play openings.
    let out = ttt(
        &[
            "play",
            "--opening",
            "swap",
            "--x",
            "human:Ann",
            "--o",
            "engine:./bot.py",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("an outside program plays with --opening none"),
        "{err}"
    );
}

#[test]
fn a_database_is_checked_and_backed_up_while_in_use() {
    let db = Db::new();
    play(&db, &FRIENDS, ANN_WINS);
    let out = ttt(&["db", "check", "--db", db.arg()], "");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("2 players, 1 finished game, 0 in progress."),
        "{text}"
    );
    assert!(text.ends_with("All checks passed.\n"), "{text}");
    let copy = db.path.with_extension("copy.db");
    let out = ttt(
        &["db", "backup", copy.to_str().unwrap(), "--db", db.arg()],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = |path: &str| ttt(&["players", "--json", "--db", path], "").stdout;
    assert_eq!(listed(copy.to_str().unwrap()), listed(db.arg()));
    // Never over another file; never a database that is not there.
    let out = ttt(
        &["db", "backup", copy.to_str().unwrap(), "--db", db.arg()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    let missing = db.path.with_extension("missing.db");
    let out = ttt(&["db", "check", "--db", missing.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(!missing.exists());
}

#[test]
fn the_computer_opens_and_chooses_in_swap2() {
    let db = Db::new();
    // The computer opens; Bo places two more; the computer chooses its colour.
    let args = [
        "--preset",
        "gomoku",
        "--rule",
        "standard",
        "--opening",
        "swap2",
        "--x",
        "computer:hard",
        "--o",
        "human:Bo",
        "--time-limit",
        "0.2",
    ];
    let out = play(&db, &args, "3\n1 1\n15 15\nq\n");
    assert!(out.contains("Computer (hard) placed X at row "), "{out}");
    assert_eq!(
        out.matches("; O at row ").count(),
        1,
        "three stones, X, O, X: {out}"
    );
    assert!(out.contains("Computer (hard) chose to play "), "{out}");
    // Ann opens under swap; the computer chooses.
    let args = [
        "--preset",
        "gomoku",
        "--opening",
        "swap",
        "--x",
        "human:Ann",
        "--o",
        "computer:hard",
        "--time-limit",
        "0.2",
    ];
    let out = play(&db, &args, "8 8\n8 9\n9 9\nq\n");
    assert!(out.contains("Computer (hard) chose to play "), "{out}");
}

#[test]
fn one_side_given_means_a_square_board_as_in_the_other_commands() {
    let db = Db::new();
    for (side, board) in [("--rows", "5 x 5"), ("--cols", "4 x 4")] {
        let size = &board[..1];
        let out = ttt(
            &[
                "play",
                "--db",
                db.arg(),
                side,
                size,
                "--x",
                "human:Ann",
                "--o",
                "human:Bo",
            ],
            "q\n",
        );
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains(&format!("on a {board} board")), "{said}");
    }
}
