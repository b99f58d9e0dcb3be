//! The rules of competitive gomoku on real boards: each rule's win condition (at the board's
//! edges too), and renju's forbidden points, each pattern beside the position that looks like
//! it and is allowed.

use ttt_core::{Cell, Dims, Forbidden, Outcome, PlayError, Player, Position, Rule, Setup};

/// A 15 x 15 board with X's and O's stones where given, X to move: O gets stones in the far
/// corner row until the counts are level, where they touch nothing.
fn board(rule: Rule, x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
    let mut setup = Setup::empty(15, 15);
    for &(r, c) in x {
        setup.set(Cell::new(r, c), Some(Player::X));
    }
    for &(r, c) in o {
        setup.set(Cell::new(r, c), Some(Player::O));
    }
    let spare = x.len().checked_sub(o.len()).expect("more O than X");
    for i in 0..spare {
        let cell = Cell::new(14 - (i / 7) as u8 * 2, (i % 7) as u8 * 2);
        assert!(setup.get(cell).is_none(), "a spare O would cover {cell}");
        setup.set(cell, Some(Player::O));
    }
    Position::from_setup_under(&setup, 5, rule).unwrap()
}

fn renju(x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
    board(Rule::Renju, x, o)
}

const POINT: Cell = Cell::new(7, 6);

