//! Accounts, sessions, protected names and games, and ratings, through the API: every
//! refusal the accounts promise, and the ratings a rated game moves.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use serde_json::{json, Value};

use crate::support::{assert_error, humans, Reply, TestApp};

const PASSWORD: &str = "correct horse battery";

/// A request with the session `cookie` (if any), extra headers and a JSON body.
pub(crate) async fn with_cookie(
    app: &TestApp,
    method: Method,
    uri: &str,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Reply {
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "ttt.test");
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = match body {
        Some(v) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Body::from(v.to_string())
        }
        None => Body::empty(),
    };
    app.send(request.body(body).unwrap()).await
}

/// The `name=value` of the session cookie an answer sets.
fn cookie_of(reply: &Reply) -> String {
    let set = reply.headers[header::SET_COOKIE].to_str().unwrap();
    set.split(';').next().unwrap().to_string()
}

/// Signs `name` up; the session's cookie.
pub(crate) async fn sign_up(app: &TestApp, name: &str) -> String {
    let reply = with_cookie(
        app,
        Method::POST,
        "/api/accounts",
        None,
        &[],
        Some(json!({"name": name, "password": PASSWORD})),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.json);
    cookie_of(&reply)
}

async fn sign_in(app: &TestApp, name: &str, password: &str) -> Reply {
    with_cookie(
        app,
        Method::POST,
        "/api/session",
        None,
        &[],
        Some(json!({"name": name, "password": password})),
    )
    .await
}

async fn me(app: &TestApp, cookie: &str) -> Reply {
    with_cookie(app, Method::GET, "/api/me", Some(cookie), &[], None).await
}

