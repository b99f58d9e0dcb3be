//! Playing together through the API, against the real router: a friend by link, seat
//! tokens, live updates, takeback, hints, rematch, analysis, and games that outlive the
//! server. Every refusal is a clear 4xx that changes nothing.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use serde_json::json;
use ttt_server::Limits;
use ttt_store::{SqliteStore, Store};

use crate::support::{assert_error, events, humans, moves, next_state, TestApp};

#[tokio::test]
async fn friends_play_by_link_each_only_for_their_own_seat() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    // Nobody but the seat's player moves for it; nothing changes.
    assert_error(
        &app.play(&id, None, 1, 1).await,
        StatusCode::UNAUTHORIZED,
        "token",
    );
    assert_error(
        &app.play(&id, Some(&bo), 1, 1).await,
        StatusCode::CONFLICT,
        "not your turn",
    );
    assert_error(
        &app.play(&id, Some("made-up"), 1, 1).await,
        StatusCode::FORBIDDEN,
        "not a seat",
    );
    assert_eq!(moves(&app.get(&format!("/api/games/{id}")).await.json), 0);
    // Ann, then Bo, then Ann... until Ann wins.
    app.ann_wins(&id, &ann, &bo).await;
    let end = app.get(&format!("/api/games/{id}")).await.json;
    assert_eq!(end["status"], "x_wins");
    assert_eq!(app.store.player("Bo").unwrap().unwrap().losses, 1);
    assert_eq!(app.store.player("ann").unwrap().unwrap().wins, 1);
}

