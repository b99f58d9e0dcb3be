//! `ttt solve --checkpoint FILE`: a proof search that runs for hours, in jobs of bounded time
//! ([`ttt_ai::Frontier`]). The tree is written to FILE after every job (to a temporary file,
//! then renamed over it, so that a kill at any moment leaves the last complete tree), and
//! read back from it when the command runs again: a kill loses at most the job running.

use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ttt_ai::{Frontier, FrontierProgress, Limits, Method, Solver, Value};
use ttt_core::Position;

use crate::error::user_error;
use crate::output::words::plural;

/// What the search needs besides the position and the file.
pub struct Jobs {
    /// The whole run's limits (the time limit, Ctrl-C).
    pub limits: Limits,
    /// The most time one job may take.
    pub job_time: Duration,
    pub memory: usize,
    pub threads: usize,
    pub method: Method,
}

/// The frontier kept in `path`, or a new one for `pos`. A file for another position is
/// refused, and left as it is.
fn load(pos: &Position, path: &Path) -> anyhow::Result<Frontier> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Frontier::new(pos)),
        Err(e) => return Err(user_error(format!("cannot read {}: {e}", path.display()))),
    };
    let frontier = Frontier::parse(&text).map_err(|e| {
        user_error(format!(
            "{} is not a checkpoint this command wrote ({e}); it is left as it is",
            path.display()
        ))
    })?;
    if frontier.root() != pos {
        let dims = frontier.root().dims();
        return Err(user_error(format!(
            "{} is the search of another game ({} x {}, {} in a row, {}, from {}); give \
             another file, or the same game",
            path.display(),
            dims.rows(),
            dims.cols(),
            dims.k(),
            frontier.root().rule().name(),
            if frontier.root().ply() == 0 {
                "the empty board".to_string()
            } else {
                frontier.root().to_string()
            }
        )));
    }
    Ok(frontier)
}

/// Writes `frontier` to `path` whole, or not at all.
/// Holds `FILE.lock` (made if need be) for as long as the run: two runs on one FILE would
/// each overwrite the other's jobs.
fn lock(path: &Path) -> anyhow::Result<std::fs::File> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = std::path::PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| user_error(format!("cannot write {}: {e}", lock_path.display())))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(user_error(format!(
            "another run is searching with {} (it holds {}): wait for it to end, or stop it",
            path.display(),
            lock_path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(user_error(format!(
            "cannot lock {}: {e}",
            lock_path.display()
        ))),
    }
}

fn save(frontier: &Frontier, path: &Path) -> anyhow::Result<()> {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    let temporary = std::path::PathBuf::from(name);
    std::fs::write(&temporary, frontier.to_text())
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| user_error(format!("cannot write {}: {e}", path.display())))
}

/// One line of progress: the first moves settled, the tree, the time.
pub fn summary(progress: &FrontierProgress) -> String {
    let settled_first = progress
        .first_moves
        .iter()
        .filter(|(_, v)| v.is_some())
        .count();
    let mut line = format!(
        "{} settled, {} open, {} of jobs",
        plural(progress.settled as u64, "position"),
        progress.open,
        hours(progress.spent)
    );
    if !progress.first_moves.is_empty() {
        let settled: Vec<String> = progress
            .first_moves
            .iter()
            .filter_map(|(cell, v)| {
                v.map(|v| format!("{},{} {}", cell.row + 1, cell.col + 1, v.as_str()))
            })
            .collect();
        line.push_str(&format!(
            "; first moves settled (row,column from 1): {settled_first} of {}",
            progress.first_moves.len()
        ));
        if !settled.is_empty() {
            line.push_str(&format!(" ({})", settled.join(", ")));
        }
    }
    line
}

/// `1h 02m 03s`, `2m 03s` or `3.4 s`.
fn hours(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=9 => format!("{:.2} s", d.as_secs_f64()),
        10..=59 => format!("{:.1} s", d.as_secs_f64()),
        60..=3599 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m {:02}s", s / 3600, s / 60 % 60, s % 60),
    }
}

/// Runs jobs on `pos`'s search kept in `path` until its value is proven or the limits stop
/// it: the value (if proven) and where the search stands.
pub fn run(
    pos: &Position,
    path: &Path,
    jobs: &Jobs,
) -> anyhow::Result<(Option<Value>, FrontierProgress)> {
    let _lock = lock(path)?;
    let mut frontier = load(pos, path)?;
    save(&frontier, path)?;
    // A run shorter than a job has jobs as long as the run: else its one job would be cut
    // short by the run's limit, and nothing kept.
    let job_time = jobs
        .limits
        .time_left()
        .map_or(jobs.job_time, |left| left.min(jobs.job_time));
    eprintln!(
        "ttt: searching in jobs of at most {}{}, the tree kept in {} after each ({}); stop it \
         at any time, and the same command goes on from there",
        hours(job_time),
        if job_time < jobs.job_time {
            " (the --time-limit)"
        } else {
            ""
        },
        path.display(),
        summary(&frontier.progress())
    );
    let mut count = 0u64;
    while let Some((id, job)) = frontier.next_job() {
        if jobs.limits.is_over() {
            break;
        }
        let budget = jobs
            .limits
            .time_left()
            .map_or(job_time, |left| left.min(job_time));
        let started = Instant::now();
        // A job may take minutes: on a terminal, its positions show as it goes.
        let searched = Arc::new(AtomicU64::new(0));
        let progress = super::solve::Progress::start(&searched, None);
        let solution = Solver::new(&job)
            .limits(jobs.limits.clone().with_progress(searched))
            .time_limit(budget)
            .memory(jobs.memory)
            .threads(jobs.threads)
            .method(jobs.method)
            .solve();
        let spent = started.elapsed();
        drop(progress);
        if solution.value.is_none() && jobs.limits.is_over() && spent < job_time / 2 {
            // Stopped by the run's own limit well before the job's: too short a search to
            // say its position needs opening.
            break;
        }
        frontier.record(id, solution.value, spent);
        save(&frontier, path)?;
        count += 1;
        eprintln!(
            "ttt: job {count}, {} deep: {} after {}; {}",
            plural((job.ply() - pos.ply()) as u64, "ply"),
            solution.value.map_or("open", Value::as_str),
            hours(spent),
            summary(&frontier.progress())
        );
    }
    Ok((frontier.value(), frontier.progress()))
}
