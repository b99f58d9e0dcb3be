//! What the start screen asks, and checking it before a game starts: the two players (a
//! human with a name, or the computer at a level), the board, and who moves first.
//!
//! Plain data and pure checks, no drawing, so every choice the window accepts or refuses,
//! and the message it shows, is pinned down by the tests at the bottom. The name rules are
//! the console's and the web game's: trimmed, a blank name becomes "Player 1" or "Player 2",
//! at most [`ttt_store::MAX_NAME_CHARS`] characters, no control characters, and two humans may not
//! share a name.

use std::fmt;

use ttt_ai::Level;
use ttt_core::{Dims, Preset, TimeControl};
use ttt_pbrain::manager::EngineSpec;

/// The largest side the window offers, as in the web game: bigger boards have squares too
/// small to click.
pub const MAX_SIDE: usize = 19;

/// One of the two players as the start screen numbers them; who plays X follows from
/// [`StartChoices::first`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// Player 1, on the left.
    One,
    /// Player 2, on the right.
    Two,
}

impl Seat {
    /// Both seats, left to right.
    pub const BOTH: [Seat; 2] = [Seat::One, Seat::Two];

    /// The other seat.
    #[must_use]
    pub fn other(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }

    /// `Player 1` or `Player 2`: the title of the seat's panel, and a blank name's default.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Seat::One => "Player 1",
            Seat::Two => "Player 2",
        }
    }
}

/// A value for each seat, with named fields rather than an array indexed by number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BySeat<T> {
    /// Player 1's.
    pub one: T,
    /// Player 2's.
    pub two: T,
}

impl<T> BySeat<T> {
    /// The value for `seat`.
    pub fn get(&self, seat: Seat) -> &T {
        match seat {
            Seat::One => &self.one,
            Seat::Two => &self.two,
        }
    }

    /// The value for `seat`, to change.
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::One => &mut self.one,
            Seat::Two => &mut self.two,
        }
    }
}

/// Who sits in a seat: a person, a computer level or an outside program, as the console and
/// the web server name it too. The window's own `Seat` is where on the screen a player is
/// (player 1 or 2), so it calls who sits there a contender.
pub use ttt_play::Seat as Contender;

/// One player's panel on the start screen, as the user left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerChoice {
    /// "Is player human" is ticked.
    pub human: bool,
    /// What is typed in "Name" (kept while the player is a computer, for when they switch
    /// back).
    pub name: String,
    /// The chosen difficulty, used while the player is a computer.
    pub level: Level,
    /// The outside program offered for this seat (`ttt gui --x engine:PATH`), if any.
    pub engine: Option<EngineSpec>,
    /// Whether the program plays, rather than the computer at `level` (while the player is
    /// not human).
    pub plays_engine: bool,
}

impl PlayerChoice {
    /// Player 1 starts as a human, player 2 as the computer; both at medium difficulty, as
    /// in the console game.
    #[must_use]
    pub fn new(seat: Seat) -> PlayerChoice {
        PlayerChoice {
            human: seat == Seat::One,
            name: String::new(),
            level: Level::Medium,
            engine: None,
            plays_engine: false,
        }
    }
}

/// What the board menu shows for a preset: its title (where it has one) and its shape.
#[must_use]
pub fn preset_label(preset: Preset) -> String {
    let d = preset.dims();
    const WORDS: [&str; 9] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    let k = WORDS
        .get(d.k())
        .map_or_else(|| d.k().to_string(), |w| (*w).to_string());
    let shape = format!("{} x {}, {k} in a row", d.rows(), d.cols());
    match preset.title() {
        Some(title) => format!("{title}: {shape}"),
        None => shape,
    }
}

/// What the board menu shows when the numbers match no preset.
pub const CUSTOM_BOARD: &str = "Custom";

