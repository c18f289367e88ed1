//! What a payload asks to do, read the same way from every agent's form: the shell command it
//! runs or the files it writes or reads, where, and in which answer shape.
//!
//! Tool names differ by agent (`Bash`, `run_shell_command`, `execute_command`, `Execute`, `Shell`,
//! `bash`…) but mean the same few things; the tables below map each to what it does. An MCP
//! tool (`mcp__server__tool`) is named by its server and tool, with the command and paths its
//! parameters carry. Any other tool that none of them names (search, web fetch) gets no opinion. A call this guard should
//! judge but cannot read (no command, no path, arguments that are not JSON) is an error, which
//! the hook denies.

use super::agents::Agent;
use super::answers::Shape;
use serde_json::{Map, Value};

/// What the call does.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    /// Runs a shell command.
    Run(String),
    /// Runs a command that bash or PowerShell may run: an agent that does not say which shell
    /// runs it sent a command in PowerShell's shape. Judged both ways.
    RunInEither(String),
    /// Writes these files whole: creates them, or replaces them.
    Write(Vec<String>),
    /// Changes these files where they are: edits, patches, deletes.
    Edit(Vec<String>),
    /// Reads these files.
    Read(Vec<String>),
    /// Calls the tool of an MCP server (`mcp__server__tool`), with the shell command and the
    /// paths its parameters carry.
    Mcp {
        server: String,
        tool: String,
        command: Option<String>,
        paths: Vec<String>,
    },
    /// Nothing this guard judges.
    Nothing,
}

/// One tool call, as every agent's payload describes it.
#[derive(Debug)]
pub struct Call {
    pub action: Action,
    /// The directory the command starts in and relative paths are read from.
    pub cwd: Option<String>,
    /// The project the agent works in, when the payload names it.
    pub project: Option<String>,
    /// Every workspace root the payload names (Cursor's, Cline's): folders the agent was given.
    pub roots: Vec<String>,
    /// Whether the permission mode means nobody answers a prompt.
    pub unattended: bool,
    pub shape: Shape,
}

/// The shell a tool's command is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shell {
    Posix,
    /// Judged as `pwsh -Command` would run it.
    PowerShell,
}

/// Tools that run a shell command: the field holding it, and its shell.
const SHELL_TOOLS: &[(&str, &str, Shell)] = &[
    ("bash", "command", Shell::Posix),
    ("monitor", "command", Shell::Posix),
    ("shell", "command", Shell::Posix),
    ("execute", "command", Shell::Posix),
    ("execute_command", "command", Shell::Posix),
    ("run_shell_command", "command", Shell::Posix),
    ("run_terminal_cmd", "command", Shell::Posix),
    ("exec_command", "cmd", Shell::Posix),
    ("local_shell", "command", Shell::Posix),
    // Copilot CLI: keystrokes sent to a running shell session.
    ("write_bash", "input", Shell::Posix),
    ("powershell", "command", Shell::PowerShell),
    ("write_powershell", "input", Shell::PowerShell),
];

/// Tools that run a list of shell commands (Cline's `run_commands`, whose parameters arrive as
/// strings: the list as JSON text), and the field holding it.
const SHELL_LIST_TOOLS: &[(&str, &str)] = &[("run_commands", "commands")];

/// Tools that read a list of files: Cline's `read_files` (`{path, …}` objects as JSON text),
/// Gemini's `read_many_files` (paths and patterns).
const READ_LIST_TOOLS: &[(&str, &str)] = &[
    ("read_files", "files"),
    ("read_many_files", "include"),
    ("read_many_files", "paths"),
];

/// Tools that write the file they name whole.
const CREATE_TOOLS: &[&str] = &["write", "create", "write_file", "write_to_file"];

/// Tools that write, edit or delete the file they name.
const WRITE_TOOLS: &[&str] = &[
    "write",
    "edit",
    "editor",
    "multiedit",
    "notebookedit",
    "create",
    "write_file",
    "replace",
    "write_to_file",
    "replace_in_file",
    "strreplace",
    "str_replace",
    "search_replace",
    "edit_file",
    "delete",
    "delete_file",
];

/// Tools that read the file they name.
const READ_TOOLS: &[&str] = &["read", "read_file", "view"];

