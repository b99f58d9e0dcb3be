//! The board: a grid of square cells as large as the space allows, played by a click or
//! from the keyboard (the arrow keys move a cursor, Enter or Space plays).
//!
//! The board is one focusable widget, so Tab reaches it once and the arrow keys stay on it
//! instead of wandering to the buttons below; each square is a clickable child with a label
//! of its own ("Row 2, column 3, X"), which is how screen readers and the tests find it.

use eframe::egui::{
    self, accesskit, CursorIcon, EventFilter, Id, Key, Pos2, Rect, Sense, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo, WidgetType,
};
use ttt_core::{Cell, Dims, Player, Position};

use crate::theme;

/// The gap between squares, as a fraction of a square's side.
const GAP: f32 = 0.06;

/// What the board remembers between frames: the keyboard's cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    cursor: Cell,
    /// Whether the keyboard has been used since the last click: only then is the cursor
    /// drawn, so mouse players see no stray outline.
    keyboard: bool,
    /// Focus the board on the next frame (a new game, a closed dialog).
    wants_focus: bool,
}

impl BoardState {
    /// The cursor on the first central square, the board about to take the keyboard.
    #[must_use]
    pub fn new(dims: Dims) -> BoardState {
        BoardState {
            cursor: dims
                .centre_cells()
                .first()
                .copied()
                .unwrap_or(Cell::new(0, 0)),
            keyboard: false,
            wants_focus: true,
        }
    }

    /// Gives the board the keyboard on the next frame.
    pub fn take_focus(&mut self) {
        self.wants_focus = true;
    }
}

/// What the board shows this frame.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub pos: &'a Position,
    /// The last move, ringed while the game goes on.
    pub last: Option<Cell>,
    /// A hinted square, ringed until a move is made.
    pub hint: Option<Cell>,
    /// Whether a human may play now: empty squares react to the pointer and the keyboard.
    pub playable: bool,
    /// Whether the board takes input at all (not while a dialog is open over it).
    pub interactive: bool,
}

/// Where the squares are: the largest grid of square cells that fits, centred.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// The top-left corner of the grid.
    pub origin: Pos2,
    /// The side of a square plus the gap after it.
    pub pitch: f32,
    dims: Dims,
}

impl Layout {
    /// Fits `dims` into `space`.
    #[must_use]
    pub fn fit(space: Rect, dims: Dims) -> Layout {
        let (rows, cols) = (dims.rows() as f32, dims.cols() as f32);
        let pitch = (space.width() / cols).min(space.height() / rows).max(1.0);
        let size = Vec2::new(pitch * cols, pitch * rows);
        Layout {
            origin: space.center() - size / 2.0,
            pitch,
            dims,
        }
    }

    /// The whole grid.
    #[must_use]
    pub fn rect(&self) -> Rect {
        let size = Vec2::new(
            self.pitch * self.dims.cols() as f32,
            self.pitch * self.dims.rows() as f32,
        );
        Rect::from_min_size(self.origin, size)
    }

    /// The square of `cell`, without its share of the gaps.
    #[must_use]
    pub fn square(&self, cell: Cell) -> Rect {
        let gap = self.pitch * GAP;
        let min = self.origin
            + Vec2::new(
                f32::from(cell.col) * self.pitch,
                f32::from(cell.row) * self.pitch,
            )
            + Vec2::splat(gap / 2.0);
        Rect::from_min_size(min, Vec2::splat(self.pitch - gap))
    }
}

/// The cursor after an arrow key, stopping at the edges.
#[must_use]
pub fn step(cursor: Cell, key: Key, dims: Dims) -> Cell {
    let (dr, dc) = match key {
        Key::ArrowUp => (-1, 0),
        Key::ArrowDown => (1, 0),
        Key::ArrowLeft => (0, -1),
        Key::ArrowRight => (0, 1),
        _ => return cursor,
    };
    dims.step(cursor, (dr, dc), 1).unwrap_or(cursor)
}

/// How a square is read out: `Row 2, column 3, X` or `Row 1, column 1, empty`.
#[must_use]
pub fn square_label(cell: Cell, mark: Option<Player>) -> String {
    let content = match mark {
        Some(Player::X) => "X",
        Some(Player::O) => "O",
        None => "empty",
    };
    format!("Row {}, column {}, {content}", cell.row + 1, cell.col + 1)
}

