//! What a player may type, and what it means: moves, names, yes or no, levels, and the
//! `--x`/`--o` options. No I/O here, so every answer the console accepts or refuses, and
//! the message it gets, is pinned down by the tests at the bottom.

use std::fmt;

use ttt_ai::Level;
use ttt_core::{Cell, Position};

/// Said when a move is outside the board.
pub const OFF_BOARD: &str = "This position is off the bounds of the board!";

/// Said when a move is on a cell that already holds a mark.
pub const OCCUPIED: &str = "Someone has already made a move at this position!";

/// Whether the answer means "quit": `q` or `quit`, in any case.
pub fn is_quit(text: &str) -> bool {
    let text = text.trim();
    text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit")
}

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing was typed.
    Empty,
    /// Something that is not a whole number.
    NotANumber(String),
    /// Only one number.
    MissingColumn,
    /// More than two things.
    TooMany,
    /// A row or column outside the board.
    OffBoard {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// The cell already holds a mark.
    Occupied,
    /// Renju forbids X this point: the pattern it would make, and where (1-based).
    Forbidden {
        /// The pattern.
        why: ttt_core::Forbidden,
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        col: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => f.write_str(
                "Type the row and then the column of an empty square (or u to undo, h for a hint).",
            ),
            MoveError::NotANumber(text) => write!(
                f,
                "\"{text}\" is not a number: type the row and the column as numbers."
            ),
            MoveError::MissingColumn => f.write_str(
                "Give the column too: the row and the column, separated by a space or a comma.",
            ),
            MoveError::TooMany => f.write_str("Type just two numbers: the row and the column."),
            MoveError::OffBoard { rows, cols } => write!(
                f,
                "{OFF_BOARD} Rows go from 1 to {rows} and columns from 1 to {cols}."
            ),
            MoveError::Occupied => write!(f, "{OCCUPIED} Choose an empty square (shown as .)."),
            MoveError::Forbidden { why, row, col } => write!(
                f,
                "That is a {why} at row {row}, column {col}: renju forbids it to X (the points \
                 marked x). Choose another square."
            ),
        }
    }
}

/// What a player may type on their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// A move at this cell.
    Move(Cell),
    /// Take back the last move (against the computer: the player's last move and its reply).
    Undo,
    /// Show the best move.
    Hint,
}

/// Reads a turn: `u` (or `undo`) takes a move back, `h` (or `hint`) asks for the best move,
/// anything else is a move ([`parse_move`]).
pub fn parse_turn(text: &str, pos: &Position) -> Result<Turn, MoveError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "u" | "undo" => Ok(Turn::Undo),
        "h" | "hint" => Ok(Turn::Hint),
        _ => parse_move(text, pos).map(Turn::Move),
    }
}

/// Reads a move typed as `row col` or `row,col` (1-based; spaces around the comma and
/// brackets as in `(2, 3)` are fine) and checks that it is an empty cell of `pos`.
pub fn parse_move(text: &str, pos: &Position) -> Result<Cell, MoveError> {
    let inner = text
        .trim()
        .trim_start_matches(['(', '['])
        .trim_end_matches([')', ']']);
    let words: Vec<&str> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let numbers = words
        .iter()
        .take(2)
        .map(|w| number(w).ok_or_else(|| MoveError::NotANumber((*w).to_string())))
        .collect::<Result<Vec<i64>, MoveError>>()?;
    let (row, col) = match (words.len(), numbers.as_slice()) {
        (0, _) => return Err(MoveError::Empty),
        (1, _) => return Err(MoveError::MissingColumn),
        (2, &[row, col]) => (row, col),
        _ => return Err(MoveError::TooMany),
    };
    let dims = pos.dims();
    let inside = |n: i64, len: usize| (1..=len as i64).contains(&n);
    if !inside(row, dims.rows()) || !inside(col, dims.cols()) {
        return Err(MoveError::OffBoard {
            rows: dims.rows(),
            cols: dims.cols(),
        });
    }
    // Both are within 1..=MAX_SIDE, so they fit a u8.
    let cell = Cell::new((row - 1) as u8, (col - 1) as u8);
    if pos.get(cell).is_some() {
        return Err(MoveError::Occupied);
    }
    if let Some(why) = pos.forbidden(cell) {
        return Err(MoveError::Forbidden {
            why,
            row: row as usize,
            col: col as usize,
        });
    }
    Ok(cell)
}

