//! The operator's changes to players and accounts (`ttt players rename|merge|delete`, `ttt
//! accounts disable|enable|reset-password`) and their audit (`ttt db audit`).
//!
//! Each change is confirmed first: `--yes`, or a "y" typed at a terminal. Without a terminal
//! and without `--yes` nothing changes and the command fails (exit status 2), so that a
//! script that forgot the flag never changes a database by accident. The store writes the
//! change and its audit row in one transaction.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use ttt_store::{AdminDone, AdminRefused, Operator, Store};

use crate::args::{Confirm, DbArgs, PlayersAction};
use crate::database::{open, open_existing};
use crate::error::{store_error, user_error};
use crate::output::table::{render, Align};

/// `ttt players rename|merge|delete`.
pub fn players(action: &PlayersAction) -> anyhow::Result<()> {
    match action {
        PlayersAction::Rename { old, new, confirm } => {
            let store = to_change(
                confirm,
                &[old.as_str()],
                &[],
                &format!("Rename {old} to {new}?"),
            )?;
            done(store.rename_player(old, new, &operator()))
        }
        PlayersAction::Merge {
            from,
            into,
            force,
            confirm,
        } => {
            let store = to_change(
                confirm,
                &[from.as_str(), into.as_str()],
                &[],
                &format!("Merge {from} into {into} ({from}'s games and counts go to {into})?"),
            )?;
            done(store.merge_players(from, into, *force, &operator()))
        }
        PlayersAction::Delete { name, confirm } => {
            let store = to_change(
                confirm,
                &[name.as_str()],
                &[],
                &format!("Delete {name} with their statistics, ratings and account?"),
            )?;
            let hold = ttt_store::unix_now() + seconds(ttt_server::NAME_HOLD);
            done(store.delete_player(name, hold, &operator()))
        }
    }
}

/// `ttt accounts disable|enable`.
pub fn set_disabled(name: &str, disabled: bool, confirm: &Confirm) -> anyhow::Result<()> {
    let question = if disabled {
        format!("Disable {name}'s account (its sessions end)?")
    } else {
        format!("Enable {name}'s account?")
    };
    let store = to_change(confirm, &[], &[name], &question)?;
    done(store.set_account_disabled(name, disabled, &operator()))
}

/// `ttt accounts reset-password`: the new password on standard output, once.
pub fn reset_password(name: &str, confirm: &Confirm) -> anyhow::Result<()> {
    let store = to_change(
        confirm,
        &[],
        &[name],
        &format!("Give {name}'s account a new password (its sessions end)?"),
    )?;
    match ttt_server::reset_password(store.as_ref(), name, &operator()).map_err(store_error)? {
        Ok((password, done)) => {
            println!("{password}");
            eprintln!(
                "{}. The password above is shown only this once: give it to {} alone, who \
                 can change it on their account's page.",
                sentence(&done.details),
                done.names
            );
            Ok(())
        }
        Err(refused) => Err(user_error(refused)),
    }
}

/// `ttt db audit`: the last `limit` changes, newest first.
pub fn audit(db: &DbArgs, limit: usize, json: bool) -> anyhow::Result<()> {
    let entries = match open_existing(db)? {
        Some(store) => store.audit(limit).map_err(store_error)?,
        None => Vec::new(),
    };
    let mut out = std::io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, &entries)?;
        writeln!(out)?;
    } else if entries.is_empty() {
        writeln!(out, "No changes by an operator yet.")?;
    } else {
        let header = [
            ("When (UTC)", Align::Left),
            ("Command", Align::Left),
            ("Names", Align::Left),
            ("By", Align::Left),
            ("What", Align::Left),
        ];
        let rows = entries
            .into_iter()
            .map(|e| vec![utc(e.at), e.command, e.names, e.os_user, e.details]);
        write!(out, "{}", render(&header, rows))?;
    }
    Ok(())
}