/// Editor tools whose `command` says whether they read (`view`) or write the file.
const EDITOR_TOOLS: &[&str] = &["str_replace_editor", "str_replace_based_edit_tool"];

/// Tools that apply a patch naming the files it changes.
const PATCH_TOOLS: &[&str] = &["apply_patch", "applypatch", "patch"];

/// Tools with a `command` field that is not a shell command (Claude Code's slash commands and
/// skills).
const NOT_SHELL_TOOLS: &[&str] = &["slashcommand", "skill"];

/// Cursor's events that ask before something this guard has no opinion on.
const NO_OPINION_CURSOR_EVENTS: &[&str] = &[
    "beforeMCPExecution",
    "beforeSubmitPrompt",
    "beforeTabFileRead",
    "sessionStart",
    "sessionEnd",
    "stop",
    "preCompact",
    "subagentStart",
    "subagentStop",
];

/// Events of Claude Code, Codex, Factory, Copilot CLI and Gemini CLI that are not about to run
/// a tool: no opinion. Any other event name (unknown, misspelled, in another case) is judged
/// like the tool-call event whenever the payload carries a tool call, so that no spelling of
/// the event lets a command through unjudged.
const OTHER_EVENTS: &[&str] = &[
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "Notification",
    "UserPromptSubmit",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
    "PreCompress",
];

/// The fields that hold a tool's file.
const PATH_FIELDS: &[&str] = &[
    "file_path",
    "notebook_path",
    "filePath",
    "path",
    "target_file",
    "absolute_path",
];

/// The fields that hold a patch's text.
const PATCH_FIELDS: &[&str] = &["command", "patch", "patchText", "input"];

