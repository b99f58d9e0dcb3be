//! A proof search in jobs, for games that take hours: the tree near the root is kept
//! explicitly, and each of its open leaves is handed in turn to the solver as a job of
//! bounded time and memory. A job that settles its leaf records the value, which is carried
//! up the tree; a job that runs out of time opens its leaf instead (its moves, up to
//! symmetry, become new leaves). Everything the search knows is the tree, written as text
//! ([`Frontier::to_text`]) after every job: killed and started again from that text, it
//! loses at most the job that was running. This is the job-level proof search of the large
//! connect6 and gomoku solves, with the solver as its job.
//!
//! The caller runs the jobs ([`Frontier::next_job`], [`Frontier::record`]) and keeps the
//! file; this module does no I/O.

use std::fmt::{self, Write as _};
use std::time::Duration;

use ttt_core::{Cell, Dims, Position, Rule, Setup, Symmetry};

use crate::value::Value;

/// The first line of a frontier's text, with the format's version.
const HEADER: &str = "ttt-frontier 1";

/// One position of the tree.
#[derive(Debug, Clone)]
struct Node {
    /// The node above, and the move from it (none for the root).
    parent: Option<(usize, Cell)>,
    /// The proven value for the side to move, once known.
    value: Option<Value>,
    /// The nodes below, once the leaf is opened.
    children: Option<Vec<usize>>,
    /// The time jobs spent on this node itself.
    spent: Duration,
    /// The time jobs spent on this node and every node below it.
    spent_under: Duration,
}

/// The tree of a job-level proof search (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Frontier {
    root: Position,
    nodes: Vec<Node>,
}

/// How far a [`Frontier`] has come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontierProgress {
    /// The root's value, once proven.
    pub value: Option<Value>,
    /// Each move from the root (up to symmetry) and its value for the side that makes it,
    /// once the root is opened.
    pub first_moves: Vec<(Cell, Option<Value>)>,
    /// Positions of the tree settled, and still open (leaves waiting for a job).
    pub settled: usize,
    /// Leaves waiting for a job.
    pub open: usize,
    /// The time every job took, together.
    pub spent: Duration,
}

/// Why a frontier's text was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontierError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FrontierError {}

impl Frontier {
    /// A search of `root` that has not started: the root is the one open leaf.
    #[must_use]
    pub fn new(root: &Position) -> Frontier {
        let mut frontier = Frontier {
            root: *root,
            nodes: vec![Node {
                parent: None,
                value: Value::at_end(root),
                children: None,
                spent: Duration::ZERO,
                spent_under: Duration::ZERO,
            }],
        };
        frontier.settle_from(0);
        frontier
    }

    /// The position searched.
    #[must_use]
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The root's value, once proven.
    #[must_use]
    pub fn value(&self) -> Option<Value> {
        self.nodes[0].value
    }

    /// The position of node `id`.
    fn position(&self, id: usize) -> Position {
        let mut moves = Vec::new();
        let mut at = id;
        while let Some((parent, cell)) = self.nodes[at].parent {
            moves.push(cell);
            at = parent;
        }
        let mut pos = self.root;
        for &cell in moves.iter().rev() {
            pos.play_unchecked(cell);
        }
        pos
    }

    /// The open leaf to search next, and its position; `None` once the root is proven.
    ///
    /// From the root down, among the children that could still change their parent's value,
    /// the one that has had the least time so far: every line is widened in turn, and none
    /// is starved.
    #[must_use]
    pub fn next_job(&self) -> Option<(usize, Position)> {
        let mut at = 0;
        loop {
            let node = &self.nodes[at];
            if node.value.is_some() {
                return None;
            }
            let Some(children) = &node.children else {
                return Some((at, self.position(at)));
            };
            // A child whose value is known no longer matters to an open parent: a known win
            // for the parent would have settled it, and the others are counted.
            at = children
                .iter()
                .copied()
                .filter(|&c| self.nodes[c].value.is_none())
                .min_by_key(|&c| self.nodes[c].spent_under)?;
        }
    }

    /// Records a job on node `id` that took `spent`: its proven value, or `None` when it ran
    /// out of time, which opens the node (its legal moves, one per symmetric class, become
    /// leaves).
    pub fn record(&mut self, id: usize, value: Option<Value>, spent: Duration) {
        if id >= self.nodes.len() || self.nodes[id].value.is_some() {
            return;
        }
        self.nodes[id].spent += spent;
        let mut at = Some(id);
        while let Some(node) = at {
            self.nodes[node].spent_under += spent;
            at = self.nodes[node].parent.map(|(p, _)| p);
        }
        match value {
            Some(value) => self.nodes[id].value = Some(value),
            None if self.nodes[id].children.is_none() => self.open(id),
            None => {}
        }
        self.settle_from(id);
    }

