//! The game screen: the board in the centre, a score panel for each player on either side,
//! whose turn it is above, Restart, Change Players and Quit below, and at the end a
//! dialog with the result and Play Again or Quit.
//!
//! The game itself is a [`Session`]; this module draws it and passes on what the player
//! did.

use eframe::egui::{
    self, accesskit, Align2, Button, Color32, Context, Frame, Id, Modal, RichText, Sense, Spinner,
    Stroke, Ui, WidgetInfo, WidgetType,
};
use ttt_core::Player;
use ttt_store::Store;

use crate::accessibility::group;
use crate::board::{self, BoardState, BoardView};
use crate::choices::Seat;
use crate::session::{Record, Saved, Session, Status, Wake};
use crate::theme::{self, card};

/// The game screen's state: the session and what the window adds to it.
#[derive(Debug)]
pub struct GameScreen {
    /// The players and their games.
    pub session: Session,
    board: BoardState,
    /// The end-of-game dialog is showing (it can be closed to look at the board).
    dialog_open: bool,
    /// The dialog's height when last drawn, to keep the board clear of it.
    dialog_height: f32,
    /// Give Play Again the keyboard when the dialog next shows, so Enter plays again.
    focus_play_again: bool,
    /// Why the square just clicked could not be played (renju's forbidden points), with the
    /// number of moves then: shown until the game moves on (a move, an undo, a new game).
    refusal: Option<(usize, String)>,
}

/// What the user asked for on the game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameAction {
    /// Back to the start screen.
    ChangePlayers,
    /// Close the window.
    Quit,
}

/// The width of each score panel.
const PANEL_WIDTH: f32 = 200.0;

/// The dialog's distance from the bottom of the window.
const DIALOG_MARGIN: f32 = 16.0;

/// The size of the line above the board.
const HEADLINE_SIZE: f32 = 26.0;

/// About the dialog's height, until it has been drawn once.
const DIALOG_HEIGHT: f32 = 220.0;

impl GameScreen {
    /// The screen of a session's first game.
    #[must_use]
    pub fn new(session: Session) -> GameScreen {
        GameScreen {
            board: BoardState::new(session.dims()),
            session,
            dialog_open: false,
            dialog_height: DIALOG_HEIGHT,
            focus_play_again: false,
            refusal: None,
        }
    }

