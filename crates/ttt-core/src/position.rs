//! A legal position: the board, whose turn it is, and how the game stands. Every position
//! that exists could have arisen in play, so nothing downstream re-checks the rules.

use std::fmt;

use crate::bitset::Bitset;
use crate::cell::{Cell, Dims, DimsError, DIRECTIONS};
use crate::outcome::Outcome;
use crate::player::{ByPlayer, Player};
use crate::renju::{self, Stones};
use crate::rule::{Forbidden, Rule, RuleError};
use crate::setup::Setup;
use crate::symmetry::Symmetry;

/// A position that can arise in play. The only ways to one are [`Position::new`] (the empty
/// board), [`Position::from_setup`] (checked) and playing moves.
///
/// ```
/// use ttt_core::{Cell, Dims, Outcome, Player, Position};
///
/// let mut pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// for (r, c) in [(1, 1), (0, 0), (0, 2), (2, 0), (1, 0), (1, 2), (0, 1), (2, 1), (2, 2)] {
///     pos = pos.play(Cell::new(r, c)).unwrap();
/// }
/// // The course board API's text form (`_` would stand for an empty cell).
/// assert_eq!(pos.text(), "OXX\nXXO\nOOX\n");
/// assert_eq!(pos.outcome(), Outcome::Draw);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    dims: Dims,
    by_player: ByPlayer<Bitset>,
    turn: Player,
    outcome: Outcome,
    rule: Rule,
}

