//! Checking a proof with the rules alone: every position is computed from its parent by
//! `ttt-core`'s rules, every attacker's move must be legal, every defender's legal reply
//! must be answered (or be shown to lose at once or to a line of fours, or lie outside a
//! zone whose position, with the defender on every empty cell outside it, is itself
//! proven, or lose to a strategy checked again from the position after it), every
//! certificate must hold, and every end must be a result the section claims.

use std::collections::{HashMap, HashSet};
use std::fmt;

use ttt_core::{Cell, Dims, Outcome, PlayError, Player, Position, Rule, Setup, Symmetry};

use crate::footprint::Footprint;
use crate::format::{self, Child, Claim, Goal, Section, Step};

/// A proof that holds.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The value proven.
    pub claim: Claim,
    /// The board.
    pub dims: Dims,
    /// The rule.
    pub rule: Rule,
    /// The position proven.
    pub root: Position,
    /// Positions checked, over every section.
    pub positions: usize,
    /// Replies left to a strategy (`others-lose-as`) that lie outside its footprint, so that
    /// the strategy's check with the defender passing covered them without a replay each.
    pub spared: usize,
}

/// How to check.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Replay a strategy after every reply it covers, even one outside its footprint (the
    /// result is the same, only slower: for those who would rather not rest on the
    /// footprint's argument).
    pub replay_all: bool,
}

/// Why a proof does not hold: the first position that does not, where it is in the file, and
/// what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError {
    /// The file's line, from 1, where known.
    pub line: Option<usize>,
    /// The node, where the error is at one.
    pub node: Option<usize>,
    /// The node's position in the notation.
    pub position: Option<String>,
    /// Whether the file is not a proof in the format at all (a line or a header that cannot
    /// be read), rather than a proof that does not hold.
    pub unreadable: bool,
    /// What does not hold.
    pub message: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(node) = self.node {
            write!(f, "node {node}")?;
            if let Some(line) = self.line {
                write!(f, " (line {line})")?;
            }
            if let Some(position) = &self.position {
                write!(f, ", position {position}")?;
            }
            write!(f, ": ")?;
        } else if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for CheckError {}

fn plain(message: impl Into<String>) -> CheckError {
    CheckError {
        line: None,
        node: None,
        position: None,
        message: message.into(),
        unreadable: false,
    }
}

/// A header that cannot be read.
fn unreadable(message: impl Into<String>) -> CheckError {
    CheckError {
        unreadable: true,
        ..plain(message)
    }
}

/// `row 2, column 3` (from 1) and the file's `1,2` (from 0) together.
fn named(cell: Cell) -> String {
    format!(
        "{},{} (row {}, column {})",
        cell.row,
        cell.col,
        cell.row + 1,
        cell.col + 1
    )
}

/// Why a move cannot be played, without naming its cell again in another way than
/// [`named`] does.
fn why_not(e: PlayError) -> String {
    match e {
        PlayError::GameOver => "the game is over".into(),
        PlayError::OffBoard(_) => "it is off the board".into(),
        PlayError::Occupied(_) => "it is already taken".into(),
        PlayError::Forbidden { why, .. } => format!("{why}: renju forbids it to X"),
    }
}

/// Checks the proof `text`.
///
/// # Errors
/// [`CheckError`] naming the first line or position that does not hold.
pub fn check(text: &str) -> Result<Checked, CheckError> {
    check_with(text, Options::default())
}

