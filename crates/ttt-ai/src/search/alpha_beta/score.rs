//! Alpha-beta's scores, from the side to move's view. A win `p` plies from the root scores
//! `WIN - p`, a loss `-(WIN - p)`, so the fastest win and the slowest loss score best. A draw
//! scores 0: a drawn game always ends with the board full, so its length is the number of
//! empty cells. Heuristic scores (from the evaluation, at the depth limit) stay well inside
//! the win range.
//!
//! When only the value matters (not the game's length), every win scores `WIN` and every
//! loss `-WIN`: the ply cost is zero.

use crate::value::{Value, Verdict};

pub(crate) const WIN: i32 = 1_000_000;
/// Scores at least this far from zero are proven wins or losses.
pub(crate) const WIN_RANGE: i32 = WIN - 10_000;
/// The largest heuristic score.
pub(crate) const HEURISTIC_MAX: i32 = WIN_RANGE - 1;
/// Beyond every score: the widest window.
pub(crate) const INF: i32 = WIN + 1;

/// A root-relative score as the table keeps it, relative to the node `ply` plies down (wins
/// and losses count their plies from there).
pub(crate) fn to_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_RANGE {
        score + ply as i32
    } else if score <= -WIN_RANGE {
        score - ply as i32
    } else {
        score
    }
}

/// A node-relative score from the table, back to the root's terms ([`to_table`] undone).
pub(crate) fn from_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_RANGE {
        score - ply as i32
    } else if score <= -WIN_RANGE {
        score + ply as i32
    } else {
        score
    }
}

/// The verdict a proven root-relative `score` means for the side to move, in a position with
/// `empties` empty cells (the length of a draw).
pub(crate) fn verdict(score: i32, empties: u32) -> Verdict {
    if score >= WIN_RANGE {
        Verdict {
            value: Value::Win,
            plies: (WIN - score) as u32,
        }
    } else if score <= -WIN_RANGE {
        Verdict {
            value: Value::Loss,
            plies: (WIN + score) as u32,
        }
    } else {
        Verdict {
            value: Value::Draw,
            plies: empties,
        }
    }
}

/// The score of a verdict ([`verdict`] undone, with lengths counted).
pub(crate) fn score(v: Verdict) -> i32 {
    match v.value {
        Value::Win => WIN - v.plies as i32,
        Value::Loss => -(WIN - v.plies as i32),
        Value::Draw => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_verdicts_round_trip() {
        for v in [
            Verdict {
                value: Value::Win,
                plies: 7,
            },
            Verdict {
                value: Value::Loss,
                plies: 2,
            },
            Verdict {
                value: Value::Draw,
                plies: 9,
            },
        ] {
            assert_eq!(verdict(score(v), 9), v);
            assert_eq!(from_table(to_table(score(v), 3), 3), score(v));
        }
        assert!(
            score(Verdict {
                value: Value::Win,
                plies: 3
            }) > score(Verdict {
                value: Value::Win,
                plies: 5
            })
        );
    }
}
