//! What every [`Store`] must do, as tests any backend runs against a fresh, empty store of
//! its own: one set of tests, so the backends cannot drift apart.

use std::sync::Arc;

use ttt_core::{ByPlayer, Dims, Opening, Player, Rule};

use crate::{
    Forfeit, GameRecord, GameResult, Invite, LiveGame, LiveSeat, NewGame, Participant,
    PlayerFilter, Store, StoreError,
};

mod accounts;
mod admin;
mod endings;
mod fixtures;
mod rules;
mod seeks;

pub(crate) use fixtures::{c, cpu, game, human, stats};

fn seat(mut seat: LiveSeat, token: Option<&str>) -> LiveSeat {
    seat.token_hash = token.map(str::to_string);
    seat
}

/// Ann (X, with a token) against a friend's seat (O) with an invitation.
pub(crate) fn friendly(id: &str) -> LiveGame {
    let seats = ByPlayer {
        x: seat(LiveSeat::new(human("Ann")), Some("hash-x")),
        o: seat(LiveSeat::for_friend(), Some("hash-o")),
    };
    let mut game = LiveGame::new(id.into(), Dims::new(3, 3, 3).unwrap(), seats, 1_000);
    game.invite = Some(Invite {
        code: format!("invite-{id}"),
        expires_at: 2_000,
    });
    game
}

/// Every check: each of [`each`] on a fresh store of its own, then the ones that build on
/// one another on one more.
pub(crate) fn all(fresh: &dyn Fn() -> Arc<dyn Store>) {
    for check in each()
        .into_iter()
        .chain(rules::each())
        .chain(accounts::each())
        .chain(admin::each())
        .chain(endings::each())
        .chain(seeks::each())
    {
        check(fresh());
    }
    in_turn(fresh().as_ref());
}

/// The checks that each need a fresh, empty store.
fn each() -> Vec<fn(Arc<dyn Store>)> {
    vec![
        |s| a_player_is_created_by_their_first_game(&*s),
        |s| names_are_one_player_in_any_case_shown_as_first_spelled(&*s),
        |s| each_result_counts_for_the_humans(&*s),
        |s| recording_creates_missing_players(&*s),
        |s| playing_yourself_counts_once_per_side(&*s),
        |s| games_are_stored_whole(&*s),
        |s| invalid_games_are_refused_and_change_nothing(&*s),
        |s| recent_games_are_newest_first_and_filtered_by_player(&*s),
        |s| players_come_best_first(&*s),
        |s| pages_rank_players_as_the_ranking_does(&*s),
        |s| a_forfeit_is_kept_and_counts_as_a_win_for_the_other_side(&*s),
        usable_as_a_shared_trait_object,
    ]
}

/// The checks that share one store, in turn (later ones find the earlier ones' games).
fn in_turn(store: &dyn Store) {
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
    a_game_ended_by_a_forfeit_is_recorded_once(store);
}

fn a_forfeit_is_kept_and_counts_as_a_win_for_the_other_side(store: &dyn Store) {
    // X . .
    // . O .   X (a program) failed at its second move: Ann (O) wins.
    // . . .
    let lost = NewGame {
        rows: 3,
        cols: 3,
        k: 3,
        x: Participant::engine("bot.py"),
        o: human("Ann"),
        moves: vec![c(0, 0), c(1, 1)],
        result: GameResult::OWins,
        hints: ByPlayer::default(),
        forfeit: Some(Forfeit::new(
            Player::X,
            "engine ./bot.py (X) answered 3,9, off the board: X loses",
        )),
        rule: Rule::Freestyle,
        opening: Opening::None,
        rated: false,
        ending: None,
        time_control: ttt_core::TimeControl::None,
    };
    let id = store.record_game(&lost).unwrap();
    let got = store.game(id).unwrap().unwrap();
    assert_eq!(got.forfeit, lost.forfeit);
    assert_eq!(got.x, Participant::engine("bot.py"));
    assert_eq!(got.result, GameResult::OWins);
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 1, 0, 0)));
    let json = serde_json::to_value(&got).unwrap();
    assert_eq!(json["forfeit"]["loser"], "X");
    assert_eq!(
        json["x"]["level"], "engine:bot.py",
        "the JSON the README documents"
    );

    // A forfeit by the side not to move, or with another winner, is refused untouched.
    let mut wrong = lost.clone();
    wrong.forfeit = Some(Forfeit::new(Player::O, "crashed"));
    wrong.result = GameResult::XWins;
    assert!(matches!(
        store.record_game(&wrong),
        Err(StoreError::InvalidGame { .. })
    ));
    assert_eq!(store.recent_games(None, 10).unwrap().len(), 1);
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 1, 0, 0)));

    // A game played to its end has none.
    let whole = store
        .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
        .unwrap();
    assert_eq!(store.game(whole).unwrap().unwrap().forfeit, None);
}