    /// Opens leaf `id`: a child for each legal move, up to the position's symmetries.
    fn open(&mut self, id: usize) {
        let pos = self.position(id);
        let symmetries: Vec<Symmetry> = Symmetry::of(pos.dims())
            .iter()
            .copied()
            .filter(|&s| pos.transform(s) == pos)
            .collect();
        let mut seen: Vec<Position> = Vec::new();
        let mut children = Vec::new();
        let moves: Vec<Cell> = pos.legal_moves().collect();
        for cell in moves {
            let mut child = pos;
            child.play_unchecked(cell);
            // Symmetries of the parent map its children onto each other.
            if symmetries
                .iter()
                .any(|&s| seen.contains(&child.transform(s)))
            {
                continue;
            }
            seen.push(child);
            children.push(self.nodes.len());
            self.nodes.push(Node {
                parent: Some((id, cell)),
                value: Value::at_end(&child),
                children: None,
                spent: Duration::ZERO,
                spent_under: Duration::ZERO,
            });
        }
        self.nodes[id].children = Some(children);
    }

    /// Carries what is known at `id` (and below it) up to the root.
    fn settle_from(&mut self, id: usize) {
        let mut at = Some(id);
        while let Some(node) = at {
            if self.nodes[node].value.is_none() {
                if let Some(children) = &self.nodes[node].children {
                    let values: Vec<Option<Value>> =
                        children.iter().map(|&c| self.nodes[c].value).collect();
                    let for_me = |v: Option<Value>| v.map(Value::for_opponent);
                    self.nodes[node].value =
                        if values.iter().any(|&v| for_me(v) == Some(Value::Win)) {
                            Some(Value::Win)
                        } else if values.iter().all(Option::is_some) {
                            values.iter().filter_map(|&v| for_me(v)).max()
                        } else {
                            None
                        };
                }
            }
            at = self.nodes[node].parent.map(|(p, _)| p);
        }
    }

    /// How far the search has come.
    #[must_use]
    pub fn progress(&self) -> FrontierProgress {
        let first_moves = self.nodes[0]
            .children
            .iter()
            .flatten()
            .map(|&c| {
                let (_, cell) = self.nodes[c].parent.expect("a child has a parent");
                (cell, self.nodes[c].value.map(Value::for_opponent))
            })
            .collect();
        FrontierProgress {
            value: self.value(),
            first_moves,
            settled: self.nodes.iter().filter(|n| n.value.is_some()).count(),
            open: self
                .nodes
                .iter()
                .filter(|n| n.value.is_none() && n.children.is_none())
                .count(),
            spent: self.nodes.iter().map(|n| n.spent).sum(),
        }
    }

    /// The tree as text, to be read back by [`Frontier::parse`].
    #[must_use]
    pub fn to_text(&self) -> String {
        let dims = self.root.dims();
        let root = if self.root.ply() == 0 {
            "empty".to_string()
        } else {
            self.root.to_string()
        };
        let mut out = format!(
            "{HEADER}\nboard {} {} {}\nrule {}\nroot {root}\n",
            dims.rows(),
            dims.cols(),
            dims.k(),
            self.root.rule().name()
        );
        for (id, node) in self.nodes.iter().enumerate() {
            let parent = match node.parent {
                Some((p, cell)) => format!("{p} {},{}", cell.row, cell.col),
                None => "- -".to_string(),
            };
            let value = node.value.map_or("open", Value::as_str);
            let _ = writeln!(
                out,
                "{id} {parent} {value} {} {}",
                node.spent.as_millis(),
                u8::from(node.children.is_some())
            );
        }
        let _ = writeln!(out, "check {:016x}", checksum(&out));
        out
    }

