//! Staying available under abuse, against the real server on a loopback port: connection
//! limits, header and idle timeouts, a bounded shutdown, rate limits, a full server, and
//! bodies that are not objects.

use std::time::{Duration, Instant};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use ttt_server::Limits;

use crate::support::{is_closed_within, request, request_as, start};

#[tokio::test]
async fn slow_headers_and_idle_connections_are_closed() {
    let server = start(Limits {
        header_timeout: Duration::from_millis(500),
        ..Limits::default()
    })
    .await;
    // Half a request, never finished.
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /api/config HTTP/1.1\r\nHost: te")
        .await
        .unwrap();
    // A connection that never says anything.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    // A kept-alive connection after its request.
    let mut idle = TcpStream::connect(server.addr).await.unwrap();
    idle.write_all(b"GET /api/config HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    let mut first = [0u8; 12];
    idle.read_exact(&mut first).await.unwrap();
    assert_eq!(&first[9..12], b"200");
    for stream in [&mut slow, &mut silent, &mut idle] {
        assert!(is_closed_within(stream, Duration::from_secs(5)).await);
    }
}

/// Opens a live-update stream on game `id` and waits for its first event.
async fn open_stream(addr: std::net::SocketAddr, id: &str) -> TcpStream {
    let mut events = TcpStream::connect(addr).await.unwrap();
    let get = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: test\r\n\r\n");
    events.write_all(get.as_bytes()).await.unwrap();
    let mut first = [0u8; 12];
    events.read_exact(&mut first).await.unwrap();
    assert_eq!(&first[9..12], b"200");
    events
}

#[tokio::test]
async fn requests_past_the_limit_wait_and_streams_count_apart() {
    let server = start(Limits {
        max_connections: 1,
        request_timeout: Duration::from_millis(800),
        ..Limits::default()
    })
    .await;
    let (_, _, game) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    let id = game["id"].as_str().unwrap();
    // Streams and idle connections take no share of the requests at work.
    let streams = [
        open_stream(server.addr, id).await,
        open_stream(server.addr, id).await,
    ];
    let idle = TcpStream::connect(server.addr).await.unwrap();
    let started = Instant::now();
    let (status, _, _) = request(server.addr, "GET", "/api/config", None).await;
    assert_eq!(status, 200);
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    // A request whose body never comes holds the one place at work until it is cut off.
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let (status, _, _) = request(server.addr, "GET", "/api/config", None).await;
    assert_eq!(status, 200);
    assert!(
        started.elapsed() >= Duration::from_millis(500),
        "served only once the slow one was cut off: {:?}",
        started.elapsed()
    );
    drop((streams, idle, slow));
}

#[tokio::test]
async fn streams_past_their_limit_are_refused() {
    let server = start(Limits {
        max_streams: 2,
        ..Limits::default()
    })
    .await;
    let (_, _, game) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    let id = game["id"].as_str().unwrap();
    let first = open_stream(server.addr, id).await;
    let _second = open_stream(server.addr, id).await;
    let path = format!("/api/games/{id}/events");
    let (status, _, body) = request(server.addr, "GET", &path, None).await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("2 live-update streams are open"),
        "{body}"
    );
    // A stream that closes makes room.
    drop(first);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _third = open_stream(server.addr, id).await;
}

