//! `ttt solve`'s options.

use std::time::Duration;

use clap::Args;

use super::values::{parse_count, parse_seconds, parse_threads};
use super::BoardArgs;

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
    #[arg(long, value_name = "MB", value_parser = parse_count)]
    pub memory: Option<usize>,
    /// Threads to use, at most 256 (default: all the machine's cores). With `--method auto`,
    /// one searches by proof numbers and the others by alpha-beta straight to the end, and
    /// after a second every thread by proof numbers; on one thread, proof numbers alone.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Which search proves the value: `auto`, the default (with K of 4 or more, a win by
    /// threats looked for first; then the proof-number search, with alpha-beta beside it
    /// for its first second), or one of them alone (the proof-number search on one thread
    /// for its first second, then on every thread).
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// Also give the value of every move, drawn as a grid.
    #[arg(long)]
    pub root_map: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write a proof of the value to FILE, for `ttt check-proof` (docs/PROOFS.md), within the
    /// time limit and memory. The proof's own searches settle the value (said as soon as they
    /// do) and then write its proof: the solver does not search first.
    #[arg(long, value_name = "FILE", conflicts_with = "root_map")]
    pub proof: Option<std::path::PathBuf>,
    /// With `--proof`, the most positions a section of the proof may hold (default:
    /// 5000000).
    #[arg(long, value_name = "N", value_parser = parse_proof_positions)]
    pub proof_positions: Option<u64>,
    /// Search in jobs, keeping the tree in FILE after each, for games that take hours: run
    /// again with the same FILE to go on where it stopped (after a kill, Ctrl-C or
    /// `--time-limit`). Each job gets `--job-time`, `--memory` and `--threads`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["proof", "root_map", "json"])]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With `--checkpoint`, the most time one job takes (what a kill can lose; default:
    /// 120).
    #[arg(long, value_name = "SECS", value_parser = parse_job_time)]
    pub job_time: Option<Duration>,
}

/// A job's time when `--job-time` is not given.
const JOB_TIME: Duration = Duration::from_secs(120);

impl SolveArgs {
    /// `--job-time`, or its default.
    pub fn job_time(&self) -> Duration {
        self.job_time.unwrap_or(JOB_TIME)
    }

    /// `--proof-positions`, or its default.
    pub fn proof_positions(&self) -> u64 {
        self.proof_positions
            .unwrap_or(ttt_ai::PROOF_POSITIONS as u64)
    }

    /// An option given without the one it belongs to (which clap lets through where that one
    /// conflicts with an option given): what to say.
    pub fn stray_option(&self) -> Option<&'static str> {
        if self.job_time.is_some() && self.checkpoint.is_none() {
            Some("--job-time goes with --checkpoint FILE: give both, or leave it out")
        } else if self.proof_positions.is_some() && self.proof.is_none() {
            Some("--proof-positions goes with --proof FILE: give both, or leave it out")
        } else {
            None
        }
    }

    /// The search `--method` names (`auto` when not given).
    pub fn method(&self) -> MethodArg {
        self.method.unwrap_or(MethodArg::Auto)
    }
}

/// `--job-time`: seconds, more than none (a job of no time would only open leaves).
fn parse_job_time(s: &str) -> Result<Duration, String> {
    let range = || format!("{s:?} is not a job's time: give seconds from 0.001 to 10000000");
    match parse_seconds(s).map_err(|_| range())? {
        d if d < Duration::from_millis(1) => Err(range()),
        d => Ok(d),
    }
}

/// `--proof-positions`: a whole number from 1 to a billion.
fn parse_proof_positions(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| (1..=1_000_000_000).contains(n))
        .ok_or_else(|| {
            format!("{s:?} is not a number of positions: give a whole number from 1 to 1000000000")
        })
}

/// `--method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    Auto,
    AlphaBeta,
    ProofNumber,
}

impl MethodArg {
    /// The name as typed.
    pub fn name(self) -> &'static str {
        match self {
            MethodArg::Auto => "auto",
            MethodArg::AlphaBeta => "alpha-beta",
            MethodArg::ProofNumber => "proof-number",
        }
    }

    /// The search method this names.
    pub fn method(self) -> ttt_ai::Method {
        match self {
            MethodArg::Auto => ttt_ai::Method::Auto,
            MethodArg::AlphaBeta => ttt_ai::Method::AlphaBeta,
            MethodArg::ProofNumber => ttt_ai::Method::ProofNumber,
        }
    }
}
