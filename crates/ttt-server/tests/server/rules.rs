//! Gomoku as it is played in competition, through the API: each rule's game made and shown,
//! renju's forbidden points listed and refused with their pattern, and the swap and swap2
//! openings step by step, each refusal with its status, the live updates carrying the
//! opening's phase, and the seats changing places (tokens and all) when the second person
//! takes X.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::{assert_error, cells, events, next_state, TestApp};

/// Two people at one screen on the gomoku board, under `rule` and `opening`.
fn gomoku(rule: &str, opening: &str) -> Value {
    json!({"rows": 15, "cols": 15, "k": 5, "rule": rule, "opening": opening, "players": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]})
}

/// Ann (first, the host) invites a friend to gomoku under `rule` and `opening`; Bo joins.
/// Returns the game id and both tokens.
async fn friends(app: &TestApp, rule: &str, opening: &str) -> (String, String, String) {
    let created = app
        .post(
            "/api/games",
            &json!({"rows": 15, "cols": 15, "k": 5, "rule": rule, "opening": opening,
                    "players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_str().unwrap().to_string();
    let ann = created.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let code = created.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    let invitation = app.get(&format!("/api/join/{code}")).await.json;
    assert_eq!(
        (&invitation["rule"], &invitation["opening"]),
        (&json!(rule), &json!(opening))
    );
    let joined = app
        .post(&format!("/api/join/{code}"), &json!({"name": "Bo"}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.json);
    let bo = joined.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    (id, ann, bo)
}

/// An opening step in game `id` for the seat of `token`.
async fn step(app: &TestApp, id: &str, token: Option<&str>, body: Value) -> crate::support::Reply {
    app.post_as(&format!("/api/games/{id}/opening"), token, body)
        .await
}

/// `{"place": [...]}` of these cells.
fn place(stones: &[(u8, u8)]) -> Value {
    let stones: Vec<Value> = stones
        .iter()
        .map(|&(row, col)| json!({"row": row, "col": col}))
        .collect();
    json!({ "place": stones })
}

fn phase(actor: usize, may: &[&str], stones_to_place: usize) -> Value {
    json!({"actor": actor, "may": may, "stones_to_place": stones_to_place})
}

/// X's stones of a double-three at (7, 7) (row 8, column 8 as people count), O's in the
/// corners: X to move.
const DOUBLE_THREE: [(i64, i64); 8] = [
    (7, 5),
    (0, 0),
    (7, 6),
    (0, 14),
    (5, 7),
    (14, 0),
    (6, 7),
    (14, 14),
];

#[tokio::test]
async fn each_rule_makes_a_game_and_shows_it() {
    let app = TestApp::new();
    for rule in ["freestyle", "standard", "renju", "caro"] {
        let game = app.new_game(&gomoku(rule, "none")).await;
        assert_eq!(game["rule"], rule);
        assert_eq!(game["opening"], "none");
        assert_eq!(game["opening_phase"], Value::Null);
        assert_eq!(game["opening_choices"], json!([]));
        assert_eq!(
            game["forbidden"],
            json!([]),
            "nothing is forbidden on an empty board"
        );
        assert_eq!(
            (&game["to_move"], &game["first"]),
            (&json!("X"), &json!("X"))
        );
        let again = app
            .get(&format!("/api/games/{}", game["id"].as_str().unwrap()))
            .await;
        assert_eq!(again.json["rule"], rule);
    }
    // Today's game by default.
    let plain = app
        .new_game(&json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "computer"}]}))
        .await;
    assert_eq!(
        (&plain["rule"], &plain["opening"]),
        (&json!("freestyle"), &json!("none"))
    );

    let mut four = gomoku("renju", "none");
    four["k"] = json!(4);
    let refused = app.post("/api/games", &four).await;
    assert_error(
        &refused,
        StatusCode::UNPROCESSABLE_ENTITY,
        "renju is played with five in a row, not 4",
    );
    assert_error(
        &app.post("/api/games", &gomoku("exact", "none")).await,
        StatusCode::BAD_REQUEST,
        "choose freestyle, standard, renju or caro",
    );
    assert_error(
        &app.post("/api/games", &gomoku("standard", "swap3")).await,
        StatusCode::BAD_REQUEST,
        "choose none, swap or swap2",
    );
    let mut against_an_engine = gomoku("renju", "swap2");
    against_an_engine["players"][1] = json!({"kind": "computer", "level": "engine:nobody"});
    let refused = app.post("/api/games", &against_an_engine).await;
    assert_ne!(refused.status, StatusCode::CREATED, "{}", refused.json);
    let classic = json!({"opening": "swap", "players": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]});
    assert_error(
        &app.post("/api/games", &classic).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "k of at least 4",
    );
}

