//! The windows of a board, listed once for both boards ([`super::Board`] and
//! [`super::stones::Stones`]): a *window* is a run of K cells in one direction, a place where
//! a line can be made. Both count marks window by window; this is where the windows are
//! found, with, for each cell, the windows through it, and what a window is worth.

/// The four line directions as (row, column) steps, in the order a cell's windows are listed.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Every window of a board, and the windows through each cell.
#[derive(Debug, Clone)]
pub(crate) struct Windows {
    k: usize,
    /// Cells of window `w` are `cells[w * k .. (w + 1) * k]`.
    cells: Vec<u16>,
    /// Windows through cell `c` are `through[start[c] .. start[c + 1]]`.
    start: Vec<u32>,
    through: Vec<u32>,
    /// The same windows grouped by direction: those through cell `c` in direction `d` are
    /// `runs[run_start[4 * c + d] .. run_start[4 * c + d + 1]]`, one cell further along the
    /// line each ([`Windows::runs`]).
    run_start: Vec<u32>,
    runs: Vec<u32>,
}

impl Windows {
    /// The windows of a board of `rows` x `cols` with `k` (at least 1) in a row, in the order
    /// of their first cell (row-major), then of [`DIRECTIONS`].
    pub(crate) fn new(rows: usize, cols: usize, k: usize) -> Windows {
        // With K = 1 every direction gives the same one-cell window: count it once.
        let directions = if k == 1 {
            &DIRECTIONS[..1]
        } else {
            &DIRECTIONS[..]
        };
        let (rows, cols, last) = (rows as i32, cols as i32, k as i32 - 1);
        let mut cells = Vec::new();
        let mut direction = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                for (d, &(dr, dc)) in directions.iter().enumerate() {
                    let (er, ec) = (r + dr * last, c + dc * last);
                    if (0..rows).contains(&er) && (0..cols).contains(&ec) {
                        for s in 0..=last {
                            cells.push(((r + dr * s) * cols + c + dc * s) as u16);
                        }
                        direction.push(d);
                    }
                }
            }
        }
        let (start, through) = windows_by_cell(&cells, k, (rows * cols) as usize);
        // A cell's windows in one direction, in the order of their first cells, which is
        // their order along the line.
        let mut run_start = vec![0u32];
        let mut runs = Vec::with_capacity(through.len());
        for c in 0..(rows * cols) as usize {
            let own = &through[start[c] as usize..start[c + 1] as usize];
            for d in 0..DIRECTIONS.len() {
                runs.extend(own.iter().filter(|&&w| direction[w as usize] == d));
                run_start.push(runs.len() as u32);
            }
        }
        Windows {
            k,
            cells,
            start,
            through,
            run_start,
            runs,
        }
    }

    /// The windows through `cell`, one list for each direction (some empty), each in order
    /// along its line: the `j`-th window's cells are the `j`-th to the `j + k - 1`-th of the
    /// line of cells the list covers ([`Windows::run_line`]).
    pub(crate) fn runs(&self, cell: usize) -> impl Iterator<Item = &[u32]> {
        let bounds = &self.run_start[4 * cell..4 * cell + 5];
        bounds
            .windows(2)
            .map(|b| &self.runs[b[0] as usize..b[1] as usize])
    }

    /// The line covered by `run`, a list of [`Windows::runs`] (not empty, K 2 or more): its
    /// first cell and the step from one cell to the next, so that its `i`-th cell is
    /// `first + i * step` (the cells of the run's first window, then the last cell of each
    /// window after it).
    pub(crate) fn run_line(&self, run: &[u32]) -> (usize, usize) {
        let cells = self.cells(run[0] as usize);
        let first = usize::from(cells[0]);
        (first, usize::from(cells[1]) - first)
    }

    /// How many windows there are.
    pub(crate) fn count(&self) -> usize {
        self.cells.len() / self.k
    }

    /// The cells of window `w`.
    pub(crate) fn cells(&self, w: usize) -> &[u16] {
        &self.cells[w * self.k..(w + 1) * self.k]
    }

    /// Every window's cells, window by window.
    pub(crate) fn all(&self) -> std::slice::ChunksExact<'_, u16> {
        self.cells.chunks_exact(self.k)
    }

    /// The windows through `cell`.
    pub(crate) fn through(&self, cell: usize) -> &[u32] {
        &self.through[self.through_range(cell)]
    }

    /// Where the windows through `cell` are listed, for [`Windows::through_at`]: for a
    /// board that changes itself window by window as it goes through them.
    pub(crate) fn through_range(&self, cell: usize) -> std::ops::Range<usize> {
        self.start[cell] as usize..self.start[cell + 1] as usize
    }

    /// The window listed at `i` (see [`Windows::through_range`]).
    pub(crate) fn through_at(&self, i: usize) -> usize {
        self.through[i] as usize
    }
}

