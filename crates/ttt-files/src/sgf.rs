//! SGF as gomoku and renju programs write it: `(;GM[4]FF[4]SZ[15]...;B[hh];W[hi]...)`. The
//! game is `GM[4]` (gomoku and renju); `SZ` is the side, or `COLS:ROWS`; points are two
//! letters, the column then the row, from `a`. The rule is in `RU` (`freestyle`, `standard`,
//! `renju`, `caro`; renju files often write `RU[renju]` and gomoku ones leave it out), and
//! how many in a row win in `KR` when it is not five (a property of ours: other programs
//! skip it). `PB` and `PW` name the players, `C` holds comments, and `AB`/`AW` (stones set
//! up rather than played) are refused: a game starts from the empty board.

use ttt_core::{Cell, Rule};

use crate::error::{error, FileError};
use crate::game::GameFile;

/// A property of a node: its name and values.
type Property = (String, Vec<String>);

/// Reads the main line of an SGF game.
pub(crate) fn read(text: &str) -> Result<GameFile, FileError> {
    let nodes = parse(text)?;
    let mut game = GameFile::new(15, 15, 5, Rule::Freestyle);
    let mut expect = 'B';
    for (n, (line, props)) in nodes.iter().enumerate() {
        for (name, values) in props {
            let value = values.first().map(String::as_str).unwrap_or("");
            match name.as_str() {
                "GM" if n == 0 && value.trim() != "4" => {
                    return Err(error(
                        *line,
                        format!("GM[{value}] is not gomoku or renju (GM[4])"),
                    ));
                }
                "SZ" if n == 0 => {
                    let (cols, rows) = match value.split_once(':') {
                        Some((c, r)) => (c.trim().parse().ok(), r.trim().parse().ok()),
                        None => (value.trim().parse().ok(), value.trim().parse().ok()),
                    };
                    let (Some(cols), Some(rows)) = (cols, rows) else {
                        return Err(error(*line, format!("SZ[{value}] is not a board size")));
                    };
                    game.rows = rows;
                    game.cols = cols;
                }
                "RU" if n == 0 => {
                    game.rule = rule_of(value)
                        .ok_or_else(|| error(*line, format!("RU[{value}] is not a rule of ours: freestyle, standard, renju or caro")))?;
                }
                "KR" if n == 0 => {
                    game.k = value
                        .trim()
                        .parse()
                        .map_err(|_| error(*line, format!("KR[{value}] is not a number")))?;
                }
                "RE" if n == 0 => game.result = Some(value.trim().to_string()),
                "PB" => game.names[0] = Some(value.to_string()),
                "PW" => game.names[1] = Some(value.to_string()),
                "C" | "GC" => game.comments.extend(values.iter().cloned()),
                "AB" | "AW" | "AE" => {
                    return Err(error(
                        *line,
                        "stones set up (AB, AW) are not a game played from the empty board",
                    ))
                }
                "B" | "W" => {
                    let colour = name.chars().next().unwrap_or('B');
                    if colour != expect {
                        return Err(error(
                            *line,
                            format!(
                                "{name}[{value}]: it is {}'s turn",
                                if expect == 'B' { "black" } else { "white" }
                            ),
                        ));
                    }
                    let cell = point(value)
                        .ok_or_else(|| error(*line, format!("{name}[{value}] is not a point")))?;
                    game.moves.push(cell);
                    expect = if expect == 'B' { 'W' } else { 'B' };
                }
                _ => {}
            }
        }
    }
    Ok(game)
}

/// The rule an `RU` value names. Renju files often name the opening rule they were played
/// under (`Yamaguchi`, `Soosorv`, `Taraguchi-10`, `Renju RIF`): all of them renju.
fn rule_of(value: &str) -> Option<Rule> {
    let word: String = value
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    const RENJU_OPENINGS: [&str; 8] = [
        "rif",
        "yamaguchi",
        "sakata",
        "tarannikov",
        "taraguchi",
        "soosorv",
        "soosyrv",
        "renju",
    ];
    match word.as_str() {
        "" | "freestyle" | "free" | "gomoku" | "freestylegomoku" => Some(Rule::Freestyle),
        "standard" | "exact" | "standardgomoku" => Some(Rule::Standard),
        "caro" => Some(Rule::Caro),
        w if RENJU_OPENINGS.iter().any(|r| w.contains(r)) => Some(Rule::Renju),
        _ => None,
    }
}

