//! `/api/config`: what a client may choose from — the board and name limits, the computer
//! levels and the named boards — so that the page builds its choices from the server that
//! enforces them instead of keeping its own copy.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Serialize;
use ttt_ai::Level;
use ttt_core::Dims;

use crate::{AppState, Json, Limits};

/// A board with a name, so nobody has to remember that gomoku is 15 x 15 with five in a row.
///
/// The same boards as `ttt play --preset`, under the same names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// The name `ttt play --preset` takes, in kebab case.
    pub name: &'static str,
    /// What people call the game on this board, where that says more than its size.
    pub title: Option<&'static str>,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How many in a row win.
    pub k: usize,
}

impl Preset {
    /// The board's dimensions.
    ///
    /// ```
    /// let gomoku = ttt_server::PRESETS.iter().find(|p| p.name == "gomoku").unwrap();
    /// assert_eq!(gomoku.dims().k(), 5);
    /// ```
    #[must_use]
    pub fn dims(&self) -> Dims {
        Dims::new(self.rows, self.cols, self.k).expect("every preset is a valid board")
    }
}

/// Every named board, the default (the classic game) first.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "classic",
        title: Some("Classic"),
        rows: 3,
        cols: 3,
        k: 3,
    },
    Preset {
        name: "four-by-four",
        title: None,
        rows: 4,
        cols: 4,
        k: 4,
    },
    Preset {
        name: "five-by-five",
        title: None,
        rows: 5,
        cols: 5,
        k: 4,
    },
    Preset {
        name: "six-by-seven",
        title: None,
        rows: 6,
        cols: 7,
        k: 3,
    },
    Preset {
        name: "gomoku",
        title: Some("Gomoku"),
        rows: 15,
        cols: 15,
        k: 5,
    },
];

/// The level of a computer player whose request names none.
pub const DEFAULT_LEVEL: Level = Level::Medium;

/// The routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/api/config", get(show))
}

/// `GET /api/config`.
#[derive(Debug, Serialize)]
struct ConfigView {
    limits: LimitsView,
    /// Level names, weakest first.
    levels: Vec<&'static str>,
    default_level: &'static str,
    presets: &'static [Preset],
}

/// The limits a client can check before it asks; the others (body size, time) are the
/// server's business.
#[derive(Debug, Serialize)]
struct LimitsView {
    max_side: usize,
    max_name_chars: usize,
}

async fn show(State(state): State<AppState>) -> Json<ConfigView> {
    Json(view(&state.limits))
}

fn view(limits: &Limits) -> ConfigView {
    ConfigView {
        limits: LimitsView {
            max_side: limits.max_side,
            max_name_chars: limits.max_name_chars,
        },
        levels: Level::ALL.iter().map(|level| level.name()).collect(),
        default_level: DEFAULT_LEVEL.name(),
        presets: PRESETS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_a_valid_board_within_the_default_limits_with_a_unique_name() {
        let limits = Limits::default();
        for (i, preset) in PRESETS.iter().enumerate() {
            let dims = preset.dims();
            assert!(dims.rows() <= limits.max_side && dims.cols() <= limits.max_side);
            assert!(
                preset
                    .name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
                "{} is kebab case",
                preset.name
            );
            assert!(PRESETS[..i].iter().all(|p| p.name != preset.name));
        }
        assert_eq!(PRESETS[0].dims(), Dims::new(3, 3, 3).unwrap());
    }
}
