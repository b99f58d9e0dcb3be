//! What every store must do with an operator's changes: renaming, merging and deleting
//! players, disabling accounts and resetting passwords, each with its audit row.

use std::sync::Arc;

use ttt_core::{ByPlayer, Dims};

use super::fixtures::{cpu, game, human, stats};
use crate::{AdminRefused, GameResult, LiveGame, LiveSeat, Operator, Store, REMOVED_PLAYER};

/// The checks that each need a fresh, empty store.
pub(super) fn each() -> Vec<fn(Arc<dyn Store>)> {
    vec![
        |s| a_rename_moves_everything_the_name_holds(&*s),
        |s| a_rename_to_a_taken_name_is_refused_and_changes_nothing(&*s),
        |s| a_merge_adds_up_and_keeps_the_ratings_of_the_one_kept(&*s),
        |s| a_deleted_players_games_stay_under_the_removed_player(&*s),
        |s| a_disabled_account_has_no_session_and_keeps_its_name(&*s),
        |s| a_reset_password_ends_every_session(&*s),
    ]
}

const NOW: i64 = 1_000_000;

fn by() -> Operator {
    Operator {
        os_user: "root".into(),
        at: NOW,
    }
}

/// Ann (with an account and a session) beats Bo in a rated game and loses to the computer.
fn ann_and_bo(store: &dyn Store) -> i64 {
    let now = crate::unix_now();
    store
        .create_account("Ann", "h", now, None)
        .unwrap()
        .unwrap();
    store.create_session("s1", "Ann", now, now + 100).unwrap();
    let mut rated = game(human("Ann"), human("Bo"), GameResult::XWins);
    rated.rated = true;
    let id = store.record_game(&rated).unwrap();
    store
        .record_game(&game(human("Ann"), cpu(), GameResult::OWins))
        .unwrap();
    id
}

fn a_rename_moves_everything_the_name_holds(store: &dyn Store) {
    let id = ann_and_bo(store);
    let now = crate::unix_now();
    let rating = store.ratings(&human("Ann"), now).unwrap();
    let seats = ByPlayer {
        x: LiveSeat::new(human("ann")),
        o: LiveSeat::new(cpu()),
    };
    let live = LiveGame::new("live".into(), Dims::new(3, 3, 3).unwrap(), seats, 1_000);
    store.create_live_game(&live).unwrap();

    let done = store.rename_player("ann", "Anna", &by()).unwrap().unwrap();
    assert_eq!(done.names, "Ann -> Anna");
    assert_eq!(store.player("Ann").unwrap(), None);
    assert_eq!(store.player("anna").unwrap(), Some(stats("Anna", 1, 1, 0)));
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.x, human("Anna"));
    assert_eq!(store.recent_games(Some("Anna"), 10).unwrap().len(), 2);
    assert_eq!(store.account("Anna").unwrap().unwrap().name, "Anna");
    assert_eq!(store.account("Ann").unwrap(), None);
    assert_eq!(store.session("s1", now).unwrap().as_deref(), Some("Anna"));
    assert_eq!(store.ratings(&human("Anna"), now).unwrap(), rating);
    assert_eq!(store.rating_history(&human("Anna"), 10).unwrap().len(), 1);
    assert!(store.ratings(&human("Ann"), now).unwrap().is_empty());
    let live = store.live_game("live").unwrap().unwrap();
    assert_eq!(live.seats.x.player, Some(human("Anna")));
    assert_eq!(
        store.name_status("anna", NOW).unwrap(),
        crate::NameStatus::Account {
            name: "Anna".into()
        }
    );

    // Another case of the same name is a rename too.
    store.rename_player("Anna", "ANNA", &by()).unwrap().unwrap();
    assert_eq!(store.player("anna").unwrap(), Some(stats("ANNA", 1, 1, 0)));
    assert_eq!(store.game(id).unwrap().unwrap().x, human("ANNA"));

    let log = store.audit(10).unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].names, "Anna -> ANNA", "newest first");
    assert_eq!(log[1].command, "players rename");
    assert_eq!(log[1].os_user, "root");
    assert_eq!(log[1].at, NOW);
}

fn a_rename_to_a_taken_name_is_refused_and_changes_nothing(store: &dyn Store) {
    ann_and_bo(store);
    let refused = |old: &str, new: &str| store.rename_player(old, new, &by()).unwrap();
    assert!(matches!(
        refused("Ann", "bo"),
        Err(AdminRefused::NameUnavailable { .. })
    ));
    // A Cyrillic "А" for the Latin "A".
    assert!(matches!(
        refused("Bo", "\u{410}nn"),
        Err(AdminRefused::NameUnavailable { .. })
    ));
    assert!(matches!(
        refused("Ann", " "),
        Err(AdminRefused::NameUnavailable { .. })
    ));
    assert_eq!(
        refused("Zed", "Zoe"),
        Err(AdminRefused::NoSuchPlayer { name: "Zed".into() })
    );
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 1, 1, 0)));
    assert_eq!(store.player("Bo").unwrap(), Some(stats("Bo", 0, 1, 0)));
    assert!(store.audit(10).unwrap().is_empty());
}

