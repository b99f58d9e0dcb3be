//! The perfect player: the strongest move the searches find in its time, and proven where
//! they prove it.
//!
//! On a board it can solve in its time it plays a proven best move: the fastest win, or the
//! slowest loss, or a draw. On a larger board it searches the cells near the marks as deep as
//! time allows, then tries to prove what that move (or another) is worth. With five in a
//! row on sides of 5 to 32, that search is gomoku's engine ([`ttt_engine::Engine`]:
//! principal-variation search over incrementally kept line patterns, with threat searches);
//! with another K of 4 or more, the strong player's ([`super::Strong`]: threats first, then
//! alpha-beta over line patterns). On boards beyond the proof searches' reach it has the
//! whole time: there "perfect" means the strongest we have, proven only where a win by
//! threats is found.
//!
//! Under standard and caro the solver proves by an exact search over the position (small
//! boards); under renju it proves nothing ([`crate::RuleNotProven`]), and the perfect player
//! plays a legal move of the strong player's, or at a glance on small boards, claiming no
//! value.

use std::time::{Duration, Instant};

use ttt_core::{Cell, Position};
use ttt_engine::{Engine, Limits as EngineLimits};

use super::strategy::{
    decide, free_centre, nearest_centre, winning_cells, Decision, Level, Strategy,
};
use super::strong::Strong;
use crate::board::Board;
use crate::rng::Rng;
use crate::search::limits::Limits;
use crate::search::threats::ThreatWin;
use crate::solve::{Method, Solver};
use crate::value::{Value, Verdict};

/// Plays a best move found by search. Among equally good moves (the fastest win, or the
/// slowest loss) it takes the first in row-major order, or a random one when seeded.
///
/// ```
/// use std::time::Duration;
/// use ttt_ai::{Perfect, Strategy, Value};
/// use ttt_core::{Cell, Position, Setup};
///
/// // X . .
/// // . O .    O to move must block at (1, 0); any other move loses
/// // X . .
/// let pos = Position::from_setup(&Setup::from_notation("X../.O./X..").unwrap(), 3).unwrap();
/// let d = Perfect::new(None, Duration::from_secs(1)).choose(&pos).unwrap();
/// assert_eq!(d.cell, Cell::new(1, 0));
/// assert_eq!(d.value, Some(Value::Draw));
/// ```
#[derive(Debug, Clone)]
pub struct Perfect {
    rng: Option<Rng>,
    time_limit: Duration,
}

impl Perfect {
    /// A perfect player thinking for at most `time_limit` a move, choosing among equally
    /// good moves with `rng` (the first in row-major order without one).
    ///
    /// ```
    /// # use std::time::Duration;
    /// use ttt_ai::{Level, Perfect, Rng, Strategy};
    /// let player = Perfect::new(Some(Rng::seeded(3)), Duration::from_millis(500));
    /// assert_eq!(player.level(), Level::Perfect);
    /// ```
    #[must_use]
    pub fn new(rng: Option<Rng>, time_limit: Duration) -> Perfect {
        Perfect { rng, time_limit }
    }

    /// Boards this small are solved outright, with the whole time limit.
    const EXACT_ONLY_EMPTIES: usize = 25;
    /// Boards of at most this many cells are worth the proof-number search's time (its
    /// relevance zones stop at 128 cells; 15x15 with five in a row is far beyond it).
    const PROOF_CELLS: usize = 128;

    /// A move when no search had the time: a win at once (claimed: the rules prove it, the
    /// fastest there is), else a block, else the centre, else the legal cell nearest it
    /// (claiming nothing): under renju the centre may be forbidden.
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
            .or_else(|| nearest_centre(pos))?;
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
        Solver::new(pos)
            .time_limit(time_limit)
            .method(Method::ProofNumber)
            .solve()
            .value
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

impl Perfect {
    /// The strongest search's move within `time`: gomoku's engine (`ttt-engine`) where it
    /// plays (five in a row, sides of 5 to 32), the strong player elsewhere. A win by
    /// threats is claimed (its length is an upper bound, not proven the fastest, so no
    /// verdict), anything else is not.
    fn strong(pos: &Position, time: Duration) -> Option<Decision> {
        let dims = pos.dims();
        if Engine::supports(dims.rows(), dims.cols(), dims.k(), pos.rule()) {
            return Self::gomoku(pos, time);
        }
        let chosen = Strong::from_position(pos).choose(Limits::none().within(time))?;
        Some(Self::claiming(
            chosen.cell,
            chosen.win.as_ref().map(ThreatWin::plies),
        ))
    }

    /// `cell`, claiming a win in `win_plies` proven by threats: a win at once is the fastest
    /// there is, so it has a verdict; a longer line only bounds the length.
    fn claiming(cell: Cell, win_plies: Option<u32>) -> Decision {
        Decision {
            cell,
            verdict: (win_plies == Some(1)).then_some(Verdict {
                value: Value::Win,
                plies: 1,
            }),
            value: win_plies.map(|_| Value::Win),
        }
    }

    /// The tables of gomoku's engine: made afresh for each move (and each analysis), and
    /// zeroed by the system, so that only what the search writes costs memory.
    pub(crate) const ENGINE_MEMORY: usize = 64 << 20;

