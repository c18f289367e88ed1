//! Permissions: recursive `chmod`, `chown` or `chgrp` of the root, system directories or a home
//! directory, and making `/` writable by everyone.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::paths;
use crate::places::{self, Place};
use crate::rules::Rule;

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
    let parsed = args::parse(command.args(), &Options::gnu("", &["reference", "from"]));
    let recursive = parsed.has('R', "recursive");
    let mut operands = parsed.operands();
    let mode = if parsed.has_long("reference") {
        None
    } else {
        operands.next()
    };
    for target in operands {
        let place = places::place(&paths::resolve(target, &command.cwd), subject.context);
        let name = &command.name;
        if recursive {
            let hit = match &place {
                Place::Root => Some("every file on the machine".to_owned()),
                Place::System(path) => Some(format!("the system directory {path}")),
                Place::Home(path) => Some(format!("the home directory {path}")),
                Place::Protected { path, what, .. } => Some(format!("{what} in {path}")),
                _ => None,
            };
            if let Some(hit) = hit {
                report.flag(
                    &PERMISSIONS_RECURSIVE,
                    target.span,
                    format!(
                        "`{name} -R` would change the owner or permissions of {hit}, which breaks logins and programs"
                    ),
                );
            }
        }
        let world_writable = mode
            .and_then(|m| m.value())
            .is_some_and(|m| m.ends_with("777") || m.ends_with("666") || m.contains("+w") && !m.starts_with('u'));
        if name == "chmod" && place == Place::Root && world_writable {
            report.flag(
                &PERMISSIONS_ROOT,
                target.span,
                "`chmod` would let every user write to `/`",
            );
        }
    }
}
