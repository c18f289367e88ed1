//! `rsync --delete`: whatever the destination has that the source lacks is deleted, so the
//! destination is judged with the delete policy of `rm -r` (`rsync -a --delete empty/ ~/`
//! empties the home directory). Windows' `robocopy SOURCE DESTINATION /MIR` (or `/PURGE`) does
//! the same, run from Git Bash or WSL as from `cmd /c`. `rsync --remove-source-files` deletes its sources once they are
//! copied: a local source is judged as a move by the file checks, a source on another machine
//! asks here.

use super::{Applies, Checker, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::command::Command;
use crate::links::Last;
use crate::paths::{self, Target};
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[],
    applies: Applies::Commands(&["rsync", "robocopy"]),
    check,
    whole_analysis: None,
};

/// rsync's options, by their full names only (popt takes no abbreviation).
const OPTIONS: Options = crate::tools::long_options::RSYNC;

/// The options that delete in the destination what the source lacks (`--delete-missing-args`
/// the destination's files named by sources that are missing).
const DELETES: &[&str] = &[
    "del",
    "delete",
    "delete-after",
    "delete-before",
    "delete-delay",
    "delete-during",
    "delete-excluded",
    "delete-missing-args",
];

fn check(subject: &Subject, report: &mut Report) {
    if subject.command.name == "robocopy" {
        robocopy(subject, report);
        return;
    }
    let parsed = args::parse(subject.command.args(), &OPTIONS);
    for source in removed_sources(&parsed) {
        if is_remote(source.text()) {
            report.flag(
                &super::backups::REMOTE_DELETE,
                source.span,
                format!(
                    "`rsync --remove-source-files` would delete on that machine the files of `{}` it copies, which cannot be seen from here",
                    source.text()
                ),
            );
        }
    }
    let deletes = parsed
        .args
        .iter()
        .any(|arg| DELETES.iter().any(|delete| arg.is_long(delete)));
    let Some(destination) = parsed.operands().last() else {
        return;
    };
    // `-n`, `--dry-run`: what would be deleted is listed, nothing is.
    let dry_run = parsed.has('n', "dry-run");
    if !deletes || dry_run || parsed.operands().count() < 2 {
        return;
    }
    if is_remote(destination.text()) {
        remote_delete(report, destination);
        return;
    }
    judge_mirrored(subject, report, destination, "`rsync --delete`");
}

/// `robocopy SOURCE DESTINATION [FILES…] /MIR|/PURGE`: the destination loses what the source
/// lacks, unless `/L` only lists. Switches are read by their beginning, as cmd's reading does,
/// and with the doubled slash Git Bash users write (`//MIR`) so that MSYS leaves them alone. A
/// word with a further `/` before any `:` is a Git Bash path (`/c/Users/ann`), not a switch
/// (`/LOG:C:/x.txt`).
fn robocopy(subject: &Subject, report: &mut Report) {
    let args = subject.command.args();
    let switch = |word: &Word| {
        let text = word.text();
        let name = text.trim_start_matches('/');
        let before_value = name.split(':').next().unwrap_or(name);
        (text.starts_with('/') && !name.is_empty() && !before_value.contains('/')).then(|| name.to_ascii_lowercase())
    };
    let switches: Vec<String> = args.iter().filter_map(switch).collect();
    let mirrors = switches.iter().any(|s| s.starts_with("mir") || s.starts_with("purge"));
    let lists_only = switches.iter().any(|s| s == "l");
    let mut operands = args.iter().filter(|word| switch(word).is_none());
    let (Some(_source), Some(destination)) = (operands.next(), operands.next()) else {
        return;
    };
    if !mirrors || lists_only {
        return;
    }
    judge_mirrored(subject, report, destination, "`robocopy /MIR`");
}

/// A local destination that loses what the source lacks, judged as `rm -r` of its contents:
/// the tool goes into the folder, through a link too.
fn judge_mirrored(subject: &Subject, report: &mut Report, destination: &Word, what: &str) {
    let target = match paths::resolve(destination, &subject.command.cwd) {
        Target::Path(dir) => Target::Contents(dir),
        other => other,
    };
    super::rm::judge_delete(subject, report, &target, destination, true, what, Last::Follow);
}

/// `rsync --delete` to another machine: what the destination has there is out of sight, so the
/// place is judged by its path alone. Its root, a home (`host:`, `host:~/`) or a system folder
/// itself is denied; anywhere else asks, since what is lost cannot be seen from here.
fn remote_delete(report: &mut Report, destination: &crate::word::Word) {
    let text = destination.text();
    let (host, path) = match text.strip_prefix("rsync://") {
        Some(rest) => {
            // rsync://host/module/path: the module's folder is the daemon's to say.
            let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
            (host, format!("module {path}"))
        }
        None => {
            let (host, path) = text.split_once(':').unwrap_or((text, ""));
            (host, path.trim_start_matches(':').to_owned())
        }
    };
    let span = destination.span;
    let bare = path.trim_end_matches(['/', '*', '.']);
    if path.starts_with('/') && bare.is_empty() {
        report.flag(
            &super::rm::RM_ROOT,
            span,
            format!("`rsync --delete` to `{text}` would erase everything on {host} that the source lacks"),
        );
    } else if bare.is_empty() || bare == "~" || (bare.starts_with('~') && !bare.contains('/')) {
        report.flag(
            &super::rm::RM_HOME,
            span,
            format!("`rsync --delete` to `{text}` would erase every file of the home directory on {host} that the source lacks"),
        );
    } else if let Some(dir) = paths::AbsPath::new(bare)
        .and_then(|path| crate::places::system_dir_containing(&path).filter(|dir| dir.same(&path)))
    {
        report.flag(
            &super::rm::RM_SYSTEM,
            span,
            format!("`rsync --delete` to `{text}` would erase what {dir} on {host} holds and the source lacks"),
        );
    } else {
        report.flag(
            &super::backups::REMOTE_DELETE,
            span,
            format!(
                "`rsync --delete` to `{text}` deletes on {host} whatever is there and not in the source, which cannot be seen from here"
            ),
        );
    }
}

/// The sources `rsync --remove-source-files` deletes once it has copied them (their files, not
/// their folders); none in a dry run or a listing.
fn removed_sources<'a>(parsed: &Parsed<'a>) -> Vec<&'a Word> {
    let operands: Vec<&Word> = parsed.operands().collect();
    let copies = !parsed.has('n', "dry-run") && !parsed.has_long("list-only");
    match operands.split_last() {
        Some((_, sources))
            if copies && (parsed.has_long("remove-source-files") || parsed.has_long("remove-sent-files")) =>
        {
            sources.to_vec()
        }
        _ => Vec::new(),
    }
}

/// The local sources `rsync --remove-source-files` takes away from where they are.
pub(super) fn moved_away(command: &Command) -> Vec<Word> {
    let parsed = args::parse(command.args(), &OPTIONS);
    removed_sources(&parsed)
        .into_iter()
        .filter(|source| !is_remote(source.text()))
        .cloned()
        .collect()
}

/// `host:path` and `rsync://…` name another machine.
fn is_remote(destination: &str) -> bool {
    destination.starts_with("rsync://")
        || destination
            .split_once(':')
            .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/') && host.len() > 1)
}