/// Checks the proof `text` as `options` say.
///
/// # Errors
/// [`CheckError`] naming the first line or position that does not hold.
pub fn check_with(text: &str, options: Options) -> Result<Checked, CheckError> {
    let file = format::parse(text).map_err(|e| CheckError {
        // Line 0: the file ended before the header did.
        line: (e.line > 0).then_some(e.line),
        unreadable: true,
        ..plain(e.message)
    })?;
    let (rows, cols, k) = file.board;
    let dims = Dims::new(rows, cols, k).map_err(|e| unreadable(format!("the board: {e}")))?;
    let root = if file.root == "empty" {
        Position::with_rule(dims, file.rule).map_err(|e| unreadable(e.to_string()))?
    } else {
        let setup =
            Setup::from_notation(&file.root).map_err(|e| unreadable(format!("root: {e}")))?;
        if (setup.rows(), setup.cols()) != (rows, cols) {
            return Err(unreadable(
                "the root position is not on the board the header names",
            ));
        }
        Position::from_setup_under(&setup, k, file.rule)
            .map_err(|e| unreadable(format!("root: {e}")))?
    };
    let wanted: Vec<Goal> = match file.claim {
        Claim::Wins(player) => vec![Goal { player, win: true }],
        Claim::Draw => vec![
            Goal {
                player: Player::X,
                win: false,
            },
            Goal {
                player: Player::O,
                win: false,
            },
        ],
    };
    let mut given: Vec<Goal> = file.sections.iter().map(|s| s.goal).collect();
    given.sort_by_key(|g| (g.player == Player::O, g.win));
    if given != wanted {
        let has: Vec<String> = file
            .sections
            .iter()
            .map(|s| {
                format!(
                    "`section {} {}`",
                    s.goal.player,
                    if s.goal.win { "win" } else { "draw" }
                )
            })
            .collect();
        return Err(plain(format!(
            "the claim {} needs exactly {}; the file has {}",
            file.claim,
            match file.claim {
                Claim::Wins(p) => format!("one section, `section {p} win`"),
                Claim::Draw => "two sections, `section X draw` and `section O draw`".into(),
            },
            if has.is_empty() {
                "none".to_string()
            } else {
                has.join(", ")
            }
        )));
    }
    let mut positions = 0;
    let mut spared = 0;
    for section in &file.sections {
        let run = check_section(section, root, options)?;
        positions += run.positions;
        spared += run.spared;
    }
    Ok(Checked {
        claim: file.claim,
        dims,
        rule: file.rule,
        root,
        positions,
        spared,
    })
}

/// Whether `outcome` is a result `goal` claims.
fn achieves(goal: Goal, outcome: Outcome) -> bool {
    match outcome {
        Outcome::Win(p) => p == goal.player,
        Outcome::Draw => !goal.win,
        Outcome::InProgress => false,
    }
}

/// Checks one section from its node 0 at `root`.
fn check_section(
    section: &Section,
    root: Position,
    options: Options,
) -> Result<Run<'_>, CheckError> {
    let mut run = Run::new(section, options, None);
    run.check_from(0, root, None)?;
    Ok(run)
}

/// Where a node's strategy is being checked again: after the defender's reply `reply` at
/// node `at`, by `others-lose-as` (node `strategy`); no reply: with the defender passing,
/// for the strategy's footprint.
#[derive(Debug, Clone, Copy)]
struct Replay {
    strategy: usize,
    at: usize,
    reply: Option<Cell>,
}

/// One section's check: the positions already checked (any node of them holds), and the
/// count.
struct Run<'a> {
    section: &'a Section,
    goal: Goal,
    options: Options,
    /// Positions whose nodes were checked, or are being checked (a failure anywhere ends
    /// the whole check, so a position met again needs no second check; a position depends
    /// only on positions with more stones, so no proof rests on itself).
    proven: HashSet<Position>,
    positions: usize,
    spared: usize,
    /// Where this run walks a strategy with the defender passing: the footprint it gathers.
    footprint: Option<Footprint>,
    /// The strategies whose footprints were worked out, with their node and position.
    #[cfg(test)]
    met: Vec<(usize, usize, Position)>,
}

