//! `safety-net hook`: one agent's hook payload on standard input, one answer in that agent's
//! dialect.
//!
//! - The agent is told by the payload's own fields ([`agents`]); `--agent NAME` names it only when
//!   the payload does not. What the call does is read the same way from every form ([`calls`]):
//!   a shell command is judged as a command, a file written or read by the file checks, anything
//!   else gets no opinion.
//! - The answer is in the agent's own dialect ([`answers`]): allow is silence where silence works,
//!   deny blocks (exit 2 with the reason on standard error wherever exit 2 blocks), ask is the
//!   agent's ask or, where it has none or the permission mode means nobody answers, a deny.
//! - Claude Code's ConfigChange of a settings file is blocked when the change switches hooks off
//!   or removes this guard's PreToolUse hook from every scope.
//! - Anything it cannot read (empty or malformed input, missing fields, input over the size
//!   cap) or judge in time, and any failure inside, is denied with a reason: never allowed.

mod agents;
mod answers;
pub(crate) mod calls;
mod record;

pub use agents::Agent;
pub use answers::{Answer, Shape};

use calls::{Action, Call};

use crate::audit;
use crate::checks;
use crate::context::{self, Context, Mode};
use crate::install;
use crate::paths::AbsPath;
use crate::policy::{self, Policy};
use crate::rules::Decision;
use crate::verdict::Verdict;
use crate::{analyze, analyze_edit, analyze_read, analyze_write};
use serde_json::{Map, Value};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// The largest payload read; a larger one is denied.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// How long the payload may take to arrive: agents write it at once and close the pipe. A
/// writer that never closes it is denied (`invalid-hook-input`) when this runs out.
pub const INPUT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// How long the whole hook may take, from its start, before it denies (`too-complex`): a
/// backstop for a machine too loaded to finish, well inside the 5 s timeout `install` gives.
/// The analysis itself is bounded by units of work (see `walk::budget`), so its verdict does
/// not depend on the machine's load; this deadline is only reached when the machine stalls.
pub const DEADLINE: Duration = Duration::from_secs(3);

/// Who gets the answer, and in which of its shapes.
#[derive(Clone, Copy, Debug)]
struct Dialect {
    agent: Agent,
    shape: Shape,
}

impl Dialect {
    fn of(agent: Agent) -> Dialect {
        Dialect {
            agent,
            shape: Shape::Usual,
        }
    }

    fn answer(self, decision: Decision, reason: &str) -> Answer {
        Answer::new(self.agent, self.shape, decision, reason)
    }

    fn allow(self) -> Answer {
        self.answer(Decision::Allow, "")
    }

    /// A denial by a rule, with what went wrong.
    fn deny(self, rule: &str, what: &str) -> Answer {
        let instead = checks::rule(rule).map_or("", |r| r.instead);
        self.answer(Decision::Deny, &format!("{rule}: {what}. {instead}."))
    }

    /// A denial for input that cannot be judged (rule `invalid-hook-input`).
    fn invalid(self, what: &str) -> Answer {
        self.deny(
            "invalid-hook-input",
            &format!("{what}, so the tool call cannot be checked"),
        )
    }

    fn internal_error(self, what: &str) -> Answer {
        self.deny("internal-error", &format!("{what}, so the tool call was not verified"))
    }

    fn judged(self, verdict: &Verdict) -> Answer {
        self.answer(verdict.decision, &verdict.reason())
    }
}

/// What the hook knows of its surroundings besides the payload.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// `$HOME` (or `%USERPROFILE%`).
    pub home: Option<String>,
    /// `$CLAUDE_PROJECT_DIR`: the project Claude Code was started in.
    pub project_dir: Option<String>,
    /// The temp folder variables that are set (`$TMPDIR`, `$TMP`…: `context::TEMP_VARIABLES`).
    pub temp_variables: Vec<(String, String)>,
    /// `$CLAUDE_PLUGIN_ROOT`, set when the hook runs from the plugin.
    pub plugin_root: Option<String>,
    /// This process's working directory, for a payload without `cwd`.
    pub current_dir: Option<String>,
    /// This executable.
    pub guard_binary: Option<String>,
    /// `$PATH`.
    pub path: Option<String>,
    /// `$SHELL`: the shell the agent runs commands in, which decides whose syntax counts.
    pub shell: Option<String>,
    /// The names of the variables set in the environment, which the agent's shell inherits.
    pub set_variables: Option<std::rc::Rc<std::collections::HashSet<String>>>,
    /// `$XDG_CONFIG_HOME`, where the user's configuration file is.
    pub config_home: Option<String>,
    /// `$SAFETY_NET_MODE`, which raises the configured mode.
    pub mode_variable: Option<String>,
    /// Where the audit log and one-time approvals are kept: `$XDG_STATE_HOME`, else
    /// `~/.local/state` (a value given, even empty, means the default). `None` keeps nothing
    /// (fuzzing).
    pub state_home: Option<String>,
}

