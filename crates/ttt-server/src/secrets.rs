//! Secrets the server makes: seat tokens, session tokens, invitation and claim codes (128
//! random bits each, in hex), and what the store keeps of them (their SHA-256), never the
//! secrets themselves.

use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// A new secret: 128 bits from the operating system's random source, in hex.
pub(crate) fn new_secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a token.
pub(crate) fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}
