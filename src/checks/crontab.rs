//! `crontab -r` removes every scheduled job of the user, with no copy kept; `crontab FILE`,
//! `crontab -` and a bare `crontab` reading standard input install a new table, which replaces
//! every job there was, and whose commands run later, outside any hook; so does `crontab -e`
//! with an editor the command chose (`EDITOR='sed -i …'`), which writes the table itself. The jobs of a table the
//! command shows (`echo '… rm -rf ~' | crontab -`) are judged as commands too
//! (`registry/schedulers.rs`); a table read from a file or a pipe nobody can see asks.
//! incron's `incrontab` works the same way for jobs that run when a watched file changes
//! (incrontab(1): `incrontab FILE`, `-` for standard input, `-r` removes the table, `-e` edits it).

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&CRONTAB_REMOVE, &CRONTAB_INSTALL],
    applies: Applies::Commands(&["crontab", "incrontab"]),
    check,
    whole_analysis: None,
};

pub static CRONTAB_REMOVE: Rule = Rule {
    id: "crontab-remove",
    decision: DENY,
    catches: "`crontab -r` (or `incrontab -r`): every scheduled job of the user (every file-event job) is deleted.",
    instead: "Save the table first (`crontab -l > cron.bak`) and edit it with `crontab -e`",
    examples: &["crontab -r", "crontab -ri", "crontab -u www -r", "incrontab -r"],
    allowed: &["crontab -l", "crontab -e", "crontab -l > cron.bak", "incrontab -l"],
};

pub static CRONTAB_INSTALL: Rule = Rule {
    id: "crontab-install",
    decision: ASK,
    catches: "Installing a cron table (`crontab FILE`, `… | crontab -`) or an incron table (`incrontab FILE`, whose jobs run when a watched file changes), or editing it with an editor the command chose (`EDITOR='sed -i …' crontab -e`, `VISUAL=/tmp/ed.sh crontab -e`): it replaces every scheduled job of the user, and its commands run later, outside any hook.",
    instead: "Show the user the jobs to add and let them install the table; `crontab -l` lists the current one",
    examples: &[
        "crontab jobs.txt",
        "crontab < jobs.txt",
        "cat jobs.txt | crontab -",
        "echo '0 3 * * * /usr/local/bin/backup.sh' | crontab -",
        "crontab -u www jobs.txt",
        "VISUAL=/tmp/ed.sh crontab -e",
        "incrontab jobs.incron",
        "cat jobs.incron | incrontab -",
    ],
    allowed: &[
        "crontab -l",
        "crontab -e",
        "EDITOR=vim crontab -e",
        "crontab -l > cron.bak",
        "echo crontab jobs.txt",
        "incrontab -l",
        "incrontab -t",
    ],
};

/// What a table of `program` holds, and when its jobs run.
fn jobs_of(program: &str) -> (&'static str, &'static str) {
    match program {
        "incrontab" => ("file-event job", "whenever a watched file changes"),
        _ => ("scheduled job", "on a schedule"),
    }
}

fn check(subject: &Subject, report: &mut Report) {
    let program = subject.command.name.as_str();
    // incrontab's `-f FILE` names its configuration; crontab's `-n HOST`, `-x` debugging.
    let options = match program {
        "incrontab" => Options::gnu("uf", &["user", "config"]),
        _ => Options::gnu("unx", &[]),
    };
    let (jobs, when) = jobs_of(program);
    let parsed = args::parse(subject.command.args(), &options);
    if parsed.has('r', "remove") {
        report.flag(
            &CRONTAB_REMOVE,
            subject.command.span,
            format!("`{program} -r` would delete every {jobs}, with no copy kept"),
        );
        return;
    }
    // Editing with an editor the command chose (`EDITOR='sed -i …' crontab -e`): the editor
    // writes the table, and no person types it.
    if parsed.has('e', "edit")
        && let Some(editor) = scripted_editor(subject)
    {
        report.flag(
            &CRONTAB_INSTALL,
            subject.command.span,
            format!(
                "`{program} -e` would install whatever `{editor}` writes into the table, with no person typing it: its jobs then run {when}, outside any hook"
            ),
        );
        return;
    }
    // Listing, editing (a person types the jobs), showing or testing a file, the version, the
    // event types incron knows, reloading the table: no table is installed.
    let inert = [
        ('l', "list"),
        ('e', "edit"),
        ('t', "types"),
        ('d', "reload"),
        ('T', ""),
        ('V', ""),
        ('c', ""),
    ];
    if inert.iter().any(|(short, long)| parsed.has(*short, long)) || parsed.has_long("help") {
        return;
    }
    let from = match parsed.operands().next() {
        Some(file) if file.text() != "-" => format!("the table in `{}`", subject.typed(file)),
        _ => "the table read from standard input".to_owned(),
    };
    report.flag(
        &CRONTAB_INSTALL,
        subject.command.span,
        format!("`{program}` would replace every {jobs} of the user with {from}, whose commands then run {when}, outside any hook"),
    );
}

/// Editors a person types in: given one of these, `crontab -e` waits for the user.
const INTERACTIVE_EDITORS: &[&str] = &[
    "vi", "vim", "nvim", "nano", "pico", "emacs", "micro", "mg", "joe", "kak", "hx", "helix", "mcedit",
];

/// The editor `crontab -e` runs when the command sets it (`EDITOR=…`, `VISUAL=…`, given or
/// exported) to anything but an editor a person types in.
fn scripted_editor(subject: &Subject) -> Option<String> {
    let given = subject
        .command
        .assignments
        .iter()
        .map(|(name, value)| (name.as_str(), value));
    let exported = subject
        .analysis
        .exports
        .iter()
        .map(|export| (export.name.as_str(), &export.value));
    given
        .chain(exported)
        .filter(|(name, _)| matches!(*name, "EDITOR" | "VISUAL"))
        .map(|(_, value)| value.text())
        .find(|editor| {
            let program = editor.rsplit('/').next().unwrap_or(editor);
            !INTERACTIVE_EDITORS.contains(&program)
        })
        .map(str::to_owned)
}
