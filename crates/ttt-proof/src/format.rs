//! Reading a proof file into plain data: the header, and each section's node lines by id.
//! Nothing here knows the rules; [`crate::check`] does.

use std::collections::HashMap;
use std::fmt;

use ttt_core::{Cell, Player, Rule, Symmetry};

/// What a proof claims for its root position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// This player can force a win.
    Wins(Player),
    /// Neither player can force a win.
    Draw,
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Wins(p) => write!(f, "{p} wins"),
            Claim::Draw => f.write_str("draw"),
        }
    }
}

/// What one section proves: that `player` gets at least `goal` against any defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goal {
    /// The attacker of the section.
    pub player: Player,
    /// `true`: a win; `false`: at least a draw.
    pub win: bool,
}

/// Where a node's child stands: node `id`, whose position is the actual one moved by
/// `symmetry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Child {
    /// The child node.
    pub id: usize,
    /// The symmetry that takes the position reached to the child's.
    pub symmetry: Symmetry,
}

/// What a node line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The attacker plays this move.
    Play(Cell, Child),
    /// The defender's replies: each listed one with its node; each zone with the node of the
    /// position where the defender holds every empty cell outside it; `others_lose`: every
    /// legal reply not listed and outside no zone leaves the attacker a move that wins at once,
    /// or (version 3) loses to the line of fours `lose_to`.
    Reply {
        /// The listed replies.
        replies: Vec<(Cell, Child)>,
        /// The zones (version 2): a reply outside one needs no line of its own.
        zones: Vec<(Vec<Cell>, Child)>,
        /// Whether the unlisted replies are claimed to lose at once.
        others_lose: bool,
        /// The attacker's moves of the line of fours the unlisted replies lose to (version 3,
        /// `others-lose-to`); empty: they lose at once.
        lose_to: Vec<Cell>,
        /// The node whose strategy, checked again from the position after each unlisted reply,
        /// wins there (version 4, `others-lose-as`).
        lose_as: Option<usize>,
    },
    /// A pairing: the attacker (avoiding a loss) answers a move on one cell of a pair with the
    /// other.
    Pairing(Vec<(Cell, Cell)>),
    /// The Erdős–Selfridge weight count: the lines still open to the defender weigh too
    /// little for the defender ever to complete one.
    Potential,
    /// The game is over here, with a result the section claims.
    Over,
}

/// One section: its goal and its nodes.
#[derive(Debug, Clone)]
pub struct Section {
    /// What it proves.
    pub goal: Goal,
    /// Each node's step and the line it is on.
    pub nodes: HashMap<usize, (Step, usize)>,
    /// The line of the section's header.
    pub line: usize,
}

/// A whole proof file, read but not checked.
#[derive(Debug, Clone)]
pub struct ProofFile {
    /// Rows, columns and K.
    pub board: (usize, usize, usize),
    /// The rule.
    pub rule: Rule,
    /// The root position in the notation.
    pub root: String,
    /// The format's version, 1 to 4 (2 adds zones, 3 lines of fours, 4 strategies replayed).
    pub version: u8,
    /// The value claimed.
    pub claim: Claim,
    /// One section for a win, two for a draw.
    pub sections: Vec<Section>,
}

/// A line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

/// The symmetries by the names proofs give them.
pub const SYMMETRY_NAMES: [(&str, Symmetry); 8] = [
    ("identity", Symmetry::Identity),
    ("rotate90", Symmetry::Rotate90),
    ("rotate180", Symmetry::Rotate180),
    ("rotate270", Symmetry::Rotate270),
    ("mirror-columns", Symmetry::MirrorColumns),
    ("mirror-rows", Symmetry::MirrorRows),
    ("transpose", Symmetry::Transpose),
    ("anti-transpose", Symmetry::AntiTranspose),
];

/// The name a proof gives `symmetry`.
#[must_use]
pub fn symmetry_name(symmetry: Symmetry) -> &'static str {
    SYMMETRY_NAMES
        .iter()
        .find(|(_, s)| *s == symmetry)
        .map_or("identity", |(name, _)| name)
}

fn error(line: usize, message: impl Into<String>) -> FormatError {
    FormatError {
        line,
        message: message.into(),
    }
}

