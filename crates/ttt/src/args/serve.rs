//! `ttt serve`'s options.

use std::net::SocketAddr;

use clap::Args;

use super::DbArgs;

/// Options of `ttt serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on; port 0 picks a free port.
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub db: DbArgs,
}
