//! Toolchains and package managers removing themselves, the system's essential packages, or
//! everything installed: `rustup self uninstall`, `npm uninstall -g npm`, `pip uninstall pip`,
//! `conda uninstall conda`, `apt purge systemd` (or a pattern matching it, `'python3*'`), `dpkg
//! --purge libc6`, `snap remove snapd`, `brew uninstall $(brew list)`, `pip freeze | xargs pip
//! uninstall -y`, `choco uninstall all`, `nix-env -e '.*'`, `nix-collect-garbage -d`, and the
//! installed toolchain versions of version managers (`rustup toolchain remove stable`, `pyenv
//! uninstall 3.12.0`, [`VERSION_REMOVALS`]). Each asks: what the user's other work runs on goes
//! with it, or the generations a rollback needs. The listings that name every package, and the
//! stages that pass them on unnarrowed, are data.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Arg};
use crate::paths::glob_matches;
use crate::rules::Rule;
use crate::source::Span;
use crate::tools::long_options;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&TOOLCHAIN_REMOVAL],
    applies: Applies::Commands(&[
        "rustup",
        "npm",
        "pnpm",
        "yarn",
        "pip",
        "pip3",
        "apt",
        "apt-get",
        "aptitude",
        "dpkg",
        "snap",
        "microdnf",
        "dnf",
        "yum",
        "zypper",
        "pacman",
        "apk",
        "brew",
        "nix-collect-garbage",
        "nix-env",
        "gem",
        "conda",
        "mamba",
        "micromamba",
        "choco",
        "cuninst",
        "pipx",
        "nix",
        "rpm",
        "port",
        "flatpak",
        "scoop",
        "uv",
        "pyenv",
        "rbenv",
        "goenv",
        "nodenv",
        "nvm",
        "fnm",
        "asdf",
        "mise",
        "sdk",
    ]),
    check,
    whole_analysis: None,
};

pub static TOOLCHAIN_REMOVAL: Rule = Rule {
    id: "toolchain-removal",
    decision: ASK,
    catches: "Removing a toolchain or package manager itself (`rustup self uninstall`, `npm uninstall -g npm`, `pip uninstall pip`, `conda uninstall conda`, `choco uninstall chocolatey`, `scoop uninstall scoop`, `mise implode`), an installed toolchain or language version other projects build or run with (`rustup toolchain remove stable`, `uv python uninstall 3.12`, `pyenv uninstall`, `nvm uninstall`, `asdf uninstall`, `asdf plugin remove`), the system's essential packages (`apt purge systemd`, `apt-get remove 'python3*'`, `pacman -R glibc`, `dpkg --purge libc6`, `rpm -e --nodeps glibc`, `snap remove snapd`), every installed package (`brew uninstall $(brew list)`, `pacman -Rns $(pacman -Qq)`, `rpm -e $(rpm -qa)`, `pip freeze | xargs pip uninstall -y`, `gem uninstall --all`, `choco uninstall all`, `port uninstall installed`, `flatpak uninstall --all`, `pipx uninstall-all`, `uv tool uninstall --all`, `nix-env -e '.*'`, `conda env remove -n base`), or the generations a rollback needs (`nix-collect-garbage -d`, `--delete-older-than 0d`). Removing orphans (`pacman -Rns $(pacman -Qdtq)`) passes.",
    instead: "Remove the one package the task needs gone, and leave the toolchain and the system's packages to the user",
    examples: &[
        "rustup self uninstall -y",
        "npm uninstall -g npm",
        "pip uninstall -y pip setuptools",
        "python3 -m pip uninstall -y pip",
        "sudo apt-get purge -y systemd",
        "apt remove python3",
        "pacman -Rdd glibc",
        "brew uninstall --force $(brew list)",
        "nix-collect-garbage -d",
        "gem uninstall --all",
        "conda env remove -n base",
        "pacman -Rns $(pacman -Qq)",
        "pip freeze | xargs pip uninstall -y",
        "dpkg --purge --force-all libc6",
        "apt-get remove -y 'python3*'",
        "snap remove snapd",
        "choco uninstall all -y",
        "pipx uninstall-all",
        "nix-env -e '.*'",
        "conda uninstall conda",
        "nix-collect-garbage --delete-older-than 0d",
        "rustup toolchain remove stable",
        "rustup toolchain uninstall nightly",
        "uv python uninstall --all",
        "pyenv uninstall -f 3.12.0",
        "nvm uninstall 18",
        "asdf plugin remove nodejs",
        "rpm -e $(rpm -qa)",
        "rpm -e --nodeps glibc",
        "port -f uninstall installed",
        "flatpak uninstall --all -y",
        "choco uninstall chocolatey",
        "scoop uninstall scoop",
        "mise implode --yes",
    ],
    allowed: &[
        "npm uninstall -g typescript",
        "pip uninstall -y requests",
        "apt-get remove -y nginx",
        "brew uninstall wget",
        "nix-collect-garbage",
        "rustup toolchain list",
        "pacman -Rns $(pacman -Qdtq)",
        "pip freeze | grep django | xargs pip uninstall -y",
        "snap remove firefox",
        "apt-get remove -y 'nginx*'",
        "nix-collect-garbage --delete-older-than 30d",
        "rustup component remove rust-src",
        "rustup target remove wasm32-unknown-unknown",
        "uv python list",
        "pyenv versions",
        "rpm -e nginx",
        "rpm -qa",
        "port uninstall inactive",
        "port uninstall leaves",
        "flatpak uninstall --unused",
        "flatpak uninstall org.gimp.GIMP",
        "scoop uninstall git",
        "mise uninstall",
    ],
};

