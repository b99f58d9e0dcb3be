//! The engine's best lines for an analysis: the best few moves of a position the solver
//! cannot settle, each with what it is worth, the chance it gives its player, and the line
//! the engine expects; a win or loss proven by a threat search is said to be proven.
//!
//! With five in a row on the boards it plays, gomoku's engine ([`ttt_engine::Engine`]) finds
//! the moves, under the rule's own wins (a six is no five under standard); elsewhere the
//! strong player ([`Strong::best_moves_each`]) does, counting free-style lines. A move after
//! which the opponent has a win by threats loses, and that is proven where the threat search
//! counts the rule's lines exactly (free-style); under another rule it is only what the
//! search found.

use std::time::Duration;

use ttt_core::{Cell, Position, Rule};
use ttt_engine::{Engine, Limits as EngineLimits, Thought};

use crate::analysis::Analysis;

use crate::search::heuristic::Estimate;
use crate::search::limits::Limits;
use crate::{Strong, StrongMove, Value, Verdict};

/// The score of a win `plies` away, as engines write a mate: past every heuristic score, the
/// nearer the higher.
pub const WIN_SCORE: i32 = 1_000_000;

/// The heuristic score at which a side's chance is about 73% (`1 / (1 + e^-1)`): the scale of
/// the logistic curve that turns scores into chances. A closed four's worth, about.
const SCORE_SCALE: f64 = 600.0;

/// The share of the time the search for the moves takes; the rest is for proving losses.
const SEARCH_SHARE: f64 = 0.85;

/// How sure a line's win or loss is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Found by the selective search: likely, not certain.
    Found,
    /// Proven by a threat search: the win is certain, its length at most the line's.
    Threats,
    /// Proven by the solver, with the game's exact length under best play.
    Solved,
    /// Proven by the solver, its length not measured (`plies` means nothing).
    Unmeasured,
}

/// The `plies` a win or loss of unmeasured length is ranked with: after every measured win,
/// before every measured loss.
const UNMEASURED_PLIES: u32 = 1_000;

/// What a line is worth to the player making its first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineValue {
    /// The evaluation at the search's horizon: above 0 good for the mover, below bad.
    Score(i32),
    /// A win `plies` away (the move included).
    Win {
        /// Plies to the win, the move included.
        plies: u32,
        /// How sure it is.
        proof: Proof,
    },
    /// A draw with best play, `plies` to fill the board (the move included): only the
    /// solver proves one.
    Draw {
        /// Plies to the full board, the move included.
        plies: u32,
    },
    /// A loss `plies` away (the move included).
    Loss {
        /// Plies to the loss, the move included.
        plies: u32,
        /// How sure it is.
        proof: Proof,
    },
}

impl From<Verdict> for LineValue {
    /// A result the solver proved.
    fn from(v: Verdict) -> LineValue {
        match v.value {
            Value::Win => LineValue::Win {
                plies: v.plies,
                proof: Proof::Solved,
            },
            Value::Draw => LineValue::Draw { plies: v.plies },
            Value::Loss => LineValue::Loss {
                plies: v.plies,
                proof: Proof::Solved,
            },
        }
    }
}

impl LineValue {
    /// The value as one number: the score, or a win's or loss's `±(WIN_SCORE - plies)`.
    #[must_use]
    pub fn score(self) -> i32 {
        let plies = |p: u32| i32::try_from(p).unwrap_or(WIN_SCORE);
        match self {
            LineValue::Score(s) => s,
            LineValue::Draw { .. } => 0,
            LineValue::Win { plies: p, .. } => WIN_SCORE - plies(p),
            LineValue::Loss { plies: p, .. } => -(WIN_SCORE - plies(p)),
        }
    }

    /// The mover's chance of winning, from 0 to 1: a logistic curve of the score, 1 for a
    /// win, 0 for a loss.
    #[must_use]
    pub fn win_probability(self) -> f64 {
        match self {
            LineValue::Score(s) => 1.0 / (1.0 + (-f64::from(s) / SCORE_SCALE).exp()),
            LineValue::Win { .. } => 1.0,
            LineValue::Draw { .. } => 0.5,
            LineValue::Loss { .. } => 0.0,
        }
    }