#[tokio::test]
async fn an_account_signs_up_in_and_out() {
    let app = TestApp::new();
    let created = with_cookie(
        &app,
        Method::POST,
        "/api/accounts",
        None,
        &[],
        Some(json!({"name": "Alice", "password": PASSWORD})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    assert_eq!(created.json["name"], "Alice");
    let set = created.headers[header::SET_COOKIE].to_str().unwrap();
    for part in [
        "ttt_session=",
        "HttpOnly",
        "SameSite=Lax",
        "Path=/",
        "Max-Age=2592000",
    ] {
        assert!(set.contains(part), "{set}");
    }
    assert!(
        !set.contains("Secure"),
        "plain http without --public-url https: {set}"
    );
    let first = cookie_of(&created);
    assert_eq!(me(&app, &first).await.json["name"], "Alice");
    // What a page asks on every load: who is signed in, without a refusal for nobody.
    let session = with_cookie(&app, Method::GET, "/api/session", Some(&first), &[], None).await;
    assert_eq!(session.json["account"]["name"], "Alice");
    let nobody = with_cookie(&app, Method::GET, "/api/session", None, &[], None).await;
    assert_eq!(nobody.status, StatusCode::OK);
    assert_eq!(nobody.json, json!({"account": null}));
    assert_error(
        &me(&app, "ttt_session=forged").await,
        StatusCode::UNAUTHORIZED,
        "sign in",
    );

    // The same answer for a wrong password and an unknown name.
    let wrong = sign_in(&app, "alice", "not the password").await;
    let unknown = sign_in(&app, "Nobody", PASSWORD).await;
    assert_error(&wrong, StatusCode::UNAUTHORIZED, "wrong name or password");
    assert_eq!(wrong.json, unknown.json);
    let second = sign_in(&app, "ALICE", PASSWORD).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.json);
    assert_eq!(second.json["name"], "Alice");
    let second = cookie_of(&second);

    // Signing out ends that session only.
    let out = with_cookie(
        &app,
        Method::DELETE,
        "/api/session",
        Some(&first),
        &[],
        None,
    )
    .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(out.headers[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    assert_eq!(me(&app, &first).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &second).await.status, StatusCode::OK);

    // A new password ends every other session; the old password no longer works.
    let third = cookie_of(&sign_in(&app, "Alice", PASSWORD).await);
    // Not without the password now, nor without a session, nor a weak new one.
    for (cookie, body, status) in [
        (
            None,
            json!({"password": PASSWORD, "new_password": "a much better passphrase"}),
            StatusCode::UNAUTHORIZED,
        ),
        (
            Some(third.as_str()),
            json!({"password": PASSWORD, "new_password": "password"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let refused = with_cookie(
            &app,
            Method::POST,
            "/api/account/password",
            cookie,
            &[],
            Some(body),
        )
        .await;
        assert_eq!(refused.status, status, "{}", refused.json);
    }
    assert_eq!(
        me(&app, &second).await.status,
        StatusCode::OK,
        "nothing changed"
    );
    // Signing out everywhere and deleting need a session; a claim code is for signing up.
    for (method, uri, body) in [
        (Method::DELETE, "/api/sessions", None),
        (
            Method::DELETE,
            "/api/account",
            Some(json!({"password": PASSWORD})),
        ),
    ] {
        let refused = with_cookie(&app, method, uri, None, &[], body).await;
        assert_error(&refused, StatusCode::UNAUTHORIZED, "sign in");
    }
    let with_code = with_cookie(
        &app,
        Method::POST,
        "/api/session",
        None,
        &[],
        Some(json!({"name": "Alice", "password": PASSWORD, "claim_code": "x"})),
    )
    .await;
    assert_error(&with_code, StatusCode::BAD_REQUEST, "for signing up");
    let new = "a much better passphrase";
    let changed = with_cookie(
        &app,
        Method::POST,
        "/api/account/password",
        Some(&third),
        &[],
        Some(json!({"password": PASSWORD, "new_password": new})),
    )
    .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.json);
    assert_eq!(me(&app, &second).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &third).await.status, StatusCode::OK);
    assert_eq!(
        sign_in(&app, "Alice", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    let fourth = cookie_of(&sign_in(&app, "Alice", new).await);

    // Signing out everywhere ends them all.
    let everywhere = with_cookie(
        &app,
        Method::DELETE,
        "/api/sessions",
        Some(&fourth),
        &[],
        None,
    )
    .await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&app, &third).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &fourth).await.status, StatusCode::UNAUTHORIZED);

    // Deleting needs the password; then the name is held from everyone.
    let fifth = cookie_of(&sign_in(&app, "Alice", new).await);
    let refused = with_cookie(
        &app,
        Method::DELETE,
        "/api/account",
        Some(&fifth),
        &[],
        Some(json!({"password": "wrong one"})),
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    let deleted = with_cookie(
        &app,
        Method::DELETE,
        "/api/account",
        Some(&fifth),
        &[],
        Some(json!({"password": new})),
    )
    .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.json);
    assert_eq!(me(&app, &fifth).await.status, StatusCode::UNAUTHORIZED);
    let again = with_cookie(
        &app,
        Method::POST,
        "/api/accounts",
        None,
        &[],
        Some(json!({"name": "alice", "password": PASSWORD})),
    )
    .await;
    assert_error(&again, StatusCode::CONFLICT, "held");
    assert_error(
        &app.post("/api/games", &humans("Alice", "Bo")).await,
        StatusCode::FORBIDDEN,
        "held",
    );
}

#[tokio::test]
async fn weak_passwords_and_confusable_names_are_refused() {
    let app = TestApp::new();
    let up = |name: &'static str, password: &'static str| {
        with_cookie(
            &app,
            Method::POST,
            "/api/accounts",
            None,
            &[],
            Some(json!({"name": name, "password": password})),
        )
    };
    assert_error(
        &up("Alice", "short").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "8 characters",
    );
    assert_error(
        &up("Alice", "password1").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "most common",
    );
    assert_error(
        &up("A\u{200B}lice", PASSWORD).await,
        StatusCode::BAD_REQUEST,
        "invisible",
    );
    sign_up(&app, "Alice").await;
    // A Cyrillic А.
    assert_error(
        &up("\u{410}lice", PASSWORD).await,
        StatusCode::CONFLICT,
        "looks like Alice",
    );
    assert_error(
        &up("ALICE", PASSWORD).await,
        StatusCode::CONFLICT,
        "belongs to an account",
    );
    // A guest cannot take a look-alike either.
    assert_error(
        &app.post("/api/games", &humans("\u{410}lice", "Bo")).await,
        StatusCode::CONFLICT,
        "looks like Alice",
    );
    // Nor the name of a player with games and no account without a claim code.
    app.play_all(
        &app.new_game(&humans("Carol", "Dan")).await,
        &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    )
    .await;
    assert_error(
        &up("carol", PASSWORD).await,
        StatusCode::FORBIDDEN,
        "claim code",
    );
}

#[tokio::test]
async fn failed_sign_ins_are_throttled() {
    let app = TestApp::new();
    sign_up(&app, "Alice").await;
    sign_up(&app, "Bob").await;
    for _ in 0..5 {
        assert_eq!(
            sign_in(&app, "Alice", "guess guess").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    // Now even the right password waits, and says how long.
    let held = sign_in(&app, "Alice", PASSWORD).await;
    assert_error(&held, StatusCode::TOO_MANY_REQUESTS, "failed sign-ins");
    let wait: u64 = held.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 800 && wait <= 900, "{wait}");
    // Another name from the same client (a club behind one address) is not held up ...
    assert_eq!(sign_in(&app, "Bob", PASSWORD).await.status, StatusCode::OK);
    // ... until the client has failed for many names.
    for i in 0..25 {
        sign_in(&app, &format!("Nobody{i}"), "guess guess").await;
    }
    assert_eq!(
        sign_in(&app, "Bob", PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn signed_in_requests_from_other_origins_are_refused() {
    let app = TestApp::new();
    let cookie = sign_up(&app, "Alice").await;
    let game = json!({"players": [{"kind": "human", "name": "Alice"}, {"kind": "computer", "level": "easy"}]});
    for headers in [
        [("origin", "https://evil.example")],
        [("sec-fetch-site", "cross-site")],
        [("origin", "null")],
    ] {
        let reply = with_cookie(
            &app,
            Method::POST,
            "/api/games",
            Some(&cookie),
            &headers,
            Some(game.clone()),
        )
        .await;
        assert_error(&reply, StatusCode::FORBIDDEN, "other sites");
        let out = with_cookie(
            &app,
            Method::DELETE,
            "/api/sessions",
            Some(&cookie),
            &headers,
            None,
        )
        .await;
        assert_eq!(out.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(
        me(&app, &cookie).await.status,
        StatusCode::OK,
        "still signed in"
    );
    // From the server's own page, it is made.
    let own = with_cookie(
        &app,
        Method::POST,
        "/api/games",
        Some(&cookie),
        &[
            ("origin", "http://ttt.test"),
            ("sec-fetch-site", "same-origin"),
        ],
        Some(game),
    )
    .await;
    assert_eq!(own.status, StatusCode::CREATED, "{}", own.json);
}

#[tokio::test]
async fn only_the_signed_in_owner_plays_under_an_accounts_name() {
    let app = TestApp::new();
    let cookie = sign_up(&app, "Alice").await;
    let body = json!({"players": [{"kind": "human", "name": "alice"}, {"kind": "computer", "level": "easy"}]});
    assert_error(
        &app.post("/api/games", &body).await,
        StatusCode::FORBIDDEN,
        "belongs to an account",
    );
    let mine = with_cookie(
        &app,
        Method::POST,
        "/api/games",
        Some(&cookie),
        &[],
        Some(body),
    )
    .await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.json);
    // Signed in, she plays her seat without its token, from any device.
    let id = mine.json["id"].as_str().unwrap();
    let moved = with_cookie(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(&cookie),
        &[],
        Some(json!({"row": 1, "col": 1})),
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.json);
    // An invited friend cannot join under her name either.
    let invited = app
        .post(
            "/api/games",
            &json!({"players": [{"kind": "human", "name": "Bo"}, {"kind": "friend"}]}),
        )
        .await;
    let code = invited.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    assert_error(
        &app.post(&format!("/api/join/{code}"), &json!({"name": "ALICE"}))
            .await,
        StatusCode::FORBIDDEN,
        "belongs to an account",
    );
}

#[tokio::test]
async fn a_watcher_cannot_play_take_back_hint_or_analyse() {
    let app = TestApp::new();
    let game = app
        .new_game(&json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "easy"}]}))
        .await;
    let id = game["id"].as_str().unwrap();
    let token = game["seats"][0]["token"].as_str().unwrap().to_string();
    let watch = |method: Method, what: &str, body: Option<Value>| {
        let uri = format!("/api/games/{id}/{what}");
        let app = &app;
        async move { app.as_spectator(method, &uri, body).await }
    };
    assert_error(
        &watch(Method::POST, "moves", Some(json!({"row": 1, "col": 1}))).await,
        StatusCode::UNAUTHORIZED,
        "spectators only watch",
    );
    let guessed = app
        .post_as(
            &format!("/api/games/{id}/moves"),
            Some("guess"),
            json!({"row": 1, "col": 1}),
        )
        .await;
    assert_error(&guessed, StatusCode::FORBIDDEN, "not a seat");
    let played = app
        .post_as(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            json!({"row": 1, "col": 1}),
        )
        .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.json);
    for (method, what) in [
        (Method::POST, "takeback"),
        (Method::POST, "hint"),
        (Method::GET, "analysis"),
    ] {
        assert_eq!(
            watch(method, what, None).await.status,
            StatusCode::UNAUTHORIZED,
            "{what}"
        );
    }
    assert_eq!(
        app.get(&format!("/api/games/{id}")).await.json["moves"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // Its player analyses it while it goes on, and that counts as a hint.
    let analysis = app
        .request(
            Method::GET,
            &format!("/api/games/{id}/analysis"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(analysis.status, StatusCode::OK, "{}", analysis.json);
    let state = app.get(&format!("/api/games/{id}")).await.json;
    assert_eq!(state["hints"]["x"], 1, "{state}");

    // Between friends, nobody analyses a game in progress.
    let (id, ann, _bo) = app.friends().await;
    assert_error(
        &app.request(
            Method::GET,
            &format!("/api/games/{id}/analysis"),
            Some(&ann),
            None,
        )
        .await,
        StatusCode::FORBIDDEN,
        "once it is over",
    );
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings() {
    let app = TestApp::new();
    let alice = sign_up(&app, "Alice").await;
    let bob = sign_up(&app, "Bob").await;
    let invite =
        json!({"rated": true, "players": [{"kind": "human", "name": "Alice"}, {"kind": "friend"}]});
    // Rated needs its players signed in, on a preset board, not two at one screen.
    assert_error(
        &app.post("/api/games", &invite).await,
        StatusCode::FORBIDDEN,
        "belongs",
    );
    let mut local = humans("Alice", "Carol");
    local["rated"] = json!(true);
    assert_error(
        &with_cookie(
            &app,
            Method::POST,
            "/api/games",
            Some(&alice),
            &[],
            Some(local),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "one screen",
    );
    let odd = json!({"rated": true, "rows": 7, "cols": 7, "k": 4, "players": [{"kind": "human", "name": "Alice"}, {"kind": "computer"}]});
    assert_error(
        &with_cookie(
            &app,
            Method::POST,
            "/api/games",
            Some(&alice),
            &[],
            Some(odd),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "preset boards",
    );
    let created = with_cookie(
        &app,
        Method::POST,
        "/api/games",
        Some(&alice),
        &[],
        Some(invite),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    assert_eq!(created.json["rated"], true);
    let id = created.json["id"].as_str().unwrap().to_string();
    let code = created.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/")
        .to_string();
    // A guest cannot take the seat of a rated game; Bob signed in can.
    assert_error(
        &app.post(&format!("/api/join/{code}"), &json!({"name": "Visitor"}))
            .await,
        StatusCode::UNAUTHORIZED,
        "rated",
    );
    let joined = with_cookie(
        &app,
        Method::POST,
        &format!("/api/join/{code}"),
        Some(&bob),
        &[],
        Some(json!({"name": "Bob"})),
    )
    .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.json);
    // They play by their sessions: Alice wins on the top row.
    for (who, (r, c)) in [
        (&alice, (0, 0)),
        (&bob, (1, 0)),
        (&alice, (0, 1)),
        (&bob, (1, 1)),
        (&alice, (0, 2)),
    ] {
        let moved = with_cookie(
            &app,
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(who),
            &[],
            Some(json!({"row": r, "col": c})),
        )
        .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.json);
    }
    let a = app.get("/api/players/Alice").await.json;
    let b = app.get("/api/players/Bob").await.json;
    assert!(a["account"].as_bool().unwrap());
    let (ra, rb) = (&a["ratings"]["classic"], &b["ratings"]["classic"]);
    assert!(ra["rating"].as_f64().unwrap() > 1500.0, "{a}");
    assert!(rb["rating"].as_f64().unwrap() < 1500.0, "{b}");
    assert_eq!(ra["games"], 1);
    assert_eq!(ra["provisional"], true);
    assert_eq!(a["rating_history"].as_array().unwrap().len(), 1);
    assert_eq!(me(&app, &alice).await.json["ratings"]["classic"], *ra);

    // Against the computer, the computer's level is rated too.
    let computer = json!({"rated": true, "players": [{"kind": "human", "name": "Bob"}, {"kind": "computer", "level": "easy"}]});
    let game = with_cookie(
        &app,
        Method::POST,
        "/api/games",
        Some(&bob),
        &[],
        Some(computer),
    )
    .await;
    assert_eq!(game.status, StatusCode::CREATED, "{}", game.json);
    let mut state = game.json;
    while state["status"] == "in_progress" {
        let taken: Vec<(i64, i64)> = crate::support::cells(&state["moves"]);
        let free = (0..9)
            .map(|i| (i / 3, i % 3))
            .find(|c| !taken.contains(c))
            .unwrap();
        let id = state["id"].as_str().unwrap();
        state = with_cookie(
            &app,
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(&bob),
            &[],
            Some(json!({"row": free.0, "col": free.1})),
        )
        .await
        .json;
    }
    // No help in a rated game: no hint, no takeback, no analysis until it is over.
    let rated = json!({"rated": true, "players": [{"kind": "human", "name": "Bob"}, {"kind": "computer", "level": "easy"}]});
    let helped = with_cookie(
        &app,
        Method::POST,
        "/api/games",
        Some(&bob),
        &[],
        Some(rated),
    )
    .await;
    let id = helped.json["id"].as_str().unwrap();
    for (method, what, status) in [
        (Method::POST, "hint", StatusCode::CONFLICT),
        (Method::POST, "takeback", StatusCode::CONFLICT),
        (Method::GET, "analysis", StatusCode::FORBIDDEN),
    ] {
        let reply = with_cookie(
            &app,
            method,
            &format!("/api/games/{id}/{what}"),
            Some(&bob),
            &[],
            None,
        )
        .await;
        assert_error(&reply, status, "rated");
    }
    let board = app.get("/api/players?board=classic").await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.json);
    let rows = board.json["players"].as_array().unwrap();
    assert_eq!(board.json["total"], 3, "{}", board.json);
    assert!(
        rows.iter()
            .any(|r| r["kind"] == "computer" && r["level"] == "easy"),
        "{}",
        board.json
    );
    assert!(
        rows.iter().all(|r| r["rank"].is_null()),
        "all provisional: {}",
        board.json
    );
    assert_error(
        &app.get("/api/players?board=seven").await,
        StatusCode::BAD_REQUEST,
        "rated board",
    );
}

#[tokio::test]
async fn passwords_are_never_stored_in_clear() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ttt.db");
    let store = std::sync::Arc::new(ttt_store::SqliteStore::open(&path).unwrap());
    let app = TestApp::on(store, ttt_server::Limits::default());
    let cookie = sign_up(&app, "Alice").await;
    assert_eq!(me(&app, &cookie).await.status, StatusCode::OK);
    drop(app);
    let mut bytes = std::fs::read(&path).unwrap();
    for extra in ["ttt.db-wal", "ttt.db-shm"] {
        if let Ok(more) = std::fs::read(dir.path().join(extra)) {
            bytes.extend(more);
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("$argon2id$"), "the hash is there");
    assert!(!text.contains(PASSWORD), "the password is not");
    let token = cookie.trim_start_matches("ttt_session=");
    assert!(!text.contains(token), "nor the session's token");
}

#[tokio::test]
async fn behind_https_the_cookie_is_secure_and_only_the_public_origin_is_taken() {
    let app = TestApp::on_state(
        std::sync::Arc::new(ttt_store::SqliteStore::open_in_memory().unwrap()),
        ttt_server::Limits::default(),
        |state| state.with_public_url("https://ttt.example.org"),
    );
    let created = with_cookie(
        &app,
        Method::POST,
        "/api/accounts",
        None,
        &[],
        Some(json!({"name": "Alice", "password": PASSWORD})),
    )
    .await;
    let set = created.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(set.contains("; Secure"), "{set}");
    let cookie = cookie_of(&created);
    // The request's Host no longer decides: the public address does.
    let from_host = with_cookie(
        &app,
        Method::DELETE,
        "/api/session",
        Some(&cookie),
        &[("origin", "http://ttt.test")],
        None,
    )
    .await;
    assert_eq!(from_host.status, StatusCode::FORBIDDEN);
    let from_public = with_cookie(
        &app,
        Method::DELETE,
        "/api/session",
        Some(&cookie),
        &[("origin", "https://ttt.example.org")],
        None,
    )
    .await;
    assert_eq!(from_public.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn a_player_with_no_name_is_a_guest_shown_but_not_ranked() {
    let app = TestApp::new();
    let game = app.new_game(&humans("", " ")).await;
    assert_eq!(game["players"][0]["name"], "Guest");
    assert_eq!(game["players"][1]["name"], "Guest");
    let won = app
        .play_all(
            &app.new_game(&humans("Ann", "")).await,
            &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
        )
        .await;
    assert_eq!(won["status"], "x_wins");
    let board = app.get("/api/players").await.json;
    assert_eq!(board["total"], 1, "{board}");
    assert_eq!(board["players"][0]["name"], "Ann");
    // The guests' record is kept, and shown on its page.
    assert_eq!(app.get("/api/players/Guest").await.json["losses"], 1);
    // Nobody types the guests' name, nor signs up under it.
    assert_error(
        &app.post("/api/games", &humans("guest", "Bo")).await,
        StatusCode::BAD_REQUEST,
        "leave the name blank",
    );
    let up = with_cookie(
        &app,
        Method::POST,
        "/api/accounts",
        None,
        &[],
        Some(json!({"name": "Guest", "password": PASSWORD})),
    )
    .await;
    assert_error(&up, StatusCode::BAD_REQUEST, "players without a name");
    // An invited friend gives a name: the host must know who joined.
    let invited = app
        .post(
            "/api/games",
            &json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
        )
        .await;
    let code = invited.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    assert_error(
        &app.post(&format!("/api/join/{code}"), &json!({"name": "  "}))
            .await,
        StatusCode::BAD_REQUEST,
        "at least one letter",
    );
    // Guests play casual games.
    let rated =
        json!({"rated": true, "players": [{"kind": "human", "name": ""}, {"kind": "computer"}]});
    assert_error(
        &app.post("/api/games", &rated).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "guests play casual games",
    );
}

#[tokio::test]
async fn a_disabled_account_cannot_sign_in_and_its_sessions_end() {
    use ttt_store::{Operator, Store};
    let app = TestApp::new();
    let cookie = sign_up(&app, "Alice").await;
    let by = Operator {
        os_user: "op".into(),
        at: ttt_store::unix_now(),
    };
    app.store
        .set_account_disabled("Alice", true, &by)
        .unwrap()
        .unwrap();
    assert_error(
        &me(&app, &cookie).await,
        StatusCode::UNAUTHORIZED,
        "sign in",
    );
    assert_error(
        &sign_in(&app, "alice", PASSWORD).await,
        StatusCode::FORBIDDEN,
        "this account is disabled: ask the server's operator",
    );
    // A wrong password learns nothing more than for any account.
    assert_error(
        &sign_in(&app, "alice", "not the password").await,
        StatusCode::UNAUTHORIZED,
        "wrong name or password",
    );
    // Its name stays its own: a guest cannot play under it.
    let taken = app.post("/api/games", &humans("Alice", "Bo")).await;
    assert_eq!(taken.status, StatusCode::FORBIDDEN, "{}", taken.json);

    app.store
        .set_account_disabled("Alice", false, &by)
        .unwrap()
        .unwrap();
    let back = sign_in(&app, "Alice", PASSWORD).await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.json);
}

#[tokio::test]
async fn a_new_password_needs_the_present_one() {
    let app = TestApp::new();
    let cookie = sign_up(&app, "Alice").await;
    let refused = with_cookie(
        &app,
        Method::POST,
        "/api/account/password",
        Some(&cookie),
        &[],
        Some(json!({"password": "not the password", "new_password": "a much better passphrase"})),
    )
    .await;
    assert_error(&refused, StatusCode::UNAUTHORIZED, "wrong name or password");
    assert_eq!(
        sign_in(&app, "Alice", PASSWORD).await.status,
        StatusCode::OK
    );
}
