//! The games and players the contract's checks are made of: small boards whose results are
//! known at a glance.

use ttt_core::{ByPlayer, Cell, Opening, Rule};

use crate::{GameResult, NewGame, Participant, PlayerStats};

pub(crate) fn c(row: u8, col: u8) -> Cell {
    Cell::new(row, col)
}

/// X X X
/// O O .
/// . . .
pub(crate) fn x_top_row() -> Vec<Cell> {
    vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)]
}

/// X X .
/// O O O
/// X . .
pub(crate) fn o_middle_row() -> Vec<Cell> {
    vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(2, 0), c(1, 2)]
}

/// X O X
/// X O O
/// O X X
pub(crate) fn draw() -> Vec<Cell> {
    vec![
        c(0, 0),
        c(0, 1),
        c(0, 2),
        c(1, 1),
        c(1, 0),
        c(1, 2),
        c(2, 1),
        c(2, 0),
        c(2, 2),
    ]
}

pub(crate) fn game(x: Participant, o: Participant, result: GameResult) -> NewGame {
    let moves = match result {
        GameResult::XWins => x_top_row(),
        GameResult::OWins => o_middle_row(),
        GameResult::Draw => draw(),
    };
    NewGame {
        rows: 3,
        cols: 3,
        k: 3,
        x,
        o,
        moves,
        result,
        hints: ByPlayer::default(),
        forfeit: None,
        rule: Rule::Freestyle,
        opening: Opening::None,
        rated: false,
        ending: None,
        time_control: ttt_core::TimeControl::None,
    }
}

pub(crate) fn human(name: &str) -> Participant {
    Participant::human(name)
}

pub(crate) fn cpu() -> Participant {
    Participant::computer("hard")
}

pub(crate) fn stats(name: &str, wins: u64, losses: u64, ties: u64) -> PlayerStats {
    PlayerStats {
        name: name.into(),
        wins,
        losses,
        ties,
    }
}