impl<'a> Run<'a> {
    fn new(section: &'a Section, options: Options, footprint: Option<Footprint>) -> Run<'a> {
        Run {
            section,
            goal: section.goal,
            options,
            proven: HashSet::new(),
            positions: 0,
            spared: 0,
            footprint,
            #[cfg(test)]
            met: Vec::new(),
        }
    }

    /// The footprint of node `strategy`'s strategy from `pos` (the defender to move) with
    /// the defender passing, where the walk from there holds and the footprint follows all
    /// of it. The walk's positions count as checked.
    fn footprint_of(&mut self, strategy: usize, at: usize, pos: &Position) -> Option<Vec<bool>> {
        #[cfg(test)]
        self.met.push((strategy, at, *pos));
        let mut passed = *pos;
        passed.pass_unchecked();
        let footprint = Footprint::new(pos, self.goal.player);
        let mut walk = Run::new(self.section, self.options, Some(footprint));
        let held = walk.check_from(
            strategy,
            passed,
            Some(Replay {
                strategy,
                at,
                reply: None,
            }),
        );
        self.positions += walk.positions;
        held.ok()?;
        walk.footprint?.into_cells()
    }

    /// Checks the nodes reached from node `start` at `start_pos`: the section itself
    /// (`replay` none), or a strategy checked again after a reply it was not written for,
    /// where each node's position is fixed apart from the rest of the section.
    #[allow(clippy::too_many_lines)]
    fn check_from(
        &mut self,
        start: usize,
        start_pos: Position,
        replay: Option<Replay>,
    ) -> Result<(), CheckError> {
        let section = self.section;
        let goal = self.goal;
        // Each node's position as first reached, and the node whose line reached it (none
        // for the start), to name in a contradiction.
        let mut reached: HashMap<usize, (Position, Option<usize>)> =
            HashMap::from([(start, (start_pos, None))]);
        let mut done: HashSet<usize> = HashSet::new();
        let mut stack = vec![start];
        while let Some(id) = stack.pop() {
            if !done.insert(id) {
                continue;
            }
            let pos = reached[&id].0;
            if replay.is_some() && self.proven.contains(&pos) {
                continue;
            }
            self.proven.insert(pos);
            self.positions += 1;
            if let Some(footprint) = self.footprint.as_mut() {
                footprint.visit(&pos);
            }
            let fail = |line: Option<usize>, message: String| CheckError {
                line,
                node: Some(id),
                position: Some(pos.to_string()),
                message: match replay {
                    None => message,
                    Some(r) => format!(
                        "{message} (node {}'s strategy, checked again {} at node {})",
                        r.strategy,
                        r.reply
                            .map_or("with the defender passing".to_string(), |reply| {
                                format!("after the reply {}", named(reply))
                            }),
                        r.at
                    ),
                },
                unreadable: false,
            };
            let Some((step, line)) = section.nodes.get(&id) else {
                // Pointed at the line that names the node, where the mistake most likely is.
                let parent = reached[&id].1;
                let named_at = parent.and_then(|p| section.nodes.get(&p)).map(|(_, l)| *l);
                return Err(fail(
                    named_at.or(Some(section.line)),
                    match parent {
                        Some(p) => {
                            format!(
                                "the section has no line for this node; the line given is node \
                                 {p}'s, which names it"
                            )
                        }
                        None => "this node is reached but the section has no line for it".into(),
                    },
                ));
            };
            let line = Some(*line);
            let play = |cell: Cell| {
                pos.play(cell).map_err(|e| {
                    fail(
                        line,
                        format!("{} cannot be played: {}", named(cell), why_not(e)),
                    )
                })
            };
            // The node `child` names is `after`, reached by `how`.
            let mut reach = |after: Position, child: Child, how: &str| -> Result<(), CheckError> {
                if !Symmetry::of(pos.dims()).contains(&child.symmetry) {
                    return Err(fail(
                        line,
                        "that symmetry is not one of this board's".into(),
                    ));
                }
                let image = after.transform(child.symmetry);
                match reached.get(&child.id) {
                    Some((known, first)) if *known != image => Err(fail(
                        line,
                        format!(
                            "{how}, node {} is {} with {} to move, but {} as {} with {} to move",
                            child.id,
                            image,
                            image.turn(),
                            first.map_or("it is the root".to_string(), |parent| format!(
                                "node {parent} reached it first"
                            )),
                            known,
                            known.turn()
                        ),
                    )),
                    Some(_) => Ok(()),
                    None => {
                        reached.insert(child.id, (image, Some(id)));
                        stack.push(child.id);
                        Ok(())
                    }
                }
            };
            if pos.is_over() {
                if *step != Step::Over && achieves(goal, pos.outcome()) {
                    return Err(fail(line, "the game is over here: write `over`".into()));
                }
                if !achieves(goal, pos.outcome()) {
                    return Err(fail(
                        line,
                        format!(
                            "the game ended {}, not as the section claims",
                            words(pos.outcome())
                        ),
                    ));
                }
                continue;
            }
            let attacking = pos.turn() == goal.player;
            match step {
                Step::Over => return Err(fail(line, "the game is not over here".into())),
                Step::Play(cell, child) => {
                    if !attacking {
                        return Err(fail(
                            line,
                            format!("{} is to move: a defender's node lists replies", pos.turn()),
                        ));
                    }
                    reach(play(*cell)?, *child, &format!("after {}", named(*cell)))?;
                    if let Some(footprint) = self.footprint.as_mut() {
                        footprint.take(*cell);
                        if child.symmetry != Symmetry::Identity {
                            footprint.spoil();
                        }
                    }
                }
                Step::Reply {
                    replies,
                    zones,
                    others_lose,
                    lose_to,
                    lose_as,
                } => {
                    if attacking {
                        return Err(fail(
                            line,
                            format!("{} is to move: an attacker's node plays a move", pos.turn()),
                        ));
                    }
                    let listed: HashSet<Cell> = replies.iter().map(|(c, _)| *c).collect();
                    if listed.len() != replies.len() {
                        return Err(fail(line, "a reply is listed twice".into()));
                    }
                    for &(cell, child) in replies {
                        // A strategy checked again after a reply it was not written for may
                        // list a reply on the cell that reply took: no longer a legal one.
                        if replay.is_some() && pos.get(cell).is_some() {
                            continue;
                        }
                        reach(play(cell)?, child, &format!("after {}", named(cell)))?;
                        if child.symmetry != Symmetry::Identity {
                            if let Some(footprint) = self.footprint.as_mut() {
                                footprint.spoil();
                            }
                        }
                    }
                    if !zones.is_empty() {
                        if let Some(footprint) = self.footprint.as_mut() {
                            footprint.spoil();
                        }
                    }
                    if let Some(strategy) = lose_as {
                        if !section.nodes.contains_key(strategy) {
                            return Err(fail(
                                line,
                                format!(
                                    "others-lose-as names node {strategy}, but the section has \
                                     no line for it"
                                ),
                            ));
                        }
                    }
                    if !zones.is_empty() && pos.rule() != Rule::Freestyle {
                        return Err(fail(
                            line,
                            format!(
                                "a zone holds under free-style only: under {}, a stone more can \
                                 hurt its own side",
                                pos.rule()
                            ),
                        ));
                    }
                    if let Some(off) = lose_to.iter().find(|&&c| !pos.dims().contains(c)) {
                        return Err(fail(
                            line,
                            format!("the line of fours' cell {} is off the board", named(*off)),
                        ));
                    }
                    if !lose_to.is_empty() && pos.rule() == Rule::Caro {
                        return Err(fail(
                            line,
                            "others-lose-to does not hold under caro: a stone of the defender's can \
                             block the end of a line that would have won"
                                .into(),
                        ));
                    }
                    let mut outside: Vec<HashSet<Cell>> = Vec::new();
                    for (cells, child) in zones {
                        if let Some(off) = cells.iter().find(|&&c| !pos.dims().contains(c)) {
                            return Err(fail(
                                line,
                                format!("the zone's cell {} is off the board", named(*off)),
                            ));
                        }
                        let zone: HashSet<Cell> = cells.iter().copied().collect();
                        let filled: Vec<Cell> =
                            pos.empty_cells().filter(|c| !zone.contains(c)).collect();
                        let after = pos
                            .play_all(&filled)
                            .map_err(|e| fail(line, format!("a zone's position: {e}")))?;
                        reach(
                            after,
                            *child,
                            "with the defender on every empty cell outside a zone",
                        )?;
                        outside.push(filled.into_iter().collect());
                    }
                    let moves: Vec<Cell> = pos.legal_moves().collect();
                    // The strategy's footprint, worked out at the first reply that needs it:
                    // under free-style, a reply outside it needs no replay.
                    let mut strategy_cells: Option<Option<Vec<bool>>> = None;
                    let shortcut = self.footprint.is_none()
                        && !self.options.replay_all
                        && pos.rule() == Rule::Freestyle;
                    // The attacker's winning cells, once for all the replies left out (a reply
                    // takes at most one of them; under caro it may spoil others).
                    let wins = (pos.rule() != Rule::Caro).then(|| pos.line_cells(goal.player));
                    for reply in moves.into_iter().filter(|c| !listed.contains(c)) {
                        if outside.iter().any(|o| o.contains(&reply)) {
                            continue;
                        }
                        if !others_lose {
                            return Err(fail(
                                line,
                                format!(
                                    "the reply {} is not answered{}",
                                    named(reply),
                                    if zones.is_empty() {
                                        ""
                                    } else {
                                        ", and it lies inside every zone"
                                    }
                                ),
                            ));
                        }
                        if let Some(strategy) = *lose_as {
                            let wins = wins.as_deref();
                            if loses_to(&pos, reply, goal, &[], wins, self.footprint.as_mut()) {
                                continue;
                            }
                            if shortcut {
                                let cells = strategy_cells
                                    .get_or_insert_with(|| self.footprint_of(strategy, id, &pos));
                                if cells
                                    .as_ref()
                                    .is_some_and(|cells| !cells[pos.dims().index(reply)])
                                {
                                    self.spared += 1;
                                    continue;
                                }
                            }
                            let after = play(reply)?;
                            self.check_from(
                                strategy,
                                after,
                                Some(Replay {
                                    strategy,
                                    at: id,
                                    reply: Some(reply),
                                }),
                            )?;
                            continue;
                        }
                        let wins = wins.as_deref();
                        if !loses_to(&pos, reply, goal, lose_to, wins, self.footprint.as_mut()) {
                            let ended = pos.play(reply).ok().filter(Position::is_over);
                            return Err(fail(
                                line,
                                match ended {
                                    Some(end) => format!(
                                        "the reply {} is not listed, and it ends the game {}",
                                        named(reply),
                                        words(end.outcome())
                                    ),
                                    None if lose_to.is_empty() => format!(
                                        "the reply {} is not listed, and the attacker has no move \
                                         that wins at once after it",
                                        named(reply)
                                    ),
                                    None => format!(
                                        "the reply {} is not listed, and it does not lose to the \
                                         line of fours given",
                                        named(reply)
                                    ),
                                },
                            ));
                        }
                    }
                }
                Step::Pairing(pairs) => {
                    if let Some(footprint) = self.footprint.as_mut() {
                        footprint.spoil();
                    }
                    check_pairing(&pos, goal, pairs).map_err(|message| fail(line, message))?;
                }
                Step::Potential => {
                    if let Some(footprint) = self.footprint.as_mut() {
                        footprint.spoil();
                    }
                    check_potential(&pos, goal).map_err(|message| fail(line, message))?;
                }
            }
        }
        Ok(())
    }
}

fn words(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("in {p}'s win"),
        Outcome::Draw => "in a draw".into(),
        Outcome::InProgress => "not yet".into(),
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

/// Whether the defender's `reply` at `pos` loses: the game ends as the goal claims, or the
/// attacker has a move that wins at once, or the attacker wins by the line of fours `line`
/// (its own moves; the defender's are forced and worked out here). A four leaves the
/// attacker one winning cell: the defender, with none of its own, must take it, and the
/// line goes on; two winning cells, and the defender cannot take both. Under free-style,
/// standard and renju no stone of the defender's on another cell stops a winning cell (a
/// line of the attacker's own stones), which is why any other reply loses at once.
/// `footprint`, where a strategy's footprint is being gathered, is given the positions and
/// the moves this goes through. `wins`, where given, are the attacker's winning cells at
/// `pos`: by the same fact, those left after the reply are the attacker's winning cells
/// then, found without trying each (not under caro, where none may be given).
fn loses_to(
    pos: &Position,
    reply: Cell,
    goal: Goal,
    line: &[Cell],
    wins: Option<&[Cell]>,
    mut footprint: Option<&mut Footprint>,
) -> bool {
    let Ok(mut at) = pos.play(reply) else {
        return false;
    };
    let mut moves = line.iter();
    let mut first = true;
    loop {
        // `at` follows a defender's move from `pos` or from `four`, both visited.
        if let Some(f) = footprint.as_deref_mut() {
            f.visit_after_defender(&at);
        }
        if at.is_over() {
            return achieves(goal, at.outcome());
        }
        let won = match wins.filter(|_| first) {
            Some(wins) => wins.iter().any(|&c| c != reply),
            None => wins_at_once(&at),
        };
        if won {
            return true;
        }
        first = false;
        let Some(&cell) = moves.next() else {
            return false;
        };
        let Ok(four) = at.play(cell) else {
            return false;
        };
        if let Some(f) = footprint.as_deref_mut() {
            f.take(cell);
            f.visit(&four);
        }
        if four.is_over() {
            return achieves(goal, four.outcome());
        }
        if wins_at_once(&four) {
            return false;
        }
        match four.line_cells(goal.player)[..] {
            [] => return false,
            [block] => match four.play(block) {
                Ok(next) => at = next,
                // The defender may not block there (a forbidden point): the attacker wins.
                Err(_) => return true,
            },
            _ => return true,
        }
    }
}

/// Why a certificate that the defender never completes a line cannot stand in `goal`'s
/// section at all, if it cannot.
fn certificate_refused(pos: &Position, goal: Goal, what: &str) -> Option<String> {
    if goal.win {
        return Some(format!("a {what} proves a draw at most, not a win"));
    }
    if pos.rule() == Rule::Renju && goal.player == Player::X {
        return Some(format!(
            "under renju, the moves X's {what} asks for may be forbidden to X"
        ));
    }
    None
}

/// Checks the Erdős–Selfridge weight count at `pos`: each line of K cells with no stone of
/// the attacker weighs 2^(the defender's stones in it), out of 2^K for a completed line. With
/// the attacker to move the total must be below 2^K; with the defender to move, the total
/// plus the most one move can add (the weight of the open lines through one empty cell) must
/// be. Then the attacker, always taking the empty cell whose open lines weigh most, keeps the
/// total from ever growing over a pair of moves, and no line is ever the defender's alone.
fn check_potential(pos: &Position, goal: Goal) -> Result<(), String> {
    if let Some(refused) = certificate_refused(pos, goal, "weight count") {
        return Err(refused);
    }
    let dims = pos.dims();
    let attacker = goal.player;
    let defender = attacker.other();
    let mut total: u128 = 0;
    let mut through: HashMap<Cell, u128> = HashMap::new();
    for cells in dims.windows() {
        if cells.iter().any(|&c| pos.get(c) == Some(attacker)) {
            continue;
        }
        let held = cells
            .iter()
            .filter(|&&c| pos.get(c) == Some(defender))
            .count();
        let weight = 1u128 << held;
        total += weight;
        for &c in cells.iter().filter(|&&c| pos.get(c).is_none()) {
            *through.entry(c).or_default() += weight;
        }
    }
    let most = if pos.turn() == defender {
        through.values().copied().max().unwrap_or(0)
    } else {
        0
    };
    let whole = 1u128 << dims.k();
    if total + most < whole {
        Ok(())
    } else {
        Err(format!(
            "the weight count does not hold: the open lines weigh {total}{} out of {whole}",
            if most > 0 {
                format!(", and the defender's best move adds {most}")
            } else {
                String::new()
            }
        ))
    }
}

/// Checks that `pairs` keep the defender from ever completing a line at `pos`: disjoint
/// pairs on the board, each untouched or answered (one stone of each side), and every line of
/// K cells with no stone of the attacker holds an untouched pair. Then, whenever the defender
/// takes a cell of an untouched pair, the attacker takes the other, and no line of K is ever
/// the defender's alone.
fn check_pairing(pos: &Position, goal: Goal, pairs: &[(Cell, Cell)]) -> Result<(), String> {
    if let Some(refused) = certificate_refused(pos, goal, "pairing") {
        return Err(refused);
    }
    let dims = pos.dims();
    let attacker = goal.player;
    let mut used = HashSet::new();
    let mut untouched = HashSet::new();
    for &(a, b) in pairs {
        for c in [a, b] {
            if !dims.contains(c) {
                return Err(format!("the pair cell {} is off the board", named(c)));
            }
            if !used.insert(c) {
                return Err(format!("the cell {} is in two pairs", named(c)));
            }
        }
        match (pos.get(a), pos.get(b)) {
            (None, None) => {
                untouched.insert((a, b));
            }
            (Some(x), Some(y)) if x != y => {}
            _ => {
                return Err(format!(
                    "the pair {}-{} is neither untouched nor answered",
                    named(a),
                    named(b)
                ))
            }
        }
    }
    for cells in dims.windows() {
        if cells.iter().any(|&c| pos.get(c) == Some(attacker)) {
            continue;
        }
        let held = untouched
            .iter()
            .any(|&(a, b)| cells.contains(&a) && cells.contains(&b));
        if !held {
            return Err(format!(
                "the line of {} from {} to {} holds no untouched pair",
                dims.k(),
                named(cells[0]),
                named(cells[cells.len() - 1]),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win on 15 x 15 whose node 129 leaves most of O's replies to X's strategy for a pass.
    const STRATEGY: &str = include_str!("../tests/data/strategy.proof");

    /// Whether node `strategy` of `section`, checked again in full from `after`, holds.
    fn replays(section: &Section, strategy: usize, at: usize, after: Position) -> bool {
        let all = Options { replay_all: true };
        let replay = Replay {
            strategy,
            at,
            reply: None,
        };
        Run::new(section, all, None)
            .check_from(strategy, after, Some(replay))
            .is_ok()
    }

    /// Every reply outside a strategy's footprint, replayed in full, holds: at the
    /// strategies' own positions, and with one more stone of O's next to the stones (every
    /// third such cell), where the strategy may hold or not and its footprint is another.
    /// The replies tried are those within two cells of a stone: a reply further off touches
    /// no window the stones are in.
    #[test]
    fn a_reply_outside_the_footprint_loses_to_the_strategy_replayed() {
        let file = format::parse(STRATEGY).unwrap();
        let setup = Setup::from_notation(&file.root).unwrap();
        let root = Position::from_setup_under(&setup, file.board.2, file.rule).unwrap();
        let section = &file.sections[0];
        let mut run = Run::new(section, Options::default(), None);
        run.check_from(0, root, None).unwrap();
        assert!(!run.met.is_empty());
        let (mut footprints, mut spared, mut failed_inside) = (0, 0, 0);
        for &(strategy, at, pos) in &run.met {
            let near = |pos: &Position, c: Cell, within: i32| {
                (-within..=within).any(|dr| {
                    (-within..=within).any(|dc| {
                        pos.dims()
                            .step(c, (dr, dc), 1)
                            .is_some_and(|n| pos.get(n).is_some())
                    })
                })
            };
            let next_to: Vec<Cell> = pos.empty_cells().filter(|&c| near(&pos, c, 1)).collect();
            let with_stone = next_to.iter().step_by(3).map(|&c| {
                let mut more = pos.play_all(&[c]).unwrap();
                // The stone was O's, and O is to move again.
                more.pass_unchecked();
                more
            });
            for q in std::iter::once(pos).chain(with_stone) {
                if q.is_over() {
                    continue;
                }
                let Some(cells) =
                    Run::new(section, Options::default(), None).footprint_of(strategy, at, &q)
                else {
                    continue;
                };
                footprints += 1;
                let goal = section.goal;
                for reply in q.legal_moves().filter(|&c| near(&q, c, 2)) {
                    if loses_to(&q, reply, goal, &[], None, None) {
                        continue;
                    }
                    let holds = replays(section, strategy, at, q.play(reply).unwrap());
                    if cells[q.dims().index(reply)] {
                        failed_inside += usize::from(!holds);
                    } else {
                        spared += 1;
                        assert!(
                            holds,
                            "{q}: the reply {reply:?} lies outside the footprint, but the \
                             strategy replayed after it does not hold"
                        );
                    }
                }
            }
        }
        // The test has teeth: many footprints, many replies spared, and replies inside
        // footprints that the strategy does not beat.
        assert!(footprints > 5, "{footprints}");
        assert!(spared > 200, "{spared}");
        assert!(failed_inside > 10, "{failed_inside}");
    }
}
