//! The evaluation's weights as the engine ships them (see `Weights` for what each means).
//! `ttt tune-eval` writes this file from self-play games (`scripts/tune-eval.sh`;
//! docs/PERFORMANCE.md, "The learned evaluation").

pub(crate) const PATTERNS: [i32; 8] = [0, 2, 6, 7, 24, 26, 120, 400];
pub(crate) const THREATS: [i32; 8] = [0, 0, 0, 90, 0, 160, 200, 600];
pub(crate) const MOVER: i32 = 48;
pub(crate) const WAITING: i32 = 40;