impl Environment {
    pub fn from_process() -> Environment {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Environment {
            home: var("HOME").or_else(|| var("USERPROFILE")),
            project_dir: var("CLAUDE_PROJECT_DIR")
                .or_else(|| var("GEMINI_PROJECT_DIR"))
                .or_else(|| var("FACTORY_PROJECT_DIR")),
            temp_variables: context::temp_variables(var),
            plugin_root: var("CLAUDE_PLUGIN_ROOT"),
            current_dir: std::env::current_dir().ok().map(|d| d.to_string_lossy().into_owned()),
            guard_binary: std::env::current_exe().ok().map(|e| e.to_string_lossy().into_owned()),
            path: var("PATH"),
            shell: var("SHELL"),
            set_variables: Some(std::rc::Rc::new(context::set_variable_names())),
            config_home: var("XDG_CONFIG_HOME"),
            mode_variable: var(policy::MODE_VARIABLE),
            state_home: Some(var("XDG_STATE_HOME").unwrap_or_default()),
        }
    }
}

/// Runs the hook as a process: reads standard input, judges, prints the answer. A watchdog
/// answers instead (and ends the process) when the input or the judgment overruns its time.
/// `arguments` are those after `hook`: `--agent NAME` names the agent when the payload does not.
pub fn main(arguments: &[String]) -> ExitCode {
    // Failures are answered with a reason of ours; the default panic message would only add noise.
    std::panic::set_hook(Box::new(|_| {}));
    let named = named_agent(arguments);
    let fallback = Dialect::of(named.unwrap_or(Agent::Claude));
    if !watchdog::start(fallback) {
        let answer = fallback.internal_error("the hook could not start its timer");
        deliver(&answer);
        return ExitCode::from(answer.exit_code);
    }
    let answer = match read_input(std::io::stdin().lock()) {
        Ok(input) => {
            watchdog::input_read();
            answer(input, named, &Environment::from_process())
        }
        Err(what) => fallback.invalid(&what),
    };
    if !deliver(&answer) {
        // The watchdog answered first and is ending the process with its own exit code.
        loop {
            std::thread::park();
        }
    }
    ExitCode::from(answer.exit_code)
}

/// Prints `answer`, unless an answer was printed already; tells whether it printed this one.
fn deliver(answer: &Answer) -> bool {
    static ANSWERED: Mutex<bool> = Mutex::new(false);
    let mut answered = ANSWERED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if *answered {
        return false;
    }
    *answered = true;
    let _ = std::io::stdout().write_all(answer.stdout.as_bytes());
    let _ = std::io::stderr().write_all(answer.stderr.as_bytes());
    let _ = std::io::stdout().flush();
    true
}

/// The thread that answers when the hook runs out of time: it sleeps, and wakes only to deny.
mod watchdog {
    use super::{DEADLINE, Dialect, INPUT_TIME_LIMIT, deliver};
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    static INPUT_READ: AtomicBool = AtomicBool::new(false);
    static DIALECT: Mutex<Option<Dialect>> = Mutex::new(None);

    /// Starts the watchdog, answering in `fallback` until the payload names its agent; false
    /// when no thread could be started.
    pub fn start(fallback: Dialect) -> bool {
        std::thread::Builder::new()
            .name("watchdog".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                std::thread::sleep(INPUT_TIME_LIMIT);
                if !INPUT_READ.load(Ordering::Acquire) {
                    let answer = fallback.invalid(&format!(
                        "the input did not end within {} s",
                        INPUT_TIME_LIMIT.as_secs()
                    ));
                    end_with(&answer);
                }
                std::thread::sleep(DEADLINE - INPUT_TIME_LIMIT);
                let dialect = DIALECT
                    .lock()
                    .map(|dialect| dialect.unwrap_or(fallback))
                    .unwrap_or(fallback);
                end_with(&dialect.deny(
                    "too-complex",
                    &format!(
                        "the check took longer than {} s, so the tool call was not verified",
                        DEADLINE.as_secs()
                    ),
                ));
            })
            .is_ok()
    }

    /// The payload has been read.
    pub fn input_read() {
        INPUT_READ.store(true, Ordering::Release);
    }

    /// The payload named the agent: a late answer is in its dialect.
    pub fn answering_in(dialect: Dialect) {
        if let Ok(mut known) = DIALECT.lock() {
            *known = Some(dialect);
        }
    }

    fn end_with(answer: &super::Answer) {
        if deliver(answer) {
            std::process::exit(i32::from(answer.exit_code));
        }
    }
}

