//! Schedulers and deferral: what runs later is judged now (`at` and `batch` read shell code
//! from standard input or `-f FILE`; `crontab FILE` and `crontab -` install a table whose every
//! job is judged; `launchctl submit -- cmd`).

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

pub const ENTRIES: &[Entry] = &[
    Entry {
        names: &["at", "batch"],
        subcommand: &[],
        options: Options::gnu("qfMmlrdcvt", &[]),
        carriers: &[
            Carrier::Stdin(Language::Shell),
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Shell,
            },
        ],
        // Listing, removing and showing jobs run nothing.
        inert: &[Opt::Short('l'), Opt::Short('r'), Opt::Short('d'), Opt::Short('c')],
    },
    Entry {
        names: &["crontab"],
        subcommand: &[],
        options: Options::gnu("usT", &[]),
        carriers: &[Carrier::FileOrStdin {
            index: 0,
            language: Language::Crontab,
        }],
        inert: &[Opt::Short('l'), Opt::Short('r'), Opt::Short('e'), Opt::Short('T')],
    },
    Entry {
        names: &["launchctl"],
        subcommand: &["submit"],
        options: Options::gnu("lpoe", &[]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    Entry {
        names: &["launchctl"],
        subcommand: &["asuser"],
        options: Options::posix("", &[]),
        carriers: &[Carrier::Argv { skip: 1 }],
        inert: &[],
    },
    Entry {
        names: &["pm2"],
        subcommand: &["start"],
        options: Options::gnu(
            "nifo",
            &[
                "name",
                "interpreter",
                "instances",
                "output",
                "error",
                "cwd",
                "cron",
                "env",
            ],
        ),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
];
