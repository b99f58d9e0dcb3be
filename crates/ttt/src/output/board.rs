//! Boards drawn as text for people: numbered (1-based) row and column headers. Under renju,
//! the empty points X may not play are drawn `x`.

use ttt_core::{Cell, Position};

/// How an empty cell is drawn: `x` where renju forbids it to X (X to move), else `.`.
fn empty_mark(pos: &Position) -> impl Fn(Cell) -> char {
    let forbidden: Vec<Cell> = pos.forbidden_cells().into_iter().map(|(c, _)| c).collect();
    move |cell| if forbidden.contains(&cell) { 'x' } else { '.' }
}

/// The board with column numbers above and row numbers on the left; `mark` decides how each
/// cell is drawn (so callers can highlight the last move or a winning line).
pub fn with_marks(pos: &Position, mark: impl Fn(Cell, String) -> String) -> String {
    let dims = pos.dims();
    let width = dims.rows().max(dims.cols()).to_string().len().max(1);
    let empty = empty_mark(pos);
    let mut out = String::new();
    out.push_str(&" ".repeat(width + 1));
    for c in 1..=dims.cols() {
        out.push_str(&format!(" {c:>width$}"));
    }
    out.push('\n');
    for r in 0..dims.rows() {
        out.push_str(&format!("{:>width$} ", r + 1));
        for c in 0..dims.cols() {
            let cell = Cell::new(r as u8, c as u8);
            let text = pos
                .get(cell)
                .map_or_else(|| empty(cell), ttt_core::Player::marker)
                .to_string();
            out.push_str(&format!(" {:>width$}", mark(cell, text)));
        }
        out.push('\n');
    }
    out
}

/// The board with headers and no highlighting.
pub fn plain(pos: &Position) -> String {
    with_marks(pos, |_, text| text)
}

/// How one cell of a board drawn by [`emphasised`] stands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Emphasis {
    /// Drawn like any other cell.
    Plain,
    /// The move just made.
    LastMove,
    /// Part of the line that won the game.
    Winning,
}

const RESET: &str = "\x1b[0m";

/// The board for a game in progress: 1-based headers, each cell three columns wide (more for
/// boards past 9 rows or columns) so that an emphasised cell can be drawn as `[X]` without
/// moving its neighbours. With `colour`, emphasis is shown with ANSI colours instead of
/// brackets and the marks are coloured; the layout is the same either way.
///
/// ```text
///    1  2  3
/// 1  X  .  O
/// 2  . [X] .     X's last move, at row 2, column 2
/// 3  .  .  .
/// ```
pub fn emphasised(pos: &Position, emphasis: impl Fn(Cell) -> Emphasis, colour: bool) -> String {
    let dims = pos.dims();
    let width = dims.rows().max(dims.cols()).to_string().len();
    let pad = " ".repeat(width - 1);
    let empty = empty_mark(pos);
    let mut lines = Vec::with_capacity(dims.rows() + 1);
    let mut header = " ".repeat(width + 1);
    for c in 1..=dims.cols() {
        header.push_str(&format!("{c:>w$} ", w = width + 1));
    }
    lines.push(header);
    for r in 0..dims.rows() {
        let mut line = format!("{:>width$} ", r + 1);
        for c in 0..dims.cols() {
            let cell = Cell::new(r as u8, c as u8);
            let mark = pos.get(cell);
            let how = emphasis(cell);
            line.push_str(&pad);
            let text = mark.map_or_else(|| empty(cell), ttt_core::Player::marker);
            if colour {
                let fg = match mark {
                    Some(ttt_core::Player::X) => "1;36",
                    Some(ttt_core::Player::O) => "1;33",
                    None => "2",
                };
                line.push_str(&match how {
                    Emphasis::Plain => format!(" \x1b[{fg}m{text}{RESET} "),
                    Emphasis::LastMove => format!("\x1b[7;{fg}m {text} {RESET}"),
                    Emphasis::Winning => format!("\x1b[1;30;42m {text} {RESET}"),
                });
            } else {
                match how {
                    Emphasis::Plain => line.push_str(&format!(" {text} ")),
                    Emphasis::LastMove | Emphasis::Winning => {
                        line.push_str(&format!("[{text}]"));
                    }
                }
            }
        }
        lines.push(line);
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    fn position(notation: &str, k: usize) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), k).unwrap()
    }

    #[test]
    fn emphasis_without_colour_uses_brackets_and_keeps_columns() {
        let pos = position("X.O/.X./...", 3);
        let last = |c: Cell| {
            if c == Cell::new(1, 1) {
                Emphasis::LastMove
            } else {
                Emphasis::Plain
            }
        };
        assert_eq!(
            emphasised(&pos, last, false),
            "   1  2  3\n1  X  .  O\n2  . [X] .\n3  .  .  .\n"
        );
    }

    #[test]
    fn wide_boards_align_two_digit_headers() {
        let dims = ttt_core::Dims::new(10, 11, 5).unwrap();
        let pos = Position::new(dims).play(Cell::new(9, 10)).unwrap();
        let text = emphasised(
            &pos,
            |c| {
                if c == Cell::new(9, 10) {
                    Emphasis::Winning
                } else {
                    Emphasis::Plain
                }
            },
            false,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("     1   2"), "{text}");
        assert!(lines[0].ends_with("10  11"), "{text}");
        assert!(lines[10].starts_with("10   .   ."), "{text}");
        assert!(lines[10].ends_with(".  [X]"), "{text}");
        // The last column's mark sits under the last digit of its header.
        assert_eq!(lines[0].len() - 1, lines[10].len() - 2, "{text}");
    }

    #[test]
    fn colour_marks_cells_without_brackets() {
        let pos = position("XXX/OO./...", 3);
        let text = emphasised(
            &pos,
            |c| {
                if c.row == 0 {
                    Emphasis::Winning
                } else {
                    Emphasis::Plain
                }
            },
            true,
        );
        assert!(text.contains("\x1b[1;30;42m X \x1b[0m"), "{text:?}");
        assert!(!text.contains("[X]"), "{text:?}");
    }

    #[test]
    fn headers_are_one_based() {
        let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
        assert_eq!(plain(&pos), "   1 2 3\n1  X . O\n2  . X .\n3  . . .\n");
    }
}
