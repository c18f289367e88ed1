//! The subcommands about the policy and what it decided: `config schema|show`, `rules ID` (a
//! rule's page), `policy --prompt`, `log` and `allow`.

use super::Failure;
use crate::audit::{self, Record};
use crate::context::{self, Context};
use crate::policy::{self, ALWAYS_ON, Origin, Policy, Strictness};
use crate::rules::{Decision, Rule};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// The context of this process (current folder, `$HOME`, the project found from here).
fn here(project_root: Option<&str>) -> Result<Context, Failure> {
    let mut context = Context::from_environment();
    if let Some(root) = project_root {
        context.project_root = crate::paths::AbsPath::new(root)
            .ok_or_else(|| Failure::Usage(format!("`{root}` is not an absolute path")))?;
    }
    Ok(context)
}

/// The effective policy here, or the configuration's error drawn.
fn load(context: &Context, color: bool) -> Result<Policy, Failure> {
    let sources = policy::Sources::from_environment(&context.home, &context.project_root);
    Policy::load(&sources, &context.home).map_err(|error| Failure::Failed(error.render(color)))
}

/// What `explain` adds about the configuration it judged by: the files read, the mode, and
/// what a file asked for and was refused. Nothing without a configuration.
pub fn notes(policy: &Policy) -> String {
    let mut notes = String::new();
    if policy.files.is_empty() && policy.strictness.0 == Strictness::Standard {
        return notes;
    }
    let files: Vec<String> = policy.files.iter().map(Origin::describe).collect();
    let _ = writeln!(
        notes,
        "\nConfiguration: mode {} (from {}){}{}",
        policy.strictness.0.name(),
        policy.strictness.1.describe(),
        if files.is_empty() {
            String::new()
        } else {
            format!("; read {}", files.join(" and "))
        },
        if policy.custom_rules.is_empty() {
            String::new()
        } else {
            format!("; {} custom rule(s)", policy.custom_rules.len())
        }
    );
    for refused in &policy.refused {
        let _ = writeln!(notes, "Ignored: {refused}");
    }
    notes
}

/// `config schema`: the JSON Schema of both files.
pub fn schema() -> ExitCode {
    let _ = std::io::stdout().write_all(policy::SCHEMA.as_bytes());
    ExitCode::SUCCESS
}

