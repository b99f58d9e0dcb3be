//! Games of the engine against itself, for fitting the evaluation ([`crate::Tuner`]): each
//! from an opening of a few random stones near the centre, each move searched to a fixed
//! number of positions, so that a game is the same whenever it is played again and the
//! games are many different ones.
//!
//! ```
//! use ttt_core::Rule;
//! use ttt_engine::SelfPlay;
//!
//! let games = SelfPlay::new(9, 9, Rule::Freestyle, 500)?;
//! let game = games.play(7)?;
//! assert_eq!(game, games.play(7)?);
//! assert!(game.moves.len() >= games.opening(7).len());
//! # Ok::<(), ttt_engine::EngineError>(())
//! ```

use ttt_core::{Cell, Player, Rule};

use crate::engine::{Engine, EngineError};
use crate::limits::Limits;

/// The table each game's engine searches with.
const TABLE_BYTES: usize = 16 << 20;
/// How far from the centre (in rows and columns) an opening's stones fall, and how many
/// stones an opening has, at least and at most.
const OPENING_REACH: u64 = 3;
const LEAST_STONES: u64 = 3;
const MOST_STONES: u64 = 6;

/// Self-play games on one board under one rule.
#[derive(Debug, Clone, Copy)]
pub struct SelfPlay {
    rows: usize,
    cols: usize,
    rule: Rule,
    nodes: u64,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Every move, the opening's included, X's first.
    pub moves: Vec<Cell>,
    /// Who made five, or `None` when the board filled up.
    pub winner: Option<Player>,
    /// Each move's search score for the side that played it ([`crate::Thought::score`]),
    /// `None` for the opening's.
    pub scores: Vec<Option<i32>>,
}

impl SelfPlay {
    /// Games on a `rows` x `cols` board under `rule`, each move searched to `nodes`
    /// positions.
    ///
    /// # Errors
    /// A board the engine does not play.
    pub fn new(rows: usize, cols: usize, rule: Rule, nodes: u64) -> Result<SelfPlay, EngineError> {
        Engine::new(rows, cols, rule, 1 << 16)?;
        Ok(SelfPlay {
            rows,
            cols,
            rule,
            nodes: nodes.max(1),
        })
    }

    /// The opening of game `seed`: three to six stones, X's first, on random cells within
    /// three rows and columns of the centre (none forbidden under renju).
    #[must_use]
    pub fn opening(&self, seed: u64) -> Vec<Cell> {
        let mut engine = self.engine();
        let mut state = seed ^ 0x5DEE_CE66_D1CE_4E5B;
        let mut random = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let stones = LEAST_STONES + random() % (MOST_STONES - LEAST_STONES + 1);
        let centre = |side: usize| side as i64 / 2;
        let mut moves = Vec::new();
        let mut tries = 0;
        while (moves.len() as u64) < stones && tries < 1_000 {
            tries += 1;
            let span = 2 * OPENING_REACH + 1;
            let r = centre(self.rows) + (random() % span) as i64 - OPENING_REACH as i64;
            let c = centre(self.cols) + (random() % span) as i64 - OPENING_REACH as i64;
            let (Ok(r), Ok(c)) = (u8::try_from(r), u8::try_from(c)) else {
                continue;
            };
            let cell = Cell::new(r, c);
            if engine.is_legal(cell) && engine.play(cell).is_ok() {
                moves.push(cell);
            }
        }
        moves
    }

    /// Plays game `seed` from its [`SelfPlay::opening`] to the end.
    ///
    /// # Errors
    /// None in practice: the engine's own moves are legal.
    pub fn play(&self, seed: u64) -> Result<Game, EngineError> {
        let mut engine = self.engine();
        let mut moves = self.opening(seed);
        for &cell in &moves {
            engine.play(cell)?;
        }
        let mut scores = vec![None; moves.len()];
        while let Some(thought) = engine.think(Limits::none().with_nodes(self.nodes), &|| false) {
            engine.play(thought.best)?;
            moves.push(thought.best);
            scores.push(Some(thought.score));
        }
        let winner = engine.is_won().then(|| engine.turn().other());
        Ok(Game {
            moves,
            winner,
            scores,
        })
    }

    fn engine(&self) -> Engine {
        // The board was checked in `new`.
        Engine::new(self.rows, self.cols, self.rule, TABLE_BYTES)
            .unwrap_or_else(|_| unreachable!("a board checked in SelfPlay::new"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_differ_and_stay_near_the_centre() {
        let games = SelfPlay::new(15, 15, Rule::Renju, 100).unwrap();
        let openings: Vec<Vec<Cell>> = (0..20).map(|s| games.opening(s)).collect();
        for o in &openings {
            assert!((3..=6).contains(&o.len()), "{o:?}");
            assert!(o
                .iter()
                .all(|c| c.row.abs_diff(7) <= 3 && c.col.abs_diff(7) <= 3));
        }
        let mut distinct = openings.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() >= 18);
    }

    #[test]
    fn a_game_ends_with_its_winners_five_or_a_full_board() {
        let games = SelfPlay::new(7, 7, Rule::Freestyle, 300).unwrap();
        for seed in 0..3 {
            let game = games.play(seed).unwrap();
            // A score for each of the engine's moves, none for the opening's stones.
            let opening = games.opening(seed).len();
            assert_eq!(game.scores.len(), game.moves.len());
            assert!(game.scores[..opening].iter().all(Option::is_none));
            assert!(game.scores[opening..].iter().all(Option::is_some));
            let mut engine = Engine::new(7, 7, Rule::Freestyle, 1 << 16).unwrap();
            for &cell in &game.moves {
                engine.play(cell).unwrap();
            }
            match game.winner {
                Some(p) => {
                    assert!(engine.is_won());
                    let last_mover = if game.moves.len() % 2 == 1 {
                        Player::X
                    } else {
                        Player::O
                    };
                    assert_eq!(p, last_mover);
                }
                None => assert_eq!(game.moves.len(), 49),
            }
        }
    }
}
