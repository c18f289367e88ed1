//! `find … -delete`: judged by its search roots with the delete policy of `rm -r` (so
//! `find . -name '*.pyc' -delete` is fine and `find ~ -name '*.log' -delete` is not). The
//! commands of `-exec` are unwrapped and judged on their own, `{}` being a path under the root.

use super::{Applies, Checker, Report, Subject};
use crate::command::Command;
use crate::context::Context;
use crate::files;
use crate::links::{self, Last};
use crate::paths::{self, AbsPath, Target};
use crate::tools::find::{self, Met, Truth};
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[],
    applies: Applies::Commands(&["find"]),
    check,
    whole_analysis: None,
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let deletes = find::delete_actions(command);
    let Some(&first) = deletes.first() else {
        return;
    };
    let delete = &command.args()[first];
    let mut search = find::find_search(command);
    // A `-delete` before the tests meant to narrow it, or after an exclusion only, deletes
    // everything the search walks.
    search.found.filtered = deletes.iter().all(|&at| find::narrowed_before(command, at));
    let targets: Vec<Target> = match &search.found.roots {
        Some(roots) => roots
            .iter()
            .map(|root| {
                if search.found.filtered {
                    Target::Below {
                        dir: root.clone(),
                        name: search.found.name.clone(),
                        deep: true,
                    }
                } else {
                    Target::Contents(root.clone())
                }
            })
            .collect(),
        None => vec![Target::Unknown {
            guarded: false,
            what: "the directories searched".into(),
        }],
    };
    let roots_text: Vec<&str> = command.args()[..search.expression].iter().map(Word::text).collect();
    let shown = Word::literal(
        &if roots_text.is_empty() {
            ".".to_owned()
        } else {
            roots_text.join(" ")
        },
        delete.span,
    );
    // A search filtered by anything but a name (`-empty`, `-type d`, `-mtime`) from the project
    // root goes down into `.git` too, unless the expression keeps it out: `-empty -type d`
    // removes the empty folders of `refs/` and `objects/`, and git no longer knows the
    // repository.
    if let Some(root) = super::rm::search_reaching_git(&search.found, subject.context) {
        let git = subject.context.project_root.join(".git");
        super::rm::judge_delete(
            subject,
            report,
            &Target::Contents(git),
            &shown,
            true,
            &format!("`find -delete` (searching {root}, `.git` included)"),
            Last::Follow,
        );
    }
    // A root that is a link is searched only with `-L`/`-H`, or written with a trailing `/`
    // (which the system resolves); otherwise find deletes the link alone.
    let options = &command.args()[..search.expression];
    // `-L` (or `-follow`) goes into every link below the roots too.
    let follows_all = options.iter().any(|word| word.is("-L"))
        || command.args()[search.expression..]
            .iter()
            .any(|word| word.is("-follow"));
    let follows = follows_all
        || options.iter().any(|word| word.is("-H"))
        || options
            .iter()
            .any(|word| (word.text().ends_with('/') || word.text().ends_with("/.")) && word.text().len() > 1);
    let last = if follows { Last::Follow } else { Last::Keep };
    for target in targets {
        super::rm::judge_delete(subject, report, &target, &shown, true, "`find -delete`", last);
        if let (true, Target::Contents(root) | Target::Below { dir: root, .. }) = (follows_all, &target) {
            let below = match links::links_below(root, subject.context) {
                Ok(found) => found.into_iter().map(Target::Contents).collect(),
                Err(what) => vec![Target::Unknown { guarded: false, what }],
            };
            for link in below {
                super::rm::judge_delete(subject, report, &link, &shown, true, "`find -L -delete`", Last::Follow);
            }
        }
    }
}

/// The agent settings that `find … -delete` searching `dir` deletes, its expression evaluated
/// for each settings file on disk below `dir` (`-path '*/.claude/*'` picks `.claude/settings.json`,
/// `-name '*.json' -path './build/*'` does not). `None` when that cannot be told (an expression
/// that cannot be read, a test only the file's age or size answers): the name the search looks
/// for judges then.
pub(super) fn deleted_agent_settings(
    command: &Command,
    dir: &AbsPath,
    context: &Context,
) -> Option<Option<&'static str>> {
    let search = find::find_search(command);
    let roots = &command.args()[search.starts..search.expression];
    let root = match roots {
        [] => ".",
        _ => roots
            .iter()
            .find(|word| matches!(paths::resolve(word, &command.cwd), Target::Path(path) if &path == dir))?
            .value()?,
    };
    let mut open = false;
    for (file, what) in files::agent_settings_files(dir, context) {
        let below = file.relative_to(dir)?;
        let shown = match (below.is_empty(), root.ends_with('/')) {
            (true, _) => root.to_owned(),
            (false, true) => format!("{root}{}", below.join("/")),
            (false, false) => format!("{root}/{}", below.join("/")),
        };
        let kind = match std::fs::symlink_metadata(file.as_str()) {
            Ok(metadata) if metadata.is_symlink() => 'l',
            Ok(metadata) if metadata.is_dir() => 'd',
            _ => 'f',
        };
        let met = Met {
            shown: &shown,
            depth: below.len(),
            kind,
        };
        match find::deletes(command, &met)? {
            Truth::Yes => return Some(Some(what)),
            Truth::Maybe => open = true,
            Truth::No => {}
        }
    }
    (!open).then_some(None)
}
