//! Ansible's ad-hoc commands: `ansible PATTERN -m MODULE -a ARGS` runs one module on the hosts
//! the pattern names (ansible(1)). The `shell` and `raw` modules run their arguments as shell
//! code, `command` (the default module) runs them as a command line, `script` runs a local
//! script there, and `file` with `state=absent` deletes its `path` as `rm -rf` does. The hosts
//! are this machine with `-c local` or when they are `localhost`; other hosts are reached over
//! ssh, and what runs there is judged as any command run on another machine.

use super::Execution;
use crate::args::{self, Options};
use crate::command::Command;
use crate::word::Word;

/// `ansible`'s options that take a value (ansible(1)).
const OPTIONS: Options = Options::gnu(
    "maicufBPelMtT",
    &[
        "module-name",
        "args",
        "inventory",
        "inventory-file",
        "connection",
        "user",
        "forks",
        "background",
        "poll",
        "extra-vars",
        "limit",
        "module-path",
        "tree",
        "timeout",
        "become-method",
        "become-user",
        "private-key",
        "key-file",
        "ssh-common-args",
        "sftp-extra-args",
        "scp-extra-args",
        "ssh-extra-args",
        "vault-id",
        "vault-password-file",
        "playbook-dir",
        "task-timeout",
        "connection-password-file",
        "become-password-file",
    ],
);

/// The parameters of the `command` and `shell` modules that a free-form argument string may
/// hold besides the command (ansible.builtin.command's documentation).
const COMMAND_PARAMETERS: &[&str] = &[
    "chdir",
    "creates",
    "removes",
    "executable",
    "warn",
    "stdin",
    "stdin_add_newline",
    "strip_empty_ends",
    "expand_argument_vars",
];

/// Names that stand for this machine in a host pattern or an inventory list.
const LOCAL_HOSTS: &[&str] = &["localhost", "127.0.0.1", "::1"];

/// What an `ansible` ad-hoc command runs, or `None` for other commands.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    if command.name != "ansible" {
        return None;
    }
    let parsed = args::parse(command.args(), &OPTIONS);
    let Some(arguments) = parsed.value_of('a', "args") else {
        return Some(Vec::new());
    };
    let module = parsed.value_of('m', "module-name").map_or("command", Word::text);
    let module = module.rsplit('.').next().unwrap_or(module);
    let via = format!("ansible -m {module}");
    let words = shell_words::split(arguments.text())
        .unwrap_or_else(|_| arguments.text().split_whitespace().map(str::to_owned).collect());
    let parameter = |key: &str| {
        words
            .iter()
            .find_map(|word| word.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
    };
    Some(match module {
        "shell" | "command" => {
            let code: Vec<&str> = words
                .iter()
                .filter(|word| {
                    word.split_once('=')
                        .is_none_or(|(key, _)| !COMMAND_PARAMETERS.contains(&key) && key != "cmd")
                })
                .map(String::as_str)
                .collect();
            let mut line = parameter("cmd").map_or_else(|| code.join(" "), str::to_owned);
            if let Some(folder) = parameter("chdir") {
                line = format!("cd {} && {line}", shell_words::quote(folder));
            }
            vec![Execution::Code {
                via,
                words: vec![Word::literal(&line, arguments.span)],
                positional: Vec::new(),
                current_shell: false,
            }]
        }
        "raw" => vec![Execution::Code {
            via,
            words: vec![arguments.clone()],
            positional: Vec::new(),
            current_shell: false,
        }],
        "script" => words
            .first()
            .map(|script| Execution::Script {
                path: Word::literal(script, arguments.span),
            })
            .into_iter()
            .collect(),
        "file" if parameter("state") == Some("absent") => ["path", "dest", "name"]
            .iter()
            .find_map(|key| parameter(key))
            .map(|path| Execution::Command {
                via,
                argv: ["rm", "-rf", path]
                    .iter()
                    .map(|word| Word::literal(word, arguments.span))
                    .collect(),
                assignments: Vec::new(),
                cwd: None,
            })
            .into_iter()
            .collect(),
        _ => Vec::new(),
    })
}

/// Whether an `ansible` command's hosts are other machines: a connection other than `local`,
/// to hosts other than `localhost`.
pub fn runs_remotely(command: &Command) -> bool {
    if command.name != "ansible" {
        return false;
    }
    let parsed = args::parse(command.args(), &OPTIONS);
    if let Some(connection) = parsed.value_of('c', "connection") {
        return !connection.is("local");
    }
    let local = |hosts: &str| {
        let mut names = hosts.split([',', ':']).map(str::trim).filter(|name| !name.is_empty());
        names.clone().next().is_some() && names.all(|name| LOCAL_HOSTS.contains(&name))
    };
    let pattern_is_local = parsed.operands().next().is_some_and(|pattern| local(pattern.text()));
    let inventory_is_local = parsed
        .value_of('i', "inventory")
        .is_some_and(|inventory| inventory.text().contains(',') && local(inventory.text()));
    !(pattern_is_local || inventory_is_local)
}
