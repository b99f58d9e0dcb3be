//! Proofs written from the solver's searches check with the separate checker (`ttt-proof`,
//! the rules alone) on the boards of the solver's table, under every rule it proves; a proof
//! with one move changed, one reply dropped, one pair of a pairing moved or a weight count
//! where none holds is refused.

use ttt_ai::{write_proof, write_proof_with, ProofOptions, Value};
use ttt_core::{Dims, Position, Rule, Setup};
use ttt_proof::format::Claim;

fn empty(rows: usize, cols: usize, k: usize) -> Position {
    Position::new(Dims::new(rows, cols, k).unwrap())
}

/// Writes and checks the proof of `pos`, which must claim `claim`: the proof's text.
fn proven(pos: &Position, claim: Claim) -> String {
    let proof = write_proof_with(pos, &ProofOptions::default()).unwrap();
    let checked = ttt_proof::check(&proof.text)
        .unwrap_or_else(|e| panic!("{pos}: the proof does not hold: {e}"));
    assert_eq!(checked.claim, claim, "{pos}");
    assert_eq!(checked.positions, proof.positions, "{pos}");
    proof.text
}

#[test]
fn the_small_boards_of_the_table_are_proven_and_checked() {
    use ttt_core::Player::X;
    for (rows, cols, k, claim) in [
        (3, 3, 3, Claim::Draw),
        (3, 4, 3, Claim::Wins(X)),
        (4, 4, 3, Claim::Wins(X)),
        (4, 4, 4, Claim::Draw),
        (5, 5, 5, Claim::Draw),
        (4, 6, 4, Claim::Draw),
        (6, 6, 5, Claim::Draw),
        (6, 6, 4, Claim::Wins(X)),
        (5, 5, 4, Claim::Draw),
    ] {
        proven(&empty(rows, cols, k), claim);
    }
}

/// 7 x 7 with five in a row, a draw (Hsu et al. 2020), proven by a file the checker accepts:
/// the proof follows the proof-number search's cheapest defences, and its zones.
#[test]
fn seven_by_seven_with_five_is_proven_a_draw() {
    let text = proven(&empty(7, 7, 5), Claim::Draw);
    assert!(text.contains(" zone "), "the proof uses zones");
}

#[test]
fn positions_and_the_other_rules_are_proven_and_checked() {
    use ttt_core::Player::{O, X};
    let notation = |text: &str, k: usize, rule: Rule| {
        Position::from_setup_under(&Setup::from_notation(text).unwrap(), k, rule).unwrap()
    };
    proven(&notation("X../.O./...", 3, Rule::Standard), Claim::Draw);
    proven(&notation("X../.O./...", 3, Rule::Caro), Claim::Draw);
    proven(&notation("XX./O../...", 3, Rule::Freestyle), Claim::Wins(X));
    // O to move on a board where X threatens twice: O loses.
    proven(
        &notation("XX../X.../O.../O...", 3, Rule::Freestyle),
        Claim::Wins(X),
    );
    // Renju on a small board, by a search of every position.
    // 11 empty cells.
    let renju = notation("X.O.O/.OX.X/X.X.O/.OO../.XX.O", 5, Rule::Renju);
    assert_eq!(renju.count_blanks(), 11);
    let proof = write_proof(&renju).unwrap();
    let checked = ttt_proof::check(&proof).unwrap();
    assert!(matches!(
        checked.claim,
        Claim::Draw | Claim::Wins(X) | Claim::Wins(O)
    ));
}

