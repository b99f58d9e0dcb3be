//! The SQL both backends run, written once: every statement, column list and row mapping,
//! and the steps of each operation, over a small [`Db`] that each backend implements to
//! execute a statement and return its rows.
//!
//! Statements use PostgreSQL's placeholders, `$1`, `$2`, ... SQLite takes them too, as named
//! parameters numbered in the order they first appear; so every statement here lists its
//! placeholders in that order, and a test checks each one against SQLite.
//!
//! The operations are `async` because PostgreSQL's driver is; SQLite's [`Db`] never waits,
//! so its backend runs them to completion at once.

pub(crate) mod accounts;
pub(crate) mod admin;
pub(crate) mod games;
pub(crate) mod live;
pub(crate) mod players;
pub(crate) mod ratings;
pub(crate) mod restore;
pub(crate) mod seeks;

use std::path::Path;

use ttt_core::Player;

use crate::{GameError, StoreError};

/// A value bound to a placeholder: the few kinds the schema holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Param<'a> {
    /// An integer column (NULL for `None`); each backend sizes it to the column.
    Int(Option<i64>),
    /// A text column (NULL for `None`).
    Text(Option<&'a str>),
}

impl From<i64> for Param<'_> {
    fn from(n: i64) -> Self {
        Param::Int(Some(n))
    }
}

impl From<Option<i64>> for Param<'_> {
    fn from(n: Option<i64>) -> Self {
        Param::Int(n)
    }
}

impl From<usize> for Param<'_> {
    fn from(n: usize) -> Self {
        Param::Int(Some(i64::try_from(n).unwrap_or(i64::MAX)))
    }
}

impl From<u32> for Param<'_> {
    fn from(n: u32) -> Self {
        Param::Int(Some(i64::from(n)))
    }
}

impl<'a> From<&'a str> for Param<'a> {
    fn from(text: &'a str) -> Self {
        Param::Text(Some(text))
    }
}

impl<'a> From<&'a String> for Param<'a> {
    fn from(text: &'a String) -> Self {
        Param::Text(Some(text))
    }
}

impl<'a> From<Option<&'a str>> for Param<'a> {
    fn from(text: Option<&'a str>) -> Self {
        Param::Text(text)
    }
}

/// The values of a statement's placeholders, in order: `params![a, b]`.
macro_rules! params {
    ($($value:expr),* $(,)?) => {
        &[$($crate::sql::Param::from($value)),*]
    };
}
pub(crate) use params;

/// A row as a backend returns it: its columns by position, as the statement listed them.
pub(crate) trait Row {
    /// The integer in column `i`; `None` for NULL.
    ///
    /// # Errors
    /// When the column holds something else.
    fn int(&self, i: usize) -> Result<Option<i64>, Damage>;

    /// The text in column `i`; `None` for NULL.
    ///
    /// # Errors
    /// When the column holds something else.
    fn text(&self, i: usize) -> Result<Option<String>, Damage>;

    /// The integer in column `i`, which may not be NULL.
    fn need_int(&self, i: usize) -> Result<i64, Damage> {
        self.int(i)?.ok_or(Damage::Null(i))
    }

    /// The text in column `i`, which may not be NULL.
    fn need_text(&self, i: usize) -> Result<String, Damage> {
        self.text(i)?.ok_or(Damage::Null(i))
    }
}

/// A database as the shared operations see it: a connection or a transaction, which runs a
/// statement (prepared once per connection and reused) and returns its rows, and says its
/// own errors as the store's.
pub(crate) trait Db {
    /// A row of a result.
    type Row: Row;

    /// The database, as messages name it.
    fn path(&self) -> &Path;

