//! Plain searches the solvers' tests check their answers against.

use std::collections::HashMap;

use ttt_core::{Cell, Dims, Outcome, Player, Position};

use crate::rng::Rng;

/// The value for the side to move by plain minimax: 1 win, 0 draw, -1 loss.
pub(crate) fn minimax(p: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let v = match p.outcome() {
        Outcome::Win(_) => -1,
        Outcome::Draw => 0,
        Outcome::InProgress => p
            .legal_moves()
            .map(|c| -minimax(&p.play(c).unwrap(), memo))
            .max()
            .unwrap_or(0),
    };
    memo.insert(*p, v);
    v
}

/// A position of random moves with `empty` cells left, unless the game ended first.
pub(crate) fn random_position(rng: &mut Rng, dims: Dims, empty: usize) -> Option<Position> {
    let mut p = Position::new(dims);
    while !p.is_over() && p.count_blanks() > empty {
        let moves: Vec<Cell> = p.legal_moves().collect();
        p = p.play(rng.pick(&moves)?).ok()?;
    }
    (!p.is_over()).then_some(p)
}

/// Minimax on a bare board, which need not be one a game could reach (a side may have
/// extra marks): 1 if the side to move wins, -1 if it loses, 0 for a draw.
pub(crate) fn bare_minimax(
    dims: Dims,
    cells: &mut Vec<Option<Player>>,
    turn: Player,
    memo: &mut HashMap<(Vec<Option<Player>>, Player), i32>,
) -> i32 {
    if let Some(&v) = memo.get(&(cells.clone(), turn)) {
        return v;
    }
    let has_line = |cells: &[Option<Player>], player| {
        dims.all_cells().any(|start| {
            [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&dir| {
                (0..dims.k() as i32).all(|s| {
                    dims.step(start, dir, s)
                        .is_some_and(|c| cells[dims.index(c)] == Some(player))
                })
            })
        })
    };
    let v = if has_line(cells, turn) {
        1
    } else if has_line(cells, turn.other()) {
        -1
    } else {
        let empty: Vec<usize> = (0..cells.len()).filter(|&c| cells[c].is_none()).collect();
        empty
            .into_iter()
            .map(|c| {
                cells[c] = Some(turn);
                let v = -bare_minimax(dims, cells, turn.other(), memo);
                cells[c] = None;
                v
            })
            .max()
            .unwrap_or(0)
    };
    memo.insert((cells.clone(), turn), v);
    v
}

/// Checks a zone's claim by [`bare_minimax`]: marking for `attacker` any set of `p`'s empty
/// cells outside `zone` (each alone, all of them, and four random sets) leaves it unable to
/// win. Returns how many sets were checked.
pub(crate) fn check_zone_claim(
    p: &Position,
    attacker: Player,
    zone: u128,
    rng: &mut Rng,
    memo: &mut HashMap<(Vec<Option<Player>>, Player), i32>,
) -> usize {
    let dims = p.dims();
    let base: Vec<Option<Player>> = dims.all_cells().map(|cell| p.get(cell)).collect();
    let outside: Vec<usize> = (0..base.len())
        .filter(|&i| base[i].is_none() && zone & crate::board::bits::bit(i) == 0)
        .collect();
    let mut sets: Vec<Vec<usize>> = outside.iter().map(|&i| vec![i]).collect();
    sets.push(outside.clone());
    for _ in 0..4 {
        sets.push(
            outside
                .iter()
                .copied()
                .filter(|_| rng.below(2) == 0)
                .collect(),
        );
    }
    let mut checks = 0;
    for set in sets.into_iter().filter(|s| !s.is_empty()) {
        let mut cells = base.clone();
        for &i in &set {
            cells[i] = Some(attacker);
        }
        let v = bare_minimax(dims, &mut cells, p.turn(), memo);
        let attacker_value = if attacker == p.turn() { v } else { -v };
        assert!(
            attacker_value <= 0,
            "{p}: {attacker:?} wins with extra marks at {set:?} outside zone {zone:b}"
        );
        checks += 1;
    }
    checks
}
