//! Pairings: a set of disjoint pairs of empty cells such that every window still open to the
//! attacker holds a pair (Hales and Jewett). Whenever the attacker takes one cell of a pair,
//! the defender takes the other, and no open window can ever be filled: the attacker cannot
//! win. Finding one is a set-cover problem; a greedy pass finds most, and a short
//! backtracking search with conflict-directed backjumping finds more where it is worth it.

use ttt_core::{Dims, Player};

use crate::board::bits::bit;
use crate::board::{Board, NO_CELL};

/// How hard [`Pairing::find`] looks for a pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PairingSearch {
    /// None at all: [`Pairing::find`] finds nothing.
    Skip,
    /// The greedy pass alone.
    Greedy,
    /// Then, where at least three quarters of the board are empty, a backtracking search of
    /// [`EARLY_BUDGET`] tries.
    Early,
    /// Then, wherever the greedy pass left at most [`MISSES_WORTH_SEARCHING`] open windows
    /// unpaired, a backtracking search of [`WIDE_BUDGET`] tries.
    Wide,
    /// As [`PairingSearch::Wide`], with [`PROOF_BUDGET`] tries: for a proof, where each
    /// pairing found is a subtree not written.
    Proof,
}

/// How many pairs [`PairingSearch::Early`] may try before giving up (fewer find too few
/// pairings, more cost more than they find: see docs/PERFORMANCE.md).
const EARLY_BUDGET: u32 = 128;
/// How many pairs [`PairingSearch::Wide`] may try before giving up. Positions deep in the
/// game need it as much as early ones; fewer tries find too few pairings, more cost more
/// than they find (see docs/PERFORMANCE.md).
const WIDE_BUDGET: u32 = 500;
/// How many pairs [`PairingSearch::Proof`] may try: the proof writer's certificates cost
/// little of its time, and more tries make smaller proofs (see docs/PERFORMANCE.md).
const PROOF_BUDGET: u32 = 1000;
/// Where the greedy pass leaves more open windows than this unpaired, a pairing is rarely
/// there to find: [`PairingSearch::Wide`] does not search (fewer skip too many pairings,
/// more waste the search's time: see docs/PERFORMANCE.md).
const MISSES_WORTH_SEARCHING: u32 = 8;
/// The most pairs of one window the backtracking search tries (all of them up to K=16).
const PAIRS_PER_WINDOW: usize = 128;

/// A pairing being built, and the working space to build it, kept between calls.
#[derive(Debug, Default)]
pub(crate) struct Pairing {
    /// Each cell's partner in the pairing being built, or `NO_CELL`.
    partner: Vec<u16>,
    /// The windows open to the attacker in index order, then the same sorted by how many
    /// cells they still need (filled by the greedy pass).
    order: Vec<u32>,
    /// How many pairs lie wholly in each window (one is enough), plus one in a window
    /// closed to the attacker (which needs none).
    pairs_in: Vec<u8>,
    /// How many of each window's cells are empty and not yet paired.
    free_in: Vec<u8>,
    /// What the search chooses by, for each window: its free cells while it still needs a
    /// pair, else [`u8::MAX`]. One byte a window, in window order, so that the search's look
    /// over every window (most of its time) reads one short array.
    need: Vec<u8>,
    /// The cells paired so far, as a bit set (on boards of up to 128 cells).
    paired: u128,
    /// For each cell in turn, a byte per window: 1 where the window holds the cell. With
    /// it a pair changes every window's counts in one pass over short arrays, which the
    /// compiler runs many windows at a time, instead of visiting the windows through each
    /// cell one by one.
    holds: Vec<u8>,
    /// The board [`Pairing::holds`] was made for.
    holds_for: Option<Dims>,
}

impl Pairing {
    /// Starts an empty pairing on `board` against `attacker`.
    fn reset(&mut self, board: &Board, attacker: Player) {
        if self.holds_for != Some(board.dims()) {
            let windows = board.window_count();
            self.holds.clear();
            self.holds.resize(board.cells() * windows, 0);
            for c in 0..board.cells() {
                for &w in board.windows_through(c) {
                    self.holds[c * windows + w as usize] = 1;
                }
            }
            self.holds_for = Some(board.dims());
        }
        let k = board.k() as u8;
        self.partner.clear();
        self.partner.resize(board.cells(), NO_CELL);
        self.paired = 0;
        self.pairs_in.clear();
        self.pairs_in.extend(
            board
                .counts(attacker.other())
                .iter()
                .map(|&n| u8::from(n > 0)),
        );
        self.free_in.clear();
        let (x, o) = (board.counts(Player::X), board.counts(Player::O));
        self.free_in
            .extend(x.iter().zip(o).map(|(&x, &o)| k - x - o));
        self.need.clear();
        self.need.extend(
            self.free_in.iter().zip(&self.pairs_in).map(
                |(&free, &pairs)| {
                    if pairs == 0 {
                        free
                    } else {
                        u8::MAX
                    }
                },
            ),
        );
    }

