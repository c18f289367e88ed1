//! The languages of code a command can run, and which programs run which.

/// The language of code a command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Shell,
    Python,
    /// JavaScript as node, deno and bun run it.
    JavaScript,
    Ruby,
    Perl,
    Php,
    Lua,
    Awk,
}

impl Language {
    /// The language an interpreter of this program name runs.
    pub fn of_interpreter(name: &str) -> Option<Language> {
        let versioned = |prefix: &str| {
            name.strip_prefix(prefix)
                .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'))
        };
        Some(match name {
            _ if versioned("python") || versioned("pypy") => Language::Python,
            "node" | "nodejs" | "deno" | "bun" => Language::JavaScript,
            _ if versioned("ruby") => Language::Ruby,
            _ if versioned("perl") => Language::Perl,
            _ if versioned("php") => Language::Php,
            _ if versioned("lua") || versioned("luajit") => Language::Lua,
            "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => Language::Awk,
            _ => return None,
        })
    }

    /// The language a `#!` line names (`#!/usr/bin/env python3`, `#!/bin/bash -e`).
    pub fn of_shebang(line: &str) -> Option<Language> {
        let line = line.strip_prefix("#!")?.trim();
        let mut words = line.split_whitespace();
        let mut program = words.next()?.rsplit('/').next()?;
        if program == "env" {
            program = words.find(|w| !w.starts_with('-') && !w.contains('='))?;
        }
        if is_shell(program) {
            return Some(Language::Shell);
        }
        Language::of_interpreter(program)
    }

    /// The language a script's file name suggests, for scripts without a `#!` line.
    pub fn of_extension(path: &str) -> Option<Language> {
        let extension = path.rsplit_once('.')?.1;
        Some(match extension {
            "sh" | "bash" | "zsh" | "ksh" => Language::Shell,
            "py" => Language::Python,
            "js" | "mjs" | "cjs" => Language::JavaScript,
            "rb" => Language::Ruby,
            "pl" | "pm" => Language::Perl,
            "php" => Language::Php,
            "lua" => Language::Lua,
            "awk" => Language::Awk,
            _ => return None,
        })
    }
}

/// Shells that take `-c`, a script, or standard input.
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "pdksh",
    "ash",
    "fish",
    "rbash",
    "yash",
    "tcsh",
    "csh",
    "busybox-sh",
];

/// Whether `name` is a shell that runs `-c` strings, scripts and standard input.
pub fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}