/// Everything on the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartChoices {
    /// The two players' panels.
    pub players: BySeat<PlayerChoice>,
    /// Rows of the board, from 1 to [`MAX_SIDE`].
    pub rows: usize,
    /// Columns of the board, from 1 to [`MAX_SIDE`].
    pub cols: usize,
    /// How many in a row win.
    pub k: usize,
    /// What wins (and, under renju, what X may not play).
    pub rule: ttt_core::Rule,
    /// How colours are settled between two people.
    pub opening: ttt_core::Opening,
    /// The players' time for each game.
    pub clock: TimeControl,
    /// Who moves first, and so plays X.
    pub first: Seat,
}

/// The clocks the start screen offers: none, then from a quick game to a slow one, and a
/// fixed time a move.
pub const CLOCKS: [TimeControl; 6] = [
    TimeControl::None,
    TimeControl::Fischer {
        initial: 60,
        increment: 0,
    },
    TimeControl::Fischer {
        initial: 180,
        increment: 2,
    },
    TimeControl::Fischer {
        initial: 300,
        increment: 3,
    },
    TimeControl::Fischer {
        initial: 600,
        increment: 5,
    },
    TimeControl::PerMove { per_move: 30 },
];

/// A clock as the start screen's menu shows it: `No clock`, `5+3: 5 minutes, 3 s a move`.
#[must_use]
pub fn clock_label(control: TimeControl) -> String {
    match control {
        TimeControl::None => "No clock".to_string(),
        TimeControl::Fischer { initial, increment } => {
            let game = match initial {
                60 => "1 minute".to_string(),
                s if s % 60 == 0 => format!("{} minutes", s / 60),
                s => format!("{s} s"),
            };
            match increment {
                0 => format!("{control}: {game} each"),
                more => format!("{control}: {game} each, {more} s more a move"),
            }
        }
        TimeControl::PerMove { per_move } => format!("{per_move} s a move"),
        TimeControl::Days { days } => format!("{control}: {days} days a move"),
    }
}

/// The checked choices: who plays, on which board, who moves first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineup {
    /// Who sits in each seat.
    pub players: BySeat<Contender>,
    /// The board.
    pub dims: Dims,
    /// What wins.
    pub rule: ttt_core::Rule,
    /// How colours are settled (the first player opens).
    pub opening: ttt_core::Opening,
    /// The players' time for each game.
    pub clock: TimeControl,
    /// Who moves first in the first game (and plays X), or opens.
    pub first: Seat,
}

impl StartChoices {
    /// The start screen as it first appears, on the board `dims` (the window's boards are
    /// at most [`MAX_SIDE`] a side; a bigger one is cut down to fit).
    #[must_use]
    pub fn new(dims: Dims) -> StartChoices {
        StartChoices {
            players: BySeat {
                one: PlayerChoice::new(Seat::One),
                two: PlayerChoice::new(Seat::Two),
            },
            rows: dims.rows().min(MAX_SIDE),
            cols: dims.cols().min(MAX_SIDE),
            k: dims.k().min(MAX_SIDE),
            rule: ttt_core::Rule::Freestyle,
            opening: ttt_core::Opening::None,
            clock: TimeControl::None,
            first: Seat::One,
        }
    }

    /// The same screen with each seat's outside program offered, and chosen: a seat with
    /// one is a computer seat playing it (player 1 moves first, as X).
    #[must_use]
    pub fn with_engines(mut self, engines: BySeat<Option<EngineSpec>>) -> StartChoices {
        for (seat, engine) in [(Seat::One, engines.one), (Seat::Two, engines.two)] {
            let choice = self.players.get_mut(seat);
            choice.plays_engine = engine.is_some();
            if engine.is_some() {
                choice.human = false;
            }
            choice.engine = engine;
        }
        self
    }

