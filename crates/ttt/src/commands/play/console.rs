//! The terminal as the game sees it: questions and answers, `q` and end of input, and
//! whether the screen may be cleared and coloured.
//!
//! Generic over the reader and writer so the game's flow can be tested in memory.

use std::fmt;
use std::io::{self, BufRead, IsTerminal, Read, Write};

use super::answer::is_quit;

/// Why the session ended before the players were done.
#[derive(Debug)]
pub enum Stop {
    /// Someone typed `q`.
    Quit,
    /// The input ended (Ctrl-D, or a script that ran out).
    EndOfInput,
    /// Something failed: the database, or the terminal itself.
    Failed(anyhow::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Failed(e.into())
    }
}

impl From<anyhow::Error> for Stop {
    fn from(e: anyhow::Error) -> Self {
        Stop::Failed(e)
    }
}

impl From<ttt_store::StoreError> for Stop {
    fn from(e: ttt_store::StoreError) -> Self {
        Stop::Failed(crate::error::store_error(e))
    }
}

/// A step of the session: its value, or the reason the session stops.
pub type Step<T> = Result<T, Stop>;

/// What the output can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Screen {
    /// ANSI colours are welcome.
    pub colour: bool,
    /// The screen may be cleared between turns.
    pub clear: bool,
}

impl Screen {
    /// Colour and clearing only on a real terminal (not `TERM=dumb`); colour only while
    /// `NO_COLOR` is unset or empty (<https://no-color.org>).
    pub fn detect() -> Screen {
        let terminal =
            io::stdout().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Screen {
            colour: terminal && !no_colour,
            clear: terminal,
        }
    }
}

/// The longest answer read at once; a longer line is read in pieces (and refused).
const MAX_LINE: u64 = 4096;

/// Questions on `out`, answers from `input`.
pub struct Console<R, W> {
    input: R,
    out: W,
    screen: Screen,
    echo: bool,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// `echo` repeats each answer after its question, so that the transcript of a piped
    /// session reads like the one on a terminal.
    pub fn new(input: R, out: W, screen: Screen, echo: bool) -> Self {
        Console {
            input,
            out,
            screen,
            echo,
        }
    }

    /// What the output can do.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Writes one line.
    pub fn say(&mut self, text: impl fmt::Display) -> Step<()> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    /// Writes text as it is (no newline added) and shows it at once.
    pub fn show(&mut self, text: impl fmt::Display) -> Step<()> {
        write!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Clears the screen on a terminal; elsewhere separates turns with a blank line.
    pub fn new_screen(&mut self) -> Step<()> {
        if self.screen.clear {
            write!(self.out, "\x1b[2J\x1b[H")?;
        } else {
            writeln!(self.out)?;
        }
        Ok(())
    }

    /// Asks and reads one answer, trimmed. `q` stops with [`Stop::Quit`], the end of the
    /// input with [`Stop::EndOfInput`].
    pub fn ask(&mut self, prompt: &str) -> Step<String> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let mut line = Vec::new();
        let read = (&mut self.input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            // Finish the prompt's line so whatever comes next starts on its own.
            writeln!(self.out)?;
            return Err(Stop::EndOfInput);
        }
        let answer = String::from_utf8_lossy(&line).trim().to_string();
        if self.echo {
            writeln!(self.out, "{answer}")?;
        }
        if is_quit(&answer) {
            return Err(Stop::Quit);
        }
        Ok(answer)
    }

    /// Asks until `parse` accepts the answer, saying what was wrong each time.
    pub fn ask_until<T>(
        &mut self,
        prompt: &str,
        mut parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Step<T> {
        loop {
            let answer = self.ask(prompt)?;
            match parse(&answer) {
                Ok(value) => return Ok(value),
                Err(problem) => self.say(problem)?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn console(input: &str) -> Console<&[u8], Vec<u8>> {
        Console::new(input.as_bytes(), Vec::new(), Screen::default(), true)
    }

    #[test]
    fn answers_are_trimmed_and_echoed() {
        let mut c = console("  Alice \r\n");
        assert_eq!(c.ask("Name? ").unwrap(), "Alice");
        assert_eq!(String::from_utf8(c.out).unwrap(), "Name? Alice\n");
    }

    #[test]
    fn q_and_end_of_input_stop() {
        let mut c = console("Q\n");
        assert!(matches!(c.ask("? "), Err(Stop::Quit)));
        assert!(matches!(c.ask("? "), Err(Stop::EndOfInput)));
        // Input without a final newline still counts.
        let mut c = console("yes");
        assert_eq!(c.ask("? ").unwrap(), "yes");
    }

    #[test]
    fn asks_again_until_the_answer_parses() {
        let mut c = console("x\n7\n");
        let n: u32 = c
            .ask_until("Number? ", |t| {
                t.parse().map_err(|_| format!("{t} is no number"))
            })
            .unwrap();
        assert_eq!(n, 7);
        let out = String::from_utf8(c.out).unwrap();
        assert_eq!(out, "Number? x\nx is no number\nNumber? 7\n");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_answer_not_a_crash() {
        let mut c = Console::new(&b"\xff\xfe 1\n"[..], Vec::new(), Screen::default(), false);
        assert_eq!(c.ask("? ").unwrap(), "\u{fffd}\u{fffd} 1");
    }
}