/// Packages a Linux system or its package manager needs to keep working.
const ESSENTIAL_PACKAGES: &[&str] = &[
    "bash",
    "coreutils",
    "libc6",
    "libc-bin",
    "glibc",
    "systemd",
    "systemd-sysv",
    "init",
    "sudo",
    "apt",
    "dpkg",
    "dnf",
    "yum",
    "rpm",
    "pacman",
    "zypper",
    "apk-tools",
    "busybox",
    "base-files",
    "login",
    "passwd",
    "util-linux",
    "python3",
    "python3-minimal",
    "openssh-server",
    "grub-pc",
    "grub2",
    "grub-efi-amd64",
    "grub-common",
    "kernel",
    "linux-image-generic",
    "linux-generic",
    "base",
    "filesystem",
    "sed",
    "grep",
    "tar",
    "gzip",
    "findutils",
];

/// Package managers and toolchains, by the name they install themselves under.
const SELF_PACKAGES: &[&str] = &[
    "npm",
    "pnpm",
    "yarn",
    "corepack",
    "pip",
    "setuptools",
    "wheel",
    "rubygems-update",
];

/// Snaps the snap system needs to run any snap.
const ESSENTIAL_SNAPS: &[&str] = &["snapd", "core", "core18", "core20", "core22", "core24", "bare"];

/// Commands that print every package a package manager installed, as the program and the
/// words such a listing has: handed to an uninstall (`$(pacman -Qq)`, `pip freeze | xargs pip
/// uninstall -y`), they remove everything. pacman's queries are judged by their letters (see
/// [`is_pacman_listing_all`]).
const EVERY_PACKAGE_LISTINGS: &[(&str, &[&str])] = &[
    ("brew", &["list"]),
    ("brew", &["leaves"]),
    ("pip", &["freeze"]),
    ("pip3", &["freeze"]),
    ("pip", &["list"]),
    ("pip3", &["list"]),
    ("npm", &["ls"]),
    ("npm", &["list"]),
    ("gem", &["list"]),
    ("pipx", &["list"]),
    ("dpkg", &["--get-selections"]),
    ("dpkg", &["-l"]),
    ("dpkg-query", &["-W"]),
    ("dpkg-query", &["--show"]),
    ("apt", &["list", "--installed"]),
    ("apt-mark", &["showmanual"]),
    ("rpm", &["-qa"]),
    ("snap", &["list"]),
    ("choco", &["list"]),
    ("conda", &["list"]),
    ("nix-env", &["-q"]),
    ("nix-env", &["--query"]),
    ("port", &["installed"]),
    ("port", &["echo", "installed"]),
    ("flatpak", &["list"]),
    ("scoop", &["list"]),
];

