//! Could not verify: places where the command runs something the analysis cannot see —
//! text the parser could not read, a reserved word where a command should be, a command name
//! only known at run time (`$x -rf /`), code only known at run time (`eval "$X"`,
//! `some_cmd | sh`). Every command still visible around them is judged as well.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::{Analysis, GapKind, Run};
use crate::context::Context;
use crate::rules::Rule;
use crate::word::opens_bad_substitution;

pub const CHECKER: Checker = Checker {
    rules: &[&COULD_NOT_VERIFY],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: Some(gaps),
};

pub static COULD_NOT_VERIFY: Rule = Rule {
    id: "could-not-verify",
    decision: ASK,
    catches: "Text the parser cannot read, a command name or code only known at run time (`$x -rf /`, `eval \"$X\"`, `cmd | sh`).",
    instead: "Write the command out literally, so that it can be checked before it runs",
    examples: &[
        "$x -rf /",
        "$(get_tool) -rf /",
        "eval \"$CMD\"",
        "bash -c \"$SCRIPT\"",
        "some_tool --print-script | sh",
        "{ls,-la} \"a b\"",
        "echo $(",
    ],
    allowed: &[
        "x=ls; echo $x",
        "echo \"unterminated",
        "eval \"$(ssh-agent -s)\"",
        "\"$HOME/.local/bin/tool\" --version",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if let Some(first) = command.argv.first()
        && command.name.is_empty()
        && first.is_dynamic()
        && !holds_named_bad_substitution(first.text())
    {
        report.flag(
            &COULD_NOT_VERIFY,
            first.span,
            format!("the command name `{}` is only known when it runs", first.text()),
        );
    }
    for run in &command.runs {
        if let Run::Unverifiable { what, span } = run {
            report.flag(&COULD_NOT_VERIFY, *span, what.clone());
        }
    }
}

/// Whether a command name's text holds a bad substitution of a name (`[${c.priority}P]`, a
/// JavaScript template read as a command) and no code: bash and zsh end the shell expanding it,
/// so the command does not run.
fn holds_named_bad_substitution(text: &str) -> bool {
    !text.contains("$(")
        && !text.contains('`')
        && text.match_indices("${").any(|(at, _)| {
            text[at + 2..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && opens_bad_substitution(&text[at..])
        })
}

/// Places the parser could not read.
pub fn gaps(analysis: &Analysis, _: &Context, report: &mut Report) {
    for gap in &analysis.gaps {
        if matches!(gap.kind, GapKind::Syntax | GapKind::ReservedWord) {
            report.flag(&COULD_NOT_VERIFY, gap.span, gap.what.clone());
        }
    }
}
