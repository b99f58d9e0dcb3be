//! What every [`Store`] must do, as tests any backend runs against a fresh, empty store of
//! its own: one set of tests, so the backends cannot drift apart.

use ttt_core::{ByPlayer, Cell, Dims, Player};

use crate::{
    GameResult, Invite, LiveGame, LiveSeat, NewGame, Participant, PlayerFilter, SeatKind, Store,
    StoreError,
};

fn c(row: u8, col: u8) -> Cell {
    Cell::new(row, col)
}

fn seat(kind: SeatKind, token: Option<&str>) -> LiveSeat {
    LiveSeat {
        kind,
        token_hash: token.map(str::to_string),
    }
}

/// Ann (X, with a token) against a friend's seat (O) with an invitation.
pub(crate) fn friendly(id: &str) -> LiveGame {
    let seats = ByPlayer {
        x: seat(SeatKind::Human { name: "Ann".into() }, Some("hash-x")),
        o: seat(SeatKind::Friend { name: None }, Some("hash-o")),
    };
    let mut game = LiveGame::new(id.into(), Dims::new(3, 3, 3).unwrap(), seats, 1_000);
    game.invite = Some(Invite {
        code: format!("invite-{id}"),
        expires_at: 2_000,
    });
    game
}

/// Every check, in turn.
pub(crate) fn all(store: &dyn Store) {
    names_are_one_player_in_any_case(store);
    a_game_in_progress_comes_back_as_saved(store);
    saves_from_an_older_version_are_refused(store);
    a_game_ended_by_its_moves_is_recorded_once(store);
    takebacks_remove_moves_and_new_ones_follow(store);
    idle_games_are_removed(store);
    bad_games_are_refused(store);
    finished_games_go_before_the_idle_ones(store);
    the_leaderboard_comes_in_pages_and_searches(store);
    games_of_fewer_than_three_in_a_row_do_not_count(store);
}

fn finished_games_go_before_the_idle_ones(store: &dyn Store) {
    let mut done = friendly("g9");
    done.invite = None;
    done.seats.o.kind = SeatKind::Friend {
        name: Some("Eve".into()),
    };
    store.create_live_game(&done).unwrap();
    done.moves = vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)];
    let done = store.save_live_game(&done).unwrap();
    assert!(done.record_id.is_some());
    let count = store.live_game_count().unwrap();
    // Nothing idle for long; finished ones saved before a moment from now go.
    let removed = store
        .remove_stale_live_games(0, done.updated_at + 1)
        .unwrap();
    assert!(removed >= 1, "{removed}");
    assert_eq!(store.live_game("g9").unwrap(), None);
    assert!(
        store.live_game("g1").unwrap().is_some(),
        "in progress, kept"
    );
    assert_eq!(store.live_game_count().unwrap(), count - removed);
}

fn the_leaderboard_comes_in_pages_and_searches(store: &dyn Store) {
    for (name, wins) in [("Page A", 3), ("Page B", 2), ("page C", 1), ("Other", 9)] {
        for _ in 0..wins {
            record(store, name, GameResult::XWins);
        }
    }
    let everyone = store.players().unwrap();
    let page = store.players_page(&PlayerFilter::everyone(), 2, 1).unwrap();
    assert_eq!(page.total, everyone.len() as u64);
    let names: Vec<&str> = page.players.iter().map(|p| p.stats.name.as_str()).collect();
    assert_eq!(
        names,
        [everyone[1].name.as_str(), everyone[2].name.as_str()]
    );
    assert_eq!(page.players[0].rank, 2);
    let containing = |s: &str| PlayerFilter::Containing(s.into());
    let found = store.players_page(&containing("PAGE"), 10, 0).unwrap();
    assert_eq!(found.total, 3);
    let names: Vec<&str> = found
        .players
        .iter()
        .map(|p| p.stats.name.as_str())
        .collect();
    assert_eq!(names, ["Page A", "Page B", "page C"]);
    let rank_of = |name: &str| everyone.iter().position(|p| p.name == name).unwrap() as u64 + 1;
    assert_eq!(found.players[2].rank, rank_of("page C"));
    // LIKE's wildcards are searched for as themselves.
    assert_eq!(
        store.players_page(&containing("%"), 10, 0).unwrap().total,
        0
    );
    assert_eq!(
        store.players_page(&containing("_"), 10, 0).unwrap().total,
        0
    );
    assert!(store
        .players_page(&PlayerFilter::everyone(), 10, 1_000)
        .unwrap()
        .players
        .is_empty());
    // One player by name, in any case, with their rank.
    let named = store
        .players_page(&PlayerFilter::Named("PAGE c".into()), 10, 0)
        .unwrap();
    assert_eq!(named.total, 1);
    assert_eq!(named.players[0].stats.name, "page C");
    assert_eq!(named.players[0].rank, rank_of("page C"));
    let nobody = PlayerFilter::Named("Page".into());
    assert_eq!(store.players_page(&nobody, 10, 0).unwrap().total, 0);
}

