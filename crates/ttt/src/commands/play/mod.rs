//! `ttt play`, and `ttt` alone: the classic console game on any m,n,k board.
//!
//! Welcome; the players (names with their saved statistics, a computer and its level, or an
//! outside program speaking the Gomocup protocol);
//! who goes first; turns until a win or a tie, with the board drawn after every move; the
//! result, saved the moment the game ends; the updated statistics; play again? Every
//! question can be answered from the command line instead, so games can be scripted, and
//! `q` or the end of the input stops at any question.
//!
//! The answers are read by [`answer`] (pure), the terminal is [`console`], a game's parts
//! are [`game`], the opening's stones and choices are [`opening`], the end of a game is
//! [`end`], and the store keeps the results: nothing here writes a file. With `--clock`,
//! both clocks are shown before every move and running out ends the game, even while a
//! person is at the prompt.

mod answer;
mod console;
mod end;
mod game;
mod opening;

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use ttt_ai::Level;
use ttt_core::{ByPlayer, Cell, Dims, Opening, Player, Position, Rule, TimeControl};
use ttt_pbrain::player::DEFAULT_SLACK;
use ttt_play::takeback::{self, Opponent};
use ttt_play::timing::{TimeOut, Timer};
use ttt_play::words::{self, claim};
use ttt_play::{hint, MoveError, Mover};
use ttt_store::{Forfeit, Store};

use crate::args::{PlayArgs, Seat};
use crate::database;
use crate::error::user_error;
use crate::output::words::summary;
use answer::{
    parse_first, parse_kind, parse_level, parse_name, parse_turn, parse_yes_no, Kind, Turn,
};
use console::{Console, Input, Lines, Screen, Step, Stop};
use end::conclude;
use game::{Options, Round, Side};
use opening::settle_colours;

pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let dims = args.dims()?;
    if let (Some(Seat::Human(x)), Some(Seat::Human(o))) = (&args.x, &args.o) {
        // Names are one player's in any case ("Alice" and "alice"): one game would count as
        // both a win and a loss of one record.
        if ttt_store::name_key(x) == ttt_store::name_key(o) {
            return Err(user_error(format!(
                "{x} and {o} are one player, who cannot play both X and O: give the two \
                 players different names"
            )));
        }
    }
    if args.opening != Opening::None
        && [&args.x, &args.o]
            .into_iter()
            .flatten()
            .any(|seat| matches!(seat, Seat::Engine(_)))
    {
        return Err(user_error(no_engine_openings(args.opening)));
    }
    for seat in [&args.x, &args.o].into_iter().flatten() {
        if let (Seat::Engine(command), Some(spec)) = (seat, seat.engine_spec(args.engine_time)) {
            spec.check_program()
                .map_err(|why| user_error(format!("engine:{command}: {why}")))?;
        }
    }
    // Opened before anything is asked, so a database that cannot be used is reported at once.
    let (store, _) = database::open(&args.db)?;
    let echo = !io::stdin().is_terminal();
    // Read on a thread of its own, so that a clock can run out while a person thinks.
    let input = Lines::spawn(io::stdin());
    let mut console = Console::new(input, io::stdout().lock(), Screen::detect(), echo);
    let options = Options {
        dims,
        rule: args.rule,
        opening: args.opening,
        x: args.x.clone(),
        o: args.o.clone(),
        seed: args.seed,
        time_limit: args.time_limit,
        engine_time: args.engine_time,
        clock: args.clock,
    };
    let ended = session(&mut console, store.as_ref(), &options);
    finish(&mut console, ended)
}

/// Ends the session: `q` and the end of the input are a normal end (exit status 0).
fn finish<R: Input, W: Write>(console: &mut Console<R, W>, ended: Step<()>) -> anyhow::Result<()> {
    match ended {
        Ok(()) => Ok(()),
        Err(Stop::Quit | Stop::EndOfInput) => match console.say("Bye!") {
            Ok(()) | Err(Stop::Quit | Stop::EndOfInput) => Ok(()),
            Err(Stop::Failed(e)) => Err(e),
        },
        Err(Stop::Failed(e)) => Err(e),
    }
}

