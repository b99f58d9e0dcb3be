//! `ttt play`'s options (which `ttt` alone takes too), and who sits at each side.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use ttt_ai::Level;
use ttt_core::{Dims, Preset};

use super::values::{parse_count, parse_seconds, parse_seed, preset_parser};
use super::DbArgs;
use crate::error::board_size_error;

#[derive(Debug, Args, Clone)]
#[command(after_help = "\
Examples:
  ttt play                                    ask who plays, then play on 3 x 3
  ttt play --preset six-by-seven              6 rows by 7 columns, three in a row
  ttt play --x human:Alice --o computer:hard  no questions: Alice moves first
  ttt play --x computer:easy --o computer:perfect --seed 7
  ttt play --x human:Alice --o engine:./student.py   a program of yours plays O

While playing, type a move as the row and the column (1-based): `2 3` or `2,3`.
Type q at any question to quit.")]
pub struct PlayArgs {
    /// A named board, instead of --rows/--cols/--k.
    #[arg(long, value_parser = preset_parser(), conflicts_with_all = ["rows", "cols", "k"])]
    pub preset: Option<Preset>,
    /// Rows of the board.
    #[arg(long, default_value_t = 3, value_parser = parse_count)]
    pub rows: usize,
    /// Columns of the board.
    #[arg(long, default_value_t = 3, value_parser = parse_count)]
    pub cols: usize,
    /// How many in a row win.
    #[arg(long, short = 'k', default_value_t = 3, value_parser = parse_count)]
    pub k: usize,
    /// Who plays X and moves first: human:NAME, computer:LEVEL with LEVEL easy, medium,
    /// hard or perfect (or 1 to 4), or engine:PATH, a program speaking the Gomocup (pbrain)
    /// protocol (its arguments after the path, split on spaces).
    #[arg(long, value_name = "WHO")]
    pub x: Option<Seat>,
    /// Who plays O: human:NAME, computer:LEVEL or engine:PATH. With both --x and --o, no
    /// questions are asked before the game.
    #[arg(long, value_name = "WHO")]
    pub o: Option<Seat>,
    /// Seed for the computer players' random choices, to play the same game again.
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Seconds the perfect computer player may think about each move.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// Seconds an engine:PATH player has for each move (its INFO timeout_turn); it loses
    /// the game if it answers more than a second later.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = parse_seconds)]
    pub engine_time: Duration,
    #[command(flatten)]
    pub db: DbArgs,
}

impl PlayArgs {
    /// What `ttt` with no command plays: `ttt play` with every default.
    #[cfg(test)]
    pub fn defaults() -> PlayArgs {
        use clap::Parser;
        #[derive(Parser)]
        struct Play {
            #[command(flatten)]
            args: PlayArgs,
        }
        Play::parse_from(["play"]).args
    }

    /// The board: the preset's, or `--rows`/`--cols`/`--k`.
    pub fn dims(&self) -> anyhow::Result<Dims> {
        match self.preset {
            Some(preset) => Ok(preset.dims()),
            None => Dims::new(self.rows, self.cols, self.k).map_err(board_size_error),
        }
    }
}

/// One side of a game, as chosen at the prompts or with `--x`/`--o`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// A person, whose results are saved under this name.
    Human(String),
    /// A computer player of this level.
    Computer(Level),
    /// An outside program, speaking the Gomocup protocol: its path, then its arguments,
    /// separated by spaces.
    Engine(String),
}

impl Seat {
    /// The human's name, or `None` for the computer.
    pub fn human_name(&self) -> Option<&str> {
        match self {
            Seat::Human(name) => Some(name),
            Seat::Computer(_) | Seat::Engine(_) => None,
        }
    }
}

impl fmt::Display for Seat {
    /// A person by name, a computer as `Computer (hard)`, a program as
    /// `Engine ./student.py`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human(name) => f.write_str(name),
            Seat::Computer(level) => write!(f, "Computer ({level})"),
            Seat::Engine(command) => write!(f, "Engine {command}"),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    /// `human:NAME`, `computer:LEVEL` (`easy`, `medium`, `hard`, `perfect` or 1 to 4) or
    /// `engine:PATH ARGS...`; `h:` and `c:` for short.
    fn from_str(text: &str) -> Result<Seat, String> {
        const HOW: &str = "write human:NAME, computer:LEVEL (easy, medium, hard, perfect or \
                           1-4) or engine:PATH";
        let Some((kind, rest)) = text.split_once(':') else {
            return Err(format!("{text:?} names no player: {HOW}"));
        };
        match kind.trim().to_ascii_lowercase().as_str() {
            "human" | "h" => ttt_store::check_name(rest)
                .map(Seat::Human)
                .map_err(|e| format!("{text:?}: {e}")),
            "computer" | "c" => rest
                .parse::<Level>()
                .map(Seat::Computer)
                .map_err(|e| e.to_string()),
            "engine" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.is_empty() {
                    return Err(format!(
                        "{text:?} names no program: write engine:PATH, the program to run"
                    ));
                }
                Ok(Seat::Engine(words.join(" ")))
            }
            _ => Err(format!("{text:?} names no player: {HOW}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_store::MAX_NAME_CHARS as MAX_NAME;

    #[test]
    fn seats_from_the_command_line() {
        assert_eq!("human:Ann".parse::<Seat>(), Ok(Seat::Human("Ann".into())));
        assert_eq!("c:4".parse::<Seat>(), Ok(Seat::Computer(Level::Perfect)));
        let err = "human:".parse::<Seat>().unwrap_err();
        assert!(err.contains(": a name needs at least one letter"), "{err}");
        assert!(!err.ends_with('.'), "{err}");
        let long = format!("human:{}", "a".repeat(MAX_NAME + 1));
        let err = long.parse::<Seat>().unwrap_err();
        assert!(
            err.ends_with(": use a name of at most 40 characters"),
            "{err}"
        );
        assert!("dog:1"
            .parse::<Seat>()
            .unwrap_err()
            .contains("names no player"));
    }

    #[test]
    fn seats_from_options() {
        assert_eq!("human:Alice".parse(), Ok(Seat::Human("Alice".into())));
        assert_eq!("h: Bo ".parse(), Ok(Seat::Human("Bo".into())));
        assert_eq!(
            "computer:perfect".parse(),
            Ok(Seat::Computer(Level::Perfect))
        );
        assert_eq!("c:2".parse(), Ok(Seat::Computer(Level::Medium)));
        assert!("human:".parse::<Seat>().is_err());
        assert!("computer:genius".parse::<Seat>().is_err());
        assert!("Alice".parse::<Seat>().unwrap_err().contains("human:NAME"));
        assert!("robot:1".parse::<Seat>().is_err());
        assert_eq!(Seat::Computer(Level::Hard).to_string(), "Computer (hard)");
        assert_eq!(
            "engine: ./bot.py  --fast ".parse(),
            Ok(Seat::Engine("./bot.py --fast".into()))
        );
        assert_eq!(
            Seat::Engine("./bot.py".into()).to_string(),
            "Engine ./bot.py"
        );
        assert!("engine: "
            .parse::<Seat>()
            .unwrap_err()
            .contains("names no program"));
    }
}
