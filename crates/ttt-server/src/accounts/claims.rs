//! Claim codes: the operator's way (`ttt accounts claim NAME`) to let the person behind a
//! name that has games, and no account, sign up under it with its history. The code is
//! printed once and kept only as its hash; it works once, until it expires.

use std::time::Duration;

use ttt_store::{ClaimRefused, Store, StoreError};

use crate::secrets::{hash, new_secret};

/// How long a claim code works unless the operator says otherwise: 7 days.
pub const CLAIM_TTL: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// A new claim code for `name` in `store`, working for `ttl`: the code and the name as
/// stored, or why the name cannot be claimed.
///
/// # Errors
/// When the store cannot be written, or the system's random source fails.
pub fn new_claim(
    store: &dyn Store,
    name: &str,
    ttl: Duration,
) -> Result<Result<(String, String), ClaimRefused>, StoreError> {
    let code = new_secret().map_err(|e| StoreError::Conflict {
        what: format!("a random code ({e})"),
    })?;
    let expires = ttt_store::unix_now() + i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX);
    Ok(store
        .create_claim(name, &hash(&code), expires)?
        .map(|stored| (code, stored)))
}
