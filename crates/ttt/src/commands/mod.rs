//! One module per subcommand, each with a `run` taking its parsed options.

pub mod accounts;
mod admin;
pub mod analyze;
mod best_lines;
pub mod check_proof;
pub mod checkpoint;
pub mod export;
pub mod files;
pub mod gui;
pub mod history;
mod lines;
pub mod maintenance;
pub mod matches;
pub mod moves;
pub mod pbrain;
pub mod play;
pub mod players;
pub mod serve;
pub mod solve;
pub mod tune;