    fn is_free(&self, board: &Board, c: u16) -> bool {
        board.is_empty(usize::from(c)) && self.partner[usize::from(c)] == NO_CELL
    }

    /// Adds the pair `a`-`b`, counting it in the windows that hold both, and as many fewer
    /// free cells in the windows through each.
    fn pair(&mut self, a: u16, b: u16) {
        self.partner[usize::from(a)] = b;
        self.partner[usize::from(b)] = a;
        self.paired |= bit(usize::from(a)) | bit(usize::from(b));
        self.count(
            a,
            b,
            |free, x, y| free.wrapping_sub(x + y),
            |pairs, x, y| pairs + (x & y),
        );
    }

    /// Takes back [`Pairing::pair`].
    fn unpair(&mut self, a: u16, b: u16) {
        self.partner[usize::from(a)] = NO_CELL;
        self.partner[usize::from(b)] = NO_CELL;
        self.paired &= !(bit(usize::from(a)) | bit(usize::from(b)));
        self.count(
            a,
            b,
            |free, x, y| free + x + y,
            |pairs, x, y| pairs - (x & y),
        );
    }

    /// Changes every window's counts of free cells and of pairs by `free` and `pairs`, given
    /// whether it holds `a` and whether it holds `b`, and its need with them.
    #[inline(always)]
    fn count(
        &mut self,
        a: u16,
        b: u16,
        free: impl Fn(u8, u8, u8) -> u8,
        pairs: impl Fn(u8, u8, u8) -> u8,
    ) {
        let windows = self.need.len();
        let holds_a = &self.holds[usize::from(a) * windows..][..windows];
        let holds_b = &self.holds[usize::from(b) * windows..][..windows];
        let counts = self.free_in.iter_mut().zip(&mut self.pairs_in);
        let holds = holds_a.iter().zip(holds_b);
        for ((need, (f, p)), (&x, &y)) in self.need.iter_mut().zip(counts).zip(holds) {
            *f = free(*f, x, y);
            *p = pairs(*p, x, y);
            *need = if *p == 0 { *f } else { u8::MAX };
        }
    }
}

impl Pairing {
    /// Whether the defender can stop `attacker` from ever completing a line on `board` by a
    /// pairing (see the module's documentation). Found greedily, most constrained windows
    /// first, preferring neighbouring cells (which cover the most windows), then, as `how`
    /// says, by a short backtracking search; `false` means none was found, not that none
    /// exists.
    pub(crate) fn find(&mut self, board: &Board, attacker: Player, how: PairingSearch) -> bool {
        let scratch = self;
        // A line one move from completion cannot be paired.
        if how == PairingSearch::Skip || board.threats(attacker) > 0 {
            return false;
        }
        scratch.reset(board, attacker);
        // Beyond this many misses the greedy pass's count no longer decides anything.
        let most_misses = match how {
            PairingSearch::Wide | PairingSearch::Proof => MISSES_WORTH_SEARCHING,
            PairingSearch::Skip | PairingSearch::Greedy | PairingSearch::Early => 0,
        };
        let misses = greedy(board, attacker, scratch, most_misses);
        if misses == 0 {
            return true;
        }
        let mut budget = match how {
            PairingSearch::Early if board.is_early() => EARLY_BUDGET,
            PairingSearch::Wide if misses <= MISSES_WORTH_SEARCHING => WIDE_BUDGET,
            PairingSearch::Proof if misses <= MISSES_WORTH_SEARCHING => PROOF_BUDGET,
            _ => return false,
        };
        scratch.reset(board, attacker);
        search(board, scratch, &mut budget).is_ok()
    }

    /// The pairs of the pairing the last successful [`Pairing::find`] found, as cell indices,
    /// each pair once.
    pub(crate) fn pairs(&self) -> Vec<(usize, usize)> {
        self.partner
            .iter()
            .enumerate()
            .filter(|&(c, &p)| p != NO_CELL && c < usize::from(p))
            .map(|(c, &p)| (c, usize::from(p)))
            .collect()
    }

    /// The cells of the pairing the last successful [`Pairing::find`] found on `board`, as a
    /// bit set, or every bit if the board has more than 128 cells.
    pub(crate) fn cells(&self, board: &Board) -> u128 {
        if board.cells() > 128 {
            return u128::MAX;
        }
        self.partner
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p != NO_CELL)
            .fold(0, |zone, (c, _)| zone | 1 << c)
    }
}

