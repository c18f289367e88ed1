//! Permissions: recursive `chmod`, `chown` or `chgrp` of the root, system directories or a home
//! directory, and making `/` writable by everyone.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args;
use crate::links::{self, Last};
use crate::modes::{self, Mode};
use crate::paths;
use crate::places::{self, Place};
use crate::rules::Rule;
use crate::tools::long_options;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&PERMISSIONS_RECURSIVE, &PERMISSIONS_ROOT],
    applies: Applies::Commands(&["chmod", "chown", "chgrp"]),
    check,
    whole_analysis: None,
};

pub static PERMISSIONS_RECURSIVE: Rule = Rule {
    id: "permissions-recursive",
    decision: DENY,
    catches: "Recursive `chmod`/`chown`/`chgrp` of `/`, system directories, a home directory or its keys.",
    instead: "Change permissions of specific project files instead",
    examples: &[
        "chmod -R 777 /",
        "chown -R user:user /usr",
        "chmod -R 755 ~",
        "chgrp -R staff /etc",
        "chmod -R 644 ~/.ssh",
    ],
    allowed: &[
        "chmod -R 755 ./scripts",
        "chown -R user:user ./build",
        "chmod +x script.sh",
        "chmod -R go-w ~/.ssh",
        "chmod -R go-rwx ~/.gnupg",
    ],
};

pub static PERMISSIONS_ROOT: Rule = Rule {
    id: "permissions-root",
    decision: DENY,
    catches: "Making `/` itself writable by everyone (`chmod 777 /`).",
    instead: "Leave the root directory's permissions alone",
    examples: &["chmod 777 /", "chmod a+w /", "chmod o+w /"],
    allowed: &["chmod 755 ./dir"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let name = &command.name;
    let (mode, recursive, targets) = if name == "chmod" {
        let chmod = modes::chmod(command.args());
        (
            Some(chmod.mode),
            chmod.recursive,
            chmod.files.into_iter().cloned().collect(),
        )
    } else {
        let options = if name == "chgrp" {
            long_options::CHGRP
        } else {
            long_options::CHOWN
        };
        let parsed = args::parse(command.args(), &options);
        let mut operands = parsed.operands();
        if !parsed.has_long("reference") {
            operands.next();
        }
        (
            None,
            parsed.has('R', "recursive"),
            operands.cloned().collect::<Vec<Word>>(),
        )
    };
    // Taking access away from the group and others (`chmod -R go-w ~/.ssh`) keeps keys and
    // startup files working; the system and home directories still break under it.
    let only_restricts = mode.is_some_and(Mode::only_restricts_others);
    for target in &targets {
        // A link named on the command line is followed (`chmod -R 777 link` changes what it
        // points at): judged where it is written and where it leads.
        let written = paths::resolve(target, &command.cwd);
        let mut places = vec![places::place(&written, subject.context)];
        if let Some((real, context)) = links::resolved_target(&written, Last::Follow, subject.context) {
            places.push(places::place(&real, &context));
        }
        for place in places {
            judge_place(subject, report, target, &place, mode, recursive, only_restricts);
        }
    }
}

/// Judges changing the owner or mode of `place` (written as `target`).
fn judge_place(
    subject: &Subject,
    report: &mut Report,
    target: &Word,
    place: &Place,
    mode: Option<Mode>,
    recursive: bool,
    only_restricts: bool,
) {
    let name = &subject.command.name;
    if recursive {
        let hit = match place {
            Place::Root => Some("every file on the machine".to_owned()),
            Place::System(path) => Some(format!("the system directory {path}")),
            Place::Home(path) => Some(format!("the home directory {path}")),
            Place::Protected { path, what, .. } if !only_restricts => Some(format!("{what} in {path}")),
            _ => None,
        };
        if let Some(hit) = hit {
            report.flag(
                &PERMISSIONS_RECURSIVE,
                target.span,
                format!("`{name} -R` would change the owner or permissions of {hit}, which breaks logins and programs"),
            );
        }
    }
    if *place == Place::Root && mode.is_some_and(Mode::lets_others_write) {
        report.flag(
            &PERMISSIONS_ROOT,
            target.span,
            "`chmod` would let every user write to `/`",
        );
    }
}
