//! The searches' own board: per-window counts kept up to date move by move, so that wins,
//! threats, dead lines, the evaluation and the move ordering are known without rescanning the
//! board at every node.
//!
//! A *window* is a set of K consecutive cells in one direction: the places a line can be made.
//! For each window we keep how many marks each side has in it. A window holding both marks is
//! dead; one holding K-1 of one side's marks and none of the other's is a *threat*: its one
//! empty cell wins at once.

pub(crate) mod bits;
pub(crate) mod stones;
mod symmetry;
pub(crate) mod windows;

use ttt_core::{ByPlayer, Cell, Dims, Player, Position};

use symmetry::Keys;
use windows::{Weights, Windows};

pub(crate) const NO_CELL: u16 = u16::MAX;

/// XORed into the key of a position whose side to move is not the one its count of stones
/// gives ([`Board::canonical_key`]); any constant far from the Zobrist values does.
const OFF_TURN_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// The same start for both sides: per-side counts begin alike on an empty board.
pub(super) fn for_both<T: Clone>(value: T) -> ByPlayer<T> {
    ByPlayer {
        x: value.clone(),
        o: value,
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Board {
    dims: Dims,
    k: u8,
    cells: Vec<Option<Player>>,
    turn: Player,
    empties: usize,
    windows: Windows,
    counts: ByPlayer<Vec<u8>>,
    /// Windows that can still be completed by someone.
    live: u32,
    /// For each cell, how many live windows pass through it. A cell with none is *dead*:
    /// whoever plays there changes nothing but the number of empty cells.
    live_at: Vec<u16>,
    /// Number of threat windows of each side.
    threats: ByPlayer<u32>,
    /// For each cell, how many threat windows of each side it completes.
    threat_at: ByPlayer<Vec<u16>>,
    /// Sum of the weights of each side's open windows.
    potential: ByPlayer<i32>,
    /// For each side and cell, what playing there gains that side (see
    /// [`Board::move_gain`]), kept up to date by [`Board::play`] and [`Board::undo`]: the
    /// search asks it of every move at every visit of a position.
    gains: ByPlayer<Vec<i32>>,
    /// What a window is worth, and adds to the gain of a move on it: the weights that order
    /// the exact searches' moves ([`Weights::exact`]).
    weights: Weights,
    /// For each side, the sum over the windows still open to it of 2^(its marks there): the
    /// Erdős–Selfridge potential, times 2^K (see [`crate::certificates`]).
    danger: ByPlayer<u64>,
    /// Each window's cells as a bit set, on boards of up to 128 cells (empty beyond).
    window_masks: Vec<u128>,
    /// The position's keys under the board's symmetries.
    keys: Keys,
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        Board::empty(pos.dims()).with_stones_of(pos)
    }

    /// The empty board of `dims`, X to move.
    pub(crate) fn empty(dims: Dims) -> Board {
        let n = dims.cells();
        let k = dims.k();
        let index = Windows::new(dims.rows(), dims.cols(), k);
        let windows = index.count();
        // How many windows pass through each cell.
        let windows_at: Vec<u16> = (0..n).map(|c| index.through(c).len() as u16).collect();
        let window_masks = if n <= 128 {
            index
                .all()
                .map(|w| w.iter().fold(0u128, |m, &c| m | 1 << c))
                .collect()
        } else {
            Vec::new()
        };
        let mut board = Board {
            dims,
            k: k as u8,
            cells: vec![None; n],
            turn: Player::X,
            empties: n,
            windows: index,
            counts: for_both(vec![0; windows]),
            live: windows as u32,
            live_at: windows_at.clone(),
            threats: ByPlayer::default(),
            threat_at: for_both(vec![0; n]),
            potential: ByPlayer::default(),
            // On the empty board each window adds 1 (see `Board::window_gains`).
            gains: for_both(windows_at.iter().map(|&w| i32::from(w)).collect()),
            weights: Weights::exact(k),
            danger: for_both(windows as u64),
            window_masks,
            keys: Keys::new(dims),
        };
        if k == 1 {
            // Every empty one-cell window is a threat for both sides.
            for c in 0..n {
                board.threat_at.x[c] = 1;
                board.threat_at.o[c] = 1;
            }
            board.threats.x = n as u32;
            board.threats.o = n as u32;
        }
        board
    }

    /// This board, which must be empty and of `pos`'s dimensions, with `pos`'s stones and
    /// side to move: the same as [`Board::new`], but where many positions of one board are
    /// set up, the windows are copied from the empty board instead of worked out again.
    pub(crate) fn with_stones_of(mut self, pos: &Position) -> Board {
        debug_assert_eq!((self.dims, self.empties), (pos.dims(), self.cells.len()));
        for (i, cell) in pos.dims().all_cells().enumerate() {
            if let Some(p) = pos.get(cell) {
                self.turn = p;
                self.play(i);
            }
        }
        self.turn = pos.turn();
        self
    }

    pub(crate) fn dims(&self) -> Dims {
        self.dims
    }

    pub(crate) fn turn(&self) -> Player {
        self.turn
    }

    pub(crate) fn empties(&self) -> usize {
        self.empties
    }

    pub(crate) fn is_empty(&self, cell: usize) -> bool {
        self.cells[cell].is_none()
    }

    pub(crate) fn get(&self, cell: usize) -> Option<Player> {
        self.cells[cell]
    }

    pub(crate) fn cells(&self) -> usize {
        self.cells.len()
    }

    pub(crate) fn cell(&self, index: usize) -> Cell {
        self.dims.cell(index)
    }

    /// Whether any window can still be completed by either side.
    pub(crate) fn has_live_windows(&self) -> bool {
        self.live > 0
    }

    /// Number of windows where `player` would complete a line at once (two of them may need
    /// the same cell: see [`Board::threat_cells`]).
    pub(crate) fn threats(&self, player: Player) -> u32 {
        *self.threats.get(player)
    }

    /// Whether `player` completes a line by playing `cell`.
    #[cfg(test)]
    pub(crate) fn is_threat_cell(&self, player: Player, cell: usize) -> bool {
        self.threat_at.get(player)[cell] > 0
    }

    /// The cells where `player` would complete a line at once, in row-major order.
    pub(crate) fn threat_cells(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        let at = self.threat_at.get(player);
        (0..self.cells.len()).filter(move |&c| at[c] > 0 && self.cells[c].is_none())
    }
    /// How many in a row win.
    pub(crate) fn k(&self) -> usize {
        usize::from(self.k)
    }

    /// How many of `player`'s marks each window holds, by window.
    pub(crate) fn counts(&self, player: Player) -> &[u8] {
        self.counts.get(player)
    }

    /// `player`'s Erdős–Selfridge total, times 2^K: the sum over the windows still open to
    /// it of 2^(its marks there).
    pub(crate) fn danger(&self, player: Player) -> u64 {
        *self.danger.get(player)
    }

    /// Window `w`'s cells as a bit set, on boards of up to 128 cells.
    pub(crate) fn window_mask(&self, w: usize) -> Option<u128> {
        self.window_masks.get(w).copied()
    }

    /// The static evaluation for the side to move: its open windows' weights minus the
    /// opponent's. Positive is good for the side to move.
    pub(crate) fn evaluate(&self) -> i32 {
        let me = self.turn;
        // The side to move gets a little extra: it moves next.
        self.potential.get(me) + self.potential.get(me) / 8 - self.potential.get(me.other())
    }

    /// How much playing `cell` changes the balance for the side to move: its own windows grow
    /// and the opponent's open windows through the cell are spoiled.
    pub(crate) fn move_gain(&self, cell: usize) -> i32 {
        self.gains.get(self.turn)[cell]
    }

    /// What window `w` adds to the gain of each side's move (X's, O's) on any of its empty
    /// cells: the mover's window growing, or the opponent's spoiled.
    fn window_gains(&self, w: usize) -> (i32, i32) {
        let x = usize::from(self.counts.x[w]);
        let o = usize::from(self.counts.o[w]);
        (self.weights.gain(x, o), self.weights.gain(o, x))
    }

    /// Adds the change of window `w`'s gains since they were `before` to each of its cells.
    fn spread_gains(&mut self, w: usize, before: (i32, i32)) {
        let after = self.window_gains(w);
        let (for_x, for_o) = (after.0 - before.0, after.1 - before.1);
        if for_x == 0 && for_o == 0 {
            return;
        }
        for &c in self.windows.cells(w) {
            let c = usize::from(c);
            self.gains.x[c] += for_x;
            self.gains.o[c] += for_o;
        }
    }

    pub(crate) fn windows_through(&self, cell: usize) -> &[u32] {
        self.windows.through(cell)
    }

    pub(crate) fn window(&self, w: usize) -> &[u16] {
        self.windows.cells(w)
    }

    /// The empty cells of window `w`, ignoring `except`.
    fn empty_in_window(&self, w: usize, except: usize) -> u16 {
        self.window(w)
            .iter()
            .copied()
            .find(|&c| usize::from(c) != except && self.cells[usize::from(c)].is_none())
            .unwrap_or(NO_CELL)
    }

    /// Whether at least three quarters of the board are empty: where a pairing is searched
    /// for, not only tried greedily, and where the certificate probe runs widest.
    pub(crate) fn is_early(&self) -> bool {
        self.empties * 4 >= self.cells.len() * 3
    }

    /// The cells of the windows still open to `attacker`, as a bit set (every bit beyond
    /// 128 cells): all an Erdős–Selfridge certificate rests on. Marking any other cell for the
    /// attacker, or emptying one of its marks, can only lower its total.
    pub(crate) fn open_cells(&self, attacker: Player) -> u128 {
        if self.cells.len() > 128 {
            return u128::MAX;
        }
        let theirs = self.counts.get(attacker.other());
        self.window_masks
            .iter()
            .zip(theirs)
            .filter(|&(_, &spoiled)| spoiled == 0)
            .fold(0, |zone, (mask, _)| zone | mask)
    }

    /// How many windows the board has.
    pub(crate) fn window_count(&self) -> usize {
        self.windows.count()
    }

    /// Whether some live window passes through `cell`.
    pub(crate) fn is_live(&self, cell: usize) -> bool {
        self.live_at[cell] > 0
    }

    /// The empty cells some live window passes through, in board order: the moves that
    /// matter when only the value is asked.
    pub(crate) fn live_empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&c| self.cells[c].is_none() && self.live_at[c] > 0)
    }

    /// How many [`Board::live_empty_cells`] there are.
    pub(crate) fn live_move_count(&self) -> u32 {
        self.live_empty_cells().count() as u32
    }

    fn kill_window(&mut self, w: usize) {
        for &c in self.windows.cells(w) {
            self.live_at[usize::from(c)] -= 1;
        }
    }

    fn revive_window(&mut self, w: usize) {
        for &c in self.windows.cells(w) {
            self.live_at[usize::from(c)] += 1;
        }
    }

    /// Plays `cell` for the side to move; returns whether it completes a line.
    pub(crate) fn play(&mut self, cell: usize) -> bool {
        let me = self.turn;
        let opp = me.other();
        let k1 = self.k - 1;
        let mut won = false;
        self.cells[cell] = Some(me);
        self.empties -= 1;
        for i in self.windows.through_range(cell) {
            let w = self.windows.through_at(i);
            let m = self.counts.get(me)[w];
            let t = self.counts.get(opp)[w];
            let gains = self.window_gains(w);
            if t == 0 {
                *self.potential.get_mut(me) += self.weights.growth(m);
                *self.danger.get_mut(me) += 1 << m;
                if m == k1 {
                    // Our threat is fulfilled: the game is won.
                    self.threat_at.get_mut(me)[cell] -= 1;
                    *self.threats.get_mut(me) -= 1;
                } else if m + 1 == k1 {
                    let e = self.empty_in_window(w, usize::MAX);
                    if e != NO_CELL {
                        self.threat_at.get_mut(me)[usize::from(e)] += 1;
                        *self.threats.get_mut(me) += 1;
                    }
                }
            }
            if m == 0 {
                *self.potential.get_mut(opp) -= self.weights.weight(usize::from(t));
                *self.danger.get_mut(opp) -= 1 << t;
                if t > 0 {
                    self.live -= 1;
                    self.kill_window(w);
                }
                if t == k1 {
                    self.threat_at.get_mut(opp)[cell] -= 1;
                    *self.threats.get_mut(opp) -= 1;
                }
            }
            self.counts.get_mut(me)[w] = m + 1;
            self.spread_gains(w, gains);
            won |= m + 1 == self.k;
        }
        self.keys.toggle(me, cell);
        self.turn = opp;
        won
    }

    /// Takes back the last move, which was played at `cell`.
    pub(crate) fn undo(&mut self, cell: usize) {
        let me = self.turn.other();
        let opp = self.turn;
        let k1 = self.k - 1;
        for i in self.windows.through_range(cell) {
            let w = self.windows.through_at(i);
            let m = self.counts.get(me)[w] - 1;
            let t = self.counts.get(opp)[w];
            let gains = self.window_gains(w);
            self.counts.get_mut(me)[w] = m;
            self.spread_gains(w, gains);
            if t == 0 {
                *self.potential.get_mut(me) -= self.weights.growth(m);
                *self.danger.get_mut(me) -= 1 << m;
                if m == k1 {
                    self.threat_at.get_mut(me)[cell] += 1;
                    *self.threats.get_mut(me) += 1;
                } else if m + 1 == k1 {
                    let e = self.empty_in_window(w, cell);
                    if e != NO_CELL {
                        self.threat_at.get_mut(me)[usize::from(e)] -= 1;
                        *self.threats.get_mut(me) -= 1;
                    }
                }
            }
            if m == 0 {
                *self.potential.get_mut(opp) += self.weights.weight(usize::from(t));
                *self.danger.get_mut(opp) += 1 << t;
                if t > 0 {
                    self.live += 1;
                    self.revive_window(w);
                }
                if t == k1 {
                    self.threat_at.get_mut(opp)[cell] += 1;
                    *self.threats.get_mut(opp) += 1;
                }
            }
        }
        self.cells[cell] = None;
        self.empties += 1;
        self.keys.toggle(me, cell);
        self.turn = me;
    }
}

