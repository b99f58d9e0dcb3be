//! What every store must do with rules and openings: keep them with each game, replay every
//! game under its rule so that a point renju forbids X is never stored, and keep a game in
//! progress's opening choices only where they fit its stones.

use ttt_core::{ByPlayer, Cell, Choice, Dims, Opening, Rule};

use crate::{GameError, GameResult, LiveGame, LiveSeat, NewGame, Participant, Store, StoreError};

fn c(row: u8, col: u8) -> Cell {
    Cell::new(row, col)
}

fn human(name: &str) -> Participant {
    Participant::human(name)
}

/// A person's seat with a token's hash.
fn seat(name: &str, token_hash: &str) -> LiveSeat {
    LiveSeat {
        token_hash: Some(token_hash.into()),
        ..LiveSeat::new(human(name))
    }
}

/// The checks that each need a fresh, empty store.
pub(super) fn each() -> Vec<fn(std::sync::Arc<dyn crate::Store>)> {
    vec![
        |s| finished_games_keep_their_rule_and_opening(&*s),
        |s| a_point_renju_forbids_is_never_stored(&*s),
        |s| a_game_in_progress_keeps_its_opening_as_it_goes(&*s),
    ]
}

/// X (black) makes five on row 8 while O builds four on row 1: a win under every rule.
///
/// ```text
/// O O O O . .
/// . . . . . .   (rows 2 to 7 empty)
/// . . . X X X X X .   row 8, columns 4 to 8
/// ```
fn x_makes_five() -> Vec<Cell> {
    [
        (7, 3),
        (0, 0),
        (7, 4),
        (0, 1),
        (7, 5),
        (0, 2),
        (7, 6),
        (0, 3),
        (7, 7),
    ]
    .map(|(r, col)| c(r, col))
    .to_vec()
}

/// X's stones of a double-three at (7, 7), O's in the corners; X's fifth stone makes it.
fn x_plays_a_double_three() -> Vec<Cell> {
    [
        (7, 5),
        (0, 0),
        (7, 6),
        (0, 14),
        (5, 7),
        (14, 0),
        (6, 7),
        (14, 14),
        (7, 7),
    ]
    .map(|(r, col)| c(r, col))
    .to_vec()
}

fn gomoku(rule: Rule, opening: Opening, moves: Vec<Cell>, result: GameResult) -> NewGame {
    NewGame {
        rows: 15,
        cols: 15,
        k: 5,
        x: human("Ann"),
        o: human("Bo"),
        moves,
        result,
        hints: ByPlayer::default(),
        forfeit: None,
        rule,
        opening,
        rated: false,
        ending: None,
        time_control: ttt_core::TimeControl::None,
    }
}

/// A gomoku game in progress between Ann (first, at X) and Bo.
fn live(id: &str, rule: Rule, opening: Opening) -> LiveGame {
    let seats = ByPlayer {
        x: seat("Ann", "hash-ann"),
        o: seat("Bo", "hash-bo"),
    };
    let mut game = LiveGame::new(id.into(), Dims::new(15, 15, 5).unwrap(), seats, 1_000);
    game.rule = rule;
    game.opening = opening;
    game
}

fn finished_games_keep_their_rule_and_opening(store: &dyn Store) {
    let mut ids = Vec::new();
    for (rule, opening) in [
        (Rule::Renju, Opening::Swap2),
        (Rule::Standard, Opening::Swap),
        (Rule::Caro, Opening::None),
        (Rule::Freestyle, Opening::None),
    ] {
        let game = gomoku(rule, opening, x_makes_five(), GameResult::XWins);
        let id = store.record_game(&game).unwrap();
        let got = store.game(id).unwrap().unwrap();
        assert_eq!((got.rule, got.opening), (rule, opening));
        assert_eq!(got.moves, game.moves);
        ids.push(id);
    }
    let recent = store.recent_games(Some("ann"), 10).unwrap();
    let rules: Vec<Rule> = recent.iter().map(|g| g.rule).collect();
    assert_eq!(
        rules,
        [Rule::Freestyle, Rule::Caro, Rule::Standard, Rule::Renju]
    );
    let json = serde_json::to_value(&recent[3]).unwrap();
    assert_eq!(
        (json["rule"].as_str(), json["opening"].as_str()),
        (Some("renju"), Some("swap2"))
    );
    assert_eq!(store.player("Ann").unwrap().unwrap().wins, 4);
}

