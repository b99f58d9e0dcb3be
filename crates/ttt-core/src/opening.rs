//! Opening rules: how two people settle who plays X when the first move is too strong to
//! give away. Under `swap`, the first player places three stones (X, O, X) and the second
//! chooses a colour; under `swap2`, the second may instead place two more (O, X) and let the
//! first choose. Without one (`none`), the first player plays X from the empty board.
//!
//! The stones go down as ordinary moves, X and O in turn, so the position needs nothing new;
//! what the opening adds is who acts, and the choices made so far, from which everything else
//! follows:
//!
//! ```
//! use ttt_core::{Choice, Opening, OpeningAction, Order};
//!
//! // Swap2: the first player has placed three stones; the second places two more.
//! let mut choices = vec![];
//! let phase = Opening::Swap2.phase(3, &choices).unwrap();
//! assert_eq!(phase.actor, Order::Second);
//! assert_eq!(phase.may, [OpeningAction::TakeX, OpeningAction::TakeO, OpeningAction::PlaceTwo]);
//! choices.push(Opening::Swap2.check(3, &choices, Order::Second, Choice::PlaceTwo).unwrap());
//! let phase = Opening::Swap2.phase(3, &choices).unwrap();
//! assert_eq!((phase.actor, phase.stones_to_place), (Order::Second, 2));
//! // With five stones down, the first player chooses; taking O, they move next.
//! choices.push(Opening::Swap2.check(5, &choices, Order::First, Choice::TakeO).unwrap());
//! assert_eq!(Opening::Swap2.phase(5, &choices), None);
//! assert_eq!(Opening::Swap2.x_player(5, &choices), Some(Order::Second));
//! ```

use std::fmt;
use std::str::FromStr;

/// Which of the two people, in the order they sit down: the one who opens (places the first
/// stones) or the other. Colours are not settled until the opening is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Order {
    /// The person who opens.
    First,
    /// The other person.
    Second,
}

impl Order {
    /// The other person.
    #[must_use]
    pub const fn other(self) -> Order {
        match self {
            Order::First => Order::Second,
            Order::Second => Order::First,
        }
    }

    /// 0 for the first, 1 for the second: the index in a list of the two.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Order::First => 0,
            Order::Second => 1,
        }
    }
}

/// An opening rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Opening {
    /// The first player plays X from the empty board.
    #[default]
    None,
    /// Three stones (X, O, X) by the first player, then the second chooses a colour.
    Swap,
    /// Three stones by the first player; the second takes X, takes O, or places two more (O,
    /// X) and the first chooses.
    Swap2,
}

/// A colour choice of the opening (what a person said, as the record keeps it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Choice {
    /// The chooser plays X.
    TakeX,
    /// The chooser plays O.
    TakeO,
    /// The chooser places two more stones and lets the other choose (swap2 only).
    PlaceTwo,
}

/// What the person to act may do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum OpeningAction {
    /// Place the next opening stone.
    Place,
    /// Play X.
    TakeX,
    /// Play O.
    TakeO,
    /// Place two more stones, then let the other choose.
    PlaceTwo,
}

/// Where an opening stands: who acts, what they may do, how many stones they still place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningPhase {
    /// The person to act.
    pub actor: Order,
    /// What they may do.
    pub may: Vec<OpeningAction>,
    /// Stones they still place before anyone chooses (0 when it is time to choose).
    pub stones_to_place: usize,
}

/// Why an opening step is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpeningError {
    /// The opening is over (or there is none): the game is played move by move.
    Over,
    /// The other person acts now.
    NotYourTurn {
        /// Who acts now.
        actor: Order,
    },
    /// Stones are to be placed now, not a colour chosen.
    PlaceFirst {
        /// How many stones are still to be placed.
        stones: usize,
    },
    /// A colour is to be chosen now, not a stone placed.
    ChooseFirst,
    /// This choice is not open now (placing two more, for example, under swap or twice).
    NotOffered(Choice),
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Over => f.write_str("the opening is over: play moves"),
            OpeningError::NotYourTurn { actor } => {
                write!(
                    f,
                    "it is the {} player's turn in the opening",
                    order_word(*actor)
                )
            }
            OpeningError::PlaceFirst { stones } => write!(
                f,
                "place {} first",
                if *stones == 1 {
                    "the last opening stone".to_string()
                } else {
                    format!("{stones} more opening stones")
                }
            ),
            OpeningError::ChooseFirst => {
                f.write_str("the stones are placed: choose take_x, take_o or place_two")
            }
            OpeningError::NotOffered(choice) => write!(
                f,
                "{} is not offered now",
                match choice {
                    Choice::TakeX => "take_x",
                    Choice::TakeO => "take_o",
                    Choice::PlaceTwo => "place_two",
                }
            ),
        }
    }
}