/// A whole number, optionally signed; numbers too big for an `i64` saturate (they are off
/// any board all the same).
fn number(word: &str) -> Option<i64> {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse().unwrap_or(if word.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// Reads yes or no (`y`, `yes`, `n`, `no`, any case); an empty answer is `default`.
pub fn parse_yes_no(text: &str, default: bool) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" => Ok(default),
        "y" | "yes" => Ok(true),
        "n" | "no" => Ok(false),
        _ => Err("Please answer y (yes) or n (no).".to_string()),
    }
}

/// Reads a player's name; an empty answer is `default`.
pub fn parse_name(text: &str, default: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() {
        return Ok(default.to_string());
    }
    // At the prompt the reason is a sentence of its own.
    check_name(name).map_err(|reason| {
        let mut chars = reason.chars();
        let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
        format!("{}{}.", first.unwrap_or_default(), chars.as_str())
    })?;
    Ok(name.to_string())
}

/// A name the store can keep ([`ttt_store::check_name`]) that can be typed at a prompt (`q`
/// would quit). The reason it cannot be is a clause, to be put into a sentence by the caller.
fn check_name(name: &str) -> Result<(), String> {
    ttt_store::check_name(name).map_err(|e| e.to_string())?;
    if is_quit(name) {
        return Err("\"q\" means quit: choose another name".to_string());
    }
    Ok(())
}

/// Whether the second player is a person or the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A person at the same keyboard.
    Human,
    /// A computer player.
    Computer,
}

/// Reads `h`/`human` or `c`/`computer`; an empty answer is the computer.
pub fn parse_kind(text: &str) -> Result<Kind, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "h" | "human" | "person" | "friend" => Ok(Kind::Human),
        "" | "c" | "computer" | "cpu" => Ok(Kind::Computer),
        _ => Err("Please answer h for a human or c for the computer.".to_string()),
    }
}

/// Reads a level by name or number (1 easy to 4 perfect); an empty answer is medium.
pub fn parse_level(text: &str) -> Result<Level, String> {
    if text.trim().is_empty() {
        return Ok(Level::Medium);
    }
    text.parse::<Level>()
        .map_err(|_| "Please choose 1 (easy), 2 (medium), 3 (hard) or 4 (perfect).".to_string())
}

