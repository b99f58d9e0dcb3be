//! The server's integration tests, one binary with one harness ([`support`]): the JSON API
//! and every error status (`api`), staying available under abuse on a real socket
//! (`limits`), and playing together by link, live (`together`).

mod api;
mod limits;
mod support;
mod together;
