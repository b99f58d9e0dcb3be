//! The window's look: the web game's colours (a light page, X in orange, O in blue, the
//! winning line highlighted) and larger text than egui's defaults, so the desktop and the
//! browser game look like one game.

use eframe::egui::{self, Color32, FontId, Frame, Margin, TextStyle};
use ttt_core::Player;

/// The page behind everything.
pub const PAGE: Color32 = Color32::from_rgb(0xf3, 0xf4, 0xf8);
/// Panels and empty squares.
pub const PANEL: Color32 = Color32::WHITE;
/// Borders of panels and squares.
pub const BORDER: Color32 = Color32::from_rgb(0xd5, 0xd8, 0xe2);
/// Headings and marks' outlines.
pub const INK: Color32 = Color32::from_rgb(0x1c, 0x1f, 0x2e);
/// Secondary text.
pub const MUTED: Color32 = Color32::from_rgb(0x5b, 0x61, 0x75);
/// The accent: the Play button, the player to move, the keyboard cursor.
pub const ACCENT: Color32 = Color32::from_rgb(0x43, 0x38, 0xca);
/// X's colour.
pub const X_MARK: Color32 = Color32::from_rgb(0xc2, 0x41, 0x0c);
/// O's colour.
pub const O_MARK: Color32 = Color32::from_rgb(0x1d, 0x4e, 0xd8);
/// A square of the winning line.
pub const WIN_FILL: Color32 = Color32::from_rgb(0xfd, 0xe6, 0x8a);
/// The winning line's border.
pub const WIN_BORDER: Color32 = Color32::from_rgb(0x92, 0x40, 0x0e);
/// The ring around the last move.
pub const LAST_MOVE: Color32 = Color32::from_rgb(0xf5, 0x9e, 0x0b);
/// An empty square under the pointer when it can be played.
pub const HOVER_FILL: Color32 = Color32::from_rgb(0xe8, 0xe7, 0xfb);
/// Text fields.
pub const FIELD: Color32 = Color32::from_rgb(0xf7, 0xf8, 0xfb);
/// Buttons and menus at rest.
pub const BUTTON: Color32 = Color32::from_rgb(0xe9, 0xeb, 0xf2);
/// Selected text and menu items.
pub const SELECTION: Color32 = Color32::from_rgb(0xc7, 0xd2, 0xfe);
/// Error messages.
pub const ERROR: Color32 = Color32::from_rgb(0xb9, 0x1c, 0x1c);

/// The colour of a mark.
#[must_use]
pub fn mark_colour(mark: Player) -> Color32 {
    match mark {
        Player::X => X_MARK,
        Player::O => O_MARK,
    }
}

/// Applies the look to every frame drawn by `ctx`.
pub fn apply(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Light);
    ctx.style_mut_of(egui::Theme::Light, |style| {
        use egui::FontFamily::Proportional;
        style.text_styles = [
            (TextStyle::Heading, FontId::new(26.0, Proportional)),
            (TextStyle::Body, FontId::new(16.0, Proportional)),
            (TextStyle::Button, FontId::new(16.0, Proportional)),
            (TextStyle::Small, FontId::new(12.0, Proportional)),
            (
                TextStyle::Monospace,
                FontId::new(15.0, egui::FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.button_padding = egui::vec2(14.0, 6.0);
        style.spacing.item_spacing = egui::vec2(10.0, 8.0);
        style.spacing.interact_size.y = 28.0;
        let visuals = &mut style.visuals;
        visuals.panel_fill = PAGE;
        visuals.window_fill = PANEL;
        // Text fields: a pale fill and a border, so they show on the white cards.
        visuals.extreme_bg_color = FIELD;
        visuals.widgets.noninteractive.fg_stroke.color = INK;
        visuals.widgets.inactive.fg_stroke.color = INK;
        visuals.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, BORDER);
        visuals.widgets.inactive.weak_bg_fill = BUTTON;
        visuals.widgets.inactive.bg_fill = BUTTON;
        visuals.widgets.hovered.fg_stroke.color = Color32::BLACK;
        visuals.widgets.hovered.bg_stroke = egui::Stroke::new(1.0, ACCENT);
        visuals.widgets.active.fg_stroke.color = Color32::BLACK;
        visuals.selection.bg_fill = SELECTION;
        visuals.selection.stroke = egui::Stroke::new(2.0, ACCENT);
    });
}

/// A white, rounded card, as the web game's panels.
pub fn card() -> Frame {
    Frame::new()
        .fill(PANEL)
        .stroke(egui::Stroke::new(1.0, BORDER))
        .corner_radius(10.0)
        .inner_margin(Margin::same(16))
}
