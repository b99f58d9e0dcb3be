//! Passwords: what one must be, and how it is kept (Argon2id with OWASP's parameters: 19 MiB
//! of memory, two passes, one lane; a random salt each). Only the hash is ever stored; the
//! password itself is never stored, logged or sent back.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use zxcvbn::matching::patterns::MatchPattern;

use crate::error::ApiError;

/// The fewest characters a password may have.
pub(crate) const MIN_PASSWORD_CHARS: usize = 8;

/// The most bytes a password may have: hashing is work in proportion to it, and nobody types
/// more.
pub(crate) const MAX_PASSWORD_BYTES: usize = 256;

/// Argon2id as OWASP's password storage guidance recommends it.
fn argon2() -> Argon2<'static> {
    // 19 MiB, 2 iterations, 1 lane: valid parameters, so `new` cannot fail.
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Whether `password` may be the password of the account called `name`: at least
/// [`MIN_PASSWORD_CHARS`] characters, at most [`MAX_PASSWORD_BYTES`] bytes, not the name,
/// and not one of the most common passwords (the list of the zxcvbn estimator, some 30,000,
/// matched whole, in any case, reversed or with the usual letter-for-digit swaps).
///
/// # Errors
/// [`ApiError::Unprocessable`] saying what is wrong with it.
pub(crate) fn check(name: &str, password: &str) -> Result<(), ApiError> {
    let refuse = |why: &str| Err(ApiError::Unprocessable(why.to_string()));
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return refuse(&format!(
            "a password needs at least {MIN_PASSWORD_CHARS} characters"
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return refuse(&format!(
            "a password may have at most {MAX_PASSWORD_BYTES} bytes"
        ));
    }
    if password.trim().to_lowercase() == name.trim().to_lowercase() {
        return refuse("a password cannot be the name it protects");
    }
    if is_common(name, password) {
        return refuse(
            "that password is one of the most common ones, the first an attacker tries: \
             choose another (a few unrelated words make a good one)",
        );
    }
    Ok(())
}

/// Whether the whole of `password` is one common password (or the name) as zxcvbn matches
/// them.
fn is_common(name: &str, password: &str) -> bool {
    let estimate = zxcvbn::zxcvbn(password, &[name]);
    let last = password.chars().count().saturating_sub(1);
    estimate.sequence().iter().any(|m| {
        m.i == 0
            && m.j == last
            && matches!(
                &m.pattern,
                // zxcvbn does not export the dictionaries' type, only its Debug form.
                MatchPattern::Dictionary(d)
                    if matches!(format!("{:?}", d.dictionary_name).as_str(), "Passwords" | "UserInputs")
            )
    })
}

/// The hash kept for `password`: a PHC string with its algorithm, parameters and salt.
///
/// # Errors
/// When the system's random source fails.
pub(crate) fn hash(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(ApiError::internal)?;
    let salt = SaltString::encode_b64(&salt).map_err(ApiError::internal)?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(ApiError::internal)
}

/// Whether `password` is the one `stored` was made from (a hash this server cannot read is
/// nobody's password).
pub(crate) fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        argon2()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash of no password anyone has, to verify against when the name is unknown: the
/// answer then takes as long as for a wrong password, so timing does not tell which names
/// have accounts.
pub(crate) fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("no account has this password").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weak_passwords_are_refused_and_others_kept() {
        for weak in [
            "short",
            "password",
            "Password1",
            "12345678",
            "qwertyuiop",
            "iloveyou",
            "p4ssw0rd",
            "drowssap",
        ] {
            assert!(check("Alice", weak).is_err(), "{weak:?}");
        }
        assert!(check("Margaretha", "margaretha").is_err(), "the name");
        assert!(check("Alice", &"x".repeat(MAX_PASSWORD_BYTES + 1)).is_err());
        for fine in ["correct horse battery", "tic tac toe at dawn", "Zq8!mW2#kP"] {
            assert!(check("Alice", fine).is_ok(), "{fine:?}");
        }
    }

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse battery").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify("correct horse battery", &h));
        assert!(!verify("correct horse batterY", &h));
        assert!(!verify("anything", "not a hash"));
        assert_ne!(hash("same").unwrap(), hash("same").unwrap(), "salted");
        assert!(!verify("no", decoy()));
    }
}
