//! Positions read one a line from standard input (`--jsonl`): every line gets an answer, and a
//! line that cannot be read (not UTF-8 text, say) gets an error object like any other bad
//! line; the run goes on.

use std::io::{BufRead, Write};

use serde::Serialize;

use crate::output::json::LineErrorJson;

/// Calls `answer` with each non-blank line of standard input, trimmed, and writes what it
/// returns (or its error, with the line) as one JSON object a line, flushed at once.
pub fn answer_each<T: Serialize>(
    mut answer: impl FnMut(&str) -> anyhow::Result<T>,
) -> anyhow::Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        if stdin.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim();
        if line.is_empty() {
            continue;
        }
        let written = match std::str::from_utf8(&bytes) {
            Ok(_) => match answer(line) {
                Ok(value) => serde_json::to_writer(&mut out, &value),
                Err(e) => serde_json::to_writer(&mut out, &error(line, e.to_string())),
            },
            Err(_) => serde_json::to_writer(
                &mut out,
                &error(line, format!("line {number} is not UTF-8 text")),
            ),
        };
        written?;
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

fn error(line: &str, error: String) -> LineErrorJson<'_> {
    LineErrorJson {
        position: line,
        error,
    }
}