/// A version manager's subcommand that removes installed versions of a toolchain or language,
/// which other projects (and the virtual environments made with them) build or run with.
struct VersionRemoval {
    program: &'static str,
    /// The subcommand path, each word given with its aliases.
    path: &'static [&'static [&'static str]],
    /// What one version is, as a noun.
    what: &'static str,
}

const VERSION_REMOVALS: &[VersionRemoval] = &[
    VersionRemoval {
        program: "rustup",
        path: &[&["toolchain"], &["uninstall", "remove"]],
        what: "Rust toolchain",
    },
    VersionRemoval {
        program: "rustup",
        path: &[&["uninstall"]],
        what: "Rust toolchain",
    },
    VersionRemoval {
        program: "uv",
        path: &[&["python"], &["uninstall"]],
        what: "Python uv installed",
    },
    VersionRemoval {
        program: "pyenv",
        path: &[&["uninstall"]],
        what: "Python version",
    },
    VersionRemoval {
        program: "rbenv",
        path: &[&["uninstall"]],
        what: "Ruby version",
    },
    VersionRemoval {
        program: "goenv",
        path: &[&["uninstall"]],
        what: "Go version",
    },
    VersionRemoval {
        program: "nodenv",
        path: &[&["uninstall"]],
        what: "Node.js version",
    },
    VersionRemoval {
        program: "nvm",
        path: &[&["uninstall"]],
        what: "Node.js version",
    },
    VersionRemoval {
        program: "fnm",
        path: &[&["uninstall", "uni"]],
        what: "Node.js version",
    },
    VersionRemoval {
        program: "asdf",
        path: &[&["uninstall"]],
        what: "tool version asdf installed",
    },
    VersionRemoval {
        program: "mise",
        path: &[&["uninstall", "rm", "remove"]],
        what: "tool version mise installed",
    },
    VersionRemoval {
        program: "sdk",
        path: &[&["uninstall", "rm"]],
        what: "SDK version",
    },
];

/// The toolchain versions a version manager's command removes, by [`VERSION_REMOVALS`]: every
/// one with `--all`, else those named after the subcommand path.
fn removed_versions(name: &str, positional: &[&str], all: bool) -> Option<String> {
    let removal = VERSION_REMOVALS.iter().find(|removal| {
        removal.program == name
            && removal.path.len() <= positional.len()
            && removal
                .path
                .iter()
                .zip(positional)
                .all(|(aliases, word)| aliases.contains(word))
    })?;
    let named = &positional[removal.path.len()..];
    if all {
        Some(format!("every {}", removal.what))
    } else if named.is_empty() {
        None
    } else {
        Some(format!(
            "the {} `{}`, which other projects may build or run with",
            removal.what,
            named.join(" ")
        ))
    }
}

/// Stages a listing may pass through on its way to the uninstall without being narrowed to
/// some packages: they reshape each line (`cut -d' ' -f1`, `awk '{print $1}'`), or drop a few
/// (`grep -v`, `tail -n +2`), also when `xargs` runs them (`xargs -n1 basename`).
const RESHAPING_STAGES: &[&str] = &["cut", "awk", "sed", "tr", "sort", "uniq", "tail", "column", "basename"];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let words: Vec<&str> = command.args().iter().map(|word| word.text()).collect();
    // `python3 -m pip uninstall pip` is judged as the `pip` command the registry reads it as.
    let positional: Vec<&str> = words.iter().copied().filter(|text| !text.starts_with('-')).collect();
    let name = command.name.as_str();
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let has = |option: &str| words.contains(&option);
    let operands = positional.get(1..).unwrap_or(&[]);
    let removed = |list: &[&str]| removed_from(operands, list);
    let global = has("-g")
        || has("--global")
        || has("--location=global")
        || words.windows(2).any(|pair| pair == ["--location", "global"])
        || at(0) == "global";
    let what = match name {
        "rustup" if at(0) == "self" => (at(1) == "uninstall").then(|| "Rust's toolchains and rustup itself".to_owned()),
        "uv" if at(0) == "tool" => (at(1) == "uninstall" && has("--all")).then(|| "every tool uv installed".to_owned()),
        "asdf" if at(0) == "plugin" || at(0) == "plugin-remove" => {
            let (verb, plugin) = if at(0) == "plugin" {
                (at(1), at(2))
            } else {
                ("remove", at(1))
            };
            (verb == "remove" && !plugin.is_empty())
                .then(|| format!("the asdf plugin `{plugin}` with every version of it installed"))
        }
        "mise" if at(0) == "implode" => Some("mise itself and every tool it installed".to_owned()),
        "rustup" | "uv" | "pyenv" | "rbenv" | "goenv" | "nodenv" | "nvm" | "fnm" | "asdf" | "mise" | "sdk" => {
            removed_versions(name, &positional, has("--all"))
        }
        "rpm" => removes_by_option(name, command.args())
            .then(|| removed_from(&positional, ESSENTIAL_PACKAGES))
            .flatten()
            .map(|package| format!("the essential package `{package}`")),
        "port" => (at(0) == "uninstall")
            .then(|| {
                operands
                    .iter()
                    .find(|pseudo| matches!(**pseudo, "installed" | "all" | "active" | "requested"))
            })
            .flatten()
            .map(|pseudo| format!("every port MacPorts has {pseudo} (`{pseudo}`)")),
        "flatpak" => (matches!(at(0), "uninstall" | "remove") && has("--all"))
            .then(|| "every Flatpak application and runtime".to_owned()),
        "scoop" => (matches!(at(0), "uninstall" | "remove" | "rm") && operands.contains(&"scoop"))
            .then(|| "scoop itself and every app it installed".to_owned()),
        "npm" | "pnpm" | "yarn" => {
            let operands = if at(0) == "global" {
                positional.get(2..).unwrap_or(&[])
            } else {
                operands
            };
            let verb = if at(0) == "global" { at(1) } else { at(0) };
            (global && matches!(verb, "uninstall" | "un" | "remove" | "rm" | "r" | "unlink"))
                .then(|| operands.iter().copied().find(|package| SELF_PACKAGES.contains(package)))
                .flatten()
                .map(|package| format!("the package manager `{package}` itself"))
        }
        "pip" | "pip3" => (at(0) == "uninstall")
            .then(|| removed(SELF_PACKAGES))
            .flatten()
            .map(|package| format!("pip's own `{package}`")),
        "apt" | "apt-get" | "aptitude" | "dnf" | "yum" | "zypper" | "microdnf" => {
            matches!(at(0), "remove" | "purge" | "erase" | "autoremove" | "rm")
                .then(|| removed(ESSENTIAL_PACKAGES))
                .flatten()
                .map(|package| format!("the essential package `{package}`"))
        }
        "apk" => (at(0) == "del")
            .then(|| removed(ESSENTIAL_PACKAGES))
            .flatten()
            .map(|package| format!("the essential package `{package}`")),
        "pacman" => {
            let parsed = args::parse(command.args(), &long_options::PACMAN);
            let targets: Vec<&str> = parsed.operands().map(Word::text).collect();
            parsed
                .has('R', "remove")
                .then(|| removed_from(&targets, ESSENTIAL_PACKAGES))
                .flatten()
                .map(|package| format!("the essential package `{package}`"))
        }
        "dpkg" => removes_by_option(name, command.args())
            .then(|| removed_from(&positional, ESSENTIAL_PACKAGES))
            .flatten()
            .map(|package| format!("the essential package `{package}`")),
        "snap" => (at(0) == "remove")
            .then(|| removed(ESSENTIAL_SNAPS))
            .flatten()
            .map(|package| format!("the snap `{package}` every other snap runs on")),
        "gem" => (at(0) == "uninstall" && (has("--all") || words.iter().any(|w| crate::args::is_bundle_with(w, 'a'))))
            .then(|| "every installed gem".to_owned()),
        "conda" | "mamba" | "micromamba" => {
            let named = words
                .windows(2)
                .find(|pair| matches!(pair[0], "-n" | "--name"))
                .map(|pair| pair[1]);
            let base = named == Some("base");
            let removing = matches!(at(0), "remove" | "uninstall");
            let removes_env = (at(0) == "env" && at(1) == "remove") || (removing && has("--all"));
            if removes_env && base {
                Some("the base environment, conda's own".to_owned())
            } else if removing && (named.is_none() || base) {
                removed(&["conda", "mamba", "micromamba"]).map(|package| format!("`{package}` itself"))
            } else {
                None
            }
        }
        "choco" | "cuninst" => {
            let verb_at = usize::from(name == "choco");
            let packages = positional.get(verb_at..).unwrap_or(&[]);
            if !(name == "cuninst" || at(0) == "uninstall") {
                None
            } else if packages.contains(&"all") {
                Some("every package Chocolatey installed".to_owned())
            } else {
                packages
                    .contains(&"chocolatey")
                    .then(|| "Chocolatey itself, which every package it installed is managed by".to_owned())
            }
        }
        "pipx" => (at(0) == "uninstall-all").then(|| "every application pipx installed".to_owned()),
        "nix-collect-garbage" => {
            let older_than = words
                .windows(2)
                .find(|pair| pair[0] == "--delete-older-than")
                .map(|pair| pair[1])
                .or_else(|| words.iter().find_map(|word| word.strip_prefix("--delete-older-than=")));
            (has("-d") || has("--delete-old") || older_than.is_some_and(is_zero_period))
                .then(|| "every older generation, which a rollback needs".to_owned())
        }
        "nix-env" => {
            let generations = words
                .windows(2)
                .find(|pair| pair[0] == "--delete-generations")
                .map(|pair| pair[1]);
            if generations.is_some_and(|kept| kept == "old" || kept == "+1" || is_zero_period(kept)) {
                Some("every older generation, which a rollback needs".to_owned())
            } else if (has("-e") || has("--uninstall")) && operands_name_everything(&positional) {
                Some("every package of the profile".to_owned())
            } else {
                None
            }
        }
        "nix" if at(0) == "profile" => match at(1) {
            "remove" if has("--all") || operands_name_everything(&positional[2..]) => {
                Some("every package of the profile".to_owned())
            }
            "wipe-history" if !words.iter().any(|word| word.starts_with("--older-than")) => {
                Some("every older generation, which a rollback needs".to_owned())
            }
            _ => None,
        },
        _ => None,
    };
    let what = what.or_else(|| {
        (removes_packages(name, &positional, command.args(), global) && hands_every_package(subject, &words))
            .then(|| "every installed package".to_owned())
    });
    if let Some(what) = what {
        report.flag(
            &TOOLCHAIN_REMOVAL,
            command.span,
            format!("`{name}` would remove {what}"),
        );
    }
}