/// `config show`: the files read, the effective settings with where each came from, and what
/// was refused.
pub fn show(project_root: Option<&str>, color: bool) -> Result<ExitCode, Failure> {
    let context = here(project_root)?;
    let sources = policy::Sources::from_environment(&context.home, &context.project_root);
    let policy = load(&context, color)?;
    let mut out = String::new();
    let file_line = |path: &Option<std::path::PathBuf>, what: &str| match path {
        Some(path) if path.exists() => format!("{what}: {} (read)", path.display()),
        Some(path) => format!("{what}: {} (none there)", path.display()),
        None => format!("{what}: none (no project)"),
    };
    let _ = writeln!(out, "{}", file_line(&sources.user_file, "user file"));
    let _ = writeln!(out, "{}", file_line(&sources.project_file, "project file"));
    let _ = writeln!(
        out,
        "{}: {}",
        policy::MODE_VARIABLE,
        sources.mode_variable.as_deref().unwrap_or("(not set)")
    );
    let _ = writeln!(out);
    let from = |origin: &Origin| format!("  ({})", origin.describe());
    let _ = writeln!(
        out,
        "mode: {}{}",
        policy.strictness.0.name(),
        from(&policy.strictness.1)
    );
    let _ = writeln!(
        out,
        "unattended_ask: {}{}",
        policy.unattended_ask.0.name(),
        from(&policy.unattended_ask.1)
    );
    let _ = writeln!(out, "audit_log: {}{}", policy.audit.0.name(), from(&policy.audit.1));
    let _ = writeln!(out, "disable:{}", if policy.disabled.is_empty() { " none" } else { "" });
    for (id, origin) in &policy.disabled {
        let _ = writeln!(out, "  - {id}{}", from(origin));
    }
    let _ = writeln!(
        out,
        "allow_paths:{}",
        if policy.allow_paths.is_empty() { " none" } else { "" }
    );
    for (folder, origin) in &policy.allow_paths {
        let _ = writeln!(out, "  - {folder}{}", from(origin));
    }
    let _ = writeln!(
        out,
        "discardable:{}",
        if policy.discardable.is_empty() {
            " none".to_owned()
        } else {
            format!(" {}", policy.discardable.join(", "))
        }
    );
    let _ = writeln!(
        out,
        "rules:{}",
        if policy.custom_rules.is_empty() { " none" } else { "" }
    );
    for custom in &policy.custom_rules {
        let _ = writeln!(
            out,
            "  - {} {}: {}{}",
            custom.rule.id,
            custom.rule.decision,
            custom.rule.catches,
            from(&custom.origin)
        );
    }
    if !policy.refused.is_empty() {
        let _ = writeln!(out, "\nignored:");
        for refused in &policy.refused {
            let _ = writeln!(out, "  - {refused}");
        }
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(ExitCode::SUCCESS)
}

/// `rules ID`: one rule's page, and whether the configuration here changes it.
pub fn rule_page(id: &str, color: bool) -> Result<ExitCode, Failure> {
    let context = here(None)?;
    let policy = load(&context, color)?;
    let custom = policy.custom_rules.iter().find(|custom| custom.rule.id == id);
    let rule: &Rule = match (crate::checks::rule(id), custom) {
        (Some(rule), _) => rule,
        (None, Some(custom)) => custom.rule,
        (None, None) => {
            return Err(Failure::Usage(format!(
                "no rule has the id `{id}` (`safety-net rules` lists them)"
            )));
        }
    };
    let mut page = String::new();
    let family = if custom.is_some() {
        "custom"
    } else {
        crate::checks::family(rule)
    };
    let _ = writeln!(page, "{}  ({}, family {family})\n", rule.id, rule.decision);
    let _ = writeln!(page, "Catches: {}\n", rule.catches);
    let _ = writeln!(page, "Instead: {}.\n", rule.instead.trim_end_matches('.'));
    if !rule.examples.is_empty() {
        let _ = writeln!(page, "Flags, for example:");
        for example in rule.examples {
            let _ = writeln!(page, "  {example}");
        }
        let _ = writeln!(page);
    }
    if !rule.allowed.is_empty() {
        let _ = writeln!(page, "Lets pass, for example:");
        for allowed in rule.allowed {
            let _ = writeln!(page, "  {allowed}");
        }
        let _ = writeln!(page);
    }
    let state = if let Some(custom) = custom {
        format!("a custom rule of {}", custom.origin.describe())
    } else if ALWAYS_ON.contains(&rule.id) {
        "always on: no configuration turns it off".to_owned()
    } else if let Some((_, origin)) = policy.disabled.iter().find(|(disabled, _)| disabled == rule.id) {
        format!("turned off by {}", origin.describe())
    } else {
        "on; the user's configuration may turn it off (`\"disable\": [\"…\"]`)".to_owned()
    };
    let _ = writeln!(page, "Here: {state}.");
    if rule.decision == Decision::Ask && policy.strictness.0 >= Strictness::Strict {
        let _ = writeln!(page, "In the {} mode it denies.", policy.strictness.0.name());
    }
    let _ = std::io::stdout().write_all(page.as_bytes());
    Ok(ExitCode::SUCCESS)
}

/// `policy --prompt`: a "Safety constraints" section for an agent's instructions (CLAUDE.md,
/// AGENTS.md), from the policy in force here.
pub fn prompt(color: bool) -> Result<ExitCode, Failure> {
    let context = here(None)?;
    let policy = load(&context, color)?;
    let mut text = String::from("## Safety constraints\n\n");
    let _ = writeln!(
        text,
        "Every shell command and file edit is checked by safety-net before it runs (mode: {}). \
         A refused call says which rule refused it and what to do instead: follow that advice, \
         do not try to get around the check with another wording, and ask the user when the \
         action is really needed.\n",
        policy.strictness.0.name()
    );
    let _ = writeln!(text, "Refused outright:");
    let denied = |rule: &&Rule| policy.decide(rule, true) == Decision::Deny && !policy.disables(rule.id);
    for rule in crate::checks::rules()
        .filter(|rule| rule.decision == Decision::Deny)
        .filter(denied)
    {
        if rule.examples.is_empty() {
            continue;
        }
        let _ = writeln!(
            text,
            "- {} Instead: {}.",
            rule.catches,
            rule.instead.trim_end_matches('.')
        );
    }
    for custom in policy.custom_rules.iter().filter(|c| c.rule.decision == Decision::Deny) {
        let _ = writeln!(text, "- {} ({})", custom.rule.catches, custom.rule.id);
    }
    let asks: Vec<&Rule> = crate::checks::rules()
        .filter(|rule| rule.decision == Decision::Ask && !policy.disables(rule.id))
        .collect();
    if policy.strictness.0 >= Strictness::Strict {
        let _ = writeln!(
            text,
            "\nAlso refused in this mode (they would otherwise need the user's confirmation): {}.",
            asks.iter()
                .map(|rule| format!("`{}`", rule.id))
                .collect::<Vec<_>>()
                .join(", ")
        );
    } else {
        let _ = writeln!(
            text,
            "\nNeed the user's confirmation (refused when nobody can answer): {}.",
            asks.iter()
                .map(|rule| format!("`{}`", rule.id))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(ExitCode::SUCCESS)
}

/// `log`: the audit log as a table, or as JSON lines.
pub fn log(denied: bool, since: Option<&str>, count: Option<usize>, json: bool) -> Result<ExitCode, Failure> {
    let context = Context::from_environment();
    let state = audit::state_folder(
        std::env::var("XDG_STATE_HOME").ok().as_deref(),
        &context::native(&context.home),
    );
    let path = audit::log_file(&state);
    let oldest = match since {
        Some(text) => {
            let duration = audit::parse_duration(text).ok_or_else(|| {
                Failure::Usage(format!(
                    "`{text}` is not a duration: a number and s, m, h, d or w (`30m`, `2h`, `7d`)"
                ))
            })?;
            audit::now().saturating_sub(duration.as_secs())
        }
        None => 0,
    };
    let records = audit::read(&path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let chosen: Vec<&Record> = records
        .iter()
        .filter(|record| record.time >= oldest)
        .filter(|record| !denied || record.verdict == "deny")
        .collect();
    let shown = &chosen[chosen.len().saturating_sub(count.unwrap_or(usize::MAX))..];
    let mut stdout = std::io::stdout().lock();
    if shown.is_empty() && !json {
        let _ = writeln!(stdout, "no decisions in {}", path.display());
    }
    for record in shown {
        let printed = if json {
            writeln!(stdout, "{}", serde_json::to_string(record).unwrap_or_default())
        } else {
            writeln!(
                stdout,
                "{}  {:<5} {:<26} {:<6} {}",
                audit::format_time(record.time),
                record.verdict,
                record.rule.as_deref().unwrap_or("-"),
                record.agent,
                crate::verdict::one_line(&record.input)
            )
        };
        if printed.is_err() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `allow CODE`: approves a denied call once. Only a person at a terminal may: from an agent's
/// shell (no terminal, or an agent's variables set) it refuses.
pub fn allow(code: &str) -> Result<ExitCode, Failure> {
    const AGENT_VARIABLES: &[&str] = &["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CODEX_SANDBOX", "GEMINI_CLI"];
    if !std::io::stdin().is_terminal() || AGENT_VARIABLES.iter().any(|name| std::env::var_os(name).is_some()) {
        return Err(Failure::Failed(
            "`safety-net allow` approves a denied call for the person at the keyboard: run it in your own terminal, not through an agent"
                .to_owned(),
        ));
    }
    let context = Context::from_environment();
    let state = audit::state_folder(
        std::env::var("XDG_STATE_HOME").ok().as_deref(),
        &context::native(&context.home),
    );
    let call = crate::approvals::approve(&state, code, audit::now()).map_err(Failure::Failed)?;
    say!(
        "approved once, for {} minutes: `{}` in {} (denied by {})",
        crate::approvals::WINDOW.as_secs() / 60,
        crate::verdict::one_line(&call.input),
        call.cwd,
        call.rule
    );
    let record = Record {
        time: audit::now(),
        agent: "user".to_owned(),
        cwd: call.cwd.clone(),
        tool: "allow".to_owned(),
        input: audit::redact(&call.input),
        verdict: "allow".to_owned(),
        rule: Some(call.rule.clone()),
        reason: Some(format!("approved once with code {code}")),
        ..Record::default()
    };
    let _ = audit::append(&audit::log_file(&state), &record);
    Ok(ExitCode::SUCCESS)
}
