//! The lobby: seeks made and listed, accepted by one of two at once, removed by their seeker
//! or when their page closes, followed live, and quick pairing by rating.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::support::{assert_error, TestApp};

/// Opens the lobby's live updates (following `seek` with `token`, if given).
async fn lobby_events(app: &TestApp, seek: Option<(&str, &str)>) -> Body {
    let mut uri = "/api/lobby/events".to_string();
    let mut request = Request::get(&uri);
    if let Some((id, token)) = seek {
        uri = format!("/api/lobby/events?seek={id}");
        request = Request::get(&uri).header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let response = app
        .router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.into_body()
}

/// The next event of `body`: its name and data.
async fn next_event(body: &mut Body, text: &mut String) -> (String, Value) {
    loop {
        if let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let name = event.lines().find_map(|l| l.strip_prefix("event: "));
            let data = event.lines().find_map(|l| l.strip_prefix("data: "));
            if let (Some(name), Some(data)) = (name, data) {
                return (name.to_string(), serde_json::from_str(data).unwrap());
            }
            continue;
        }
        let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
            .await
            .expect("an event within 10 s")
            .expect("the stream goes on")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

fn seek_body(extra: Value) -> Value {
    let mut body = json!({"rows": 3, "cols": 3, "k": 3, "clock": {"initial": 60, "increment": 0}, "name": "Ann"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[tokio::test]
async fn a_seek_is_listed_and_of_two_accepting_at_once_one_gets_it() {
    let app = TestApp::new();
    let made = app
        .post("/api/seeks", &seek_body(json!({"color": "X"})))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.json);
    let id = made.json["id"].as_str().unwrap().to_string();
    let token = made.json["token"].as_str().unwrap().to_string();
    let listed = app.get("/api/lobby").await.json;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["seeker"]["name"], "Ann");
    assert_eq!(listed[0]["clock_text"], "1+0");
    assert!(
        !listed.to_string().contains(&token),
        "tokens are never listed"
    );
    // The seeker cannot accept their own seek.
    let own = app
        .post(&format!("/api/seeks/{id}/accept"), &json!({"name": "Ann"}))
        .await;
    assert_error(&own, StatusCode::CONFLICT, "your own seek");
    let path = format!("/api/seeks/{id}/accept");
    let (b, c) = (json!({"name": "Bo"}), json!({"name": "Cy"}));
    let (bo, cy) = tokio::join!(app.post(&path, &b), app.post(&path, &c));
    let (won, lost) = if bo.status == StatusCode::CREATED {
        (bo, cy)
    } else {
        (cy, bo)
    };
    assert_eq!(won.status, StatusCode::CREATED, "{}", won.json);
    assert_error(&lost, StatusCode::CONFLICT, "accepted this seek first");
    // The game: Ann at X (as sought), the accepter at O with its seat; the clocks start with
    // the first move.
    let game = &won.json;
    assert_eq!(game["players"][0]["name"], "Ann");
    assert_eq!(game["seats"][0]["mark"], "O");
    assert!(game["clock"]["running"].is_null());
    assert_eq!(game["clock"]["text"], "1+0");
    // Ann's seek token is her seat's: she moves with it.
    let gid = game["id"].as_str().unwrap();
    let moved = app.play(gid, Some(&token), 1, 1).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.json);
    assert_eq!(moved.json["clock"]["running"], "O");
    // Between two who met in the lobby, no help.
    let accepter = game["seats"][0]["token"].as_str().unwrap();
    let hint = app
        .request(
            Method::POST,
            &format!("/api/games/{gid}/hint"),
            Some(accepter),
            None,
        )
        .await;
    assert_error(&hint, StatusCode::CONFLICT, "no hints");
    assert!(app
        .get("/api/lobby")
        .await
        .json
        .as_array()
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn what_seeks_refuse() {
    let app = TestApp::new();
    let rated = app
        .post("/api/seeks", &seek_body(json!({"rated": true})))
        .await;
    assert_error(
        &rated,
        StatusCode::UNAUTHORIZED,
        "a rated seek needs an account",
    );
    let bad = app
        .post("/api/seeks", &seek_body(json!({"color": "green"})))
        .await;
    assert_error(&bad, StatusCode::BAD_REQUEST, "color");
    let bad = app
        .post("/api/seeks", &seek_body(json!({"rows": 40})))
        .await;
    assert_error(&bad, StatusCode::BAD_REQUEST, "rows and columns");
    let made = app.post("/api/seeks", &seek_body(json!({}))).await;
    let id = made.json["id"].as_str().unwrap();
    let path = format!("/api/seeks/{id}");
    let anyone = app.request(Method::DELETE, &path, None, None).await;
    assert_error(&anyone, StatusCode::UNAUTHORIZED, "only the seeker");
    let wrong = app
        .request(Method::DELETE, &path, Some("guess"), None)
        .await;
    assert_error(&wrong, StatusCode::FORBIDDEN, "not this seek's");
    let token = made.json["token"].as_str().unwrap();
    let gone = app.request(Method::DELETE, &path, Some(token), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    let late = app
        .post(&format!("{path}/accept"), &json!({"name": "Bo"}))
        .await;
    assert_error(&late, StatusCode::NOT_FOUND, "no seek");
    let pool = app
        .post("/api/lobby/quick", &json!({"pool": "chess"}))
        .await;
    assert_error(&pool, StatusCode::BAD_REQUEST, "classic, gomoku or renju");
    // Someone else's waiting quick seek is not asked about with a guessed token.
    let waiting = app
        .post("/api/lobby/quick", &json!({"pool": "renju", "name": "Lu"}))
        .await;
    let seek = waiting.json["seek"]["id"].as_str().unwrap();
    let guess = app
        .request(
            Method::POST,
            "/api/lobby/quick",
            Some("guess"),
            Some(json!({"pool": "renju", "seek": seek})),
        )
        .await;
    assert_error(&guess, StatusCode::FORBIDDEN, "not this seek's");
    // A rated seek is taken only by someone signed in.
    let cookie = crate::accounts::sign_up(&app, "Rita").await;
    let rated = crate::accounts::with_cookie(
        &app,
        Method::POST,
        "/api/seeks",
        Some(&cookie),
        &[],
        Some(json!({"rows": 3, "cols": 3, "k": 3, "rated": true})),
    )
    .await;
    assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.json);
    assert_eq!(rated.json["seeker"]["name"], "Rita");
    let id = rated.json["id"].as_str().unwrap();
    let guest = app
        .post(&format!("/api/seeks/{id}/accept"), &json!({"name": "Moe"}))
        .await;
    assert_error(&guest, StatusCode::UNAUTHORIZED, "sign in to accept it");
}

#[tokio::test]
async fn the_lobby_is_followed_live_and_a_seek_goes_when_its_page_closes() {
    let app = TestApp::new();
    let mut watcher = lobby_events(&app, None).await;
    let mut seen = String::new();
    let (name, first) = next_event(&mut watcher, &mut seen).await;
    assert_eq!((name.as_str(), first), ("seeks", json!([])));
    let made = app.post("/api/seeks", &seek_body(json!({}))).await;
    let id = made.json["id"].as_str().unwrap().to_string();
    let token = made.json["token"].as_str().unwrap().to_string();
    let (name, seek) = next_event(&mut watcher, &mut seen).await;
    assert_eq!(
        (name.as_str(), seek["id"].as_str()),
        ("seek", Some(id.as_str()))
    );
    // The seeker's page follows it; accepted, it hears of its game.
    let mut page = lobby_events(&app, Some((&id, &token))).await;
    let mut text = String::new();
    assert_eq!(next_event(&mut page, &mut text).await.0, "seeks");
    let game = app
        .post(&format!("/api/seeks/{id}/accept"), &json!({"name": "Bo"}))
        .await;
    let (name, accepted) = next_event(&mut page, &mut text).await;
    let (name, accepted) = if name == "gone" {
        next_event(&mut page, &mut text).await
    } else {
        (name, accepted)
    };
    assert_eq!(name, "accepted");
    assert_eq!(accepted["game"], game.json["id"]);
    assert_ne!(
        accepted["mark"], game.json["seats"][0]["mark"],
        "the other mark than Bo's: {}",
        game.json
    );
    let (name, gone) = next_event(&mut watcher, &mut seen).await;
    assert_eq!(
        (name.as_str(), gone["id"].as_str()),
        ("gone", Some(id.as_str()))
    );

    // A page that closes takes its seek with it.
    let made = app
        .post("/api/seeks", &seek_body(json!({"name": "Cy"})))
        .await;
    let id = made.json["id"].as_str().unwrap().to_string();
    let token = made.json["token"].as_str().unwrap().to_string();
    let page = lobby_events(&app, Some((&id, &token))).await;
    let (name, _) = next_event(&mut watcher, &mut seen).await;
    assert_eq!(name, "seek");
    drop(page);
    let (name, gone) = next_event(&mut watcher, &mut seen).await;
    assert_eq!(
        (name.as_str(), gone["id"].as_str()),
        ("gone", Some(id.as_str()))
    );
    // Someone else's token does not follow a seek.
    let made = app
        .post("/api/seeks", &seek_body(json!({"name": "Di"})))
        .await;
    let id = made.json["id"].as_str().unwrap();
    let request = Request::get(format!("/api/lobby/events?seek={id}"))
        .header(header::AUTHORIZATION, "Bearer guess")
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn quick_pairing_matches_two_players_of_a_pool() {
    let app = TestApp::new();
    let first = app
        .post(
            "/api/lobby/quick",
            &json!({"pool": "classic", "name": "Ann"}),
        )
        .await;
    assert_eq!(first.status, StatusCode::ACCEPTED, "{}", first.json);
    assert_eq!(first.json["range"], 100);
    let seek = first.json["seek"]["id"].as_str().unwrap().to_string();
    let token = first.json["token"].as_str().unwrap().to_string();
    assert_eq!(first.json["seek"]["quick"], true);
    // A plain seek of the same board is not a quick one: not matched.
    app.post("/api/seeks", &seek_body(json!({"name": "Zed"})))
        .await;
    let second = app
        .post(
            "/api/lobby/quick",
            &json!({"pool": "classic", "name": "Bo"}),
        )
        .await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.json);
    assert_eq!(second.json["clock"]["text"], "1+0");
    let names: Vec<&str> = second.json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Ann") && names.contains(&"Bo"), "{names:?}");
    // Ann, asking again while she waited, finds her game.
    let again = app
        .request(
            Method::POST,
            "/api/lobby/quick",
            Some(&token),
            Some(json!({"pool": "classic", "name": "Ann", "seek": seek})),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.json);
    assert_eq!(again.json["game"], second.json["id"]);
}