/// The agent `--agent NAME` (or `--agent=NAME`) names; other arguments are ignored, so that no
/// stray argument can turn a denial into a usage error.
fn named_agent(arguments: &[String]) -> Option<Agent> {
    arguments
        .iter()
        .enumerate()
        .find_map(|(index, argument)| match argument.strip_prefix("--agent") {
            Some("") => arguments.get(index + 1).and_then(|name| Agent::parse(name)),
            Some(rest) => rest.strip_prefix('=').and_then(Agent::parse),
            None => None,
        })
}

/// Reads the payload, up to the size cap.
fn read_input(reader: impl Read) -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    match reader.take(MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut input) {
        Ok(_) if input.len() > MAX_INPUT_BYTES => Err(format!(
            "the input is larger than {} MiB",
            MAX_INPUT_BYTES / (1024 * 1024)
        )),
        Ok(_) => Ok(input),
        Err(error) => Err(format!("standard input could not be read ({error})")),
    }
}

/// What is left to do once the payload is read: an answer already, or a judgment.
enum Work {
    Answered(Answer),
    Judge(Dialect, Action, Box<Context>, Option<String>),
}

/// The answer to a payload: read it, judge what it asks to do. A failure inside is a denial in
/// the agent's own dialect.
pub(crate) fn answer(input: Vec<u8>, named: Option<Agent>, environment: &Environment) -> Answer {
    let fallback = Dialect::of(named.unwrap_or(Agent::Claude));
    let prepared = std::panic::catch_unwind(|| prepare(&input, named, environment));
    // What is judged has been copied out; a payload of many megabytes is not kept meanwhile.
    drop(input);
    let (dialect, action, context, session) = match prepared {
        Ok(Work::Answered(answer)) => return answer,
        Ok(Work::Judge(dialect, action, context, session)) => (dialect, action, context, session),
        Err(_) => return fallback.internal_error("the payload could not be read"),
    };
    watchdog::answering_in(dialect);
    // Nothing is used again after a panic but the answer: the context's cache of real folders
    // cannot be seen half made.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge(&action, &context))) {
        Ok(Ok(verdict)) => {
            let state = environment
                .state_home
                .as_deref()
                .map(|state_home| audit::state_folder(Some(state_home), &context::native(&context.home)));
            record::answer(dialect, &action, &context, &verdict, session, state.as_deref())
        }
        Ok(Err(what)) => dialect.invalid(&what),
        Err(_) => dialect.internal_error("the analyzer failed on this input"),
    }
}

/// Reads the payload: who sent it, what the call does, and where.
fn prepare(input: &[u8], named: Option<Agent>, environment: &Environment) -> Work {
    let fallback = Dialect::of(named.unwrap_or(Agent::Claude));
    if input.iter().all(u8::is_ascii_whitespace) {
        return Work::Answered(fallback.invalid("the input is empty"));
    }
    let payload = match serde_json::from_slice::<Value>(input) {
        Ok(Value::Object(payload)) => payload,
        Ok(_) => return Work::Answered(fallback.invalid("the input is JSON but not an object")),
        Err(error) => return Work::Answered(fallback.invalid(&format!("the input is not JSON ({error})"))),
    };
    let agent = Agent::detect(&payload).or(named).unwrap_or(Agent::Claude);
    if agent == Agent::Claude && payload.get("hook_event_name").and_then(Value::as_str) == Some("ConfigChange") {
        return Work::Answered(config_change(&payload, environment));
    }
    let call = match calls::read(agent, &payload) {
        Ok(call) => call,
        Err(what) => return Work::Answered(Dialect::of(agent).invalid(&what)),
    };
    let dialect = Dialect {
        agent,
        shape: call.shape,
    };
    if call.action == Action::Nothing {
        return Work::Answered(dialect.allow());
    }
    if let Some(why) = call.cwd.as_deref().and_then(malformed_directory) {
        return Work::Answered(dialect.invalid(&format!("the payload's working directory {why}")));
    }
    let mut context = context(&call, dialect, environment);
    let sources = policy::Sources {
        user_file: Some(policy::user_file(
            environment.config_home.as_deref(),
            &context::native(&context.home),
        )),
        project_file: policy::project_file(&context.project_root),
        mode_variable: environment.mode_variable.clone(),
    };
    match Policy::load(&sources, &context.home) {
        Ok(mut policy) => {
            policy.choose_profile(payload.get("agent_type").and_then(Value::as_str), agent.name());
            policy.install(&mut context);
        }
        Err(error) => return Work::Answered(dialect.deny("invalid-configuration", &error.one_line())),
    }
    let session = ["session_id", "sessionId", "conversation_id", "thread_id"]
        .iter()
        .find_map(|key| payload.get(*key).and_then(Value::as_str))
        .map(str::to_owned);
    Work::Judge(dialect, call.action, Box::new(context), session)
}

