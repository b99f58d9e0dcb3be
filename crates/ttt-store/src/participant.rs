//! Who plays a side, as the store keeps it: the one type for a seat of a finished game and of
//! a game in progress, so that recording a game never translates between two spellings.

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

/// Who played one side of a game.
///
/// Serialised with a `kind` tag. An outside program is shown as the computer it plays as,
/// with the level `engine:NAME` that the web API and the command line name it by, so the
/// JSON of a game stays what the README documents:
///
/// ```
/// # use ttt_store::Participant;
/// let ann = Participant::human("Ann");
/// assert_eq!(serde_json::to_string(&ann).unwrap(), r#"{"kind":"human","name":"Ann"}"#);
/// let cpu = Participant::computer("hard");
/// assert_eq!(serde_json::to_string(&cpu).unwrap(), r#"{"kind":"computer","level":"hard"}"#);
/// let bot = Participant::engine("bot.py");
/// assert_eq!(
///     serde_json::to_string(&bot).unwrap(),
///     r#"{"kind":"computer","level":"engine:bot.py"}"#,
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Participant {
    /// A person, whose statistics the store keeps under this name.
    Human {
        /// The player's name, exactly as stored.
        name: String,
    },
    /// One of ttt's computer players; no statistics are kept for it.
    Computer {
        /// Its level as the caller names it (`easy`, `medium`, `hard`, `perfect`, ...).
        level: String,
    },
    /// An outside program (`ttt play --x engine:PATH`, or an engine `ttt serve` offers); no
    /// statistics are kept for it either.
    Engine {
        /// How it is named: the command line without directories, or the name the server's
        /// operator gave it (never a path).
        name: String,
    },
}

/// How the command line and the web API mark an outside program among the computer levels:
/// `engine:NAME`.
pub const ENGINE_PREFIX: &str = "engine:";

impl Participant {
    /// A human player called `name`.
    #[must_use]
    pub fn human(name: impl Into<String>) -> Participant {
        Participant::Human { name: name.into() }
    }

    /// A computer player of the given level.
    #[must_use]
    pub fn computer(level: impl Into<String>) -> Participant {
        Participant::Computer {
            level: level.into(),
        }
    }

    /// An outside program called `name`.
    ///
    /// ```
    /// # use ttt_store::Participant;
    /// let bot = Participant::engine("student.py");
    /// assert_eq!(bot.engine_name(), Some("student.py"));
    /// assert_eq!(bot.to_string(), "engine student.py");
    /// ```
    #[must_use]
    pub fn engine(name: &str) -> Participant {
        Participant::Engine {
            name: name.to_string(),
        }
    }

    /// The human's name, or `None` for a computer or a program.
    #[must_use]
    pub fn human_name(&self) -> Option<&str> {
        match self {
            Participant::Human { name } => Some(name),
            Participant::Computer { .. } | Participant::Engine { .. } => None,
        }
    }

    /// The outside program's name, for an engine.
    #[must_use]
    pub fn engine_name(&self) -> Option<&str> {
        match self {
            Participant::Engine { name } => Some(name),
            Participant::Human { .. } | Participant::Computer { .. } => None,
        }
    }

    /// The level a computer or a program is named by in the web API and on the command
    /// line (`hard`, `engine:bot`); `None` for a person.
    #[must_use]
    pub fn level(&self) -> Option<String> {
        match self {
            Participant::Human { .. } => None,
            Participant::Computer { level } => Some(level.clone()),
            Participant::Engine { name } => Some(format!("{ENGINE_PREFIX}{name}")),
        }
    }
}

impl fmt::Display for Participant {
    /// A human shows as their name, a computer as `computer (hard)`, an outside program as
    /// `engine NAME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Participant::Human { name } => f.write_str(name),
            Participant::Computer { level } => write!(f, "computer ({level})"),
            Participant::Engine { name } => write!(f, "engine {name}"),
        }
    }
}

impl Serialize for Participant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Participant", 2)?;
        match self {
            Participant::Human { name } => {
                s.serialize_field("kind", "human")?;
                s.serialize_field("name", name)?;
            }
            Participant::Computer { .. } | Participant::Engine { .. } => {
                s.serialize_field("kind", "computer")?;
                s.serialize_field("level", &self.level())?;
            }
        }
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn participants_show_and_name_their_level() {
        assert_eq!(Participant::human("Ann").to_string(), "Ann");
        assert_eq!(Participant::computer("hard").to_string(), "computer (hard)");
        assert_eq!(Participant::computer("hard").human_name(), None);
        assert_eq!(
            Participant::engine("bot").level().as_deref(),
            Some("engine:bot")
        );
        assert_eq!(Participant::human("Ann").level(), None);
    }
}
