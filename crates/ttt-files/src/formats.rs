//! The two formats, and a file read in either or written in one.

use crate::error::{error, FileError};
use crate::game::{GameFile, MAX_BYTES};
use crate::{psq, sgf};

/// The two formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Piskvork's `.psq`.
    Psq,
    /// SGF, `GM[4]`.
    Sgf,
}

impl Format {
    /// Its usual file extension, without the dot.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Psq => "psq",
            Format::Sgf => "sgf",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "psq" => Ok(Format::Psq),
            "sgf" => Ok(Format::Sgf),
            other => Err(format!("{other:?} is not a game file format: psq or sgf")),
        }
    }
}

impl GameFile {
    /// Reads a file in either format (SGF when it starts with `(`), and checks it.
    ///
    /// # Errors
    /// [`FileError`] naming the line and what is wrong.
    pub fn read(text: &str) -> Result<GameFile, FileError> {
        if text.len() > MAX_BYTES {
            return Err(error(
                0,
                format!(
                    "the file is over {} KiB: no game is that long",
                    MAX_BYTES >> 10
                ),
            ));
        }
        let game = if text.trim_start().starts_with('(') {
            sgf::read(text)?
        } else {
            psq::read(text)?
        };
        game.position().map_err(|why| error(0, why))?;
        Ok(game)
    }

    /// The file in `format`.
    #[must_use]
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Psq => psq::write(self),
            Format::Sgf => sgf::write(self),
        }
    }
}