fn a_game_ended_by_a_forfeit_is_recorded_once(store: &dyn Store) {
    let seats = ByPlayer {
        x: seat(LiveSeat::new(human("Fay")), None),
        o: seat(LiveSeat::new(Participant::engine("student")), None),
    };
    let mut game = LiveGame::new("g20".into(), Dims::new(3, 3, 3).unwrap(), seats, 1_000);
    store.create_live_game(&game).unwrap();
    game.moves = vec![c(1, 1)];
    let game = store.save_live_game(&game).unwrap();
    let mut lost = game.clone();
    lost.forfeit = Some(Forfeit::new(
        Player::O,
        "engine student (O) gave no move within 2 s: O loses",
    ));
    let done = store.save_live_game(&lost).unwrap();
    let id = done.record_id.expect("recorded as it ended");
    assert_eq!(
        store.live_game("g20").unwrap().unwrap().forfeit,
        lost.forfeit
    );
    let recorded = store.game(id).unwrap().unwrap();
    assert_eq!(recorded.result, GameResult::XWins);
    assert_eq!(recorded.forfeit, lost.forfeit);
    assert_eq!(store.player("Fay").unwrap(), Some(stats("Fay", 1, 0, 0)));
    // Saved again (a rematch noted), it is not counted twice.
    let mut again = done;
    again.rematch = Some("g21".into());
    let again = store.save_live_game(&again).unwrap();
    assert_eq!(again.record_id, Some(id));
    assert_eq!(store.player("Fay").unwrap(), Some(stats("Fay", 1, 0, 0)));
    // A forfeit that does not fit the game (X was not to move) is refused.
    let mut bad = again;
    bad.forfeit = Some(Forfeit::new(Player::X, "crashed"));
    assert!(matches!(
        store.save_live_game(&bad),
        Err(StoreError::InvalidGame { .. })
    ));
}

