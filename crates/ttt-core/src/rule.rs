//! The rules that decide what wins: free-style (K or more in a row), standard (exactly K),
//! renju (K = 5; X may not make a double-three, a double-four or an overline) and caro (K or
//! more, unless both ends are blocked by the opponent). Gomoku is played in competition under
//! the last three: free-style gomoku is a proven first-player win.

use std::fmt;
use std::str::FromStr;

use crate::player::Player;

/// What wins, and what X may not play.
///
/// ```
/// use ttt_core::Rule;
/// assert_eq!("renju".parse::<Rule>(), Ok(Rule::Renju));
/// assert_eq!(Rule::default(), Rule::Freestyle);
/// assert_eq!(Rule::Standard.to_string(), "standard");
/// assert_eq!(Rule::Caro.gomocup_code(), 8);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Rule {
    /// K or more in a row wins (the m,n,k-game).
    #[default]
    Freestyle,
    /// Exactly K in a row wins; a longer line (an overline) does not.
    Standard,
    /// K = 5. X (black) wins with exactly five and may not play a double-three, a
    /// double-four or an overline, unless the move makes exactly five; O (white) wins with
    /// five or more and has no restriction.
    Renju,
    /// K or more in a row wins, unless the line is blocked at both ends by the opponent's
    /// stones (the board's edge does not block).
    Caro,
}

impl Rule {
    /// Every rule, in the order menus show them.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

    /// The rule's name: `freestyle`, `standard`, `renju` or `caro`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// The rule's number in the Gomocup protocol (`INFO rule`): 0, 1, 4 or 8.
    #[must_use]
    pub const fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }

    /// The rule with that Gomocup number, if it is one of ours.
    ///
    /// ```
    /// # use ttt_core::Rule;
    /// assert_eq!(Rule::from_gomocup_code(4), Some(Rule::Renju));
    /// assert_eq!(Rule::from_gomocup_code(2), None);
    /// ```
    #[must_use]
    pub const fn from_gomocup_code(code: u32) -> Option<Rule> {
        match code {
            0 => Some(Rule::Freestyle),
            1 => Some(Rule::Standard),
            4 => Some(Rule::Renju),
            8 => Some(Rule::Caro),
            _ => None,
        }
    }

    /// Whether this rule can be played with `k` in a row: renju only with five.
    ///
    /// # Errors
    /// [`RuleError::RenjuNeedsFive`] for renju with another K.
    pub fn check_k(self, k: usize) -> Result<(), RuleError> {
        if self == Rule::Renju && k != 5 {
            return Err(RuleError::RenjuNeedsFive { k });
        }
        Ok(())
    }
}

impl Rule {
    /// Whether a run of `len` of `player`'s marks wins with `k` in a row under this rule;
    /// `blocked_at_both_ends`: the opponent's marks stand just beyond both of its ends (the
    /// board's edge does not block).
    ///
    /// ```
    /// use ttt_core::{Player, Rule};
    /// assert!(Rule::Freestyle.is_win(Player::X, 6, 5, false));
    /// assert!(!Rule::Standard.is_win(Player::X, 6, 5, false));
    /// assert!(Rule::Renju.is_win(Player::O, 6, 5, false));
    /// assert!(!Rule::Caro.is_win(Player::X, 5, 5, true));
    /// ```
    #[must_use]
    pub fn is_win(self, player: Player, len: usize, k: usize, blocked_at_both_ends: bool) -> bool {
        match (self, player) {
            (Rule::Freestyle, _) | (Rule::Renju, Player::O) => len >= k,
            (Rule::Standard, _) | (Rule::Renju, Player::X) => len == k,
            (Rule::Caro, _) => len >= k && !blocked_at_both_ends,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = RuleError;

    /// A rule's name in any case.
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let name = s.trim().to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| RuleError::Unknown(s.to_string()))
    }
}

/// Why a rule cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// Not the name of a rule.
    Unknown(String),
    /// Renju is played with five in a row only.
    RenjuNeedsFive {
        /// The K asked for.
        k: usize,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Unknown(name) => write!(
                f,
                "unknown rule {name:?}: choose freestyle, standard, renju or caro"
            ),
            RuleError::RenjuNeedsFive { k } => write!(
                f,
                "renju is played with five in a row, not {k}: ask for five, or another rule"
            ),
        }
    }
}

impl std::error::Error for RuleError {}

/// Why renju forbids X a point.
///
/// ```
/// assert_eq!(ttt_core::Forbidden::DoubleThree.to_string(), "double-three");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Forbidden {
    /// Two threes at once (each can become a straight four by a move that is itself allowed).
    DoubleThree,
    /// Two fours at once, on two lines or on one.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(rule.name().parse::<Rule>(), Ok(rule));
            assert_eq!(rule.to_string().to_uppercase().parse::<Rule>(), Ok(rule));
            assert_eq!(Rule::from_gomocup_code(rule.gomocup_code()), Some(rule));
        }
        let err = "exact".parse::<Rule>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown rule \"exact\": choose freestyle, standard, renju or caro"
        );
    }

    #[test]
    fn renju_takes_five_only() {
        assert_eq!(Rule::Renju.check_k(5), Ok(()));
        let err = Rule::Renju.check_k(4).unwrap_err();
        assert!(err.to_string().contains("not 4"), "{err}");
        assert_eq!(Rule::Standard.check_k(3), Ok(()));
        assert_eq!(Rule::Caro.check_k(4), Ok(()));
    }
}
