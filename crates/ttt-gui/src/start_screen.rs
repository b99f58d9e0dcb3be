//! The start screen: the two players side by side (human or computer, name, difficulty),
//! the board, who moves first, and Play or Quit.
//!
//! It edits a [`StartChoices`] and says what the user asked for; checking the choices is
//! [`StartChoices::check`]'s business.

use eframe::egui::{
    self, Align, Button, ComboBox, Context, Frame, Id, Key, Layout, RichText, Slider, TextEdit, Ui,
    WidgetInfo, WidgetType,
};
use ttt_core::Player;
use ttt_store::MAX_NAME_CHARS;

use crate::accessibility::{group, name_menu};
use crate::choices::{
    clock_label, preset_label, Lineup, PlayerChoice, Seat, StartChoices, CLOCKS, CUSTOM_BOARD,
    MAX_SIDE,
};
use crate::session::{level_label, LEVELS};
use crate::theme::{self, card};
use ttt_core::Preset;

/// What the user asked for on the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartAction {
    /// Start a game with these players.
    Play(Lineup),
    /// Close the window.
    Quit,
}

/// The widest the start screen's content grows, so that it stays readable on a big window.
const CONTENT_WIDTH: f32 = 820.0;

/// Draws the start screen: the choices in the middle (scrolling on a small window), and
/// below them, always in view, what is wrong with them and the Play and Quit buttons.
/// `focus_name` puts the cursor in player 1's name (when the screen first appears);
/// `db_problem` is why results cannot be saved, if they cannot.
pub fn show(
    ctx: &Context,
    choices: &mut StartChoices,
    focus_name: bool,
    db_problem: Option<&str>,
) -> Option<StartAction> {
    // Enter plays when no field has the keyboard (in a name field it ends the typing).
    let enter_plays =
        ctx.memory(|m| m.focused().is_none()) && ctx.input(|i| i.key_pressed(Key::Enter));
    let mut play = false;
    let mut quit = false;
    egui::TopBottomPanel::bottom("start buttons")
        .frame(Frame::new().fill(theme::PAGE).inner_margin(12))
        .show_separator_line(false)
        .show(ctx, |ui| {
            centred(ui, CONTENT_WIDTH, |ui| {
                // Checked before this frame's edits (the panel comes first); Play checks again.
                let checked = choices.check();
                if let Err(e) = &checked {
                    ui.colored_label(theme::ERROR, e.to_string());
                }
                if let Some(problem) = db_problem {
                    ui.colored_label(
                        theme::ERROR,
                        format!(
                            "The results cannot be saved: {problem}. You can still play; to \
                             keep results, start again with ttt gui --db PATH."
                        ),
                    );
                }
                ui.horizontal(|ui| {
                    let width = 2.0 * 120.0 + ui.spacing().item_spacing.x;
                    ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                    let button = Button::new(RichText::new("Play").strong().color(theme::PANEL))
                        .fill(theme::ACCENT)
                        .min_size(egui::vec2(120.0, 36.0));
                    play = ui.add_enabled(checked.is_ok(), button).clicked();
                    quit = ui
                        .add(Button::new("Quit").min_size(egui::vec2(120.0, 36.0)))
                        .clicked();
                });
            });
        });
    egui::CentralPanel::default()
        .frame(Frame::new().fill(theme::PAGE).inner_margin(16))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                // Room on the right for the scroll bar, which floats over the content.
                let width = CONTENT_WIDTH.min(ui.available_width() - 14.0);
                centred(ui, width, |ui| form(ui, choices, focus_name));
            });
        });
    if quit {
        return Some(StartAction::Quit);
    }
    if play || enter_plays {
        return choices.check().ok().map(StartAction::Play);
    }
    None
}

/// The players, the board and who moves first.
fn form(ui: &mut Ui, choices: &mut StartChoices, focus_name: bool) {
    ui.vertical_centered(|ui| {
        ui.label(RichText::new("Tic-Tac-Toe").size(34.0).strong());
    });
    ui.add_space(4.0);
    ui.label(RichText::new("Who is playing?").size(20.0).strong());
    ui.columns(2, |columns| {
        for (ui, seat) in columns.iter_mut().zip(Seat::BOTH) {
            let mark = if seat == choices.first {
                Player::X
            } else {
                Player::O
            };
            player_panel(
                ui,
                seat,
                mark,
                choices.players.get_mut(seat),
                focus_name && seat == Seat::One,
            );
        }
    });
    ui.add_space(4.0);
    board_panel(ui, choices);
    ui.add_space(8.0);
}

/// Lays out `content` in a column at most `width` wide, centred in `ui`.
pub fn centred<R>(ui: &mut Ui, width: f32, content: impl FnOnce(&mut Ui) -> R) -> R {
    let available = ui.available_rect_before_wrap();
    let width = width.min(available.width());
    let left = available.left() + (available.width() - width) / 2.0;
    let rect = egui::Rect::from_min_size(
        egui::pos2(left, available.top()),
        egui::vec2(width, available.height()),
    );
    let inner = ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(Layout::top_down(Align::Min)),
        content,
    );
    inner.inner
}

