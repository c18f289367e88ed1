//! Reading a git command line: the global options before the subcommand (`-C`, `-c k=v`,
//! `--git-dir`…), the subcommand, aliases defined on the command line
//! (`git -c alias.x='!rm -rf ~' x`), which run shell code or another git command, settings
//! whose value git runs through a shell (`-c core.sshCommand=…`, `GIT_SSH_COMMAND=…`), and
//! settings that name what git runs or reads: the hooks folder (`core.hooksPath`), a template
//! whose hooks a new repository gets (`init.templateDir`, `--template`), and configuration files
//! included with their own settings (`include.path`).

use super::Execution;
use crate::command::Command;
use crate::source::Span;
use crate::tools::git::{Invocation, environment_settings, invocation};
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
    "core.alternaterefscommand",
    "gpg.ssh.defaultkeycommand",
    "imap.tunnel",
    "tar.*.command",
    "uploadpack.packobjectshook",
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
    let subcommand = invocation.subcommand.as_str();
    let mut found = Vec::new();
    for setting in &invocation.config {
        let text = setting.text();
        let Some((key, _)) = text.split_once('=') else {
            continue;
        };
        let value = setting.strip_prefix(key.len() + 1);
        found.extend(setting_executions(&format!("git -c {key}"), key, value, subcommand));
    }
    // `--config-env=KEY=VARIABLE`: the value is the variable's, set on this command or unknown.
    for setting in &invocation.config_env {
        let Some((key, variable)) = setting.split_once('=') else {
            continue;
        };
        let via = format!("git --config-env={key}");
        match command.environment().find(|(name, _)| *name == variable) {
            Some((_, value)) => found.extend(setting_executions(&via, key, value.clone(), subcommand)),
            None if runs_or_names_code(key) => found.push(Execution::Unverifiable {
                what: format!("{via} takes its value from ${variable}, only known when it runs"),
            }),
            None => {}
        }
    }
    // Settings given in the environment: `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=k
    // GIT_CONFIG_VALUE_0=v`, and `GIT_CONFIG_PARAMETERS="'k'='v'"`.
    for setting in environment_settings(command.environment()) {
        found.extend(setting_executions(
            &format!("{}= git", setting.variable),
            &setting.key,
            setting.value,
            subcommand,
        ));
    }
    for (name, value) in command.environment() {
        if COMMAND_VARIABLES.contains(&name) {
            found.push(code(&format!("{name}= git"), value.clone()));
        }
        if name == "GIT_TEMPLATE_DIR" {
            found.extend(template_hooks("GIT_TEMPLATE_DIR= git", value.clone(), subcommand));
        }
        // A file read in place of `~/.gitconfig` or `/etc/gitconfig`: its settings count as an
        // included file's do (`core.fsmonitor`, aliases, `core.hooksPath`).
        if matches!(name, "GIT_CONFIG_GLOBAL" | "GIT_CONFIG_SYSTEM") && !value.is("/dev/null") {
            found.push(Execution::GitConfigFile {
                via: format!("{name}= git"),
                path: value.clone(),
                subcommand: subcommand.to_owned(),
            });
        }
    }
    if subcommand == "config" {
        found.extend(config_execution(invocation.args));
    }
    if let Some(template) = template_option(invocation.args) {
        found.extend(template_hooks(
            &format!("git {subcommand} --template"),
            template,
            subcommand,
        ));
    }
    found.extend(alias_execution(&invocation, command));
    let values = invocation.config.iter().chain(invocation.args);
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

