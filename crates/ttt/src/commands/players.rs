//! `ttt players`: every human player's wins, losses and ties, best first (and the
//! operator's changes to a player, in `admin`).

use std::io::Write;

use ttt_store::{PlayerFilter, PlayerPage, RankedPlayer};

use crate::args::PlayersArgs;
use crate::database::open_existing;
use crate::error::store_error;
use crate::output::table::{render, Align};
use crate::output::words::percent;

pub fn run(args: &PlayersArgs) -> anyhow::Result<()> {
    if let Some(action) = &args.action {
        return crate::commands::admin::players(action);
    }
    let search = args.search.as_deref().unwrap_or("");
    let page = match open_existing(&args.db)? {
        Some(store) => store
            .players_page(
                &PlayerFilter::Containing(search.to_string()),
                args.limit,
                args.offset,
            )
            .map_err(store_error)?,
        None => PlayerPage {
            players: Vec::new(),
            total: 0,
        },
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &page.players)?;
        writeln!(out)?;
    } else if page.total == 0 && search.is_empty() {
        writeln!(
            out,
            "No players yet: play a game with `ttt play` and the results are kept here."
        )?;
    } else if page.total == 0 {
        writeln!(out, "No player's name contains {search:?}.")?;
    } else {
        write!(out, "{}", table(&page.players))?;
        let shown = page.players.len() as u64;
        if shown < page.total {
            writeln!(
                out,
                "\n{shown} of {} players shown (--limit and --offset show others).",
                page.total
            )?;
        }
    }
    Ok(())
}

/// The leader board as a text table, in the order given, with each player's rank.
pub fn table(players: &[RankedPlayer]) -> String {
    let header = [
        ("Rank", Align::Right),
        ("Name", Align::Left),
        ("Wins", Align::Right),
        ("Losses", Align::Right),
        ("Ties", Align::Right),
        ("Games", Align::Right),
        ("Win rate", Align::Right),
    ];
    let rows = players.iter().map(|ranked| {
        let p = &ranked.stats;
        vec![
            ranked.rank.to_string(),
            p.name.clone(),
            p.wins.to_string(),
            p.losses.to_string(),
            p.ties.to_string(),
            p.games().to_string(),
            percent(p),
        ]
    });
    render(&header, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(name: &str, wins: u64, losses: u64, ties: u64) -> RankedPlayer {
        RankedPlayer {
            rank: 0,
            stats: ttt_store::PlayerStats {
                name: name.into(),
                wins,
                losses,
                ties,
            },
        }
    }

    fn ranked(players: Vec<RankedPlayer>) -> Vec<RankedPlayer> {
        players
            .into_iter()
            .enumerate()
            .map(|(i, p)| RankedPlayer {
                rank: i as u64 + 1,
                ..p
            })
            .collect()
    }

    #[test]
    fn the_table_lines_up() {
        let text = table(&ranked(vec![stats("Zoë", 2, 1, 1), stats("Bo", 0, 0, 0)]));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Rank  Name  Wins  Losses  Ties  Games  Win rate");
        assert_eq!(lines[1], "   1  Zoë      2       1     1      4     50.0%");
        assert_eq!(lines[2], "   2  Bo       0       0     0      0         -");
    }

    #[test]
    fn wide_names_line_up_by_screen_columns() {
        // 李雷 takes four columns on a terminal, as many as "Name".
        let text = table(&ranked(vec![stats("李雷", 1, 0, 0), stats("Bo", 0, 1, 0)]));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "   1  李雷     1       0     0      1    100.0%");
        assert_eq!(lines[2], "   2  Bo       0       1     0      1      0.0%");
    }
}
