//! Many watchers on one game: opens N live-update streams (`GET /api/games/{id}/events`) on
//! one new game of a running `ttt serve`, makes a move, and measures the time from the move
//! to its arrival at every stream, with the server's memory (from `/proc`, given its pid).
//! `scripts/watchers.sh` starts the server and runs this; the figures are in
//! docs/PERFORMANCE.md.
//!
//! ```text
//! cargo run --release -p ttt-server --example watchers -- --addr 127.0.0.1:8080 --streams 1000 --pid 1234
//! ```
//!
//! A stream counts as open once its first state has come. The move's arrival is the first
//! state with a newer version than that first one; the time is taken when the read that
//! holds it returns, so it includes this tool's own scheduling on a shared machine.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, Semaphore};

/// How many streams are being opened at once: more would overflow the server's queue of
/// connections not yet accepted.
const OPENING_AT_ONCE: usize = 128;

struct Options {
    addr: SocketAddr,
    streams: usize,
    pid: Option<u32>,
    timeout: Duration,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        addr: "127.0.0.1:8080".parse().map_err(|e| format!("{e}"))?,
        streams: 1_000,
        pid: None,
        timeout: Duration::from_secs(60),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => o.addr = value()?.parse().map_err(|e| format!("--addr: {e}"))?,
            "--streams" => o.streams = value()?.parse().map_err(|e| format!("--streams: {e}"))?,
            "--pid" => o.pid = Some(value()?.parse().map_err(|e| format!("--pid: {e}"))?),
            "--timeout" => {
                o.timeout =
                    Duration::from_secs(value()?.parse().map_err(|e| format!("--timeout: {e}"))?);
            }
            other => {
                return Err(format!(
                    "unknown option {other}: --addr IP:PORT --streams N --pid PID --timeout SECS"
                ))
            }
        }
    }
    Ok(o)
}

/// One request on its own connection: the status and the JSON body.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).await?;
    let body = body.to_string();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: \
         application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).await?;
    let status = reply.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let json = reply
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    Ok((status, json))
}

