//! The strongest player we have where solving is out of reach: gomoku and its kin on big
//! boards (K of at least 4), up to 32 cells a side.
//!
//! Each move goes through the same steps, cheapest and surest first:
//! 1. a win at once; else a block of the opponent's winning cell;
//! 2. a VCF of its own ([`threats`]): a proven win, played with its line;
//! 3. the opponent's VCF, were it to move: only moves that stop it are kept (the cells of
//!    its zone and our own fours, each checked to leave the opponent no VCF);
//! 4. a VCT of its own: a proven win too;
//! 5. the opponent's VCT, were it to move: the most promising moves are checked, and those
//!    after which it has none are kept;
//! 6. otherwise alpha-beta with threat extensions ([`crate::search::heuristic`]) over the
//!    moves kept, on an evaluation of line patterns ([`crate::eval`]).
//!
//! What it proves (a win by threats) it says; everything else is the best it found.
//!
//! Its board and its threat search count free-style lines (K or more wins, any point may be
//! played). Under another rule ([`Strong::with_rule`], or the position's) the rule has the
//! last word: only legal moves are considered (renju forbids X points), a win at once and a
//! block are what the rule calls a win, a win by threats is claimed only if it is checked
//! move by move under the rule (every other reply of the loser still loses at once), and as
//! O under renju it plays a four that X could only stop on a forbidden point.

use std::fmt;
use std::time::Duration;

use ttt_core::{Cell, Player, Position, Rule, Setup};

use crate::board::stones::{Stones, MAX_SIDE};
use crate::eval;
use crate::search::heuristic::{Estimate, Heuristic};
use crate::search::limits::Limits;
use crate::search::threats::{
    self, Found, ThreatLine, ThreatWin, Threats, THREAT_BUDGET, VCT_THREATS,
};

/// How many moves are checked against the opponent's VCT, most promising first.
const VCT_STOPPERS_TRIED: usize = 20;

/// The deepest the search goes, in plies.
const MOST_DEPTH: u32 = 40;

/// A board size the strong player does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSizeError {
    /// Rows asked for.
    pub rows: usize,
    /// Columns asked for.
    pub cols: usize,
    /// K asked for.
    pub k: usize,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a board of {} x {} with {} in a row is not supported: sides go from 1 to {MAX_SIDE}, \
             and K from 2 to the longest side",
            self.rows, self.cols, self.k
        )
    }
}

impl std::error::Error for BoardSizeError {}

/// Why a mark could not be put on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkError {
    /// The cell is not on the board.
    OffBoard(Cell),
    /// The cell already holds a mark.
    Occupied(Cell),
}

impl fmt::Display for MarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarkError::OffBoard(c) => write!(f, "cell {c} is off the board"),
            MarkError::Occupied(c) => write!(f, "cell {c} is already taken"),
        }
    }
}

impl std::error::Error for MarkError {}

/// What the strong player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrongMove {
    /// Where to play.
    pub cell: Cell,
    /// A proven win by threats starting with this move, if one was found.
    pub win: Option<ThreatWin>,
    /// Positions searched.
    pub nodes: u64,
    /// The deepest the search went, in plies (0 when threats alone decided).
    pub depth: u32,
    /// What the search made of the move; `None` when it was not searched (threats alone
    /// decided, it was the only move worth playing, or not one iteration ended in time).
    pub estimate: Option<Estimate>,
    /// The line expected from the move on, the move first: the win's line where threats
    /// prove one, else the search's principal variation (the move alone if none).
    pub pv: Vec<Cell>,
}

impl StrongMove {
    /// A move decided without the search, with the proven win it starts, if any.
    fn decided(cell: Cell, win: Option<ThreatWin>, nodes: u64) -> StrongMove {
        let pv = win.as_ref().map_or_else(|| vec![cell], |w| w.line.clone());
        StrongMove {
            cell,
            win,
            nodes,
            depth: 0,
            estimate: None,
            pv,
        }
    }
}

/// The strong player over its own board, which takes marks in any order (as the Gomocup
/// protocol hands them over) and boards of up to 32 a side.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Limits, Strong};
/// use ttt_core::{Cell, Player};
///
/// // 15 x 15, five in a row. X's four on row 7 is blocked at (7, 2): O must take (7, 7).
/// let mut game = Strong::new(15, 15, 5).unwrap();
/// for (x, o) in [((7, 3), (7, 2)), ((7, 4), (0, 0)), ((7, 5), (0, 2))] {
///     game.play(Cell::new(x.0, x.1)).unwrap();
///     game.play(Cell::new(o.0, o.1)).unwrap();
/// }
/// game.play(Cell::new(7, 6)).unwrap();
/// assert_eq!(game.turn(), Player::O);
/// let reply = game.choose(Limits::none().within(Duration::from_millis(200))).unwrap();
/// assert_eq!(reply.cell, Cell::new(7, 7));
/// ```
#[derive(Debug, Clone)]
pub struct Strong {
    board: Stones,
    memory: usize,
    rule: Rule,
}

