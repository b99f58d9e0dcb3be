//! The solver's own board: per-line counts kept up to date move by move, so that wins, threats,
//! dead lines and the evaluation are known without rescanning the board at every node.
//!
//! A *window* is a set of K consecutive cells in one direction: the places a line can be made.
//! For each window we keep how many marks each side has in it. A window holding both marks is
//! dead; one holding K-1 of one side's marks and none of the other's is a *threat*: its one
//! empty cell wins at once.

use ttt_core::{ByPlayer, Cell, Dims, Player, Position, Symmetry};

/// Weights of a window holding `n` of one side's marks and none of the other's.
const WEIGHTS: [i32; 8] = [0, 1, 6, 36, 216, 1296, 7776, 46656];

fn weight(n: u8) -> i32 {
    WEIGHTS[usize::from(n).min(WEIGHTS.len() - 1)]
}

const NO_CELL: u16 = u16::MAX;

/// `cell` as a bit set; empty beyond 128 cells, where zones and the pairing's bit sets are
/// not kept.
pub(crate) fn bit(cell: usize) -> u128 {
    1u128.checked_shl(cell as u32).unwrap_or(0)
}

/// How hard [`Board::has_pairing_against`] looks for a pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PairingSearch {
    /// The greedy pass alone.
    Greedy,
    /// Then, where at least three quarters of the board are empty, a backtracking search of
    /// [`EARLY_BUDGET`] tries.
    Early,
    /// Then, wherever the greedy pass left at most [`MISSES_WORTH_SEARCHING`] open windows
    /// unpaired, a backtracking search of [`WIDE_BUDGET`] tries.
    Wide,
}

/// How many pairs [`PairingSearch::Early`] may try before giving up (48 and 512 were slower
/// for alpha-beta on 7x7 K=5; see docs/PERFORMANCE.md).
const EARLY_BUDGET: u32 = 128;
/// How many pairs [`PairingSearch::Wide`] may try before giving up. Positions deep in the
/// game need it as much as early ones: on twelve random 8x8 K=5 positions, proof-number
/// search with this searched 9 to 50 times fewer positions than with the greedy pass alone
/// there; 128 tries found too few pairings (half as many positions again), 3000 cost more
/// than they found.
const WIDE_BUDGET: u32 = 1000;
/// Where the greedy pass leaves more open windows than this unpaired, a pairing is rarely
/// there to find: [`PairingSearch::Wide`] does not search (7x7 K=5 by proof numbers, 1.0 s
/// with 8, 2.1 s with 12, 6.5 s with no such limit; 4 and fewer skip too many pairings).
const MISSES_WORTH_SEARCHING: u32 = 8;
/// The most pairs of one window the backtracking search tries (all of them up to K=16).
const PAIRS_PER_WINDOW: usize = 128;

/// Working space for [`Board::has_pairing_against`], kept between calls.
#[derive(Debug, Default)]
pub(crate) struct PairingScratch {
    /// Each cell's partner in the pairing being built, or `NO_CELL`.
    partner: Vec<u16>,
    /// The windows open to the attacker in index order, then the same sorted by how many
    /// cells they still need (filled by the greedy pass).
    order: Vec<u32>,
    /// How many pairs lie wholly in each window (one is enough).
    pairs_in: Vec<u8>,
    /// How many of each window's cells are empty and not yet paired.
    free_in: Vec<u8>,
    /// The cells paired so far, as a bit set (on boards of up to 128 cells).
    paired: u128,
}

impl PairingScratch {
    /// Starts an empty pairing on `board`.
    fn reset(&mut self, board: &Board) {
        let k = board.k;
        self.partner.clear();
        self.partner.resize(board.cells.len(), NO_CELL);
        self.paired = 0;
        self.pairs_in.clear();
        self.pairs_in.resize(board.window_count(), 0);
        self.free_in.clear();
        let (x, o) = (board.counts.get(Player::X), board.counts.get(Player::O));
        self.free_in
            .extend(x.iter().zip(o).map(|(&x, &o)| k - x - o));
    }

    fn is_free(&self, board: &Board, c: u16) -> bool {
        board.cells[usize::from(c)].is_none() && self.partner[usize::from(c)] == NO_CELL
    }

