//! Who sits at one side of a game: a person, one of our computer levels, or an outside
//! program. The console reads seats from `--x`/`--o`, the window from its start screen and
//! the web server from a game's record; all of them name and record a seat the same way.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use ttt_ai::{Level, LevelError};
use ttt_pbrain::manager::EngineSpec;
use ttt_store::{check_name, NameError, Participant};

/// One side of a game.
///
/// ```
/// use ttt_ai::Level;
/// use ttt_play::Seat;
/// assert_eq!("human:Alice".parse(), Ok(Seat::Human("Alice".into())));
/// assert_eq!("c:4".parse(), Ok(Seat::Computer(Level::Perfect)));
/// let bot: Seat = "engine:./bots/first.py --fast".parse().unwrap();
/// assert_eq!(bot.to_string(), "Engine first.py --fast");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person, whose results are saved under this name.
    Human(String),
    /// A computer player of this level.
    Computer(Level),
    /// An outside program speaking the Gomocup protocol: its command line (the program, then
    /// its arguments, separated by spaces), or under `ttt serve` the name the operator gave
    /// it.
    Engine(String),
}

impl Seat {
    /// The person's name, or `None` for a program.
    #[must_use]
    pub fn human_name(&self) -> Option<&str> {
        match self {
            Seat::Human(name) => Some(name),
            Seat::Computer(_) | Seat::Engine(_) => None,
        }
    }

    /// Whether a program (ours or an outside one) plays this side.
    #[must_use]
    pub fn is_machine(&self) -> bool {
        !matches!(self, Seat::Human(_))
    }

    /// The outside program an engine seat's command line names, given `turn_time` a move;
    /// `None` for a person or one of our levels.
    #[must_use]
    pub fn engine_spec(&self, turn_time: Duration) -> Option<EngineSpec> {
        match self {
            // The parser refuses an empty command line; one built by hand runs as it is.
            Seat::Engine(command) => Some(EngineSpec::parse(command, turn_time).unwrap_or_else(
                || EngineSpec {
                    program: command.clone(),
                    args: Vec::new(),
                    turn_time,
                },
            )),
            Seat::Human(_) | Seat::Computer(_) => None,
        }
    }

    /// `Alice (X)`, `Computer (hard, X)` or `Engine bot.py (X)`: who plays with which mark.
    #[must_use]
    pub fn with_mark(&self, mark: ttt_core::Player) -> String {
        match self {
            Seat::Human(name) => format!("{name} ({mark})"),
            Seat::Computer(level) => format!("Computer ({level}, {mark})"),
            Seat::Engine(_) => format!("{self} ({mark})"),
        }
    }

    /// How a finished game records this side: a program by its command line without
    /// directories (`engine bot.py`), so the record says which program it was and not where
    /// it lives.
    #[must_use]
    pub fn participant(&self) -> Participant {
        match self {
            Seat::Human(name) => Participant::human(name.clone()),
            Seat::Computer(level) => Participant::computer(level.name()),
            Seat::Engine(command) => Participant::engine(&short_command(command)),
        }
    }
}

/// Each word of a command line by its file name: `python3 first.py` for
/// `/usr/bin/python3 bots/first.py`.
fn short_command(command: &str) -> String {
    EngineSpec::parse(command, Duration::ZERO).map_or_else(String::new, |spec| spec.short_name())
}

impl fmt::Display for Seat {
    /// A person by name, a computer as `Computer (hard)`, a program as `Engine bot.py` (its
    /// command line without directories).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human(name) => f.write_str(name),
            Seat::Computer(level) => write!(f, "Computer ({level})"),
            Seat::Engine(command) => write!(f, "Engine {}", short_command(command)),
        }
    }
}

/// Why a text names no seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatError {
    /// Not `human:`, `computer:` or `engine:` followed by something.
    NoKind {
        /// The text as given.
        text: String,
    },
    /// A person's name that cannot be a player's.
    Name {
        /// The text as given.
        text: String,
        /// What is wrong with the name.
        why: NameError,
    },
    /// Not one of our levels.
    Level(LevelError),
    /// `engine:` with no program after it.
    NoProgram {
        /// The text as given.
        text: String,
    },
}

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatError::NoKind { text } => write!(
                f,
                "{text:?} names no player: write human:NAME, computer:LEVEL (easy, medium, hard, \
                 perfect or 1-4) or engine:PATH"
            ),
            SeatError::Name { text, why } => write!(f, "{text:?}: {why}"),
            SeatError::Level(e) => e.fmt(f),
            SeatError::NoProgram { text } => write!(
                f,
                "{text:?} names no program: write engine:PATH, the program to run"
            ),
        }
    }
}