fn finished_games_go_before_the_idle_ones(store: &dyn Store) {
    let mut done = friendly("g9");
    done.invite = None;
    done.seats.o.player = Some(human("Eve"));
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
        forfeit: None,
        rule: Rule::Freestyle,
        opening: Opening::None,
        rated: false,
        ending: None,
        time_control: ttt_core::TimeControl::None,
    };
    assert!(!tiny.counts());
    assert!(matches!(
        store.record_game(&tiny),
        Err(StoreError::InvalidGame { .. })
    ));
    // Nor does a game in progress on such a board, finished.
    let seats = ByPlayer {
        x: seat(LiveSeat::new(human("Flooder")), None),
        o: seat(LiveSeat::new(Participant::computer("easy")), None),
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
            forfeit: None,
            rule: Rule::Freestyle,
            opening: Opening::None,
            rated: false,
            ending: None,
            time_control: ttt_core::TimeControl::None,
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
    changed.seats.o.player = Some(human("Bo"));
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
    game.seats.o.player = Some(human("Dora"));
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

/// A database at schema 3 (before engines were seats of their own), after its tables: an
/// engine that lost a game, a computer that lost one, and a game in progress against an
/// engine, each written as `engine:NAME` in a level column. Plain SQL for both backends.
pub(crate) const ENGINES_AS_LEVELS: &str = "
    INSERT INTO players (name, name_key, wins) VALUES ('Ann', 'ann', 2);
    INSERT INTO games (id, board_rows, board_cols, k, x_level, o_player, moves, result,
                       forfeit, forfeit_reason)
        VALUES (7, 3, 3, 3, 'engine:bot.py', 'Ann', '0,0;1,1', 'o_wins', 'X',
                'engine bot.py (X) crashed: X loses');
    INSERT INTO games (id, board_rows, board_cols, k, x_player, o_level, moves, result)
        VALUES (8, 3, 3, 3, 'Ann', 'hard', '0,0;1,0;0,1;1,1;0,2', 'x_wins');
    INSERT INTO live_games (id, board_rows, board_cols, k, x_kind, x_name, x_token, o_kind,
                            o_level, created_at, updated_at)
        VALUES ('old', 3, 3, 3, 'human', 'Ann', 'hash-x', 'computer', 'engine:student',
                1000, 1000);
    INSERT INTO live_moves (game, ply, cell_row, cell_col) VALUES ('old', 0, 1, 1);
";

/// What a store opened on [`ENGINES_AS_LEVELS`] must show: the engines as engines, every
/// game free-style with no opening (as all games were before rules), all else as it was, and
/// the JSON of a game unchanged but for the rule and the opening.
pub(crate) fn engines_are_seats_of_their_own(store: &dyn Store) {
    let lost = store.game(7).unwrap().unwrap();
    assert_eq!(lost.x, Participant::engine("bot.py"));
    assert_eq!(lost.o, human("Ann"));
    assert_eq!(lost.forfeit.as_ref().map(|f| f.loser), Some(Player::X));
    assert_eq!(
        serde_json::to_value(&lost).unwrap()["x"],
        serde_json::json!({"kind": "computer", "level": "engine:bot.py"})
    );
    assert_eq!(
        store.game(8).unwrap().unwrap().o,
        Participant::computer("hard")
    );
    let old = store.recent_games(Some("ANN"), 10).unwrap();
    assert_eq!(old.len(), 2);
    for game in &old {
        assert_eq!((game.rule, game.opening), (Rule::Freestyle, Opening::None));
    }
    let json = serde_json::to_value(&lost).unwrap();
    assert_eq!(
        (json["rule"].as_str(), json["opening"].as_str()),
        (Some("freestyle"), Some("none"))
    );
    let live = store.live_game("old").unwrap().unwrap();
    assert_eq!((live.rule, live.opening), (Rule::Freestyle, Opening::None));
    assert!(live.opening_choices.is_empty());
    assert_eq!(live.opening_phase(), None);
    assert_eq!(live.seats.o, LiveSeat::new(Participant::engine("student")));
    assert_eq!(live.seats.x.name(), Some("Ann"));
    assert_eq!(live.seats.x.token_hash.as_deref(), Some("hash-x"));
    assert_eq!(live.moves, vec![c(1, 1)]);
    // It plays on, and its end is recorded with the engine as an engine.
    let mut next = live;
    next.moves = vec![
        c(1, 1),
        c(0, 0),
        c(2, 2),
        c(0, 1),
        c(0, 2),
        c(1, 0),
        c(2, 0),
    ];
    let done = store.save_live_game(&next).unwrap();
    let record = store.game(done.record_id.unwrap()).unwrap().unwrap();
    assert_eq!(record.o, Participant::engine("student"));
    assert_eq!(record.result, GameResult::XWins);
    assert_eq!(record.rule, Rule::Freestyle);
}

/// Writers in threads of their own, `per_result` winning and as many losing, each with the
/// store `open` gives it (a handle of its own on one file, or one of two servers on one
/// database), record `games` games each for Ann: against the computer, and a tie against Bo
/// (a new player's first games, from every thread at once). Every game must count.
pub(crate) fn writers_at_once_lose_no_update(
    open: &(dyn Fn() -> Arc<dyn Store> + Sync),
    per_result: usize,
    games: usize,
) {
    let barrier = std::sync::Barrier::new(2 * per_result);
    std::thread::scope(|scope| {
        for result in [GameResult::XWins, GameResult::OWins] {
            for _ in 0..per_result {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    let store = open();
                    for _ in 0..games {
                        store
                            .record_game(&game(human("Ann"), cpu(), result))
                            .unwrap();
                        store
                            .record_game(&game(human("ann"), human("Bo"), GameResult::Draw))
                            .unwrap();
                    }
                });
            }
        }
    });
    let store = open();
    let n = (per_result * games) as u64;
    assert_eq!(
        store.player("Ann").unwrap(),
        Some(stats("Ann", n, n, 2 * n))
    );
    assert_eq!(store.player("Bo").unwrap(), Some(stats("Bo", 0, 0, 2 * n)));
    assert_eq!(
        store.recent_games(None, usize::MAX).unwrap().len(),
        4 * per_result * games
    );
}

fn a_player_is_created_by_their_first_game(store: &dyn Store) {
    assert_eq!(store.player("Ann").unwrap(), None);
    store
        .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
        .unwrap();
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 0, 0, 1)));
    store
        .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
        .unwrap();
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 0, 0, 2)));
    assert_eq!(store.players().unwrap().len(), 1);
}

