//! What every store must do with games that end off the board (a resignation, an agreed
//! draw, a clock run out, an aborted game), draw offers, clocks and the players' presence:
//! keep them with the game in progress, and record the result they give (an aborted game
//! none).

use ttt_core::{ByPlayer, Clock, Dims, Player, TimeControl};

use super::fixtures::{c, human};
use crate::{EndReason, Ending, GameResult, LiveGame, LiveSeat, NewGame, Store, StoreError};

/// The checks that each need a fresh, empty store.
pub(super) fn each() -> Vec<fn(std::sync::Arc<dyn crate::Store>)> {
    vec![
        |s| clocks_offers_and_presence_come_back_as_saved(&*s),
        |s| a_resignation_is_recorded_as_a_win_for_the_other(&*s),
        |s| an_agreed_draw_is_a_draw_and_an_aborted_game_is_not_recorded(&*s),
        |s| games_out_of_time_are_found_and_presence_only_moves_forward(&*s),
    ]
}

fn friends(id: &str) -> LiveGame {
    let seats = ByPlayer {
        x: LiveSeat::new(human("Ann")),
        o: LiveSeat::new(human("Bo")),
    };
    LiveGame::new(id.into(), Dims::new(3, 3, 3).unwrap(), seats, 1_000)
}

fn clocks_offers_and_presence_come_back_as_saved(store: &dyn Store) {
    let mut game = friends("c1");
    game.clock = Clock::new("5+3".parse().unwrap());
    game.clock.start(Player::X, 1_000_000);
    store.create_live_game(&game).unwrap();
    let back = store.live_game("c1").unwrap().unwrap();
    assert_eq!(back.clock, game.clock);
    assert_eq!(back.clock.deadline(), Some(1_300_000));
    let mut next = back.clone();
    next.moves = vec![c(1, 1)];
    next.clock.press(1_010_000).unwrap();
    next.draw_offer = Some(Player::X);
    next.seen = ByPlayer {
        x: 1_010_000,
        o: 999_000,
    };
    let saved = store.save_live_game(&next).unwrap();
    let back = store.live_game("c1").unwrap().unwrap();
    assert_eq!(back, saved);
    assert_eq!(back.clock.running(), Some(Player::O));
    assert_eq!(back.clock.left().x, 293_000);
    assert_eq!(back.draw_offer, Some(Player::X));
    assert_eq!(back.seen.o, 999_000);
    // An untimed game keeps no clock.
    store.create_live_game(&friends("c2")).unwrap();
    let plain = store.live_game("c2").unwrap().unwrap();
    assert_eq!(plain.clock.control(), TimeControl::None);
    assert_eq!(plain.clock.deadline(), None);
}

fn a_resignation_is_recorded_as_a_win_for_the_other(store: &dyn Store) {
    let mut game = friends("r1");
    game.clock = Clock::new("1+0".parse().unwrap());
    store.create_live_game(&game).unwrap();
    let mut game = store.live_game("r1").unwrap().unwrap();
    game.moves = vec![c(1, 1), c(0, 0)];
    let game = store.save_live_game(&game).unwrap();
    let mut resigned = game.clone();
    resigned.ending = Some(Ending {
        reason: EndReason::Resign,
        loser: Some(Player::X),
    });
    let done = store.save_live_game(&resigned).unwrap();
    assert!(done.is_over().unwrap());
    let id = done.record_id.expect("recorded as it ended");
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.result, GameResult::OWins);
    assert_eq!(record.ending, Some(EndReason::Resign));
    assert_eq!(record.time_control.to_string(), "1+0");
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["ending"], "resign");
    assert_eq!(json["time_control"], "1+0");
    assert_eq!(
        store.live_game("r1").unwrap().unwrap().ending,
        resigned.ending
    );
    // A resignation cannot be recorded as a draw.
    let wrong = NewGame {
        result: GameResult::Draw,
        ..done.finished().unwrap().unwrap()
    };
    assert!(matches!(
        store.record_game(&wrong),
        Err(StoreError::InvalidGame { .. })
    ));
}

fn an_agreed_draw_is_a_draw_and_an_aborted_game_is_not_recorded(store: &dyn Store) {
    store.create_live_game(&friends("d1")).unwrap();
    let mut game = store.live_game("d1").unwrap().unwrap();
    game.moves = vec![c(1, 1), c(0, 0), c(2, 2)];
    game.ending = Some(Ending {
        reason: EndReason::DrawAgreed,
        loser: None,
    });
    let done = store.save_live_game(&game).unwrap();
    let record = store.game(done.record_id.unwrap()).unwrap().unwrap();
    assert_eq!(
        (record.result, record.ending),
        (GameResult::Draw, Some(EndReason::DrawAgreed))
    );
    assert_eq!(record.time_control, TimeControl::None);

    store.create_live_game(&friends("a1")).unwrap();
    let mut game = store.live_game("a1").unwrap().unwrap();
    game.moves = vec![c(1, 1)];
    game.ending = Some(Ending {
        reason: EndReason::Aborted,
        loser: None,
    });
    let done = store.save_live_game(&game).unwrap();
    assert!(done.is_over().unwrap());
    assert_eq!(done.record_id, None);
    assert_eq!(store.recent_games(None, 10).unwrap().len(), 1);
}

fn games_out_of_time_are_found_and_presence_only_moves_forward(store: &dyn Store) {
    let timed = |id: &str, since: i64| {
        let mut game = friends(id);
        game.clock = Clock::new("1+0".parse().unwrap());
        game.clock.start(Player::X, since);
        store.create_live_game(&game).unwrap();
    };
    timed("t1", 0); // runs out at 60 000
    timed("t2", 30_000); // at 90 000
    store.create_live_game(&friends("t3")).unwrap();
    assert!(store.games_out_of_time(59_999, 10).unwrap().is_empty());
    assert_eq!(store.games_out_of_time(60_000, 10).unwrap(), vec!["t1"]);
    assert_eq!(
        store.games_out_of_time(100_000, 10).unwrap(),
        vec!["t1", "t2"]
    );
    assert_eq!(store.games_out_of_time(100_000, 1).unwrap(), vec!["t1"]);
    // A game that ended is not out of time any more.
    let mut over = store.live_game("t1").unwrap().unwrap();
    over.ending = Some(Ending {
        reason: EndReason::Aborted,
        loser: None,
    });
    store.save_live_game(&over).unwrap();
    assert_eq!(store.games_out_of_time(100_000, 10).unwrap(), vec!["t2"]);

    store.mark_seen("t2", Player::O, 5_000).unwrap();
    store.mark_seen("t2", Player::O, 4_000).unwrap();
    let read = store.live_game("t2").unwrap().unwrap();
    assert_eq!(read.seen, ByPlayer { x: 0, o: 5_000 });
    // A save from a read older than the mark keeps it.
    store.mark_seen("t2", Player::O, 9_000).unwrap();
    store.save_live_game(&read).unwrap();
    assert_eq!(store.live_game("t2").unwrap().unwrap().seen.o, 9_000);
    // An unknown game is no error: its page went with it.
    store.mark_seen("nothing", Player::X, 1).unwrap();
}