/// Why a payload's working directory cannot be where a command runs: empty, relative, holding a
/// NUL byte, or longer than any path the system takes. Every path of the command is resolved
/// from it, so guessing one instead would judge another command.
fn malformed_directory(cwd: &str) -> Option<String> {
    const PATH_MAX: usize = 4096;
    if cwd.trim().is_empty() {
        Some("is empty".into())
    } else if cwd.contains('\0') {
        Some("holds a NUL byte".into())
    } else if cwd.len() > PATH_MAX {
        Some(format!(
            "is {} bytes long, more than the {PATH_MAX} a path may be",
            cwd.len()
        ))
    } else if AbsPath::new(cwd).is_none() {
        Some("is not an absolute path".into())
    } else {
        None
    }
}

/// The verdict on what the call does; `Err` when a file it names is empty.
pub(crate) fn judge(action: &Action, context: &Context) -> Result<Verdict, String> {
    let files = |paths: &[String], judge_one: fn(&str, &Context) -> Option<Verdict>| {
        let mut strictest: Option<Verdict> = None;
        for path in paths {
            let verdict = judge_one(path, context).ok_or("the tool call names an empty path")?;
            if strictest.as_ref().is_none_or(|known| verdict.decision > known.decision) {
                strictest = Some(verdict);
            }
        }
        strictest.ok_or_else(|| "the tool call names no file".to_owned())
    };
    match action {
        Action::Run(command) => Ok(analyze(command, context)),
        Action::RunInEither(command) => Ok(in_either_shell(command, context)),
        Action::Write(paths) => files(paths, analyze_write),
        Action::Edit(paths) => files(paths, analyze_edit),
        Action::Read(paths) => files(paths, analyze_read),
        Action::Mcp {
            server,
            tool,
            command,
            paths,
        } => {
            let listed = checks::mcp::finding(server, tool, context);
            let mut strictest = Verdict::new(
                &format!("mcp__{server}__{tool}"),
                Default::default(),
                listed.into_iter().collect(),
                context,
            );
            let judged = command
                .iter()
                .map(|command| analyze(command, context))
                .chain(paths.iter().filter_map(|path| analyze_edit(path, context)));
            for verdict in judged {
                if verdict.decision > strictest.decision {
                    strictest = verdict;
                }
            }
            Ok(strictest)
        }
        Action::Nothing => Ok(Verdict::new("", Default::default(), Vec::new(), context)),
    }
}

/// The verdict on a shell command that `agent` (a name as `check` reads it: `claude-code`,
/// `cursor`…) sent, as the hook reads it: an agent that does not say which shell runs its
/// commands may run one in PowerShell's shape in PowerShell. An agent this guard does not know
/// is read as bash.
pub(crate) fn judge_sent_command(command: &str, agent: &str, context: &Context) -> Verdict {
    match Agent::parse(agent).map(|agent| calls::shell_command(command.to_owned(), agent)) {
        Some(Action::RunInEither(command)) => in_either_shell(&command, context),
        _ => analyze(command, context),
    }
}

/// A command that bash or PowerShell may run, judged both ways, the stricter reading counting.
/// Bash reads PowerShell's own variables (`$r = Invoke-WebRequest …`, `$_.Name`) as commands
/// named only when they run: those findings of its reading are dropped, the rest stand.
fn in_either_shell(command: &str, context: &Context) -> Verdict {
    let powershell = analyze(&calls::as_powershell(command), context);
    let bash = analyze(command, context);
    let findings = bash
        .findings
        .into_iter()
        .filter(|finding| !(finding.rule.id == "could-not-verify" && finding.lost.starts_with("the command name `$")))
        .collect();
    let bash = Verdict::new(command, bash.analysis, findings, context);
    if powershell.decision > bash.decision {
        powershell
    } else {
        bash
    }
}

