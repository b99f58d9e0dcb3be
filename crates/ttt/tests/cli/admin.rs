//! Looking after a club's database from the command line: exporting it as JSON lines and
//! restoring that into an empty database, on SQLite and PostgreSQL.

use crate::support::{play, ttt, Db};

const ANN_WINS: &str = "1 1\n2 1\n1 2\n2 2\n1 3\n";
const BO_WINS_AS_O: &str = "1 1\n2 1\n1 2\n2 2\n3 3\n2 3\n";

/// A database with a few games: people, a computer, and names that need escaping.
fn club() -> Db {
    let db = Db::new();
    play(&db, &["--x", "human:Ann", "--o", "human:Bo"], ANN_WINS);
    play(&db, &["--x", "human:Ann", "--o", "human:Bo"], BO_WINS_AS_O);
    play(
        &db,
        &["--x", "human:Zoë \"Z\"", "--o", "human:Ann"],
        ANN_WINS,
    );
    db
}

/// `ttt db export --jsonl --db DB`: its standard output.
fn export(db: &str) -> String {
    let out = ttt(&["db", "export", "--jsonl", "--db", db], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `ttt db restore FILE --db DB`: its exit code and all it said.
fn restore(file: &std::path::Path, db: &str) -> (Option<i32>, String) {
    let out = ttt(&["db", "restore", file.to_str().unwrap(), "--db", db], "");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), said)
}

fn listed(what: &str, db: &str) -> Vec<u8> {
    ttt(&[what, "--json", "--db", db], "").stdout
}

#[test]
fn an_export_restores_into_an_empty_database_as_it_was() {
    let db = club();
    let text = export(db.arg());
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["kind"], "ttt_export");
    assert_eq!(lines.iter().filter(|l| l["kind"] == "player").count(), 3);
    assert_eq!(lines.iter().filter(|l| l["kind"] == "game").count(), 3);
    let file = db.path.with_extension("jsonl");
    std::fs::write(&file, &text).unwrap();

    let copy = Db::new();
    let (code, said) = restore(&file, copy.arg());
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("Restored 3 players and 3 games"), "{said}");
    assert_eq!(export(copy.arg()), text);
    assert_eq!(listed("players", copy.arg()), listed("players", db.arg()));
    assert_eq!(listed("history", copy.arg()), listed("history", db.arg()));

    // Never into a database that holds anything: it stays as it was.
    let (code, said) = restore(&file, db.arg());
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("already holds"), "{said}");
    assert_eq!(export(db.arg()), text);
}

/// A game that ended off the board: O resigned after three moves of a 5+3 game.
const RESIGNED: &str = r#"{"kind":"game","id":4,"rows":3,"cols":3,"k":3,"x":{"human":"Ann"},"o":{"human":"Bo"},"moves":[[1,1],[0,0],[0,2]],"result":"x_wins","finished_at":"2024-05-01T18:30:00Z","hints":[0,0],"forfeit":null,"rule":"freestyle","opening":"none","rated":false,"ending":"resign","time_control":"5+3"}"#;

#[test]
fn games_ended_by_resigning_a_clock_or_a_draw_restore_too() {
    let db = club();
    let text = format!("{}{RESIGNED}\n", export(db.arg()));
    let file = db.path.with_extension("jsonl");
    std::fs::write(&file, &text).unwrap();
    let copy = Db::new();
    let (code, said) = restore(&file, copy.arg());
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("Restored 3 players and 4 games"), "{said}");
    assert_eq!(
        export(copy.arg()),
        text,
        "the ending and the clock come back"
    );
    // An ending that does not fit the result is refused with its line, and nothing is kept.
    let wrong = text.replace("\"ending\":\"resign\"", "\"ending\":\"draw_agreed\"");
    std::fs::write(&file, &wrong).unwrap();
    let empty = Db::new();
    let (code, said) = restore(&file, empty.arg());
    assert_eq!(code, Some(2), "{said}");
    let line = text.lines().count();
    assert!(
        said.contains(&format!("line {line}: game 4 cannot be restored: ")),
        "{said}"
    );
}

#[test]
fn an_export_crosses_from_sqlite_to_postgres_and_back() {
    let Some(cluster) = ttt_testdb::cluster() else {
        return;
    };
    let db = club();
    let text = export(db.arg());
    let file = db.path.with_extension("jsonl");
    std::fs::write(&file, &text).unwrap();
    let url = cluster.database();
    let (code, said) = restore(&file, &url);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(export(&url), text);
    assert_eq!(listed("players", &url), listed("players", db.arg()));
    // The next game takes the next id.
    let out = ttt(
        &["play", "--db", &url, "--x", "human:Ann", "--o", "human:Bo"],
        ANN_WINS,
    );
    assert!(out.status.success());
    let again = export(&url);
    assert!(again.contains(r#""kind":"game","id":4,"#), "{again}");
    let (code, said) = restore(&file, &url);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("already holds"), "{said}");
}

#[test]
fn a_file_that_is_not_an_export_is_refused_with_its_line() {
    let db = club();
    let text = export(db.arg());
    let file = db.path.with_extension("jsonl");
    let cases = [
        ("{\"name\":\"Ann\"}\n".to_string(), "line 1: "),
        ("".to_string(), "is empty"),
        (
            text.replace("\"result\":\"x_wins\"", "\"result\":\"x_won\""),
            "the result \"x_won\"",
        ),
        (
            // A game whose player has no line.
            text.lines()
                .filter(|l| !l.contains("\"name\":\"Bo\""))
                .collect::<Vec<_>>()
                .join("\n"),
            "names the player \"Bo\"",
        ),
        (
            text.replace("\"version\":3", "\"version\":99"),
            "from a newer ttt",
        ),
        (
            // An account whose player has no line.
            text.replacen(
                "\n",
                "\n{\"kind\":\"account\",\"name\":\"Nobody\",\"created_at\":1,\"disabled\":false}\n",
                1,
            ),
            "the account \"Nobody\" has no player line",
        ),
    ];
    for (content, wanted) in cases {
        std::fs::write(&file, &content).unwrap();
        let copy = Db::new();
        let (code, said) = restore(&file, copy.arg());
        assert_eq!(code, Some(2), "{said}");
        assert!(said.contains(wanted), "{wanted}: {said}");
        assert_eq!(said.trim_end().lines().count(), 1, "{said}");
    }
    // A game that cannot have been played.
    std::fs::write(
        &file,
        text.replace("\"moves\":[[0,0],", "\"moves\":[[0,0],[0,0],"),
    )
    .unwrap();
    let copy = Db::new();
    let (code, said) = restore(&file, copy.arg());
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("cannot be restored: move 2"), "{said}");
    // Found while reading the file, before any database was made.
    assert!(!copy.path.exists(), "nothing was written");
    let missing = db.path.with_extension("missing.db");
    let out = ttt(
        &["db", "export", "--jsonl", "--db", missing.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!missing.exists());
}
