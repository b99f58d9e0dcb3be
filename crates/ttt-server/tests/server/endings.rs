//! How a game ends off the board: resigning, a draw offered and accepted or declined,
//! aborting before both have moved, claiming the win against a player who left, and the
//! clocks (Fischer, a time a move, correspondence days with a clock the test moves forward),
//! which end a game with nobody asking.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use ttt_server::{check_clocks, AppState, Limits};
use ttt_store::{SqliteStore, Store};

use crate::support::{assert_error, events, request, request_as, start, Reply, TestApp};

/// The app, and its state to move its clock and look for clocks run out.
fn app_with_state(limits: Limits) -> (TestApp, AppState) {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let mut kept = None;
    let app = TestApp::on_state(store, limits, |state| {
        kept = Some(state.clone());
        state
    });
    (app, kept.unwrap())
}

async fn post(app: &TestApp, id: &str, what: &str, token: &str, body: Option<Value>) -> Reply {
    app.request(
        Method::POST,
        &format!("/api/games/{id}/{what}"),
        Some(token),
        body,
    )
    .await
}

fn ending(state: &Value) -> (&str, &Value) {
    (
        state["ending"]["reason"].as_str().unwrap_or("none"),
        &state["ending"]["loser"],
    )
}

#[tokio::test]
async fn a_resignation_loses_and_is_recorded() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    assert!(app.get(&format!("/api/games/{id}")).await.json["ending"].is_null());
    app.play(&id, Some(&ann), 1, 1).await;
    // A spectator cannot resign for anyone.
    let reply = app
        .as_spectator(Method::POST, &format!("/api/games/{id}/resign"), None)
        .await;
    assert_error(&reply, StatusCode::UNAUTHORIZED, "seat token");
    // Nor draw, abort or claim: each is a player's.
    for what in ["draw", "abort", "claim"] {
        let reply = app
            .as_spectator(Method::POST, &format!("/api/games/{id}/{what}"), None)
            .await;
        assert_error(&reply, StatusCode::UNAUTHORIZED, "seat token");
        let reply = post(&app, &id, what, "guess", None).await;
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{what}: {}",
            reply.json
        );
    }
    let reply = post(&app, &id, "resign", &bo, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    assert_eq!(ending(&reply.json), ("resign", &json!("O")));
    assert_eq!(reply.json["status"], "x_wins");
    assert!(reply.json["to_move"].is_null());
    let recorded = app.store.recent_games(None, 1).unwrap();
    assert_eq!(recorded[0].ending, Some(ttt_store::EndReason::Resign));
    assert_eq!(app.store.player("Ann").unwrap().unwrap().wins, 1);
    // Over: nothing more ends it.
    let again = post(&app, &id, "resign", &ann, None).await;
    assert_error(&again, StatusCode::CONFLICT, "the game is over");
}

#[tokio::test]
async fn a_draw_offer_is_accepted_or_declined_and_a_move_declines_it() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    app.play(&id, Some(&ann), 1, 1).await;
    // Nothing to decline yet.
    let reply = post(&app, &id, "draw", &bo, Some(json!({"accept": false}))).await;
    assert_error(&reply, StatusCode::CONFLICT, "no draw offer to decline");
    let reply = post(&app, &id, "draw", &ann, None).await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", reply.json);
    assert_eq!(reply.json["draw_offer"], "X");
    let reply = post(&app, &id, "draw", &ann, None).await;
    assert_error(&reply, StatusCode::CONFLICT, "your draw offer stands");
    // Declined.
    let reply = post(&app, &id, "draw", &bo, Some(json!({"accept": false}))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    assert!(reply.json["draw_offer"].is_null());
    assert!(reply.json["ending"].is_null());
    // Offered again; Bo's move declines it.
    post(&app, &id, "draw", &ann, None).await;
    let moved = app.play(&id, Some(&bo), 0, 0).await;
    assert!(moved.json["draw_offer"].is_null(), "{}", moved.json);
    // Bo offers, Ann accepts: a draw.
    post(&app, &id, "draw", &bo, None).await;
    let reply = post(&app, &id, "draw", &ann, Some(json!({"accept": true}))).await;
    assert_eq!(ending(&reply.json), ("draw_agreed", &Value::Null));
    assert_eq!(reply.json["status"], "draw");
    assert_eq!(app.store.player("Bo").unwrap().unwrap().ties, 1);
    // The computer plays on.
    let game = app
        .new_game(&json!({"players": [{"kind": "human", "name": "Cy"}, {"kind": "computer"}]}))
        .await;
    let cid = game["id"].as_str().unwrap();
    let reply = app
        .request(Method::POST, &format!("/api/games/{cid}/draw"), None, None)
        .await;
    assert_error(&reply, StatusCode::CONFLICT, "the computer plays on");
    let bad = app
        .request(
            Method::POST,
            &format!("/api/games/{cid}/draw"),
            None,
            Some(json!({"accept": "yes"})),
        )
        .await;
    assert_error(&bad, StatusCode::BAD_REQUEST, "a bad draw request");
}

