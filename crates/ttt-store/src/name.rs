//! What a player's name may be, for every front end alike (the console, the web game, the
//! desktop window), so that a name made in one can be used in the others.

use std::fmt;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Why a name cannot be a player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameError {
    /// Nothing but spaces.
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    TooLong,
    /// A control character, such as a line break.
    ControlCharacter,
}

impl fmt::Display for NameError {
    /// The reason as a clause, to be put into a sentence by the caller.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => f.write_str("a name needs at least one letter or digit"),
            NameError::TooLong => write!(f, "use a name of at most {MAX_NAME_CHARS} characters"),
            NameError::ControlCharacter => {
                f.write_str("a name cannot contain control characters (such as line breaks)")
            }
        }
    }
}

impl std::error::Error for NameError {}

/// The key a player's name is compared by: the name in lower case, so that "Alice" and
/// "alice" are one player (shown as first spelled).
///
/// ```
/// use ttt_store::name_key;
/// assert_eq!(name_key("Émile"), name_key("éMILE"));
/// ```
#[must_use]
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// `name` as a player's name is kept: trimmed, not empty, at most [`MAX_NAME_CHARS`]
/// characters, no control characters.
///
/// ```
/// use ttt_store::{check_name, NameError};
/// assert_eq!(check_name("  Ann "), Ok("Ann".to_string()));
/// assert_eq!(check_name("   "), Err(NameError::Empty));
/// assert_eq!(check_name("a\nb"), Err(NameError::ControlCharacter));
/// ```
///
/// # Errors
/// The [`NameError`] that says why the name cannot be kept.
pub fn check_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::ControlCharacter);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert!(check_name(&"é".repeat(MAX_NAME_CHARS)).is_ok());
        assert_eq!(
            check_name(&"é".repeat(MAX_NAME_CHARS + 1)),
            Err(NameError::TooLong)
        );
        assert!(NameError::TooLong.to_string().contains("40"));
    }
}