/// Reads the call in `payload`, sent by `agent`. `Err` says what is missing.
pub fn read(agent: Agent, payload: &Map<String, Value>) -> Result<Call, String> {
    let text = |field: &str| payload.get(field).and_then(Value::as_str).map(str::to_owned);
    fn object(value: Option<&Value>) -> Option<&Map<String, Value>> {
        match value {
            Some(Value::Object(object)) => Some(object),
            _ => None,
        }
    }
    let mut call = Call {
        action: Action::Nothing,
        cwd: text("cwd"),
        project: None,
        roots: Vec::new(),
        unattended: unattended(payload),
        shape: Shape::Usual,
    };
    let event = text("hook_event_name").or_else(|| text("hookEventName"));
    match agent {
        // Copilot CLI's own form; its Claude-like form is read as Claude Code's.
        Agent::Copilot if payload.contains_key("toolArgs") => {
            let tool = text("toolName").ok_or("the payload has no `toolName`")?;
            let input = match payload.get("toolArgs") {
                Some(Value::Object(input)) => std::borrow::Cow::Borrowed(input),
                Some(Value::String(json)) => match serde_json::from_str::<Value>(json) {
                    Ok(Value::Object(input)) => std::borrow::Cow::Owned(input),
                    _ => return Err("the payload's `toolArgs` string is not a JSON object".into()),
                },
                _ => return Err("the payload's `toolArgs` is neither an object nor a JSON string".into()),
            };
            call.action = tool_action(agent, &tool, &input)?;
        }
        Agent::Claude | Agent::Codex | Agent::Factory | Agent::Gemini | Agent::Copilot => {
            let judged = if agent == Agent::Gemini {
                "BeforeTool"
            } else {
                "PreToolUse"
            };
            let unknown_event = match event.as_deref() {
                Some(event) if OTHER_EVENTS.contains(&event) => return Ok(call),
                Some(event) => event != judged,
                None => false,
            };
            let tool = text("tool_name");
            let input = object(payload.get("tool_input"));
            if unknown_event && (tool.is_none() || input.is_none()) {
                return Ok(call);
            }
            let tool = tool.ok_or("the payload has no `tool_name`")?;
            let input = input.ok_or("the payload has no `tool_input` object")?;
            call.action = tool_action(agent, &tool, input)?;
            if let Some(directory) = input.get("dir_path").and_then(Value::as_str) {
                call.cwd = Some(joined(call.cwd.as_deref(), directory));
            }
        }
        Agent::Cursor => {
            call.project = first_root(payload.get("workspace_roots"), call.cwd.as_deref());
            call.roots = all_roots(payload.get("workspace_roots"));
            match event.as_deref() {
                Some("beforeShellExecution") => {
                    call.shape = Shape::CursorShell;
                    let command = text("command").ok_or("the beforeShellExecution payload has no `command`")?;
                    call.action = in_shell(command, Shell::Posix, agent);
                }
                Some("beforeReadFile") => {
                    call.shape = Shape::CursorRead;
                    let path = text("file_path").ok_or("the beforeReadFile payload has no `file_path`")?;
                    call.action = Action::Read(vec![path]);
                }
                // Events that only report what happened, or that this guard does not judge.
                Some(event) if event.starts_with("after") || NO_OPINION_CURSOR_EVENTS.contains(&event) => {}
                // `preToolUse`, and whatever else carries a tool call (the hooks Cursor runs from
                // Claude Code's settings files): judged, answered without ask.
                _ => {
                    call.shape = Shape::CursorTool;
                    if let Some(tool) = text("tool_name") {
                        let input =
                            object(payload.get("tool_input")).ok_or("the payload has no `tool_input` object")?;
                        if let Some(directory) = input.get("working_directory").and_then(Value::as_str) {
                            call.cwd = Some(joined(call.cwd.as_deref(), directory));
                        }
                        call.action = tool_action(agent, &tool, input)?;
                    } else if let Some(command) = text("command") {
                        call.action = in_shell(command, Shell::Posix, agent);
                    } else if event.is_none() || event.as_deref() == Some("preToolUse") {
                        return Err("the payload has no `tool_name`".into());
                    }
                }
            }
        }
        Agent::Cline => {
            call.cwd = first_root(payload.get("workspaceRoots"), None);
            call.roots = all_roots(payload.get("workspaceRoots"));
            call.project = call.cwd.clone();
            if text("hookName").is_some_and(|name| !name.eq_ignore_ascii_case("PreToolUse")) {
                return Ok(call);
            }
            let Some(Value::Object(pre)) = payload.get("preToolUse") else {
                return Err("the payload has no `preToolUse` object".into());
            };
            let tool = pre
                .get("toolName")
                .and_then(Value::as_str)
                .ok_or("the payload has no `toolName`")?;
            let input = object(pre.get("parameters")).ok_or("the payload has no `parameters` object")?;
            call.action = tool_action(agent, tool, input)?;
        }
        Agent::Windsurf => {
            let info = object(payload.get("tool_info")).ok_or("the payload has no `tool_info` object")?;
            let field = |name: &str| info.get(name).and_then(Value::as_str).map(str::to_owned);
            call.cwd = field("cwd").or(call.cwd);
            let missing = |what: &str| {
                format!(
                    "the {} payload has no `{what}`",
                    text("agent_action_name").unwrap_or_default()
                )
            };
            call.action = match text("agent_action_name").as_deref() {
                Some("pre_run_command") => {
                    let command = field("command_line").ok_or_else(|| missing("command_line"))?;
                    in_shell(command, Shell::Posix, agent)
                }
                Some("pre_write_code") => Action::Edit(vec![field("file_path").ok_or_else(|| missing("file_path"))?]),
                Some("pre_read_code") => Action::Read(vec![field("file_path").ok_or_else(|| missing("file_path"))?]),
                _ => Action::Nothing,
            };
        }
        Agent::OpenCode => {
            call.cwd = text("directory").or(call.cwd);
            call.project = text("worktree");
            let tool = payload
                .get("input")
                .and_then(|input| input.get("tool"))
                .and_then(Value::as_str)
                .ok_or("the payload has no `input.tool`")?;
            let args = object(payload.get("output").and_then(|output| output.get("args")))
                .ok_or("the payload has no `output.args` object")?;
            if let Some(directory) = args.get("workdir").and_then(Value::as_str) {
                call.cwd = Some(joined(call.cwd.as_deref(), directory));
            }
            call.action = tool_action(agent, tool, args)?;
        }
    }
    Ok(call)
}

