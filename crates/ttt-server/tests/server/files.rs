//! Game files on the web: a finished game downloaded in both formats, and a file read for
//! the replay (every move checked, nothing recorded).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};

use ttt_store::Store;

use crate::support::{assert_error, humans, TestApp};

#[tokio::test]
async fn a_finished_game_downloads_and_a_file_is_read_for_the_replay() {
    let app = TestApp::new();
    let game = app.new_game(&humans("Ann", "Bo")).await;
    app.play_all(&game, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
        .await;
    let id = app.store.recent_games(None, 1).unwrap()[0].id;
    let sgf = app.get(&format!("/api/records/{id}/file")).await;
    assert_eq!(sgf.status, StatusCode::OK);
    let disposition = sgf.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"ttt-game-{id}.sgf\"")
    );
    let text = sgf.json.as_str().unwrap().to_string();
    assert!(
        text.starts_with("(;GM[4]FF[4]SZ[3]RU[freestyle]KR[3]PB[Ann]PW[Bo]"),
        "{text}"
    );
    let psq = app.get(&format!("/api/records/{id}/file?format=psq")).await;
    assert!(psq
        .json
        .as_str()
        .unwrap()
        .starts_with("Piskvorky 3x3, 11:11, 0\n1,1,0\n"));
    assert_error(
        &app.get(&format!("/api/records/{id}/file?format=pgn")).await,
        StatusCode::BAD_REQUEST,
        "psq or sgf",
    );
    assert_error(
        &app.get("/api/records/999/file").await,
        StatusCode::NOT_FOUND,
        "no finished game",
    );

    // Read back for the replay: the moves, nothing recorded.
    let read = |text: String| {
        let request = Request::post("/api/files/read")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from(text))
            .unwrap();
        app.send(request)
    };
    let back = read(text).await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.json);
    assert_eq!(back.json["moves"].as_array().unwrap().len(), 5);
    assert_eq!(back.json["names"][0], "Ann");
    assert_eq!(app.store.recent_games(None, 10).unwrap().len(), 1);
    let bad = read("(;GM[4]SZ[15]\n;B[hh]\n;B[ii])".into()).await;
    assert_error(
        &bad,
        StatusCode::UNPROCESSABLE_ENTITY,
        "line 3: B[ii]: it is white's turn",
    );
}