    /// Makes `a` and `b` partners, without counting.
    fn link(&mut self, a: u16, b: u16) {
        self.partner[usize::from(a)] = b;
        self.partner[usize::from(b)] = a;
        self.paired |= bit(usize::from(a)) | bit(usize::from(b));
    }

    /// Adds the pair `a`-`b`, keeping the windows' counts.
    fn pair(&mut self, board: &Board, a: u16, b: u16) {
        self.link(a, b);
        self.count(board, a, b, 1);
    }

    /// Adds the pair `a`-`b`, counting it in the windows that hold both but leaving the
    /// counts of free cells behind: all the greedy pass needs (the search starts afresh).
    fn pair_greedily(&mut self, board: &Board, a: u16, b: u16) {
        self.link(a, b);
        for &w in board.windows_through(usize::from(a)) {
            if board.window_holds(w as usize, b) {
                self.pairs_in[w as usize] += 1;
            }
        }
    }

    /// Takes back [`PairingScratch::pair`].
    fn unpair(&mut self, board: &Board, a: u16, b: u16) {
        self.partner[usize::from(a)] = NO_CELL;
        self.partner[usize::from(b)] = NO_CELL;
        self.paired &= !(bit(usize::from(a)) | bit(usize::from(b)));
        self.count(board, a, b, -1);
    }

