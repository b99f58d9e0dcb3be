//! The terminal as the game sees it: questions and answers, `q` and end of input, and
//! whether the screen may be cleared and coloured.
//!
//! Generic over the reader and writer so the game's flow can be tested in memory.

use std::fmt;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

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

/// What reading a line gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line (with its newline, if it had one; at most [`MAX_LINE`] bytes).
    Read(Vec<u8>),
    /// The input ended.
    End,
    /// The deadline passed first.
    TimedOut,
}

/// Where answers come from, a line at a time. An answer may be awaited until a deadline
/// (a player's clock); input in memory is always ready, so it never waits.
pub trait Input {
    /// The next line, or [`Line::TimedOut`] once `deadline` has passed without one.
    ///
    /// # Errors
    /// Reading failed.
    fn line(&mut self, deadline: Option<Instant>) -> io::Result<Line>;
}

impl<T: BufRead> Input for T {
    fn line(&mut self, _deadline: Option<Instant>) -> io::Result<Line> {
        let mut line = Vec::new();
        match self.take(MAX_LINE).read_until(b'\n', &mut line)? {
            0 => Ok(Line::End),
            _ => Ok(Line::Read(line)),
        }
    }
}

/// Lines read on a thread of their own, so that a question can stop waiting when a clock
/// runs out: a read from a terminal cannot be interrupted, but waiting on a channel can.
pub struct Lines {
    lines: Receiver<io::Result<Vec<u8>>>,
}

impl Lines {
    /// Reads `input` on a new thread until it ends or fails. The thread lives as long as
    /// the process (a blocked read cannot be called back), which is the console's lifetime.
    pub fn spawn(input: impl Read + Send + 'static) -> Lines {
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut input = io::BufReader::new(input);
            loop {
                let read = match input.line(None) {
                    Ok(Line::Read(line)) => Ok(line),
                    Ok(Line::End | Line::TimedOut) => Ok(Vec::new()),
                    Err(e) => Err(e),
                };
                let last = !matches!(&read, Ok(line) if !line.is_empty());
                if send.send(read).is_err() || last {
                    break;
                }
            }
        });
        Lines { lines }
    }
}

impl Input for Lines {
    fn line(&mut self, deadline: Option<Instant>) -> io::Result<Line> {
        let received = match deadline {
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(at) => self
                .lines
                .recv_timeout(at.saturating_duration_since(Instant::now())),
        };
        match received {
            Ok(Ok(line)) if line.is_empty() => Ok(Line::End),
            Ok(Ok(line)) => Ok(Line::Read(line)),
            Ok(Err(e)) => Err(e),
            Err(RecvTimeoutError::Timeout) => Ok(Line::TimedOut),
            // The reader has stopped: the input ended (or failed, as said before).
            Err(RecvTimeoutError::Disconnected) => Ok(Line::End),
        }
    }
}

/// Questions on `out`, answers from `input`.
pub struct Console<R, W> {
    input: R,
    out: W,
    screen: Screen,
    echo: bool,
}

impl<R: Input, W: Write> Console<R, W> {
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

    /// Asks and reads one answer (the session asks through [`Console::ask_until`]).
    #[cfg(test)]
    pub fn ask(&mut self, prompt: &str) -> Step<String> {
        // Without a deadline there is no timing out; were there one, it would be the end.
        self.ask_before(prompt, None)?.ok_or(Stop::EndOfInput)
    }

    /// Asks and reads one answer, trimmed, waiting no later than `deadline`: `None` once it
    /// has passed. `q` stops with [`Stop::Quit`], the end of the input with
    /// [`Stop::EndOfInput`].
    pub fn ask_before(&mut self, prompt: &str, deadline: Option<Instant>) -> Step<Option<String>> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let line = match self.input.line(deadline)? {
            Line::Read(line) => line,
            ended @ (Line::End | Line::TimedOut) => {
                // Finish the prompt's line so whatever comes next starts on its own.
                writeln!(self.out)?;
                return match ended {
                    Line::TimedOut => Ok(None),
                    _ => Err(Stop::EndOfInput),
                };
            }
        };
        let answer = String::from_utf8_lossy(&line).trim().to_string();
        if self.echo {
            writeln!(self.out, "{answer}")?;
        }
        if is_quit(&answer) {
            return Err(Stop::Quit);
        }
        Ok(Some(answer))
    }

    /// Asks until `parse` accepts the answer, saying what was wrong each time.
    pub fn ask_until<T>(
        &mut self,
        prompt: &str,
        parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Step<T> {
        self.ask_until_before(prompt, None, parse)?
            .ok_or(Stop::EndOfInput)
    }

    /// [`Console::ask_until`], waiting no later than `deadline`: `None` once it has passed.
    pub fn ask_until_before<T>(
        &mut self,
        prompt: &str,
        deadline: Option<Instant>,
        mut parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Step<Option<T>> {
        loop {
            let Some(answer) = self.ask_before(prompt, deadline)? else {
                return Ok(None);
            };
            match parse(&answer) {
                Ok(value) => return Ok(Some(value)),
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
    fn a_question_stops_waiting_at_its_deadline() {
        use std::time::Duration;
        /// Input that stays silent until it is written to, as a person thinking.
        struct Typed(Receiver<Vec<u8>>, Vec<u8>);
        impl Read for Typed {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.1.is_empty() {
                    // Once the sender is gone, the input has ended.
                    self.1 = self.0.recv().unwrap_or_default();
                }
                let n = buf.len().min(self.1.len());
                buf[..n].copy_from_slice(&self.1[..n]);
                self.1.drain(..n);
                Ok(n)
            }
        }
        let (writer, typed) = mpsc::channel();
        let reader = Typed(typed, Vec::new());
        let mut c = Console::new(Lines::spawn(reader), Vec::new(), Screen::default(), true);
        let asked = Instant::now();
        let deadline = asked + Duration::from_millis(200);
        assert_eq!(c.ask_before("Move? ", Some(deadline)).unwrap(), None);
        assert!(asked.elapsed() >= Duration::from_millis(200));
        assert!(asked.elapsed() < Duration::from_secs(5));
        // A deadline already past does not wait at all.
        assert_eq!(c.ask_before("Move? ", Some(asked)).unwrap(), None);
        writer.send(b"2 2\nmore".to_vec()).unwrap();
        drop(writer);
        assert_eq!(c.ask("Move? ").unwrap(), "2 2");
        assert_eq!(c.ask("Move? ").unwrap(), "more");
        assert!(matches!(c.ask("Move? "), Err(Stop::EndOfInput)));
        assert!(matches!(c.ask("Move? "), Err(Stop::EndOfInput)));
        let out = String::from_utf8(c.out).unwrap();
        assert!(out.starts_with("Move? \nMove? \nMove? 2 2\n"), "{out:?}");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_answer_not_a_crash() {
        let mut c = Console::new(&b"\xff\xfe 1\n"[..], Vec::new(), Screen::default(), false);
        assert_eq!(c.ask("? ").unwrap(), "\u{fffd}\u{fffd} 1");
    }
}