/// Whether the command removes packages (for `npm`, `pnpm` and `yarn`: global ones).
fn removes_packages(name: &str, positional: &[&str], args: &[Word], global: bool) -> bool {
    let verb = positional.first().copied().unwrap_or("");
    match name {
        "apt" | "apt-get" | "aptitude" | "dnf" | "yum" | "zypper" | "microdnf" => {
            matches!(verb, "remove" | "purge" | "erase" | "autoremove" | "rm")
        }
        "apk" => verb == "del",
        "pacman" | "dpkg" | "rpm" => removes_by_option(name, args),
        "brew" | "snap" | "conda" | "mamba" | "micromamba" | "flatpak" | "scoop" => {
            matches!(verb, "uninstall" | "remove" | "rm")
        }
        "pip" | "pip3" | "gem" | "pipx" | "choco" | "port" => verb == "uninstall",
        "npm" | "pnpm" | "yarn" => {
            global
                && positional
                    .iter()
                    .any(|word| matches!(*word, "uninstall" | "un" | "remove" | "rm" | "r"))
        }
        _ => false,
    }
}

/// Whether `pacman`, `dpkg` or `rpm` is told to remove packages (`pacman -Rns`, `pacman -dR`,
/// `pacman --rem`, `dpkg --purge`, `rpm -e`).
fn removes_by_option(name: &str, args: &[Word]) -> bool {
    let words: Vec<&str> = args.iter().map(Word::text).collect();
    match name {
        "pacman" => crate::args::parse(args, &long_options::PACMAN).has('R', "remove"),
        "rpm" => words
            .iter()
            .any(|word| *word == "--erase" || (word.starts_with("-e") && !word.starts_with("--"))),
        _ => words
            .iter()
            .any(|word| matches!(*word, "--purge" | "-P" | "--remove" | "-r")),
    }
}

