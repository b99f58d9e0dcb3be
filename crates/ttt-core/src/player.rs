//! The two sides, and per-side data with named fields, so that nothing indexes an array by
//! a player number.

use std::fmt;

/// One of the two players. X always moves first.
///
/// ```
/// use ttt_core::{Dims, Player, Position};
///
/// // . . .
/// // . . .   X to move on the empty board, then O.
/// // . . .
/// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// assert_eq!(pos.turn(), Player::X);
/// assert_eq!(pos.play(ttt_core::Cell::new(1, 1)).unwrap().turn(), Player::O);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The opponent.
    ///
    /// ```
    /// # use ttt_core::Player;
    /// assert_eq!(Player::X.other(), Player::O);
    /// ```
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The mark this player writes on the board: `'X'` or `'O'` (`markerForPlayer` in the course
    /// board API).
    ///
    /// ```
    /// # use ttt_core::Player;
    /// assert_eq!(Player::O.marker(), 'O');
    /// assert_eq!(Player::X.to_string(), "X");
    /// ```
    #[must_use]
    pub const fn marker(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// Reads a mark, upper or lower case.
    ///
    /// ```
    /// # use ttt_core::Player;
    /// assert_eq!(Player::from_marker('o'), Some(Player::O));
    /// assert_eq!(Player::from_marker('.'), None);
    /// ```
    #[must_use]
    pub const fn from_marker(c: char) -> Option<Player> {
        match c {
            'X' | 'x' => Some(Player::X),
            'O' | 'o' => Some(Player::O),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.marker())
    }
}

/// A value for each player, with named fields instead of an index. Serialised as
/// `{"x": ..., "o": ...}`.
///
/// ```
/// use ttt_core::{ByPlayer, Player};
///
/// let mut wins = ByPlayer { x: 0, o: 0 };
/// *wins.get_mut(Player::O) += 1;
/// assert_eq!(wins, ByPlayer { x: 0, o: 1 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// X's value.
    pub x: T,
    /// O's value.
    pub o: T,
}

impl<T> ByPlayer<T> {
    /// The value for `player`.
    ///
    /// ```
    /// # use ttt_core::{ByPlayer, Player};
    /// let names = ByPlayer { x: "Alice", o: "Bob" };
    /// assert_eq!(*names.get(Player::O), "Bob");
    /// ```
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::X => &self.x,
            Player::O => &self.o,
        }
    }

    /// The value for `player`, mutably.
    ///
    /// ```
    /// # use ttt_core::{ByPlayer, Player};
    /// let mut names = ByPlayer { x: "Alice", o: "Bob" };
    /// *names.get_mut(Player::X) = "Carol";
    /// assert_eq!(names.x, "Carol");
    /// ```
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::X => &mut self.x,
            Player::O => &mut self.o,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_round_trip() {
        for p in [Player::X, Player::O] {
            assert_eq!(Player::from_marker(p.marker()), Some(p));
            assert_eq!(
                Player::from_marker(p.marker().to_ascii_lowercase()),
                Some(p)
            );
            assert_eq!(p.other().other(), p);
        }
        assert_eq!(Player::from_marker('.'), None);
    }

    #[test]
    fn by_player_indexes_by_name() {
        let mut v = ByPlayer { x: 1, o: 2 };
        *v.get_mut(Player::O) += 5;
        assert_eq!((*v.get(Player::X), *v.get(Player::O)), (1, 7));
    }
}
