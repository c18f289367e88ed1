//! Terminal emulators and multiplexers: the command a new terminal, window, pane or session
//! runs (`xterm -e cmd`, `gnome-terminal -- cmd`, `kitty cmd`, `zellij run --
//! cmd`), and what a multiplexer runs through the shell (`tmux run-shell`, `tmux if-shell`).

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

const fn terminal(names: &'static [&'static str], options: Options, carriers: &'static [Carrier]) -> Entry {
    Entry {
        names,
        subcommand: &[],
        options,
        carriers,
        inert: &[],
    }
}

const fn tmux(subcommand: &'static [&'static str], options: Options, carriers: &'static [Carrier]) -> Entry {
    Entry {
        names: &["tmux", "byobu"],
        subcommand,
        options,
        carriers,
        inert: &[],
    }
}

/// `-e cmd args…`: the rest of the line after `-e` is the command.
const DASH_E_ARGV: &[Carrier] = &[Carrier::ArgvAfter(Opt::Short('e')), Carrier::AfterDoubleDash];
/// `-e 'cmd'` as one string, `-x cmd args…`, or `-- cmd args…`.
const DASH_E_STRING: &[Carrier] = &[
    Carrier::OptionShell {
        option: Opt::Both('e', "command"),
        prefix: "",
    },
    Carrier::ArgvAfter(Opt::Both('x', "execute")),
    Carrier::AfterDoubleDash,
];

pub const ENTRIES: &[Entry] = &[
    terminal(
        &[
            "xterm",
            "uxterm",
            "urxvt",
            "rxvt",
            "st",
            "x-terminal-emulator",
            "ghostty",
            "alacritty",
            "konsole",
            "qterminal",
            "sakura",
            "termite",
            "cool-retro-term",
            "eterm",
            "aterm",
            "mlterm",
            "kterm",
        ],
        Options::posix(
            "ghTnfcoptdwr",
            &["title", "class", "config-file", "working-directory", "option"],
        ),
        DASH_E_ARGV,
    ),
    terminal(
        &[
            "gnome-terminal",
            "mate-terminal",
            "xfce4-terminal",
            "terminator",
            "tilix",
            "lxterminal",
            "terminology",
            "guake",
            "tilda",
            "roxterm",
            "deepin-terminal",
        ],
        Options::gnu(
            "tpwg",
            &[
                "title",
                "profile",
                "working-directory",
                "geometry",
                "tab-title",
                "window-with-profile",
            ],
        ),
        DASH_E_STRING,
    ),
    terminal(
        &["kitty", "foot", "footclient", "wezterm-gui", "contour"],
        Options::posix(
            "cotTdaw",
            &[
                "config",
                "override",
                "title",
                "class",
                "name",
                "directory",
                "app-id",
                "session",
                "start-as",
                "listen-on",
                "window-size-pixels",
            ],
        ),
        &[Carrier::Argv { skip: 0 }],
    ),
    Entry {
        names: &["wezterm"],
        subcommand: &["start"],
        options: Options::gnu("", &["cwd", "class", "workspace", "position", "domain"]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    Entry {
        names: &["kitty", "kitten"],
        subcommand: &["@", "launch"],
        options: Options::posix(
            "",
            &[
                "type",
                "title",
                "cwd",
                "env",
                "window-title",
                "tab-title",
                "location",
                "match",
            ],
        ),
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["zellij"],
        subcommand: &["run"],
        options: Options::gnu(
            "ndcfs",
            &[
                "name",
                "direction",
                "cwd",
                "floating",
                "stacked",
                "height",
                "width",
                "x",
                "y",
            ],
        ),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    Entry {
        names: &["zellij"],
        subcommand: &["action", "new-pane"],
        options: Options::gnu("ndc", &["name", "direction", "cwd"]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    // tmux (and byobu, which runs it): new sessions, windows and panes are read elsewhere;
    // these run shell code.
    tmux(
        &["run-shell"],
        Options::posix("dt", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
    tmux(&["run"], Options::posix("dt", &[]), &[Carrier::JoinedShell { skip: 0 }]),
    tmux(
        &["if-shell"],
        Options::posix("t", &[]),
        &[Carrier::OperandCode {
            index: 0,
            language: Language::Shell,
            unless: &[],
        }],
    ),
    tmux(
        &["if"],
        Options::posix("t", &[]),
        &[Carrier::OperandCode {
            index: 0,
            language: Language::Shell,
            unless: &[],
        }],
    ),
    tmux(
        &["pipe-pane"],
        Options::posix("t", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
    tmux(
        &["pipep"],
        Options::posix("t", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
    tmux(
        &["display-popup"],
        Options::posix("bcdehstTwxyS", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
    tmux(
        &["popup"],
        Options::posix("bcdehstTwxyS", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
];
