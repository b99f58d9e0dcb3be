//! Line patterns: what a stone on an empty cell makes along one line, read from the four
//! cells on each side of it, and what the four lines through a cell make together.
//!
//! The eight neighbours of a cell along a line (two bits each: empty, X, O, or the board's
//! edge) form a 16-bit key; a table per rule gives each key's [`Pattern`] for both players,
//! so the board only has to keep the keys up to date as stones come and go. Cells beyond
//! the window are taken as empty, which makes the table optimistic about fives under the
//! rules that look further (an overline's sixth stone, caro's blocked ends): the board checks
//! those fives exactly before it trusts them.

use std::sync::OnceLock;

use ttt_core::{ByPlayer, Player, Rule};

/// How many cells each side of a cell its line key covers.
pub(crate) const HALF: usize = 4;

/// A cell's contents in a key.
pub(crate) const EMPTY: u8 = 0;
/// The board's edge (and beyond) in a key.
pub(crate) const WALL: u8 = 3;

/// The code of `player`'s stone in a key.
pub(crate) const fn stone(player: Player) -> u8 {
    match player {
        Player::X => 1,
        Player::O => 2,
    }
}

/// What a stone on an empty cell makes along one line, weakest first. "Open" (`F`, flexible)
/// patterns can grow at both ends; blocked (`B`) ones at one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(crate) enum Pattern {
    /// Nothing that can become five along this line.
    #[default]
    None,
    /// A two that can become a blocked three.
    B2,
    /// A two that can become an open three.
    F2,
    /// A three that can become a four, not an open one.
    B3,
    /// An open three: one more stone makes an open four.
    F3,
    /// A four: one more stone (on one cell) makes five.
    B4,
    /// An open four: five on either of two cells, which no single stone stops.
    F4,
    /// Five: the line wins.
    F5,
}

impl Pattern {
    /// Every pattern, weakest first (in the order of their values).
    pub(crate) const ALL: [Pattern; 8] = [
        Pattern::None,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];
}

/// What a stone on a cell makes along its four lines together, weakest first: the cell's
/// threat, used to generate and order moves and to evaluate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(crate) enum Threat {
    /// Nothing.
    #[default]
    None,
    /// Twos, blocked threes.
    Weak,
    /// An open three.
    Three,
    /// Two open threes: wins unless the opponent has fours.
    ThreeThree,
    /// A four (and nothing stronger).
    Four,
    /// A four and an open three on another line.
    FourThree,
    /// An open four, or two fours: wins unless the opponent makes five first.
    FlexFour,
    /// Five.
    Five,
}

/// How many [`Threat`]s there are (for counting them).
pub(crate) const THREATS: usize = 8;

impl Threat {
    /// The threat of the four lines' patterns.
    pub(crate) fn of(patterns: [Pattern; 4]) -> Threat {
        let count = |p: Pattern| patterns.iter().filter(|&&q| q == p).count();
        let (fives, open_fours, fours) =
            (count(Pattern::F5), count(Pattern::F4), count(Pattern::B4));
        let (open_threes, weak) = (
            count(Pattern::F3),
            count(Pattern::B3) + count(Pattern::F2) + count(Pattern::B2),
        );
        if fives > 0 {
            Threat::Five
        } else if open_fours > 0 || fours >= 2 {
            Threat::FlexFour
        } else if fours == 1 && open_threes > 0 {
            Threat::FourThree
        } else if fours == 1 {
            Threat::Four
        } else if open_threes >= 2 {
            Threat::ThreeThree
        } else if open_threes == 1 {
            Threat::Three
        } else if weak > 0 {
            Threat::Weak
        } else {
            Threat::None
        }
    }

    /// Whether a stone here makes a four at least (five on some cell next move).
    pub(crate) fn is_four(self) -> bool {
        self >= Threat::Four
    }
}

/// For each 16-bit key, the pattern a stone of X and one of O would make.
pub(crate) struct PatternTable {
    by_key: Vec<ByPlayer<Pattern>>,
}

impl PatternTable {
    /// The table of `rule`, built the first time it is asked for.
    pub(crate) fn of(rule: Rule) -> &'static PatternTable {
        static TABLES: [OnceLock<PatternTable>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let slot = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
            Rule::Caro => 3,
        };
        TABLES[slot].get_or_init(|| PatternTable::build(rule))
    }

    fn build(rule: Rule) -> PatternTable {
        let mut x = Classifier::new(rule, Player::X);
        let mut o = Classifier::new(rule, Player::O);
        let by_key = (0..1u32 << 16)
            .map(|key| ByPlayer {
                x: x.at_centre(key as u16),
                o: o.at_centre(key as u16),
            })
            .collect();
        PatternTable { by_key }
    }

    /// The patterns of a key, for both players.
    pub(crate) fn get(&self, key: u16) -> ByPlayer<Pattern> {
        self.by_key[usize::from(key)]
    }
}

/// The bit offset in a key of the neighbour `offset` cells away (-4..=-1, 1..=4).
pub(crate) const fn key_shift(offset: i32) -> u32 {
    let slot = if offset < 0 { offset + 4 } else { offset + 3 };
    2 * slot as u32
}

/// A line of nine cells as one player sees it, centre at index 4.
const LINE: usize = 2 * HALF + 1;
const OWN: u8 = 1;
const THEIRS: u8 = 2;