impl Strong {
    /// The empty board of `rows` x `cols`, `k` in a row to win; X to move.
    ///
    /// # Errors
    /// [`BoardSizeError`] for a side outside 1..=32 or K outside 2..=the longest side.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<Strong, BoardSizeError> {
        let error = BoardSizeError { rows, cols, k };
        if k > rows.max(cols) {
            return Err(error);
        }
        let board = Stones::new(rows, cols, k).map_err(|_| error)?;
        Ok(Strong {
            board,
            memory: 64 << 20,
            rule: Rule::Freestyle,
        })
    }

    /// The board of a position, played under its rule.
    #[must_use]
    pub fn from_position(pos: &Position) -> Strong {
        Strong {
            board: Stones::of_position(pos),
            memory: 64 << 20,
            rule: pos.rule(),
        }
    }

    /// The same player under `rule`. Under any rule but free-style, X is the side that moved
    /// first (black): the marks must be X's and O's as a game would have them, else it plays
    /// as under free-style.
    #[must_use]
    pub fn with_rule(mut self, rule: Rule) -> Strong {
        self.rule = rule;
        self
    }

    /// The rule it plays under.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The position of its board under its rule, with its side to move; `None` if the marks
    /// are not a position a game under the rule reaches with that side to move.
    fn position(&self) -> Option<Position> {
        let mut setup = Setup::empty(self.board.rows(), self.board.cols());
        for i in 0..self.board.cells() {
            setup.set(self.board.cell(i), self.board.get(i));
        }
        let pos = Position::from_setup_under(&setup, self.board.k(), self.rule).ok()?;
        (pos.turn() == self.board.turn()).then_some(pos)
    }

    /// The most memory its tables may take, in bytes.
    #[must_use]
    pub fn memory(mut self, bytes: usize) -> Strong {
        self.memory = bytes;
        self
    }

    /// Sets the memory its tables may take, in bytes.
    pub fn set_memory(&mut self, bytes: usize) {
        self.memory = bytes;
    }

    /// Rows of the board.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.board.rows()
    }

    /// Columns of the board.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.board.cols()
    }

    /// How many in a row win.
    #[must_use]
    pub fn k(&self) -> usize {
        self.board.k()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Player {
        self.board.turn()
    }

    /// Makes `player` the side to move.
    pub fn set_turn(&mut self, player: Player) {
        self.board.set_turn(player);
    }

    /// The mark on `cell`, if any (none off the board).
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        self.index(cell).ok().and_then(|i| self.board.get(i))
    }

    /// How many marks are on the board.
    #[must_use]
    pub fn marks(&self) -> usize {
        self.board.moves().len()
    }

    fn index(&self, cell: Cell) -> Result<usize, MarkError> {
        self.board
            .index(usize::from(cell.row), usize::from(cell.col))
            .ok_or(MarkError::OffBoard(cell))
    }

    /// The board index of a cell of a position of this board's size.
    fn at(&self, cell: Cell) -> usize {
        usize::from(cell.row) * self.board.cols() + usize::from(cell.col)
    }

    fn empty_index(&self, cell: Cell) -> Result<usize, MarkError> {
        let i = self.index(cell)?;
        if self.board.is_empty(i) {
            Ok(i)
        } else {
            Err(MarkError::Occupied(cell))
        }
    }

    /// Plays `cell` for the side to move; returns whether it completes a line.
    ///
    /// # Errors
    /// [`MarkError`] when the cell is off the board or taken.
    pub fn play(&mut self, cell: Cell) -> Result<bool, MarkError> {
        let i = self.empty_index(cell)?;
        Ok(self.board.play(i))
    }

    /// Puts `player`'s mark on `cell` without changing the turn; returns whether it completes
    /// a line.
    ///
    /// # Errors
    /// [`MarkError`] when the cell is off the board or taken.
    pub fn put(&mut self, cell: Cell, player: Player) -> Result<bool, MarkError> {
        let i = self.empty_index(cell)?;
        Ok(self.board.put(i, player))
    }

    /// Takes the mark off `cell`, leaving the turn as it is; returns whether there was one.
    pub fn take_back(&mut self, cell: Cell) -> bool {
        self.index(cell).is_ok_and(|i| self.board.take_back(i))
    }

    /// A win by threats for the side to move within `limits`: a VCF, or failing that a VCT
    /// (the same look as [`crate::Solver::threat_win`]'s).
    pub fn threat_win(&mut self, limits: Limits) -> Option<ThreatWin> {
        threats::win(&mut self.board, limits).0
    }

    /// The side to move's move within `limits`; `None` if the board is full (or, under a
    /// rule, the game is over or the side to move has no legal move).
    pub fn choose(&mut self, limits: Limits) -> Option<StrongMove> {
        self.choose_skipping(limits, &[])
    }

    /// The best `n` moves for the side to move within `limits` (multi-PV), best first, each
    /// with what it was found to be worth and its line: the first is [`Strong::choose`]'s,
    /// each next the same choice among the moves not yet listed, each of the `n` given an
    /// equal share of the time left. Fewer when fewer moves can be played.
    ///
    /// ```
    /// use std::time::Duration;
    /// use ttt_ai::{Limits, Strong};
    /// use ttt_core::Cell;
    ///
    /// let mut game = Strong::new(15, 15, 5).unwrap();
    /// game.play(Cell::new(7, 7)).unwrap();
    /// let lines = game.best_moves(3, Limits::none().within(Duration::from_millis(300)));
    /// assert_eq!(lines.len(), 3);
    /// assert!(lines.iter().all(|m| m.pv[0] == m.cell && m.cell != Cell::new(7, 7)));
    /// assert!(lines[0].cell != lines[1].cell && lines[1].cell != lines[2].cell);
    /// ```
    pub fn best_moves(&mut self, n: usize, limits: Limits) -> Vec<StrongMove> {
        self.best_moves_each(n, limits, |_| {})
    }

    /// [`Strong::best_moves`], telling `each` of every move as soon as it is found (an
    /// analysis board shows it while the next is searched).
    pub fn best_moves_each(
        &mut self,
        n: usize,
        limits: Limits,
        mut each: impl FnMut(&StrongMove),
    ) -> Vec<StrongMove> {
        let mut found: Vec<StrongMove> = Vec::new();
        for i in 0..n {
            let share = match limits.time_left() {
                Some(left) => limits.at_most(left / u32::try_from(n - i).unwrap_or(u32::MAX)),
                None => limits.clone(),
            };
            let skip: Vec<Cell> = found.iter().map(|m| m.cell).collect();
            match self.choose_skipping(share, &skip) {
                Some(m) => {
                    each(&m);
                    found.push(m);
                }
                None => break,
            }
        }
        found
    }

    /// [`Strong::choose`] among the moves not in `skip`.
    fn choose_skipping(&mut self, limits: Limits, skip: &[Cell]) -> Option<StrongMove> {
        if self.rule == Rule::Freestyle {
            return self.choose_among(limits, None, skip);
        }
        match self.position() {
            Some(pos) => self.choose_under_rule(&pos, limits, skip),
            None => self.choose_among(limits, None, skip),
        }
    }

    /// [`Strong::choose`] under a rule other than free-style: the rule's wins and blocks
    /// first, then the search of free-style lines, told which moves are legal, its wins by
    /// threats kept only where they win under the rule.
    fn choose_under_rule(
        &mut self,
        pos: &Position,
        limits: Limits,
        skip: &[Cell],
    ) -> Option<StrongMove> {
        let legal: Vec<Cell> = pos.legal_moves().filter(|c| !skip.contains(c)).collect();
        let me = pos.turn();
        let plain = |cell: Cell, win: Option<ThreatWin>| StrongMove::decided(cell, win, 1);
        // 1. A win at once, or the block, as the rule counts them.
        if let Some(&cell) = legal.iter().find(|&&c| pos.makes_line(c, me)) {
            let win = ThreatWin {
                line: vec![cell],
                uses_threes: false,
            };
            return Some(plain(cell, Some(win)));
        }
        if let Some(&cell) = legal.iter().find(|&&c| pos.makes_line(c, me.other())) {
            return Some(plain(cell, None));
        }
        if legal.is_empty() {
            return None;
        }
        let centre = pos.dims().centre_cells()[0];
        if pos.ply() == 0 && legal.contains(&centre) {
            return Some(plain(centre, None));
        }
        // 2. As O under renju: a four that X could stop only on a forbidden point.
        if pos.rule() == Rule::Renju && me == Player::O {
            let near = legal.iter().filter(|&&c| self.board.is_near(self.at(c)));
            for &cell in near {
                if let Some(line) = four_stopped_only_on_forbidden_points(pos, cell) {
                    let win = ThreatWin {
                        line,
                        uses_threes: false,
                    };
                    return Some(plain(cell, Some(win)));
                }
            }
        }
        // 3. The search over free-style lines, among the legal moves.
        let mut allowed = vec![false; self.board.cells()];
        for &c in &legal {
            allowed[self.at(c)] = true;
        }
        let mut chosen = self
            .choose_among(limits, Some((&allowed, pos)), skip)
            .filter(|m| allowed[self.at(m.cell)])
            .unwrap_or_else(|| plain(legal[0], None));
        if chosen
            .win
            .as_ref()
            .is_some_and(|w| !wins_under_rule(pos, &w.line))
        {
            chosen.win = None;
            chosen.pv = vec![chosen.cell];
        }
        // The search looks at free-style lines past the root: its line ends where the rule
        // would refuse a move.
        let mut p = *pos;
        let legal_plies = chosen
            .pv
            .iter()
            .take_while(|&&c| p.play(c).map(|next| p = next).is_ok())
            .count();
        chosen.pv.truncate(legal_plies.max(1));
        Some(chosen)
    }

    /// The side to move's move within `limits`, among the `allowed` cells of the position
    /// under its rule if given (whose wins at once have been looked for already, and under
    /// which a win by threats must hold to be played as one), never one of `skip`.
    fn choose_among(
        &mut self,
        limits: Limits,
        allowed: Option<(&[bool], &Position)>,
        skip: &[Cell],
    ) -> Option<StrongMove> {
        let me = self.board.turn();
        let them = me.other();
        let mut skipped = vec![false; self.board.cells()];
        for &c in skip {
            if let Ok(i) = self.index(c) {
                skipped[i] = true;
            }
        }
        let is_allowed = |c: usize| !skipped[c] && allowed.is_none_or(|(a, _)| a[c]);
        let starts_allowed = |line: &ThreatLine| {
            line.moves
                .first()
                .is_some_and(|&m| is_allowed(usize::from(m)))
        };
        let holds = |board: &Stones, line: &ThreatLine| {
            starts_allowed(line)
                && match allowed {
                    None => true,
                    Some((_, pos)) => {
                        let cells: Vec<Cell> = line
                            .moves
                            .iter()
                            .map(|&m| board.cell(usize::from(m)))
                            .collect();
                        wins_under_rule(pos, &cells)
                    }
                }
        };
        let free: Vec<usize> = (0..self.board.cells())
            .filter(|&c| self.board.is_empty(c) && is_allowed(c))
            .collect();
        if free.is_empty() {
            return None;
        }
        let decided = |board: &Stones, cell: usize, win: Option<ThreatWin>, nodes| {
            StrongMove::decided(board.cell(cell), win, nodes)
        };
        let centre = (self.board.rows() / 2) * self.board.cols() + self.board.cols() / 2;
        if self.board.moves().is_empty() && is_allowed(centre) {
            return Some(decided(&self.board, centre, None, 0));
        }
        // 1. A win at once, or the block (under a rule, looked for by the caller).
        let at_once = if allowed.is_some() {
            None
        } else {
            let all = self.board.cells();
            self.board
                .winning_cells(me, all)
                .into_iter()
                .find(|&c| is_allowed(c))
        };
        if let Some(cell) = at_once {
            let win = ThreatWin {
                line: vec![self.board.cell(cell)],
                uses_threes: false,
            };
            return Some(decided(&self.board, cell, Some(win), 1));
        }
        let block = if allowed.is_some() {
            None
        } else {
            let all = self.board.cells();
            self.board
                .winning_cells(them, all)
                .into_iter()
                .find(|&c| is_allowed(c))
        };
        if let Some(cell) = block {
            return Some(decided(&self.board, cell, None, 1));
        }
        let share = |part: u32| match limits.time_left() {
            Some(left) => limits.at_most(left / part),
            None => limits.at_most(Duration::from_secs(2)),
        };
        let mut nodes = 0;
        // 2. Our VCF.
        let mut threats = Threats::new(&mut self.board, share(8), THREAT_BUDGET);
        let ours = threats.vcf();
        nodes += threats.nodes();
        if let Found::Win(line) = kept(ours, |l| holds(&self.board, l)) {
            let cell = usize::from(line.moves[0]);
            let win = ThreatWin::of(&self.board, &line);
            return Some(decided(&self.board, cell, Some(win), nodes));
        }
        // 3. Theirs, were they to move: keep only the moves that stop it.
        let near: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&c| self.board.is_near(c))
            .collect();
        let mut candidates = near.clone();
        let mut threats = Threats::new(&mut self.board, share(8), THREAT_BUDGET);
        let theirs = threats.opponent_vcf();
        nodes += threats.nodes();
        if let Found::Win(line) = theirs {
            let (mut stoppers, searched) = self.stoppers(&line, share(4));
            nodes += searched;
            stoppers.retain(|&c| is_allowed(c));
            if !stoppers.is_empty() {
                candidates = stoppers;
            }
        } else {
            // 4. Our VCT, when they have no VCF to answer it with.
            let mut threats = Threats::new(&mut self.board, share(5), THREAT_BUDGET);
            let ours = threats.vct(VCT_THREATS);
            nodes += threats.nodes();
            if let Found::Win(line) = kept(ours, |l| holds(&self.board, l)) {
                let cell = usize::from(line.moves[0]);
                let win = ThreatWin::of(&self.board, &line);
                return Some(decided(&self.board, cell, Some(win), nodes));
            }
            // 5. Theirs by threes too, were they to move: keep the moves after which they
            // have none, of those that can be checked in the time given to it.
            self.board.pass();
            let mut threats = Threats::new(&mut self.board, share(8), THREAT_BUDGET / 2);
            let theirs = threats.vct(VCT_THREATS);
            nodes += threats.nodes();
            self.board.pass();
            if let Found::Win(_) = theirs {
                let (mut kept, searched) = self.vct_stoppers(&near, share(3));
                nodes += searched;
                kept.retain(|&c| is_allowed(c));
                if !kept.is_empty() {
                    candidates = kept;
                }
            }
        }
        if candidates.is_empty() {
            candidates = free;
            // No stone yet, and the centre not to be played: the cells nearest it.
            if self.board.moves().is_empty() {
                let (rows, cols) = (self.board.rows(), self.board.cols());
                candidates.sort_by_key(|&c| {
                    let (r, k) = (c / cols, c % cols);
                    (2 * r).abs_diff(rows - 1).pow(2) + (2 * k).abs_diff(cols - 1).pow(2)
                });
                candidates.truncate(8);
            }
        }
        if candidates.len() == 1 {
            return Some(decided(&self.board, candidates[0], None, nodes));
        }
        // 6. Search.
        let memory = self.memory;
        let mut search = Heuristic::new(&mut self.board, limits.clone(), memory);
        let found = search.best_of(&candidates, MOST_DEPTH);
        let (cell, pv) = match found {
            Some(f) => (f.cell, search.pv(f.cell, f.depth as usize + 1)),
            None => {
                let cell = *candidates
                    .iter()
                    .max_by_key(|&&c| eval::move_score(&self.board, c))?;
                (cell, vec![cell])
            }
        };
        Some(StrongMove {
            cell: self.board.cell(cell),
            win: None,
            nodes: nodes + found.map_or(0, |f| f.nodes),
            depth: found.map_or(0, |f| f.depth),
            estimate: found.map(|f| Estimate::of(f.score)),
            pv: pv.into_iter().map(|c| self.board.cell(c)).collect(),
        })
    }

    /// The moves that leave the opponent without the VCF `line` (found with the opponent to
    /// move after a pass) or any other: the zone's cells and our fours, each checked.
    /// With the positions searched.
    fn stoppers(&mut self, line: &ThreatLine, limits: Limits) -> (Vec<usize>, u64) {
        let me = self.board.turn();
        self.board.pass();
        let zone = Threats::new(&mut self.board, limits.clone(), 1).zone(&line.moves);
        self.board.pass();
        let mut tries: Vec<usize> = (0..self.board.cells())
            .filter(|&c| self.board.is_empty(c) && (zone[c] || self.board.threes_at(me, c) > 0))
            .collect();
        self.rank(&mut tries);
        self.leaving_no_win(tries, &limits, THREAT_BUDGET / 4, |t| t.vcf())
    }

    /// Of the most promising of `near`, the moves after which the opponent has no VCT (or
    /// none was found within the time), with the positions searched.
    fn vct_stoppers(&mut self, near: &[usize], limits: Limits) -> (Vec<usize>, u64) {
        let mut tries = near.to_vec();
        self.rank(&mut tries);
        tries.truncate(VCT_STOPPERS_TRIED);
        self.leaving_no_win(tries, &limits, THREAT_BUDGET / 8, |t| t.vct(VCT_THREATS))
    }

    /// Sorts `cells` most promising first (ties in board order).
    fn rank(&self, cells: &mut [usize]) {
        cells.sort_by_cached_key(|&c| (std::cmp::Reverse(eval::move_score(&self.board, c)), c));
    }

    /// Of `tries`, in their order, those after which `search` (the opponent's, within
    /// `budget` positions) finds no win, until the limits run out; with the positions
    /// searched.
    fn leaving_no_win(
        &mut self,
        tries: Vec<usize>,
        limits: &Limits,
        budget: u64,
        search: impl Fn(&mut Threats) -> Found,
    ) -> (Vec<usize>, u64) {
        let mut nodes = 0;
        let mut kept = Vec::new();
        for cell in tries {
            if limits.is_over() {
                break;
            }
            self.board.play(cell);
            let mut threats = Threats::new(&mut self.board, limits.clone(), budget);
            let theirs = search(&mut threats);
            nodes += threats.nodes();
            self.board.undo();
            if !matches!(theirs, Found::Win(_)) {
                kept.push(cell);
            }
        }
        (kept, nodes)
    }
}

