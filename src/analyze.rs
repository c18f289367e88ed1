//! The library entry point: one command in, one verdict out.

use crate::checks;
use crate::command::{Analysis, Gap, GapKind};
use crate::context::Context;
use crate::files::WriteKind;
use crate::links;
use crate::paths::{self, Cwd, Target};
use crate::source::Span;
use crate::verdict::Verdict;
use crate::walk;
use crate::word::Word;
use std::time::{Duration, Instant};

/// The largest command analyzed; a larger one is denied (`input-too-large`).
pub const MAX_INPUT_BYTES: usize = 256 * 1024;

/// How long one analysis may take before it stops and denies (`too-complex`): a backstop for a
/// stalled machine only. The analysis is bounded by units of work (parser steps, commands,
/// bytes of expanded values: see `walk::budget`), which decide the verdict the same way on a
/// busy machine as on an idle one, and keep any input under the size cap to milliseconds.
pub const TIME_LIMIT: Duration = Duration::from_secs(2);

/// Judges a shell command in a context. A failure inside the analyzer (a panic) is caught and
/// denied with the rule `internal-error`: a command is never let through unjudged.
pub fn analyze(command: &str, context: &Context) -> Verdict {
    let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge(command, context)));
    judged.unwrap_or_else(|panic| {
        let message = panic_message(panic.as_ref());
        let analysis = Analysis {
            gaps: vec![Gap {
                kind: GapKind::Internal,
                span: Span::new(0, command.len()),
                what: format!("the analyzer failed on this command ({message})"),
            }],
            ..Analysis::default()
        };
        let findings = checks::run(&analysis, context, command);
        Verdict::new(command, analysis, findings, context)
    })
}

/// The message a caught panic carries.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown failure".to_owned())
}

/// Judges writing a file whole with an editor tool (`Write`: it creates the file or replaces
/// it). A relative path is taken from the working directory, `~` from home. `None` when `path`
/// is empty.
pub fn analyze_write(path: &str, context: &Context) -> Option<Verdict> {
    file_verdict(path, Some(WriteKind::Create), context)
}

/// Judges changing a file where it is with an editor tool (`Edit`, `MultiEdit`, `NotebookEdit`,
/// a patch). `None` when `path` is empty.
pub fn analyze_edit(path: &str, context: &Context) -> Option<Verdict> {
    file_verdict(path, Some(WriteKind::InPlace), context)
}

/// Judges reading a file with the `Read` tool. `None` when `path` is empty.
pub fn analyze_read(path: &str, context: &Context) -> Option<Verdict> {
    file_verdict(path, None, context)
}

fn file_verdict(path: &str, write: Option<WriteKind>, context: &Context) -> Option<Verdict> {
    let trimmed = path.trim();
    if trimmed.is_empty() {
        return None;
    }
    let written = if trimmed == "~" || trimmed.starts_with("~/") || trimmed.starts_with("~\\") {
        format!(
            "{}/{}",
            context.home,
            trimmed[1..].trim_start_matches(['/', '\\']).replace('\\', "/")
        )
    } else {
        trimmed.to_owned()
    };
    let word = Word::literal(&written, Span::new(0, trimmed.len()));
    let cwd = Cwd::Known(context.cwd.clone());
    // As written, and where a `..` after a link really goes (`link/../.bashrc`).
    let mut findings = Vec::new();
    for target in std::iter::once(paths::resolve(&word, &cwd)).chain(links::physical_target(&word, &cwd, context)) {
        if let Target::Path(absolute) = target {
            findings.extend(checks::file_findings(&absolute, trimmed, write, context));
        }
    }
    Some(Verdict::new(trimmed, Analysis::default(), findings, context))
}

/// Judges `command`, and when it uses variables that are not set where it runs, judges it a
/// second time with them empty, as bash expands them (`rm -rf "$SCRATCH/../etc"` is
/// `rm -rf /etc`): the stricter verdict counts. The first reading stays, since a startup file
/// the agent's shell reads, or code the walk cannot see, may set them.
fn judge(command: &str, context: &Context) -> Verdict {
    let verdict = judge_once(command, context);
    if !verdict.analysis.uses_unset_variables || verdict.decision == crate::rules::Decision::Deny {
        return verdict;
    }
    let emptied = Context {
        unset_variables_empty: true,
        ..context.clone()
    };
    let second = judge_once(command, &emptied);
    if second.decision > verdict.decision {
        second
    } else {
        verdict
    }
}

fn judge_once(command: &str, context: &Context) -> Verdict {
    let analysis = if command.len() > MAX_INPUT_BYTES {
        Analysis {
            gaps: vec![Gap {
                kind: GapKind::TooLarge,
                span: Span::new(0, command.len()),
                what: format!(
                    "the command is {} bytes, more than the {MAX_INPUT_BYTES} the analyzer reads",
                    command.len()
                ),
            }],
            ..Analysis::default()
        }
    } else {
        walk::walk(command, context, Instant::now() + TIME_LIMIT)
    };
    let links = links::made_by(&analysis, context);
    let with_links;
    let context = if links.is_empty() {
        context
    } else {
        with_links = Context {
            links,
            ..context.clone()
        };
        &with_links
    };
    let findings = checks::run(&analysis, context, command);
    Verdict::new(command, analysis, findings, context)
}
