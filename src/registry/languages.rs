//! Interpreters of languages read for their escapes (`interpreters/escapes.rs`): R, Julia,
//! Tcl, Elixir, Erlang, Groovy, Java's shells (jshell, jjs, jrunscript), Haskell, Octave, Lisp
//! and Scheme, AppleScript, IPython. Their inline code is read
//! for the calls that run commands or delete files; code they read from standard input too.

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

const fn inline(names: &'static [&'static str], options: Options, carriers: &'static [Carrier]) -> Entry {
    Entry {
        names,
        subcommand: &[],
        options,
        carriers,
        inert: &[],
    }
}

pub const ENTRIES: &[Entry] = &[
    inline(
        &["rscript", "r"],
        Options::gnu("ef", &["file", "default-packages"]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('e'),
                language: Language::R,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::R,
            },
            Carrier::Stdin(Language::R),
        ],
    ),
    inline(
        &["julia"],
        Options::gnu("eEpLCJt", &["eval", "print", "load", "project", "threads", "sysimage"]),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "eval"),
                language: Language::Julia,
            },
            Carrier::OptionCode {
                option: Opt::Both('E', "print"),
                language: Language::Julia,
            },
            Carrier::OptionScript {
                option: Opt::Both('L', "load"),
                language: Language::Julia,
            },
        ],
    ),
    inline(
        &["tclsh", "wish", "jimsh"],
        Options::posix("", &[]),
        &[Carrier::Stdin(Language::Tcl)],
    ),
    inline(
        &["elixir", "iex"],
        Options::gnu("erS", &["eval", "require", "pa", "pz", "sname", "name", "cookie"]),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "eval"),
                language: Language::Elixir,
            },
            Carrier::OptionScript {
                option: Opt::Both('r', "require"),
                language: Language::Elixir,
            },
        ],
    ),
    inline(
        &["erl"],
        Options::posix("", &[]),
        &[Carrier::OptionCode {
            option: Opt::Word("-eval"),
            language: Language::Erlang,
        }],
    ),
    inline(
        &["groovy", "groovysh"],
        Options::gnu("ecD", &["encoding", "classpath", "define"]),
        &[Carrier::OptionCode {
            option: Opt::Short('e'),
            language: Language::Groovy,
        }],
    ),
    inline(
        &["jshell"],
        Options::gnu("", &["class-path", "module-path", "startup"]),
        &[
            Carrier::Stdin(Language::Java),
            Carrier::FileOrStdin {
                index: 0,
                language: Language::Java,
            },
        ],
    ),
    inline(
        &["jjs", "nashorn"],
        Options::gnu("", &["classpath", "cp"]),
        &[
            Carrier::Stdin(Language::Java),
            Carrier::FileOrStdin {
                index: 0,
                language: Language::Java,
            },
        ],
    ),
    inline(
        &["jrunscript"],
        Options::gnu("elfq", &["classpath", "cp"]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('e'),
                language: Language::Java,
            },
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Java,
            },
        ],
    ),
    inline(
        &["ghci"],
        Options::gnu("", &[]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('e'),
                language: Language::Haskell,
            },
            Carrier::Stdin(Language::Haskell),
        ],
    ),
    inline(
        &["runghc", "runhaskell"],
        Options::gnu("", &[]),
        &[Carrier::FileOrStdin {
            index: 0,
            language: Language::Haskell,
        }],
    ),
    inline(
        &["octave", "octave-cli"],
        Options::gnu("p", &["eval", "info-program", "exec-path", "path", "texi-macros-file"]),
        &[
            Carrier::OptionCode {
                option: Opt::Long("eval"),
                language: Language::Octave,
            },
            Carrier::OptionShell {
                option: Opt::Long("info-program"),
                prefix: "",
            },
            Carrier::FileOrStdin {
                index: 0,
                language: Language::Octave,
            },
        ],
    ),
    inline(
        &["osascript"],
        Options::gnu("els", &[]),
        &[Carrier::OptionCode {
            option: Opt::Short('e'),
            language: Language::AppleScript,
        }],
    ),
    inline(
        &["ipython", "ipython3"],
        Options::gnu("cm", &[]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('c'),
                language: Language::IPython,
            },
            Carrier::OptionCode {
                option: Opt::Long("c"),
                language: Language::IPython,
            },
        ],
    ),
    inline(
        &["clisp"],
        Options::gnu("xiBMmLEpqC", &[]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('x'),
                language: Language::Lisp,
            },
            Carrier::OptionScript {
                option: Opt::Short('i'),
                language: Language::Lisp,
            },
            Carrier::FileOrStdin {
                index: 0,
                language: Language::Lisp,
            },
        ],
    ),
    inline(
        &["sbcl", "ecl", "ccl", "lisp"],
        Options::gnu("", &["eval", "load", "script", "core", "dynamic-space-size"]),
        &[
            Carrier::OptionCode {
                option: Opt::Long("eval"),
                language: Language::Lisp,
            },
            Carrier::OptionScript {
                option: Opt::Long("load"),
                language: Language::Lisp,
            },
            Carrier::OptionScript {
                option: Opt::Long("script"),
                language: Language::Lisp,
            },
        ],
    ),
    inline(
        &["guile", "racket", "chicken", "gsi", "scheme", "mit-scheme"],
        Options::gnu("celsL", &["eval", "load", "require"]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('c'),
                language: Language::Lisp,
            },
            Carrier::OptionCode {
                option: Opt::Both('e', "eval"),
                language: Language::Lisp,
            },
            Carrier::OptionScript {
                option: Opt::Both('l', "load"),
                language: Language::Lisp,
            },
            Carrier::OptionScript {
                option: Opt::Short('s'),
                language: Language::Lisp,
            },
            Carrier::FileOrStdin {
                index: 0,
                language: Language::Lisp,
            },
        ],
    ),
];
