//! Version control other than git: Mercurial (`hg`, `chg`), Sapling (`sl`), Subversion (`svn`),
//! CVS (`cvs`), Jujutsu (`jj`), Fossil (`fossil`), Perforce (`p4`), Darcs (`darcs`), Pijul
//! (`pijul`) and Bazaar or Breezy (`bzr`, `brz`). What throws away uncommitted work,
//! deletes files that were never committed or removes history is denied, as git's equivalents
//! are (git.rs); what the tool's own undo or backup brings back asks. Dry runs, interactive
//! picking and the reverts that keep a copy pass.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Arg, Options, Parsed};
use crate::rules::Rule;
use crate::tools::{mercurial, sapling};
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[
        &VCS_DISCARD_CHANGES,
        &VCS_DELETE_UNTRACKED,
        &VCS_HISTORY_REMOVED,
        &VCS_DISCARD_UNDOABLE,
        &VCS_SERVER_DELETE,
    ],
    applies: Applies::Commands(&[
        "hg", "chg", "sl", "svn", "cvs", "jj", "fossil", "p4", "darcs", "pijul", "bzr", "brz",
    ]),
    check,
    whole_analysis: None,
};

pub static VCS_DISCARD_CHANGES: Rule = Rule {
    id: "vcs-discard-changes",
    decision: DENY,
    catches: "Uncommitted changes discarded with no copy kept, as `git checkout -- <paths>` does: `hg update --clean`, `hg revert --no-backup`, `hg strip --force`, `hg shelve --delete`, `fossil stash drop`, `p4 shelve -d`, `sl goto --clean`, `sl reset --clean`, `svn revert`, `svn resolve|update|merge|switch --accept theirs-full|base`, `fossil checkout --force`, `p4 revert` and `p4 clean -e` of opened files, `pijul reset`, `bzr revert --no-backup`, `bzr remove-tree --force`, `svn rm --force` (the files' local changes and the unversioned files in them go too).",
    instead: "Set the changes aside first (`hg shelve`, `svn diff > changes.patch`, `p4 shelve`), or revert with a backup (`hg revert` without --no-backup keeps `.orig` copies)",
    examples: &[
        "hg update --clean",
        "hg up -C default",
        "hg checkout -C tip",
        "hg revert --all --no-backup",
        "hg revert -aC",
        "hg revert --no-backup src/app.py",
        "sl goto --clean main",
        "sl goto --cl main",
        "sl reset --clean main",
        "svn revert -R .",
        "svn revert --depth infinity src",
        "svn revert src/main.c",
        "p4 revert //...",
        "p4 revert ...",
        "p4 -c ws revert src/main.c",
        "hg strip --force -r 10",
        "svn resolve --accept theirs-full -R .",
        "svn update --accept theirs-full",
        "fossil checkout --force tip",
        "pijul reset",
        "bzr revert --no-backup",
        "svn rm --force src",
    ],
    allowed: &[
        "hg update default",
        "hg up -c tip",
        "hg revert file.txt",
        "hg revert --all --dry-run",
        "hg revert -i --all",
        "sl goto --check main",
        "sl reset main",
        "svn revert",
        "svn status",
        "svn revert --help",
        "p4 revert -n //...",
        "p4 revert -a //...",
        "p4 revert -k src/main.c",
        "svn resolve --accept working src/main.c",
        "svn update --accept postpone",
        "fossil checkout tip",
        "p4 sync //depot/proj/...",
        "pijul reset --dry-run",
        "bzr revert src/main.c",
        "svn rm src/old.c",
        "svn rm --force --keep-local build",
    ],
};

pub static VCS_DELETE_UNTRACKED: Rule = Rule {
    id: "vcs-delete-untracked",
    decision: DENY,
    catches: "Files the version control never saved deleted for good, as `git clean -f` does: `hg purge`/`hg clean`, `sl clean`, `svn cleanup --remove-unversioned|--remove-ignored`, `fossil clean --verily|--force|--disable-undo`, `fossil all clean`, `p4 clean`, `bzr clean-tree`, `cvs release -d` (the folders never added go with the working copy).",
    instead: "List what would go first (`hg purge --print`, `sl clean --print`, `fossil clean --dry-run`, `p4 clean -n`), then delete specific paths",
    examples: &[
        "hg purge",
        "hg purge --all",
        "hg clean",
        "hg --config extensions.purge= purge --all",
        "sl clean --ignored",
        "svn cleanup --remove-unversioned",
        "svn cleanup --remove-ignored .",
        "fossil clean --verily",
        "fossil clean -x",
        "fossil clean -force",
        "fossil all clean",
        "p4 clean",
        "p4 clean -a //depot/proj/...",
        "bzr clean-tree --ignored --force",
        "brz clean-tree --detritus",
        "cvs release -d mod",
    ],
    allowed: &[
        "hg purge --print",
        "hg purge -p",
        "hg purge -0",
        "sl clean --print",
        "svn cleanup",
        "svn cleanup --vacuum-pristines",
        "fossil clean --dry-run",
        "fossil clean -n --verily",
        "fossil clean --dirsonly",
        "p4 clean -n",
        "p4 clean -d",
        "bzr clean-tree --dry-run",
        "cvs release mod",
    ],
};

