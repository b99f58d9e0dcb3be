//! Proofs of a game's value, written in the format `ttt check-proof` reads
//! (`docs/PROOFS.md`), from the solver's own searches: the oracle ([`oracle`]) values
//! positions, and each section ([`section`]) writes the strategy that keeps its claim, with
//! the solver's certificates ([`certify`]) where a draw needs no more moves. Transposed and
//! symmetric positions are one node. The checker (`ttt-proof`) shares none of this code.

mod certify;
mod footprint;
mod oracle;
mod refused;
mod section;

use std::fmt::Write as _;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use ttt_core::{Player, Position};

pub use refused::ProofRefused;

use crate::search::limits::Limits;
use crate::value::Value;
use oracle::Oracle;
use section::Section;

/// The most positions a proof's section may hold by default.
pub const PROOF_POSITIONS: usize = 5_000_000;

/// Under renju, the most empty cells a position may have for its proof (the solver does not
/// prove renju: its proofs come from a search of every position).
pub const PROOF_RENJU_CELLS: usize = oracle::RENJU_CELLS;

/// How a proof may be written: the searches' limits and memory, and the proof's size.
#[derive(Debug, Clone)]
pub struct ProofOptions {
    /// When the searches must stop.
    pub limits: Limits,
    /// The memory of the searches' tables, in bytes.
    pub memory: usize,
    /// The threads the searches may use.
    pub threads: usize,
    /// The most positions a section may hold.
    pub positions: usize,
    /// Counts the positions written as they are, for a progress display on another thread.
    pub written: Option<Arc<AtomicU64>>,
}

impl Default for ProofOptions {
    fn default() -> ProofOptions {
        ProofOptions {
            limits: Limits::none(),
            memory: 1 << 30,
            threads: 1,
            positions: PROOF_POSITIONS,
            written: None,
        }
    }
}

/// A proof, and what it took.
#[derive(Debug, Clone)]
pub struct WrittenProof {
    /// The proof file's text.
    pub text: String,
    /// The value proven, for the side to move at the root.
    pub value: Value,
    /// The positions written, over every section.
    pub positions: usize,
    /// The positions the searches visited to write it.
    pub searched: u64,
}

/// A proof of `pos`'s value, as the text of a proof file, with no limit of time.
///
/// ```
/// use ttt_core::{Dims, Position};
/// let pos = Position::new(Dims::new(3, 3, 3).unwrap());
/// let proof = ttt_ai::write_proof(&pos).unwrap();
/// assert!(proof.contains("claim draw"));
/// assert!(proof.contains("section X draw") && proof.contains("section O draw"));
/// ```
///
/// # Errors
/// [`ProofRefused`] for a proof over [`PROOF_POSITIONS`], or a renju position over
/// [`PROOF_RENJU_CELLS`] empty cells.
pub fn write_proof(pos: &Position) -> Result<String, ProofRefused> {
    write_proof_with(pos, &ProofOptions::default()).map(|p| p.text)
}

/// A proof of `pos`'s value within `options`.
///
/// # Errors
/// [`ProofRefused`]: the proof would be too big, the time ran out, or renju on a position
/// too big.
pub fn write_proof_with(
    pos: &Position,
    options: &ProofOptions,
) -> Result<WrittenProof, ProofRefused> {
    write_proof_telling(pos, options, |_, _| {})
}

