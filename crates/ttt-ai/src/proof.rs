//! Proofs of a game's value, written in the format `ttt check-proof` reads
//! (`docs/PROOFS.md`), for boards small enough to search whole: every position is valued by
//! a plain minimax over positions up to symmetry, and the proof is the strategy it finds.
//! The attacker's node names one move; the defender's lists every legal reply; transposed
//! and symmetric positions are one node. The checker (`ttt-proof`) shares none of this code.

use std::collections::HashMap;
use std::fmt::Write as _;

use ttt_core::{Cell, Outcome, Player, Position, Symmetry};

/// How many distinct positions (up to symmetry) a proof may take before it is refused.
pub const PROOF_POSITIONS: usize = 2_000_000;

/// The most empty cells a position may have for a proof: beyond, a search of every position
/// is out of reach, and the refusal comes at once.
pub const PROOF_CELLS: usize = 20;

/// Why no proof was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofRefused {
    /// The game has more positions than [`PROOF_POSITIONS`].
    TooBig,
}

impl std::fmt::Display for ProofRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofRefused::TooBig => write!(
                f,
                "a proof is written from a search of every position, which is out of reach \
                 here (more than {PROOF_CELLS} empty cells, or {PROOF_POSITIONS} positions up \
                 to symmetry): a board of 4 x 4 is within reach, 5 x 5 is not yet"
            ),
        }
    }
}

/// A position's value for its side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Score {
    Loss,
    Draw,
    Win,
}

impl Score {
    fn flip(self) -> Score {
        match self {
            Score::Loss => Score::Win,
            Score::Draw => Score::Draw,
            Score::Win => Score::Loss,
        }
    }
}

/// The smallest text of `pos` under its board's symmetries: one key for symmetric positions.
fn canonical(pos: &Position) -> String {
    Symmetry::of(pos.dims())
        .iter()
        .map(|&s| pos.transform(s).text())
        .min()
        .unwrap_or_default()
}

/// Values positions, remembering them up to symmetry.
struct Values {
    memo: HashMap<String, Score>,
}

impl Values {
    fn value(&mut self, pos: &Position) -> Result<Score, ProofRefused> {
        match pos.outcome() {
            // The side to move has lost: the last move won.
            Outcome::Win(_) => return Ok(Score::Loss),
            Outcome::Draw => return Ok(Score::Draw),
            Outcome::InProgress => {}
        }
        let key = canonical(pos);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        if self.memo.len() >= PROOF_POSITIONS {
            return Err(ProofRefused::TooBig);
        }
        let mut best = Score::Loss;
        for cell in pos.legal_moves().collect::<Vec<_>>() {
            let child = pos.play(cell).expect("a legal move");
            best = best.max(self.value(&child)?.flip());
            if best == Score::Win {
                break;
            }
        }
        self.memo.insert(key, best);
        Ok(best)
    }
}

/// One section being written: its nodes, by key, and their lines.
struct Section<'a> {
    values: &'a mut Values,
    attacker: Player,
    /// Whether the section claims a win (else at least a draw).
    win: bool,
    nodes: HashMap<String, (usize, Position)>,
    lines: Vec<(usize, String)>,
}

