//! The words every search speaks: what a position is worth ([`Value`]) and, with best play,
//! how long the game lasts ([`Verdict`]). Both are ordered once, here, from the mover's point
//! of view, so that "the best move" means the same thing to every caller. A move with what is
//! proven of it ([`MoveAnalysis`]) is said in the same words, by alpha-beta and the analysis
//! alike.

use std::cmp::Ordering;

use ttt_core::{Cell, Outcome, Position};

/// The game-theoretic value of a position or a move, for the side that moves.
///
/// Ordered from the mover's point of view: `Loss < Draw < Win`.
///
/// ```
/// use ttt_ai::Value;
/// assert!(Value::Win > Value::Draw && Value::Draw > Value::Loss);
/// assert_eq!(Value::Win.for_opponent(), Value::Loss);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The opponent can force a win.
    Loss,
    /// Best play on both sides fills the board with no line.
    Draw,
    /// The side to move can force a win.
    Win,
}

impl Value {
    /// `win`, `draw` or `loss`.
    ///
    /// ```
    /// # use ttt_ai::Value;
    /// assert_eq!(Value::Draw.as_str(), "draw");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }

    /// The same result from the other side's view: a win is the opponent's loss.
    ///
    /// ```
    /// # use ttt_ai::Value;
    /// assert_eq!(Value::Loss.for_opponent(), Value::Win);
    /// assert_eq!(Value::Draw.for_opponent(), Value::Draw);
    /// ```
    #[must_use]
    pub fn for_opponent(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }

    /// The value of a finished game for the side that would move next (the one that did not
    /// make the last move): a loss if a line was made, a draw if the board is full; `None`
    /// while the game is in progress.
    ///
    /// ```
    /// use ttt_ai::Value;
    /// use ttt_core::{Position, Setup};
    ///
    /// // X X X
    /// // O O .
    /// // . . .   X has made a line: O, to move, has lost.
    /// let setup = Setup::from_notation("XXX/OO./...").unwrap();
    /// let pos = Position::from_setup(&setup, 3).unwrap();
    /// assert_eq!(Value::at_end(&pos), Some(Value::Loss));
    /// ```
    #[must_use]
    pub fn at_end(pos: &Position) -> Option<Value> {
        match pos.outcome() {
            Outcome::Win(_) => Some(Value::Loss),
            Outcome::Draw => Some(Value::Draw),
            Outcome::InProgress => None,
        }
    }
}

/// A proven value and how many plies the game lasts under optimal play (the winner winning as
/// fast as possible, the loser losing as slowly as possible).
///
/// Ordered from the mover's point of view: any win beats any draw, which beats any loss; a
/// faster win is better, and a slower loss.
///
/// ```
/// use ttt_ai::{Value, Verdict};
/// let win = |plies| Verdict { value: Value::Win, plies };
/// let loss = |plies| Verdict { value: Value::Loss, plies };
/// assert!(win(3) > win(5));
/// assert!(loss(6) > loss(2));
/// assert!(loss(9) < Verdict { value: Value::Draw, plies: 0 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Win, draw or loss.
    pub value: Value,
    /// Plies to the end of the game.
    pub plies: u32,
}

impl Verdict {
    /// Wins by speed, losses by how long they hold out; every draw ranks the same.
    fn rank(self) -> i64 {
        match self.value {
            Value::Win => 1_000_000 - i64::from(self.plies),
            Value::Draw => 0,
            Value::Loss => -1_000_000 + i64::from(self.plies),
        }
    }
}

impl Ord for Verdict {
    fn cmp(&self, other: &Verdict) -> Ordering {
        // Equal ranks of different plies (two draws) are told apart by plies, so that the
        // order agrees with equality.
        self.rank()
            .cmp(&other.rank())
            .then(self.plies.cmp(&other.plies))
    }
}

impl PartialOrd for Verdict {
    fn partial_cmp(&self, other: &Verdict) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// One legal move and, if proven, what it leads to from the mover's view (plies counting the
/// move itself).
///
/// ```
/// use ttt_ai::{Solver, Value, Verdict};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X X .
/// // O O .    X to move: (0, 2) wins at once
/// // . . .
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
/// let analysis = Solver::new(&pos).analyze();
/// let win = analysis.moves.iter().find(|m| m.cell == Cell::new(0, 2)).unwrap();
/// assert_eq!(win.verdict, Some(Verdict { value: Value::Win, plies: 1 }));
/// assert_eq!(win.value, Some(Value::Win));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// Where the move is played.
    pub cell: Cell,
    /// The proven result of playing it with the game's length, or `None` if that was not
    /// proven in time.
    pub verdict: Option<Verdict>,
    /// The proven value of playing it: the verdict's, or proven without the game's length.
    pub value: Option<Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_order_as_a_player_prefers_them() {
        let v = |value, plies| Verdict { value, plies };
        let mut all = vec![
            v(Value::Loss, 2),
            v(Value::Win, 7),
            v(Value::Draw, 9),
            v(Value::Loss, 8),
            v(Value::Win, 1),
        ];
        all.sort();
        assert_eq!(
            all,
            vec![
                v(Value::Loss, 2),
                v(Value::Loss, 8),
                v(Value::Draw, 9),
                v(Value::Win, 7),
                v(Value::Win, 1),
            ]
        );
    }
}