/// For each of `n` cells, the windows through it: `window_cells` holds the windows' cells, `k`
/// a window; the answer is where each cell's list starts (`n + 1` offsets) and the lists one
/// after the other, so that a cell's windows are one slice.
fn windows_by_cell(window_cells: &[u16], k: usize, n: usize) -> (Vec<u32>, Vec<u32>) {
    let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (w, cells) in window_cells.chunks_exact(k).enumerate() {
        for &c in cells {
            per_cell[usize::from(c)].push(w as u32);
        }
    }
    let mut start = vec![0u32];
    let mut through = Vec::new();
    for list in per_cell {
        through.extend(list);
        start.push(through.len() as u32);
    }
    (start, through)
}

/// What a window is worth to a side by how many of its marks it holds (and none of the
/// other's), and so what a window adds to the gain of a move on it: one table type for both
/// boards. The values differ by board, as each serves its own searches: the exact searches'
/// board orders its moves by [`Weights::exact`], the threat searches' board and the strong
/// player evaluate by [`Weights::threats`]; one set of values for both would change the
/// order in which both search, and so what they search.
#[derive(Debug, Clone)]
pub(crate) struct Weights {
    k: usize,
    /// `by_count[n]`: the weight of a window holding `n` marks of one side, for `n` up to
    /// K + 1 (a window one mark beyond complete weighs what a complete one does, or more).
    by_count: Vec<i32>,
    /// `gain_of[mine * (K + 1) + theirs]`: what a window holding `mine` of the mover's marks
    /// and `theirs` of the opponent's adds to the gain of a move on it (the mover's window
    /// growing, or the opponent's spoiled).
    gain_of: Vec<i32>,
}

impl Weights {
    /// The exact searches' weights: each mark multiplies a window's weight by six (up to
    /// seven marks), so that one window nearer completion outweighs several further from it.
    pub(crate) fn exact(k: usize) -> Weights {
        const POWERS_OF_SIX: [i32; 8] = [0, 1, 6, 36, 216, 1296, 7776, 46656];
        Weights::new(k, |n| POWERS_OF_SIX[n.min(POWERS_OF_SIX.len() - 1)])
    }

    /// The threat searches' weights, by how many marks a window lacks: a four weighs most.
    pub(crate) fn threats(k: usize) -> Weights {
        Weights::new(k, |n| {
            if n == 0 {
                return 0;
            }
            match k.saturating_sub(n) {
                0 => 50_000,
                1 => 1_000,
                2 => 120,
                3 => 15,
                4 => 3,
                _ => 1,
            }
        })
    }

    fn new(k: usize, weight: impl Fn(usize) -> i32) -> Weights {
        let by_count: Vec<i32> = (0..=k + 1).map(weight).collect();
        let gain_of = (0..=k)
            .flat_map(|m| (0..=k).map(move |t| (m, t)))
            .map(|(m, t)| {
                let mut gain = 0;
                if t == 0 {
                    gain += by_count[m + 1] - by_count[m];
                }
                if m == 0 {
                    gain += by_count[t] + i32::from(t > 0);
                }
                gain
            })
            .collect();
        Weights {
            k,
            by_count,
            gain_of,
        }
    }

