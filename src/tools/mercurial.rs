//! Mercurial's options as its parser, fancyopts, reads them: the tables of Mercurial 5.8
//! (`mercurial/commands.py`, `cmdutil.py`, `strip.py`) for the commands the checkers judge. hg
//! reads the global options before the command first, stopping at the command word (Python's
//! `getopt`), then the command's options and the global ones together, mixed with operands
//! (`gnu_getopt`). Both take a long option by its full name or by any beginning of exactly one
//! name (`hg up --cl` is `--clean`, `hg revert --a` is `--all`), the beginning of several being
//! an error; every switch also has its negation (`--no-dry-run`, `--backup` for
//! `--no-backup`), which makes beginnings of it ambiguous. Only `--config`, `--cwd` and
//! `--repository` must be given in full (hg refuses their abbreviations). Each name is listed
//! with the global ones.

use crate::args::Options;

/// The global options, read before the command word.
pub const GLOBAL: Options = Options::posix("R", GLOBAL_VALUES)
    .long_flags(GLOBAL_FLAGS)
    .case_sensitive();

const GLOBAL_VALUES: &[&str] = &[
    "color",
    "config",
    "cwd",
    "encoding",
    "encodingmode",
    "pager",
    "repository",
];

const GLOBAL_FLAGS: &[&str] = &[
    "debug",
    "debugger",
    "help",
    "hidden",
    "no-debug",
    "no-debugger",
    "no-hidden",
    "no-profile",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "profile",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
];

/// The options of the Mercurial command `command` (by its full name: `update` for `up`,
/// `strip` for `debugstrip`), when it is one described here.
pub fn command(command: &str) -> Option<&'static Options> {
    Some(match command {
        "purge" => &PURGE,
        "push" => &PUSH,
        "revert" => &REVERT,
        "rollback" => &ROLLBACK,
        "shelve" => &SHELVE,
        "update" => &UPDATE,
        "strip" => &STRIP,
        _ => return None,
    })
}

/// `hg purge`'s options (`hg clean`).
const PURGE: Options = Options::gnu(
    "RIX",
    &[
        "color",
        "config",
        "cwd",
        "encoding",
        "encodingmode",
        "exclude",
        "include",
        "pager",
        "repository",
    ],
)
.long_flags(&[
    "abort-on-err",
    "all",
    "confirm",
    "debug",
    "debugger",
    "dirs",
    "files",
    "help",
    "hidden",
    "ignored",
    "no-abort-on-err",
    "no-all",
    "no-confirm",
    "no-debug",
    "no-debugger",
    "no-dirs",
    "no-files",
    "no-hidden",
    "no-ignored",
    "no-print",
    "no-print0",
    "no-profile",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "print",
    "print0",
    "profile",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg push`'s options.
const PUSH: Options = Options::gnu(
    "RrBbe",
    &[
        "bookmark",
        "branch",
        "color",
        "config",
        "cwd",
        "encoding",
        "encodingmode",
        "pager",
        "pushvars",
        "remotecmd",
        "repository",
        "rev",
        "ssh",
    ],
)
.long_flags(&[
    "all-bookmarks",
    "debug",
    "debugger",
    "force",
    "help",
    "hidden",
    "insecure",
    "new-branch",
    "no-all-bookmarks",
    "no-debug",
    "no-debugger",
    "no-force",
    "no-hidden",
    "no-insecure",
    "no-new-branch",
    "no-profile",
    "no-publish",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "profile",
    "publish",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg revert`'s options.
const REVERT: Options = Options::gnu(
    "RdrIX",
    &[
        "color",
        "config",
        "cwd",
        "date",
        "encoding",
        "encodingmode",
        "exclude",
        "include",
        "pager",
        "repository",
        "rev",
    ],
)
.long_flags(&[
    "all",
    "backup",
    "debug",
    "debugger",
    "dry-run",
    "help",
    "hidden",
    "interactive",
    "no-all",
    "no-backup",
    "no-debug",
    "no-debugger",
    "no-dry-run",
    "no-hidden",
    "no-interactive",
    "no-profile",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "profile",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg rollback`'s options.
const ROLLBACK: Options = Options::gnu(
    "R",
    &[
        "color",
        "config",
        "cwd",
        "encoding",
        "encodingmode",
        "pager",
        "repository",
    ],
)
.long_flags(&[
    "debug",
    "debugger",
    "dry-run",
    "force",
    "help",
    "hidden",
    "no-debug",
    "no-debugger",
    "no-dry-run",
    "no-force",
    "no-hidden",
    "no-profile",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "profile",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg shelve`'s options.
const SHELVE: Options = Options::gnu(
    "RmnIX",
    &[
        "color",
        "config",
        "cwd",
        "date",
        "encoding",
        "encodingmode",
        "exclude",
        "include",
        "message",
        "name",
        "pager",
        "repository",
    ],
)
.long_flags(&[
    "addremove",
    "cleanup",
    "debug",
    "debugger",
    "delete",
    "edit",
    "help",
    "hidden",
    "interactive",
    "keep",
    "list",
    "no-addremove",
    "no-cleanup",
    "no-debug",
    "no-debugger",
    "no-delete",
    "no-edit",
    "no-hidden",
    "no-interactive",
    "no-keep",
    "no-list",
    "no-patch",
    "no-profile",
    "no-quiet",
    "no-stat",
    "no-time",
    "no-traceback",
    "no-unknown",
    "no-verbose",
    "noninteractive",
    "patch",
    "profile",
    "quiet",
    "stat",
    "time",
    "traceback",
    "unknown",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg update`'s options (`up`, `checkout`, `co`).
const UPDATE: Options = Options::gnu(
    "Rdrt",
    &[
        "color",
        "config",
        "cwd",
        "date",
        "encoding",
        "encodingmode",
        "pager",
        "repository",
        "rev",
        "tool",
    ],
)
.long_flags(&[
    "check",
    "clean",
    "debug",
    "debugger",
    "help",
    "hidden",
    "merge",
    "no-check",
    "no-clean",
    "no-debug",
    "no-debugger",
    "no-hidden",
    "no-merge",
    "no-profile",
    "no-quiet",
    "no-time",
    "no-traceback",
    "no-verbose",
    "noninteractive",
    "profile",
    "quiet",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();

/// `hg debugstrip`'s options.
const STRIP: Options = Options::gnu(
    "RrB",
    &[
        "bookmark",
        "color",
        "config",
        "cwd",
        "encoding",
        "encodingmode",
        "pager",
        "repository",
        "rev",
    ],
)
.long_flags(&[
    "backup",
    "debug",
    "debugger",
    "force",
    "help",
    "hidden",
    "keep",
    "no-backup",
    "no-debug",
    "no-debugger",
    "no-force",
    "no-hidden",
    "no-keep",
    "no-nobackup",
    "no-profile",
    "no-quiet",
    "no-soft",
    "no-time",
    "no-traceback",
    "no-verbose",
    "nobackup",
    "noninteractive",
    "profile",
    "quiet",
    "soft",
    "time",
    "traceback",
    "verbose",
    "version",
])
.case_sensitive();
