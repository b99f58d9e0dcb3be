//! The command line, driven through the real binary: one test binary, one shared runner
//! ([`support`]).

mod accounts;
mod admin;
mod analyze;
mod clock;
#[cfg(unix)]
mod engine;
mod files;
mod http;
mod operate;
mod operator;
mod pbrain;
mod play;
mod servers;
mod servers_clocks;
mod solve;
mod support;
#[cfg(unix)]
mod terminal;
