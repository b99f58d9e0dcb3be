//! Proofs written by a plain exhaustive search (written here, apart from the solver) on the
//! boards small enough for it, checked; and the same proofs with one move changed or one
//! reply dropped, refused.

use std::collections::HashMap;
use std::fmt::Write;

use ttt_core::{Cell, Dims, Outcome, Player, Position, Rule, Symmetry};
use ttt_proof::format::symmetry_name;

/// Every position's value for X (+1 a win, 0 a draw, -1 a loss) by plain minimax.
struct Values(HashMap<Position, i8>);

impl Values {
    fn of(&mut self, pos: &Position) -> i8 {
        if let Some(&v) = self.0.get(pos) {
            return v;
        }
        let v = match pos.outcome() {
            Outcome::Win(Player::X) => 1,
            Outcome::Win(Player::O) => -1,
            Outcome::Draw => 0,
            Outcome::InProgress => {
                let moves: Vec<Cell> = pos.legal_moves().collect();
                let values = moves.iter().map(|&m| self.of(&pos.play(m).unwrap()));
                if pos.turn() == Player::X {
                    values.max().unwrap()
                } else {
                    values.min().unwrap()
                }
            }
        };
        self.0.insert(*pos, v);
        v
    }
}

/// Writes a proof section for `player` reaching at least `target` (for X: +1 or 0; for O:
/// -1 or 0) from `root`, sharing transpositions, and symmetric positions when `symmetric`.
struct Writer<'a> {
    values: &'a mut Values,
    player: Player,
    target: i8,
    symmetric: bool,
    ids: HashMap<Position, usize>,
    lines: Vec<String>,
}

impl Writer<'_> {
    fn good(&self, v: i8) -> bool {
        match self.player {
            Player::X => v >= self.target,
            Player::O => v <= self.target,
        }
    }

    /// The node of `pos` (written if new), with the symmetry that takes `pos` to it.
    fn node(&mut self, pos: &Position) -> String {
        let (canonical, symmetry) = if self.symmetric {
            Symmetry::of(pos.dims())
                .iter()
                .map(|&s| (pos.transform(s), s))
                .min_by_key(|(p, _)| p.to_string())
                .unwrap()
        } else {
            (*pos, Symmetry::Identity)
        };
        let id = match self.ids.get(&canonical) {
            Some(&id) => id,
            None => {
                let id = self.ids.len();
                self.ids.insert(canonical, id);
                self.lines.push(String::new());
                let line = self.step(&canonical);
                self.lines[id] = format!("{id} {line}");
                id
            }
        };
        if symmetry == Symmetry::Identity {
            id.to_string()
        } else {
            format!("{id}~{}", symmetry_name(symmetry))
        }
    }

    fn step(&mut self, pos: &Position) -> String {
        if pos.is_over() {
            return "over".into();
        }
        let moves: Vec<Cell> = pos.legal_moves().collect();
        if pos.turn() == self.player {
            let best = moves
                .into_iter()
                .find(|&m| {
                    let v = self.values.of(&pos.play(m).unwrap());
                    self.good(v)
                })
                .expect("the section's claim holds");
            let child = self.node(&pos.play(best).unwrap());
            format!("play {},{} {child}", best.row, best.col)
        } else {
            let mut line = "reply".to_string();
            for m in moves {
                let child = self.node(&pos.play(m).unwrap());
                write!(line, " {},{}>{child}", m.row, m.col).unwrap();
            }
            line
        }
    }
}

