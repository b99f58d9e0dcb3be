//! `/api/config`: what a client may choose from — the board and name limits, the computer
//! levels, the operator's engines and the named boards — so that the page builds its choices from the server that
//! enforces them instead of keeping its own copy.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::Serialize;
use ttt_ai::Level;
use ttt_core::Preset;

use crate::json::Json;
use crate::limits::Limits;
use crate::state::{AppState, Engines};

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
    /// The outside programs the operator offers, by name: a player is
    /// `{"kind": "computer", "level": "engine:NAME"}`.
    engines: Vec<String>,
    presets: Vec<PresetView>,
    /// The boards that have ratings: each preset's name under free-style, `PRESET-RULE`
    /// under another rule.
    rated_boards: Vec<String>,
}

/// A named board (the same as `ttt play --preset` offers).
#[derive(Debug, Serialize)]
struct PresetView {
    /// The name `ttt play --preset` takes, in kebab case.
    name: &'static str,
    /// What people call the game on this board, where that says more than its size.
    title: Option<&'static str>,
    rows: usize,
    cols: usize,
    k: usize,
}

/// The limits a client can check before it asks; the others (body size, time) are the
/// server's business.
#[derive(Debug, Serialize)]
struct LimitsView {
    max_side: usize,
    max_name_chars: usize,
    /// Seconds the player to move must have been away before the other may claim the win.
    claim_after_seconds: u64,
}

async fn show(State(state): State<AppState>) -> Json<ConfigView> {
    Json(view(&state.limits, &state.engines))
}

fn view(limits: &Limits, engines: &Engines) -> ConfigView {
    ConfigView {
        limits: LimitsView {
            max_side: limits.max_side,
            max_name_chars: ttt_store::MAX_NAME_CHARS,
            claim_after_seconds: limits.claim_after.as_secs(),
        },
        levels: Level::ALL.iter().map(|level| level.name()).collect(),
        default_level: DEFAULT_LEVEL.name(),
        engines: engines.keys().cloned().collect(),
        presets: Preset::ALL
            .iter()
            .map(|&p| {
                let dims = p.dims();
                PresetView {
                    name: p.name(),
                    title: p.title(),
                    rows: dims.rows(),
                    cols: dims.cols(),
                    k: dims.k(),
                }
            })
            .collect(),
        rated_boards: ttt_store::rating_boards(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_fits_the_default_limits() {
        let limits = Limits::default();
        let config = view(&limits, &Engines::new());
        assert_eq!(config.presets.len(), Preset::ALL.len());
        for p in &config.presets {
            assert!(
                p.rows <= limits.max_side && p.cols <= limits.max_side,
                "{}",
                p.name
            );
        }
        assert_eq!(config.presets[0].name, "classic");
    }
}
