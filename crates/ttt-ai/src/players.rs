//! The computer players, one type per level behind one trait.
//!
//! The three lower levels follow seed 000's rules: `easy` plays a random empty cell;
//! `medium` takes the centre if free, else blocks the opponent's immediate win, else plays at
//! random; `hard` takes the centre if free, else its own immediate win, else blocks, else plays
//! at random. `perfect` searches the game tree and never loses where it can solve the board.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use ttt_core::{Cell, Player, Position};

use crate::board::Board;
use crate::solver::{Solver, SolverConfig, Value, Verdict};
use crate::Rng;

/// How strong a computer player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random empty cell.
    Easy,
    /// The centre if free, else block the opponent's immediate win, else random.
    Medium,
    /// The centre if free, else its own immediate win, else block, else random.
    Hard,
    /// Never loses: plays a best move by exact search.
    Perfect,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

    /// The level's name: `easy`, `medium`, `hard` or `perfect`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name or number that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: choose easy, medium, hard or perfect (or 1 to 4)",
            self.0
        )
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    /// A name in any case, or a number from 1 (easy) to 4 (perfect).
    fn from_str(s: &str) -> Result<Level, LevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" | "1" => Ok(Level::Easy),
            "medium" | "2" => Ok(Level::Medium),
            "hard" | "3" => Ok(Level::Hard),
            "perfect" | "4" => Ok(Level::Perfect),
            _ => Err(LevelError(s.to_string())),
        }
    }
}

/// A move chosen by a computer player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// Where to play.
    pub cell: Cell,
    /// What the move is proven to lead to, from the mover's view, with the game's length;
    /// `None` when that is not claimed (the lower levels, or a perfect player whose search
    /// ran out of time).
    pub verdict: Option<Verdict>,
    /// The move's proven value, from the mover's view: the verdict's, or proven without the
    /// game's length (by the proof-number search); `None` when nothing is claimed.
    pub value: Option<Value>,
}

/// A computer player.
pub trait Strategy: Send {
    /// This player's level.
    fn level(&self) -> Level;

    /// Chooses a move for the side to move; `None` if the game is over.
    fn choose(&mut self, pos: &Position) -> Option<Decision>;
}

/// A player of the given level. `seed` makes its random choices reproducible; `time_limit`
/// bounds the perfect player's thinking per move.
#[must_use]
pub fn new_player(level: Level, seed: Option<u64>, time_limit: Duration) -> Box<dyn Strategy> {
    let rng = || seed.map_or_else(Rng::from_entropy, Rng::seeded);
    match level {
        Level::Easy => Box::new(Easy { rng: rng() }),
        Level::Medium => Box::new(Medium { rng: rng() }),
        Level::Hard => Box::new(Hard { rng: rng() }),
        Level::Perfect => Box::new(Perfect {
            rng: seed.map(Rng::seeded),
            time_limit,
        }),
    }
}

fn decide(cell: Option<Cell>) -> Option<Decision> {
    cell.map(|cell| Decision {
        cell,
        verdict: None,
        value: None,
    })
}

/// The first free central cell in row-major order.
fn free_centre(pos: &Position) -> Option<Cell> {
    pos.dims()
        .centre_cells()
        .into_iter()
        .find(|&c| pos.get(c).is_none())
}

/// The cells where `player` would complete K in a row by playing next.
#[must_use]
pub(crate) fn winning_cells(pos: &Position, player: Player) -> Vec<Cell> {
    pos.legal_moves()
        .filter(|&c| pos.makes_line(c, player))
        .collect()
}

/// Plays a uniformly random empty cell.
#[derive(Debug, Clone)]
pub struct Easy {
    rng: Rng,
}

impl Strategy for Easy {
    fn level(&self) -> Level {
        Level::Easy
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(self.rng.pick(&moves))
    }
}

/// Takes the centre, else blocks, else plays at random.
#[derive(Debug, Clone)]
pub struct Medium {
    rng: Rng,
}

impl Strategy for Medium {
    fn level(&self) -> Level {
        Level::Medium
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        if pos.is_over() {
            return None;
        }
        let blocks = winning_cells(pos, pos.turn().other());
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(
            free_centre(pos)
                .or_else(|| self.rng.pick(&blocks))
                .or_else(|| self.rng.pick(&moves)),
        )
    }
}

/// Takes the centre, else wins, else blocks, else plays at random.
#[derive(Debug, Clone)]
pub struct Hard {
    rng: Rng,
}

impl Strategy for Hard {
    fn level(&self) -> Level {
        Level::Hard
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        if pos.is_over() {
            return None;
        }
        let wins = winning_cells(pos, pos.turn());
        let blocks = winning_cells(pos, pos.turn().other());
        let moves: Vec<Cell> = pos.legal_moves().collect();
        decide(
            free_centre(pos)
                .or_else(|| self.rng.pick(&wins))
                .or_else(|| self.rng.pick(&blocks))
                .or_else(|| self.rng.pick(&moves)),
        )
    }
}