    /// Whether the value is proven (a draw always is).
    #[must_use]
    pub fn proven(self) -> bool {
        match self {
            LineValue::Win { proof, .. } | LineValue::Loss { proof, .. } => proof != Proof::Found,
            LineValue::Draw { .. } => true,
            LineValue::Score(_) => false,
        }
    }

    /// Whether its length is known: exact (the solver's), or an upper bound (a threat line's).
    #[must_use]
    pub fn measured(self) -> bool {
        !matches!(
            self,
            LineValue::Win {
                proof: Proof::Unmeasured,
                ..
            } | LineValue::Loss {
                proof: Proof::Unmeasured,
                ..
            }
        )
    }

    /// Whether its length is exact (the solver's), not only the threat line's.
    #[must_use]
    pub fn exact(self) -> bool {
        match self {
            LineValue::Win { proof, .. } | LineValue::Loss { proof, .. } => proof == Proof::Solved,
            LineValue::Draw { .. } => true,
            LineValue::Score(_) => false,
        }
    }
}

/// One of the best moves, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The move.
    pub cell: Cell,
    /// What it is worth to its player.
    pub value: LineValue,
    /// The line expected from the move on, the move first.
    pub pv: Vec<Cell>,
    /// How deep the search of this move went, in plies.
    pub depth: u32,
    /// Positions searched for it.
    pub nodes: u64,
}

/// The best `n` moves of `pos` within `limits`, best first by their value, telling `each` of
/// every line as soon as it is found (in the order found). Empty when the game is over or no move is legal.
pub fn best_lines(
    pos: &Position,
    n: usize,
    limits: Limits,
    mut each: impl FnMut(&Line),
) -> Vec<Line> {
    if pos.is_over() || n == 0 {
        return Vec::new();
    }
    let mut engine = Strong::from_position(pos);
    let mut prover = engine.clone();
    // Most of the time goes to finding the moves; the threat searches after each take the
    // rest, and each stops at its own budget anyway.
    let search = match limits.time_left() {
        Some(left) => limits.at_most(left.mul_f64(SEARCH_SHARE)),
        None => limits.clone(),
    };
    let mut lines = Vec::with_capacity(n);
    let dims = pos.dims();
    if Engine::supports(dims.rows(), dims.cols(), dims.k(), pos.rule()) {
        gomoku_lines(pos, n, &search, |thought| {
            let line = line_of_thought(pos, &mut prover, thought, &limits);
            each(&line);
            lines.push(line);
        });
    } else {
        engine.best_moves_each(n, search, |m| {
            let line = line_of(pos, &mut prover, m, &limits);
            each(&line);
            lines.push(line);
        });
    }
    // Each move was searched on its own: a later one may score above an earlier (chosen
    // without a search, or by a shallower one). Shown best first by what they were found
    // to be worth; equal ones keep the engine's order.
    lines.sort_by_key(|l| std::cmp::Reverse(l.value.score()));
    lines
}

/// A move the engine chose, with its value: its proven win, else whether the opponent has a
/// win by threats after it, else the search's estimate, or, for a move chosen without a
/// search (the centre of an empty board, a forced block), the opponent's best answer's.
fn line_of(pos: &Position, engine: &mut Strong, m: &StrongMove, limits: &Limits) -> Line {
    let mut line = Line {
        cell: m.cell,
        value: LineValue::Score(0),
        pv: m.pv.clone(),
        depth: m.depth,
        nodes: m.nodes,
    };
    if let Some(win) = &m.win {
        line.value = LineValue::Win {
            plies: win.plies(),
            proof: Proof::Threats,
        };
        line.pv = win.line.clone();
        return line;
    }
    if let Some((value, pv)) = proven_loss(pos, engine, m.cell, limits) {
        line.value = value;
        line.pv = pv;
        return line;
    }
    line.value = match m.estimate {
        Some(Estimate::Win { plies }) => LineValue::Win {
            plies,
            proof: Proof::Found,
        },
        Some(Estimate::Loss { plies }) => LineValue::Loss {
            plies,
            proof: Proof::Found,
        },
        Some(Estimate::Score(s)) => LineValue::Score(s),
        None => return answered(pos, line, limits),
    };
    line
}

/// The longest gomoku's engine looks for all the moves together when the limits set no
/// time.
const ENGINE_UNTIMED: Duration = Duration::from_secs(2);

