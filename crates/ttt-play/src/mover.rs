//! What chooses a side's moves: nobody for a person (they move themselves), one of our
//! computer players for a level, or an outside program for an engine, whose failure to move
//! is a typed error that ends its game as a forfeit.

use std::fmt;
use std::time::Duration;

use ttt_ai::{new_player, Decision, Level, Strategy};
use ttt_core::Position;
use ttt_pbrain::manager::EngineSpec;
use ttt_pbrain::player::{EngineFailure, EnginePlayer, DEFAULT_SLACK};

use crate::seat::Seat;

/// How our computer players think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thinking {
    /// The seed of their random choices; `None` for different games every time.
    pub seed: Option<u64>,
    /// How long the perfect player may think about a move.
    pub time_limit: Duration,
}

/// What chooses the moves of one side.
pub enum Mover {
    /// A person, who moves themselves.
    Person,
    /// One of our computer players.
    Computer(Box<dyn Strategy>),
    /// An outside program, started at its first move and kept between moves and games.
    Engine(Box<EnginePlayer>),
}

/// Why a mover gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// A person moves themselves: nothing chooses for them.
    Person,
    /// The game is over: there is no move to choose.
    GameOver,
    /// The outside program failed (it crashed, was silent, or answered something that is not
    /// a move): its side loses.
    Engine(EngineFailure),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Person => f.write_str("a person chooses their own moves"),
            MoveError::GameOver => f.write_str("the game is over: there is no move to choose"),
            MoveError::Engine(failure) => failure.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

impl Mover {
    /// The mover of `seat`: a computer level thinks as `thinking` says; an engine seat's
    /// program is what `engine` makes of its command line (or of the operator's name for
    /// it), and an error from `engine` is returned as it is.
    ///
    /// # Errors
    /// Whatever `engine` returns for an engine seat it cannot run.
    pub fn new<E>(
        seat: &Seat,
        thinking: Thinking,
        engine: impl FnOnce(&str) -> Result<EngineSpec, E>,
    ) -> Result<Mover, E> {
        Ok(match seat {
            Seat::Human(_) => Mover::Person,
            Seat::Computer(level) => Mover::computer(*level, thinking),
            Seat::Engine(command) => Mover::engine(engine(command)?),
        })
    }

    /// The mover of `seat` where an engine seat names its program by its command line (at
    /// the console and in the window), giving it `engine_time` a move.
    #[must_use]
    pub fn local(seat: &Seat, thinking: Thinking, engine_time: Duration) -> Mover {
        match seat.engine_spec(engine_time) {
            Some(spec) => Mover::engine(spec),
            None => match seat {
                Seat::Computer(level) => Mover::computer(*level, thinking),
                Seat::Human(_) | Seat::Engine(_) => Mover::Person,
            },
        }
    }

    /// One of our players of `level`.
    #[must_use]
    pub fn computer(level: Level, thinking: Thinking) -> Mover {
        Mover::Computer(new_player(level, thinking.seed, thinking.time_limit))
    }

    /// The outside program `spec`, allowed the protocol's usual slack over its turn time.
    #[must_use]
    pub fn engine(spec: EngineSpec) -> Mover {
        Mover::Engine(Box::new(EnginePlayer::new(spec, DEFAULT_SLACK)))
    }

    /// Whether a program (ours or an outside one) moves for this side.
    #[must_use]
    pub fn is_machine(&self) -> bool {
        !matches!(self, Mover::Person)
    }

    /// The level of our computer player, if one moves for this side.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match self {
            Mover::Computer(strategy) => Some(strategy.level()),
            Mover::Person | Mover::Engine(_) => None,
        }
    }

    /// Bounds our computer player's thinking on its next moves (the share of its clock it
    /// may use); an outside program keeps the turn time it was started with, and a person
    /// is not bounded.
    pub fn limit_thinking(&mut self, limit: Duration) {
        if let Mover::Computer(strategy) = self {
            strategy.set_time_limit(limit);
        }
    }

    /// Its move in `pos`, with what it claims for it (an outside program claims nothing).
    ///
    /// # Errors
    /// [`MoveError::Engine`] when the outside program fails, [`MoveError::Person`] for a
    /// person, [`MoveError::GameOver`] when there is no move.
    pub fn choose(&mut self, pos: &Position) -> Result<Decision, MoveError> {
        if pos.is_over() {
            return Err(MoveError::GameOver);
        }
        match self {
            Mover::Person => Err(MoveError::Person),
            Mover::Computer(strategy) => strategy.choose(pos).ok_or(MoveError::GameOver),
            Mover::Engine(engine) => engine
                .choose(pos)
                .map(|cell| Decision {
                    cell,
                    verdict: None,
                    value: None,
                })
                .map_err(MoveError::Engine),
        }
    }
}

impl fmt::Debug for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mover::Person => f.write_str("Person"),
            Mover::Computer(strategy) => write!(f, "Computer({})", strategy.level()),
            Mover::Engine(engine) => write!(f, "Engine({:?})", engine.spec().program),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;
    use ttt_core::{Dims, Setup};
    use ttt_pbrain::player::Fault;

    const THINKING: Thinking = Thinking {
        seed: Some(7),
        time_limit: Duration::from_millis(200),
    };

    fn no_engine(_: &str) -> Result<EngineSpec, Infallible> {
        unreachable!("no engine seat in this test")
    }

    #[test]
    fn a_person_is_not_chosen_for() {
        let pos = Position::new(Dims::new(3, 3, 3).unwrap());
        let mut mover = Mover::new(&Seat::Human("Ann".into()), THINKING, no_engine).unwrap();
        assert!(!mover.is_machine());
        assert_eq!(mover.choose(&pos).unwrap_err(), MoveError::Person);
    }

    #[test]
    fn a_level_moves_and_claims_what_it_proved() {
        // X X .
        // O O .    X to move wins at (0, 2)
        // . . .
        let pos = Position::from_setup(&Setup::from_notation("XX./OO./...").unwrap(), 3).unwrap();
        let mut mover = Mover::new(&Seat::Computer(Level::Perfect), THINKING, no_engine).unwrap();
        assert_eq!(mover.level(), Some(Level::Perfect));
        let d = mover.choose(&pos).unwrap();
        assert_eq!(d.cell, ttt_core::Cell::new(0, 2));
        assert_eq!(d.value, Some(ttt_ai::Value::Win));
        let over = pos.play(d.cell).unwrap();
        assert_eq!(mover.choose(&over).unwrap_err(), MoveError::GameOver);
    }

    #[test]
    fn an_engine_that_cannot_start_is_a_typed_failure() {
        let seat: Seat = "engine:/no/such/program".parse().unwrap();
        let mut mover = Mover::new(&seat, THINKING, |command| {
            Ok::<_, Infallible>(EngineSpec::parse(command, Duration::from_millis(200)).unwrap())
        })
        .unwrap();
        let pos = Position::new(Dims::new(3, 3, 3).unwrap());
        match mover.choose(&pos) {
            Err(MoveError::Engine(failure)) => {
                assert!(matches!(failure.fault, Fault::NotStarted(_)), "{failure}");
                assert!(MoveError::Engine(failure).to_string().contains("X loses"));
            }
            other => panic!("expected the engine's failure, got {other:?}"),
        }
    }

    #[test]
    fn the_engine_a_seat_names_is_resolved_by_the_caller() {
        let seat = Seat::Engine("house".into());
        let refused = Mover::new(&seat, THINKING, |name| Err(format!("no engine {name}")));
        assert_eq!(refused.unwrap_err(), "no engine house");
    }
}
