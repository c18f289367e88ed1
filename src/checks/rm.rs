//! `rm`, `rmdir`, `unlink`, `shred`, `rimraf`: deletes judged by where their targets resolve.
//!
//! A recursive delete is allowed below the project root and in temp directories; it is denied
//! for the root, system directories, a home directory, the project root itself and the
//! directories above it, any `.git` directory, keys and credentials, and anywhere else outside
//! the project. A target only known at run time asks, unless guarded with `${VAR:?}`. A plain
//! `rm` of a file is allowed unless the file is a system file, a key or a credential.
//! `find -delete` and `find -exec rm` are judged by the same policy, and so are the deletes
//! hidden in other commands: `tar --remove-files`, `zip -m`, `7z a -sdel` and `rar m` (or
//! `rar a -df`) delete what they archive, and
//! `find … -exec truncate -s 0 {}` empties every file the search finds.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::command::{Input, Output};
use crate::context::Context;
use crate::files;
use crate::links::{self, Last};
use crate::paths::AbsPath;
use crate::paths::{self, Target};
use crate::places::{self, Place};
use crate::rules::Rule;
use crate::source::Span;
use crate::word::{Dynamic, DynamicKind, PathsUnder, Word};

pub const CHECKER: Checker = Checker {
    rules: &[
        &RM_ROOT,
        &RM_SYSTEM,
        &RM_HOME,
        &RM_PROJECT_ROOT,
        &RM_PARENT_DIR,
        &RM_GIT_DIR,
        &RM_PROTECTED_FILE,
        &RM_OUTSIDE_PROJECT,
        &RM_DYNAMIC_PATH,
        &RM_STDIN_TARGETS,
        &RM_CACHE,
        &RM_FILE_OUTSIDE_PROJECT,
    ],
    applies: Applies::Commands(&[
        "rm", "srm", "wipe", "rmdir", "unlink", "shred", "rimraf", "tar", "gtar", "bsdtar", "zip", "7z", "7za", "7zz",
        "7zr", "rar", "truncate",
    ]),
    check,
    whole_analysis: None,
};

pub static RM_ROOT: Rule = Rule {
    id: "rm-root",
    decision: DENY,
    catches: "Recursive delete of `/` or a drive root (`rm -rf /`, `/*`).",
    instead: "Name the exact directory to delete, inside the project",
    examples: &[
        "rm -rf /",
        "rm -rf /*",
        "rm -fr //",
        "sudo rm -rf --no-preserve-root /",
        "rm -rf /mnt/c",
    ],
    allowed: &["rm -rf ./build", "echo rm -rf /"],
};

pub static RM_SYSTEM: Rule = Rule {
    id: "rm-system",
    decision: DENY,
    catches: "Deleting system directories or files (`/usr`, `/etc`, `/var/lib`, `C:/Windows`…).",
    instead: "Leave system files to the package manager; delete only files of the project",
    examples: &[
        "rm -rf /usr",
        "rm -rf /etc/nginx",
        "rm /etc/passwd",
        "rm -rf /var/lib/*",
        "rm -rf /tmp",
    ],
    allowed: &["rm -rf /tmp/build", "rm -rf /var/tmp/cache", "rm -f /tmp/x.log"],
};

pub static RM_HOME: Rule = Rule {
    id: "rm-home",
    decision: DENY,
    catches: "Recursive delete of a home directory or everything in it (`~`, `~/`, `~/*`, `$HOME`, `/home/<user>`).",
    instead: "Delete specific folders inside the project instead",
    examples: &[
        "rm -rf ~",
        "rm -rf ~/",
        "rm -rf ~/*",
        "rm -rf $HOME",
        "rm -rf \"${HOME}\"",
        "rm -rf /home/user",
        "rm -rf ~alice",
        "rm -rf /Users/bob",
    ],
    allowed: &["rm -rf ~/work/project/node_modules", "echo ~"],
};

