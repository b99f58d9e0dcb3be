//! The board of the threat-space search and of the strong player on big boards: window counts
//! per side, as in [`super::Board`], but for boards of up to [`MAX_SIDE`] cells a side (the
//! Gomocup's), built from a list of moves rather than a [`Position`] (which stops at 24), with
//! one Zobrist hash instead of a key per symmetry (big boards seldom meet the same position
//! turned), and with what threats need at every node:
//!
//! - a *four* window holds K-1 of a side's marks and none of the other's: its empty cell
//!   completes a line;
//! - a *three* window holds K-2: a mark on one of its empty cells makes a four;
//! - a *two* window holds K-3: a mark there makes a three.
//!
//! Each cell keeps how many of each side's fours, threes and twos pass through it, and what
//! a mark there gains each side (the move ordering), all updated as marks are played and
//! taken back, one line through the mark at a time.

use std::fmt;

use ttt_core::{ByPlayer, Cell, Player, Position};

use super::for_both;
use super::windows::{Weights, Windows};
use crate::rng::Rng;

/// The largest side this board takes: the Gomocup's largest board.
pub(crate) const MAX_SIDE: usize = 32;

/// How far (in rows and columns) a mark makes the cells around it worth searching.
const NEAR: usize = 2;

/// A board of marks with its windows' counts, for boards of up to [`MAX_SIDE`] a side and any
/// K.
#[derive(Debug, Clone)]
pub(crate) struct Stones {
    rows: usize,
    cols: usize,
    k: usize,
    cells: Vec<Option<Player>>,
    turn: Player,
    /// The moves played, in order (passes are not moves).
    moves: Vec<u16>,
    windows: Windows,
    counts: ByPlayer<Vec<u8>>,
    /// For each cell, its fours, threes and twos and what a mark there gains each side: one
    /// place for all that a window's change touches at the cell.
    sums: Vec<CellSums>,
    /// How many four and three windows each side has, in the order of [`CellSums::lines`].
    windows_of: [u32; 4],
    /// What a window is worth, and adds to the gain of a move on it: the weights of the
    /// threat searches and the strong player ([`Weights::threats`]).
    weights: Weights,
    /// What a mark adds to a window's part in those sums ([`Part::steps`]).
    steps: ByPlayer<Vec<Part>>,
    /// Each side's open windows' weights added up: the evaluation's material.
    potential: ByPlayer<i32>,
    /// For each row, its marks as bits, bit `c` for column `c`: whether a cell has marks
    /// within [`NEAR`] rows and columns is a few masks away, and a move changes one bit.
    marked: Vec<u32>,
    hash: u64,
    zobrist: ByPlayer<Vec<u64>>,
    /// Hashed in while the side to move is O, so that passes change the hash.
    turn_key: u64,
    /// Room for the changes of one direction's windows while a mark is counted in or out.
    parts: Scratch,
}

/// Working room that is not part of the board: its copies start empty, and it is not shown.
#[derive(Default)]
struct Scratch(Vec<CellSums>);

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch::default()
    }
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch")
    }
}

/// Why a board could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooBig;