    /// Draws a frame of the game screen, moving the game on (the computer's moves, saving
    /// the result) on the way.
    pub fn show(
        &mut self,
        ctx: &Context,
        store: Option<&dyn Store>,
        wake: &Wake,
    ) -> Option<GameAction> {
        if self.session.update(store, wake) {
            self.after_move();
        }
        // A running clock is redrawn, and read for running out, without waiting for input.
        if let Some(after) = self.session.clock_refresh() {
            ctx.request_repaint_after(after);
        }
        let mut action = None;
        let status = self.session.status();

        egui::TopBottomPanel::top("status")
            .frame(Frame::new().fill(theme::PAGE).inner_margin(12))
            .show_separator_line(false)
            .show(ctx, |ui| self.status_bar(ui, status));
        let bar = egui::TopBottomPanel::bottom("buttons")
            .frame(Frame::new().fill(theme::PAGE).inner_margin(12))
            .show_separator_line(false)
            .show(ctx, |ui| {
                // The dialog has its own buttons and stands where these are.
                if self.dialog_open {
                    return;
                }
                ui.vertical_centered(|ui| {
                    ui.horizontal(|ui| {
                        let over = matches!(status, Status::Won(_) | Status::Tie);
                        let buttons = if over { 3.0 } else { 5.0 };
                        let width = buttons * 120.0 + (buttons - 1.0) * ui.spacing().item_spacing.x;
                        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                        let size = egui::vec2(120.0, 34.0);
                        let choosing = self.opening_buttons(ui, size);
                        if !choosing && !over {
                            let undo = ui.add_enabled(
                                self.session.can_undo(),
                                Button::new("Undo").min_size(size),
                            );
                            if undo.clicked() && self.session.undo().is_ok() {
                                self.board.take_focus();
                            }
                            let human = matches!(status, Status::HumanToMove(_));
                            let hint = ui.add_enabled(
                                human && !self.session.is_hinting(),
                                Button::new("Hint").min_size(size),
                            );
                            if hint.clicked() {
                                let _ = self.session.ask_hint(wake);
                            }
                        }
                        // Once the dialog is closed, the bar offers what it offered.
                        if over {
                            if ui.add(Button::new("Play Again").min_size(size)).clicked() {
                                self.session.play_again();
                                self.after_restart();
                            }
                        } else if ui.add(Button::new("Restart").min_size(size)).clicked() {
                            self.session.restart();
                            self.after_restart();
                        }
                        if ui
                            .add(Button::new("Change Players").min_size(size))
                            .clicked()
                        {
                            action = Some(GameAction::ChangePlayers);
                        }
                        if ui.add(Button::new("Quit").min_size(size)).clicked() {
                            action = Some(GameAction::Quit);
                        }
                    });
                    ui.label(
                        RichText::new(
                            "Click a square to play, or use the keyboard: the arrow keys \
                             move, Enter or Space plays.",
                        )
                        .color(theme::MUTED)
                        .size(13.0),
                    );
                });
            });
        let bar_height = bar.response.rect.height();
        for seat in Seat::BOTH {
            let panel = match seat {
                Seat::One => egui::SidePanel::left("player 1"),
                Seat::Two => egui::SidePanel::right("player 2"),
            };
            panel
                .exact_width(PANEL_WIDTH)
                .resizable(false)
                .show_separator_line(false)
                .frame(Frame::new().fill(theme::PAGE).inner_margin(12))
                .show(ctx, |ui| self.score_panel(ui, seat, status));
        }
        egui::CentralPanel::default()
            .frame(Frame::new().fill(theme::PAGE).inner_margin(8))
            .show(ctx, |ui| {
                // The dialog sits at the bottom of the window: the board shrinks to stay
                // above it, winning line and all.
                let mut space = ui.available_rect_before_wrap();
                if self.dialog_open {
                    let covered = DIALOG_MARGIN + self.dialog_height + 8.0 - bar_height;
                    space.max.y -= covered.clamp(0.0, space.height() / 2.0);
                }
                let playable = matches!(status, Status::HumanToMove(_));
                let view = BoardView {
                    pos: self.session.position(),
                    last: self.session.last_move(),
                    hint: self.session.hint().map(|h| h.cell),
                    playable,
                    interactive: !self.dialog_open,
                };
                let chosen = ui
                    .scope_builder(egui::UiBuilder::new().max_rect(space), |ui| {
                        board::show(ui, &mut self.board, view)
                    })
                    .inner;
                if let Some(cell) = chosen {
                    match self.session.play(cell, store) {
                        Ok(()) => self.after_move(),
                        Err(why @ crate::session::Refused::Forbidden(_)) => {
                            let text =
                                format!("Row {}, column {}: {why}.", cell.row + 1, cell.col + 1);
                            self.refusal = Some((self.session.moves().len(), text));
                        }
                        Err(_) => {}
                    }
                }
            });
        if self.dialog_open {
            if let Some(dialog_action) = self.result_dialog(ctx) {
                action = Some(dialog_action);
            }
        }
        action
    }

    /// While the opening's person to act chooses a colour: Play X, Play O and (swap2) Place
    /// two more, in place of Undo and Hint. Returns whether they are shown.
    fn opening_buttons(&mut self, ui: &mut Ui, size: egui::Vec2) -> bool {
        let choosing = self
            .session
            .opening_phase()
            .filter(|(_, p)| p.may != [ttt_core::OpeningAction::Place]);
        let Some((_, phase)) = choosing else {
            return false;
        };
        for action in phase.may {
            let (choice, text) = match action {
                ttt_core::OpeningAction::TakeX => (ttt_core::Choice::TakeX, "Play X"),
                ttt_core::OpeningAction::TakeO => (ttt_core::Choice::TakeO, "Play O"),
                ttt_core::OpeningAction::PlaceTwo => (ttt_core::Choice::PlaceTwo, "Place two more"),
                ttt_core::OpeningAction::Place => continue,
            };
            let button = Button::new(RichText::new(text).strong())
                .fill(theme::ACCENT.gamma_multiply(0.2))
                .min_size(size);
            if ui.add(button).clicked() && self.session.choose(choice).is_ok() {
                self.board.take_focus();
            }
        }
        true
    }

    /// Opens the dialog when a move ended the game.
    fn after_move(&mut self) {
        // Over on the board, by a program's failure, or on time.
        if matches!(self.session.status(), Status::Won(_) | Status::Tie) {
            self.dialog_open = true;
            self.focus_play_again = true;
        }
    }

    fn after_restart(&mut self) {
        self.dialog_open = false;
        self.board = BoardState::new(self.session.dims());
    }