/// The proof's lines with `change` applied to the first line `pick` accepts.
fn changed(proof: &str, pick: impl Fn(&str) -> bool, change: impl Fn(&str) -> String) -> String {
    let mut done = false;
    proof
        .lines()
        .map(|line| {
            if !done && pick(line) {
                done = true;
                change(line) + "\n"
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

#[test]
fn a_proof_with_a_move_changed_or_a_reply_dropped_is_refused() {
    let proof = proven(&empty(6, 6, 4), Claim::Wins(ttt_core::Player::X));
    // The first move played moved to another cell.
    let moved = changed(
        &proof,
        |l| l.contains(" play "),
        |l| {
            let words: Vec<&str> = l.split(' ').collect();
            let cell = if words[2] == "0,0" { "5,5" } else { "0,0" };
            format!("{} play {cell} {}", words[0], words[3])
        },
    );
    assert!(ttt_proof::check(&moved).is_err());
    // A reply dropped from a node that lists two or more.
    let dropped = changed(
        &proof,
        |l| l.split(' ').filter(|w| w.contains('>')).count() >= 2,
        |l| {
            let words: Vec<&str> = l.split(' ').collect();
            let at = words.iter().position(|w| w.contains('>')).unwrap();
            let kept: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != at)
                .map(|(_, w)| *w)
                .collect();
            kept.join(" ")
        },
    );
    let err = ttt_proof::check(&dropped).unwrap_err();
    assert!(err.message.contains("not"), "{err}");
}

#[test]
fn a_certificate_that_does_not_hold_is_refused() {
    // 4 x 6 with four in a row: a draw, whose proof rests on pairings.
    let proof = proven(&empty(4, 6, 4), Claim::Draw);
    assert!(proof.contains(" pairing "), "{proof}");
    // One pair moved onto other cells.
    let broken = changed(
        &proof,
        |l| l.contains(" pairing "),
        |l| {
            let words: Vec<&str> = l.split(' ').collect();
            let mut kept: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
            kept.remove(2);
            kept.join(" ")
        },
    );
    assert!(ttt_proof::check(&broken).is_err());
    // A weight count where the lines weigh too much: the empty 4 x 4 with three in a row.
    let empty44 = "ttt-proof 1\nboard 4 4 3\nrule freestyle\nroot empty\nclaim draw\n\
                   section X draw\n0 potential\nsection O draw\n0 potential\n";
    let err = ttt_proof::check(empty44).unwrap_err();
    assert!(err.message.contains("weight count"), "{err}");
    // ... and one that holds: 5 x 5 with five in a row.
    let empty55 = "ttt-proof 1\nboard 5 5 5\nrule freestyle\nroot empty\nclaim draw\n\
                   section X draw\n0 potential\nsection O draw\n0 potential\n";
    assert!(ttt_proof::check(empty55).is_ok());
    // A weight count never proves a win.
    let win = "ttt-proof 1\nboard 5 5 5\nrule freestyle\nroot empty\nclaim X wins\n\
               section X win\n0 potential\n";
    assert!(ttt_proof::check(win).is_err());
}

#[test]
fn zones_cover_replies_and_a_zone_dropped_or_shrunk_is_refused() {
    // 4 x 6 with four in a row: the draw sections cover some of the defender's replies by
    // zones.
    let proof = proven(&empty(4, 6, 4), Claim::Draw);
    assert!(proof.starts_with("ttt-proof 2\n"), "{proof}");
    let zoned = |l: &str| l.contains(" zone ");
    assert!(proof.lines().filter(|l| zoned(l)).count() >= 10, "{proof}");
    // Every zone of a line dropped: the replies it covered are not answered.
    let dropped = changed(&proof, zoned, |l| {
        l[..l.find(" zone ").unwrap()].to_string()
    });
    let err = ttt_proof::check(&dropped).unwrap_err();
    assert!(err.message.contains("is not answered"), "{err}");
    // A zone's first cell left out: its node is another position than the file's, or a
    // reply is left uncovered.
    let shrunk = changed(&proof, zoned, |l| {
        let words: Vec<&str> = l.split(' ').collect();
        let at = words.iter().position(|w| *w == "zone").unwrap();
        let kept: Vec<&str> = words
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at + 1)
            .map(|(_, w)| *w)
            .collect();
        kept.join(" ")
    });
    assert!(ttt_proof::check(&shrunk).is_err());
}

#[test]
fn the_value_proven_is_the_solvers() {
    let pos = empty(4, 4, 3);
    let proof = write_proof_with(&pos, &ProofOptions::default()).unwrap();
    assert_eq!(proof.value, Value::Win);
    assert!(proof.positions > 0);
}
