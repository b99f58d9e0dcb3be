//! The evaluation: what the patterns on the board are worth to the side to move.
//!
//! Every empty cell is worth something to each player: what a stone there would make along
//! its four lines, read from a table by the cell's *pattern code* (the four lines' patterns,
//! in any order). The board keeps each player's sums up to date as stones come and go, one
//! sum valued as the side to move's cells and one as the waiting side's (the side to move
//! moves next, so its threats count for more than the same threats of the side that has
//! just moved). To the cells' sum the evaluation adds what the threats on the board make
//! together, read from the counts of each threat each side can make: a four against an
//! open three, two open threes against nothing, ... which no sum of cells sees.
//!
//! The tables are learned from games (`ttt tune-eval`, [`crate::Tuner`]); [`Weights`] are
//! the hand-set values they start from, which also order the search's moves.

use std::sync::OnceLock;

use ttt_core::Player;

use crate::pattern::{Pattern, Threat, THREATS};

/// Hand-set values: a value for each [`Pattern`] a stone makes along a line and a bonus for
/// each [`Threat`] its lines make together (both indexed by the enums' order, weakest
/// first), and the weights of the side to move's cells and of the other side's, in 64ths.
/// They order the search's moves, and the learned [`Evaluation`] starts from them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// A stone making each pattern along one line is worth this: none, B2, F2, B3, F3, B4,
    /// F4, F5.
    pub patterns: [i32; 8],
    /// What the lines together add beyond their sum: two threats on one cell are worth far
    /// more than two on different cells, since one move makes both. None, weak, three,
    /// three-three, four, four-three, flex four, five.
    pub threats: [i32; 8],
    /// The side to move's cells count this many 64ths: it moves next, so its threats count
    /// for more than the same threats of the side that has just moved.
    pub mover: i32,
    /// The other side's cells count this many 64ths, against.
    pub waiting: i32,
}

/// The hand-set values.
pub(crate) const HAND: Weights = Weights {
    patterns: [0, 2, 6, 7, 24, 26, 120, 400],
    threats: [0, 0, 0, 90, 0, 160, 200, 600],
    mover: 48,
    waiting: 40,
};

/// How many pattern codes there are: the combinations of four patterns of eight, in any
/// order.
pub const PCODES: usize = 330;

/// The threat features of the side to move: how many cells make an open three (none, one,
/// two, three or more), two open threes (none, some), a four (none, one, two or more) and a
/// four with a three (none, some).
pub const OWN_THREATS: usize = 4 * 2 * 3 * 2;
/// The same of the waiting side, and how many cells make it an open four or two fours
/// (none, one, two or more): an open three of its on the board.
pub const THEIR_THREATS: usize = OWN_THREATS * 3;
/// The strongest threat of each side, together.
pub const THREAT_PAIRS: usize = THREATS * THREATS;

/// The learned evaluation's tables: one set for each colour, the same under every rule but
/// renju, where X's forbidden points make the colours' patterns worth different things.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// X's tables: its cells', and the threats' when X is to move.
    pub x: Tables,
    /// O's tables.
    pub o: Tables,
}

/// One colour's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// A cell of this colour's, when it is to move, with each pattern code is worth this,
    /// in 64ths.
    pub mover: [i32; PCODES],
    /// A cell of this colour's, when the other is to move, is worth this against the side
    /// to move, in 64ths.
    pub waiting: [i32; PCODES],
    /// What the side to move's threats add, by [`own_threats`]' index, when this colour is
    /// to move.
    pub own: [i32; OWN_THREATS],
    /// What the waiting side's threats add (mostly take), by [`their_threats`]' index.
    pub theirs: [i32; THEIR_THREATS],
    /// What the two sides' strongest threats add together: the side to move's times
    /// [`THREATS`] plus the waiting side's.
    pub pairs: [i32; THREAT_PAIRS],
}

impl Evaluation {
    /// The evaluation that the hand-set `weights` make: each cell worth its patterns' and
    /// threat's values, nothing for the threats together.
    #[must_use]
    pub fn from_weights(w: &Weights) -> Evaluation {
        let value = |code: usize| {
            let lines = pcode_patterns(code);
            cell_value(w, lines, Threat::of(lines))
        };
        let tables = Tables {
            mover: std::array::from_fn(|c| value(c) * w.mover),
            waiting: std::array::from_fn(|c| value(c) * w.waiting),
            own: [0; OWN_THREATS],
            theirs: [0; THEIR_THREATS],
            pairs: [0; THREAT_PAIRS],
        };
        Evaluation {
            x: tables.clone(),
            o: tables,
        }
    }

    /// The tables of `player`'s colour.
    pub(crate) fn of(&self, player: Player) -> &Tables {
        match player {
            Player::X => &self.x,
            Player::O => &self.o,
        }
    }
}

impl Tables {
    /// What the two sides' threats add: `mover` and `waiting` count each side's cells of
    /// each threat.
    pub(crate) fn threats(&self, mover: &[u16; THREATS], waiting: &[u16; THREATS]) -> i32 {
        self.own[own_threats(mover)]
            + self.theirs[their_threats(waiting)]
            + self.pairs[threat_pair(mover, waiting)]
    }
}

/// The index into [`Evaluation::own`] of a side's counts of cells by threat.
pub(crate) fn own_threats(counts: &[u16; THREATS]) -> usize {
    let n = |t: Threat, most: u16| usize::from(counts[t as usize].min(most));
    ((n(Threat::Three, 3) * 2 + n(Threat::ThreeThree, 1)) * 3 + n(Threat::Four, 2)) * 2
        + n(Threat::FourThree, 1)
}

