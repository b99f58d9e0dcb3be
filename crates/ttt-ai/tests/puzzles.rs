//! Threat puzzles: positions with a known win by threats (a VCF or a VCT), taken from played
//! games by `scripts/threat-puzzles.py` and small boards checked by the exact solver. Each
//! must be found, and its line must win when played out. How long each takes is measured by
//! `cargo bench -p ttt-ai --bench threats`, not here.

use std::time::Duration;

use ttt_ai::{Method, Solver, Value};

#[path = "support/puzzles.rs"]
mod support;

use support::puzzles;

#[test]
fn every_puzzle_is_solved_and_its_line_wins() {
    let all = puzzles();
    assert!(all.len() >= 20, "{}", all.len());
    for p in &all {
        let pos = &p.position;
        let win = Solver::new(pos)
            .time_limit(Duration::from_secs(30))
            .threat_win()
            .unwrap_or_else(|| panic!("no win found: {pos}"));
        // A puzzle labelled VCF has one; a VCT puzzle had none when it was made.
        assert_eq!(win.uses_threes, p.kind == "vct", "{pos} {win:?}");
        let mut played = *pos;
        for &cell in &win.line {
            played = played.play(cell).unwrap_or_else(|e| panic!("{pos}: {e}"));
        }
        assert_eq!(
            played.outcome(),
            ttt_core::Outcome::Win(pos.turn()),
            "{pos} {win:?}"
        );
        assert!(win.plies() >= 3, "{pos}");
        let _ = p.plies; // for the benchmark's names
        if !win.uses_threes {
            assert_forced_by_fours(pos, &win.line);
        }
        // Boards small enough for the exact solver: it agrees.
        if pos.dims().cells() <= 64 {
            let value = Solver::new(pos).method(Method::ProofNumber).solve().value;
            assert_eq!(value, Some(Value::Win), "{pos}");
        }
    }
}

/// Checks a VCF move by move with the rules alone, whatever the search thought: every
/// attacker move wins at once or leaves it a winning cell (a four), answering the
/// defender's four first when there is one; every defender reply in the line is its only
/// way not to lose at once (the one cell that blocks), unless the attacker had two or more
/// and nothing stops it; and the defender never had a win of its own.
fn assert_forced_by_fours(start: &ttt_core::Position, line: &[ttt_core::Cell]) {
    let attacker = start.turn();
    let defender = attacker.other();
    let wins_for = |pos: &ttt_core::Position, who| -> Vec<ttt_core::Cell> {
        pos.empty_cells()
            .filter(|&c| pos.makes_line(c, who))
            .collect()
    };
    let mut pos = *start;
    for (i, &cell) in line.iter().enumerate() {
        if i % 2 == 0 {
            let threats = wins_for(&pos, defender);
            assert!(
                threats.is_empty() || threats.contains(&cell) || pos.makes_line(cell, attacker),
                "{start}: move {i} {cell} leaves the defender's four at {threats:?}"
            );
            pos = pos.play(cell).unwrap();
            if !pos.is_over() {
                assert!(
                    !wins_for(&pos, attacker).is_empty(),
                    "{start}: move {i} {cell} is no four"
                );
            }
        } else {
            assert!(
                wins_for(&pos, defender).is_empty(),
                "{start}: the defender wins at ply {i}"
            );
            let blocks = wins_for(&pos, attacker);
            assert!(
                blocks.len() >= 2 || blocks == [cell],
                "{start}: reply {i} {cell} is not the forced block {blocks:?}"
            );
            pos = pos.play(cell).unwrap();
        }
    }
    assert_eq!(pos.outcome(), ttt_core::Outcome::Win(attacker), "{start}");
}