#[tokio::test]
async fn a_point_renju_forbids_is_listed_and_refused_with_its_pattern() {
    let app = TestApp::new();
    let game = app.new_game(&gomoku("renju", "none")).await;
    let before = app.play_all(&game, &DOUBLE_THREE[..7]).await;
    assert_eq!(before["to_move"], "O");
    assert_eq!(
        before["forbidden"],
        json!([]),
        "only X has forbidden points"
    );
    let state = app.play_all(&game, &DOUBLE_THREE[7..]).await;
    assert_eq!(state["to_move"], "X");
    assert!(
        cells(&state["forbidden"]).contains(&(7, 7)),
        "{}",
        state["forbidden"]
    );
    let refused = app.play_in(&game, 7, 7).await;
    assert_error(
        &refused,
        StatusCode::UNPROCESSABLE_ENTITY,
        "double-three at row 8, column 8: renju forbids it to X",
    );
    let id = game["id"].as_str().unwrap();
    assert_eq!(
        app.get(&format!("/api/games/{id}")).await.json["moves"],
        state["moves"]
    );

    // Free-style forbids nothing.
    let free = app.new_game(&gomoku("freestyle", "none")).await;
    let state = app.play_all(&free, &DOUBLE_THREE).await;
    assert_eq!(state["forbidden"], json!([]));
    assert_eq!(app.play_in(&free, 7, 7).await.status, StatusCode::OK);
}