impl Stones {
    /// The empty board of `rows` x `cols` with `k` in a row to win.
    pub(crate) fn new(rows: usize, cols: usize, k: usize) -> Result<Stones, TooBig> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) || k < 2 {
            return Err(TooBig);
        }
        let n = rows * cols;
        let index = Windows::new(rows, cols, k);
        let windows = index.count();
        let mut rng = Rng::seeded(0x0005_eed5_70e5);
        let mut keys = || (0..n).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        let zobrist = ByPlayer {
            x: keys(),
            o: keys(),
        };
        let turn_key = rng.next_u64();
        let weights = Weights::threats(k);
        let mut board = Stones {
            rows,
            cols,
            k,
            cells: vec![None; n],
            turn: Player::X,
            moves: Vec::new(),
            windows: index,
            counts: for_both(vec![0; windows]),
            sums: vec![CellSums::default(); n],
            windows_of: [0; 4],
            steps: Part::steps(k, &weights),
            weights,
            potential: ByPlayer::default(),
            marked: vec![0; rows],
            hash: 0,
            zobrist,
            turn_key,
            parts: Scratch::default(),
        };
        for w in 0..windows {
            board.spread(w);
        }
        Ok(board)
    }

    /// The board of `pos`, its marks played in row-major order.
    pub(crate) fn of_position(pos: &Position) -> Stones {
        let dims = pos.dims();
        let mut board = Stones::new(dims.rows(), dims.cols(), dims.k().max(2))
            .expect("positions are smaller than the largest board");
        for (i, cell) in dims.all_cells().enumerate() {
            if let Some(p) = pos.get(cell) {
                board.put(i, p);
            }
        }
        board.set_turn(pos.turn());
        board
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    pub(crate) fn k(&self) -> usize {
        self.k
    }

    pub(crate) fn cells(&self) -> usize {
        self.cells.len()
    }

    pub(crate) fn turn(&self) -> Player {
        self.turn
    }

    /// Makes `player` the side to move.
    pub(crate) fn set_turn(&mut self, player: Player) {
        if self.turn != player {
            self.pass();
        }
    }

    pub(crate) fn get(&self, cell: usize) -> Option<Player> {
        self.cells[cell]
    }

    pub(crate) fn is_empty(&self, cell: usize) -> bool {
        self.cells[cell].is_none()
    }

    /// The moves played so far, in order.
    pub(crate) fn moves(&self) -> &[u16] {
        &self.moves
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the board would have after the side to move played the empty `cell`.
    pub(crate) fn hash_after(&self, cell: usize) -> u64 {
        self.hash ^ self.zobrist.get(self.turn)[cell] ^ self.turn_key
    }

    /// The index of (`row`, `col`), if on the board.
    pub(crate) fn index(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols).then(|| row * self.cols + col)
    }

    pub(crate) fn cell(&self, index: usize) -> Cell {
        Cell::new((index / self.cols) as u8, (index % self.cols) as u8)
    }

    /// Whether some mark lies within two rows and columns of `cell`.
    pub(crate) fn is_near(&self, cell: usize) -> bool {
        let (r, c) = (cell / self.cols, cell % self.cols);
        // Columns c - NEAR to c + NEAR, those left of the board shifted out.
        let columns = ((1u64 << (2 * NEAR + 1)) - 1) << c >> NEAR;
        let rows = r.saturating_sub(NEAR)..(r + NEAR + 1).min(self.rows);
        self.marked[rows]
            .iter()
            .any(|&row| u64::from(row) & columns != 0)
    }

    /// Each side's count of the kind of windows at `at` ([`FOURS`], ...), cell by cell.
    #[cfg(test)]
    fn lines(&self, at: usize) -> ByPlayer<Vec<u16>> {
        ByPlayer {
            x: self.sums.iter().map(|s| s.lines[at]).collect(),
            o: self.sums.iter().map(|s| s.lines[at + 1]).collect(),
        }
    }

    /// Whether `player` completes a line by playing `cell` (empty).
    #[cfg(test)]
    pub(crate) fn wins_at(&self, player: Player, cell: usize) -> bool {
        self.sums[cell].lines[FOURS + side(player)] > 0 && self.cells[cell].is_none()
    }

    /// How many of `player`'s three windows pass through `cell`: a mark there makes that many
    /// fours (some of them may share their winning cell).
    pub(crate) fn threes_at(&self, player: Player, cell: usize) -> u16 {
        self.sums[cell].lines[THREES + side(player)]
    }

    /// How many of `player`'s two windows pass through `cell`.
    pub(crate) fn twos_at(&self, player: Player, cell: usize) -> u16 {
        self.sums[cell].lines[TWOS + side(player)]
    }

    /// Whether `player` has a four window: a cell that completes a line.
    pub(crate) fn has_four(&self, player: Player) -> bool {
        self.windows_of[FOURS + side(player)] > 0
    }

    /// Whether `player` has a three window: a move that makes a four.
    pub(crate) fn has_three(&self, player: Player) -> bool {
        self.windows_of[THREES + side(player)] > 0
    }

    /// The empty cells where `player` completes a line, at most `most` of them, in board
    /// order.
    pub(crate) fn winning_cells(&self, player: Player, most: usize) -> Vec<usize> {
        if !self.has_four(player) {
            return Vec::new();
        }
        let fours = FOURS + side(player);
        (0..self.cells.len())
            .filter(|&c| self.sums[c].lines[fours] > 0 && self.cells[c].is_none())
            .take(most)
            .collect()
    }

    /// What a mark on `cell` gains the side to move.
    pub(crate) fn gain(&self, cell: usize) -> i32 {
        self.sums[cell].gain[side(self.turn)]
    }

    /// What a mark on `cell` gains `player`.
    pub(crate) fn gain_for(&self, player: Player, cell: usize) -> i32 {
        self.sums[cell].gain[side(player)]
    }

    /// `player`'s open windows' weights added up.
    pub(crate) fn potential(&self, player: Player) -> i32 {
        *self.potential.get(player)
    }

    /// How many windows the board has: they are numbered from 0.
    pub(crate) fn window_count(&self) -> usize {
        self.windows.count()
    }

    pub(crate) fn windows_through(&self, cell: usize) -> &[u32] {
        self.windows.through(cell)
    }

    pub(crate) fn window(&self, w: usize) -> &[u16] {
        self.windows.cells(w)
    }

    /// How many of `player`'s marks window `w` holds.
    pub(crate) fn count(&self, player: Player, w: usize) -> usize {
        usize::from(self.counts.get(player)[w])
    }

    /// The empty cells that complete a line for `player` through windows passing through
    /// `cell`: after a move at `cell`, the new winning cells it made. At most two, distinct.
    pub(crate) fn wins_through(&self, player: Player, cell: usize) -> ([u16; 2], usize) {
        let mut found = [0u16; 2];
        let mut n = 0;
        let other = player.other();
        for &w in self.windows_through(cell) {
            let w = w as usize;
            if self.count(player, w) + 1 == self.k && self.count(other, w) == 0 {
                if let Some(&e) = self.window(w).iter().find(|&&c| self.is_empty(c.into())) {
                    if n == 0 || (n == 1 && found[0] != e) {
                        found[n] = e;
                        n += 1;
                        if n == 2 {
                            break;
                        }
                    }
                }
            }
        }
        (found, n)
    }

    /// Adds window `w`'s part, as its counts stand, to the per-cell and per-side sums: the
    /// empty board's windows, one by one.
    fn spread(&mut self, w: usize) {
        let (x, o) = (self.counts.x[w], self.counts.o[w]);
        let part = Part::of(self.k, &self.weights, usize::from(x), usize::from(o));
        self.potential.x += part.potential.x;
        self.potential.o += part.potential.o;
        for (n, &count) in self.windows_of.iter_mut().zip(&part.cell.lines) {
            *n += u32::from(count);
        }
        for &c in self.windows.cells(w) {
            let sums = &mut self.sums[usize::from(c)];
            *sums = sums.plus(part.cell);
        }
    }

    /// Puts `player`'s mark on the empty `cell`, whoever's turn it is; returns whether it
    /// completes a line.
    fn place(&mut self, cell: usize, player: Player) -> bool {
        let won = self.change(cell, player, false);
        self.cells[cell] = Some(player);
        self.hash ^= self.zobrist.get(player)[cell];
        self.flip_marked(cell);
        won
    }

    fn remove(&mut self, cell: usize) {
        let Some(player) = self.cells[cell] else {
            return;
        };
        self.cells[cell] = None;
        self.change(cell, player, true);
        self.hash ^= self.zobrist.get(player)[cell];
        self.flip_marked(cell);
    }

    /// Counts `player`'s mark on `cell` into the windows through it (or out of them, when
    /// `removing`), and moves the sums with them; returns whether a window is now complete.
    ///
    /// The sums are moved one direction at a time: a cell of that line gets, in one
    /// addition, the changes of all the windows over it (a running sum along the line), not
    /// one addition a window (K windows over the mark itself, fewer further out).
    fn change(&mut self, cell: usize, player: Player, removing: bool) -> bool {
        let k = self.k;
        let mut won = false;
        let mut total = Part::default();
        let windows = &self.windows;
        let parts = &mut self.parts.0;
        // A run has K windows at most; every slot of a run is written below before it is
        // read, so what the last call left does not matter.
        parts.resize(parts.len().max(k), CellSums::default());
        for run in windows.runs(cell) {
            let mut any = false;
            for (part, &w) in parts.iter_mut().zip(run) {
                let w = w as usize;
                if removing {
                    self.counts.get_mut(player)[w] -= 1;
                }
                let (x, o) = (self.counts.x[w], self.counts.o[w]);
                if !removing {
                    let n = self.counts.get(player)[w] + 1;
                    self.counts.get_mut(player)[w] = n;
                    won |= usize::from(n) == k;
                }
                // A window both sides hold stays dead: nothing it adds changes.
                *part = if x == 0 || o == 0 {
                    let step = self.steps.get(player)[usize::from(x) * (k + 1) + usize::from(o)];
                    let step = if removing { step.negated() } else { step };
                    total = total.plus(step);
                    any = true;
                    step.cell
                } else {
                    CellSums::default()
                };
            }
            if !any {
                continue;
            }
            let (first, step) = windows.run_line(run);
            let line = &mut self.sums[first..];
            let mut running = CellSums::default();
            for i in 0..run.len() + k - 1 {
                if i < run.len() {
                    running = running.plus(parts[i]);
                }
                if i >= k {
                    running = running.minus(parts[i - k]);
                }
                line[i * step] = line[i * step].plus(running);
            }
        }
        self.potential.x += total.potential.x;
        self.potential.o += total.potential.o;
        for (n, &change) in self.windows_of.iter_mut().zip(&total.cell.lines) {
            // The changes are stored wrapped: -1 is u16::MAX.
            *n = n.wrapping_add_signed(i32::from(change as i16));
        }
        won
    }

    /// Flips `cell`'s bit in [`Stones::marked`]: on when a mark is placed, off when taken.
    fn flip_marked(&mut self, cell: usize) {
        self.marked[cell / self.cols] ^= 1 << (cell % self.cols);
    }

    /// Plays the empty `cell` for the side to move; returns whether it completes a line.
    pub(crate) fn play(&mut self, cell: usize) -> bool {
        let won = self.place(cell, self.turn);
        self.moves.push(cell as u16);
        self.pass();
        won
    }

    /// Puts `player`'s mark on the empty `cell` whoever's turn it is (a board handed over
    /// whole, in no particular order); returns whether it completes a line.
    pub(crate) fn put(&mut self, cell: usize, player: Player) -> bool {
        let won = self.place(cell, player);
        self.moves.push(cell as u16);
        won
    }

    /// Empties `cell`, played at any time, leaving the turn as it is; returns whether it held
    /// a mark.
    pub(crate) fn take_back(&mut self, cell: usize) -> bool {
        if self.cells[cell].is_none() {
            return false;
        }
        self.remove(cell);
        if let Some(i) = self.moves.iter().rposition(|&m| usize::from(m) == cell) {
            self.moves.remove(i);
        }
        true
    }

    /// Takes back the last move, if any; returns its cell.
    pub(crate) fn undo(&mut self) -> Option<usize> {
        let cell = usize::from(self.moves.pop()?);
        self.remove(cell);
        self.pass();
        Some(cell)
    }

    /// Hands the move to the other side without playing.
    pub(crate) fn pass(&mut self) {
        self.turn = self.turn.other();
        self.hash ^= self.turn_key;
    }

    /// The static evaluation for the side to move: its open windows' weights against the
    /// opponent's, the side to move counting a little more since it moves next. Positive is
    /// good for the side to move.
    pub(crate) fn evaluate(&self) -> i32 {
        let me = self.potential(self.turn);
        let them = self.potential(self.turn.other());
        me + me / 4 - them
    }
}

