//! Toolchains and package managers removing themselves, the system's essential packages, or
//! everything installed: `rustup self uninstall`, `npm uninstall -g npm`, `pip uninstall pip`,
//! `apt purge systemd`, `brew uninstall $(brew list)`, `nix-collect-garbage -d`. Each asks: what
//! the user's other work runs on goes with it, or the generations a rollback needs.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;

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
    ]),
    check,
    whole_analysis: None,
};

pub static TOOLCHAIN_REMOVAL: Rule = Rule {
    id: "toolchain-removal",
    decision: ASK,
    catches: "Removing a toolchain or package manager itself (`rustup self uninstall`, `npm uninstall -g npm`, `pip uninstall pip`), the system's essential packages (`apt purge systemd`, `pacman -R glibc`), every installed package (`brew uninstall $(brew list)`, `gem uninstall --all`, `conda env remove -n base`), or the generations a rollback needs (`nix-collect-garbage -d`).",
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
    ],
    allowed: &[
        "npm uninstall -g typescript",
        "pip uninstall -y requests",
        "apt-get remove -y nginx",
        "brew uninstall wget",
        "nix-collect-garbage",
        "rustup toolchain list",
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

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let words: Vec<&str> = command.args().iter().map(|word| word.text()).collect();
    // `python3 -m pip uninstall pip` is judged as the `pip` command the registry reads it as.
    let positional: Vec<&str> = words.iter().copied().filter(|text| !text.starts_with('-')).collect();
    let name = command.name.as_str();
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let has = |option: &str| words.contains(&option);
    let operands = positional.get(1..).unwrap_or(&[]);
    let removed = |list: &[&str]| {
        operands
            .iter()
            .copied()
            .find(|package| list.contains(&package_name(package)))
    };
    let everything = operands.iter().copied().find(|word| lists_every_package(word));
    let what = match name {
        "rustup" => (at(0) == "self" && at(1) == "uninstall").then(|| "Rust's toolchains and rustup itself".to_owned()),
        "npm" | "pnpm" | "yarn" => {
            let global = has("-g") || has("--global") || at(0) == "global";
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
        "apt" | "apt-get" | "aptitude" | "dnf" | "yum" | "zypper" => {
            matches!(at(0), "remove" | "purge" | "erase" | "autoremove" | "rm")
                .then(|| removed(ESSENTIAL_PACKAGES))
                .flatten()
                .map(|package| format!("the essential package `{package}`"))
        }
        "apk" => (at(0) == "del")
            .then(|| removed(ESSENTIAL_PACKAGES))
            .flatten()
            .map(|package| format!("the essential package `{package}`")),
        "pacman" => words
            .iter()
            .any(|word| word.starts_with("-R") || *word == "--remove")
            .then(|| {
                positional
                    .iter()
                    .copied()
                    .find(|package| ESSENTIAL_PACKAGES.contains(package))
            })
            .flatten()
            .map(|package| format!("the essential package `{package}`")),
        "brew" => (matches!(at(0), "uninstall" | "remove" | "rm"))
            .then_some(everything)
            .flatten()
            .map(|_| "every package Homebrew installed".to_owned()),
        "gem" => (at(0) == "uninstall" && (has("--all") || words.iter().any(|w| is_bundle_with(w, 'a'))))
            .then(|| "every installed gem".to_owned()),
        "conda" | "mamba" => {
            let base = words
                .windows(2)
                .any(|pair| matches!(pair[0], "-n" | "--name") && pair[1] == "base");
            let removes = (at(0) == "env" && at(1) == "remove") || (at(0) == "remove" && has("--all"));
            (removes && base).then(|| "the base environment, conda's own".to_owned())
        }
        "nix-collect-garbage" => {
            (has("-d") || has("--delete-old")).then(|| "every older generation, which a rollback needs".to_owned())
        }
        "nix-env" => (has("--delete-generations") && positional.contains(&"old"))
            .then(|| "every older generation, which a rollback needs".to_owned()),
        _ => None,
    };
    if let Some(what) = what {
        report.flag(
            &TOOLCHAIN_REMOVAL,
            command.span,
            format!("`{name}` would remove {what}"),
        );
    }
}

/// A package as named to a package manager, without a version or architecture
/// (`python3=3.11.2-1`, `bash:amd64`).
fn package_name(package: &str) -> &str {
    package.split(['=', ':']).next().unwrap_or(package)
}

/// Whether a word is the list of every installed package (`$(brew list)`, `` `brew leaves` ``).
fn lists_every_package(word: &str) -> bool {
    (word.starts_with("$(") || word.starts_with('`')) && (word.contains("brew list") || word.contains("brew leaves"))
}

/// Whether `text` is a bundle of short options (`-aIx`) holding `letter`.
fn is_bundle_with(text: &str, letter: char) -> bool {
    text.strip_prefix('-')
        .is_some_and(|rest| !rest.starts_with('-') && rest.contains(letter))
}
