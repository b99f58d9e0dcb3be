//! Game files with the real binary: a Gomocup record (.psq) and a renju program's SGF
//! imported into the history, a game exported in both formats and read back, a position of a
//! file analysed, and malformed files refused with the line and nothing recorded.

use crate::support::{history_json, ttt, Db};

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// As Piskvork writes one: 1-based moves with times, then the programs' names and -1.
const PSQ: &str = "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,9,120\r\n9,8,0\r\n9,9,0\r\n\
                   10,8,0\r\n10,9,0\r\n11,8,0\r\n11,9,0\r\n12,8,0\r\n\
                   C:\\gomocup\\pbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n";

/// As a renju program writes one: the rule, the players, a comment, and a fork whose first
/// variation is the main line.
const SGF: &str = "(;GM[4]FF[4]SZ[15]RU[renju]PB[Black]PW[White]C[a short game]\n\
                   ;B[hh];W[hg];B[ih];W[ig];B[jh];W[jg];B[kh](;W[kg];B[lh])(;W[mg];B[lh]))";

#[test]
fn files_of_other_programs_are_imported_and_exported_and_analysed() {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    let psq = write(&dir, "0_1.psq", PSQ);
    let sgf = write(&dir, "renju.sgf", SGF);
    let ok = |args: &[&str]| {
        let out = ttt(args, "");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let said = ok(&[
        "import",
        &psq,
        "--x",
        "Ann",
        "--o",
        "Bo",
        "--rule",
        "standard",
        "--db",
        db.arg(),
    ]);
    assert!(
        said.contains("Imported as game 1: Ann (X) against Bo (O), Ann won after 9 moves"),
        "{said}"
    );
    ok(&["import", &sgf, "--db", db.arg()]);
    // The same file again is not counted twice, unless asked.
    let twice = Db::new();
    ok(&["import", &sgf, "--db", twice.arg()]);
    let again = ttt(&["import", &sgf, "--db", twice.arg()], "");
    assert_eq!(again.status.code(), Some(2));
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        said.contains("holds this game already, as game 1"),
        "{said}"
    );
    assert_eq!(history_json(&twice).len(), 1);
    ok(&["import", &sgf, "--again", "--db", twice.arg()]);
    assert_eq!(history_json(&twice).len(), 2);
    let games = history_json(&db);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["rule"], "renju");
    assert_eq!(games[0]["x"]["name"], "Black");
    assert_eq!(games[1]["rule"], "standard");

    // Exported and read back: the same moves, either way.
    for format in ["psq", "sgf"] {
        let text = ok(&[
            "history",
            "--export",
            "1",
            "--format",
            format,
            "--db",
            db.arg(),
        ]);
        if format == "sgf" {
            assert!(
                text.contains("RE[B+]"),
                "black's win, as SGF says it: {text}"
            );
        }
        let again = write(&dir, &format!("again.{format}"), &text);
        let fresh = Db::new();
        ok(&["import", &again, "--rule", "standard", "--db", fresh.arg()]);
        let back = history_json(&fresh);
        assert_eq!(back[0]["moves"], games[1]["moves"], "{format}: {text}");
        assert_eq!(back[0]["x"]["name"], "Ann", "{format}");
    }

    // A position of a file, analysed: after 8 moves X has an open four to finish.
    let report = ok(&[
        "analyze",
        "--file",
        &psq,
        "--rule",
        "standard",
        "--ply",
        "8",
        "--time-limit",
        "1",
    ]);
    assert!(report.contains("win in 1 ply for X"), "{report}");
    let json = ok(&[
        "analyze",
        "--file",
        &sgf,
        "--ply",
        "0",
        "--time-limit",
        "0",
        "--json",
    ]);
    assert!(json.contains("\"rule\":\"renju\""), "{json}");
}

#[test]
fn malformed_files_are_refused_with_their_line_and_nothing_recorded() {
    let db = Db::new();
    let dir = tempfile::tempdir().unwrap();
    for (name, text, says) in [
        (
            "taken.psq",
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n",
            "move 2: cell (8, 8) is already taken",
        ),
        (
            "off.psq",
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,2,0\n",
            "line 3: the move 16,2 is off the 15x15 board",
        ),
        (
            "turn.sgf",
            "(;GM[4]SZ[15]\n;B[hh]\n;B[ii])",
            "line 3: B[ii]: it is white's turn",
        ),
        ("go.sgf", "(;GM[1]SZ[19];B[dd])", "is not gomoku or renju"),
        ("open.sgf", "(;GM[4]SZ[15];B[hh]", "never closed"),
        ("short.sgf", "(;GM[4]SZ[15];B[hh];W[hi])", "not finished"),
    ] {
        let path = write(&dir, name, text);
        let out = ttt(
            &["import", &path, "--x", "A", "--o", "B", "--db", db.arg()],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{name}: {err}");
    }
    assert!(
        !db.path.exists() || history_json(&db).is_empty(),
        "nothing recorded"
    );
}
