//! Each level obeys its rules on every 3x3 position, and the perfect player never loses.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use ttt_ai::{new_player, Level, Solver, Strategy, Verdict};
use ttt_core::{Cell, Dims, Outcome, Player, Position};

fn all_positions(dims: Dims) -> Vec<Position> {
    fn walk(pos: Position, seen: &mut HashSet<Position>) {
        if !seen.insert(pos) || pos.is_over() {
            return;
        }
        for cell in pos.legal_moves() {
            walk(pos.play(cell).unwrap(), seen);
        }
    }
    let mut seen = HashSet::new();
    walk(Position::new(dims), &mut seen);
    let mut all: Vec<Position> = seen.into_iter().filter(|p| !p.is_over()).collect();
    all.sort_by_key(|p| p.to_string());
    all
}

fn winning_cells(pos: &Position, player: Player) -> Vec<Cell> {
    pos.legal_moves()
        .filter(|&c| pos.makes_line(c, player))
        .collect()
}

const SEEDS: [u64; 4] = [1, 2, 3, 44];

fn choose(level: Level, seed: u64, pos: &Position) -> Cell {
    new_player(level, Some(seed), Duration::from_secs(30))
        .choose(pos)
        .expect("a move while the game is going")
        .cell
}

#[test]
fn easy_plays_any_empty_cell_and_covers_them_all() {
    for pos in all_positions(Dims::new(3, 3, 3).unwrap()) {
        let empty: HashSet<Cell> = pos.legal_moves().collect();
        let mut chosen = HashSet::new();
        for seed in 0..200 {
            let cell = choose(Level::Easy, seed, &pos);
            assert!(empty.contains(&cell), "{pos}: {cell}");
            chosen.insert(cell);
        }
        assert_eq!(
            chosen, empty,
            "{pos}: easy should be able to pick every empty cell"
        );
    }
}

#[test]
fn medium_takes_the_centre_else_blocks() {
    let centre = Cell::new(1, 1);
    for pos in all_positions(Dims::new(3, 3, 3).unwrap()) {
        let blocks = winning_cells(&pos, pos.turn().other());
        for seed in SEEDS {
            let cell = choose(Level::Medium, seed, &pos);
            assert!(pos.get(cell).is_none(), "{pos}");
            if pos.get(centre).is_none() {
                assert_eq!(cell, centre, "{pos}");
            } else if !blocks.is_empty() {
                assert!(blocks.contains(&cell), "{pos}: {cell} does not block");
            }
        }
    }
}

#[test]
fn hard_takes_the_centre_else_wins_else_blocks() {
    let centre = Cell::new(1, 1);
    for pos in all_positions(Dims::new(3, 3, 3).unwrap()) {
        let wins = winning_cells(&pos, pos.turn());
        let blocks = winning_cells(&pos, pos.turn().other());
        for seed in SEEDS {
            let cell = choose(Level::Hard, seed, &pos);
            assert!(pos.get(cell).is_none(), "{pos}");
            if pos.get(centre).is_none() {
                assert_eq!(cell, centre, "{pos}");
            } else if !wins.is_empty() {
                assert!(wins.contains(&cell), "{pos}: {cell} does not win");
            } else if !blocks.is_empty() {
                assert!(blocks.contains(&cell), "{pos}: {cell} does not block");
            }
        }
    }
}

#[test]
fn centre_on_even_boards_is_the_first_free_central_cell() {
    let pos = Position::new(Dims::new(4, 6, 3).unwrap());
    assert_eq!(choose(Level::Medium, 1, &pos), Cell::new(1, 2));
    let pos = pos.play(Cell::new(1, 2)).unwrap();
    assert_eq!(choose(Level::Hard, 1, &pos), Cell::new(1, 3));
}

/// The exact verdict of every move, from the mover's view.
fn move_verdicts(pos: &Position) -> Vec<(Cell, Verdict)> {
    Solver::new(pos)
        .analyze()
        .moves
        .into_iter()
        .map(|m| (m.cell, m.verdict.unwrap()))
        .collect()
}

#[test]
fn perfect_plays_the_first_best_move_in_row_major_order() {
    for pos in all_positions(Dims::new(3, 3, 3).unwrap()) {
        let verdicts = move_verdicts(&pos);
        let best = verdicts.iter().map(|&(_, v)| v).max().unwrap();
        let first_best = verdicts.iter().find(|&&(_, v)| v == best).unwrap();
        let d = new_player(Level::Perfect, None, Duration::from_secs(30))
            .choose(&pos)
            .unwrap();
        assert_eq!(d.cell, first_best.0, "{pos}");
        assert_eq!(d.verdict, Some(first_best.1), "{pos}");
        // Seeded, it may pick another best move, but only a best one.
        for seed in SEEDS {
            let cell = choose(Level::Perfect, seed, &pos);
            let v = verdicts.iter().find(|&&(c, _)| c == cell).unwrap().1;
            assert_eq!(v, best, "{pos}: seeded perfect chose {cell}");
        }
    }
}

/// Plays the perfect player against every possible sequence of opponent moves.
fn never_loses(perfect: &mut dyn Strategy, side: Player, pos: Position, games: &mut u64) {
    match pos.outcome() {
        Outcome::Win(w) => {
            assert_eq!(w, side, "perfect lost: {pos}");
            *games += 1;
        }
        Outcome::Draw => *games += 1,
        Outcome::InProgress if pos.turn() == side => {
            let d = perfect.choose(&pos).unwrap();
            assert!(
                d.verdict.is_some(),
                "perfect could not prove its move on 3x3"
            );
            never_loses(perfect, side, pos.play(d.cell).unwrap(), games);
        }
        Outcome::InProgress => {
            for cell in pos.legal_moves() {
                never_loses(perfect, side, pos.play(cell).unwrap(), games);
            }
        }
    }
}

#[test]
fn perfect_never_loses_against_any_opponent_on_3x3() {
    let dims = Dims::new(3, 3, 3).unwrap();
    for side in [Player::X, Player::O] {
        for seed in [None, Some(5)] {
            let mut perfect = new_player(Level::Perfect, seed, Duration::from_secs(30));
            let mut games = 0;
            never_loses(perfect.as_mut(), side, Position::new(dims), &mut games);
            assert!(games > 50, "{side}: only {games} games");
        }
    }
}

#[test]
fn perfect_wins_the_boards_the_first_player_wins() {
    // 3x4 with three in a row is a first-player win: perfect X wins against every defence.
    let dims = Dims::new(3, 4, 3).unwrap();
    let mut perfect = new_player(Level::Perfect, None, Duration::from_secs(30));
    let mut results: HashMap<&str, u64> = HashMap::new();
    fn walk(p: &mut dyn Strategy, pos: Position, results: &mut HashMap<&'static str, u64>) {
        if pos.is_over() {
            *results.entry(pos.outcome().status()).or_default() += 1;
        } else if pos.turn() == Player::X {
            let cell = p.choose(&pos).unwrap().cell;
            walk(p, pos.play(cell).unwrap(), results);
        } else {
            for cell in pos.legal_moves() {
                walk(p, pos.play(cell).unwrap(), results);
            }
        }
    }
    walk(perfect.as_mut(), Position::new(dims), &mut results);
    assert_eq!(results.keys().copied().collect::<Vec<_>>(), vec!["x_wins"]);
}