/// What setting `key` to `value` makes git run for `subcommand`: the value of a key that holds
/// a command, an alias or credential helper starting with `!`, the hooks of a hooks or template
/// folder, the settings of an included file.
pub fn setting_executions(via: &str, key: &str, value: Word, subcommand: &str) -> Vec<Execution> {
    let key = key.to_ascii_lowercase();
    if key == "core.hookspath" {
        return hooks(via, value, subcommand, "");
    }
    if key == "init.templatedir" {
        return template_hooks(via, value, subcommand);
    }
    if is_include(&key) {
        return vec![Execution::GitConfigFile {
            via: via.to_owned(),
            path: value,
            subcommand: subcommand.to_owned(),
        }];
    }
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
        return vec![code(via, Word::literal(&program, value.span))];
    }
    // `submodule.NAME.update` runs a command given as `!COMMAND` (from the configuration, not
    // from `.gitmodules`).
    let runs = COMMAND_KEYS.iter().any(|pattern| key_matches(pattern, &key))
        || (bang && (helper || key.starts_with("alias.") || key_matches("submodule.*.update", &key)));
    if runs {
        vec![code(via, value.strip_prefix(usize::from(bang)))]
    } else {
        Vec::new()
    }
}

/// Whether a key's value (`key` in lowercase) is a command git runs: a key of
/// [`COMMAND_KEYS`], an alias, a credential helper.
pub(crate) fn holds_command(key: &str) -> bool {
    COMMAND_KEYS.iter().any(|pattern| key_matches(pattern, key))
        || key.starts_with("alias.")
        || (key.starts_with("credential.") && key.ends_with(".helper"))
}

/// Whether a key's value is a command, or names what git runs or reads settings from.
fn runs_or_names_code(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    holds_command(&key) || matches!(key.as_str(), "core.hookspath" | "init.templatedir") || is_include(&key)
}

/// `include.path` and `includeIf.<condition>.path` (the condition may hold dots).
pub(crate) fn is_include(key: &str) -> bool {
    key == "include.path" || (key.starts_with("includeif.") && key.ends_with(".path"))
}

/// The hooks git runs from every hook folder, with the subcommands that run each (githooks(5));
/// `git config` runs none itself, but the hooks it points at run from then on.
pub(crate) const HOOKS: &[(&str, &[&str])] = &[
    ("pre-commit", &["commit", "rebase", "cherry-pick", "revert"]),
    (
        "prepare-commit-msg",
        &["commit", "merge", "pull", "rebase", "cherry-pick", "revert"],
    ),
    (
        "commit-msg",
        &["commit", "merge", "pull", "rebase", "cherry-pick", "revert"],
    ),
    ("post-commit", &["commit", "rebase", "cherry-pick", "revert"]),
    ("pre-merge-commit", &["merge", "pull"]),
    ("post-merge", &["merge", "pull"]),
    ("pre-rebase", &["rebase", "pull"]),
    ("post-rewrite", &["commit", "rebase", "pull", "am"]),
    (
        "post-checkout",
        &["checkout", "switch", "clone", "worktree", "rebase", "pull"],
    ),
    ("applypatch-msg", &["am"]),
    ("pre-applypatch", &["am"]),
    ("post-applypatch", &["am"]),
    ("pre-push", &["push"]),
    ("sendemail-validate", &["send-email"]),
    (
        "post-index-change",
        &["add", "reset", "checkout", "switch", "restore", "rm", "mv", "stash"],
    ),
    (
        "reference-transaction",
        &[
            "commit",
            "merge",
            "pull",
            "fetch",
            "checkout",
            "switch",
            "clone",
            "worktree",
            "rebase",
            "am",
            "cherry-pick",
            "revert",
            "reset",
            "branch",
            "tag",
            "update-ref",
            "stash",
            "push",
            "notes",
        ],
    ),
    (
        "pre-auto-gc",
        &[
            "gc",
            "commit",
            "merge",
            "pull",
            "fetch",
            "rebase",
            "am",
            "cherry-pick",
            "revert",
        ],
    ),
];

/// The hooks in folder `dir` (below `inner` in it) that `subcommand` runs; all of them for
/// `git config`, which points later commands at them. `/dev/null` or an empty value turns hooks off.
fn hooks(via: &str, dir: Word, subcommand: &str, inner: &str) -> Vec<Execution> {
    if dir.value().is_some_and(|text| text.is_empty() || text == "/dev/null") {
        return Vec::new();
    }
    let names: Vec<String> = HOOKS
        .iter()
        .filter(|(_, subcommands)| subcommand == "config" || subcommands.contains(&subcommand))
        .map(|(name, _)| format!("{inner}{name}"))
        .collect();
    if names.is_empty() {
        return Vec::new();
    }
    vec![Execution::Hooks {
        via: via.to_owned(),
        dir,
        names,
    }]
}

