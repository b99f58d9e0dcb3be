//! Numbers and records in words for people: `1 entry`, `3 wins, 1 loss and 0 ties in 4
//! games (75% won)`, `1.25 million a second`.

use ttt_store::PlayerStats;

/// `1 entry`, `2 entries`, `1 thread`, `3 threads`.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {word}s")
    }
}

/// A search speed for people: `1.25 million a second`, or `4.8 thousand a second` below a
/// tenth of a million.
pub fn rate(per_second: f64) -> String {
    if per_second >= 1e5 {
        format!("{:.2} million a second", per_second / 1e6)
    } else {
        format!("{:.1} thousand a second", per_second / 1e3)
    }
}

/// A table size for people: `64 MB`, or `32 KB` under a megabyte.
pub fn megabytes(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", (bytes >> 10).max(1))
    }
}

/// A player's record in words: `3 wins, 1 loss and 0 ties in 4 games (75% won)`.
pub fn summary(p: &PlayerStats) -> String {
    if p.games() == 0 {
        return "no games yet".to_string();
    }
    let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {} and {} in {} ({:.0}% won)",
        count(p.wins, "win", "wins"),
        count(p.losses, "loss", "losses"),
        count(p.ties, "tie", "ties"),
        count(p.games(), "game", "games"),
        p.win_rate() * 100.0
    )
}

/// The win rate as a percentage with one decimal, or `-` before the first game.
pub fn percent(p: &PlayerStats) -> String {
    if p.games() == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", p.win_rate() * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(name: &str, wins: u64, losses: u64, ties: u64) -> PlayerStats {
        PlayerStats {
            name: name.into(),
            wins,
            losses,
            ties,
        }
    }

    #[test]
    fn counts_in_words() {
        assert_eq!(plural(1, "entry"), "1 entry");
        assert_eq!(plural(0, "entry"), "0 entries");
        assert_eq!(plural(2, "thread"), "2 threads");
        assert_eq!(megabytes(1 << 12), "4 KB");
        assert_eq!(megabytes(3 << 20), "3 MB");
        assert_eq!(rate(1_250_000.0), "1.25 million a second");
        assert_eq!(rate(4_800.0), "4.8 thousand a second");
        assert_eq!(percent(&stats("A", 1, 1, 0)), "50.0%");
        assert_eq!(percent(&stats("A", 0, 0, 0)), "-");
    }

    #[test]
    fn summaries_count_in_words() {
        assert_eq!(summary(&stats("A", 0, 0, 0)), "no games yet");
        assert_eq!(
            summary(&stats("A", 3, 1, 0)),
            "3 wins, 1 loss and 0 ties in 4 games (75% won)"
        );
        assert_eq!(
            summary(&stats("A", 1, 0, 0)),
            "1 win, 0 losses and 0 ties in 1 game (100% won)"
        );
    }
}