fn player_panel(ui: &mut Ui, seat: Seat, mark: Player, choice: &mut PlayerChoice, focus: bool) {
    let id = Id::new(("player panel", seat));
    group(&ui.ctx().clone(), id, seat.title(), || {
        card().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(mark.to_string())
                        .size(20.0)
                        .strong()
                        .color(theme::mark_colour(mark)),
                );
                ui.label(RichText::new(seat.title()).size(18.0).strong());
                let role = match mark {
                    Player::X => "(X, moves first)",
                    Player::O => "(O)",
                };
                ui.label(RichText::new(role).color(theme::MUTED));
            });
            ui.add_space(4.0);
            let human = ui.checkbox(&mut choice.human, "Is player human");
            // Two boxes read "Is player human": a screen reader hears whose.
            let enabled = human.enabled();
            let label = format!("Is {} human", seat.title().to_lowercase());
            let checked = choice.human;
            human.widget_info(|| {
                WidgetInfo::selected(WidgetType::Checkbox, enabled, checked, &label)
            });
            ui.add_space(4.0);
            let name_label = ui.add_enabled(choice.human, egui::Label::new("Name"));
            let name = ui.add_enabled(
                choice.human,
                TextEdit::singleline(&mut choice.name)
                    .hint_text(seat.title())
                    .char_limit(MAX_NAME_CHARS)
                    .desired_width(f32::INFINITY),
            );
            let name = name.labelled_by(name_label.id);
            if focus && choice.human {
                name.request_focus();
            }
            ui.add_space(4.0);
            let label = ui.add_enabled(!choice.human, egui::Label::new("Difficulty"));
            ui.add_enabled_ui(!choice.human, |ui| {
                let engine = choice
                    .engine
                    .as_ref()
                    .map(|spec| format!("Engine {}", spec.short_name()));
                let selected = match &engine {
                    Some(name) if choice.plays_engine => name.clone(),
                    _ => level_label(choice.level).to_string(),
                };
                let combo = ComboBox::from_id_salt(("difficulty", seat))
                    .selected_text(selected.as_str())
                    .width(ui.available_width() - 8.0)
                    .show_ui(ui, |ui| {
                        for (level, label) in LEVELS {
                            let chosen = !choice.plays_engine && choice.level == level;
                            if ui.selectable_label(chosen, label).clicked() {
                                choice.level = level;
                                choice.plays_engine = false;
                            }
                        }
                        if let Some(name) = &engine {
                            if ui.selectable_label(choice.plays_engine, name).clicked() {
                                choice.plays_engine = true;
                            }
                        }
                    });
                name_menu(&combo.response, &label, &selected);
            });
        });
    });
}

/// A rule as the menu shows it: its name and what wins.
fn rule_label(rule: ttt_core::Rule) -> &'static str {
    match rule {
        ttt_core::Rule::Freestyle => "Free-style: K or more in a row",
        ttt_core::Rule::Standard => "Standard: exactly K in a row",
        ttt_core::Rule::Renju => "Renju: five; X may not make 3-3, 4-4 or six",
        ttt_core::Rule::Caro => "Caro: K or more, not blocked at both ends",
    }
}

/// An opening as the menu shows it.
fn opening_label(opening: ttt_core::Opening) -> &'static str {
    match opening {
        ttt_core::Opening::None => "None: the first player plays X",
        ttt_core::Opening::Swap => "Swap: three stones, then the other chooses",
        ttt_core::Opening::Swap2 => "Swap2: three stones; take a colour or place two more",
    }
}

fn board_panel(ui: &mut Ui, choices: &mut StartChoices) {
    group(&ui.ctx().clone(), Id::new("board panel"), "Board", || {
        card().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let label = ui.label(RichText::new("Board size").size(18.0).strong());
            let selected = choices
                .preset()
                .map_or_else(|| CUSTOM_BOARD.to_string(), preset_label);
            let combo = ComboBox::from_id_salt("board size")
                .selected_text(selected.as_str())
                .width(ui.available_width() - 8.0)
                .show_ui(ui, |ui| {
                    for preset in Preset::ALL {
                        let current = choices.preset() == Some(preset);
                        if ui.selectable_label(current, preset_label(preset)).clicked() {
                            choices.choose_preset(preset);
                        }
                    }
                });
            name_menu(&combo.response, &label, &selected);
            ui.add_space(4.0);
            ui.columns(3, |columns| {
                let sliders = [
                    ("Rows", &mut choices.rows),
                    ("Columns", &mut choices.cols),
                    ("In a row", &mut choices.k),
                ];
                for (ui, (text, value)) in columns.iter_mut().zip(sliders) {
                    let label = ui.label(text);
                    ui.spacing_mut().slider_width = (ui.available_width() - 60.0).max(60.0);
                    let slider = ui.add(Slider::new(value, 1..=MAX_SIDE).integer());
                    slider.labelled_by(label.id);
                }
            });
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let label = ui.label("Rule");
                let combo = ComboBox::from_id_salt("rule")
                    .selected_text(rule_label(choices.rule))
                    .width(ui.available_width() - 8.0)
                    .show_ui(ui, |ui| {
                        for rule in ttt_core::Rule::ALL {
                            ui.selectable_value(&mut choices.rule, rule, rule_label(rule));
                        }
                    });
                combo.response.labelled_by(label.id);
            });
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let label = ui.label("Opening");
                let combo = ComboBox::from_id_salt("opening")
                    .selected_text(opening_label(choices.opening))
                    .width(ui.available_width() - 8.0)
                    .show_ui(ui, |ui| {
                        for opening in ttt_core::Opening::ALL {
                            ui.selectable_value(
                                &mut choices.opening,
                                opening,
                                opening_label(opening),
                            );
                        }
                    });
                combo.response.labelled_by(label.id);
            });
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let label = ui.label("Clock");
                let selected = clock_label(choices.clock);
                let combo = ComboBox::from_id_salt("clock")
                    .selected_text(selected.as_str())
                    .width(ui.available_width() - 8.0)
                    .show_ui(ui, |ui| {
                        for clock in CLOCKS {
                            ui.selectable_value(&mut choices.clock, clock, clock_label(clock));
                        }
                    });
                name_menu(&combo.response, &label, &selected);
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                ui.label("Who moves first (and plays X)?");
                for seat in Seat::BOTH {
                    ui.radio_value(&mut choices.first, seat, seat.title());
                }
            });
        });
    });
}
