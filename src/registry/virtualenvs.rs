//! Virtual environment creators told to empty their folder first: `python3 -m venv --clear DIR`
//! deletes everything inside DIR before it makes the environment (judged as `rm -rf DIR/*`),
//! `virtualenv --clear DIR` and `uv venv --clear DIR` delete DIR itself (judged as `rm -rf DIR`).
//! A folder that does not exist yet (`.venv`) loses nothing.

use super::Execution;
use crate::args::{self, Options};
use crate::command::Command;
use crate::word::{Part, Quoting, Word};

/// `virtualenv`'s options that take a value (virtualenv's user guide, "CLI flags").
const VIRTUALENV_OPTIONS: Options = Options::gnu(
    "p",
    &[
        "app-data",
        "discovery",
        "python",
        "try-first-with",
        "creator",
        "seeder",
        "pip",
        "setuptools",
        "wheel",
        "extra-search-dir",
        "activators",
        "prompt",
    ],
);

/// `uv venv`'s options that take a value (uv's command reference).
const UV_VENV_OPTIONS: Options = Options::gnu(
    "pif",
    &[
        "python",
        "prompt",
        "index",
        "default-index",
        "index-url",
        "extra-index-url",
        "find-links",
        "index-strategy",
        "keyring-provider",
        "exclude-newer",
        "exclude-newer-package",
        "link-mode",
        "cache-dir",
        "directory",
        "project",
        "config-file",
        "color",
        "allow-insecure-host",
        "python-preference",
    ],
);

/// What `virtualenv --clear DIR` and `uv venv --clear [DIR]` delete, or `None` for other commands.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let args = command.args();
    match command.name.as_str() {
        "virtualenv" => Some(virtualenv("virtualenv", args)),
        "uv" if args.first().is_some_and(|word| word.is("venv")) => {
            let parsed = args::parse(&args[1..], &UV_VENV_OPTIONS);
            let cleared_by_environment = command.environment().any(|(name, value)| {
                name == "UV_VENV_CLEAR"
                    && matches!(value.text().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on")
            });
            if !(parsed.has('c', "clear") || cleared_by_environment) {
                return Some(Vec::new());
            }
            let folder = parsed
                .operands()
                .next()
                .cloned()
                .unwrap_or_else(|| Word::literal(".venv", command.span));
            Some(vec![deletes("uv venv --clear", vec![folder])])
        }
        _ => None,
    }
}

/// `virtualenv [options] DIR`: with `--clear`, DIR is deleted first.
fn virtualenv(via: &str, args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(args, &VIRTUALENV_OPTIONS);
    if !parsed.has_long("clear") {
        return Vec::new();
    }
    let folders: Vec<Word> = parsed.operands().cloned().collect();
    if folders.is_empty() {
        return Vec::new();
    }
    vec![deletes(&format!("{via} --clear"), folders)]
}

/// `python -m venv [options] DIR…` (or `-m virtualenv`): what `--clear` deletes. The standard
/// library's `venv` empties each DIR (its argparse takes `--cl`, `--cle`… for `--clear`).
pub fn python_module(name: &str, module: &str, rest: &[Word]) -> Option<Execution> {
    if module == "virtualenv" {
        return virtualenv(&format!("{name} -m virtualenv"), rest).into_iter().next();
    }
    let mut clear = false;
    let mut folders = Vec::new();
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        match word.value() {
            Some("--") => {
                folders.extend(words.by_ref().cloned());
            }
            Some(option) if option.len() >= 4 && "--clear".starts_with(option) => clear = true,
            Some("--prompt") => {
                words.next();
            }
            Some(option) if option.starts_with('-') => {}
            _ => folders.push(word.clone()),
        }
    }
    if !clear || folders.is_empty() {
        return None;
    }
    let contents = folders.iter().map(everything_in).collect();
    Some(deletes(&format!("{name} -m venv --clear"), contents))
}

/// `rm -rf` of the folders, run for `via`.
fn deletes(via: &str, folders: Vec<Word>) -> Execution {
    let span = folders[0].span;
    let mut argv = vec![Word::literal("rm", span), Word::literal("-rf", span)];
    argv.extend(folders);
    Execution::Command {
        via: via.to_owned(),
        argv,
        assignments: Vec::new(),
        cwd: None,
    }
}

/// `DIR/*`: every file in the folder, as a glob.
fn everything_in(folder: &Word) -> Word {
    let mut parts = folder.clone().into_parts();
    parts.push(Part::Literal {
        text: "/*".to_owned(),
        quoting: Quoting::Bare,
        span: folder.span,
    });
    Word::from_parts(parts, folder.span)
}
