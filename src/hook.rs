//! `safety-net hook`: one Claude Code hook payload on standard input, one answer.
//!
//! - PreToolUse of `Bash` and `Monitor` judges the command; `Write`, `Edit`, `MultiEdit` and
//!   `NotebookEdit` judge the file written, `Read` the file read; other tools get no opinion.
//! - Allow: exit 0, nothing printed. Deny: exit 2, the reason on standard error. Ask: exit 0 and
//!   the `permissionDecision: "ask"` JSON on standard output — or deny when the permission mode
//!   (`bypassPermissions`, `dontAsk`, `auto`) means nobody will answer.
//! - ConfigChange of a settings file is blocked when the change switches hooks off or removes
//!   this guard's PreToolUse hook from every scope.
//! - Anything it cannot read (empty or malformed input, missing fields, input over the size
//!   cap) or judge in time, and any failure inside, is denied with a reason: never allowed.

use crate::checks;
use crate::context::{self, Context, Mode};
use crate::install;
use crate::paths::AbsPath;
use crate::rules::Decision;
use crate::verdict::Verdict;
use crate::{analyze, analyze_read, analyze_write};
use serde_json::{Map, Value, json};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

/// The largest payload read; a larger one is denied.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// How long the hook may take before it denies: well under a second, far under the timeout
/// the settings give Claude Code.
pub const DEADLINE: Duration = Duration::from_millis(800);

/// The hook's answer: what to print and how to exit.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    pub exit_code: u8,
    pub stdout: String,
    pub stderr: String,
}

impl Answer {
    fn allow() -> Answer {
        Answer {
            exit_code: 0,
            stdout: String::new(),
            stderr: String::new(),
        }
    }

    /// A denial: exit 2, the reason on standard error, nothing on standard output.
    fn deny(reason: &str) -> Answer {
        Answer {
            exit_code: 2,
            stdout: String::new(),
            stderr: format!("safety-net: {reason}\n"),
        }
    }

    fn ask(reason: &str) -> Answer {
        let output = json!({
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "ask",
                "permissionDecisionReason": format!("safety-net: {reason}"),
            }
        });
        Answer {
            exit_code: 0,
            stdout: format!("{output}\n"),
            stderr: String::new(),
        }
    }

    /// A denial for input that cannot be judged (rule `invalid-hook-input`).
    fn invalid(what: &str) -> Answer {
        let rule = checks::rule("invalid-hook-input").map_or("", |r| r.instead);
        Answer::deny(&format!(
            "invalid-hook-input: {what}, so the tool call cannot be checked. {rule}."
        ))
    }

    fn from_verdict(verdict: &Verdict) -> Answer {
        match verdict.decision {
            Decision::Allow => Answer::allow(),
            Decision::Ask => Answer::ask(&verdict.reason()),
            Decision::Deny => Answer::deny(&verdict.reason()),
        }
    }
}

/// What the hook knows of its surroundings besides the payload.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// `$HOME` (or `%USERPROFILE%`).
    pub home: Option<String>,
    /// `$CLAUDE_PROJECT_DIR`: the project Claude Code was started in.
    pub project_dir: Option<String>,
    /// `$TMPDIR`.
    pub temp_dir: Option<String>,
    /// `$CLAUDE_PLUGIN_ROOT`, set when the hook runs from the plugin.
    pub plugin_root: Option<String>,
    /// This process's working directory, for a payload without `cwd`.
    pub current_dir: Option<String>,
    /// This executable.
    pub guard_binary: Option<String>,
}

impl Environment {
    pub fn from_process() -> Environment {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Environment {
            home: var("HOME").or_else(|| var("USERPROFILE")),
            project_dir: var("CLAUDE_PROJECT_DIR"),
            temp_dir: var("TMPDIR"),
            plugin_root: var("CLAUDE_PLUGIN_ROOT"),
            current_dir: std::env::current_dir().ok().map(|d| d.to_string_lossy().into_owned()),
            guard_binary: std::env::current_exe().ok().map(|e| e.to_string_lossy().into_owned()),
        }
    }
}

/// Runs the hook as a process: reads standard input, answers within the deadline, prints.
pub fn main() -> ExitCode {
    // Failures are answered with a reason of ours; the default panic message would only add noise.
    std::panic::set_hook(Box::new(|_| {}));
    let answer = match read_input(std::io::stdin().lock()) {
        Ok(input) => answer_within_deadline(input, Environment::from_process()),
        Err(answer) => answer,
    };
    let _ = std::io::stdout().write_all(answer.stdout.as_bytes());
    let _ = std::io::stderr().write_all(answer.stderr.as_bytes());
    let _ = std::io::stdout().flush();
    ExitCode::from(answer.exit_code)
}

/// Reads the payload, up to the size cap.
fn read_input(reader: impl Read) -> Result<Vec<u8>, Answer> {
    let mut input = Vec::new();
    match reader.take(MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut input) {
        Ok(_) if input.len() > MAX_INPUT_BYTES => Err(Answer::invalid(&format!(
            "the input is larger than {} MiB",
            MAX_INPUT_BYTES / (1024 * 1024)
        ))),
        Ok(_) => Ok(input),
        Err(error) => Err(Answer::invalid(&format!("standard input could not be read ({error})"))),
    }
}