impl Section<'_> {
    /// The node of `pos` (made, and written, the first time), as a child is written:
    /// `M` or `M~SYMMETRY`.
    fn child(&mut self, pos: &Position) -> Result<String, ProofRefused> {
        let key = canonical(pos);
        if let Some((id, stored)) = self.nodes.get(&key) {
            let stored_text = stored.text();
            let symmetry = Symmetry::of(pos.dims())
                .iter()
                .copied()
                .find(|&s| pos.transform(s).text() == stored_text)
                .unwrap_or(Symmetry::Identity);
            return Ok(if symmetry == Symmetry::Identity {
                id.to_string()
            } else {
                format!("{id}~{}", symmetry_name(symmetry))
            });
        }
        let id = self.nodes.len();
        self.nodes.insert(key, (id, *pos));
        self.write(id, pos)?;
        Ok(id.to_string())
    }

    fn write(&mut self, id: usize, pos: &Position) -> Result<(), ProofRefused> {
        if pos.is_over() {
            self.lines.push((id, format!("{id} over")));
            return Ok(());
        }
        let moves: Vec<Cell> = pos.legal_moves().collect();
        if pos.turn() == self.attacker {
            // The move that keeps the claim, the best one first.
            let mut chosen = None;
            for &cell in &moves {
                let child = pos.play(cell).expect("a legal move");
                let score = self.values.value(&child)?.flip();
                let keeps = if self.win {
                    score == Score::Win
                } else {
                    score >= Score::Draw
                };
                if keeps && chosen.is_none_or(|(_, best)| score > best) {
                    chosen = Some((cell, score));
                }
            }
            let (cell, _) = chosen.expect("the claim holds here, so a move keeps it");
            let child = pos.play(cell).expect("a legal move");
            let to = self.child(&child)?;
            self.lines
                .push((id, format!("{id} play {},{} {to}", cell.row, cell.col)));
        } else {
            let mut replies = Vec::new();
            for &cell in &moves {
                let child = pos.play(cell).expect("a legal move");
                let to = self.child(&child)?;
                replies.push(format!("{},{}>{to}", cell.row, cell.col));
            }
            self.lines
                .push((id, format!("{id} reply {}", replies.join(" "))));
        }
        Ok(())
    }
}

fn symmetry_name(s: Symmetry) -> &'static str {
    match s {
        Symmetry::Identity => "identity",
        Symmetry::Rotate90 => "rotate90",
        Symmetry::Rotate180 => "rotate180",
        Symmetry::Rotate270 => "rotate270",
        Symmetry::MirrorColumns => "mirror-columns",
        Symmetry::MirrorRows => "mirror-rows",
        Symmetry::Transpose => "transpose",
        Symmetry::AntiTranspose => "anti-transpose",
    }
}

/// A proof of `pos`'s value, as the text of a proof file.
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
/// [`ProofRefused::TooBig`] for a game with too many positions to search whole.
pub fn write_proof(pos: &Position) -> Result<String, ProofRefused> {
    if pos.count_blanks() > PROOF_CELLS {
        return Err(ProofRefused::TooBig);
    }
    let mut values = Values {
        memo: HashMap::new(),
    };
    let mover = pos.turn();
    let score = values.value(pos)?;
    let dims = pos.dims();
    let root = if pos.ply() == 0 {
        "empty".to_string()
    } else {
        pos.to_string()
    };
    let (claim, sections) = match score {
        Score::Win => (format!("{mover} wins"), vec![(mover, true)]),
        Score::Loss => (
            format!("{} wins", mover.other()),
            vec![(mover.other(), true)],
        ),
        Score::Draw => (
            "draw".to_string(),
            vec![(Player::X, false), (Player::O, false)],
        ),
    };
    let mut out = format!(
        "ttt-proof 1\nboard {} {} {}\nrule {}\nroot {root}\nclaim {claim}\n",
        dims.rows(),
        dims.cols(),
        dims.k(),
        pos.rule().name()
    );
    for (attacker, win) in sections {
        let mut section = Section {
            values: &mut values,
            attacker,
            win,
            nodes: HashMap::new(),
            lines: Vec::new(),
        };
        section.child(pos)?;
        section.lines.sort_by_key(|(id, _)| *id);
        let _ = writeln!(
            out,
            "section {attacker} {}",
            if win { "win" } else { "draw" }
        );
        for (_, line) in section.lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Dims;

    #[test]
    fn a_board_too_big_is_refused_at_once() {
        let pos = Position::new(Dims::new(7, 7, 5).unwrap());
        let started = std::time::Instant::now();
        assert_eq!(write_proof(&pos), Err(ProofRefused::TooBig));
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert!(ProofRefused::TooBig.to_string().contains("4 x 4"));
    }

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
}
