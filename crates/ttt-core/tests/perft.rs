//! Known counts of positions and games, like chess perft: a whole-rules check.

use std::collections::HashSet;

use ttt_core::{Dims, Outcome, Position};

#[derive(Default, Debug, PartialEq)]
struct Games {
    x_wins: u64,
    o_wins: u64,
    draws: u64,
}

fn count_games(pos: &mut Position, games: &mut Games, seen: &mut HashSet<Position>) {
    seen.insert(*pos);
    match pos.outcome() {
        Outcome::Win(ttt_core::Player::X) => games.x_wins += 1,
        Outcome::Win(ttt_core::Player::O) => games.o_wins += 1,
        Outcome::Draw => games.draws += 1,
        Outcome::InProgress => {
            let moves: Vec<_> = pos.legal_moves().collect();
            for cell in moves {
                pos.play_unchecked(cell);
                count_games(pos, games, seen);
                pos.undo(cell);
            }
        }
    }
}

fn field(line: &str, name: &str) -> u64 {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {name}= in {line:?}"))
}

#[test]
fn counts_match_the_known_figures() {
    let data = include_str!("data/counts.perft");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let dims: Vec<usize> = line
            .split_whitespace()
            .take(3)
            .map(|w| w.parse().unwrap())
            .collect();
        let dims = Dims::new(dims[0], dims[1], dims[2]).unwrap();
        let mut games = Games::default();
        let mut seen = HashSet::new();
        count_games(&mut Position::new(dims), &mut games, &mut seen);
        let terminal = seen.iter().filter(|p| p.is_over()).count() as u64;
        assert_eq!(seen.len() as u64, field(line, "positions"), "{line}");
        assert_eq!(terminal, field(line, "terminal"), "{line}");
        assert_eq!(
            games.x_wins + games.o_wins + games.draws,
            field(line, "games"),
            "{line}"
        );
        assert_eq!(
            games,
            Games {
                x_wins: field(line, "x_wins"),
                o_wins: field(line, "o_wins"),
                draws: field(line, "draws"),
            },
            "{line}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}