/// A proof of `pos`'s value within `options`, telling `value_known` the value and the
/// positions searched so far as soon as the first search settles it, before the proof is
/// written: on a big board that comes long before the proof, which may then still fail.
///
/// ```
/// use ttt_core::{Dims, Position};
/// use ttt_ai::{write_proof_telling, ProofOptions, Value};
/// let pos = Position::new(Dims::new(3, 4, 3).unwrap());
/// let mut told = None;
/// let proof = write_proof_telling(&pos, &ProofOptions::default(), |value, _| told = Some(value))
///     .unwrap();
/// assert_eq!((told, proof.value), (Some(Value::Win), Value::Win));
/// ```
///
/// # Errors
/// As [`write_proof_with`]; `value_known` is not called where the value is not known.
pub fn write_proof_telling(
    pos: &Position,
    options: &ProofOptions,
    value_known: impl FnOnce(Value, u64),
) -> Result<WrittenProof, ProofRefused> {
    let mut oracle = Oracle::new(pos, options.limits.clone(), options.memory, options.threads)?;
    let mover = pos.turn();
    let value = oracle.value(pos)?;
    value_known(value, oracle.nodes());
    let dims = pos.dims();
    let root = if pos.ply() == 0 {
        "empty".to_string()
    } else {
        pos.to_string()
    };
    let (claim, sections) = match value {
        Value::Win => (format!("{mover} wins"), vec![(mover, true)]),
        Value::Loss => (
            format!("{} wins", mover.other()),
            vec![(mover.other(), true)],
        ),
        Value::Draw => (
            "draw".to_string(),
            vec![(Player::X, false), (Player::O, false)],
        ),
    };
    let mut text = String::new();
    let mut version = 2;
    let mut positions = 0;
    for (attacker, win) in sections {
        let mut section = Section::new(&mut oracle, attacker, win, options.positions);
        section.count_in(options.written.clone());
        let lines = section.write(pos)?;
        if section.lines_of_fours {
            version = version.max(3);
        }
        if section.strategies {
            version = 4;
        }
        positions += lines.len();
        let _ = writeln!(
            text,
            "section {attacker} {}",
            if win { "win" } else { "draw" }
        );
        for line in lines {
            text.push_str(&line);
            text.push('\n');
        }
    }
    let text = format!(
        "ttt-proof {version}\nboard {} {} {}\nrule {}\nroot {root}\nclaim {claim}\n{text}",
        dims.rows(),
        dims.cols(),
        dims.k(),
        pos.rule().name()
    );
    Ok(WrittenProof {
        text,
        value,
        positions,
        searched: oracle.nodes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Cell, Dims, Rule};

    #[test]
    fn a_won_position_claims_its_winner_and_names_it_in_the_root() {
        let pos: Position = Position::new(Dims::new(3, 3, 3).unwrap())
            .play(Cell::new(1, 1))
            .unwrap()
            .play(Cell::new(0, 1))
            .unwrap();
        let proof = write_proof(&pos).unwrap();
        assert!(proof.contains("claim X wins"), "{proof}");
        assert!(proof.contains("root .O./.X./..."), "{proof}");
        assert!(proof.contains("section X win"));
    }

    #[test]
    fn the_value_is_told_before_the_proof_and_every_position_written_is_counted() {
        let pos = Position::new(Dims::new(4, 4, 3).unwrap());
        let written = Arc::new(AtomicU64::new(0));
        let options = ProofOptions {
            written: Some(Arc::clone(&written)),
            ..ProofOptions::default()
        };
        let mut told = None;
        let proof = write_proof_telling(&pos, &options, |value, nodes| {
            // Nothing is written before the value is known.
            told = Some((
                value,
                nodes,
                written.load(std::sync::atomic::Ordering::Relaxed),
            ));
        })
        .unwrap();
        let (value, nodes, written_then) = told.unwrap();
        assert_eq!((value, written_then), (Value::Win, 0));
        assert!(nodes <= proof.searched);
        assert_eq!(
            written.load(std::sync::atomic::Ordering::Relaxed),
            proof.positions as u64
        );
    }

    #[test]
    fn a_proof_over_its_limit_of_positions_is_refused() {
        let pos = Position::new(Dims::new(4, 4, 3).unwrap());
        let options = ProofOptions {
            positions: 3,
            ..ProofOptions::default()
        };
        assert_eq!(
            write_proof_with(&pos, &options).unwrap_err(),
            ProofRefused::TooBig { positions: 3 }
        );
    }

    #[test]
    fn a_proof_out_of_time_is_refused() {
        let pos = Position::new(Dims::new(7, 7, 5).unwrap());
        let options = ProofOptions {
            limits: Limits::none().within(std::time::Duration::ZERO),
            ..ProofOptions::default()
        };
        assert_eq!(
            write_proof_with(&pos, &options).unwrap_err(),
            ProofRefused::OutOfTime
        );
    }

    #[test]
    fn renju_is_proven_on_small_boards_only() {
        let small = Position::with_rule(Dims::new(5, 5, 5).unwrap(), Rule::Renju).unwrap();
        let big = Position::with_rule(Dims::new(15, 15, 5).unwrap(), Rule::Renju).unwrap();
        assert!(matches!(
            write_proof(&big),
            Err(ProofRefused::RenjuTooBig { .. })
        ));
        // 25 empty cells: beyond the search of every position too.
        assert!(write_proof(&small).is_err());
    }
}
