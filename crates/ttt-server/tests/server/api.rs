//! The JSON API, driven through the real router (`ttt_server::app`) with an in-memory store:
//! every endpoint and every error status.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use ttt_server::Limits;
use ttt_store::Store;

use crate::support::{assert_error, cells, humans, Reply, TestApp};

#[tokio::test]
async fn a_new_game_has_its_state_and_an_address() {
    let app = TestApp::new();
    let reply = app.post("/api/games", &humans("Ann", "Bo")).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    let game = &reply.json;
    let id = game["id"].as_str().unwrap();
    assert_eq!(id.len(), 32, "128 random bits in hex");
    assert_eq!(
        reply.headers[header::LOCATION],
        format!("/api/games/{id}").as_str()
    );
    assert_eq!(game["rows"], 3);
    assert_eq!(game["cols"], 3);
    assert_eq!(game["k"], 3);
    assert_eq!(game["position"], ".../.../...");
    assert_eq!(game["to_move"], "X");
    assert_eq!(game["status"], "in_progress");
    assert_eq!(game["winning_line"], Value::Null);
    assert_eq!(game["moves"], json!([]));
    assert_eq!(
        game["players"],
        json!([{"kind": "human", "name": "Ann", "mark": "X"},
               {"kind": "human", "name": "Bo", "mark": "O"}])
    );

    // The seats at this screen share one token, which only the answer to the game's maker
    // holds.
    let seats = game["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["token"], seats[1]["token"]);
    let again = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(again.status, StatusCode::OK);
    let mut public = game.clone();
    public.as_object_mut().unwrap().remove("seats");
    // The same state, read at another time.
    let mut read = again.json.clone();
    for state in [&mut public, &mut read] {
        state.as_object_mut().unwrap().remove("as_of_ms");
    }
    assert_eq!(read, public);

    let other = app.new_game(&humans("Ann", "Bo")).await;
    assert_ne!(other["id"], game["id"]);

    // A newcomer is saved with a finished game, not before: an unfinished game leaves no
    // empty row in the leaderboard.
    assert_eq!(
        app.get("/api/players/Ann").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/players").await.json,
        json!({"players": [], "total": 0})
    );
}

#[tokio::test]
async fn a_won_game_is_over_recorded_and_scored() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    // X X X
    // O O .
    // . . .
    let end = app
        .play_all(&game, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
        .await;
    assert_eq!(end["status"], "x_wins");
    assert_eq!(end["to_move"], Value::Null);
    assert_eq!(end["position"], "XXX/OO./...");
    assert_eq!(cells(&end["winning_line"]), [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(cells(&end["moves"]).len(), 5);

    let late = app.play_in(&game, 2, 2).await;
    assert_error(&late, StatusCode::CONFLICT, "over");

    let games = app.store.recent_games(None, 10).unwrap();
    assert_eq!(games.len(), 1, "recorded once");
    assert_eq!(games[0].moves.len(), 5);

    let board = app.get("/api/players").await;
    assert_eq!(board.status, StatusCode::OK);
    assert_eq!(
        board.json,
        json!({"players": [
            {"rank": 1, "name": "Ann", "wins": 1, "losses": 0, "ties": 0, "games": 1, "win_rate": 1.0},
            {"rank": 2, "name": "Bo", "wins": 0, "losses": 1, "ties": 0, "games": 1, "win_rate": 0.0},
        ], "total": 2})
    );
    let bo = app.get("/api/players/Bo").await;
    assert_eq!(bo.json["losses"], 1);

    // Reading a finished game again does not record it again.
    app.get(&format!("/api/games/{}", game["id"].as_str().unwrap()))
        .await;
    assert_eq!(app.store.recent_games(None, 10).unwrap().len(), 1);
}

#[tokio::test]
async fn a_draw_counts_as_a_tie_for_both() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    // X O X
    // X O O
    // O X X
    let moves = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 1),
        (1, 0),
        (1, 2),
        (2, 1),
        (2, 0),
        (2, 2),
    ];
    let end = app.play_all(&game, &moves).await;
    assert_eq!(end["status"], "draw");
    assert_eq!(end["winning_line"], Value::Null);
    for name in ["Ann", "Bo"] {
        let p = app.get(&format!("/api/players/{name}")).await;
        assert_eq!(p.json["ties"], 1);
    }
}