/// Classifies lines for one player under one rule, remembering every line it has seen.
struct Classifier {
    rule: Rule,
    player: Player,
    memo: Vec<Option<Pattern>>,
}

impl Classifier {
    fn new(rule: Rule, player: Player) -> Classifier {
        Classifier {
            rule,
            player,
            memo: vec![None; 1 << (2 * LINE)],
        }
    }

    /// The pattern of the player's stone at the centre of `key`'s neighbours.
    fn at_centre(&mut self, key: u16) -> Pattern {
        let mut line = [EMPTY; LINE];
        let own = stone(self.player);
        for offset in (-4..=-1).chain(1..=4) {
            let code = ((key >> key_shift(offset)) & 3) as u8;
            line[(offset + 4) as usize] = match code {
                EMPTY => EMPTY,
                WALL => WALL,
                c if c == own => OWN,
                _ => THEIRS,
            };
        }
        line[HALF] = OWN;
        self.classify(line)
    }

    fn classify(&mut self, line: [u8; LINE]) -> Pattern {
        let code = line.iter().fold(0usize, |acc, &c| acc * 4 + usize::from(c));
        if let Some(p) = self.memo[code] {
            return p;
        }
        let p = self.compute(line);
        self.memo[code] = Some(p);
        p
    }

    fn compute(&mut self, line: [u8; LINE]) -> Pattern {
        if self.is_five(&line) {
            return Pattern::F5;
        }
        let empties: Vec<usize> = (0..LINE).filter(|&i| line[i] == EMPTY).collect();
        let with = |i: usize| {
            let mut next = line;
            next[i] = OWN;
            next
        };
        let fives = empties.iter().filter(|&&i| self.is_five(&with(i))).count();
        match fives {
            0 => {}
            1 => return Pattern::B4,
            _ => return Pattern::F4,
        }
        let next: Vec<Pattern> = empties.iter().map(|&i| self.classify(with(i))).collect();
        let best = |p: Pattern| next.contains(&p);
        if best(Pattern::F4) {
            Pattern::F3
        } else if best(Pattern::B4) {
            Pattern::B3
        } else if best(Pattern::F3) {
            Pattern::F2
        } else if best(Pattern::B3) {
            Pattern::B2
        } else {
            Pattern::None
        }
    }

    /// Whether the run of own stones through the centre wins under the rule, cells beyond
    /// the window taken as empty.
    fn is_five(&self, line: &[u8; LINE]) -> bool {
        let mut left = HALF;
        while left > 0 && line[left - 1] == OWN {
            left -= 1;
        }
        let mut right = HALF;
        while right + 1 < LINE && line[right + 1] == OWN {
            right += 1;
        }
        let len = right - left + 1;
        let blocked = |i: Option<usize>| i.is_some_and(|i| line[i] == THEIRS);
        let both_ends =
            blocked(left.checked_sub(1)) && blocked(Some(right + 1).filter(|&i| i < LINE));
        self.rule.is_win(self.player, len, 5, both_ends)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line drawn as nine characters, the centre ('.') included.
    fn key(line: &str) -> u16 {
        let cells: Vec<char> = line.chars().collect();
        let mut key = 0u16;
        for offset in (-4i32..=-1).chain(1..=4) {
            let code = match cells[(offset + 4) as usize] {
                'X' => 1,
                'O' => 2,
                '#' => 3,
                _ => 0,
            };
            key |= code << key_shift(offset);
        }
        key
    }

    #[test]
    fn patterns_of_known_lines() {
        let table = PatternTable::of(Rule::Freestyle);
        let x = |line: &str| table.get(key(line)).x;
        assert_eq!(x("XXXX.OOOO"), Pattern::F5);
        assert_eq!(x(".XXX....."), Pattern::F4);
        assert_eq!(x("OXXX....."), Pattern::B4);
        assert_eq!(x("..XX....."), Pattern::F3);
        assert_eq!(x("..X..X..."), Pattern::F3);
        assert_eq!(x("#XX......"), Pattern::B3);
        assert_eq!(x("...X....."), Pattern::F2);
        assert_eq!(x("OOO...OOO"), Pattern::None);
        assert_eq!(table.get(key("OOOO.XXXX")).o, Pattern::F5);
    }

    #[test]
    fn rules_that_count_the_line() {
        let standard = PatternTable::of(Rule::Standard);
        assert_eq!(standard.get(key("XXXX.X...")).x, Pattern::None);
        assert_eq!(standard.get(key(".XXX..X..")).x, Pattern::B4);
        let renju = PatternTable::of(Rule::Renju);
        assert_eq!(renju.get(key("XXXX.X...")).x, Pattern::None);
        assert_eq!(renju.get(key("OOOO.O...")).o, Pattern::F5);
        let caro = PatternTable::of(Rule::Caro);
        assert_eq!(caro.get(key("OXXX.XO..")).x, Pattern::None);
        assert_eq!(caro.get(key("#XXX.X...")).x, Pattern::F5);
    }

    #[test]
    fn threats_combine_lines() {
        use Pattern::*;
        assert_eq!(Threat::of([B4, B4, None, None]), Threat::FlexFour);
        assert_eq!(Threat::of([B4, F3, None, None]), Threat::FourThree);
        assert_eq!(Threat::of([F3, F3, B2, None]), Threat::ThreeThree);
        assert_eq!(Threat::of([F2, B3, None, None]), Threat::Weak);
        assert!(Threat::FourThree.is_four() && !Threat::ThreeThree.is_four());
    }
}