    /// The preset the board's numbers match, if any.
    #[must_use]
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            let d = p.dims();
            (d.rows(), d.cols(), d.k()) == (self.rows, self.cols, self.k)
        })
    }

    /// Sets the board's numbers to a preset's.
    pub fn choose_preset(&mut self, preset: Preset) {
        let d = preset.dims();
        self.rows = d.rows();
        self.cols = d.cols();
        self.k = d.k();
    }

    /// The name each human would play under: what was typed, trimmed, or the seat's title
    /// when blank (the other one's title if the other human already has it, as in the
    /// console). `None` for a computer.
    #[must_use]
    pub fn names(&self) -> BySeat<Option<String>> {
        let typed = |seat: Seat| {
            let choice = self.players.get(seat);
            choice.human.then(|| choice.name.trim().to_string())
        };
        let (one, two) = (typed(Seat::One), typed(Seat::Two));
        let or_default = |name: Option<String>, seat: Seat, other: &Option<String>| {
            name.map(|n| {
                if !n.is_empty() {
                    n
                } else if other.as_deref() == Some(seat.title()) {
                    seat.other().title().to_string()
                } else {
                    seat.title().to_string()
                }
            })
        };
        BySeat {
            one: or_default(one.clone(), Seat::One, &two),
            two: or_default(two, Seat::Two, &one),
        }
    }

    /// Checks the choices: the names, and a K that fits the board.
    ///
    /// # Errors
    /// A [`ChoiceError`] saying what to change.
    pub fn check(&self) -> Result<Lineup, ChoiceError> {
        let names = self.names();
        for seat in Seat::BOTH {
            if let Some(name) = names.get(seat) {
                check_name(name).map_err(|reason| ChoiceError::Name { seat, reason })?;
            }
        }
        if let (Some(one), Some(two)) = (&names.one, &names.two) {
            if ttt_store::name_key(one) == ttt_store::name_key(two) {
                return Err(ChoiceError::SameName(one.clone()));
            }
        }
        let dims = self.dims()?;
        self.rule.check_k(dims.k()).map_err(ChoiceError::Rule)?;
        if self.opening != ttt_core::Opening::None {
            let program = Seat::BOTH.iter().any(|&s| {
                let choice = self.players.get(s);
                names.get(s).is_none() && choice.plays_engine && choice.engine.is_some()
            });
            if program || dims.k() < 4 {
                return Err(ChoiceError::Opening);
            }
        }
        let contender = |seat: Seat| {
            let choice = self.players.get(seat);
            match (names.get(seat), &choice.engine) {
                (Some(name), _) => Contender::Human(name.clone()),
                (None, Some(spec)) if choice.plays_engine => Contender::Engine(spec.name()),
                (None, _) => Contender::Computer(choice.level),
            }
        };
        Ok(Lineup {
            players: BySeat {
                one: contender(Seat::One),
                two: contender(Seat::Two),
            },
            dims,
            rule: self.rule,
            opening: self.opening,
            clock: self.clock,
            first: self.first,
        })
    }

    fn dims(&self) -> Result<Dims, ChoiceError> {
        let sides = 1..=MAX_SIDE;
        if !sides.contains(&self.rows) || !sides.contains(&self.cols) {
            return Err(ChoiceError::Side);
        }
        let longest = self.rows.max(self.cols);
        if !(1..=longest).contains(&self.k) {
            return Err(ChoiceError::InARow { longest });
        }
        Dims::new(self.rows, self.cols, self.k).map_err(|_| ChoiceError::Side)
    }
}