pub static VCS_HISTORY_REMOVED: Rule = Rule {
    id: "vcs-history-removed",
    decision: DENY,
    catches: "Commits or revisions removed with no backup: `hg strip --no-backup`, `hg rollback`, `jj op abandon` (the operation log `jj undo` works from), `jj util gc --expire=now`, `fossil purge obliterate`, `fossil scrub` (the users' passwords, with `--private` or `--verily` private branches too), `cvs admin -o` (revisions deleted from a file's history), `p4 obliterate -y` (files and their history gone from the server for everyone), `darcs obliterate` and `unpull` without a saved bundle, `pijul unrecord --reset`.",
    instead: "Ask the user. Keep a way back: `hg strip` without --no-backup saves a bundle, `p4 obliterate` without -y only reports what would go, `jj op log` shows the history that `jj op abandon` would erase",
    examples: &[
        "hg strip --no-backup -r 42",
        "hg debugstrip --nobackup tip",
        "hg rollback",
        "jj op abandon ..@-",
        "jj operation abandon abc123",
        "fossil purge obliterate 3",
        "fossil scrub --private",
        "fossil scrub --force",
        "cvs admin -o1.2:1.4 main.c",
        "p4 obliterate -y //depot/old/...",
        "darcs obliterate -a -p 'bad patch'",
        "pijul unrecord --reset HASH",
    ],
    allowed: &[
        "hg rollback --dry-run",
        "jj op log",
        "jj op restore abc123",
        "fossil purge list",
        "fossil scrub --help",
        "p4 obliterate //depot/old/...",
        "darcs obliterate -a -p 'bad patch' -o saved.dpatch",
        "darcs obliterate --dry-run -a",
        "pijul unrecord HASH",
    ],
};

pub static VCS_DISCARD_UNDOABLE: Rule = Rule {
    id: "vcs-discard-undoable",
    decision: ASK,
    catches: "Work dropped that only the tool's own undo or backup brings back: `jj abandon`, `jj restore` (both undone by `jj undo`), `hg revert --all` (`.orig` copies), `hg strip` (a bundle in `.hg/strip-backup`), `hg prune` and `sl hide` (hidden, not deleted), `cvs update -C` (a `.#file.revision` copy of each modified file), `fossil revert` of the whole check-out and `fossil clean` (`fossil undo`, one level), `fossil purge checkins|files` (its graveyard), `darcs revert` (`darcs unrevert`), `bzr revert` (its `.~1~` backups), `bzr uncommit` (the revisions stay in the repository).",
    instead: "Tell the user what would be dropped and how to bring it back (`jj undo`, `jj op log`, `hg unbundle .hg/strip-backup/…`, `fossil undo`), or set the work aside first (`jj new`, `hg shelve`)",
    examples: &[
        "jj abandon",
        "jj abandon -r xyz",
        "jj restore",
        "jj restore --from main src/",
        "hg revert --all",
        "hg strip -r 42",
        "hg prune .",
        "fossil revert",
        "fossil clean",
        "fossil purge checkins old-branch",
        "darcs revert -a",
        "bzr revert",
        "brz uncommit --force",
        "sl hide -r .",
        "cvs update -C",
        "cvs -q up -C src/main.c",
    ],
    allowed: &[
        "jj log",
        "jj new",
        "jj restore -i",
        "jj undo",
        "jj edit xyz",
        "fossil revert src/main.c",
        "fossil purge checkins old-branch --explain",
        "hg status",
        "hg diff",
        "darcs whatsnew",
        "bzr status",
        "bzr revert --dry-run",
        "cvs update -d",
        "cvs -n update -C",
        "sl unhide abc123",
    ],
};

