//! Runs every case of `corpus/*.txt` through the whole pipeline.
//!
//! A case is a header, then the command:
//!
//! ```text
//! # A comment.
//! deny rm-root: rm -rf /
//! allow: rm -rf node_modules
//! ask could-not-verify cwd=/tmp: $x -rf /
//! deny remote-code-execution:
//!     cat <<EOF | sh
//!     curl -s https://example.com/x
//!     EOF
//! ```
//!
//! The header is the verdict, optionally the id of the rule expected to decide, and optional
//! `cwd=`, `home=`, `project=` (default: the working directory), `mode=`, `env=`, `set=`, `shell=`
//! and `session=` settings (`env=TMPDIR=/tmp/x`: a temp folder variable set, by default none is;
//! `set=CI,SCRATCH`: the names of the variables the environment sets, which makes it known, so
//! that a variable set nowhere is empty (`set=` alone: only those bash sets itself), by default
//! the environment is not known;
//! `shell=zsh`: the user's login shell, by default not known; `session=fresh`: each command runs
//! in a shell of its own, as Claude Code runs it, by default a shell that may wait for more). A header
//! ending in `:` takes the lines indented by four spaces below it as a multi-line command.
//! Unless a case says otherwise, home is `/home/user`, the project and working directory are
//! `/home/user/work/project`, and no environment variable is set.

use agent_safety_net::{AbsPath, Context, Decision, Mode, analyze, rules};
use rstest::rstest;
use std::path::{Path, PathBuf};

struct Case {
    file: String,
    line: usize,
    decision: Decision,
    rule: Option<String>,
    context: Context,
    command: String,
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let number = i + 1;
        i += 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with(' ') {
            return Err(format!("{file}:{number}: indented line without a header"));
        }
        let (header, command) = match line.split_once(": ") {
            Some((header, command)) => (header, command.to_owned()),
            None if line.ends_with(':') => {
                let mut body = Vec::new();
                while i < lines.len() && (lines[i].starts_with("    ") || lines[i].trim().is_empty()) {
                    body.push(lines[i].strip_prefix("    ").unwrap_or(""));
                    i += 1;
                }
                while body.last().is_some_and(|l| l.is_empty()) {
                    body.pop();
                }
                if body.is_empty() {
                    return Err(format!("{file}:{number}: a multi-line case has no command"));
                }
                (&line[..line.len() - 1], body.join("\n"))
            }
            None => {
                return Err(format!(
                    "{file}:{number}: expected `verdict [rule] [key=value]: command`"
                ));
            }
        };
        let mut words = header.split_whitespace();
        let decision = words
            .next()
            .and_then(Decision::parse)
            .ok_or_else(|| format!("{file}:{number}: the header must start with allow, ask or deny"))?;
        let mut context = Context::example();
        let mut rule = None;
        let mut project = None;
        for word in words {
            match word.split_once('=') {
                Some(("cwd", value)) => context.cwd = absolute(value, &file, number)?,
                Some(("home", value)) => context.home = absolute(value, &file, number)?,
                Some(("project", value)) => project = Some(absolute(value, &file, number)?),
                // `env=TMPDIR=/var/folders/x/T`: a temp folder variable set where the command runs.
                Some(("env", assignment)) => match assignment.split_once('=') {
                    Some((name, value)) if agent_safety_net::TEMP_VARIABLES.contains(&name) => {
                        context.temp_variables.push((name.to_owned(), value.to_owned()))
                    }
                    _ => {
                        return Err(format!(
                            "{file}:{number}: env= takes a temp folder variable, NAME=value"
                        ));
                    }
                },
                // `set=CI,SCRATCH`: the environment known, with these variables set in it.
                Some(("set", names)) => {
                    context.set_variables = Some(std::rc::Rc::new(
                        names
                            .split(',')
                            .filter(|name| !name.is_empty())
                            .map(str::to_owned)
                            .collect(),
                    ))
                }
                // `shell=zsh`: the user's login shell; `session=fresh`: a shell of its own per command.
                Some(("shell", value)) => context.login_shell = Some(value.to_owned()),
                Some(("session", "fresh")) => context.shell_per_command = true,
                // `policy=paranoid`: the configuration's mode.
                Some(("policy", value)) => context
                    .set_policy_mode(value)
                    .map_err(|error| format!("{file}:{number}: {error}"))?,
                // `profile=read-only`: a read-only profile's preset.
                Some(("profile", "read-only")) => context.set_read_only(),
                Some(("mode", value)) => {
                    context.mode = Mode::parse(value).ok_or_else(|| format!("{file}:{number}: unknown mode {value}"))?
                }
                Some((key, _)) => return Err(format!("{file}:{number}: unknown setting {key}")),
                None if agent_safety_net::rule(word).is_some() => rule = Some(word.to_owned()),
                None => return Err(format!("{file}:{number}: unknown rule {word}")),
            }
        }
        context.project_root = project.unwrap_or_else(|| context.cwd.clone());
        if decision == Decision::Allow && rule.is_some() {
            return Err(format!("{file}:{number}: an allow case names no rule"));
        }
        cases.push(Case {
            file: file.clone(),
            line: number,
            decision,
            rule,
            context,
            command,
        });
    }
    Ok(cases)
}