    /// Reads a tree [`Frontier::to_text`] wrote. The last line is a checksum of the rest,
    /// against a file damaged or edited by hand; and the values of opened positions are not
    /// read but worked out again from the positions below them.
    ///
    /// # Errors
    /// [`FrontierError`] naming the first line that is not as written.
    pub fn parse(text: &str) -> Result<Frontier, FrontierError> {
        let err = |line: usize, message: &str| FrontierError {
            line,
            message: message.to_string(),
        };
        let body_end = text.trim_end().rfind('\n').map_or(0, |i| i + 1);
        let (body, last) = text.split_at(body_end);
        let last_line = body.lines().count() + 1;
        let sum = last
            .trim()
            .strip_prefix("check ")
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or_else(|| err(last_line, "the file does not end with its `check` line"))?;
        if sum != checksum(body) {
            return Err(err(
                last_line,
                "the checksum does not match: the file was changed after it was written",
            ));
        }
        let text = body;
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let mut field = |name: &str| -> Result<(usize, String), FrontierError> {
            let (n, line) = lines
                .next()
                .ok_or_else(|| err(0, &format!("the file ends before its `{name}` line")))?;
            let rest = line
                .strip_prefix(name)
                .ok_or_else(|| err(n, &format!("expected `{name} ...`")))?;
            Ok((n, rest.trim().to_string()))
        };
        let (n, version) = field("ttt-frontier")?;
        if version != "1" {
            return Err(err(n, "not a frontier of version 1"));
        }
        let (n, board) = field("board")?;
        let sizes: Vec<usize> = board
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| err(n, "the board is ROWS COLS K"))?;
        let [rows, cols, k] = sizes[..] else {
            return Err(err(n, "the board is ROWS COLS K"));
        };
        let dims = Dims::new(rows, cols, k).map_err(|e| err(n, &e.to_string()))?;
        let (n, rule) = field("rule")?;
        let rule: Rule = rule.parse().map_err(|_| err(n, "an unknown rule"))?;
        let (n, root) = field("root")?;
        let root = if root == "empty" {
            Position::with_rule(dims, rule).map_err(|e| err(n, &e.to_string()))?
        } else {
            let setup = Setup::from_notation(&root).map_err(|e| err(n, &e.to_string()))?;
            if (setup.rows(), setup.cols()) != (rows, cols) {
                return Err(err(n, "the root is not on the board named"));
            }
            Position::from_setup_under(&setup, k, rule).map_err(|e| err(n, &e.to_string()))?
        };
        let mut nodes: Vec<Node> = Vec::new();
        let mut positions: Vec<Position> = Vec::new();
        for (n, line) in lines {
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [id, parent, cell, value, spent, opened] = words[..] else {
                return Err(err(
                    n,
                    "a node is ID PARENT ROW,COL VALUE MILLISECONDS OPENED",
                ));
            };
            if id.parse::<usize>().ok() != Some(nodes.len()) {
                return Err(err(n, "the nodes are numbered in order from 0"));
            }
            let (link, pos) = if nodes.is_empty() {
                if (parent, cell) != ("-", "-") {
                    return Err(err(n, "node 0 is the root, with no parent"));
                }
                (None, root)
            } else {
                let p: usize = parent
                    .parse()
                    .ok()
                    .filter(|&p| p < nodes.len())
                    .ok_or_else(|| err(n, "the parent is not an earlier node"))?;
                let (r, c) = cell
                    .split_once(',')
                    .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                    .ok_or_else(|| err(n, "a move is ROW,COL"))?;
                let cell = Cell::new(r, c);
                let pos = positions[p]
                    .play(cell)
                    .map_err(|e| err(n, &format!("the move cannot be played: {e}")))?;
                (Some((p, cell)), pos)
            };
            let value = match value {
                "open" => None,
                "win" => Some(Value::Win),
                "draw" => Some(Value::Draw),
                "loss" => Some(Value::Loss),
                _ => return Err(err(n, "a value is open, win, draw or loss")),
            };
            let spent = spent
                .parse()
                .map(Duration::from_millis)
                .map_err(|_| err(n, "the time is whole milliseconds"))?;
            let opened = match opened {
                "0" => false,
                "1" => true,
                _ => return Err(err(n, "opened is 0 or 1")),
            };
            nodes.push(Node {
                parent: link,
                value,
                children: opened.then(Vec::new),
                spent,
                spent_under: Duration::ZERO,
            });
            positions.push(pos);
            if let Some((p, _)) = link {
                let child = nodes.len() - 1;
                match &mut nodes[p].children {
                    Some(children) => children.push(child),
                    None => return Err(err(n, "the parent was not opened")),
                }
            }
        }
        if nodes.is_empty() {
            return Err(err(0, "the file holds no nodes"));
        }
        // An opened position's value is its children's, whatever the file says.
        for node in &mut nodes {
            if node.children.is_some() {
                node.value = None;
            }
        }
        // Children come after their parents: adding up from the last node counts each once.
        for id in (0..nodes.len()).rev() {
            let own = nodes[id].spent;
            nodes[id].spent_under += own;
            let under = nodes[id].spent_under;
            if let Some((p, _)) = nodes[id].parent {
                nodes[p].spent_under += under;
            }
        }
        let mut frontier = Frontier { root, nodes };
        for id in (0..frontier.nodes.len()).rev() {
            if frontier.nodes[id].children.is_some() {
                frontier.settle_from(id);
            }
        }
        Ok(frontier)
    }
}

