//! The extensions of the protocol, through the engine's whole session: the Gomocup's swap2
//! opening (`SWAP2BOARD`), and Yixin-Board's commands (a position set up without thinking,
//! the best few moves, black's forbidden points, a search stopped, the settings shown and the
//! commands we do not support).

use std::io::Cursor;
use std::time::{Duration, Instant};

use ttt_core::{Cell, Player, Position, Rule, Setup};
use ttt_pbrain::engine::{run, Settings};
use ttt_pbrain::protocol::Reply;

/// Every line the engine wrote, `MESSAGE` lines left out.
fn session(input: &str) -> Vec<String> {
    transcript(input)
        .into_iter()
        .filter(|l| !l.starts_with("DEBUG") && !l.starts_with("MESSAGE"))
        .collect()
}

/// A `BOARD` block: our stones, then theirs, as (row, col).
fn board(own: &[(u8, u8)], theirs: &[(u8, u8)]) -> String {
    let mut lines = String::from("BOARD\n");
    for (stones, who) in [(own, 1), (theirs, 2)] {
        for &(r, c) in stones {
            lines.push_str(&format!("{c},{r},{who}\n"));
        }
    }
    lines + "DONE\n"
}

/// Every line the engine wrote, `MESSAGE` lines too.
fn transcript(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    run(
        Cursor::new(input.to_string()),
        &mut out,
        Settings::default(),
    )
    .unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn yxboard_sets_up_without_answering_and_yxnbest_lists_candidates() {
    // Ours: four on row 3 from x = 4, closed at x = 3: x = 8 wins at once.
    let block = board(
        &[(3, 4), (3, 5), (3, 6), (3, 7)],
        &[(3, 3), (0, 0), (9, 9), (12, 1)],
    )
    .replacen("BOARD", "YXBOARD", 1);
    let out = transcript(&format!(
        "START 15\nINFO timeout_turn 600\n{block}YXNBEST 3\nYXNBEST 1\nEND\n"
    ));
    assert_eq!(out[0], "OK");
    assert_eq!(
        out[1], "MESSAGE (1) 8,3 win in 1 ply (proven) pv 8,3",
        "{out:?}"
    );
    for (i, line) in out[2..4].iter().enumerate() {
        assert!(
            line.starts_with(&format!("MESSAGE ({}) ", i + 2)),
            "{out:?}"
        );
        assert!(line.contains(" pv "), "{out:?}");
    }
    assert_eq!(out[4], "8,3");
    // The position stays as it was set up: the same answer again.
    assert_eq!(
        out[5..],
        ["MESSAGE (1) 8,3 win in 1 ply (proven) pv 8,3", "8,3"]
    );
    let bad = transcript("START 15\nYXNBEST 0\nYXNBEST\nEND\n");
    assert!(bad[1].starts_with("ERROR YXNBEST needs") && bad[2].starts_with("ERROR"));
}

#[test]
fn yxnbest_counts_wins_by_the_rule() {
    // Ours on row 7: x = 2, 3, 4, 6, 7. At x = 5 they make six: a win in free-style, none
    // under standard (exactly five), where x = 5 is only a move like any other.
    let block = board(
        &[(7, 2), (7, 3), (7, 4), (7, 6), (7, 7)],
        &[(6, 2), (6, 3), (8, 4), (8, 6), (9, 9)],
    )
    .replacen("BOARD", "YXBOARD", 1);
    for (rule, six_wins) in [(0, true), (1, false)] {
        let out = transcript(&format!(
            "START 15\nINFO rule {rule}\nINFO timeout_turn 900\n{block}YXNBEST 3\nEND\n"
        ));
        let six = out
            .iter()
            .find(|l| l.starts_with("MESSAGE (") && l.contains(" 5,7 "));
        if six_wins {
            assert_eq!(
                out[1], "MESSAGE (1) 5,7 win in 1 ply (proven) pv 5,7",
                "{out:?}"
            );
            assert_eq!(out.last().map(String::as_str), Some("5,7"), "{out:?}");
        } else {
            let listed = out.iter().filter(|l| l.starts_with("MESSAGE (")).count();
            assert_eq!(listed, 3, "{out:?}");
            assert!(
                out.iter().all(|l| !l.contains("win in 1 ply")),
                "rule {rule}: {out:?}"
            );
            assert!(six.is_none_or(|l| !l.contains("win")), "{out:?}");
            assert_ne!(out.last().map(String::as_str), Some("5,7"), "{out:?}");
        }
    }
    // More candidates than a count of 32 bits holds: as many as there are empty cells,
    // still by the engine that knows the rule.
    let out = transcript(&format!(
        "START 15\nINFO rule 1\nINFO timeout_turn 900\n{block}YXNBEST 4294967296\nEND\n"
    ));
    let listed: Vec<&String> = out.iter().filter(|l| l.starts_with("MESSAGE (")).collect();
    assert_eq!(listed.len(), 225 - 10, "{out:?}");
    assert!(
        listed.iter().all(|l| !l.contains("win in 1 ply")),
        "{out:?}"
    );
}

#[test]
fn yxshowforbid_lists_the_rules_forbidden_points_of_black() {
    // Black's (our) twos cross at (7, 7): a double-three; black is to move.
    let own = [(7, 5), (7, 6), (5, 7), (6, 7)];
    let theirs = [(0, 0), (0, 14), (14, 0), (14, 14)];
    let block = board(&own, &theirs).replacen("BOARD", "YXBOARD", 1);
    let out = session(&format!(
        "START 15\nINFO rule 2\n{block}YXSHOWFORBID\nINFO rule 0\nRESTART\n{block}YXSHOWFORBID\nEND\n"
    ));
    let mut setup = Setup::empty(15, 15);
    for (stones, player) in [(&own, Player::X), (&theirs, Player::O)] {
        for &(r, c) in stones {
            setup.set(Cell::new(r, c), Some(player));
        }
    }
    let pos = Position::from_setup_under(&setup, 5, Rule::Renju).unwrap();
    let expected: String = pos
        .forbidden_cells()
        .iter()
        .map(|(c, _)| format!("{:02}{:02}", c.col, c.row))
        .collect();
    assert!(expected.contains("0707"), "{expected}");
    assert_eq!(
        out,
        vec![
            "OK".to_string(),
            format!("FORBID {expected}."),
            "OK".into(),
            "FORBID .".into()
        ]
    );
}

#[test]
fn yxstop_answers_at_once_and_the_next_search_runs() {
    let started = Instant::now();
    // Read at once, YXSTOP stops the minute-long search; the next one has its 300 ms.
    let out = transcript(
        "START 15\nINFO timeout_turn 60000\nYXBOARD\n7,7,2\nDONE\nYXNBEST 2\nYXSTOP\n\
         INFO timeout_turn 300\nYXNBEST 1\n",
    );
    assert!(started.elapsed() < Duration::from_secs(20), "{out:?}");
    assert_eq!(out[0], "OK");
    assert!(out[1].starts_with("MESSAGE (1) ") && out[2].starts_with("MESSAGE (2) "));
    assert!(matches!(Reply::parse(&out[3]), Reply::Move(_)), "{out:?}");
    assert!(
        out[4].starts_with("MESSAGE (1) ") && out[4].contains(" depth "),
        "{out:?}"
    );
    assert!(matches!(Reply::parse(&out[5]), Reply::Move(_)), "{out:?}");
    assert_eq!(out.len(), 6, "{out:?}");
}

#[test]
fn yixin_settings_detail_and_unsupported_commands() {
    let out = transcript(
        "START 15\nINFO show_detail 1\nINFO thread_num 2\nINFO max_node 1000\nYXSHOWINFO\n\
         INFO timeout_turn 200\nTURN 7,7\nYXHASHCLEAR\nYXBLOCK\n7,8\n8,8\nDONE\n\
         YXBALANCEONE 3\nINFO show_detail x\nABOUT\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert!(
        out[1].starts_with("MESSAGE INFO MAX_THREAD_NUM "),
        "{out:?}"
    );
    assert!(
        out[2].starts_with("MESSAGE ttt ")
            && out[2].contains("15 x 15")
            && out[2].contains("detail on"),
        "{out:?}"
    );
    assert!(out[3].starts_with("MESSAGE depth "), "{out:?}");
    assert!(
        out[4].starts_with("MESSAGE depth ") && out[4].contains(" nodes/s "),
        "{out:?}"
    );
    assert!(matches!(Reply::parse(&out[5]), Reply::Move(_)), "{out:?}");
    assert_eq!(out[6], "UNKNOWN unknown command YXHASHCLEAR");
    assert_eq!(
        out[7],
        "UNKNOWN unknown command YXBLOCK: its lines up to DONE are skipped"
    );
    assert_eq!(out[8], "UNKNOWN unknown command YXBALANCEONE");
    assert!(out[9].starts_with("ERROR INFO show_detail"), "{out:?}");
    assert!(out[10].starts_with("name=\"ttt\""), "{out:?}");
    assert_eq!(out.len(), 11, "{out:?}");
}

/// The Gomocup's swap2 exchange, as its manager runs it: three stones first; to three
/// stones a choice (swap, a move as white, or two more); to five a colour.
#[test]
fn swap2_opens_chooses_and_plays_as_the_gomocup_asks() {
    let out = session("START 15\nINFO timeout_turn 200\nINFO rule 1\nSWAP2BOARD\nDONE\nEND\n");
    let three: Vec<Reply> = out[1].split(' ').map(Reply::parse).collect();
    assert_eq!(three.len(), 3, "{out:?}");
    assert!(three.iter().all(|r| matches!(r, Reply::Move(_))), "{out:?}");
    let block = |stones: &str| {
        let lines: String = stones.split(' ').map(|s| format!("{s}\n")).collect();
        session(&format!(
            "START 15\nINFO timeout_turn 200\nINFO rule 1\nSWAP2BOARD\n{lines}DONE\nEND\n"
        ))
    };
    let answer = block(&out[1]);
    let last = answer.last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    match words.as_slice() {
        ["SWAP"] => {}
        [one] => assert!(matches!(Reply::parse(one), Reply::Move(_)), "{answer:?}"),
        [a, b] => {
            assert!(matches!(Reply::parse(a), Reply::Move(_)), "{answer:?}");
            let five = block(&format!("{} {a} {b}", out[1]));
            let last = five.last().unwrap();
            assert!(
                last == "SWAP" || matches!(Reply::parse(last), Reply::Move(_)),
                "{five:?}"
            );
        }
        _ => panic!("{answer:?}"),
    }
    // A move as white goes on with the game: their next move gets our reply.
    let as_white = session(
        "START 15\nINFO timeout_turn 200\nSWAP2BOARD\n7,7\n8,7\n7,8\n8,8\n9,9\nDONE\nEND\n",
    );
    assert!(!as_white.is_empty());
    // Bad blocks are errors, and the engine goes on.
    let bad = session("START 15\nSWAP2BOARD\n7,7\nDONE\nSWAP2BOARD\n7,7,1\nDONE\nEND\n");
    assert!(
        bad[1].starts_with("ERROR SWAP2BOARD takes 0, 3 or 5 stones"),
        "{bad:?}"
    );
    assert!(
        bad[2].starts_with("ERROR a SWAP2BOARD line is x,y"),
        "{bad:?}"
    );
}