/// The whole proof of `root`'s value.
fn prove(root: Position, symmetric: bool) -> String {
    let mut values = Values(HashMap::new());
    let value = values.of(&root);
    let dims = root.dims();
    let mut text = format!(
        "ttt-proof 1\nboard {} {} {}\nrule {}\nroot empty\nclaim {}\n",
        dims.rows(),
        dims.cols(),
        dims.k(),
        root.rule(),
        match value {
            1 => "X wins",
            -1 => "O wins",
            _ => "draw",
        }
    );
    let sections = match value {
        1 => vec![(Player::X, 1, "X win")],
        -1 => vec![(Player::O, -1, "O win")],
        _ => vec![(Player::X, 0, "X draw"), (Player::O, 0, "O draw")],
    };
    for (player, target, name) in sections {
        let mut writer = Writer {
            values: &mut values,
            player,
            target,
            symmetric,
            ids: HashMap::new(),
            lines: Vec::new(),
        };
        writer.node(&root);
        writeln!(text, "section {name}").unwrap();
        for line in writer.lines {
            writeln!(text, "{line}").unwrap();
        }
    }
    text
}

fn empty(rows: usize, cols: usize, k: usize, rule: Rule) -> Position {
    Position::with_rule(Dims::new(rows, cols, k).unwrap(), rule).unwrap()
}

#[test]
fn proofs_of_small_boards_check() {
    for (rows, cols, k, rule, claim) in [
        (3, 3, 3, Rule::Freestyle, "draw"),
        (3, 3, 2, Rule::Freestyle, "X wins"),
        (3, 4, 3, Rule::Freestyle, "X wins"),
        (3, 4, 3, Rule::Standard, "X wins"),
        (2, 4, 3, Rule::Caro, "draw"),
    ] {
        for symmetric in [false, true] {
            let proof = prove(empty(rows, cols, k, rule), symmetric);
            let checked = ttt_proof::check(&proof)
                .unwrap_or_else(|e| panic!("{rows}x{cols} k{k} {rule}: {e}\n{proof}"));
            assert_eq!(
                checked.claim.to_string(),
                claim,
                "{rows}x{cols} k{k} {rule}"
            );
            assert!(checked.positions > 1);
        }
    }
}

#[test]
fn symmetry_makes_proofs_smaller() {
    let plain = prove(empty(3, 3, 3, Rule::Freestyle), false);
    let folded = prove(empty(3, 3, 3, Rule::Freestyle), true);
    assert!(folded.lines().count() * 3 < plain.lines().count());
    assert!(folded.contains('~'));
}