/// What a named tool does with its input. A tool no table names still runs a shell command when
/// its input has one (`command` or `cmd`: an MCP shell server, a renamed shell tool).
fn tool_action(agent: Agent, tool: &str, input: &Map<String, Value>) -> Result<Action, String> {
    if let Some(named) = tool.strip_prefix("mcp__")
        && let Some((server, tool)) = named.split_once("__")
    {
        return Ok(Action::Mcp {
            server: server.to_owned(),
            tool: tool.to_owned(),
            command: MCP_COMMAND_FIELDS
                .iter()
                .find_map(|field| command_text(input.get(*field))),
            paths: fields(input, MCP_PATH_FIELDS),
        });
    }
    let name = tool.to_ascii_lowercase();
    let name = name.as_str();
    if let Some((_, field, shell)) = SHELL_TOOLS.iter().find(|(shell, _, _)| *shell == name) {
        return match command_text(input.get(*field)) {
            Some(command) => Ok(in_shell(command, *shell, agent)),
            // Claude Code's Monitor may watch something other than a command.
            None if name == "monitor" => Ok(Action::Nothing),
            None => Err(format!("the {tool} tool call has no `{field}` string")),
        };
    }
    if let Some((_, field)) = SHELL_LIST_TOOLS.iter().find(|(list, _)| *list == name) {
        let commands = match input.get(*field) {
            Some(Value::String(one)) if listed(Some(&Value::String(one.clone()))).is_none() => Some(vec![one.clone()]),
            value => listed(value).and_then(|items| items.iter().map(|item| command_text(Some(item))).collect()),
        };
        return match commands {
            Some(commands) if !commands.is_empty() => Ok(in_shell(commands.join("\n"), Shell::Posix, agent)),
            _ => Err(format!("the {tool} tool call has no readable `{field}` list")),
        };
    }
    if READ_LIST_TOOLS.iter().any(|(list, _)| *list == name) {
        let mut paths = Vec::new();
        for (_, field) in READ_LIST_TOOLS.iter().filter(|(list, _)| *list == name) {
            let Some(value) = input.get(*field) else { continue };
            let items = listed(Some(value)).ok_or_else(|| format!("the {tool} tool call's `{field}` is not a list"))?;
            for item in items {
                let path = item.as_str().or_else(|| item.get("path").and_then(Value::as_str));
                paths.push(
                    path.ok_or_else(|| format!("the {tool} tool call's `{field}` holds an unreadable entry"))?
                        .to_owned(),
                );
            }
        }
        if paths.is_empty() {
            return Err(format!("the {tool} tool call names no file"));
        }
        return Ok(Action::Read(paths));
    }
    let is_editor = EDITOR_TOOLS.contains(&name);
    let is_write = WRITE_TOOLS.contains(&name);
    if is_editor || is_write || READ_TOOLS.contains(&name) {
        let paths = fields(input, PATH_FIELDS);
        if paths.is_empty() {
            return Err(format!("the {tool} tool call has no `{}`", path_field(agent, name)));
        }
        let command = input.get("command").and_then(Value::as_str);
        return Ok(if is_editor && command == Some("view") || !is_editor && !is_write {
            Action::Read(paths)
        } else if is_editor && command == Some("create") || CREATE_TOOLS.contains(&name) {
            Action::Write(paths)
        } else {
            Action::Edit(paths)
        });
    }
    if PATCH_TOOLS.contains(&name) {
        let patches = fields(input, PATCH_FIELDS);
        if patches.is_empty() {
            return Err(format!("the {tool} tool call has no patch text"));
        }
        let mut files: Vec<String> = Vec::new();
        for patch in &patches {
            for file in patched_files(patch) {
                if !files.contains(&file) {
                    files.push(file);
                }
            }
        }
        if files.is_empty() {
            return Err(format!(
                "the {tool} tool call's patch names no file this guard can read"
            ));
        }
        return Ok(Action::Edit(files));
    }
    if !NOT_SHELL_TOOLS.contains(&name)
        && let Some(command) = command_text(input.get("command")).or_else(|| command_text(input.get("cmd")))
    {
        return Ok(in_shell(command, Shell::Posix, agent));
    }
    Ok(Action::Nothing)
}

/// The parameters of an MCP tool that carry a shell command.
const MCP_COMMAND_FIELDS: &[&str] = &["command", "cmd", "script"];

/// The parameters of an MCP tool that carry a path it may write.
const MCP_PATH_FIELDS: &[&str] = &["path", "file_path", "filePath", "filename"];