fn cell(text: &str, line: usize) -> Result<Cell, FormatError> {
    let (r, c) = text.split_once(',').ok_or_else(|| {
        error(
            line,
            format!("{text:?} is not a cell: write ROW,COL from 0"),
        )
    })?;
    let number = |t: &str| {
        t.parse::<u8>().map_err(|_| {
            error(
                line,
                format!("{text:?} is not a cell: write ROW,COL from 0"),
            )
        })
    };
    Ok(Cell::new(number(r)?, number(c)?))
}

fn child(text: &str, line: usize) -> Result<Child, FormatError> {
    let (id, symmetry) = match text.split_once('~') {
        Some((id, name)) => {
            let symmetry = SYMMETRY_NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, s)| *s)
                .ok_or_else(|| error(line, format!("{name:?} is not a symmetry")))?;
            (id, symmetry)
        }
        None => (text, Symmetry::Identity),
    };
    let id = id
        .parse()
        .map_err(|_| error(line, format!("{id:?} is not a node number")))?;
    Ok(Child { id, symmetry })
}

/// A reply line's words after `reply` (and before `others-lose`): replies `ROW,COL>NODE`,
/// then, from version 2, zones `zone ROW,COL ROW,COL ... >NODE`.
#[allow(clippy::type_complexity)]
fn replies(
    words: &[&str],
    version: u8,
    n: usize,
) -> Result<(Vec<(Cell, Child)>, Vec<(Vec<Cell>, Child)>), FormatError> {
    let mut replies = Vec::new();
    let mut zones = Vec::new();
    let mut zone: Option<Vec<Cell>> = None;
    for &w in words {
        if w == "zone" {
            if version < 2 {
                return Err(error(n, "zones need version 2 of the format (ttt-proof 2)"));
            }
            if zone.is_some() {
                return Err(error(n, "a zone must end with >NODE before the next one"));
            }
            zone = Some(Vec::new());
        } else if let Some(cells) = zone.as_mut() {
            match w.strip_prefix('>') {
                Some("") => {
                    return Err(error(n, "write a zone's node as >NODE, with no space"));
                }
                Some(node) => {
                    let cells = zone.take().unwrap_or_default();
                    zones.push((cells, child(node, n)?));
                }
                None => cells.push(cell(w, n)?),
            }
        } else if !zones.is_empty() {
            return Err(error(n, "replies come before the zones"));
        } else if w == "others-lose" || w == "others-lose-to" || w == "others-lose-as" {
            return Err(error(n, format!("{w} comes last on a reply line")));
        } else {
            let (c, ch) = w
                .split_once('>')
                .ok_or_else(|| error(n, format!("{w:?} is not a reply: write ROW,COL>NODE")))?;
            replies.push((cell(c, n)?, child(ch, n)?));
        }
    }
    if zone.is_some() {
        return Err(error(
            n,
            "a zone must end with >NODE, the node of its position",
        ));
    }
    Ok((replies, zones))
}

