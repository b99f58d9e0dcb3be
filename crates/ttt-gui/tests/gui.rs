//! The desktop game driven as a person would, through `egui_kittest`: it clicks and types
//! into the widgets it finds by their labels in the accessibility tree, with no display,
//! over a real database file.

use std::path::Path;
use std::time::{Duration, Instant};

use eframe::egui::{self, accesskit::Role, Key, ViewportCommand, ViewportId};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use ttt_core::Dims;
use ttt_gui::session::Status;
use ttt_gui::{App, Options};
use ttt_store::{SqliteStore, Store};

/// The window's first size, so that the layout is the one people see.
const WINDOW: egui::Vec2 = egui::vec2(1000.0, 720.0);

fn options(db: &Path) -> Options {
    let mut options = Options::new(ttt_store::Location::File(db.to_path_buf()));
    options.seed = Some(7);
    options.time_limit = Duration::from_millis(500);
    options
}

fn harness(options: &Options) -> Harness<'static, App> {
    Harness::builder()
        .with_size(WINDOW)
        .build_state(|ctx, app: &mut App| app.show(ctx), App::new(options))
}

/// Lets the frames that a click or a key press needs run (a spinning computer keeps
/// asking for more, so this does not wait for the window to be idle).
fn settle(h: &mut Harness<'_, App>) {
    h.step();
    let _ = h.try_run();
}

/// Steps frames until `done` holds, as the window would while a computer thinks.
fn wait_for(h: &mut Harness<'_, App>, what: &str, done: impl Fn(&Harness<'_, App>) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h) {
        assert!(Instant::now() < deadline, "waited too long for {what}");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(h);
}

fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

fn click_square(h: &mut Harness<'_, App>, row: usize, col: usize) {
    click(h, &format!("Row {row}, column {col}, empty"));
}

/// Types `name` into the name field of player `seat` (1 or 2).
fn type_name(h: &mut Harness<'_, App>, seat: usize, name: &str) {
    let panel = format!("Player {seat}");
    h.get_by_role_and_label(Role::Group, &panel)
        .get_by_label("Name")
        .click();
    settle(h);
    h.get_by_role_and_label(Role::Group, &panel)
        .get_by_label("Name")
        .type_text(name);
    settle(h);
}

/// Sets up Alice against Bob on the start screen.
fn two_humans(h: &mut Harness<'_, App>) {
    click(h, "Is player 2 human");
    type_name(h, 1, "Alice");
    type_name(h, 2, "Bob");
}

fn status(h: &Harness<'_, App>) -> Status {
    h.state().session().expect("a game is on").status()
}

fn is_human_turn(h: &Harness<'_, App>) -> bool {
    matches!(status(h), Status::HumanToMove(_))
}

fn is_over(h: &Harness<'_, App>) -> bool {
    matches!(status(h), Status::Won(_) | Status::Tie)
}

fn asked_to_close(h: &Harness<'_, App>) -> bool {
    h.output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(&ViewportCommand::Close))
}

fn open(db: &Path) -> SqliteStore {
    SqliteStore::open(db).unwrap()
}

#[test]
fn the_start_screen_offers_the_classic_choices() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(&options(&dir.path().join("ttt.db")));
    for seat in ["Player 1", "Player 2"] {
        let panel = h.get_by_role_and_label(Role::Group, seat);
        panel.get_by_label("Name");
        panel.get_by_label("Difficulty");
    }
    // Player 1 is human (difficulty off), player 2 the computer at medium (name off).
    let one = h.get_by_role_and_label(Role::Group, "Player 1");
    assert!(one
        .get_by_label("Difficulty")
        .accesskit_node()
        .is_disabled());
    assert!(!one.get_by_label("Name").accesskit_node().is_disabled());
    let two = h.get_by_role_and_label(Role::Group, "Player 2");
    assert!(two.get_by_label("Name").accesskit_node().is_disabled());
    assert!(!two
        .get_by_label("Difficulty")
        .accesskit_node()
        .is_disabled());
    assert_eq!(
        h.get_by_label("Board size").value().as_deref(),
        Some("Classic: 3 x 3, three in a row")
    );
    assert_eq!(
        two.get_by_label("Difficulty").value().as_deref(),
        Some("Medium")
    );
    h.get_by_role_and_label(Role::RadioButton, "Player 1");
    h.get_by_role_and_label(Role::RadioButton, "Player 2");
    h.get_by_label("Play");
    h.get_by_label("Quit");
}