/// Why a name cannot be used (the store's rules, as for every front end): a clause, to be
/// put into a sentence.
fn check_name(name: &str) -> Result<(), String> {
    ttt_store::check_name(name)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// What keeps the start screen's choices from starting a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceError {
    /// A human's name breaks a rule.
    Name {
        /// Whose name.
        seat: Seat,
        /// What is wrong, as a clause.
        reason: String,
    },
    /// Both humans have this name.
    SameName(String),
    /// Rows or columns outside `1..=MAX_SIDE`.
    Side,
    /// More in a row than the board's longest side.
    InARow {
        /// The board's longest side.
        longest: usize,
    },
    /// The rule cannot be played with this many in a row (renju is five only).
    Rule(ttt_core::RuleError),
    /// An opening is played by people and our computer levels, with at least four in a row.
    Opening,
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::Name { seat, reason } => {
                write!(f, "{}'s name: {reason}.", seat.title())
            }
            ChoiceError::SameName(name) => write!(
                f,
                "Both players are called {name}: give them different names."
            ),
            ChoiceError::Side => {
                write!(f, "Rows and columns must each be between 1 and {MAX_SIDE}.")
            }
            ChoiceError::InARow { longest } => write!(
                f,
                "\"In a row\" can be at most {longest} on this board (its longest side)."
            ),
            ChoiceError::Rule(ttt_core::RuleError::RenjuNeedsFive { k }) => write!(
                f,
                "Renju is played with five in a row, not {k}: set In a row to 5, or choose \
                 another rule."
            ),
            ChoiceError::Rule(e) => write!(f, "{e}."),
            ChoiceError::Opening => f.write_str(
                "An opening (swap, swap2) is played by people and the computer's levels, with \
                 at least four in a row: choose a level instead of the program, or no opening.",
            ),
        }
    }
}

