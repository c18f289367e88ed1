//! `mv` of the root, a home directory or a system directory, and `mv` onto `/dev/null`; of the
//! project itself or its `.git`, which leaves them where nothing guards them. The moves of
//! other programs are judged alike: `rsync --remove-source-files` and `rclone move` delete
//! their sources once copied.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args;
use crate::paths::{self, Target};
use crate::places::{self, Place};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&MV_SYSTEM_PATH, &MV_PROJECT],
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

/// Whether what a move takes lands where deleting it is not judged as deleting outside the
/// project: a temporary folder, another machine, or a place only known when it runs. Renamed
/// beside itself (`mv app app-old`), the project stays where `rm` outside the project is denied.
fn lands_unguarded(subject: &Subject) -> bool {
    let command = subject.command;
    let destination = match command.name.as_str() {
        "mv" => {
            let parsed = args::parse(command.args(), &crate::tools::long_options::MV);
            parsed
                .value_of('t', "target-directory")
                .or_else(|| parsed.operands().last())
                .cloned()
        }
        _ => command
            .args()
            .iter()
            .rev()
            .find(|word| !word.text().starts_with('-'))
            .cloned(),
    };
    let Some(destination) = destination else {
        return true;
    };
    let text = destination.text();
    let remote = command.name != "mv" && text.split('/').next().is_some_and(|first| first.contains(':'));
    // What is moved into a folder lands below it: `mv -t /tmp x` puts it in `/tmp/x`.
    let below = crate::word::Word::literal(&format!("{text}/x"), destination.span);
    let unguarded = |word: &crate::word::Word| {
        matches!(
            places::place(&paths::resolve(word, &command.cwd), subject.context),
            Place::Temporary | Place::Unknown { .. }
        )
    };
    remote || unguarded(&destination) || (!destination.is_dynamic() && unguarded(&below))
}

pub static MV_PROJECT: Rule = Rule {
    id: "mv-project",
    decision: ASK,
    catches: "Moving the project folder itself, a folder holding it, everything in it, or its `.git` into a temporary folder, to another machine or to a place only known when it runs (`mv \"$PWD\" /tmp/p`, `mv ../project /tmp/p`, `mv .git /tmp/g`): there, what is deleted next (`rm -rf /tmp/p`) no longer looks like the project or its history. Renaming it where it is (`mv app app-old`) passes.",
    instead: "Move or rename the files inside the project that need it; ask the user before moving the project or its history",
    examples: &[
        "mv \"$PWD\" /tmp/p",
        "mv ../project /tmp/p && rm -rf /tmp/p",
        "mv /home/user/work \"$DEST\"",
        "mv .git /tmp/g",
        "rsync -a --remove-source-files ./ /tmp/p/",
    ],
    allowed: &[
        "mv src/a.rs src/b.rs",
        "mv build /tmp/old-build",
        "mv .github/old.yml .github/ci.yml",
        "mv ../project ../project-old",
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
        let place = places::place(&target, subject.context);
        let project = match &place {
            Place::ProjectRoot(root) => Some(format!("the project {root}")),
            Place::ProjectAncestor(folder) => Some(format!("{folder}, which holds the project")),
            Place::GitDir(git) if git == path => Some(format!("the repository's history in {git}")),
            _ => None,
        };
        if let Some(project) = project
            && lands_unguarded(subject)
        {
            report.flag(
                &MV_PROJECT,
                source.span,
                format!(
                    "`{}` would take {project} out of the project, where deleting it would no longer be seen as deleting the project",
                    command.name
                ),
            );
            continue;
        }
        let hit = match place {
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
