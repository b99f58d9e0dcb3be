//! What the commands print for programs (`--json`, `--jsonl`): one typed shape per command,
//! so that a field's name and meaning are written down once. Cells are 0-based; values are
//! `win`, `draw`, `loss` or `unknown`, from the side to move's view.

use serde::Serialize;
use ttt_ai::{Analysis, Decision, Line, LineValue, ThreatWin, Value};
use ttt_core::{Cell, Position};
use ttt_play::words;

/// A cell in JSON: 0-based.
#[derive(Debug, Serialize)]
pub struct JsonCell {
    pub row: u8,
    pub col: u8,
}

impl From<Cell> for JsonCell {
    fn from(c: Cell) -> Self {
        JsonCell {
            row: c.row,
            col: c.col,
        }
    }
}

/// A win by threats: `vcf` (fours alone) or `vct` (threes and fours), its plies and its
/// line (the winner's moves and the replies in turn).
#[derive(Debug, Serialize)]
pub struct ThreatWinJson {
    pub kind: &'static str,
    pub plies: u32,
    pub line: Vec<JsonCell>,
}

impl ThreatWinJson {
    pub fn new(w: &ThreatWin) -> ThreatWinJson {
        ThreatWinJson {
            kind: if w.uses_threes { "vct" } else { "vcf" },
            plies: w.plies(),
            line: w.line.iter().copied().map(JsonCell::from).collect(),
        }
    }
}

/// One move of an analysis.
#[derive(Debug, Serialize)]
pub struct MoveValueJson {
    pub row: u8,
    pub col: u8,
    pub value: &'static str,
    pub plies: Option<u32>,
}

/// `ttt analyze --json`.
#[derive(Debug, Serialize)]
pub struct AnalysisJson {
    pub position: String,
    pub rows: usize,
    pub cols: usize,
    pub k: usize,
    /// What wins: `freestyle`, `standard`, `renju` or `caro`.
    pub rule: &'static str,
    pub to_move: String,
    pub status: &'static str,
    /// The points the side to move may not play: X's under renju, else none.
    pub forbidden: Vec<JsonCell>,
    pub winning_line: Option<Vec<JsonCell>>,
    pub value: &'static str,
    pub plies: Option<u32>,
    pub best_moves: Option<Vec<JsonCell>>,
    pub moves: Vec<MoveValueJson>,
    /// A win by threats for the side to move, where one was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threat_win: Option<ThreatWinJson>,
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// With `--lines`: the best moves, best first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<LineJson>>,
    /// With `--lines`: the deepest the engine's search went (0 where the solver's values are
    /// the lines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

/// One of `ttt analyze --lines`'s best moves, for its player: `score` is the engine's (a win
/// `plies` away is `1000000 - plies`, a loss its negative), `result` is `win`, `draw`, `loss`
/// or null where only a score is known, `proven` says a solver or threat search proved it,
/// `exact` that `plies` is the solver's exact length (else the threat line's, an upper bound).
#[derive(Debug, Serialize)]
pub struct LineJson {
    #[serde(rename = "move")]
    pub cell: JsonCell,
    pub score: i32,
    pub win_probability: f64,
    pub result: Option<&'static str>,
    pub plies: Option<u32>,
    pub proven: bool,
    pub exact: bool,
    pub pv: Vec<JsonCell>,
}

impl LineJson {
    pub fn new(line: &Line) -> LineJson {
        let (result, plies) = match line.value {
            LineValue::Score(_) => (None, None),
            LineValue::Win { plies, .. } => (Some("win"), Some(plies)),
            LineValue::Draw { plies } => (Some("draw"), Some(plies)),
            LineValue::Loss { plies, .. } => (Some("loss"), Some(plies)),
        };
        let plies = plies.filter(|_| line.value.measured());
        LineJson {
            cell: line.cell.into(),
            score: line.value.score(),
            win_probability: (line.value.win_probability() * 1000.0).round() / 1000.0,
            result,
            plies,
            proven: line.value.proven(),
            exact: line.value.exact(),
            pv: line.pv.iter().copied().map(JsonCell::from).collect(),
        }
    }
}

impl AnalysisJson {
    /// The analysis with the best `lines`, the engine's `depth` and its `nodes` added.
    pub fn with_lines(mut self, lines: &[Line], depth: u32, nodes: u64) -> AnalysisJson {
        self.lines = Some(lines.iter().map(LineJson::new).collect());
        self.depth = Some(depth);
        self.nodes += nodes;
        self
    }