impl std::error::Error for OpeningError {}

fn order_word(order: Order) -> &'static str {
    match order {
        Order::First => "first",
        Order::Second => "second",
    }
}

impl Opening {
    /// Every opening rule, in the order menus show them.
    pub const ALL: [Opening; 3] = [Opening::None, Opening::Swap, Opening::Swap2];

    /// `none`, `swap` or `swap2`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Opening::None => "none",
            Opening::Swap => "swap",
            Opening::Swap2 => "swap2",
        }
    }

    /// Where the opening stands with `stones` on the board after `choices`, or `None` once
    /// the colours are settled (at once under `none`).
    #[must_use]
    pub fn phase(self, stones: usize, choices: &[Choice]) -> Option<OpeningPhase> {
        let placing = |actor: Order, until: usize| OpeningPhase {
            actor,
            may: vec![OpeningAction::Place],
            stones_to_place: until.saturating_sub(stones),
        };
        match (self, choices) {
            (Opening::None, _) => None,
            (Opening::Swap | Opening::Swap2, []) if stones < 3 => Some(placing(Order::First, 3)),
            (Opening::Swap, []) => Some(OpeningPhase {
                actor: Order::Second,
                may: vec![OpeningAction::TakeX, OpeningAction::TakeO],
                stones_to_place: 0,
            }),
            (Opening::Swap2, []) => Some(OpeningPhase {
                actor: Order::Second,
                may: vec![
                    OpeningAction::TakeX,
                    OpeningAction::TakeO,
                    OpeningAction::PlaceTwo,
                ],
                stones_to_place: 0,
            }),
            (Opening::Swap2, [Choice::PlaceTwo]) if stones < 5 => Some(placing(Order::Second, 5)),
            (Opening::Swap2, [Choice::PlaceTwo]) => Some(OpeningPhase {
                actor: Order::First,
                may: vec![OpeningAction::TakeX, OpeningAction::TakeO],
                stones_to_place: 0,
            }),
            _ => None,
        }
    }

    /// Checks that `actor` may make `choice` now, with `stones` on the board after `choices`;
    /// returns the choice, to be added to the record.
    ///
    /// # Errors
    /// [`OpeningError`] saying what is to be done instead.
    pub fn check(
        self,
        stones: usize,
        choices: &[Choice],
        actor: Order,
        choice: Choice,
    ) -> Result<Choice, OpeningError> {
        let phase = self.phase(stones, choices).ok_or(OpeningError::Over)?;
        if phase.actor != actor {
            return Err(OpeningError::NotYourTurn { actor: phase.actor });
        }
        if phase.may == [OpeningAction::Place] {
            return Err(OpeningError::PlaceFirst {
                stones: phase.stones_to_place,
            });
        }
        let action = match choice {
            Choice::TakeX => OpeningAction::TakeX,
            Choice::TakeO => OpeningAction::TakeO,
            Choice::PlaceTwo => OpeningAction::PlaceTwo,
        };
        if phase.may.contains(&action) {
            Ok(choice)
        } else {
            Err(OpeningError::NotOffered(choice))
        }
    }

    /// Checks that `actor` may place the next stone now (with `stones` on the board after
    /// `choices`).
    ///
    /// # Errors
    /// [`OpeningError`] saying what is to be done instead.
    pub fn check_place(
        self,
        stones: usize,
        choices: &[Choice],
        actor: Order,
    ) -> Result<(), OpeningError> {
        let phase = self.phase(stones, choices).ok_or(OpeningError::Over)?;
        if phase.actor != actor {
            return Err(OpeningError::NotYourTurn { actor: phase.actor });
        }
        if phase.may == [OpeningAction::Place] {
            Ok(())
        } else {
            Err(OpeningError::ChooseFirst)
        }
    }

    /// Who plays X, once the opening is over: under `none` the first player; otherwise as
    /// the last choice said. `None` while the opening goes on.
    #[must_use]
    pub fn x_player(self, stones: usize, choices: &[Choice]) -> Option<Order> {
        if self.phase(stones, choices).is_some() {
            return None;
        }
        // The chooser of the last choice: the second after three stones, the first after
        // five.
        let chooser = if choices.len() >= 2 {
            Order::First
        } else {
            Order::Second
        };
        Some(match choices.last() {
            None => Order::First,
            Some(Choice::TakeX) => chooser,
            Some(Choice::TakeO | Choice::PlaceTwo) => chooser.other(),
        })
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an opening rule's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningNameError(String);

impl fmt::Display for OpeningNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown opening {:?}: choose none, swap or swap2",
            self.0
        )
    }
}