pub static RM_PROJECT_ROOT: Rule = Rule {
    id: "rm-project-root",
    decision: DENY,
    catches: "Recursive delete of the project root itself (`.`, `./`, `*`, `./*` at the root).",
    instead: "Delete the specific build output (`rm -rf dist node_modules`), or list untracked files with `git clean -n` first",
    examples: &[
        "rm -rf .",
        "rm -rf ./",
        "rm -rf *",
        "rm -rf ./*",
        "cd src && rm -rf ..",
        "rm -rf /home/user/work/project",
        "for f in *; do rm -rf \"$f\"; done",
        "find . -delete",
        "find . -delete -name '*.o'",
        "find . ! -path './.git/*' -exec rm -rf {} +",
        "find . -path ./.git -prune -o -exec rm -rf {} +",
    ],
    allowed: &[
        "rm -rf node_modules build/ ./dist target",
        "rm -rf src/*.orig",
        "rm -rf ./*.log",
        "find . -type d -name node_modules -prune -exec rm -rf {} +",
        "find . -name '*.log' -mtime +7 -delete",
    ],
};

pub static RM_PARENT_DIR: Rule = Rule {
    id: "rm-parent-dir",
    decision: DENY,
    catches: "Recursive delete of a directory that contains the project (`..`, `../*`).",
    instead: "Stay inside the project root and delete specific subdirectories",
    examples: &["rm -rf ..", "rm -rf ../*", "rm -rf ~/work"],
    allowed: &["rm -rf ../project/build", "rm -rf sub/../build"],
};

pub static RM_GIT_DIR: Rule = Rule {
    id: "rm-git-dir",
    decision: DENY,
    catches: "Deleting a `.git` directory or what is inside it: the repository's history.",
    instead: "Leave .git alone; to drop files from git use `git rm --cached`, to start over ask the user",
    examples: &[
        "rm -rf .git",
        "rm -rf ./.git/",
        "rm -rf vendor/lib/.git",
        "rm -rf .g*",
        "rm -f .git/config",
        "find . -empty -type d -delete",
    ],
    allowed: &[
        "rm -f .git/index.lock",
        "rm -rf .git/refs/remotes/origin/*.lock",
        "rm -f .git/MERGE_HEAD .git/CHERRY_PICK_HEAD",
        "find .git -name '*.lock' -delete",
        "find . -path ./.git -prune -o -type d -empty -delete",
        "rm -rf .github/old-workflows",
        "rm -rf .gitignore",
    ],
};

pub static RM_PROTECTED_FILE: Rule = Rule {
    id: "rm-protected-file",
    decision: DENY,
    catches: "Deleting keys, credential stores, shell startup files, or agent and git settings in the home directory; and an agent's settings in the project (`.claude/settings.json`), also with the folder holding them (`rm -rf .claude` where they are on disk), by `git rm` (its pathspecs matched as git matches them: `git rm '.claude/*'`, `:(glob)`, `-r .`), or picked by a pattern (`rm .claude/*.json`; `find . -path '*/.claude/*' -delete`, its whole expression evaluated for the file).",
    instead: "Do not delete keys, credentials or startup files; ask the user",
    examples: &[
        "rm ~/.ssh/id_ed25519",
        "rm -f ~/.aws/credentials",
        "rm ~/.bashrc",
        "rm -rf ~/.ssh",
        "rm ~/.claude/settings.json",
        "rm -rf ~/.claude/hooks",
        "rm -rf ~/.claude",
    ],
    allowed: &[
        "rm -f ./id_rsa.pub.bak",
        "rm -f .env.backup",
        "rm ~/.claude/commands/old.md",
    ],
};

pub static RM_OUTSIDE_PROJECT: Rule = Rule {
    id: "rm-outside-project",
    decision: DENY,
    catches: "Recursive delete outside the project and temp directories, also by archiving that deletes the originals (`tar --remove-files`, `zip -rm`, `7z a -sdel`, `rar m`, `rar a -df`) or by emptying every file a search finds (`find … -exec truncate -s 0 {} +`).",
    instead: "Delete only inside the project or a temp directory; ask the user to remove files elsewhere",
    examples: &[
        "rm -rf ../other-project",
        "rm -rf ~/Documents",
        "tar --remove-files -czf /tmp/docs.tgz ~/Documents",
        "tar --remove-files -czf /tmp/docs.tgz -C ~ Documents",
        "zip -rm docs.zip ~/Documents",
        "7z a -sdel /tmp/docs.7z ~/Documents",
        "rar m /tmp/docs.rar ~/Documents",
        "rar a -df /tmp/docs.rar ~/Documents",
        "find ~/Documents -type f -exec truncate -s 0 {} +",
        "rm -rf /data/backups",
        "rm -rf /home/alice/code",
        // TMPDIR is not set in the examples' context: this is `/build`.
        "rm -rf \"$TMPDIR/build\"",
    ],
    allowed: &[
        "rm -rf /tmp/scratch",
        "rm -rf \"${TMPDIR:-/tmp}/build\"",
        "rm -rf \"$(mktemp -d)\"",
        "tar -czf /tmp/docs.tgz ~/Documents",
        "tar --remove-files -czf old-logs.tgz build/old-logs",
        "zip -r docs.zip ~/Documents",
        "7z a /tmp/docs.7z ~/Documents",
        "7z a -sdel old-logs.7z build/old-logs",
        "rar a /tmp/docs.rar ~/Documents",
        "find . -name '*.log' -exec truncate -s 0 {} +",
    ],
};

