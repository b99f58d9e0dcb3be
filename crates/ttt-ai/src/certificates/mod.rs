//! Certificates: quick proofs that a side can never complete a line, which settle a position
//! as "no better than a draw" for that side without searching it.
//!
//! Two kinds, tried cheapest first: the [`erdos_selfridge`] weight count, and a [`pairing`]
//! of empty cells that blocks every window still open to the attacker. Each comes with the
//! cells it rests on, its *relevance zone* (see [`crate::search::zone`]): marking any other
//! empty cells for the attacker leaves the proof standing.

pub(crate) mod erdos_selfridge;
pub(crate) mod pairing;

use ttt_core::Player;

use crate::board::Board;
use pairing::{Pairing, PairingSearch};

/// Looks for certificates, keeping its working space between calls.
#[derive(Debug, Default)]
pub(crate) struct Certifier {
    pairing: Pairing,
}

impl Certifier {
    /// A certificate that `attacker` can never complete a line on `board`, as the cells it
    /// rests on: the Erdős–Selfridge criterion (resting on the attacker's open windows), or a
    /// pairing (its cells, looked for as `how` says). `None` means none was found, not that
    /// the attacker can win.
    pub(crate) fn certificate(
        &mut self,
        board: &Board,
        attacker: Player,
        how: PairingSearch,
    ) -> Option<u128> {
        if erdos_selfridge::cannot_win(board, attacker) {
            return Some(board.open_cells(attacker));
        }
        self.pairing
            .find(board, attacker, how)
            .then(|| self.pairing.cells(board))
    }
}
