//! Several `ttt serve` processes on one PostgreSQL database, as behind a load balancer: a
//! game goes on whichever server each request reaches, live updates cross servers, a server
//! killed mid-game loses nothing, and moves or finishes at the same moment on two servers
//! count exactly once. PostgreSQL is a throwaway cluster of this test process.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::http::{get, post, Events};
use crate::support::command;

/// A running `ttt serve`, killed when dropped; its log is shown if the test fails.
pub struct Server {
    child: Child,
    pub base: String,
    log: tempfile::NamedTempFile,
}

impl Server {
    fn start(db: &str) -> Server {
        Server::start_with(db, &[])
    }

    pub fn start_with(db: &str, more: &[&str]) -> Server {
        let log = tempfile::NamedTempFile::new().unwrap();
        let mut args = vec![
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            db,
            "--games-per-minute",
            "0",
            "--moves-per-minute",
            "0",
        ];
        args.extend_from_slice(more);
        let mut child = command(&args)
            .stderr(log.reopen().unwrap())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let base = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        Server { child, base, log }
    }

    /// What the server has logged so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(self.log.path()).unwrap_or_default()
    }

    /// Stops the process as a service manager does (SIGTERM), and waits for it.
    fn stop(&mut self) {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }

    /// Kills the process at once (SIGKILL): no graceful shutdown.
    pub(crate) fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(self.log.path()).unwrap_or_default();
            eprintln!("--- the log of the server at {} ---\n{log}", self.base);
        }
    }
}

/// Two servers on a fresh database; `None` when PostgreSQL tests are skipped.
pub(crate) fn two_servers() -> Option<(Server, Server, String)> {
    let url = ttt_testdb::cluster()?.database();
    Some((Server::start(&url), Server::start(&url), url))
}

