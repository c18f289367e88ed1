//! Limits: a command too large, nested too deep or too complex to analyze in time is denied,
//! never waved through.

use super::{Applies, Checker, DENY, Report, no_command_check};
use crate::command::{Analysis, GapKind};
use crate::context::Context;
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[
        &INPUT_TOO_LARGE,
        &NESTING_TOO_DEEP,
        &TOO_COMPLEX,
        &INTERNAL_ERROR,
        &INVALID_HOOK_INPUT,
        &GUARD_MISSING,
        &INVALID_CONFIGURATION,
    ],
    applies: Applies::NoCommand,
    check: no_command_check,
    whole_analysis: Some(gaps),
};

pub static INPUT_TOO_LARGE: Rule = Rule {
    id: "input-too-large",
    decision: DENY,
    catches: "A command larger than the analyzer reads (256 KiB).",
    instead: "Write large files with the editor tool, or split the command into smaller ones",
    examples: &[],
    allowed: &[],
};

pub static NESTING_TOO_DEEP: Rule = Rule {
    id: "nesting-too-deep",
    decision: DENY,
    catches: "Layers or syntax nested deeper than the analyzer follows (16 layers, 200 levels of syntax).",
    instead: "Run the inner command directly instead of wrapping it in layers",
    examples: &["eval eval eval eval eval eval eval eval eval eval eval eval eval eval eval eval eval eval ls"],
    allowed: &["eval eval eval eval ls", "bash -c 'bash -c \"echo hi\"'"],
};

pub static TOO_COMPLEX: Rule = Rule {
    id: "too-complex",
    decision: DENY,
    catches: "A command that runs more commands than the analyzer counts (4,000), or takes more parsing than the analysis allows (1,500 parser steps, ten times the most a real command takes).",
    instead: "Split the work into several smaller commands",
    examples: &[],
    allowed: &[],
};

pub static INTERNAL_ERROR: Rule = Rule {
    id: "internal-error",
    decision: DENY,
    catches: "A failure inside the analyzer itself: the command could not be judged, so it is not let through.",
    instead: "Try a simpler form of the command, and report the failure to the safety-net maintainers",
    examples: &[],
    allowed: &[],
};

pub static INVALID_HOOK_INPUT: Rule = Rule {
    id: "invalid-hook-input",
    decision: DENY,
    catches: "A hook payload that cannot be read: empty, not JSON, not an object, without `tool_name` or `tool_input`, a shell tool without a command, larger than 16 MiB.",
    instead: "Check the hook registration with `safety-net doctor`",
    examples: &[],
    allowed: &[],
};

pub static GUARD_MISSING: Rule = Rule {
    id: "guard-missing",
    decision: DENY,
    catches: "A hook registered by `safety-net install` that finds no safety-net binary to run (removed, or not on this machine's PATH): the registered command denies every tool call rather than let them through unchecked.",
    instead: "Install safety-net on this machine (`cargo install --locked --path .` in its repository, or a release binary on PATH), or remove the hook with `safety-net uninstall`",
    examples: &[],
    allowed: &[],
};

pub static INVALID_CONFIGURATION: Rule = Rule {
    id: "invalid-configuration",
    decision: DENY,
    catches: "A configuration file (`~/.config/safety-net/config.json`, the project's `.safety-net.json`) or `$SAFETY_NET_MODE` that cannot be read or used: the hook denies every tool call rather than run without the policy it sets.",
    instead: "Ask the user to fix the file; `safety-net config show` points at the error",
    examples: &[],
    allowed: &[],
};

/// Limits the walk reached.
pub fn gaps(analysis: &Analysis, _: &Context, report: &mut Report) {
    for gap in &analysis.gaps {
        let rule = match gap.kind {
            GapKind::TooLarge => &INPUT_TOO_LARGE,
            GapKind::TooDeep => &NESTING_TOO_DEEP,
            GapKind::TooComplex => &TOO_COMPLEX,
            GapKind::Internal => &INTERNAL_ERROR,
            GapKind::Syntax | GapKind::ReservedWord => continue,
        };
        report.flag(rule, gap.span, gap.what.clone());
    }
}
