//! What a player's name may be, for every front end alike (the console, the web game, the
//! desktop window), so that a name made in one can be used in the others.

use std::fmt;

use unicode_normalization::UnicodeNormalization;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// What the web game calls a person who gives no name: a guest. Their games are recorded
/// (their opponents' counts move) under this one name, which no account can take and no
/// ranking lists.
pub const GUEST: &str = "Guest";

/// Whether `name` is [`GUEST`], in any case.
///
/// ```
/// assert!(ttt_store::is_guest(" guest "));
/// assert!(!ttt_store::is_guest("Guestimate"));
/// ```
#[must_use]
pub fn is_guest(name: &str) -> bool {
    name_key(name) == name_key(GUEST)
}

/// Why a name cannot be a player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameError {
    /// Nothing but spaces.
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    TooLong,
    /// A control character, such as a line break.
    ControlCharacter,
    /// A character that shows nothing (a zero-width space, a direction mark, a filler): two
    /// names that differ only by one look the same.
    Invisible,
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
            NameError::Invisible => f.write_str(
                "a name cannot contain invisible characters (such as zero-width spaces or \
                 direction marks)",
            ),
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

/// `name` as a player's name is kept: NFKC-normalised (so a full-width "Ａｎｎ" is "Ann"),
/// trimmed, not empty, at most [`MAX_NAME_CHARS`] characters, with no control characters and
/// no invisible ones (format characters such as zero-width spaces and direction marks,
/// fillers, variation selectors).
///
/// ```
/// use ttt_store::{check_name, NameError};
/// assert_eq!(check_name("  Ann "), Ok("Ann".to_string()));
/// assert_eq!(check_name("Ａｎｎ"), Ok("Ann".to_string()));
/// assert_eq!(check_name("   "), Err(NameError::Empty));
/// assert_eq!(check_name("a\nb"), Err(NameError::ControlCharacter));
/// assert_eq!(check_name("A\u{200B}lice"), Err(NameError::Invisible));
/// ```
///
/// # Errors
/// The [`NameError`] that says why the name cannot be kept.
pub fn check_name(name: &str) -> Result<String, NameError> {
    let name: String = name.nfkc().collect();
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
    if name.chars().any(is_invisible) {
        return Err(NameError::Invisible);
    }
    Ok(name.to_string())
}

/// Whether `c` shows nothing: Unicode's format characters (general category Cf) and the
/// default-ignorable and blank characters that are not (fillers, variation selectors, the
/// combining grapheme joiner, the blank Braille pattern), and the white space that NFKC does
/// not make a plain space (line and paragraph separators).
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    ) || (c.is_whitespace() && c != ' ')
}

/// What a name looks like: its confusable skeleton (Unicode TR 39), taken both before and
/// after lower case, and lower-cased. Two names with one skeleton can be mistaken for each
/// other ("Alice" with a Cyrillic "А", "AIex" with a capital I for "Alex", "rn" and "m"), and
/// so cannot both be players' names. (TR 39 maps a capital I to a small l, so the skeleton is
/// taken before lower case; and small look-alikes, such as a Cyrillic "а", after it.)
///
/// ```
/// use ttt_store::skeleton;
/// assert_eq!(skeleton("Alice"), skeleton("\u{410}lice"));
/// assert_eq!(skeleton("AIex"), skeleton("Alex"));
/// assert_ne!(skeleton("Alice"), skeleton("Alicia"));
/// ```
#[must_use]
pub fn skeleton(name: &str) -> String {
    let name: String = name.trim().nfkc().collect();
    let first: String = unicode_security::skeleton(&name).collect();
    let lower = first.to_lowercase();
    let second: String = unicode_security::skeleton(&lower).collect();
    second.to_lowercase()
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

    #[test]
    fn invisible_and_control_characters_are_refused() {
        for name in [
            "A\u{200B}lice",
            "\u{202E}ecilA",
            "Al\u{FE0F}ice",
            "\u{3164}",
            "Ann\u{2028}Lee",
        ] {
            assert!(check_name(name).is_err(), "{name:?}");
        }
        assert_eq!(check_name("Ann Lee"), Ok("Ann Lee".into()));
        // NFKC makes other spaces (an em space here) the plain one.
        assert_eq!(check_name("Ann\u{2003}Lee"), Ok("Ann Lee".into()));
        assert_eq!(check_name("Émile"), Ok("Émile".into()));
        // NFKC: a composed and a decomposed é are one name.
        assert_eq!(check_name("E\u{301}mile"), Ok("Émile".into()));
    }

    #[test]
    fn look_alikes_share_a_skeleton() {
        // Cyrillic А, Greek Α and Latin A.
        assert_eq!(skeleton("\u{410}lice"), skeleton("Alice"));
        assert_eq!(skeleton("\u{391}lice"), skeleton("alice"));
        assert_eq!(skeleton("rnary"), skeleton("mary"));
        assert_eq!(skeleton("pau1"), skeleton("paul"));
        assert_ne!(skeleton("Bob"), skeleton("Rob"));
        // Capital letters that pass for others, Latin or Cyrillic.
        for (a, b) in [
            ("AIex", "Alex"),
            ("CaroI", "Carol"),
            ("BiII", "Bill"),
            ("\u{412}ob", "Bob"),
            ("\u{412}\u{430}b", "Bab"),
            ("AIice", "alice"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a:?} and {b:?}");
        }
        // Case alone changes nothing.
        assert_eq!(skeleton("alice"), skeleton("Alice"));
    }
}