/// Ann (X) invites a friend on `host`; Bo joins on `guest`. The game's id and both tokens.
fn friends(host: &Server, guest: &Server) -> (String, String, String) {
    let created = post(
        &host.base,
        "/api/games",
        None,
        &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json["id"].as_str().unwrap().to_string();
    let ann = created.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let code = created.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    let joined = post(
        &guest.base,
        &format!("/api/join/{code}"),
        None,
        &json!({"name": "Bo"}),
    );
    assert_eq!(joined.status, 200, "{}", joined.text);
    let bo = joined.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    (id, ann, bo)
}

fn play(server: &Server, id: &str, token: &str, row: u8, col: u8) -> crate::http::Reply {
    post(
        &server.base,
        &format!("/api/games/{id}/moves"),
        Some(token),
        &json!({"row": row, "col": col}),
    )
}

fn moves(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_game_goes_on_across_servers_and_watchers_see_every_move() {
    let Some((a, b, _)) = two_servers() else {
        return;
    };
    let (id, ann, bo) = friends(&a, &b);
    // Someone watches on A; Ann plays on A, Bo on B.
    let mut watching = Events::open(&a.base, &id);
    assert_eq!(moves(&watching.next_state()), 0);
    let script = [
        ((0, 0), true),
        ((1, 0), false),
        ((0, 1), true),
        ((1, 1), false),
        ((0, 2), true),
    ];
    for (n, ((row, col), ann_moves)) in script.into_iter().enumerate() {
        let reply = if ann_moves {
            play(&a, &id, &ann, row, col)
        } else {
            play(&b, &id, &bo, row, col)
        };
        assert_eq!(reply.status, 200, "move {n}: {}", reply.text);
        let seen = watching.state_with_moves(n + 1);
        assert_eq!(seen["moves"][n], json!({"row": row, "col": col}));
        // The other server reads the same game.
        let other = if ann_moves { &b } else { &a };
        assert_eq!(
            moves(&get(&other.base, &format!("/api/games/{id}")).json),
            n + 1
        );
    }
    let done = get(&b.base, &format!("/api/games/{id}")).json;
    assert_eq!(done["status"], "x_wins", "{done}");
    for server in [&a, &b] {
        let ann = get(&server.base, "/api/players/ann").json;
        assert_eq!(
            (ann["wins"].as_u64(), ann["losses"].as_u64()),
            (Some(1), Some(0)),
            "{ann}"
        );
        let bo = get(&server.base, "/api/players/Bo").json;
        assert_eq!(bo["losses"], 1, "{bo}");
    }
}

/// Ann's page is on one server, Bo's and a spectator's on the other: each page still shows
/// who is connected and how many watch; when a server stops, its watchers are gone at once.
#[test]
fn every_page_sees_who_is_there_whichever_server_it_reached() {
    let Some((a, mut b, _)) = two_servers() else {
        return;
    };
    let (id, ann, bo) = friends(&a, &b);
    let mut ann_sees = Events::open_as(&a.base, &id, Some(&ann));
    let _bo_watches = Events::open_as(&b.base, &id, Some(&bo));
    let _spectator = Events::open(&b.base, &id);
    let both = ann_sees.until(|s| s["players"][1]["connected"] == true && s["watchers"] == 1);
    assert_eq!(both["players"][0]["connected"], true, "{both}");
    let mut bo_sees = Events::open_as(&b.base, &id, Some(&bo));
    bo_sees.until(|s| s["players"][0]["connected"] == true && s["watchers"] == 1);
    b.stop();
    // Its pages leave one by one as it closes their streams, then it says goodbye: either
    // way all are gone well before the others would forget a silent server.
    let alone = ann_sees.until(|s| s["players"][1]["connected"] == false && s["watchers"] == 0);
    assert_eq!(alone["players"][0]["connected"], true, "{alone}");
}

#[test]
fn a_server_killed_mid_game_loses_nothing() {
    let Some((mut a, b, _)) = two_servers() else {
        return;
    };
    let (id, ann, bo) = friends(&a, &b);
    assert_eq!(play(&a, &id, &ann, 1, 1).status, 200);
    assert_eq!(play(&a, &id, &bo, 0, 0).status, 200);
    a.kill();
    // The same tokens, the same game, on the server that is left.
    assert_eq!(moves(&get(&b.base, &format!("/api/games/{id}")).json), 2);
    for (token, row, col) in [
        (&ann, 0, 1),
        (&bo, 2, 1),
        (&ann, 0, 2),
        (&bo, 2, 0),
        (&ann, 2, 2),
        (&bo, 1, 2),
        (&ann, 1, 0),
    ] {
        let reply = play(&b, &id, token, row, col);
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let done = get(&b.base, &format!("/api/games/{id}")).json;
    assert_eq!(done["status"], "draw", "{done}");
    assert_eq!(get(&b.base, "/api/players/Ann").json["ties"], 1);
}

#[test]
fn the_same_moment_on_two_servers_makes_one_move() {
    let Some((a, b, _)) = two_servers() else {
        return;
    };
    let (a, b) = (Arc::new(a), Arc::new(b));
    for round in 0..5 {
        let (id, ann, _bo) = friends(&a, &b);
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let tries: Vec<_> = [(Arc::clone(&a), 0u8), (Arc::clone(&b), 2u8)]
            .into_iter()
            .map(|(server, col)| {
                let (id, ann, barrier) = (id.clone(), ann.clone(), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    barrier.wait();
                    play(&server, &id, &ann, 0, col).status
                })
            })
            .collect();
        let statuses: Vec<u16> = tries.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(
            statuses.iter().filter(|&&s| s == 200).count(),
            1,
            "round {round}: {statuses:?}"
        );
        assert!(
            statuses.iter().all(|&s| s == 200 || s == 409),
            "{statuses:?}"
        );
        assert_eq!(moves(&get(&b.base, &format!("/api/games/{id}")).json), 1);
    }
}

/// Players against the computer, on both servers at once, each game played to its end:
/// the leaderboard counts every game exactly once.
#[test]
fn games_finished_at_once_on_two_servers_all_count_once() {
    const GAMES: usize = 12;
    let Some((a, b, _)) = two_servers() else {
        return;
    };
    let servers = [Arc::new(a), Arc::new(b)];
    let players: Vec<_> = (0..GAMES)
        .map(|i| {
            let server = Arc::clone(&servers[i % 2]);
            std::thread::spawn(move || {
                let created = post(
                    &server.base,
                    "/api/games",
                    None,
                    &json!({"players": [{"kind": "human", "name": "Many"},
                                        {"kind": "computer", "level": "easy"}]}),
                );
                assert_eq!(created.status, 201, "{}", created.text);
                let id = created.json["id"].as_str().unwrap().to_string();
                let token = created.json["seats"][0]["token"]
                    .as_str()
                    .map(str::to_string);
                let mut state = created.json;
                while state["status"] == "in_progress" {
                    let taken: Vec<(u64, u64)> = state["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|m| (m["row"].as_u64().unwrap(), m["col"].as_u64().unwrap()))
                        .collect();
                    let (row, col) = (0..9)
                        .map(|i| (i / 3, i % 3))
                        .find(|c| !taken.contains(c))
                        .unwrap();
                    let reply = crate::http::request(
                        &server.base,
                        "POST",
                        &format!("/api/games/{id}/moves"),
                        token.as_deref(),
                        Some(&json!({"row": row, "col": col})),
                    );
                    assert_eq!(reply.status, 200, "{}", reply.text);
                    state = reply.json;
                }
                state["status"].as_str().unwrap().to_string()
            })
        })
        .collect();
    let results: Vec<String> = players.into_iter().map(|p| p.join().unwrap()).collect();
    let count = |r: &str| results.iter().filter(|s| *s == r).count() as u64;
    let many = get(&servers[0].base, "/api/players/many").json;
    assert_eq!(
        many["wins"].as_u64(),
        Some(count("x_wins")),
        "{many} {results:?}"
    );
    assert_eq!(
        many["losses"].as_u64(),
        Some(count("o_wins")),
        "{many} {results:?}"
    );
    assert_eq!(
        many["ties"].as_u64(),
        Some(count("draw")),
        "{many} {results:?}"
    );
}

#[test]
fn a_server_whose_database_goes_away_is_not_ready_but_stays_up() {
    let Some(cluster) = ttt_testdb::cluster() else {
        return;
    };
    let url = cluster.database();
    let name = url.rsplit('/').next().unwrap().to_string();
    let server = Server::start(&url);
    assert_eq!(get(&server.base, "/readyz").status, 200);
    assert_eq!(get(&server.base, "/healthz").status, 200);
    cluster
        .psql("postgres", &format!("DROP DATABASE {name} WITH (FORCE)"))
        .unwrap();
    let ready = get(&server.base, "/readyz");
    assert_eq!(ready.status, 503, "{}", ready.text);
    assert!(
        ready.json["error"].as_str().unwrap().contains("database"),
        "{}",
        ready.text
    );
    assert_eq!(get(&server.base, "/healthz").status, 200);
    // A player is told, and the server goes on.
    let created = post(
        &server.base,
        "/api/games",
        None,
        &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}),
    );
    assert_eq!(created.status, 503, "{}", created.text);
    assert_eq!(get(&server.base, "/healthz").status, 200);
}

#[test]
fn a_database_url_that_cannot_be_reached_is_one_clear_line() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("postgres://ttt:hunter2@127.0.0.1:{port}/ttt");
    for args in [
        vec!["players", "--db", &url],
        vec!["serve", "--addr", "127.0.0.1:0", "--db", &url],
    ] {
        let out = crate::support::ttt(&args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("cannot connect to the database"), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
    }
}

/// A server killed while its computer thinks holds the game only until its lease runs out;
/// then the next read on another server makes the computer's move.
#[test]
fn a_computer_move_left_by_a_killed_server_is_made_by_another() {
    let Some(cluster) = ttt_testdb::cluster() else {
        return;
    };
    let url = cluster.database();
    let mut a = Server::start_with(&url, &["--thinking-time", "20"]);
    let b = Server::start(&url);
    let created = post(
        &a.base,
        "/api/games",
        None,
        &json!({"rows": 15, "cols": 15, "k": 5,
                "players": [{"kind": "human", "name": "Ann"},
                            {"kind": "computer", "level": "perfect"}]}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json["id"].as_str().unwrap().to_string();
    let token = created.json["seats"][0]["token"]
        .as_str()
        .map(str::to_string);
    // The move is saved, then A thinks (for long) about its reply; A dies meanwhile.
    let (base, path) = (a.base.clone(), format!("/api/games/{id}/moves"));
    let mover = std::thread::spawn(move || {
        crate::http::request(
            &base,
            "POST",
            &path,
            token.as_deref(),
            Some(&json!({"row": 7, "col": 7})),
        )
    });
    let started = std::time::Instant::now();
    while moves(&get(&b.base, &format!("/api/games/{id}")).json) == 0 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "the move was not saved"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    a.kill();
    let _ = mover.join();
    let state = get(&b.base, &format!("/api/games/{id}")).json;
    assert_eq!(moves(&state), 1, "A was killed before it replied: {state}");
    // B reads the game: at first A's lease holds it, then B makes the reply.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let state = get(&b.base, &format!("/api/games/{id}")).json;
        if moves(&state) == 2 {
            assert_eq!(state["to_move"], "X", "{state}");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "nobody made the computer's move: {state}"
        );
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// A server on a database that takes TLS only: with the authority that signed its
/// certificate it serves; with another, it stops at start with one line saying why.
#[test]
fn a_database_over_tls_is_checked_at_start() {
    let Some(cluster) = ttt_testdb::tls_cluster() else {
        return;
    };
    let certificates = cluster.certificates().unwrap();
    let url = cluster.database();
    let name = url.rsplit('/').next().unwrap();
    let trusted = format!(
        "{}?sslmode=verify-full&sslrootcert={}",
        cluster.localhost_url(name),
        certificates.authority.display()
    );
    let server = Server::start(&trusted);
    let created = post(
        &server.base,
        "/api/games",
        None,
        &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    drop(server);
    let untrusted = format!(
        "{}?sslmode=verify-full&sslrootcert={}",
        cluster.localhost_url(name),
        certificates.other_authority.display()
    );
    for args in [
        vec!["players", "--db", &untrusted],
        vec!["serve", "--addr", "127.0.0.1:0", "--db", &untrusted],
    ] {
        let out = crate::support::ttt(&args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("securely"), "{err}");
        assert!(err.contains("not signed by the authorities"), "{err}");
    }
}
