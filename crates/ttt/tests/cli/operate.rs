//! Running a server for others: its log (an access line a request, the start, the
//! shutdown, in text or JSON) and its metrics on a listener of their own, read from the real
//! `ttt serve`.

use std::io::{BufRead, BufReader};
use std::process::Child;

use serde_json::{json, Value};

use crate::http::{get, post, Events};
use crate::support::command;

/// A `ttt serve` with its metrics listener; its stderr goes to a file read at the end.
struct Served {
    child: Child,
    base: String,
    metrics: String,
    log: tempfile::NamedTempFile,
    _dir: tempfile::TempDir,
}

impl Served {
    fn start(more: &[&str]) -> Served {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ttt.db");
        Served::start_in(dir, db.to_str().unwrap(), more)
    }

    /// A server on the database at `url`.
    fn start_on(url: &str) -> Served {
        Served::start_in(tempfile::tempdir().unwrap(), url, &[])
    }

    fn start_in(dir: tempfile::TempDir, db: &str, more: &[&str]) -> Served {
        let log = tempfile::NamedTempFile::new().unwrap();
        let mut args = vec![
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--metrics-addr",
            "127.0.0.1:0",
            "--db",
            db,
        ];
        args.extend_from_slice(more);
        let mut child = command(&args)
            .env_remove("RUST_LOG")
            .stderr(log.reopen().unwrap())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let address = |line: &str| -> String {
            line.split("http://")
                .nth(1)
                .and_then(|rest| rest.split('/').next())
                .unwrap_or_else(|| panic!("no address in {line:?}"))
                .to_string()
        };
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let base = address(&line);
        line.clear();
        out.read_line(&mut line).unwrap();
        assert!(line.contains("/metrics"), "{line}");
        let metrics = address(&line);
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        Served {
            child,
            base,
            metrics,
            log,
            _dir: dir,
        }
    }

    /// Stops the server with SIGTERM; its log.
    fn stop(mut self) -> String {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        assert!(self.child.wait().unwrap().success());
        std::fs::read_to_string(self.log.path()).unwrap()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn new_game(base: &str) -> crate::http::Reply {
    post(
        base,
        "/api/games",
        None,
        &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "easy"}]}),
    )
}

/// The value of the sample `name` (with its labels, as written) in an exposition.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

