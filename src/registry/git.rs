//! Reading a git command line: the global options before the subcommand (`-C`, `-c k=v`,
//! `--git-dir`…), the subcommand, aliases defined on the command line
//! (`git -c alias.x='!rm -rf ~' x`), which run shell code or another git command, and settings
//! whose value git runs through a shell (`-c core.sshCommand=…`, `GIT_SSH_COMMAND=…`).

use super::Execution;
use crate::command::Command;
use crate::source::Span;
use crate::tools::git::{Invocation, invocation};
use crate::word::Word;

/// Configuration keys whose value git runs as a shell command (`*` stands for any name).
const COMMAND_KEYS: &[&str] = &[
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.fsmonitor",
    "core.askpass",
    "sequence.editor",
    "diff.external",
    "gpg.program",
    "pager.*",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "diff.*.textconv",
    "diff.*.command",
    "merge.*.driver",
    "mergetool.*.cmd",
    "difftool.*.cmd",
    "core.gitproxy",
    "gpg.ssh.program",
    "gpg.x509.program",
    "remote.*.uploadpack",
    "remote.*.receivepack",
    "browser.*.cmd",
    "man.*.cmd",
    "sendemail.tocmd",
    "sendemail.cccmd",
    "sendemail.sendmailcmd",
    "interactive.difffilter",
    "trailer.*.command",
    "trailer.*.cmd",
    "mergetool.*.path",
    "difftool.*.path",
];

/// Environment variables whose value git runs as a shell command.
const COMMAND_VARIABLES: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "GIT_PROXY_COMMAND",
    "GIT_SSH",
];

/// Everything a git command line runs besides git itself: the command-line alias of its
/// subcommand, and the shell commands set by `-c` and environment variables.
pub fn executions(command: &Command) -> Vec<Execution> {
    let invocation = invocation(command);
    let mut found = Vec::new();
    for setting in &invocation.config {
        let text = setting.text();
        let Some((key, _)) = text.split_once('=') else {
            continue;
        };
        let value = setting.strip_prefix(key.len() + 1);
        found.extend(setting_execution(&format!("git -c {key}"), key, value));
    }
    // Settings given in the environment: `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=k
    // GIT_CONFIG_VALUE_0=v`, and `GIT_CONFIG_PARAMETERS="'k'='v'"`.
    for (name, key) in &command.assignments {
        let Some(index) = name.strip_prefix("GIT_CONFIG_KEY_") else {
            continue;
        };
        let value_name = format!("GIT_CONFIG_VALUE_{index}");
        if let Some((_, value)) = command.assignments.iter().find(|(n, _)| *n == value_name) {
            found.extend(setting_execution(
                &format!("{value_name}= git"),
                key.text(),
                value.clone(),
            ));
        }
    }
    for (name, value) in &command.assignments {
        if name == "GIT_CONFIG_PARAMETERS" {
            for (key, setting) in config_parameters(value.text()) {
                found.extend(setting_execution(
                    "GIT_CONFIG_PARAMETERS= git",
                    &key,
                    Word::literal(&setting, value.span),
                ));
            }
        }
        if COMMAND_VARIABLES.contains(&name.as_str()) {
            found.push(code(&format!("{name}= git"), value.clone()));
        }
    }
    if invocation.subcommand == "config" {
        found.extend(config_execution(invocation.args));
    }
    found.extend(alias_execution(&invocation, command));
    let values = invocation.config.iter().copied().chain(invocation.args);
    found.extend(values.filter_map(ext_remote_execution));
    found
}

/// A remote URL `ext::COMMAND ARGS` (in an operand, an `--option=`'s value, a setting's value
/// or a `url.ext::….insteadOf` key): git runs COMMAND with ARGS to reach the remote. Its words are separated by spaces,
/// `% ` is a space inside a word, `%%` a percent sign and `%s`/`%S` the service git asks for.
fn ext_remote_execution(word: &Word) -> Option<Execution> {
    let text = word.text();
    let start = text.find("ext::")?;
    // `url.ext::CMD.insteadOf=URL` (a setting or `git config` key) rewrites URL to the remote.
    let url_key = text[..start].eq_ignore_ascii_case("url.");
    if start > 0 && !text[..start].ends_with('=') && !url_key {
        return None;
    }
    let mut remote = &text[start + "ext::".len()..];
    if url_key {
        let lowered = remote.to_ascii_lowercase();
        let end = lowered
            .rfind(".insteadof")
            .or_else(|| lowered.rfind(".pushinsteadof"))?;
        remote = &remote[..end];
    }
    let mut argv: Vec<String> = vec![String::new()];
    let mut characters = remote.chars();
    while let Some(character) = characters.next() {
        match character {
            ' ' if argv.last().is_some_and(|last| !last.is_empty()) => argv.push(String::new()),
            ' ' => {}
            '%' => match characters.next() {
                Some('s') => argv.last_mut()?.push_str("git-upload-pack"),
                Some('S') => argv.last_mut()?.push_str("upload-pack"),
                Some(other) => argv.last_mut()?.push(other),
                None => {}
            },
            other => argv.last_mut()?.push(other),
        }
    }
    argv.retain(|piece| !piece.is_empty());
    (!argv.is_empty()).then(|| Execution::Command {
        via: "git ext:: remote".to_owned(),
        argv: argv.iter().map(|piece| Word::literal(piece, word.span)).collect(),
        assignments: Vec::new(),
        cwd: None,
    })
}