pub static VCS_SERVER_DELETE: Rule = Rule {
    id: "vcs-server-delete",
    decision: ASK,
    catches: "`svn rm <URL>` (`delete`, `del`, `remove`, also `^/path`): a deletion committed straight to the server, with no working copy to review it in. The server's history keeps what was deleted.",
    instead: "Delete in a working copy (`svn rm path`), show the user `svn diff`, and let them commit it",
    examples: &[
        "svn rm https://svn.example.com/repo/branches/old -m 'remove'",
        "svn delete ^/tags/v1.0 -m cleanup",
        "svn --username bob del svn://host/repo/trunk/x -m x",
    ],
    allowed: &[
        "svn rm old.c",
        "svn delete --keep-local build/",
        "svn log https://svn.example.com/repo",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let args = subject.command.args();
    let finding = match subject.command.name.as_str() {
        "hg" | "chg" | "sl" => mercurial(args, &subject.command.name, args::posixly_correct(subject.command)),
        "svn" => subversion(args),
        "cvs" => cvs(args),
        "jj" => jujutsu(args),
        "fossil" => fossil(args),
        "p4" => perforce(args),
        "darcs" => darcs(args),
        "pijul" => pijul(args),
        "bzr" | "brz" => bazaar(args, &subject.command.name),
        _ => None,
    };
    if let Some((rule, lost)) = finding {
        report.flag(rule, subject.command.span, lost);
    }
}

/// A rule matched, with what would be lost.
type Finding = Option<(&'static Rule, String)>;

/// Whether usage is asked for, which is printed and nothing else done.
fn asks_for_help(parsed: &Parsed) -> bool {
    parsed.has('h', "help")
}

/// A Mercurial or Sapling command line read as the tool reads it, with the command it runs
/// (by the name [`mercurial`] knows it by) when that is one judged here.
fn mercurial_options<'a>(args: &'a [Word], tool: &str, posixly_correct: bool) -> (Parsed<'a>, Option<&'static str>) {
    if tool == "sl" {
        return sapling_options(args);
    }
    hg_options(args, posixly_correct)
}

/// A Mercurial command line read as hg reads it ([`mercurial::GLOBAL`]): the global options
/// up to the command word, then the command's own table for the rest, which ends at the first
/// operand when `POSIXLY_CORRECT` is set (`hg purge build --print` deletes). Commands of
/// extensions not described there (`hide`, `prune`) are read by [`HG_OPTIONS`], a long option
/// three letters or longer matching any it begins.
fn hg_options(args: &[Word], posixly_correct: bool) -> (Parsed<'_>, Option<&'static str>) {
    let parsed = args::parse(args, &mercurial::GLOBAL);
    let Some(at) = parsed.first_operand else {
        return (parsed, None);
    };
    let command = args[at].value().and_then(hg_command);
    let Some(&options) = command.and_then(mercurial::command) else {
        let parsed = args::parse(args, &HG_OPTIONS);
        let command = parsed.operands().next().and_then(Word::value).and_then(hg_command);
        return (parsed, command);
    };
    let options = if posixly_correct {
        options.posixly_correct()
    } else {
        options
    };
    (with_command_options(parsed, args, at, &options), command)
}

/// A Sapling command line read as `sl` reads it ([`sapling`]): the global options, then, after
/// the command word (named in full), the command's table with the global options, options and
/// operands mixed whatever the environment.
fn sapling_options(args: &[Word]) -> (Parsed<'_>, Option<&'static str>) {
    let parsed = args::parse(args, &sapling::GLOBAL);
    let Some(at) = parsed.first_operand else {
        return (parsed, None);
    };
    match args[at].value().and_then(sapling::command) {
        Some((command, options)) => (with_command_options(parsed, args, at, options), Some(command)),
        None => (parsed, None),
    }
}

/// `parsed` up to the command word at `at`, the rest read by the command's `options`.
fn with_command_options<'a>(mut parsed: Parsed<'a>, args: &'a [Word], at: usize, options: &Options) -> Parsed<'a> {
    let before = parsed
        .args
        .iter()
        .take_while(|arg| !matches!(arg, Arg::Operand(_)))
        .count();
    parsed.args.truncate(before);
    parsed.args.push(Arg::Operand(&args[at]));
    parsed.args.extend(args::parse(&args[at + 1..], options).args);
    parsed
}

/// Mercurial's options that take a value: the global ones (`-R`, `--config`) and those of the
/// commands judged here (Sapling's `push --to` and `--delete` too, for Sapling installed as
/// `hg`), so that no value is read as the command.
const HG_OPTIONS: Options = Options::gnu(
    "RrdIXtBeb",
    &[
        "repository",
        "cwd",
        "config",
        "color",
        "encoding",
        "encodingmode",
        "pager",
        "date",
        "rev",
        "include",
        "exclude",
        "tool",
        "bookmark",
        "branch",
        "ssh",
        "remotecmd",
        "pushvars",
        "to",
        "delete",
    ],
)
.case_sensitive();

/// The commands of Mercurial judged here, by their names and aliases (Sapling's `goto` and
/// `clean` too, for Sapling installed as `hg`), each with the shortest prefix of it that they
/// read as that command (`hg pur` is `hg purge`).
const HG_COMMANDS: &[(&str, &[(&str, usize)])] = &[
    ("purge", &[("purge", 3), ("clean", 3)]),
    (
        "update",
        &[
            ("update", 3),
            ("up", 2),
            ("checkout", 3),
            ("co", 2),
            ("goto", 3),
            ("go", 2),
        ],
    ),
    ("revert", &[("revert", 3)]),
    ("strip", &[("strip", 3), ("debugstrip", 10)]),
    ("rollback", &[("rollback", 3)]),
    ("prune", &[("prune", 3), ("obsolete", 8)]),
    ("push", &[("push", 3)]),
    ("shelve", &[("shelve", 5)]),
    ("hide", &[("hide", 4)]),
];

fn hg_command(word: &str) -> Option<&'static str> {
    HG_COMMANDS
        .iter()
        .find(|(_, names)| {
            names
                .iter()
                .any(|(name, shortest)| word == *name || (word.len() >= *shortest && name.starts_with(word)))
        })
        .map(|(command, _)| *command)
}

