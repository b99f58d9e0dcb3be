//! `ttt accounts claim` with a real `ttt serve`: the operator's code lets its holder sign up
//! under a name that has games, once; the password appears in neither the database file nor
//! the server's log.

use serde_json::json;

use crate::http::{get, post};
use crate::servers::Server;
use crate::support::{play, ttt, Db};

const PASSWORD: &str = "tic tac toe at dawn";

#[test]
fn a_claim_code_signs_up_under_a_name_with_games_once() {
    let db = Db::new();
    // Bob plays in the console; his name has a game and no account.
    play(
        &db,
        &["--x", "human:Bob", "--o", "computer:easy", "--seed", "1"],
        "1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3\nn\n",
    );
    let refused = ttt(&["accounts", "claim", "Nobody", "--db", db.arg()], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no player has that name"));
    let out = ttt(&["accounts", "claim", "bob", "--db", db.arg()], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let code = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_eq!(code.len(), 32, "{code:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("sign up as Bob"));

    let server = Server::start_with(db.arg(), &[]);
    let up = |claim: Option<&str>| {
        let mut body = json!({"name": "Bob", "password": PASSWORD});
        if let Some(claim) = claim {
            body["claim_code"] = json!(claim);
        }
        post(&server.base, "/api/accounts", None, &body)
    };
    assert_eq!(up(None).status, 403, "a name with games needs the code");
    assert_eq!(up(Some("0123456789abcdef0123456789abcdef")).status, 403);
    let made = up(Some(&code));
    assert_eq!(made.status, 201, "{}", made.text);
    assert_eq!(made.json["name"], "Bob");
    // His history came with the name; the code worked once.
    let bob = get(&server.base, "/api/players/Bob");
    assert_eq!(bob.json["account"], true);
    assert_eq!(
        bob.json["wins"].as_u64().unwrap()
            + bob.json["losses"].as_u64().unwrap()
            + bob.json["ties"].as_u64().unwrap(),
        1
    );
    assert_eq!(up(Some(&code)).status, 409);
    let signed = post(
        &server.base,
        "/api/session",
        None,
        &json!({"name": "bob", "password": PASSWORD}),
    );
    assert_eq!(signed.status, 200, "{}", signed.text);
    let wrong = post(
        &server.base,
        "/api/session",
        None,
        &json!({"name": "bob", "password": "not it at all"}),
    );
    assert_eq!(wrong.status, 401);

    let log = server.log_text();
    drop(server);
    assert!(log.contains("account created: Bob"), "{log}");
    assert!(
        !log.contains(PASSWORD),
        "the password is never logged: {log}"
    );
    let mut bytes = std::fs::read(&db.path).unwrap();
    for extra in ["-wal", "-shm"] {
        let path = format!("{}{extra}", db.arg());
        bytes.extend(std::fs::read(path).unwrap_or_default());
    }
    let stored = String::from_utf8_lossy(&bytes);
    assert!(stored.contains("$argon2id$"));
    assert!(!stored.contains(PASSWORD), "the password is never stored");
    assert!(!stored.contains(&code), "nor the claim code");
}