/// Every non-empty text among `names` in `input`, once each: a tool may carry several path
/// fields, and each is judged.
fn fields(input: &Map<String, Value>, names: &[&str]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for text in names.iter().filter_map(|name| input.get(*name).and_then(Value::as_str)) {
        if !text.trim().is_empty() && !found.iter().any(|known| known == text) {
            found.push(text.to_owned());
        }
    }
    found
}

/// A command as the analyzer reads it: a PowerShell command is judged as `pwsh -Command` runs it.
/// An agent that does not say which shell runs its commands (all but Claude Code, whose `Bash`
/// is bash and whose `PowerShell` is PowerShell) may run them in PowerShell on Windows: a command
/// written in PowerShell's shape is judged both ways.
fn in_shell(command: String, shell: Shell, agent: Agent) -> Action {
    match shell {
        Shell::Posix if agent != Agent::Claude && looks_like_powershell(&command) => Action::RunInEither(command),
        Shell::Posix => Action::Run(command),
        Shell::PowerShell => Action::Run(as_powershell(&command)),
    }
}

/// What running `command` through an agent's shell tool does, as that agent's payload would
/// say it (see [`in_shell`]).
pub(crate) fn shell_command(command: String, agent: Agent) -> Action {
    in_shell(command, Shell::Posix, agent)
}

/// A PowerShell command as bash would hand it to PowerShell.
pub fn as_powershell(command: &str) -> String {
    format!("pwsh -NoProfile -Command {}", shell_words::quote(command))
}

/// Whether a command is written in PowerShell's shape: a cmdlet (`Verb-Noun` with one of
/// PowerShell's verbs, in any case) or one of its short aliases where a command starts (not
/// one assigned to: `ri = archive.resolve(x)` is a line of Python), a
/// `$variable =` assignment or a `[Type]::` call.
fn looks_like_powershell(command: &str) -> bool {
    static SHAPE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?mi)(?:^|[;|{(&]|&&|\|\|)\s*(?:(?:get|set|new|remove|add|clear|copy|move|rename|invoke|start|stop|restart|test|select|where|foreach|write|out|format|import|export|convertto|convertfrom|measure|sort|join|split|resolve|register|unregister|enable|disable|install|uninstall|update|expand|compress|send|receive|wait|push|pop|mount|dismount|initialize|suspend|resume)-[a-z]+\b|(?:iex|irm|iwr|ri|rd|gci|gc|ac|saps|spps|icm|sls)\s+[^=\s]|\$[A-Za-z_][\w:]*\s*=[^=~]|\[[A-Za-z][\w.]*\]::)",
        )
        .expect("the PowerShell shape is a valid pattern")
    });
    SHAPE.is_match(command)
}

/// The name of the path field an agent's tool uses, for the message when it is missing.
fn path_field(agent: Agent, tool: &str) -> &'static str {
    match agent {
        _ if tool == "notebookedit" => "notebook_path",
        Agent::Copilot | Agent::Cline => "path",
        Agent::OpenCode => "filePath",
        _ => "file_path",
    }
}

/// A list given as a JSON array, or as a string holding one.
fn listed(value: Option<&Value>) -> Option<Vec<Value>> {
    match value? {
        Value::Array(items) => Some(items.clone()),
        Value::String(json) => match serde_json::from_str::<Value>(json).ok()? {
            Value::Array(items) => Some(items),
            _ => None,
        },
        _ => None,
    }
}

/// A command given as a string, or as an argument vector (joined as a shell would read it).
fn command_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(command) => Some(command.clone()),
        Value::Array(words) => {
            let words: Option<Vec<&str>> = words.iter().map(Value::as_str).collect();
            Some(shell_words::join(words?))
        }
        _ => None,
    }
}

/// The files a patch changes: the headers of the `*** Begin Patch` format (Codex, OpenCode) and of
/// unified diffs.
pub fn patched_files(patch: &str) -> Vec<String> {
    const HEADERS: [&str; 4] = [
        "*** Add File: ",
        "*** Update File: ",
        "*** Delete File: ",
        "*** Move to: ",
    ];
    let mut files = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end_matches('\r');
        // Codex's parser accepts headers with leading blanks.
        let header_line = line.trim_start();
        let named = HEADERS
            .iter()
            .find_map(|header| header_line.strip_prefix(header))
            .or_else(|| {
                let name = line.strip_prefix("+++ ").or_else(|| line.strip_prefix("--- "))?;
                let name = name.split('\t').next().unwrap_or(name);
                let name = name
                    .strip_prefix("a/")
                    .or_else(|| name.strip_prefix("b/"))
                    .unwrap_or(name);
                (name != "/dev/null").then_some(name)
            });
        if let Some(name) = named.map(str::trim).filter(|name| !name.is_empty())
            && !files.iter().any(|known| known == name)
        {
            files.push(name.to_owned());
        }
    }
    files
}