impl std::error::Error for OpeningNameError {}

impl FromStr for Opening {
    type Err = OpeningNameError;

    fn from_str(s: &str) -> Result<Opening, OpeningNameError> {
        let name = s.trim().to_ascii_lowercase();
        Opening::ALL
            .into_iter()
            .find(|o| o.name() == name)
            .ok_or_else(|| OpeningNameError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_an_opening_the_first_player_plays_x_at_once() {
        assert_eq!(Opening::None.phase(0, &[]), None);
        assert_eq!(Opening::None.x_player(0, &[]), Some(Order::First));
        assert_eq!(
            Opening::None.check_place(0, &[], Order::First),
            Err(OpeningError::Over)
        );
    }

    #[test]
    fn swap_three_stones_then_the_second_chooses() {
        for stones in 0..3 {
            let phase = Opening::Swap.phase(stones, &[]).unwrap();
            assert_eq!(phase.actor, Order::First);
            assert_eq!(phase.stones_to_place, 3 - stones);
            assert_eq!(Opening::Swap.check_place(stones, &[], Order::First), Ok(()));
            assert_eq!(
                Opening::Swap.check_place(stones, &[], Order::Second),
                Err(OpeningError::NotYourTurn {
                    actor: Order::First
                })
            );
            assert_eq!(
                Opening::Swap.check(stones, &[], Order::First, Choice::TakeX),
                Err(OpeningError::PlaceFirst { stones: 3 - stones })
            );
        }
        let phase = Opening::Swap.phase(3, &[]).unwrap();
        assert_eq!(phase.may, [OpeningAction::TakeX, OpeningAction::TakeO]);
        assert_eq!(
            Opening::Swap.check(3, &[], Order::Second, Choice::PlaceTwo),
            Err(OpeningError::NotOffered(Choice::PlaceTwo))
        );
        assert_eq!(
            Opening::Swap.check_place(3, &[], Order::Second),
            Err(OpeningError::ChooseFirst)
        );
        assert_eq!(
            Opening::Swap.x_player(3, &[Choice::TakeX]),
            Some(Order::Second)
        );
        assert_eq!(
            Opening::Swap.x_player(3, &[Choice::TakeO]),
            Some(Order::First)
        );
        assert_eq!(Opening::Swap.phase(3, &[Choice::TakeO]), None);
    }

    #[test]
    fn swap2_two_more_stones_and_the_first_chooses() {
        let o = Opening::Swap2;
        assert_eq!(o.x_player(3, &[Choice::TakeX]), Some(Order::Second));
        assert_eq!(o.x_player(3, &[Choice::TakeO]), Some(Order::First));
        let two = [Choice::PlaceTwo];
        assert_eq!(o.x_player(4, &two), None);
        assert_eq!(o.check_place(4, &two, Order::Second), Ok(()));
        assert_eq!(o.phase(4, &two).unwrap().stones_to_place, 1);
        assert_eq!(
            o.check(5, &two, Order::Second, Choice::TakeX),
            Err(OpeningError::NotYourTurn {
                actor: Order::First
            })
        );
        assert_eq!(
            o.check(5, &two, Order::First, Choice::PlaceTwo),
            Err(OpeningError::NotOffered(Choice::PlaceTwo))
        );
        assert_eq!(
            o.x_player(5, &[Choice::PlaceTwo, Choice::TakeX]),
            Some(Order::First)
        );
        assert_eq!(
            o.x_player(5, &[Choice::PlaceTwo, Choice::TakeO]),
            Some(Order::Second)
        );
        let err = o.check(
            6,
            &[Choice::PlaceTwo, Choice::TakeO],
            Order::First,
            Choice::TakeX,
        );
        assert_eq!(err, Err(OpeningError::Over));
    }

    #[test]
    fn names_and_messages() {
        for opening in Opening::ALL {
            assert_eq!(opening.name().parse::<Opening>(), Ok(opening));
        }
        assert_eq!(
            "swap3".parse::<Opening>().unwrap_err().to_string(),
            "unknown opening \"swap3\": choose none, swap or swap2"
        );
        assert_eq!(
            OpeningError::PlaceFirst { stones: 2 }.to_string(),
            "place 2 more opening stones first"
        );
        assert_eq!(
            OpeningError::NotYourTurn {
                actor: Order::Second
            }
            .to_string(),
            "it is the second player's turn in the opening"
        );
    }
}
