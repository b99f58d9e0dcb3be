//! What every test of the command line shares: the real binary started with a clean
//! environment, input piped in, a fresh database, and the checks every run gets (no panic,
//! errors on one line).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The binary under test.
pub const TTT: &str = env!("CARGO_BIN_EXE_ttt");

/// A temporary directory holding one test's database.
pub struct Db {
    _dir: tempfile::TempDir,
    pub path: PathBuf,
}

impl Db {
    pub fn new() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ttt.db");
        Db { _dir: dir, path }
    }

    pub fn arg(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

/// `ttt` with these arguments, no inherited database or colour settings, and pipes for its
/// input and output.
pub fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(TTT);
    cmd.args(args)
        .env_remove("TTT_DB")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// Runs `cmd` with `stdin` piped in, and checks that it did not panic.
pub fn run_with(mut cmd: Command, stdin: &[u8]) -> Output {
    let mut child = cmd.spawn().expect("ttt starts");
    let mut input = child.stdin.take().unwrap();
    // The program may stop reading early (q); that is not the test's failure.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    out
}

/// `ttt ARGS` with `stdin` piped in.
pub fn ttt(args: &[&str], stdin: &str) -> Output {
    run_with(command(args), stdin.as_bytes())
}

/// The one JSON object a successful `ttt ARGS` prints.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = ttt(args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The one line of error a refused `ttt ARGS` prints, checking its exit status (2) and that
/// nothing went to standard output.
pub fn stderr_of(args: &[&str]) -> String {
    let out = ttt(args, "");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    err
}

/// Plays with `--db`, expects success, and returns what was printed.
pub fn play(db: &Db, args: &[&str], stdin: &str) -> String {
    let mut all = vec!["play", "--db", db.arg()];
    all.extend_from_slice(args);
    let out = ttt(&all, stdin);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "status {:?}\n{text}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// `ttt players --json`: each player's (wins, losses, ties, games) by name.
pub fn players(db: &Db) -> Vec<(String, [u64; 4])> {
    let out = ttt(&["players", "--json", "--db", db.arg()], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |key: &str| p[key].as_u64().unwrap();
            (
                p["name"].as_str().unwrap().to_string(),
                [n("wins"), n("losses"), n("ties"), n("games")],
            )
        })
        .collect()
}

/// A player's `[wins, losses, ties, games]` from `ttt players --json`.
pub fn record(db: &Db, name: &str) -> [u64; 4] {
    players(db)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no player {name}"))
        .1
}

/// `ttt history --json`: every game, newest first.
pub fn history_json(db: &Db) -> Vec<Value> {
    let out = ttt(
        &["history", "--json", "--limit", "1000", "--db", db.arg()],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice::<Value>(&out.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}