pub static RM_DYNAMIC_PATH: Rule = Rule {
    id: "rm-dynamic-path",
    decision: super::ASK,
    catches: "Recursive delete of a path only known at run time (`\"$DIR\"/`, `$X/*`), which is `/` when the variable is empty.",
    instead: "Guard the variable with `${VAR:?}`, or name the path literally",
    examples: &[
        "rm -rf \"$DIR\"/",
        "rm -rf $X/*",
        "rm -rf \"$BUILD_DIR\"",
        "cd \"$WORK\" && rm -rf build",
        "rm -rf build/$NAME",
    ],
    allowed: &[
        "rm -rf \"${DIR:?}\"/",
        "rm \"$file\"",
        "DIR=build; rm -rf \"$DIR\"",
        "rm -rf \"build/$NAME\"",
    ],
};

pub static RM_CACHE: Rule = Rule {
    id: "rm-cache",
    decision: super::ASK,
    catches: "Recursive delete of the user's caches outside the project (`~/.cache`, `~/Library/Caches`, the package managers' download caches: `~/.npm/_cacache`, `~/.cargo/registry`, `~/go/pkg/mod`, `~/.gradle/caches`…): nothing is lost for good, but every program downloads or builds its cache again.",
    instead: "Delete the one cache the task is about (`~/.cache/pip`), or the tool's own clean command (`pip cache purge`)",
    examples: &[
        "rm -rf ~/.cache",
        "rm -rf ~/Library/Caches/*",
        "rm -rf ~/.cache/pip",
        "rm -rf ~/.npm/_cacache",
    ],
    allowed: &["rm -rf .cache", "rm -rf ~/work/project/.cache"],
};

pub static RM_FILE_OUTSIDE_PROJECT: Rule = Rule {
    id: "rm-file-outside-project",
    decision: super::ASK,
    catches: "Deleting one of the user's own files outside the project: in Desktop, Documents, Downloads, OneDrive and the like, or in the home folder itself. rm keeps no copy, and no repository has one.",
    instead: "Leave files outside the project alone, or ask the user to delete it",
    examples: &[
        "rm ~/Documents/notes.txt",
        "rm -f ~/Desktop/report-final.docx",
        "unlink ~/todo.md",
    ],
    allowed: &[
        "rm build/out.o",
        "rm ../other-repo/build/out.o",
        "rm -f /tmp/build.log",
        "rmdir ~/empty-folder",
        "rm ~/.cache/pip/x.whl",
    ],
};

