//! The searches that prove what a position is worth, and what they share.
//!
//! - [`alpha_beta`]: depth-first, with iterative deepening; the only search that measures how
//!   long the game lasts with best play, and with a depth limit a heuristic player.
//! - [`proof_number`]: best-first, proving whether one side can force a line; settles most
//!   boards of any size many times faster than alpha-beta.
//! - [`threats`]: wins forced by fours (VCF) or threes and fours (VCT), for K of 4 or more:
//!   proofs on boards far beyond the other two.
//! - [`exact`]: alpha-beta over `ttt_core::Position` itself, for the rules the solver's own
//!   boards do not know (standard, caro); small boards only.
//! - [`heuristic`]: alpha-beta with threat extensions over [`crate::eval`], for the strong
//!   player where nothing can be proven: its scores are estimates.
//!
//! - [`ahead`]: threads that open positions ahead of a search that stays on one thread (the
//!   search for wins with quiet moves of [`threats`]).
//!
//! All take the same [`limits::Limits`]. The proof searches give the same account of their
//! work ([`stats::Stats`]), keep what they learn in a table of [`crate::tt`], and settle
//! positions without search by [`crate::certificates`] and relevance [`zone`]s.
//! Which of them runs, on how many threads, is decided by [`crate::solve`].

pub(crate) mod ahead;
pub(crate) mod alpha_beta;
pub(crate) mod exact;
pub(crate) mod heuristic;
pub(crate) mod limits;
pub(crate) mod proof_number;
pub(crate) mod stats;
pub(crate) mod threats;
pub(crate) mod zone;