#[test]
fn every_request_is_one_json_log_line_with_its_id() {
    let server = Served::start(&["--log-format", "json", "--games-per-minute", "2"]);
    let created = new_game(&server.base);
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json["id"].as_str().unwrap().to_string();
    let request_id = created.header("x-request-id").unwrap().to_string();
    let moved = post(
        &server.base,
        &format!("/api/games/{id}/moves"),
        created.json["seats"][0]["token"].as_str(),
        &json!({"row": 1, "col": 1}),
    );
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(get(&server.base, "/no/such/page").status, 404);
    assert_eq!(new_game(&server.base).status, 201);
    assert_eq!(new_game(&server.base).status, 429);
    let log = server.stop();

    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let message = |v: &Value| v["fields"]["message"].as_str().unwrap_or("").to_string();
    let access: Vec<&Value> = lines.iter().filter(|v| message(v) == "request").collect();
    assert_eq!(access.len(), 5, "{log}");
    let first = &access[0]["fields"];
    assert_eq!(access[0]["level"], "INFO");
    assert_eq!(first["method"], "POST");
    assert_eq!(first["route"], "/api/games");
    assert_eq!(first["status"], 201);
    assert_eq!(first["client"], "127.0.0.1");
    assert_eq!(first["request_id"], request_id.as_str());
    assert!(
        first["ms"].as_str().unwrap().parse::<f64>().is_ok(),
        "{first}"
    );
    // The route is the pattern: the game's id stays out of the log.
    assert_eq!(access[1]["fields"]["route"], "/api/games/{id}/moves");
    assert!(!log.contains(&id), "{log}");
    assert_eq!(access[2]["fields"]["route"], "-");
    assert_eq!(access[2]["fields"]["status"], 404);
    assert_eq!(access[4]["fields"]["status"], 429);
    let ids: std::collections::HashSet<&str> = access
        .iter()
        .map(|v| v["fields"]["request_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 5, "every request has an id of its own");
    for said in ["serving", "shutting down", "stopped"] {
        assert!(
            lines.iter().any(|v| message(v).starts_with(said)),
            "{said}: {log}"
        );
    }
}

#[test]
fn text_logs_are_one_line_a_request_and_take_a_proxys_id() {
    let server = Served::start(&[]);
    let reply = crate::http::request_with(
        &server.base,
        "GET /api/config HTTP/1.1\r\nX-Request-Id: from-proxy-7\r\n",
    );
    assert_eq!(reply.header("x-request-id"), Some("from-proxy-7"));
    let forged = crate::http::request_with(
        &server.base,
        "GET /healthz HTTP/1.1\r\nX-Request-Id: a b\r\n",
    );
    assert_ne!(forged.header("x-request-id"), Some("a b"));
    let log = server.stop();
    let access: Vec<&str> = log.lines().filter(|l| l.contains(" request ")).collect();
    assert_eq!(access.len(), 2, "{log}");
    assert!(access[0].contains(" INFO "), "{log}");
    assert!(
        access[0].contains("method=GET route=/api/config status=200"),
        "{log}"
    );
    assert!(access[0].contains("request_id=from-proxy-7"), "{log}");
    assert!(!log.contains('\x1b'), "no colours in a file: {log}");
}

#[test]
fn metrics_are_served_on_their_own_address() {
    let server = Served::start(&["--moves-per-minute", "1"]);
    let created = new_game(&server.base);
    let id = created.json["id"].as_str().unwrap().to_string();
    let mut watching = Events::open(&server.base, &id);
    watching.next_state();
    let token = created.json["seats"][0]["token"]
        .as_str()
        .map(str::to_string);
    let play = |row, col| {
        post(
            &server.base,
            &format!("/api/games/{id}/moves"),
            token.as_deref(),
            &json!({"row": row, "col": col}),
        )
    };
    assert_eq!(play(0, 0).status, 200);
    assert_eq!(play(2, 2).status, 429);
    // The public address has no metrics.
    assert_eq!(get(&server.base, "/metrics").status, 404);
    let scraped = get(&server.metrics, "/metrics");
    assert_eq!(scraped.status, 200);
    assert!(
        scraped
            .header("content-type")
            .unwrap()
            .starts_with("text/plain; version=0.0.4"),
        "{}",
        scraped.head
    );
    let text = &scraped.text;
    let samples = [
        (
            r#"ttt_http_requests_total{route="/api/games",status="201"}"#,
            1.0,
        ),
        (
            r#"ttt_http_requests_total{route="/api/games/{id}/moves",status="200"}"#,
            1.0,
        ),
        (
            r#"ttt_http_requests_total{route="/api/games/{id}/moves",status="429"}"#,
            1.0,
        ),
        (r#"ttt_http_requests_total{route="-",status="404"}"#, 1.0),
        ("ttt_games_live", 1.0),
        ("ttt_event_streams", 1.0),
        ("ttt_rate_limited_total", 1.0),
        // The computer's reply to the move.
        ("ttt_computer_think_seconds_count", 1.0),
    ];
    for (name, value) in samples {
        assert_eq!(sample(text, name), Some(value), "{name}:\n{text}");
    }
    assert!(sample(text, "ttt_http_request_duration_seconds_count").unwrap() >= 5.0);
    assert!(text.contains("# TYPE ttt_http_request_duration_seconds histogram"));
    drop(watching);
    // The stream closed: the gauge follows.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let text = get(&server.metrics, "/metrics").text;
        if sample(&text, "ttt_event_streams") == Some(0.0) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{text}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    server.stop();
}

#[test]
fn a_server_on_postgres_shows_its_pool() {
    let Some(cluster) = ttt_testdb::cluster() else {
        return;
    };
    let server = Served::start_on(&cluster.database());
    assert_eq!(new_game(&server.base).status, 201);
    let text = get(&server.metrics, "/metrics").text;
    let in_use = sample(&text, r#"ttt_db_pool_connections{state="in_use"}"#);
    let idle = sample(&text, r#"ttt_db_pool_connections{state="idle"}"#);
    assert!(in_use.is_some() && idle.is_some(), "{text}");
    assert!(in_use.unwrap() + idle.unwrap() >= 1.0, "{text}");
    assert_eq!(sample(&text, "ttt_games_live"), Some(1.0), "{text}");
    server.stop();
}

#[test]
fn how_long_unfinished_games_are_kept_is_the_operators_and_said() {
    let server = Served::start(&["--keep-unfinished", "2"]);
    let gone = get(&server.base, "/api/games/nosuchgame");
    assert_eq!(gone.status, 404);
    assert!(
        gone.json["error"]
            .as_str()
            .unwrap()
            .contains("kept for 2 h after its last move"),
        "{}",
        gone.text
    );
    server.stop();
    let out = crate::support::ttt(&["serve", "--keep-unfinished", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("from 1 to 8760"));
}

#[test]
fn a_server_that_cannot_listen_makes_no_database() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let out = crate::support::ttt(
        &["serve", "--addr", &addr, "--db", db.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!("cannot listen on {addr}")), "{said}");
    assert!(!db.exists(), "no database made");
}
