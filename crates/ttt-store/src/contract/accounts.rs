//! What every store must do with accounts, sessions, names and ratings.

use std::sync::Arc;

use super::fixtures::{cpu, game, human};
use crate::{
    ClaimRefused, GameResult, NameStatus, Participant, SignUpRefused, Store, RATING_SETTINGS,
};

/// The checks that each need a fresh, empty store.
pub(super) fn each() -> Vec<fn(Arc<dyn Store>)> {
    vec![
        |s| an_account_owns_its_name(&*s),
        |s| look_alikes_and_held_names_are_refused(&*s),
        |s| a_name_with_games_is_claimed_with_a_code(&*s),
        |s| sessions_end_and_expire(&*s),
        |s| rated_games_move_both_ratings(&*s),
        |s| guests_are_recorded_but_not_ranked(&*s),
    ]
}

fn guests_are_recorded_but_not_ranked(store: &dyn Store) {
    store
        .record_game(&game(human(crate::GUEST), human("Ann"), GameResult::OWins))
        .unwrap();
    store
        .record_game(&game(human("Bo"), human(crate::GUEST), GameResult::XWins))
        .unwrap();
    assert_eq!(store.player("Ann").unwrap().unwrap().wins, 1);
    assert_eq!(
        store.player("guest").unwrap().unwrap().losses,
        2,
        "kept, for the record"
    );
    let page = store
        .players_page(&crate::PlayerFilter::Containing(String::new()), 10, 0)
        .unwrap();
    let names: Vec<&str> = page.players.iter().map(|p| p.stats.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bo"], "not ranked");
    assert_eq!(page.total, 2);
    assert_eq!(page.players[1].rank, 2);
}

const NOW: i64 = 1_000_000;

fn an_account_owns_its_name(store: &dyn Store) {
    assert_eq!(store.name_status("Alice", NOW).unwrap(), NameStatus::New);
    assert_eq!(
        store.create_account("Alice", "hash-1", NOW, None).unwrap(),
        Ok("Alice".into())
    );
    let account = store.account("ALICE").unwrap().unwrap();
    assert_eq!(account.name, "Alice");
    assert_eq!(account.password_hash, "hash-1");
    assert_eq!(
        store.name_status("alice", NOW).unwrap(),
        NameStatus::Account {
            name: "Alice".into()
        }
    );
    assert_eq!(
        store.create_account("alice", "hash-2", NOW, None).unwrap(),
        Err(SignUpRefused::Taken {
            name: "Alice".into()
        })
    );
    assert!(store.set_password("Alice", "hash-3", NOW + 1).unwrap());
    assert_eq!(
        store.account("Alice").unwrap().unwrap().password_hash,
        "hash-3"
    );
    assert!(!store.set_password("Nobody", "hash", NOW).unwrap());
    // The account is a player, shown on the leaderboard once it plays.
    assert!(store.player("Alice").unwrap().is_some());
}

fn look_alikes_and_held_names_are_refused(store: &dyn Store) {
    store
        .create_account("Alice", "hash", NOW, None)
        .unwrap()
        .unwrap();
    // A Cyrillic А.
    assert_eq!(
        store.name_status("\u{410}lice", NOW).unwrap(),
        NameStatus::LooksLike {
            name: "Alice".into()
        }
    );
    assert_eq!(
        store.create_account("\u{410}lice", "h", NOW, None).unwrap(),
        Err(SignUpRefused::LooksLike {
            name: "Alice".into()
        })
    );
    // Deleted: the games stay, the name is held until the time given, then free again.
    store
        .record_game(&game(human("Alice"), cpu(), GameResult::XWins))
        .unwrap();
    assert!(store.delete_account("Alice", NOW + 100).unwrap());
    assert!(!store.delete_account("Alice", NOW + 100).unwrap());
    assert_eq!(store.account("Alice").unwrap(), None);
    assert_eq!(store.player("Alice").unwrap().unwrap().wins, 1);
    assert!(matches!(
        store.name_status("alice", NOW + 99).unwrap(),
        NameStatus::Held { until, .. } if until == NOW + 100
    ));
    assert!(matches!(
        store.name_status("\u{410}lice", NOW + 99).unwrap(),
        NameStatus::Held { .. }
    ));
    assert_eq!(
        store.create_account("Alice", "h", NOW + 99, None).unwrap(),
        Err(SignUpRefused::Held { until: NOW + 100 })
    );
    assert_eq!(
        store.name_status("Alice", NOW + 100).unwrap(),
        NameStatus::Player {
            name: "Alice".into()
        }
    );
}

fn a_name_with_games_is_claimed_with_a_code(store: &dyn Store) {
    store
        .record_game(&game(human("Bob"), cpu(), GameResult::XWins))
        .unwrap();
    assert_eq!(
        store.create_account("bob", "h", NOW, None).unwrap(),
        Err(SignUpRefused::NeedsClaim { name: "Bob".into() })
    );
    assert_eq!(
        store.create_claim("Carol", "code", NOW + 10).unwrap(),
        Err(ClaimRefused::NoSuchPlayer)
    );
    assert_eq!(
        store.create_claim("BOB", "code-hash", NOW + 10).unwrap(),
        Ok("Bob".into())
    );
    assert_eq!(
        store
            .create_account("bob", "h", NOW, Some("wrong"))
            .unwrap(),
        Err(SignUpRefused::BadClaim { name: "Bob".into() })
    );
    assert_eq!(
        store.create_claim("guest", "code", NOW + 10).unwrap(),
        Err(ClaimRefused::Guest)
    );
    // A deleted account's name is held from claims too.
    let now = crate::unix_now();
    store.create_account("Cy", "h", now, None).unwrap().unwrap();
    store.delete_account("Cy", now + 1_000).unwrap();
    assert_eq!(
        store.create_claim("cy", "code", now + 10).unwrap(),
        Err(ClaimRefused::Held { until: now + 1_000 })
    );
    // Expired.
    assert!(store
        .create_account("bob", "h", NOW + 10, Some("code-hash"))
        .unwrap()
        .is_err());
    assert_eq!(
        store
            .create_account("bob", "h", NOW + 9, Some("code-hash"))
            .unwrap(),
        Ok("Bob".into())
    );
    assert_eq!(
        store.player("Bob").unwrap().unwrap().wins,
        1,
        "with its history"
    );
    assert_eq!(
        store.create_claim("Bob", "again", NOW + 10).unwrap(),
        Err(ClaimRefused::HasAccount { name: "Bob".into() })
    );
}

fn sessions_end_and_expire(store: &dyn Store) {
    store
        .create_account("Ann", "h", NOW, None)
        .unwrap()
        .unwrap();
    store.create_session("s1", "Ann", NOW, NOW + 50).unwrap();
    store.create_session("s2", "ann", NOW, NOW + 50).unwrap();
    store.create_session("s3", "Ann", NOW, NOW + 50).unwrap();
    assert_eq!(store.session("s1", NOW).unwrap().as_deref(), Some("Ann"));
    assert_eq!(store.session("s1", NOW + 50).unwrap(), None, "expired");
    assert_eq!(store.session("nope", NOW).unwrap(), None);
    store.end_session("s1").unwrap();
    assert_eq!(store.session("s1", NOW).unwrap(), None);
    assert_eq!(store.end_sessions("Ann", Some("s2"), NOW).unwrap(), 1);
    assert_eq!(store.session("s2", NOW).unwrap().as_deref(), Some("Ann"));
    assert_eq!(store.session("s3", NOW).unwrap(), None);
    // Deleting the account ends its sessions.
    store.delete_account("Ann", NOW + 10).unwrap();
    assert_eq!(store.session("s2", NOW).unwrap(), None);
}

fn rated_games_move_both_ratings(store: &dyn Store) {
    let now = crate::unix_now();
    for name in ["Ann", "Bo"] {
        store.create_account(name, "h", now, None).unwrap().unwrap();
    }
    let mut rated = game(human("Ann"), human("Bo"), GameResult::XWins);
    rated.rated = true;
    let id = store.record_game(&rated).unwrap();
    assert!(store.game(id).unwrap().unwrap().rated);
    let ann = store.ratings(&human("Ann"), now).unwrap();
    let bo = store.ratings(&human("Bo"), now).unwrap();
    assert_eq!(ann.len(), 1);
    assert_eq!(ann[0].board, "classic");
    assert_eq!(ann[0].games, 1);
    assert!(
        ann[0].rating > 1500.0 && bo[0].rating < 1500.0,
        "{ann:?} {bo:?}"
    );
    assert!(ann[0].provisional);
    // Glicko-2's figures for two new players, one game.
    let new = ttt_rating::Rating::new_player(&RATING_SETTINGS);
    let (a, b) = ttt_rating::after_game(&new, &new, ttt_rating::Score::Win, &RATING_SETTINGS);
    assert_eq!(ann[0].rating, a.rating.round());
    assert_eq!(bo[0].rating, b.rating.round());

    // An unrated game moves nothing; a rated one against the computer moves its rating too.
    store
        .record_game(&game(human("Ann"), human("Bo"), GameResult::OWins))
        .unwrap();
    assert_eq!(store.ratings(&human("Ann"), now).unwrap()[0].games, 1);
    let mut against = game(cpu(), human("Bo"), GameResult::XWins);
    against.rated = true;
    store.record_game(&against).unwrap();
    assert_eq!(store.ratings(&cpu(), now).unwrap()[0].games, 1);
    let ranking = store.rating_ranking("classic", now).unwrap();
    let order: Vec<String> = ranking.iter().map(|e| e.who.to_string()).collect();
    assert_eq!(order.len(), 3, "{order:?}");
    assert_eq!(ranking.last().unwrap().who, human("Bo"), "{order:?}");
    assert!(ranking
        .iter()
        .any(|e| e.who == Participant::computer("hard")));
    let history = store.rating_history(&human("Bo"), 10).unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0].game_id, id, "oldest first");
    assert!(history[1].rating < history[0].rating);
    assert!(store.rating_ranking("gomoku", now).unwrap().is_empty());
}