/// Where [`CellSums::lines`] keeps X's fours (O's next to it), threes and twos.
const FOURS: usize = 0;
const THREES: usize = 2;
const TWOS: usize = 4;

/// Where X's and O's numbers are kept in [`CellSums`].
fn side(player: Player) -> usize {
    usize::from(player == Player::O)
}

/// What a board keeps for one cell, or a window adds to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct CellSums {
    /// What a mark here gains X and O: its windows grow, the other's open windows are spoiled.
    gain: [i32; 2],
    /// How many of X's and O's four, three and two windows pass through the cell ([`FOURS`],
    /// [`THREES`], [`TWOS`]); eight, not six, so that one addition of vectors adds them all.
    lines: [u16; 8],
}

impl CellSums {
    /// The sums added to these (the counts of lines wrapped, as `u16`).
    fn plus(self, d: CellSums) -> CellSums {
        let mut lines = self.lines;
        for (n, d) in lines.iter_mut().zip(d.lines) {
            *n = n.wrapping_add(d);
        }
        CellSums {
            gain: [self.gain[0] + d.gain[0], self.gain[1] + d.gain[1]],
            lines,
        }
    }

    /// These sums less `d` (the counts of lines wrapped, as `u16`).
    fn minus(self, d: CellSums) -> CellSums {
        let mut lines = self.lines;
        for (n, d) in lines.iter_mut().zip(d.lines) {
            *n = n.wrapping_sub(d);
        }
        CellSums {
            gain: [self.gain[0] - d.gain[0], self.gain[1] - d.gain[1]],
            lines,
        }
    }
}