/// The proof with its first line that contains `needle` rewritten by `change`.
fn mutate(proof: &str, needle: &str, change: impl Fn(&str) -> String) -> String {
    let mut done = false;
    proof
        .lines()
        .map(|line| {
            if !done && line.contains(needle) {
                done = true;
                change(line)
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn one_move_changed_or_one_reply_dropped_is_refused() {
    let proof = prove(empty(3, 3, 3, Rule::Freestyle), false);
    // X's first move moved from the corner to an edge: the replies no longer fit.
    assert!(proof.contains("section X draw\n0 play 0,0 1"));
    let moved = proof.replacen(
        "section X draw\n0 play 0,0 1",
        "section X draw\n0 play 0,1 1",
        1,
    );
    let err = ttt_proof::check(&moved).unwrap_err();
    assert_eq!(err.node, Some(1), "{err}");
    assert!(err.to_string().contains("cannot be played"), "{err}");
    // A defender's reply dropped.
    let dropped = mutate(&proof, " reply ", |line| {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        words.remove(2);
        words.join(" ")
    });
    let err = ttt_proof::check(&dropped).unwrap_err();
    assert!(err.to_string().contains("is not answered"), "{err}");
    // A win claimed where there is none.
    let bragging = proof
        .replace("claim draw", "claim X wins")
        .replace("section X draw", "section X win");
    let bragging = bragging[..bragging.find("section O draw").unwrap()].to_string();
    let err = ttt_proof::check(&bragging).unwrap_err();
    assert!(
        err.to_string().contains("not as the section claims"),
        "{err}"
    );
}

/// Two lines that send different positions to one node: refused, naming the node that
/// reached it first.
#[test]
fn a_node_reached_as_two_positions_names_the_first() {
    let proof = "ttt-proof 1\nboard 2 2 2\nrule freestyle\nroot empty\nclaim X wins\n\
                 section X win\n0 play 0,0 1\n1 reply 0,1>2 1,0>3 1,1>4\n2 play 1,0 5\n\
                 3 play 0,1 5\n4 play 0,1 7\n5 over\n7 over\n";
    // Nodes 2 and 3 both send X's win to node 5, but O's stone is not on the same cell;
    // the checker takes the last reply listed first.
    let err = ttt_proof::check(proof).unwrap_err();
    assert_eq!(err.node, Some(2), "{err}");
    assert!(
        err.to_string().contains("but node 3 reached it first as"),
        "{err}"
    );
}

/// A node named but never written: refused at the line that names it.
#[test]
fn a_node_named_but_not_written_points_at_the_line_naming_it() {
    let proof = "ttt-proof 1\nboard 2 2 2\nrule freestyle\nroot empty\nclaim X wins\n\
                 section X win\n0 play 0,0 1\n1 reply 0,1>2 1,0>3 1,1>4\n2 play 1,0 5\n\
                 3 play 0,1 5\n4 play 0,1 7\n5 over\n";
    // Line 11 (`4 play 0,1 7`) names node 7, which has no line.
    let err = ttt_proof::check(proof).unwrap_err();
    assert_eq!((err.node, err.line), (Some(7), Some(11)), "{err}");
    assert!(
        err.to_string()
            .contains("no line for this node; the line given is node 4's, which names it"),
        "{err}"
    );
}

#[test]
fn a_forced_line_may_leave_out_the_replies_that_lose_at_once() {
    // X in a corner, O in the next: X threatens the diagonal, O must block, then X makes
    // two threats at once. O's replies that do not block lose at once and are left out.
    let proof = "\
ttt-proof 1
board 3 3 3
rule freestyle
root X.O/.../...
claim X wins
section X win
0 play 2,2 1
1 reply 1,1>2 others-lose
2 play 2,0 3
3 reply 1,0>4 others-lose
4 play 2,1 5
5 over
";
    let checked = ttt_proof::check(proof).unwrap();
    assert_eq!(checked.claim.to_string(), "X wins");
    // A reply left out that wins for the defender is named for what it does.
    let lost = "ttt-proof 1\nboard 1 5 2\nrule freestyle\nroot XO.X.\nclaim X wins\n\
                section X win\n0 reply 0,4>1 others-lose\n1 over\n";
    let err = ttt_proof::check(lost).unwrap_err();
    assert!(
        err.to_string().contains(
            "the reply 0,2 (row 1, column 3) is not listed, and it ends the game in O's win"
        ),
        "{err}"
    );
    // The same line, with a reply left out that does not lose at once.
    let wrong = proof.replace("0 play 2,2 1", "0 play 1,0 1");
    assert!(ttt_proof::check(&wrong).is_err());
    // The block of X's only threat left out: it takes the one cell where X would win, so
    // X has no move that wins at once after it. (At node 3, X has two such cells, and
    // O's reply there may be left out.)
    let unblocked = proof.replace("1 reply 1,1>2 others-lose", "1 reply others-lose");
    let err = ttt_proof::check(&unblocked).unwrap_err();
    assert!(
        err.to_string().contains(
            "the reply 1,1 (row 2, column 2) is not listed, and the attacker has no move"
        ),
        "{err}"
    );
    let both = proof.replace("3 reply 1,0>4 others-lose", "3 reply others-lose");
    assert!(ttt_proof::check(&both).is_ok());
}

#[test]
fn a_pairing_covers_every_reply() {
    // Two rows of four, four in a row: only the two rows are lines, and a pair in each keeps
    // the defender off both.
    let proof = "\
ttt-proof 1
board 2 4 4
rule freestyle
root empty
claim draw
section O draw
0 pairing 0,0-0,1 1,0-1,1
section X draw
0 play 0,2 1
1 pairing 1,2-1,3
";
    let checked = ttt_proof::check(proof).unwrap();
    assert_eq!(checked.claim.to_string(), "draw");
    assert_eq!(checked.positions, 3);
    // A pair that leaves a line uncovered.
    let short = proof.replace("0 pairing 0,0-0,1 1,0-1,1", "0 pairing 0,0-0,1");
    let err = ttt_proof::check(&short).unwrap_err();
    assert!(err.to_string().contains("holds no untouched pair"), "{err}");
    // A pairing proves no win.
    let win = "ttt-proof 1\nboard 2 4 4\nrule freestyle\nroot empty\nclaim O wins\nsection O win\n0 pairing 0,0-0,1 1,0-1,1\n";
    let err = ttt_proof::check(win).unwrap_err();
    assert!(err.to_string().contains("proves a draw at most"), "{err}");
}

#[test]
fn a_zone_covers_the_replies_outside_it() {
    // A row of four, two in a row: X takes the second cell. O's reply on the third is
    // answered by the first; O's replies on the first and the fourth are outside the zone
    // `0,2`, and node 3, with O on both, is answered by the third.
    let proof = "\
ttt-proof 2
board 1 4 2
rule freestyle
root empty
claim X wins
section X win
0 play 0,1 1
1 reply 0,2>2 zone 0,2 >3
2 play 0,0 4
3 play 0,2 5
4 over
5 over
";
    let checked = ttt_proof::check(proof).unwrap();
    assert_eq!(checked.claim.to_string(), "X wins");
    assert_eq!(checked.positions, 6);
    // Each change, and what the refusal must say.
    for (from, to, says) in [
        // Node 3's position has O on every empty cell outside the zone, not on the reply
        // alone.
        (
            "3 play 0,2 5",
            "3 play 0,0 5",
            &[
                "node 3",
                "0,0 (row 1, column 1) cannot be played: it is already taken",
            ][..],
        ),
        // A zone that leaves out the cells that matter: O, on every empty cell, has won.
        (
            "zone 0,2 >3",
            "zone >3",
            &[
                "node 3",
                "the game ended in O's win, not as the section claims",
            ],
        ),
        // Without the zone, the replies outside it are not answered.
        (" zone 0,2 >3", "", &["is not answered"]),
        // A reply inside every zone still needs its own line.
        (
            "1 reply 0,2>2 zone 0,2 >3",
            "1 reply zone 0,2 >3",
            &["the reply 0,2 (row 1, column 3) is not answered, and it lies inside every zone"],
        ),
        // Under the other rules a stone more can hurt its own side: no zones.
        ("rule freestyle", "rule standard", &["free-style only"]),
        // Zones are version 2 of the format.
        ("ttt-proof 2", "ttt-proof 1", &["version 2"]),
        ("zone 0,2 >3", "zone 0,2 0,9 >3", &["off the board"]),
        ("zone 0,2 >3", "zone 0,2 > 3", &["with no space"]),
        ("zone 0,2 >3", "zone 0,2", &["must end with >NODE"]),
    ] {
        assert!(proof.contains(from), "{from}");
        let err = ttt_proof::check(&proof.replace(from, to))
            .unwrap_err()
            .to_string();
        for said in says {
            assert!(err.contains(said), "{from} -> {to}: {err}");
        }
    }
}

#[test]
fn malformed_files_name_the_line() {
    let err = ttt_proof::check("ttt-proof 1\nboard 3 3\n").unwrap_err();
    assert_eq!(err.to_string(), "line 2: write board ROWS COLS K");
    // A node line cut short is shown as it is.
    let cut = "ttt-proof 1\nboard 3 3 3\nrule freestyle\nroot empty\nclaim X wins\n\
               section X win\n0 pla";
    let err = ttt_proof::check(cut).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 7: \"0 pla\" is not a node: a node is ID play CELL NODE"),
        "{err}"
    );
    // A byte-order mark before the first line, as some editors save one, is no part of it.
    let err = ttt_proof::check("\u{feff}ttt-proof 1\nboard 3 3\n").unwrap_err();
    assert_eq!(err.to_string(), "line 2: write board ROWS COLS K");
    let err = ttt_proof::check("ttt-proof 5\n").unwrap_err();
    assert!(err.to_string().starts_with("line 1:"), "{err}");
    let head = "ttt-proof 1\nboard 3 3 3\nrule freestyle\nroot empty\nclaim draw\n";
    let err = ttt_proof::check(&format!("{head}0 over\n")).unwrap_err();
    assert_eq!(err.to_string(), "line 6: a node before any section line");
    let err = ttt_proof::check(&format!("{head}section X draw\n0 play 9 1\n")).unwrap_err();
    assert!(err.to_string().contains("is not a cell"), "{err}");
    let err = ttt_proof::check(&format!("{head}section X draw\n0 over\n")).unwrap_err();
    assert!(
        err.to_string()
            .contains("needs exactly two sections, `section X draw` and `section O draw`; the file has `section X draw`"),
        "{err}"
    );
    // A section too many is named as well.
    let win = "ttt-proof 1\nboard 3 3 3\nrule freestyle\nroot empty\nclaim X wins\n";
    let err = ttt_proof::check(&format!(
        "{win}section X win\n0 over\nsection O draw\n0 over\n"
    ))
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("the file has `section X win`, `section O draw`"),
        "{err}"
    );
}

/// A win by threats on 15 x 15, as `ttt solve` writes it: at O's nodes after a three, the
/// replies that do not stop X's fours are left out (`others-lose-to`).
const VCT: &str = include_str!("data/vct.proof");

#[test]
fn a_line_of_fours_covers_the_replies_that_do_not_stop_it() {
    let checked = ttt_proof::check(VCT).unwrap();
    assert_eq!(checked.claim.to_string(), "X wins");
    assert!(VCT.contains(" others-lose-to "));
    // The clause is version 3's.
    let old = VCT.replacen("ttt-proof 3", "ttt-proof 2", 1);
    let err = ttt_proof::check(&old).unwrap_err();
    assert!(err.unreadable, "{err}");
    assert!(err.to_string().contains("needs version 3"), "{err}");
    // With no moves it says what it needs.
    let bare = mutate(VCT, " others-lose-to ", |line| {
        format!(
            "{} others-lose-to",
            line.split(" others-lose-to ").next().unwrap()
        )
    });
    let err = ttt_proof::check(&bare).unwrap_err();
    assert!(
        err.to_string().contains("names the attacker's moves"),
        "{err}"
    );
    // Under caro a stone of the defender's can spoil a winning cell: refused there.
    let caro = VCT.replacen("rule freestyle", "rule caro", 1);
    let err = ttt_proof::check(&caro).unwrap_err();
    assert_eq!(err.node, Some(0), "{err}");
    assert!(err.to_string().contains("under caro"), "{err}");
    // A line of fours that does not win: the replies it was to cover are not covered.
    let far = mutate(VCT, " others-lose-to ", |line| {
        let head = line.split(" others-lose-to ").next().unwrap();
        format!("{head} others-lose-to 0,0 0,1")
    });
    let err = ttt_proof::check(&far).unwrap_err();
    assert!(
        err.to_string()
            .contains("does not lose to the line of fours"),
        "{err}"
    ); // A cell off the board is refused, reached or not.
    let off = mutate(VCT, " others-lose-to ", |line| format!("{line} 99,8"));
    let err = ttt_proof::check(&off).unwrap_err();
    assert!(
        err.to_string()
            .contains("the line of fours' cell 99,8 (row 100, column 9) is off the board"),
        "{err}"
    );
}

/// A win on 15 x 15 that begins with quiet moves, as `ttt solve --proof` writes it (a
/// self-play game's position, fifteen plies from its end): at one of O's nodes most replies
/// lose to X's strategy were O to pass (`others-lose-as`), replayed after each.
const STRATEGY: &str = include_str!("data/strategy.proof");

/// The first line with `others-lose-as`, its first listed reply dropped, and that reply.
fn drop_first_reply(proof: &str) -> (String, String) {
    let line = proof
        .lines()
        .find(|l| l.contains(" others-lose-as "))
        .unwrap();
    let dropped = line
        .split(' ')
        .nth(2)
        .unwrap()
        .split('>')
        .next()
        .unwrap()
        .to_string();
    let text = mutate(proof, " others-lose-as ", |line| {
        let mut words: Vec<&str> = line.split(' ').collect();
        words.remove(2);
        words.join(" ")
    });
    (text, dropped)
}

#[test]
fn a_strategy_replayed_covers_the_replies_it_still_beats() {
    let checked = ttt_proof::check(STRATEGY).unwrap();
    assert_eq!(checked.claim.to_string(), "X wins");
    // Replayed after every reply it covers, the strategy is checked once for each: far more
    // positions than lines.
    let all = ttt_proof::Options { replay_all: true };
    let replayed = ttt_proof::check_with(STRATEGY, all).unwrap();
    assert_eq!(replayed.claim, checked.claim);
    let lines = STRATEGY
        .lines()
        .filter(|l| l.contains(" play ") || l.contains(" reply "))
        .count();
    assert!(
        replayed.positions > 2 * lines,
        "{} {lines}",
        replayed.positions
    );
    assert_eq!(replayed.spared, 0);
    // With footprints, the replies outside the strategy's are covered by one walk with O
    // passing, and the check goes through about as many positions as the file has lines.
    assert!(checked.spared > 100, "{}", checked.spared);
    assert!(
        checked.positions < replayed.positions / 2,
        "{} {}",
        checked.positions,
        replayed.positions
    );
    // The clause is version 4's.
    let old = STRATEGY.replacen("ttt-proof 4", "ttt-proof 3", 1);
    let err = ttt_proof::check(&old).unwrap_err();
    assert!(err.to_string().contains("needs version 4"), "{err}");
    // A reply that the strategy does not beat, left out, is named with the replay, whether
    // the replies outside the footprint are replayed or not: it lies inside.
    let (dropped_text, dropped) = drop_first_reply(STRATEGY);
    for options in [ttt_proof::Options::default(), all] {
        let err = ttt_proof::check_with(&dropped_text, options).unwrap_err();
        assert!(!err.unreadable);
        assert!(
            err.to_string()
                .contains(&format!("checked again after the reply {dropped} (")),
            "{err}"
        );
    }
    // A strategy that is not in the section, or is named with a symmetry, is refused.
    let missing = mutate(STRATEGY, " others-lose-as ", |line| {
        format!(
            "{} others-lose-as 999999",
            line.split(" others-lose-as ").next().unwrap()
        )
    });
    let err = ttt_proof::check(&missing).unwrap_err();
    assert!(
        err.to_string()
            .contains("names node 999999, but the section has no line"),
        "{err}"
    );
    let turned = mutate(STRATEGY, " others-lose-as ", |line| {
        format!("{line}~rotate90")
    });
    let err = ttt_proof::check(&turned).unwrap_err();
    assert!(err.unreadable, "{err}");
    assert!(err.to_string().contains("takes no symmetry"), "{err}");
    // A move of the strategy changed: the replays find it out like any other node's.
    let strategy_node = STRATEGY
        .lines()
        .find_map(|l| l.split(" others-lose-as ").nth(1))
        .unwrap()
        .trim()
        .to_string();
    let changed = mutate(STRATEGY, &format!("{strategy_node} play "), |line| {
        let words: Vec<&str> = line.split(' ').collect();
        format!("{} play 0,0 {}", words[0], words[3])
    });
    assert!(ttt_proof::check(&changed).is_err());
}