/// Reads a proof file.
///
/// # Errors
/// [`FormatError`] naming the first line that is not what the format says.
pub fn parse(text: &str) -> Result<ProofFile, FormatError> {
    // Some editors save a byte-order mark before the first line: it is no part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let mut header = |key: &str| -> Result<(usize, Vec<String>), FormatError> {
        let (n, line) = lines
            .next()
            .ok_or_else(|| error(0, format!("the file ends before its {key:?} line")))?;
        let mut words = line.split_whitespace();
        if words.next() != Some(key) {
            return Err(error(n, format!("expected the {key:?} line")));
        }
        Ok((n, words.map(str::to_string).collect()))
    };
    let (n, version) = header("ttt-proof")?;
    let version = match version.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["1"] => 1,
        ["2"] => 2,
        ["3"] => 3,
        ["4"] => 4,
        _ => return Err(error(n, "this checker reads versions 1 to 4 of the format")),
    };
    let (n, board) = header("board")?;
    let numbers: Vec<usize> = board.iter().filter_map(|w| w.parse().ok()).collect();
    let [rows, cols, k] = numbers[..] else {
        return Err(error(n, "write board ROWS COLS K"));
    };
    let (n, rule) = header("rule")?;
    let rule = rule
        .first()
        .and_then(|r| r.parse::<Rule>().ok())
        .ok_or_else(|| error(n, "write rule freestyle|standard|renju|caro"))?;
    let (_, root) = header("root")?;
    let root = root.join("");
    let (n, claim) = header("claim")?;
    let claim = match claim.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["X", "wins"] => Claim::Wins(Player::X),
        ["O", "wins"] => Claim::Wins(Player::O),
        ["draw"] => Claim::Draw,
        _ => return Err(error(n, "write claim X wins, claim O wins or claim draw")),
    };
    let mut sections: Vec<Section> = Vec::new();
    for (n, line) in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "section" {
            let goal = match words[1..] {
                [p, "win"] | [p, "draw"] => Goal {
                    player: match p {
                        "X" => Player::X,
                        "O" => Player::O,
                        _ => return Err(error(n, "write section X|O win|draw")),
                    },
                    win: words[2] == "win",
                },
                _ => return Err(error(n, "write section X|O win|draw")),
            };
            sections.push(Section {
                goal,
                nodes: HashMap::new(),
                line: n,
            });
            continue;
        }
        let section = sections
            .last_mut()
            .ok_or_else(|| error(n, "a node before any section line"))?;
        let id: usize = words[0]
            .parse()
            .map_err(|_| error(n, format!("{:?} is not a node number", words[0])))?;
        let step = match words.get(1).copied() {
            Some("play") if words.len() == 4 => Step::Play(cell(words[2], n)?, child(words[3], n)?),
            Some("reply") => {
                let mut rest = &words[2..];
                let mut lose_to = Vec::new();
                let mut lose_as = None;
                let mut others_lose = rest.last() == Some(&"others-lose");
                if others_lose {
                    rest = &rest[..rest.len() - 1];
                } else if let Some(at) = rest.iter().position(|&w| w == "others-lose-as") {
                    if version < 4 {
                        return Err(error(
                            n,
                            "others-lose-as needs version 4 of the format (ttt-proof 4)",
                        ));
                    }
                    let [node] = rest[at + 1..] else {
                        return Err(error(
                            n,
                            "others-lose-as names one node, last on the line: others-lose-as NODE",
                        ));
                    };
                    lose_as = Some(node.parse().map_err(|_| {
                        error(
                            n,
                            format!(
                                "{node:?} is not a node number (others-lose-as takes no symmetry)"
                            ),
                        )
                    })?);
                    others_lose = true;
                    rest = &rest[..at];
                } else if let Some(at) = rest.iter().position(|&w| w == "others-lose-to") {
                    if version < 3 {
                        return Err(error(
                            n,
                            "others-lose-to needs version 3 of the format (ttt-proof 3)",
                        ));
                    }
                    lose_to = rest[at + 1..]
                        .iter()
                        .map(|w| cell(w, n))
                        .collect::<Result<Vec<Cell>, FormatError>>()?;
                    if lose_to.is_empty() {
                        return Err(error(
                            n,
                            "others-lose-to names the attacker's moves: others-lose-to ROW,COL ...",
                        ));
                    }
                    others_lose = true;
                    rest = &rest[..at];
                }
                let (replies, zones) = replies(rest, version, n)?;
                Step::Reply {
                    replies,
                    zones,
                    others_lose,
                    lose_to,
                    lose_as,
                }
            }
            Some("pairing") => Step::Pairing(
                words[2..]
                    .iter()
                    .map(|w| {
                        let (a, b) = w.split_once('-').ok_or_else(|| {
                            error(n, format!("{w:?} is not a pair: write ROW,COL-ROW,COL"))
                        })?;
                        Ok((cell(a, n)?, cell(b, n)?))
                    })
                    .collect::<Result<Vec<_>, FormatError>>()?,
            ),
            Some("over") if words.len() == 2 => Step::Over,
            Some("potential") if words.len() == 2 => Step::Potential,
            _ => {
                // A line cut short in a file copied part way is the likeliest cause: show it.
                let shown: String = line.chars().take(60).collect();
                let more = if shown.len() < line.len() { " ..." } else { "" };
                return Err(error(
                    n,
                    format!(
                        "{shown:?}{more} is not a node: a node is ID play CELL NODE, ID reply \
                         CELL>NODE ..., ID pairing CELL-CELL ..., ID potential or ID over"
                    ),
                ));
            }
        };
        if section.nodes.insert(id, (step, n)).is_some() {
            return Err(error(
                n,
                format!("node {id} is given twice in this section"),
            ));
        }
    }
    Ok(ProofFile {
        board: (rows, cols, k),
        rule,
        root,
        version,
        claim,
        sections,
    })
}
