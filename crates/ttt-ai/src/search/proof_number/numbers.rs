//! The proof-number search's arithmetic: a position's numbers, its moves (children) with
//! theirs, and how the numbers of the moves add up to the position's. What is known of one
//! position ([`Numbers`]) is the table's word, and lives with it.

use crate::tt::numbers::{Numbers, INF};

/// The largest number short of [`INF`]: sums stop here.
const BIG: u32 = INF - 1;

/// `a + b`, where [`INF`] stays infinite and finite sums stop at [`BIG`].
pub(crate) fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(BIG)
    }
}

/// The threshold a child gets from the second-best sibling's number `second`: a little more
/// than it, so that the search does not switch back and forth between close siblings (the
/// 1+ε trick, ε = 1/4).
pub(crate) fn beyond(second: u32) -> u32 {
    if second >= BIG {
        second
    } else {
        second
            .saturating_add(1)
            .max(second.saturating_add(second / 4))
            .min(BIG)
    }
}

/// A move of the position being searched, and what is known of the position it leads to.
#[derive(Debug, Clone, Copy)]
pub(super) struct Child {
    pub(super) cell: u16,
    /// How much the move changes the line counts: the order moves are tried in.
    pub(super) gain: i32,
    /// The key of the position it leads to, and the symmetry that makes it canonical.
    pub(super) key: u64,
    pub(super) sym: u8,
    pub(super) numbers: Numbers,
    /// Settled without search by a sibling's zone: counts as shown, adds nothing to the
    /// position's own zone.
    pub(super) by_zone: bool,
    /// Its zone is already taken into the position's.
    pub(super) counted: bool,
    /// Put off because another thread was searching below it.
    pub(super) busy: bool,
    /// Added to the disproof number of a defender's move while it is open: its place in
    /// the order of gains times [`DEFENCE_BIAS`] (see [`super::ProofSearch::rank_defences`]).
    pub(super) bias: u32,
}

impl Child {
    /// The number the side to move minimises (the proof number where the attacker moves,
    /// else the disproof number), its bias added while the move is open.
    pub(super) fn least(&self, attacking: bool) -> u32 {
        let n = if attacking {
            self.numbers.pn
        } else {
            self.numbers.dn
        };
        if self.numbers.is_settled() {
            n
        } else {
            add(n, self.bias)
        }
    }

    /// The order moves are tried in where their numbers tie: the largest gain first, then
    /// board order.
    pub(super) fn order(&self) -> (std::cmp::Reverse<i32>, u16) {
        (std::cmp::Reverse(self.gain), self.cell)
    }
}

/// The child to search next, among those open and not `skipped`: the one with the smallest
/// number of the kind the side to move minimises (ties to [`Child::order`]), and the second
/// smallest number. `None` if every child is settled or skipped.
pub(super) fn pick(
    children: &[Child],
    attacking: bool,
    skipped: impl Fn(&Child) -> bool,
) -> Option<(usize, u32)> {
    let least = |c: &Child| c.least(attacking);
    let mut best: Option<usize> = None;
    let mut second = INF;
    for (i, c) in children.iter().enumerate() {
        if c.numbers.is_settled() || skipped(c) {
            continue;
        }
        let v = least(c);
        match best {
            Some(b) if (least(&children[b]), children[b].order()) <= (v, c.order()) => {
                second = second.min(v);
            }
            _ => {
                if let Some(b) = best {
                    second = second.min(least(&children[b]));
                }
                best = Some(i);
            }
        }
    }
    best.map(|b| (b, second))
}

/// The position's numbers from its children's: where the attacker moves (`attacking`), the
/// least proof number and the (weak) sum of the disproof numbers; where the defender moves,
/// the other way round. The least is taken with the moves' biases ([`Child::least`]).
pub(super) fn sum_and_least(children: &[Child], attacking: bool) -> (u32, u32) {
    let mut least = INF;
    let mut sum = 0;
    let mut most = 0;
    let mut open = 0;
    for c in children {
        let (l, s) = if attacking {
            (c.least(true), c.numbers.dn)
        } else {
            (c.least(false), c.numbers.pn)
        };
        least = least.min(l);
        sum = add(sum, s);
        most = most.max(s);
        if s != 0 {
            open += 1;
        }
    }
    // The weak sum of WPNS (Ueda et al. 2008): the largest number plus one for each other
    // child still open. Positions in these games transpose into each other everywhere, and
    // the plain sum counts the shared positions below many times over, until the numbers
    // say nothing; the weak sum does not add them up.
    if sum != INF && open > 0 {
        sum = add(most, open - 1);
    }
    if attacking {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// How much each place further down the order of gains adds to a defender's move's disproof
/// number (see [`ProofSearch::rank_defences`]).
///
/// The disproof number of a position where the defender moves is the least of its moves':
/// one defence that holds is enough. But a fresh defence's number is the count of the
/// attacker's replies, much the same for every defence, and it grows by about that much for
/// each of the attacker's moves searched below it; so without a bias the search took every
/// defence down to the same depth before any was shown to hold. With it, the defence first
/// in the order of gains goes a little deeper than the next, and so on. A larger bias helps
/// some boards and costs others much more (see docs/PERFORMANCE.md).
pub(super) const DEFENCE_BIAS: u32 = 4;