/// The context of a call: its directory, the project (named by the payload, else by the agent's
/// environment, else the git root of the directory), and whether anybody can answer a prompt.
fn context(call: &Call, dialect: Dialect, environment: &Environment) -> Context {
    let cwd = call
        .cwd
        .as_deref()
        .and_then(AbsPath::new)
        .or_else(|| environment.current_dir.as_deref().and_then(AbsPath::new))
        .unwrap_or_else(AbsPath::root);
    let home = environment
        .home
        .as_deref()
        .and_then(AbsPath::new)
        .unwrap_or_else(|| context::guess_home(&cwd));
    let mut context = Context::new(cwd.clone(), home);
    // A project at the root of the machine or of a drive is no project (OpenCode names `/`
    // outside a repository): everything would count as "inside the project".
    let named = |project: Option<&str>| {
        project
            .and_then(AbsPath::new)
            .filter(|path| !context::holds_projects(path, &context.home))
    };
    context.project_root = named(call.project.as_deref())
        .or_else(|| named(environment.project_dir.as_deref()))
        .unwrap_or_else(|| context::project_root_of(&cwd, &context.home));
    crate::links::align_project(&mut context);
    context.temp_variables = environment.temp_variables.clone();
    context.guard_binary = environment.guard_binary.as_deref().and_then(AbsPath::new);
    context.path_folders = context::path_folders(environment.path.as_deref().map(std::ffi::OsStr::new));
    context.login_shell = environment.shell.clone();
    context.set_variables = environment.set_variables.clone();
    context.shell_per_command = matches!(dialect.agent, Agent::Claude | Agent::Codex | Agent::Gemini);
    // A root at the machine's root, a drive's, or holding home gives nothing: everything would
    // count as given.
    context.given_folders = call
        .roots
        .iter()
        .filter_map(|root| AbsPath::new(root))
        .filter(|root| !context::holds_projects(root, &context.home))
        .collect();
    if dialect.agent == Agent::Claude {
        context.given_folders.extend(install::additional_directories(&context));
        let settings = std::env::var_os("CLAUDE_CONFIG_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::path::Path::new(&context::native(&context.home)).join(".claude"));
        context.aliases = std::rc::Rc::new(crate::aliases::from_claude_snapshots(&settings));
    }
    context
        .given_folders
        .extend(context::other_worktrees(&context.project_root));
    context.mode = if call.unattended || !dialect.shape.can_ask(dialect.agent) {
        Mode::Unattended
    } else {
        Mode::Interactive
    };
    context
}

/// A settings file changed during the session: blocked when the change switches every hook off
/// or leaves this guard registered nowhere.
fn config_change(payload: &Map<String, Value>, environment: &Environment) -> Answer {
    let claude = Dialect::of(Agent::Claude);
    let source = payload.get("source").and_then(Value::as_str).unwrap_or("");
    if !source.ends_with("_settings") {
        return claude.allow();
    }
    let changed = payload.get("file_path").and_then(Value::as_str).map(PathBuf::from);
    if let Some(settings) = changed.as_deref().and_then(install::read_settings)
        && settings.get("disableAllHooks").and_then(Value::as_bool) == Some(true)
    {
        return claude.deny(
            "hook-config-tamper",
            "the change sets `disableAllHooks`, which switches every hook off, this guard included",
        );
    }
    if environment.plugin_root.is_some() {
        // Registered by the plugin: settings files do not hold the registration.
        return claude.allow();
    }
    let call = Call {
        action: Action::Nothing,
        cwd: payload.get("cwd").and_then(Value::as_str).map(str::to_owned),
        project: None,
        roots: Vec::new(),
        unattended: false,
        shape: Shape::Usual,
    };
    let context = context(&call, claude, environment);
    let home = PathBuf::from(context::native(&context.home));
    let project = PathBuf::from(context::native(&context.project_root));
    if install::registered_anywhere(&home, &project) {
        return claude.allow();
    }
    claude.deny(
        "hook-config-tamper",
        "the change removes safety-net's PreToolUse hook, so no tool call would be checked",
    )
}