    /// The analysis `a` of `pos`.
    pub fn new(pos: &Position, a: &Analysis) -> AnalysisJson {
        let dims = pos.dims();
        let line = pos.winning_cells();
        AnalysisJson {
            position: pos.to_string(),
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            rule: pos.rule().name(),
            to_move: pos.turn().to_string(),
            status: pos.outcome().status(),
            forbidden: pos
                .forbidden_cells()
                .into_iter()
                .map(|(cell, _)| JsonCell::from(cell))
                .collect(),
            winning_line: (!line.is_empty())
                .then(|| line.into_iter().map(JsonCell::from).collect()),
            value: words::value(a.value),
            plies: a.plies,
            best_moves: a
                .best_moves
                .as_ref()
                .map(|m| m.iter().copied().map(JsonCell::from).collect()),
            moves: a
                .moves
                .iter()
                .map(|m| MoveValueJson {
                    row: m.cell.row,
                    col: m.cell.col,
                    value: words::value(m.value),
                    plies: m.verdict.map(|v| v.plies),
                })
                .collect(),
            threat_win: a.threat_win.as_ref().map(ThreatWinJson::new),
            nodes: a.nodes,
            elapsed_ms: (a.elapsed.as_secs_f64() * 1e6).round() / 1e3,
            lines: None,
            depth: None,
        }
    }
}

/// `ttt move --json`: the move, and what the perfect player claims for it.
#[derive(Debug, Serialize)]
pub struct DecisionJson {
    pub row: u8,
    pub col: u8,
    /// What wins: `freestyle`, `standard`, `renju` or `caro`.
    pub rule: &'static str,
    /// The move's proven value, when the player claims one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<&'static str>,
    /// The game's length with best play, when that is proven too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// The win by threats the move starts, where the perfect player's move is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threat_win: Option<ThreatWinJson>,
    /// The position answered, with `--jsonl`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

impl DecisionJson {
    /// The decision `d`, starting the win by threats `threats` if any, for `position` when
    /// given.
    pub fn new(
        d: &Decision,
        rule: ttt_core::Rule,
        threats: Option<&ThreatWin>,
        position: Option<&Position>,
    ) -> DecisionJson {
        DecisionJson {
            row: d.cell.row,
            col: d.cell.col,
            rule: rule.name(),
            value: d.value.map(Value::as_str),
            plies: d.verdict.map(|v| v.plies),
            threat_win: threats.map(ThreatWinJson::new),
            position: position.map(Position::to_string),
        }
    }
}

/// A line of `--jsonl` input that could not be read: the line, and why.
#[derive(Debug, Serialize)]
pub struct LineErrorJson<'a> {
    pub position: &'a str,
    pub error: String,
}

/// One move of `ttt solve --root-map`.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    pub row: u8,
    pub col: u8,
    pub value: &'static str,
}

/// `ttt solve --json`.
#[derive(Debug, Serialize)]
pub struct SolveJson {
    pub position: String,
    pub rows: usize,
    pub cols: usize,
    pub k: usize,
    /// What wins: `freestyle`, `standard`, `renju` or `caro`.
    pub rule: &'static str,
    pub to_move: String,
    pub value: &'static str,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub nodes_per_second: f64,
    /// The search's table (not given with `--proof`, whose searches keep several).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_bytes: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_entries_used: Option<usize>,
    pub threads: usize,
    pub method: &'static str,
    /// With `--root-map`: the positions the map searched, its time, and every move's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_elapsed_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveJson>>,
    /// With `--proof`, once the proof is written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofJson>,
}

/// The proof `ttt solve --proof` wrote.
#[derive(Debug, Serialize)]
pub struct ProofJson {
    /// Where it is.
    pub path: String,
    /// Its positions, over every section.
    pub positions: usize,
    /// Its size.
    pub bytes: usize,
    /// The positions searched to write it, the value's search included.
    pub nodes: u64,
    /// The time from the start to the proof's file written.
    pub elapsed_ms: f64,
}

/// Milliseconds, to the microsecond.
pub fn millis(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
