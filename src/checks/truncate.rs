//! Truncating system files: `> /etc/passwd`, `truncate -s 0 /etc/hosts`, `dd of=/etc/x`,
//! `cp /dev/null /etc/x`. Device nodes that are meant to be written (`/dev/null`, `/dev/tty`)
//! are fine; block devices belong to the disk checker.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args;
use crate::command::RedirectOperator;
use crate::paths;
use crate::places::{self, Place};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&TRUNCATE_SYSTEM_FILE],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static TRUNCATE_SYSTEM_FILE: Rule = Rule {
    id: "truncate-system-file",
    decision: DENY,
    catches: "Emptying or overwriting a system file: `> /etc/passwd`, `truncate -s 0 /etc/hosts`, `cp /dev/null /etc/x`.",
    instead: "Edit system configuration by hand, with a backup, or ask the user",
    examples: &[
        ": > /etc/passwd",
        "echo '' > /etc/hosts",
        "truncate -s 0 /var/log/syslog",
        "cp /dev/null /etc/resolv.conf",
        "dd if=/dev/zero of=/etc/fstab",
    ],
    allowed: &[
        "echo hi > /dev/null",
        "truncate -s 0 ./app.log",
        "cat x > /tmp/out",
        "echo 1 2>/dev/stderr",
    ],
};

/// Device nodes that programs write to as a matter of course.
fn is_ordinary_device(path: &str) -> bool {
    let Some(name) = path.strip_prefix("/dev/") else {
        return path.starts_with("/proc/self/fd/");
    };
    matches!(
        name,
        "null" | "zero" | "stdout" | "stderr" | "stdin" | "tty" | "random" | "urandom" | "console" | "full"
    ) || name.starts_with("fd/")
        || name.starts_with("tcp/")
        || name.starts_with("udp/")
        || name.starts_with("pts/")
        || name.starts_with("shm/")
        || name.starts_with("tty")
        || super::disk::is_block_device(path)
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for redirect in &command.redirects {
        if redirect.operator == RedirectOperator::Write {
            judge(subject, report, &redirect.target, "`>`");
        }
    }
    let args = command.args();
    match command.name.as_str() {
        "truncate" => {
            let parsed = args::parse(args, &crate::tools::long_options::TRUNCATE);
            for file in parsed.operands() {
                judge(subject, report, file, "`truncate`");
            }
        }
        "dd" => {
            if let Some(word) = args.iter().find(|w| w.text().starts_with("of=")) {
                judge(subject, report, &word.strip_prefix(3), "`dd of=`");
            }
        }
        "cp" if args.iter().any(|w| w.is("/dev/null")) => {
            if let Some(destination) = args.last() {
                judge(subject, report, destination, "`cp /dev/null`");
            }
        }
        _ => {}
    }
}

fn judge(subject: &Subject, report: &mut Report, file: &Word, how: &str) {
    if file.value().is_some_and(is_ordinary_device) {
        return;
    }
    let place = places::place(&paths::resolve(file, &subject.command.cwd), subject.context);
    // An application's folder is judged by the write policy outside the project (it asks).
    if let Place::System(path) = &place
        && !places::is_application_area(path)
    {
        report.flag(
            &TRUNCATE_SYSTEM_FILE,
            file.span,
            format!("{how} would empty the system file {path}, which the machine needs"),
        );
    }
}
