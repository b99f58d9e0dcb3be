//! The learned tables the engine ships: for each rule, the evaluation's (`RULE.rs`) and the
//! move ordering's (`RULE_ordering.rs`), as `ttt tune-eval` writes them
//! (`scripts/tune-eval.sh`; docs/PERFORMANCE.md, "The learned evaluation").

mod caro;
mod caro_ordering;
mod freestyle;
mod freestyle_ordering;
mod renju;
mod renju_ordering;
mod standard;
mod standard_ordering;

use ttt_core::Rule;

use crate::eval::{Evaluation, Tables};
use crate::policy::Policy;

macro_rules! evaluation {
    ($m:ident) => {
        Evaluation {
            x: Tables {
                mover: $m::X_MOVER,
                waiting: $m::X_WAITING,
                own: $m::X_OWN,
                theirs: $m::X_THEIRS,
                pairs: $m::X_PAIRS,
            },
            o: Tables {
                mover: $m::O_MOVER,
                waiting: $m::O_WAITING,
                own: $m::O_OWN,
                theirs: $m::O_THEIRS,
                pairs: $m::O_PAIRS,
            },
        }
    };
}

macro_rules! ordering {
    ($m:ident) => {
        Policy {
            own: $m::OWN,
            theirs: $m::THEIRS,
            pairs: $m::PAIRS,
        }
    };
}

static EVALUATIONS: [Evaluation; 4] = [
    evaluation!(freestyle),
    evaluation!(standard),
    evaluation!(renju),
    evaluation!(caro),
];

static ORDERINGS: [Policy; 4] = [
    ordering!(freestyle_ordering),
    ordering!(standard_ordering),
    ordering!(renju_ordering),
    ordering!(caro_ordering),
];

fn slot(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
        Rule::Caro => 3,
    }
}

/// The evaluation the engine plays `rule` with.
pub(crate) fn evaluation(rule: Rule) -> &'static Evaluation {
    &EVALUATIONS[slot(rule)]
}

/// The move ordering the engine plays `rule` with.
pub(crate) fn ordering(rule: Rule) -> &'static Policy {
    &ORDERINGS[slot(rule)]
}

/// The files that hold `rule`'s tables, within `crates/ttt-engine/src/tables/`: the
/// evaluation's and the ordering's.
#[must_use]
pub fn files(rule: Rule) -> (String, String) {
    let name = rule.name();
    (format!("{name}.rs"), format!("{name}_ordering.rs"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_file_says_its_tables() {
        let sources = [
            (
                Rule::Freestyle,
                include_str!("freestyle.rs"),
                include_str!("freestyle_ordering.rs"),
            ),
            (
                Rule::Standard,
                include_str!("standard.rs"),
                include_str!("standard_ordering.rs"),
            ),
            (
                Rule::Renju,
                include_str!("renju.rs"),
                include_str!("renju_ordering.rs"),
            ),
            (
                Rule::Caro,
                include_str!("caro.rs"),
                include_str!("caro_ordering.rs"),
            ),
        ];
        for (rule, eval, order) in sources {
            assert_eq!(evaluation(rule).to_source(), eval, "{rule}");
            assert_eq!(ordering(rule).to_source(), order, "{rule}");
        }
    }
}