pub static RM_STDIN_TARGETS: Rule = Rule {
    id: "rm-stdin-targets",
    decision: DENY,
    catches: "Recursive delete of paths read from standard input (`… | xargs rm -rf`) from a source that cannot be placed, or from a list file (`7z a -sdel x.7z @list.txt`).",
    instead: "List the paths first, then delete them by name; or use `find <dir> … -delete` inside the project",
    examples: &[
        "cat dirs.txt | xargs rm -rf",
        "xargs rm -rf < list.txt",
        "ls | xargs -I{} rm -rf {}",
        "7z a -sdel backup.7z @files.txt",
    ],
    allowed: &[
        "find . -name node_modules -type d -prune | xargs rm -rf",
        "git ls-files --deleted | xargs rm -f",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let mut verb = None;
    let (recursive, targets): (bool, Vec<Word>) = match command.name.as_str() {
        "rm" | "srm" | "wipe" => {
            let parsed = args::parse(args, &crate::tools::long_options::RM);
            let recursive = parsed.has_short('r') || parsed.has_short('R') || parsed.has_long("recursive");
            (recursive, parsed.operands().cloned().collect())
        }
        "rimraf" => (
            true,
            args::parse(args, &Options::gnu("", &[])).operands().cloned().collect(),
        ),
        "shred" => {
            let parsed = args::parse(args, &crate::tools::long_options::SHRED);
            let files = parsed
                .operands()
                .filter(|w| !w.text().starts_with("/dev/"))
                .cloned()
                .collect();
            (false, files)
        }
        "tar" | "gtar" | "bsdtar" => {
            verb = Some(format!("`{} --remove-files`", command.name));
            (true, tar_removed(args, &command.stdin))
        }
        "zip" => {
            let (recursive, files) = zip_moved(args, &command.stdin);
            verb = Some("`zip -m`".to_owned());
            (recursive, files)
        }
        "7z" | "7za" | "7zz" | "7zr" => {
            verb = Some(format!("`{} -sdel`", command.name));
            (true, seven_zip_deleted(args, &command.stdin))
        }
        "rar" => {
            verb = Some("`rar` moving files into its archive".to_owned());
            (true, rar_moved(args, &command.stdin))
        }
        "truncate" => {
            verb = Some("`truncate`".to_owned());
            (false, truncated_found(args))
        }
        _ => (
            false,
            args::parse(args, &Options::gnu("", &[])).operands().cloned().collect(),
        ),
    };
    let verb = match (&command.origin, verb) {
        (Some(call), _) => format!("`{call}`"),
        (None, Some(verb)) => verb,
        (None, None) if recursive => format!("`{} -r`", command.name),
        (None, None) => format!("`{}`", command.name),
    };
    // An empty name (`rm -rf ""`) names no file: rm only complains.
    for word in targets.iter().filter(|word| !word.text().is_empty()) {
        let mut target = paths::resolve(word, &command.cwd);
        // `build/$NAME` unquoted: bash splits the value into words (and globs them), so a value
        // like `x /` adds targets of its own; only the part before the variable is known.
        if recursive && splits(subject, word) && !matches!(target, Target::Temporary) {
            target = Target::Unknown {
                guarded: false,
                what: format!(
                    "`{}` unquoted, whose value may split into other paths",
                    subject.typed(word)
                ),
            };
        }
        // A path found by `find` or `fd` stands for a whole tree searched: deleting each one
        // reaches as far as a recursive delete.
        let found = word.dynamics().any(|d| matches!(d.kind, DynamicKind::PathUnder(_)));
        // `rm -rf link` removes only the link, but `link/` and `link/*` empty the folder it
        // points at, and `shred` overwrites the file it points at.
        let last = if word.text().ends_with('/') || command.name == "shred" || !matches!(target, Target::Path(_)) {
            Last::Follow
        } else {
            Last::Keep
        };
        judge_delete(subject, report, &target, word, recursive || found, &verb, last);
        // A `..` going up from a link goes up from where it points (`h/../x`).
        if let Some(physical) = links::physical_target(word, &command.cwd, subject.context) {
            judge_delete(subject, report, &physical, word, recursive || found, &verb, last);
        }
        // `*/` matches links to folders as their targets.
        if word.text().ends_with('/') {
            for link in links::matched_links(&target, subject.context) {
                judge_delete(
                    subject,
                    report,
                    &Target::Path(link),
                    word,
                    recursive || found,
                    &verb,
                    Last::Follow,
                );
            }
        }
        // `find . -type d -empty -exec rmdir {} +` deletes what it finds in `.git` too.
        if let Some(root) = word.dynamics().find_map(|dynamic| match &dynamic.kind {
            DynamicKind::PathUnder(found) => search_reaching_git(found, subject.context),
            _ => None,
        }) {
            let git = Target::Contents(subject.context.project_root.join(".git"));
            judge_delete(
                subject,
                report,
                &git,
                word,
                true,
                &format!("{verb} (of what a search of {root} finds, `.git` included)"),
                Last::Follow,
            );
        }
    }
}

/// What `tar --remove-files` deletes once it has archived it: when it creates, appends to or
/// updates an archive, every operand (a folder whole), each under the `-C` folder given before
/// it (`tar --remove-files -czf x.tgz -C ~ Documents` deletes `~/Documents`).
fn tar_removed(args: &[Word], stdin: &Input) -> Vec<Word> {
    let parsed = args::parse(args, &crate::tools::long_options::TAR);
    let archiving = ['c', 'r', 'u'].iter().any(|flag| parsed.has_short(*flag))
        || ["create", "append", "update"].iter().any(|name| parsed.has_long(name));
    if !archiving || !parsed.has_long("remove-files") {
        return Vec::new();
    }
    let mut directory: Option<&Word> = None;
    let mut removed = Vec::new();
    for arg in &parsed.args {
        match arg {
            args::Arg::Operand(word) if !word.is("-") => removed.push(match directory {
                Some(directory) if !word.text().starts_with('/') => {
                    let mut parts = directory.parts.clone();
                    parts.push(crate::word::Part::Literal {
                        text: "/".to_owned(),
                        quoting: crate::word::Quoting::Quoted,
                        span: word.span,
                    });
                    parts.extend(word.parts.iter().cloned());
                    Word::from_parts(parts, word.span)
                }
                _ => (*word).clone(),
            }),
            _ if arg.is_short('C') || arg.is_long("directory") => directory = arg.value(),
            _ if arg.is_short('T') || arg.is_long("files-from") => {
                if let Some(list) = arg.value() {
                    removed.push(listed_in(list.text(), list, stdin));
                }
            }
            _ => {}
        }
    }
    removed
}

/// What `zip -m` (`--move`) deletes once it has archived it: the files named after the
/// archive, up to the `-x`/`-i` patterns; folders whole with `-r`. Whether it recurses.
fn zip_moved(args: &[Word], stdin: &Input) -> (bool, Vec<Word>) {
    let end = args
        .iter()
        .position(|word| {
            let text = word.text();
            ["-x", "-i", "--exclude", "--include"]
                .iter()
                .any(|option| text == *option || text.starts_with(&format!("{option}@")))
        })
        .unwrap_or(args.len());
    let parsed = args::parse(
        &args[..end],
        &Options::gnu(
            "bntOPZs",
            &[
                "temp-path",
                "suffixes",
                "out",
                "password",
                "compression-method",
                "split-size",
            ],
        ),
    );
    if !parsed.has('m', "move") {
        return (false, Vec::new());
    }
    let recursive = parsed.has('r', "recurse-paths") || parsed.has_short('R') || parsed.has_long("recurse-patterns");
    let mut moved: Vec<Word> = parsed.operands().skip(1).cloned().collect();
    // `-@` reads the names to archive from standard input.
    if parsed.has_short('@') {
        moved.push(listed_in("-", &args[0], stdin));
    }
    (recursive, moved)
}

/// An archiver's `-switches` (anywhere before `--`, as 7-Zip and RAR read them) and its other
/// words: the command, the archive, then the files.
fn switches_and_words(args: &[Word]) -> (Vec<&str>, Vec<&Word>) {
    let end = args.iter().position(|word| word.text() == "--").unwrap_or(args.len());
    let (switches, words): (Vec<&Word>, Vec<&Word>) = args[..end].iter().partition(|word| word.text().starts_with('-'));
    let switches = switches.into_iter().map(Word::text).collect();
    (
        switches,
        words
            .into_iter()
            .chain(args.get(end + 1..).unwrap_or_default())
            .collect(),
    )
}

/// The files, as named after the archive, that an archiver deletes once they are archived:
/// `files` when `deletes`, else none. An `@list` file names what it holds only when the command
/// runs, like the paths `xargs` reads.
fn archived_then_deleted(words: &[&Word], deletes: bool, stdin: &Input) -> Vec<Word> {
    if !deletes {
        return Vec::new();
    }
    words
        .iter()
        .skip(2)
        .map(|word| match word.text().strip_prefix('@') {
            Some(list) if !list.is_empty() => listed_in(list, word, stdin),
            _ => (*word).clone(),
        })
        .collect()
}

/// The paths a list file names (`-` for standard input), which are only known when the command
/// reads it: a word standing for them, at `near`. Paths piped from a search (`find build … |`)
/// are known to lie under its roots.
fn listed_in(list: &str, near: &Word, stdin: &Input) -> Word {
    let (kind, text) = match (list, stdin) {
        ("-", Input::Piped(Output::PathsUnder(found))) => (DynamicKind::PathUnder(found.clone()), "…".to_owned()),
        ("-", _) => (DynamicKind::StandardInput, "…".to_owned()),
        _ => (DynamicKind::StandardInput, format!("@{list}")),
    };
    Word::dynamic(Dynamic {
        kind,
        text,
        span: near.span,
    })
}

/// What `7z a -sdel` (or `u`) deletes once it has compressed it: the files and folders (whole)
/// named after the archive.
fn seven_zip_deleted(args: &[Word], stdin: &Input) -> Vec<Word> {
    let (switches, words) = switches_and_words(args);
    let adds = words.first().is_some_and(|command| matches!(command.text(), "a" | "u"));
    archived_then_deleted(
        &words,
        adds && switches.iter().any(|switch| switch.eq_ignore_ascii_case("-sdel")),
        stdin,
    )
}

/// What `rar m` (`mf`), or `rar a -df` (`u`, `f`), deletes once it has archived it.
fn rar_moved(args: &[Word], stdin: &Input) -> Vec<Word> {
    let (switches, words) = switches_and_words(args);
    let command = words.first().map(|command| command.text().to_ascii_lowercase());
    let moves = matches!(command.as_deref(), Some("m" | "mf"))
        || matches!(command.as_deref(), Some("a" | "u" | "f"))
            && switches.iter().any(|switch| switch.eq_ignore_ascii_case("-df"));
    archived_then_deleted(&words, moves, stdin)
}

/// The files `truncate` cuts down that a search found (`find ~ -exec truncate -s 0 {} +`):
/// emptying every file under a folder loses what it held as deleting it would. A size that only
/// grows a file (`-s +1M`, `-s >1M`) loses nothing.
fn truncated_found(args: &[Word]) -> Vec<Word> {
    let parsed = args::parse(args, &crate::tools::long_options::TRUNCATE);
    if parsed
        .value_of('s', "size")
        .is_some_and(|size| size.text().starts_with(['+', '>']))
    {
        return Vec::new();
    }
    parsed
        .operands()
        .filter(|word| word.dynamics().any(|d| matches!(d.kind, DynamicKind::PathUnder(_))))
        .cloned()
        .collect()
}

/// The root of a search that reaches the project's `.git` folder, if it does: a search from the
/// project's root (or above) that goes into `.git` and is filtered by anything but a name
/// (`-empty`, `-type d`, `-mtime`), so that what it deletes includes the empty folders of
/// `refs/` and `objects/`, after which git no longer knows the repository.
pub(super) fn search_reaching_git<'a>(found: &'a PathsUnder, context: &Context) -> Option<&'a AbsPath> {
    if !found.filtered || found.name.is_some() || !found.reaches_git {
        return None;
    }
    found
        .roots
        .as_ref()?
        .iter()
        .find(|root| context.project_root.starts_with(root))
}