fn a_point_renju_forbids_is_never_stored(store: &dyn Store) {
    // A finished game whose ninth move is forbidden is refused, naming the pattern.
    let forbidden = gomoku(
        Rule::Renju,
        Opening::None,
        x_plays_a_double_three(),
        GameResult::XWins,
    );
    match store.record_game(&forbidden) {
        Err(StoreError::InvalidGame {
            reason: GameError::IllegalMove {
                number: 9, error, ..
            },
        }) => assert!(error.to_string().starts_with("double-three"), "{error}"),
        other => panic!("a forbidden move was stored: {other:?}"),
    }
    assert!(store.recent_games(None, 10).unwrap().is_empty());
    assert_eq!(store.player("Ann").unwrap(), None);

    // Nor a game in progress, created with it or saved with it.
    let mut created = live("renju-created", Rule::Renju, Opening::None);
    created.moves = x_plays_a_double_three();
    assert!(matches!(
        store.create_live_game(&created),
        Err(StoreError::InvalidGame { .. })
    ));
    assert_eq!(store.live_game("renju-created").unwrap(), None);

    let mut game = live("renju", Rule::Renju, Opening::None);
    store.create_live_game(&game).unwrap();
    game.moves = x_plays_a_double_three();
    game.moves.pop();
    let game = store.save_live_game(&game).unwrap();
    let mut next = game.clone();
    next.moves.push(c(7, 7));
    assert!(matches!(
        store.save_live_game(&next),
        Err(StoreError::InvalidGame { .. })
    ));
    assert_eq!(store.live_game("renju").unwrap(), Some(game.clone()));
    // Free-style allows the same point.
    let mut free = live("free", Rule::Freestyle, Opening::None);
    free.moves = x_plays_a_double_three();
    store.create_live_game(&free).unwrap();
    assert_eq!(
        store.live_game("free").unwrap().unwrap().rule,
        Rule::Freestyle
    );

    // Renju is played with five in a row only.
    let mut four = live("renju-four", Rule::Renju, Opening::None);
    four.k = 4;
    assert!(matches!(
        store.create_live_game(&four),
        Err(StoreError::InvalidGame {
            reason: GameError::Rule(_)
        })
    ));
}

fn a_game_in_progress_keeps_its_opening_as_it_goes(store: &dyn Store) {
    let stones = x_makes_five();
    let mut game = live("swap2", Rule::Renju, Opening::Swap2);
    store.create_live_game(&game).unwrap();
    assert_eq!(store.live_game("swap2").unwrap(), Some(game.clone()));
    assert_eq!(game.opening_phase().map(|p| p.stones_to_place), Some(3));

    // Ann places three stones, Bo places two more, and Ann takes O.
    let steps: [(usize, &[Choice]); 4] = [
        (3, &[]),
        (3, &[Choice::PlaceTwo]),
        (5, &[Choice::PlaceTwo]),
        (5, &[Choice::PlaceTwo, Choice::TakeO]),
    ];
    for (placed, choices) in steps {
        game.moves = stones[..placed].to_vec();
        game.opening_choices = choices.to_vec();
        game = store.save_live_game(&game).unwrap();
        assert_eq!(store.live_game("swap2").unwrap(), Some(game.clone()));
    }
    assert_eq!(game.opening_phase(), None);
    assert_eq!(
        Opening::Swap2.x_player(5, &game.opening_choices),
        Some(ttt_core::Order::Second)
    );

    // Choices that do not fit the stones are refused, and change nothing.
    let misfits: [(usize, &[Choice]); 5] = [
        (2, &[Choice::TakeX]),
        (4, &[]),
        (4, &[Choice::PlaceTwo, Choice::TakeO]),
        (6, &[Choice::PlaceTwo]),
        (5, &[Choice::TakeO, Choice::TakeX]),
    ];
    for (placed, choices) in misfits {
        let mut wrong = game.clone();
        wrong.moves = stones[..placed].to_vec();
        wrong.opening_choices = choices.to_vec();
        let err = store.save_live_game(&wrong).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::InvalidGame {
                    reason: GameError::Opening { .. }
                }
            ),
            "{placed} stones, {choices:?}: {err}"
        );
    }
    assert_eq!(store.live_game("swap2").unwrap(), Some(game.clone()));

    // Bo took X: the seats change hands, and the game ends recorded under its rules.
    game.seats = ByPlayer {
        x: game.seats.o.clone(),
        o: game.seats.x.clone(),
    };
    game.moves = [c(7, 3), c(0, 0), c(7, 4), c(0, 1), c(7, 5)].to_vec();
    game.moves.extend([c(0, 2), c(7, 6), c(0, 3), c(7, 7)]);
    let done = store.save_live_game(&game).unwrap();
    let record = store.game(done.record_id.unwrap()).unwrap().unwrap();
    assert_eq!(
        (record.rule, record.opening, record.result),
        (Rule::Renju, Opening::Swap2, GameResult::XWins)
    );
    assert_eq!(
        (record.x.clone(), record.o.clone()),
        (human("Bo"), human("Ann"))
    );
    assert_eq!(store.player("Bo").unwrap().unwrap().wins, 1);
    let back = store.live_game("swap2").unwrap().unwrap();
    assert_eq!(back.seats.x.token_hash.as_deref(), Some("hash-bo"));
    assert_eq!(back.opening_choices, [Choice::PlaceTwo, Choice::TakeO]);
}