fn mercurial(args: &[Word], tool: &str, posixly_correct: bool) -> Finding {
    let (parsed, command) = mercurial_options(args, tool, posixly_correct);
    let command = command?;
    if asks_for_help(&parsed) {
        return None;
    }
    let names_files = parsed.operands().nth(1).is_some() || parsed.has('I', "include");
    let dry_run = parsed.has('n', "dry-run");
    match command {
        "purge" if !parsed.has('p', "print") && !parsed.has('0', "print0") => {
            let ignored = if parsed.has_long("all") || parsed.has('i', "ignored") {
                " and the ignored ones (local settings, `.env` files, build output)"
            } else {
                ""
            };
            Some((
                &VCS_DELETE_UNTRACKED,
                format!("`{tool} purge` would delete the files {tool} does not track{ignored}, which no commit holds"),
            ))
        }
        "update" if parsed.has('C', "clean") => Some((
            &VCS_DISCARD_CHANGES,
            format!("`{tool} update --clean` would discard every uncommitted change, with no backup"),
        )),
        "reset" if parsed.has('C', "clean") => Some((
            &VCS_DISCARD_CHANGES,
            format!(
                "`{tool} reset --clean` would overwrite the working copy with the commit it resets to, discarding every uncommitted change with no backup"
            ),
        )),
        "revert" if !dry_run && !parsed.has('i', "interactive") => {
            // With only `--exclude`, every file but those is reverted.
            let all = parsed.has('a', "all") || (!names_files && parsed.has('X', "exclude"));
            if parsed.has('C', "no-backup") && (all || names_files) {
                Some((
                    &VCS_DISCARD_CHANGES,
                    format!(
                        "`{tool} revert --no-backup` would discard uncommitted changes without keeping the `.orig` copies"
                    ),
                ))
            } else if all {
                Some((
                    &VCS_DISCARD_UNDOABLE,
                    format!(
                        "`{tool} revert --all` would discard every uncommitted change: modified files are kept only as `.orig` copies beside them (an older `.orig` is overwritten)"
                    ),
                ))
            } else {
                None
            }
        }
        // Shelved changes are uncommitted work kept aside: deleted, no copy is left.
        "shelve" if parsed.has('d', "delete") || parsed.has_long("cleanup") => Some((
            &VCS_DISCARD_CHANGES,
            format!("`{tool} shelve --delete` would delete shelved changes, which no commit holds"),
        )),
        "strip" if parsed.has('f', "force") => Some((
            &VCS_DISCARD_CHANGES,
            format!(
                "`{tool} strip --force` would discard uncommitted changes with no backup, besides removing the changesets"
            ),
        )),
        "strip" if parsed.has_long("no-backup") || parsed.has_long("nobackup") => Some((
            &VCS_HISTORY_REMOVED,
            format!(
                "`{tool} strip --no-backup` would remove the changesets and their descendants, keeping no bundle to restore them"
            ),
        )),
        "strip" => Some((
            &VCS_DISCARD_UNDOABLE,
            format!(
                "`{tool} strip` would remove the changesets and their descendants; only the bundle it saves in `.hg/strip-backup` brings them back (`{tool} unbundle`)"
            ),
        )),
        "rollback" if !dry_run => Some((
            &VCS_HISTORY_REMOVED,
            format!(
                "`{tool} rollback` would undo the last transaction (a commit, pull or import), and a rollback itself cannot be undone"
            ),
        )),
        "hide" => Some((
            &VCS_DISCARD_UNDOABLE,
            format!("`{tool} hide` would hide the commits and their descendants; `{tool} unhide` brings them back"),
        )),
        "prune" => Some((
            &VCS_DISCARD_UNDOABLE,
            format!(
                "`{tool} prune` would mark the changesets obsolete and hide them; `{tool} log --hidden` still finds them, and the next push shares the markers"
            ),
        )),
        // Sapling moves and deletes bookmarks on a git server as `git push --force` and
        // `--delete` do. Mercurial's own `push --force` only adds heads: nothing is overwritten.
        "push" if parsed.has_long("non-forward-move") => Some((
            &super::git::GIT_PUSH_FORCE,
            format!(
                "`{tool} push --non-forward-move` would move the remote bookmark off commits that may be only there"
            ),
        )),
        // Sapling's `--force` allows a push that is not a fast-forward (`git push --force` on
        // a Git remote).
        "push" if tool == "sl" && parsed.has('f', "force") => Some((
            &super::git::GIT_PUSH_FORCE,
            format!("`{tool} push --force` would move the remote bookmark off commits that may be only there"),
        )),
        "push" if parsed.has('d', "delete") => Some((
            &super::git::GIT_PUSH_DELETE,
            format!("`{tool} push --delete` would delete the bookmark on the remote"),
        )),
        _ => None,
    }
}

