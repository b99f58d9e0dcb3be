//! The board the search plays on: stones on a grid with a frame of edge cells around it,
//! and for every cell and each of the four lines through it the key of its neighbours, kept
//! up to date as stones are put and taken. From the keys come each empty cell's patterns,
//! its threat and its value to each player, and from those the move generation, the threat
//! search and the evaluation, without looking at the lines again.
//!
//! Under renju a [`Position`] rides along, for X's forbidden points and nothing else.

use ttt_core::{ByPlayer, Cell, Player, Position, Rule};

use crate::eval::{self, Evaluation};
use crate::pattern::{key_shift, stone, Pattern, PatternTable, Threat, EMPTY, HALF, THREATS, WALL};
use crate::policy::Policy;
use crate::tables;

/// The frame of edge cells around the grid: the widest key reaches this far.
const FRAME: usize = HALF;

/// How far (in rows and columns) from a stone a cell is a candidate move.
const NEAR: usize = 2;

/// What an empty cell's keys make: its patterns, threats, values and pattern codes.
#[derive(Debug, Clone, Copy)]
struct CellState {
    patterns: ByPlayer<[Pattern; 4]>,
    threats: ByPlayer<Threat>,
    values: ByPlayer<i32>,
    codes: ByPlayer<u16>,
}

/// The board with its patterns.
#[derive(Clone)]
pub(crate) struct Board {
    rows: usize,
    cols: usize,
    /// Cells from one row of the framed grid to the next.
    stride: usize,
    rule: Rule,
    table: &'static PatternTable,
    /// The rule's learned tables: the evaluation's, and the move ordering's.
    evaluation: &'static Evaluation,
    ordering: &'static Policy,
    /// The framed grid's steps along the four lines: across, down, and the two diagonals.
    steps: [isize; 4],
    cells: Vec<u8>,
    keys: Vec<[u16; 4]>,
    patterns: Vec<ByPlayer<[Pattern; 4]>>,
    threats: Vec<ByPlayer<Threat>>,
    values: Vec<ByPlayer<i32>>,
    /// Each empty cell's pattern code for each player, which the evaluation values.
    codes: Vec<ByPlayer<u16>>,
    /// How many stones stand within [`NEAR`] of each cell.
    near: Vec<u8>,
    /// The sums of each player's empty cells valued as the side to move's, and as the
    /// waiting side's.
    mover_sums: ByPlayer<i32>,
    waiting_sums: ByPlayer<i32>,
    /// How many empty cells have each threat, for each player.
    counts: ByPlayer<[u16; THREATS]>,
    zobrist: Vec<ByPlayer<u64>>,
    hash: u64,
    turn: Player,
    played: Vec<usize>,
    /// The grid's cells, in row-major order, as framed indices.
    grid: Vec<usize>,
    /// What each stone put changed: the cells whose patterns it changed, with what they
    /// were before, so that taking it back restores them instead of working them out again.
    changes: Vec<(usize, CellState)>,
    /// Where each stone's changes start in `changes`, in the order the stones were put.
    marks: Vec<usize>,
    renju: Option<Position>,
}

