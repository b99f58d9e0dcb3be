//! `ttt gui`: the desktop window. Its options preselect the start screen; the window itself
//! is the `ttt-gui` crate.

use ttt_core::Dims;

use crate::args::GuiArgs;
use crate::error::{board_size_error, user_error};

/// Opens the window; returns when it is closed.
pub fn run(args: &GuiArgs) -> anyhow::Result<()> {
    let dims = match args.preset {
        Some(preset) => preset.dims(),
        None => {
            let (rows, cols) = crate::args::square(args.rows, args.cols);
            Dims::new(rows, cols, args.k).map_err(board_size_error)?
        }
    };
    let mut options = ttt_gui::Options::new(args.db.location()?);
    options.dims = dims;
    options.time_limit = args.time_limit;
    options.seed = args.seed;
    options.engine_time = args.engine_time;
    options.rule = args.rule;
    options.opening = args.opening;
    options.clock = args.clock;
    let engine = |command: &Option<String>| {
        command
            .as_deref()
            .and_then(|c| ttt_pbrain::manager::EngineSpec::parse(c, args.engine_time))
    };
    options.engines = ttt_gui::choices::BySeat {
        one: engine(&args.x),
        two: engine(&args.o),
    };
    for spec in [&options.engines.one, &options.engines.two]
        .into_iter()
        .flatten()
    {
        spec.check_program()
            .map_err(|why| user_error(format!("engine:{}: {why}", spec.name())))?;
    }
    match ttt_gui::run(options) {
        Ok(()) => Ok(()),
        Err(e) if e.is_usage() => Err(user_error(e)),
        Err(e) => Err(e.into()),
    }
}
