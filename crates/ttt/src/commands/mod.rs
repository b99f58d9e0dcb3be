//! One module per subcommand, each with a `run` taking its parsed options.

pub mod analyze;
pub mod gui;
pub mod history;
mod lines;
pub mod moves;
pub mod play;
pub mod players;
pub mod serve;
pub mod solve;
