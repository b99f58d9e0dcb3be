//! Whose names a game's people may play under: a name with an account only by its owner,
//! signed in; a name held after an account was deleted by nobody; a new name that looks like
//! another player's by nobody. Names with games and no account stay usable by guests.

use ttt_store::{name_key, NameStatus};

use crate::accounts::session::Session;
use crate::error::ApiError;
use crate::state::AppState;

/// Checks that the caller (signed in as `session` says, or a guest) may play under `name`.
pub(crate) async fn may_play_as(
    state: &AppState,
    session: &Session,
    name: &str,
) -> Result<(), ApiError> {
    let now = ttt_store::unix_now();
    let status = {
        let name = name.to_string();
        state.with_store(move |s| s.name_status(&name, now)).await?
    };
    match status {
        NameStatus::New | NameStatus::Player { .. } => Ok(()),
        NameStatus::Account { name: owner } => {
            let signed = session.0.as_ref().map(|s| name_key(&s.name));
            if signed.as_deref() == Some(name_key(&owner).as_str()) {
                Ok(())
            } else {
                Err(ApiError::Forbidden(format!(
                    "the name {owner} belongs to an account: sign in as {owner} to play under \
                     it, or choose another name"
                )))
            }
        }
        NameStatus::Held { .. } => Err(ApiError::Forbidden(format!(
            "the name {name} belonged to an account that was deleted, and is held for a while: \
             choose another name"
        ))),
        NameStatus::LooksLike { name: other } => Err(ApiError::Conflict(format!(
            "{name:?} looks like {other}, another player's name: choose a name that cannot be \
             mistaken for it"
        ))),
    }
}

/// Whether `name` is the signed-in account's.
pub(crate) fn is_signed_in_as(session: &Session, name: &str) -> bool {
    session
        .0
        .as_ref()
        .is_some_and(|s| name_key(&s.name) == name_key(name))
}
