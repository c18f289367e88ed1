//! `find … -delete`: judged by its search roots with the delete policy of `rm -r` (so
//! `find . -name '*.pyc' -delete` is fine and `find ~ -name '*.log' -delete` is not). The
//! commands of `-exec` are unwrapped and judged on their own, `{}` being a path under the root.

use super::{Applies, Checker, Report, Subject};
use crate::paths::Target;
use crate::tools::find;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[],
    applies: Applies::Commands(&["find"]),
    check,
    whole_analysis: None,
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(delete) = find::delete_action(command) else {
        return;
    };
    let search = find::find_search(command);
    let targets: Vec<Target> = match &search.found.roots {
        Some(roots) => roots
            .iter()
            .map(|root| {
                if search.found.filtered {
                    Target::Below {
                        dir: root.clone(),
                        name: search.found.name.clone(),
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
    for target in targets {
        super::rm::judge_delete(subject, report, &target, &shown, true, "`find -delete`");
    }
}
