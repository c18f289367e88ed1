//! Secrets written into configuration the project shares: an agent's `mcp add` in project
//! scope keeps the server, its environment (`-e KEY=VALUE`), its headers (`-H`) and its command
//! line in a file of the project (Claude Code's `.mcp.json`, Gemini CLI's
//! `.gemini/settings.json`), which is meant to be committed, so that the next push publishes
//! the secret. A reference the agent expands when it starts the server (`'${API_KEY}'`) keeps
//! the value out; user and local scope keep it in the user's own files.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args;
use crate::producers::{is_secret_name, secret_expanded, secret_substituted};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&SECRET_IN_PROJECT_CONFIG],
    applies: Applies::Commands(&["claude", "gemini", "qwen"]),
    check,
    whole_analysis: None,
};

pub static SECRET_IN_PROJECT_CONFIG: Rule = Rule {
    id: "secret-in-project-config",
    decision: ASK,
    catches: "A secret's value written into an agent's MCP configuration in project scope: `claude mcp add --scope project` or `mcp add-json` with its JSON (or `qwen`'s) and `gemini mcp add` (project scope unless `-s user`) keep the server's `-e KEY=VALUE` environment, `-H` headers and command line in the project's `.mcp.json` or `.gemini/settings.json`, which is shared and usually committed, so the next push publishes it. A secret is a variable that holds one by its name (`-e API_KEY=\"$OPENAI_API_KEY\"`), a tool's token substituted in (`$(gh auth token)`), or a literal value given to a secret-named key (`-e GITHUB_TOKEN=ghp_…`) or an `Authorization`-like header. A reference the agent expands when it starts the server (`-e API_KEY='${API_KEY}'`), values that are no secret, and user or local scope pass.",
    instead: "Write a reference instead of the value (`-e API_KEY='${API_KEY}'`, expanded when the server starts), or add the server in user or local scope (`-s user`)",
    examples: &[
        "claude mcp add -s project -e GITHUB_TOKEN=$GITHUB_TOKEN gh -- npx -y @modelcontextprotocol/server-github",
        "claude mcp add --scope project --env API_KEY=sk-abcdefghijklmnopqrstuvwxyz srv -- npx srv",
        "gemini mcp add -e GITHUB_TOKEN=\"$GITHUB_TOKEN\" gh npx srv",
        "claude mcp add-json -s project gh '{\"command\":\"gh-mcp\",\"env\":{\"GITHUB_TOKEN\":\"ghp_abcdefghijklmnopqrstuvwxyz0123456789\"}}'",
    ],
    allowed: &[
        "claude mcp add -s project -e API_KEY='${API_KEY}' srv -- npx srv",
        "claude mcp add -s user -e GITHUB_TOKEN=$GITHUB_TOKEN gh -- npx srv",
        "claude mcp add -e GITHUB_TOKEN=$GITHUB_TOKEN gh -- npx srv",
        "gemini mcp add -s user -e GITHUB_TOKEN=$GITHUB_TOKEN gh npx srv",
        "claude mcp add -s project -e LOG_LEVEL=debug srv -- npx srv",
        "claude mcp add-json -s project gh '{\"command\":\"gh-mcp\",\"env\":{\"GITHUB_TOKEN\":\"${GITHUB_TOKEN}\"}}'",
        "claude mcp add-json gh '{\"command\":\"gh-mcp\",\"env\":{\"GITHUB_TOKEN\":\"ghp_abcdefghijklmnopqrstuvwxyz0123456789\"}}'",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let parsed = args::parse(command.args(), &crate::registry::MCP_ADD);
    let operands: Vec<&Word> = parsed.operands().collect();
    let adds_json = operands.get(1).is_some_and(|word| word.is("add-json"));
    if !(operands.len() > 2 && operands[0].is("mcp") && (operands[1].is("add") || adds_json)) {
        return;
    }
    let (file, default_scope) = match command.name.as_str() {
        "claude" => (".mcp.json", "local"),
        "qwen" => (".qwen/settings.json", "user"),
        _ => (".gemini/settings.json", "project"),
    };
    let scope = match parsed.value_of('s', "scope") {
        Some(scope) => scope.value(),
        None => Some(default_scope),
    };
    if scope != Some("project") {
        return;
    }
    let environment = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('e') || arg.is_long("env"))
        .filter_map(args::Arg::value)
        .find_map(|value| secret_in(value, '='));
    let headers = || {
        parsed
            .args
            .iter()
            .filter(|arg| arg.is_short('H') || arg.is_long("header"))
            .filter_map(args::Arg::value)
            .find_map(|value| secret_in(value, ':'))
    };
    // The server's command line or address after its name is written as it is given, and so
    // is the JSON of `mcp add-json NAME JSON`.
    let command_line = || operands[3..].iter().find_map(|word| shown(word));
    let json = || {
        operands
            .get(3)
            .filter(|_| adds_json)
            .and_then(|word| word.value())
            .and_then(secret_in_json)
    };
    if let Some(what) = environment.or_else(headers).or_else(command_line).or_else(json) {
        report.flag(
            &SECRET_IN_PROJECT_CONFIG,
            command.span,
            format!(
                "`{} mcp {} --scope project` would write {what} into {file}, the project's shared configuration that is usually committed: a push publishes it",
                command.name,
                operands[1].text()
            ),
        );
    }
}

/// The secret a `NAME=VALUE` (`separator` `=`) or `Name: value` (`:`) setting writes: a secret
/// variable or token expanded into it, or a literal value given to a name that says it is one.
fn secret_in(setting: &Word, separator: char) -> Option<String> {
    if let Some(what) = shown(setting) {
        return Some(what);
    }
    let (name, value) = setting.text().split_once(separator)?;
    let name = name.trim().trim_matches(['"', '\'']).replace('-', "_");
    let value = value.trim().trim_matches(['"', '\'']);
    // `$VAR` and `${VAR}` written literally are references the agent expands itself.
    let named_secret = is_secret_name(&name) || name.eq_ignore_ascii_case("authorization");
    (named_secret && !value.is_empty() && (setting.is_dynamic() || !value.contains('$')))
        .then(|| format!("the value of {name}"))
}

/// The secret a server's JSON (`mcp add-json`) holds as a literal value: in its environment
/// (`"env": {"GITHUB_TOKEN": "ghp_…"}`) or its headers (`"headers": {"Authorization": …}`).
fn secret_in_json(json: &str) -> Option<String> {
    let server: serde_json::Value = serde_json::from_str(json).ok()?;
    ["env", "headers"].iter().find_map(|table| {
        server.get(table)?.as_object()?.iter().find_map(|(name, value)| {
            let name = name.replace('-', "_");
            let value = value.as_str()?.trim();
            // `${VAR}` is a reference the agent expands when it starts the server.
            let literal = !value.is_empty() && !value.contains('$');
            let named_secret = is_secret_name(&name) || name.eq_ignore_ascii_case("authorization");
            (named_secret && literal).then(|| format!("the value of {name}"))
        })
    })
}

/// A secret variable or a tool's token that the word expands.
fn shown(word: &Word) -> Option<String> {
    secret_expanded([word])
        .map(|name| format!("the variable {name}"))
        .or_else(|| secret_substituted([word]))
}