#[tokio::test]
async fn a_game_is_aborted_only_before_both_have_moved_and_then_not_recorded() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    app.play(&id, Some(&ann), 1, 1).await;
    let reply = post(&app, &id, "abort", &bo, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    assert_eq!(ending(&reply.json), ("aborted", &Value::Null));
    assert_eq!(reply.json["status"], "aborted");
    assert!(app.store.recent_games(None, 5).unwrap().is_empty());
    assert!(app.store.player("Ann").unwrap().is_none());

    let (id, ann, bo) = app.friends().await;
    app.play(&id, Some(&ann), 1, 1).await;
    app.play(&id, Some(&bo), 0, 0).await;
    let reply = post(&app, &id, "abort", &ann, None).await;
    assert_error(&reply, StatusCode::CONFLICT, "can no longer be aborted");
}

#[tokio::test]
async fn the_win_is_claimed_only_once_the_player_to_move_has_been_away_long_enough() {
    let (app, state) = app_with_state(Limits {
        claim_after: Duration::from_secs(60),
        ..Limits::default()
    });
    let (id, ann, bo) = app.friends().await;
    app.play(&id, Some(&ann), 1, 1).await;
    app.play(&id, Some(&bo), 0, 0).await;
    app.play(&id, Some(&ann), 2, 2).await;
    // Bo (to move) has the game open: the live updates mark him present.
    let stream = events(&app, &id, Some(&bo)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let reply = post(&app, &id, "claim", &ann, None).await;
    assert_error(
        &reply,
        StatusCode::CONFLICT,
        "O's player has been away less than 60 s",
    );
    // Only the player waiting claims: not the one to move.
    let reply = post(&app, &id, "claim", &bo, None).await;
    assert_error(&reply, StatusCode::CONFLICT, "is to move and has left");
    drop(stream);
    tokio::time::sleep(Duration::from_millis(300)).await;
    state.advance_clock(Duration::from_secs(30));
    let reply = post(&app, &id, "claim", &ann, None).await;
    assert_error(&reply, StatusCode::CONFLICT, "can be claimed in");
    state.advance_clock(Duration::from_secs(31));
    let reply = post(&app, &id, "claim", &ann, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    assert_eq!(ending(&reply.json), ("abandoned", &json!("O")));
    let recorded = app.store.recent_games(None, 1).unwrap();
    assert_eq!(recorded[0].ending, Some(ttt_store::EndReason::Abandoned));
    // Against a player who never moved, the claim calls the game off instead.
    let (id, ann, _) = app.friends().await;
    app.play(&id, Some(&ann), 1, 1).await;
    state.advance_clock(Duration::from_secs(61));
    let reply = post(&app, &id, "claim", &ann, None).await;
    assert_eq!(ending(&reply.json), ("aborted", &Value::Null));
    // Against the computer there is no one to claim against.
    let game = app
        .new_game(&json!({"players": [{"kind": "human", "name": "Cy"}, {"kind": "computer"}]}))
        .await;
    let cid = game["id"].as_str().unwrap();
    let reply = app
        .request(Method::POST, &format!("/api/games/{cid}/claim"), None, None)
        .await;
    assert_error(&reply, StatusCode::CONFLICT, "has left");
}

#[tokio::test]
async fn clocks_run_for_the_side_to_move_and_running_out_loses() {
    let (app, state) = app_with_state(Limits::default());
    let bad = app
        .post(
            "/api/games",
            &json!({"clock": {"per_move": 0}, "players": [
                {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
        )
        .await;
    assert_error(
        &bad,
        StatusCode::BAD_REQUEST,
        "clock: a move needs at least a second",
    );
    let bad = app
        .post(
            "/api/games",
            &json!({"clock": {"initial": 60, "days": 2}, "players": [
                {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
        )
        .await;
    assert_error(&bad, StatusCode::BAD_REQUEST, "clock: give");
    let game = app
        .new_game(
            &json!({"clock": {"initial": 60, "increment": 2}, "players": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let clock = &game["clock"];
    assert_eq!(clock["control"], json!({"initial": 60, "increment": 2}));
    assert_eq!(clock["text"], "1+2");
    // The first move is not timed: the clocks start with it.
    assert!(clock["running"].is_null(), "{clock}");
    state.advance_clock(Duration::from_secs(10));
    let moved = app.play(&id, None, 1, 1).await.json;
    assert_eq!(moved["clock"]["x_ms"], 60_000, "{moved}");
    assert_eq!(moved["clock"]["running"], "O");
    state.advance_clock(Duration::from_secs(5));
    let moved = app.play(&id, None, 0, 0).await.json;
    let o = moved["clock"]["o_ms"].as_u64().unwrap();
    assert!((56_000..=57_100).contains(&o), "{moved}");
    assert_eq!(moved["clock"]["running"], "X");
    // X lets the clock run out: nobody asks, the server's look ends the game.
    state.advance_clock(Duration::from_secs(61));
    assert_eq!(check_clocks(&state).await.unwrap(), 1);
    let over = app.get(&format!("/api/games/{id}")).await.json;
    assert_eq!(ending(&over), ("timeout", &json!("X")));
    assert_eq!(over["status"], "o_wins");
    assert!(over["clock"]["running"].is_null());
    assert_eq!(over["clock"]["x_ms"], 0);
    // A move that comes too late does not count.
    let game = app
        .new_game(&json!({"clock": {"per_move": 5}, "players": [
            {"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}]}))
        .await;
    let late = game["id"].as_str().unwrap().to_string();
    app.play(&late, None, 1, 1).await;
    app.play(&late, None, 0, 0).await;
    state.advance_clock(Duration::from_secs(6));
    let reply = app.play(&late, None, 2, 2).await.json;
    assert_eq!(ending(&reply), ("timeout", &json!("X")));
    assert_eq!(reply["moves"].as_array().unwrap().len(), 2);
    assert_eq!(check_clocks(&state).await.unwrap(), 0);
    // A side that runs out before its first move has not begun: the game is called off.
    let game = app
        .new_game(&json!({"clock": {"per_move": 5}, "players": [
            {"kind": "human", "name": "Ed"}, {"kind": "human", "name": "Flo"}]}))
        .await;
    let idle = game["id"].as_str().unwrap().to_string();
    app.play(&idle, None, 1, 1).await;
    state.advance_clock(Duration::from_secs(6));
    assert_eq!(check_clocks(&state).await.unwrap(), 1);
    let over = app.get(&format!("/api/games/{idle}")).await.json;
    assert_eq!(
        (ending(&over), &over["status"]),
        (("aborted", &Value::Null), &json!("aborted"))
    );
}

#[tokio::test]
async fn a_correspondence_game_runs_out_after_its_days() {
    let (app, state) = app_with_state(Limits::default());
    let game = app
        .new_game(&json!({"clock": {"days": 2}, "players": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["clock"]["text"], "2 days/move");
    app.play(&id, None, 1, 1).await;
    // O answers after a day and a half; X then has two days, afresh.
    state.advance_clock(Duration::from_secs(36 * 3600));
    app.play(&id, None, 0, 0).await;
    state.advance_clock(Duration::from_secs(47 * 3600));
    assert_eq!(check_clocks(&state).await.unwrap(), 0);
    state.advance_clock(Duration::from_secs(3601));
    assert_eq!(check_clocks(&state).await.unwrap(), 1);
    let over = app.get(&format!("/api/games/{id}")).await.json;
    assert_eq!(ending(&over), ("timeout", &json!("X")));
}

#[tokio::test]
async fn a_clock_runs_out_with_nobody_asking_and_every_page_hears_it() {
    let server = start(Limits::default()).await;
    let body = r#"{"clock": {"initial": 1, "increment": 0}, "players": [
        {"kind": "human", "name": "Ann"}, {"kind": "friend"}]}"#;
    let (status, _, game) = request(server.addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap();
    let token = game["seats"][0]["token"].as_str().unwrap();
    // The friend has not joined: no clock runs yet.
    assert!(game["clock"]["running"].is_null(), "{game}");
    let code = game["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    let (status, _, joined) = request(
        server.addr,
        "POST",
        &format!("/api/join/{code}"),
        Some(r#"{"name": "Bo"}"#),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    // The clocks start with the first move; then Bo answers, and Ann lets hers run out.
    let bo = joined["seats"][0]["token"].as_str().unwrap();
    for (token, cell) in [
        (token, r#"{"row": 1, "col": 1}"#),
        (bo, r#"{"row": 0, "col": 0}"#),
    ] {
        let (status, _, moved) = request_as(
            server.addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(cell),
            Some(token),
        )
        .await;
        assert_eq!(status, 200, "{moved}");
    }
    // A page watching; Ann never moves.
    let path = format!("/api/games/{id}/events");
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !seen.contains("\"timeout\"") {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout_at(deadline, stream.read(&mut chunk))
            .await
            .expect("the timeout pushed within a few seconds")
            .unwrap();
        assert!(n > 0, "the stream ended: {seen}");
        seen.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
    let (_, _, over) = request_as(
        server.addr,
        "GET",
        &format!("/api/games/{id}"),
        None,
        Some(token),
    )
    .await;
    assert_eq!(over["ending"], json!({"reason": "timeout", "loser": "X"}));
    assert_eq!(over["status"], "o_wins");
}
