//! The balanced books: for each rule, the openings of the wide book that the engine finds
//! even for both sides.
//!
//! Most of the wide book's five-stone openings are not even: under free-style black wins
//! about seven games in ten. Where one side is far ahead, each engine wins with it, the
//! colours swapped give one game to each, and the pair says nothing about which engine is
//! the stronger; a book of such openings draws every score towards 50% and every Elo towards
//! zero. The balanced book keeps the openings whose score, for white to move after the five
//! stones, the engine's search at a fixed number of positions finds within a margin of even
//! on 15 x 15 ([`opening_score`]). The lists are made by `ttt book --rule RULE --out FILE`
//! (reproducible: one search per opening, from fresh tables, limited by positions only) and
//! compiled in, one file for each rule.

use ttt_core::{Cell, Player, Rule};
use ttt_engine::{Engine, Limits};

use crate::arena::{wide_opening, WIDE_BOOK};

mod caro;
mod freestyle;
mod renju;
mod standard;

/// The side of the board the openings are scored on.
pub const SIDE: usize = 15;

/// The memory of each opening's search: fresh tables for every opening, so that its score
/// does not depend on the ones scored before it.
const MEMORY: usize = 32 << 20;

/// One rule's balanced book: which wide openings it keeps, and how they were chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balanced {
    /// The positions each opening's search visited.
    pub nodes: u64,
    /// The largest score, either way, an opening kept may have.
    pub margin: i32,
    /// The numbers of the wide openings kept, in order.
    pub openings: &'static [u16],
}

/// The balanced book of `rule`.
#[must_use]
pub fn balanced(rule: Rule) -> Balanced {
    let (nodes, margin, openings) = match rule {
        Rule::Freestyle => (freestyle::NODES, freestyle::MARGIN, freestyle::OPENINGS),
        Rule::Standard => (standard::NODES, standard::MARGIN, standard::OPENINGS),
        Rule::Renju => (renju::NODES, renju::MARGIN, renju::OPENINGS),
        Rule::Caro => (caro::NODES, caro::MARGIN, caro::OPENINGS),
    };
    Balanced {
        nodes,
        margin,
        openings,
    }
}

/// The score of wide opening `n` under `rule` for white, the side to move after its five
/// stones, by the engine's search of `nodes` positions on a 15 x 15 board: positive is good
/// for white, and a win found scores near [`ttt_engine::WIN_SCORE`]. `None` where the engine
/// refuses the position or has no move.
#[must_use]
pub fn opening_score(n: usize, rule: Rule, nodes: u64) -> Option<i32> {
    let mut engine = Engine::new(SIDE, SIDE, rule, MEMORY).ok()?;
    let centre = (SIDE / 2) as i32;
    let stones: Vec<(Cell, Player)> = wide_opening(n % WIDE_BOOK)
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let cell = Cell::new((centre + y) as u8, (centre + x) as u8);
            (cell, if i % 2 == 0 { Player::X } else { Player::O })
        })
        .collect();
    engine.set_stones(&stones, Player::O).ok()?;
    engine
        .think(Limits::none().with_nodes(nodes), &|| false)
        .map(|t| t.score)
}

/// The Rust file of a balanced book: the numbers of the openings kept, with how they were
/// chosen.
#[must_use]
pub fn book_file(rule: Rule, nodes: u64, margin: i32, kept: &[usize]) -> String {
    let mut list = String::new();
    for chunk in kept.chunks(16) {
        let line: Vec<String> = chunk.iter().map(ToString::to_string).collect();
        list.push_str("    ");
        list.push_str(&line.join(", "));
        list.push_str(",\n");
    }
    format!(
        "//! The balanced book of {rule}: made by `ttt book --rule {name} --nodes {nodes} \
         --margin {margin}`,\n//! which writes this file; do not edit it by hand.\n\n\
         pub(super) const NODES: u64 = {nodes};\npub(super) const MARGIN: i32 = {margin};\n\
         #[rustfmt::skip]\npub(super) const OPENINGS: &[u16] = &[\n{list}];\n",
        name = rule.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_is_a_sorted_part_of_the_wide_book() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let book = balanced(rule);
            assert!(book.openings.len() >= 26, "{rule}: {}", book.openings.len());
            assert!(book.openings.len() < WIDE_BOOK, "{rule}");
            assert!(book.openings.windows(2).all(|w| w[0] < w[1]), "{rule}");
            assert!(book.openings.iter().all(|&n| usize::from(n) < WIDE_BOOK));
        }
    }

    /// The first opening kept and the first left out, scored again: one within the margin,
    /// the other beyond it (the search is the same, position for position).
    #[test]
    fn a_kept_opening_scores_within_the_margin_and_a_dropped_one_beyond() {
        let book = balanced(Rule::Freestyle);
        let kept = usize::from(book.openings[0]);
        let dropped = (0..WIDE_BOOK)
            .find(|n| !book.openings.contains(&(*n as u16)))
            .unwrap();
        let score = |n| opening_score(n, Rule::Freestyle, book.nodes).unwrap();
        assert!(score(kept).abs() <= book.margin, "{kept}");
        assert!(score(dropped).abs() > book.margin, "{dropped}");
    }

    /// The compiled files are what `ttt book` writes, unchanged.
    #[test]
    fn the_books_are_as_written() {
        for (rule, text) in [
            (Rule::Freestyle, include_str!("book/freestyle.rs")),
            (Rule::Standard, include_str!("book/standard.rs")),
            (Rule::Renju, include_str!("book/renju.rs")),
            (Rule::Caro, include_str!("book/caro.rs")),
        ] {
            let book = balanced(rule);
            let kept: Vec<usize> = book.openings.iter().map(|&n| usize::from(n)).collect();
            assert_eq!(
                book_file(rule, book.nodes, book.margin, &kept),
                text,
                "{rule}"
            );
        }
    }

    #[test]
    fn the_file_lists_the_openings_it_was_given() {
        let file = book_file(Rule::Renju, 1000, 50, &[3, 17, 40]);
        assert!(file.contains("NODES: u64 = 1000;"), "{file}");
        assert!(file.contains("MARGIN: i32 = 50;"), "{file}");
        assert!(file.contains("    3, 17, 40,\n];"), "{file}");
        assert!(file.contains("--rule renju"), "{file}");
    }
}
