//! The process's limit of open files: each connection is one, so a server that may hold
//! thousands of live-update streams raises its soft limit at start to what its limits need,
//! as far as the hard limit allows, and says so in the log when that is not enough.

/// What became of the open-files limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OpenFiles {
    /// The soft limit allows `limit` open files, at least what is needed.
    Enough {
        /// The soft limit now.
        limit: u64,
    },
    /// The soft limit is `limit`, below what is needed, and cannot go above `hard`.
    Short {
        /// The soft limit now.
        limit: u64,
        /// The hard limit.
        hard: u64,
    },
    /// This system does not say (or let the process change) its limit.
    #[cfg(not(unix))]
    Unknown,
}

impl OpenFiles {
    /// Says in the log what the limit is, and what to do when it is short of `needed`.
    pub(crate) fn log(self, needed: u64) {
        match self {
            OpenFiles::Enough { limit } => {
                tracing::info!(open_files = limit, needed, "open-files limit");
            }
            OpenFiles::Short { limit, hard } => tracing::warn!(
                "the open-files limit is {limit} (the hard limit {hard}), short of the {needed} \
                 that --max-connections and --max-streams need: raise the hard limit \
                 (LimitNOFILE= in a systemd unit, `ulimit -Hn` as root, nofile in \
                 /etc/security/limits.conf) or lower them; past the limit, new connections \
                 are refused by the system"
            ),
            #[cfg(not(unix))]
            OpenFiles::Unknown => {}
        }
    }
}

/// What the soft limit should become, given it and the hard limit (`None`: no limit), to
/// allow `needed` open files: `None` when it allows them already.
fn raised(soft: Option<u64>, hard: Option<u64>, needed: u64) -> Option<u64> {
    match soft {
        Some(soft) if soft < needed => Some(hard.map_or(needed, |hard| needed.min(hard))),
        _ => None,
    }
}

/// Raises the soft limit of open files towards `needed` (up to the hard limit).
#[cfg(unix)]
pub(crate) fn raise_to(needed: u64) -> OpenFiles {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let now = getrlimit(Resource::Nofile);
    let mut soft = now.current;
    if let Some(target) = raised(now.current, now.maximum, needed) {
        let wanted = Rlimit {
            current: Some(target),
            maximum: now.maximum,
        };
        if setrlimit(Resource::Nofile, wanted).is_ok() {
            soft = Some(target);
        }
    }
    match soft {
        None => OpenFiles::Enough { limit: u64::MAX },
        Some(limit) if limit >= needed => OpenFiles::Enough { limit },
        Some(limit) => OpenFiles::Short {
            limit,
            hard: now.maximum.unwrap_or(u64::MAX),
        },
    }
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
pub(crate) fn raise_to(_needed: u64) -> OpenFiles {
    OpenFiles::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_rises_to_the_need_up_to_the_hard_limit() {
        assert_eq!(raised(Some(1_024), Some(524_288), 10_768), Some(10_768));
        assert_eq!(raised(Some(1_024), Some(4_096), 10_768), Some(4_096));
        assert_eq!(raised(Some(1_024), None, 10_768), Some(10_768));
        assert_eq!(raised(Some(20_000), Some(20_000), 10_768), None);
        assert_eq!(raised(None, None, 10_768), None, "no limit at all");
    }

    #[test]
    fn a_modest_need_is_met() {
        assert!(matches!(raise_to(64), OpenFiles::Enough { .. }));
    }
}
