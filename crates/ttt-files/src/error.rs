//! Why a file cannot be read: the line, and what is wrong.

use std::fmt;

/// Why a file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The line it is on, from 1 (0 when the whole file is at fault).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.why)
        } else {
            write!(f, "line {}: {}", self.line, self.why)
        }
    }
}

impl std::error::Error for FileError {}

pub(crate) fn error(line: usize, why: impl Into<String>) -> FileError {
    FileError {
        line,
        why: why.into(),
    }
}