/// Subversion's options that take a value.
const SVN_OPTIONS: Options = Options::gnu(
    "mFrcx",
    &[
        "message",
        "file",
        "revision",
        "change",
        "depth",
        "set-depth",
        "changelist",
        "cl",
        "targets",
        "with-revprop",
        "editor-cmd",
        "diff-cmd",
        "encoding",
        "extensions",
        "username",
        "password",
        "config-dir",
        "config-option",
        "accept",
        "native-eol",
    ],
)
.case_sensitive();

fn subversion(args: &[Word]) -> Finding {
    let parsed = args::parse(args, &SVN_OPTIONS);
    if asks_for_help(&parsed) {
        return None;
    }
    let mut operands = parsed.operands();
    let command = operands.next()?.value()?;
    let paths: Vec<&str> = operands.map(Word::text).collect();
    match command {
        // Without a target svn reverts nothing ("Not enough arguments").
        "revert" if !paths.is_empty() || parsed.has_long("targets") => {
            let depth = parsed.value_of('\0', "depth").and_then(Word::value);
            let recursive = parsed.has('R', "recursive") || matches!(depth, Some("infinity" | "immediates" | "files"));
            let lost = if recursive {
                format!(
                    "`svn revert -R` would discard every uncommitted change below `{}`; Subversion keeps no copy",
                    paths.join(" ")
                )
            } else {
                format!(
                    "`svn revert` would discard the uncommitted changes to `{}`; Subversion keeps no copy",
                    paths.join(" ")
                )
            };
            Some((&VCS_DISCARD_CHANGES, lost))
        }
        "resolve" | "update" | "up" | "merge" | "switch" | "sw"
            if parsed
                .value_of('\0', "accept")
                .and_then(Word::value)
                .is_some_and(|choice| matches!(choice, "theirs-full" | "tf" | "base" | "theirs-conflict" | "tc")) =>
        {
            Some((
                &VCS_DISCARD_CHANGES,
                format!(
                    "`svn {command} --accept {}` would replace the local side of each conflict with the other one; Subversion keeps no copy",
                    parsed.value_of('\0', "accept").map_or("", Word::text)
                ),
            ))
        }
        "cleanup" if parsed.has_long("remove-unversioned") || parsed.has_long("remove-ignored") => Some((
            &VCS_DELETE_UNTRACKED,
            "`svn cleanup --remove-unversioned` would delete the files Subversion does not track, which no commit holds".to_owned(),
        )),
        "delete" | "del" | "remove" | "rm" => {
            match paths.iter().find(|path| path.contains("://") || path.starts_with("^/")) {
                Some(url) => Some((
                    &VCS_SERVER_DELETE,
                    format!("`svn {command} {url}` would commit the deletion on the server at once, with nothing to review first"),
                )),
                // Without `--force` svn refuses to delete a modified or unversioned file.
                None if parsed.has_long("force") && !parsed.has_long("keep-local") => Some((
                    &VCS_DISCARD_CHANGES,
                    format!(
                        "`svn {command} --force` would delete `{}` with its uncommitted changes and the unversioned files in it; Subversion keeps no copy",
                        paths.join(" ")
                    ),
                )),
                None => None,
            }
        }
        _ => None,
    }
}

/// CVS's global options that take a value, before the command.
const CVS_GLOBAL: Options = Options::posix("bdesTz", &[]);

/// `cvs update -C` replaces modified files, keeping each as `.#file.revision`; `cvs admin -o`
/// deletes revisions from a file's history. The global `-n` changes no file.
fn cvs(args: &[Word]) -> Finding {
    let global = args::parse(args, &CVS_GLOBAL);
    if global.has_short('n') || global.has_short('H') {
        return None;
    }
    let at = global.first_operand?;
    let command = args[at].value()?;
    let options = || {
        args[at + 1..]
            .iter()
            .filter_map(Word::value)
            .filter(|text| text.starts_with('-'))
    };
    match command {
        "update" | "up" | "upd" if options().any(|text| crate::args::is_bundle_with(text, 'C')) => Some((
            &VCS_DISCARD_UNDOABLE,
            "`cvs update -C` would replace the locally modified files with the repository's; each is kept only as a `.#file.revision` copy beside it".to_owned(),
        )),
        // `release -d` deletes the working copy's folder, and with it the folders never added
        // (the CVS manual: "silently deleted—even if it is non-empty"); it asks about modified
        // files only.
        "release" | "re" | "rel" if options().any(|text| crate::args::is_bundle_with(text, 'd')) => Some((
            &VCS_DELETE_UNTRACKED,
            "`cvs release -d` would delete the working copy, with the folders never added to CVS in it, which no commit holds".to_owned(),
        )),
        "admin" | "adm" | "rcs" if options().any(|text| text.starts_with("-o")) => Some((
            &VCS_HISTORY_REMOVED,
            "`cvs admin -o` would delete revisions from the files' history in the repository, for everyone".to_owned(),
        )),
        _ => None,
    }
}

