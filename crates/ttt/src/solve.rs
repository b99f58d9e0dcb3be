//! `ttt solve`: proves the value of a whole game (or a position) and reports the proof's figures.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use clap::{Args, ValueEnum};
use serde_json::json;
use ttt_ai::{Limits, Solver, Value};
use ttt_core::Position;

use crate::cli::{parse_seconds, parse_threads, plural, threads_or_all, user_error, BoardArgs};

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// A position to solve instead of the empty board, e.g. X.O/.X./... (also `--position`).
    #[arg(value_name = "POSITION")]
    pub at: Option<String>,
    /// The same as POSITION.
    #[arg(
        long,
        value_name = "POSITION",
        conflicts_with = "at",
        hide_short_help = true
    )]
    pub position: Option<String>,
    /// Give up after this many seconds and say what is unknown (default: no limit).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// The most memory the search's tables may take, in MB (default: a quarter of the
    /// machine's memory). Memory is taken only as the search fills them.
    #[arg(long, value_name = "MB", value_parser = crate::cli::parse_count)]
    pub memory: Option<usize>,
    /// Threads to use, at most 256 (default: all the machine's cores). With `--method auto`,
    /// one searches by proof numbers and the others by alpha-beta straight to the end, and
    /// after a second every thread by proof numbers; on one thread, proof numbers alone.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Which search proves the value: `auto` (proof-number search, with alpha-beta beside
    /// it for its first second), or one of them alone (the proof-number search on one
    /// thread for its first second, then on every thread).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Also give the value of every move, drawn as a grid.
    #[arg(long)]
    pub root_map: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `--method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    Auto,
    AlphaBeta,
    ProofNumber,
}

impl MethodArg {
    fn method(self) -> ttt_ai::Method {
        match self {
            MethodArg::Auto => ttt_ai::Method::Auto,
            MethodArg::AlphaBeta => ttt_ai::Method::AlphaBeta,
            MethodArg::ProofNumber => ttt_ai::Method::ProofNumber,
        }
    }
}

/// A live line on standard error (only when it is a terminal) while the solver works.
struct Progress {
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn start(limits: &mut Limits) -> Option<Progress> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let nodes = Arc::new(AtomicU64::new(0));
        *limits = limits.clone().with_progress(Arc::clone(&nodes));
        let done = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&done);
        let thread = std::thread::spawn(move || {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            let started = std::time::Instant::now();
            while !stop.load(Ordering::Relaxed) {
                let n = nodes.load(Ordering::Relaxed);
                let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!(
                    "{:.1} million positions searched ({})",
                    n as f64 / 1e6,
                    self::rate(rate)
                ));
                bar.tick();
                std::thread::sleep(Duration::from_millis(200));
            }
            bar.finish_and_clear();
        });
        Some(Progress {
            done,
            thread: Some(thread),
        })
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn machine_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// A search speed for people: `1.25 million a second`, or `4.8 thousand a second` below a
/// tenth of a million.
fn rate(per_second: f64) -> String {
    if per_second >= 1e5 {
        format!("{:.2} million a second", per_second / 1e6)
    } else {
        format!("{:.1} thousand a second", per_second / 1e3)
    }
}

/// A table size for people: `64 MB`, or `32 KB` under a megabyte.
fn megabytes(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", (bytes >> 10).max(1))
    }
}

fn describe(value: Option<Value>, root: &Position) -> String {
    let me = root.turn();
    match value {
        None => "unknown (not proven within the time limit)".to_string(),
        Some(Value::Draw) => "draw".to_string(),
        Some(Value::Win) if root.ply() == 0 => "first-player win".to_string(),
        Some(Value::Loss) if root.ply() == 0 => "second-player win".to_string(),
        Some(Value::Win) => format!("win for {me}, the side to move"),
        Some(Value::Loss) => format!("loss for {me}, the side to move"),
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let pos = args
        .board
        .position(args.at.as_deref().or(args.position.as_deref()))?;
    if pos.is_over() {
        return Err(user_error(format!(
            "there is nothing to solve: the game is over ({})",
            pos.outcome()
        )));
    }
    let machine = machine_memory();
    let memory = match (args.memory, machine) {
        (Some(mb), Some(total)) if mb.saturating_mul(1 << 20) > total => {
            return Err(user_error(format!(
                "--memory {mb} is more than this machine has ({} MB)",
                total >> 20
            )))
        }
        (Some(mb), _) => mb.saturating_mul(1 << 20),
        (None, Some(total)) => total / 4,
        (None, None) => 1 << 30,
    };
    let threads = threads_or_all(args.threads);
    let mut limits = Limits::none();
    if let Some(time) = args.time_limit {
        limits = limits.within(time);
    }
    let progress = Progress::start(&mut limits);
    let solver = Solver::new(&pos)
        .limits(limits)
        .memory(memory)
        .threads(threads)
        .method(args.method.method());
    let solution = solver.solve();
    let s = solution.stats;
    // The root map shares the time limit: it gets what the value left.
    let map = args.root_map.then(|| {
        let begun = Instant::now();
        let values = solver.move_values();
        (values.moves, values.nodes, begun.elapsed())
    });
    drop(progress);
    let nps = s.nodes as f64 / s.elapsed.as_secs_f64().max(1e-9);
    let mut out = std::io::stdout().lock();
    let dims = pos.dims();
    if args.json {
        let mut v = json!({
            "position": pos.to_string(),
            "rows": dims.rows(),
            "cols": dims.cols(),
            "k": dims.k(),
            "to_move": pos.turn().to_string(),
            "value": solution.value.map_or("unknown", Value::as_str),
            "nodes": s.nodes,
            "elapsed_ms": (s.elapsed.as_secs_f64() * 1e6).round() / 1e3,
            "nodes_per_second": nps.round(),
            "table_bytes": s.table_bytes,
            "table_entries_used": s.table_used,
            "threads": s.threads,
            "method": args.method.to_possible_value().map(|v| v.get_name().to_string()),
        });
        if let Some((map, nodes, elapsed)) = &map {
            v["moves_nodes"] = json!(nodes);
            v["moves_elapsed_ms"] = json!((elapsed.as_secs_f64() * 1e6).round() / 1e3);
            v["moves"] = map
                .iter()
                .map(|(c, val)| json!({"row": c.row, "col": c.col, "value": val.map_or("unknown", Value::as_str)}))
                .collect();
        }
        serde_json::to_writer(&mut out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} x {}, {} in a row{}: {}",
        dims.rows(),
        dims.cols(),
        dims.k(),
        if pos.ply() == 0 {
            String::new()
        } else {
            format!(" from {pos}")
        },
        describe(solution.value, &pos)
    )?;
    writeln!(
        out,
        "{} in {:.3} s ({}, {}); table {}, {} used",
        plural(s.nodes, "position"),
        s.elapsed.as_secs_f64(),
        rate(nps),
        plural(s.threads as u64, "thread"),
        megabytes(s.table_bytes),
        plural(s.table_used as u64, "entry"),
    )?;
    if let Some((map, nodes, elapsed)) = map {
        writeln!(
            out,
            "\nValue of each move for {} (W win, D draw, L loss, ? unknown, X/O taken):",
            pos.turn(),
        )?;
        let board = crate::render::board_with(&pos, |cell, text| {
            match map.iter().find(|(c, _)| *c == cell) {
                Some((_, Some(Value::Win))) => "W".into(),
                Some((_, Some(Value::Draw))) => "D".into(),
                Some((_, Some(Value::Loss))) => "L".into(),
                Some((_, None)) => "?".into(),
                None => text,
            }
        });
        write!(out, "{board}")?;
        if map.iter().any(|(_, v)| v.is_none()) {
            writeln!(
                out,
                "? marks a move whose value was not proven within the time limit."
            )?;
        }
        writeln!(
            out,
            "The map searched {} in {:.3} s.",
            plural(nodes, "more position"),
            elapsed.as_secs_f64()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_words() {
        assert_eq!(plural(1, "entry"), "1 entry");
        assert_eq!(plural(0, "entry"), "0 entries");
        assert_eq!(plural(2, "thread"), "2 threads");
        assert_eq!(megabytes(1 << 12), "4 KB");
        assert_eq!(megabytes(3 << 20), "3 MB");
        assert_eq!(rate(1_250_000.0), "1.25 million a second");
        assert_eq!(rate(4_800.0), "4.8 thousand a second");
    }
}