/// `found`, unless it is a win whose line does not `hold`: then as if the search had found
/// nothing it could prove.
fn kept(found: Found, hold: impl Fn(&ThreatLine) -> bool) -> Found {
    match found {
        Found::Win(line) if !hold(&line) => Found::Unknown,
        other => other,
    }
}

/// Whether `line` (the winner's moves and the loser's replies in turn, from `pos`) wins for
/// the side to move under the position's rule: every move is legal, and after each of the
/// winner's moves the loser has no win at once and every reply but the line's own leaves the
/// winner one, until the winner's line wins.
fn wins_under_rule(pos: &Position, line: &[Cell]) -> bool {
    let winner = pos.turn();
    let mut p = *pos;
    for (i, &cell) in line.iter().enumerate() {
        let Ok(next) = p.play(cell) else {
            return false;
        };
        p = next;
        if p.is_win_for(winner) {
            return true;
        }
        if p.is_over() {
            return false;
        }
        if i % 2 == 1 {
            continue;
        }
        let loser = winner.other();
        let replies: Vec<Cell> = p.legal_moves().collect();
        if replies.iter().any(|&c| p.makes_line(c, loser)) {
            return false;
        }
        let threats: Vec<Cell> = p
            .empty_cells()
            .filter(|&c| p.makes_line(c, winner))
            .collect();
        // Only a stone on a winning cell can stop it, but under caro one at a line's far end
        // can too.
        let may_stop = |c: Cell| pos.rule() == Rule::Caro || threats.contains(&c);
        for &reply in replies.iter().filter(|&&c| Some(&c) != line.get(i + 1)) {
            if threats.is_empty() {
                return false;
            }
            if !may_stop(reply) {
                continue;
            }
            let after = p.play(reply).expect("a legal move");
            if !threats.iter().any(|&c| after.makes_line(c, winner)) {
                return false;
            }
        }
    }
    false
}

