//! `mv` of the root, a home directory or a system directory, and `mv` onto `/dev/null`. The
//! moves of other programs are judged alike: `rsync --remove-source-files` and `rclone move`
//! delete their sources once copied.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args;
use crate::paths::{self, Target};
use crate::places::{self, Place};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&MV_SYSTEM_PATH],
    applies: Applies::Commands(&["mv", "rsync", "rclone"]),
    check,
    whole_analysis: None,
};

pub static MV_SYSTEM_PATH: Rule = Rule {
    id: "mv-system-path",
    decision: DENY,
    catches: "Moving `/`, a home directory or a system directory away (`mv`, `rsync --remove-source-files`, `rclone move`), or moving a file onto `/dev/null`.",
    instead: "Move specific files inside the project instead",
    examples: &[
        "mv / /old",
        "mv ~ /tmp/home-backup",
        "mv /usr /usr.bak",
        "mv important.db /dev/null",
        "mv /etc /tmp/etc",
        "rsync -a --remove-source-files ~/ /mnt/backup/",
        "rclone move ~ remote:home",
    ],
    allowed: &[
        "mv build dist",
        "mv ./a.txt ./b.txt",
        "mv /tmp/x ./x",
        "rsync -a ~/ /mnt/backup/",
        "rsync -a --remove-source-files ./build/ /tmp/out/",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if command.name == "mv" {
        let parsed = args::parse(command.args(), &crate::tools::long_options::MV);
        let destination = parsed
            .value_of('t', "target-directory")
            .or_else(|| parsed.operands().last());
        if let Some(destination) = destination
            && destination.is("/dev/null")
        {
            report.flag(
                &MV_SYSTEM_PATH,
                destination.span,
                "`mv` onto /dev/null would destroy the file moved and break /dev/null for every program",
            );
        }
    }
    for source in super::files::moved_away(command) {
        let target = paths::resolve(&source, &command.cwd);
        let Target::Path(path) = &target else { continue };
        let hit = match places::place(&target, subject.context) {
            Place::Root => Some("the whole file system".to_owned()),
            Place::Home(home) => Some(format!("the home directory {home}")),
            Place::System(dir) if places::system_dir_containing(path).as_ref() == Some(&dir) && dir == *path => {
                Some(format!("the system directory {dir}"))
            }
            _ => None,
        };
        if let Some(hit) = hit {
            report.flag(
                &MV_SYSTEM_PATH,
                source.span,
                format!(
                    "`{}` would take {hit} away from every program that needs it",
                    command.name
                ),
            );
        }
    }
}
