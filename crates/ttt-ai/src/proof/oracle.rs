//! The values a proof is written from: the solver's searches asked about one position after
//! another, keeping what they prove in tables, so that the positions of a proof, nearly all
//! of which the first search of the root has already proven, cost little each.
//!
//! Free-style positions go to the proof-number search, with its certificates and relevance
//! zones: it asks whether one side can force a line, which is the question each node of a
//! proof needs, and its table shows which moves it proved, best first, so that the writer
//! follows the cheapest proof it found rather than the first move that works. Standard and
//! caro go to the exact search; renju, which the solver does not prove, to a minimax over
//! every position, on small boards only.

use std::collections::HashMap;
use std::sync::Arc;

use ttt_core::{Cell, Outcome, Player, Position, Rule};

use super::refused::ProofRefused;
use crate::board::stones::{Stones, MAX_SIDE};
use crate::board::Board;
use crate::search::exact::Exact;
use crate::search::limits::{Limits, CHECK_EVERY};
use crate::search::proof_number::threads::{prove_together, ALONE_BEFORE_JOINING};
use crate::search::proof_number::ProofSearch;
use crate::search::threats::quiet::{Quiet, QuietFound, QuietTable};
use crate::search::threats::{self, Found, Threats};
use crate::tt::numbers::NumberTable;
use crate::value::Value;

/// Under renju, the most empty cells a position may have for its proof: a minimax over every
/// position is out of reach beyond.
pub(crate) const RENJU_CELLS: usize = 16;

/// What a remembered position costs the minimax over every position, about: the position,
/// its answer and the map's own share.
const MEMO_ENTRY: usize = 2 * std::mem::size_of::<(Position, (Value, Option<Cell>))>();

/// The most positions one look for a win by threats may take: most positions of a proof
/// have none, and the search must not cost more than the proof's own search. (The search for
/// wins with quiet moves has budgets of its own: [`QUIET_BUDGET`].)
const THREAT_BUDGET: u64 = 10_000;

/// The positions each threat search of the search for wins with quiet moves may take in its
/// first round, where it looks at a position first: most wins by threats there are found in
/// a hundred positions or fewer, and most searches that run out of a bigger budget find
/// nothing. A defender's position where the search ran out is looked at again, with more,
/// if the search comes back to it ([`Quiet::win`]).
const QUIET_BUDGET: u64 = 1_000;

/// The tenths of the time left that the search for wins with quiet moves gets at most.
const QUIET_SHARE_TENTHS: u32 = 9;

/// The most cells a board may have for its wins to be left to the proof-number search alone:
/// beyond, the search for wins with quiet moves comes first.
const QUIET_CELLS: usize = 128;

/// A question about a position's value for its side to move, narrower than the value: a
/// proof needs only one side of a draw (the attacker of a draw section never loses, its
/// defender never wins), and a search with a window that narrow is much cheaper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Ask {
    /// Is the value a draw or a win?
    AtLeastDraw,
    /// Is the value a draw or a loss?
    AtMostDraw,
}

impl Ask {
    fn of(self, value: Value) -> bool {
        match self {
            Ask::AtLeastDraw => value != Value::Loss,
            Ask::AtMostDraw => value != Value::Win,
        }
    }
}

/// Which search answers.
#[derive(Debug)]
enum Search {
    /// The proof-number search, with a table for each side as the one that tries to make a
    /// line (X's, then O's), passed from search to search: each search owns it alone while it
    /// runs, so that the table grows as it fills.
    Numbers([Option<Arc<NumberTable>>; 2]),
    /// The exact search, its table kept between searches.
    Exact(Box<Exact>),
    /// A minimax over every position.
    Minimax,
}

