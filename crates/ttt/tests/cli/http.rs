//! Just enough HTTP/1.1 to talk to a real `ttt serve`: one request per connection, and a
//! stream of server-sent events.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// A reply: its status and its body as JSON (`Null` when it is not JSON).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub json: Value,
    pub text: String,
    /// The status line and headers, as sent.
    pub head: String,
}

impl Reply {
    /// The value of header `name` (any case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }
}

/// `METHOD path` on `base` ("127.0.0.1:PORT"), with a JSON body and a seat's token.
pub fn request(
    base: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Reply {
    let mut stream = TcpStream::connect(base).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {base}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let status = raw.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (head, text) = raw
        .split_once("\r\n\r\n")
        .map(|(h, b)| (h.to_string(), b.to_string()))
        .unwrap_or_default();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Reply {
        status,
        json,
        text,
        head,
    }
}

/// A request whose first lines (request line and headers, each ending in CRLF) are given.
pub fn request_with(base: &str, head: &str) -> Reply {
    let mut stream = TcpStream::connect(base).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(stream, "{head}Host: {base}\r\nConnection: close\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let status = raw.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (head, text) = raw
        .split_once("\r\n\r\n")
        .map(|(h, b)| (h.to_string(), b.to_string()))
        .unwrap_or_default();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Reply {
        status,
        json,
        text,
        head,
    }
}

pub fn get(base: &str, path: &str) -> Reply {
    request(base, "GET", path, None, None)
}

pub fn post(base: &str, path: &str, token: Option<&str>, body: &Value) -> Reply {
    request(base, "POST", path, token, Some(body))
}

/// An open `/api/games/{id}/events` stream.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    pub fn open(base: &str, id: &str) -> Events {
        Events::open_as(base, id, None)
    }

    /// The stream of the player whose seat `token` is (a spectator's without one).
    pub fn open_as(base: &str, id: &str, token: Option<&str>) -> Events {
        Events::open_path(base, &format!("/api/games/{id}/events"), token)
    }

    /// Any event stream of the server at `base`, with `token` as the bearer if given.
    pub fn open_path(base: &str, path: &str, token: Option<&str>) -> Events {
        let mut stream = TcpStream::connect(base).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(15)))
            .unwrap();
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {base}\r\n{auth}\r\n").unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
        }
        Events { reader }
    }

    /// The data of the next event called `name`, the others skipped (the body is chunked:
    /// chunk sizes are skipped).
    pub fn next_named(&mut self, name: &str) -> Value {
        let wanted = format!("event: {name}");
        let mut event = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("an event in time");
            assert!(n > 0, "the stream ended");
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if event.contains(&wanted) {
                    let data: String = event
                        .iter()
                        .filter_map(|l| l.strip_prefix("data: "))
                        .collect();
                    return serde_json::from_str(&data).unwrap();
                }
                event.clear();
            } else if !line.chars().all(|c| c.is_ascii_hexdigit()) {
                event.push(line.to_string());
            }
        }
    }

    /// The next `state` event's data.
    pub fn next_state(&mut self) -> Value {
        self.next_named("state")
    }

    /// The first state (from now on) for which `wanted` holds.
    pub fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let state = self.next_state();
            if wanted(&state) {
                return state;
            }
        }
    }

    /// The next state with `n` moves.
    pub fn state_with_moves(&mut self, n: usize) -> Value {
        loop {
            let state = self.next_state();
            if state["moves"].as_array().map_or(0, Vec::len) == n {
                return state;
            }
        }
    }
}