fn games_of_fewer_than_three_in_a_row_do_not_count(store: &dyn Store) {
    let before = store.players().unwrap().len();
    let tiny = NewGame {
        rows: 1,
        cols: 1,
        k: 1,
        x: Participant::human("Flooder"),
        o: Participant::computer("easy"),
        moves: vec![c(0, 0)],
        result: GameResult::XWins,
        hints: ByPlayer::default(),
    };
    assert!(!tiny.counts());
    assert!(matches!(
        store.record_game(&tiny),
        Err(StoreError::InvalidGame { .. })
    ));
    // Nor does a game in progress on such a board, finished.
    let seats = ByPlayer {
        x: seat(
            SeatKind::Human {
                name: "Flooder".into(),
            },
            None,
        ),
        o: seat(
            SeatKind::Computer {
                level: "easy".into(),
            },
            None,
        ),
    };
    let mut game = LiveGame::new("g10".into(), Dims::new(1, 1, 1).unwrap(), seats, 1_000);
    store.create_live_game(&game).unwrap();
    game.moves = vec![c(0, 0)];
    let saved = store.save_live_game(&game).unwrap();
    assert_eq!(saved.record_id, None);
    assert_eq!(store.players().unwrap().len(), before);
    assert_eq!(store.player("Flooder").unwrap(), None);
}

fn record(store: &dyn Store, x: &str, result: GameResult) {
    let moves = match result {
        GameResult::XWins => vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)],
        _ => vec![
            c(0, 0),
            c(0, 1),
            c(0, 2),
            c(1, 1),
            c(1, 0),
            c(1, 2),
            c(2, 1),
            c(2, 0),
            c(2, 2),
        ],
    };
    store
        .record_game(&NewGame {
            rows: 3,
            cols: 3,
            k: 3,
            x: Participant::human(x),
            o: Participant::computer("easy"),
            moves,
            result,
            hints: ByPlayer::default(),
        })
        .unwrap();
}

fn names_are_one_player_in_any_case(store: &dyn Store) {
    record(store, "Carla", GameResult::XWins);
    record(store, "CARLA", GameResult::Draw);
    let carla = store.player("carla").unwrap().unwrap();
    assert_eq!(
        (carla.name.as_str(), carla.wins, carla.ties),
        ("Carla", 1, 1)
    );
    assert_eq!(store.recent_games(Some("cArLa"), 10).unwrap().len(), 2);
}

fn a_game_in_progress_comes_back_as_saved(store: &dyn Store) {
    let game = friendly("g1");
    store.create_live_game(&game).unwrap();
    assert_eq!(store.live_game("g1").unwrap(), Some(game.clone()));
    assert_eq!(
        store.live_game_by_invite("invite-g1").unwrap(),
        Some(game.clone())
    );
    assert_eq!(store.live_game("nope").unwrap(), None);
    // The same id again is refused.
    assert!(matches!(
        store.create_live_game(&game),
        Err(StoreError::Conflict { .. })
    ));

    let mut changed = game.clone();
    changed.seats.o.kind = SeatKind::Friend {
        name: Some("Bo".into()),
    };
    changed.invite = None;
    changed.moves = vec![c(1, 1), c(0, 0)];
    changed.hints.x = 2;
    changed.takeback = Some(Player::O);
    changed.thinking_until = Some(1_500);
    let saved = store.save_live_game(&changed).unwrap();
    assert_eq!(saved.version, 1);
    assert!(saved.updated_at >= changed.updated_at);
    assert_eq!(store.live_game("g1").unwrap(), Some(saved));
    assert_eq!(store.live_game_by_invite("invite-g1").unwrap(), None);
}

