//! The writer's side of a strategy's footprint (docs/PROOFS.md, "Footprints"): where the
//! writer replays a strategy for a pass once with the defender passing, the cells where one
//! more stone of the defender's could change what that replay decided. A reply elsewhere
//! needs no replay of its own: under free-style it would decide everything the same way.
//! The checker works its footprints out for itself, with code of its own.

use ttt_core::{Cell, Player, Position};

use crate::board::windows::Windows;

/// The cells gathered so far, while a strategy is replayed with the defender passing.
#[derive(Debug)]
pub(crate) struct Footprint {
    attacker: Player,
    windows: Windows,
    cells: Vec<bool>,
    /// Whether the replay reached a position too full to follow (fewer than two empty cells).
    too_full: bool,
}

impl Footprint {
    /// Nothing gathered yet, for `attacker`'s strategy on `pos`'s board.
    pub(crate) fn new(pos: &Position, attacker: Player) -> Footprint {
        let dims = pos.dims();
        Footprint {
            attacker,
            windows: Windows::new(dims.rows(), dims.cols(), dims.k()),
            cells: vec![false; dims.cells()],
            too_full: false,
        }
    }

    /// A cell that one of the attacker's moves takes.
    pub(crate) fn take(&mut self, pos: &Position, cell: Cell) {
        self.cells[pos.dims().index(cell)] = true;
    }

    /// A position the replay decides something at: the attacker's winning cells there, and
    /// the empty cells of the windows that hold none of the attacker's stones and enough of
    /// the defender's that one more would give it a line at once (K - 1, the attacker to
    /// move) or a move that completes one (K - 2, the defender to move).
    pub(crate) fn see(&mut self, pos: &Position) {
        if pos.count_blanks() < 2 {
            self.too_full = true;
            return;
        }
        for cell in pos.line_cells(self.attacker) {
            self.take(pos, cell);
        }
        let dims = pos.dims();
        let defender = self.attacker.other();
        let short = if pos.turn() == self.attacker { 1 } else { 2 };
        let enough = dims.k().saturating_sub(short);
        for window in self.windows.all() {
            let stones = window.iter().map(|&c| pos.get(dims.cell(usize::from(c))));
            if stones.clone().any(|s| s == Some(self.attacker)) {
                continue;
            }
            if stones.filter(|&s| s == Some(defender)).count() < enough {
                continue;
            }
            for &c in window {
                let c = usize::from(c);
                self.cells[c] |= pos.get(dims.cell(c)).is_none();
            }
        }
    }

    /// A position a defender's move reached from one seen: only whether it is too full to
    /// follow. Its windows one defender's stone short of a line were two short or less
    /// before the move, and its attacker's winning cells were winning cells before it.
    pub(crate) fn see_after_defender(&mut self, pos: &Position) {
        self.too_full |= pos.count_blanks() < 2;
    }

    /// The cells where a defender's stone could matter, or none where the replay reached a
    /// position too full to follow.
    pub(crate) fn cells(self) -> Option<Vec<bool>> {
        (!self.too_full).then_some(self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    /// The cells marked in `pos`'s footprint for X after seeing `pos`, as `(row, col)`.
    fn seen(rows: &[&str], k: usize) -> Option<Vec<(usize, usize)>> {
        let setup = Setup::from_notation(&rows.join("/")).unwrap();
        let pos = Position::from_setup(&setup, k).unwrap();
        let mut footprint = Footprint::new(&pos, Player::X);
        footprint.see(&pos);
        let cols = pos.dims().cols();
        footprint.cells().map(|cells| {
            (0..cells.len())
                .filter(|&i| cells[i])
                .map(|i| (i / cols, i % cols))
                .collect()
        })
    }

    #[test]
    fn the_attacker_to_move_marks_its_winning_cells_and_the_defenders_lines_of_k_minus_1() {
        // X to move (two stones each). X wins at (0, 2); O's three in the bottom row, with
        // no X in its windows, leaves (2, 3) where one more O stone would make four.
        let cells = seen(&["XX.....", ".......", "OO....."], 3).unwrap();
        assert_eq!(cells, [(0, 2), (2, 2)]);
        // With K = 4: no winning cell for X; O's two in a row are not K - 1.
        assert_eq!(seen(&["XX.....", ".......", "OO....."], 4).unwrap(), []);
    }

    #[test]
    fn the_defender_to_move_marks_the_empty_cells_of_its_windows_of_k_minus_2() {
        // O to move on 2 x 6 with K = 4: the windows of the top row holding O's two stones
        // and no X, (0, 1..5) and (0, 2..6), give their empty cells.
        let cells = seen(&["X..OO.", "X.X..."], 4).unwrap();
        assert_eq!(cells, [(0, 1), (0, 2), (0, 5)]);
        // An X in each of those windows leaves them out.
        assert_eq!(seen(&["X.XOO.", "X....."], 4).unwrap(), []);
    }

    #[test]
    fn a_position_with_fewer_than_two_empty_cells_has_no_footprint() {
        assert!(seen(&["XOX", "OXO", "OX."], 3).is_none());
        assert!(seen(&["XOX", "OX.", "OX."], 3).is_some());
        // After a defender's move, only the empty cells are counted.
        for (rows, full) in [("XOX/OXO/OX.", true), ("XOX/OX./OX.", false)] {
            let pos = Position::from_setup(&Setup::from_notation(rows).unwrap(), 3).unwrap();
            let mut footprint = Footprint::new(&pos, Player::X);
            footprint.see_after_defender(&pos);
            assert_eq!(footprint.cells().is_none(), full, "{rows}");
        }
    }
}