/// The hooks of template folder `dir`, copied into the repository `git init` or `git clone`
/// makes (and by every later one, when `git config` sets the template): they run from then on.
fn template_hooks(via: &str, dir: Word, subcommand: &str) -> Vec<Execution> {
    match subcommand {
        "init" | "clone" | "config" | "submodule" => hooks(via, dir, "config", "hooks/"),
        _ => Vec::new(),
    }
}

/// The value of `--template DIR` or `--template=DIR` among a subcommand's words.
fn template_option(args: &[Word]) -> Option<Word> {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word.is("--") {
            return None;
        }
        if word.is("--template") {
            return words.next().cloned();
        }
        if word.text().starts_with("--template=") {
            return Some(word.strip_prefix("--template=".len()));
        }
    }
    None
}

/// The settings of a git configuration file, as `(section[.subsection].key, value)` pairs:
/// `[section]` or `[section "subsection"]` headers, `key = value` lines (a bare key is `true`),
/// comments after `#` or `;`, double quotes, backslash escapes and line continuations.
pub fn config_file_settings(text: &str) -> Vec<(String, String)> {
    let mut settings = Vec::new();
    let mut section = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim_start();
        if let Some(header) = line.strip_prefix('[') {
            let header = header.split(']').next().unwrap_or_default();
            section = match header.split_once(char::is_whitespace) {
                Some((name, sub)) => format!("{}.{}", name.to_ascii_lowercase(), sub.trim().trim_matches('"')),
                None => header.to_ascii_lowercase(),
            };
            continue;
        }
        if line.is_empty() || line.starts_with(['#', ';']) {
            continue;
        }
        let (name, rest) = line.split_once('=').unwrap_or((line, ""));
        let name = name.trim().to_ascii_lowercase();
        if name.is_empty() || section.is_empty() {
            continue;
        }
        let mut raw = rest.to_owned();
        // A backslash at the end of a line continues the value on the next.
        while raw.ends_with('\\') && !raw.ends_with("\\\\") {
            raw.pop();
            raw.push_str(lines.next().unwrap_or_default());
        }
        let value = if line.contains('=') {
            config_value(&raw)
        } else {
            "true".to_owned()
        };
        settings.push((format!("{section}.{name}"), value));
    }
    settings
}

/// A configuration value as git reads it: quotes removed, escapes decoded, a comment dropped,
/// the surrounding white space trimmed.
fn config_value(raw: &str) -> String {
    let mut value = String::new();
    let mut quoted = false;
    let mut characters = raw.trim().chars();
    while let Some(character) = characters.next() {
        match character {
            '"' => quoted = !quoted,
            '#' | ';' if !quoted => break,
            '\\' => match characters.next() {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some('b') => value.push('\u{8}'),
                Some(other) => value.push(other),
                None => {}
            },
            other => value.push(other),
        }
    }
    value.trim_end().to_owned()
}

/// `git config [--global…] KEY VALUE` and `git config set KEY VALUE`: a key that holds a
/// command, set to run something, or that names hooks or a file of settings.
fn config_execution(args: &[Word]) -> Vec<Execution> {
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
        [key, value] => setting_executions(
            &format!("git config {}", key.text()),
            key.text(),
            (*value).clone(),
            "config",
        ),
        _ => Vec::new(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configuration_files_are_read_as_git_reads_them() {
        let text = "# comment\n[core]\n\tpager = \"less -R\" ; note\n\tbare\n[alias \"Sub.X\"]\n\tst = !a \\\n b\n";
        assert_eq!(
            config_file_settings(text),
            [
                ("core.pager".to_owned(), "less -R".to_owned()),
                ("core.bare".to_owned(), "true".to_owned()),
                ("alias.Sub.X.st".to_owned(), "!a  b".to_owned()),
            ]
        );
    }
}