/// The folder or file a target names, for a message.
fn place_name(target: &Target) -> String {
    match target {
        Target::Path(path) | Target::Contents(path) | Target::Below { dir: path, .. } => path.to_string(),
        Target::Temporary | Target::Unknown { .. } => String::new(),
    }
}

/// Whether a word holds an expansion of unknown value written without quotes, which bash
/// splits into fields.
fn splits(subject: &Subject, word: &Word) -> bool {
    if subject.command.origin.is_some() {
        return false;
    }
    word.dynamics().any(|d| {
        matches!(
            d.kind,
            DynamicKind::Variable { .. } | DynamicKind::CommandOutput(_) | DynamicKind::Other
        ) && d.text.starts_with('$')
            && subject
                .original
                .get(word.span.start..word.span.end)
                .is_some_and(|typed| typed.contains(d.text.as_str()) && !typed.contains(['"', '\'']))
    })
}

/// Files in `.git` that git leaves behind after a crash or an interrupted operation, which
/// people delete to recover (`index.lock`, `MERGE_HEAD`).
fn is_git_leftover(target: &Target) -> bool {
    let name = match target {
        Target::Path(path) => path.name().unwrap_or(""),
        Target::Below {
            name: Some(pattern), ..
        } => pattern.as_str(),
        _ => return false,
    };
    name.ends_with(".lock")
        || name.ends_with("_HEAD")
        || matches!(
            name,
            "MERGE_MSG" | "MERGE_MODE" | "MERGE_RR" | "SQUASH_MSG" | "COMMIT_EDITMSG" | "gc.log"
        )
}