    /// The weight of a window holding `n` of one side's marks and none of the other's.
    pub(crate) fn weight(&self, n: usize) -> i32 {
        self.by_count[n]
    }

    /// What one more mark adds to the weight of a window holding `n` of one side's marks
    /// and none of the other's.
    pub(crate) fn growth(&self, n: u8) -> i32 {
        let n = usize::from(n);
        self.by_count[n + 1] - self.by_count[n]
    }

    /// What a window holding `mine` of the mover's marks and `theirs` of the opponent's adds
    /// to the gain of a move on it.
    pub(crate) fn gain(&self, mine: usize, theirs: usize) -> i32 {
        self.gain_of[mine * (self.k + 1) + theirs]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Dims;

    #[test]
    fn every_run_of_k_cells_is_one_window_in_board_order() {
        for (rows, cols, k) in [(3, 3, 3), (4, 7, 4), (6, 6, 1), (1, 5, 2), (15, 15, 5)] {
            let dims = Dims::new(rows, cols, k).unwrap();
            let mut expected = Vec::new();
            for start in dims.all_cells() {
                let directions = if k == 1 {
                    &DIRECTIONS[..1]
                } else {
                    &DIRECTIONS[..]
                };
                for &dir in directions {
                    if dims.step(start, dir, k as i32 - 1).is_some() {
                        expected.extend(
                            (0..k as i32)
                                .map(|s| dims.index(dims.step(start, dir, s).unwrap()) as u16),
                        );
                    }
                }
            }
            let windows = Windows::new(rows, cols, k);
            let listed: Vec<u16> = windows.all().flatten().copied().collect();
            assert_eq!(listed, expected, "{rows}x{cols} k={k}");
            for c in 0..rows * cols {
                let holding: Vec<u32> = (0..windows.count())
                    .filter(|&w| windows.cells(w).contains(&(c as u16)))
                    .map(|w| w as u32)
                    .collect();
                assert_eq!(windows.through(c), holding, "{rows}x{cols} k={k} cell {c}");
                let by_slot: Vec<u32> = windows
                    .through_range(c)
                    .map(|i| windows.through_at(i) as u32)
                    .collect();
                assert_eq!(by_slot, holding);
                // By direction: the same windows, each one cell on from the one before.
                let mut grouped: Vec<u32> = windows.runs(c).flatten().copied().collect();
                grouped.sort_unstable();
                assert_eq!(grouped, holding);
                for run in windows.runs(c).filter(|run| k >= 2 && !run.is_empty()) {
                    let (first, step) = windows.run_line(run);
                    for (j, &w) in run.iter().enumerate() {
                        let line: Vec<u16> =
                            (j..j + k).map(|i| (first + i * step) as u16).collect();
                        assert_eq!(line, windows.cells(w as usize), "cell {c} window {w}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_board_keeps_its_own_weights() {
        let exact = Weights::exact(9);
        let weights: Vec<i32> = (0..=10).map(|n| exact.weight(n)).collect();
        assert_eq!(
            weights,
            [0, 1, 6, 36, 216, 1296, 7776, 46656, 46656, 46656, 46656]
        );
        let threats = Weights::threats(5);
        let weights: Vec<i32> = (0..=6).map(|n| threats.weight(n)).collect();
        assert_eq!(weights, [0, 3, 15, 120, 1_000, 50_000, 50_000]);
        // A complete window cannot grow; one the opponent holds only spoils.
        assert_eq!(threats.gain(5, 0), 0);
        assert_eq!(threats.gain(0, 4), 1_001);
        assert_eq!(exact.gain(2, 0), 30);
        assert_eq!(exact.gain(1, 1), 0);
    }
}