/// Jujutsu's options that take a value: the global ones and those of the commands judged here.
const JJ_OPTIONS: Options = Options::gnu(
    "Rrftcbo",
    &[
        "repository",
        "at-operation",
        "at-op",
        "color",
        "config",
        "config-file",
        "revisions",
        "from",
        "into",
        "to",
        "changes-in",
        "tool",
        "remote",
        "bookmark",
        "tag",
        "revision",
        "change",
        "named",
        "option",
    ],
)
.case_sensitive();

fn jujutsu(args: &[Word]) -> Finding {
    let parsed = args::parse(args, &JJ_OPTIONS);
    if asks_for_help(&parsed) {
        return None;
    }
    let mut operands = parsed.operands().filter_map(Word::value);
    match (operands.next()?, operands.next()) {
        ("abandon", _) => Some((
            &VCS_DISCARD_UNDOABLE,
            "`jj abandon` would drop the changes of the revisions (the working copy's by default); only `jj undo` or `jj op log` brings them back".to_owned(),
        )),
        ("restore", _) if !parsed.has('i', "interactive") && !parsed.has_long("tool") => Some((
            &VCS_DISCARD_UNDOABLE,
            "`jj restore` would overwrite the files with another revision's, dropping their changes; only `jj undo` or `jj op log` brings them back".to_owned(),
        )),
        // Garbage collection expiring now drops what only the operation log still reached.
        ("util", Some("gc"))
            if args.iter().any(|word| word.text() == "--expire=now")
                || args.windows(2).any(|pair| pair[0].text() == "--expire" && pair[1].text() == "now") =>
        {
            Some((
                &VCS_HISTORY_REMOVED,
                "`jj util gc --expire=now` would delete the commits only old operations still reach, which `jj op restore` needs".to_owned(),
            ))
        }
        ("op" | "operation", Some("abandon")) => Some((
            &VCS_HISTORY_REMOVED,
            "`jj op abandon` would erase operations from the log that `jj undo` and `jj op restore` work from, and what only they held".to_owned(),
        )),
        ("git", Some("push")) if parsed.has_long("deleted") && !parsed.has_long("dry-run") => Some((
            &super::git::GIT_PUSH_DELETE,
            "`jj git push --deleted` would delete on the remote the bookmarks deleted here".to_owned(),
        )),
        _ => None,
    }
}

/// Fossil's options that take a value, written with one dash or two.
const FOSSIL_VALUES: &[&str] = &[
    "R",
    "repository",
    "chdir",
    "U",
    "user",
    "clean",
    "ignore",
    "keep",
    "case-sensitive",
    "r",
    "revision",
];

/// A Fossil command line: its options by name (`-force` and `--force` alike) and its operands.
struct FossilArgs<'a> {
    options: Vec<&'a str>,
    operands: Vec<&'a str>,
}

impl FossilArgs<'_> {
    fn has(&self, names: &[&str]) -> bool {
        self.options.iter().any(|option| names.contains(option))
    }
}

fn fossil_args(args: &[Word]) -> FossilArgs<'_> {
    let mut read = FossilArgs {
        options: Vec::new(),
        operands: Vec::new(),
    };
    let mut words = args.iter().filter_map(Word::value);
    while let Some(text) = words.next() {
        let Some(option) = text
            .strip_prefix("--")
            .or_else(|| text.strip_prefix('-'))
            .filter(|name| !name.is_empty())
        else {
            read.operands.push(text);
            continue;
        };
        let (name, attached) = match option.split_once('=') {
            Some((name, _)) => (name, true),
            None => (option, false),
        };
        if !attached && FOSSIL_VALUES.contains(&name) {
            words.next();
        }
        read.options.push(name);
    }
    read
}

/// Whether `word` names `command` in Fossil, which takes a prefix of a command's name when it
/// is not also another's.
fn fossil_names(word: &str, command: &str) -> bool {
    word == command || (word.len() >= 3 && command.starts_with(word))
}

/// The subcommands of `fossil purge`, in the order Fossil matches a prefix against them.
const FOSSIL_PURGE: &[&str] = &[
    "artifacts",
    "cat",
    "checkins",
    "files",
    "list",
    "obliterate",
    "tickets",
    "undo",
    "wiki",
];