/// Why an outside program cannot take part in an opening.
fn no_engine_openings(opening: Opening) -> String {
    format!(
        "the {opening} opening is played by people and our computer levels: an outside \
         program plays with --opening none"
    )
}

/// The first line of a session: the game's name and how to win it.
fn welcome(dims: Dims, rule: Rule) -> String {
    let (rows, cols, k) = (dims.rows(), dims.cols(), dims.k());
    let game = if k == 5 && rows >= 15 && cols >= 15 {
        match rule {
            Rule::Freestyle => "free-style gomoku",
            Rule::Standard => "gomoku",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    } else {
        "tic-tac-toe"
    };
    let how = match rule {
        Rule::Freestyle => format!("get {k} in a row (across, down or diagonally) to win"),
        Rule::Standard => format!("get exactly {k} in a row to win (a longer line does not)"),
        Rule::Renju => "get five in a row to win; X may not make a double-three, a double-four \
                        or an overline (the points marked x)"
            .to_string(),
        Rule::Caro => format!(
            "get {k} or more in a row to win, unless the opponent blocks both ends of the line"
        ),
    };
    format!("Welcome to {game} on a {rows} x {cols} board: {how}.")
}

/// The width of the terminal the game is shown on, if it is shown on one.
fn terminal_width() -> Option<usize> {
    if !io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size().map(|(w, _)| usize::from(w.0))
}

/// What to say where the board is wider than the terminal (`width` columns): its rows would
/// wrap and the board be unreadable.
fn too_narrow(dims: Dims, width: Option<usize>) -> Option<String> {
    let width = width?;
    let board = crate::output::board::plain(&Position::new(dims));
    let needed = board
        .lines()
        .map(unicode_width::UnicodeWidthStr::width)
        .max()
        .unwrap_or(0);
    (needed > width).then(|| {
        format!(
            "This terminal is {width} columns wide and the board needs {needed}: widen it (or \
             make its text smaller) to see the board whole."
        )
    })
}

fn session<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    options: &Options,
) -> Step<()> {
    console.say(welcome(options.dims, options.rule))?;
    if let Some(note) = too_narrow(options.dims, terminal_width()) {
        console.say(note)?;
    }
    console.say("Type q at any question to quit.")?;
    console.say("")?;
    let seats = choose_seats(console, store, options)?;
    let engine = |seat: &Seat| matches!(seat, Seat::Engine(_));
    if options.opening != Opening::None && (engine(&seats.x) || engine(&seats.o)) {
        return Err(Stop::Failed(user_error(no_engine_openings(
            options.opening,
        ))));
    }
    let seed_for = |offset: u64| options.seed.map(|s| s.wrapping_add(offset));
    let mut sides = ByPlayer {
        x: Side::new(seats.x, seed_for(0), options),
        o: Side::new(seats.o, seed_for(1), options),
    };
    for number in 1.. {
        play_game(console, store, options, &mut sides, number)?;
        if !console.ask_until("Play again, the other player first? [Y/n] ", |t| {
            parse_yes_no(t, true)
        })? {
            break;
        }
        // A rematch: the other player moves first, and plays X.
        std::mem::swap(&mut sides.x, &mut sides.o);
    }
    console.say("Thanks for playing!")
}

/// Who plays X and who plays O: from the options, else by asking the classic console game's
/// questions.
fn choose_seats<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    options: &Options,
) -> Step<ByPlayer<Seat>> {
    let seats = match (options.x.clone(), options.o.clone()) {
        (Some(x), Some(o)) => {
            greet(console, store, &x, options)?;
            greet(console, store, &o, options)?;
            ByPlayer { x, o }
        }
        (Some(x), None) => {
            greet(console, store, &x, options)?;
            let o = ask_opponent(
                console,
                store,
                "the O player",
                "Player 2",
                x.human_name(),
                options,
            )?;
            ByPlayer { x, o }
        }
        (None, Some(o)) => {
            greet(console, store, &o, options)?;
            let x = ask_opponent(
                console,
                store,
                "the X player",
                "Player 1",
                o.human_name(),
                options,
            )?;
            ByPlayer { x, o }
        }
        (None, None) => {
            let first = console.ask_until("Player 1, what is your name? [Player 1] ", |t| {
                parse_name(t, "Player 1")
            })?;
            let first = Seat::Human(first);
            greet(console, store, &first, options)?;
            let second = ask_opponent(
                console,
                store,
                "player 2",
                "Player 2",
                first.human_name(),
                options,
            )?;
            let names = [first.to_string(), second.to_string()];
            let prompt = format!(
                "Who goes first and plays X: 1 {}, or 2 {}? [1] ",
                names[0], names[1]
            );
            let choice = console.ask_until(&prompt, |t| parse_first(t, [&names[0], &names[1]]))?;
            if choice == 0 {
                ByPlayer {
                    x: first,
                    o: second,
                }
            } else {
                ByPlayer {
                    x: second,
                    o: first,
                }
            }
        }
    };
    Ok(seats)
}

