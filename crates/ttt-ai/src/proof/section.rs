//! One section of a proof: the strategy by which its attacker gets at least the result it
//! claims, written node by node from the oracle's values.
//!
//! At the attacker's nodes the move written is, in this order: one that ends the game as
//! claimed; in a win section, one after which every reply loses at once (a double threat,
//! checked by the rules alone); in a draw section, one after which a certificate holds; else
//! the move the search names, or the first the oracle proves keeps the claim. At the
//! defender's nodes every legal reply is written, but those after which the attacker wins at
//! once (`others-lose`). In a draw section a certificate ends the line wherever one holds.

use std::collections::HashMap;

use ttt_core::{Cell, Outcome, Player, Position, Symmetry};

use super::certify::Certify;
use super::oracle::Oracle;
use super::refused::ProofRefused;
use crate::board::Board;
use crate::value::Value;

/// One section being written.
pub(crate) struct Section<'a> {
    oracle: &'a mut Oracle,
    certify: Certify,
    attacker: Player,
    /// Whether the section claims a win (else at least a draw).
    win: bool,
    /// Each node's position, as first reached.
    nodes: HashMap<Position, usize>,
    /// Each node's line, by its number.
    lines: Vec<String>,
    /// The most nodes the section may have.
    most: usize,
}

impl<'a> Section<'a> {
    pub(crate) fn new(
        oracle: &'a mut Oracle,
        attacker: Player,
        win: bool,
        most: usize,
    ) -> Section<'a> {
        Section {
            oracle,
            certify: Certify::default(),
            attacker,
            win,
            nodes: HashMap::new(),
            lines: Vec::new(),
            most,
        }
    }

    /// Writes the section from `root`: its lines, node 0 first.
    pub(crate) fn write(mut self, root: &Position) -> Result<Vec<String>, ProofRefused> {
        self.child(root)?;
        Ok(self.lines)
    }

    /// The node of `pos` (made, and written, the first time), as a child is written:
    /// `M` or `M~SYMMETRY`.
    fn child(&mut self, pos: &Position) -> Result<String, ProofRefused> {
        for &symmetry in Symmetry::of(pos.dims()) {
            let image = if symmetry == Symmetry::Identity {
                *pos
            } else {
                pos.transform(symmetry)
            };
            if let Some(&id) = self.nodes.get(&image) {
                return Ok(if symmetry == Symmetry::Identity {
                    id.to_string()
                } else {
                    format!("{id}~{}", symmetry_name(symmetry))
                });
            }
        }
        let id = self.nodes.len();
        if id >= self.most {
            return Err(ProofRefused::TooBig {
                positions: self.most,
            });
        }
        self.nodes.insert(*pos, id);
        self.lines.push(String::new());
        let line = self.step(pos)?;
        self.lines[id] = format!("{id} {line}");
        Ok(id.to_string())
    }

    /// What the node of `pos` says, after its number.
    fn step(&mut self, pos: &Position) -> Result<String, ProofRefused> {
        if pos.is_over() {
            return Ok("over".into());
        }
        if !self.win {
            if let Some(words) = self.certify.certificate(pos, self.attacker) {
                return Ok(words);
            }
        }
        if pos.turn() == self.attacker {
            let cell = self.choose(pos)?;
            let to = self.child(&after(pos, cell))?;
            return Ok(format!("play {},{} {to}", cell.row, cell.col));
        }
        let mut words = String::from("reply");
        let mut others_lose = false;
        let moves: Vec<Cell> = pos.legal_moves().collect();
        for reply in moves {
            let next = after(pos, reply);
            if self.loses_at_once(&next) {
                others_lose = true;
                continue;
            }
            let to = self.child(&next)?;
            words.push_str(&format!(" {},{}>{to}", reply.row, reply.col));
        }
        if others_lose {
            words.push_str(" others-lose");
        }
        Ok(words)
    }

    /// Whether `outcome` is a result the section claims.
    fn achieves(&self, outcome: Outcome) -> bool {
        match outcome {
            Outcome::Win(p) => p == self.attacker,
            Outcome::Draw => !self.win,
            Outcome::InProgress => false,
        }
    }

    /// Whether, at `pos` after a defender's reply, the game is over as claimed or the
    /// attacker has a move that wins at once: the checker's test for a reply left out.
    fn loses_at_once(&self, pos: &Position) -> bool {
        if pos.is_over() {
            return self.achieves(pos.outcome());
        }
        pos.legal_moves()
            .any(|m| after(pos, m).outcome() == Outcome::Win(self.attacker))
    }

    /// Whether the oracle proves that the claim holds at `pos`, the defender to move.
    fn keeps(&mut self, pos: &Position) -> Result<bool, ProofRefused> {
        if pos.is_over() {
            return Ok(self.achieves(pos.outcome()));
        }
        let value = self.oracle.value(pos)?;
        Ok(if self.win {
            value == Value::Loss
        } else {
            value != Value::Win
        })
    }

    /// The attacker's move at `pos`.
    fn choose(&mut self, pos: &Position) -> Result<Cell, ProofRefused> {
        let moves: Vec<Cell> = pos.legal_moves().collect();
        if let Some(&cell) = moves
            .iter()
            .find(|&&m| self.achieves(after(pos, m).outcome()))
        {
            return Ok(cell);
        }
        if self.win {
            // A move after which every reply loses at once needs no search below it.
            for &cell in &moves {
                let next = after(pos, cell);
                if !self.loses_at_once(&next) {
                    continue;
                }
                let replies: Vec<Cell> = next.legal_moves().collect();
                if replies
                    .iter()
                    .all(|&r| self.loses_at_once(&after(&next, r)))
                {
                    return Ok(cell);
                }
            }
            // A win by threats: fours and threes leave the defender few replies.
            if let Some(cell) = self
                .oracle
                .threat_win(pos)
                .and_then(|line| line.first().copied())
            {
                if moves.contains(&cell) && self.keeps(&after(pos, cell))? {
                    return Ok(cell);
                }
            }
        } else {
            let mut board = Board::new(pos);
            if pos.rule() != ttt_core::Rule::Renju || self.attacker == Player::O {
                for &cell in &moves {
                    let index = pos.dims().index(cell);
                    // The certificate after the move is the oracle's answer: the defender
                    // cannot win.
                    if self.certify.holds_after(&mut board, index, self.attacker) {
                        return Ok(cell);
                    }
                }
            }
            // The move that leaves the defender's open lines weighing least, of those that
            // keep the draw: certificates come soonest after it.
            let maker = self.attacker.other();
            let mut order: Vec<(u64, Cell)> = moves
                .iter()
                .map(|&cell| {
                    let index = pos.dims().index(cell);
                    board.play(index);
                    let danger = board.danger(maker);
                    board.undo(index);
                    (danger, cell)
                })
                .collect();
            order.sort_by_key(|&(danger, _)| danger);
            for (_, cell) in order {
                if self.keeps(&after(pos, cell))? {
                    return Ok(cell);
                }
            }
        }
        let (_, best) = self.oracle.solve(pos)?;
        if let Some(cell) = best.filter(|c| moves.contains(c)) {
            if self.keeps(&after(pos, cell))? {
                return Ok(cell);
            }
        }
        for &cell in &moves {
            if self.keeps(&after(pos, cell))? {
                return Ok(cell);
            }
        }
        Err(ProofRefused::NoMoveKeeps {
            position: pos.to_string(),
        })
    }
}

/// `pos` after `cell`, a legal move.
fn after(pos: &Position, cell: Cell) -> Position {
    let mut next = *pos;
    next.play_unchecked(cell);
    next
}

/// The name the proof format gives a symmetry (the checker keeps its own table: the two
/// share no code).
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
