//! How `find` reads its command line: leading options, the starting points, then the
//! expression, whose tests may narrow what it matches.

use crate::command::Command;
use crate::paths::{self, AbsPath, Target};
use crate::word::{PathsUnder, Word};

/// Tests of `find` that keep it from matching everything.
const NARROWING_TESTS: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-lname",
    "-ilname",
    "-newer",
    "-anewer",
    "-cnewer",
    "-mtime",
    "-mmin",
    "-atime",
    "-amin",
    "-ctime",
    "-cmin",
    "-size",
    "-empty",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-inum",
    "-samefile",
    "-links",
    "-newermt",
    "-newerct",
    "-nouser",
    "-nogroup",
    "-used",
    "-context",
];

/// Primaries of the expression that take one argument (which may look like `-delete`).
const ONE_ARGUMENT: &[&str] = &[
    "-type",
    "-xtype",
    "-maxdepth",
    "-mindepth",
    "-fstype",
    "-printf",
    "-fprint",
    "-fprint0",
    "-fls",
    "-regextype",
    "-files0-from",
];

/// The `-delete` action of a `find` command, if it has one: not an argument of another primary
/// (`-printf -delete`, `-fprintf out -delete`) nor a word of an `-exec` command
/// (`-exec echo -delete \;`).
pub fn delete_action(command: &Command) -> Option<&Word> {
    let args = command.args();
    let mut i = find_search(command).expression;
    while let Some(word) = args.get(i) {
        let text = word.value().unwrap_or("");
        i += match text {
            "-delete" => return Some(word),
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                // The command runs to `;`, or to a `+` right after `{}`. A word whose value is
                // known only at run time may be that end (`"${X:0:0};"`): from there on, any
                // `-delete` counts.
                let rest = &args[i + 1..];
                if let Some(dynamic) = rest.iter().position(|w| w.value().is_none()) {
                    return rest[dynamic..].iter().find(|w| w.value() == Some("-delete"));
                }
                let end = rest.iter().enumerate().position(|(at, w)| {
                    w.value() == Some(";") || w.value() == Some("+") && at > 0 && rest[at - 1].value() == Some("{}")
                });
                end.map_or(args.len(), |end| end + 2)
            }
            "-fprintf" => 3,
            _ if NARROWING_TESTS.contains(&text) && !matches!(text, "-empty" | "-nouser" | "-nogroup") => 2,
            _ if ONE_ARGUMENT.contains(&text) || text.starts_with("-newer") => 2,
            _ => 1,
        };
    }
    None
}

/// What a `find` command searches.
#[derive(Clone, Debug)]
pub struct FindSearch {
    pub found: PathsUnder,
    /// Index (in the arguments) where the expression starts.
    pub expression: usize,
}

/// The roots and filters of a `find` command.
pub fn find_search(command: &Command) -> FindSearch {
    let args = command.args();
    // Leading options: -H -L -P, -O level, -D debugopts.
    let mut i = 0;
    while let Some(text) = args.get(i).and_then(Word::value) {
        match text {
            "-H" | "-L" | "-P" => i += 1,
            "-O" | "-D" => i += 2,
            _ if text.starts_with("-O") || text.starts_with("-D") => i += 1,
            _ => break,
        }
    }
    let roots_start = i.min(args.len());
    let mut expression = roots_start;
    while let Some(word) = args.get(expression) {
        let starts_expression = word
            .value()
            .is_some_and(|t| (t.starts_with('-') && t.len() > 1) || matches!(t, "(" | "!" | ")" | ","));
        if starts_expression {
            break;
        }
        expression += 1;
    }
    let root_words = &args[roots_start..expression];
    let roots = if root_words.is_empty() {
        resolve_roots(&[Word::literal(".", command.span)], command)
    } else {
        resolve_roots(root_words, command)
    };
    let tests = &args[expression..];
    let name = tests
        .windows(2)
        .find(|pair| matches!(pair[0].value(), Some("-name")))
        .and_then(|pair| pair[1].value().map(str::to_owned));
    let filtered = tests
        .iter()
        .any(|w| w.value().is_some_and(|t| NARROWING_TESTS.contains(&t)));
    let reaches_git = !tests.iter().any(|word| word.text().contains(".git"));
    FindSearch {
        found: PathsUnder {
            roots,
            name,
            filtered,
            reaches_git,
        },
        expression,
    }
}

/// The directories named by words, if every one of them can be placed.
pub fn resolve_roots(words: &[Word], command: &Command) -> Option<Vec<AbsPath>> {
    words
        .iter()
        .map(|word| match paths::resolve(word, &command.cwd) {
            Target::Path(path) => Some(path),
            _ => None,
        })
        .collect()
}