    /// Runs a statement; how many rows it changed.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it would break a uniqueness (a second row with one
    /// key); as the backend says otherwise.
    async fn execute(&self, sql: &str, params: &[Param<'_>]) -> Result<u64, StoreError>;

    /// Runs a query; its rows.
    async fn query(&self, sql: &str, params: &[Param<'_>]) -> Result<Vec<Self::Row>, StoreError>;

    /// Runs a query that returns at most one row.
    async fn query_opt(
        &self,
        sql: &str,
        params: &[Param<'_>],
    ) -> Result<Option<Self::Row>, StoreError> {
        Ok(self.query(sql, params).await?.into_iter().next())
    }

    /// The store's error for a row that cannot be made sense of: `whose` says which.
    fn damaged(&self, whose: &str, damage: Damage) -> StoreError {
        StoreError::Corrupt {
            path: self.path().to_path_buf(),
            detail: format!("{whose} has {damage}"),
        }
    }
}

/// What is wrong with a row the store cannot make sense of.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Damage {
    /// A column of another type than the schema's.
    #[error("column {column} of the wrong type ({found})")]
    Type {
        /// The column's position in the statement.
        column: usize,
        /// What it holds.
        found: String,
    },
    /// NULL where the schema forbids it.
    #[error("nothing in column {0}")]
    Null(usize),
    /// A number out of the range of what it counts.
    #[error("a number out of range ({0})")]
    Range(i64),
    /// Moves not in the stored form.
    #[error("unreadable moves {0:?}")]
    Moves(String),
    /// A result that is none of the three.
    #[error("an unknown result {0:?}")]
    Result(String),
    /// A side that is neither X nor O.
    #[error("a {what} by {side:?}")]
    Side {
        /// What the side did (a forfeit, a takeback).
        what: &'static str,
        /// The side as stored.
        side: String,
    },
    /// Only one of a forfeit's two columns.
    #[error("half a forfeit (a side without a reason, or a reason without a side)")]
    HalfForfeit,
    /// An ending that is not one of the words.
    #[error("an unknown ending {0:?}")]
    Ending(String),
    /// A seek's colour that is not one of the words.
    #[error("an unknown colour {0:?}")]
    Color(String),
    /// A time control that cannot be read.
    #[error("an unreadable time control {0:?}")]
    TimeControl(String),
    /// A side of a finished game with no player, or more than one.
    #[error("no single player for {0}")]
    Player(Player),
    /// A seat of a game in progress whose columns do not go together.
    #[error("an unreadable seat for {0}")]
    Seat(Player),
    /// A rule that is none of ours.
    #[error("an unknown rule {0:?}")]
    Rule(String),
    /// An opening rule that is none of ours.
    #[error("an unknown opening {0:?}")]
    Opening(String),
    /// Opening choices not in the stored form.
    #[error("unreadable opening choices {0:?}")]
    Choices(String),
    /// An invitation code with no expiry.
    #[error("an invitation with no expiry")]
    Invite,
    /// A game that cannot have been played.
    #[error("{0}")]
    Game(#[from] GameError),
}

/// A count or size from the database as an unsigned number.
pub(crate) fn unsigned<T: TryFrom<i64>>(n: i64) -> Result<T, Damage> {
    T::try_from(n).map_err(|_| Damage::Range(n))
}

/// A side as stored: `X` or `O`.
pub(crate) fn side(what: &'static str, text: String) -> Result<Player, Damage> {
    match text.as_str() {
        "X" => Ok(Player::X),
        "O" => Ok(Player::O),
        _ => Err(Damage::Side { what, side: text }),
    }
}

/// `text` with LIKE's wildcards (and the escape character) escaped by `\`.
pub(crate) fn like_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_are_escaped() {
        assert_eq!(like_escaped(r"50%_a\b"), r"50\%\_a\\b");
    }

    #[test]
    fn damage_says_what_is_wrong() {
        assert_eq!(
            side("forfeit", "Z".into()).unwrap_err().to_string(),
            "a forfeit by \"Z\""
        );
        assert_eq!(unsigned::<u32>(-1), Err(Damage::Range(-1)));
        assert_eq!(
            Damage::Player(Player::O).to_string(),
            "no single player for O"
        );
    }
}