#[tokio::test]
async fn bad_moves_are_refused_with_422() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    app.play_all(&game, &[(1, 1)]).await;
    assert_error(
        &app.play_in(&game, 1, 1).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "taken",
    );
    for (r, c) in [
        (3, 0),
        (0, 3),
        (-1, 0),
        (0, -1),
        (1000, 1000),
        (i64::MAX, 0),
    ] {
        assert_error(
            &app.play_in(&game, r, c).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "off the board",
        );
    }
    // Nothing changed.
    let state = app
        .get(&format!("/api/games/{}", game["id"].as_str().unwrap()))
        .await;
    assert_eq!(state.json["position"], ".../.X./...");
    assert_eq!(state.json["to_move"], "O");
}

#[tokio::test]
async fn malformed_moves_are_400() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    let uri = format!("/api/games/{}/moves", game["id"].as_str().unwrap());
    for body in [
        json!({"row": 1}),
        json!({"row": "1", "col": 1}),
        json!({"row": 1.5, "col": 1}),
        json!({"row": 1, "col": 1, "player": "X"}),
    ] {
        assert_error(&app.post(&uri, &body).await, StatusCode::BAD_REQUEST, "");
    }
    assert_error(
        &app.post_raw(&uri, Some("application/json"), "{\"row\": 1,")
            .await,
        StatusCode::BAD_REQUEST,
        "not valid JSON",
    );
    assert_error(
        &app.post_raw(&uri, None, "{\"row\": 1, \"col\": 1}").await,
        StatusCode::BAD_REQUEST,
        "Content-Type",
    );
}

#[tokio::test]
async fn unknown_games_are_404() {
    let app = TestApp::new();
    let missing = "0123456789abcdef0123456789abcdef";
    assert_error(
        &app.get(&format!("/api/games/{missing}")).await,
        StatusCode::NOT_FOUND,
        "no game",
    );
    assert_error(
        &app.post(
            &format!("/api/games/{missing}/moves"),
            &json!({"row": 0, "col": 0}),
        )
        .await,
        StatusCode::NOT_FOUND,
        "no game",
    );
}

#[tokio::test]
async fn bad_new_games_are_400() {
    let app = TestApp::new();
    let human = json!({"kind": "human", "name": "Ann"});
    let cpu = json!({"kind": "computer", "level": "easy"});
    let cases = [
        (
            json!({"rows": 20, "cols": 3, "k": 3, "players": [human, cpu]}),
            "between 1 and 19",
        ),
        (
            json!({"rows": 3, "cols": 0, "k": 3, "players": [human, cpu]}),
            "between 1 and 19",
        ),
        (
            json!({"rows": 3, "cols": 3, "k": 4, "players": [human, cpu]}),
            "K = 4",
        ),
        (
            json!({"rows": -3, "cols": 3, "k": 3, "players": [human, cpu]}),
            "expected form",
        ),
        (
            json!({"rows": 3, "cols": 3, "k": 3, "players": [human]}),
            "exactly two players",
        ),
        (json!({"rows": 3, "cols": 3, "k": 3}), "players"),
        (
            json!({"players": [human, {"kind": "computer", "level": "genius"}]}),
            "unknown level",
        ),
        (
            json!({"players": [human, {"kind": "robot"}]}),
            "expected form",
        ),
        (
            json!({"players": [human, {"kind": "human", "name": "x".repeat(41)}]}),
            "at most 40 characters",
        ),
        (
            json!({"players": [human, {"kind": "human", "name": "Ann"}]}),
            "different names",
        ),
        (
            json!({"players": [human, cpu], "colour": "red"}),
            "unknown field",
        ),
    ];
    for (body, says) in cases {
        let reply = app.post("/api/games", &body).await;
        assert_error(&reply, StatusCode::BAD_REQUEST, says);
    }
    assert!(app.store.players().unwrap().is_empty(), "nobody created");
}