/// What one window adds to the sums of a board, given its counts: to each side's potential,
/// and to each of its cells' sums.
#[derive(Debug, Clone, Copy, Default)]
struct Part {
    potential: ByPlayer<i32>,
    cell: CellSums,
}

impl Part {
    /// The part of a window holding `x` of X's marks and `o` of O's, K being `k`.
    fn of(k: usize, weights: &Weights, x: usize, o: usize) -> Part {
        let flag = |mine: usize, theirs: usize, lack: usize| {
            u16::from(theirs == 0 && mine + lack == k && mine < k)
        };
        let mut lines = [0; 8];
        for (at, lack) in [(FOURS, 1), (THREES, 2), (TWOS, 3)] {
            lines[at] = flag(x, o, lack);
            lines[at + 1] = flag(o, x, lack);
        }
        Part {
            potential: ByPlayer {
                x: if o == 0 { weights.weight(x) } else { 0 },
                o: if x == 0 { weights.weight(o) } else { 0 },
            },
            cell: CellSums {
                gain: [weights.gain(x, o), weights.gain(o, x)],
                lines,
            },
        }
    }

    /// For each side, the change to a window's part when that side adds a mark, indexed by
    /// the X and O marks it held, `x * (k + 1) + o` (none where the side had K already).
    fn steps(k: usize, weights: &Weights) -> ByPlayer<Vec<Part>> {
        let mut steps = for_both(vec![Part::default(); (k + 1) * (k + 1)]);
        for x in 0..=k {
            for o in 0..=k - x {
                let here = Part::of(k, weights, x, o);
                if x < k {
                    steps.x[x * (k + 1) + o] = Part::of(k, weights, x + 1, o).minus(here);
                }
                if o < k {
                    steps.o[x * (k + 1) + o] = Part::of(k, weights, x, o + 1).minus(here);
                }
            }
        }
        steps
    }