/// Plays a best move found by search. Among equally good moves (the fastest win, or the
/// slowest loss) it takes the first in row-major order, or a random one when seeded.
#[derive(Debug, Clone)]
pub struct Perfect {
    rng: Option<Rng>,
    time_limit: Duration,
}

impl Perfect {
    /// Boards this small are solved outright, with the whole time limit.
    const EXACT_ONLY_EMPTIES: usize = 25;
    /// Boards of at most this many cells are worth the proof-number search's time (its
    /// relevance zones stop at 128 cells; 15x15 with five in a row is far beyond it).
    const PROOF_CELLS: usize = 128;

    /// A move when no search had the time: a win at once (claimed: the rules prove it, the
    /// fastest there is), else a block, else the centre, else the first free cell (claiming
    /// nothing).
    fn at_a_glance(pos: &Position) -> Option<Decision> {
        let me = pos.turn();
        if let Some(&cell) = winning_cells(pos, me).first() {
            let verdict = Verdict {
                value: Value::Win,
                plies: 1,
            };
            return Some(Decision {
                cell,
                verdict: Some(verdict),
                value: Some(Value::Win),
            });
        }
        let cell = winning_cells(pos, me.other())
            .first()
            .copied()
            .or_else(|| free_centre(pos))
            .or_else(|| pos.legal_moves().next())?;
        Some(Decision {
            cell,
            verdict: None,
            value: None,
        })
    }

    /// The value of `pos` for its mover by the proof-number search, if proven within
    /// `time_limit`.
    fn prove(pos: &Position, time_limit: Duration) -> Option<Value> {
        if pos.is_over() {
            return Value::at_end(pos);
        }
        let config = SolverConfig {
            lengths: false,
            ..SolverConfig::for_position(pos).with_time_limit(time_limit)
        };
        crate::proof::solve_value(pos, &config, 1).value
    }

    /// A move of `pos` proven to reach its value, trying `first`, then the others, those
    /// that change the line counts most first, until `deadline`; with that value for the
    /// mover.
    fn proven_move(pos: &Position, first: Cell, deadline: Instant) -> Option<(Cell, Value)> {
        let left = || deadline.saturating_duration_since(Instant::now());
        let value = Self::prove(pos, left() / 2)?;
        let board = Board::new(pos);
        let mut others: Vec<Cell> = pos.legal_moves().filter(|&c| c != first).collect();
        others.sort_by_key(|&c| std::cmp::Reverse(board.move_gain(pos.dims().index(c))));
        for cell in std::iter::once(first).chain(others) {
            if left().is_zero() {
                break;
            }
            let child = pos.play(cell).ok()?;
            let reached = Self::prove(&child, left() / 2).map(Value::for_opponent);
            if reached == Some(value) {
                return Some((cell, value));
            }
        }
        None
    }
}