#[tokio::test]
async fn bodies_are_size_limited() {
    let app = TestApp::new();
    let huge = format!(
        "{{\"players\": [{{\"kind\": \"human\", \"name\": \"{}\"}}]}}",
        "x".repeat(100_000)
    );
    let reply = app
        .post_raw("/api/games", Some("application/json"), huge)
        .await;
    assert_error(&reply, StatusCode::PAYLOAD_TOO_LARGE, "too large");
}

#[tokio::test]
async fn the_computer_moves_first_when_it_is_x() {
    let app = TestApp::new();
    let game = app
        .new_game(&json!({"rows": 3, "cols": 3, "k": 3, "players": [
            {"kind": "computer", "level": "perfect"}, {"kind": "human", "name": "Bo"}]}))
        .await;
    assert_eq!(cells(&game["moves"]).len(), 1);
    assert_eq!(game["to_move"], "O");
    assert_eq!(
        game["players"][0],
        json!({"kind": "computer", "level": "perfect", "mark": "X"})
    );
}

#[tokio::test]
async fn the_perfect_computer_never_loses_and_the_game_is_recorded() {
    let app = TestApp::new();
    for first in [true, false] {
        let me = json!({"kind": "human", "name": "Ann"});
        let cpu = json!({"kind": "computer", "level": "perfect"});
        let players = if first {
            json!([me, cpu])
        } else {
            json!([cpu, me])
        };
        let mut state = app.new_game(&json!({"players": players})).await;
        // The human plays the first empty cell every time.
        while state["status"] == "in_progress" {
            let position = state["position"].as_str().unwrap().replace('/', "");
            let free = position.find('.').unwrap() as i64;
            let reply = app.play_in(&state, free / 3, free % 3).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
            assert_ne!(
                reply.json["to_move"],
                if first { "O" } else { "X" },
                "computer replied"
            );
            state = reply.json;
        }
        let human_won = if first { "x_wins" } else { "o_wins" };
        assert_ne!(state["status"], human_won);
    }
    let ann = app.store.player("Ann").unwrap().unwrap();
    assert_eq!(ann.wins, 0);
    assert_eq!(ann.games(), 2);
    assert_eq!(app.store.recent_games(Some("Ann"), 10).unwrap().len(), 2);
}

#[tokio::test]
async fn two_computers_play_a_whole_game_at_once() {
    let app = TestApp::new();
    let game = app
        .new_game(&json!({"rows": 6, "cols": 7, "k": 3, "players": [
            {"kind": "computer", "level": "hard"}, {"kind": "computer"}]}))
        .await;
    assert_ne!(game["status"], "in_progress");
    assert_eq!(game["players"][1]["level"], "medium", "the default level");
    let games = app.store.recent_games(None, 10).unwrap();
    assert_eq!(games.len(), 1);
    assert!(app.store.players().unwrap().is_empty());
    let late = app.play_in(&game, 0, 0).await;
    assert_error(&late, StatusCode::CONFLICT, "over");
}

#[tokio::test]
async fn between_two_slow_computers_each_read_plays_on() {
    let app = TestApp::with_limits(Limits {
        thinking_time: Duration::from_millis(50),
        thinking_budget: Duration::from_millis(200),
        ..Limits::default()
    });
    let game = app
        .new_game(&json!({"rows": 9, "cols": 9, "k": 5, "players": [
            {"kind": "computer", "level": "perfect"}, {"kind": "computer", "level": "perfect"}]}))
        .await;
    assert_eq!(
        game["status"], "in_progress",
        "the budget stops the request early"
    );
    let first = cells(&game["moves"]).len();
    assert!(first >= 1);
    let uri = format!("/api/games/{}", game["id"].as_str().unwrap());
    let later = app.get(&uri).await;
    assert!(cells(&later.json["moves"]).len() > first);
    assert_eq!(
        cells(&later.json["moves"])[..first],
        cells(&game["moves"])[..]
    );
}