/// Why a [`Setup`] is not a position that can arise in play. Its `Display` is the reason,
/// in words a user can act on.
///
/// ```
/// use ttt_core::{Player, Position, PositionError, Setup};
///
/// // X X X
/// // O . .    X has a line, but O has as many marks: O moved last.
/// // O . O
/// let setup = Setup::from_notation("XXX/O../O.O").unwrap();
/// let err = Position::from_setup(&setup, 3).unwrap_err();
/// assert_eq!(err, PositionError::WinnerDidNotMoveLast { winner: Player::X });
/// assert_eq!(err.to_string(), "X has a line but O moved last, which cannot happen in play");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The board's dimensions or K are out of range.
    Dims(DimsError),
    /// The rule cannot be played on this board (renju with K other than 5).
    Rule(RuleError),
    /// X must have as many marks as O (X to move) or one more (O to move).
    ImpossibleCounts {
        /// X's marks.
        x: usize,
        /// O's marks.
        o: usize,
    },
    /// Both sides have K in a row.
    BothWin,
    /// The side with a line did not make the last move.
    WinnerDidNotMoveLast {
        /// The side with a line.
        winner: Player,
    },
    /// The winner has lines with no cell in common, so the game went on after it was won.
    DisjointLines {
        /// The side with the lines.
        winner: Player,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Dims(e) => write!(f, "{e}"),
            PositionError::Rule(e) => write!(f, "{e}"),
            PositionError::ImpossibleCounts { x, o } => write!(
                f,
                "impossible counts: X has {} and O has {o}; X moves first, so X must have as many as O or one more",
                crate::cell::count(*x, "mark")
            ),
            PositionError::BothWin => write!(f, "both X and O have a line, which cannot happen in play"),
            PositionError::WinnerDidNotMoveLast { winner } => write!(
                f,
                "{winner} has a line but {} moved last, which cannot happen in play",
                winner.other()
            ),
            PositionError::DisjointLines { winner } => write!(
                f,
                "{winner} has lines that do not share a cell, so play went on after the game was won"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl From<DimsError> for PositionError {
    fn from(e: DimsError) -> Self {
        PositionError::Dims(e)
    }
}

impl From<RuleError> for PositionError {
    fn from(e: RuleError) -> Self {
        PositionError::Rule(e)
    }
}

/// Why a move was refused. Its `Display` names the cell as people count, from 1.
///
/// ```
/// use ttt_core::{Cell, PlayError, Position, Setup};
///
/// // X . .
/// // . O .
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("X../.O./...").unwrap(), 3).unwrap();
/// let err = pos.play(Cell::new(1, 1)).unwrap_err();
/// assert_eq!(err, PlayError::Occupied(Cell::new(1, 1)));
/// assert_eq!(err.to_string(), "cell (2, 2) is already taken");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The game has already been won or drawn.
    GameOver,
    /// The cell is not on the board.
    OffBoard(Cell),
    /// The cell already holds a mark.
    Occupied(Cell),
    /// Renju forbids X this point, for this reason.
    Forbidden {
        /// The point.
        cell: Cell,
        /// Why it is forbidden.
        why: Forbidden,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::OffBoard(c) => write!(f, "cell {c} is off the board"),
            PlayError::Occupied(c) => write!(f, "cell {c} is already taken"),
            PlayError::Forbidden { cell, why } => write!(
                f,
                "{why} at row {}, column {}: renju forbids it to X",
                cell.row + 1,
                cell.col + 1
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// The empty board: X to move.
    ///
    /// ```
    /// # use ttt_core::{Dims, Player, Position};
    /// let pos = Position::new(Dims::new(2, 3, 2).unwrap());
    /// assert_eq!(pos.text(), "___\n___\n");
    /// assert_eq!(pos.turn(), Player::X);
    /// ```
    #[must_use]
    pub fn new(dims: Dims) -> Position {
        Position {
            dims,
            by_player: ByPlayer::default(),
            turn: Player::X,
            outcome: if dims.cells() == 0 {
                Outcome::Draw
            } else {
                Outcome::InProgress
            },
            rule: Rule::Freestyle,
        }
    }

    /// The empty board under `rule`: X to move.
    ///
    /// ```
    /// # use ttt_core::{Dims, Position, Rule};
    /// let gomoku = Dims::new(15, 15, 5).unwrap();
    /// assert_eq!(Position::with_rule(gomoku, Rule::Renju).unwrap().rule(), Rule::Renju);
    /// let four = Dims::new(15, 15, 4).unwrap();
    /// assert!(Position::with_rule(four, Rule::Renju).is_err());
    /// ```
    ///
    /// # Errors
    /// [`RuleError::RenjuNeedsFive`] for renju with another K.
    pub fn with_rule(dims: Dims, rule: Rule) -> Result<Position, RuleError> {
        rule.check_k(dims.k())?;
        Ok(Position {
            rule,
            ..Position::new(dims)
        })
    }

    /// The rule the game is played under.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Checks a [`Setup`] against the rules, with `k` in a row to win.
    ///
    /// ```
    /// # use ttt_core::{Position, PositionError, Setup};
    /// // X X X
    /// // O O O    both have a line: no game gets here
    /// // . . .
    /// let both = Setup::from_notation("XXX/OOO/...").unwrap();
    /// assert_eq!(Position::from_setup(&both, 3), Err(PositionError::BothWin));
    /// ```
    ///
    /// # Errors
    /// [`PositionError`] naming what makes the board impossible.
    pub fn from_setup(setup: &Setup, k: usize) -> Result<Position, PositionError> {
        Position::from_setup_under(setup, k, Rule::Freestyle)
    }

    /// Checks a [`Setup`] against `rule`, with `k` in a row to win. Under standard gomoku a
    /// line of six is no win, so the game it stands in may still be going:
    ///
    /// ```
    /// # use ttt_core::{Outcome, Position, Rule, Setup};
    /// // X X X X X X .
    /// // O O O O . O .    X's six wins free-style gomoku, not standard
    /// let setup = Setup::from_notation("XXXXXX./OOOO.O./......./......./.......").unwrap();
    /// let free = Position::from_setup(&setup, 5).unwrap();
    /// assert_eq!(free.outcome(), Outcome::Win(ttt_core::Player::X));
    /// let pos = Position::from_setup_under(&setup, 5, Rule::Standard).unwrap();
    /// assert_eq!(pos.outcome(), Outcome::InProgress);
    /// ```
    ///
    /// # Errors
    /// [`PositionError`] naming what makes the board impossible.
    pub fn from_setup_under(
        setup: &Setup,
        k: usize,
        rule: Rule,
    ) -> Result<Position, PositionError> {
        let dims = Dims::new(setup.rows(), setup.cols(), k)?;
        rule.check_k(k)?;
        let mut by_player = ByPlayer::<Bitset>::default();
        for (i, mark) in setup.cells().iter().enumerate() {
            if let Some(p) = mark {
                by_player.get_mut(*p).insert(i);
            }
        }
        let (x, o) = (by_player.x.len(), by_player.o.len());
        let turn = if x == o {
            Player::X
        } else if x == o + 1 {
            Player::O
        } else {
            return Err(PositionError::ImpossibleCounts { x, o });
        };
        let mut pos = Position {
            dims,
            by_player,
            turn,
            outcome: Outcome::InProgress,
            rule,
        };
        let x_lines = pos.lines_of(Player::X);
        let o_lines = pos.lines_of(Player::O);
        let winner = match (x_lines.is_empty(), o_lines.is_empty()) {
            (false, false) => return Err(PositionError::BothWin),
            (false, true) => Some((Player::X, x_lines)),
            (true, false) => Some((Player::O, o_lines)),
            (true, true) => None,
        };
        pos.outcome = match winner {
            Some((winner, lines)) => {
                if winner != turn.other() {
                    return Err(PositionError::WinnerDidNotMoveLast { winner });
                }
                let shared = lines.iter().skip(1).fold(lines[0], |acc, line| {
                    let mut both = Bitset::default();
                    for i in acc.iter().filter(|&i| line.contains(i)) {
                        both.insert(i);
                    }
                    both
                });
                if shared.len() == 0 {
                    return Err(PositionError::DisjointLines { winner });
                }
                Outcome::Win(winner)
            }
            None if x + o == dims.cells() || !pos.has_a_move() => Outcome::Draw,
            None => Outcome::InProgress,
        };
        Ok(pos)
    }

    /// The lines that win for `player`: under free-style every set of K consecutive cells
    /// (in any direction) all held by them; under the other rules every whole run that wins.
    fn lines_of(&self, player: Player) -> Vec<Bitset> {
        if self.rule != Rule::Freestyle {
            return self.winning_runs(player);
        }
        let mine = self.by_player.get(player);
        let k = self.dims.k() as i32;
        let mut lines = Vec::new();
        for start in self.dims.all_cells() {
            for dir in DIRECTIONS {
                let cells: Option<Vec<usize>> = (0..k)
                    .map(|s| {
                        self.dims
                            .step(start, dir, s)
                            .map(|c| self.dims.index(c))
                            .filter(|&i| mine.contains(i))
                    })
                    .collect();
                if let Some(cells) = cells {
                    let mut line = Bitset::default();
                    cells.into_iter().for_each(|i| line.insert(i));
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        lines
    }

    /// Every maximal run of `player`'s marks (in any direction) that wins under the rule.
    fn winning_runs(&self, player: Player) -> Vec<Bitset> {
        let mine = self.by_player.get(player);
        let mut runs = Vec::new();
        for start in mine.iter().map(|i| self.dims.cell(i)) {
            for dir in DIRECTIONS {
                let back = (-dir.0, -dir.1);
                let starts_run = self
                    .dims
                    .step(start, back, 1)
                    .is_none_or(|c| !mine.contains(self.dims.index(c)));
                if starts_run && self.line_wins(start, dir, player) {
                    let mut run = Bitset::default();
                    for s in 0..=self.run(start, dir, player) as i32 {
                        if let Some(c) = self.dims.step(start, dir, s) {
                            run.insert(self.dims.index(c));
                        }
                    }
                    runs.push(run);
                }
            }
        }
        runs
    }

    /// The board's dimensions and K.
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// let pos = Position::from_setup(&Setup::from_notation("..../..../....").unwrap(), 3).unwrap();
    /// let d = pos.dims();
    /// assert_eq!((d.rows(), d.cols(), d.k()), (3, 4, 3));
    /// ```
    #[must_use]
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The side to move (by the counts: X when they are equal, O when X has one more).
    ///
    /// ```
    /// # use ttt_core::{Player, Position, Setup};
    /// // X . .
    /// // . . .    X has one more mark: O to move
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("X../.../...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.turn(), Player::O);
    /// ```
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// How the game stands.
    ///
    /// ```
    /// # use ttt_core::{Outcome, Position, Setup};
    /// // X O X
    /// // X O O    full, and no line: a draw
    /// // O X X
    /// let pos = Position::from_setup(&Setup::from_notation("XOX/XOO/OXX").unwrap(), 3).unwrap();
    /// assert_eq!(pos.outcome(), Outcome::Draw);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether the game has ended: won or drawn.
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// // X X X
    /// // O O .
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
    /// assert!(pos.is_over());
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_over()
    }

    /// The mark on a cell (`None` if empty or off the board).
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Position, Setup};
    /// // X . O
    /// // . . .
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("X.O/.../...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.get(Cell::new(0, 2)), Some(Player::O));
    /// assert_eq!(pos.get(Cell::new(1, 1)), None);
    /// assert_eq!(pos.get(Cell::new(7, 7)), None);
    /// ```
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        if !self.dims.contains(cell) {
            return None;
        }
        let i = self.dims.index(cell);
        if self.by_player.x.contains(i) {
            Some(Player::X)
        } else if self.by_player.o.contains(i) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// Number of marks on the board (the number of moves played).
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.ply(), 3);
    /// ```
    #[must_use]
    pub fn ply(&self) -> usize {
        self.by_player.x.len() + self.by_player.o.len()
    }

    /// Number of empty cells (`countBlanks` in the course board API).
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// // O _ X
    /// // _ X _    six blanks
    /// // _ _ _
    /// let pos = Position::from_setup(&Setup::from_notation("O_X/_X_/___").unwrap(), 3).unwrap();
    /// assert_eq!(pos.count_blanks(), 6);
    /// ```
    #[must_use]
    pub fn count_blanks(&self) -> usize {
        self.dims.cells() - self.ply()
    }

    /// The empty cells in row-major order. While the game is going these are the legal moves;
    /// after it, they are what is left of the board.
    ///
    /// ```
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X X X
    /// // O O .    won: no legal moves, but four empty cells
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.empty_cells().count(), 4);
    /// assert_eq!(pos.empty_cells().next(), Some(Cell::new(1, 2)));
    /// ```
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let taken = self.by_player.x.union(&self.by_player.o);
        (0..self.dims.cells())
            .filter(move |&i| !taken.contains(i))
            .map(|i| self.dims.cell(i))
    }

    /// The legal moves in row-major order (none once the game is over). Does not allocate.
    ///
    /// ```
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X O
    /// // . .
    /// let pos = Position::from_setup(&Setup::from_notation("XO/..").unwrap(), 2).unwrap();
    /// let moves: Vec<Cell> = pos.legal_moves().collect();
    /// assert_eq!(moves, [Cell::new(1, 0), Cell::new(1, 1)]);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Cell> + '_ {
        let over = self.is_over();
        let restricted = self.is_restricted();
        self.empty_cells()
            .filter(move |&cell| !over && (!restricted || self.forbidden(cell).is_none()))
    }

    /// Whether the side to move may not play some points: X under renju.
    fn is_restricted(&self) -> bool {
        self.rule == Rule::Renju && self.turn == Player::X
    }

    /// Why the side to move may not play on `cell`, if it may not: under renju, X's
    /// double-threes, double-fours and overlines (a move that makes exactly five is always
    /// allowed). `None` for a taken cell, a cell off the board, O, and the other rules.
    ///
    /// ```
    /// # use ttt_core::{Cell, Forbidden, Position, Rule, Setup};
    /// // Two open twos of X cross at (7, 7): playing there makes two threes.
    /// let mut setup = Setup::empty(15, 15);
    /// for (r, c) in [(7, 5), (7, 6), (5, 7), (6, 7)] {
    ///     setup.set(Cell::new(r, c), Some(ttt_core::Player::X));
    /// }
    /// for (r, c) in [(0, 0), (0, 14), (14, 0), (14, 14)] {
    ///     setup.set(Cell::new(r, c), Some(ttt_core::Player::O));
    /// }
    /// let pos = Position::from_setup_under(&setup, 5, Rule::Renju).unwrap();
    /// assert_eq!(pos.forbidden(Cell::new(7, 7)), Some(Forbidden::DoubleThree));
    /// let err = pos.play(Cell::new(7, 7)).unwrap_err();
    /// assert_eq!(err.to_string(), "double-three at row 8, column 8: renju forbids it to X");
    /// ```
    #[must_use]
    pub fn forbidden(&self, cell: Cell) -> Option<Forbidden> {
        if !self.is_restricted() || !self.dims.contains(cell) || self.get(cell).is_some() {
            return None;
        }
        let stones = Stones {
            dims: self.dims,
            x: self.by_player.x,
            o: self.by_player.o,
        };
        renju::forbidden(&stones, cell)
    }

    /// Every point the side to move may not play, with the reason, in row-major order (see
    /// [`Position::forbidden`]): empty unless X is to move under renju.
    #[must_use]
    pub fn forbidden_cells(&self) -> Vec<(Cell, Forbidden)> {
        if !self.is_restricted() || self.is_over() {
            return Vec::new();
        }
        self.empty_cells()
            .filter_map(|cell| self.forbidden(cell).map(|why| (cell, why)))
            .collect()
    }

    /// Whether the side to move has a legal move (only renju's X can have empty cells and
    /// none).
    fn has_a_move(&self) -> bool {
        !self.is_restricted() || self.empty_cells().any(|c| self.forbidden(c).is_none())
    }

    /// Checks and plays a move for the side to move, returning the new position. `self` is
    /// `Copy`, so the position before the move stays at hand.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims, PlayError, Position};
    /// let start = Position::new(Dims::new(3, 3, 3).unwrap());
    /// let next = start.play(Cell::new(1, 1)).unwrap();
    /// // . . .
    /// // . X .
    /// // . . .
    /// assert_eq!(next.to_string(), ".../.X./...");
    /// assert_eq!(next.play(Cell::new(1, 1)), Err(PlayError::Occupied(Cell::new(1, 1))));
    /// assert_eq!(next.play(Cell::new(0, 3)), Err(PlayError::OffBoard(Cell::new(0, 3))));
    /// assert_eq!(start.ply(), 0);
    /// ```
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or the cell is off the board or taken.
    pub fn play(mut self, cell: Cell) -> Result<Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.dims.contains(cell) {
            return Err(PlayError::OffBoard(cell));
        }
        if self.get(cell).is_some() {
            return Err(PlayError::Occupied(cell));
        }
        if let Some(why) = self.forbidden(cell) {
            return Err(PlayError::Forbidden { cell, why });
        }
        self.play_unchecked(cell);
        Ok(self)
    }

    /// Plays a move without checking it; for search loops that generate their own legal moves.
    /// The cell must be empty and on the board, and the game not over. [`Position::undo`]
    /// takes it back.
    ///
    /// ```
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X X .
    /// // O O .
    /// // . . .
    /// let mut pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
    /// let before = pos;
    /// pos.play_unchecked(Cell::new(0, 2));
    /// assert!(pos.is_win_for(ttt_core::Player::X));
    /// pos.undo(Cell::new(0, 2));
    /// assert_eq!(pos, before);
    /// ```
    pub fn play_unchecked(&mut self, cell: Cell) {
        let mover = self.turn;
        self.by_player.get_mut(mover).insert(self.dims.index(cell));
        self.turn = mover.other();
        self.outcome = if self.makes_line(cell, mover) {
            Outcome::Win(mover)
        } else if self.ply() == self.dims.cells() || !self.has_a_move() {
            Outcome::Draw
        } else {
            Outcome::InProgress
        };
    }

    /// Gives the turn to the other player without a move; for searches that try a pass (a
    /// null move) to see what a position threatens. A second pass takes it back. No rule
    /// allows it in a game.
    ///
    /// ```
    /// # use ttt_core::{Player, Position, Setup};
    /// let mut pos = Position::from_setup(&Setup::from_notation("X../.../...").unwrap(), 3).unwrap();
    /// pos.pass_unchecked();
    /// assert_eq!(pos.turn(), Player::X);
    /// pos.pass_unchecked();
    /// assert_eq!(pos.turn(), Player::O);
    /// ```
    pub fn pass_unchecked(&mut self) {
        self.turn = self.turn.other();
    }

    /// Takes back the move at `cell`, which must have been the last one played.
    ///
    /// ```
    /// # use ttt_core::{Cell, Dims, Player, Position};
    /// let mut pos = Position::new(Dims::new(3, 3, 3).unwrap());
    /// pos.play_unchecked(Cell::new(0, 0));
    /// pos.undo(Cell::new(0, 0));
    /// assert_eq!((pos.ply(), pos.turn()), (0, Player::X));
    /// ```
    pub fn undo(&mut self, cell: Cell) {
        let mover = self.turn.other();
        self.by_player.get_mut(mover).remove(self.dims.index(cell));
        self.turn = mover;
        // A move was played from this position, so the game was still going.
        self.outcome = Outcome::InProgress;
    }

    /// The side to move takes every cell of `cells` at once, and the other side is to move:
    /// a position no game reaches, for arguments that more stones of one side's never help
    /// the other (a proof's relevance zone, under free-style). The result is worked out
    /// again: a line the stones complete wins, a full board is a draw. With one cell, this is
    /// [`Position::play`] without renju's forbidden points.
    ///
    /// ```
    /// # use ttt_core::{Cell, Outcome, Player, Position, Setup};
    /// // X . .
    /// // . O .    X takes the middle and the bottom of the right column at once
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("X../.O./...").unwrap(), 3).unwrap();
    /// let pos = pos.play(Cell::new(0, 1)).unwrap().play(Cell::new(2, 0)).unwrap();
    /// let both = pos.play_all(&[Cell::new(1, 2), Cell::new(2, 2)]).unwrap();
    /// assert_eq!((both.turn(), both.outcome()), (Player::O, Outcome::InProgress));
    /// let won = pos.play_all(&[Cell::new(0, 2)]).unwrap();
    /// assert_eq!(won.outcome(), Outcome::Win(Player::X));
    /// ```
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or a cell is off the board or taken.
    pub fn play_all(&self, cells: &[Cell]) -> Result<Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let player = self.turn;
        let mut pos = *self;
        pos.turn = player.other();
        for &cell in cells {
            if !self.dims.contains(cell) {
                return Err(PlayError::OffBoard(cell));
            }
            if pos.get(cell).is_some() {
                return Err(PlayError::Occupied(cell));
            }
            pos.by_player.get_mut(player).insert(self.dims.index(cell));
        }
        pos.outcome = if cells.iter().any(|&c| pos.makes_line(c, player)) {
            Outcome::Win(player)
        } else if pos.ply() == self.dims.cells() || !pos.has_a_move() {
            Outcome::Draw
        } else {
            Outcome::InProgress
        };
        Ok(pos)
    }

    /// The empty cells where a mark of `player`'s would make a line that wins under the rule
    /// ([`Position::makes_line`]), in row-major order, whoever is to move. Only the cells next
    /// to one of `player`'s marks are tried: a line of two or more through an empty cell holds
    /// a mark beside it, so on a board with few marks this is much cheaper than trying every
    /// empty cell.
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Position, Setup};
    /// // X X .
    /// // O O .    X completes the top row at (0, 2), O the middle row at (1, 2)
    /// // . . X
    /// let pos = Position::from_setup(&Setup::from_notation("XX./OO./..X").unwrap(), 3).unwrap();
    /// assert_eq!(pos.line_cells(Player::X), [Cell::new(0, 2)]);
    /// assert_eq!(pos.line_cells(Player::O), [Cell::new(1, 2)]);
    /// ```
    #[must_use]
    pub fn line_cells(&self, player: Player) -> Vec<Cell> {
        let k = self.dims.k();
        let mine = self.by_player.get(player);
        if k < 2 {
            return self
                .empty_cells()
                .filter(|&c| self.makes_line(c, player))
                .collect();
        }
        if mine.len() + 1 < k {
            return Vec::new();
        }
        let taken = self.by_player.x.union(&self.by_player.o);
        let mut beside = Bitset::default();
        for i in mine.iter() {
            let cell = self.dims.cell(i);
            for &dir in &DIRECTIONS {
                for steps in [-1, 1] {
                    if let Some(next) = self.dims.step(cell, dir, steps) {
                        let j = self.dims.index(next);
                        if !taken.contains(j) {
                            beside.insert(j);
                        }
                    }
                }
            }
        }
        beside
            .iter()
            .map(|i| self.dims.cell(i))
            .filter(|&c| self.makes_line(c, player))
            .collect()
    }

    /// Whether `player`'s mark on `cell` is part of a line that wins under the rule (K or
    /// more in a row under free-style): the win check, looking only along the four lines
    /// through the cell. The cell may be empty: then it answers whether a mark there would
    /// make the line.
    ///
    /// ```
    /// # use ttt_core::{Cell, Player, Position, Setup};
    /// // X X .
    /// // O O .    X at (0, 2) would complete the top row
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
    /// assert!(pos.makes_line(Cell::new(0, 2), Player::X));
    /// assert!(!pos.makes_line(Cell::new(2, 2), Player::X));
    /// ```
    #[must_use]
    pub fn makes_line(&self, cell: Cell, player: Player) -> bool {
        if self.rule == Rule::Freestyle {
            let k = self.dims.k();
            return DIRECTIONS.iter().any(|&dir| {
                1 + self.run(cell, dir, player) + self.run(cell, (-dir.0, -dir.1), player) >= k
            });
        }
        DIRECTIONS
            .iter()
            .any(|&dir| self.line_wins(cell, dir, player))
    }

    /// Whether the run of `player`'s marks through `cell` (which may be the empty cell being
    /// tried) along `dir` wins under the rule.
    fn line_wins(&self, cell: Cell, dir: (i32, i32), player: Player) -> bool {
        let back = self.run(cell, (-dir.0, -dir.1), player);
        let forth = self.run(cell, dir, player);
        let len = 1 + back + forth;
        let theirs = self.by_player.get(player.other());
        let blocked = |steps: i32| {
            self.dims
                .step(cell, dir, steps)
                .is_some_and(|c| theirs.contains(self.dims.index(c)))
        };
        let blocked_at_both_ends =
            self.rule == Rule::Caro && blocked(-(back as i32) - 1) && blocked(forth as i32 + 1);
        self.rule
            .is_win(player, len, self.dims.k(), blocked_at_both_ends)
    }

    /// How many consecutive cells beyond `cell` in direction `dir` hold `player`'s mark.
    fn run(&self, cell: Cell, (dr, dc): (i32, i32), player: Player) -> usize {
        // Row and column arithmetic, not `Dims::step`: the win checks of every move and of
        // the proofs' writer and checker go through here.
        let mine = self.by_player.get(player);
        let (rows, cols) = (self.dims.rows() as i32, self.dims.cols() as i32);
        let (mut r, mut c) = (i32::from(cell.row) + dr, i32::from(cell.col) + dc);
        let mut n = 0;
        while (0..rows).contains(&r)
            && (0..cols).contains(&c)
            && mine.contains((r * cols + c) as usize)
        {
            n += 1;
            r += dr;
            c += dc;
        }
        n
    }

    /// The cells of the winning line (all of them if the last move made more than one, or a line
    /// longer than K), in row-major order; empty unless the game is won.
    ///
    /// ```
    /// # use ttt_core::{Cell, Position, Setup};
    /// // X O O
    /// // . X .    the diagonal
    /// // . . X
    /// let pos = Position::from_setup(&Setup::from_notation("XOO/.X./..X").unwrap(), 3).unwrap();
    /// assert_eq!(pos.winning_cells(), [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)]);
    /// ```
    #[must_use]
    pub fn winning_cells(&self) -> Vec<Cell> {
        let Outcome::Win(winner) = self.outcome else {
            return Vec::new();
        };
        let mut cells = Bitset::default();
        for run in self.winning_runs(winner) {
            cells = cells.union(&run);
        }
        cells.iter().map(|i| self.dims.cell(i)).collect()
    }

    /// Whether `player` has won (`checkWin` in the course board API).
    ///
    /// ```
    /// # use ttt_core::{Player, Position, Setup};
    /// // O O O
    /// // X X .
    /// // X . .
    /// let pos = Position::from_setup(&Setup::from_notation("OOO/XX./X..").unwrap(), 3).unwrap();
    /// assert!(pos.is_win_for(Player::O));
    /// assert!(!pos.is_win_for(Player::X));
    /// ```
    #[must_use]
    pub fn is_win_for(&self, player: Player) -> bool {
        self.outcome == Outcome::Win(player)
    }

    /// Whether `player`'s opponent has won (`checkLose` in the course board API). Neither
    /// side has lost while the game goes on, nor in a draw.
    ///
    /// ```
    /// # use ttt_core::{Player, Position, Setup};
    /// // O O O
    /// // X X .
    /// // X . .
    /// let pos = Position::from_setup(&Setup::from_notation("OOO/XX./X..").unwrap(), 3).unwrap();
    /// assert!(pos.is_loss_for(Player::X));
    /// assert!(!pos.is_loss_for(Player::O));
    /// ```
    #[must_use]
    pub fn is_loss_for(&self, player: Player) -> bool {
        self.outcome == Outcome::Win(player.other())
    }

    /// Whether the game is drawn: the board is full and nobody has a line (`checkDraw` in the
    /// course board API).
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// // X O X
    /// // X O O
    /// // O X X
    /// let pos = Position::from_setup(&Setup::from_notation("XOX/XOO/OXX").unwrap(), 3).unwrap();
    /// assert!(pos.is_draw());
    /// ```
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.outcome == Outcome::Draw
    }

    /// The course board API's `boardValue`: +1 if `player` has won, -1 if they have lost, 0
    /// otherwise (a draw, or a game still going). An integer rather than the course's
    /// floating-point number: the three values are exact.
    ///
    /// ```
    /// # use ttt_core::{Player, Position, Setup};
    /// // X X X
    /// // O O .
    /// // . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.board_value(Player::X), 1);
    /// assert_eq!(pos.board_value(Player::O), -1);
    /// ```
    #[must_use]
    pub fn board_value(&self, player: Player) -> i8 {
        match self.outcome {
            Outcome::Win(p) if p == player => 1,
            Outcome::Win(_) => -1,
            _ => 0,
        }
    }

    /// The positions after each legal move, in row-major order; `self` is unchanged
    /// (`possibleMoves` in the course board API). The course's version takes the player whose
    /// mark goes down; here it is always the side to move, the only one a legal position lets
    /// move (and the one the course's minimax passes).
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// // X O
    /// // X .    K = 2: X has a line, so there is nothing to play
    /// let pos = Position::from_setup(&Setup::from_notation("XO/X."). unwrap(), 2).unwrap();
    /// assert!(pos.is_win_for(ttt_core::Player::X));
    /// assert!(pos.possible_moves().is_empty());
    /// let pos = Position::from_setup(&Setup::from_notation("X./.."). unwrap(), 2).unwrap();
    /// let next: Vec<String> = pos.possible_moves().iter().map(|p| p.to_string()).collect();
    /// assert_eq!(next, ["XO/..", "X./O.", "X./.O"]);
    /// ```
    #[must_use]
    pub fn possible_moves(&self) -> Vec<Position> {
        self.legal_moves()
            .map(|cell| {
                let mut next = *self;
                next.play_unchecked(cell);
                next
            })
            .collect()
    }

    /// The board as plain data, for storing or editing (edit it, then check it again with
    /// [`Position::from_setup`]).
    ///
    /// ```
    /// # use ttt_core::{Cell, Position, Setup};
    /// let pos = Position::from_setup(&Setup::from_notation("X../.../...").unwrap(), 3).unwrap();
    /// let mut setup = pos.setup();
    /// setup.set(Cell::new(0, 0), None);
    /// assert_eq!(Position::from_setup(&setup, 3).unwrap().ply(), 0);
    /// ```
    #[must_use]
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty(self.dims.rows(), self.dims.cols());
        for cell in self.dims.all_cells() {
            setup.set(cell, self.get(cell));
        }
        setup
    }

    /// The course board API's text form (its `toString`): one line per row, `_` for empty,
    /// each line ending in `\n`. [`Display`](std::fmt::Display) gives the notation instead.
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// let pos = Position::from_setup(&Setup::from_notation("O.X/.X./...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.text(), "O_X\n_X_\n___\n");
    /// print!("{}", pos.text());
    /// // O_X
    /// // _X_
    /// // ___
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.dims.cells() + self.dims.rows());
        for r in 0..self.dims.rows() {
            for c in 0..self.dims.cols() {
                let cell = Cell::new(r as u8, c as u8);
                out.push(self.get(cell).map_or('_', Player::marker));
            }
            out.push('\n');
        }
        out
    }

    /// The position with every cell moved by `symmetry` (one of [`Symmetry::of`] its dims).
    /// The value of a position is the same under every symmetry.
    ///
    /// ```
    /// # use ttt_core::{Position, Setup, Symmetry};
    /// // X O .        . O X
    /// // . . .   ->   . . .    mirrored left to right
    /// // . . .        . . .
    /// let pos = Position::from_setup(&Setup::from_notation("XO./.../...").unwrap(), 3).unwrap();
    /// assert_eq!(pos.transform(Symmetry::MirrorColumns).to_string(), ".OX/.../...");
    /// ```
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Position {
        let mut by_player = ByPlayer::<Bitset>::default();
        for cell in self.dims.all_cells() {
            if let Some(p) = self.get(cell) {
                by_player
                    .get_mut(p)
                    .insert(self.dims.index(symmetry.apply(self.dims, cell)));
            }
        }
        Position { by_player, ..*self }
    }
}