/// The database to change, once the change is confirmed; a missing database is an error,
/// never created. The `players` and `accounts` named must exist there before anyone is asked:
/// a question about a change that cannot happen would only mislead.
fn to_change(
    confirm: &Confirm,
    players: &[&str],
    accounts: &[&str],
    question: &str,
) -> anyhow::Result<Box<dyn Store>> {
    // Read-only first, so that a missing database is reported and not created.
    let Some(reading) = open_existing(&confirm.db)? else {
        return Err(user_error(
            "there is no ttt database yet, so nothing to change: name it with --db",
        ));
    };
    let at = confirm.db.location()?;
    for name in players {
        if reading.player(name).map_err(store_error)?.is_none() {
            return Err(user_error(format!(
                "there is no player called {name} in {at}: nothing was changed"
            )));
        }
    }
    for name in accounts {
        if reading.account(name).map_err(store_error)?.is_none() {
            return Err(user_error(format!(
                "{name} has no account in {at}: nothing was changed"
            )));
        }
    }
    drop(reading);
    if !confirm.yes {
        ask(question)?;
    }
    Ok(open(&confirm.db)?.0)
}

/// Asks `question` at the terminal; anything but "y" or "yes" is no.
fn ask(question: &str) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(user_error(format!(
            "{question} Nothing was changed: pass --yes to confirm when standard input is not \
             a terminal"
        )));
    }
    eprint!("{question} [y/N] ");
    std::io::stderr().flush()?;
    let mut answer = String::new();
    stdin.lock().read_line(&mut answer)?;
    if is_yes(&answer) {
        Ok(())
    } else {
        Err(user_error("nothing was changed"))
    }
}

fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

/// Who runs the command, as the system names them (with who became them by sudo), and now.
/// Without a name in the environment (a container, cron), the user id the kernel gives.
fn operator() -> Operator {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let user = ["USER", "LOGNAME", "USERNAME"]
        .into_iter()
        .find_map(var)
        .or_else(uid)
        .unwrap_or_else(|| "unknown".to_string());
    let os_user = match var("SUDO_USER") {
        Some(by) if by != user => format!("{user} (sudo by {by})"),
        _ => user,
    };
    Operator {
        os_user,
        at: ttt_store::unix_now(),
    }
}

/// `uid N` from `/proc/self/status` (Linux), the real user id.
fn uid() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("Uid:"))?;
    Some(format!("uid {}", line.split_whitespace().next()?))
}

/// Reports a change on standard error, or its refusal as the user's error.
fn done(
    result: Result<Result<AdminDone, AdminRefused>, ttt_store::StoreError>,
) -> anyhow::Result<()> {
    match result.map_err(store_error)? {
        Ok(done) => {
            eprintln!("{}.", sentence(&done.details));
            Ok(())
        }
        Err(refused) => Err(user_error(refused)),
    }
}

/// `text` with a capital first letter.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn seconds(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

/// Seconds since the Unix epoch as `YYYY-MM-DD HH:MM:SS`, in UTC (the proleptic Gregorian
/// calendar, by Howard Hinnant's days-to-civil).
fn utc(at: i64) -> String {
    let (days, secs) = (at.div_euclid(86_400), at.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        secs / 3_600,
        secs % 3_600 / 60,
        secs % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(utc(1_767_225_599), "2025-12-31 23:59:59");
        assert_eq!(utc(-1), "1969-12-31 23:59:59");
    }

    #[test]
    fn only_yes_is_yes() {
        for yes in ["y\n", "Y", " yes "] {
            assert!(is_yes(yes), "{yes:?}");
        }
        for no in ["", "\n", "n", "no", "yess", "oui"] {
            assert!(!is_yes(no), "{no:?}");
        }
    }

    #[test]
    fn details_become_sentences() {
        assert_eq!(sentence("renamed Ann"), "Renamed Ann");
        assert_eq!(sentence(""), "");
    }
}