fn names_are_one_player_in_any_case_shown_as_first_spelled(store: &dyn Store) {
    for name in ["Ann", "ann", "ANN", "Zoë 🎲", "ZOË 🎲"] {
        store
            .record_game(&game(human(name), cpu(), GameResult::Draw))
            .unwrap();
    }
    assert_eq!(store.player("aNN").unwrap(), Some(stats("Ann", 0, 0, 3)));
    assert_eq!(store.player("zoë 🎲").unwrap().unwrap().name, "Zoë 🎲");
    assert_eq!(store.players().unwrap().len(), 2);
    let games = store.recent_games(Some("ann"), 10).unwrap();
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g.x == human("Ann")));
    assert!(matches!(
        store.record_game(&game(human(""), cpu(), GameResult::Draw)),
        Err(StoreError::InvalidGame { .. })
    ));
    assert_eq!(store.players().unwrap().len(), 2);
}

fn each_result_counts_for_the_humans(store: &dyn Store) {
    store
        .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
        .unwrap();
    store
        .record_game(&game(human("Ann"), cpu(), GameResult::OWins))
        .unwrap();
    store
        .record_game(&game(cpu(), human("Ann"), GameResult::OWins))
        .unwrap();
    store
        .record_game(&game(human("Ann"), human("Bo"), GameResult::Draw))
        .unwrap();
    store
        .record_game(&game(human("Bo"), human("Ann"), GameResult::XWins))
        .unwrap();
    // Computer against computer is stored but counts for nobody.
    store
        .record_game(&game(cpu(), cpu(), GameResult::Draw))
        .unwrap();

    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 2, 2, 1)));
    assert_eq!(store.player("Bo").unwrap(), Some(stats("Bo", 1, 0, 1)));
    assert_eq!(store.players().unwrap().len(), 2);
    assert_eq!(store.recent_games(None, 100).unwrap().len(), 6);
}

fn recording_creates_missing_players(store: &dyn Store) {
    store
        .record_game(&game(cpu(), human("New"), GameResult::OWins))
        .unwrap();
    assert_eq!(store.player("New").unwrap(), Some(stats("New", 1, 0, 0)));
}

fn playing_yourself_counts_once_per_side(store: &dyn Store) {
    store
        .record_game(&game(human("Solo"), human("Solo"), GameResult::XWins))
        .unwrap();
    store
        .record_game(&game(human("Solo"), human("Solo"), GameResult::Draw))
        .unwrap();
    assert_eq!(store.player("Solo").unwrap(), Some(stats("Solo", 1, 1, 2)));
    assert_eq!(store.recent_games(Some("Solo"), 10).unwrap().len(), 2);
}

fn games_are_stored_whole(store: &dyn Store) {
    // A 6x7 board, three in a row: X fills the bottom of the first column.
    let new = NewGame {
        rows: 6,
        cols: 7,
        k: 3,
        x: human("Ann"),
        o: cpu(),
        moves: vec![c(5, 0), c(5, 6), c(4, 0), c(4, 6), c(3, 0)],
        result: GameResult::XWins,
        hints: ByPlayer { x: 2, o: 0 },
        forfeit: None,
        rule: Rule::Freestyle,
        opening: Opening::None,
        rated: false,
        ending: None,
        time_control: ttt_core::TimeControl::None,
    };
    let id = store.record_game(&new).unwrap();
    let got = store.game(id).unwrap().unwrap();
    assert_eq!(got.id, id);
    assert_eq!((got.rows, got.cols, got.k), (6, 7, 3));
    assert_eq!((&got.x, &got.o), (&new.x, &new.o));
    assert_eq!(got.moves, new.moves);
    assert_eq!(got.result, GameResult::XWins);
    assert_eq!(got.dims().unwrap().cells(), 42);
    assert_eq!(got.side(ttt_core::Player::O), &cpu());

    // finished_at looks like 2024-05-01T18:30:00Z.
    let t = got.finished_at.as_bytes();
    assert_eq!(t.len(), 20, "{}", got.finished_at);
    assert_eq!(
        (t[4], t[7], t[10], t[13], t[16], t[19]),
        (b'-', b'-', b'T', b':', b':', b'Z')
    );
    assert!(got.finished_at.starts_with("20"), "{}", got.finished_at);

    assert_eq!(store.game(id + 1).unwrap(), None);

    let json = serde_json::to_value(&got).unwrap();
    assert_eq!(json["x"]["name"], "Ann");
    assert_eq!(json["o"]["level"], "hard");
    assert_eq!(json["result"], "x_wins");
    assert_eq!(json["moves"][0], serde_json::json!({"row": 5, "col": 0}));
}

