//! The searches that prove what a position is worth, and what they share.
//!
//! - [`alpha_beta`]: depth-first, with iterative deepening; the only search that measures how
//!   long the game lasts with best play, and with a depth limit a heuristic player.
//! - [`proof_number`]: best-first, proving whether one side can force a line; settles most
//!   boards of any size many times faster than alpha-beta.
//!
//! Both take the same [`Limits`], keep what they learn in a table of [`crate::tt`], and
//! settle positions without search by [`crate::certificates`] and relevance [`zone`]s. Which
//! of them runs, on how many threads, is decided by [`crate::solve`].

pub(crate) mod alpha_beta;
pub(crate) mod heuristic;
pub(crate) mod limits;
pub(crate) mod proof_number;
pub(crate) mod threats;
pub(crate) mod zone;

pub use limits::{Limits, StopFlag};