#[tokio::test]
async fn a_half_sent_request_does_not_hold_up_the_shutdown() {
    let mut server = start(Limits {
        header_timeout: Duration::from_secs(60),
        shutdown_grace: Duration::from_millis(500),
        ..Limits::default()
    })
    .await;
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    // An open live-update stream does not hold it up either.
    let (_, _, game) = request(
        server.addr,
        "POST",
        "/api/games",
        Some(r#"{"players":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bo"}]}"#),
    )
    .await;
    let mut events = TcpStream::connect(server.addr).await.unwrap();
    let get = format!(
        "GET /api/games/{}/events HTTP/1.1\r\nHost: test\r\n\r\n",
        game["id"].as_str().unwrap()
    );
    events.write_all(get.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    server.stop.take().unwrap().send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), &mut server.done)
        .await
        .expect("the server stops within its grace")
        .unwrap()
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

const HUMANS: &str =
    r#"{"players":[{"kind":"human","name":"Ann"},{"kind":"computer","level":"easy"}]}"#;

#[tokio::test]
async fn a_client_over_its_rate_is_told_when_to_come_back() {
    let server = start(Limits {
        games_per_minute: 2,
        ..Limits::default()
    })
    .await;
    for _ in 0..2 {
        assert_eq!(
            request(server.addr, "POST", "/api/games", Some(HUMANS))
                .await
                .0,
            201
        );
    }
    let (status, head, body) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: "),
        "{head}"
    );
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("too many new games"));
}

#[tokio::test]
async fn games_being_played_are_never_dropped_for_new_ones() {
    let server = start(Limits {
        max_games: 2,
        ..Limits::default()
    })
    .await;
    let (_, _, a) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    let (_, _, b) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    let (status, _, full) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    assert_eq!(status, 503, "{full}");
    assert!(full["error"].as_str().unwrap().contains("server is full"));
    for game in [&a, &b] {
        let path = format!("/api/games/{}", game["id"].as_str().unwrap());
        assert_eq!(
            request(server.addr, "GET", &path, None).await.0,
            200,
            "still there"
        );
    }
    // A finished game makes room. Ann plays until the game ends.
    let id = a["id"].as_str().unwrap();
    let mut state = a.clone();
    while state["status"] == "in_progress" {
        let moves: Vec<(u64, u64)> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["row"].as_u64().unwrap(), c["col"].as_u64().unwrap()))
            .collect();
        let free = (0..9)
            .map(|i| (i / 3, i % 3))
            .find(|c| !moves.contains(c))
            .unwrap();
        let body = json!({"row": free.0, "col": free.1}).to_string();
        state = request_as(
            server.addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&body),
            a["seats"][0]["token"].as_str(),
        )
        .await
        .2;
    }
    assert_eq!(
        request(server.addr, "POST", "/api/games", Some(HUMANS))
            .await
            .0,
        201
    );
    let path = format!("/api/games/{}", b["id"].as_str().unwrap());
    assert_eq!(
        request(server.addr, "GET", &path, None).await.0,
        200,
        "b still there"
    );
}

#[tokio::test]
async fn bodies_must_be_objects() {
    let server = start(Limits::default()).await;
    let (_, _, game) = request(server.addr, "POST", "/api/games", Some(HUMANS)).await;
    let path = format!("/api/games/{}/moves", game["id"].as_str().unwrap());
    let (status, _, body) = request(server.addr, "POST", &path, Some("[1, 1]")).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("JSON object"));
    let (_, _, after) = request(
        server.addr,
        "GET",
        &format!("/api/games/{}", game["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(after["moves"], json!([]), "nothing was played");
}

#[tokio::test]
async fn games_of_fewer_than_three_in_a_row_make_no_player() {
    let server = start(Limits::default()).await;
    let tiny = r#"{"rows":1,"cols":1,"k":1,"players":[{"kind":"human","name":"Flood"},{"kind":"computer","level":"easy"}]}"#;
    let (_, _, game) = request(server.addr, "POST", "/api/games", Some(tiny)).await;
    let path = format!("/api/games/{}/moves", game["id"].as_str().unwrap());
    let token = game["seats"][0]["token"].as_str();
    let (_, _, end) = request_as(
        server.addr,
        "POST",
        &path,
        Some(r#"{"row":0,"col":0}"#),
        token,
    )
    .await;
    assert_eq!(end["status"], "x_wins");
    let (_, _, board) = request(server.addr, "GET", "/api/players", None).await;
    assert_eq!(board["total"], 0, "{board}");
}