/// Asks who `label` is: a human (name, statistics) or the computer (level). A human who
/// gives no name is `default_name`, unless the other player already has that name.
fn ask_opponent<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    label: &str,
    default_name: &str,
    taken: Option<&str>,
    options: &Options,
) -> Step<Seat> {
    let kind = console.ask_until(
        &format!("Is {label} a human or the computer? [h/C] "),
        parse_kind,
    )?;
    let seat = match kind {
        Kind::Human => {
            let default = match default_name {
                name if Some(name) != taken => name,
                "Player 1" => "Player 2",
                _ => "Player 1",
            };
            let prompt = format!("Name of {label}? [{default}] ");
            let name = console.ask_until(&prompt, |t| {
                let name = parse_name(t, default)?;
                if taken.is_some_and(|t| ttt_store::name_key(t) == ttt_store::name_key(&name)) {
                    return Err(format!(
                        "{name} is already playing; please choose another name."
                    ));
                }
                Ok(name)
            })?;
            Seat::Human(name)
        }
        Kind::Computer => Seat::Computer(console.ask_until(
            "How strong is the computer? 1 easy, 2 medium, 3 hard, 4 perfect [2] ",
            parse_level,
        )?),
    };
    greet(console, store, &seat, options)?;
    Ok(seat)
}

/// Shows a human's saved statistics, or welcomes a newcomer, or says what a program is.
fn greet<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    seat: &Seat,
    options: &Options,
) -> Step<()> {
    match seat {
        Seat::Human(name) => {
            // A newcomer is saved with their first finished game, as in the web game: a
            // game quit early leaves no empty record behind.
            match store.player(name)? {
                Some(stats) => console.say(format!("Welcome back, {name}: {}.", summary(&stats))),
                None => console.say(format!(
                    "Hello, {name}! You are new here: your wins, losses and ties will be saved \
                     from your first finished game."
                )),
            }
        }
        Seat::Engine(command) => console.say(format!(
            "The engine {command} plays by the Gomocup protocol, {} a move (it loses the game \
             if it crashes, answers more than {} late, or answers a move that is not one).",
            words::seconds(options.engine_time),
            words::seconds(DEFAULT_SLACK)
        )),
        Seat::Computer(level) => console.say(format!(
            "The computer plays at level {level}{}.",
            match level {
                Level::Easy => ": it picks any empty square",
                Level::Medium => ": it takes the centre and blocks your lines",
                Level::Hard => ": it takes the centre, wins when it can and blocks",
                Level::Perfect => ": it searches for the best move",
            }
        )),
    }
}

