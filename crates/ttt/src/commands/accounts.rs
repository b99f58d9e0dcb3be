//! `ttt accounts claim`: a one-time code for the person behind a name with games; and the
//! operator's changes to an account (in `admin`).

use std::time::Duration;

use crate::args::{AccountsAction, AccountsArgs};
use crate::commands::admin;
use crate::database::{open, open_existing};
use crate::error::{store_error, user_error};

pub fn run(args: &AccountsArgs) -> anyhow::Result<()> {
    match &args.action {
        AccountsAction::Claim { name, days, db } => {
            // Read-only first, so that a missing database is reported and not created.
            if open_existing(db)?.is_none() {
                return Err(user_error(
                    "there is no ttt database yet, so no player to claim: name it with --db",
                ));
            }
            let (store, _) = open(db)?;
            let ttl = Duration::from_secs(u64::try_from(*days).unwrap_or(u64::MAX) * 86_400);
            match ttt_server::new_claim(store.as_ref(), name, ttl).map_err(store_error)? {
                Ok((code, stored)) => {
                    println!("{code}");
                    eprintln!(
                        "The code above lets whoever has it sign up as {stored}, with {stored}'s \
                         games, within {days} days, once: give it only to them."
                    );
                    Ok(())
                }
                Err(refused) => Err(user_error(format!("{name}: {refused}"))),
            }
        }
        AccountsAction::Disable { name, confirm } => admin::set_disabled(name, true, confirm),
        AccountsAction::Enable { name, confirm } => admin::set_disabled(name, false, confirm),
        AccountsAction::ResetPassword { name, confirm } => admin::reset_password(name, confirm),
    }
}