/// Answers on a worker thread, so that a failure or a hang inside becomes a denial.
fn answer_within_deadline(input: Vec<u8>, environment: Environment) -> Answer {
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new().stack_size(16 * 1024 * 1024).spawn(move || {
        let answer = std::panic::catch_unwind(|| answer(&input, &environment));
        let _ = sender.send(answer);
    });
    if worker.is_err() {
        return internal_error("the analysis could not start");
    }
    match receiver.recv_timeout(DEADLINE) {
        Ok(Ok(answer)) => answer,
        Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => internal_error("the analyzer failed on this input"),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let instead = checks::rule("too-complex").map_or("", |r| r.instead);
            Answer::deny(&format!(
                "too-complex: the check took longer than {} ms, so the tool call was not verified. {instead}.",
                DEADLINE.as_millis()
            ))
        }
    }
}

fn internal_error(what: &str) -> Answer {
    let instead = checks::rule("internal-error").map_or("", |r| r.instead);
    Answer::deny(&format!(
        "internal-error: {what}, so the tool call was not verified. {instead}."
    ))
}

/// The answer to one payload.
pub fn answer(input: &[u8], environment: &Environment) -> Answer {
    if input.iter().all(u8::is_ascii_whitespace) {
        return Answer::invalid("the input is empty");
    }
    let payload = match serde_json::from_slice::<Value>(input) {
        Ok(Value::Object(payload)) => payload,
        Ok(_) => return Answer::invalid("the input is JSON but not an object"),
        Err(error) => return Answer::invalid(&format!("the input is not JSON ({error})")),
    };
    match payload.get("hook_event_name").and_then(Value::as_str) {
        Some("ConfigChange") => config_change(&payload, environment),
        Some("PreToolUse") | None => pre_tool_use(&payload, environment),
        Some(_) => Answer::allow(),
    }
}

fn pre_tool_use(payload: &Map<String, Value>, environment: &Environment) -> Answer {
    let Some(tool) = payload.get("tool_name").and_then(Value::as_str) else {
        return Answer::invalid("the payload has no `tool_name`");
    };
    let Some(Value::Object(input)) = payload.get("tool_input") else {
        return Answer::invalid("the payload has no `tool_input` object");
    };
    let context = context(payload, environment);
    let text = |field: &str| input.get(field).and_then(Value::as_str);
    let verdict = match tool {
        "Bash" => match text("command") {
            Some(command) => analyze(command, &context),
            None => return Answer::invalid("the Bash tool call has no `command` string"),
        },
        "Monitor" => match text("command") {
            Some(command) => analyze(command, &context),
            None => return Answer::allow(),
        },
        "Write" | "Edit" | "MultiEdit" | "NotebookEdit" => {
            let field = if tool == "NotebookEdit" {
                "notebook_path"
            } else {
                "file_path"
            };
            match text(field).and_then(|path| analyze_write(path, &context)) {
                Some(verdict) => verdict,
                None => return Answer::invalid(&format!("the {tool} tool call has no `{field}`")),
            }
        }
        "Read" => match text("file_path").and_then(|path| analyze_read(path, &context)) {
            Some(verdict) => verdict,
            None => return Answer::invalid("the Read tool call has no `file_path`"),
        },
        _ => return Answer::allow(),
    };
    Answer::from_verdict(&verdict)
}

/// The context of a payload: its `cwd`, the project from `$CLAUDE_PROJECT_DIR` (else the git
/// root of `cwd`, else `cwd`), and who answers prompts in its permission mode.
fn context(payload: &Map<String, Value>, environment: &Environment) -> Context {
    let cwd = payload
        .get("cwd")
        .and_then(Value::as_str)
        .or(environment.current_dir.as_deref())
        .and_then(AbsPath::new)
        .unwrap_or_else(AbsPath::root);
    let home = environment
        .home
        .as_deref()
        .and_then(AbsPath::new)
        .unwrap_or_else(|| context::guess_home(&cwd));
    let mut context = Context::new(cwd.clone(), home);
    context.project_root = environment
        .project_dir
        .as_deref()
        .and_then(AbsPath::new)
        .unwrap_or_else(|| context::project_root_of(&cwd));
    context.temp_dir = environment.temp_dir.as_deref().and_then(AbsPath::new);
    context.guard_binary = environment.guard_binary.as_deref().and_then(AbsPath::new);
    let unattended = matches!(
        payload.get("permission_mode").and_then(Value::as_str),
        Some("bypassPermissions" | "dontAsk" | "auto")
    );
    context.mode = if unattended {
        Mode::Unattended
    } else {
        Mode::Interactive
    };
    context
}

/// A settings file changed during the session: blocked when the change switches every hook off
/// or leaves this guard registered nowhere.
fn config_change(payload: &Map<String, Value>, environment: &Environment) -> Answer {
    let source = payload.get("source").and_then(Value::as_str).unwrap_or("");
    if !source.ends_with("_settings") {
        return Answer::allow();
    }
    let blocked = |what: &str| {
        let instead = checks::rule("hook-config-tamper").map_or("", |r| r.instead);
        Answer::deny(&format!("hook-config-tamper: {what}. {instead}."))
    };
    let changed = payload.get("file_path").and_then(Value::as_str).map(PathBuf::from);
    if let Some(settings) = changed.as_deref().and_then(install::read_settings)
        && settings.get("disableAllHooks").and_then(Value::as_bool) == Some(true)
    {
        return blocked("the change sets `disableAllHooks`, which switches every hook off, this guard included");
    }
    if environment.plugin_root.is_some() {
        // Registered by the plugin: settings files do not hold the registration.
        return Answer::allow();
    }
    let context = context(payload, environment);
    let home = PathBuf::from(context::native(&context.home));
    let project = PathBuf::from(context::native(&context.project_root));
    if install::registered_anywhere(&home, &project) {
        return Answer::allow();
    }
    blocked("the change removes safety-net's PreToolUse hook, so no tool call would be checked")
}