    /// Gomoku's engine's move within `time`, claiming a win it proved by threats, or a
    /// loss (a loss in 2 plies, the opponent's five next whatever the move, is the slowest
    /// there is: its length too).
    fn gomoku(pos: &Position, time: Duration) -> Option<Decision> {
        let dims = pos.dims();
        let mut engine =
            Engine::new(dims.rows(), dims.cols(), pos.rule(), Self::ENGINE_MEMORY).ok()?;
        engine.set_position(pos).ok()?;
        let thought = engine.think(EngineLimits::time(time), &|| false)?;
        if let Some(plies) = thought.loss_in().filter(|_| thought.proven) {
            return Some(Decision {
                cell: thought.best,
                verdict: (plies == 2).then_some(Verdict {
                    value: Value::Loss,
                    plies,
                }),
                value: Some(Value::Loss),
            });
        }
        let win = thought.win_in().filter(|_| thought.proven);
        Some(Self::claiming(thought.best, win))
    }
}

impl Strategy for Perfect {
    fn level(&self) -> Level {
        Level::Perfect
    }

    fn set_time_limit(&mut self, limit: Duration) {
        self.time_limit = limit;
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
        let threats_apply = pos.dims().k() >= 4;
        if threats_apply && !small && !provable {
            return Self::strong(pos, deadline.saturating_duration_since(Instant::now()));
        }
        let exact_time = match (small, provable) {
            (true, _) => self.time_limit,
            (false, true) => self.time_limit / 4,
            (false, false) => self.time_limit / 2,
        };
        let found = Solver::new(pos)
            .time_limit(exact_time)
            .best_move(self.rng.as_mut());
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
        let share = if provable { left / 2 } else { left };
        let heuristic = if threats_apply {
            let strong = Self::strong(pos, share);
            if strong.is_some_and(|d| d.value.is_some()) {
                return strong;
            }
            strong.map(|d| d.cell)
        } else {
            Solver::new(pos).time_limit(share).heuristic_move()
        };
        let best = heuristic
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
    use crate::players::new_player;
    use ttt_core::Setup;

    fn pos(notation: &str) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), 3).unwrap()
    }

    #[test]
    fn on_gomokus_board_a_loss_the_threats_prove_is_claimed() {
        // X's open four down column 8: O loses in 2 plies whatever it plays.
        let mut rows = vec![".".repeat(15); 15];
        for row in &mut rows[4..8] {
            row.replace_range(7..8, "X");
        }
        for row in &mut rows[5..8] {
            row.replace_range(8..9, "O");
        }
        let setup = Setup::from_notation(&rows.join("/")).unwrap();
        let p = Position::from_setup(&setup, 5).unwrap();
        let d = new_player(Level::Perfect, None, Duration::from_secs(1))
            .choose(&p)
            .unwrap();
        assert_eq!(d.value, Some(Value::Loss));
        assert_eq!(d.verdict.map(|v| v.plies), Some(2));
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
    fn on_gomoku_boards_it_finds_wins_by_threats_and_stops_open_threes() {
        let gomoku = |rows: &[&str]| {
            let mut text = rows.join("/");
            for _ in rows.len()..15 {
                text.push_str("/...............");
            }
            Position::from_setup(&Setup::from_notation(&text).unwrap(), 5).unwrap()
        };
        // X wins by fours from (2, 4): claimed, though not as the fastest win.
        let won = gomoku(&[
            "...............",
            "...............",
            "OXXX...........",
            "....X..........",
            "....X..........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".....O.........",
            "...............",
            "O..........O..O",
        ]);
        let d = Perfect::new(None, Duration::from_secs(1))
            .choose(&won)
            .unwrap();
        assert_eq!(d.value, Some(Value::Win), "{d:?}");
        assert_eq!(d.verdict, None);
        // O's open three on row 7 must be stopped at an end: X has nothing stronger.
        let threatened = gomoku(&[
            "X..............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...X...........",
            "...............",
            "......OOO......",
            "...........X...",
        ]);
        let d = Perfect::new(None, Duration::from_millis(500))
            .choose(&threatened)
            .unwrap();
        assert!(
            [
                Cell::new(7, 5),
                Cell::new(7, 9),
                Cell::new(7, 4),
                Cell::new(7, 10)
            ]
            .contains(&d.cell),
            "{}",
            d.cell
        );
        assert_eq!(d.value, None);
    }

    #[test]
    fn under_a_rule_it_proves_what_it_can_and_claims_nothing_else() {
        use ttt_core::Rule;
        // X X . X . . .    (0, 2) makes four: a win free-style with three, none under
        // O . O . O . .    standard, where O's two threes-to-be win: proven lost
        let setup = Setup::from_notation("XX.X.../O.O.O..").unwrap();
        let standard = Position::from_setup_under(&setup, 3, Rule::Standard).unwrap();
        let d = Perfect::new(None, Duration::from_secs(20))
            .choose(&standard)
            .unwrap();
        assert_eq!(d.value, Some(Value::Loss), "{d:?}");
        assert_eq!(d.verdict.map(|v| v.plies), Some(2), "{d:?}");
        let free = Position::from_setup(&setup, 3).unwrap();
        let d = Perfect::new(None, Duration::from_secs(20))
            .choose(&free)
            .unwrap();
        assert_eq!((d.cell, d.value), (Cell::new(0, 2), Some(Value::Win)));
        // Renju is not proven: a legal move, no claim.
        let mut renju =
            Position::with_rule(ttt_core::Dims::new(7, 7, 5).unwrap(), Rule::Renju).unwrap();
        for (r, c) in [
            (3, 1),
            (0, 0),
            (3, 2),
            (6, 6),
            (1, 3),
            (0, 6),
            (2, 3),
            (6, 0),
        ] {
            renju = renju.play(Cell::new(r, c)).unwrap();
        }
        assert!(renju.forbidden(Cell::new(3, 3)).is_some());
        let d = Perfect::new(None, Duration::from_millis(300))
            .choose(&renju)
            .unwrap();
        assert!(renju.play(d.cell).is_ok(), "{}", d.cell);
        assert_eq!((d.value, d.verdict), (None, None));
    }
}
