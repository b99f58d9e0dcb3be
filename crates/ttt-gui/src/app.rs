//! The application: the start screen, then the game screen, over one database.
//!
//! [`App::show`] draws one frame on an [`egui::Context`]; the window ([`crate::run`]) calls
//! it through [`eframe::App`], and the tests call it from `egui_kittest`'s harness with no
//! window at all.

use std::sync::Arc;

use eframe::egui::{self, Context, ViewportCommand};
use ttt_store::Store;

use crate::choices::StartChoices;
use crate::game_screen::{GameAction, GameScreen};
use crate::session::{Pace, Session, Wake};
use crate::start_screen::{self, StartAction};
use crate::{theme, Options};

/// The least time between two computers' moves, so that people can follow their game.
const BETWEEN_COMPUTERS: std::time::Duration = std::time::Duration::from_millis(600);

/// Which screen the window shows.
#[derive(Debug)]
enum Screen {
    /// The players and the board are being chosen.
    Start {
        /// Put the cursor in player 1's name on the next frame.
        focus_name: bool,
    },
    /// A game is on (or just over).
    Game(Box<GameScreen>),
}

/// The desktop game: its screens, the players' choices and the database.
pub struct App {
    store: Option<Box<dyn Store>>,
    /// Why the database cannot be used, shown on the start screen.
    db_problem: Option<String>,
    pace: Pace,
    choices: StartChoices,
    screen: Screen,
    styled: bool,
    wake: Option<Wake>,
}

impl App {
    /// The window's content for `options`, opening the database. A database that cannot be
    /// used is left untouched and said so on the start screen; games can still be played,
    /// unsaved.
    #[must_use]
    pub fn new(options: &Options) -> App {
        let (store, db_problem) = match options.db.open() {
            Ok(store) => (Some(store), None),
            Err(e) => (None, Some(e.to_string())),
        };
        App {
            store,
            db_problem,
            pace: Pace {
                seed: options.seed,
                time_limit: options.time_limit,
                engine_time: options.engine_time,
                between_computers: BETWEEN_COMPUTERS,
            },
            choices: StartChoices {
                rule: options.rule,
                opening: options.opening,
                clock: options.clock,
                ..StartChoices::new(options.dims).with_engines(options.engines.clone())
            },
            screen: Screen::Start { focus_name: true },
            styled: false,
            wake: None,
        }
    }

    /// Draws one frame, acting on what the user did since the last one.
    pub fn show(&mut self, ctx: &Context) {
        if !self.styled {
            theme::apply(ctx);
            self.styled = true;
        }
        let wake = Arc::clone(self.wake.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Arc::new(move || ctx.request_repaint())
        }));
        // Ctrl+Q (Cmd+Q on a Mac) quits, as in most desktop programs.
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Q)) {
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
        let store = self.store.as_deref();
        match &mut self.screen {
            Screen::Start { focus_name } => {
                let focus = std::mem::take(focus_name);
                let action =
                    start_screen::show(ctx, &mut self.choices, focus, self.db_problem.as_deref());
                match action {
                    Some(StartAction::Play(lineup)) => {
                        let session = Session::new(lineup, self.pace, store);
                        self.screen = Screen::Game(Box::new(GameScreen::new(session)));
                        ctx.request_repaint();
                    }
                    Some(StartAction::Quit) => ctx.send_viewport_cmd(ViewportCommand::Close),
                    None => {}
                }
            }
            Screen::Game(game) => match game.show(ctx, store, &wake) {
                Some(GameAction::ChangePlayers) => {
                    self.screen = Screen::Start { focus_name: false };
                    ctx.request_repaint();
                }
                Some(GameAction::Quit) => ctx.send_viewport_cmd(ViewportCommand::Close),
                None => {}
            },
        }
    }

    /// The session on the game screen, if a game is on.
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        match &self.screen {
            Screen::Game(game) => Some(&game.session),
            Screen::Start { .. } => None,
        }
    }

    /// Why the database cannot be used, if it cannot.
    #[must_use]
    pub fn db_problem(&self) -> Option<&str> {
        self.db_problem.as_deref()
    }
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("db_problem", &self.db_problem)
            .field("choices", &self.choices)
            .field("screen", &self.screen)
            .finish_non_exhaustive()
    }
}

impl eframe::App for App {
    fn update(&mut self, ctx: &Context, _frame: &mut eframe::Frame) {
        self.show(ctx);
    }
}