#[tokio::test]
async fn a_move_while_the_computer_thinks_is_409() {
    // On a board it cannot solve, the perfect player uses its whole thinking time (9x9 with
    // five in a row: bigger boards take far longer than their limit in a debug build).
    let app = Arc::new(TestApp::with_limits(Limits {
        thinking_time: Duration::from_secs(2),
        ..Limits::default()
    }));
    let game = app
        .new_game(&json!({"rows": 9, "cols": 9, "k": 5, "players": [
            {"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "perfect"}]}))
        .await;
    let thinking = {
        let app = Arc::clone(&app);
        let game = game.clone();
        tokio::spawn(async move { app.play_in(&game, 4, 4).await })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let id = game["id"].as_str().unwrap();
    let meanwhile = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(meanwhile.json["to_move"], "O", "the computer's turn");
    assert_eq!(cells(&meanwhile.json["moves"]), [(4, 4)]);
    assert_error(
        &app.play_in(&game, 0, 0).await,
        StatusCode::CONFLICT,
        "not a human's turn",
    );
    let reply = thinking.await.unwrap();
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json["to_move"], "X");
    assert_eq!(cells(&reply.json["moves"]).len(), 2);
}

#[tokio::test]
async fn a_slow_request_is_503_but_its_move_is_still_made() {
    let app = TestApp::with_limits(Limits {
        request_timeout: Duration::from_millis(200),
        thinking_time: Duration::from_secs(1),
        ..Limits::default()
    });
    let game = app
        .new_game(&json!({"rows": 9, "cols": 9, "k": 5, "players": [
            {"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "perfect"}]}))
        .await;
    let reply = app.play_in(&game, 4, 4).await;
    assert_error(&reply, StatusCode::SERVICE_UNAVAILABLE, "too long");
    // The computer's move is made all the same (the search may overrun its time a little,
    // more so in a debug build on a busy machine).
    let id = game["id"].as_str().unwrap();
    let mut state = app.get(&format!("/api/games/{id}")).await;
    for _ in 0..300 {
        if state.json["to_move"] == "X" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        state = app.get(&format!("/api/games/{id}")).await;
    }
    assert_eq!(cells(&state.json["moves"]).len(), 2, "{}", state.json);
    assert_eq!(state.json["to_move"], "X");
}

#[tokio::test]
async fn players_are_listed_best_first_and_found_by_name() {
    let app = TestApp::new();
    for (x, o) in [("Bo", "Ann"), ("Cy", "Ann"), ("Cy", "Bo")] {
        let game = app.new_game(&humans(x, o)).await;
        app.play_all(&game, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
            .await;
    }
    let names = |reply: &Reply| -> Vec<String> {
        reply.json["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    let board = app.get("/api/players").await;
    assert_eq!(names(&board), ["Cy", "Bo", "Ann"]);
    // Pages, and a search in any case, with each player's rank among all.
    let page = app.get("/api/players?limit=1&offset=1").await;
    assert_eq!(names(&page), ["Bo"]);
    assert_eq!(page.json["total"], 3);
    let found = app.get("/api/players?q=aN").await;
    assert_eq!(names(&found), ["Ann"]);
    assert_eq!(found.json["players"][0]["rank"], 3);
    let cy = app.get("/api/players?name=cy").await;
    assert_eq!(names(&cy), ["Cy"]);
    assert_eq!(cy.json["players"][0]["rank"], 1);
    assert_eq!(app.get("/api/players?name=C").await.json["total"], 0);
    for bad in [
        "limit=0",
        "limit=201",
        "offset=-1",
        "limit=x",
        "page=2",
        "q=a&name=a",
    ] {
        let reply = app.get(&format!("/api/players?{bad}")).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            reply.json
        );
    }
    let cy = app.get("/api/players/Cy").await;
    assert_eq!(cy.status, StatusCode::OK);
    assert_eq!(
        (cy.json["wins"].as_u64(), cy.json["games"].as_u64()),
        (Some(2), Some(2))
    );
    // Names with spaces and non-ASCII letters travel percent-encoded.
    let game = app.new_game(&humans("Zoë Ann", "Bo")).await;
    assert_eq!(game["players"][0]["name"], "Zoë Ann");
    app.play_all(&game, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
        .await;
    assert_eq!(
        app.get("/api/players/Zo%C3%AB%20Ann").await.status,
        StatusCode::OK
    );

    assert_error(
        &app.get("/api/players/Nobody").await,
        StatusCode::NOT_FOUND,
        "no player",
    );
    let long = "x".repeat(41);
    assert_error(
        &app.get(&format!("/api/players/{long}")).await,
        StatusCode::BAD_REQUEST,
        "at most 40",
    );
}

#[tokio::test]
async fn unknown_addresses_and_methods_get_json_errors() {
    let app = TestApp::new();
    assert_error(
        &app.get("/api/nothing").await,
        StatusCode::NOT_FOUND,
        "nothing",
    );
    let reply = app
        .send(Request::delete("/api/games").body(Body::empty()).unwrap())
        .await;
    assert_error(&reply, StatusCode::METHOD_NOT_ALLOWED, "method");
}

#[tokio::test]
async fn the_page_is_served_from_the_binary() {
    let app = TestApp::new();
    let page = app.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let csp = page.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    assert!(csp.contains("default-src 'none'"));
    let html = page.json.as_str().unwrap().to_owned();
    assert!(html.contains("id=\"board\""));
    // Every other file of the page is served under its own name with its type (all but
    // package.json, which tells Node.js's unit tests that the modules are ES modules), and each
    // is used: linked from the page or imported by a module.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
    let mut served = vec![html];
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
            Some("html" | "json") => continue,
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            Some("svg") => "image/svg+xml",
            _ => panic!("static/{name}: a file of a kind the page does not serve"),
        };
        let reply = app.get(&format!("/{name}")).await;
        assert_eq!(reply.status, StatusCode::OK, "static/{name} is served");
        assert!(reply.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with(kind));
        served.push(reply.json.as_str().unwrap().to_owned());
        names.push(name);
    }
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        let used = served.iter().any(|body| {
            body.contains(&format!("/{name}\"")) || body.contains(&format!("/{name}'"))
        });
        assert!(used, "static/{name} is linked or imported");
    }
}

#[tokio::test]
async fn the_config_serves_the_limits_levels_and_presets_the_server_enforces() {
    let limits = Limits {
        max_side: 7,
        ..Limits::default()
    };
    let app = TestApp::with_limits(limits);
    let reply = app.get("/api/config").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
    assert_eq!(reply.headers[header::CONTENT_TYPE], "application/json");
    let config = reply.json;
    assert_eq!(
        config["limits"],
        json!({"max_side": 7, "max_name_chars": ttt_store::MAX_NAME_CHARS, "claim_after_seconds": 60})
    );
    assert_eq!(
        config["levels"],
        json!(["easy", "medium", "hard", "perfect"])
    );
    assert_eq!(config["default_level"], "medium");
    assert_eq!(
        config["presets"],
        json!([
            {"name": "classic", "title": "Classic", "rows": 3, "cols": 3, "k": 3},
            {"name": "four-by-four", "title": null, "rows": 4, "cols": 4, "k": 4},
            {"name": "five-by-five", "title": null, "rows": 5, "cols": 5, "k": 4},
            {"name": "six-by-seven", "title": null, "rows": 6, "cols": 7, "k": 3},
            {"name": "gomoku", "title": "Gomoku", "rows": 15, "cols": 15, "k": 5},
        ])
    );

    // What it says is what the server holds to: every level is accepted, a side past the
    // limit is not, and a computer with no level plays at the default.
    for level in config["levels"].as_array().unwrap() {
        let body = json!({"players": [{"kind": "human", "name": "Ann"},
            {"kind": "computer", "level": level}]});
        app.new_game(&body).await;
    }
    let game = app
        .new_game(&json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "computer"}]}))
        .await;
    assert_eq!(game["players"][1]["level"], config["default_level"]);
    let too_big = json!({"rows": 8, "cols": 3, "k": 3, "players": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]});
    assert_error(
        &app.post("/api/games", &too_big).await,
        StatusCode::BAD_REQUEST,
        "between 1 and 7",
    );
}