/// The FNV-1a hash of `text`: the file's checksum.
fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn empty(rows: usize, cols: usize, k: usize) -> Position {
        Position::new(Dims::new(rows, cols, k).unwrap())
    }

    /// Runs jobs that prove nothing until the tree is `depth` deep, then jobs that solve.
    fn run(frontier: &mut Frontier, fail_first: usize) -> usize {
        let mut jobs = 0;
        while let Some((id, pos)) = frontier.next_job() {
            let value = if jobs < fail_first {
                None
            } else {
                Solver::new(&pos).solve().value
            };
            frontier.record(id, value, Duration::from_millis(3));
            jobs += 1;
            assert!(jobs < 10_000, "the search does not end");
        }
        jobs
    }

    #[test]
    fn jobs_that_fail_open_the_tree_and_the_values_carry_up() {
        for (rows, cols, k, value) in [
            (3, 3, 3, Value::Draw),
            (3, 4, 3, Value::Win),
            (4, 4, 4, Value::Draw),
        ] {
            let mut frontier = Frontier::new(&empty(rows, cols, k));
            let jobs = run(&mut frontier, 20);
            assert!(jobs > 20);
            assert_eq!(frontier.value(), Some(value), "{rows}x{cols} K={k}");
            let progress = frontier.progress();
            assert_eq!(progress.value, Some(value));
            assert!(!progress.first_moves.is_empty());
            // Symmetry: 3 x 3 opens with three moves (corner, edge, centre).
            if (rows, cols) == (3, 3) {
                assert_eq!(progress.first_moves.len(), 3);
            }
        }
    }

    #[test]
    fn the_text_reads_back_to_the_same_search() {
        let mut frontier = Frontier::new(&empty(3, 4, 3));
        for _ in 0..6 {
            let (id, _) = frontier.next_job().unwrap();
            frontier.record(id, None, Duration::from_millis(1500));
        }
        let text = frontier.to_text();
        let back = Frontier::parse(&text).unwrap();
        assert_eq!(back.to_text(), text);
        assert_eq!(
            back.next_job().map(|j| j.0),
            frontier.next_job().map(|j| j.0)
        );
        assert_eq!(back.progress(), frontier.progress());
        // Resumed, it finishes as it would have.
        let mut back = back;
        run(&mut back, 0);
        assert_eq!(back.value(), Some(Value::Win));
    }

    #[test]
    fn a_damaged_text_is_refused_with_its_line() {
        let text = Frontier::new(&empty(3, 3, 3)).to_text();
        assert!(Frontier::parse("")
            .unwrap_err()
            .message
            .contains("`check` line"));
        let bad = text.replace("board 3 3 3", "board 3 x 3");
        let e = Frontier::parse(&bad).unwrap_err();
        assert!(e.message.contains("checksum"), "{e}");
        // Edited and given a checksum that matches: the lines are read as they are.
        let resummed = |t: &str| {
            let body = &t[..t.trim_end().rfind('\n').unwrap() + 1];
            format!("{body}check {:016x}\n", checksum(body))
        };
        assert_eq!(Frontier::parse(&resummed(&bad)).unwrap_err().line, 2);
        let mut opened = Frontier::new(&empty(3, 3, 3));
        let (id, _) = opened.next_job().unwrap();
        opened.record(id, None, Duration::ZERO);
        let bad = resummed(&opened.to_text().replace(" 0,0 ", " 7,7 "));
        let e = Frontier::parse(&bad).unwrap_err();
        assert!(e.message.contains("cannot be played"), "{e}");
        let bad = resummed(&opened.to_text().replace(" open ", " maybe "));
        assert!(Frontier::parse(&bad).is_err());
        // An opened root claimed won is worked out again from its children: still open.
        let claimed = resummed(&opened.to_text().replacen("0 - - open", "0 - - win", 1));
        assert_eq!(Frontier::parse(&claimed).unwrap().value(), None);
    }
}