/// Names of files that an operating system or a tool leaves about and makes again when needed
/// (Finder's `.DS_Store` and `._*` files, Explorer's `Thumbs.db` and `desktop.ini`, Python's
/// bytecode): deleting every one of them under a folder loses nothing.
fn is_disposable_name(pattern: &str) -> bool {
    matches!(
        pattern,
        ".DS_Store" | "._*" | "Thumbs.db" | "desktop.ini" | "*.pyc" | "*.pyo" | "__pycache__" | ".localized"
    )
}

/// The user's cache folders, or a place in one: what is there is made again when needed.
fn is_cache(path: &paths::AbsPath, subject: &Subject) -> bool {
    let home = &subject.context.home;
    [
        ".cache",
        "Library/Caches",
        ".npm/_cacache",
        ".cargo/registry",
        ".cargo/git",
        "go/pkg/mod",
        ".m2/repository",
        ".nuget/packages",
        ".local/share/pnpm/store",
        "Library/pnpm/store",
        "AppData/Local/pnpm/store",
        ".gradle/caches",
        ".bun/install/cache",
        ".yarn/berry/cache",
        "AppData/Local/npm-cache",
    ]
    .iter()
    .any(|cache| path.starts_with(&home.join(cache)))
}

/// Judges deleting `target` (written as `word`) with the delete policy, where it is written and,
/// through a link, where it leads: `last` says whether the path named (the folder of a
/// `Contents` or `Below` target) is followed when it is itself a link.
pub fn judge_delete(
    subject: &Subject,
    report: &mut Report,
    target: &Target,
    word: &Word,
    recursive: bool,
    verb: &str,
    last: Last,
) {
    let resolved = links::resolved_target(target, last, subject.context);
    // Where the place is really known, whether it is in the project is the real place's to say
    // (a project named through a link holds `src/../build` by its real path too).
    judge_delete_at(subject, report, target, word, recursive, verb, resolved.is_none());
    if let Some((real, context)) = resolved {
        let through = Subject {
            context: &context,
            ..*subject
        };
        let verb = if &real == target {
            verb.to_owned()
        } else {
            format!("{verb} (through a link, into {})", place_name(&real))
        };
        judge_delete_at(&through, report, &real, word, recursive, &verb, true);
    }
}