/// The first operand that removes a package of `list`, by name (`libc6:amd64`) or by a pattern
/// the package manager matches against every package (`'python3*'`).
fn removed_from<'a>(operands: &[&'a str], list: &[&str]) -> Option<&'a str> {
    operands.iter().copied().find(|operand| {
        let package = package_name(operand);
        list.contains(&package)
            || (package.contains(['*', '?', '[']) && list.iter().any(|essential| glob_matches(package, essential)))
    })
}

/// Whether nix's operands name every package (`nix-env -e '.*'`, `nix profile remove '*'`).
fn operands_name_everything(operands: &[&str]) -> bool {
    operands.iter().any(|operand| matches!(*operand, ".*" | "*" | "'.*'"))
}

/// Whether a nix period (`0d`) keeps nothing older than now.
fn is_zero_period(period: &str) -> bool {
    period
        .strip_suffix('d')
        .is_some_and(|days| !days.is_empty() && days.chars().all(|c| c == '0'))
}

/// Whether the list of every installed package reaches the command: as an operand (`$(brew
/// list)`, `` `pacman -Qq` ``, `<(pip freeze)`), or through a pipe into `xargs` running it or
/// into its `-` operand (`pacman -Qq | pacman -Rns -`).
fn hands_every_package(subject: &Subject, words: &[&str]) -> bool {
    let substituted = words.iter().any(|word| {
        let inner = word
            .trim_matches('"')
            .strip_prefix("$(")
            .or_else(|| word.strip_prefix("<("))
            .and_then(|rest| rest.strip_suffix(')'))
            .or_else(|| word.strip_prefix('`').and_then(|rest| rest.strip_suffix('`')));
        inner.is_some_and(|inner| {
            let mut stages = inner
                .split('|')
                .map(|stage| shell_words::split(stage).unwrap_or_default());
            stages.next().is_some_and(|listing| lists_every_package(&listing))
                && stages.all(|stage| {
                    stage
                        .split_first()
                        .is_some_and(|(program, args)| keeps_every_line(program, args))
                })
        })
    });
    substituted || piped_every_package(subject, words)
}