/// Draws the board in all of `ui`'s space and returns the square a human chose to play,
/// if any (an empty square, while [`BoardView::playable`]).
pub fn show(ui: &mut Ui, state: &mut BoardState, view: BoardView<'_>) -> Option<Cell> {
    let dims = view.pos.dims();
    let space = ui.available_rect_before_wrap();
    ui.allocate_rect(space, Sense::hover());
    let layout = Layout::fit(space, dims);
    let board_id = Id::new("board");
    let board = ui.interact(layout.rect(), board_id, Sense::FOCUSABLE);
    board.widget_info(|| {
        let mut info = WidgetInfo::labeled(
            WidgetType::Other,
            view.interactive,
            format!(
                "Board, {} rows by {} columns, {} in a row wins",
                dims.rows(),
                dims.cols(),
                dims.k()
            ),
        );
        info.current_text_value = Some(format!(
            "cursor on {}",
            square_label(state.cursor, view.pos.get(state.cursor))
        ));
        info
    });
    ui.ctx().accesskit_node_builder(board_id, |node| {
        node.set_role(accesskit::Role::Grid);
    });

    let mut chosen = None;
    if view.interactive {
        chosen = keyboard(ui, state, &board, view);
    }
    let winning = view.pos.winning_cells();
    // Under renju, the squares X may not play carry a small cross (clicking one says why).
    let forbidden = view.pos.forbidden_cells();
    let painter = ui.painter_at(space);
    let radius = (layout.pitch * 0.08).min(8.0);
    let has_focus = board.has_focus();
    let ctx = ui.ctx().clone();
    ctx.with_accessibility_parent(board_id, || {
        for cell in dims.all_cells() {
            let rect = layout.square(cell);
            let mark = view.pos.get(cell);
            let open = view.interactive && view.playable && mark.is_none();
            let sense = if view.interactive {
                Sense::CLICK
            } else {
                Sense::hover()
            };
            let mut square = ui.interact(rect, board_id.with(cell), sense);
            let why = forbidden
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, why)| *why);
            square.widget_info(|| {
                let label = match why {
                    Some(why) => format!("{}, forbidden to X: {why}", square_label(cell, mark)),
                    None => square_label(cell, mark),
                };
                WidgetInfo::labeled(WidgetType::Button, open, label)
            });
            if open {
                square = square.on_hover_cursor(CursorIcon::PointingHand);
                if square.clicked() {
                    state.cursor = cell;
                    state.keyboard = false;
                    state.wants_focus = true;
                    chosen = Some(cell);
                }
            }
            let on_line = winning.contains(&cell);
            let fill = if on_line {
                theme::WIN_FILL
            } else if open && square.hovered() {
                theme::HOVER_FILL
            } else {
                theme::PANEL
            };
            painter.rect_filled(rect, radius, fill);
            let border = if on_line {
                Stroke::new((layout.pitch * 0.05).clamp(2.0, 4.0), theme::WIN_BORDER)
            } else if view.hint == Some(cell) {
                Stroke::new((layout.pitch * 0.06).clamp(2.0, 5.0), theme::ACCENT)
            } else if winning.is_empty() && view.last == Some(cell) {
                Stroke::new((layout.pitch * 0.05).clamp(2.0, 4.0), theme::LAST_MOVE)
            } else {
                Stroke::new(1.0, theme::BORDER)
            };
            painter.rect_stroke(rect, radius, border, StrokeKind::Inside);
            if let Some(mark) = mark {
                // At the end, the marks off the winning line fade, as in the web game.
                let faded = !winning.is_empty() && !on_line;
                draw_mark(&painter, rect, mark, faded);
            } else if why.is_some() {
                let arm = rect.width() * 0.12;
                let stroke = Stroke::new((rect.width() * 0.05).clamp(1.5, 3.0), theme::ERROR);
                let c = rect.center();
                painter.line_segment([c - Vec2::splat(arm), c + Vec2::splat(arm)], stroke);
                painter.line_segment([c + Vec2::new(-arm, arm), c + Vec2::new(arm, -arm)], stroke);
            } else if view.hint == Some(cell) {
                // The hinted move shows as the mover's mark, faint, as in the web game: the
                // ring alone looked like the keyboard's cursor.
                draw_mark(&painter, rect, view.pos.turn(), true);
            }
            if has_focus && state.keyboard && state.cursor == cell {
                painter.rect_stroke(
                    rect.shrink(2.0),
                    radius,
                    Stroke::new(3.0, theme::ACCENT),
                    StrokeKind::Outside,
                );
            }
        }
    });
    if state.wants_focus && view.interactive {
        board.request_focus();
        state.wants_focus = false;
    }
    chosen
}