    fn status_bar(&self, ui: &mut Ui, status: Status) {
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                let headline = self.session.headline();
                let galley_width = ui.fonts(|f| {
                    f.layout_no_wrap(
                        headline.clone(),
                        egui::FontId::proportional(HEADLINE_SIZE),
                        Color32::BLACK,
                    )
                    .size()
                    .x
                });
                let thinking = matches!(status, Status::ComputerToMove(_));
                let width = galley_width + if thinking { 34.0 } else { 0.0 };
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                if thinking {
                    ui.add(Spinner::new().size(24.0).color(theme::ACCENT));
                }
                let colour = match status {
                    Status::HumanToMove(seat) | Status::ComputerToMove(seat) => {
                        theme::mark_colour(self.session.mark(seat))
                    }
                    Status::Won(_) | Status::Tie => theme::INK,
                };
                ui.label(
                    RichText::new(headline)
                        .size(HEADLINE_SIZE)
                        .strong()
                        .color(colour),
                );
            });
            let hint = self.session.hint().map(|h| {
                format!(
                    "Hint: row {}, column {} ({}).",
                    h.cell.row + 1,
                    h.cell.col + 1,
                    h.leads_to
                )
            });
            let note = match self.session.problem() {
                Some(problem) => {
                    RichText::new(format!("Something went wrong: {problem}.")).color(theme::ERROR)
                }
                None if self
                    .refusal
                    .as_ref()
                    .is_some_and(|(ply, _)| *ply == self.session.moves().len()) =>
                {
                    let text = self.refusal.as_ref().map(|(_, t)| t.clone());
                    RichText::new(text.unwrap_or_default()).color(theme::ERROR)
                }
                None if self.session.is_hinting() => {
                    RichText::new("Looking for the best move...").color(theme::MUTED)
                }
                None if hint.is_some() => {
                    RichText::new(hint.unwrap_or_default()).color(theme::ACCENT)
                }
                None => RichText::new(self.session.last_move_note().unwrap_or_else(|| {
                    format!(
                        "{} in a row wins, across, down or diagonally.",
                        self.session.dims().k()
                    )
                }))
                .color(theme::MUTED),
            };
            ui.label(note);
        });
    }

    fn score_panel(&self, ui: &mut Ui, seat: Seat, status: Status) {
        let session = &self.session;
        let mark = session.mark(seat);
        let to_move = matches!(
            status,
            Status::HumanToMove(s) | Status::ComputerToMove(s) if s == seat
        );
        let won = status == Status::Won(seat);
        let stroke = if to_move || won {
            Stroke::new(3.0, theme::mark_colour(mark))
        } else {
            Stroke::new(1.0, theme::BORDER)
        };
        let id = Id::new(("score panel", seat));
        group(&ui.ctx().clone(), id, seat.title(), || {
            card().stroke(stroke).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.vertical_centered(|ui| {
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(44.0, 44.0), Sense::hover());
                    board::draw_mark(ui.painter(), rect, mark, false);
                    ui.add(
                        egui::Label::new(RichText::new(session.name(seat)).size(20.0).strong())
                            .wrap(),
                    );
                    ui.label(
                        RichText::new(format!("{}, plays {mark}", seat.title()))
                            .color(theme::MUTED),
                    );
                    if mark == Player::X {
                        ui.label(RichText::new("Moves first").color(theme::MUTED).size(13.0));
                    }
                    if let Some(left) = session.clock_text(seat) {
                        clock(ui, seat, &left, session.clock_running() == Some(seat), mark);
                    }
                    ui.add_space(6.0);
                    match session.record(seat) {
                        Some(record) => self.record(ui, seat, record),
                        None => {
                            ui.label(
                                RichText::new("Computer players have no statistics.")
                                    .color(theme::MUTED)
                                    .size(13.0),
                            );
                        }
                    }
                    if to_move && session.is_thinking() {
                        ui.add_space(6.0);
                        ui.horizontal(|ui| {
                            ui.add(Spinner::new().size(16.0));
                            ui.label("Thinking...");
                        });
                    }
                });
            });
        });
    }

    fn record(&self, ui: &mut Ui, seat: Seat, record: &Record) {
        let (wins, losses, ties) = match record {
            Record::Saved(stats) => (stats.wins, stats.losses, stats.ties),
            Record::New | Record::NotKept | Record::Unreadable(_) => (0, 0, 0),
        };
        let name = self.session.name(seat);
        let summary = format!(
            "{name}: {}, {}, {}",
            count(wins, "win", "wins"),
            count(losses, "loss", "losses"),
            count(ties, "tie", "ties")
        );
        let rows = ui.scope(|ui| {
            egui::Grid::new(("record grid", seat))
                .num_columns(2)
                .spacing(egui::vec2(24.0, 2.0))
                .show(ui, |ui| {
                    for (label, value) in [("Wins", wins), ("Losses", losses), ("Ties", ties)] {
                        ui.label(RichText::new(label).color(theme::MUTED));
                        ui.label(RichText::new(value.to_string()).size(20.0).strong());
                        ui.end_row();
                    }
                });
        });
        // One sentence for screen readers (and the tests) in place of six small labels.
        rows.response
            .widget_info(|| WidgetInfo::labeled(WidgetType::Label, true, &summary));
        let note = match record {
            Record::Saved(_) => None,
            Record::New => {
                Some("New player: results are saved from the first finished game.".to_string())
            }
            Record::NotKept => Some("Results are not saved: there is no database.".to_string()),
            Record::Unreadable(e) => Some(format!("Results cannot be read: {e}")),
        };
        if let Some(note) = note {
            ui.add(egui::Label::new(RichText::new(note).size(12.0).color(theme::MUTED)).wrap());
        }
    }

    fn result_dialog(&mut self, ctx: &Context) -> Option<GameAction> {
        let session = &self.session;
        let headline = session.headline();
        let mut action = None;
        let mut play_again = false;
        let area = Modal::default_area(Id::new("result dialog"))
            .anchor(Align2::CENTER_BOTTOM, egui::vec2(0.0, -DIALOG_MARGIN));
        let modal = Modal::new(Id::new("result dialog"))
            .area(area)
            .backdrop_color(Color32::from_black_alpha(60))
            .frame(card().inner_margin(24))
            .show(ctx, |ui| {
                let dialog = Id::new("result dialog node");
                let ctx = ui.ctx().clone();
                ctx.accesskit_node_builder(dialog, |node| {
                    node.set_role(accesskit::Role::Dialog);
                    node.set_label(headline.as_str());
                });
                ctx.with_accessibility_parent(dialog, || {
                    ui.set_max_width(460.0);
                    ui.vertical_centered(|ui| {
                        ui.label(RichText::new(&headline).size(30.0).strong());
                        if let Some(detail) = session.result_detail() {
                            ui.label(detail);
                        }
                        let saved = match session.saved() {
                            Some(Saved::Game(id)) => RichText::new(format!(
                                "Saved as game {id} (ttt history --replay {id} shows it again)."
                            ))
                            .color(theme::MUTED),
                            Some(Saved::NotKept) => {
                                RichText::new("Not saved: there is no database.")
                                    .color(theme::MUTED)
                            }
                            Some(Saved::DoesNotCount) => RichText::new(format!(
                                "Not saved: games of fewer than {} in a row do not count.",
                                ttt_store::MIN_K_THAT_COUNTS
                            ))
                            .color(theme::MUTED),
                            Some(Saved::Failed(e)) => {
                                RichText::new(format!("The result could not be saved: {e}"))
                                    .color(theme::ERROR)
                            }
                            None => RichText::new(""),
                        };
                        ui.add(egui::Label::new(saved.size(13.0)).wrap());
                        ui.label(
                            RichText::new(format!(
                                "Next game: {} moves first. Esc shows the board.",
                                session.name(session.next_first())
                            ))
                            .color(theme::MUTED)
                            .size(13.0),
                        );
                        ui.add_space(10.0);
                        ui.horizontal(|ui| {
                            let width = 2.0 * 130.0 + ui.spacing().item_spacing.x;
                            ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                            let again = Button::new(
                                RichText::new("Play Again").strong().color(theme::PANEL),
                            )
                            .fill(theme::ACCENT)
                            .min_size(egui::vec2(130.0, 36.0));
                            let again = ui.add(again);
                            if std::mem::take(&mut self.focus_play_again) {
                                again.request_focus();
                            }
                            if again.clicked() {
                                play_again = true;
                            }
                            if ui
                                .add(Button::new("Quit").min_size(egui::vec2(130.0, 36.0)))
                                .clicked()
                            {
                                action = Some(GameAction::Quit);
                            }
                        });
                    });
                });
            });
        self.dialog_height = modal.response.rect.height();
        if play_again {
            self.session.play_again();
            self.after_restart();
        } else if modal.should_close() {
            self.dialog_open = false;
            self.board.take_focus();
        }
        action
    }
}

/// A player's clock in their panel: large, and on their colour while it runs. Screen
/// readers and the tests read it as `Player 1's clock: 4:53, running`.
fn clock(ui: &mut Ui, seat: Seat, left: &str, running: bool, mark: Player) {
    ui.add_space(4.0);
    let (fill, ink) = if running {
        (theme::mark_colour(mark), Color32::WHITE)
    } else {
        (theme::FIELD, theme::INK)
    };
    let shown = Frame::new()
        .fill(fill)
        .stroke(Stroke::new(1.0, theme::BORDER))
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(12, 4))
        .show(ui, |ui| {
            ui.label(
                RichText::new(left)
                    .size(26.0)
                    .monospace()
                    .strong()
                    .color(ink),
            );
        });
    let words = format!(
        "{}'s clock: {left}{}",
        seat.title(),
        if running { ", running" } else { "" }
    );
    shown
        .response
        .widget_info(|| WidgetInfo::labeled(WidgetType::Label, true, &words));
}

/// `1 win`, `2 wins`, `0 losses`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "loss", "losses"), "1 loss");
        assert_eq!(count(0, "loss", "losses"), "0 losses");
        assert_eq!(count(3, "tie", "ties"), "3 ties");
    }
}
