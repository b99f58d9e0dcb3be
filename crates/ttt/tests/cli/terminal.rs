//! `ttt play` in a pseudo-terminal, as a person sees it: questions answered one at a time,
//! the screen cleared between turns, colour unless `NO_COLOR` is set, Ctrl-D to leave.
//!
//! Every step waits for the text it expects (with a generous timeout), never for a time.

use std::process::Command;

use rexpect::process::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

/// Generous: a loaded machine builds and runs other tests at the same time.
const TIMEOUT_MS: u64 = 60_000;

fn spawn(db: &std::path::Path, args: &[&str], no_colour: bool) -> PtySession {
    let mut cmd = Command::new(crate::support::TTT);
    cmd.arg("play")
        .arg("--db")
        .arg(db)
        .args(args)
        .env("TERM", "xterm")
        .env_remove("TTT_DB");
    if no_colour {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    spawn_command(cmd, Some(TIMEOUT_MS)).expect("ttt starts in a pseudo-terminal")
}

/// Waits for `needle`, answers `line`, and returns what was shown up to the needle.
fn answer(p: &mut PtySession, needle: &str, line: &str) -> String {
    let seen = p
        .exp_string(needle)
        .unwrap_or_else(|e| panic!("waiting for {needle:?}: {e}"));
    p.send_line(line).unwrap();
    seen
}

fn exit_code(p: &PtySession) -> i32 {
    match p.process().wait().unwrap() {
        WaitStatus::Exited(_, code) => code,
        other => panic!("ttt did not exit normally: {other:?}"),
    }
}

#[test]
fn interactive_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");

    // Two friends, every setup question answered by hand, in colour.
    let mut p = spawn(&db, &[], false);
    let mut screen = String::new();
    screen += &answer(&mut p, "Player 1, what is your name? [Player 1]", "Ann");
    screen += &answer(&mut p, "Is player 2 a human or the computer? [h/C]", "h");
    screen += &answer(&mut p, "Name of player 2? [Player 2]", "Bo");
    screen += &answer(
        &mut p,
        "Who goes first and plays X: 1 Ann, or 2 Bo? [1]",
        "1",
    );
    screen += &answer(&mut p, "Ann (X), your move", "1 1");
    screen += &answer(&mut p, "Bo (O), your move", "2 1");
    screen += &answer(&mut p, "Ann (X), your move", "1 1");
    screen += &answer(
        &mut p,
        "Someone has already made a move at this position!",
        "1 2",
    );
    screen += &answer(&mut p, "Bo (O), your move", "2 2");
    screen += &answer(&mut p, "Ann (X), your move", "1,3");
    screen += &p.exp_string("Ann (X) wins!").unwrap();
    screen += &answer(&mut p, "Play again, the other player first? [Y/n]", "n");
    screen += &p.exp_string("Thanks for playing!").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(exit_code(&p), 0);

    assert!(
        screen.contains("Hello, Ann! You are new here"),
        "{screen:?}"
    );
    assert!(
        screen.contains("\x1b[2J\x1b[H"),
        "the screen is cleared: {screen:?}"
    );
    assert!(
        screen.contains("\x1b[1;30;42m X \x1b[0m"),
        "the winning line is coloured: {screen:?}"
    );
    assert!(
        screen.contains("\x1b[7;1;33m O \x1b[0m"),
        "the last move is shown in reverse: {screen:?}"
    );
    assert!(
        !screen.contains("[X]"),
        "no brackets with colour: {screen:?}"
    );

    // Against the perfect computer without colour, leaving with Ctrl-D mid-game.
    let mut p = spawn(&db, &["--x", "human:Ann", "--o", "computer:perfect"], true);
    let mut screen = String::new();
    screen += &answer(&mut p, "Ann (X), your move", "2 2");
    screen += &p.exp_string("Computer (perfect, O) played row").unwrap();
    screen += &p.exp_string("Ann (X), your move").unwrap();
    p.send_control('d').unwrap();
    screen += &p.exp_string("Bye!").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(exit_code(&p), 0);

    assert!(screen.contains("Welcome back, Ann: 1 win"), "{screen:?}");
    assert!(screen.contains("\x1b[2J\x1b[H"), "{screen:?}");
    assert!(
        screen.contains("[O]"),
        "the last move is bracketed: {screen:?}"
    );
    assert!(
        !screen.contains("\x1b[1"),
        "no colour with NO_COLOR: {screen:?}"
    );
    assert!(
        screen.contains("not finished, so it was not saved"),
        "{screen:?}"
    );
}

/// At a terminal, a clock ends the game while the person is still at the prompt, and the
/// next question is answered as usual.
#[test]
fn a_clock_runs_out_at_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let args = [
        "--x",
        "human:Ann",
        "--o",
        "computer:easy",
        "--clock",
        "2s+0",
    ];
    let mut p = spawn(&db, &args, true);
    let mut screen = p.exp_string("Ann (X), your move").unwrap();
    screen += &p.exp_string("X ran out of time: O wins.").unwrap();
    screen += &answer(&mut p, "Play again, the other player first? [Y/n]", "n");
    screen += &p.exp_string("Thanks for playing!").unwrap();
    p.exp_eof().unwrap();
    assert_eq!(exit_code(&p), 0);
    // (The pseudo-terminal's text is read byte by byte: the dot between the clocks is
    // not compared.)
    assert!(screen.contains("Clock: X 0:02.0* "), "{screen:?}");
    assert!(screen.contains("Clock: X 0:00.0 "), "{screen:?}");
    assert!(screen.contains("Saved as game 1"), "{screen:?}");
}

/// An operator's change asks at a terminal: "n" (or anything but "y") changes nothing.
#[test]
fn an_operators_change_asks_first() {
    let db = crate::support::Db::new();
    crate::support::play(
        &db,
        &["--x", "human:Alice", "--o", "human:Bo"],
        "1 1\n2 1\n1 2\n2 2\n1 3\n",
    );
    let rename = || {
        let mut cmd = Command::new(crate::support::TTT);
        cmd.args(["players", "rename", "Alice", "Alicia", "--db"])
            .arg(&db.path)
            .env_remove("TTT_DB");
        spawn_command(cmd, Some(TIMEOUT_MS)).expect("ttt starts in a pseudo-terminal")
    };
    let mut p = rename();
    answer(&mut p, "Rename Alice to Alicia? [y/N]", "n");
    p.exp_string("nothing was changed").unwrap();
    assert_eq!(exit_code(&p), 2);
    let mut p = rename();
    answer(&mut p, "Rename Alice to Alicia? [y/N]", "y");
    p.exp_string("Renamed Alice to Alicia").unwrap();
    assert_eq!(exit_code(&p), 0);
}