/// Gomoku's engine's best `n` moves of `pos`, telling `each` of each as it is found: each
/// the engine's choice among the moves not yet listed, with an equal share of the time left.
fn gomoku_lines(pos: &Position, n: usize, limits: &Limits, mut each: impl FnMut(&Thought)) {
    let dims = pos.dims();
    let memory = crate::Perfect::ENGINE_MEMORY;
    let Ok(mut engine) = Engine::new(dims.rows(), dims.cols(), pos.rule(), memory) else {
        return;
    };
    if engine.set_position(pos).is_err() {
        return;
    }
    let limits = match limits.deadline() {
        Some(_) => limits.clone(),
        None => limits.clone().within(ENGINE_UNTIMED),
    };
    let left = || limits.time_left().unwrap_or_default();
    let mut found: Vec<Cell> = Vec::with_capacity(n);
    for i in 0..n {
        let share = left() / u32::try_from(n - i).unwrap_or(u32::MAX);
        let Some(thought) =
            engine.think_without(EngineLimits::time(share), &|| limits.is_over(), &found)
        else {
            break;
        };
        found.push(thought.best);
        let decided = thought.win_in().is_some() || thought.loss_in().is_some();
        if thought.pv.len() == 1 && !decided {
            let answered = answered_by(&mut engine, pos, thought.clone(), &limits);
            if engine.set_position(pos).is_err() {
                return;
            }
            each(&answered);
        } else {
            each(&thought);
        }
    }
}

/// A move gomoku's engine chose without a search (the centre of the empty board, a forced
/// block), valued by the engine's best answer to it, searched within a third of the time
/// left (`limits` has a deadline); `engine` is left after the move.
fn answered_by(engine: &mut Engine, pos: &Position, mut t: Thought, limits: &Limits) -> Thought {
    let Ok(after) = pos.play(t.best) else {
        return t;
    };
    if after.is_over() || engine.set_position(&after).is_err() {
        return t;
    }
    let share = limits.time_left().unwrap_or_default() / 3;
    let Some(reply) = engine.think(EngineLimits::time(share), &|| limits.is_over()) else {
        return t;
    };
    // A win or loss in n plies after the move is one in n + 1 from before it.
    t.score = match (reply.win_in(), reply.loss_in()) {
        (Some(_), _) => -reply.score + 1,
        (_, Some(_)) => -reply.score - 1,
        _ => -reply.score,
    };
    t.proven = reply.proven;
    t.depth = reply.depth + 1;
    t.nodes += reply.nodes;
    t.pv.extend(reply.pv);
    t
}

/// A move gomoku's engine chose, with its value: the win or loss it found (proven if a
/// threat search proved it), else, under free-style, whether the opponent has a win by
/// threats after it, else the engine's score.
fn line_of_thought(pos: &Position, prover: &mut Strong, t: &Thought, limits: &Limits) -> Line {
    let proof = if t.proven {
        Proof::Threats
    } else {
        Proof::Found
    };
    let value = match (t.win_in(), t.loss_in()) {
        (Some(plies), _) => LineValue::Win { plies, proof },
        (_, Some(plies)) => LineValue::Loss { plies, proof },
        _ => LineValue::Score(t.score),
    };
    let mut line = Line {
        cell: t.best,
        value,
        pv: t.pv.clone(),
        depth: t.depth,
        nodes: t.nodes,
    };
    if matches!(value, LineValue::Score(_)) && pos.rule() == Rule::Freestyle {
        if let Some((value, pv)) = proven_loss(pos, prover, t.best, limits) {
            line.value = value;
            line.pv = pv;
        }
    }
    line
}

/// The loss `cell` is, with its line, if the opponent has a win by threats after it (proven
/// where the threat search counts the rule's lines exactly: free-style).
fn proven_loss(
    pos: &Position,
    engine: &mut Strong,
    cell: Cell,
    limits: &Limits,
) -> Option<(LineValue, Vec<Cell>)> {
    // The threat search counts free-style lines: under another rule its win is only likely.
    let proof = if pos.rule() == Rule::Freestyle {
        Proof::Threats
    } else {
        Proof::Found
    };
    if limits.is_over() || engine.play(cell).is_err() {
        return None;
    }
    let answer = engine.threat_win(limits.clone());
    engine.take_back(cell);
    engine.set_turn(pos.turn());
    let win = answer?;
    let value = LineValue::Loss {
        plies: win.plies() + 1,
        proof,
    };
    Some((value, std::iter::once(cell).chain(win.line).collect()))
}