/// One game from the empty board to a win or a tie, saved the moment it ends. A person may
/// take moves back (`u`) and ask for hints (`h`, found within the perfect player's time
/// limit), which the record counts. With a clock, the game also ends when the side to move
/// runs out of time, and moves cannot be taken back.
fn play_game<R: Input, W: Write>(
    console: &mut Console<R, W>,
    store: &dyn Store,
    options: &Options,
    sides: &mut ByPlayer<Side>,
    number: u32,
) -> Step<()> {
    let dims = options.dims;
    let empty = Position::with_rule(dims, options.rule).map_err(anyhow::Error::from)?;
    let mut round = Round::new(empty);
    // The opening settles who plays X; the sides swap back after the game, so that the
    // rematch's opener is the other person.
    let swapped = settle_colours(console, sides, &mut round, options, number)?;
    if swapped {
        std::mem::swap(&mut sides.x, &mut sides.o);
    }
    round.fixed = round.moves.len();
    let computers_only = sides.x.seat.is_machine() && sides.o.seat.is_machine();
    let watching = console.screen().clear && computers_only;
    let clock = match options.clock {
        TimeControl::None => String::new(),
        control => format!(", clock {control}"),
    };
    let title = format!(
        "Round {number}: {} vs {}, {} in a row wins{clock}.",
        sides.x.who(Player::X),
        sides.o.who(Player::O),
        dims.k()
    );
    // The welcome and the statistics stay on the screen until someone has had the time to
    // read them: a human's first move, or the second board of two computers.
    let fresh_screen = |round: &Round| {
        number > 1 || round.human_moved || (computers_only && round.moves.len() > 1)
    };
    // The clocks start after the opening, whose stones are placed untimed, once the first
    // board is on the screen: drawing it is not the player's time.
    let mut timer = Timer::new(options.clock);
    let mut started = false;
    while !round.pos.is_over() {
        // A computer's first move is drawn at once; there is no point in an empty board.
        let drawn = !(round.moves.is_empty() && sides.x.seat.is_machine());
        if drawn {
            round.draw(console, &title, fresh_screen(&round))?;
        }
        if !started {
            // A fresh timer counts from now, so the first clock shown is the full time.
            timer = Timer::new(options.clock);
            timer.start(round.pos.turn());
            started = true;
        }
        if drawn {
            show_clocks(console, &timer)?;
        }
        let me = round.pos.turn();
        let who = sides.get(me).who(me);
        if watching && !round.moves.is_empty() {
            // Two computers on a terminal: slow enough to follow, on nobody's time.
            timer.stop();
            std::thread::sleep(Duration::from_millis(700));
            timer.start(me);
        }
        let side = sides.get_mut(me);
        let cell = if side.mover.is_machine() {
            if timer.is_timed() {
                let limit = timer.thinking_time(me, options.time_limit);
                side.mover.limit_thinking(limit);
            }
            match computer_turn(console, side, &mut round, &who)? {
                Some(cell) => cell,
                // Its program failed: the game ends with its forfeit.
                None => break,
            }
        } else {
            match human_turn(console, sides, &mut round, options, &who, &timer)? {
                Some(cell) => cell,
                None if round.time_out.is_some() => break,
                None => continue,
            }
        };
        if timer.press().is_err() {
            // The move came too late: it is not played.
            round.notes.pop();
            round.time_out = Some(TimeOut::new(&round.pos, me));
            break;
        }
        round.pos = round.pos.play(cell).map_err(anyhow::Error::from)?;
        round.moves.push(cell);
    }
    timer.stop();
    round.draw(console, &title, fresh_screen(&round))?;
    show_clocks(console, &timer)?;
    let ended = conclude(console, store, options, sides, round);
    if swapped {
        std::mem::swap(&mut sides.x, &mut sides.o);
    }
    ended
}

/// A program's turn: its move, or `None` when an outside program failed (its side's forfeit
/// is noted on the round).
fn computer_turn<R: Input, W: Write>(
    console: &mut Console<R, W>,
    side: &mut Side,
    round: &mut Round,
    who: &str,
) -> Step<Option<Cell>> {
    let me = round.pos.turn();
    let perfect = side.mover.level() == Some(Level::Perfect);
    let engine = matches!(side.mover, Mover::Engine(_));
    if console.screen().clear && (perfect || engine) {
        console.show(format!("{who} is thinking...\n"))?;
    }
    match side.mover.choose(&round.pos) {
        Ok(decision) => {
            let claimed = side.mover.level().map_or("", |l| claim(l, decision.value));
            round.note(format!(
                "{who} played {}{claimed}.",
                words::cell(decision.cell)
            ));
            Ok(Some(decision.cell))
        }
        Err(MoveError::Engine(failure)) => {
            let reason = failure.to_string();
            round.note(format!("{reason}."));
            round.forfeit = Some(Forfeit::new(me, &reason));
            Ok(None)
        }
        Err(e @ (MoveError::Person | MoveError::GameOver)) => {
            Err(anyhow::anyhow!("the computer found no move: {e}").into())
        }
    }
}

