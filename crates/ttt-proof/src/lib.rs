//! Proofs of m,n,k-game values that anyone can check: a file that lists, for the side that
//! claims a result, the move it plays at each of its turns, and for the other side every
//! legal reply (or a certificate that covers them), down to the ends of the games. This
//! crate reads such a file and checks it with `ttt-core`'s rules alone; it shares no code
//! with the searches that write proofs, so a bug in a search cannot hide in its checker.
//!
//! The format is in `docs/PROOFS.md`. On a 2 x 2 board with two in a row, X wins: X takes a
//! corner, and whichever of the three cells O takes, X completes a line.
//!
//! ```
//! let proof = "\
//! ttt-proof 1
//! board 2 2 2
//! rule freestyle
//! root empty
//! claim X wins
//! section X win
//! 0 play 0,0 1
//! 1 reply 0,1>2 1,0>3 1,1>4
//! 2 play 1,0 5
//! 3 play 0,1 6
//! 4 play 0,1 7
//! 5 over
//! 6 over
//! 7 over
//! ";
//! let checked = ttt_proof::check(proof).unwrap();
//! assert_eq!(checked.claim.to_string(), "X wins");
//! assert_eq!(checked.positions, 8);
//!
//! // Leave out O's reply in the far corner, and the proof no longer holds.
//! let short = proof.replace(" 1,1>4", "");
//! let err = ttt_proof::check(&short).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "node 1 (line 8), position X./..: the reply 1,1 (row 2, column 2) is not answered"
//! );
//! ```

pub mod check;
mod footprint;
pub mod format;

pub use check::{check, check_with, CheckError, Checked, Options};
pub use format::Claim;
