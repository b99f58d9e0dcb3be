//! What an operator's commands change (renaming, merging and deleting players; disabling an
//! account, resetting its password) and the audit they leave: plain data, and why a change
//! is refused. Each change and its audit row are written in one transaction.

use std::fmt;

/// The name a deleted player's side of a finished game is shown under: one player for
/// everyone deleted, whose name is held from everyone for good, so that nobody signs up or
/// plays under it.
pub const REMOVED_PLAYER: &str = "(removed player)";

/// Who makes a change, and when: what the audit row keeps besides the change itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    /// The operating system's name for whoever ran the command.
    pub os_user: String,
    /// When, in seconds since the Unix epoch.
    pub at: i64,
}

/// One row of the audit ([`crate::Store::audit`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AuditEntry {
    /// Its number: later changes have larger ones.
    pub id: i64,
    /// When, in seconds since the Unix epoch.
    pub at: i64,
    /// The command, as `ttt` names it (`players rename`, `accounts disable`, ...).
    pub command: String,
    /// The players' names it acted on: `OLD -> NEW` for a rename, `FROM -> INTO` for a
    /// merge, else the one name.
    pub names: String,
    /// What it did, in a sentence.
    pub details: String,
    /// Who ran it ([`Operator::os_user`]).
    pub os_user: String,
}

/// What an operator's change did, as its audit row says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminDone {
    /// The names it acted on, as stored (see [`AuditEntry::names`]).
    pub names: String,
    /// What it did, in a sentence.
    pub details: String,
}

/// Why an operator's change was refused; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminRefused {
    /// No player has this name.
    NoSuchPlayer {
        /// The name as given.
        name: String,
    },
    /// The player has no account.
    NoSuchAccount {
        /// The name as given (as stored when there is such a player).
        name: String,
    },
    /// The new name cannot be this player's: whose it is, or why not.
    NameUnavailable {
        /// The name as given.
        name: String,
        /// Why, in words.
        why: String,
    },
    /// Merging a player into itself.
    SamePlayer {
        /// The player's name.
        name: String,
    },
    /// Merging away a player with an account, which ends that person's sign-in for good,
    /// needs to be forced.
    MergesAccount {
        /// The player with the account.
        name: String,
    },
    /// The player that stands for the deleted ones cannot be changed.
    Removed,
}

impl fmt::Display for AdminRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdminRefused::NoSuchPlayer { name } => write!(f, "there is no player called {name}"),
            AdminRefused::NoSuchAccount { name } => write!(f, "{name} has no account"),
            AdminRefused::NameUnavailable { name, why } => {
                write!(f, "the name {name} cannot be given: {why}")
            }
            AdminRefused::SamePlayer { name } => {
                write!(f, "these are one player ({name}): nothing to merge")
            }
            AdminRefused::MergesAccount { name } => write!(
                f,
                "{name} has an account, which a merge deletes (its sessions end and nobody \
                 signs in to it again): pass --force to merge it anyway"
            ),
            AdminRefused::Removed => write!(
                f,
                "{REMOVED_PLAYER} stands for the deleted players' side of their games: it \
                 cannot be renamed, merged or deleted"
            ),
        }
    }
}
