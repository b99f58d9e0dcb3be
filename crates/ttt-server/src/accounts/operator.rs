//! What the server's operator does to an account from the command line that needs the
//! server's secrets: a new password (`ttt accounts reset-password`), made here so that it is
//! hashed as every password is.

use ttt_store::{AdminDone, AdminRefused, Operator, Store, StoreError};

use super::password;
use crate::secrets::new_secret;

/// Gives the account called `name` a new random password (128 bits, in hex), ends all its
/// sessions and writes the audit row: the password, to be shown once, and what was done.
///
/// # Errors
/// When the store cannot be written, or the system's random source fails.
pub fn reset_password(
    store: &dyn Store,
    name: &str,
    by: &Operator,
) -> Result<Result<(String, AdminDone), AdminRefused>, StoreError> {
    let unavailable = |e: crate::ApiError| StoreError::Conflict {
        what: format!("a random password ({e})"),
    };
    let password = new_secret().map_err(unavailable)?;
    let hash = password::hash(&password).map_err(unavailable)?;
    Ok(store
        .reset_password(name, &hash, by)?
        .map(|done| (password, done)))
}

#[cfg(test)]
mod tests {
    use ttt_store::SqliteStore;

    use super::*;

    #[test]
    fn the_new_password_signs_in_and_the_old_one_no_longer_does() {
        let store = SqliteStore::open_in_memory().unwrap();
        let old = password::hash("correct horse").unwrap();
        store.create_account("Ann", &old, 1, None).unwrap().unwrap();
        let by = Operator {
            os_user: "op".into(),
            at: 2,
        };
        let (new, done) = reset_password(&store, "ann", &by).unwrap().unwrap();
        assert_eq!(done.names, "Ann");
        let stored = store.account("Ann").unwrap().unwrap().password_hash;
        assert!(password::verify(&new, &stored));
        assert!(!password::verify("correct horse", &stored));
        assert!(matches!(
            reset_password(&store, "Bo", &by).unwrap(),
            Err(AdminRefused::NoSuchAccount { .. })
        ));
    }
}
