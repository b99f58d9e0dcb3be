//! One section of a proof: the strategy by which its attacker gets at least the result it
//! claims, written node by node from the oracle's values.
//!
//! At the attacker's nodes the move written is, in this order: one that ends the game as
//! claimed; in a win section, one after which every reply loses at once (a double threat,
//! checked by the rules alone); in a draw section, one after which a certificate holds; else
//! one the proof-number search proved keeps the claim (it proves the cheapest first; in a
//! draw section, of those, the one that leaves the defender's lines weighing least), or the
//! first the oracle proves keeps it where the search's table has lost them. At the
//! defender's nodes every legal reply is written, but those after which the attacker wins at
//! once (`others-lose`), and in a win section those that leave standing the attacker's
//! threat, a win by fours were the defender to pass (`others-lose-to`, checked reply by
//! reply here as the checker will), and on boards of more than 128 cells, where fours do not
//! do it, those that the attacker's strategy for a pass still beats (`others-lose-as`: the
//! strategy is written as a node of its own, without symmetry, and replayed here as the
//! checker will: once with the defender passing, which gives its footprint under free-style,
//! then after each reply inside it). In a draw section a certificate ends the line wherever
//! one holds.
//!
//! Under free-style, on boards of up to 128 cells, a draw section also keeps each node's
//! relevance zone (the cells its proof that the defender cannot win rests on, as the solver's
//! zones; see [`crate::search::zone`]), worked out from the proof as it is written: a
//! certificate's cells, the attacker's move and its child's zone, the union over the
//! defender's replies. At the defender's nodes its most dangerous replies come first, and the
//! replies outside the zone of one written before it, when there are enough of them, are
//! covered by a `zone` instead: one node, the position where the defender holds every empty
//! cell outside the zone, whose draw the oracle proves before it is written (else the
//! replies are written one by one).

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use ttt_core::{Cell, Dims, Outcome, Player, Position, Rule, Symmetry};

use super::certify::Certify;
use super::footprint::Footprint;
use super::oracle::{Ask, Oracle};
use super::refused::ProofRefused;
use crate::board::bits::bit;

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
    /// Whether zones are kept and written (draw sections, free-style, up to 128 cells).
    zoned: bool,
    /// Each node's zone, by its number: every bit where none is known.
    zones: Vec<u128>,
    /// Whether a line of fours (`others-lose-to`, version 3 of the format) was written.
    pub(crate) lines_of_fours: bool,
    /// Whether a strategy replayed (`others-lose-as`, version 4 of the format) was written.
    pub(crate) strategies: bool,
    /// Each node's step, by its number, as the writer checks a strategy replayed.
    steps: Vec<Written>,
    /// How many strategies for a pass are being written, one inside another: their nodes
    /// are reached as written only (no symmetry), so that a replay after any reply finds
    /// each node where the checker will.
    planning: u32,
    /// What replays were found to hold: by node and position.
    replayed: HashMap<(usize, Position), bool>,
    /// Where a strategy is being replayed with the defender passing: its footprint so far.
    footprint: Option<Footprint>,
    /// Counts the nodes made, for a progress display.
    written: Option<Arc<AtomicU64>>,
}

/// No zone: every cell counts.
const NO_ZONE: u128 = u128::MAX;

/// A node's step in a win section, as the writer replays it: what the line says.
#[derive(Debug, Clone)]
enum Written {
    /// Not yet written (its subtree is being written).
    Pending,
    /// The game is over.
    Over,
    /// The attacker's move, and the child's node.
    Play(Cell, Child),
    /// The defender's replies listed with their nodes, and how the others lose.
    Reply {
        replies: Vec<(Cell, Child)>,
        others: Others,
    },
    /// A certificate, or a node with zones: never replayed (draw sections only).
    Other,
}

/// A child as a line names it: its node, and the symmetry that takes the position reached to
/// the node's.
#[derive(Debug, Clone, Copy)]
struct Child {
    id: usize,
    symmetry: Symmetry,
}