/// A person's turn: their move, or `None` after an undo or a hint (the turn starts again).
fn human_turn<R: Input, W: Write>(
    console: &mut Console<R, W>,
    sides: &ByPlayer<Side>,
    round: &mut Round,
    options: &Options,
    who: &str,
    timer: &Timer,
) -> Step<Option<Cell>> {
    let me = round.pos.turn();
    // With a clock there is no takeback to offer.
    let keys = if timer.is_timed() {
        "h hint, q quit"
    } else {
        "u undo, h hint, q quit"
    };
    let prompt = format!(
        "{who}, your move: row and column, e.g. {} ({keys}): ",
        example(options.dims)
    );
    let pos = round.pos;
    let played = console.ask_until_before(&prompt, timer.deadline(), |t| {
        parse_turn(t, &pos).map_err(|e| e.to_string())
    });
    match played {
        Ok(None) => {
            round.time_out = Some(TimeOut::new(&pos, me));
            Ok(None)
        }
        Ok(Some(Turn::Undo)) if timer.is_timed() => {
            // A clock cannot be wound back with the moves.
            round.notes = vec!["With a clock, moves cannot be taken back.".to_string()];
            Ok(None)
        }
        Ok(Some(Turn::Move(cell))) => {
            round.note(format!("{who} played {}.", words::cell(cell)));
            round.human_moved = true;
            Ok(Some(cell))
        }
        Ok(Some(Turn::Undo)) => {
            let opponent = if sides.get(me.other()).seat.is_machine() {
                Opponent::Machine
            } else {
                Opponent::Person
            };
            let keeps = takeback::keeps(round.moves.len(), me, opponent)
                .filter(|&keep| keep >= round.fixed);
            round.notes = vec![match keeps {
                Some(keep) => {
                    let against_computer = round.moves.len() - keep > 1;
                    round.moves.truncate(keep);
                    round.pos = replay(round.pos, &round.moves)?;
                    let next = sides.get(round.pos.turn()).who(round.pos.turn());
                    if against_computer {
                        let them = match sides.get(me.other()).seat {
                            Seat::Engine(_) => "the program",
                            _ => "the computer",
                        };
                        format!("{who} took back a move and {them}'s reply.")
                    } else {
                        format!("The last move was taken back: {next} to move.")
                    }
                }
                None => "There is no move to take back.".to_string(),
            }];
            Ok(None)
        }
        Ok(Some(Turn::Hint)) => {
            *round.hints.get_mut(me) += 1;
            console.show(format!("Looking for the best move for {who}...\n"))?;
            // A hint is thought about on the asker's time, within their share of it.
            let limit = timer.thinking_time(me, options.time_limit);
            round.notes = vec![match hint(&pos, limit) {
                Some(h) => format!("Hint for {who}: {} ({}).", words::cell(h.cell), h.prospect),
                None => "There is no move to hint at.".to_string(),
            }];
            Ok(None)
        }
        Err(stop @ (Stop::Quit | Stop::EndOfInput)) => {
            console.say("The game was not finished, so it was not saved.")?;
            Err(stop)
        }
        Err(e) => Err(e),
    }
}

/// The clocks, under the board, while there are any.
fn show_clocks<R: Input, W: Write>(console: &mut Console<R, W>, timer: &Timer) -> Step<()> {
    if timer.is_timed() {
        console.say(timer.line(true))?;
    }
    Ok(())
}

/// The position after `moves` from the empty board of `now`'s game (its size and rule).
fn replay(now: Position, moves: &[Cell]) -> Step<Position> {
    let mut pos = Position::with_rule(now.dims(), now.rule()).map_err(anyhow::Error::from)?;
    for &cell in moves {
        pos = pos.play(cell).map_err(anyhow::Error::from)?;
    }
    Ok(pos)
}