impl std::error::Error for SeatError {}

impl FromStr for Seat {
    type Err = SeatError;

    /// `human:NAME`, `computer:LEVEL` (`easy`, `medium`, `hard`, `perfect` or 1 to 4) or
    /// `engine:PATH ARGS...`; `h:` and `c:` for short.
    fn from_str(text: &str) -> Result<Seat, SeatError> {
        let no_kind = || SeatError::NoKind {
            text: text.to_string(),
        };
        let (kind, rest) = text.split_once(':').ok_or_else(no_kind)?;
        match kind.trim().to_ascii_lowercase().as_str() {
            "human" | "h" => check_name(rest)
                .map(Seat::Human)
                .map_err(|why| SeatError::Name {
                    text: text.to_string(),
                    why,
                }),
            "computer" | "c" => rest
                .parse::<Level>()
                .map(Seat::Computer)
                .map_err(SeatError::Level),
            "engine" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.is_empty() {
                    return Err(SeatError::NoProgram {
                        text: text.to_string(),
                    });
                }
                Ok(Seat::Engine(words.join(" ")))
            }
            _ => Err(no_kind()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Player;
    use ttt_store::MAX_NAME_CHARS as MAX_NAME;

    #[test]
    fn seats_from_the_command_line() {
        assert_eq!("human:Ann".parse::<Seat>(), Ok(Seat::Human("Ann".into())));
        assert_eq!("h: Bo ".parse(), Ok(Seat::Human("Bo".into())));
        assert_eq!("c:4".parse::<Seat>(), Ok(Seat::Computer(Level::Perfect)));
        assert_eq!(
            "computer:perfect".parse(),
            Ok(Seat::Computer(Level::Perfect))
        );
        assert_eq!("c:2".parse(), Ok(Seat::Computer(Level::Medium)));
        let err = "human:".parse::<Seat>().unwrap_err().to_string();
        assert!(err.contains(": a name needs at least one letter"), "{err}");
        assert!(!err.ends_with('.'), "{err}");
        let long = format!("human:{}", "a".repeat(MAX_NAME + 1));
        let err = long.parse::<Seat>().unwrap_err().to_string();
        assert!(
            err.ends_with(": use a name of at most 40 characters"),
            "{err}"
        );
        for text in ["dog:1", "Alice", "robot:1"] {
            let err = text.parse::<Seat>().unwrap_err();
            assert_eq!(err, SeatError::NoKind { text: text.into() });
            assert!(err.to_string().contains("names no player"), "{err}");
            assert!(err.to_string().contains("human:NAME"), "{err}");
        }
        assert!(matches!(
            "computer:genius".parse::<Seat>(),
            Err(SeatError::Level(_))
        ));
    }

    #[test]
    fn engines_are_shown_and_recorded_without_their_directories() {
        let bot: Seat = "engine: ./bots/bot.py  --fast ".parse().unwrap();
        assert_eq!(bot, Seat::Engine("./bots/bot.py --fast".into()));
        assert_eq!(bot.to_string(), "Engine bot.py --fast");
        assert_eq!(bot.with_mark(Player::O), "Engine bot.py --fast (O)");
        assert_eq!(bot.participant(), Participant::engine("bot.py --fast"));
        let spec = bot.engine_spec(Duration::from_secs(2)).unwrap();
        assert_eq!(
            (spec.program.as_str(), spec.args.len()),
            ("./bots/bot.py", 1)
        );
        assert!(bot.is_machine() && bot.human_name().is_none());
        let err = "engine: ".parse::<Seat>().unwrap_err();
        assert!(err.to_string().contains("names no program"), "{err}");
    }

    #[test]
    fn people_and_levels_in_words() {
        let ann = Seat::Human("Ann".into());
        assert_eq!(
            (ann.to_string(), ann.with_mark(Player::X)),
            ("Ann".into(), "Ann (X)".into())
        );
        assert_eq!(ann.participant(), Participant::human("Ann"));
        let hard = Seat::Computer(Level::Hard);
        assert_eq!(hard.to_string(), "Computer (hard)");
        assert_eq!(hard.with_mark(Player::O), "Computer (hard, O)");
        assert_eq!(hard.participant(), Participant::computer("hard"));
    }
}
