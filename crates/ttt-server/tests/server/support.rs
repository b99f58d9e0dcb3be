//! The one harness of the server's tests: the real app (`ttt_server::app`) driven in
//! process with an in-memory store ([`TestApp`]), or served on a loopback port
//! ([`Running`]) where connections, timeouts and shutdowns are what is tested; and the
//! readers of its answers and live updates.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;
use ttt_server::{app, serve, AppState, Limits};
use ttt_store::{SqliteStore, Store};

/// The app over a store of its own, driven request by request in this process.
pub struct TestApp {
    pub router: Router,
    pub store: Arc<SqliteStore>,
    /// The token of the seats at this screen, by game, as the games' creation gave them:
    /// what the browser that made a game holds.
    screens: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

/// An answer: its status, headers and body (JSON, or the text as a JSON string).
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub json: Value,
}

impl TestApp {
    pub fn new() -> TestApp {
        TestApp::with_limits(Limits::default())
    }

    pub fn with_limits(limits: Limits) -> TestApp {
        TestApp::on(Arc::new(SqliteStore::open_in_memory().unwrap()), limits)
    }

    /// The app over `store` (a file that outlives it, say).
    pub fn on(store: Arc<SqliteStore>, limits: Limits) -> TestApp {
        TestApp::on_state(store, limits, |state| state)
    }

    /// The app over `store`, its state set up by `setup` (a public address, say).
    pub fn on_state(
        store: Arc<SqliteStore>,
        limits: Limits,
        setup: impl FnOnce(AppState) -> AppState,
    ) -> TestApp {
        let state = setup(AppState::new(Arc::clone(&store) as Arc<dyn Store>, limits));
        TestApp {
            router: app(state),
            store,
            screens: Default::default(),
        }
    }

    pub async fn send(&self, request: Request<Body>) -> Reply {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
        };
        Reply {
            status,
            headers,
            json,
        }
    }

    /// A request with a seat's token, if given, and a JSON body, if given. With no token, a
    /// request about a game this app made is made by the screen that made it (with the token
    /// of the seats played there, as the page does); [`TestApp::as_spectator`] sends none.
    pub async fn request(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let screen = uri
            .strip_prefix("/api/games/")
            .and_then(|rest| rest.split(['/', '?']).next())
            .and_then(|id| self.screen(id));
        let reply = self
            .request_with(method, uri, token.or(screen.as_deref()), body)
            .await;
        if reply.status.is_success() && (uri == "/api/games" || uri.ends_with("/rematch")) {
            self.keep_screen(&reply.json);
        }
        reply
    }

    /// A request with no token at all, as anyone who has a game's link can make.
    pub async fn as_spectator(&self, method: Method, uri: &str, body: Option<Value>) -> Reply {
        self.request_with(method, uri, None, body).await
    }

    async fn request_with(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(v) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(v.to_string())
            }
            None => Body::empty(),
        };
        self.send(request.body(body).unwrap()).await
    }

    pub async fn get(&self, uri: &str) -> Reply {
        self.request(Method::GET, uri, None, None).await
    }

    pub async fn post_raw(
        &self,
        uri: &str,
        content_type: Option<&str>,
        body: impl Into<Body>,
    ) -> Reply {
        let mut request = Request::builder().method(Method::POST).uri(uri);
        if let Some(ct) = content_type {
            request = request.header(header::CONTENT_TYPE, ct);
        }
        self.send(request.body(body.into()).unwrap()).await
    }

    pub async fn post(&self, uri: &str, body: &Value) -> Reply {
        self.request(Method::POST, uri, None, Some(body.clone()))
            .await
    }

    /// A POST for the seat of `token`.
    pub async fn post_as(&self, uri: &str, token: Option<&str>, body: Value) -> Reply {
        self.request(Method::POST, uri, token, Some(body)).await
    }

    pub async fn post_empty(&self, uri: &str, token: Option<&str>) -> Reply {
        self.request(Method::POST, uri, token, None).await
    }

    /// Starts a game and checks it was created (the token of the seats at this screen is
    /// kept).
    pub async fn new_game(&self, body: &Value) -> Value {
        let reply = self.post("/api/games", body).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.json);
        reply.json
    }

    /// Keeps the token of the seats at this screen that `created` (a new game's answer)
    /// holds; not a host's seat in a game with a friend, whose requests name their token.
    fn keep_screen(&self, created: &Value) {
        if created["invite"].is_string() {
            return;
        }
        if let (Some(id), Some(token)) = (
            created["id"].as_str(),
            created["seats"][0]["token"].as_str(),
        ) {
            self.screens
                .lock()
                .unwrap()
                .insert(id.to_string(), token.to_string());
        }
    }

    /// The token of the seats at the screen that made game `id`.
    pub fn screen(&self, id: &str) -> Option<String> {
        self.screens.lock().unwrap().get(id).cloned()
    }

    /// A move in game `id`, for the seat of `token`.
    pub async fn play(&self, id: &str, token: Option<&str>, row: u8, col: u8) -> Reply {
        self.post_as(
            &format!("/api/games/{id}/moves"),
            token,
            json!({"row": row, "col": col}),
        )
        .await
    }

    /// A move in `game` (its state) by the screen that made it, where the row and column
    /// may be anything at all.
    pub async fn play_in(&self, game: &Value, row: i64, col: i64) -> Reply {
        let uri = format!("/api/games/{}/moves", game["id"].as_str().unwrap());
        self.post(&uri, &json!({"row": row, "col": col})).await
    }

    /// Plays moves that must all be accepted; returns the last state.
    pub async fn play_all(&self, game: &Value, moves: &[(i64, i64)]) -> Value {
        let mut state = game.clone();
        for &(r, c) in moves {
            let reply = self.play_in(game, r, c).await;
            assert_eq!(reply.status, StatusCode::OK, "move {r},{c}: {}", reply.json);
            state = reply.json;
        }
        state
    }

    /// Ann (X) and Bo (O) play game `id` with their tokens until Ann wins on the top row.
    pub async fn ann_wins(&self, id: &str, ann: &str, bo: &str) {
        for (token, (r, c)) in [
            (ann, (0, 0)),
            (bo, (1, 0)),
            (ann, (0, 1)),
            (bo, (1, 1)),
            (ann, (0, 2)),
        ] {
            let reply = self.play(id, Some(token), r, c).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.json);
        }
    }

    /// Ann (X, host) invites a friend (O); Bo joins. Returns the game id and both tokens.
    pub async fn friends(&self) -> (String, String, String) {
        let created = self
            .post_as(
                "/api/games",
                None,
                json!({"players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
        let id = created.json["id"].as_str().unwrap().to_string();
        let seats = created.json["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 1);
        assert_eq!(seats[0]["mark"], "X");
        let ann = seats[0]["token"].as_str().unwrap().to_string();
        let invite = created.json["invite"].as_str().unwrap();
        assert!(invite.starts_with("/join/"), "{invite}");
        assert_eq!(created.json["players"][1]["kind"], "friend");
        assert!(created.json["players"][1]["name"].is_null());
        let code = invite.trim_start_matches("/join/");
        let joined = self
            .post_as(&format!("/api/join/{code}"), None, json!({"name": "Bo"}))
            .await;
        assert_eq!(joined.status, StatusCode::OK, "{}", joined.json);
        assert_eq!(joined.json["players"][1]["name"], "Bo");
        assert_eq!(joined.json["seats"][0]["mark"], "O");
        let bo = joined.json["seats"][0]["token"]
            .as_str()
            .unwrap()
            .to_string();
        // Tokens never appear in the state anyone can read.
        let public = self.get(&format!("/api/games/{id}")).await.json.to_string();
        assert!(!public.contains(&ann) && !public.contains(&bo));
        (id, ann, bo)
    }
}

/// Two people at one screen on the classic board.
pub fn humans(a: &str, b: &str) -> Value {
    json!({"rows": 3, "cols": 3, "k": 3, "players": [
        {"kind": "human", "name": a}, {"kind": "human", "name": b}]})
}

/// A refusal with `status` whose message mentions `contains`, as JSON.
pub fn assert_error(reply: &Reply, status: StatusCode, contains: &str) {
    assert_eq!(reply.status, status, "{}", reply.json);
    let message = reply.json["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {}", reply.json));
    assert!(
        message.contains(contains),
        "{message:?} should mention {contains:?}"
    );
    assert_eq!(
        reply.headers[header::CONTENT_TYPE],
        "application/json",
        "errors are JSON"
    );
}

/// The `(row, col)` of a list of cells.
pub fn cells(value: &Value) -> Vec<(i64, i64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["row"].as_i64().unwrap(), c["col"].as_i64().unwrap()))
        .collect()
}

