//! Accounts, their sessions and the names they protect, as the store keeps them: plain data,
//! and why a sign-up or a claim is refused. What a password must be and how it is hashed is
//! the server's business; the store keeps only hashes, never a secret itself.

use std::fmt;

/// An account: a player's name with a password.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The player's name, as first spelled.
    pub name: String,
    /// The password's hash (a PHC string: the server's Argon2id).
    pub password_hash: String,
    /// When it was made, in seconds since the Unix epoch.
    pub created_at: i64,
    /// When its password was last set.
    pub password_changed_at: i64,
    /// Whether the operator has disabled it (`ttt accounts disable`): nobody signs in to it,
    /// and its name stays its own.
    pub disabled: bool,
}

/// What a name is to someone who wants to play or sign up under it ([`crate::Store::name_status`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameStatus {
    /// Nobody's yet: anyone may take it.
    New,
    /// A player's with games and no account: guests may play under it, and the holder of a
    /// claim code (`ttt accounts claim`) may sign up under it, games and all.
    Player {
        /// The name as first spelled.
        name: String,
    },
    /// An account's: only its owner, signed in, plays under it.
    Account {
        /// The name as first spelled.
        name: String,
    },
    /// A deleted account's, held from everyone until a time.
    Held {
        /// The name as it was.
        name: String,
        /// Until when, in seconds since the Unix epoch.
        until: i64,
    },
    /// It looks like another player's name (one confusable skeleton, another key).
    LooksLike {
        /// The other player's name.
        name: String,
    },
}

/// Why an account could not be made ([`crate::Store::create_account`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignUpRefused {
    /// An account has this name.
    Taken {
        /// The account's name.
        name: String,
    },
    /// It looks like another player's name.
    LooksLike {
        /// The other player's name.
        name: String,
    },
    /// A deleted account's name, held until then.
    Held {
        /// Until when, in seconds since the Unix epoch.
        until: i64,
    },
    /// The name has games; signing up under it needs the code of a claim, and none was
    /// given.
    NeedsClaim {
        /// The name as first spelled.
        name: String,
    },
    /// A claim code was given, and it is not the name's (or it expired, or was used).
    BadClaim {
        /// The name as first spelled.
        name: String,
    },
}

impl fmt::Display for SignUpRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignUpRefused::Taken { name } => {
                write!(f, "the name {name} belongs to an account: choose another")
            }
            SignUpRefused::LooksLike { name } => write!(
                f,
                "that name looks like {name}'s, another player's: choose one that cannot be \
                 mistaken for it"
            ),
            SignUpRefused::Held { .. } => f.write_str(
                "that name belonged to an account deleted lately, and is held for a while: \
                 choose another",
            ),
            SignUpRefused::NeedsClaim { name } => write!(
                f,
                "{name} has games already: to sign up under it with its history, ask the \
                 server's operator for a claim code (ttt accounts claim) and give it as \
                 \"claim_code\"; or choose a new name"
            ),
            SignUpRefused::BadClaim { name } => write!(
                f,
                "that claim code is not {name}'s, or it has expired or been used: check it, or \
                 ask the server's operator for a new one (ttt accounts claim)"
            ),
        }
    }
}

/// Why a claim code could not be made ([`crate::Store::create_claim`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimRefused {
    /// No player has this name: anyone can sign up under it, no code needed.
    NoSuchPlayer,
    /// The name has an account already.
    HasAccount {
        /// The name as first spelled.
        name: String,
    },
    /// The name belonged to an account deleted lately and is held from everyone.
    Held {
        /// Until when, in seconds since the Unix epoch.
        until: i64,
    },
    /// The guests' name, or the removed players', which are nobody's.
    Guest,
}

impl fmt::Display for ClaimRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimRefused::NoSuchPlayer => f.write_str(
                "no player has that name: whoever wants it can sign up under it, no code needed",
            ),
            ClaimRefused::HasAccount { name } => {
                write!(f, "{name} has an account already: it cannot be claimed")
            }
            ClaimRefused::Held { .. } => f.write_str(
                "that name belonged to an account deleted lately, and is held from everyone for \
                 a while: it cannot be claimed until then",
            ),
            ClaimRefused::Guest => f.write_str(
                "that name stands for the guests or the removed players, and nobody can sign \
                 up under it: there is nothing to claim",
            ),
        }
    }
}