/// What setting `key` to `value` makes git run: the value of a key that holds a command, an
/// alias or credential helper starting with `!`.
fn setting_execution(via: &str, key: &str, value: Word) -> Option<Execution> {
    let key = key.to_ascii_lowercase();
    let bang = value.text().starts_with('!');
    // A credential helper not starting with `!` is a program git runs through the shell: an
    // absolute path as written, any other name as `git credential-NAME` (`store` writes every
    // password it is given to `~/.git-credentials`).
    // `credential.<url>.helper`: the URL may hold dots.
    let helper = key.starts_with("credential.") && key.ends_with(".helper");
    if helper && !bang && !value.text().trim().is_empty() {
        let text = value.text().trim();
        let program = if text.starts_with(['/', '~']) || text.get(1..3) == Some(":\\") {
            text.to_owned()
        } else {
            format!("git credential-{text}")
        };
        return Some(code(via, Word::literal(&program, value.span)));
    }
    let runs = COMMAND_KEYS.iter().any(|pattern| key_matches(pattern, &key))
        || (bang && (helper || key.starts_with("alias.")));
    runs.then(|| code(via, value.strip_prefix(usize::from(bang))))
}

/// `git config [--global…] KEY VALUE` and `git config set KEY VALUE`: a key that holds a
/// command, set to run something.
fn config_execution(args: &[Word]) -> Option<Execution> {
    const VALUE_OPTIONS: &[&str] = &["-f", "--file", "--blob", "--type", "--default", "--comment", "--value"];
    let mut operands = Vec::new();
    let mut index = 0;
    while index < args.len() {
        let text = args[index].text();
        if VALUE_OPTIONS.contains(&text) {
            index += 2;
            continue;
        }
        if !text.starts_with('-') {
            operands.push(&args[index]);
        }
        index += 1;
    }
    if operands.first().is_some_and(|word| word.is("set")) {
        operands.remove(0);
    }
    match operands.as_slice() {
        [key, value] => setting_execution(&format!("git config {}", key.text()), key.text(), (*value).clone()),
        _ => None,
    }
}

/// The settings of `GIT_CONFIG_PARAMETERS`: `'key'='value'` pairs separated by spaces.
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

fn code(via: &str, word: Word) -> Execution {
    Execution::Code {
        via: via.to_owned(),
        words: vec![word],
        positional: Vec::new(),
        current_shell: false,
    }
}

/// Whether a configuration key matches a pattern of [`COMMAND_KEYS`].
fn key_matches(pattern: &str, key: &str) -> bool {
    let pattern: Vec<&str> = pattern.split('.').collect();
    let key: Vec<&str> = key.split('.').collect();
    match (pattern.as_slice(), key.as_slice()) {
        ([section, "*"], [s, _]) => section == s,
        ([section, "*", last], [s, _, l]) => section == s && last == l,
        _ => pattern == key,
    }
}

/// What an alias defined with `-c alias.NAME=…` for the subcommand runs.
fn alias_execution(invocation: &Invocation, command: &Command) -> Option<Execution> {
    if invocation.subcommand.is_empty() {
        return None;
    }
    let key = format!("alias.{}=", invocation.subcommand);
    let definition = invocation.config.iter().rev().find(|word| {
        word.text()
            .get(..key.len())
            .is_some_and(|k| k.eq_ignore_ascii_case(&key))
    })?;
    let value = definition.strip_prefix(key.len());
    if value.text().starts_with('!') {
        let mut words = vec![value.strip_prefix(1)];
        words.extend(invocation.args.iter().cloned());
        return Some(Execution::Code {
            via: format!("git alias {}", invocation.subcommand),
            words,
            positional: Vec::new(),
            current_shell: false,
        });
    }
    let span: Span = value.span;
    let mut argv = vec![Word::literal("git", command.span)];
    match shell_words::split(value.text()) {
        Ok(pieces) => argv.extend(pieces.iter().map(|piece| Word::literal(piece, span))),
        Err(_) => argv.push(value),
    }
    argv.extend(invocation.args.iter().cloned());
    Some(Execution::Command {
        via: format!("git alias {}", invocation.subcommand),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}