/// An example move that is on the board.
fn example(dims: Dims) -> String {
    format!("{} {}", dims.rows().min(2), dims.cols().min(3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_store::SqliteStore;

    fn options(x: Option<&str>, o: Option<&str>) -> Options {
        Options {
            dims: Dims::new(3, 3, 3).unwrap(),
            rule: Rule::Freestyle,
            opening: Opening::None,
            x: x.map(|s| s.parse().unwrap()),
            o: o.map(|s| s.parse().unwrap()),
            seed: Some(1),
            time_limit: Duration::from_secs(1),
            engine_time: Duration::from_secs(1),
            clock: TimeControl::None,
        }
    }

    /// Plays a session on `input` and returns what it printed and how it ended.
    fn play(store: &SqliteStore, options: &Options, input: &str) -> (String, anyhow::Result<()>) {
        let mut out = Vec::new();
        let mut console = Console::new(input.as_bytes(), &mut out, Screen::default(), true);
        let ended = session(&mut console, store, options);
        let result = finish(&mut console, ended);
        (String::from_utf8(out).unwrap(), result)
    }

    #[test]
    fn the_welcome_names_the_game_and_how_to_win_it() {
        let classic = Dims::new(3, 3, 3).unwrap();
        let gomoku = Dims::new(15, 15, 5).unwrap();
        assert_eq!(
            welcome(classic, Rule::Freestyle),
            "Welcome to tic-tac-toe on a 3 x 3 board: get 3 in a row (across, down or \
             diagonally) to win."
        );
        assert!(welcome(gomoku, Rule::Freestyle).starts_with("Welcome to free-style gomoku"));
        assert!(welcome(gomoku, Rule::Caro).contains("unless the opponent blocks both ends"));
        let note = too_narrow(gomoku, Some(30)).unwrap();
        assert!(
            note.starts_with("This terminal is 30 columns wide and the board needs "),
            "{note}"
        );
        assert_eq!(too_narrow(gomoku, Some(200)), None);
        assert_eq!(
            too_narrow(gomoku, None),
            None,
            "not a terminal: nothing to say"
        );
    }

    #[test]
    fn defaults_are_the_classic_board() {
        let args = PlayArgs::defaults();
        assert_eq!(args.dims().unwrap(), Dims::new(3, 3, 3).unwrap());
        assert!(args.x.is_none() && args.o.is_none());
    }

    #[test]
    fn two_friends_play_and_the_result_is_saved() {
        let store = SqliteStore::open_in_memory().unwrap();
        // Ann takes the top row; Bo plays the middle row.
        let input = "Ann\nh\nBo\n1\n1 1\n2 1\n1,2\n2 2\n1 3\nn\n";
        let (out, result) = play(&store, &options(None, None), input);
        result.unwrap();
        assert!(out.contains("Hello, Ann! You are new here"), "{out}");
        assert!(out.contains("Ann (X) wins!"), "{out}");
        assert!(out.contains("[X][X][X]"), "{out}");
        assert!(out.contains("Thanks for playing!"), "{out}");
        assert_eq!(store.player("Ann").unwrap().unwrap().wins, 1);
        assert_eq!(store.player("Bo").unwrap().unwrap().losses, 1);
    }

    #[test]
    fn second_player_may_go_first() {
        let store = SqliteStore::open_in_memory().unwrap();
        let input = "Ann\nh\nBo\nbo\n";
        let (out, result) = play(&store, &options(None, None), input);
        result.unwrap();
        assert!(out.contains("Round 1: Bo (X) vs Ann (O)"), "{out}");
        assert!(out.contains("Bo (X), your move"), "{out}");
        assert!(out.contains("not finished, so it was not saved"), "{out}");
        assert!(store.recent_games(None, 10).unwrap().is_empty());
    }

    #[test]
    fn quitting_mid_game_saves_nothing_and_ends_well() {
        let store = SqliteStore::open_in_memory().unwrap();
        let (out, result) = play(
            &store,
            &options(Some("human:Ann"), Some("computer:easy")),
            "2 2\nq\n1 1\n",
        );
        result.unwrap();
        assert!(out.ends_with("Bye!\n"), "{out}");
        assert!(store.recent_games(None, 10).unwrap().is_empty());
        // Ann is new and finished no game: she is not on the leaderboard.
        assert!(store.players().unwrap().is_empty());
    }

    #[test]
    fn computers_play_each_other_without_questions() {
        let store = SqliteStore::open_in_memory().unwrap();
        let (out, result) = play(
            &store,
            &options(Some("computer:hard"), Some("computer:perfect")),
            "",
        );
        result.unwrap();
        assert!(!out.contains("your move"), "{out}");
        assert_eq!(store.recent_games(None, 10).unwrap().len(), 1);
        assert!(store.players().unwrap().is_empty());
    }
}