/// The index into [`Evaluation::theirs`].
pub(crate) fn their_threats(counts: &[u16; THREATS]) -> usize {
    own_threats(counts) * 3 + usize::from(counts[Threat::FlexFour as usize].min(2))
}

/// The index into [`Evaluation::pairs`].
pub(crate) fn threat_pair(mover: &[u16; THREATS], waiting: &[u16; THREATS]) -> usize {
    let strongest = |c: &[u16; THREATS]| c.iter().rposition(|&n| n > 0).unwrap_or(0);
    strongest(mover) * THREATS + strongest(waiting)
}

/// What a stone on an empty cell is worth to a player by the hand-set values, from its four
/// lines' patterns.
fn cell_value(w: &Weights, patterns: [Pattern; 4], threat: Threat) -> i32 {
    patterns
        .iter()
        .map(|&p| w.patterns[p as usize])
        .sum::<i32>()
        + w.threats[threat as usize]
}

/// What a stone on an empty cell makes with its four lines together, its hand-set value (to
/// order moves by) and its pattern code: all read from a table of every combination of four
/// patterns, since the board works them out for the 32 cells around every stone put or
/// taken.
pub(crate) fn cell(patterns: [Pattern; 4]) -> (Threat, i32, u16) {
    let table = tables();
    table.cells[ordered_index(patterns)]
}

struct CellTables {
    /// By the four patterns in their order: the threat, the hand-set value, the code.
    cells: Vec<(Threat, i32, u16)>,
    /// By code: the four patterns, weakest first.
    codes: Vec<[Pattern; 4]>,
}

fn tables() -> &'static CellTables {
    static TABLES: OnceLock<CellTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut codes = Vec::with_capacity(PCODES);
        for a in 0..Pattern::ALL.len() {
            for b in a..Pattern::ALL.len() {
                for c in b..Pattern::ALL.len() {
                    for d in c..Pattern::ALL.len() {
                        codes.push([a, b, c, d].map(|i| Pattern::ALL[i]));
                    }
                }
            }
        }
        let cells = (0..1usize << (4 * PATTERN_BITS))
            .map(|index| {
                let lines: [Pattern; 4] = std::array::from_fn(|d| {
                    Pattern::ALL[index >> (PATTERN_BITS * d) & PATTERN_MASK]
                });
                let threat = Threat::of(lines);
                let mut sorted = lines;
                sorted.sort();
                let code = codes.iter().position(|c| *c == sorted).unwrap_or(0);
                (threat, cell_value(&HAND, lines, threat), code as u16)
            })
            .collect();
        CellTables { cells, codes }
    })
}

fn ordered_index(patterns: [Pattern; 4]) -> usize {
    patterns
        .iter()
        .enumerate()
        .fold(0, |i, (d, &p)| i | (p as usize) << (PATTERN_BITS * d))
}

/// The four patterns (weakest first) of a pattern code.
pub(crate) fn pcode_patterns(code: usize) -> [Pattern; 4] {
    tables().codes[code]
}

/// The bits of a pattern in the index of [`cell`]'s table: enough for [`Pattern::ALL`].
const PATTERN_BITS: usize = 3;
const PATTERN_MASK: usize = (1 << PATTERN_BITS) - 1;
const _: () = assert!(Pattern::ALL.len() == 1 << PATTERN_BITS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_patterns_are_worth_more_by_hand() {
        assert!(HAND.patterns.windows(2).all(|w| w[0] <= w[1]));
        let double = cell_value(
            &HAND,
            [Pattern::F3, Pattern::F3, Pattern::None, Pattern::None],
            Threat::ThreeThree,
        );
        assert!(double > 2 * HAND.patterns[Pattern::F3 as usize]);
    }

    #[test]
    fn pattern_codes_ignore_the_lines_order() {
        assert_eq!(tables().codes.len(), PCODES);
        let mut seen = vec![false; PCODES];
        for &a in &Pattern::ALL {
            for &b in &Pattern::ALL {
                for &c in &Pattern::ALL {
                    for &d in &Pattern::ALL {
                        let lines = [a, b, c, d];
                        let (threat, value, code) = cell(lines);
                        assert_eq!(threat, Threat::of(lines));
                        assert_eq!(value, cell_value(&HAND, lines, threat));
                        assert_eq!(cell([d, c, b, a]).2, code, "{lines:?}");
                        let mut sorted = lines;
                        sorted.sort();
                        assert_eq!(pcode_patterns(usize::from(code)), sorted);
                        seen[usize::from(code)] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn threat_indices_stay_in_their_tables() {
        let most = [u16::MAX; THREATS];
        let none = [0; THREATS];
        assert_eq!(own_threats(&most), OWN_THREATS - 1);
        assert_eq!(their_threats(&most), THEIR_THREATS - 1);
        assert_eq!(threat_pair(&most, &most), THREAT_PAIRS - 1);
        assert_eq!(
            (
                own_threats(&none),
                their_threats(&none),
                threat_pair(&none, &none)
            ),
            (0, 0, 0)
        );
    }

    #[test]
    fn the_hand_set_evaluation_weighs_the_mover_more() {
        let e = Evaluation::from_weights(&HAND).x;
        let three = usize::from(cell([Pattern::F3, Pattern::None, Pattern::None, Pattern::None]).2);
        assert!(e.mover[three] > e.waiting[three] && e.waiting[three] > 0);
        assert_eq!(e.mover[0], 0);
    }
}