/// [`judge_delete`] of `target` where it is written; a place outside the project counts only
/// when `outside_counts`.
fn judge_delete_at(
    subject: &Subject,
    report: &mut Report,
    target: &Target,
    word: &Word,
    recursive: bool,
    verb: &str,
    outside_counts: bool,
) {
    let place = places::place(target, subject.context);
    let typed = subject.typed(word);
    let span: Span = word.span;
    let everything = matches!(target, Target::Contents(_));
    // A glob ending in `/` (`.claude/*/`) matches folders only.
    let folders_only = word.has_glob() && word.text().ends_with('/');
    // `find -delete` deletes what its whole expression picks, which it says where it can be read.
    let searched = match target {
        Target::Below { dir, deep: true, .. } if subject.command.name == "find" => {
            super::find::deleted_agent_settings(subject.command, dir, subject.context)
        }
        _ => None,
    };
    let agent_settings =
        searched.unwrap_or_else(|| files::agent_settings_taken(target, recursive, folders_only, subject.context));
    if let Some(kind) = agent_settings {
        report.flag(
            &RM_PROTECTED_FILE,
            span,
            format!("{verb} of `{typed}` would remove {kind}, which could switch off the guards on this agent"),
        );
        return;
    }
    if !outside_counts && matches!(place, Place::Outside(_)) {
        return;
    }
    let named = match target {
        Target::Below { name: Some(name), .. } => Some(name.as_str()),
        _ => None,
    };
    // `find ~ -name .DS_Store -delete`: files the system or a tool leaves about and makes again.
    if named.is_some_and(is_disposable_name) && matches!(place, Place::Home(_) | Place::Outside(_)) {
        return;
    }
    let what = |path: &paths::AbsPath| match named {
        Some(name) => format!("every file named `{name}` in {path}"),
        None if everything => format!("everything in {path}"),
        None => path.to_string(),
    };
    // A folder the agent was given (Claude Code's additionalDirectories, another worktree of
    // the repository) is its to clean, as the project is.
    if let Place::Outside(path) = &place
        && subject
            .context
            .given_folders
            .iter()
            .any(|folder| path.starts_with(folder))
    {
        return;
    }
    if !recursive {
        match place {
            Place::Root | Place::System(_) => report.flag(
                &RM_SYSTEM,
                span,
                format!("{verb} of `{typed}` would delete system files the machine needs"),
            ),
            Place::Protected { path, what: kind, .. } => report.flag(
                &RM_PROTECTED_FILE,
                span,
                format!("{verb} of `{typed}` would lose {kind} ({path})"),
            ),
            Place::GitDir(dir) if !is_git_leftover(target) => report.flag(
                &RM_GIT_DIR,
                span,
                format!("{verb} of `{typed}` would damage the repository in {dir}"),
            ),
            Place::Home(path) if everything => report.flag(
                &RM_HOME,
                span,
                format!("{verb} of `{typed}` would delete every file in your home directory {path}"),
            ),
            // `rmdir` removes only empty folders: nothing is lost.
            Place::Outside(path) if subject.command.name != "rmdir" && !is_cache(&path, subject) => {
                if let Some(concern) = files::outside_delete_concern(&path, subject.context) {
                    report.flag(
                        &RM_FILE_OUTSIDE_PROJECT,
                        span,
                        format!("{verb} of `{typed}` would delete {path} with no copy kept: {concern}"),
                    );
                }
            }
            _ => {}
        }
        return;
    }
    match place {
        Place::Root => report.flag(
            &RM_ROOT,
            span,
            format!("{verb} of `{typed}` would erase everything on this machine"),
        ),
        Place::System(path) => report.flag(
            &RM_SYSTEM,
            span,
            format!(
                "{verb} of `{typed}` would erase {}, which the system needs to run",
                what(&path)
            ),
        ),
        Place::Home(path) => report.flag(
            &RM_HOME,
            span,
            match named {
                Some(_) => format!(
                    "{verb} of `{typed}` would erase {}, in every folder of that user",
                    what(&path)
                ),
                None => format!(
                    "{verb} of `{typed}` would erase {}: every file of that user",
                    what(&path)
                ),
            },
        ),
        Place::Protected { path, what: kind, .. } => report.flag(
            &RM_PROTECTED_FILE,
            span,
            format!("{verb} of `{typed}` would lose {kind} ({path})"),
        ),
        Place::GitDir(dir) if !is_git_leftover(target) => report.flag(
            &RM_GIT_DIR,
            span,
            format!("{verb} of `{typed}` would erase the repository in {dir}: its history, branches and stashes"),
        ),
        Place::ProjectRoot(path) => report.flag(
            &RM_PROJECT_ROOT,
            span,
            format!(
                "{verb} of `{typed}` would erase {}, the whole project with its uncommitted work",
                what(&path)
            ),
        ),
        Place::ProjectAncestor(path) => report.flag(
            &RM_PARENT_DIR,
            span,
            format!(
                "{verb} of `{typed}` would erase {}, which holds the project {}",
                what(&path),
                subject.context.project_root
            ),
        ),
        Place::Outside(path) if is_cache(&path, subject) => report.flag(
            &RM_CACHE,
            span,
            format!(
                "{verb} of `{typed}` would empty {}: what programs cached there is downloaded or built again",
                what(&path)
            ),
        ),
        Place::Outside(path) => report.flag(
            &RM_OUTSIDE_PROJECT,
            span,
            format!(
                "{verb} of `{typed}` would erase {} outside {}",
                what(&path),
                subject.context.the_project()
            ),
        ),
        Place::Unknown {
            guarded: false,
            what: unknown,
        } => {
            if let Some(input) = word.dynamics().find(|d| matches!(d.kind, DynamicKind::StandardInput)) {
                let source = match input.text.strip_prefix('@') {
                    Some(list) => format!("the list file `{list}`"),
                    None => "standard input".to_owned(),
                };
                report.flag(
                    &RM_STDIN_TARGETS,
                    span,
                    format!("{verb} of paths read from {source}, which cannot be checked before they arrive"),
                )
            } else {
                report.flag(
                    &RM_DYNAMIC_PATH,
                    span,
                    format!("{verb} of {unknown}, a path only known when the command runs (empty, it is `/`)"),
                )
            }
        }
        Place::GitDir(_) | Place::InsideProject(_) | Place::Temporary | Place::Unknown { guarded: true, .. } => {}
    }
}