/// A point of two letters, the column then the row.
fn point(value: &str) -> Option<Cell> {
    let bytes = value.trim().as_bytes();
    let coord = |b: u8| b.is_ascii_lowercase().then(|| b - b'a');
    match bytes {
        [c, r] => Some(Cell::new(coord(*r)?, coord(*c)?)),
        _ => None,
    }
}

/// The nodes of the main line, each with the line it starts on and its properties.
fn parse(text: &str) -> Result<Vec<(usize, Vec<Property>)>, FileError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let skip_space = |i: &mut usize, line: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            if chars[*i] == '\n' {
                *line += 1;
            }
            *i += 1;
        }
    };
    skip_space(&mut i, &mut line);
    if chars.get(i) != Some(&'(') {
        return Err(error(line, "an SGF file starts with \"(;\""));
    }
    i += 1;
    let mut nodes = Vec::new();
    // For each open variation, from the game's own: whether it is on the main line, and
    // whether the main line has already gone on into one of its variations. At a fork the
    // main line goes on into the first variation (SGF's convention); the others are skipped.
    let mut main = vec![true];
    let mut went_on = vec![false];
    while i < chars.len() {
        skip_space(&mut i, &mut line);
        let on_main = main.last().copied().unwrap_or(false);
        match chars.get(i) {
            Some(';') if on_main => {
                i += 1;
                let start = line;
                let mut props = Vec::new();
                loop {
                    skip_space(&mut i, &mut line);
                    let mut name = String::new();
                    while let Some(c) = chars.get(i).filter(|c| c.is_ascii_uppercase()) {
                        name.push(*c);
                        i += 1;
                    }
                    if name.is_empty() {
                        break;
                    }
                    let mut values = Vec::new();
                    loop {
                        skip_space(&mut i, &mut line);
                        if chars.get(i) != Some(&'[') {
                            break;
                        }
                        i += 1;
                        let mut value = String::new();
                        loop {
                            match chars.get(i) {
                                None => {
                                    return Err(error(line, format!("{name}[ is never closed")))
                                }
                                Some(']') => break,
                                Some('\\') => {
                                    if let Some(&c) = chars.get(i + 1) {
                                        if c == '\n' {
                                            line += 1;
                                        }
                                        value.push(c);
                                    }
                                    i += 2;
                                    continue;
                                }
                                Some(&c) => {
                                    if c == '\n' {
                                        line += 1;
                                    }
                                    value.push(c);
                                }
                            }
                            i += 1;
                        }
                        i += 1;
                        values.push(value);
                    }
                    if values.is_empty() {
                        return Err(error(line, format!("the property {name} has no value")));
                    }
                    props.push((name, values));
                }
                nodes.push((start, props));
            }
            Some('(') => {
                let first = on_main && !went_on.last().copied().unwrap_or(true);
                if let Some(w) = went_on.last_mut() {
                    *w |= on_main;
                }
                main.push(first);
                went_on.push(false);
                i += 1;
            }
            Some(')') => {
                main.pop();
                went_on.pop();
                i += 1;
                if main.is_empty() {
                    return Ok(nodes);
                }
            }
            Some(';') => {
                // A node inside a side variation: skipped up to its end.
                i += 1;
            }
            Some('[') if !on_main => {
                while i < chars.len() && chars[i] != ']' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    if chars.get(i) == Some(&'\n') {
                        line += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            Some(c) if !on_main && c.is_ascii_uppercase() => i += 1,
            Some(c) => {
                return Err(error(
                    line,
                    format!("unexpected {c:?}: SGF has nodes (;) of properties NAME[value]"),
                ))
            }
            None => break,
        }
    }
    Err(error(line, "the game is never closed with \")\""))
}

/// Escapes a value: `]` and `\\` take a backslash.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes the game's SGF.
pub(crate) fn write(game: &GameFile) -> String {
    let size = if game.rows == game.cols {
        game.cols.to_string()
    } else {
        format!("{}:{}", game.cols, game.rows)
    };
    let mut out = format!("(;GM[4]FF[4]SZ[{size}]RU[{}]", game.rule.name());
    if game.k != 5 {
        out.push_str(&format!("KR[{}]", game.k));
    }
    if let Some(result) = &game.result {
        out.push_str(&format!("RE[{}]", escaped(result)));
    }
    for (tag, name) in ["PB", "PW"].iter().zip(&game.names) {
        if let Some(name) = name {
            out.push_str(&format!("{tag}[{}]", escaped(name)));
        }
    }
    for comment in &game.comments {
        out.push_str(&format!("C[{}]", escaped(comment)));
    }
    out.push('\n');
    let letter = |v: u8| char::from(b'a' + v);
    for (i, cell) in game.moves.iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        out.push_str(&format!(
            ";{colour}[{}{}]",
            letter(cell.col),
            letter(cell.row)
        ));
        if i % 10 == 9 {
            out.push('\n');
        }
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As a renju program writes one: properties over several lines, a comment with an
    /// escaped bracket, and variations, the main line going on into the first at each fork.
    const RENJU: &str = r"(;GM[4]FF[4]SZ[15]RU[renju]
PB[Black player]PW[White]C[a \] bracket]
;B[hh];W[hi]
;B[ii](;W[gg](;B[ff];W[ee])(;B[jj]))(;W[jj];B[kk]))";

    #[test]
    fn a_file_of_another_program_is_read() {
        let game = read(RENJU).unwrap();
        assert_eq!((game.rows, game.cols, game.rule), (15, 15, Rule::Renju));
        assert_eq!(game.names[0].as_deref(), Some("Black player"));
        assert_eq!(game.comments, ["a ] bracket"]);
        let cell = |p: &str| point(p).unwrap();
        assert_eq!(
            game.moves,
            ["hh", "hi", "ii", "gg", "ff", "ee"].map(cell),
            "the main line only"
        );
    }

    #[test]
    fn renju_files_name_their_opening_rule() {
        for ru in [
            "Yamaguchi",
            "Soosorv",
            "Taraguchi-10",
            "Renju RIF",
            "RIF",
            "renju",
        ] {
            assert_eq!(rule_of(ru), Some(Rule::Renju), "{ru}");
        }
        for (ru, rule) in [
            ("free-style", Rule::Freestyle),
            ("Standard", Rule::Standard),
        ] {
            assert_eq!(rule_of(ru), Some(rule), "{ru}");
        }
        assert_eq!(rule_of("go"), None);
    }

    #[test]
    fn bad_files_name_their_line() {
        let e = read("(;GM[1]SZ[19];B[dd])").unwrap_err();
        assert!(e.why.contains("GM[4]"), "{e}");
        let e = read("(;GM[4]SZ[15]\n;B[hh]\n;B[ii])").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.why.contains("white's turn"), "{e}");
        assert!(read("(;GM[4]SZ[15];B[h])").is_err());
        assert!(read("(;GM[4]SZ[15];B[hh]").is_err());
        assert!(read("(;GM[4]AB[hh][ii])").is_err());
        assert!(read("hello").is_err());
        assert!(read("(;GM[4]SZ[15]C[never closed").is_err());
    }

    #[test]
    fn a_written_file_reads_back() {
        let mut game = GameFile::new(6, 7, 4, Rule::Caro);
        game.moves = vec![Cell::new(0, 0), Cell::new(5, 6), Cell::new(2, 3)];
        game.names = [Some("A]nn".into()), None];
        game.comments = vec![r"first\line".into()];
        game.result = Some("W+R".into());
        let text = write(&game);
        assert!(
            text.starts_with(r"(;GM[4]FF[4]SZ[7:6]RU[caro]KR[4]RE[W+R]PB[A\]nn]C[first\\line]"),
            "{text}"
        );
        assert_eq!(read(&text).unwrap(), game);
    }
}
