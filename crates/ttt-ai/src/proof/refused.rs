//! Why no proof was written.

use std::fmt;

/// Why [`crate::write_proof`] wrote no proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofRefused {
    /// The proof would hold more positions than its limit allows.
    TooBig {
        /// The limit that was reached.
        positions: usize,
    },
    /// The searches behind the proof ran out of time.
    OutOfTime,
    /// The search of every position (renju's) would take more than its memory.
    OutOfMemory {
        /// The memory it had, in MB.
        megabytes: usize,
    },
    /// No move kept the claim at an attacker's position the searches had valued as keeping
    /// it: the searches contradict each other, which is a bug to report.
    NoMoveKeeps {
        /// The position, in the notation.
        position: String,
    },
    /// Under renju only small positions are proven, by a search of every position.
    RenjuTooBig {
        /// The most empty cells such a position may have.
        cells: usize,
    },
}

impl fmt::Display for ProofRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofRefused::TooBig { positions } => write!(
                f,
                "a section of the proof would hold more than {positions} positions, the \
                 limit (`--proof-positions` raises it)"
            ),
            ProofRefused::OutOfTime => {
                write!(f, "the time ran out before the proof was complete")
            }
            ProofRefused::OutOfMemory { megabytes } => write!(
                f,
                "the search of every position needs more than the {megabytes} MB it may take \
                 (`--memory` raises it)"
            ),
            ProofRefused::NoMoveKeeps { position } => write!(
                f,
                "the searches contradict each other at {position} (no move keeps the value \
                 they gave it): please report this"
            ),
            ProofRefused::RenjuTooBig { cells } => write!(
                f,
                "under renju a proof is written from a search of every position, which is \
                 out of reach beyond {cells} empty cells"
            ),
        }
    }
}

impl std::error::Error for ProofRefused {}
