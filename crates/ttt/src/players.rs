//! `ttt players`: every human player's wins, losses and ties, best first.

use std::io::Write;

use clap::Args;
use ttt_store::{PlayerStats, Store};
use unicode_width::UnicodeWidthStr;

use crate::database::{store_error, DbArgs};

#[derive(Debug, Args)]
pub struct PlayersArgs {
    /// Print a JSON list of objects with name, wins, losses, ties, games and win_rate.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: &PlayersArgs) -> anyhow::Result<()> {
    let players = match args.db.open_existing()? {
        Some(store) => store.players().map_err(store_error)?,
        None => Vec::new(),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &players)?;
        writeln!(out)?;
    } else if players.is_empty() {
        writeln!(
            out,
            "No players yet: play a game with `ttt play` and the results are kept here."
        )?;
    } else {
        write!(out, "{}", table(&players))?;
    }
    Ok(())
}

/// The leader board as a text table, in the order given.
pub fn table(players: &[PlayerStats]) -> String {
    let name_width = players
        .iter()
        .map(|p| p.name.width())
        .chain(["Name".len()])
        .max()
        .unwrap_or(4);
    let mut out = format!(
        "{:>4}  {:<name_width$}  {:>5}  {:>6}  {:>5}  {:>5}  {:>8}\n",
        "Rank", "Name", "Wins", "Losses", "Ties", "Games", "Win rate"
    );
    for (rank, p) in players.iter().enumerate() {
        // Pad by columns on the screen, not bytes or characters, so accented and wide
        // (CJK, emoji) names line up.
        let pad = name_width - p.name.width();
        out.push_str(&format!(
            "{:>4}  {}{}  {:>5}  {:>6}  {:>5}  {:>5}  {:>8}\n",
            rank + 1,
            p.name,
            " ".repeat(pad),
            p.wins,
            p.losses,
            p.ties,
            p.games(),
            percent(p)
        ));
    }
    out
}

/// The win rate as a percentage with one decimal, or `-` before the first game.
fn percent(p: &PlayerStats) -> String {
    if p.games() == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", p.win_rate() * 100.0)
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

    #[test]
    fn the_table_lines_up() {
        let text = table(&[stats("Zoë", 2, 1, 1), stats("Bo", 0, 0, 0)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Rank  Name   Wins  Losses   Ties  Games  Win rate"
        );
        assert_eq!(
            lines[1],
            "   1  Zoë       2       1      1      4     50.0%"
        );
        assert_eq!(
            lines[2],
            "   2  Bo        0       0      0      0         -"
        );
    }

    #[test]
    fn wide_names_line_up_by_screen_columns() {
        // 李雷 takes four columns on a terminal, as many as "Name".
        let text = table(&[stats("李雷", 1, 0, 0), stats("Bo", 0, 1, 0)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "   1  李雷      1       0      0      1    100.0%"
        );
        assert_eq!(
            lines[2],
            "   2  Bo        0       1      0      1      0.0%"
        );
    }
}
