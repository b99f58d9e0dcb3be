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
        let _ = p.plies;
        // Boards small enough for the exact solver: it agrees.
        if pos.dims().cells() <= 64 {
            let value = Solver::new(pos).method(Method::ProofNumber).solve().value;
            assert_eq!(value, Some(Value::Win), "{pos}");
        }
    }
}
