//! Relevance zones: the cells a proof that one side (the *attacker*) cannot win rests on.
//! Marking any set of the other empty cells for the attacker leaves the proof standing, so a
//! zone found after one of the attacker's moves settles its other moves outside it without
//! search (Hsu et al. 2020 prove 7x7 with five in a row with such zones).
//!
//! How a zone is made, and why it holds:
//! - A certificate rests on its cells ([`crate::certificates`]): a pairing on its pairs (every
//!   window open to the attacker still holds one), the Erdős–Selfridge criterion on the cells
//!   of the attacker's open windows (marks anywhere else change no weight).
//! - Where the defender completes a line at once, the attacker has lost whatever it adds,
//!   unless it blocks that cell or its extra marks make a line of their own first: the zone
//!   is the cell and the attacker's open windows ([`mover_wins_at_once`]).
//! - Where the attacker faces two winning cells of the defender, the same holds for both
//!   ([`mover_loses_at_once`]); where it must block one, for that one ([`forced_block`]).
//! - A defender's move that works, with its reply's zone, is a zone.
//! - Where no move of the attacker's wins, the union of its moves' zones is one. An extra
//!   mark outside them changes nothing; a move that was not searched is outside some searched
//!   move's zone, so playing it there is no better than playing both, and an extra mark
//!   never hurts in these games.
//!
//! Zones are bit sets of cells, kept on boards of up to 128 cells; beyond, every bit is set
//! and they settle nothing.

use ttt_core::Player;

use crate::board::bits::bit;
use crate::board::Board;

/// A zone as it is passed up alpha-beta's search: the proof that `attacker` cannot win, found
/// at the node of ply `ply`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Zone {
    /// The ply of the node that found it.
    pub(crate) ply: u32,
    /// The zone, as a bit set of cells (every bit beyond 128 cells).
    pub(crate) cells: u128,
    /// The side shown unable to win, or `None` when neither can (no window is open).
    pub(crate) attacker: Option<Player>,
}

/// Where the side to move completes a line at once: the zone of the proof that its opponent
/// cannot win (the winning cell, and the opponent's open windows). `None` if it cannot.
pub(crate) fn mover_wins_at_once(board: &Board) -> Option<u128> {
    let me = board.turn();
    (board.threats(me) > 0).then(|| {
        let t = board.threat_cells(me).next();
        t.map_or(0, bit) | board.open_cells(me.other())
    })
}

/// Where the opponent has two winning cells, one of which the side to move cannot block: the
/// zone of the proof that the side to move cannot win (both cells and its own open windows).
/// Two windows may need the same cell: only two different cells are a double threat.
pub(crate) fn mover_loses_at_once(board: &Board) -> Option<u128> {
    let me = board.turn();
    if board.threats(me.other()) < 2 {
        return None;
    }
    let mut cells = board.threat_cells(me.other());
    let (a, b) = (cells.next()?, cells.next()?);
    Some(bit(a) | bit(b) | board.open_cells(me))
}

/// The one winning cell of the opponent's, which the side to move must block (two were
/// settled by [`mover_loses_at_once`]).
pub(crate) fn forced_block(board: &Board) -> Option<usize> {
    board.threat_cells(board.turn().other()).next()
}

/// The zone of a forced block at `threat`: where its moves' zones `union` show the side to
/// move cannot win, its other moves lose at once, as long as every one of its open windows
/// keeps its empty cells.
pub(crate) fn with_forced_block(board: &Board, threat: usize, union: u128) -> u128 {
    union | bit(threat) | board.open_cells(board.turn())
}
