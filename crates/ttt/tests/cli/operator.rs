//! The operator's changes through the real binary: `ttt players rename|merge|delete` and
//! `ttt accounts disable|enable|reset-password`, confirmed by `--yes` (and refused without
//! it when there is no terminal), each listed by `ttt db audit`; a disabled account refused
//! by a real `ttt serve`.

use serde_json::{json, Value};

use crate::http::{get, post, request_with};
use crate::servers::Server;
use crate::support::{history_json, play, players, record, ttt, Db};

const ANN_WINS: &str = "1 1\n2 1\n1 2\n2 2\n1 3\n";
const PASSWORD: &str = "tic tac toe at dawn";

/// `ttt ARGS --db DB`: its exit code, standard output and standard error.
fn run(db: &Db, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--db", db.arg()]);
    let out = ttt(&all, "");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Ann beats Bo twice, the second game rated (by way of an export restored, which replays
/// the rated games so that the ratings are as they would be).
fn club() -> Db {
    let played = Db::new();
    play(&played, &["--x", "human:Ann", "--o", "human:Bo"], ANN_WINS);
    play(&played, &["--x", "human:Ann", "--o", "human:Bo"], ANN_WINS);
    let out = ttt(&["db", "export", "--jsonl", "--db", played.arg()], "");
    let mut lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.iter_mut().rfind(|l| l["kind"] == "game").unwrap();
    last["rated"] = json!(true);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let file = played.path.with_extension("jsonl");
    std::fs::write(&file, text).unwrap();
    let db = Db::new();
    let (code, _, err) = run(&db, &["db", "restore", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    db
}

/// A player's ratings as a real server shows them.
fn ratings(db: &Db, name: &str) -> Value {
    let server = Server::start_with(db.arg(), &[]);
    get(&server.base, &format!("/api/players/{name}")).json["ratings"].clone()
}

#[test]
fn a_rename_keeps_the_games_the_statistics_and_the_rating() {
    let db = club();
    let before = ratings(&db, "Ann");
    assert!(
        before["classic"]["rating"].as_f64().unwrap() > 1500.0,
        "{before}"
    );

    let (code, _, err) = run(&db, &["players", "rename", "ann", "Anna", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("Renamed Ann to Anna"), "{err}");
    assert_eq!(record(&db, "Anna"), [2, 0, 0, 2]);
    assert!(players(&db).iter().all(|(name, _)| name != "Ann"));
    let games = history_json(&db);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g["x"]["name"] == "Anna"), "{games:?}");
    assert_eq!(ratings(&db, "Anna"), before);

    // A name that is taken, or looks like another player's, is refused; nothing changes.
    for taken in ["bo", "B\u{43E}"] {
        let (code, _, err) = run(&db, &["players", "rename", "Anna", taken, "--yes"]);
        assert_eq!(code, Some(2), "{taken}: {err}");
        assert!(err.contains("cannot be given"), "{err}");
    }
    assert_eq!(record(&db, "Anna"), [2, 0, 0, 2]);

    let (code, out, err) = run(&db, &["db", "audit", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let audit: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(audit.as_array().unwrap().len(), 1, "{audit}");
    assert_eq!(audit[0]["command"], "players rename");
    assert_eq!(audit[0]["names"], "Ann -> Anna");
    let (_, table, _) = run(&db, &["db", "audit"]);
    assert!(table.contains("players rename"), "{table}");
}

#[test]
fn without_yes_and_without_a_terminal_nothing_changes() {
    let db = club();
    for args in [
        &["players", "rename", "Ann", "Anna"][..],
        &["players", "merge", "Bo", "Ann"],
        &["players", "delete", "Bo"],
    ] {
        let (code, out, err) = run(&db, args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("pass --yes"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    // A name that is not there is said before anyone is asked, with the database.
    for (args, says) in [
        (
            &["players", "rename", "Nobody", "X"][..],
            "there is no player called Nobody in",
        ),
        (
            &["players", "merge", "Bo", "Nobody"],
            "there is no player called Nobody in",
        ),
        (&["accounts", "disable", "Bo"], "Bo has no account in"),
        (
            &["accounts", "reset-password", "Ann"],
            "Ann has no account in",
        ),
    ] {
        let (code, _, err) = run(&db, args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says) && err.contains(db.arg()), "{err}");
        assert!(!err.contains("pass --yes"), "{err}");
    }
    assert_eq!(record(&db, "Ann"), [2, 0, 0, 2]);
    assert_eq!(record(&db, "Bo"), [0, 2, 0, 2]);
    let (_, out, _) = run(&db, &["db", "audit"]);
    assert!(out.contains("No changes"), "{out}");
}

#[test]
fn a_merge_adds_up_and_a_deletion_keeps_the_games_for_the_others() {
    let db = club();
    play(&db, &["--x", "human:Bob", "--o", "human:Ann"], ANN_WINS);
    let (code, _, err) = run(&db, &["players", "merge", "Bob", "bo", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("Merged Bob into Bo"), "{err}");
    assert_eq!(record(&db, "Bo"), [1, 2, 0, 3]);

    let (code, _, err) = run(&db, &["players", "delete", "Bo", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(players(&db).iter().all(|(name, _)| name != "Bo"));
    assert_eq!(
        record(&db, "Ann"),
        [2, 1, 0, 3],
        "the others keep their counts"
    );
    let games = history_json(&db);
    assert_eq!(games.len(), 3);
    assert!(
        games
            .iter()
            .all(|g| g["o"]["name"] == "(removed player)" || g["x"]["name"] == "(removed player)"),
        "{games:?}"
    );
    let (code, _, err) = run(&db, &["players", "delete", "Zed", "--yes"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("there is no player called Zed"), "{err}");
    let (_, out, _) = run(&db, &["db", "audit", "--json"]);
    let audit: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(audit[0]["command"], "players delete");
    assert_eq!(audit[1]["command"], "players merge");
}

#[test]
fn a_disabled_account_cannot_sign_in_to_a_real_server() {
    let db = Db::new();
    let server = Server::start_with(db.arg(), &[]);
    let up = post(
        &server.base,
        "/api/accounts",
        None,
        &json!({"name": "Alice", "password": PASSWORD}),
    );
    assert_eq!(up.status, 201, "{}", up.text);
    let cookie = up
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let me = || {
        request_with(
            &server.base,
            &format!("GET /api/me HTTP/1.1\r\nCookie: {cookie}\r\n"),
        )
    };
    assert_eq!(me().status, 200);

    let (code, _, err) = run(&db, &["accounts", "disable", "alice", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("1 sessions ended"), "{err}");
    assert_eq!(me().status, 401, "its session ended");
    let sign_in = || {
        post(
            &server.base,
            "/api/session",
            None,
            &json!({"name": "Alice", "password": PASSWORD}),
        )
    };
    let refused = sign_in();
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(
        refused.json["error"],
        "this account is disabled: ask the server's operator"
    );

    let (code, _, err) = run(&db, &["accounts", "enable", "Alice", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(sign_in().status, 200);

    // A new password, shown once; the old one no longer works.
    let (code, out, err) = run(&db, &["accounts", "reset-password", "Alice", "--yes"]);
    assert_eq!(code, Some(0), "{err}");
    let new = out.trim();
    assert_eq!(new.len(), 32, "{out:?}");
    assert_eq!(sign_in().status, 401);
    let again = post(
        &server.base,
        "/api/session",
        None,
        &json!({"name": "Alice", "password": new}),
    );
    assert_eq!(again.status, 200, "{}", again.text);

    let (_, out, _) = run(&db, &["db", "audit", "--json"]);
    let audit: Value = serde_json::from_str(&out).unwrap();
    let commands: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands,
        [
            "accounts reset-password",
            "accounts enable",
            "accounts disable"
        ]
    );
    assert!(!out.contains(new), "the password is not in the audit");
}

#[test]
fn an_export_names_the_accounts_without_their_secrets_and_a_restore_leaves_them_out() {
    let db = club();
    {
        let server = Server::start_with(db.arg(), &[]);
        let up = post(
            &server.base,
            "/api/accounts",
            None,
            &json!({"name": "Cy", "password": PASSWORD}),
        );
        assert_eq!(up.status, 201, "{}", up.text);
    }
    let out = ttt(&["db", "export", "--jsonl", "--db", db.arg()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0], json!({"kind": "ttt_export", "version": 3}));
    let accounts: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "account").collect();
    assert_eq!(accounts.len(), 1, "{text}");
    assert_eq!(accounts[0]["name"], "Cy");
    assert_eq!(accounts[0]["disabled"], false);
    assert!(accounts[0]["created_at"].as_i64().unwrap() > 0);
    assert!(
        !text.contains("argon2") && !text.contains(PASSWORD),
        "{text}"
    );

    let file = db.path.with_extension("jsonl");
    std::fs::write(&file, &text).unwrap();
    let copy = Db::new();
    let (code, said, err) = run(&copy, &["db", "restore", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(said.contains("Restored 3 players"), "{said}");
    assert!(
        err.contains("1 accounts were left out") && err.contains("ttt accounts claim"),
        "{err}"
    );
    // Cy has no games: the name is anyone's to sign up under again; Ann's can be claimed.
    let (code, _, err) = run(&copy, &["accounts", "claim", "Ann"]);
    assert_eq!(code, Some(0), "{err}");
}