/// Reads who goes first among two players, by number (1 or 2) or by name (any case); an
/// empty answer is the first. Returns 0 or 1.
pub fn parse_first(text: &str, names: [&str; 2]) -> Result<usize, String> {
    let text = text.trim();
    match text {
        "" | "1" => return Ok(0),
        "2" => return Ok(1),
        _ => {}
    }
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(text))
        .ok_or_else(|| format!("Please answer 1 for {} or 2 for {}.", names[0], names[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::{Dims, Setup};
    use ttt_store::MAX_NAME_CHARS as MAX_NAME;

    fn board(notation: &str) -> Position {
        Position::from_setup(&Setup::from_notation(notation).unwrap(), 3).unwrap()
    }

    #[test]
    fn moves_in_every_accepted_form() {
        let pos = board("X../.../...");
        for text in [
            "2 3", "2,3", " 2 , 3 ", "2, 3", "(2, 3)", "[2 3]", "2\t3", "+2 3", "02 03",
        ] {
            assert_eq!(parse_move(text, &pos), Ok(Cell::new(1, 2)), "{text:?}");
        }
    }

    #[test]
    fn each_bad_move_gets_its_own_message() {
        let pos = board("X../.../...");
        assert_eq!(parse_move("", &pos), Err(MoveError::Empty));
        assert_eq!(parse_move(" , ", &pos), Err(MoveError::Empty));
        assert_eq!(parse_move("2", &pos), Err(MoveError::MissingColumn));
        assert_eq!(parse_move("2,", &pos), Err(MoveError::MissingColumn));
        assert_eq!(parse_move("1 2 3", &pos), Err(MoveError::TooMany));
        assert_eq!(
            parse_move("a b", &pos),
            Err(MoveError::NotANumber("a".into()))
        );
        assert_eq!(
            parse_move("2 x", &pos),
            Err(MoveError::NotANumber("x".into()))
        );
        assert_eq!(
            parse_move("2.5 1", &pos),
            Err(MoveError::NotANumber("2.5".into()))
        );
        assert_eq!(parse_move("1 1", &pos), Err(MoveError::Occupied));
        let off = Err(MoveError::OffBoard { rows: 3, cols: 3 });
        for text in [
            "0 1",
            "4 1",
            "1 4",
            "-1 -2",
            "99999999999999999999999 1",
            "-99999999999999999999999 1",
        ] {
            assert_eq!(parse_move(text, &pos), off, "{text:?}");
        }
    }

    #[test]
    fn messages_use_the_classic_wording() {
        let off = MoveError::OffBoard { rows: 6, cols: 7 }.to_string();
        assert!(off.starts_with(OFF_BOARD), "{off}");
        assert!(off.contains("1 to 6") && off.contains("1 to 7"), "{off}");
        assert!(MoveError::Occupied.to_string().starts_with(OCCUPIED));
        assert!(MoveError::NotANumber("abc".into())
            .to_string()
            .contains("\"abc\" is not a number"));
    }

    #[test]
    fn six_by_seven_bounds() {
        let pos = Position::new(Dims::new(6, 7, 3).unwrap());
        assert_eq!(parse_move("6 7", &pos), Ok(Cell::new(5, 6)));
        assert!(matches!(
            parse_move("7 8", &pos),
            Err(MoveError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_move("7 1", &pos),
            Err(MoveError::OffBoard { .. })
        ));
    }

    #[test]
    fn quitting() {
        for text in ["q", "Q", " quit ", "QUIT"] {
            assert!(is_quit(text), "{text:?}");
        }
        for text in ["", "qq", "1 1", "no"] {
            assert!(!is_quit(text), "{text:?}");
        }
    }

    #[test]
    fn yes_no_and_defaults() {
        assert_eq!(parse_yes_no("", true), Ok(true));
        assert_eq!(parse_yes_no("", false), Ok(false));
        assert_eq!(parse_yes_no("Y", false), Ok(true));
        assert_eq!(parse_yes_no(" no ", true), Ok(false));
        assert!(parse_yes_no("maybe", true).is_err());
    }

    #[test]
    fn names() {
        assert_eq!(parse_name("  Alice ", "Player 1"), Ok("Alice".into()));
        assert_eq!(parse_name("", "Player 1"), Ok("Player 1".into()));
        assert_eq!(parse_name("Zoë Ñ", "x"), Ok("Zoë Ñ".into()));
        assert!(parse_name(&"a".repeat(MAX_NAME + 1), "x").is_err());
        assert_eq!(
            parse_name("a\u{7}b", "x"),
            Err("A name cannot contain control characters (such as line breaks).".into())
        );
        assert_eq!(
            parse_name(&"a".repeat(MAX_NAME + 1), "x"),
            Err(format!("Use a name of at most {MAX_NAME} characters."))
        );
    }

    #[test]
    fn turns_are_moves_undo_or_hint() {
        let pos = Position::new(ttt_core::Dims::new(3, 3, 3).unwrap());
        assert_eq!(parse_turn(" U ", &pos), Ok(Turn::Undo));
        assert_eq!(parse_turn("hint", &pos), Ok(Turn::Hint));
        assert_eq!(parse_turn("2 3", &pos), Ok(Turn::Move(Cell::new(1, 2))));
        assert!(parse_turn("x", &pos).is_err());
    }

    #[test]
    fn kinds_levels_and_who_goes_first() {
        assert_eq!(parse_kind("H"), Ok(Kind::Human));
        assert_eq!(parse_kind(""), Ok(Kind::Computer));
        assert_eq!(parse_kind("computer"), Ok(Kind::Computer));
        assert!(parse_kind("dog").is_err());
        assert_eq!(parse_level(""), Ok(Level::Medium));
        assert_eq!(parse_level("4"), Ok(Level::Perfect));
        assert_eq!(parse_level("Hard"), Ok(Level::Hard));
        assert!(parse_level("5").is_err());
        let names = ["Alice", "Computer (hard)"];
        assert_eq!(parse_first("", names), Ok(0));
        assert_eq!(parse_first("2", names), Ok(1));
        assert_eq!(parse_first("alice", names), Ok(0));
        assert!(parse_first("3", names).unwrap_err().contains("1 for Alice"));
    }
}
