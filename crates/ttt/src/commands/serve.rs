//! `ttt serve`: the web game, served on a local address with the same database as the
//! console game.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use anyhow::Context;
use ttt_server::{AppState, EngineSpec, Engines, Limits};

use crate::args::{LogFormat, ServeArgs};
use crate::database;
use crate::error::user_error;

/// Opens the database, starts the server and prints the address to open; runs until Ctrl-C
/// (or SIGTERM).
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    // The addresses first: a server that cannot listen makes no database file.
    let bind = |addr: SocketAddr, what: &str| {
        std::net::TcpListener::bind(addr)
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .map_err(|e| user_error(format!("cannot listen on {addr}{what}: {e}")))
    };
    let listener = bind(args.addr, "")?;
    let metrics = args
        .metrics_addr
        .map(|addr| bind(addr, " for metrics"))
        .transpose()?;
    let (store, location) = database::open(&args.db)?;
    let limits = Limits {
        max_connections: args.max_connections,
        max_streams: args.max_streams,
        header_timeout: args.header_timeout,
        request_timeout: args.request_timeout,
        thinking_time: args.thinking_time,
        board_analysis_time: args.analysis_time,
        board_analysis_threads: args.analysis_threads,
        claim_after: args.claim_after,
        shutdown_grace: args.shutdown_grace,
        games_per_minute: args.games_per_minute,
        moves_per_minute: args.moves_per_minute,
        max_games: args.max_games,
        game_ttl: args.keep_unfinished,
        trust_forwarded_for: args.trust_forwarded_for,
        ..Limits::default()
    };
    let mut engines = Engines::new();
    for (name, command) in &args.engines {
        let spec = EngineSpec::parse(command, args.thinking_time)
            .ok_or_else(|| user_error(format!("the engine {name} has no program")))?;
        spec.check_program()
            .map_err(|why| user_error(format!("the engine {name}: {why}")))?;
        if engines.insert(name.clone(), spec).is_some() {
            return Err(user_error(format!(
                "two engines are called {name}: give each its own name"
            )));
        }
    }
    let mut state = AppState::new(Arc::from(store), limits).with_engines(engines);
    if let Some(url) = &args.public_url {
        state = state.with_public_url(url);
    }

    start_logging(args.log_format)?;

    let names: Vec<&String> = args.engines.iter().map(|(name, _)| name).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let local = listener.local_addr()?;
        let shutdown = ttt_server::shutdown_signal();
        let metrics = metrics.map(tokio::net::TcpListener::from_std).transpose()?;
        println!("ttt: the game is at {} (Ctrl-C to stop)", url(local));
        if let Some(metrics) = metrics {
            println!("ttt: metrics at {}metrics", url(metrics.local_addr()?));
            let state = state.clone();
            tokio::spawn(async move {
                if let Err(e) = ttt_server::serve_metrics(metrics, state).await {
                    tracing::error!("the metrics listener stopped: {e}");
                }
            });
        }
        println!("ttt: players and games are kept in {location}");
        for name in &names {
            println!("ttt: the engine {name} is offered as a player");
        }
        ttt_server::serve(listener, state, shutdown)
            .await
            .context("the server stopped")
    })
}

/// Logs on stderr (the server's failures are never sent to the browser) in `format`, what
/// `RUST_LOG` asks for (info by default).
fn start_logging(format: LogFormat) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt;

    let filter = match std::env::var("RUST_LOG") {
        Ok(text) if !text.trim().is_empty() => text.parse::<Targets>().map_err(|e| {
            user_error(format!(
                "RUST_LOG={text:?} is not a log filter ({e}): write a level (error, warn, info, \
                 debug, trace) or TARGET=LEVEL pairs split by commas"
            ))
        })?,
        _ => Targets::new().with_default(LevelFilter::INFO),
    };
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(LevelFilter::TRACE);
    // Another subscriber already set (a test's) is left in place.
    let _ = match format {
        LogFormat::Text => tracing::subscriber::set_global_default(
            builder
                .with_target(false)
                .with_ansi(std::io::stderr().is_terminal())
                .finish()
                .with(filter),
        ),
        LogFormat::Json => tracing::subscriber::set_global_default(
            builder
                .json()
                .with_current_span(false)
                .finish()
                .with(filter),
        ),
    };
    Ok(())
}

/// The address to type into a browser: a wildcard address is reached through loopback.
fn url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}/", SocketAddr::new(ip, addr.port()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_a_reachable_host() {
        assert_eq!(
            url("127.0.0.1:8080".parse().unwrap()),
            "http://127.0.0.1:8080/"
        );
        assert_eq!(url("0.0.0.0:80".parse().unwrap()), "http://127.0.0.1:80/");
        assert_eq!(url("[::]:8080".parse().unwrap()), "http://[::1]:8080/");
    }
}