fn a_merge_adds_up_and_keeps_the_ratings_of_the_one_kept(store: &dyn Store) {
    let id = ann_and_bo(store);
    let now = crate::unix_now();
    store
        .record_game(&game(human("Bo"), cpu(), GameResult::Draw))
        .unwrap();
    let ann_rating = store.ratings(&human("Ann"), now).unwrap();

    assert_eq!(
        store.merge_players("Ann", "Bo", false, &by()).unwrap(),
        Err(AdminRefused::MergesAccount { name: "Ann".into() }),
        "Ann has an account"
    );
    assert_eq!(
        store.merge_players("bo", "BO", false, &by()).unwrap(),
        Err(AdminRefused::SamePlayer { name: "Bo".into() })
    );
    let done = store
        .merge_players("Bo", "Ann", false, &by())
        .unwrap()
        .unwrap();
    assert_eq!(done.names, "Bo -> Ann");
    assert!(
        done.details.contains("1 of Bo's dropped")
            && done
                .details
                .ends_with("the 1 game they played each other are Ann's against Ann now"),
        "{}",
        done.details
    );
    assert_eq!(store.player("Bo").unwrap(), None);
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 1, 2, 1)));
    let record = store.game(id).unwrap().unwrap();
    assert_eq!((record.x, record.o), (human("Ann"), human("Ann")));
    assert_eq!(store.ratings(&human("Ann"), now).unwrap(), ann_rating);
    assert!(store.ratings(&human("Bo"), now).unwrap().is_empty());
    assert_eq!(store.account("Ann").unwrap().unwrap().name, "Ann");

    // Forced, an account is merged away: it goes with its sessions.
    store
        .record_game(&game(human("Cy"), cpu(), GameResult::XWins))
        .unwrap();
    store
        .merge_players("Ann", "Cy", true, &by())
        .unwrap()
        .unwrap();
    assert_eq!(store.account("Ann").unwrap(), None);
    assert_eq!(store.session("s1", now).unwrap(), None);
    assert_eq!(store.player("Cy").unwrap(), Some(stats("Cy", 2, 2, 1)));
    // Cy had no rating on the board: Ann's is Cy's now.
    assert_eq!(store.ratings(&human("Cy"), now).unwrap(), ann_rating);
    assert_eq!(store.audit(10).unwrap().len(), 2);
}

fn a_deleted_players_games_stay_under_the_removed_player(store: &dyn Store) {
    let id = ann_and_bo(store);
    let now = crate::unix_now();
    let done = store
        .delete_player("ANN", NOW + 100, &by())
        .unwrap()
        .unwrap();
    assert_eq!(done.names, "Ann");
    assert_eq!(store.player("Ann").unwrap(), None);
    assert_eq!(store.account("Ann").unwrap(), None);
    assert_eq!(store.session("s1", now).unwrap(), None);
    assert!(store.ratings(&human("Ann"), now).unwrap().is_empty());
    assert!(matches!(
        store.name_status("Ann", NOW).unwrap(),
        crate::NameStatus::Held { .. }
    ));
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.x, human(REMOVED_PLAYER));
    assert_eq!(record.o, human("Bo"));
    assert_eq!(store.player("Bo").unwrap(), Some(stats("Bo", 0, 1, 0)));
    assert!(matches!(
        store.name_status(REMOVED_PLAYER, now).unwrap(),
        crate::NameStatus::Held { .. }
    ));
    assert_eq!(
        store.delete_player(REMOVED_PLAYER, NOW, &by()).unwrap(),
        Err(AdminRefused::Removed)
    );
    // A second deletion joins the first under one name.
    store.delete_player("Bo", NOW, &by()).unwrap().unwrap();
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.o, human(REMOVED_PLAYER));
    assert_eq!(store.audit(10).unwrap()[0].command, "players delete");
}

fn a_disabled_account_has_no_session_and_keeps_its_name(store: &dyn Store) {
    ann_and_bo(store);
    let now = crate::unix_now();
    let done = store
        .set_account_disabled("ann", true, &by())
        .unwrap()
        .unwrap();
    assert!(
        done.details.contains("1 sessions ended"),
        "{}",
        done.details
    );
    let account = store.account("Ann").unwrap().unwrap();
    assert!(account.disabled);
    assert_eq!(store.accounts().unwrap(), std::slice::from_ref(&account));
    assert_eq!(store.session("s1", now).unwrap(), None);
    store.create_session("s2", "Ann", now, now + 100).unwrap();
    assert_eq!(store.session("s2", now).unwrap(), None, "disabled");
    assert!(matches!(
        store.name_status("ann", now).unwrap(),
        crate::NameStatus::Account { .. }
    ));
    assert_eq!(
        store.set_account_disabled("Bo", true, &by()).unwrap(),
        Err(AdminRefused::NoSuchAccount { name: "Bo".into() })
    );
    store
        .set_account_disabled("Ann", false, &by())
        .unwrap()
        .unwrap();
    assert!(!store.account("Ann").unwrap().unwrap().disabled);
    assert_eq!(store.session("s2", now).unwrap().as_deref(), Some("Ann"));
    let log = store.audit(10).unwrap();
    let commands: Vec<&str> = log.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(commands, ["accounts enable", "accounts disable"]);
}

fn a_reset_password_ends_every_session(store: &dyn Store) {
    ann_and_bo(store);
    let now = crate::unix_now();
    store.create_session("s2", "Ann", now, now + 100).unwrap();
    store
        .reset_password("Ann", "new-hash", &by())
        .unwrap()
        .unwrap();
    assert_eq!(
        store.account("Ann").unwrap().unwrap().password_hash,
        "new-hash"
    );
    assert_eq!(store.session("s1", now).unwrap(), None);
    assert_eq!(store.session("s2", now).unwrap(), None);
    assert_eq!(
        store.reset_password("Bo", "x", &by()).unwrap(),
        Err(AdminRefused::NoSuchAccount { name: "Bo".into() })
    );
    assert_eq!(
        store.audit(1).unwrap()[0].command,
        "accounts reset-password"
    );
}