/// A move chosen without a search, valued by the opponent's best answer to it, searched
/// within a third of the time left.
fn answered(pos: &Position, mut line: Line, limits: &Limits) -> Line {
    let Ok(after) = pos.play(line.cell) else {
        return line;
    };
    if after.is_over() {
        return line;
    }
    let share = match limits.time_left() {
        Some(left) => limits.at_most(left / 3),
        None => limits.clone(),
    };
    let Some(reply) = Strong::from_position(&after).choose(share) else {
        return line;
    };
    line.depth = reply.depth + 1;
    line.nodes += reply.nodes;
    line.pv = std::iter::once(line.cell).chain(reply.pv).collect();
    line.value = match (&reply.win, reply.estimate) {
        (Some(win), _) => LineValue::Loss {
            plies: win.plies() + 1,
            proof: if pos.rule() == Rule::Freestyle {
                Proof::Threats
            } else {
                Proof::Found
            },
        },
        (None, Some(Estimate::Win { plies })) => LineValue::Loss {
            plies: plies + 1,
            proof: Proof::Found,
        },
        (None, Some(Estimate::Loss { plies })) => LineValue::Win {
            plies: plies + 1,
            proof: Proof::Found,
        },
        (None, Some(Estimate::Score(s))) => LineValue::Score(-s),
        (None, None) => LineValue::Score(0),
    };
    line
}

/// The moves the solver's analysis `a` proved, best first (the fastest win, then draws,
/// then the slowest loss), at most `n`; the line of the win by threats it found, where one
/// starts with the move. Empty unless it proved the position's value.
#[must_use]
pub fn proven_lines(a: &Analysis, n: usize) -> Vec<Line> {
    if a.value.is_none() {
        return Vec::new();
    }
    // A win proven without its length has the length of its threat line where the analysis
    // found one starting with the move; else it ranks as if won slowly (and a loss so too).
    let threat = |cell: Cell| {
        a.threat_win
            .as_ref()
            .filter(|w| w.line.first() == Some(&cell))
            .map(|w| LineValue::Win {
                plies: w.plies(),
                proof: Proof::Threats,
            })
    };
    let mut proven: Vec<_> = a
        .moves
        .iter()
        .filter_map(|m| match (m.verdict, m.value) {
            (Some(v), _) => Some((LineValue::from(v), m.cell)),
            (None, Some(Value::Win)) if threat(m.cell).is_some() => {
                threat(m.cell).map(|value| (value, m.cell))
            }
            (None, Some(Value::Win)) => Some((
                LineValue::Win {
                    plies: UNMEASURED_PLIES,
                    proof: Proof::Unmeasured,
                },
                m.cell,
            )),
            (None, Some(Value::Loss)) => Some((
                LineValue::Loss {
                    plies: UNMEASURED_PLIES,
                    proof: Proof::Unmeasured,
                },
                m.cell,
            )),
            (None, _) => None,
        })
        .collect();
    proven.sort_by(|x, y| y.0.score().cmp(&x.0.score()).then(x.1.cmp(&y.1)));
    let pv = |cell: Cell| match &a.threat_win {
        Some(w) if w.line.first() == Some(&cell) => w.line.clone(),
        _ => vec![cell],
    };
    proven
        .into_iter()
        .take(n)
        .map(|(value, cell)| Line {
            cell,
            value,
            pv: pv(cell),
            depth: 0,
            nodes: 0,
        })
        .collect()
}

/// Whether the solver's analysis `a` settled every move (so no search can add a line).
#[must_use]
pub fn all_proven(a: &Analysis) -> bool {
    a.value.is_some() && a.moves.iter().all(|m| m.verdict.is_some())
}

