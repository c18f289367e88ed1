//! Fork bombs: a shell function that calls itself in a pipeline or in the background, under any
//! name (`:(){ :|:& };:`, `bomb(){ bomb | bomb & }; bomb`).

use super::{Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&FORK_BOMB],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static FORK_BOMB: Rule = Rule {
    id: "fork-bomb",
    decision: DENY,
    catches: "A function that calls itself in a pipeline or in the background: it multiplies until the machine stops.",
    instead: "Do not run self-replicating functions; write a bounded loop instead",
    examples: &[":(){ :|:& };:", "bomb(){ bomb | bomb & }; bomb", "f() { f & f; }; f"],
    allowed: &[
        "countdown() { [ \"$1\" -gt 0 ] && countdown $(($1 - 1)); }; countdown 3",
        ":",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if command.calls_itself && (command.in_pipeline || command.background) {
        report.flag(
            &FORK_BOMB,
            command.span,
            format!(
                "`{}` calls itself in parallel, which starts processes until the machine stops",
                command.name
            ),
        );
    }
}
