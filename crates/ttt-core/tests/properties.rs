//! Property tests of the rules: random games on random boards.

use proptest::prelude::*;
use ttt_core::{Cell, Dims, Outcome, Player, Position, Setup, Symmetry};

/// A board shape and a random game on it, cut short after some moves.
fn game() -> impl Strategy<Value = (Dims, Vec<usize>)> {
    (1usize..=7, 1usize..=7)
        .prop_flat_map(|(r, c)| (Just(r), Just(c), 1..=r.max(c)))
        .prop_flat_map(|(r, c, k)| {
            let dims = Dims::new(r, c, k).unwrap();
            (Just(dims), prop::collection::vec(any::<usize>(), 0..=r * c))
        })
}

/// Plays `choices` (each picks among the legal moves) until they run out or the game ends.
fn play_out(dims: Dims, choices: &[usize]) -> Vec<Position> {
    let mut pos = Position::new(dims);
    let mut seen = vec![pos];
    for &choice in choices {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[choice % moves.len()]).unwrap();
        seen.push(pos);
    }
    seen
}

/// Whether `player` has K in a row anywhere, by brute force over every window.
fn has_line(pos: &Position, player: Player) -> bool {
    let d = pos.dims();
    let k = d.k() as i32;
    d.all_cells().any(|start| {
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&dir| {
            (0..k).all(|s| {
                d.step(start, dir, s)
                    .is_some_and(|c| pos.get(c) == Some(player))
            })
        })
    })
}

proptest! {
    #[test]
    fn play_then_undo_restores_the_position((dims, choices) in game()) {
        let line = play_out(dims, &choices);
        for pair in line.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let cell = dims.all_cells().find(|&c| before.get(c).is_none() && after.get(c).is_some()).unwrap();
            let mut undone = after;
            undone.undo(cell);
            prop_assert_eq!(undone, before);
        }
    }

    #[test]
    fn a_win_is_found_exactly_when_a_line_exists((dims, choices) in game()) {
        for pos in play_out(dims, &choices) {
            let x = has_line(&pos, Player::X);
            let o = has_line(&pos, Player::O);
            prop_assert!(!(x && o));
            let expected = if x {
                Outcome::Win(Player::X)
            } else if o {
                Outcome::Win(Player::O)
            } else if pos.count_blanks() == 0 {
                Outcome::Draw
            } else {
                Outcome::InProgress
            };
            prop_assert_eq!(pos.outcome(), expected);
            prop_assert_eq!(pos.winning_cells().is_empty(), !(x || o));
        }
    }

    #[test]
    fn notation_round_trips_and_revalidates((dims, choices) in game()) {
        for pos in play_out(dims, &choices) {
            let text = pos.to_string();
            let setup = Setup::from_notation(&text).unwrap();
            prop_assert_eq!(setup.to_string(), text.clone());
            let again = Position::from_setup(&setup, dims.k()).unwrap();
            prop_assert_eq!(again, pos);
        }
    }

    #[test]
    fn symmetric_positions_agree_on_the_outcome((dims, choices) in game()) {
        for pos in play_out(dims, &choices) {
            for &s in Symmetry::of(dims) {
                let image = pos.transform(s);
                prop_assert_eq!(image.outcome(), pos.outcome());
                prop_assert_eq!(image.transform(s.inverse()), pos);
                let revalidated = Position::from_setup(&image.setup(), dims.k()).unwrap();
                prop_assert_eq!(revalidated, image);
            }
        }
    }
}
