//! The manager's side: an engine program started as a child process ([`Brain`]) and driven
//! command by command, each answer awaited for a time limit. Its lines are read on a thread
//! of their own, so a silent or hung engine costs a timeout, never a stuck manager; `MESSAGE`
//! and `DEBUG` lines are kept aside for whoever wants them.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::protocol::{Command, Owner, Point, Reply};

/// The longest line read from an engine, in bytes; a longer one is cut into pieces.
const LONGEST_LINE: u64 = 64 * 1024;

/// How many of the last lines of an engine's standard error are kept.
pub const LAST_WORDS_LINES: usize = 5;

/// How long [`Brain::explain`] waits for an ended program's standard error to be read.
const LAST_WORDS_WAIT: Duration = Duration::from_millis(500);

/// The most characters of an engine's last words that a reason quotes.
const LAST_WORDS_SHOWN: usize = 300;

/// `words` cut to [`LAST_WORDS_SHOWN`] characters.
fn shortened(words: &str) -> String {
    let mut chars = words.chars();
    let mut short: String = chars.by_ref().take(LAST_WORDS_SHOWN).collect();
    if chars.next().is_some() {
        short.push_str("...");
    }
    short
}

/// What went wrong with an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrainError {
    /// The program could not be started.
    Spawn(String),
    /// No answer within the time allowed.
    Timeout,
    /// The program closed its output (it ended or crashed).
    Gone,
    /// The same, with the last line it wrote on its standard error.
    GoneSaying(String),
    /// It answered `ERROR` (or `UNKNOWN`) with this reason.
    Refused(String),
    /// It answered something that is not what was asked for.
    Unexpected(String),
}

impl fmt::Display for BrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrainError::Spawn(why) => write!(f, "could not start the engine: {why}"),
            BrainError::Timeout => f.write_str("no answer in time"),
            BrainError::Gone => f.write_str("the engine ended"),
            BrainError::GoneSaying(words) => {
                write!(f, "the engine ended, saying on its standard error: {words}")
            }
            BrainError::Refused(why) => write!(f, "the engine refused: {why}"),
            BrainError::Unexpected(line) => write!(f, "unexpected answer {line:?}"),
        }
    }
}

impl std::error::Error for BrainError {}

/// The refusal in an `ERROR` or `UNKNOWN` answer: its reason, or, where the engine gave
/// none, the bare word it answered.
fn refused(reply: Reply) -> BrainError {
    match reply {
        Reply::Error(why) | Reply::Unknown(why) if !why.trim().is_empty() => {
            BrainError::Refused(why)
        }
        bare => BrainError::Refused(format!(
            "it answered a bare {}, with no reason",
            bare.to_string().trim()
        )),
    }
}

/// An engine program and how it is given its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program to start.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// `INFO timeout_turn`.
    pub turn_time: Duration,
}

impl EngineSpec {
    /// A command line split on whitespace: the program, then its arguments (no quoting: a
    /// program whose path has spaces needs a wrapper script).
    ///
    /// ```
    /// use std::time::Duration;
    /// use ttt_pbrain::manager::EngineSpec;
    /// let spec = EngineSpec::parse("python3 first.py --fast", Duration::from_secs(1)).unwrap();
    /// assert_eq!((spec.program.as_str(), spec.args.len()), ("python3", 2));
    /// assert!(EngineSpec::parse("  ", Duration::from_secs(1)).is_none());
    /// ```
    #[must_use]
    pub fn parse(line: &str, turn_time: Duration) -> Option<EngineSpec> {
        let mut words = line.split_whitespace().map(str::to_string);
        Some(EngineSpec {
            program: words.next()?,
            args: words.collect(),
            turn_time,
        })
    }