#[test]
fn a_human_plays_the_computer_to_the_end_and_plays_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    type_name(&mut h, 1, "Alice");
    click(&mut h, "Play");
    h.get_by_label("Alice (X), your move");
    h.get_by_label("Alice: 0 wins, 0 losses, 0 ties");

    // Alice clicks the first empty square each time; the computer answers by itself.
    while !is_over(&h) {
        wait_for(&mut h, "the computer's move", |h| {
            is_human_turn(h) || is_over(h)
        });
        if is_over(&h) {
            break;
        }
        h.get_all_by_label_contains(", empty")
            .next()
            .expect("an empty square")
            .click();
        settle(&mut h);
        wait_for(&mut h, "the computer's move", |h| {
            is_human_turn(h) || is_over(h)
        });
    }
    let dialog = h.get_by_role(Role::Dialog);
    let verdict = dialog.accesskit_node().label().unwrap();
    assert!(
        ["Alice wins!", "Computer (medium) wins!", "Tie game!"].contains(&verdict.as_str()),
        "{verdict}"
    );
    // The result is saved the moment the game ends, and the panel shows it.
    let alice = open(&db).player("Alice").unwrap().unwrap();
    assert_eq!(alice.games(), 1);
    assert_eq!(open(&db).recent_games(None, 10).unwrap().len(), 1);
    h.get_by_label(&format!(
        "Alice: {} {}, {} {}, {} {}",
        alice.wins,
        if alice.wins == 1 { "win" } else { "wins" },
        alice.losses,
        if alice.losses == 1 { "loss" } else { "losses" },
        alice.ties,
        if alice.ties == 1 { "tie" } else { "ties" },
    ));

    // Play Again: the same players, the computer moving first this time.
    h.get_by_role(Role::Dialog)
        .get_by_label("Play Again")
        .click();
    settle(&mut h);
    assert!(h.query_by_role(Role::Dialog).is_none());
    wait_for(&mut h, "the computer's first move", is_human_turn);
    h.get_by_label("Alice (O), your move");
    assert_eq!(h.state().session().unwrap().moves().len(), 1);
}

#[test]
fn two_humans_click_to_a_win_and_the_other_starts_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    two_humans(&mut h);
    click(&mut h, "Play");
    h.get_by_label("Alice (X), your move");
    // Alice takes the top row while Bob plays the middle one.
    for (row, col) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
        click_square(&mut h, row, col);
    }
    h.get_by_label("Alice (X), your move");
    // A taken square does not react.
    click(&mut h, "Row 2, column 2, O");
    h.get_by_label("Alice (X), your move");
    click_square(&mut h, 1, 3);

    let dialog = h.get_by_role_and_label(Role::Dialog, "Alice wins!");
    dialog.get_by_label("Alice (X) beat Bob (O) in 5 moves.");
    dialog.get_by_label("Play Again");
    dialog.get_by_label("Quit");
    let won = h.state().session().unwrap().position().winning_cells();
    assert_eq!(
        won.len(),
        3,
        "the winning line is what the board highlights"
    );
    // Saved at once, and the panels show the new numbers.
    let store = open(&db);
    assert_eq!(store.player("Alice").unwrap().unwrap().wins, 1);
    assert_eq!(store.player("Bob").unwrap().unwrap().losses, 1);
    h.get_by_label("Alice: 1 win, 0 losses, 0 ties");
    h.get_by_label("Bob: 0 wins, 1 loss, 0 ties");
    // Esc closes the dialog to show the board, which no longer reacts; the bar below
    // offers Play Again instead of Restart.
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(h.query_by_role(Role::Dialog).is_none());
    click(&mut h, "Row 3, column 3, empty");
    assert!(h.query_by_label("Row 3, column 3, empty").is_some());
    assert!(h.query_by_label("Restart").is_none());

    click(&mut h, "Play Again");
    h.get_by_label("Bob (X), your move");
    assert_eq!(h.get_all_by_label_contains(", empty").count(), 9);
}