/// Answers "what is this position worth for its side to move?", remembering the answers.
#[derive(Debug)]
pub(crate) struct Oracle {
    search: Search,
    limits: Limits,
    /// The threads the proof-number search runs on.
    threads: usize,
    /// The memory the searches may take, in bytes.
    memory: usize,
    /// The empty board of the game, which each position's board is set up from.
    empty: Board,
    memo: HashMap<Position, (Value, Option<Cell>)>,
    /// The answers to narrower questions ([`Oracle::ask`]).
    asked: HashMap<(Position, Ask), bool>,
    /// What the threat search found for the side to move ([`Oracle::threat_win`]): the
    /// writer asks before the oracle's own search does, and both must not search twice.
    threat_wins: HashMap<Position, Option<Vec<Cell>>>,
    /// What the search for wins with quiet moves found for the side to move
    /// ([`Oracle::quiet_win`]).
    quiet_wins: HashMap<Position, Option<Cell>>,
    /// What those searches learned, position by position: the writer asks again at each node
    /// of a win one of them found.
    quiet: QuietTable,
    /// Positions the searches visited.
    nodes: u64,
}

impl Oracle {
    /// An oracle for positions of `root`'s game, searching on `threads` threads within
    /// `limits` in tables of about `memory` bytes.
    pub(crate) fn new(
        root: &Position,
        limits: Limits,
        memory: usize,
        threads: usize,
    ) -> Result<Oracle, ProofRefused> {
        let search = match root.rule() {
            Rule::Freestyle => {
                // The two sides' tables grow as they fill, each to half the memory.
                let table = || Some(Arc::new(NumberTable::with_bytes(memory / 2)));
                Search::Numbers([table(), table()])
            }
            Rule::Standard | Rule::Caro => {
                Search::Exact(Box::new(Exact::new(limits.clone(), memory)))
            }
            Rule::Renju if root.count_blanks() <= RENJU_CELLS => Search::Minimax,
            Rule::Renju => return Err(ProofRefused::RenjuTooBig { cells: RENJU_CELLS }),
        };
        Ok(Oracle {
            search,
            limits,
            threads: threads.max(1),
            memory,
            empty: Board::empty(root.dims()),
            memo: HashMap::new(),
            asked: HashMap::new(),
            threat_wins: HashMap::new(),
            quiet_wins: HashMap::new(),
            quiet: QuietTable::for_threads(memory / 4, threads.max(1)),
            nodes: 0,
        })
    }

    /// Positions the searches visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `pos` for its side to move.
    pub(crate) fn value(&mut self, pos: &Position) -> Result<Value, ProofRefused> {
        self.solve(pos).map(|(value, _)| value)
    }

    /// The value of `pos` for its side to move, and a move that keeps it where the search
    /// names one.
    pub(crate) fn solve(&mut self, pos: &Position) -> Result<(Value, Option<Cell>), ProofRefused> {
        if let Some(value) = Value::at_end(pos) {
            return Ok((value, None));
        }
        if let Some(&answer) = self.memo.get(pos) {
            return Ok(answer);
        }
        if self.limits.is_over() {
            return Err(ProofRefused::OutOfTime);
        }
        // A win by threats is a proof of its own, and on big boards the only one in reach.
        if let Some(&first) = self.threat_win(pos).as_ref().and_then(|line| line.first()) {
            self.memo.insert(*pos, (Value::Win, Some(first)));
            return Ok((Value::Win, Some(first)));
        }
        if let Some(first) = self.quiet_win(pos) {
            self.memo.insert(*pos, (Value::Win, Some(first)));
            return Ok((Value::Win, Some(first)));
        }
        let (value, best) = match &mut self.search {
            Search::Numbers(_) => {
                let me = pos.turn();
                if self.forces(pos, me)? {
                    let best = self.settled_moves(pos, me, true)?.first().copied();
                    (Value::Win, best)
                } else if self.forces(pos, me.other())? {
                    (Value::Loss, None)
                } else {
                    (Value::Draw, None)
                }
            }
            Search::Exact(search) => {
                let before = search.nodes();
                let verdict = search.verdict(pos);
                self.nodes += search.nodes() - before;
                (verdict.ok_or(ProofRefused::OutOfTime)?.value, None)
            }
            Search::Minimax => (self.minimax(pos)?, None),
        };
        self.memo.insert(*pos, (value, best));
        Ok((value, best))
    }