/// One pass, most constrained windows first (then in index order), no going back. How
/// many open windows it left without a pair (none: a pairing), counting no further than
/// one more than `most_misses`: nearly every position searched fails by many (a pass that
/// finds no pairing usually leaves many windows).
fn greedy(board: &Board, attacker: Player, scratch: &mut Pairing, most_misses: u32) -> u32 {
    let k = board.k();
    let theirs = board.counts(attacker.other());
    let mine = board.counts(attacker);
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
        let cells = board.window(w);
        // Neighbours first, then any two free cells.
        let pair = cells
            .windows(2)
            .find(|p| scratch.is_free(board, p[0]) && scratch.is_free(board, p[1]))
            .map(|p| (p[0], p[1]))
            .or_else(|| {
                let mut it = cells.iter().copied().filter(|&c| scratch.is_free(board, c));
                Some((it.next()?, it.next()?))
            });
        let Some((a, b)) = pair else {
            misses += 1;
            if misses > most_misses {
                break;
            }
            continue;
        };
        scratch.pair(a, b);
    }
    scratch.order = order;
    misses
}

/// Backtracking over the pairs of the open window with the fewest free cells (the first
/// such in index order), within a budget of tries.
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
fn search(board: &Board, scratch: &mut Pairing, budget: &mut u32) -> Result<(), u128> {
    let exact = board.cells() <= 128 && board.k() <= 16;
    let cells_of = |w: usize| {
        if exact {
            board.window_mask(w).unwrap_or(u128::MAX)
        } else {
            u128::MAX
        }
    };
    // The least need first (a loop the compiler runs many windows at a time), then where.
    let least = scratch.need.iter().copied().min().unwrap_or(u8::MAX);
    if least < 2 {
        let w = first_where(&scratch.need, 0, !1).unwrap_or(0);
        return Err(cells_of(w) & scratch.paired);
    }
    if least == u8::MAX {
        return Ok(());
    }
    let w = first_where(&scratch.need, least, u8::MAX).unwrap_or(0);
    // The window's cells paired before it limited its choice of pairs.
    let mut blamed = cells_of(w) & scratch.paired;
    let cells = board.window(w);
    let free = |i: usize| scratch.is_free(board, cells[i]);
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
        scratch.pair(a, b);
        let Err(conflict) = search(board, scratch, budget) else {
            return Ok(());
        };
        scratch.unpair(a, b);
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

/// The first of `bytes` that is zero once XORed with `xor` and ANDed with `and`, looked for
/// eight bytes at a time: a word with a zero byte has, at that byte, the high bit of
/// `(v - 0x0101..) & !v`, and no such bit below its first zero byte.
fn first_where(bytes: &[u8], xor: u8, and: u8) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let (xor8, and8) = (ONES * u64::from(xor), ONES * u64::from(and));
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let v = (u64::from_le_bytes(std::array::from_fn(|j| chunk[j])) ^ xor8) & and8;
        let zeros = v.wrapping_sub(ONES) & !v & ONES << 7;
        if zeros != 0 {
            return Some(i * 8 + zeros.trailing_zeros() as usize / 8);
        }
    }
    let rest = chunks.remainder();
    let at = rest.iter().position(|&b| (b ^ xor) & and == 0)?;
    Some(bytes.len() - rest.len() + at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board;

    /// The first byte found eight at a time is the first byte that matches.
    #[test]
    fn first_where_finds_the_first_match() {
        let mut rng = crate::rng::Rng::seeded(5);
        for _ in 0..2000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len).map(|_| [0, 1, 2, 3, 255][rng.below(5)]).collect();
            for (xor, and) in [(0, !1), (2, u8::MAX), (255, u8::MAX), (1, u8::MAX)] {
                let slow = bytes.iter().position(|&b| (b ^ xor) & and == 0);
                assert_eq!(first_where(&bytes, xor, and), slow, "{bytes:?} {xor} {and}");
            }
        }
    }

    #[test]
    fn pairings() {
        let mut scratch = Pairing::default();
        // 4x4 with four in a row: O cannot pair X's open lines on the empty board (the
        // diagonals cross the rows and columns) ...
        assert!(!scratch.find(
            &board("..../..../..../....", 4),
            Player::X,
            PairingSearch::Wide
        ));
        // ... but on a 2x4 board, each row pairs as (0,1)(2,3) and the columns are too short.
        assert!(scratch.find(&board("..../....", 4), Player::X, PairingSearch::Wide));
        // A window with one free cell left cannot be paired.
        assert!(!scratch.find(&board("XXX./OO../....", 4), Player::X, PairingSearch::Wide));
        // Every line spoiled: the empty pairing works.
        assert!(scratch.find(&board("XOX/XOO/OX.", 3), Player::X, PairingSearch::Wide));
    }

    /// A `rows` x `cols` board with K = `k` and random moves, fewer than `most`, played on it
    /// (fewer still if one makes a line).
    fn random_board(
        rng: &mut crate::rng::Rng,
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
    fn pairing_exists(b: &Board, attacker: Player, scratch: &mut Pairing) -> bool {
        let theirs = b.counts(attacker.other());
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
                    scratch.pair(a, c);
                    let found = pairing_exists(b, attacker, scratch);
                    scratch.unpair(a, c);
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
        let mut rng = crate::rng::Rng::seeded(12);
        let mut scratch = Pairing::default();
        let mut found = [0; 2];
        for (rows, cols, k) in [(4, 4, 3), (4, 5, 4), (5, 5, 4), (3, 6, 4), (4, 6, 4)] {
            for _ in 0..400 {
                let b = random_board(&mut rng, rows, cols, k, rows * cols * 2 / 3);
                for attacker in [Player::X, Player::O] {
                    if b.threats(attacker) > 0 {
                        continue;
                    }
                    scratch.reset(&b, attacker);
                    let exists = pairing_exists(&b, attacker, &mut scratch);
                    scratch.reset(&b, attacker);
                    let mut budget = u32::MAX;
                    let searched = search(&b, &mut scratch, &mut budget).is_ok();
                    assert_eq!(searched, exists, "{rows}x{cols} K={k} {attacker:?}");
                    found[usize::from(exists)] += 1;
                }
            }
        }
        // Both answers came up often.
        assert!(found[0] > 100 && found[1] > 100, "{found:?}");
    }

    /// A pairing after the attacker's mark is one before it (the proof-number search looks
    /// for none where the defender is to move, on the strength of this): on random
    /// positions, wherever one exists after an attacker's move, one exists before it.
    #[test]
    fn an_attackers_mark_never_makes_a_pairing() {
        let mut rng = crate::rng::Rng::seeded(13);
        let mut scratch = Pairing::default();
        let mut after = 0;
        for (rows, cols, k) in [(4, 4, 3), (4, 5, 4), (5, 5, 4), (4, 6, 4)] {
            for _ in 0..150 {
                let mut b = random_board(&mut rng, rows, cols, k, rows * cols / 2);
                let attacker = b.turn();
                scratch.reset(&b, attacker);
                let before = pairing_exists(&b, attacker, &mut scratch);
                let empty: Vec<usize> = (0..b.cells()).filter(|&c| b.is_empty(c)).collect();
                for c in empty {
                    if !b.play(c) {
                        scratch.reset(&b, attacker);
                        if pairing_exists(&b, attacker, &mut scratch) {
                            after += 1;
                            assert!(before, "{rows}x{cols} K={k}: a pairing only after {c}");
                        }
                    }
                    b.undo(c);
                }
            }
        }
        assert!(after > 100, "{after}");
    }

    /// Every pairing found, greedily or by search, on random positions is a real one: its
    /// pairs are disjoint empty cells and every window open to the attacker holds one.
    #[test]
    fn pairings_found_are_pairings() {
        let mut rng = crate::rng::Rng::seeded(11);
        let mut scratch = Pairing::default();
        let mut found = [0; 4];
        for (rows, cols, k) in [(5, 5, 4), (6, 6, 5), (7, 7, 5), (4, 9, 4), (12, 12, 5)] {
            for _ in 0..300 {
                let b = random_board(&mut rng, rows, cols, k, rows * cols / 2);
                for attacker in [Player::X, Player::O] {
                    let ways = [
                        PairingSearch::Greedy,
                        PairingSearch::Early,
                        PairingSearch::Wide,
                        PairingSearch::Proof,
                    ];
                    for (way, how) in ways.into_iter().enumerate() {
                        if !scratch.find(&b, attacker, how) {
                            continue;
                        }
                        found[way] += 1;
                        let partner = &scratch.partner;
                        for (c, &p) in partner.iter().enumerate() {
                            if p != NO_CELL {
                                assert!(b.is_empty(c) && partner[usize::from(p)] == c as u16);
                            }
                        }
                        let theirs = b.counts(attacker.other());
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
            found[0] > 0 && found[1] > found[0] && found[2] > found[0] && found[3] >= found[2],
            "{found:?}"
        );
    }
}