    /// Checks that the program can be found and run, so that a mistyped path is reported
    /// before a game rather than lost as one: a path (with a `/`) must name an executable
    /// file, a bare name one on `PATH`.
    ///
    /// # Errors
    /// What is wrong, in words, naming the program.
    pub fn check_program(&self) -> Result<(), String> {
        let program = std::path::Path::new(&self.program);
        let runnable = |path: &std::path::Path| {
            path.metadata().is_ok_and(|m| {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    m.is_file() && m.permissions().mode() & 0o111 != 0
                }
                #[cfg(not(unix))]
                {
                    m.is_file()
                }
            })
        };
        let found =
            if self.program.contains(std::path::MAIN_SEPARATOR) || self.program.contains('/') {
                runnable(program)
            } else {
                std::env::var_os("PATH").is_some_and(|paths| {
                    std::env::split_paths(&paths).any(|dir| runnable(&dir.join(program)))
                })
            };
        if found {
            Ok(())
        } else if program.exists() {
            Err(format!("{} is not an executable file", self.program))
        } else {
            Err(format!(
                "no program {} (a path, or a name on PATH)",
                self.program
            ))
        }
    }

    /// The command line without directories: each word's file name (`student.py` for
    /// `./bots/student.py`, `python3 student.py` for `/usr/bin/python3 bots/student.py`),
    /// so that what is recorded of a program says which it was and not where it lives.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use ttt_pbrain::manager::EngineSpec;
    /// let spec = EngineSpec::parse("/usr/bin/python3 bots/student.py", Duration::ZERO).unwrap();
    /// assert_eq!(spec.short_name(), "python3 student.py");
    /// ```
    #[must_use]
    pub fn short_name(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|word| {
                std::path::Path::new(word)
                    .file_name()
                    .map_or_else(|| word.clone(), |n| n.to_string_lossy().into_owned())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program and its arguments, as one string.
    #[must_use]
    pub fn name(&self) -> String {
        std::iter::once(self.program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A running engine.
#[derive(Debug)]
pub struct Brain {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The program and its arguments, for messages.
    name: String,
    /// The `MESSAGE` and `DEBUG` lines it sent since they were last taken.
    chatter: Vec<String>,
    /// The last lines it wrote on its standard error (at most [`LAST_WORDS_LINES`]).
    last_words: Arc<Mutex<std::collections::VecDeque<String>>>,
    /// Closed once its standard error is closed (it ended).
    errors_done: Receiver<()>,
}

impl Brain {
    /// Starts `program` with `args`.
    ///
    /// # Errors
    /// [`BrainError::Spawn`] when the program cannot be started.
    pub fn spawn(program: &str, args: &[String]) -> Result<Brain, BrainError> {
        let mut command = Process::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // A process group of its own, so that ending it ends what it started too.
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| BrainError::Spawn(format!("{program}: {e}")))?;
        let (Some(input), Some(output), Some(errors)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill(&mut child);
            return Err(BrainError::Spawn(format!("{program}: no pipes")));
        };
        let (send, lines) = mpsc::channel();
        read_lines(output, move |line| send.send(line).is_ok());
        // Its standard error is read as it comes (so that it never fills the pipe), and only
        // its last few lines kept: what a crashing program said last (an error and its usage
        // note, the end of a traceback).
        let last_words = Arc::new(Mutex::new(std::collections::VecDeque::new()));
        let (said_all, errors_done) = mpsc::channel::<()>();
        let keep = Arc::clone(&last_words);
        read_lines(errors, move |line| {
            let _said_all = &said_all;
            if !line.trim().is_empty() {
                if let Ok(mut last) = keep.lock() {
                    if last.len() == LAST_WORDS_LINES {
                        last.pop_front();
                    }
                    last.push_back(line.trim().to_string());
                }
            }
            true
        });
        Ok(Brain {
            child,
            input,
            lines,
            last_words,
            errors_done,
            name: std::iter::once(program)
                .chain(args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
            chatter: Vec::new(),
        })
    }

    /// The program and its arguments.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The last line the program wrote on its standard error, if any; waits up to `wait`
    /// for it to close its standard error first (a program that just ended may not have been
    /// read to its end yet).
    pub fn last_words(&self, wait: Duration) -> Option<String> {
        let _ = self.errors_done.recv_timeout(wait);
        self.last_words.lock().ok()?.back().cloned()
    }

    /// The last lines the program wrote on its standard error (at most
    /// [`LAST_WORDS_LINES`], joined by " / "), if any, waiting as [`Brain::last_words`]
    /// does: an error and the usage note after it, say.
    pub fn last_lines(&self, wait: Duration) -> Option<String> {
        let _ = self.errors_done.recv_timeout(wait);
        let last = self.last_words.lock().ok()?;
        (!last.is_empty()).then(|| {
            last.iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" / ")
        })
    }

    /// `error`, with the program's last words on its standard error where it ended: what a
    /// crashing program said is the reason a person needs.
    #[must_use]
    pub fn explain(&self, error: BrainError) -> BrainError {
        match error {
            BrainError::Gone => self
                .last_lines(LAST_WORDS_WAIT)
                .map_or(BrainError::Gone, |words| {
                    BrainError::GoneSaying(shortened(&words))
                }),
            other => other,
        }
    }

    /// Whether the program still runs (it may have ended since its last answer).
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The `MESSAGE` and `DEBUG` lines received since the last call.
    pub fn take_chatter(&mut self) -> Vec<String> {
        std::mem::take(&mut self.chatter)
    }

    /// Sends one command.
    ///
    /// # Errors
    /// [`BrainError::Gone`] when the engine no longer reads.
    pub fn send(&mut self, command: &Command) -> Result<(), BrainError> {
        writeln!(self.input, "{command}").map_err(|_| BrainError::Gone)?;
        self.input.flush().map_err(|_| BrainError::Gone)
    }

    /// The next answer that is not `MESSAGE` or `DEBUG`, within `timeout`.
    fn answer(&mut self, timeout: Duration) -> Result<Reply, BrainError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(BrainError::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(BrainError::Gone),
            };
            if line.is_empty() {
                continue;
            }
            match Reply::parse(&line) {
                Reply::Message(_) | Reply::Debug(_) => self.chatter.push(line),
                reply => return Ok(reply),
            }
        }
    }

    fn expect_ok(&mut self, timeout: Duration) -> Result<(), BrainError> {
        match self.answer(timeout)? {
            Reply::Ok => Ok(()),
            refusal @ (Reply::Error(_) | Reply::Unknown(_)) => Err(refused(refusal)),
            other => Err(BrainError::Unexpected(other.to_string())),
        }
    }

    fn expect_move(&mut self, timeout: Duration) -> Result<Point, BrainError> {
        match self.answer(timeout)? {
            Reply::Move(p) | Reply::Suggest(p) => Ok(p),
            refusal @ (Reply::Error(_) | Reply::Unknown(_)) => Err(refused(refusal)),
            other => Err(BrainError::Unexpected(other.to_string())),
        }
    }

    /// `START size` (square) or `RECTSTART width,height`, and its `OK`.
    ///
    /// # Errors
    /// Any [`BrainError`]; `Refused` for a size the engine does not take.
    pub fn start(
        &mut self,
        width: usize,
        height: usize,
        timeout: Duration,
    ) -> Result<(), BrainError> {
        let command = if width == height {
            Command::Start(width)
        } else {
            Command::RectStart { width, height }
        };
        self.send(&command)?;
        self.expect_ok(timeout)
    }

    /// `RESTART`, and its `OK`.
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn restart(&mut self, timeout: Duration) -> Result<(), BrainError> {
        self.send(&Command::Restart)?;
        self.expect_ok(timeout)
    }

    /// `INFO key value` (no answer is expected).
    ///
    /// # Errors
    /// [`BrainError::Gone`] when the engine no longer reads.
    pub fn info(&mut self, key: &str, value: impl fmt::Display) -> Result<(), BrainError> {
        self.send(&Command::Info(key.to_string(), value.to_string()))
    }

    /// `BEGIN`: the engine's first move.
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn begin(&mut self, timeout: Duration) -> Result<Point, BrainError> {
        self.send(&Command::Begin)?;
        self.expect_move(timeout)
    }

    /// `TURN x,y`: the opponent's move, and the engine's answer.
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn turn(&mut self, opponent: Point, timeout: Duration) -> Result<Point, BrainError> {
        self.send(&Command::Turn(opponent))?;
        self.expect_move(timeout)
    }

    /// `BOARD`, the stones, `DONE`: a whole position, and the engine's move in it.
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn board(
        &mut self,
        stones: &[(Point, Owner)],
        timeout: Duration,
    ) -> Result<Point, BrainError> {
        self.send(&Command::Board)?;
        for &(p, owner) in stones {
            self.send(&Command::Stone(p, owner))?;
        }
        self.send(&Command::Done)?;
        self.expect_move(timeout)
    }

    /// `SWAP2BOARD`, the stones placed so far (black first), `DONE`: the engine's swap2
    /// answer, as the line it wrote (`x,y x,y x,y`, `SWAP`, `x,y`, or `x,y x,y`).
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn swap2board(
        &mut self,
        stones: &[Point],
        timeout: Duration,
    ) -> Result<String, BrainError> {
        self.send(&Command::Swap2Board)?;
        for &p in stones {
            self.send(&Command::Placed(p))?;
        }
        self.send(&Command::Done)?;
        match self.answer(timeout)? {
            refusal @ (Reply::Error(_) | Reply::Unknown(_)) => Err(refused(refusal)),
            reply => Ok(reply.to_string()),
        }
    }

    /// `TAKEBACK x,y`, and its `OK`.
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn takeback(&mut self, p: Point, timeout: Duration) -> Result<(), BrainError> {
        self.send(&Command::Takeback(p))?;
        self.expect_ok(timeout)
    }

    /// `ABOUT`: the engine's description (`name="...", version="..."`).
    ///
    /// # Errors
    /// Any [`BrainError`].
    pub fn about(&mut self, timeout: Duration) -> Result<String, BrainError> {
        self.send(&Command::About)?;
        match self.answer(timeout)? {
            refusal @ (Reply::Error(_) | Reply::Unknown(_)) => Err(refused(refusal)),
            other => Ok(other.to_string()),
        }
    }

    /// `END`, then waits a moment for the program to stop, and stops it if it does not.
    pub fn end(mut self) {
        let _ = self.send(&Command::End);
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // Dropping it ends what is left of its group.
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        kill(&mut self.child);
    }
}

/// Reads `from` line by line on a thread of its own, handing each line (trimmed) to `each`
/// until it returns false or `from` ends; dropping `each` then tells whoever waits on what
/// it holds.
fn read_lines(
    from: impl Read + Send + 'static,
    mut each: impl FnMut(String) -> bool + Send + 'static,
) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(from);
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            // A program that writes without end of line must not take all the memory: past
            // the limit, what it wrote so far counts as a line.
            match (&mut reader)
                .take(LONGEST_LINE)
                .read_until(b'\n', &mut buffer)
            {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if !each(String::from_utf8_lossy(&buffer).trim().to_string()) {
                        break;
                    }
                }
            }
        }
    });
}