    /// The opposite change.
    fn negated(self) -> Part {
        Part::default().minus(self)
    }

    /// What changes from `before` to this part (the counts of lines wrapped, as `u16`).
    fn minus(self, before: Part) -> Part {
        Part {
            potential: ByPlayer {
                x: self.potential.x - before.potential.x,
                o: self.potential.o - before.potential.o,
            },
            cell: self.cell.minus(before.cell),
        }
    }

    /// Both changes together.
    fn plus(self, d: Part) -> Part {
        Part {
            potential: ByPlayer {
                x: self.potential.x + d.potential.x,
                o: self.potential.o + d.potential.o,
            },
            cell: self.cell.plus(d.cell),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ttt_core::Setup;

    /// The board of a position in the notation, K in a row.
    pub(crate) fn stones(notation: &str, k: usize) -> Stones {
        let pos = Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap();
        Stones::of_position(&pos)
    }

    /// Every per-cell count from scratch, window by window.
    fn recount(b: &Stones) -> [ByPlayer<Vec<u16>>; 3] {
        let mut out: [ByPlayer<Vec<u16>>; 3] = std::array::from_fn(|_| ByPlayer {
            x: vec![0; b.cells()],
            o: vec![0; b.cells()],
        });
        for w in 0..b.windows.count() {
            for p in [Player::X, Player::O] {
                let (mine, theirs) = (b.count(p, w), b.count(p.other(), w));
                for (lack, sums) in out.iter_mut().enumerate() {
                    if theirs == 0 && mine < b.k && mine + lack + 1 == b.k {
                        for &c in b.window(w) {
                            sums.get_mut(p)[usize::from(c)] += 1;
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn counts_and_sums_kept_by_play_and_undo_are_those_from_scratch() {
        let mut rng = Rng::seeded(4);
        for (rows, cols, k) in [(15, 15, 5), (7, 9, 4), (32, 32, 5), (6, 6, 6)] {
            let mut b = Stones::new(rows, cols, k).unwrap();
            let fresh = format!("{b:?}");
            for _ in 0..40 {
                let free: Vec<usize> = (0..b.cells()).filter(|&c| b.is_empty(c)).collect();
                let Some(cell) = rng.pick(&free) else { break };
                b.play(cell);
                let [fours, threes, twos] = recount(&b);
                assert_eq!((b.lines(FOURS), b.lines(THREES)), (fours, threes));
                assert_eq!(b.lines(TWOS), twos);
                // Each side's four and three windows, counted afresh.
                let mut windows_of = [0; 4];
                for w in 0..b.windows.count() {
                    for p in [Player::X, Player::O] {
                        let (mine, theirs) = (b.count(p, w), b.count(p.other(), w));
                        for (at, lack) in [(FOURS, 1), (THREES, 2)] {
                            if theirs == 0 && mine < b.k && mine + lack == b.k {
                                windows_of[at + side(p)] += 1;
                            }
                        }
                    }
                }
                assert_eq!(b.windows_of, windows_of);
                // Each cell's sums and each side's potential, added up afresh from every
                // window's part.
                let mut sums = vec![CellSums::default(); b.cells()];
                let mut potential = ByPlayer::<i32>::default();
                for w in 0..b.windows.count() {
                    let (x, o) = (b.count(Player::X, w), b.count(Player::O, w));
                    let part = Part::of(b.k, &b.weights, x, o);
                    potential.x += part.potential.x;
                    potential.o += part.potential.o;
                    for &c in b.windows.cells(w) {
                        sums[usize::from(c)] = sums[usize::from(c)].plus(part.cell);
                    }
                }
                assert_eq!(b.sums, sums);
                assert_eq!((b.potential.x, b.potential.o), (potential.x, potential.o));
            }
            while b.undo().is_some() {}
            assert_eq!(format!("{b:?}"), fresh);
        }
    }

    #[test]
    fn a_cell_is_near_when_a_mark_lies_within_two_rows_and_columns() {
        let mut rng = Rng::seeded(9);
        for (rows, cols) in [(15, 15), (32, 32), (1, 7), (9, 4)] {
            let mut b = Stones::new(rows, cols, 2).unwrap();
            for _ in 0..12 {
                let free: Vec<usize> = (0..b.cells()).filter(|&c| b.is_empty(c)).collect();
                let Some(cell) = rng.pick(&free) else { break };
                b.play(cell);
                if rng.below(3) == 0 {
                    b.undo();
                }
                for c in 0..b.cells() {
                    let (r, col) = (c / cols, c % cols);
                    let near = (0..b.cells()).any(|m| {
                        !b.is_empty(m)
                            && (m / cols).abs_diff(r) <= 2
                            && (m % cols).abs_diff(col) <= 2
                    });
                    assert_eq!(b.is_near(c), near, "{rows} x {cols}, cell {c}");
                }
            }
        }
    }

    #[test]
    fn fours_and_wins_through_a_move() {
        // Row 2 of a 9 x 9 board, K = 5: X X X . . with room on both sides.
        let mut b = stones(
            "........./........./.XXX...../........./OOO....../........./........./........./.........",
            5,
        );
        assert_eq!(b.turn(), Player::X);
        assert!(!b.has_four(Player::X) && b.has_three(Player::X));
        let at = |r: usize, c: usize| r * 9 + c;
        // X at (2, 4) makes an open four: two winning cells, (2, 0) and (2, 5).
        assert_eq!(b.threes_at(Player::X, at(2, 4)), 2);
        b.play(at(2, 4));
        let (cells, n) = b.wins_through(Player::X, at(2, 4));
        assert_eq!(n, 2);
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        assert_eq!(cells, vec![at(2, 0) as u16, at(2, 5) as u16]);
        assert_eq!(b.winning_cells(Player::X, 9), vec![at(2, 0), at(2, 5)]);
        assert!(b.wins_at(Player::X, at(2, 5)));
        assert!(!b.play(at(4, 3)));
        assert!(b.play(at(2, 5)));
        assert!(b.is_near(at(0, 0)));
        assert!(!b.is_near(at(8, 8)));
        assert_eq!(Stones::new(33, 5, 5).map(|_| ()), Err(TooBig));
    }
}