fn fossil(args: &[Word]) -> Finding {
    let read = fossil_args(args);
    if read.has(&["help", "h", "?"]) {
        return None;
    }
    let dry_run = read.has(&["n", "dry-run", "whatif", "test", "explain"]);
    let command = *read.operands.first()?;
    let rest = &read.operands[1..];
    if fossil_names(command, "stash")
        && rest
            .first()
            .is_some_and(|verb| matches!(*verb, "drop" | "rm" | "clear"))
    {
        return Some((
            &VCS_DISCARD_CHANGES,
            "`fossil stash drop` would delete stashed changes, which no check-in holds".to_owned(),
        ));
    }
    if fossil_names(command, "clean") {
        if dry_run || read.has(&["dirsonly", "temp"]) {
            return None;
        }
        if read.has(&["verily", "x", "force", "f", "disable-undo", "clean"]) {
            return Some((
                &VCS_DELETE_UNTRACKED,
                "`fossil clean --verily` would delete the files Fossil does not manage with no undo, which no check-in holds".to_owned(),
            ));
        }
        return Some((
            &VCS_DISCARD_UNDOABLE,
            "`fossil clean` would delete the files Fossil does not manage; `fossil undo` brings back those under 10 MiB, until the next undoable command".to_owned(),
        ));
    }
    if command == "all" && rest.first().is_some_and(|sub| fossil_names(sub, "clean")) && !dry_run {
        return Some((
            &VCS_DELETE_UNTRACKED,
            "`fossil all clean` would delete the unmanaged files of every check-out on this machine, with no undo"
                .to_owned(),
        ));
    }
    if (fossil_names(command, "checkout") || command == "co") && read.has(&["force", "f"]) {
        return Some((
            &VCS_DISCARD_CHANGES,
            "`fossil checkout --force` would overwrite the edited files of the check-out; `fossil undo` does not bring them back"
                .to_owned(),
        ));
    }
    if fossil_names(command, "revert") && rest.is_empty() {
        return Some((
            &VCS_DISCARD_UNDOABLE,
            "`fossil revert` would discard every uncommitted change of the check-out; only `fossil undo` brings them back, until the next undoable command".to_owned(),
        ));
    }
    if fossil_names(command, "purge") && !dry_run {
        let sub = rest.first()?;
        return match *FOSSIL_PURGE.iter().find(|name| name.starts_with(sub))? {
            "obliterate" => Some((
                &VCS_HISTORY_REMOVED,
                "`fossil purge obliterate` would empty the graveyard: what was purged is gone for good".to_owned(),
            )),
            "artifacts" | "checkins" | "files" => Some((
                &VCS_DISCARD_UNDOABLE,
                "`fossil purge` would take the check-ins or files out of the repository; only `fossil purge undo` brings them back from the graveyard".to_owned(),
            )),
            _ => None,
        };
    }
    if fossil_names(command, "scrub") {
        let lost = if read.has(&["private", "verily"]) {
            "`fossil scrub --private` would remove the private branches from the repository for good"
        } else {
            "`fossil scrub` would remove the users' passwords from the repository for good: each user needs a new one"
        };
        return Some((&VCS_HISTORY_REMOVED, lost.to_owned()));
    }
    None
}

/// Perforce's global options that take a value, before the command.
const P4_GLOBAL: Options = Options::posix("cCdHpPuxzrvQLb", &[]);
/// The options of the `p4` commands judged here that take a value.
const P4_COMMAND: Options = Options::gnu("cCt", &["remote"]);

