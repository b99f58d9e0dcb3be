//! The server's integration tests, one binary with one harness ([`support`]): the JSON API
//! and every error status (`api`), staying available under abuse on a real socket
//! (`limits`), playing together by link, live (`together`), and the rules and openings of
//! gomoku (`rules`).

mod accounts;
mod analysis;
mod api;
mod endings;
mod files;
mod limits;
mod lobby;
mod rules;
mod support;
mod together;
