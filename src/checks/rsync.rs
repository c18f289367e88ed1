//! `rsync --delete`: whatever the destination has that the source lacks is deleted, so the
//! destination is judged with the delete policy of `rm -r` (`rsync -a --delete empty/ ~/`
//! empties the home directory).

use super::{Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::paths::{self, Target};

pub const CHECKER: Checker = Checker {
    rules: &[],
    applies: Applies::Commands(&["rsync"]),
    check,
    whole_analysis: None,
};

fn check(subject: &Subject, report: &mut Report) {
    const OPTIONS: Options = Options::gnu(
        "eBfT",
        &[
            "rsh",
            "exclude",
            "include",
            "exclude-from",
            "include-from",
            "filter",
            "files-from",
            "temp-dir",
            "partial-dir",
            "backup-dir",
            "suffix",
            "chmod",
            "chown",
            "rsync-path",
            "log-file",
            "password-file",
            "timeout",
            "bwlimit",
            "max-size",
            "min-size",
            "compare-dest",
            "copy-dest",
            "link-dest",
        ],
    );
    let parsed = args::parse(subject.command.args(), &OPTIONS);
    let deletes = parsed
        .args
        .iter()
        .any(|arg| matches!(arg, args::Arg::Long { name, .. } if name.starts_with("delete")));
    let Some(destination) = parsed.operands().last() else {
        return;
    };
    if !deletes || parsed.operands().count() < 2 || is_remote(destination.text()) {
        return;
    }
    let target = match paths::resolve(destination, &subject.command.cwd) {
        Target::Path(dir) => Target::Contents(dir),
        other => other,
    };
    super::rm::judge_delete(subject, report, &target, destination, true, "`rsync --delete`");
}

/// `host:path` and `rsync://…` name another machine.
fn is_remote(destination: &str) -> bool {
    destination.starts_with("rsync://")
        || destination
            .split_once(':')
            .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/') && host.len() > 1)
}