/// Whether the payload's permission mode means nobody will answer a prompt.
fn unattended(payload: &Map<String, Value>) -> bool {
    let mode = payload.get("permission_mode").or_else(|| payload.get("permissionMode"));
    matches!(
        mode.and_then(Value::as_str),
        Some("bypassPermissions" | "dontAsk" | "auto")
    )
}

/// Every workspace root named.
fn all_roots(roots: Option<&Value>) -> Vec<String> {
    roots
        .and_then(Value::as_array)
        .map(|roots| roots.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// The workspace root that holds `cwd`, else the first one.
fn first_root(roots: Option<&Value>, cwd: Option<&str>) -> Option<String> {
    let roots: Vec<&str> = roots?.as_array()?.iter().filter_map(Value::as_str).collect();
    // The deepest root that holds `cwd`: with `~` and `~/work/project` both open, the project is
    // the second.
    let holding = cwd.and_then(|cwd| {
        roots
            .iter()
            .filter(|root| {
                cwd.strip_prefix(**root)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\']))
            })
            .max_by_key(|root| root.len())
    });
    holding.or(roots.first()).map(|root| (*root).to_owned())
}

/// `directory` read from `base`: itself when absolute.
fn joined(base: Option<&str>, directory: &str) -> String {
    let absolute = directory.starts_with(['/', '\\']) || directory.get(1..3).is_some_and(|s| s.starts_with(':'));
    match base {
        Some(base) if !absolute && directory != "." => format!("{}/{directory}", base.trim_end_matches(['/', '\\'])),
        Some(base) if directory == "." => base.to_owned(),
        _ => directory.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read_json(agent: Agent, payload: Value) -> Result<Call, String> {
        read(agent, payload.as_object().expect("an object"))
    }

    #[test]
    fn patches_name_their_files() {
        let codex = "*** Begin Patch\n*** Update File: .codex/hooks.json\n@@\n-a\n+b\n*** Add File: x.txt\n+hi\n*** Update File: a.rs\n*** Move to: b.rs\n*** Delete File: old.rs\n*** End Patch\n";
        assert_eq!(
            patched_files(codex),
            [".codex/hooks.json", "x.txt", "a.rs", "b.rs", "old.rs"]
        );
        let unified = "--- a/src/main.rs\n+++ b/src/main.rs\n@@ -1 +1 @@\n-a\n+b\n--- /dev/null\n+++ b/new.txt\n";
        assert_eq!(patched_files(unified), ["src/main.rs", "new.txt"]);
        assert!(patched_files("just text").is_empty());
    }

    #[test]
    fn commands_in_powershell_shape_are_read_both_ways() {
        for shaped in [
            "Remove-Item -Recurse x",
            "ls; Get-ChildItem",
            "$r = Invoke-WebRequest u",
            "[IO.File]::Delete('x')",
        ] {
            assert!(looks_like_powershell(shaped), "{shaped}");
        }
        for bash in [
            "rm -rf node_modules",
            "git commit -m 'Add-Item docs'",
            "x=1; echo $x",
            "[[ -f x ]] && ls",
            "python3 -c \"\nsls = objects[111]\nri = archive.resolve(it)\n\"",
        ] {
            assert!(!looks_like_powershell(bash), "{bash}");
        }
        let either = in_shell("Remove-Item x".into(), Shell::Posix, Agent::Cursor);
        assert_eq!(either, Action::RunInEither("Remove-Item x".into()));
        let bash = in_shell("Remove-Item x".into(), Shell::Posix, Agent::Claude);
        assert_eq!(bash, Action::Run("Remove-Item x".into()));
    }

    #[test]
    fn each_agent_names_its_shell_command() {
        let gemini = json!({"hook_event_name": "BeforeTool", "cwd": "/p", "tool_name": "run_shell_command",
            "tool_input": {"command": "ls", "dir_path": "sub"}});
        let call = read_json(Agent::Gemini, gemini).expect("readable");
        assert_eq!(call.action, Action::Run("ls".into()));
        assert_eq!(call.cwd.as_deref(), Some("/p/sub"));
        let copilot = json!({"toolName": "bash", "toolArgs": "{\"command\":\"rm -rf dist\"}"});
        assert_eq!(
            read_json(Agent::Copilot, copilot).expect("readable").action,
            Action::Run("rm -rf dist".into())
        );
        let cline = json!({"clineVersion": "3", "workspaceRoots": ["/w"], "preToolUse":
            {"toolName": "write_to_file", "parameters": {"path": "src/a.js"}}});
        let call = read_json(Agent::Cline, cline).expect("readable");
        assert_eq!(call.action, Action::Write(vec!["src/a.js".into()]));
        assert_eq!(call.cwd.as_deref(), Some("/w"));
        let commands = json!({"clineVersion": "3", "workspaceRoots": ["/w"], "preToolUse":
            {"toolName": "run_commands", "parameters": {"commands": "[\"npm test\",\"git status\"]"}}});
        assert_eq!(
            read_json(Agent::Cline, commands).expect("readable").action,
            Action::Run("npm test\ngit status".into())
        );
        let files = json!({"clineVersion": "3", "workspaceRoots": ["/w"], "preToolUse":
            {"toolName": "read_files", "parameters": {"files": "[{\"path\":\"a.rs\"},{\"path\":\".env\"}]"}}});
        assert_eq!(
            read_json(Agent::Cline, files).expect("readable").action,
            Action::Read(vec!["a.rs".into(), ".env".into()])
        );
        let windsurf =
            json!({"agent_action_name": "pre_run_command", "tool_info": {"command_line": "ls", "cwd": "/u"}});
        assert_eq!(
            read_json(Agent::Windsurf, windsurf).expect("readable").action,
            Action::Run("ls".into())
        );
        let codex = json!({"hook_event_name": "PreToolUse", "turn_id": "t", "tool_name": "Bash",
            "tool_input": {"command": ["bash", "-lc", "git status"]}});
        assert_eq!(
            read_json(Agent::Codex, codex).expect("readable").action,
            Action::Run("bash -lc 'git status'".into())
        );
    }

    #[test]
    fn unreadable_calls_are_errors() {
        assert!(read_json(Agent::Copilot, json!({"toolName": "bash", "toolArgs": "{not json"})).is_err());
        assert!(read_json(Agent::Cline, json!({"clineVersion": "3"})).is_err());
        assert!(
            read_json(
                Agent::Cursor,
                json!({"hook_event_name": "beforeShellExecution", "cursor_version": "2"})
            )
            .is_err()
        );
        assert!(
            read_json(
                Agent::Codex,
                json!({"tool_name": "apply_patch", "tool_input": {"command": "hello"}})
            )
            .is_err()
        );
    }

    #[test]
    fn other_events_and_tools_get_no_opinion() {
        let other = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {}});
        assert_eq!(
            read_json(Agent::Claude, other).expect("readable").action,
            Action::Nothing
        );
        let grep = json!({"tool_name": "Grep", "tool_input": {"pattern": "x"}});
        assert_eq!(
            read_json(Agent::Claude, grep).expect("readable").action,
            Action::Nothing
        );
        let mcp = json!({"hook_event_name": "beforeMCPExecution", "cursor_version": "2", "tool_name": "q"});
        assert_eq!(read_json(Agent::Cursor, mcp).expect("readable").action, Action::Nothing);
        let nothing = json!({"hook_event_name": "Elsewhen", "session_id": "s"});
        assert_eq!(
            read_json(Agent::Claude, nothing).expect("readable").action,
            Action::Nothing
        );
    }

    /// An event name the hook does not know is no way around it: the call it carries is judged.
    #[test]
    fn unknown_event_names_are_judged() {
        for event in ["pretooluse", "PreToolUse ", "", "preToolUse", "BeforeToolUse"] {
            let payload = json!({"hook_event_name": event, "tool_name": "Bash", "tool_input": {"command": "ls"}});
            assert_eq!(
                read_json(Agent::Claude, payload).expect("readable").action,
                Action::Run("ls".into()),
                "event {event:?}"
            );
        }
    }
}