#[test]
fn the_keyboard_plays_arrows_then_enter_or_space() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    two_humans(&mut h);
    click(&mut h, "Play");
    // The board has the keyboard; the cursor starts in the centre.
    h.key_press(Key::ArrowUp);
    settle(&mut h);
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("Row 1, column 2, X");
    h.key_press(Key::ArrowLeft);
    settle(&mut h);
    h.key_press(Key::Space);
    settle(&mut h);
    h.get_by_label("Row 1, column 1, O");
    // Enter on a taken square does nothing.
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("Alice (X), your move");
    // The cursor stops at the edge: two more lefts stay on column 1.
    for key in [
        Key::ArrowLeft,
        Key::ArrowLeft,
        Key::ArrowDown,
        Key::ArrowDown,
    ] {
        h.key_press(key);
        settle(&mut h);
    }
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("Row 3, column 1, X");
    // Alice (X) takes the diagonal from row 3, column 1 by keys alone; Bob answers by keys.
    for keys in [
        &[Key::ArrowRight, Key::ArrowRight][..], // Bob: row 3, column 3
        &[Key::ArrowUp, Key::ArrowLeft][..],     // Alice: row 2, column 2
        &[Key::ArrowDown][..],                   // Bob: row 3, column 2
        &[Key::ArrowUp, Key::ArrowUp, Key::ArrowRight][..], // Alice: row 1, column 3
    ] {
        for &key in keys {
            h.key_press(key);
            settle(&mut h);
        }
        h.key_press(Key::Enter);
        settle(&mut h);
    }
    h.get_by_role_and_label(Role::Dialog, "Alice wins!");
    assert_eq!(open(&db).player("Alice").unwrap().unwrap().wins, 1);
    // The dialog gives Play Again the keyboard: Enter starts the next game.
    h.key_press(Key::Enter);
    settle(&mut h);
    assert!(h.query_by_role(Role::Dialog).is_none());
    h.get_by_label("Bob (X), your move");
}

#[test]
fn six_by_seven_with_three_in_a_row_from_the_board_menu() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    two_humans(&mut h);
    click(&mut h, "Board size");
    click(&mut h, "6 x 7, three in a row");
    assert_eq!(
        h.get_by_label("Board size").value().as_deref(),
        Some("6 x 7, three in a row")
    );
    click(&mut h, "Play");
    h.get_by_label("Board, 6 rows by 7 columns, 3 in a row wins");
    assert_eq!(h.get_all_by_label_contains(", empty").count(), 42);
    // Alice: a diagonal in the far corner; Bob: the first row.
    for (row, col) in [(4, 5), (1, 1), (5, 6), (1, 2), (6, 7)] {
        click_square(&mut h, row, col);
    }
    h.get_by_role_and_label(Role::Dialog, "Alice wins!");
    let games = open(&db).recent_games(None, 10).unwrap();
    assert_eq!((games[0].rows, games[0].cols, games[0].k), (6, 7, 3));
}

#[test]
fn the_command_line_board_is_preselected() {
    let dir = tempfile::tempdir().unwrap();
    let mut options = options(&dir.path().join("ttt.db"));
    options.dims = Dims::new(15, 15, 5).unwrap();
    let h = harness(&options);
    assert_eq!(
        h.get_by_label("Board size").value().as_deref(),
        Some("Gomoku: 15 x 15, five in a row")
    );
    let mut options = options.clone();
    options.dims = Dims::new(4, 9, 4).unwrap();
    let h = harness(&options);
    assert_eq!(
        h.get_by_label("Board size").value().as_deref(),
        Some("Custom")
    );
    assert_eq!(
        h.get_by_label("Columns").accesskit_node().numeric_value(),
        Some(9.0)
    );
}

#[test]
fn two_humans_need_two_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(&options(&dir.path().join("ttt.db")));
    click(&mut h, "Is player 2 human");
    type_name(&mut h, 1, "Bo");
    type_name(&mut h, 2, "Bo");
    h.get_by_label("Both players are called Bo: give them different names.");
    assert!(h.get_by_label("Play").accesskit_node().is_disabled());
    click(&mut h, "Play");
    assert!(h.state().session().is_none());
}