/// The largest `"version":N` in `text`, if any.
fn latest_version(text: &[u8]) -> Option<u64> {
    const KEY: &[u8] = b"\"version\":";
    let mut best = None;
    let mut at = 0;
    while let Some(i) = text[at..].windows(KEY.len()).position(|w| w == KEY) {
        let start = at + i + KEY.len();
        let digits = text[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if let Ok(n) = std::str::from_utf8(&text[start..start + digits])
            .unwrap_or("")
            .parse::<u64>()
        {
            best = best.max(Some(n));
        }
        at = start;
    }
    best
}

/// What one stream saw.
enum Seen {
    /// Its first state came.
    Opened,
    /// The move, at this time.
    Moved(Instant),
    /// It failed, and why.
    Failed(String),
}

/// Opens a stream on game `id`, says when its first state comes, then when a newer one does;
/// stays open until `close` is dropped.
async fn watch(
    addr: SocketAddr,
    id: String,
    seen: mpsc::UnboundedSender<Seen>,
    opening: Arc<Semaphore>,
    mut close: tokio::sync::watch::Receiver<bool>,
) {
    let fail = |seen: &mpsc::UnboundedSender<Seen>, why: String| {
        let _ = seen.send(Seen::Failed(why));
    };
    let mut permit = Some(opening.acquire_owned().await);
    let mut stream = match TcpStream::connect(addr).await {
        Ok(s) => s,
        Err(e) => return fail(&seen, format!("connect: {e}")),
    };
    let get = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    if let Err(e) = stream.write_all(get.as_bytes()).await {
        return fail(&seen, format!("send: {e}"));
    }
    let mut buf = vec![0u8; 64 * 1024];
    let mut first: Option<u64> = None;
    let mut head = Vec::new();
    loop {
        let n = tokio::select! {
            read = stream.read(&mut buf) => match read {
                Ok(0) => return fail(&seen, "closed by the server".into()),
                Ok(n) => n,
                Err(e) => return fail(&seen, format!("read: {e}")),
            },
            _ = close.changed() => return,
        };
        let now = Instant::now();
        let got = &buf[..n];
        match first {
            None => {
                head.extend_from_slice(got);
                if !head.starts_with(b"HTTP/1.1 200") && head.len() >= 12 {
                    let status = String::from_utf8_lossy(&head[..12]).into_owned();
                    return fail(&seen, format!("refused: {status}"));
                }
                if let Some(v) = latest_version(&head) {
                    first = Some(v);
                    head = Vec::new();
                    // Opened: let the next stream open.
                    permit = None;
                    let _ = seen.send(Seen::Opened);
                }
            }
            Some(v) => {
                if latest_version(got).is_some_and(|n| n > v) {
                    let _ = seen.send(Seen::Moved(now));
                    // Stay open (a closing stream makes the server tell every other).
                    let _ = close.changed().await;
                    return;
                }
            }
        }
        debug_assert!(first.is_none() || permit.is_none());
    }
}

/// `VmRSS` and `VmHWM` of process `pid`, in MiB.
fn memory(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
            .map(|kib| kib / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    // Nearest rank.
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Each stream is an open file here too: the soft limit goes up to the hard one.
#[cfg(unix)]
fn raise_open_files() {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let now = getrlimit(Resource::Nofile);
    let _ = setrlimit(
        Resource::Nofile,
        Rlimit {
            current: now.maximum,
            maximum: now.maximum,
        },
    );
}

#[cfg(not(unix))]
fn raise_open_files() {}

#[tokio::main]
async fn main() -> Result<(), String> {
    let o = options()?;
    raise_open_files();
    let (status, game) = request(
        o.addr,
        "POST",
        "/api/games",
        None,
        &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}),
    )
    .await
    .map_err(|e| format!("cannot reach {}: {e}", o.addr))?;
    if status != 201 {
        return Err(format!("a new game was answered {status}: {game}"));
    }
    let id = game["id"].as_str().ok_or("no game id")?.to_string();
    let token = game["seats"][0]["token"]
        .as_str()
        .ok_or("no seat token")?
        .to_string();

    let (seen_tx, mut seen) = mpsc::unbounded_channel();
    let (close_tx, close) = tokio::sync::watch::channel(false);
    let opening = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let started = Instant::now();
    for _ in 0..o.streams {
        tokio::spawn(watch(
            o.addr,
            id.clone(),
            seen_tx.clone(),
            Arc::clone(&opening),
            close.clone(),
        ));
    }
    drop(seen_tx);
    let failed = Arc::new(AtomicUsize::new(0));
    let mut opened = 0;
    let mut why = None;
    while opened + failed.load(Ordering::Relaxed) < o.streams {
        match tokio::time::timeout(o.timeout, seen.recv()).await {
            Ok(Some(Seen::Opened)) => opened += 1,
            Ok(Some(Seen::Failed(e))) => {
                failed.fetch_add(1, Ordering::Relaxed);
                why.get_or_insert(e);
            }
            Ok(Some(Seen::Moved(_))) => {}
            Ok(None) | Err(_) => break,
        }
    }
    let open_took = started.elapsed();
    // Let the states sent as watchers came settle before the move.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = o.pid.and_then(memory);

    let moved_at = Instant::now();
    let (status, reply) = request(
        o.addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"row": 1, "col": 1}),
    )
    .await
    .map_err(|e| format!("the move: {e}"))?;
    let answered = moved_at.elapsed();
    if status != 200 {
        return Err(format!("the move was answered {status}: {reply}"));
    }
    let mut arrivals = Vec::with_capacity(opened);
    let deadline = tokio::time::Instant::now() + o.timeout;
    while arrivals.len() < opened {
        match tokio::time::timeout_at(deadline, seen.recv()).await {
            Ok(Some(Seen::Moved(at))) => arrivals.push(at.saturating_duration_since(moved_at)),
            Ok(Some(Seen::Failed(e))) => {
                failed.fetch_add(1, Ordering::Relaxed);
                why.get_or_insert(e);
            }
            Ok(Some(Seen::Opened)) => {}
            Ok(None) | Err(_) => break,
        }
    }
    let after = o.pid.and_then(memory);
    arrivals.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("streams asked       {}", o.streams);
    println!(
        "streams opened      {opened} in {:.1} s",
        open_took.as_secs_f64()
    );
    println!(
        "failed              {}{}",
        failed.load(Ordering::Relaxed),
        why.map_or(String::new(), |w| format!(" (first: {w})"))
    );
    println!("move answered in    {:.1} ms", ms(answered));
    println!("received the move   {} of {opened}", arrivals.len());
    println!(
        "move to stream      p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(percentile(&arrivals, 50.0)),
        ms(percentile(&arrivals, 99.0)),
        ms(arrivals.last().copied().unwrap_or_default())
    );
    if let (Some((rss, _)), Some((rss_after, peak))) = (before, after) {
        println!(
            "server memory       RSS {rss:.0} MiB with the streams open, {rss_after:.0} MiB after \
             the move, peak {peak:.0} MiB"
        );
    }
    let _ = close_tx.send(true);
    Ok(())
}