fn invalid_games_are_refused_and_change_nothing(store: &dyn Store) {
    let mut bad = game(human("Ann"), cpu(), GameResult::XWins);
    bad.result = GameResult::Draw;
    let err = store.record_game(&bad).unwrap_err();
    assert!(matches!(err, StoreError::InvalidGame { .. }), "{err}");
    assert_eq!(store.player("Ann").unwrap(), None);
    assert!(store.recent_games(None, 10).unwrap().is_empty());
}

fn recent_games_are_newest_first_and_filtered_by_player(store: &dyn Store) {
    let a = store
        .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
        .unwrap();
    let b = store
        .record_game(&game(human("Bo"), cpu(), GameResult::Draw))
        .unwrap();
    let c = store
        .record_game(&game(cpu(), human("Ann"), GameResult::OWins))
        .unwrap();
    let d = store
        .record_game(&game(human("Bo"), human("Ann"), GameResult::Draw))
        .unwrap();
    let ids = |games: Vec<GameRecord>| games.iter().map(|g| g.id).collect::<Vec<_>>();

    assert_eq!(ids(store.recent_games(None, 10).unwrap()), [d, c, b, a]);
    assert_eq!(ids(store.recent_games(None, 2).unwrap()), [d, c]);
    assert_eq!(ids(store.recent_games(Some("Ann"), 10).unwrap()), [d, c, a]);
    assert_eq!(
        ids(store.recent_games(Some("Bo"), usize::MAX).unwrap()),
        [d, b]
    );
    assert_eq!(ids(store.recent_games(Some("ann"), 10).unwrap()), [d, c, a]);
    assert!(store.recent_games(Some("hard"), 10).unwrap().is_empty());
    assert!(store.recent_games(None, 0).unwrap().is_empty());
}

fn players_come_best_first(store: &dyn Store) {
    for _ in 0..2 {
        store
            .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
            .unwrap();
    }
    store
        .record_game(&game(human("Bo"), cpu(), GameResult::XWins))
        .unwrap();
    store
        .record_game(&game(human("Bo"), cpu(), GameResult::XWins))
        .unwrap();
    store
        .record_game(&game(human("Bo"), cpu(), GameResult::OWins))
        .unwrap();
    store
        .record_game(&game(human("Cy"), cpu(), GameResult::OWins))
        .unwrap();
    let names: Vec<String> = store
        .players()
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ann", "Bo", "Cy"]);
}

fn usable_as_a_shared_trait_object(store: Arc<dyn Store>) {
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                for _ in 0..10 {
                    store
                        .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
                        .unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(store.player("Ann").unwrap(), Some(stats("Ann", 0, 0, 40)));
}

/// The leaderboard's order in the database is the one of [`PlayerStats::cmp_rank`], on many
/// random records (ties of every kind included), page by page.
fn pages_rank_players_as_the_ranking_does(store: &dyn Store) {
    let mut next = small_counts(3);
    for i in 0..80 {
        let name = format!("p{i:03}");
        for result in [GameResult::XWins, GameResult::OWins, GameResult::Draw] {
            for _ in 0..next() {
                store
                    .record_game(&game(human(&name), cpu(), result))
                    .unwrap();
            }
        }
    }
    pages_agree_with_the_ranking(store);
}

/// Pseudo-random counts below `bound`, the same on every run (no `rand` needed).
pub(crate) fn small_counts(bound: u64) -> impl FnMut() -> u64 {
    let mut seed = 7u64;
    move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) % bound
    }
}

/// Every page of the leaderboard, in turn, lists the players of [`Store::players`] in its
/// order, each with their rank.
pub(crate) fn pages_agree_with_the_ranking(store: &dyn Store) {
    let ranked: Vec<String> = store
        .players()
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    let mut paged = Vec::new();
    for offset in (0..ranked.len() + 7).step_by(7) {
        let page = store
            .players_page(&PlayerFilter::everyone(), 7, offset)
            .unwrap();
        for (i, p) in page.players.iter().enumerate() {
            assert_eq!(p.rank as usize, offset + i + 1);
        }
        paged.extend(page.players.into_iter().map(|p| p.stats.name));
    }
    assert_eq!(paged, ranked);
}