/// The position's keys under the board's symmetries, and the maps between them (see
/// [`symmetry`]).
impl Board {
    /// A key shared by all positions equivalent under the board's symmetries, and the index of
    /// the symmetry that maps this position onto the canonical one.
    pub(crate) fn canonical_key(&self) -> (u64, usize) {
        let (key, s) = self.keys.canonical();
        (key ^ self.off_turn_salt(), s)
    }

    /// What sets apart the key of a position whose side to move is not the one the number of
    /// its stones gives (a proof's zone gives one side stones no game gives it): the same
    /// stones with the other side to move are another position. Positions of games keep
    /// their keys.
    fn off_turn_salt(&self) -> u64 {
        let stones = self.cells.len() - self.empties;
        let by_count = if stones.is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        };
        if self.turn == by_count {
            0
        } else {
            OFF_TURN_SALT
        }
    }

    /// Where symmetry number `s` sends `cell`.
    pub(crate) fn map_cell(&self, s: usize, cell: usize) -> usize {
        self.keys.map_cell(s, cell)
    }

    /// The cell that symmetry number `s` sends to `image`.
    pub(crate) fn unmap_cell(&self, s: usize, image: usize) -> usize {
        self.keys.unmap_cell(s, image)
    }

    /// The canonical key (see [`Board::canonical_key`]) of the position after the side to
    /// move plays `cell`, found without playing it.
    pub(crate) fn key_after(&self, cell: usize) -> (u64, usize) {
        // A move changes both the side to move and the count's parity: the salt stays.
        let (key, s) = self.keys.after(self.turn, cell);
        (key ^ self.off_turn_salt(), s)
    }

    /// Whether swapping the colours of every mark gives the same position up to a symmetry
    /// of the board: then the side to move cannot lose (strategy stealing; see
    /// [`symmetry`]).
    pub(crate) fn is_colour_symmetric(&self) -> bool {
        self.keys.is_colour_symmetric(&self.cells)
    }

    /// Where symmetry number `s` sends a set of cells (every bit stays every bit: zones of
    /// boards beyond 128 cells are not kept).
    pub(crate) fn map_zone(&self, s: usize, zone: u128) -> u128 {
        self.keys.map_zone(s, zone)
    }

    /// The set of cells that symmetry number `s` sends to `zone`.
    pub(crate) fn unmap_zone(&self, s: usize, zone: u128) -> u128 {
        self.keys.unmap_zone(s, zone)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ttt_core::Setup;

    pub(crate) fn board(notation: &str, k: usize) -> Board {
        Board::new(&Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap())
    }

    #[test]
    fn the_same_stones_with_the_other_side_to_move_have_another_key() {
        // O takes two cells at once: X to move, with one stone fewer than O.
        let pos = Position::from_setup(&Setup::from_notation("X../.O./...").unwrap(), 3).unwrap();
        let pos = pos.play(Cell::new(0, 2)).unwrap();
        let odd = pos.play_all(&[Cell::new(2, 0), Cell::new(2, 2)]).unwrap();
        assert_eq!(odd.turn(), Player::X);
        let mut b = Board::new(&odd);
        let x_to_move = b.canonical_key();
        b.turn = Player::O;
        assert_ne!(b.canonical_key().0, x_to_move.0);
        // A game's position keeps its key, and a move's key is found without playing it.
        let mut game = board("X../.O./...", 3);
        let before = game.keys.canonical();
        assert_eq!(game.canonical_key(), before);
        let after = game.key_after(4 + 4);
        game.play(8);
        assert_eq!(game.canonical_key(), after);
        let mut odd = Board::new(&odd);
        let after = odd.key_after(1);
        odd.play(1);
        assert_eq!(odd.canonical_key(), after);
    }

    #[test]
    fn threats_are_found() {
        let b = board("XX./.O./...", 3);
        assert_eq!(b.turn(), Player::O);
        assert_eq!(b.threats(Player::X), 1);
        assert!(b.is_threat_cell(Player::X, 2));
        assert_eq!(b.threat_cells(Player::X).collect::<Vec<_>>(), vec![2]);
        assert_eq!(b.threats(Player::O), 0);
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let mut b = board("X../.O./...", 3);
        let before = format!("{b:?}");
        for cell in [2, 3, 8] {
            let won = b.play(cell);
            assert!(!won);
            b.undo(cell);
            assert_eq!(format!("{b:?}"), before);
        }
        b.play(8);
        b.play(2);
        let mid = format!("{b:?}");
        b.play(6);
        b.undo(6);
        assert_eq!(format!("{b:?}"), mid);
    }

    /// Every cell's gain for both sides, added up window by window: the mover's windows
    /// grow, the opponent's open ones are spoiled.
    fn gains_from_scratch(b: &Board) -> ByPlayer<Vec<i32>> {
        let window_gain = |p: Player, w: usize| {
            let (m, t) = (b.counts.get(p)[w], b.counts.get(p.other())[w]);
            let weight = |n: u8| b.weights.weight(usize::from(n));
            let grows = if t == 0 { weight(m + 1) - weight(m) } else { 0 };
            let spoils = if m == 0 {
                weight(t) + i32::from(t > 0)
            } else {
                0
            };
            grows + spoils
        };
        let sum = |p: Player| {
            (0..b.cells())
                .map(|c| {
                    b.windows_through(c)
                        .iter()
                        .map(|&w| window_gain(p, w as usize))
                        .sum()
                })
                .collect()
        };
        ByPlayer {
            x: sum(Player::X),
            o: sum(Player::O),
        }
    }

    #[test]
    fn gains_kept_by_play_and_undo_are_the_gains_added_up() {
        let mut rng = crate::rng::Rng::seeded(3);
        for (rows, cols, k) in [(3, 3, 3), (4, 5, 4), (6, 6, 5), (7, 7, 7), (2, 3, 1)] {
            let dims = ttt_core::Dims::new(rows, cols, k).unwrap();
            for _ in 0..5 {
                let mut b = Board::new(&Position::new(dims));
                let mut played = Vec::new();
                loop {
                    assert_eq!(b.gains, gains_from_scratch(&b));
                    let free: Vec<usize> = (0..b.cells()).filter(|&c| b.is_empty(c)).collect();
                    let Some(cell) = rng.pick(&free) else {
                        break;
                    };
                    played.push(cell);
                    if b.play(cell) {
                        break;
                    }
                }
                while let Some(cell) = played.pop() {
                    b.undo(cell);
                    assert_eq!(b.gains, gains_from_scratch(&b));
                }
            }
        }
    }

    #[test]
    fn wins_and_dead_windows() {
        let mut b = board("XX./OO./...", 3);
        assert!(b.play(2));
        let full = board("XOX/XOO/OXX", 3);
        assert!(!full.has_live_windows());
        // On one row of three, X and O spoil the only window: the last cell is dead.
        let b = board("XO.", 3);
        assert!(!b.is_live(2));
        assert_eq!(b.live_move_count(), 0);
        // X O . / . . . / . . .: (0,2) still has its column and the anti-diagonal.
        let mut b = board("XO./.../...", 3);
        assert!(b.is_live(2));
        b.play(4); // X (1,1): the anti-diagonal is X's alone, still live.
        b.play(5); // O (1,2): column 3 is O's alone, still live.
        assert!(b.is_live(2));
        b.play(8); // X (2,2): column 3 now holds both marks.
        b.play(6); // O (2,0): so does the anti-diagonal; (0,2) is dead.
        assert!(!b.is_live(2));
        let moves: Vec<usize> = b.live_empty_cells().collect();
        assert!(!moves.contains(&2) && moves.iter().all(|&c| b.is_empty(c)));
        assert_eq!(b.live_move_count() as usize, moves.len());
        b.undo(6);
        assert!(b.is_live(2));
        let k1 = board("..", 1);
        assert_eq!(k1.threats(Player::X), 2);
    }
}