#[tokio::test]
async fn swap2_between_friends_step_by_step() {
    let app = TestApp::new();
    let (id, ann, bo) = friends(&app, "renju", "swap2").await;
    let (ann, bo) = (Some(ann.as_str()), Some(bo.as_str()));
    // Ann has the game open; Bo does not.
    let _ann_stream = events(&app, &id, ann).await;
    let mut watcher = events(&app, &id, None).await;
    let start = next_state(&mut watcher).await;
    assert_eq!(
        (
            &start["players"][0]["connected"],
            &start["players"][1]["connected"]
        ),
        (&json!(true), &json!(false))
    );
    assert_eq!(start["opening_phase"], phase(0, &["place"], 3));
    assert_eq!(
        start["to_move"],
        Value::Null,
        "nobody moves during the opening"
    );
    assert_eq!(start["players"][0]["name"], "Ann");

    // Ann opens: nobody else places, and no move is played before the colours are chosen.
    assert_error(
        &step(&app, &id, bo, place(&[(7, 7)])).await,
        StatusCode::CONFLICT,
        "it is the first player's turn in the opening",
    );
    assert_error(
        &step(&app, &id, None, place(&[(7, 7)])).await,
        StatusCode::UNAUTHORIZED,
        "send your seat token",
    );
    assert_error(
        &step(&app, &id, Some("not-a-seat"), place(&[(7, 7)])).await,
        StatusCode::FORBIDDEN,
        "not a seat of this game",
    );
    assert_error(
        &app.play(&id, ann, 7, 7).await,
        StatusCode::CONFLICT,
        "the opening is not over",
    );
    assert_error(
        &step(&app, &id, ann, json!({"choose": "take_x"})).await,
        StatusCode::CONFLICT,
        "place 3 more opening stones first",
    );
    assert_error(
        &step(&app, &id, ann, place(&[(7, 7), (7, 8), (8, 8), (9, 9)])).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "3 of the opening's are left to place",
    );
    assert_error(
        &step(&app, &id, ann, place(&[(7, 7), (7, 7)])).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "already taken",
    );
    assert_error(
        &step(
            &app,
            &id,
            ann,
            json!({"place": [{"row": 7, "col": 7}], "choose": "take_x"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "send either",
    );
    let three = step(&app, &id, ann, place(&[(7, 7), (7, 8), (8, 8)])).await;
    assert_eq!(three.status, StatusCode::OK, "{}", three.json);
    assert_eq!(three.json["moves"].as_array().unwrap().len(), 3);
    assert_eq!(
        three.json["opening_phase"],
        phase(1, &["take_x", "take_o", "place_two"], 0)
    );
    let seen = next_state(&mut watcher).await;
    assert_eq!(seen["opening_phase"], three.json["opening_phase"], "live");

    // Bo chooses: not Ann, and not a stone now.
    assert_error(
        &step(&app, &id, ann, json!({"choose": "take_o"})).await,
        StatusCode::CONFLICT,
        "it is the second player's turn in the opening",
    );
    assert_error(
        &step(&app, &id, bo, place(&[(0, 0)])).await,
        StatusCode::CONFLICT,
        "choose take_x, take_o or place_two",
    );
    let two = step(&app, &id, bo, json!({"choose": "place_two"})).await;
    assert_eq!(two.status, StatusCode::OK, "{}", two.json);
    assert_eq!(two.json["opening_phase"], phase(1, &["place"], 2));
    assert_eq!(two.json["opening_choices"], json!(["place_two"]));
    assert_eq!(
        next_state(&mut watcher).await["opening_phase"],
        phase(1, &["place"], 2)
    );
    assert_error(
        &step(&app, &id, bo, place(&[(6, 6), (6, 7), (6, 8)])).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "2 of the opening's are left to place",
    );
    // One stone at a time is fine too.
    let four = step(&app, &id, bo, place(&[(6, 6)])).await;
    assert_eq!(four.json["opening_phase"], phase(1, &["place"], 1));
    let five = step(&app, &id, bo, place(&[(9, 9)])).await;
    assert_eq!(
        five.json["opening_phase"],
        phase(0, &["take_x", "take_o"], 0)
    );
    next_state(&mut watcher).await;
    assert_eq!(
        next_state(&mut watcher).await["opening_phase"],
        phase(0, &["take_x", "take_o"], 0)
    );

    // Ann takes O: Bo plays X, and the seats change places with their tokens.
    assert_error(
        &step(&app, &id, ann, json!({"choose": "place_two"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "place_two is not offered now",
    );
    let chosen = step(&app, &id, ann, json!({"choose": "take_o"})).await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.json);
    let game = chosen.json;
    assert_eq!(game["opening_phase"], Value::Null);
    assert_eq!(game["opening_choices"], json!(["place_two", "take_o"]));
    assert_eq!(
        (&game["first"], &game["to_move"]),
        (&json!("O"), &json!("O"))
    );
    assert_eq!(
        (&game["players"][0]["name"], &game["players"][0]["mark"]),
        (&json!("Bo"), &json!("X"))
    );
    assert_eq!(game["players"][1]["name"], "Ann");
    let live = next_state(&mut watcher).await;
    assert_eq!(
        (&live["opening_phase"], &live["first"]),
        (&Value::Null, &json!("O"))
    );
    assert_eq!(
        (
            &live["players"][0]["connected"],
            &live["players"][1]["connected"]
        ),
        (&json!(false), &json!(true)),
        "Ann, now at O, is the one connected"
    );

    // Then they play: Ann (O) first, with her own token, which now names O's seat.
    assert_error(
        &step(&app, &id, ann, place(&[(0, 0)])).await,
        StatusCode::CONFLICT,
        "the opening is over",
    );
    assert_error(
        &app.play(&id, bo, 0, 0).await,
        StatusCode::CONFLICT,
        "your seat is X",
    );
    assert_eq!(app.play(&id, ann, 0, 0).await.status, StatusCode::OK);
    // The opening's stones are never taken back.
    assert_error(
        &app.post_empty(&format!("/api/games/{id}/takeback"), bo)
            .await,
        StatusCode::CONFLICT,
        "X has no move to take back",
    );
    let played = app.play(&id, bo, 10, 10).await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.json);
    assert_eq!(played.json["moves"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn the_computer_opens_swap2_and_chooses_its_colour() {
    let app = TestApp::new();
    // The computer opens: its three stones are down when the game is made.
    let mut request = gomoku("standard", "swap2");
    request["players"] =
        json!([{"kind": "computer", "level": "hard"}, {"kind": "human", "name": "Bo"}]);
    let game = app.new_game(&request).await;
    let id = game["id"].as_str().unwrap();
    assert_eq!(game["moves"].as_array().unwrap().len(), 3, "{game}");
    assert_eq!(
        game["opening_phase"],
        phase(1, &["take_x", "take_o", "place_two"], 0)
    );
    // Bo places two more; the computer then chooses, and if it takes O it moves at once.
    let placed = step(&app, id, None, json!({"choose": "place_two"})).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.json);
    let after = step(&app, id, None, place(&[(0, 0), (14, 14)])).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.json);
    let game = after.json;
    assert_eq!(game["opening_phase"], Value::Null, "{game}");
    assert_eq!(
        game["opening_choices"],
        json!(["place_two", game["opening_choices"][1]])
    );
    let moves = game["moves"].as_array().unwrap().len();
    let computer_is_o = game["players"][1]["kind"] == "computer";
    assert_eq!(moves, if computer_is_o { 6 } else { 5 }, "{game}");
    // Bo is to move: as X after the computer's first move as O, or as O after five stones.
    let bo = if computer_is_o { "X" } else { "O" };
    assert_eq!(game["to_move"], bo, "{game}");
}

#[tokio::test]
async fn swap_at_one_screen_the_second_takes_x() {
    let app = TestApp::new();
    let game = app.new_game(&gomoku("standard", "swap")).await;
    let id = game["id"].as_str().unwrap();
    assert_eq!(game["opening_phase"], phase(0, &["place"], 3));
    let placed = step(&app, id, None, place(&[(7, 7), (7, 8)])).await;
    assert_eq!(placed.json["opening_phase"], phase(0, &["place"], 1));
    let placed = step(&app, id, None, place(&[(8, 8)])).await;
    assert_eq!(
        placed.json["opening_phase"],
        phase(1, &["take_x", "take_o"], 0)
    );
    assert_error(
        &step(&app, id, None, json!({"choose": "place_two"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "place_two is not offered now",
    );
    assert_error(
        &step(&app, id, None, json!({"choose": "take_z"})).await,
        StatusCode::BAD_REQUEST,
        "unknown variant",
    );
    let taken = step(&app, id, None, json!({"choose": "take_x"})).await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.json);
    let game = taken.json;
    assert_eq!(game["opening_phase"], Value::Null);
    assert_eq!(game["players"][0]["name"], "Bo", "Bo took X");
    assert_eq!(
        (&game["first"], &game["to_move"]),
        (&json!("O"), &json!("O"))
    );
    assert_eq!(app.play_in(&game, 0, 0).await.status, StatusCode::OK);

    // Ann (O) makes exactly five on the top row; the rematch is opened by the other person,
    // Bo, under the same rules.
    let five = [
        (1, 0),
        (0, 1),
        (1, 1),
        (0, 2),
        (1, 2),
        (0, 3),
        (1, 3),
        (0, 4),
    ];
    let done = app.play_all(&game, &five).await;
    assert_eq!(done["status"], "o_wins", "{}", done["position"]);
    let next = app
        .post_empty(&format!("/api/games/{id}/rematch"), None)
        .await;
    assert_eq!(next.status, StatusCode::CREATED, "{}", next.json);
    assert_eq!(next.json["players"][0]["name"], "Bo");
    assert_eq!(
        (&next.json["rule"], &next.json["opening"]),
        (&json!("standard"), &json!("swap"))
    );
    assert_eq!(next.json["opening_phase"], phase(0, &["place"], 3));
}
