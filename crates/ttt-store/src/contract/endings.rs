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
