//! What the commands print: boards, tables, words for people, and JSON for programs.

pub mod board;
pub mod json;
pub mod table;
pub mod words;
