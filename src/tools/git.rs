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
    /// The values of `-c key=value` options.
    pub config: Vec<&'a Word>,
    /// The values of `--config-env=key=VARIABLE` options: a setting read from the environment.
    pub config_env: Vec<&'a str>,
    /// The subcommand, lowercased (`push`); empty when there is none.
    pub subcommand: String,
    /// The words after the subcommand.
    pub args: &'a [Word],
}

pub fn invocation(command: &Command) -> Invocation<'_> {
    let args = command.args();
    let read = read_as(&TOOLS[0], args);
    let options = read.options();
    let config = options
        .iter()
        .filter(|option| option.name == "-c")
        .filter_map(|option| option.value_word)
        .collect();
    let config_env = options
        .iter()
        .filter(|option| option.name == "--config-env")
        .filter_map(|option| option.value)
        .collect();
    let subcommand = read
        .positional()
        .next()
        .map(|word| word.text().to_ascii_lowercase())
        .unwrap_or_default();
    Invocation {
        config,
        config_env,
        subcommand,
        args: read.after(0),
    }
}