#[test]
fn the_perfect_player_thinks_without_freezing_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut options = options(&dir.path().join("ttt.db"));
    options.dims = Dims::new(15, 15, 5).unwrap();
    options.time_limit = Duration::from_millis(800);
    let mut h = harness(&options);
    h.get_by_role_and_label(Role::Group, "Player 2")
        .get_by_label("Difficulty")
        .click();
    settle(&mut h);
    click(&mut h, "Perfect");
    click(&mut h, "Play");
    // Its first move on an empty board is the centre, at once: it thinks about a reply.
    click_square(&mut h, 8, 8);
    h.get_by_label("Computer (perfect, O) is thinking...");
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    while !is_human_turn(&h) {
        let frame = Instant::now();
        h.step();
        slowest = slowest.max(frame.elapsed());
        assert!(started.elapsed() < Duration::from_secs(20), "no move");
        std::thread::sleep(Duration::from_millis(5));
    }
    let thought = started.elapsed();
    assert!(
        slowest < Duration::from_millis(500),
        "a frame took {slowest:?} while the computer thought"
    );
    // The time limit, and some slack for a busy machine.
    assert!(thought < Duration::from_secs(5), "thought for {thought:?}");
    settle(&mut h);
    h.get_by_label("Player 1 (X), your move");
}

#[test]
fn quit_asks_the_window_to_close() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(&options(&dir.path().join("ttt.db")));
    // The request is in the output of the frame that saw the click.
    h.get_by_label("Quit").click();
    h.step();
    assert!(asked_to_close(&h));

    let mut h = harness(&options(&dir.path().join("ttt.db")));
    two_humans(&mut h);
    click(&mut h, "Play");
    for (row, col) in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)] {
        click_square(&mut h, row, col);
    }
    h.get_by_role(Role::Dialog).get_by_label("Quit").click();
    h.step();
    assert!(asked_to_close(&h));
}

#[test]
fn restart_and_change_players_leave_no_game_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    two_humans(&mut h);
    click(&mut h, "Play");
    click_square(&mut h, 2, 2);
    click(&mut h, "Restart");
    assert_eq!(h.get_all_by_label_contains(", empty").count(), 9);
    h.get_by_label("Alice (X), your move");
    click_square(&mut h, 2, 2);
    click(&mut h, "Change Players");
    // Back on the start screen, with the names as they were.
    let panel = h.get_by_role_and_label(Role::Group, "Player 2");
    assert_eq!(panel.get_by_label("Name").value().as_deref(), Some("Bob"));
    assert!(open(&db).recent_games(None, 10).unwrap().is_empty());
}

#[test]
fn a_bad_database_is_reported_in_the_window_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("notes.db");
    let content = b"my notes, not a database\n".repeat(20);
    std::fs::write(&db, &content).unwrap();
    let mut h = harness(&options(&db));
    assert!(h
        .state()
        .db_problem()
        .unwrap()
        .contains("not an SQLite database"));
    h.get_by_label_contains("The results cannot be saved");
    h.get_by_label_contains("notes.db is not an SQLite database");
    // Games can still be played; nothing is written.
    two_humans(&mut h);
    click(&mut h, "Play");
    assert_eq!(
        h.get_all_by_label_contains("Results are not saved").count(),
        2,
        "both players' panels say so"
    );
    for (row, col) in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)] {
        click_square(&mut h, row, col);
    }
    h.get_by_role(Role::Dialog)
        .get_by_label("Not saved: there is no database.");
    assert_eq!(std::fs::read(&db).unwrap(), content);
}

