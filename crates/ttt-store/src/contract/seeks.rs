//! What every store must do with the lobby's seeks: list the open ones whose page is alive,
//! let one of two acceptances win, and forget the old.

use ttt_core::{Opening, Rule, TimeControl};

use crate::{Seek, SeekColor, Store};

/// The checks that each need a fresh, empty store.
pub(super) fn each() -> Vec<fn(std::sync::Arc<dyn crate::Store>)> {
    vec![|s| seeks_are_listed_while_alive_and_accepted_once(&*s)]
}

fn seek(id: &str, created_ms: i64) -> Seek {
    Seek {
        id: id.into(),
        rows: 15,
        cols: 15,
        k: 5,
        rule: Rule::Renju,
        opening: Opening::Swap2,
        time_control: "10+5".parse().unwrap(),
        rated: true,
        quick: false,
        color: SeekColor::Random,
        seeker: "Ann".into(),
        seeker_account: true,
        token_hash: "hash".into(),
        rating: Some(1612),
        rating_provisional: true,
        created_ms,
        alive_ms: created_ms,
        game: None,
        accepted_by: None,
    }
}

fn seeks_are_listed_while_alive_and_accepted_once(store: &dyn Store) {
    store.create_seek(&seek("s1", 1_000)).unwrap();
    let mut plain = seek("s2", 2_000);
    plain.time_control = TimeControl::None;
    plain.rating = None;
    plain.color = SeekColor::O;
    store.create_seek(&plain).unwrap();
    assert_eq!(
        store.open_seeks(0, 10).unwrap(),
        vec![seek("s1", 1_000), plain.clone()]
    );
    // s1's page stopped saying it is open: only s2, kept alive, is listed.
    store.keep_seek_alive("s2", 9_000).unwrap();
    let open = store.open_seeks(5_000, 10).unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!((open[0].id.as_str(), open[0].alive_ms), ("s2", 9_000));
    // Two accept it: one wins.
    assert!(!store.accept_seek("s1", "g0", "Cy", 5_000).unwrap(), "gone");
    assert!(store.accept_seek("s2", "g1", "Bo", 5_000).unwrap());
    assert!(!store.accept_seek("s2", "g2", "Cy", 5_000).unwrap());
    let taken = store.seek("s2").unwrap().unwrap();
    assert_eq!(
        (taken.game.as_deref(), taken.accepted_by.as_deref()),
        (Some("g1"), Some("Bo"))
    );
    assert!(store
        .open_seeks(0, 10)
        .unwrap()
        .iter()
        .all(|s| s.id != "s2"));
    assert!(
        !store.remove_seek("s2").unwrap(),
        "an accepted seek stays for its seeker"
    );
    assert!(store.remove_seek("s1").unwrap());
    assert_eq!(store.seek("s1").unwrap(), None);
    assert_eq!(store.remove_old_seeks(10_000).unwrap(), 1);
    assert_eq!(store.seek("s2").unwrap(), None);
}