/// `proven` lines first, then `searched` ones for moves not among them, `n` in all.
#[must_use]
pub fn merged(mut proven: Vec<Line>, searched: Vec<Line>, n: usize) -> Vec<Line> {
    for line in searched {
        if proven.len() >= n {
            break;
        }
        if proven.iter().all(|l| l.cell != line.cell) {
            proven.push(line);
        }
    }
    proven
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use ttt_core::{Dims, Setup};

    use super::*;

    fn position(rows: &[&str], k: usize) -> Position {
        Position::from_setup(&Setup::from_notation(&rows.join("/")).unwrap(), k).unwrap()
    }

    fn within(ms: u64) -> Limits {
        Limits::none().within(Duration::from_millis(ms))
    }

    #[test]
    fn a_four_to_complete_is_the_first_line_a_proven_win_in_one() {
        let pos = position(
            &[
                ".........",
                ".........",
                ".XXXX....",
                ".OOO.....",
                ".........",
                ".........",
                ".........",
                ".........",
                "O........",
            ],
            5,
        );
        let lines = best_lines(&pos, 3, within(500), |_| {});
        assert_eq!(lines.len(), 3);
        assert!(
            [Cell::new(2, 0), Cell::new(2, 5)].contains(&lines[0].cell),
            "{lines:?}"
        );
        assert_eq!(
            lines[0].value,
            LineValue::Win {
                plies: 1,
                proof: Proof::Threats
            }
        );
        assert!(lines[0].value.proven());
        assert_eq!(lines[0].value.win_probability(), 1.0);
        assert_eq!(lines[0].value.score(), WIN_SCORE - 1);
    }

    #[test]
    fn a_move_that_leaves_the_opponent_a_vcf_is_a_proven_loss() {
        // X has an open three on row 4: after an O move far from it X wins by fours.
        let pos = position(
            &[
                ".........",
                ".........",
                ".........",
                ".........",
                "..XXX....",
                ".....O...",
                ".O.......",
                ".........",
                ".........",
            ],
            5,
        );
        assert_eq!(pos.turn(), ttt_core::Player::O);
        let far = Cell::new(8, 8);
        let chosen = StrongMove {
            cell: far,
            win: None,
            nodes: 0,
            depth: 0,
            estimate: Some(Estimate::Score(0)),
            pv: vec![far],
        };
        let mut engine = Strong::from_position(&pos);
        let line = line_of(&pos, &mut engine, &chosen, &within(2000));
        let LineValue::Loss { plies, proof } = line.value else {
            panic!("{line:?}")
        };
        assert_eq!(proof, Proof::Threats);
        assert_eq!(plies as usize, line.pv.len(), "{line:?}");
        assert_eq!(line.pv[0], far);
        assert_eq!(line.value.win_probability(), 0.0);
        // The board is as it was.
        assert_eq!(engine.get(far), None);
        assert_eq!(engine.turn(), ttt_core::Player::O);

        let block = StrongMove {
            cell: Cell::new(4, 5),
            pv: vec![Cell::new(4, 5)],
            ..chosen
        };
        let line = line_of(&pos, &mut engine, &block, &within(2000));
        assert_eq!(line.value, LineValue::Score(0), "{line:?}");
    }

    #[test]
    fn lines_are_distinct_best_first_and_told_as_found() {
        let pos = Position::new(Dims::new(15, 15, 5).unwrap())
            .play(Cell::new(7, 7))
            .unwrap();
        let mut told = Vec::new();
        let lines = best_lines(&pos, 3, within(600), |l| told.push(l.cell));
        let mut cells: Vec<Cell> = lines.iter().map(|l| l.cell).collect();
        assert!(lines
            .windows(2)
            .all(|w| w[0].value.score() >= w[1].value.score()));
        told.sort();
        cells.sort();
        assert_eq!(told, cells);
        assert_eq!(cells.len(), 3);
        assert!(cells[0] != cells[1] && cells[1] != cells[2] && cells[0] != cells[2]);
        assert!(lines
            .iter()
            .all(|l| l.pv[0] == l.cell && l.cell != Cell::new(7, 7)));
        for l in &lines {
            let p = l.value.win_probability();
            assert!((0.0..=1.0).contains(&p), "{l:?}");
        }
    }

    /// A 15 x 15 position under `rule` with X's and O's stones at (row, col).
    fn gomoku(x: &[(u8, u8)], o: &[(u8, u8)], rule: Rule) -> Position {
        let mut setup = Setup::empty(15, 15);
        for (stones, player) in [(x, ttt_core::Player::X), (o, ttt_core::Player::O)] {
            for &(r, c) in stones {
                setup.set(Cell::new(r, c), Some(player));
            }
        }
        Position::from_setup_under(&setup, 5, rule).unwrap()
    }

    #[test]
    fn a_line_the_rule_does_not_count_is_no_win() {
        // X to move on row 7: (7, 5) makes six, a win in free-style only.
        let x = [(7, 2), (7, 3), (7, 4), (7, 6), (7, 7)];
        let o = [(6, 2), (6, 3), (8, 4), (8, 6), (9, 9)];
        let six = Cell::new(7, 5);
        let free = best_lines(&gomoku(&x, &o, Rule::Freestyle), 3, within(600), |_| {});
        assert_eq!(free[0].cell, six, "{free:?}");
        assert_eq!(free[0].value.score(), WIN_SCORE - 1, "{free:?}");
        let standard = best_lines(&gomoku(&x, &o, Rule::Standard), 3, within(600), |_| {});
        assert_eq!(standard.len(), 3);
        assert!(
            standard.iter().all(|l| l.value.score() < WIN_SCORE - 1),
            "{standard:?}"
        );
        // Under caro, (7, 5) makes five with O at both ends: no win either.
        let x = [(7, 2), (7, 3), (7, 4), (7, 6), (3, 3)];
        let o = [(7, 1), (7, 7), (8, 4), (0, 0), (9, 9)];
        let caro = best_lines(&gomoku(&x, &o, Rule::Caro), 3, within(600), |_| {});
        assert_eq!(caro.len(), 3);
        assert!(
            caro.iter().all(|l| l.value.score() < WIN_SCORE - 1),
            "{caro:?}"
        );
        let free = best_lines(&gomoku(&x, &o, Rule::Freestyle), 1, within(600), |_| {});
        assert_eq!((free[0].cell, free[0].value.score()), (six, WIN_SCORE - 1));
    }

    #[test]
    fn a_move_chosen_without_a_search_is_valued_by_the_answer_to_it() {
        // The centre of the empty board is played at once: its line is the reply's.
        let pos = Position::new(Dims::new(15, 15, 5).unwrap());
        let lines = best_lines(&pos, 2, within(600), |_| {});
        let centre = lines
            .iter()
            .find(|l| l.cell == Cell::new(7, 7))
            .expect("the centre");
        assert!(centre.pv.len() >= 2, "{centre:?}");
        assert!(centre.depth >= 1, "{centre:?}");
    }

    #[test]
    fn a_win_proven_without_its_length_comes_before_the_losses() {
        let m = |row, col, verdict: Option<Verdict>, value| crate::MoveAnalysis {
            cell: Cell::new(row, col),
            verdict,
            value,
        };
        let lost = |plies| Verdict {
            value: Value::Loss,
            plies,
        };
        let a = Analysis {
            value: Some(Value::Win),
            plies: None,
            best_moves: None,
            moves: vec![
                m(0, 0, Some(lost(2)), Some(Value::Loss)),
                m(0, 1, Some(lost(4)), Some(Value::Loss)),
                m(5, 12, None, Some(Value::Win)),
                m(0, 2, None, None),
            ],
            threat_win: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let lines = proven_lines(&a, 3);
        let cells: Vec<Cell> = lines.iter().map(|l| l.cell).collect();
        assert_eq!(cells, [Cell::new(5, 12), Cell::new(0, 1), Cell::new(0, 0)]);
        assert!(lines[0].value.proven() && !lines[0].value.measured());
        assert!(lines[1].value.measured() && lines[1].value.exact());
    }

    #[test]
    fn no_lines_once_the_game_is_over() {
        let pos = position(&["XXXXX", "OOOO.", ".....", ".....", "....."], 5);
        assert!(best_lines(&pos, 3, within(100), |_| {}).is_empty());
    }

    #[test]
    fn chances_follow_the_score() {
        assert_eq!(LineValue::Score(0).win_probability(), 0.5);
        assert!(LineValue::Score(600).win_probability() > 0.7);
        assert!(LineValue::Score(-600).win_probability() < 0.3);
        let lost = LineValue::Loss {
            plies: 4,
            proof: Proof::Found,
        };
        assert_eq!(lost.score(), -(WIN_SCORE - 4));
        assert!(!lost.proven());
    }
}
