//! Piskvork's `.psq`: a first line `Piskvorky WIDTHxHEIGHT, X:Y, 0`, then one move a line,
//! `x,y,time` (x the column, y the row, both from 1; time in milliseconds; some programs
//! leave the time out), then whatever the manager adds after the moves (the engines' names,
//! a `-1`). Free-style, five in a row, unless the reader is told otherwise. A move after
//! those lines, or a line that is none of these among the moves, is refused with its line:
//! a move silently dropped would show another game.

use ttt_core::{Cell, Rule};

use crate::error::{error, FileError};
use crate::game::GameFile;

/// Reads a `.psq` (the rule is free-style and K is 5, or the longest side of a smaller
/// board: the format does not say; the caller may change them).
pub(crate) fn read(text: &str) -> Result<GameFile, FileError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (n, first) = lines
        .find(|(_, l)| !l.is_empty())
        .ok_or_else(|| error(0, "the file is empty"))?;
    // A byte-order mark, as some editors save, and any case of the word.
    let first = first.trim_start_matches('\u{feff}');
    let size = first
        .get(..9)
        .filter(|word| word.eq_ignore_ascii_case("piskvorky"))
        .map(|_| &first[9..])
        .ok_or_else(|| {
            error(
                n,
                "not a game file: a .psq starts with \"Piskvorky WIDTHxHEIGHT, ...\", an SGF \
                 with \"(;\"",
            )
        })?
        .trim()
        .split(',')
        .next()
        .unwrap_or("");
    let (width, height) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| {
            Some((
                w.trim().parse::<usize>().ok()?,
                h.trim().parse::<usize>().ok()?,
            ))
        })
        .ok_or_else(|| error(n, format!("{size:?} is not a board size WIDTHxHEIGHT")))?;
    // A .psq does not say K: five, the Gomocup's, unless the board is too small for it.
    let mut game = GameFile::new(height, width, 5.min(width.max(height)), Rule::Freestyle);
    let mut after_moves = false;
    for (n, line) in lines {
        if line.is_empty() {
            continue;
        }
        let numbers: Option<Vec<i64>> = line.split(',').map(|p| p.trim().parse().ok()).collect();
        match numbers.as_deref() {
            Some([x, y] | [x, y, _]) if after_moves => {
                return Err(error(
                    n,
                    format!(
                        "the move {x},{y} comes after the lines that end the moves (names, -1): \
                         a .psq has its moves first"
                    ),
                ));
            }
            Some([x, y] | [x, y, _]) => {
                let in_range =
                    |v: i64, side: usize| v >= 1 && usize::try_from(v).is_ok_and(|v| v <= side);
                if !in_range(*x, width) || !in_range(*y, height) {
                    return Err(error(
                        n,
                        format!(
                            "the move {x},{y} is off the {width}x{height} board (it counts from 1)"
                        ),
                    ));
                }
                // Both in range, so both fit a u8 (boards are at most 32 a side).
                let cell = Cell::new(
                    u8::try_from(y - 1).unwrap_or(u8::MAX),
                    u8::try_from(x - 1).unwrap_or(u8::MAX),
                );
                game.moves.push(cell);
            }
            Some(_) if line != "-1" && !after_moves => {
                return Err(error(n, format!("{line:?} is not a move x,y or x,y,time")));
            }
            _ => {
                // The manager's lines after the moves: names of programs, -1, and the like.
                after_moves = true;
                if line != "-1" && !line.chars().all(|c| c.is_ascii_digit() || c == ',') {
                    let name = line.rsplit(['/', '\\']).next().unwrap_or(line).to_string();
                    let slot = game.names.iter_mut().find(|s| s.is_none());
                    match slot {
                        Some(slot) => *slot = Some(name),
                        None => game.comments.push(line.to_string()),
                    }
                }
            }
        }
    }
    Ok(game)
}

/// Writes a `.psq`: the header, the moves (from 1, no times), and the players' names.
pub(crate) fn write(game: &GameFile) -> String {
    let mut out = format!("Piskvorky {}x{}, 11:11, 0\n", game.cols, game.rows);
    for cell in &game.moves {
        out.push_str(&format!("{},{},0\n", cell.col + 1, cell.row + 1));
    }
    for name in game.names.iter().flatten() {
        out.push_str(name);
        out.push('\n');
    }
    out.push_str("-1\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As Piskvork writes one: 1-based moves with their times, then the engines and a -1.
    const PISKVORK: &str = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,531\r\n9,11,812\r\n\
                            C:\\\\gomocup\\\\pbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n";

    #[test]
    fn a_piskvork_record_is_read() {
        let game = read(PISKVORK).unwrap();
        assert_eq!((game.rows, game.cols, game.k), (20, 20, 5));
        assert_eq!(
            game.moves,
            [Cell::new(9, 9), Cell::new(10, 10), Cell::new(10, 8)]
        );
        assert_eq!(game.names[0].as_deref(), Some("pbrain-one.exe"));
        assert_eq!(game.names[1].as_deref(), Some("pbrain-two.exe"));
    }

    #[test]
    fn bad_records_name_their_line() {
        assert_eq!(read("").unwrap_err().why, "the file is empty");
        let e = read("Gomoku 15x15\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = read("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.why.contains("off the 15x15 board"), "{e}");
        assert!(read("Piskvorky big, 11:11, 0\n").is_err());
        // A move after the names would be dropped; a line of numbers that is no move too.
        let e = read("Piskvorky 15x15, 11:11, 0\n8,8,0\nfoo\n9,9,0\n").unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        let e = read("Piskvorky 15x15, 11:11, 0\n8,8,0\n1,2,3,4\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
    }

    #[test]
    fn moves_without_times_a_mark_and_any_case_are_read() {
        let game = read("\u{feff}piskvorky 15x15, 11:11, 0\n8,8\n9,9\n").unwrap();
        assert_eq!(game.moves, [Cell::new(7, 7), Cell::new(8, 8)]);
    }

    #[test]
    fn a_board_smaller_than_five_has_its_longest_side_in_a_row() {
        let game = read("Piskvorky 3x3, 11:11, 0\n2,2,0\n").unwrap();
        assert_eq!(game.k, 3);
    }

    #[test]
    fn a_written_record_reads_back() {
        let mut game = GameFile::new(15, 15, 5, Rule::Freestyle);
        game.moves = vec![Cell::new(7, 7), Cell::new(0, 14)];
        game.names = [Some("Ann".into()), Some("Bo".into())];
        let text = write(&game);
        assert_eq!(
            text,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n15,1,0\nAnn\nBo\n-1\n"
        );
        assert_eq!(read(&text).unwrap(), game);
    }
}