/// How many moves a state has.
pub fn moves(state: &Value) -> usize {
    state["moves"].as_array().unwrap().len()
}

/// Opens the live updates of game `id` (for the seat of `token`, if given): the stream's body.
pub async fn events(app: &TestApp, id: &str, token: Option<&str>) -> axum::body::Body {
    let mut request = Request::get(format!("/api/games/{id}/events"));
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let response = app
        .router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/event-stream"
    );
    response.into_body()
}

/// The next `state` event's data.
pub async fn next_state(body: &mut Body) -> Value {
    let mut text = String::new();
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
            .await
            .expect("an event within 10 s")
            .expect("the stream goes on")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            if event.lines().any(|l| l == "event: state") {
                let data: String = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: "))
                    .collect();
                return serde_json::from_str(&data).unwrap();
            }
        }
    }
}

/// A server on a free loopback port, and the way to stop it.
pub struct Running {
    pub addr: std::net::SocketAddr,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub done: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// The app served on a free loopback port with these limits.
pub async fn start(limits: Limits) -> Running {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap()) as Arc<dyn Store>;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let done = tokio::spawn(serve(listener, AppState::new(store, limits), async {
        let _ = stopped.await;
    }));
    Running {
        addr,
        stop: Some(stop),
        done,
    }
}

/// One HTTP/1.1 request on a fresh connection; the status and the JSON body.
pub async fn request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String, Value) {
    request_as(addr, method, path, body, None).await
}

/// As [`request`], for the seat of `token`.
pub async fn request_as(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    token: Option<&str>,
) -> (u16, String, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut reply = String::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_string(&mut reply))
        .await
        .expect("an answer")
        .unwrap();
    let status = reply[9..12].parse().unwrap();
    let (head, json) = reply.split_once("\r\n\r\n").unwrap();
    (
        status,
        head.to_string(),
        serde_json::from_str(json).unwrap_or(Value::Null),
    )
}

/// Whether the server closes `stream` within `within` (reads end).
pub async fn is_closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    matches!(
        tokio::time::timeout(within, async {
            loop {
                match stream.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        })
        .await,
        Ok(())
    )
}