    /// The answer to `ask` about `pos`'s value for its side to move: the proof-number search
    /// asks whether one side can force a line; the other searches answer from the value.
    pub(crate) fn ask(&mut self, pos: &Position, ask: Ask) -> Result<bool, ProofRefused> {
        if let Some(value) = Value::at_end(pos) {
            return Ok(ask.of(value));
        }
        if let Some(&(value, _)) = self.memo.get(pos) {
            return Ok(ask.of(value));
        }
        if !matches!(self.search, Search::Numbers(_)) {
            return self.value(pos).map(|value| ask.of(value));
        }
        // At least a draw: the opponent cannot force a line; at most one: the mover cannot.
        let maker = match ask {
            Ask::AtLeastDraw => pos.turn().other(),
            Ask::AtMostDraw => pos.turn(),
        };
        Ok(!self.forces(pos, maker)?)
    }

    /// Whether `maker` can force a line from `pos`, by the proof-number search (which the
    /// oracle must have).
    fn forces(&mut self, pos: &Position, maker: Player) -> Result<bool, ProofRefused> {
        let ask = if maker == pos.turn() {
            Ask::AtMostDraw
        } else {
            Ask::AtLeastDraw
        };
        if let Some(&holds) = self.asked.get(&(*pos, ask)) {
            return Ok(!holds);
        }
        if self.limits.is_over() {
            return Err(ProofRefused::OutOfTime);
        }
        let threads = self.threads;
        let found = self
            .over_numbers(pos, maker, |search| {
                prove_together(search, threads, ALONE_BEFORE_JOINING)
            })
            .flatten()
            .ok_or(ProofRefused::OutOfTime)?;
        self.asked.insert((*pos, ask), !found);
        Ok(found)
    }

    /// The moves at `pos` after which `maker` wins (`proven`) or cannot win (else), as the
    /// proof-number search of `pos` left them in its table, or the rules show at once; none
    /// under the rules its search does not play. `pos` is searched first, so the moves are
    /// there when its answer is the one asked for.
    pub(crate) fn settled_moves(
        &mut self,
        pos: &Position,
        maker: Player,
        proven: bool,
    ) -> Result<Vec<Cell>, ProofRefused> {
        if !matches!(self.search, Search::Numbers(_)) || pos.is_over() {
            return Ok(Vec::new());
        }
        self.forces(pos, maker)?;
        let moves = self
            .over_numbers(pos, maker, |search| search.settled_moves(proven))
            .unwrap_or_default();
        let dims = pos.dims();
        Ok(moves.into_iter().map(|i| dims.cell(i)).collect())
    }

    /// The solver's board of `pos` (a position of the oracle's game), set up from a copy of
    /// the empty board: its windows are worked out once.
    pub(crate) fn board(&self, pos: &Position) -> Board {
        self.empty.clone().with_stones_of(pos)
    }

    /// Runs `run` on a proof-number search of `pos` for `maker` over its table (taken for the
    /// search, which may grow it, and put back), counting its positions; `None` without the
    /// proof-number search.
    fn over_numbers<T>(
        &mut self,
        pos: &Position,
        maker: Player,
        run: impl FnOnce(&mut ProofSearch) -> T,
    ) -> Option<T> {
        if !matches!(self.search, Search::Numbers(_)) {
            return None;
        }
        let board = self.board(pos);
        let Search::Numbers(tables) = &mut self.search else {
            return None;
        };
        let slot = &mut tables[usize::from(maker == Player::O)];
        let table = slot.take().expect("the table is back after each search");
        // Pairings everywhere: each one the table holds is a node the proof need not open.
        let mut search = ProofSearch::over(pos, board, maker, table, self.limits.clone())
            .with_pairings_everywhere();
        let found = run(&mut search);
        self.nodes += search.nodes();
        *slot = Some(search.into_table());
        Some(found)
    }

