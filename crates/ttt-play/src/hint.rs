//! A hint: the best move for the person to move, found at full strength whatever the
//! opponent's level, and what it leads to.

use std::fmt;
use std::time::Duration;

use ttt_ai::{new_player, Decision, Level, Value, Verdict};
use ttt_core::{Cell, Position};

/// The best move found for the side to move, and what it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// Where to play.
    pub cell: Cell,
    /// What playing there leads to, as far as the search proved it.
    pub prospect: Prospect,
}

/// What a move leads to for its player, as far as a search proved it: a value, with the
/// game's length where that was proven too.
///
/// ```
/// use ttt_ai::{Value, Verdict};
/// use ttt_play::Prospect;
/// let win = Prospect { verdict: Some(Verdict { value: Value::Win, plies: 5 }), value: Some(Value::Win) };
/// assert_eq!(win.to_string(), "win in 5 plies");
/// assert_eq!(Prospect { verdict: None, value: Some(Value::Loss) }.to_string(), "loss");
/// assert_eq!(Prospect::default().to_string(), "not proven");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prospect {
    /// The value with the number of plies to the end, where proven.
    pub verdict: Option<Verdict>,
    /// The value, where proven (with or without the game's length).
    pub value: Option<Value>,
}

impl Prospect {
    /// What a computer player's decision claims for its move.
    #[must_use]
    pub fn of(decision: &Decision) -> Prospect {
        Prospect {
            verdict: decision.verdict,
            value: decision.value,
        }
    }

    /// `win`, `draw`, `loss`, or `unknown` where nothing was proven: the web API's word.
    #[must_use]
    pub fn word(self) -> &'static str {
        crate::words::value(self.value)
    }

    /// Plies to the end with best play, where proven.
    #[must_use]
    pub fn plies(self) -> Option<u32> {
        self.verdict.map(|v| v.plies)
    }
}

impl fmt::Display for Prospect {
    /// `win in 5 plies`, `loss in 1 ply`, `draw`, `win` (proven without its length), `not
    /// proven`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |n: u32| format!("{n} {}", if n == 1 { "ply" } else { "plies" });
        match (self.verdict, self.value) {
            (Some(v), _) if v.value == Value::Win => write!(f, "win in {}", plies(v.plies)),
            (Some(v), _) if v.value == Value::Loss => write!(f, "loss in {}", plies(v.plies)),
            (_, Some(Value::Draw)) | (Some(_), _) => f.write_str("draw"),
            (None, Some(Value::Win)) => f.write_str("win"),
            (None, Some(Value::Loss)) => f.write_str("loss"),
            (None, None) => f.write_str("not proven"),
        }
    }
}

/// The best move for the side to move in `pos`, from the perfect player given `time`;
/// `None` when the game is over.
///
/// ```
/// use std::time::Duration;
/// use ttt_core::{Cell, Position, Setup};
/// use ttt_play::hint;
/// let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
/// let found = hint(&pos, Duration::from_secs(1)).unwrap();
/// assert_eq!(found.cell, Cell::new(0, 2));
/// assert_eq!(found.prospect.to_string(), "win in 1 ply");
/// ```
#[must_use]
pub fn hint(pos: &Position, time: Duration) -> Option<Hint> {
    if pos.is_over() {
        return None;
    }
    new_player(Level::Perfect, None, time)
        .choose(pos)
        .map(|d| Hint {
            cell: d.cell,
            prospect: Prospect::of(&d),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};

    #[test]
    fn prospects_in_words() {
        let verdict = |value, plies| Some(Verdict { value, plies });
        let cases = [
            (
                verdict(Value::Win, 1),
                Some(Value::Win),
                "win in 1 ply",
                "win",
            ),
            (
                verdict(Value::Loss, 4),
                Some(Value::Loss),
                "loss in 4 plies",
                "loss",
            ),
            (verdict(Value::Draw, 9), Some(Value::Draw), "draw", "draw"),
            (None, Some(Value::Draw), "draw", "draw"),
            (None, Some(Value::Win), "win", "win"),
            (None, None, "not proven", "unknown"),
        ];
        for (verdict, value, words, word) in cases {
            let p = Prospect { verdict, value };
            assert_eq!((p.to_string().as_str(), p.word()), (words, word));
        }
    }

    #[test]
    fn no_hint_once_the_game_is_over() {
        let won = Position::from_setup(&Setup::from_notation("XXX/OO./...").unwrap(), 3).unwrap();
        assert_eq!(hint(&won, Duration::from_millis(100)), None);
        let empty = Position::new(Dims::new(3, 3, 3).unwrap());
        let h = hint(&empty, Duration::from_secs(1)).unwrap();
        assert_eq!(h.prospect.to_string(), "draw");
    }
}
