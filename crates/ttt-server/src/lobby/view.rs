//! What the lobby shows of a seek, and how long a seek's page may stay silent.

use serde::Serialize;
use ttt_core::{Opening, Rule};
use ttt_store::Seek;

use crate::view::ControlView;

/// How long a seek stays listed after its page last said it was open: the page says so
/// every [`KEEP_ALIVE_EVERY_MS`].
pub(crate) const ALIVE_FOR_MS: i64 = 30_000;

/// How often a seeker's page keeps its seek alive.
pub(crate) const KEEP_ALIVE_EVERY_MS: u64 = 10_000;

/// The most seeks listed.
pub(crate) const MOST_LISTED: usize = 500;

/// The earliest a seek's page must have said it was open, at `now_ms`, to be listed.
pub(crate) fn alive_since(now_ms: i64) -> i64 {
    now_ms - ALIVE_FOR_MS
}

/// A seek as the lobby shows it: never its token.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct SeekView {
    pub(crate) id: String,
    rows: usize,
    cols: usize,
    k: usize,
    rule: Rule,
    opening: Opening,
    /// The clock's control, `null` for none, and its text (`5+3`).
    clock: Option<ControlView>,
    clock_text: Option<String>,
    rated: bool,
    quick: bool,
    color: &'static str,
    seeker: SeekerView,
    created_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
struct SeekerView {
    name: String,
    /// Whether the name is an account's, signed in.
    account: bool,
    rating: Option<i64>,
    /// Whether the rating is provisional (shown `1523?`).
    provisional: bool,
}

impl SeekView {
    pub(crate) fn new(s: &Seek) -> SeekView {
        SeekView {
            id: s.id.clone(),
            rows: s.rows,
            cols: s.cols,
            k: s.k,
            rule: s.rule,
            opening: s.opening,
            clock: ControlView::of(s.time_control),
            clock_text: s
                .time_control
                .is_timed()
                .then(|| s.time_control.to_string()),
            rated: s.rated,
            quick: s.quick,
            color: s.color.as_str(),
            seeker: SeekerView {
                name: s.seeker.clone(),
                account: s.seeker_account,
                rating: s.rating,
                provisional: s.rating_provisional,
            },
            created_ms: s.created_ms,
        }
    }
}
