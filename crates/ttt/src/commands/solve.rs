//! `ttt solve`: proves the value of a whole game (or a position) and reports the proof's figures.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use ttt_ai::{Limits, ProofRefused, Solver, Value};
use ttt_core::Position;

use crate::args::{threads_or_all, MethodArg, SolveArgs};
use crate::error::user_error;
use crate::output::board;
use crate::output::json::{millis, MoveJson, ProofJson, SolveJson};
use crate::output::words::{megabytes, plural, rate};

/// A live line on standard error (only when it is a terminal) while the solver works.
pub(super) struct Progress {
    bar: ProgressBar,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// Starts the line, showing the positions the searches count in `nodes` (the counter
    /// of their limits) and, while a proof is written, the positions `written`.
    pub(super) fn start(
        nodes: &Arc<AtomicU64>,
        written: Option<Arc<AtomicU64>>,
    ) -> Option<Progress> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let nodes = Arc::clone(nodes);
        let done = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&done);
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        let shown = bar.clone();
        let thread = std::thread::spawn(move || {
            let started = std::time::Instant::now();
            while !stop.load(Ordering::Relaxed) {
                let n = nodes.load(Ordering::Relaxed);
                let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-3);
                let mut message = format!(
                    "{:.1} million positions searched ({})",
                    n as f64 / 1e6,
                    self::rate(rate)
                );
                if let Some(w) = written.as_ref().map(|w| w.load(Ordering::Relaxed)) {
                    if w > 0 {
                        message.push_str(&format!("; {} written", plural(w, "proof position")));
                    }
                }
                shown.set_message(message);
                shown.tick();
                std::thread::sleep(Duration::from_millis(200));
            }
            shown.finish_and_clear();
        });
        Some(Progress {
            bar,
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

/// The machine's memory in bytes, if the system says.
fn machine_memory() -> Option<usize> {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let system = System::new_with_specifics(
        RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()),
    );
    usize::try_from(system.total_memory())
        .ok()
        .filter(|&bytes| bytes > 0)
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
    if let Some(why) = args.stray_option() {
        return Err(user_error(why));
    }
    let pos = args
        .board
        .position(args.at.as_deref().or(args.position.as_deref()))?;
    if pos.is_over() {
        return Err(user_error(format!(
            "there is nothing to solve: the game is over ({}{})",
            pos.outcome(),
            args.board.k_reminder(&pos)
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
    let proof_options = ttt_ai::ProofOptions {
        limits: limits.clone(),
        memory,
        threads,
        positions: usize::try_from(args.proof_positions()).unwrap_or(usize::MAX),
        written: None,
    };
    if let Some(path) = &args.proof {
        if let Some(method) = args.method.filter(|&m| m != MethodArg::Auto) {
            return Err(user_error(format!(
                "--proof writes the proof with searches of its own: leave out --method {}",
                method.name()
            )));
        }
        // A file that cannot be written is found before the work, not after it.
        check_writable(path)?;
        if pos.rule() != ttt_core::Rule::Renju {
            // A rule the solver cannot prove is refused, never answered "unknown".
            Solver::try_new(&pos).map_err(user_error)?;
        }
        return prove(args, &pos, path, proof_options);
    }
    // A rule the solver cannot prove is refused, never answered "unknown".
    let solver = Solver::try_new(&pos).map_err(|e| {
        if pos.rule() == ttt_core::Rule::Renju {
            user_error(format!(
                "{e}; with --proof FILE, a renju position of at most {} empty cells gets its \
                 proof and its value",
                ttt_ai::PROOF_RENJU_CELLS
            ))
        } else {
            user_error(e)
        }
    })?;
    if let Some(path) = &args.checkpoint {
        let jobs = super::checkpoint::Jobs {
            limits: limits.clone(),
            job_time: args.job_time(),
            memory,
            threads,
            method: args.method().method(),
        };
        let (value, progress) = super::checkpoint::run(&pos, path, &jobs)?;
        println!("{}", headline(&pos, value));
        println!("{}", super::checkpoint::summary(&progress));
        if value.is_none() {
            println!(
                "the search goes on where it stopped when run again with --checkpoint {}",
                path.display()
            );
        }
        return Ok(());
    }
    report(args, &pos, solver, limits, memory, threads)?;
    Ok(())
}

/// Whether a file can be made at `path` (its folder is there and takes files), checked by
/// making and removing a file beside it; an existing file at `path` is left as it is.
pub(crate) fn check_writable(path: &std::path::Path) -> anyhow::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(user_error(format!(
            "cannot write {}: it is a folder",
            path.display()
        )));
    }
    let probe = folder.join(format!(".ttt-write-test-{}", std::process::id()));
    std::fs::File::create(&probe)
        .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// What the proof writer's first search found: the value, the positions it searched and
/// its time.
struct Found {
    value: Value,
    nodes: u64,
    elapsed: Duration,
}

/// `--proof PATH`: the value and its proof, both from the proof writer's searches (the root's
/// first search settles the value, which is said at once; the proof follows, from the same
/// tables).
fn prove(
    args: &SolveArgs,
    pos: &Position,
    path: &std::path::Path,
    mut options: ttt_ai::ProofOptions,
) -> anyhow::Result<()> {
    let written = Arc::new(AtomicU64::new(0));
    options.written = Some(Arc::clone(&written));
    let searched = Arc::new(AtomicU64::new(0));
    options.limits = options.limits.with_progress(Arc::clone(&searched));
    let progress = Progress::start(&searched, Some(written));
    let started = Instant::now();
    let mut found = None;
    let proof = ttt_ai::write_proof_telling(pos, &options, |value, nodes| {
        let elapsed = started.elapsed();
        if !args.json {
            let say = || {
                println!("{}", headline(pos, Some(value)));
                println!(
                    "{} in {:.3} s ({}, {}); writing its proof",
                    plural(nodes, "position"),
                    elapsed.as_secs_f64(),
                    rate(nodes as f64 / elapsed.as_secs_f64().max(1e-9)),
                    plural(options.threads as u64, "thread"),
                );
                let _ = std::io::stdout().flush();
            };
            match &progress {
                Some(p) => p.bar.suspend(say),
                None => say(),
            }
        }
        found = Some(Found {
            value,
            nodes,
            elapsed,
        });
    });
    drop(progress);
    let elapsed = started.elapsed();
    // A file that cannot be written loses the proof, but not the value said.
    let saved = match &proof {
        Ok(p) => std::fs::write(path, &p.text)
            .map_err(|e| user_error(format!("cannot write {}: {e}", path.display()))),
        Err(_) => Ok(()),
    };
    if args.json {
        let value = found.as_ref().map(|f| f.value);
        // Unknown: what the searches visited before the time ran out.
        let (nodes, took) = found.as_ref().map_or_else(
            || (searched.load(Ordering::Relaxed), elapsed),
            |f| (f.nodes, f.elapsed),
        );
        let v = SolveJson {
            position: pos.to_string(),
            rows: pos.dims().rows(),
            cols: pos.dims().cols(),
            k: pos.dims().k(),
            rule: pos.rule().name(),
            to_move: pos.turn().to_string(),
            value: value.map_or("unknown", Value::as_str),
            nodes,
            elapsed_ms: millis(took),
            nodes_per_second: (nodes as f64 / took.as_secs_f64().max(1e-9)).round(),
            table_bytes: None,
            table_entries_used: None,
            threads: options.threads,
            method: "proof",
            moves_nodes: None,
            moves_elapsed_ms: None,
            moves: None,
            proof: proof
                .as_ref()
                .ok()
                .filter(|_| saved.is_ok())
                .map(|p| ProofJson {
                    path: path.display().to_string(),
                    positions: p.positions,
                    bytes: p.text.len(),
                    nodes: p.searched,
                    elapsed_ms: millis(elapsed),
                }),
        };
        let mut out = std::io::stdout().lock();
        serde_json::to_writer(&mut out, &v)?;
        writeln!(out)?;
    }
    saved?;
    match (proof, &found) {
        (Ok(proof), _) => {
            eprintln!(
                "ttt: the proof is in {} ({}, {} bytes; {} searched in {:.1} s); check it \
                 with `ttt check-proof {}`",
                path.display(),
                plural(proof.positions as u64, "position"),
                proof.text.len(),
                plural(proof.searched, "position"),
                elapsed.as_secs_f64(),
                path.display()
            );
            Ok(())
        }
        // The value was said: a proof that cannot be written within the limits takes
        // nothing from it, and is an error of its own (exit status 1).
        (Err(e), Some(_)) => Err(anyhow::Error::msg(format!("no proof: {e}"))),
        // The limits ended the search before the value was known: `unknown`, as the solver
        // says, and no proof (exit status 1).
        (Err(e @ (ProofRefused::OutOfTime | ProofRefused::OutOfMemory { .. })), None) => {
            if !args.json && e == ProofRefused::OutOfTime {
                println!("{}", headline(pos, None));
            }
            Err(anyhow::Error::msg(match e {
                ProofRefused::OutOfTime => "no proof: the value is not known within the time \
                                            limit, and only a value the searches settle can be \
                                            proven"
                    .to_string(),
                e => format!("no proof: {e}"),
            }))
        }
        (Err(e), None) => Err(user_error(format!("no proof: {e}"))),
    }
}

/// `ttt solve X x Y, K in a row (RULE): VALUE`.
fn headline(pos: &Position, value: Option<Value>) -> String {
    let dims = pos.dims();
    format!(
        "{} x {}, {} in a row{}{}: {}",
        dims.rows(),
        dims.cols(),
        dims.k(),
        // Free-style is the default, and goes unsaid.
        if pos.rule() == ttt_core::Rule::Freestyle {
            String::new()
        } else {
            format!(" ({})", pos.rule())
        },
        if pos.ply() == 0 {
            String::new()
        } else {
            format!(" from {pos}")
        },
        describe(value, pos)
    )
}

/// Solves `pos` and prints the answer as `args` ask.
fn report(
    args: &SolveArgs,
    pos: &Position,
    solver: Solver,
    mut limits: Limits,
    memory: usize,
    threads: usize,
) -> anyhow::Result<Option<Value>> {
    let pos = *pos;
    let searched = Arc::new(AtomicU64::new(0));
    limits = limits.with_progress(Arc::clone(&searched));
    let progress = Progress::start(&searched, None);
    let solver = solver
        .limits(limits)
        .memory(memory)
        .threads(threads)
        .method(args.method().method());
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
        let v = SolveJson {
            position: pos.to_string(),
            rows: dims.rows(),
            cols: dims.cols(),
            k: dims.k(),
            rule: pos.rule().name(),
            to_move: pos.turn().to_string(),
            value: solution.value.map_or("unknown", Value::as_str),
            nodes: s.nodes,
            elapsed_ms: millis(s.elapsed),
            nodes_per_second: nps.round(),
            table_bytes: Some(s.table_bytes),
            table_entries_used: Some(s.table_used),
            threads: s.threads,
            method: args.method().name(),
            moves_nodes: map.as_ref().map(|m| m.1),
            moves_elapsed_ms: map.as_ref().map(|m| millis(m.2)),
            proof: None,
            moves: map.as_ref().map(|(moves, _, _)| {
                moves
                    .iter()
                    .map(|&(c, val)| MoveJson {
                        row: c.row,
                        col: c.col,
                        value: val.map_or("unknown", Value::as_str),
                    })
                    .collect()
            }),
        };
        serde_json::to_writer(&mut out, &v)?;
        writeln!(out)?;
        return Ok(solution.value);
    }
    writeln!(out, "{}", headline(&pos, solution.value))?;
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
        let board = board::with_marks(&pos, |cell, text| {
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
    Ok(solution.value)
}