impl Board {
    /// An empty board, X to move.
    pub(crate) fn new(rows: usize, cols: usize, rule: Rule) -> Board {
        let stride = cols + 2 * FRAME;
        let size = stride * (rows + 2 * FRAME);
        let steps = [1, stride as isize, stride as isize + 1, stride as isize - 1];
        let mut cells = vec![WALL; size];
        let mut grid = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let i = (r + FRAME) * stride + c + FRAME;
                cells[i] = EMPTY;
                grid.push(i);
            }
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let zobrist = (0..size)
            .map(|_| ByPlayer {
                x: random(),
                o: random(),
            })
            .collect();
        let mut board = Board {
            rows,
            cols,
            stride,
            rule,
            table: PatternTable::of(rule),
            evaluation: tables::evaluation(rule),
            ordering: tables::ordering(rule),
            steps,
            cells,
            keys: vec![[0; 4]; size],
            patterns: vec![ByPlayer::default(); size],
            threats: vec![ByPlayer::default(); size],
            values: vec![ByPlayer::default(); size],
            codes: vec![ByPlayer::default(); size],
            near: vec![0; size],
            mover_sums: ByPlayer::default(),
            waiting_sums: ByPlayer::default(),
            counts: ByPlayer::default(),
            zobrist,
            hash: 0,
            turn: Player::X,
            played: Vec::new(),
            grid,
            changes: Vec::new(),
            marks: Vec::new(),
            renju: None,
        };
        for i in 0..board.grid.len() {
            let at = board.grid[i];
            for d in 0..4 {
                board.keys[at][d] = board.key_from_scratch(at, d);
            }
            board.remember(at);
        }
        board
    }

    /// The key of `at` along line `d`, read from the cells themselves.
    fn key_from_scratch(&self, at: usize, d: usize) -> u16 {
        let mut key = 0u16;
        for offset in (-(HALF as i32)..=-1).chain(1..=HALF as i32) {
            let n = at as isize + offset as isize * self.steps[d];
            let code = usize::try_from(n)
                .ok()
                .and_then(|n| self.cells.get(n))
                .copied()
                .unwrap_or(WALL);
            key |= u16::from(code) << key_shift(offset);
        }
        key
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    pub(crate) fn rule(&self) -> Rule {
        self.rule
    }

    /// The framed index of a cell on the grid.
    pub(crate) fn index(&self, cell: Cell) -> usize {
        (usize::from(cell.row) + FRAME) * self.stride + usize::from(cell.col) + FRAME
    }

    /// The cell of a framed index on the grid.
    pub(crate) fn cell(&self, at: usize) -> Cell {
        let (r, c) = (at / self.stride - FRAME, at % self.stride - FRAME);
        Cell::new(r as u8, c as u8)
    }

    /// Whether the cell is on the grid.
    pub(crate) fn contains(&self, cell: Cell) -> bool {
        usize::from(cell.row) < self.rows && usize::from(cell.col) < self.cols
    }

    /// How many framed indices there are: the size of tables indexed by them.
    pub(crate) fn framed_len(&self) -> usize {
        self.cells.len()
    }

    /// The grid's cells as framed indices, row by row.
    pub(crate) fn grid(&self) -> &[usize] {
        &self.grid
    }

    pub(crate) fn turn(&self) -> Player {
        self.turn
    }

    /// Who has a stone on `at`.
    pub(crate) fn get(&self, at: usize) -> Option<Player> {
        match self.cells[at] {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        }
    }

    pub(crate) fn is_empty(&self, at: usize) -> bool {
        self.cells[at] == EMPTY
    }

    /// An empty cell near a stone: where moves are looked for.
    pub(crate) fn is_candidate(&self, at: usize) -> bool {
        self.cells[at] == EMPTY && self.near[at] > 0
    }

    pub(crate) fn stones(&self) -> usize {
        self.played.len()
    }

    /// Every empty cell is taken.
    pub(crate) fn is_full(&self) -> bool {
        self.played.len() == self.grid.len()
    }

    pub(crate) fn hash(&self) -> u64 {
        match self.turn {
            Player::X => self.hash,
            Player::O => !self.hash,
        }
    }

    pub(crate) fn threat(&self, at: usize, player: Player) -> Threat {
        *self.threats[at].get(player)
    }

    /// The patterns of `player`'s stone on `at` along the four lines.
    pub(crate) fn patterns(&self, at: usize, player: Player) -> [Pattern; 4] {
        *self.patterns[at].get(player)
    }

    pub(crate) fn value(&self, at: usize, player: Player) -> i32 {
        *self.values[at].get(player)
    }

    /// How many empty cells give `player` a threat of `threat` or stronger.
    pub(crate) fn count_at_least(&self, player: Player, threat: Threat) -> u32 {
        self.counts.get(player)[threat as usize..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// How many empty cells give `player` each threat.
    pub(crate) fn threat_counts(&self, player: Player) -> [u16; THREATS] {
        *self.counts.get(player)
    }

    /// How many empty cells give `player` exactly `threat`.
    pub(crate) fn count(&self, player: Player, threat: Threat) -> u32 {
        u32::from(self.counts.get(player)[threat as usize])
    }

    /// The evaluation for the side to move.
    pub(crate) fn evaluate(&self) -> i32 {
        let (me, them) = (self.turn, self.turn.other());
        let cells = (self.mover_sums.get(me) - self.waiting_sums.get(them)) / 64;
        let tables = self.evaluation.of(me);
        cells + tables.threats(self.counts.get(me), self.counts.get(them))
    }

    /// The move ordering's score of the side to move's stone on the empty `at`, before the
    /// search's own experience.
    pub(crate) fn prior(&self, at: usize) -> i32 {
        let me = self.turn;
        let them = me.other();
        self.ordering.score(
            [self.code(at, me), self.code(at, them)],
            [self.threat(at, me), self.threat(at, them)],
        )
    }

    /// The pattern code of `player`'s stone on the empty `at`.
    pub(crate) fn code(&self, at: usize, player: Player) -> u16 {
        *self.codes[at].get(player)
    }

    /// Plays the side to move's stone on the empty `at`.
    pub(crate) fn make(&mut self, at: usize) {
        let mover = self.turn;
        self.put(at, mover);
        let cell = self.cell(at);
        if let Some(pos) = self.renju.as_mut() {
            pos.play_unchecked(cell);
        }
        self.turn = mover.other();
        self.played.push(at);
    }

    /// Passes the turn without a stone (the search's null move); a second pass takes it
    /// back.
    pub(crate) fn pass(&mut self) {
        self.turn = self.turn.other();
        // Renju's position must pass too, or the next stone would be put there as the wrong
        // colour's and its forbidden points would be wrong.
        if let Some(pos) = self.renju.as_mut() {
            pos.pass_unchecked();
        }
    }

    /// Takes back the last move.
    pub(crate) fn unmake(&mut self) {
        let Some(at) = self.played.pop() else {
            return;
        };
        self.turn = self.turn.other();
        let cell = self.cell(at);
        if let Some(pos) = self.renju.as_mut() {
            pos.undo(cell);
        }
        self.take(at);
    }

    /// Puts `player`'s stone on the empty `at` outside the order of play (a set-up board);
    /// the side to move stays as it was.
    pub(crate) fn place(&mut self, at: usize, player: Player) {
        self.put(at, player);
        self.played.push(at);
    }

    /// Sets the side to move, and under renju the position that follows it.
    pub(crate) fn set_turn(&mut self, turn: Player) {
        self.turn = turn;
    }

    /// Follows renju's forbidden points with `pos`, which has these stones and this turn.
    pub(crate) fn set_renju(&mut self, pos: Option<Position>) {
        self.renju = pos;
    }

    /// Whether the side to move may not play the empty `at`: renju's forbidden points of X.
    pub(crate) fn is_forbidden(&self, at: usize) -> bool {
        match &self.renju {
            Some(pos) if self.turn == Player::X => {
                // Only a cell with two threats on it, two fours along one line (X . X X _ . X
                // reads as five on either of two cells, as an open four does), or a long line
                // can be forbidden; the others skip the exact check.
                let p = self.patterns(at, Player::X);
                let strong = p.iter().filter(|&&q| q >= Pattern::F3).count();
                (strong >= 2 || p.contains(&Pattern::F4) || self.might_be_overline(at))
                    && pos.forbidden(self.cell(at)).is_some()
            }
            _ => false,
        }
    }

    /// Whether X's stone on `at` might make six or more in a row.
    fn might_be_overline(&self, at: usize) -> bool {
        (0..4).any(|d| self.run(at, d, Player::X) >= 5)
    }

    /// How many stones of `player` a stone on `at` joins along line `d`, itself included.
    fn run(&self, at: usize, d: usize, player: Player) -> usize {
        let own = stone(player);
        let step = self.steps[d];
        let count = |sign: isize| {
            (1..)
                .take_while(|&k| self.cells[(at as isize + sign * k * step) as usize] == own)
                .count()
        };
        1 + count(-1) + count(1)
    }

    /// Whether `player`'s stone on the empty `at` wins under the rule.
    pub(crate) fn wins(&self, at: usize, player: Player) -> bool {
        if self.threat(at, player) != Threat::Five {
            return false;
        }
        self.rule == Rule::Freestyle || self.in_winning_line(at, player)
    }

    /// Whether `player`'s stone on `at` (standing there, or to be put on the empty cell)
    /// stands in a line that wins under the rule.
    pub(crate) fn in_winning_line(&self, at: usize, player: Player) -> bool {
        let own = stone(player);
        let theirs = stone(player.other());
        (0..4).any(|d| {
            let step = self.steps[d];
            let reach = |sign: isize| {
                (1..)
                    .take_while(|&k| self.cells[(at as isize + sign * k * step) as usize] == own)
                    .count() as isize
            };
            let (back, forth) = (reach(-1), reach(1));
            let len = (1 + back + forth) as usize;
            let end = |k: isize| self.cells[(at as isize + k * step) as usize] == theirs;
            let blocked = end(-back - 1) && end(forth + 1);
            self.rule.is_win(player, len, 5, blocked)
        })
    }

    /// The cells where `player` wins with one stone, at most `limit` of them.
    pub(crate) fn winning_cells(&self, player: Player, limit: usize) -> Vec<usize> {
        if self.count_at_least(player, Threat::Five) == 0 {
            return Vec::new();
        }
        self.grid
            .iter()
            .copied()
            .filter(|&at| self.is_empty(at) && self.wins(at, player))
            .take(limit)
            .collect()
    }

    /// The cells on the lines through `at`, within a five's reach, where `player` wins with
    /// one stone, at most `limit` of them: all of them when `player` had none before the
    /// stone on `at`, which is what the searches know of the last move.
    pub(crate) fn winning_cells_near(&self, at: usize, player: Player, limit: usize) -> Vec<usize> {
        let mut cells = Vec::new();
        if self.count_at_least(player, Threat::Five) == 0 {
            return cells;
        }
        for step in self.steps {
            for k in (-(HALF as isize)..0).chain(1..=HALF as isize) {
                let n = (at as isize + k * step) as usize;
                if cells.len() < limit && self.is_empty(n) && self.wins(n, player) {
                    cells.push(n);
                }
            }
        }
        cells
    }

    /// The last stone played or placed.
    pub(crate) fn last(&self) -> Option<usize> {
        self.played.last().copied()
    }

    fn put(&mut self, at: usize, player: Player) {
        self.marks.push(self.changes.len());
        self.changes.push((at, self.state(at)));
        self.forget(at);
        let code = stone(player);
        self.cells[at] = code;
        self.hash ^= *self.zobrist[at].get(player);
        for d in 0..4 {
            for (n, shift) in self.line_neighbours(at, d) {
                self.keys[n][d] |= u16::from(code) << shift;
                if self.cells[n] == EMPTY {
                    self.refresh(n, d);
                }
            }
        }
        self.touch_near(at, 1);
    }

    /// Takes the last stone put, which stands on `at`.
    fn take(&mut self, at: usize) {
        let player = self.get(at).unwrap_or(Player::X);
        self.cells[at] = EMPTY;
        self.hash ^= *self.zobrist[at].get(player);
        for d in 0..4 {
            for (n, shift) in self.line_neighbours(at, d) {
                self.keys[n][d] &= !(3 << shift);
            }
        }
        self.touch_near(at, -1);
        let mark = self.marks.pop().unwrap_or(0);
        while self.changes.len() > mark {
            let Some((n, before)) = self.changes.pop() else {
                break;
            };
            // The stone's own cell is out of the sums; the others are in with what the
            // stone made of them.
            if n != at {
                self.forget(n);
            }
            self.restore(n, before);
        }
    }

    /// The cells within a key's reach of `at` along line `d`, each with the shift of `at`'s
    /// two bits in that cell's key.
    fn line_neighbours(&self, at: usize, d: usize) -> [(usize, u32); 2 * HALF] {
        let step = self.steps[d];
        std::array::from_fn(|i| {
            let k = (i / 2 + 1) as isize;
            let sign = if i % 2 == 0 { -1 } else { 1 };
            // `at` is `-sign * k` cells from its neighbour.
            (
                (at as isize + sign * k * step) as usize,
                key_shift(-(sign * k) as i32),
            )
        })
    }

    /// The empty cell `at`'s patterns, threats and values.
    fn state(&self, at: usize) -> CellState {
        CellState {
            patterns: self.patterns[at],
            threats: self.threats[at],
            values: self.values[at],
            codes: self.codes[at],
        }
    }

    /// Gives the empty cell `at` the state it had, and adds it to the sums.
    fn restore(&mut self, at: usize, state: CellState) {
        self.patterns[at] = state.patterns;
        self.threats[at] = state.threats;
        self.values[at] = state.values;
        self.codes[at] = state.codes;
        for p in [Player::X, Player::O] {
            self.count_in(p, *state.codes.get(p), *state.threats.get(p), 1);
        }
    }

    fn touch_near(&mut self, at: usize, by: i8) {
        let (r, c) = (at / self.stride, at % self.stride);
        for rr in r - NEAR..=r + NEAR {
            for cc in c - NEAR..=c + NEAR {
                let n = rr * self.stride + cc;
                self.near[n] = self.near[n].wrapping_add_signed(by);
            }
        }
    }

    /// Takes the empty cell `at`'s values and threats out of the sums.
    fn forget(&mut self, at: usize) {
        for p in [Player::X, Player::O] {
            self.count_in(p, *self.codes[at].get(p), *self.threats[at].get(p), -1);
        }
    }

    /// Adds (`sign` 1) or takes (-1) a cell of `player` with this code and threat to or
    /// from the sums and counts.
    fn count_in(&mut self, player: Player, code: u16, threat: Threat, sign: i32) {
        let code = usize::from(code);
        let tables = self.evaluation.of(player);
        *self.mover_sums.get_mut(player) += sign * tables.mover[code];
        *self.waiting_sums.get_mut(player) += sign * tables.waiting[code];
        let count = &mut self.counts.get_mut(player)[threat as usize];
        *count = count.wrapping_add_signed(sign as i16);
    }

    /// Works out the empty cell `at`'s patterns, threats and values from its keys, and adds
    /// them to the sums.
    fn remember(&mut self, at: usize) {
        let patterns = self.read_patterns(at);
        self.add(at, patterns);
    }

    /// The empty cell `at`'s patterns, from its keys.
    fn read_patterns(&self, at: usize) -> ByPlayer<[Pattern; 4]> {
        let mut patterns = ByPlayer::<[Pattern; 4]>::default();
        for d in 0..4 {
            let p = self.table.get(self.keys[at][d]);
            patterns.x[d] = p.x;
            patterns.o[d] = p.o;
        }
        patterns
    }

    /// Sets the empty cell `at`'s patterns, and adds its threats and values to the sums.
    fn add(&mut self, at: usize, patterns: ByPlayer<[Pattern; 4]>) {
        self.patterns[at] = patterns;
        for p in [Player::X, Player::O] {
            let lines = *patterns.get(p);
            let (threat, value, code) = eval::cell(lines);
            *self.threats[at].get_mut(p) = threat;
            *self.values[at].get_mut(p) = value;
            *self.codes[at].get_mut(p) = code;
            self.count_in(p, code, threat, 1);
        }
    }

    /// Brings the empty cell `at` up to date after its key along line `d` changed. Most
    /// changes (a stone at the far end of a line) leave its pattern as it was, and its
    /// threats and values come from the patterns alone.
    fn refresh(&mut self, at: usize, d: usize) {
        let line = self.table.get(self.keys[at][d]);
        let mut patterns = self.patterns[at];
        if patterns.x[d] == line.x && patterns.o[d] == line.o {
            return;
        }
        patterns.x[d] = line.x;
        patterns.o[d] = line.o;
        self.changes.push((at, self.state(at)));
        self.forget(at);
        self.add(at, patterns);
    }

    /// Where the patterns, threats and sums disagree with a recount from the stones: for the
    /// tests of the incremental updates.
    #[cfg(test)]
    pub(crate) fn check(&self) -> Result<(), String> {
        let mut fresh = Board::new(self.rows, self.cols, self.rule);
        for &at in &self.played {
            let p = self.get(at).ok_or("a played cell is empty")?;
            fresh.place(at, p);
        }
        for &at in &self.grid {
            for d in 0..4 {
                if self.keys[at][d] != fresh.keys[at][d] {
                    return Err(format!("key of {} along {d}", self.cell(at)));
                }
            }
            if self.is_empty(at)
                && (self.patterns[at] != fresh.patterns[at]
                    || self.threats[at] != fresh.threats[at])
            {
                return Err(format!("patterns of {}", self.cell(at)));
            }
            if (self.near[at] > 0) != (fresh.near[at] > 0) {
                return Err(format!("nearness of {}", self.cell(at)));
            }
        }
        if self.mover_sums != fresh.mover_sums
            || self.waiting_sums != fresh.waiting_sums
            || self.counts != fresh.counts
            || self.hash != fresh.hash
        {
            return Err("sums or hash".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn incremental_patterns_equal_a_recount() {
        for (rows, cols, rule) in [
            (15, 15, Rule::Freestyle),
            (7, 11, Rule::Standard),
            (20, 9, Rule::Caro),
        ] {
            let mut board = Board::new(rows, cols, rule);
            let mut seed = 0x1234_5678_9abc_def1 + rows as u64;
            for step in 0..400 {
                let undo = random(&mut seed).is_multiple_of(3) && board.stones() > 0;
                if undo || board.is_full() {
                    board.unmake();
                } else {
                    let empty: Vec<usize> = board
                        .grid()
                        .iter()
                        .copied()
                        .filter(|&a| board.is_empty(a))
                        .collect();
                    let at = empty[random(&mut seed) as usize % empty.len()];
                    board.make(at);
                }
                if step % 7 == 0 {
                    board.check().unwrap();
                }
            }
            while board.stones() > 0 {
                board.unmake();
            }
            board.check().unwrap();
            assert_eq!(board.hash(), Board::new(rows, cols, rule).hash());
        }
    }

    #[test]
    fn a_pass_hands_the_turn_over_and_is_taken_back() {
        let mut board = Board::new(15, 15, Rule::Freestyle);
        board.make(board.index(Cell::new(7, 7)));
        let (turn, key, eval) = (board.turn(), board.hash(), board.evaluate());
        board.pass();
        assert_eq!(board.turn(), turn.other());
        assert_ne!(board.hash(), key);
        assert_eq!(board.stones(), 1);
        board.pass();
        assert_eq!(
            (board.turn(), board.hash(), board.evaluate()),
            (turn, key, eval)
        );
    }

    #[test]
    fn fives_are_checked_under_each_rule() {
        // X X X X . X on the top row: the gap makes six.
        for (rule, wins) in [
            (Rule::Freestyle, true),
            (Rule::Standard, false),
            (Rule::Caro, true),
        ] {
            let mut board = Board::new(15, 15, rule);
            for c in [0, 1, 2, 3, 5] {
                let at = board.index(Cell::new(0, c));
                board.place(at, Player::X);
            }
            assert_eq!(
                board.wins(board.index(Cell::new(0, 4)), Player::X),
                wins,
                "{rule}"
            );
        }
        // O X X X X . O: caro's five blocked at both ends does not win.
        let mut board = Board::new(15, 15, Rule::Caro);
        for (c, p) in [
            (2, Player::O),
            (3, Player::X),
            (4, Player::X),
            (5, Player::X),
            (6, Player::X),
            (8, Player::O),
        ] {
            let at = board.index(Cell::new(7, c));
            board.place(at, p);
        }
        assert!(!board.wins(board.index(Cell::new(7, 7)), Player::X));
        assert!(board.winning_cells(Player::X, 4).is_empty());
    }

    #[test]
    fn a_pass_under_renju_keeps_the_colours() {
        // X's twos on row 7 and column 7 make (7, 7) a double three, forbidden to X.
        let x = [(7, 5), (7, 6), (5, 7), (6, 7)];
        let o = [(0, 0), (0, 14), (14, 0), (14, 14)];
        let mut setup = ttt_core::Setup::empty(15, 15);
        let mut board = Board::new(15, 15, Rule::Renju);
        for (stones, player) in [(&x, Player::X), (&o, Player::O)] {
            for &(r, c) in stones {
                setup.set(Cell::new(r, c), Some(player));
                board.place(board.index(Cell::new(r, c)), player);
            }
        }
        board.set_turn(Player::X);
        board.set_renju(Some(
            Position::from_setup_under(&setup, 5, Rule::Renju).unwrap(),
        ));
        let centre = board.index(Cell::new(7, 7));
        assert!(board.is_forbidden(centre));
        // X passes and O plays (7, 3): the row is still an open three for X (an open four at
        // (7, 8) remains), so the point stays forbidden. Were the stone X's, the row would
        // be a four and the point allowed.
        board.pass();
        board.make(board.index(Cell::new(7, 3)));
        assert_eq!(board.turn(), Player::X);
        assert!(board.is_forbidden(centre));
        board.unmake();
        board.pass();
        assert!(board.is_forbidden(centre));
        board.check().unwrap();
    }
}
