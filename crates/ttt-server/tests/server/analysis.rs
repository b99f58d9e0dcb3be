//! The analysis board's engine: the stream of a position's lines and a game's evaluation
//! graph (server-sent events), what they refuse, and one search of each kind a client.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use ttt_server::Limits;

use crate::support::TestApp;

/// The events of a stream's whole body: `(name, data)`.
fn events(body: &Value) -> Vec<(String, Value)> {
    let text = body.as_str().expect("an event stream");
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name.to_string(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

/// A 15 x 15 position with X's and O's stones at these (row, col), for a query.
fn position(x: &[(usize, usize)], o: &[(usize, usize)]) -> String {
    let mut rows = vec![vec!['.'; 15]; 15];
    for &(r, c) in x {
        rows[r][c] = 'X';
    }
    for &(r, c) in o {
        rows[r][c] = 'O';
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    rows.join("/")
}

fn quick() -> TestApp {
    TestApp::with_limits(Limits {
        board_analysis_time: Duration::from_millis(1500),
        ..Limits::default()
    })
}

#[tokio::test]
async fn a_position_streams_its_lines_deeper_each_round_then_done() {
    let app = quick();
    // X's closed threes meet at (7, 6): a four-four there wins in three plies.
    let p = position(
        &[(7, 3), (7, 4), (7, 5), (4, 6), (5, 6), (6, 6)],
        &[(7, 2), (3, 6), (0, 0), (0, 14), (14, 0), (14, 14)],
    );
    let reply = app
        .get(&format!("/api/analysis/stream?position={p}&lines=2"))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    let all = events(&reply.json);
    assert_eq!(all[0].0, "position");
    assert_eq!(all[0].1["to_move"], "X");
    assert_eq!(all[0].1["status"], "in_progress");
    let rounds: Vec<&Value> = all
        .iter()
        .filter(|(n, d)| n == "lines" && d["complete"] == true)
        .map(|(_, d)| d)
        .collect();
    assert!(!rounds.is_empty(), "{all:?}");
    let last = rounds.last().unwrap();
    let first = &last["lines"][0];
    assert_eq!(first["move"], serde_json::json!({"row": 7, "col": 6}));
    assert_eq!(
        (&first["result"], &first["plies"], &first["proven"]),
        (&"win".into(), &3.into(), &true.into())
    );
    assert_eq!(last["lines"].as_array().unwrap().len(), 2);
    assert!(last["nodes_per_second"].as_u64().is_some());
    let (name, done) = all.last().unwrap();
    assert_eq!(name, "done");
    assert!(["time", "settled", "complete"].contains(&done["reason"].as_str().unwrap()));
}

#[tokio::test]
async fn renju_names_x_forbidden_points_and_a_finished_game_has_nothing_to_search() {
    let app = quick();
    let p = position(
        &[(7, 5), (7, 6), (5, 7), (6, 7)],
        &[(0, 0), (0, 14), (14, 0), (14, 14)],
    );
    let reply = app
        .get(&format!(
            "/api/analysis/stream?position={p}&rule=renju&lines=3"
        ))
        .await;
    let all = events(&reply.json);
    assert_eq!(
        all[0].1["forbidden"],
        serde_json::json!([{"row": 7, "col": 7}])
    );
    for (_, d) in all.iter().filter(|(n, _)| n == "lines") {
        for line in d["lines"].as_array().unwrap() {
            assert_ne!(line["move"], serde_json::json!({"row": 7, "col": 7}));
        }
    }
    let reply = app
        .get("/api/analysis/stream?position=XXX/OO./...&k=3")
        .await;
    let all = events(&reply.json);
    assert_eq!(all[0].1["status"], "x_wins");
    assert_eq!(all.last().unwrap().1["reason"], "over");
}

#[tokio::test]
async fn what_the_stream_and_the_graph_refuse() {
    let app = quick();
    for (query, says) in [
        ("position=XX/O", "ragged rows"),
        ("position=XXX/.../...&k=3", "X has 3 marks and O has 0"),
        (
            "position=.../.../...&lines=0",
            "lines: 0 is not from 1 to 10",
        ),
        (
            "position=.../.../...&lines=11",
            "lines: 11 is not from 1 to 10",
        ),
        ("position=.../.../...&rule=chess", "rule"),
        ("position=.../.../...&k=7", "K"),
        ("lines=3", "the query needs position"),
    ] {
        let reply = app.get(&format!("/api/analysis/stream?{query}")).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{query}");
        let error = reply.json["error"].as_str().unwrap();
        assert!(error.contains(says), "{query}: {error}");
    }
    let big = vec!["."; 20].join("");
    let reply = app
        .get(&format!("/api/analysis/stream?position={big}"))
        .await;
    assert!(reply.json["error"]
        .as_str()
        .unwrap()
        .contains("sides go up to 19"));
    for (query, says) in [
        (
            "rows=3&cols=3&moves=1.1,1.1",
            "move 2: \"1.1\": cell (2, 2) is already taken",
        ),
        ("rows=3&cols=3&moves=1.1,9.9", "move 2"),
        ("rows=3&cols=3&moves=a", "move 1: \"a\": not row.col"),
        ("rows=30&cols=3", "too big"),
    ] {
        let reply = app.get(&format!("/api/analysis/graph?{query}")).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{query}");
        let error = reply.json["error"].as_str().unwrap();
        assert!(error.contains(says), "{query}: {error}");
    }
}

#[tokio::test]
async fn a_board_the_solver_settles_gives_its_proven_lines_once() {
    let app = TestApp::with_limits(Limits {
        board_analysis_time: Duration::from_secs(10),
        ..Limits::default()
    });
    let started = Instant::now();
    let reply = app
        .get("/api/analysis/stream?position=X.O/.X./...&k=3&lines=3")
        .await;
    let all = events(&reply.json);
    assert!(started.elapsed() < Duration::from_secs(5), "{all:?}");
    let lines: Vec<&Value> = all
        .iter()
        .filter(|(n, _)| n == "lines")
        .map(|(_, d)| d)
        .collect();
    assert_eq!(lines.len(), 1, "{all:?}");
    let best = &lines[0]["lines"][0];
    assert_eq!(best["move"], serde_json::json!({"row": 2, "col": 2}));
    assert_eq!(
        (&best["result"], &best["proven"], &best["exact"]),
        (&"draw".into(), &true.into(), &true.into())
    );
    assert_eq!(all.last().unwrap().1["reason"], "settled");
    // On 7 x 7 with three in a row the solver proves X's win too.
    let reply = app
        .get("/api/analysis/stream?position=......./......./......./......./......./......./.......&k=3&lines=2")
        .await;
    let all = events(&reply.json);
    assert!(all.len() <= 6, "{all:?}");
}

#[tokio::test]
async fn a_games_graph_has_a_point_a_position() {
    let app = quick();
    let reply = app
        .get("/api/analysis/graph?rows=3&cols=3&k=3&moves=1.1,0.0,0.1,2.1,0.2,2.0,1.0,1.2,2.2")
        .await;
    let all = events(&reply.json);
    let points: Vec<&Value> = all
        .iter()
        .filter(|(n, _)| n == "point")
        .map(|(_, d)| d)
        .collect();
    assert_eq!(points.len(), 10);
    for (i, p) in points.iter().enumerate() {
        assert_eq!(p["ply"], i);
        let x = p["x"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&x), "{p}");
    }
    // The solver settles every position of tic-tac-toe; the empty board is a draw, and so
    // is the full one.
    for p in &points {
        assert_eq!(p["proven"], true, "{p}");
    }
    assert_eq!(
        (&points[0]["x"], &points[9]["x"]),
        (&0.5.into(), &0.5.into())
    );
    // After 2,0 O threatens two lines at once: X has lost.
    assert_eq!(points[6]["x"], 0.0);
    assert_eq!(all.last().unwrap().0, "done");
}

#[tokio::test]
async fn a_clients_new_stream_stops_its_last() {
    let app = TestApp::with_limits(Limits {
        board_analysis_time: Duration::from_secs(20),
        board_analysis_threads: 2,
        ..Limits::default()
    });
    let p = position(&[(7, 7)], &[]);
    let request = Request::get(format!("/api/analysis/stream?position={p}"))
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut first = response.into_body();
    // The second stream starts once the first is searching (its first lines sent), however
    // slow the machine.
    let mut text = String::new();
    // Only whole events are read: a frame may end in the middle of one.
    let whole = |text: &str| text[..text.rfind("\n\n").map_or(0, |end| end + 2)].to_string();
    while !events(&Value::String(whole(&text)))
        .iter()
        .any(|(n, _)| n == "lines")
    {
        let frame = next_frame(&mut first, Duration::from_secs(20)).await;
        text.push_str(&frame.expect("the stream goes on"));
    }
    let started = Instant::now();
    // Short: a stream that ends by itself.
    let second = app
        .get("/api/analysis/stream?position=XXX/OO./...&k=3")
        .await;
    assert_eq!(events(&second.json).last().unwrap().1["reason"], "over");
    // The first stream ends, with no `done`, well before its 20 s.
    while let Some(frame) = next_frame(&mut first, Duration::from_secs(10)).await {
        text.push_str(&frame);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the first search went on: {:?}",
            started.elapsed()
        );
    }
    let first = events(&Value::String(text));
    assert!(first.iter().all(|(n, _)| n != "done"), "{first:?}");
}

/// The text of the stream's next frame, within `within`; `None` where the stream has ended.
async fn next_frame(body: &mut Body, within: Duration) -> Option<String> {
    let frame = tokio::time::timeout(within, body.frame())
        .await
        .expect("a frame in time")?
        .unwrap();
    Some(
        frame
            .into_data()
            .map(|data| String::from_utf8_lossy(&data).into_owned())
            .unwrap_or_default(),
    )
}
