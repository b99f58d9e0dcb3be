//! `ttt check-proof FILE`: a proof checked by `ttt-proof`, with the rules alone.

use std::time::Instant;

use crate::args::CheckProofArgs;
use crate::error::user_error;
use crate::output::words::plural;

pub fn run(args: &CheckProofArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| user_error(format!("cannot read {}: {e}", args.file.display())))?;
    // Proofs are often kept compressed: say so, rather than that the bytes are not text.
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(user_error(format!(
            "{} is compressed (gzip): decompress it first (`gunzip -k {}`), then check the \
             proof file",
            args.file.display(),
            args.file.display()
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        user_error(format!(
            "{} is not a proof file (docs/PROOFS.md): it is not text ({e})",
            args.file.display()
        ))
    })?;
    let started = Instant::now();
    let options = ttt_proof::Options {
        replay_all: args.replay_all,
    };
    let checked = ttt_proof::check_with(&text, options).map_err(|e| {
        if e.unreadable {
            user_error(format!(
                "{} is not a proof file (docs/PROOFS.md): {e}",
                args.file.display()
            ))
        } else {
            anyhow::anyhow!("the proof does not hold: {e}")
        }
    })?;
    let dims = checked.dims;
    let from = if checked.root.ply() == 0 {
        "from the empty board".to_string()
    } else {
        format!("from {}", checked.root)
    };
    let spared = if checked.spared > 0 {
        format!(
            "; {} outside a strategy's footprint, not replayed",
            plural(checked.spared as u64, "reply")
        )
    } else {
        String::new()
    };
    println!(
        "{} on {} x {} with {} in a row ({}), {from}: the proof holds ({} checked in {:.2} \
         s{spared})",
        checked.claim,
        dims.rows(),
        dims.cols(),
        dims.k(),
        checked.rule,
        plural(checked.positions as u64, "position"),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