    /// The moves of a win by threats for the side to move at `pos`, if the threat search
    /// finds one (free-style, four or more in a row).
    pub(crate) fn threat_win(&mut self, pos: &Position) -> Option<Vec<Cell>> {
        if !self.searches_threats(pos) {
            return None;
        }
        if let Some(found) = self.threat_wins.get(pos) {
            return found.clone();
        }
        let (win, nodes) = threats::win_within(
            &mut Stones::of_position(pos),
            self.limits.clone(),
            THREAT_BUDGET,
        );
        self.nodes += nodes;
        let found = win.map(|w| w.line);
        self.threat_wins.insert(*pos, found.clone());
        found
    }

    /// The first move of a win for the side to move at `pos` that begins with quiet moves,
    /// each answered in every way by the defender and
    /// every line ending in a win by threats ([`Quiet`]): on boards too big for the
    /// proof-number search, free-style, four or more in a row.
    pub(crate) fn quiet_win(&mut self, pos: &Position) -> Option<Cell> {
        if !self.searches_threats(pos) || pos.dims().cells() <= QUIET_CELLS {
            return None;
        }
        if let Some(&found) = self.quiet_wins.get(pos) {
            return found;
        }
        let mut board = Stones::of_position(pos);
        // Most of the time left: on these boards the proof-number search, which gets the
        // rest, seldom proves what this search did not (docs/PERFORMANCE.md, "Proofs on 15 x
        // 15"), but where this one ends with no win it has the rest.
        let limits = match self.limits.time_left() {
            Some(left) => self.limits.at_most(left * QUIET_SHARE_TENTHS / 10),
            None => self.limits.clone(),
        };
        let mut search = Quiet::new(&mut board, &mut self.quiet, limits, QUIET_BUDGET);
        let found = search.win();
        self.nodes += search.nodes();
        let found = match found {
            QuietFound::Win(cell) => Some(board.cell(cell)),
            QuietFound::None | QuietFound::Unknown => None,
        };
        self.quiet_wins.insert(*pos, found);
        found
    }

    /// Whether the threat searches work at `pos`: free-style (the solver's boards), four or
    /// more in a row.
    fn searches_threats(&self, pos: &Position) -> bool {
        let dims = pos.dims();
        matches!(self.search, Search::Numbers(_))
            && dims.k() >= 4
            && dims.rows() <= MAX_SIDE
            && dims.cols() <= MAX_SIDE
    }

    /// The attacker's moves of a VCF for the side not to move at `pos`, were the side to move
    /// to pass: the threat that the side to move must stop (free-style, four or more in a
    /// row). The moves end with a four that leaves two winning cells, or a line.
    pub(crate) fn threat_after_pass(&mut self, pos: &Position) -> Option<Vec<Cell>> {
        if !self.searches_threats(pos) {
            return None;
        }
        let mut board = Stones::of_position(pos);
        board.pass();
        let mut search = Threats::new(&mut board, self.limits.clone(), THREAT_BUDGET);
        let found = search.vcf();
        self.nodes += search.nodes();
        let Found::Win(line) = found else {
            return None;
        };
        // The line's moves alternate, the attacker's first.
        Some(
            line.moves
                .iter()
                .step_by(2)
                .map(|&c| board.cell(usize::from(c)))
                .collect(),
        )
    }