#[tokio::test]
async fn an_invitation_is_taken_once_and_checked() {
    let app = TestApp::new();
    let created = app
        .post_as(
            "/api/games",
            None,
            json!({"players": [{"kind": "friend"}, {"kind": "human", "name": "Ann"}]}),
        )
        .await;
    assert_eq!(created.json["seats"][0]["mark"], "O", "the host may take O");
    let code = created.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/")
        .to_string();
    let uri = format!("/api/join/{code}");
    assert_error(
        &app.post_as(&uri, None, json!({"name": "ANN"})).await,
        StatusCode::BAD_REQUEST,
        "already playing",
    );
    assert_error(
        &app.post_as(&uri, None, json!({"name": " "})).await,
        StatusCode::BAD_REQUEST,
        "letter",
    );
    let first = app.post_as(&uri, None, json!({"name": "Bo"})).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_error(
        &app.post_as(&uri, None, json!({"name": "Cy"})).await,
        StatusCode::CONFLICT,
        "already taken",
    );
    assert_error(
        &app.post_as("/api/join/nope", None, json!({"name": "Cy"}))
            .await,
        StatusCode::NOT_FOUND,
        "invitation",
    );
    // A friend game needs a person at the host's screen.
    assert_error(
        &app.post_as(
            "/api/games",
            None,
            json!({"players": [{"kind": "friend"}, {"kind": "computer"}]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "friend",
    );
}

#[tokio::test]
async fn the_host_gets_the_link_again_and_the_friend_sees_who_invites() {
    let app = TestApp::new();
    let created = app
        .post_as(
            "/api/games",
            None,
            json!({"rows": 4, "cols": 4, "k": 3, "players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
        )
        .await;
    let id = created.json["id"].as_str().unwrap();
    let host = created.json["seats"][0]["token"].as_str().unwrap();
    let invite = created.json["invite"].as_str().unwrap();
    let uri = format!("/api/games/{id}");
    let as_host = app.request(Method::GET, &uri, Some(host), None).await;
    assert_eq!(as_host.json["invite"], invite);
    assert!(
        app.get(&uri).await.json["invite"].is_null(),
        "not to spectators"
    );
    let code = invite.trim_start_matches("/join/");
    let shown = app.get(&format!("/api/join/{code}")).await;
    assert_eq!(
        shown.json,
        json!({"host": "Ann", "mark": "O", "rows": 4, "cols": 4, "k": 3, "rule": "freestyle",
               "opening": "none", "taken": false, "expired": false})
    );
    app.post_as(&format!("/api/join/{code}"), None, json!({"name": "Bo"}))
        .await;
    assert_eq!(
        app.get(&format!("/api/join/{code}")).await.json["taken"],
        true
    );
    let after = app.request(Method::GET, &uri, Some(host), None).await;
    assert!(after.json["invite"].is_null(), "once joined, no link");
}

#[tokio::test]
async fn an_expired_invitation_is_gone() {
    let app = TestApp::on(
        Arc::new(SqliteStore::open_in_memory().unwrap()),
        Limits {
            invite_ttl: Duration::ZERO,
            ..Limits::default()
        },
    );
    let created = app
        .post_as(
            "/api/games",
            None,
            json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
        )
        .await;
    let invite = created.json["invite"].as_str().unwrap().to_string();
    let reply = app
        .post_as(
            &format!("/api/{}", invite.trim_start_matches('/')),
            None,
            json!({"name": "Bo"}),
        )
        .await;
    assert_error(&reply, StatusCode::GONE, "expired");
}

#[tokio::test]
async fn players_and_spectators_see_every_move_live() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    let mut ann_stream = events(&app, &id, Some(&ann)).await;
    let first = next_state(&mut ann_stream).await;
    assert_eq!(first["players"][0]["connected"], true);
    assert_eq!(first["players"][1]["connected"], false, "Bo is away");
    let mut bo_stream = events(&app, &id, Some(&bo)).await;
    next_state(&mut bo_stream).await;
    let mut watcher = events(&app, &id, None).await;
    let seen = next_state(&mut watcher).await;
    assert_eq!(seen["watchers"], 1);
    assert_eq!(seen["players"][1]["connected"], true);
    // A move reaches all three (after whatever they were told of the others coming).
    let started = Instant::now();
    assert_eq!(app.play(&id, Some(&ann), 1, 1).await.status, StatusCode::OK);
    for stream in [&mut ann_stream, &mut bo_stream, &mut watcher] {
        while moves(&next_state(stream).await) != 1 {}
    }
    let delay = started.elapsed();
    // Loopback, no network: far under the 100 ms a person would notice.
    assert!(delay < Duration::from_millis(100), "{delay:?}");
    // The spectator leaves: the players hear of it.
    drop(watcher);
    while next_state(&mut ann_stream).await["watchers"] != 0 {}
}

#[tokio::test]
async fn a_takeback_between_friends_is_asked_and_answered() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    let takeback = format!("/api/games/{id}/takeback");
    let answer = format!("/api/games/{id}/takeback/answer");
    assert_error(
        &app.post_empty(&takeback, Some(&ann)).await,
        StatusCode::CONFLICT,
        "no move",
    );
    app.play(&id, Some(&ann), 1, 1).await;
    app.play(&id, Some(&bo), 0, 0).await;
    // Ann asks; only Bo answers.
    let asked = app.post_empty(&takeback, Some(&ann)).await;
    assert_eq!(asked.status, StatusCode::ACCEPTED, "{}", asked.json);
    assert_eq!(asked.json["takeback"], "X");
    assert_error(
        &app.post_empty(&takeback, Some(&bo)).await,
        StatusCode::CONFLICT,
        "already asked",
    );
    assert_error(
        &app.post_as(&answer, Some(&ann), json!({"accept": true}))
            .await,
        StatusCode::FORBIDDEN,
        "answers it",
    );
    assert_error(
        &app.post_as(&answer, None, json!({"accept": true})).await,
        StatusCode::UNAUTHORIZED,
        "token",
    );
    // Declined: nothing is undone.
    let declined = app
        .post_as(&answer, Some(&bo), json!({"accept": false}))
        .await;
    assert_eq!(declined.status, StatusCode::OK);
    assert!(declined.json["takeback"].is_null());
    assert_eq!(moves(&declined.json), 2);
    assert_error(
        &app.post_as(&answer, Some(&bo), json!({"accept": true}))
            .await,
        StatusCode::CONFLICT,
        "nobody has asked",
    );
    // Asked again and accepted: Ann's move and Bo's reply are undone; Ann moves again.
    app.post_empty(&takeback, Some(&ann)).await;
    let accepted = app
        .post_as(&answer, Some(&bo), json!({"accept": true}))
        .await;
    assert_eq!(moves(&accepted.json), 0);
    assert_eq!(accepted.json["to_move"], "X");
    // A finished game's result stays.
    app.ann_wins(&id, &ann, &bo).await;
    assert_error(
        &app.post_empty(&takeback, Some(&bo)).await,
        StatusCode::CONFLICT,
        "result is saved",
    );
    assert_eq!(app.store.player("Ann").unwrap().unwrap().wins, 1);
}

#[tokio::test]
async fn a_takeback_against_the_computer_undoes_the_reply_too() {
    let app = TestApp::new();
    let game = app
        .post_as("/api/games", None, json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "easy"}]}))
        .await
        .json;
    let id = game["id"].as_str().unwrap();
    let after = app.play(id, None, 1, 1).await.json;
    assert_eq!(moves(&after), 2);
    let back = app
        .post_empty(&format!("/api/games/{id}/takeback"), None)
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.json);
    assert_eq!(moves(&back.json), 0);
    // Two people at one screen: the last move.
    let local = app.new_game(&humans("Ann", "Bo")).await;
    let id = local["id"].as_str().unwrap();
    app.play(id, None, 0, 0).await;
    app.play(id, None, 1, 1).await;
    let back = app
        .post_empty(&format!("/api/games/{id}/takeback"), None)
        .await;
    assert_eq!(moves(&back.json), 1);
    assert_eq!(back.json["to_move"], "O");
}