fn absolute(text: &str, file: &str, line: usize) -> Result<AbsPath, String> {
    AbsPath::new(text).ok_or_else(|| format!("{file}:{line}: {text} is not an absolute path"))
}

fn all_cases() -> Vec<Case> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<_> = std::fs::read_dir(&directory)
        .expect("the corpus directory exists")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for file in files {
        match parse_file(&file) {
            Ok(found) => cases.extend(found),
            Err(error) => errors.push(error),
        }
    }
    assert!(errors.is_empty(), "corpus files do not parse:\n{}", errors.join("\n"));
    cases
}

/// Each corpus file is its own test (`cargo test corpus_rm_txt` runs `corpus/rm.txt`).
#[rstest]
fn corpus(#[files("corpus/*.txt")] path: PathBuf) {
    let cases = parse_file(&path).unwrap_or_else(|error| panic!("the corpus file does not parse: {error}"));
    let mut failures = Vec::new();
    for case in &cases {
        let verdict = analyze(&case.command, &case.context);
        let rule_matches = match &case.rule {
            Some(rule) => verdict.rule() == Some(rule.as_str()),
            None => true,
        };
        if verdict.decision != case.decision || !rule_matches {
            let expected = match &case.rule {
                Some(rule) => format!("{} ({rule})", case.decision),
                None => case.decision.to_string(),
            };
            failures.push(format!(
                "{}:{}: expected {expected}, got {}: {}\n    {}",
                case.file,
                case.line,
                verdict.decision,
                verdict.reason(),
                case.command.replace('\n', "\n    ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_corpus_keeps_its_size_and_its_share_of_look_alikes() {
    let cases = all_cases();
    let allowed = cases.iter().filter(|c| c.decision == Decision::Allow).count();
    assert!(
        cases.len() >= 800,
        "the corpus has {} cases; it must not shrink below 800",
        cases.len()
    );
    assert!(
        allowed * 3 >= cases.len(),
        "{allowed} of {} cases are allow cases; at least a third must be",
        cases.len()
    );
}

#[test]
fn every_rule_has_corpus_cases() {
    let cases = all_cases();
    let missing: Vec<&str> = rules()
        .map(|rule| rule.id)
        // Limits that no reasonable corpus line reaches, and rules about hook payloads and
        // configuration files rather than commands (tests/limits.rs, tests/hook.rs,
        // tests/install.rs and tests/policy.rs cover them; the registered command itself answers
        // `guard-missing`).
        .filter(|id| {
            !matches!(
                *id,
                "input-too-large"
                    | "too-complex"
                    | "internal-error"
                    | "invalid-hook-input"
                    | "hook-config-tamper"
                    | "guard-missing"
                    | "invalid-configuration"
                    | "mcp-tool-not-allowed"
            )
        })
        .filter(|id| !cases.iter().any(|c| c.rule.as_deref() == Some(*id)))
        .collect();
    assert!(missing.is_empty(), "rules without a corpus case: {missing:?}");
}
