//! The desktop game: a native window titled "Tic-Tac-Toe", on the same rules, computer
//! players and database as `ttt play` and `ttt serve`.
//!
//! Seed 000's GUI, kept where sound: a start screen with two player panels (human or
//! computer, name, difficulty), the board and who moves first; a game screen with the
//! board in the centre and a score panel either side; at the end the winning line, the
//! results saved at once, and a dialog offering Play Again (the other player moves first)
//! or Quit.
//!
//! The parts, from the inside out:
//! - [`choices`]: what the start screen asks and its checks (pure);
//! - [`session`]: the games between two players, the computer thinking on its own thread,
//!   the results saved to the [`ttt_store::Store`] (no drawing);
//! - `board`, `start_screen`, `game_screen`: drawing them with egui;
//! - [`App`]: the screens together, one frame at a time, which the tests drive through
//!   `egui_kittest` with no window;
//! - [`run`]: the window itself (eframe, OpenGL).
//!
//! Nothing here prints: failures come back as a [`GuiError`] for the binary to report.

mod accessibility;
mod app;
mod board;
pub mod choices;
mod game_screen;
pub mod session;
mod start_screen;
mod theme;

use std::time::Duration;

use ttt_core::Dims;

pub use app::App;
pub use choices::MAX_SIDE;

/// What `ttt gui` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The database of players and games (`--db`, `$TTT_DB`, or the default path).
    pub db: ttt_store::Location,
    /// The board the start screen offers first (at most [`MAX_SIDE`] a side).
    pub dims: Dims,
    /// How long the perfect computer player may think about a move.
    pub time_limit: Duration,
    /// Seed for the computer players' random choices, to play the same games again.
    pub seed: Option<u64>,
    /// How long an outside program has for each move.
    pub engine_time: Duration,
    /// The rule the start screen offers first.
    pub rule: ttt_core::Rule,
    /// The opening the start screen offers first.
    pub opening: ttt_core::Opening,
    /// The clock the start screen offers first.
    pub clock: ttt_core::TimeControl,
    /// Outside programs for player 1 (who moves first) and player 2, offered at the start
    /// screen in their difficulty menus and chosen there.
    pub engines: choices::BySeat<Option<ttt_pbrain::manager::EngineSpec>>,
}

impl Options {
    /// The classic 3 x 3 board, the perfect player thinking up to two seconds a move as in
    /// `ttt play`, and computers choosing differently every game.
    #[must_use]
    pub fn new(db: ttt_store::Location) -> Options {
        Options {
            db,
            dims: Dims::new(3, 3, 3).expect("3 x 3 with three in a row is a board"),
            time_limit: Duration::from_secs(2),
            seed: None,
            engine_time: Duration::from_secs(2),
            rule: ttt_core::Rule::Freestyle,
            opening: ttt_core::Opening::None,
            clock: ttt_core::TimeControl::None,
            engines: choices::BySeat::default(),
        }
    }
}

/// Why the window could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum GuiError {
    /// There is no display to open a window on (no X server or Wayland compositor).
    #[error(
        "cannot open a window: no display is available ({0}); play in the terminal with \
         `ttt play`, or in a browser with `ttt serve`"
    )]
    NoDisplay(String),
    /// The board asked for is larger than the window offers.
    #[error(
        "a board of {rows} by {cols} is too large for the window: rows and columns go up to \
         {MAX_SIDE} (`ttt play` takes larger boards)"
    )]
    BoardTooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The window system or OpenGL failed.
    #[error("cannot open a window: {0}")]
    Window(String),
}

impl GuiError {
    /// Whether the user can fix this by asking differently (a board too large, no display),
    /// as opposed to a failure of the window system.
    #[must_use]
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            GuiError::NoDisplay(_) | GuiError::BoardTooLarge { .. }
        )
    }
}

/// Opens the window and runs the game until the window is closed or Quit is pressed.
/// Must be called on the main thread.
///
/// # Errors
/// [`GuiError::BoardTooLarge`] before any window opens; [`GuiError::NoDisplay`] when there
/// is no display; [`GuiError::Window`] when the window or its OpenGL context fails.
pub fn run(options: Options) -> Result<(), GuiError> {
    let (rows, cols) = (options.dims.rows(), options.dims.cols());
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(GuiError::BoardTooLarge { rows, cols });
    }
    if let Some(missing) = missing_display() {
        return Err(GuiError::NoDisplay(missing));
    }
    let native = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("Tic-Tac-Toe")
            .with_app_id("ttt")
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([760.0, 560.0]),
        renderer: eframe::Renderer::Glow,
        centered: true,
        ..Default::default()
    };
    let result = eframe::run_native(
        "Tic-Tac-Toe",
        native,
        Box::new(move |_creation| Ok(Box::new(App::new(&options)))),
    );
    result.map_err(|e| match e {
        // The event loop is where winit connects to the display.
        eframe::Error::WinitEventLoop(e) => {
            let reason = e.to_string();
            let mut reason = without_location(&reason).to_string();
            for name in ["WAYLAND_DISPLAY", "DISPLAY"] {
                if let Some(value) = std::env::var_os(name).filter(|v| !v.is_empty()) {
                    reason.push_str(&format!(", {name}={}", value.to_string_lossy()));
                }
            }
            GuiError::NoDisplay(reason)
        }
        e => GuiError::Window(e.to_string()),
    })
}

/// On Linux and the BSDs, a window needs `DISPLAY` (X11) or `WAYLAND_DISPLAY`: when neither
/// is set, says so, rather than let the window system fail less clearly.
fn missing_display() -> Option<String> {
    if !cfg!(all(
        unix,
        not(target_os = "macos"),
        not(target_os = "android")
    )) {
        return None;
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("WAYLAND_SOCKET") {
        None
    } else {
        Some("neither DISPLAY nor WAYLAND_DISPLAY is set".to_string())
    }
}

/// winit's message without the source file and line it starts with
/// (`os error at src/x.rs:788: Failed to open connection to X server`).
fn without_location(message: &str) -> &str {
    message
        .strip_prefix("os error at ")
        .and_then(|rest| rest.split_once(": "))
        .map_or(message, |(_, reason)| reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_beyond_the_window_are_refused_before_any_window() {
        let mut options = Options::new(ttt_store::Location::File("unused.db".into()));
        options.dims = Dims::new(20, 5, 5).unwrap();
        let e = run(options).unwrap_err();
        assert!(e.is_usage());
        assert_eq!(
            e.to_string(),
            "a board of 20 by 5 is too large for the window: rows and columns go up to 19 \
             (`ttt play` takes larger boards)"
        );
    }

    #[test]
    fn window_system_messages_lose_their_source_location() {
        assert_eq!(
            without_location(
                "os error at /src/platform_impl/linux/mod.rs:788: Failed to open connection"
            ),
            "Failed to open connection"
        );
        assert_eq!(without_location("no backend"), "no backend");
    }

    #[test]
    fn errors_point_elsewhere_when_there_is_no_display() {
        let e = GuiError::NoDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set".into());
        let text = e.to_string();
        assert!(
            text.contains("`ttt play`") && text.contains("`ttt serve`"),
            "{text}"
        );
        assert!(!text.contains('\n'));
        assert!(e.is_usage());
        assert!(!GuiError::Window("no OpenGL".into()).is_usage());
    }
}