    fn minimax(&mut self, pos: &Position) -> Result<Value, ProofRefused> {
        match pos.outcome() {
            Outcome::Win(_) => return Ok(Value::Loss),
            Outcome::Draw => return Ok(Value::Draw),
            Outcome::InProgress => {}
        }
        if let Some(&(value, _)) = self.memo.get(pos) {
            return Ok(value);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if self.limits.tick(CHECK_EVERY) {
                return Err(ProofRefused::OutOfTime);
            }
            // Every position is remembered: the memory limit bounds how many.
            if self.memo.len().saturating_mul(MEMO_ENTRY) > self.memory {
                return Err(ProofRefused::OutOfMemory {
                    megabytes: self.memory >> 20,
                });
            }
        }
        let mut best = Value::Loss;
        let moves: Vec<Cell> = pos.legal_moves().collect();
        for cell in moves {
            let mut child = *pos;
            child.play_unchecked(cell);
            best = best.max(self.minimax(&child)?.for_opponent());
            if best == Value::Win {
                break;
            }
        }
        self.memo.insert(*pos, (best, None));
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    #[test]
    fn every_route_values_tic_tac_toe_and_its_positions() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
            let pos = Position::with_rule(Dims::new(3, 3, 3).unwrap(), rule).unwrap();
            let mut oracle = Oracle::new(&pos, Limits::none(), 1 << 20, 1).unwrap();
            assert_eq!(oracle.value(&pos).unwrap(), Value::Draw);
            let held =
                Position::from_setup_under(&Setup::from_notation("X.O/.X./...").unwrap(), 3, rule)
                    .unwrap();
            assert_eq!(oracle.value(&held).unwrap(), Value::Draw);
            let lost =
                Position::from_setup_under(&Setup::from_notation("XX./O../...").unwrap(), 3, rule)
                    .unwrap();
            // O to move blocks the top row, and X's centre then threatens twice.
            assert_eq!(oracle.value(&lost).unwrap(), Value::Loss);
        }
    }

    /// Renju's search of every position keeps to the memory it is given.
    #[test]
    fn the_search_of_every_position_stops_at_its_memory() {
        let setup = Setup::from_notation("X.O.O/.OX.X/X.X.O/.OO../.XX.O").unwrap();
        let pos = Position::from_setup_under(&setup, 5, Rule::Renju).unwrap();
        let mut tight = Oracle::new(&pos, Limits::none(), 1, 1).unwrap();
        assert_eq!(
            tight.value(&pos),
            Err(ProofRefused::OutOfMemory { megabytes: 0 })
        );
        let mut roomy = Oracle::new(&pos, Limits::none(), 1 << 26, 1).unwrap();
        assert!(roomy.value(&pos).is_ok());
        assert!(roomy.nodes() > CHECK_EVERY, "{}", roomy.nodes());
    }

    #[test]
    fn the_narrow_questions_agree_with_the_values() {
        let mut rng = crate::rng::Rng::seeded(5);
        let mut checked = [0; 3];
        for i in 0..60 {
            let (dims, empty) = match i % 3 {
                0 => (Dims::new(4, 4, 3).unwrap(), 9),
                1 => (Dims::new(4, 4, 4).unwrap(), 10),
                _ => (Dims::new(3, 3, 3).unwrap(), 6),
            };
            let Some(pos) = crate::testing::random_position(&mut rng, dims, empty) else {
                continue;
            };
            // One oracle answers the questions first, another the value: no answer comes
            // from the other's memory.
            let mut asked = Oracle::new(&pos, Limits::none(), 1 << 20, 1).unwrap();
            let at_least = asked.ask(&pos, Ask::AtLeastDraw).unwrap();
            let at_most = asked.ask(&pos, Ask::AtMostDraw).unwrap();
            let value = Oracle::new(&pos, Limits::none(), 1 << 20, 1)
                .unwrap()
                .value(&pos)
                .unwrap();
            assert_eq!(at_least, value != Value::Loss, "{pos}");
            assert_eq!(at_most, value != Value::Win, "{pos}");
            checked[value as usize % 3] += 1;
        }
        // The test has teeth: wins, draws and losses all came up.
        assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    }

    #[test]
    fn renju_beyond_a_small_board_is_refused() {
        let pos = Position::with_rule(Dims::new(15, 15, 5).unwrap(), Rule::Renju).unwrap();
        assert!(matches!(
            Oracle::new(&pos, Limits::none(), 1 << 20, 1),
            Err(ProofRefused::RenjuTooBig { .. })
        ));
    }
}