    /// Counts `pairs` more (one or minus one) pairs in the windows holding both `a` and `b`,
    /// and as many fewer free cells through each of them.
    fn count(&mut self, board: &Board, a: u16, b: u16, pairs: i8) {
        for &w in board.windows_through(usize::from(a)) {
            let w = w as usize;
            self.free_in[w] = self.free_in[w].wrapping_add_signed(-pairs);
            if board.window_holds(w, b) {
                self.pairs_in[w] = self.pairs_in[w].wrapping_add_signed(pairs);
            }
        }
        for &w in board.windows_through(usize::from(b)) {
            let w = w as usize;
            self.free_in[w] = self.free_in[w].wrapping_add_signed(-pairs);
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Board {
    dims: Dims,
    k: u8,
    cells: Vec<Option<Player>>,
    turn: Player,
    empties: usize,
    /// Cells of window `w` are `window_cells[w * k .. (w + 1) * k]`.
    window_cells: Vec<u16>,
    /// Windows through cell `c` are `cell_windows[cell_start[c] .. cell_start[c + 1]]`.
    cell_start: Vec<u32>,
    cell_windows: Vec<u32>,
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
    /// What a window adds to the gain of a move on it, by the counts of the mover's marks
    /// and the opponent's there: `gain_of[mine * (K + 1) + theirs]`.
    gain_of: Vec<i32>,
    /// For each side, the sum over the windows still open to it of 2^(its marks there): the
    /// Erdős–Selfridge potential, times 2^K (see [`Board::cannot_win`]).
    danger: ByPlayer<u64>,
    /// Each window's cells as a bit set, on boards of up to 128 cells (empty beyond).
    window_masks: Vec<u128>,
    /// `sym_maps[s][c]`: where symmetry `s` sends cell `c`.
    sym_maps: Vec<Vec<u16>>,
    /// `sym_inverse[s][c]`: the cell symmetry `s` sends to `c`.
    sym_inverse: Vec<Vec<u16>>,
    /// The Zobrist hash of the position under each symmetry.
    hashes: Vec<u64>,
    zobrist: ByPlayer<Vec<u64>>,
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        let dims = pos.dims();
        let n = dims.cells();
        let k = dims.k();
        let mut window_cells = Vec::new();
        for start in dims.all_cells() {
            // With K = 1 every direction gives the same one-cell window: count it once.
            let dirs: &[(i32, i32)] = if k == 1 {
                &[(0, 1)]
            } else {
                &[(0, 1), (1, 0), (1, 1), (1, -1)]
            };
            for &dir in dirs {
                if dims.step(start, dir, k as i32 - 1).is_some() {
                    for s in 0..k as i32 {
                        let c = dims
                            .step(start, dir, s)
                            .expect("window end is on the board");
                        window_cells.push(dims.index(c) as u16);
                    }
                }
            }
        }
        let windows = window_cells.len() / k;
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); n];
        for w in 0..windows {
            for &c in &window_cells[w * k..(w + 1) * k] {
                per_cell[usize::from(c)].push(w as u32);
            }
        }
        let mut cell_start = vec![0u32];
        let mut cell_windows = Vec::new();
        for list in per_cell {
            cell_windows.extend(list);
            cell_start.push(cell_windows.len() as u32);
        }
        let sym_maps: Vec<Vec<u16>> = Symmetry::of(dims)
            .iter()
            .map(|s| {
                dims.all_cells()
                    .map(|c| dims.index(s.apply(dims, c)) as u16)
                    .collect()
            })
            .collect();
        let sym_inverse = sym_maps
            .iter()
            .map(|map| {
                let mut inverse = vec![0u16; n];
                for (c, &image) in map.iter().enumerate() {
                    inverse[usize::from(image)] = c as u16;
                }
                inverse
            })
            .collect();
        let mut seed = crate::Rng::seeded(0x5EED_7777_0000_0001);
        let zobrist = ByPlayer {
            x: (0..n).map(|_| seed.next_u64()).collect(),
            o: (0..n).map(|_| seed.next_u64()).collect(),
        };
        // How many windows pass through each cell.
        let windows_at: Vec<u16> = cell_start
            .windows(2)
            .map(|w| (w[1] - w[0]) as u16)
            .collect();
        let window_masks = if n <= 128 {
            window_cells
                .chunks(k)
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
            window_cells,
            cell_start,
            cell_windows,
            counts: ByPlayer {
                x: vec![0; windows],
                o: vec![0; windows],
            },
            live: windows as u32,
            live_at: windows_at.clone(),
            threats: ByPlayer::default(),
            threat_at: ByPlayer {
                x: vec![0; n],
                o: vec![0; n],
            },
            potential: ByPlayer::default(),
            // On the empty board each window adds 1 (see `Board::window_gains`).
            gains: {
                let gains: Vec<i32> = windows_at.iter().map(|&w| i32::from(w)).collect();
                ByPlayer {
                    x: gains.clone(),
                    o: gains,
                }
            },
            gain_of: (0..=k as u8)
                .flat_map(|m| (0..=k as u8).map(move |t| (m, t)))
                .map(|(m, t)| {
                    let mut gain = 0;
                    if t == 0 {
                        gain += weight(m + 1) - weight(m);
                    }
                    if m == 0 {
                        gain += weight(t) + i32::from(t > 0);
                    }
                    gain
                })
                .collect(),
            danger: ByPlayer {
                x: windows as u64,
                o: windows as u64,
            },
            window_masks,
            hashes: vec![0; sym_maps.len()],
            sym_maps,
            sym_inverse,
            zobrist,
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
        for (i, cell) in dims.all_cells().enumerate() {
            if let Some(p) = pos.get(cell) {
                board.turn = p;
                board.play(i);
            }
        }
        board.turn = pos.turn();
        board
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

    /// A key shared by all positions equivalent under the board's symmetries, and the index of
    /// the symmetry that maps this position onto the canonical one.
    pub(crate) fn canonical_key(&self) -> (u64, usize) {
        let mut best = (self.hashes[0], 0);
        for (s, &h) in self.hashes.iter().enumerate().skip(1) {
            if h < best.0 {
                best = (h, s);
            }
        }
        best
    }

    /// Where symmetry number `s` sends `cell`.
    pub(crate) fn map_cell(&self, s: usize, cell: usize) -> usize {
        usize::from(self.sym_maps[s][cell])
    }

    /// The cell that symmetry number `s` sends to `image`.
    pub(crate) fn unmap_cell(&self, s: usize, image: usize) -> usize {
        usize::from(self.sym_inverse[s][image])
    }

    /// The canonical key (see [`Board::canonical_key`]) of the position after the side to
    /// move plays `cell`, found without playing it.
    pub(crate) fn key_after(&self, cell: usize) -> (u64, usize) {
        let zob = self.zobrist.get(self.turn);
        let mut best = (u64::MAX, 0);
        for (s, (&h, map)) in self.hashes.iter().zip(&self.sym_maps).enumerate() {
            let h = h ^ zob[usize::from(map[cell])];
            if s == 0 || h < best.0 {
                best = (h, s);
            }
        }
        best
    }

    /// Whether swapping the colours of every mark gives the same position up to a symmetry
    /// of the board (as on the empty board). Then the side to move cannot lose, by strategy
    /// stealing: were the opponent to have a winning strategy, by the symmetry the side to
    /// move would have one as second player too; it could play any move, then follow that
    /// strategy, and an extra mark never hurts in these games.
    pub(crate) fn is_colour_symmetric(&self) -> bool {
        self.sym_maps.iter().any(|map| {
            self.cells
                .iter()
                .zip(map)
                .all(|(&c, &image)| self.cells[usize::from(image)] == c.map(Player::other))
        })
    }

    /// Where symmetry number `s` sends a set of cells (every bit stays every bit: zones of
    /// boards beyond 128 cells are not kept).
    pub(crate) fn map_zone(&self, s: usize, zone: u128) -> u128 {
        Board::remap_zone(&self.sym_maps[s], s, zone)
    }

    /// The set of cells that symmetry number `s` sends to `zone`.
    pub(crate) fn unmap_zone(&self, s: usize, zone: u128) -> u128 {
        Board::remap_zone(&self.sym_inverse[s], s, zone)
    }

    /// `zone` moved cell by cell through `map`, the cell map of symmetry number `s` (the
    /// identity is number 0).
    fn remap_zone(map: &[u16], s: usize, zone: u128) -> u128 {
        if zone == u128::MAX || s == 0 {
            return zone;
        }
        let mut rest = zone;
        let mut out = 0;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= bit(usize::from(map[c]));
        }
        out
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
        let side = usize::from(self.k) + 1;
        (self.gain_of[x * side + o], self.gain_of[o * side + x])
    }

    /// Adds the change of window `w`'s gains since they were `before` to each of its cells.
    fn spread_gains(&mut self, w: usize, before: (i32, i32)) {
        let after = self.window_gains(w);
        let (for_x, for_o) = (after.0 - before.0, after.1 - before.1);
        if for_x == 0 && for_o == 0 {
            return;
        }
        let k = usize::from(self.k);
        for i in w * k..(w + 1) * k {
            let c = usize::from(self.window_cells[i]);
            self.gains.x[c] += for_x;
            self.gains.o[c] += for_o;
        }
    }

    fn windows_through(&self, cell: usize) -> &[u32] {
        &self.cell_windows[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    fn window(&self, w: usize) -> &[u16] {
        let k = usize::from(self.k);
        &self.window_cells[w * k..(w + 1) * k]
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

    /// Whether `attacker`'s Erdős–Selfridge total (see [`Board::cannot_win`]) is below
    /// `limit`: only then is one defending move likely to leave a certificate.
    pub(crate) fn is_nearly_safe_from(&self, attacker: Player, limit: u64) -> bool {
        *self.danger.get(attacker) < limit << self.k
    }

    /// Whether the Erdős–Selfridge criterion proves that `attacker` can never complete a line.
    /// Give each window still open to the attacker the weight 2^-(cells it still needs);
    /// whenever the defender takes the cell whose windows weigh most, the total never grows
    /// over a pair of moves, and a completed line alone would weigh 1. So a total below 1
    /// with the defender to move settles it; with the attacker to move, the total plus the
    /// most its move can add must stay below 1.
    pub(crate) fn cannot_win(&self, attacker: Player) -> bool {
        let k = u32::from(self.k);
        let total = *self.danger.get(attacker);
        if total >= 1 << k {
            return false;
        }
        if self.turn != attacker {
            return true;
        }
        if total * 2 < 1 << k {
            return true;
        }
        // The attacker's best move adds the weight of the open windows through it.
        let (mine, theirs) = (self.counts.get(attacker), self.counts.get(attacker.other()));
        let most = (0..self.cells.len())
            .filter(|&c| self.cells[c].is_none())
            .map(|c| {
                self.windows_through(c)
                    .iter()
                    .filter(|&&w| theirs[w as usize] == 0)
                    .map(|&w| 1u64 << mine[w as usize])
                    .sum::<u64>()
            })
            .max()
            .unwrap_or(0);
        total + most < 1 << k
    }

    /// Whether `defender` can stop `attacker` from ever completing a line by a *pairing*: a set
    /// of disjoint pairs of empty cells such that every window still open to the attacker
    /// contains a pair (Hales and Jewett). Whenever the attacker takes one cell of a pair the
    /// defender takes the other, and no open window can be filled. Found greedily, most
    /// constrained windows first, preferring neighbouring cells (which cover the most windows),
    /// then, as `how` says, by a short backtracking search; `false` means none was found, not
    /// that none exists. `scratch` is working space.
    pub(crate) fn has_pairing_against(
        &self,
        attacker: Player,
        scratch: &mut PairingScratch,
        how: PairingSearch,
    ) -> bool {
        if self.threats(attacker) > 0 {
            // A line one move from completion cannot be paired.
            return false;
        }
        scratch.reset(self);
        // Beyond this many misses the greedy pass's count no longer decides anything.
        let most_misses = match how {
            PairingSearch::Wide => MISSES_WORTH_SEARCHING,
            PairingSearch::Greedy | PairingSearch::Early => 0,
        };
        let misses = self.greedy_pairing(attacker, scratch, most_misses);
        if misses == 0 {
            return true;
        }
        let mut budget = match how {
            PairingSearch::Early if self.is_early() => EARLY_BUDGET,
            PairingSearch::Wide if misses <= MISSES_WORTH_SEARCHING => WIDE_BUDGET,
            _ => return false,
        };
        scratch.reset(self);
        let mut order = std::mem::take(&mut scratch.order);
        let open = &order[..order.len() / 2];
        let found = self.search_pairing(open, scratch, &mut budget).is_ok();
        order.clear();
        scratch.order = order;
        found
    }

    /// The cells of the pairing the last successful [`Board::has_pairing_against`] found, as
    /// a bit set, or every bit if the board has more than 128 cells.
    pub(crate) fn pairing_cells(&self, scratch: &PairingScratch) -> u128 {
        if self.cells.len() > 128 {
            return u128::MAX;
        }
        scratch
            .partner
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p != NO_CELL)
            .fold(0, |zone, (c, _)| zone | 1 << c)
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

    fn window_count(&self) -> usize {
        self.window_cells.len() / usize::from(self.k)
    }

    /// Whether `cell` lies in window `w`. A window is a run of K cells a fixed step apart,
    /// so beyond the bit sets (128 cells), `cell` lies in it when its distance from the first
    /// cell is a multiple of the step, less than K steps.
    fn window_holds(&self, w: usize, cell: u16) -> bool {
        if let Some(&mask) = self.window_masks.get(w) {
            return mask >> cell & 1 == 1;
        }
        let cells = self.window(w);
        let (Some(&first), Some(&second)) = (cells.first(), cells.get(1)) else {
            return cells.first() == Some(&cell);
        };
        let (first, step) = (i32::from(first), i32::from(second) - i32::from(first));
        let d = i32::from(cell) - first;
        d >= 0 && d % step == 0 && d / step < i32::from(self.k)
    }

    /// One pass, most constrained windows first (then in index order), no going back. How
    /// many open windows it left without a pair (none: a pairing), counting no further than
    /// one more than `most_misses`: nearly every position searched fails by many (on 8x8
    /// K=5, one pass in two thousand finds a pairing, and most leave 15 to 30 windows).
    fn greedy_pairing(
        &self,
        attacker: Player,
        scratch: &mut PairingScratch,
        most_misses: u32,
    ) -> u32 {
        let k = usize::from(self.k);
        let theirs = self.counts.get(attacker.other());
        let mine = self.counts.get(attacker);
        // The open windows sorted by how many cells they still need (2 to K), stably.
        let mut order = std::mem::take(&mut scratch.order);
        let mut starts = [0u32; 33];
        order.clear();
        for w in 0..theirs.len() {
            if theirs[w] == 0 {
                let need = k - usize::from(mine[w]);
                starts[need.min(32)] += 1;
                order.push(w as u32);
            }
        }
        let mut at = 0;
        for count in &mut starts {
            let n = *count;
            *count = at;
            at += n;
        }
        let open = order.len();
        order.resize(open * 2, 0);
        for i in 0..open {
            let w = order[i] as usize;
            let need = (k - usize::from(mine[w])).min(32);
            order[open + starts[need] as usize] = w as u32;
            starts[need] += 1;
        }
        let mut misses = 0;
        for &w in &order[open..] {
            let w = w as usize;
            if scratch.pairs_in[w] > 0 {
                continue;
            }
            let cells = self.window(w);
            // Neighbours first, then any two free cells.
            let pair = cells
                .windows(2)
                .find(|p| scratch.is_free(self, p[0]) && scratch.is_free(self, p[1]))
                .map(|p| (p[0], p[1]))
                .or_else(|| {
                    let mut it = cells.iter().copied().filter(|&c| scratch.is_free(self, c));
                    Some((it.next()?, it.next()?))
                });
            let Some((a, b)) = pair else {
                misses += 1;
                if misses > most_misses {
                    break;
                }
                continue;
            };
            scratch.pair_greedily(self, a, b);
        }
        scratch.order = order;
        misses
    }

    /// Backtracking over the pairs of the open window with the fewest free cells, within a
    /// budget of tries. `open` lists the windows open to the attacker.
    ///
    /// A failure comes with its *conflict*: cells paired by the search such that no pairing
    /// keeps the pairs through them (whatever the other pairs). A window left with fewer
    /// than two free cells blames its paired cells; a window all of whose pairs failed
    /// blames its cells paired before and what each of its pairs' failures blamed, less
    /// that pair. Where a pair's failure does not blame the pair itself, the window's other
    /// pairs would fail the same way: the search goes straight back to the last pair blamed
    /// (conflict-directed backjumping, Prosser 1993), instead of trying every pair of every
    /// window in between. Every bit (no jumping) beyond 128 cells or with more pairs in a
    /// window than are tried.
    fn search_pairing(
        &self,
        open: &[u32],
        scratch: &mut PairingScratch,
        budget: &mut u32,
    ) -> Result<(), u128> {
        let exact = self.cells.len() <= 128 && usize::from(self.k) <= 16;
        let cells_of = |w: usize| {
            if exact {
                self.window_masks[w]
            } else {
                u128::MAX
            }
        };
        let mut target: Option<(u8, usize)> = None;
        for &w in open {
            let w = w as usize;
            if scratch.pairs_in[w] > 0 {
                continue;
            }
            let free = scratch.free_in[w];
            if free < 2 {
                return Err(cells_of(w) & scratch.paired);
            }
            if target.is_none_or(|(f, _)| free < f) {
                target = Some((free, w));
            }
        }
        let Some((_, w)) = target else {
            return Ok(());
        };
        // The window's cells paired before it limited its choice of pairs.
        let mut blamed = cells_of(w) & scratch.paired;
        let cells = self.window(w);
        let free = |i: usize| scratch.is_free(self, cells[i]);
        // Neighbouring cells cover the most other windows: try them first, then the rest.
        let mut pairs = [(0u8, 0u8); PAIRS_PER_WINDOW];
        let mut n = 0;
        for i in 1..cells.len() {
            if n < pairs.len() && free(i - 1) && free(i) {
                pairs[n] = (i as u8 - 1, i as u8);
                n += 1;
            }
        }
        for i in 0..cells.len() {
            for j in i + 2..cells.len() {
                if n < pairs.len() && free(i) && free(j) {
                    pairs[n] = (i as u8, j as u8);
                    n += 1;
                }
            }
        }
        for &(i, j) in &pairs[..n] {
            if *budget == 0 {
                return Err(u128::MAX);
            }
            *budget -= 1;
            let (a, b) = (cells[usize::from(i)], cells[usize::from(j)]);
            scratch.pair(self, a, b);
            let Err(conflict) = self.search_pairing(open, scratch, budget) else {
                return Ok(());
            };
            scratch.unpair(self, a, b);
            let pair = if exact {
                bit(usize::from(a)) | bit(usize::from(b))
            } else {
                u128::MAX
            };
            if conflict & pair == 0 {
                return Err(conflict);
            }
            blamed |= conflict & !pair;
        }
        Err(blamed)
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
    pub(crate) fn moves(&self) -> u32 {
        self.live_empty_cells().count() as u32
    }

    fn kill_window(&mut self, w: usize) {
        let k = usize::from(self.k);
        for i in w * k..(w + 1) * k {
            self.live_at[usize::from(self.window_cells[i])] -= 1;
        }
    }

    fn revive_window(&mut self, w: usize) {
        let k = usize::from(self.k);
        for i in w * k..(w + 1) * k {
            self.live_at[usize::from(self.window_cells[i])] += 1;
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
        let start = self.cell_start[cell] as usize;
        let end = self.cell_start[cell + 1] as usize;
        for i in start..end {
            let w = self.cell_windows[i] as usize;
            let m = self.counts.get(me)[w];
            let t = self.counts.get(opp)[w];
            let gains = self.window_gains(w);
            if t == 0 {
                *self.potential.get_mut(me) += weight(m + 1) - weight(m);
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
                *self.potential.get_mut(opp) -= weight(t);
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
        let zob = self.zobrist.get(me);
        for (h, map) in self.hashes.iter_mut().zip(&self.sym_maps) {
            *h ^= zob[usize::from(map[cell])];
        }
        self.turn = opp;
        won
    }

    /// Takes back the last move, which was played at `cell`.
    pub(crate) fn undo(&mut self, cell: usize) {
        let me = self.turn.other();
        let opp = self.turn;
        let k1 = self.k - 1;
        let start = self.cell_start[cell] as usize;
        let end = self.cell_start[cell + 1] as usize;
        for i in start..end {
            let w = self.cell_windows[i] as usize;
            let m = self.counts.get(me)[w] - 1;
            let t = self.counts.get(opp)[w];
            let gains = self.window_gains(w);
            self.counts.get_mut(me)[w] = m;
            self.spread_gains(w, gains);
            if t == 0 {
                *self.potential.get_mut(me) -= weight(m + 1) - weight(m);
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
                *self.potential.get_mut(opp) += weight(t);
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
        let zob = self.zobrist.get(me);
        for (h, map) in self.hashes.iter_mut().zip(&self.sym_maps) {
            *h ^= zob[usize::from(map[cell])];
        }
        self.turn = me;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    fn board(notation: &str, k: usize) -> Board {
        Board::new(&Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap())
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
        let mut rng = crate::Rng::seeded(3);
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
        assert_eq!(b.moves(), 0);
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
        assert_eq!(b.moves() as usize, moves.len());
        b.undo(6);
        assert!(b.is_live(2));
        let k1 = board("..", 1);
        assert_eq!(k1.threats(Player::X), 2);
    }

    #[test]
    fn pairings() {
        let mut scratch = PairingScratch::default();
        // 4x4 with four in a row: O cannot pair X's open lines on the empty board (the
        // diagonals cross the rows and columns) ...
        assert!(!board("..../..../..../....", 4).has_pairing_against(
            Player::X,
            &mut scratch,
            PairingSearch::Wide
        ));
        // ... but on a 2x4 board, each row pairs as (0,1)(2,3) and the columns are too short.
        assert!(board("..../....", 4).has_pairing_against(
            Player::X,
            &mut scratch,
            PairingSearch::Wide
        ));
        // A window with one free cell left cannot be paired.
        assert!(!board("XXX./OO../....", 4).has_pairing_against(
            Player::X,
            &mut scratch,
            PairingSearch::Wide
        ));
        // Every line spoiled: the empty pairing works.
        assert!(board("XOX/XOO/OX.", 3).has_pairing_against(
            Player::X,
            &mut scratch,
            PairingSearch::Wide
        ));
    }

    /// Whether a cell lies in a window, found by bit sets (up to 128 cells) or by arithmetic
    /// (beyond), agrees with the window's list of cells.
    #[test]
    fn windows_hold_their_cells() {
        for (rows, cols) in [(5, 5), (5, 9), (12, 12)] {
            let empty = vec![".".repeat(cols); rows].join("/");
            let b = board(&empty, 4);
            for w in 0..b.window_count() {
                for c in 0..rows * cols {
                    let c = c as u16;
                    assert_eq!(
                        b.window_holds(w, c),
                        b.window(w).contains(&c),
                        "{rows}x{cols} window {w} cell {c}"
                    );
                }
            }
        }
    }

    /// A `rows` x `cols` board with K = `k` and random moves, fewer than `most`, played on it
    /// (fewer still if one makes a line).
    fn random_board(
        rng: &mut crate::Rng,
        rows: usize,
        cols: usize,
        k: usize,
        most: usize,
    ) -> Board {
        let mut b = board(&vec![".".repeat(cols); rows].join("/"), k);
        for _ in 0..rng.below(most) {
            let free: Vec<usize> = (0..b.cells()).filter(|&c| b.is_empty(c)).collect();
            if b.play(free[rng.below(free.len())]) {
                break;
            }
        }
        b
    }

    /// Whether a pairing against `attacker` exists, by trying every pair of the first open
    /// window without one, with no budget and no jumping back.
    fn pairing_exists(b: &Board, attacker: Player, scratch: &mut PairingScratch) -> bool {
        let theirs = b.counts.get(attacker.other());
        let mut unpaired =
            (0..b.window_count()).filter(|&w| theirs[w] == 0 && scratch.pairs_in[w] == 0);
        let Some(w) = unpaired.next() else {
            return true;
        };
        if scratch.free_in[w] < 2 || unpaired.any(|v| scratch.free_in[v] < 2) {
            return false;
        }
        let cells = b.window(w);
        for (i, &a) in cells.iter().enumerate() {
            for &c in &cells[i + 1..] {
                if scratch.is_free(b, a) && scratch.is_free(b, c) {
                    scratch.pair(b, a, c);
                    let found = pairing_exists(b, attacker, scratch);
                    scratch.unpair(b, a, c);
                    if found {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The backtracking search with backjumping, given all the tries it wants, finds a
    /// pairing exactly where one exists: jumping back never skips one.
    #[test]
    fn pairing_search_misses_no_pairing() {
        let mut rng = crate::Rng::seeded(12);
        let mut scratch = PairingScratch::default();
        let mut found = [0; 2];
        for (rows, cols, k) in [(4, 4, 3), (4, 5, 4), (5, 5, 4), (3, 6, 4), (4, 6, 4)] {
            for _ in 0..400 {
                let b = random_board(&mut rng, rows, cols, k, rows * cols * 2 / 3);
                for attacker in [Player::X, Player::O] {
                    if b.threats(attacker) > 0 {
                        continue;
                    }
                    scratch.reset(&b);
                    let exists = pairing_exists(&b, attacker, &mut scratch);
                    scratch.reset(&b);
                    let theirs = b.counts.get(attacker.other());
                    let open: Vec<u32> = (0..b.window_count() as u32)
                        .filter(|&w| theirs[w as usize] == 0)
                        .collect();
                    let mut budget = u32::MAX;
                    let searched = b.search_pairing(&open, &mut scratch, &mut budget).is_ok();
                    assert_eq!(searched, exists, "{rows}x{cols} K={k} {attacker:?}");
                    found[usize::from(exists)] += 1;
                }
            }
        }
        // Both answers came up often.
        assert!(found[0] > 100 && found[1] > 100, "{found:?}");
    }

    /// Every pairing found, greedily or by search, on random positions is a real one: its
    /// pairs are disjoint empty cells and every window open to the attacker holds one.
    #[test]
    fn pairings_found_are_pairings() {
        let mut rng = crate::Rng::seeded(11);
        let mut scratch = PairingScratch::default();
        let mut found = [0; 3];
        for (rows, cols, k) in [(5, 5, 4), (6, 6, 5), (7, 7, 5), (4, 9, 4), (12, 12, 5)] {
            for _ in 0..300 {
                let b = random_board(&mut rng, rows, cols, k, rows * cols / 2);
                for attacker in [Player::X, Player::O] {
                    let ways = [
                        PairingSearch::Greedy,
                        PairingSearch::Early,
                        PairingSearch::Wide,
                    ];
                    for (way, how) in ways.into_iter().enumerate() {
                        if !b.has_pairing_against(attacker, &mut scratch, how) {
                            continue;
                        }
                        found[way] += 1;
                        let partner = &scratch.partner;
                        for (c, &p) in partner.iter().enumerate() {
                            if p != NO_CELL {
                                assert!(b.is_empty(c) && partner[usize::from(p)] == c as u16);
                            }
                        }
                        let theirs = b.counts.get(attacker.other());
                        for w in (0..b.window_count()).filter(|&w| theirs[w] == 0) {
                            let cells = b.window(w);
                            assert!(
                                cells
                                    .iter()
                                    .any(|&c| cells.contains(&partner[usize::from(c)])),
                                "{rows}x{cols} K={k}: window {w} holds no pair"
                            );
                        }
                    }
                }
            }
        }
        // Every way found pairings, and each search found more than the greedy pass alone.
        assert!(
            found[0] > 0 && found[1] > found[0] && found[2] > found[0],
            "{found:?}"
        );
    }

    #[test]
    fn symmetric_positions_share_a_key() {
        let a = board("X../.../...", 3);
        let b = board("..X/.../...", 3);
        let c = board(".X./.../...", 3);
        assert_eq!(a.canonical_key().0, b.canonical_key().0);
        assert_ne!(a.canonical_key().0, c.canonical_key().0);
        let (_, s) = b.canonical_key();
        assert_eq!(b.unmap_cell(s, b.map_cell(s, 2)), 2);
    }
}