#[test]
fn undo_takes_moves_back_and_a_hint_shows_the_best_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut h = harness(&options(&db));
    two_humans(&mut h);
    click(&mut h, "Play");
    // Alice X at (1,1), Bob O at (2,1); Bob's move is taken back, and he plays (2,2).
    click_square(&mut h, 1, 1);
    click_square(&mut h, 2, 1);
    click(&mut h, "Undo");
    assert_eq!(h.state().session().unwrap().moves().len(), 1);
    click_square(&mut h, 2, 2);
    // Alice (1,2), Bob (3,1): Alice can win at (1,3), and the hint says so.
    click_square(&mut h, 1, 2);
    click_square(&mut h, 3, 1);
    click(&mut h, "Hint");
    wait_for(&mut h, "the hint", |h| {
        h.state().session().unwrap().hint().is_some()
    });
    let hint = h.state().session().unwrap().hint().unwrap().clone();
    assert_eq!((hint.cell.row, hint.cell.col), (0, 2));
    assert_eq!(hint.leads_to, "win in 1 ply");
    h.get_by_label("Hint: row 1, column 3 (win in 1 ply).");
    click_square(&mut h, 1, 3);
    assert!(is_over(&h));
    let games = open(&db).recent_games(None, 10).unwrap();
    assert_eq!(games[0].moves.len(), 5);
    assert_eq!((games[0].hints.x, games[0].hints.o), (1, 0));
}

#[test]
fn against_the_computer_undo_takes_back_its_reply_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(&options(&dir.path().join("ttt.db")));
    type_name(&mut h, 1, "Alice");
    click(&mut h, "Play");
    click_square(&mut h, 2, 2);
    wait_for(&mut h, "the computer's reply", is_human_turn);
    assert_eq!(h.state().session().unwrap().moves().len(), 2);
    click(&mut h, "Undo");
    assert!(h.state().session().unwrap().moves().is_empty());
    assert!(is_human_turn(&h));
}

#[cfg(unix)]
#[test]
fn an_engine_from_the_command_line_plays_and_loses_when_it_answers_off_the_board() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    // A program that answers every move with a cell off the board.
    let script = dir.path().join("offboard.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read l; do case \"$l\" in START*|RESTART) echo OK;; \
         DONE|BEGIN) echo 9,9;; END) exit;; esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut options = options(&db);
    options.engines.two =
        ttt_pbrain::manager::EngineSpec::parse(script.to_str().unwrap(), Duration::from_secs(1));
    let mut h = harness(&options);
    let two = h.get_by_role_and_label(Role::Group, "Player 2");
    assert_eq!(
        two.get_by_label("Difficulty").value().as_deref(),
        Some("Engine offboard.sh")
    );
    type_name(&mut h, 1, "Alice");
    click(&mut h, "Play");
    click_square(&mut h, 2, 2);
    wait_for(&mut h, "the engine's answer", is_over);
    let dialog = h.get_by_role(Role::Dialog);
    assert_eq!(
        dialog.accesskit_node().label().as_deref(),
        Some("Alice wins!")
    );
    let said = h
        .get_all_by_label_contains("answered 9,9, off the 3 x 3 board")
        .count();
    assert!(said > 0, "the window says what the engine did");
    let games = open(&db).recent_games(None, 10).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].forfeit.as_ref().unwrap().loser,
        ttt_core::Player::O
    );
    assert_eq!(games[0].o.engine_name(), Some("offboard.sh"));
}

#[test]
fn the_clocks_run_in_the_panels_and_running_out_ends_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let mut options = options(&db);
    options.clock = "2s+0".parse().unwrap();
    let mut h = harness(&options);
    assert_eq!(
        h.get_by_label("Clock").value().as_deref(),
        Some("2s+0: 2 s each")
    );
    type_name(&mut h, 1, "Alice");
    click(&mut h, "Play");
    // Alice's clock runs from the first frame: it reads 0:02.0 or a little less.
    h.get_by_label_contains("Player 1's clock: 0:0");
    assert_eq!(
        h.get_all_by_label_contains(", running").count(),
        1,
        "one clock runs"
    );
    h.get_by_label("Player 2's clock: 0:02.0");
    // Alice does not move: the window ends the game by itself.
    wait_for(&mut h, "Alice's clock to run out", is_over);
    assert_eq!(status(&h), Status::Won(ttt_gui::choices::Seat::Two));
    let dialog = h.get_by_role(Role::Dialog);
    assert_eq!(
        dialog.accesskit_node().label().as_deref(),
        Some("Computer (medium) wins!")
    );
    dialog.get_by_label("X ran out of time: O wins.");
    h.get_by_label("Player 1's clock: 0:00.0");
    let alice = open(&db).player("Alice").unwrap().unwrap();
    assert_eq!((alice.losses, alice.games()), (1, 1));
}