impl fmt::Display for Position {
    /// The notation, e.g. `X.O/.X./...`; [`Position::text`] gives the course's text form.
    ///
    /// ```
    /// # use ttt_core::{Position, Setup};
    /// let pos = Position::from_setup(&Setup::from_notation("x_o/_X_/___").unwrap(), 3).unwrap();
    /// assert_eq!(pos.to_string(), "X.O/.X./...");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.setup())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(notation: &str, k: usize) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), k)
    }

    #[test]
    fn line_cells_are_the_empty_cells_that_make_a_line() {
        // Random games on boards of several shapes and K, under each rule, checked against
        // every empty cell tried in turn, at every ply and for both players.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut tried = 0;
        // One in a row wins too: every empty cell is such a cell, and none is beside a mark
        // at first.
        for (rows, cols, k) in [
            (2, 3, 1),
            (3, 3, 3),
            (4, 6, 4),
            (7, 7, 5),
            (9, 9, 5),
            (15, 15, 5),
        ] {
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju] {
                for _ in 0..5 {
                    let dims = Dims::new(rows, cols, k).unwrap();
                    // Renju is played with five only.
                    let Ok(mut p) = Position::with_rule(dims, rule) else {
                        continue;
                    };
                    while !p.is_over() {
                        for player in [Player::X, Player::O] {
                            let every: Vec<Cell> = p
                                .empty_cells()
                                .filter(|&c| p.makes_line(c, player))
                                .collect();
                            assert_eq!(p.line_cells(player), every, "{}", p.text());
                            tried += 1;
                        }
                        let moves: Vec<Cell> = p.legal_moves().collect();
                        p.play_unchecked(moves[next(moves.len())]);
                    }
                }
            }
        }
        assert!(tried > 1000);
    }

    #[test]
    fn seed_002_text_form() {
        let p = pos("O_X/_X_/___", 3).unwrap();
        assert_eq!(p.text(), "O_X\n_X_\n___\n");
        assert_eq!(p.count_blanks(), 6);
        assert_eq!(p.turn(), Player::O);
    }

    #[test]
    fn validation_names_each_problem() {
        assert_eq!(
            pos("XX./.../...", 3),
            Err(PositionError::ImpossibleCounts { x: 2, o: 0 })
        );
        assert_eq!(
            pos("O../.../...", 3),
            Err(PositionError::ImpossibleCounts { x: 0, o: 1 })
        );
        assert_eq!(pos("XXX/OOO/X.O", 3), Err(PositionError::BothWin));
        // X has a line but the counts say O moved last.
        assert_eq!(
            pos("XXX/O../O.O", 3),
            Err(PositionError::WinnerDidNotMoveLast { winner: Player::X })
        );
        assert_eq!(
            pos("OOO/XX./XX.", 3),
            Err(PositionError::WinnerDidNotMoveLast { winner: Player::O })
        );
        assert_eq!(pos("XXX/OO./XXX/OOO/...", 3), Err(PositionError::BothWin));
        // Two separate rows of X: the game went on after the first.
        assert_eq!(
            pos("XXX../OO.OO/XXX../O....", 3),
            Err(PositionError::DisjointLines { winner: Player::X })
        );
        assert!(matches!(pos("...", 4), Err(PositionError::Dims(_))));
    }

    #[test]
    fn a_cross_of_two_lines_sharing_a_cell_is_fine() {
        // X's last move at the centre made a row and a column at once.
        let p = pos("OXO/XXX/OXO", 3).unwrap();
        assert_eq!(p.outcome(), Outcome::Win(Player::X));
        assert_eq!(p.winning_cells().len(), 5);
    }

    #[test]
    fn a_long_line_is_a_win_and_all_of_it_is_reported() {
        // Four X in a row with K=3: the windows 0-2 and 1-3 share cells; X moved last.
        let p = pos("XXXX./OO.O./.....", 3).unwrap();
        assert!(p.is_win_for(Player::X));
        assert_eq!(
            p.winning_cells(),
            (0..4).map(|c| Cell::new(0, c)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn play_checks_and_undo_restores() {
        let start = pos("X../.O./...", 3).unwrap();
        assert_eq!(
            start.play(Cell::new(1, 1)),
            Err(PlayError::Occupied(Cell::new(1, 1)))
        );
        assert_eq!(
            start.play(Cell::new(3, 0)),
            Err(PlayError::OffBoard(Cell::new(3, 0)))
        );
        let mut p = start;
        p.play_unchecked(Cell::new(2, 2));
        assert_eq!(p.turn(), Player::O);
        p.undo(Cell::new(2, 2));
        assert_eq!(p, start);
        let won = pos("XX./OO./...", 3)
            .unwrap()
            .play(Cell::new(0, 2))
            .unwrap();
        assert_eq!(won.outcome(), Outcome::Win(Player::X));
        assert_eq!(won.play(Cell::new(2, 2)), Err(PlayError::GameOver));
        assert_eq!(won.legal_moves().count(), 0);
        assert_eq!(won.board_value(Player::X), 1);
        assert_eq!(won.board_value(Player::O), -1);
        assert!(won.is_loss_for(Player::O));
    }

    #[test]
    fn diagonals_both_ways() {
        let p = pos("X.O/.XO/...", 3).unwrap();
        assert!(p.play(Cell::new(2, 2)).unwrap().is_win_for(Player::X));
        let p = pos("X.O/XO./...", 3).unwrap();
        assert!(!p.play(Cell::new(2, 2)).unwrap().is_over());
        let p = pos("XXO/.O./X..", 3).unwrap();
        assert_eq!(p.turn(), Player::O);
        assert!(!p.play(Cell::new(1, 2)).unwrap().is_over());
        assert!(p.play(Cell::new(1, 0)).is_ok());
    }

    #[test]
    fn full_board_without_line_is_a_draw() {
        let p = pos("XOX/XOO/OXX", 3).unwrap();
        assert!(p.is_draw());
        assert_eq!(p.board_value(Player::X), 0);
    }

    #[test]
    fn k_one_first_move_wins() {
        let p = Position::new(Dims::new(2, 2, 1).unwrap());
        assert!(p.play(Cell::new(1, 0)).unwrap().is_win_for(Player::X));
    }

    #[test]
    fn transform_moves_marks() {
        let d = Dims::new(3, 3, 3).unwrap();
        let p = pos("X../.../...", 3).unwrap();
        assert_eq!(p.transform(Symmetry::Rotate90).to_string(), "..X/.../...");
        assert_eq!(p.transform(Symmetry::Identity), p);
        assert_eq!(Symmetry::of(d).len(), 8);
    }
}
