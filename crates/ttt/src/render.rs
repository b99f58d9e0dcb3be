//! Boards drawn as text for people: numbered (1-based) row and column headers.

use ttt_core::{Cell, Position};

/// The board with column numbers above and row numbers on the left; `mark` decides how each
/// cell is drawn (so callers can highlight the last move or a winning line).
pub fn board_with(pos: &Position, mark: impl Fn(Cell, String) -> String) -> String {
    let dims = pos.dims();
    let width = dims.rows().max(dims.cols()).to_string().len().max(1);
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
                .map_or('.', ttt_core::Player::marker)
                .to_string();
            out.push_str(&format!(" {:>width$}", mark(cell, text)));
        }
        out.push('\n');
    }
    out
}

/// The board with headers and no highlighting.
pub fn board(pos: &Position) -> String {
    board_with(pos, |_, text| text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Setup;

    #[test]
    fn headers_are_one_based() {
        let pos = Position::from_setup(&Setup::from_notation("X.O/.X./...").unwrap(), 3).unwrap();
        assert_eq!(board(&pos), "   1 2 3\n1  X . O\n2  . X .\n3  . . .\n");
    }
}