impl std::error::Error for ChoiceError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clocks_offered_read_as_their_names() {
        let labels: Vec<String> = CLOCKS.into_iter().map(clock_label).collect();
        assert_eq!(
            labels,
            [
                "No clock",
                "1+0: 1 minute each",
                "3+2: 3 minutes each, 2 s more a move",
                "5+3: 5 minutes each, 3 s more a move",
                "10+5: 10 minutes each, 5 s more a move",
                "30 s a move",
            ]
        );
        assert_eq!(clock_label("2s+0".parse().unwrap()), "2s+0: 2 s each");
        for control in CLOCKS {
            assert_eq!(control.checked(), Ok(control));
        }
    }

    fn classic() -> StartChoices {
        StartChoices::new(Dims::new(3, 3, 3).unwrap())
    }

    #[test]
    fn an_opening_is_between_two_people() {
        let mut choices = classic();
        choices.choose_preset(ttt_core::Preset::Gomoku);
        choices.opening = ttt_core::Opening::Swap2;
        assert_eq!(choices.check().unwrap().opening, ttt_core::Opening::Swap2);
        choices.players.two.engine = EngineSpec::parse("./bot.py", std::time::Duration::ZERO);
        choices.players.two.plays_engine = true;
        assert_eq!(choices.check().unwrap_err(), ChoiceError::Opening);
        choices.players.two.human = true;
        assert_eq!(choices.check().unwrap().opening, ttt_core::Opening::Swap2);
    }

    #[test]
    fn renju_needs_five_in_a_row() {
        let mut choices = classic();
        choices.rule = ttt_core::Rule::Renju;
        let err = choices.check().unwrap_err();
        assert_eq!(
            err.to_string(),
            "Renju is played with five in a row, not 3: set In a row to 5, or choose another \
             rule."
        );
        choices.choose_preset(ttt_core::Preset::Gomoku);
        assert_eq!(choices.check().unwrap().rule, ttt_core::Rule::Renju);
    }

    fn humans(one: &str, two: &str) -> StartChoices {
        let mut choices = classic();
        choices.players.two.human = true;
        choices.players.one.name = one.to_string();
        choices.players.two.name = two.to_string();
        choices
    }

    #[test]
    fn the_first_screen_is_a_human_against_the_medium_computer() {
        let lineup = classic().check().unwrap();
        assert_eq!(lineup.players.one, Contender::Human("Player 1".into()));
        assert_eq!(lineup.players.two, Contender::Computer(Level::Medium));
        assert_eq!(lineup.first, Seat::One);
        assert_eq!(lineup.dims, Dims::new(3, 3, 3).unwrap());
    }

    #[test]
    fn names_are_trimmed_and_blank_ones_get_the_seat_title() {
        let lineup = humans("  Alice ", "   ").check().unwrap();
        assert_eq!(lineup.players.one, Contender::Human("Alice".into()));
        assert_eq!(lineup.players.two, Contender::Human("Player 2".into()));
        // A blank name never clashes with the other player's chosen one.
        let lineup = humans("", "Player 1").check().unwrap();
        assert_eq!(lineup.players.one, Contender::Human("Player 2".into()));
        let lineup = humans("Player 2", "").check().unwrap();
        assert_eq!(lineup.players.two, Contender::Human("Player 1".into()));
    }

    #[test]
    fn two_humans_need_two_names() {
        let e = humans("Bo", " Bo").check().unwrap_err();
        assert_eq!(
            e.to_string(),
            "Both players are called Bo: give them different names."
        );
        // "Bo" and "bo" are one player, as in the store.
        assert!(humans("Bo", "bo").check().is_err());
    }

    #[test]
    fn long_names_and_control_characters_are_refused() {
        let long = "é".repeat(ttt_store::MAX_NAME_CHARS + 1);
        let e = humans(&long, "Bo").check().unwrap_err();
        assert_eq!(
            e.to_string(),
            "Player 1's name: use a name of at most 40 characters."
        );
        assert!(humans(&"é".repeat(ttt_store::MAX_NAME_CHARS), "Bo")
            .check()
            .is_ok());
        assert!(humans("Al\tice", "Bo").check().is_err());
    }

    #[test]
    fn a_computer_keeps_its_level_and_ignores_the_name_field() {
        let mut choices = classic();
        choices.players.two.name = "Player 1".into();
        choices.players.two.level = Level::Perfect;
        choices.players.one.name = "Player 1".into();
        let lineup = choices.check().unwrap();
        assert_eq!(lineup.players.two, Contender::Computer(Level::Perfect));
        assert_eq!(lineup.players.two.to_string(), "Computer (perfect)");
    }

    #[test]
    fn an_engine_given_on_the_command_line_plays_until_a_level_is_chosen() {
        let spec = EngineSpec::parse("./bots/first.py", std::time::Duration::from_secs(1));
        let mut choices = classic().with_engines(BySeat {
            one: None,
            two: spec.clone(),
        });
        let lineup = choices.check().unwrap();
        assert_eq!(
            lineup.players.two,
            Contender::Engine("./bots/first.py".into())
        );
        assert_eq!(lineup.players.two.to_string(), "Engine first.py");
        choices.players.two.plays_engine = false;
        assert_eq!(
            choices.check().unwrap().players.two,
            Contender::Computer(Level::Medium)
        );
        // Player 1 given an engine is no longer the human.
        let lineup = classic()
            .with_engines(BySeat {
                one: spec,
                two: None,
            })
            .check()
            .unwrap();
        assert!(matches!(lineup.players.one, Contender::Engine(_)));
        assert_eq!(lineup.players.two, Contender::Computer(Level::Medium));
    }

    #[test]
    fn boards_match_presets_and_k_must_fit() {
        let mut choices = classic();
        assert_eq!(choices.preset(), Some(Preset::Classic));
        choices.choose_preset(Preset::SixBySeven);
        assert_eq!((choices.rows, choices.cols, choices.k), (6, 7, 3));
        choices.k = 8;
        assert!(choices.preset().is_none());
        assert_eq!(
            choices.check().unwrap_err().to_string(),
            "\"In a row\" can be at most 7 on this board (its longest side)."
        );
        choices.rows = 20;
        assert_eq!(choices.check().unwrap_err(), ChoiceError::Side);
    }

    #[test]
    fn every_preset_is_a_board_the_window_offers() {
        for preset in Preset::ALL {
            let mut choices = classic();
            choices.choose_preset(preset);
            assert_eq!(choices.preset(), Some(preset));
            assert!(choices.check().is_ok(), "{}", preset_label(preset));
        }
        assert_eq!(
            preset_label(Preset::Gomoku),
            "Gomoku: 15 x 15, five in a row"
        );
    }

    #[test]
    fn a_board_too_big_for_the_window_is_cut_down() {
        let choices = StartChoices::new(Dims::new(24, 24, 5).unwrap());
        assert_eq!((choices.rows, choices.cols, choices.k), (19, 19, 5));
    }
}