/// Whether a pipeline hands the command the list of every installed package.
fn piped_every_package(subject: &Subject, words: &[&str]) -> bool {
    let commands = &subject.analysis.commands;
    let command = subject.command;
    let reader = match command.parent {
        Some(parent) if commands[parent].name == "xargs" && commands[parent].in_pipeline => parent,
        None if command.in_pipeline && words.contains(&"-") => {
            match commands.iter().position(|other| std::ptr::eq(other, command)) {
                Some(own) => own,
                None => return false,
            }
        }
        _ => return false,
    };
    let parent = commands[reader].parent;
    for (at, stage) in commands[..reader].iter().enumerate().rev() {
        if stage.parent != parent {
            continue;
        }
        if !stage.output_piped {
            return false;
        }
        let args: Vec<String> = stage.args().iter().map(|word| word.text().to_owned()).collect();
        let mut listing = vec![stage.name.clone()];
        listing.extend(args.iter().cloned());
        if lists_every_package(&listing) {
            return true;
        }
        // `xargs -n1 basename`: judged by what it runs.
        let program = match stage.name.as_str() {
            "xargs" => commands[at + 1..]
                .iter()
                .find(|run| run.parent == Some(at))
                .map_or("xargs", |run| run.name.as_str()),
            name => name,
        };
        if !keeps_every_line(program, &args) {
            return false;
        }
    }
    false
}

/// Whether a stage a listing passes through leaves it a list of every package: it reshapes
/// the lines, or drops only a few (`grep -v`).
fn keeps_every_line(program: &str, args: &[String]) -> bool {
    let words: Vec<Word> = args.iter().map(|arg| Word::literal(arg, Span::default())).collect();
    let drops_some = program == "grep" && crate::args::parse(&words, &long_options::GREP).has('v', "invert-match");
    drops_some || RESHAPING_STAGES.contains(&program)
}

/// Whether a command line (program first) prints every package a package manager installed.
fn lists_every_package(listing: &[String]) -> bool {
    let Some((program, args)) = listing.split_first() else {
        return false;
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    if program == "pacman" {
        return is_pacman_listing_all(args);
    }
    EVERY_PACKAGE_LISTINGS.iter().any(|(lister, needed)| {
        *lister == program
            && needed.iter().all(|word| args.iter().any(|arg| arg == word))
            // A package named narrows the listing to it (`brew list wget`).
            && args
                .iter()
                .all(|arg| arg.starts_with('-') || needed.contains(&arg.as_str()))
    })
}

/// Whether a pacman query lists every package, or every explicitly installed one (`-Qq`,
/// `-Qqe`, `--query --quiet`, as getopt reads them); orphans (`-Qdtq`), foreign packages and
/// named ones are a selection.
fn is_pacman_listing_all(args: &[String]) -> bool {
    let words: Vec<Word> = args.iter().map(|arg| Word::literal(arg, Span::default())).collect();
    let parsed = crate::args::parse(&words, &long_options::PACMAN);
    let listing_only = |arg: &Arg| {
        [('Q', "query"), ('q', "quiet"), ('e', "explicit"), ('n', "native")]
            .iter()
            .any(|(short, long)| arg.is_short(*short) || arg.is_long(long))
    };
    parsed.has('Q', "query") && parsed.args.iter().all(listing_only)
}

/// A package as named to a package manager, without a version or architecture
/// (`python3=3.11.2-1`, `bash:amd64`).
fn package_name(package: &str) -> &str {
    package.split(['=', ':']).next().unwrap_or(package)
}