/// Under renju with O to move: O's move at `cell` makes a four whose every completing cell is
/// forbidden to X, and X has no five of its own: a win. Its line (O's move, a reply of X, O's
/// five), if so.
fn four_stopped_only_on_forbidden_points(pos: &Position, cell: Cell) -> Option<Vec<Cell>> {
    let after = pos.play(cell).ok()?;
    let fives: Vec<Cell> = after
        .empty_cells()
        .filter(|&c| after.makes_line(c, Player::O))
        .collect();
    if fives.is_empty() || fives.iter().any(|&c| after.forbidden(c).is_none()) {
        return None;
    }
    let mut replies = after.legal_moves();
    if after.legal_moves().any(|c| after.makes_line(c, Player::X)) {
        return None;
    }
    let reply = replies.next()?;
    let line = vec![cell, reply, fives[0]];
    wins_under_rule(pos, &line).then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[(u8, u8)]) -> Strong {
        let mut g = Strong::new(15, 15, 5).unwrap();
        for &(r, c) in moves {
            g.play(Cell::new(r, c)).unwrap();
        }
        g
    }

    fn limits(millis: u64) -> Limits {
        Limits::none().within(Duration::from_millis(millis))
    }

    #[test]
    fn wins_at_once_blocks_and_finds_its_vcf() {
        // X: four in a row on row 7 (cols 3-6), O scattered: X completes it.
        let mut g = game(&[
            (7, 3),
            (0, 0),
            (7, 4),
            (0, 2),
            (7, 5),
            (0, 4),
            (7, 6),
            (0, 6),
        ]);
        let m = g.choose(limits(500)).unwrap();
        assert!(m.cell == Cell::new(7, 2) || m.cell == Cell::new(7, 7));
        assert_eq!(m.win.map(|w| w.plies()), Some(1));
        // O to move facing X's four closed at one end: the block.
        let mut g = game(&[(7, 3), (7, 2), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6)]);
        assert_eq!(g.choose(limits(500)).unwrap().cell, Cell::new(7, 7));
    }

    #[test]
    fn stops_the_opponents_open_three_and_plays_near_the_marks() {
        // X's open three on row 7 (cols 6-8), O to move: O must take an end (or its
        // neighbour), not play elsewhere.
        let mut g = game(&[(7, 6), (6, 6), (7, 7), (8, 8), (7, 8)]);
        let m = g.choose(limits(800)).unwrap();
        assert_eq!(m.cell.row, 7, "{m:?}");
        assert!([4, 5, 9, 10].contains(&m.cell.col), "{m:?}");
        // The reply to the centre is next to it.
        let mut g = game(&[(7, 7)]);
        let m = g.choose(limits(300)).unwrap();
        assert!(
            m.cell.row.abs_diff(7) <= 1 && m.cell.col.abs_diff(7) <= 1,
            "{m:?}"
        );
    }

    /// Positions of games: the threat puzzles of the integration tests (the side to move has
    /// a VCF or a VCT).
    fn puzzle_positions() -> Vec<Position> {
        include_str!("../../tests/data/threat-puzzles.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let setup = ttt_core::Setup::from_notation(f[5]).unwrap();
                Position::from_setup(&setup, f[2].parse().unwrap()).unwrap()
            })
            .collect()
    }

    fn has_vcf(board: &mut Stones) -> bool {
        matches!(
            Threats::new(board, Limits::none(), THREAT_BUDGET).vcf(),
            Found::Win(_)
        )
    }

    /// The promises of the strong player, on positions of real games: its own VCF is never
    /// missed, and where the opponent has one that some move stops, the move chosen stops it.
    #[test]
    fn never_misses_its_own_vcf_nor_leaves_the_opponent_one_it_can_stop() {
        let mut stopped = 0;
        for pos in puzzle_positions() {
            let mut attacker = Strong::from_position(&pos);
            let vcf = has_vcf(&mut attacker.board);
            let chosen = attacker
                .choose(Limits::none().within(Duration::from_secs(5)))
                .unwrap();
            if vcf {
                assert!(chosen.win.as_ref().is_some_and(|w| !w.uses_threes), "{pos}");
            }
            // The same stones, the other side to move.
            let mut defender = Strong::from_position(&pos);
            defender.set_turn(pos.turn().other());
            let mut passed = defender.board.clone();
            passed.pass();
            if !has_vcf(&mut passed) {
                continue;
            }
            let can_stop = (0..defender.board.cells()).any(|c| {
                let mut b = defender.board.clone();
                b.is_empty(c) && {
                    b.play(c);
                    !has_vcf(&mut b)
                }
            });
            let chosen = defender
                .choose(Limits::none().within(Duration::from_secs(3)))
                .unwrap();
            if can_stop && chosen.win.is_none() {
                defender.play(chosen.cell).unwrap();
                assert!(!has_vcf(&mut defender.board), "{pos}: {chosen:?}");
                stopped += 1;
            }
        }
        assert!(stopped > 3, "{stopped}");
    }

    #[test]
    fn best_moves_lists_distinct_moves_each_valued_with_its_line() {
        // X to move with four on row 7 (cols 3-6), closed at (7, 2) by O: the win at (7, 7)
        // first, proven; every other move leaves O to win or block.
        let mut g = game(&[
            (7, 3),
            (7, 2),
            (7, 4),
            (0, 2),
            (7, 5),
            (0, 4),
            (7, 6),
            (0, 6),
        ]);
        let lines = g.best_moves(4, limits(800));
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].cell, Cell::new(7, 7));
        assert_eq!(lines[0].win.as_ref().map(ThreatWin::plies), Some(1));
        assert_eq!(lines[0].pv, vec![Cell::new(7, 7)]);
        let mut cells: Vec<Cell> = lines.iter().map(|m| m.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 4);
        for m in &lines[1..] {
            assert_eq!(m.pv[0], m.cell);
            assert!(g.get(m.cell).is_none());
        }
        // O to move against the same four: the block, then moves the search finds lost.
        let mut g = game(&[(7, 3), (7, 2), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6)]);
        let lines = g.best_moves(2, limits(800));
        assert_eq!(lines[0].cell, Cell::new(7, 7));
        assert!(
            matches!(lines[1].estimate, Some(Estimate::Loss { plies: 2 })),
            "{:?}",
            lines[1]
        );
        // Every cell but one taken: one line however many are asked for.
        let mut g = Strong::new(5, 5, 5).unwrap();
        for i in 0..24u8 {
            let (r, c) = (i / 5, i % 5);
            let p = if (r + c / 2) % 2 == 0 {
                Player::X
            } else {
                Player::O
            };
            g.put(Cell::new(r, c), p).unwrap();
        }
        assert_eq!(g.best_moves(3, limits(100)).len(), 1);
        // On the empty board: the centre, then cells around it.
        let lines = Strong::new(15, 15, 5).unwrap().best_moves(3, limits(300));
        assert_eq!(lines[0].cell, Cell::new(7, 7));
        for m in &lines[1..] {
            assert!(
                m.cell.row.abs_diff(7) <= 2 && m.cell.col.abs_diff(7) <= 2,
                "{m:?}"
            );
        }
    }

    #[test]
    fn best_moves_under_renju_never_lists_a_forbidden_point() {
        // X's twos cross at (7, 7): a double-three, forbidden to X.
        let pos = renju(
            &[(7, 5), (7, 6), (5, 7), (6, 7)],
            &[(0, 0), (0, 14), (14, 0), (14, 14)],
        );
        assert!(pos.forbidden(Cell::new(7, 7)).is_some());
        let lines = Strong::from_position(&pos).best_moves(6, limits(600));
        assert_eq!(lines.len(), 6);
        for m in &lines {
            let mut p = pos;
            for &c in &m.pv {
                p = p.play(c).unwrap_or_else(|e| panic!("{e}: {m:?}"));
            }
        }
    }

    #[test]
    fn marks_in_any_order_and_takebacks() {
        let mut g = Strong::new(20, 20, 5).unwrap();
        g.put(Cell::new(3, 3), Player::O).unwrap();
        g.put(Cell::new(4, 4), Player::X).unwrap();
        assert_eq!(
            g.put(Cell::new(4, 4), Player::O),
            Err(MarkError::Occupied(Cell::new(4, 4)))
        );
        assert_eq!(
            g.play(Cell::new(20, 0)),
            Err(MarkError::OffBoard(Cell::new(20, 0)))
        );
        assert!(g.take_back(Cell::new(3, 3)));
        assert!(!g.take_back(Cell::new(3, 3)));
        assert_eq!(g.marks(), 1);
        assert!(Strong::new(33, 33, 5).is_err());
        assert!(Strong::new(32, 32, 5).is_ok());
    }

    /// Every move of the strong player under each rule on 15 x 15, playing itself, goes past
    /// a referee: the position's own `play` under the rule.
    #[test]
    fn plays_only_legal_moves_under_every_rule() {
        use ttt_core::{Dims, Rule};
        let dims = Dims::new(15, 15, 5).unwrap();
        for rule in Rule::ALL {
            for opening in [&[][..], &[(7, 7), (7, 8), (8, 8)][..]] {
                let mut pos = Position::with_rule(dims, rule).unwrap();
                for &(r, c) in opening {
                    pos = pos.play(Cell::new(r, c)).unwrap();
                }
                for _ in 0..20 {
                    if pos.is_over() {
                        break;
                    }
                    let chosen = Strong::from_position(&pos).choose(limits(40)).unwrap();
                    pos = match pos.play(chosen.cell) {
                        Ok(next) => next,
                        Err(e) => panic!("{rule}: {e} in\n{}", pos.text()),
                    };
                }
            }
        }
    }

    fn renju(x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
        let mut setup = ttt_core::Setup::empty(15, 15);
        for &(r, c) in x {
            setup.set(Cell::new(r, c), Some(Player::X));
        }
        for &(r, c) in o {
            setup.set(Cell::new(r, c), Some(Player::O));
        }
        Position::from_setup_under(&setup, 5, ttt_core::Rule::Renju).unwrap()
    }

    #[test]
    fn renju_x_never_takes_a_forbidden_point_and_o_uses_them() {
        // X's twos cross at (7, 7): a double-three for X. O's open four on the diagonal
        // wins at (7, 7) or (2, 2): X may block only at (2, 2).
        let x = [(7, 5), (7, 6), (5, 7), (6, 7)];
        let pos = renju(&x, &[(3, 3), (4, 4), (5, 5), (6, 6)]);
        let m = Strong::from_position(&pos).choose(limits(300)).unwrap();
        assert_eq!(m.cell, Cell::new(2, 2));
        // O, to move, has three on the diagonal ending next to (7, 7), closed at (2, 2): the
        // four at (3, 3) can be stopped only at (7, 7), forbidden to X. A win.
        let pos = renju(
            &[(7, 5), (7, 6), (5, 7), (6, 7), (2, 2)],
            &[(4, 4), (5, 5), (6, 6), (14, 14)],
        );
        assert_eq!(pos.turn(), Player::O);
        let m = Strong::from_position(&pos).choose(limits(300)).unwrap();
        assert_eq!(m.cell, Cell::new(3, 3), "{m:?}");
        assert_eq!(m.win.map(|w| w.plies()), Some(3));
        // Under free-style, X would simply block there.
        let free = Position::from_setup(&pos.setup(), 5).unwrap();
        let mut after = free.play(Cell::new(3, 3)).unwrap();
        let block = Strong::from_position(&after).choose(limits(300)).unwrap();
        assert_eq!(block.cell, Cell::new(7, 7));
        after = after.play(block.cell).unwrap();
        assert!(after.is_win_for(Player::X) || !after.is_over());
    }

    #[test]
    fn an_overline_is_no_win_under_standard() {
        // O X X X X . X on row 7: (7, 7) would make six. O's four on row 9, closed by X at
        // (9, 7), needs blocking at (9, 2).
        let mut setup = ttt_core::Setup::empty(15, 15);
        for c in [3, 4, 5, 6, 8] {
            setup.set(Cell::new(7, c), Some(Player::X));
        }
        for c in [3, 4, 5, 6] {
            setup.set(Cell::new(9, c), Some(Player::O));
        }
        setup.set(Cell::new(9, 7), Some(Player::X));
        setup.set(Cell::new(7, 2), Some(Player::O));
        setup.set(Cell::new(0, 0), Some(Player::O));
        let pos = Position::from_setup_under(&setup, 5, ttt_core::Rule::Standard);
        let pos = pos.unwrap();
        assert_eq!(pos.turn(), Player::X);
        let m = Strong::from_position(&pos).choose(limits(300)).unwrap();
        assert_eq!(m.cell, Cell::new(9, 2), "{m:?}");
        assert_eq!(m.win, None);
        let free = Position::from_setup(&pos.setup(), 5).unwrap();
        let m = Strong::from_position(&free).choose(limits(300)).unwrap();
        assert_eq!(m.cell, Cell::new(7, 7));
    }
}
