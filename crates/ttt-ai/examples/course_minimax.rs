//! A minimax player written from scratch on `ttt-core`'s board API, in the shape of the classic
//! course exercise: `max_value` and `min_value`, mutually recursive, and `choose_move` taking
//! the possible move of the highest `min_value`. Then it is checked against the built-in
//! perfect player, on every position of tic-tac-toe.
//!
//! ```console
//! $ cargo run -p ttt-ai --example course_minimax
//! ```
//!
//! The course's board functions and ours: `countBlanks` is `count_blanks`, `checkWin` is
//! `is_win_for`, `checkLose` is `is_loss_for`, `checkDraw` is `is_draw`, `toString` is `text`,
//! `possibleMoves` is `possible_moves` (the new boards in row-column order) and `boardValue`
//! is `board_value`. Nothing else of the library is used by the player.

use std::collections::HashSet;
use std::io::{self, Write};
use std::time::Duration;

use ttt_ai::{new_player, Decision, Level, Solver, Strategy, Value};
use ttt_core::{ByPlayer, Dims, Outcome, Player, Position, Setup};

/// The course's `AIPlayer`: plays for `me`, and assumes the opponent picks whatever is worst
/// for `me`. Values are +1 (`me` wins), 0 (a draw) and -1 (`me` loses).
struct MinimaxPlayer {
    me: Player,
}

impl MinimaxPlayer {
    /// The value of `board` when it is `me`'s turn: the best of `min_value` over `me`'s moves.
    fn max_value(&self, board: &Position) -> i8 {
        if let Some(value) = self.at_end(board) {
            return value;
        }
        board
            .possible_moves()
            .iter()
            .map(|next| self.min_value(next))
            .max()
            .expect("a board that is not over has a move")
    }

    /// The value of `board` when it is the opponent's turn: the worst for `me` of `max_value`
    /// over the opponent's moves.
    fn min_value(&self, board: &Position) -> i8 {
        if let Some(value) = self.at_end(board) {
            return value;
        }
        board
            .possible_moves()
            .iter()
            .map(|next| self.max_value(next))
            .min()
            .expect("a board that is not over has a move")
    }

    /// The base cases the two share: a win, a loss or a draw for `me` (the same numbers as
    /// `board.board_value(self.me)` once the game is over).
    fn at_end(&self, board: &Position) -> Option<i8> {
        if board.is_win_for(self.me) {
            Some(1)
        } else if board.is_loss_for(self.me) {
            Some(-1)
        } else if board.is_draw() {
            Some(0)
        } else {
            None
        }
    }

    /// The course's `chooseMove`: of the possible moves, the first (in row-column order) of
    /// the highest `min_value`. Returns the board after it, as the course does.
    fn choose_move(&self, board: &Position) -> Option<Position> {
        let mut best: Option<(i8, Position)> = None;
        for next in board.possible_moves() {
            let value = self.min_value(&next);
            if best.is_none_or(|(top, _)| value > top) {
                best = Some((value, next));
            }
        }
        best.map(|(_, next)| next)
    }

    /// The course's `boardValue` for this player: not only who has won, but who will with
    /// best play.
    fn board_value(&self, board: &Position) -> i8 {
        self.max_value(board)
    }
}

/// So that the minimax player can sit at a game with the built-in ones, which speak in
/// cells: the chosen board differs from the current one in exactly one cell.
impl Strategy for MinimaxPlayer {
    fn level(&self) -> Level {
        Level::Perfect
    }

    fn choose(&mut self, pos: &Position) -> Option<Decision> {
        let next = self.choose_move(pos)?;
        let cell = pos.legal_moves().find(|&c| next.get(c).is_some())?;
        Some(Decision {
            cell,
            verdict: None,
            value: None,
        })
    }
}

fn main() -> io::Result<()> {
    check(&mut io::stdout().lock())
}