/// The arrow keys move the cursor and Enter or Space plays it, while the board has the
/// keyboard (or nothing else has).
fn keyboard(
    ui: &Ui,
    state: &mut BoardState,
    board: &egui::Response,
    view: BoardView<'_>,
) -> Option<Cell> {
    let focused = ui.memory(|m| m.focused());
    if focused.is_some() && !board.has_focus() {
        return None;
    }
    // Keep the arrow keys on the board rather than moving the focus to other widgets.
    ui.memory_mut(|m| {
        m.set_focus_lock_filter(
            board.id,
            EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                tab: false,
                escape: false,
            },
        );
    });
    let dims = view.pos.dims();
    let (arrows, play) = ui.input(|i| {
        let arrows: Vec<Key> = [
            Key::ArrowUp,
            Key::ArrowDown,
            Key::ArrowLeft,
            Key::ArrowRight,
        ]
        .into_iter()
        .filter(|&k| i.key_pressed(k))
        .collect();
        (
            arrows,
            i.key_pressed(Key::Enter) || i.key_pressed(Key::Space),
        )
    });
    if !arrows.is_empty() {
        for key in arrows {
            state.cursor = step(state.cursor, key, dims);
        }
        state.keyboard = true;
        state.wants_focus = true;
        return None;
    }
    if play {
        if !state.keyboard {
            // The first Enter shows where the cursor is rather than playing unseen.
            state.keyboard = true;
            state.wants_focus = true;
            return None;
        }
        if view.playable && view.pos.get(state.cursor).is_none() {
            return Some(state.cursor);
        }
    }
    None
}

/// Draws X as a cross and O as a ring, scaled to the square.
pub(crate) fn draw_mark(painter: &egui::Painter, square: Rect, mark: Player, faded: bool) {
    let mut colour = theme::mark_colour(mark);
    if faded {
        colour = colour.gamma_multiply(0.45);
    }
    let inner = square.shrink(square.width() * 0.22);
    let stroke = Stroke::new((square.width() * 0.1).max(1.5), colour);
    match mark {
        Player::X => {
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Player::O => {
            painter.circle_stroke(inner.center(), inner.width() / 2.0, stroke);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(rows: usize, cols: usize, k: usize) -> Dims {
        Dims::new(rows, cols, k).unwrap()
    }

    #[test]
    fn squares_fill_the_shorter_side_and_stay_square() {
        let space = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(700.0, 300.0));
        let layout = Layout::fit(space, dims(3, 3, 3));
        assert_eq!(layout.pitch, 100.0);
        assert_eq!(layout.rect().center(), space.center());
        let square = layout.square(Cell::new(0, 0));
        assert_eq!(square.width(), square.height());
        assert!(layout.rect().contains_rect(layout.square(Cell::new(2, 2))));

        let wide = Layout::fit(space, dims(6, 7, 3));
        assert_eq!(wide.pitch, 50.0);
    }

    #[test]
    fn the_cursor_stops_at_the_edges() {
        let d = dims(3, 4, 3);
        let corner = Cell::new(0, 0);
        assert_eq!(step(corner, Key::ArrowUp, d), corner);
        assert_eq!(step(corner, Key::ArrowLeft, d), corner);
        assert_eq!(step(corner, Key::ArrowDown, d), Cell::new(1, 0));
        assert_eq!(step(Cell::new(2, 3), Key::ArrowRight, d), Cell::new(2, 3));
        assert_eq!(step(Cell::new(2, 2), Key::ArrowRight, d), Cell::new(2, 3));
    }

    #[test]
    fn squares_are_read_out_from_one() {
        assert_eq!(
            square_label(Cell::new(1, 2), Some(Player::X)),
            "Row 2, column 3, X"
        );
        assert_eq!(
            square_label(Cell::new(0, 0), None),
            "Row 1, column 1, empty"
        );
    }

    #[test]
    fn the_cursor_starts_in_the_centre() {
        assert_eq!(BoardState::new(dims(3, 3, 3)).cursor, Cell::new(1, 1));
    }
}
