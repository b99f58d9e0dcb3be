//! Tables of text for people (`ttt players`, `ttt history`): one renderer, so that every table
//! lines up the same way, by columns on the screen (accented and wide names included).

use comfy_table::presets::NOTHING;
use comfy_table::{Cell, CellAlignment, Table};

/// How a column's cells sit in it: words to the left, numbers to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Words.
    Left,
    /// Numbers.
    Right,
}

/// The rows under a header, columns two spaces apart, each line ending in a newline.
pub fn render(header: &[(&str, Align)], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let alignment = |a: Align| match a {
        Align::Left => CellAlignment::Left,
        Align::Right => CellAlignment::Right,
    };
    let mut table = Table::new();
    table.load_preset(NOTHING);
    table.set_header(
        header
            .iter()
            .map(|&(title, a)| Cell::new(title).set_alignment(alignment(a))),
    );
    for row in rows {
        table.add_row(row);
    }
    let last = header.len().saturating_sub(1);
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if i == last { 0 } else { 2 }));
        column.set_cell_alignment(alignment(header[i].1));
    }
    let mut out = String::new();
    for line in table.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_by_screen_width() {
        let text = render(
            &[("Name", Align::Left), ("Wins", Align::Right)],
            [
                vec!["李雷".to_string(), "12".to_string()],
                vec!["Bo".to_string(), "3".to_string()],
            ],
        );
        assert_eq!(text, "Name  Wins\n李雷    12\nBo       3\n");
    }
}