#[tokio::test]
async fn hints_are_the_best_move_and_are_counted() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    let id = game["id"].as_str().unwrap();
    // X X .
    // O O .
    // . . .   X to move wins at (0, 2).
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        app.play(id, None, r, c).await;
    }
    let hint = app.post_empty(&format!("/api/games/{id}/hint"), None).await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.json);
    assert_eq!(
        hint.json,
        json!({"row": 0, "col": 2, "value": "win", "plies": 1})
    );
    let state = app.get(&format!("/api/games/{id}")).await.json;
    assert_eq!(state["hints"], json!({"x": 1, "o": 0}));
    app.play(id, None, 0, 2).await;
    let recorded = app.store.recent_games(Some("Ann"), 1).unwrap();
    assert_eq!(recorded[0].hints.x, 1);
    assert_error(
        &app.post_empty(&format!("/api/games/{id}/hint"), None).await,
        StatusCode::CONFLICT,
        "over",
    );
    // Between friends, only the player to move asks.
    let (id, _ann, bo) = app.friends().await;
    assert_error(
        &app.post_empty(&format!("/api/games/{id}/hint"), Some(&bo))
            .await,
        StatusCode::CONFLICT,
        "not your turn",
    );
}

#[tokio::test]
async fn the_analysis_gives_every_empty_cell_its_value() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    let id = game["id"].as_str().unwrap();
    for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        app.play(id, None, r, c).await;
    }
    // Between two people the analysis waits for the end of the game, for everyone.
    assert_error(
        &app.get(&format!("/api/games/{id}/analysis")).await,
        StatusCode::FORBIDDEN,
        "once it is over",
    );
    app.play(id, None, 0, 2).await;
    let now = app.get(&format!("/api/games/{id}/analysis?ply=4")).await;
    assert_eq!(now.status, StatusCode::OK, "{}", now.json);
    assert_eq!(now.json["ply"], 4);
    assert_eq!(now.json["value"], "win");
    let cells = now.json["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 5);
    let win = cells
        .iter()
        .find(|c| c["row"] == 0 && c["col"] == 2)
        .unwrap();
    assert_eq!((&win["value"], &win["plies"]), (&json!("win"), &json!(1)));
    let start = app
        .get(&format!("/api/games/{id}/analysis?ply=0"))
        .await
        .json;
    assert_eq!(start["cells"].as_array().unwrap().len(), 9);
    assert!(start["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["value"] == "draw"));
    assert_error(
        &app.get(&format!("/api/games/{id}/analysis?ply=9")).await,
        StatusCode::BAD_REQUEST,
        "ply goes from 0 to 5",
    );
    assert_error(
        &app.get(&format!("/api/games/{id}/analysis?ply=-1")).await,
        StatusCode::BAD_REQUEST,
        "query",
    );
}

#[tokio::test]
async fn a_rematch_swaps_the_marks_and_keeps_the_tokens() {
    let app = TestApp::new();
    let (id, ann, bo) = app.friends().await;
    let rematch = format!("/api/games/{id}/rematch");
    assert_error(
        &app.post_empty(&rematch, Some(&ann)).await,
        StatusCode::CONFLICT,
        "not over",
    );
    app.ann_wins(&id, &ann, &bo).await;
    assert_error(
        &app.post_empty(&rematch, None).await,
        StatusCode::UNAUTHORIZED,
        "token",
    );
    let next = app.post_empty(&rematch, Some(&bo)).await;
    assert_eq!(next.status, StatusCode::CREATED, "{}", next.json);
    assert_eq!(next.json["players"][0]["name"], "Bo");
    assert_eq!(next.json["players"][1]["name"], "Ann");
    assert_eq!(next.json["seats"], json!([{"mark": "X", "token": bo}]));
    let next_id = next.json["id"].as_str().unwrap();
    assert_eq!(
        app.get(&format!("/api/games/{id}")).await.json["rematch"],
        next_id
    );
    // Asked again (by Ann), the same game; her token now plays O.
    let again = app.post_empty(&rematch, Some(&ann)).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json["id"], next_id);
    assert_eq!(again.json["seats"], json!([{"mark": "O", "token": ann}]));
    assert_eq!(
        app.play(next_id, Some(&bo), 1, 1).await.status,
        StatusCode::OK
    );
    assert_error(
        &app.play(next_id, Some(&ann), 1, 1).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "taken",
    );
}

#[tokio::test]
async fn a_game_goes_on_after_the_server_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ttt.db");
    let (id, ann, bo) = {
        let app = TestApp::on(
            Arc::new(SqliteStore::open(&path).unwrap()),
            Limits::default(),
        );
        let (id, ann, bo) = app.friends().await;
        app.play(&id, Some(&ann), 1, 1).await;
        (id, ann, bo)
    };
    let app = TestApp::on(
        Arc::new(SqliteStore::open(&path).unwrap()),
        Limits::default(),
    );
    let state = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(state.status, StatusCode::OK);
    assert_eq!(moves(&state.json), 1);
    assert_eq!(app.play(&id, Some(&bo), 0, 0).await.status, StatusCode::OK);
    assert_error(
        &app.play(&id, Some(&bo), 2, 2).await,
        StatusCode::CONFLICT,
        "not your turn",
    );
    assert_eq!(app.play(&id, Some(&ann), 2, 2).await.status, StatusCode::OK);
}

