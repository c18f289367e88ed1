//! Git's command line up to its subcommand: the global options (`-C`, `-c k=v`, `--git-dir`…)
//! end at the subcommand, whose own options its checker reads.

use super::{Tool, Values, read_as};
use crate::command::Command;
use crate::word::Word;

pub const TOOLS: &[Tool] = &[Tool {
    names: &["git"],
    global: Values {
        short: "Cc",
        long: &[
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--exec-path",
            "--config-env",
            "--super-prefix",
            "--list-cmds",
        ],
    },
    subcommands: &[],
    options_anywhere: false,
}];

/// A git command line, read up to its subcommand.
pub struct Invocation<'a> {
    /// The values of `-c key=value` options (also written `-ckey=value`).
    pub config: Vec<Word>,
    /// The values of `--config-env=key=VARIABLE` options: a setting read from the environment.
    pub config_env: Vec<&'a str>,
    /// The folders of `-C DIR` options, in order: git works in the last, each taken from the
    /// one before.
    pub directories: Vec<Word>,
    /// The global options given without a value (`--literal-pathspecs`, `--no-pager`).
    pub switches: Vec<&'a str>,
    /// The subcommand, lowercased (`push`); empty when there is none.
    pub subcommand: String,
    /// The words after the subcommand.
    pub args: &'a [Word],
}

pub fn invocation(command: &Command) -> Invocation<'_> {
    let args = command.args();
    let read = read_as(&TOOLS[0], args);
    let options = read.options();
    // The values of an option, as words (`-ckey=value` gives its value as text only).
    let values_of = |name: &str| -> Vec<Word> {
        options
            .iter()
            .filter(|option| option.name == name)
            .filter_map(|option| match (option.value_word, option.value) {
                (Some(word), _) => Some(word.clone()),
                (None, Some(value)) => Some(Word::literal(value, command.span)),
                (None, None) => None,
            })
            .collect()
    };
    let config = values_of("-c");
    let config_env = options
        .iter()
        .filter(|option| option.name == "--config-env")
        .filter_map(|option| option.value)
        .collect();
    let directories = values_of("-C");
    let switches = options
        .iter()
        .filter(|option| option.value.is_none())
        .map(|option| option.name)
        .collect();
    let subcommand = read
        .positional()
        .next()
        .map(|word| word.text().to_ascii_lowercase())
        .unwrap_or_default();
    Invocation {
        config,
        config_env,
        directories,
        switches,
        subcommand,
        args: read.after(0),
    }
}

/// A setting git reads from its environment, as if given with `-c`.
pub struct EnvironmentSetting {
    /// The variable that holds the value (`GIT_CONFIG_VALUE_0`, `GIT_CONFIG_PARAMETERS`).
    pub variable: String,
    pub key: String,
    pub value: Word,
}

/// The settings given to git in variables (of one command, or exported): `GIT_CONFIG_COUNT=1
/// GIT_CONFIG_KEY_0=k GIT_CONFIG_VALUE_0=v`, and `GIT_CONFIG_PARAMETERS="'k'='v'"`, which git
/// reads as it reads `-c k=v`.
pub fn environment_settings<'a>(
    variables: impl Iterator<Item = (&'a str, &'a Word)> + Clone,
) -> Vec<EnvironmentSetting> {
    let mut settings = Vec::new();
    for (name, word) in variables.clone() {
        if let Some(index) = name.strip_prefix("GIT_CONFIG_KEY_") {
            let variable = format!("GIT_CONFIG_VALUE_{index}");
            if let Some((_, value)) = variables.clone().find(|(other, _)| *other == variable) {
                settings.push(EnvironmentSetting {
                    variable,
                    key: word.text().to_owned(),
                    value: value.clone(),
                });
            }
        } else if name == "GIT_CONFIG_PARAMETERS" {
            for (key, value) in config_parameters(word.text()) {
                settings.push(EnvironmentSetting {
                    variable: name.to_owned(),
                    key,
                    value: Word::literal(&value, word.span),
                });
            }
        }
    }
    settings
}

/// The settings of `GIT_CONFIG_PARAMETERS`: shell-quoted `'key'='value'` pairs.
fn config_parameters(text: &str) -> Vec<(String, String)> {
    let Ok(words) = shell_words::split(text) else {
        return Vec::new();
    };
    words
        .iter()
        .filter_map(|word| word.split_once('='))
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .collect()
}

/// What a `git config` command line (the words after `config`) writes.
pub enum ConfigWrite<'a> {
    /// `git config KEY VALUE`, `git config set KEY VALUE`, `--add`, `--replace-all`.
    Set { key: &'a Word, value: &'a Word },
    /// `git config --unset KEY`, `--unset-all`, `git config unset KEY`.
    Unset { key: Option<&'a Word> },
}

/// What `git config` writes, if anything: reading and listing (`--get`, `-l`, a key alone)
/// write nothing.
pub fn config_write(args: &[Word]) -> Option<ConfigWrite<'_>> {
    let mut positional: Vec<&Word> = Vec::new();
    let mut unset = false;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        match text {
            "-f" | "--file" | "--blob" | "--type" | "--default" | "--comment" | "--value" => {
                words.next();
            }
            "--unset" | "--unset-all" => unset = true,
            "--get" | "--get-all" | "--get-regexp" | "-l" | "--list" => return None,
            _ if text.starts_with('-') => {}
            _ => positional.push(word),
        }
    }
    match positional.first().map(|word| word.text()) {
        Some("set") => {
            positional.remove(0);
        }
        Some("unset") => {
            positional.remove(0);
            unset = true;
        }
        _ => {}
    }
    match positional[..] {
        _ if unset => Some(ConfigWrite::Unset {
            key: positional.first().copied(),
        }),
        [key, value, ..] => Some(ConfigWrite::Set { key, value }),
        _ => None,
    }
}
