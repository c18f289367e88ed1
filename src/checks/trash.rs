//! Emptying the trash: the files deleted earlier through it, which could still be brought back,
//! deleted for good (`trash-empty`, `gio trash --empty`, `Clear-RecycleBin`, the Finder's
//! `empty trash`). Putting files in the trash, listing it and restoring from it pass; deleting
//! the trash folder with `rm` is the rm checker's.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::rules::Rule;
use crate::word::Word;
use regex::Regex;
use std::sync::LazyLock;

pub const CHECKER: Checker = Checker {
    rules: &[&EMPTY_TRASH],
    applies: Applies::Commands(&[
        "trash-empty",
        "trash-rm",
        "empty-trash",
        "gio",
        "gvfs-trash",
        "ktrash",
        "ktrash5",
        "ktrash6",
        "trash",
        "gtrash",
        "gomi",
        "clear-recyclebin",
        "osascript",
    ]),
    check,
    whole_analysis: None,
};

pub static EMPTY_TRASH: Rule = Rule {
    id: "empty-trash",
    decision: ASK,
    catches: "Emptying the trash, which deletes for good the files put there earlier: `trash-empty` (older than some days too), `trash-rm`, `gio trash --empty`, `ktrash --empty`, `trash -e`, `trash empty` (trashy), `empty-trash`, `gtrash prune` and `gtrash find --rm`, `gomi --prune`, PowerShell's `Clear-RecycleBin`, the Finder's `empty trash` through `osascript`.",
    instead: "Leave the trash as it is; the user empties it when they are sure nothing there is needed",
    examples: &[
        "trash-empty",
        "trash-empty 30",
        "trash-rm '*.o'",
        "gio trash --empty",
        "ktrash5 --empty",
        "trash -e",
        "trash empty --all",
        "empty-trash",
        "gtrash prune --day 7",
        "gomi --prune 1w",
        "pwsh -c 'Clear-RecycleBin -Force'",
        "osascript -e 'tell application \"Finder\" to empty trash'",
    ],
    allowed: &[
        "trash build/",
        "trash-put old.log",
        "trash-list",
        "trash-empty --dry-run",
        "gio trash old.log",
        "gio trash --list",
        "gtrash put old.log",
        "gomi old.log",
        "trash-empty --help",
        "pwsh -c 'Clear-RecycleBin -WhatIf'",
        "osascript -e 'tell application \"Finder\" to open trash'",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let Some(what) = emptied(&command.name, args) else {
        return;
    };
    // The program as written (`Clear-RecycleBin`), not its name made lower-case.
    let program = command.argv.first().map_or(command.name.as_str(), Word::text);
    report.flag(
        &EMPTY_TRASH,
        command.span,
        format!("`{program}` would delete {what} for good: files deleted earlier that could still be brought back from there"),
    );
}

/// What of the trash a command deletes, when it deletes some.
fn emptied(name: &str, args: &[Word]) -> Option<String> {
    let everything = || Some("every file in the trash".to_owned());
    let first = args.first().and_then(Word::value);
    match name {
        "trash-empty" => {
            let parsed = args::parse(args, &Options::gnu("", &["trash-dir", "print-completion"]));
            if only_asks(&parsed) || parsed.has_long("dry-run") || parsed.has_long("print-completion") {
                return None;
            }
            match parsed.operands().next().and_then(Word::value) {
                Some(days) => Some(format!("the files put in the trash more than {days} days ago")),
                None => everything(),
            }
        }
        "trash-rm" => {
            let parsed = args::parse(args, &Options::gnu("", &["trash-dir"]));
            let pattern = parsed.operands().next()?;
            (!only_asks(&parsed)).then(|| format!("the files in the trash matching `{}`", pattern.text()))
        }
        "empty-trash" => everything(),
        "gio" if first == Some("trash") => empties(&args[1..]).then(everything).flatten(),
        "gvfs-trash" | "ktrash" | "ktrash5" | "ktrash6" => empties(args).then(everything).flatten(),
        // Several tools are called `trash`: some empty it with `-e`/`--empty` (trash-d, the
        // macOS ones), trashy and rubbish with the subcommand `empty`, rubbish's `prune`
        // deletes what matches a pattern.
        "trash" if first == Some("empty") => everything(),
        "trash" if first == Some("prune") => Some("files in the trash".to_owned()),
        "trash" => {
            let parsed = args::parse(args, &Options::gnu("", &["trash-dir"]));
            let empties = parsed.has('e', "empty");
            (empties && !only_asks(&parsed)).then(everything).flatten()
        }
        "gtrash" => {
            let rest = args.get(1..).unwrap_or_default();
            let parsed = args::parse(rest, &Options::gnu("", &[]));
            let removes = match first {
                Some("prune") => true,
                Some("find") => parsed.has_long("rm"),
                _ => false,
            };
            (removes && !only_asks(&parsed)).then(|| "files in the trash".to_owned())
        }
        "gomi" => {
            let parsed = args::parse(args, &Options::gnu("", &["prune"]));
            (parsed.has_long("prune") && !only_asks(&parsed)).then(|| "files in the trash".to_owned())
        }
        "clear-recyclebin" => match args.first() {
            Some(drive) => Some(format!("every file in the Recycle Bin of drive {}", drive.text())),
            None => Some("every file in the Recycle Bin".to_owned()),
        },
        "osascript" => FINDER_EMPTIES
            .is_match(&super::power::applescript_lines(args))
            .then(everything)
            .flatten(),
        _ => None,
    }
}

/// Whether `--empty` is among the options (`gio trash --empty`, `ktrash --empty`).
fn empties(args: &[Word]) -> bool {
    let parsed = args::parse(args, &Options::gnu("", &[]));
    parsed.has_long("empty") && !only_asks(&parsed)
}

/// Whether usage or the version is asked for, which is printed and nothing else done.
fn only_asks(parsed: &Parsed) -> bool {
    parsed.has('h', "help") || parsed.has_long("version")
}

/// The Finder told to empty the trash: `empty trash`, `empty the trash`, the raw Apple event
/// (`«event fndremty»`), or JavaScript for Automation's `Application("Finder").empty()`.
static FINDER_EMPTIES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\bempty\s+(?:the\s+)?trash\b|\bfndremty\b|Application\(\s*['"]Finder['"]\s*\)(?:\s*\.\s*trash)?\s*\.\s*empty\s*\("#,
    )
    .expect("the Finder pattern is valid")
});