impl Strategy for Perfect {
    fn level(&self) -> Level {
        Level::Perfect
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        if pos.is_over() {
            return None;
        }
        if self.time_limit.is_zero() {
            return Self::at_a_glance(pos);
        }
        let started = Instant::now();
        let deadline = started + self.time_limit;
        let small = pos.count_blanks() <= Self::EXACT_ONLY_EMPTIES;
        let provable = pos.dims().cells() <= Self::PROOF_CELLS;
        let exact_time = match (small, provable) {
            (true, _) => self.time_limit,
            (false, true) => self.time_limit / 4,
            (false, false) => self.time_limit / 2,
        };
        let mut exact = Solver::new(
            pos,
            SolverConfig::for_position(pos).with_time_limit(exact_time),
        );
        let found = exact.choose(self.rng.as_mut());
        if let Some((cell, Some(verdict))) = found {
            return Some(Decision {
                cell,
                verdict: Some(verdict),
                value: Some(verdict.value),
            });
        }
        if small {
            return match found {
                Some((cell, _)) => decide(Some(cell)),
                None => Self::at_a_glance(pos),
            };
        }
        // Too big to solve with the game's length in time: search the cells near the marks,
        // as deep as time allows (half of what is left where the proof-number search gets
        // the rest).
        let left = deadline.saturating_duration_since(Instant::now());
        let mut config =
            SolverConfig::for_position(pos).with_time_limit(if provable { left / 2 } else { left });
        config.restrict = true;
        let best = Solver::new(pos, config)
            .solve()
            .best_move
            .or(found.map(|(c, _)| c))
            .or_else(|| Self::at_a_glance(pos).map(|d| d.cell))?;
        // Then prove what the position is worth, and a move that keeps it: the one found,
        // or failing that another.
        if provable {
            if let Some((cell, value)) = Self::proven_move(pos, best, deadline) {
                // A drawn game fills the board: its length needs no proof.
                let verdict = (value == Value::Draw).then(|| Verdict {
                    value,
                    plies: pos.count_blanks() as u32,
                });
                return Some(Decision {
                    cell,
                    verdict,
                    value: Some(value),
                });
            }
        }
        decide(Some(best))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    fn pos(notation: &str) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), 3).unwrap()
    }

    #[test]
    fn levels_parse_by_name_or_number() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("4".parse::<Level>(), Ok(Level::Perfect));
        assert!("5".parse::<Level>().is_err());
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
    }

    #[test]
    fn medium_blocks_but_hard_wins() {
        // X: XX. / OO. / X.. -> O to move? counts X3 O2: O to move. O can win at (1,2);
        // X threatens (0,2). Centre taken.
        let p = pos("XX./OO./X..");
        let mut hard = new_player(Level::Hard, Some(1), Duration::from_secs(1));
        assert_eq!(hard.choose(&p).unwrap().cell, Cell::new(1, 2));
        let mut medium = new_player(Level::Medium, Some(1), Duration::from_secs(1));
        assert_eq!(medium.choose(&p).unwrap().cell, Cell::new(0, 2));
    }

    #[test]
    fn centre_first_on_even_boards() {
        let p =
            Position::from_setup(&Setup::from_notation("..../.X../..../....").unwrap(), 3).unwrap();
        let mut hard = new_player(Level::Hard, Some(3), Duration::from_secs(1));
        assert_eq!(hard.choose(&p).unwrap().cell, Cell::new(1, 2));
    }

    #[test]
    fn seeded_players_repeat_themselves() {
        let p = Position::new(ttt_core::Dims::new(5, 5, 4).unwrap());
        let a = new_player(Level::Easy, Some(9), Duration::ZERO).choose(&p);
        let b = new_player(Level::Easy, Some(9), Duration::ZERO).choose(&p);
        assert_eq!(a, b);
    }

    #[test]
    fn perfect_takes_the_win_and_claims_it() {
        let p = pos("XX./OO./...");
        let d = new_player(Level::Perfect, None, Duration::from_secs(5))
            .choose(&p)
            .unwrap();
        assert_eq!(d.cell, Cell::new(0, 2));
        assert_eq!(d.verdict.map(|v| v.plies), Some(1));
        assert_eq!(d.value, Some(Value::Win));
    }

    #[test]
    fn proven_moves_reach_the_minimax_value() {
        use crate::testing::{minimax, random_position};
        use std::collections::HashMap;
        let mut rng = Rng::seeded(5);
        let mut memo = HashMap::new();
        let as_value = |score: i32| match score {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        };
        let mut switched = 0;
        for (dims, empty) in [((4, 4, 3), 9), ((4, 4, 4), 10), ((3, 5, 3), 9)] {
            let dims = ttt_core::Dims::new(dims.0, dims.1, dims.2).unwrap();
            for _ in 0..10 {
                let Some(p) = random_position(&mut rng, dims, empty) else {
                    continue;
                };
                let value = as_value(minimax(&p, &mut memo));
                let move_value =
                    |c: Cell, memo: &mut _| as_value(-minimax(&p.play(c).unwrap(), memo));
                // Offered the worst move first, it must look further.
                let worst = p
                    .legal_moves()
                    .min_by_key(|&c| -minimax(&p.play(c).unwrap(), &mut memo))
                    .unwrap();
                let deadline = Instant::now() + Duration::from_secs(60);
                let (cell, claimed) = Perfect::proven_move(&p, worst, deadline).unwrap();
                assert_eq!(claimed, value, "{p}");
                assert_eq!(move_value(cell, &mut memo), value, "{p} {cell}");
                if cell != worst {
                    switched += 1;
                }
            }
        }
        assert!(switched > 5, "{switched}");
    }

    #[test]
    fn perfect_with_no_time_still_moves_sensibly() {
        let none = |p: &Position| {
            new_player(Level::Perfect, None, Duration::ZERO)
                .choose(p)
                .unwrap()
        };
        // Its own win first, claimed (the rules prove it), then a block, claiming nothing,
        // on a small board and on a big one.
        let d = none(&pos("XX./OO./..."));
        assert_eq!((d.cell, d.value), (Cell::new(0, 2), Some(Value::Win)));
        assert_eq!(d.verdict.map(|v| v.plies), Some(1));
        let d = none(&pos("XX./O../..."));
        assert_eq!((d.cell, d.value), (Cell::new(0, 2), None));
        let big = Position::from_setup(
            &Setup::from_notation(
                "......../......../OOO...../XXX...../......../......../......../........",
            )
            .unwrap(),
            4,
        )
        .unwrap();
        assert_eq!(none(&big).cell, Cell::new(3, 3));
        // Otherwise the centre.
        let empty = Position::new(ttt_core::Dims::new(3, 3, 3).unwrap());
        assert_eq!(none(&empty).cell, Cell::new(1, 1));
    }

    #[test]
    fn nobody_moves_when_the_game_is_over() {
        let p = pos("XXX/OO./...");
        for l in Level::ALL {
            assert_eq!(
                new_player(l, Some(1), Duration::from_secs(1)).choose(&p),
                None
            );
        }
    }
}
