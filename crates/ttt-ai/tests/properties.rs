//! Property tests: the solver's values do not depend on how the board is turned or mirrored.

use proptest::prelude::*;
use ttt_ai::Solver;
use ttt_core::{Cell, Dims, Position, Symmetry};

/// A random position reached by play on a board of at most 12 cells.
fn position() -> impl Strategy<Value = Position> {
    (1usize..=4, 1usize..=4)
        .prop_filter("small enough to solve quickly", |(r, c)| r * c <= 12)
        .prop_flat_map(|(r, c)| (Just(r), Just(c), 1..=r.max(c)))
        .prop_flat_map(|(r, c, k)| {
            (
                Just(Dims::new(r, c, k).unwrap()),
                prop::collection::vec(any::<usize>(), 0..=r * c),
            )
        })
        .prop_map(|(dims, choices)| {
            let mut pos = Position::new(dims);
            for choice in choices {
                let moves: Vec<Cell> = pos.legal_moves().collect();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[choice % moves.len()]).unwrap();
            }
            pos
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_are_invariant_under_symmetry(pos in position()) {
        let solve = |p: &Position| Solver::new(p).analyze();
        let original = solve(&pos);
        for &s in Symmetry::of(pos.dims()) {
            let image = pos.transform(s);
            let turned = solve(&image);
            prop_assert_eq!(turned.value, original.value);
            prop_assert_eq!(turned.plies, original.plies);
            for m in &original.moves {
                let target = s.apply(pos.dims(), m.cell);
                let twin = turned.moves.iter().find(|t| t.cell == target).unwrap();
                prop_assert_eq!(twin.verdict, m.verdict, "{} {:?}", pos, s);
            }
        }
    }
}
