//! `ttt serve`'s options: where to listen, the database, and the limits that keep the server
//! available to everyone (their defaults are `ttt_server::Limits::default()`'s).

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use super::values::{parse_count, parse_hours, parse_seconds};
use super::DbArgs;

/// Options of `ttt serve`.
#[derive(Debug, Args)]
#[command(after_help = "\
Limits: every client gets its fair share. Requests past --max-connections wait until one is \
answered (live-update streams count apart, up to --max-streams); a client over its rate of \
new games or moves is answered 429 with Retry-After; when --max-games are kept, finished and \
idle games make room, and if none can, new games are refused with 503 (a game being played \
is never dropped).

Engines: --engine NAME=PATH offers an outside program (a Gomocup/pbrain engine) as a player \
named NAME, beside the computer levels; PATH may be followed by its arguments, split on \
spaces. Web users choose among these names, and never name a program themselves.")]
pub struct ServeArgs {
    /// The address to listen on (an IP or a host name such as localhost, and a port); port 0
    /// picks a free port.
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080",
          value_parser = parse_addr)]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub db: DbArgs,
    /// The most requests at work at once, live-update streams apart; more wait until one is
    /// answered.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = parse_count)]
    pub max_connections: usize,
    /// The most live-update streams (watchers and players of games) open at once; more are
    /// answered 503. The server raises its open-files limit to this plus --max-connections
    /// and some, up to the hard limit (`ulimit -Hn`), and says in its log if it cannot.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = parse_count)]
    pub max_streams: usize,
    /// Seconds a client may take to send a request's headers, and a kept-alive connection
    /// may stay idle.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub header_timeout: Duration,
    /// Seconds a request may take before it is answered 503.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = parse_seconds)]
    pub request_timeout: Duration,
    /// Seconds the perfect computer player may think about one move.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_seconds)]
    pub thinking_time: Duration,
    /// Seconds the player to move (a friend on another device) must have had no page of the
    /// game open before the other may claim the win.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = parse_seconds)]
    pub claim_after: Duration,
    /// Seconds the analysis board's engine thinks about one position for a visitor before it
    /// stops (the page offers to go on); also the most a game's evaluation graph takes.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = parse_seconds)]
    pub analysis_time: Duration,
    /// The most analysis-board searches at once, one thread each (more wait their turn);
    /// each client address has at most one, and one evaluation graph.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count)]
    pub analysis_threads: usize,
    /// Seconds a shutdown (Ctrl-C, SIGTERM) waits for the requests in flight.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub shutdown_grace: Duration,
    /// New games a client may start a minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub games_per_minute: u32,
    /// Moves, takebacks, hints and analyses a client may ask for a minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub moves_per_minute: u32,
    /// Hours an unfinished game is kept after its last move (or its creation) before it is
    /// removed; a finished game's page stays an hour, and its result is recorded for good.
    #[arg(long, value_name = "HOURS", default_value = "6", value_parser = parse_hours)]
    pub keep_unfinished: Duration,
    /// The most games kept at once.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = parse_count)]
    pub max_games: usize,
    /// Tell clients apart by the last address in X-Forwarded-For: only behind a proxy that
    /// sets it (nginx, haproxy).
    #[arg(long)]
    pub trust_forwarded_for: bool,
    /// Offer an outside program as a player: NAME (letters, digits, '-', '_' or '.', at most
    /// 40) as the page shows it, PATH the program, with its arguments. Repeatable. Each of
    /// its moves gets --thinking-time.
    #[arg(long = "engine", value_name = "NAME=PATH", value_parser = parse_engine)]
    pub engines: Vec<(String, String)>,
    /// The address players reach the server at, such as https://ttt.example.org (behind a
    /// proxy that serves TLS). Signed-in requests must come from its pages, and with https
    /// the session cookie is Secure (sent over https only).
    #[arg(long, value_name = "URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,
    /// How the log on stderr is written: text for people, json (one object a line) for a log
    /// collector. RUST_LOG chooses what is logged (info by default; `debug`,
    /// `ttt_server=debug,warn`, ...).
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub log_format: LogFormat,
    /// Serve Prometheus metrics at http://IP:PORT/metrics, on a listener of its own: keep it
    /// private (a loopback or internal address).
    #[arg(long, value_name = "IP:PORT", value_parser = parse_addr)]
    pub metrics_addr: Option<SocketAddr>,
}

/// How `ttt serve` writes its log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// A line of text an event: time, level, message and fields.
    Text,
    /// A JSON object a line, with `timestamp`, `level`, `fields` and `spans`.
    Json,
}

/// `http://HOST[:PORT]` or `https://HOST[:PORT]`, an origin without a path.
fn parse_public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} should start with https:// (or http://)"))?;
    let good = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if rest.is_empty() || !rest.chars().all(good) {
        return Err(format!(
            "{text:?} should be the site's origin alone, such as https://ttt.example.org: no \
             path, query or user"
        ));
    }
    Ok(url.to_ascii_lowercase())
}

/// `NAME=PATH ARGS...` for `--engine`.
fn parse_engine(text: &str) -> Result<(String, String), String> {
    let Some((name, command)) = text.split_once('=') else {
        return Err(format!(
            "{text:?} is not NAME=PATH: name the engine, then the program to run"
        ));
    };
    let name = name.trim();
    let good = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || name.chars().count() > 40 || !name.chars().all(good) {
        return Err(format!(
            "{name:?} cannot name an engine: use 1 to 40 letters, digits, '-', '_' or '.'"
        ));
    }
    if command.split_whitespace().next().is_none() {
        return Err(format!(
            "the engine {name} has no program: write {name}=PATH"
        ));
    }
    Ok((name.to_string(), command.trim().to_string()))
}

/// An address to listen on: `IP:PORT`, or `HOST:PORT` with a host name the system resolves
/// (`localhost:8080`: its first address).
fn parse_addr(s: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(addr) = s.trim().parse() {
        return Ok(addr);
    }
    let bad = || {
        format!("{s:?} is not an address to listen on: give IP:PORT (127.0.0.1:8080) or HOST:PORT (localhost:8080)")
    };
    s.trim()
        .to_socket_addrs()
        .map_err(|_| bad())?
        .next()
        .ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_ips_or_host_names() {
        assert_eq!(
            parse_addr("127.0.0.1:8080"),
            Ok("127.0.0.1:8080".parse().unwrap())
        );
        let local = parse_addr("localhost:8080").unwrap();
        assert!(local.ip().is_loopback() && local.port() == 8080, "{local}");
        assert!(parse_addr("nowhere").unwrap_err().contains("HOST:PORT"));
        assert!(parse_addr("127.0.0.1").is_err());
    }

    #[test]
    fn engines_are_a_name_and_a_command() {
        assert_eq!(
            parse_engine("bot=./bots/first.py --fast"),
            Ok(("bot".into(), "./bots/first.py --fast".into()))
        );
        assert!(parse_engine("./bot.py").unwrap_err().contains("NAME=PATH"));
        assert!(parse_engine("=./bot.py")
            .unwrap_err()
            .contains("cannot name"));
        assert!(parse_engine("a b=./bot.py")
            .unwrap_err()
            .contains("cannot name"));
        assert!(parse_engine("bot= ")
            .unwrap_err()
            .contains("has no program"));
    }
}