fn saves_from_an_older_version_are_refused(store: &dyn Store) {
    let game = friendly("g2");
    store.create_live_game(&game).unwrap();
    let mut a = game.clone();
    a.moves.push(c(0, 0));
    let mut b = game.clone();
    b.moves.push(c(2, 2));
    store.save_live_game(&a).unwrap();
    assert!(matches!(
        store.save_live_game(&b),
        Err(StoreError::Conflict { .. })
    ));
    let stored = store.live_game("g2").unwrap().unwrap();
    assert_eq!(stored.moves, vec![c(0, 0)]);
    // A game that is gone cannot be saved either.
    let mut ghost = friendly("ghost");
    ghost.version = 3;
    assert!(matches!(
        store.save_live_game(&ghost),
        Err(StoreError::Conflict { .. })
    ));
}

fn a_game_ended_by_its_moves_is_recorded_once(store: &dyn Store) {
    let mut game = friendly("g3");
    game.seats.o.kind = SeatKind::Friend {
        name: Some("Dora".into()),
    };
    store.create_live_game(&game).unwrap();
    game.moves = vec![c(0, 0), c(1, 0), c(0, 1), c(1, 1)];
    game.hints.o = 1;
    let game = store.save_live_game(&game).unwrap();
    assert_eq!(game.record_id, None);
    let mut last = game.clone();
    last.moves.push(c(0, 2));
    let done = store.save_live_game(&last).unwrap();
    let id = done.record_id.expect("recorded as it ended");
    let recorded = store.game(id).unwrap().unwrap();
    assert_eq!(recorded.result, GameResult::XWins);
    assert_eq!(recorded.o, Participant::human("Dora"));
    assert_eq!(recorded.hints, ByPlayer { x: 0, o: 1 });
    assert_eq!(store.player("dora").unwrap().unwrap().losses, 1);
    // Saving the finished game again (a rematch noted, say) records nothing more.
    let mut again = done.clone();
    again.rematch = Some("g4".into());
    let again = store.save_live_game(&again).unwrap();
    assert_eq!(again.record_id, Some(id));
    assert_eq!(store.player("Dora").unwrap().unwrap().losses, 1);
    // A save that loses the race records nothing.
    let mut stale = done;
    stale.rematch = Some("g5".into());
    assert!(store.save_live_game(&stale).is_err());
    assert_eq!(store.player("Dora").unwrap().unwrap().losses, 1);
}

fn takebacks_remove_moves_and_new_ones_follow(store: &dyn Store) {
    let mut game = friendly("g6");
    game.moves = vec![c(0, 0), c(1, 1)];
    store.create_live_game(&game).unwrap();
    game.moves = vec![c(0, 0)];
    let game = store.save_live_game(&game).unwrap();
    assert_eq!(store.live_game("g6").unwrap().unwrap().moves, vec![c(0, 0)]);
    let mut other = game;
    other.moves = vec![c(0, 0), c(2, 2), c(0, 1)];
    store.save_live_game(&other).unwrap();
    assert_eq!(
        store.live_game("g6").unwrap().unwrap().moves,
        vec![c(0, 0), c(2, 2), c(0, 1)]
    );
}

fn idle_games_are_removed(store: &dyn Store) {
    let mut old = friendly("g7");
    old.updated_at = 10;
    old.invite = None;
    store.create_live_game(&old).unwrap();
    let removed = store.remove_stale_live_games(11, 0).unwrap();
    assert!(removed >= 1);
    assert_eq!(store.live_game("g7").unwrap(), None);
    // Games saved since stay.
    assert!(store.live_game("g1").unwrap().is_some());
}

fn bad_games_are_refused(store: &dyn Store) {
    let mut bad = friendly("g8");
    bad.invite = None;
    bad.moves = vec![c(0, 0), c(0, 0)];
    assert!(matches!(
        store.create_live_game(&bad),
        Err(StoreError::InvalidGame { .. })
    ));
    assert_eq!(store.live_game("g8").unwrap(), None);
}
