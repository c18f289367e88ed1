//! The read-only preset of a profile (`"profiles": {"code-reviewer": {"read_only": true}}`):
//! a subagent that should only look is refused every write. Shell commands pass only when each
//! program is a known reader (or a shell or wrapper running readers) and nothing is redirected
//! into a file; the editor's writes are refused by `files`.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args;
use crate::command::Command;
use crate::context::Context;
use crate::paths::AbsPath;
use crate::rules::Rule;
use crate::source::Span;
use crate::tools::long_options;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&READ_ONLY_PROFILE],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static READ_ONLY_PROFILE: Rule = Rule {
    id: "read-only-profile",
    decision: DENY,
    catches: "In an agent or subagent whose profile is read-only, any write: the editor's writes and edits, a redirection into a file, and every program that is not a known reader (`ls`, `cat`, `grep`, `rg`, `find` without actions, `git status|log|diff|show`…).",
    instead: "This agent only reads: report what should change and let the main agent or the user make the change",
    examples: &[
        "echo x > notes.txt",
        "rm -rf build",
        "git commit -m x",
        "python3 fix.py",
    ],
    allowed: &[
        "ls -la",
        "cat src/main.rs | grep fn",
        "git log --oneline -5",
        "rg -n TODO src",
        "find . -name '*.rs'",
    ],
};

/// Programs that only read and print.
const READERS: &[&str] = &[
    "ls",
    "cat",
    "head",
    "tail",
    "less",
    "more",
    "bat",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "wc",
    "uniq",
    "cut",
    "tr",
    "diff",
    "cmp",
    "comm",
    "stat",
    "file",
    "du",
    "df",
    "tree",
    "pwd",
    "echo",
    "printf",
    "true",
    "false",
    "test",
    "[",
    "[[",
    "which",
    "whereis",
    "type",
    "date",
    "uname",
    "whoami",
    "id",
    "hostname",
    "realpath",
    "readlink",
    "basename",
    "dirname",
    "jq",
    "column",
    "nl",
    "od",
    "xxd",
    "hexdump",
    "strings",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "cksum",
    "sleep",
    "cd",
    "pushd",
    "popd",
    "fold",
    "fmt",
    "rev",
    "tac",
    "paste",
    "expand",
    "look",
    "locate",
    "tokei",
    "cloc",
];

/// Programs that only run what they are given, each command of which is judged itself.
const RUNNERS: &[&str] = &["xargs", "timeout", "time", "nice", "command", "builtin"];

/// git subcommands that change nothing.
const GIT_READERS: &[&str] = &[
    "status",
    "log",
    "diff",
    "show",
    "blame",
    "grep",
    "ls-files",
    "ls-tree",
    "rev-parse",
    "describe",
    "shortlog",
    "cat-file",
    "rev-list",
    "merge-base",
    "name-rev",
];

/// Paths a redirection may write without writing a file.
const NOT_FILES: &[&str] = &["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"];

fn check(subject: &Subject, report: &mut Report) {
    if !subject.context.policy.read_only {
        return;
    }
    let command = subject.command;
    for redirect in command.redirects.iter().filter(|redirect| redirect.operator.writes()) {
        if !NOT_FILES.contains(&redirect.target.text()) {
            report.flag(
                &READ_ONLY_PROFILE,
                redirect.span,
                format!(
                    "`{}` writes into `{}`, and this agent's profile is read-only",
                    command.display(),
                    redirect.target.text()
                ),
            );
        }
    }
    if !reads_only(command) {
        report.flag(
            &READ_ONLY_PROFILE,
            command.span,
            format!(
                "`{}` may change files, and this agent's profile is read-only",
                command.display()
            ),
        );
    }
}

/// Whether the command's program only reads (as far as its name and options tell).
fn reads_only(command: &Command) -> bool {
    let name = command.name.as_str();
    let args: Vec<&str> = command.args().iter().map(Word::text).collect();
    let has = |flags: &[&str]| args.iter().any(|arg| flags.iter().any(|flag| arg.starts_with(flag)));
    match name {
        "" => true,
        "find" => !has(&["-delete", "-exec", "-execdir", "-ok", "-fprint", "-fls"]),
        "fd" | "fdfind" => !has(&["-x", "-X", "--exec"]),
        "sort" => !args::parse(command.args(), &long_options::SORT).has('o', "output"),
        "sed" => {
            !args::parse(command.args(), &long_options::SED).has('i', "in-place")
                && !args.iter().any(|arg| writes_in_sed(arg))
        }
        "git" => {
            let git = crate::tools::git::invocation(command);
            GIT_READERS.contains(&git.subcommand.as_str())
                || (git.subcommand == "branch"
                    && git.args.iter().all(|arg| {
                        matches!(
                            arg.text(),
                            "-a" | "-r" | "-v" | "-vv" | "--list" | "--show-current" | "--all"
                        )
                    }))
        }
        _ => {
            READERS.contains(&name)
                || RUNNERS.contains(&name)
                || crate::language::is_shell(name)
                || super::paranoid::SHELL_BUILTINS.contains(&name)
        }
    }
}

/// Whether a sed script writes a file (`w file`, `s/a/b/w file`).
fn writes_in_sed(script: &str) -> bool {
    script
        .split([';', '\n', '}'])
        .any(|part| part.trim_start().starts_with('w') || part.contains("/w "))
}

/// A write of `path` with the editor or the shell, in a read-only profile.
pub fn judge_write(path: &AbsPath, shown: &str, span: Span, context: &Context, report: &mut Report) {
    // A device (`/dev/null`) is no file that changes.
    if context.policy.read_only && !path.as_str().starts_with("/dev/") {
        report.flag(
            &READ_ONLY_PROFILE,
            span,
            format!("writing {shown} changes a file, and this agent's profile is read-only ({path})"),
        );
    }
}
