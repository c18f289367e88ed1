//! The walk's limits: how deep layers and syntax may nest, how many commands it may find and
//! how long it may take, with a separate allowance for scripts read from disk. Reaching a limit
//! of the command itself leaves a gap (denied as `too-complex`); reaching a script's leaves the
//! rest of that script unjudged (could-not-verify).

use super::Walker;
use crate::command::{GapKind, Run};
use crate::parse::Allowance;
use crate::source::Span;
use std::cell::Cell;
use std::time::Instant;

/// How deep layers may nest (`bash -c` in `sudo` in `eval`…).
pub const MAX_LAYER_DEPTH: usize = 16;
/// How deep the syntax of one layer may nest.
pub const MAX_SYNTAX_DEPTH: usize = 200;
/// How many commands one analysis may find: seven times the most of 23,101 real agent commands
/// (132, a long heredoc script piped into bash), and about 10 ms of walking and judging.
pub const MAX_COMMANDS: usize = 1000;

/// How many bytes of known values (text and parts) variables may write into words, in one
/// analysis: past it, a variable's value counts as unknown. (`a=$a$a` doubles a value at each
/// step.)
pub const MAX_EXPANDED_BYTES: usize = 1024 * 1024;

/// How many steps of the parsers (see [`Allowance`]; a step of the Bash grammar counts twice)
/// the command itself may take, all its layers and inline code together: 3.6 times what the
/// most demanding of 23,101 real agent commands takes (165, for 15 KB of Python given to
/// `python -c`), and about 10 ms of parsing on the slowest text for the grammars (long
/// pipelines; 12 ms on a busy machine). Past it, the command is denied as too complex. With
/// [`MAX_COMMANDS`], this keeps any command under the size cap judged within 20 ms.
pub const MAX_PARSE_STEPS: u64 = 600;

/// How many commands a script read from disk (with the scripts it runs) may add, and how many
/// parser steps reading it may take; past either, the rest of it is could-not-verify rather
/// than a reason to deny the command. Its commands and steps do not count toward
/// [`MAX_COMMANDS`] and [`MAX_PARSE_STEPS`].
const MAX_SCRIPT_COMMANDS: usize = 20_000;
const MAX_SCRIPT_PARSE_STEPS: u64 = 5_000;

/// What is left of the walk's allowance.
pub(super) struct Budget {
    deadline: Instant,
    /// The walk has stopped: out of time or of room for commands.
    stopped: bool,
    /// How many bytes of known values variables have written into words.
    expanded_bytes: usize,
    /// How many commands scripts from disk have added, all told.
    pub(super) disk_commands: usize,
    /// How many they had added when the outermost script being read was entered.
    disk_commands_from: usize,
    /// The parser steps left to the command itself.
    parse_steps: Cell<u64>,
    /// The parser steps left to the outermost script being read from disk.
    script_parse_steps: Cell<u64>,
    /// Whether the script being read ran past its allowance.
    script_truncated: bool,
}

impl Budget {
    pub(super) fn new(deadline: Instant) -> Budget {
        Budget {
            deadline,
            stopped: false,
            expanded_bytes: 0,
            disk_commands: 0,
            disk_commands_from: 0,
            parse_steps: Cell::new(MAX_PARSE_STEPS),
            script_parse_steps: Cell::new(MAX_SCRIPT_PARSE_STEPS),
            script_truncated: false,
        }
    }
}