/// Ends an engine and whatever it started (its process group), and reaps it. The group is
/// killed even when the engine itself has ended: a script's children may outlive it.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        use rustix::process::{kill_process_group, Pid, Signal};
        let _ = kill_process_group(Pid::from_child(child), Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in engine written in shell: answers OK to START and 0,0 to anything else,
    /// once.
    fn shell(script: &str) -> Brain {
        Brain::spawn("sh", &["-c".to_string(), script.to_string()]).unwrap()
    }

    #[test]
    fn answers_chatter_and_timeouts() {
        let mut b = shell("read a; echo 'MESSAGE hello'; echo OK; read b; echo 'DEBUG x'; echo 3,4; read c; sleep 5");
        b.start(15, 15, Duration::from_secs(5)).unwrap();
        assert_eq!(b.begin(Duration::from_secs(5)), Ok(Point { x: 3, y: 4 }));
        assert_eq!(b.take_chatter(), vec!["MESSAGE hello", "DEBUG x"]);
        assert_eq!(
            b.turn(Point { x: 1, y: 1 }, Duration::from_millis(100)),
            Err(BrainError::Timeout)
        );
        b.end();
        let mut b = shell("read a; echo 'ERROR too big'");
        assert_eq!(
            b.start(40, 40, Duration::from_secs(5)),
            Err(BrainError::Refused("too big".into()))
        );
        assert_eq!(b.begin(Duration::from_secs(5)), Err(BrainError::Gone));
        // A bare word, as some engines answer a command they do not know, is named.
        let mut b = shell("read a; echo UNKNOWN");
        assert_eq!(
            b.start(12, 10, Duration::from_secs(5))
                .map_err(|e| e.to_string()),
            Err("the engine refused: it answered a bare UNKNOWN, with no reason".into())
        );
        let mut b = shell("read a; echo 'ERROR  '");
        assert_eq!(
            b.start(12, 10, Duration::from_secs(5))
                .map_err(|e| e.to_string()),
            Err("the engine refused: it answered a bare ERROR, with no reason".into())
        );
        assert!(matches!(
            Brain::spawn("/nonexistent/pbrain", &[]),
            Err(BrainError::Spawn(_))
        ));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn ending_an_engine_ends_what_it_started() {
        let file = std::env::temp_dir().join(format!("ttt-pbrain-child-{}", std::process::id()));
        let _ = std::fs::remove_file(&file);
        // A script that leaves a child of its own running, as a shell engine may.
        let b = shell(&format!(
            "sleep 100 & echo $! > {}; sleep 100",
            file.display()
        ));
        let started = Instant::now();
        let pid = loop {
            if let Some(pid) = std::fs::read_to_string(&file)
                .ok()
                .and_then(|t| t.trim().parse::<u32>().ok())
            {
                break pid;
            }
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "the script never started"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        drop(b);
        let _ = std::fs::remove_file(&file);
        // Gone, or a zombie about to be reaped by init: not running either way.
        let running = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|stat| stat.split_whitespace().nth(2).is_none_or(|s| s != "Z"))
        };
        let ended = Instant::now();
        while running() && ended.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!running(), "the script's child {pid} still runs");
    }
}