#[tokio::test]
async fn two_moves_at_once_make_one_move() {
    let app = Arc::new(TestApp::new());
    let (id, ann, _bo) = app.friends().await;
    let tries = (0..8u8).map(|i| {
        let (app, id, ann) = (Arc::clone(&app), id.clone(), ann.clone());
        tokio::spawn(async move { app.play(&id, Some(&ann), i / 3, i % 3).await.status })
    });
    let mut statuses = Vec::new();
    for t in tries {
        statuses.push(t.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    assert_eq!(moves(&app.get(&format!("/api/games/{id}")).await.json), 1);
}

/// The first move after the friend joins reaches the friend's stream at once, even when the
/// stream is being opened at the very moment of the move (the friend's page opens it as soon
/// as the join is answered, and the host may already be playing): the stream's first state
/// or the next one has the move, well before a page polling every second would have seen it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_first_move_after_a_join_reaches_the_friend_at_once() {
    let app = Arc::new(TestApp::on(
        Arc::new(SqliteStore::open_in_memory().unwrap()),
        Limits {
            games_per_minute: 0,
            moves_per_minute: 0,
            ..Limits::default()
        },
    ));
    for round in 0..40 {
        let (id, ann, bo) = app.friends().await;
        let started = Instant::now();
        let watching = {
            let (app, id) = (Arc::clone(&app), id.clone());
            tokio::spawn(async move {
                let mut stream = events(&app, &id, Some(&bo)).await;
                loop {
                    let state =
                        tokio::time::timeout(Duration::from_secs(1), next_state(&mut stream))
                            .await
                            .unwrap_or_else(|_| panic!("round {round}: no move within 1 s"));
                    if moves(&state) == 1 {
                        return;
                    }
                }
            })
        };
        assert_eq!(app.play(&id, Some(&ann), 1, 1).await.status, StatusCode::OK);
        watching.await.unwrap();
        let delay = started.elapsed();
        assert!(delay < Duration::from_secs(1), "round {round}: {delay:?}");
    }
}