impl Walker<'_> {
    /// Whether a known value of `bytes` may still be written into a word; counts it when so.
    pub(super) fn may_expand(&mut self, bytes: usize) -> bool {
        let room = self.budget.expanded_bytes + bytes <= MAX_EXPANDED_BYTES;
        if room {
            self.budget.expanded_bytes += bytes;
        }
        room
    }

    /// Whether the walk must stop: out of time or of room for commands.
    pub(super) fn exhausted(&mut self, span: Span) -> bool {
        if self.budget.stopped {
            return true;
        }
        // Inside a script from disk, its own budget: running out of it leaves the rest of the
        // script unjudged (could-not-verify), not the command denied.
        if !self.reading_disk.is_empty() {
            let budget = &mut self.budget;
            if budget.script_truncated
                || Instant::now() > budget.deadline
                || budget.disk_commands - budget.disk_commands_from >= MAX_SCRIPT_COMMANDS
            {
                budget.script_truncated = true;
                return true;
            }
            return false;
        }
        if Instant::now() > self.budget.deadline {
            self.budget.stopped = true;
            self.gap(GapKind::TooComplex, span, "the analysis ran out of time");
            return true;
        }
        if self.analysis.commands.len() - self.budget.disk_commands >= MAX_COMMANDS {
            self.budget.stopped = true;
            self.gap(
                GapKind::TooComplex,
                span,
                format!("the command runs more than {MAX_COMMANDS} commands"),
            );
            return true;
        }
        false
    }

    /// What parsing may still take: the script's own allowance inside a script from disk.
    pub(super) fn parse_allowance(&self) -> Allowance<'_> {
        let steps = if self.reading_disk.is_empty() {
            &self.budget.parse_steps
        } else {
            &self.budget.script_parse_steps
        };
        Allowance::new(steps, self.budget.deadline)
    }

    /// Records that parsing `span` ran out of time: inside a script from disk the rest of the
    /// script is not judged; in the command itself the analysis stops.
    pub(super) fn parse_overrun(&mut self, span: Span) {
        if self.reading_disk.is_empty() {
            self.budget.stopped = true;
            self.gap(
                GapKind::TooComplex,
                span,
                format!("parsing it takes more than the {MAX_PARSE_STEPS} steps of the parsers the analysis allows"),
            );
        } else {
            self.budget.script_truncated = true;
        }
    }

    /// Whether a layer at `layer_depth` may not be walked: nested too deep, out of time or of
    /// room. Records the gap when it may not.
    pub(super) fn layer_refused(&mut self, layer_depth: usize, span: Span) -> bool {
        if layer_depth > MAX_LAYER_DEPTH {
            self.gap(
                GapKind::TooDeep,
                span,
                format!("layers nest more than {MAX_LAYER_DEPTH} deep"),
            );
            return true;
        }
        self.exhausted(span)
    }

    /// Whether syntax nests deeper than the walk follows; records the gap when it does.
    pub(super) fn too_deep(&mut self, syntax_depth: usize, span: Span) -> bool {
        if syntax_depth > MAX_SYNTAX_DEPTH {
            self.gap(
                GapKind::TooDeep,
                span,
                format!("the syntax nests more than {MAX_SYNTAX_DEPTH} deep"),
            );
        }
        syntax_depth > MAX_SYNTAX_DEPTH
    }

    /// Walks code of the script at `path` on disk by the rules for such code: a budget of its
    /// own, and what it cannot know not asked about. Tells whether it ran past the budget (the
    /// outermost script only; nested ones share it).
    pub(super) fn read_from_disk(&mut self, path: String, walk: impl FnOnce(&mut Self)) -> bool {
        let outermost = self.reading_disk.is_empty();
        if outermost {
            self.budget.disk_commands_from = self.budget.disk_commands;
            self.budget.script_parse_steps.set(MAX_SCRIPT_PARSE_STEPS);
        }
        self.reading_disk.push(path);
        walk(self);
        self.reading_disk.pop();
        outermost && std::mem::take(&mut self.budget.script_truncated)
    }
}

/// What a command runs when a script from disk was too long to judge in full.
pub(super) fn truncated_script(via: &str, script: &str, span: Span) -> Run {
    Run::Unverifiable {
        what: format!(
            "{via} runs {script}, too long to judge in full (over {MAX_SCRIPT_COMMANDS} commands or {MAX_SCRIPT_PARSE_STEPS} parser steps): the rest of it was not judged"
        ),
        span,
    }
}