/// Checks the minimax player against the built-in perfect player, writing what it checked.
/// Panics at the first disagreement.
fn check(out: &mut impl Write) -> io::Result<()> {
    // The course's own example: O to move, but X wins next whatever O does.
    let board = Position::from_setup(&Setup::from_notation("O_X/_X_/_OX").unwrap(), 3).unwrap();
    let for_x = MinimaxPlayer { me: Player::X };
    let for_o = MinimaxPlayer { me: Player::O };
    writeln!(out, "The course's example, O to move:")?;
    write!(out, "{}", board.text())?;
    writeln!(
        out,
        "board value for X: {}, for O: {}",
        for_x.min_value(&board),
        for_o.board_value(&board)
    )?;
    assert_eq!(for_x.min_value(&board), 1);
    assert_eq!(for_o.board_value(&board), -1);

    // Every position of the game, each against the solver's value for the side to move.
    let positions = every_position(Dims::new(3, 3, 3).unwrap());
    let mut checked = 0;
    for pos in positions.iter().filter(|p| !p.is_over()) {
        let player = MinimaxPlayer { me: pos.turn() };
        let next = player
            .choose_move(pos)
            .expect("a position not over has a move");
        // The board's value is that of the move chosen (`board_value` would search again).
        let ours = player.min_value(&next);
        let solved = Solver::new(pos)
            .solve()
            .value
            .expect("3 x 3 is solved at once");
        let expected = match solved {
            Value::Win => 1,
            Value::Draw => 0,
            Value::Loss => -1,
        };
        assert_eq!(
            ours,
            expected,
            "minimax and the solver disagree on\n{}",
            pos.text()
        );
        // The move chosen is one of the best the solver knows.
        let best = Solver::new(pos).move_values().moves;
        let cell = pos.legal_moves().find(|&c| next.get(c).is_some()).unwrap();
        let chosen = best.iter().find(|(c, _)| *c == cell).and_then(|(_, v)| *v);
        assert_eq!(
            chosen,
            Some(solved),
            "a weaker move chosen on\n{}",
            pos.text()
        );
        checked += 1;
    }
    writeln!(
        out,
        "Every position of 3 x 3 tic-tac-toe: {} in all, {checked} with a move to make.",
        positions.len()
    )?;
    writeln!(
        out,
        "On each, minimax's value and move agree with the perfect player's."
    )?;

    // Games against the perfect player, each side in turn: best play draws.
    for minimax_plays in [Player::X, Player::O] {
        let outcome = game(minimax_plays);
        let (x, o) = match minimax_plays {
            Player::X => ("minimax", "perfect"),
            Player::O => ("perfect", "minimax"),
        };
        writeln!(out, "{x} (X) against {o} (O): {outcome}")?;
        assert_eq!(outcome, Outcome::Draw);
    }
    Ok(())
}

/// Every position reachable from the empty board, the empty board and finished games
/// included.
fn every_position(dims: Dims) -> HashSet<Position> {
    let mut seen = HashSet::new();
    let mut stack = vec![Position::new(dims)];
    while let Some(pos) = stack.pop() {
        if seen.insert(pos) {
            stack.extend(pos.possible_moves());
        }
    }
    seen
}

/// A game of the minimax player, as `minimax_plays`, against the perfect player.
fn game(minimax_plays: Player) -> Outcome {
    let perfect = new_player(Level::Perfect, None, Duration::from_secs(2));
    let minimax: Box<dyn Strategy> = Box::new(MinimaxPlayer { me: minimax_plays });
    let mut players = match minimax_plays {
        Player::X => ByPlayer {
            x: minimax,
            o: perfect,
        },
        Player::O => ByPlayer {
            x: perfect,
            o: minimax,
        },
    };
    let mut pos = Position::new(Dims::new(3, 3, 3).unwrap());
    while let Some(d) = players.get_mut(pos.turn()).choose(&pos) {
        pos = pos.play(d.cell).expect("both players choose legal moves");
    }
    pos.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_what_it_checked() {
        let mut out = Vec::new();
        check(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "The course's example, O to move:\n\
             O_X\n_X_\n_OX\n\
             board value for X: 1, for O: -1\n\
             Every position of 3 x 3 tic-tac-toe: 5478 in all, 4520 with a move to make.\n\
             On each, minimax's value and move agree with the perfect player's.\n\
             minimax (X) against perfect (O): a draw\n\
             perfect (X) against minimax (O): a draw\n"
        );
    }

    #[test]
    fn a_threat_is_blocked() {
        // X . O
        // . X .    O to move: only (2, 2), the last empty cell, holds the draw
        // . . .
        let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
        let player = MinimaxPlayer { me: Player::O };
        assert_eq!(player.board_value(&pos), 0);
        let next = player.choose_move(&pos).unwrap();
        assert_eq!(next.to_string(), "X.O/.X./..O");
    }
}
