//! A strategy's footprint: the cells where one more stone of the defender's could change
//! anything a replay of the strategy decides. Under free-style, a replay after a reply
//! outside the footprint goes exactly as the strategy's check with the defender passing,
//! so it need not be run (docs/PROOFS.md, "Strategies replayed").
//!
//! A replay after the defender's reply `r` visits the positions of the walk with the
//! defender passing, each with `r`'s stone added. What the checker asks at each, and why a
//! stone at `r` outside the footprint leaves every answer as it was:
//!
//! - whether a move of the attacker's, or a cell of a line of fours, is legal: each such
//!   cell is in the footprint, so `r` does not take it;
//! - whether the attacker completes a line, and where it could (its winning cells): a line
//!   of the attacker's own stones, which no other stone of the defender's spoils under
//!   free-style; the winning cells themselves are in the footprint;
//! - whether the defender completes a line, at once or with one move: a line through `r`
//!   would need, with the attacker to move, `K - 1` of the defender's stones already in a
//!   window with none of the attacker's, or with the defender to move, `K - 2`; the empty
//!   cells of every such window are in the footprint. A line not through `r` is as it was;
//! - whether the board is full: a walk with a position of fewer than two empty cells has no
//!   footprint (every reply is replayed);
//! - which replies the defender has: those of the walk but `r`, each met as in the walk, and
//!   a listed reply on `r`'s cell is passed over in a replay as the format says.
//!
//! Children reached by a symmetry (which would move `r`'s stone), zones, pairings and weight
//! counts are not followed: a walk with any of them has no footprint.

use ttt_core::{Cell, Dims, Player, Position};

/// The cells of a strategy's footprint, gathered while its walk with the defender passing
/// is checked.
#[derive(Debug, Clone)]
pub(crate) struct Footprint {
    attacker: Player,
    dims: Dims,
    /// Every line of K cells, as indices.
    windows: Vec<Vec<usize>>,
    cells: Vec<bool>,
    /// Whether the walk met something the footprint does not follow.
    spoiled: bool,
}

impl Footprint {
    /// An empty footprint for `attacker`'s strategy on `pos`'s board.
    pub(crate) fn new(pos: &Position, attacker: Player) -> Footprint {
        let dims = pos.dims();
        Footprint {
            attacker,
            dims,
            windows: dims
                .windows()
                .map(|w| w.into_iter().map(|c| dims.index(c)).collect())
                .collect(),
            cells: vec![false; dims.cells()],
            spoiled: false,
        }
    }

    /// Adds a cell that a move of the walk takes.
    pub(crate) fn take(&mut self, cell: Cell) {
        if self.dims.contains(cell) {
            self.cells[self.dims.index(cell)] = true;
        }
    }

    /// Adds what a position of the walk asks of the board: the attacker's winning cells,
    /// and the empty cells of the windows where one more stone of the defender's gives it a
    /// line now (the attacker to move) or after one move (the defender to move).
    pub(crate) fn visit(&mut self, pos: &Position) {
        if pos.count_blanks() < 2 {
            self.spoiled = true;
            return;
        }
        for cell in pos.line_cells(self.attacker) {
            self.take(cell);
        }
        let defender = self.attacker.other();
        let k = self.dims.k();
        let least = if pos.turn() == self.attacker {
            k.saturating_sub(1)
        } else {
            k.saturating_sub(2)
        };
        let dims = self.dims;
        let cell_at = |i: usize| dims.cell(i);
        for w in &self.windows {
            let mut theirs = 0;
            let mut ours = false;
            for &i in w {
                match pos.get(cell_at(i)) {
                    Some(p) if p == defender => theirs += 1,
                    Some(_) => ours = true,
                    None => {}
                }
            }
            if !ours && theirs >= least {
                for &i in w {
                    if pos.get(cell_at(i)).is_none() {
                        self.cells[i] = true;
                    }
                }
            }
        }
    }

    /// Adds a position that a defender's move reached from one visited: only whether it is
    /// too full to follow. Its windows of `K - 1` of the defender's stones held `K - 2` or
    /// more before the move, and its attacker's winning cells were winning cells before it:
    /// the cells of both are in already.
    pub(crate) fn visit_after_defender(&mut self, pos: &Position) {
        if pos.count_blanks() < 2 {
            self.spoiled = true;
        }
    }

    /// The walk met something the footprint does not follow: a symmetry, a zone, a pairing
    /// or a weight count.
    pub(crate) fn spoil(&mut self) {
        self.spoiled = true;
    }

    /// The cells, or none where the walk met something the footprint does not follow.
    pub(crate) fn into_cells(self) -> Option<Vec<bool>> {
        (!self.spoiled).then_some(self.cells)
    }
}
