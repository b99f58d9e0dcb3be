//! Clocks and the lobby across several `ttt serve` processes on one PostgreSQL database: a
//! clock that runs out ends its game once, whichever servers are up (one killed while the
//! clock runs), and a seek made on one server is listed, accepted and followed on the others.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::http::{get, post, Events};
use crate::servers::{two_servers, Server};

/// Ann (X) on `host` invites a friend, with a clock of `seconds` and no increment; Bo joins
/// on `guest`. The game's id and both tokens.
fn timed(host: &Server, guest: &Server, seconds: u64) -> (String, String, String) {
    let created = post(
        &host.base,
        "/api/games",
        None,
        &json!({"clock": {"initial": seconds, "increment": 0},
                "players": [{"kind": "human", "name": "Ann"}, {"kind": "friend"}]}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json["id"].as_str().unwrap().to_string();
    let ann = created.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let code = created.json["invite"]
        .as_str()
        .unwrap()
        .trim_start_matches("/join/");
    let joined = post(
        &guest.base,
        &format!("/api/join/{code}"),
        None,
        &json!({"name": "Bo"}),
    );
    assert_eq!(joined.status, 200, "{}", joined.text);
    let bo = joined.json["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    (id, ann, bo)
}

/// Ann moves on `a` (the first move, not timed), Bo answers on `b`: Ann's clock runs.
fn both_move(a: &Server, b: &Server, id: &str, ann: &str, bo: &str) {
    let path = format!("/api/games/{id}/moves");
    let moved = post(&a.base, &path, Some(ann), &json!({"row": 1, "col": 1}));
    assert_eq!(moved.status, 200, "{}", moved.text);
    let moved = post(&b.base, &path, Some(bo), &json!({"row": 0, "col": 0}));
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(moved.json["clock"]["running"], "X", "{}", moved.text);
}

#[test]
fn a_clock_runs_out_once_across_servers_even_with_one_killed() {
    let Some((mut a, b, _)) = two_servers() else {
        return;
    };
    // Both servers up: the game ends once, and is counted once.
    let (id, ann, bo) = timed(&a, &b, 2);
    both_move(&a, &b, &id, &ann, &bo);
    let mut watching = Events::open(&b.base, &id);
    let started = Instant::now();
    let over = watching.until(|s| !s["ending"].is_null());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(over["ending"], json!({"reason": "timeout", "loser": "X"}));
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(get(&a.base, "/api/players/Bo").json["wins"], 1);

    // One server killed while X's clock runs: the other ends the game.
    let (id, ann, bo) = timed(&a, &b, 2);
    both_move(&a, &b, &id, &ann, &bo);
    let mut watching = Events::open(&b.base, &id);
    a.kill();
    let over = watching.until(|s| !s["ending"].is_null());
    assert_eq!(over["ending"], json!({"reason": "timeout", "loser": "X"}));
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(get(&b.base, "/api/players/Bo").json["wins"], 2);
    assert_eq!(get(&b.base, "/api/players/Ann").json["losses"], 2);
}

#[test]
fn a_seek_made_on_one_server_is_accepted_on_another() {
    let Some((a, b, _)) = two_servers() else {
        return;
    };
    let made = post(
        &a.base,
        "/api/seeks",
        None,
        &json!({"rows": 3, "cols": 3, "k": 3, "name": "Ann", "color": "O"}),
    );
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.json["id"].as_str().unwrap().to_string();
    let token = made.json["token"].as_str().unwrap().to_string();
    // Ann's page follows her seek on server A; Bo's lobby is on B.
    let mut ann = Events::open_path(
        &a.base,
        &format!("/api/lobby/events?seek={id}"),
        Some(&token),
    );
    let mut bo = Events::open_path(&b.base, "/api/lobby/events", None);
    let listed = bo.next_named("seeks");
    assert_eq!(listed[0]["id"], id.as_str(), "{listed}");
    let game = post(
        &b.base,
        &format!("/api/seeks/{id}/accept"),
        None,
        &json!({"name": "Bo"}),
    );
    assert_eq!(game.status, 201, "{}", game.text);
    assert_eq!(game.json["seats"][0]["mark"], "X");
    let accepted = ann.next_named("accepted");
    assert_eq!(accepted["game"], game.json["id"]);
    assert_eq!(accepted["mark"], "O");
    let gone = bo.next_named("gone");
    assert_eq!(gone["id"], id.as_str());
    // The second acceptance, on the other server, is refused.
    let again = post(
        &a.base,
        &format!("/api/seeks/{id}/accept"),
        None,
        &json!({"name": "Cy"}),
    );
    assert_eq!(again.status, 409, "{}", again.text);
}