fn perforce(args: &[Word]) -> Finding {
    let global = args::parse(args, &P4_GLOBAL);
    let at = global.first_operand?;
    let command = args[at].value()?;
    let parsed = args::parse(&args[at + 1..], &P4_COMMAND);
    if parsed.has_short('h') || parsed.has_short('n') {
        return None;
    }
    let files: Vec<&str> = parsed.operands().map(Word::text).collect();
    match command {
        "shelve" if parsed.has_short('d') => Some((
            &VCS_DISCARD_CHANGES,
            "`p4 shelve -d` would delete shelved files from the server, which no submitted change holds".to_owned(),
        )),
        "obliterate" if parsed.has_short('y') => Some((
            &VCS_HISTORY_REMOVED,
            format!(
                "`p4 obliterate -y` would remove `{}` and every revision of it from the server, for everyone",
                files.join(" ")
            ),
        )),
        // `-a` reverts only files left unchanged, `-k` keeps the files as they are.
        "revert" if !files.is_empty() && !parsed.has_short('a') && !parsed.has_short('k') => Some((
            &VCS_DISCARD_CHANGES,
            format!(
                "`p4 revert` would discard the changes to the opened files of `{}`; Perforce keeps no copy",
                files.join(" ")
            ),
        )),
        "clean" => {
            let chosen = ['e', 'a', 'd'].map(|flag| parsed.has_short(flag));
            let [edited, added, _] = if chosen.contains(&true) { chosen } else { [true; 3] };
            if added {
                Some((
                    &VCS_DELETE_UNTRACKED,
                    "`p4 clean` would delete the local files the depot does not have and overwrite the edited ones, with no copy".to_owned(),
                ))
            } else if edited {
                Some((
                    &VCS_DISCARD_CHANGES,
                    "`p4 clean -e` would overwrite the files edited without `p4 edit` with the depot's version"
                        .to_owned(),
                ))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Darcs's options of the commands judged here that take a value.
const DARCS_OPTIONS: Options = Options::gnu(
    "pPtmoO",
    &[
        "patches", "patch", "tags", "matches", "match", "hash", "output", "repodir", "last", "index",
    ],
)
.case_sensitive();

/// `darcs revert` (undone by `darcs unrevert`), and `darcs obliterate` or `unpull`, which take
/// patches out of the repository for good unless they are saved (`-o FILE`, `-O`).
fn darcs(args: &[Word]) -> Finding {
    let parsed = args::parse(args, &DARCS_OPTIONS);
    if asks_for_help(&parsed) || parsed.has_long("dry-run") {
        return None;
    }
    match parsed.operands().next()?.value()? {
        "revert" => Some((
            &VCS_DISCARD_UNDOABLE,
            "`darcs revert` would discard unrecorded changes; only `darcs unrevert` brings them back, until the next change"
                .to_owned(),
        )),
        "obliterate" | "unpull" if !parsed.has('o', "output") && !parsed.has('O', "output-auto-name") => Some((
            &VCS_HISTORY_REMOVED,
            "`darcs obliterate` would delete patches from the repository with no bundle kept".to_owned(),
        )),
        _ => None,
    }
}

/// `pijul reset` discards unrecorded changes; `pijul unrecord --reset` also takes the changes
/// it unrecords out of the working copy.
fn pijul(args: &[Word]) -> Finding {
    let parsed = args::parse(args, &Options::gnu("", &["repository", "channel"]));
    if asks_for_help(&parsed) || parsed.has_long("dry-run") {
        return None;
    }
    match parsed.operands().next()?.value()? {
        "reset" => Some((
            &VCS_DISCARD_CHANGES,
            "`pijul reset` would discard the unrecorded changes of the working copy; Pijul keeps no copy".to_owned(),
        )),
        "channel" if parsed.operands().nth(1).is_some_and(|verb| verb.is("delete")) => Some((
            &super::git::GIT_BRANCH_FORCE_DELETE,
            "`pijul channel delete` would delete the channel with its record of the changes it holds; those only it held are no longer applied anywhere".to_owned(),
        )),
        "unrecord" if parsed.has_long("reset") => Some((
            &VCS_HISTORY_REMOVED,
            "`pijul unrecord --reset` would remove the changes from the channel and from the working copy".to_owned(),
        )),
        _ => None,
    }
}

/// Bazaar and Breezy: `revert` keeps `.~1~` backups unless `--no-backup`, `clean-tree` deletes
/// unversioned files, `remove-tree --force` drops a working tree with its changes, `uncommit`
/// takes revisions off the branch (they stay in the repository).
fn bazaar(args: &[Word], tool: &str) -> Finding {
    let parsed = args::parse(args, &Options::gnu("rdm", &["revision", "directory", "message"]));
    if asks_for_help(&parsed) || parsed.has_long("dry-run") {
        return None;
    }
    let mut operands = parsed.operands();
    let command = operands.next()?.value()?;
    let files = operands.next().is_some();
    match command {
        "revert" if parsed.has_long("no-backup") => Some((
            &VCS_DISCARD_CHANGES,
            format!("`{tool} revert --no-backup` would discard uncommitted changes with no copy kept"),
        )),
        "revert" if !files => Some((
            &VCS_DISCARD_UNDOABLE,
            format!("`{tool} revert` would discard every uncommitted change; only its `.~1~` backup files keep them"),
        )),
        "clean-tree" => Some((
            &VCS_DELETE_UNTRACKED,
            format!("`{tool} clean-tree` would delete the files the branch does not track, which no revision holds"),
        )),
        // Like `git push --force`: the remote branch's revisions that this one lacks are dropped.
        "push" if parsed.has_long("overwrite") || parsed.has_long("overwrite-tags") => Some((
            &super::git::GIT_PUSH_FORCE,
            format!(
                "`{tool} push --overwrite` would replace the remote branch's history with this one, dropping the revisions only there"
            ),
        )),
        "remove-tree" if parsed.has_long("force") => Some((
            &VCS_DISCARD_CHANGES,
            format!("`{tool} remove-tree --force` would delete the working tree with its uncommitted changes"),
        )),
        "uncommit" => Some((
            &VCS_DISCARD_UNDOABLE,
            format!(
                "`{tool} uncommit` would take revisions off the branch; the revision id it prints brings them back"
            ),
        )),
        _ => None,
    }
}
