//! Alpha-beta's move ordering: the table's move first, then by how much each move changes the
//! window counts (its own windows grow, the opponent's are spoiled), with the history of
//! earlier cut-offs to break ties. Good ordering is most of alpha-beta's speed: a cut-off at
//! the first move saves searching the rest.

use super::AlphaBeta;

impl AlphaBeta {
    /// Fills `moves` with the moves to try, best first, as (ordering score, cell).
    pub(super) fn generate(&self, moves: &mut Vec<(i32, u16)>, tt_move: Option<usize>) {
        let me = self.board.turn();
        let history = self.history.get(me);
        let near = self.restrict.then(|| self.neighbourhood());
        for cell in 0..self.board.cells() {
            if !self.board.is_empty(cell) || near.as_ref().is_some_and(|n| !n[cell]) {
                continue;
            }
            // A dead cell is as good as a pass, and in m,n,k-games passing never helps:
            // when only the value matters, such moves need no search.
            if !self.lengths && !self.board.is_live(cell) {
                continue;
            }
            let score = if Some(cell) == tt_move {
                i32::MAX
            } else {
                self.board.move_gain(cell) * 64 + history[cell].min(1 << 20)
            };
            moves.push((score, cell as u16));
        }
        // Stable: equal scores keep row-major order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
    }

    /// Cells within two steps of a mark, or the centre of an empty board.
    fn neighbourhood(&self) -> Vec<bool> {
        let dims = self.board.dims();
        let mut near = vec![false; self.board.cells()];
        let mut any = false;
        for cell in 0..self.board.cells() {
            if self.board.get(cell).is_some() {
                any = true;
                let c = dims.cell(cell);
                for dr in -2..=2 {
                    for dc in -2..=2 {
                        if let Some(n) = dims.step(c, (dr, dc), 1) {
                            near[dims.index(n)] = true;
                        }
                    }
                }
            }
        }
        if !any {
            for c in dims.centre_cells() {
                near[dims.index(c)] = true;
            }
        }
        near
    }
}