impl fmt::Display for Child {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.symmetry == Symmetry::Identity {
            write!(f, "{}", self.id)
        } else {
            write!(f, "{}~{}", self.id, symmetry_name(self.symmetry))
        }
    }
}

/// How a defender's node covers the replies it does not list.
#[derive(Debug, Clone)]
enum Others {
    /// It lists every one.
    None,
    /// They lose at once.
    AtOnce,
    /// They lose to these moves of the attacker's fours.
    To(Vec<Cell>),
    /// They lose to this node's strategy, replayed after them.
    As(usize),
}

/// The fewest replies, beyond those that lose at once or to fours, for which a strategy for
/// a pass is tried: it has a subtree of its own.
const PLAN_WORTH: usize = 6;

/// The most cells of a board on which no strategy for a pass is written.
const PLAN_CELLS: usize = 128;

/// The fewest replies a zone is written for: its node has a subtree of its own, and fewer
/// replies cost less written one by one (see docs/PERFORMANCE.md, "Proofs").
const ZONE_COVERS: usize = 4;

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
            zoned: false,
            zones: Vec::new(),
            lines_of_fours: false,
            strategies: false,
            steps: Vec::new(),
            planning: 0,
            replayed: HashMap::new(),
            footprint: None,
            written: None,
        }
    }

    /// Adds each node made to `counter` from now on.
    pub(crate) fn count_in(&mut self, counter: Option<Arc<AtomicU64>>) {
        self.written = counter;
    }

    /// Writes the section from `root`: its lines, node 0 first.
    pub(crate) fn write(&mut self, root: &Position) -> Result<Vec<String>, ProofRefused> {
        self.zoned = !self.win && root.rule() == Rule::Freestyle && root.dims().cells() <= 128;
        self.child(root)?;
        Ok(std::mem::take(&mut self.lines))
    }

    /// The node of `pos` (made, and written, the first time), as a child is written:
    /// `M` or `M~SYMMETRY`, with its zone on `pos`'s cells.
    fn child(&mut self, pos: &Position) -> Result<(Child, u128), ProofRefused> {
        let symmetries: &[Symmetry] = if self.planning > 0 {
            &[Symmetry::Identity]
        } else {
            Symmetry::of(pos.dims())
        };
        for &symmetry in symmetries {
            let image = if symmetry == Symmetry::Identity {
                *pos
            } else {
                pos.transform(symmetry)
            };
            if let Some(&id) = self.nodes.get(&image) {
                let zone = unmap_zone(pos.dims(), symmetry, self.zones[id]);
                return Ok((Child { id, symmetry }, zone));
            }
        }
        let id = self.nodes.len();
        if id >= self.most {
            return Err(ProofRefused::TooBig {
                positions: self.most,
            });
        }
        self.nodes.insert(*pos, id);
        if let Some(written) = &self.written {
            written.fetch_add(1, Ordering::Relaxed);
        }
        self.lines.push(String::new());
        self.zones.push(NO_ZONE);
        self.steps.push(Written::Pending);
        let (line, zone, step) = self.step(pos)?;
        self.steps[id] = step;
        self.lines[id] = format!("{id} {line}");
        self.zones[id] = if self.zoned { zone } else { NO_ZONE };
        let child = Child {
            id,
            symmetry: Symmetry::Identity,
        };
        Ok((child, self.zones[id]))
    }

    /// What the node of `pos` says, after its number, its zone, and the step as a replay
    /// reads it.
    fn step(&mut self, pos: &Position) -> Result<(String, u128, Written), ProofRefused> {
        let defender = self.attacker.other();
        if pos.is_over() {
            // A full board rests on nothing; a win of the attacker's on the defender's lines
            // staying open (marks there could have made its line first).
            let zone = match pos.outcome() {
                Outcome::Win(_) if self.zoned => self.oracle.board(pos).open_cells(defender),
                Outcome::Win(_) => NO_ZONE,
                _ => 0,
            };
            return Ok(("over".into(), zone, Written::Over));
        }
        if !self.win {
            let board = self.oracle.board(pos);
            if let Some(certificate) = self.certify.certificate(pos, &board, self.attacker) {
                let (line, zone) = certificate;
                return Ok((line, zone, Written::Other));
            }
        }
        if pos.turn() == self.attacker {
            let cell = self.choose(pos)?;
            let (to, zone) = self.child(&after(pos, cell))?;
            let zone = if zone == NO_ZONE {
                NO_ZONE
            } else {
                zone | bit(pos.dims().index(cell))
            };
            return Ok((
                format!("play {},{} {to}", cell.row, cell.col),
                zone,
                Written::Play(cell, to),
            ));
        }
        self.replies(pos)
    }

    /// A defender's node: its replies, and zones where they cover some.
    fn replies(&mut self, pos: &Position) -> Result<(String, u128, Written), ProofRefused> {
        let dims = pos.dims();
        let defender = pos.turn();
        let mut words = String::from("reply");
        let mut zone = 0u128;
        let mut others_lose = false;
        let mut moves: Vec<Cell> = pos.legal_moves().collect();
        // The solver's board of the position, where zones are kept.
        let mut board = self.zoned.then(|| self.oracle.board(pos));
        if let Some(board) = board.as_mut() {
            // The most dangerous replies first: their zones leave the quiet ones out.
            let mut danger = |cell: Cell| {
                let index = dims.index(cell);
                board.play(index);
                let danger = board.danger(defender);
                board.undo(index);
                std::cmp::Reverse(danger)
            };
            moves.sort_by_cached_key(|&cell| danger(cell));
        }
        // Zones of the replies written, each with the replies outside it.
        let mut covers: Vec<(u128, Vec<Cell>)> = Vec::new();
        // In a win section, the attacker's threat (a win by fours were the defender to pass),
        // looked for at the first reply that does not lose at once.
        let mut threat: Option<Option<Vec<Cell>>> = None;
        // How many of the threat's moves the replies left out needed, at most.
        let mut lose_to = 0;
        // In a win section, the replies still to write.
        let mut pending: Vec<Cell> = Vec::new();
        // The replies written, with their nodes.
        let mut listed: Vec<(Cell, Child)> = Vec::new();
        for reply in moves {
            let next = after(pos, reply);
            let at_once = self.loses_at_once(&next);
            if self.win && !at_once {
                let threat = threat.get_or_insert_with(|| self.oracle.threat_after_pass(pos));
                if let Some(used) = threat.as_ref().and_then(|line| self.loses_to(&next, line)) {
                    lose_to = lose_to.max(used);
                    continue;
                }
            }
            if at_once {
                others_lose = true;
                // The attacker's winning cells must stay free.
                for cell in next.line_cells(self.attacker) {
                    zone |= bit(dims.index(cell));
                }
                continue;
            }
            if self.win {
                // Written after the loop: a strategy for a pass may cover them.
                pending.push(reply);
                continue;
            }
            let index = dims.index(reply);
            if let Some((_, covered)) = covers.iter_mut().find(|(z, _)| z & bit(index) == 0) {
                covered.push(reply);
                continue;
            }
            let (to, child_zone) = self.child(&next)?;
            listed.push((reply, to));
            zone |= child_zone;
            if self.zoned && child_zone != NO_ZONE {
                covers.push((child_zone, Vec::new()));
            }
        }
        let mut lose_as = None;
        if pending.len() >= PLAN_WORTH && threat.as_ref().is_none_or(Option::is_none) {
            if let Some(plan) = self.plan(pos)? {
                let footprint = self.footprint(plan, pos);
                pending.retain(|&reply| {
                    let outside = footprint
                        .as_ref()
                        .is_some_and(|cells| !cells[dims.index(reply)]);
                    !outside && !self.replays(plan, after(pos, reply))
                });
                lose_as = Some(plan);
            }
        }
        zone |= self.list(pos, &pending, &mut listed)?;
        // The format lists the replies first, then the zones.
        let mut zone_words = String::new();
        for (cover, covered) in covers {
            if covered.len() < ZONE_COVERS {
                zone |= self.list(pos, &covered, &mut listed)?;
                continue;
            }
            let filled: Vec<Cell> = pos
                .empty_cells()
                .filter(|&c| cover & bit(dims.index(c)) == 0)
                .collect();
            let filled = pos
                .play_all(&filled)
                .expect("the cells filled are empty, and the game goes on");
            if self.keeps(&filled)? {
                let (to, _) = self.child(&filled)?;
                zone_words.push_str(" zone");
                for cell in pos
                    .empty_cells()
                    .filter(|&c| cover & bit(dims.index(c)) != 0)
                {
                    zone_words.push_str(&format!(" {},{}", cell.row, cell.col));
                }
                zone_words.push_str(&format!(" >{to}"));
                zone |= cover;
            } else {
                zone |= self.list(pos, &covered, &mut listed)?;
            }
        }
        for (cell, to) in &listed {
            words.push_str(&format!(" {},{}>{to}", cell.row, cell.col));
        }
        words.push_str(&zone_words);
        let others = if let Some(plan) = lose_as {
            self.strategies = true;
            words.push_str(&format!(" others-lose-as {plan}"));
            Others::As(plan)
        } else if let Some(Some(line)) = threat.filter(|_| lose_to > 0) {
            self.lines_of_fours = true;
            words.push_str(" others-lose-to");
            for cell in &line[..lose_to] {
                words.push_str(&format!(" {},{}", cell.row, cell.col));
            }
            Others::To(line[..lose_to].to_vec())
        } else if others_lose {
            words.push_str(" others-lose");
            if let Some(board) = &board {
                // A reply that loses at once must not make a line with marks added elsewhere.
                zone |= board.open_cells(defender);
            }
            Others::AtOnce
        } else {
            Others::None
        };
        let step = if zone_words.is_empty() {
            Written::Reply {
                replies: listed,
                others,
            }
        } else {
            Written::Other
        };
        Ok((words, zone, step))
    }

    /// The node of the attacker's strategy at `pos` were the defender to pass, written, when
    /// the threat searches find the attacker a win there: the strategy that the replies it
    /// still wins after are left to (`others-lose-as`).
    fn plan(&mut self, pos: &Position) -> Result<Option<usize>, ProofRefused> {
        // On the solver's boards the replies are few, and a strategy written for a pass saved
        // nothing (6x6 with four: 303 positions against 302).
        if pos.dims().cells() <= PLAN_CELLS {
            return Ok(None);
        }
        let Ok(pass) = pos.play_all(&[]) else {
            return Ok(None);
        };
        if pass.is_over()
            || (self.oracle.threat_win(&pass).is_none() && self.oracle.quiet_win(&pass).is_none())
        {
            return Ok(None);
        }
        self.planning += 1;
        let written = self.child(&pass);
        self.planning -= 1;
        // No symmetry while planning: the node itself.
        let (to, _) = written?;
        Ok(Some(to.id))
    }

    /// Whether node `id`'s strategy, written for another position, wins at `pos` as the
    /// checker replays it: its moves legal there, its listed replies answered (those on
    /// cells now taken passed over), the others covered as its line says.
    fn replays(&mut self, id: usize, pos: Position) -> bool {
        // A footprint is gathered from every position the replay goes through, so nothing
        // is taken from what other replays found.
        if self.footprint.is_some() {
            return self.replays_afresh(id, &pos);
        }
        if let Some(&known) = self.replayed.get(&(id, pos)) {
            return known;
        }
        let holds = self.replays_afresh(id, &pos);
        self.replayed.insert((id, pos), holds);
        holds
    }

    /// [`Section::replays`] through a child: the writer replays no symmetry (a child named
    /// by one is only written outside strategies).
    fn replays_child(&mut self, child: Child, pos: Position) -> bool {
        child.symmetry == Symmetry::Identity && self.replays(child.id, pos)
    }

    /// The footprint of node `plan`'s strategy from `pos` (the defender to move) with the
    /// defender passing, where the strategy holds there: the cells where one more stone of
    /// the defender's could change what its replay decides (docs/PROOFS.md, "Footprints").
    /// Under free-style only.
    fn footprint(&mut self, plan: usize, pos: &Position) -> Option<Vec<bool>> {
        if pos.rule() != Rule::Freestyle {
            return None;
        }
        let mut passed = *pos;
        passed.pass_unchecked();
        self.footprint = Some(Footprint::new(pos, self.attacker));
        let holds = self.replays_afresh(plan, &passed);
        let footprint = self.footprint.take()?;
        holds.then(|| footprint.cells()).flatten()
    }

    /// Adds `pos` to the footprint being gathered, if one is.
    fn see(&mut self, pos: &Position) {
        if let Some(footprint) = self.footprint.as_mut() {
            footprint.see(pos);
        }
    }

    fn replays_afresh(&mut self, id: usize, pos: &Position) -> bool {
        let step = self.steps[id].clone();
        self.see(pos);
        if pos.is_over() {
            return matches!(step, Written::Over) && self.achieves(pos.outcome());
        }
        match step {
            Written::Play(cell, child) => {
                if let Some(footprint) = self.footprint.as_mut() {
                    footprint.take(pos, cell);
                }
                pos.get(cell).is_none()
                    && pos.turn() == self.attacker
                    && self.replays_child(child, after(pos, cell))
            }
            Written::Reply { replies, others } => {
                if pos.turn() == self.attacker {
                    return false;
                }
                for &(cell, child) in &replies {
                    if pos.get(cell).is_none() && !self.replays_child(child, after(pos, cell)) {
                        return false;
                    }
                }
                let listed: Vec<Cell> = replies.iter().map(|&(c, _)| c).collect();
                let left: Vec<Cell> = pos.legal_moves().filter(|c| !listed.contains(c)).collect();
                left.into_iter().all(|reply| {
                    let next = after(pos, reply);
                    if let Some(footprint) = self.footprint.as_mut() {
                        footprint.see_after_defender(&next);
                    }
                    match &others {
                        Others::None => false,
                        Others::AtOnce => self.loses_at_once(&next),
                        Others::To(line) => {
                            let mut footprint = self.footprint.take();
                            let lost = self.loses_to_seen(&next, line, &mut |at, four| {
                                if let Some(f) = footprint.as_mut() {
                                    match four {
                                        None => f.see_after_defender(at),
                                        Some(cell) => {
                                            f.take(at, cell);
                                            f.see(at);
                                        }
                                    }
                                }
                            });
                            self.footprint = footprint;
                            lost.is_some()
                        }
                        Others::As(plan) => self.loses_at_once(&next) || self.replays(*plan, next),
                    }
                })
            }
            Written::Pending | Written::Over | Written::Other => false,
        }
    }

    /// Writes the nodes of `replies` at `pos` one by one, adding them to `listed`: the union
    /// of their zones.
    fn list(
        &mut self,
        pos: &Position,
        replies: &[Cell],
        listed: &mut Vec<(Cell, Child)>,
    ) -> Result<u128, ProofRefused> {
        let mut zone = 0;
        for &reply in replies {
            let (to, child_zone) = self.child(&after(pos, reply))?;
            listed.push((reply, to));
            zone |= child_zone;
        }
        Ok(zone)
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
        wins_at_once(pos)
    }

    /// Whether, at `pos` after a defender's reply, the attacker wins by the line of fours
    /// `line` (its own moves, the defender's forced), and with how many of its moves: the
    /// checker's test for a reply left out by `others-lose-to` (docs/PROOFS.md).
    fn loses_to(&self, pos: &Position, line: &[Cell]) -> Option<usize> {
        self.loses_to_seen(pos, line, &mut |_, _| {})
    }

    /// [`Section::loses_to`], telling `seen` each position it decides something at: those
    /// after a defender's move (`pos`, and each after a forced block) with no cell, and
    /// those after each of the attacker's fours with the four's cell.
    fn loses_to_seen(
        &self,
        pos: &Position,
        line: &[Cell],
        seen: &mut dyn FnMut(&Position, Option<Cell>),
    ) -> Option<usize> {
        let mut at = *pos;
        for (played, &cell) in line.iter().enumerate() {
            seen(&at, None);
            if self.loses_at_once(&at) {
                return Some(played);
            }
            if at.is_over() {
                return None;
            }
            let four = at.play(cell).ok()?;
            seen(&four, Some(cell));
            if four.is_over() {
                return self.achieves(four.outcome()).then_some(played + 1);
            }
            if wins_at_once(&four) {
                return None;
            }
            match four.line_cells(self.attacker)[..] {
                [] => return None,
                [block] => match four.play(block) {
                    Ok(next) => at = next,
                    Err(_) => return Some(played + 1),
                },
                _ => return Some(played + 1),
            }
        }
        seen(&at, None);
        self.loses_at_once(&at).then_some(line.len())
    }

    /// Whether the oracle proves that the claim holds at `pos`, whichever side is to move.
    fn keeps(&mut self, pos: &Position) -> Result<bool, ProofRefused> {
        if pos.is_over() {
            return Ok(self.achieves(pos.outcome()));
        }
        // The question about the mover's value, and the answer the claim needs: the attacker
        // at least draws (wins: more than a draw), the defender at most draws (loses: less).
        let (ask, wanted) = match (pos.turn() == self.attacker, self.win) {
            (true, false) => (Ask::AtLeastDraw, true),
            (true, true) => (Ask::AtMostDraw, false),
            (false, false) => (Ask::AtMostDraw, true),
            (false, true) => (Ask::AtLeastDraw, false),
        };
        Ok(self.oracle.ask(pos, ask)? == wanted)
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
            // A move after which every reply loses at once needs no search below it: it leaves
            // the attacker two winning cells at least.
            for &cell in &moves {
                let next = after(pos, cell);
                if next.is_over() || next.line_cells(self.attacker).len() < 2 {
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
            // A win by threats: fours and threes leave the defender few replies. The threat
            // search's win is a proof of its own: no other search need confirm it.
            if let Some(cell) = self
                .oracle
                .threat_win(pos)
                .and_then(|line| line.first().copied())
            {
                if moves.contains(&cell) {
                    return Ok(cell);
                }
            }
            if let Some(cell) = self.oracle.quiet_win(pos) {
                return Ok(cell);
            }
            if let Some(&cell) = self.oracle.settled_moves(pos, self.attacker, true)?.first() {
                return Ok(cell);
            }
        } else {
            let mut board = self.oracle.board(pos);
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
            // The moves the proof-number search proved keep the draw: it found the cheapest
            // proofs first.
            let proven = self.oracle.settled_moves(pos, maker, false)?;
            if let Some(&(_, cell)) = order.iter().find(|(_, c)| proven.contains(c)) {
                return Ok(cell);
            }
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

/// Whether the side to move at `pos` has a legal move that wins at once.
fn wins_at_once(pos: &Position) -> bool {
    let mover = pos.turn();
    pos.line_cells(mover).into_iter().any(|c| {
        pos.play(c)
            .is_ok_and(|end| end.outcome() == Outcome::Win(mover))
    })
}

/// `pos` after `cell`, a legal move.
fn after(pos: &Position, cell: Cell) -> Position {
    let mut next = *pos;
    next.play_unchecked(cell);
    next
}

/// The zone, on `dims`' cells, of a position whose image under `symmetry` has zone `zone`.
fn unmap_zone(dims: Dims, symmetry: Symmetry, zone: u128) -> u128 {
    if zone == NO_ZONE || symmetry == Symmetry::Identity {
        return zone;
    }
    dims.all_cells()
        .filter(|&c| zone & bit(dims.index(symmetry.apply(dims, c))) != 0)
        .fold(0, |z, c| z | bit(dims.index(c)))
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