#[test]
fn two_open_threes_are_a_double_three() {
    // Across row 7: X X at columns 4 and 5; down column 6: X X at rows 5 and 6.
    let pos = renju(&[(7, 4), (7, 5), (5, 6), (6, 6)], &[]);
    assert_eq!(pos.forbidden(POINT), Some(Forbidden::DoubleThree));
    let err = pos.play(POINT).unwrap_err();
    assert_eq!(
        err,
        PlayError::Forbidden {
            cell: POINT,
            why: Forbidden::DoubleThree
        }
    );
    assert_eq!(
        err.to_string(),
        "double-three at row 8, column 7: renju forbids it to X"
    );
    assert!(!pos.legal_moves().any(|c| c == POINT));
    assert!(pos
        .forbidden_cells()
        .contains(&(POINT, Forbidden::DoubleThree)));
    // A three with a gap counts too: X . X across.
    let split = renju(&[(7, 3), (7, 5), (5, 6), (6, 6)], &[]);
    assert_eq!(split.forbidden(POINT), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_that_cannot_become_a_straight_four_is_false() {
    // O closes the left end of row 7: O X X * . . can only become a four that is blocked.
    let pos = renju(&[(7, 4), (7, 5), (5, 6), (6, 6)], &[(7, 3)]);
    assert_eq!(pos.forbidden(POINT), None);
    assert!(pos.play(POINT).is_ok());
    // O further off leaves room: . O . X X * . . is still a three.
    let open = renju(&[(7, 4), (7, 5), (5, 6), (6, 6)], &[(7, 1)]);
    assert_eq!(open.forbidden(POINT), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_whose_only_straight_four_is_forbidden_is_false() {
    // Row 7: . X X * . O -- the straight four needs (7, 3), whose column has X at rows 3-6
    // and 8: there X would make six, an overline, so it is forbidden, and the three is false.
    let column = [(3, 3), (4, 3), (5, 3), (6, 3), (8, 3)];
    let mut x = vec![(7, 4), (7, 5), (5, 6), (6, 6)];
    x.extend(column);
    let pos = renju(&x, &[(7, 8)]);
    assert_eq!(
        pos.play(POINT).unwrap().forbidden(Cell::new(7, 3)),
        None,
        "after X's move it is O's turn: nothing is forbidden to O"
    );
    assert_eq!(pos.forbidden(Cell::new(7, 3)), Some(Forbidden::Overline));
    assert_eq!(pos.forbidden(POINT), None);
    // Without X at (8, 3), (7, 3) makes exactly five: allowed, so the three is real.
    x.retain(|&s| s != (8, 3));
    let pos = renju(&x, &[(7, 8)]);
    assert_eq!(pos.forbidden(Cell::new(7, 3)), None);
    assert_eq!(pos.forbidden(POINT), Some(Forbidden::DoubleThree));
}

#[test]
fn two_fours_on_two_lines_or_on_one_are_a_double_four() {
    // X X X * across, and X X X * down, each blocked at one end: two fours, no threes.
    let pos = renju(
        &[(7, 3), (7, 4), (7, 5), (4, 6), (5, 6), (6, 6)],
        &[(7, 2), (3, 6)],
    );
    assert_eq!(pos.forbidden(POINT), Some(Forbidden::DoubleFour));
    // X . X * X . X on one line: (7, 4) and (7, 8) each make five.
    let line = renju(&[(7, 3), (7, 5), (7, 7), (7, 9)], &[]);
    assert_eq!(line.forbidden(POINT), Some(Forbidden::DoubleFour));
    // An open four is one four: . X X X * . is allowed.
    let straight = renju(&[(7, 3), (7, 4), (7, 5)], &[]);
    assert_eq!(straight.forbidden(POINT), None);
    // A four and a three at once are allowed.
    let four_three = renju(&[(7, 3), (7, 4), (7, 5), (5, 6), (6, 6)], &[(7, 2)]);
    assert_eq!(four_three.forbidden(POINT), None);
}

#[test]
fn six_or_more_is_an_overline_for_x_and_a_win_for_o() {
    let pos = renju(&[(7, 3), (7, 4), (7, 5), (7, 7), (7, 8)], &[]);
    assert_eq!(pos.forbidden(POINT), Some(Forbidden::Overline));
    // O's six wins: O to move with five stones around the same gap.
    let mut setup = Setup::empty(15, 15);
    for c in [3, 4, 5, 7, 8] {
        setup.set(Cell::new(7, c), Some(Player::O));
    }
    for c in [0, 2, 4, 6, 8, 10] {
        setup.set(Cell::new(14, c), Some(Player::X));
    }
    let pos = Position::from_setup_under(&setup, 5, Rule::Renju).unwrap();
    assert_eq!(pos.turn(), Player::O);
    assert_eq!(pos.forbidden(POINT), None);
    let after = pos.play(POINT).unwrap();
    assert_eq!(after.outcome(), Outcome::Win(Player::O));
}

#[test]
fn exactly_five_wins_even_with_forbidden_patterns_beside_it() {
    // Across: X X X X * makes five; down and diagonally it would also be a double-three.
    let pos = renju(
        &[
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (5, 6),
            (6, 6),
            (5, 4),
            (6, 5),
        ],
        &[],
    );
    assert_eq!(pos.forbidden(POINT), None);
    assert_eq!(pos.play(POINT).unwrap().outcome(), Outcome::Win(Player::X));
    // Five across and six down at once: the five wins.
    let both = renju(
        &[
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (3, 6),
            (4, 6),
            (5, 6),
            (6, 6),
            (8, 6),
        ],
        &[(2, 6)],
    );
    assert_eq!(both.forbidden(POINT), None);
    assert_eq!(both.play(POINT).unwrap().outcome(), Outcome::Win(Player::X));
    // And two fours together with a five: still a win.
    let fours = renju(
        &[
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (4, 6),
            (5, 6),
            (6, 6),
            (4, 3),
            (5, 4),
            (6, 5),
        ],
        &[(3, 6), (3, 2)],
    );
    assert_eq!(fours.forbidden(POINT), None);
}

#[test]
fn nothing_is_forbidden_to_o_or_under_the_other_rules() {
    let x = [(7, 4), (7, 5), (5, 6), (6, 6)];
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
        let pos = board(rule, &x, &[]);
        assert_eq!(pos.forbidden(POINT), None, "{rule}");
        assert!(pos.forbidden_cells().is_empty(), "{rule}");
    }
    let pos = renju(&x, &[]).play(Cell::new(0, 14)).unwrap();
    assert_eq!(pos.turn(), Player::O);
    assert!(pos.forbidden_cells().is_empty());
}

#[test]
fn renju_is_five_in_a_row_only() {
    let dims = Dims::new(15, 15, 4).unwrap();
    let err = Position::with_rule(dims, Rule::Renju).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("renju is played with five in a row"),
        "{err}"
    );
    assert!(Position::from_setup_under(&Setup::empty(15, 15), 6, Rule::Renju).is_err());
    assert!(Position::with_rule(dims, Rule::Standard).is_ok());
}

/// Plays `x` for X and `o` for O alternately from the empty board under `rule` and says how
/// the last move left the game.
fn after(rule: Rule, dims: Dims, x: &[(u8, u8)], o: &[(u8, u8)]) -> Outcome {
    let mut pos = Position::with_rule(dims, rule).unwrap();
    for (i, &(r, c)) in x.iter().enumerate() {
        pos = pos.play(Cell::new(r, c)).unwrap();
        if let Some(&(r, c)) = o.get(i) {
            pos = pos.play(Cell::new(r, c)).unwrap();
        }
    }
    pos.outcome()
}

#[test]
fn each_rule_wins_along_the_edges() {
    let gomoku = Dims::new(15, 15, 5).unwrap();
    // Five down the left edge, O's stones elsewhere.
    let edge: Vec<(u8, u8)> = (0..5).map(|r| (r, 0)).collect();
    let away = [(10, 10), (10, 12), (12, 10), (12, 12)];
    for rule in Rule::ALL {
        assert_eq!(
            after(rule, gomoku, &edge, &away),
            Outcome::Win(Player::X),
            "{rule}"
        );
    }
    // Along the bottom-right corner's diagonal.
    let diagonal: Vec<(u8, u8)> = (10..15).map(|i| (i, i)).collect();
    for rule in Rule::ALL {
        let o = [(0, 0), (0, 2), (0, 4), (0, 6)];
        assert_eq!(
            after(rule, gomoku, &diagonal, &o),
            Outcome::Win(Player::X),
            "{rule}"
        );
    }
}

#[test]
fn six_in_a_row_wins_freestyle_and_caro_but_not_standard() {
    let gomoku = Dims::new(15, 15, 5).unwrap();
    // X fills row 0 from column 0 to 5, leaving column 2 last: the sixth stone joins 2 + 3.
    let x = [(0, 0), (0, 1), (0, 3), (0, 4), (0, 5), (0, 2)];
    let o = [(9, 0), (9, 2), (9, 4), (9, 6), (9, 8)];
    assert_eq!(
        after(Rule::Freestyle, gomoku, &x, &o),
        Outcome::Win(Player::X)
    );
    assert_eq!(after(Rule::Caro, gomoku, &x, &o), Outcome::Win(Player::X));
    assert_eq!(after(Rule::Standard, gomoku, &x, &o), Outcome::InProgress);
    // With K = 4 on a small board, standard is exactly four.
    let small = Dims::new(6, 6, 4).unwrap();
    let x = [(0, 0), (0, 1), (0, 3), (0, 4), (0, 2)];
    let o = [(5, 0), (5, 2), (5, 4), (3, 5)];
    assert_eq!(after(Rule::Standard, small, &x, &o), Outcome::InProgress);
    assert_eq!(
        after(Rule::Freestyle, small, &x, &o),
        Outcome::Win(Player::X)
    );
}

#[test]
fn caro_needs_a_line_not_blocked_at_both_ends() {
    let gomoku = Dims::new(15, 15, 5).unwrap();
    let five: Vec<(u8, u8)> = (3..8).map(|c| (7, c)).collect();
    // O at both ends: no win under caro, a win under the others.
    let both_ends = [(7, 2), (7, 8), (12, 12), (12, 14)];
    assert_eq!(
        after(Rule::Caro, gomoku, &five, &both_ends),
        Outcome::InProgress
    );
    assert_eq!(
        after(Rule::Freestyle, gomoku, &five, &both_ends),
        Outcome::Win(Player::X)
    );
    // One end only: a win.
    let one_end = [(7, 2), (12, 10), (12, 12), (12, 14)];
    assert_eq!(
        after(Rule::Caro, gomoku, &five, &one_end),
        Outcome::Win(Player::X)
    );
    // The board's edge does not block: O at the far end of a line along the edge.
    let edge: Vec<(u8, u8)> = (0..5).map(|c| (0, c)).collect();
    let far_end = [(0, 5), (12, 10), (12, 12), (12, 14)];
    assert_eq!(
        after(Rule::Caro, gomoku, &edge, &far_end),
        Outcome::Win(Player::X)
    );
}

#[test]
fn a_board_read_under_a_rule_knows_who_has_won() {
    // O X X X X X O: blocked at both ends under caro; a win under standard.
    let setup = Setup::from_notation("OXXXXXO/O....O./.......").unwrap();
    let caro = Position::from_setup_under(&setup, 5, Rule::Caro).unwrap();
    assert_eq!(caro.outcome(), Outcome::InProgress);
    let standard = Position::from_setup_under(&setup, 5, Rule::Standard).unwrap();
    assert_eq!(standard.outcome(), Outcome::Win(Player::X));
    assert_eq!(standard.rule(), Rule::Standard);
    assert_eq!(standard.winning_cells().len(), 5);
}

#[test]
fn a_mark_tried_on_an_empty_cell_is_judged_by_the_rule() {
    // Row 0: X X X X . X -- the gap makes six; row 2: O X X X X . O -- the gap makes five
    // blocked at both ends.
    let setup =
        Setup::from_notation("XXXX.X../......../OXXXX.O./......../O.O.O.O./......../O.O.....")
            .unwrap();
    let gap = Cell::new(0, 4);
    let blocked = Cell::new(2, 5);
    let pos = |rule| Position::from_setup_under(&setup, 5, rule).unwrap();
    assert!(pos(Rule::Freestyle).makes_line(gap, Player::X));
    assert!(!pos(Rule::Standard).makes_line(gap, Player::X));
    assert!(pos(Rule::Standard).makes_line(blocked, Player::X));
    assert!(!pos(Rule::Caro).makes_line(blocked, Player::X));
    assert!(pos(Rule::Caro).makes_line(gap, Player::X));
}
