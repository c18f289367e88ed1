//! `safety-net audit-transcript`: the tool calls agents recorded in their session files, replayed
//! through the policy in force now, to see what it would have denied or asked about before the
//! hook is turned on (its false alarms on one's own work), and what an agent already did that one
//! would have wanted stopped.
//!
//! Formats read:
//! - Claude Code transcripts, one JSON object a line (`~/.claude/projects/<project>/<session>.jsonl`): an `assistant`
//!   entry's `message.content` holds `tool_use` blocks (`name`, `input`); the entry's `cwd` is
//!   where the call ran.
//! - Codex sessions (`~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl`, `$CODEX_HOME`): a line is
//!   `{timestamp, type, payload}`; `session_meta` and `turn_context` give the `cwd`;
//!   `response_item` payloads of type `function_call` (`name`, `arguments` as JSON text, whose
//!   `workdir` is the call's folder), `local_shell_call` (`action.command`,
//!   `action.working_directory`) and `custom_tool_call` (`apply_patch` with its patch as `input`).
//! - Gemini CLI's session recordings and checkpoints under `~/.gemini/tmp/` (see `gemini`).
//!
//! Each call is read by the hook's own reader (`hook::calls`) as if the agent were sending it now,
//! and judged by the hook's own judgment (`hook::judge`): a command as a command, a file written
//! or read by the file checks.

mod gemini;

use crate::context::Context;
use crate::hook::Agent;
use crate::hook::calls::{self, Action};
use crate::paths::AbsPath;
use crate::progress::{Progress, thousands};
use crate::rules::Decision;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// One tool call read from a session file.
struct Recorded {
    agent: Agent,
    tool: String,
    input: Map<String, Value>,
    cwd: Option<String>,
    line: usize,
    /// A copy of a call the session's own record may hold too (Gemini's checkpoints): counted
    /// once per project.
    copy: bool,
}

/// A call that would have been interrupted.
#[derive(Clone, Debug)]
pub struct Example {
    pub file: String,
    pub line: usize,
    /// The command, or the tool and its files.
    pub call: String,
    pub cwd: Option<String>,
    pub reason: String,
}

/// The calls one rule would have interrupted.
#[derive(Clone, Debug, Default)]
pub struct Group {
    pub count: usize,
    pub examples: Vec<Example>,
}

/// What a replay found.
#[derive(Debug, Default)]
pub struct Replay {
    /// Session files that held at least one entry of a known format.
    pub sessions: usize,
    pub calls: usize,
    /// By decision (deny first) and rule.
    pub groups: BTreeMap<(std::cmp::Reverse<Decision>, &'static str), Group>,
    /// Lines that were not JSON, or tool calls this guard could not read.
    pub unreadable: usize,
}

impl Replay {
    pub fn count(&self, decision: Decision) -> usize {
        self.groups
            .iter()
            .filter(|((shown, _), _)| shown.0 == decision)
            .map(|(_, group)| group.count)
            .sum()
    }

    /// `412 sessions, 18,204 tool calls, 37 would be denied, 61 asked; by rule: …`
    pub fn summary(&self) -> String {
        let mut by_rule: Vec<(&str, usize)> = self
            .groups
            .iter()
            .map(|((_, rule), group)| (*rule, group.count))
            .collect();
        by_rule.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let rules = if by_rule.is_empty() {
            String::new()
        } else {
            format!(
                "; by rule: {}",
                by_rule
                    .iter()
                    .map(|(rule, count)| format!("{rule} {}", thousands(*count)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        format!(
            "{} {}, {} tool {}, {} would be denied, {} asked{rules}",
            thousands(self.sessions),
            if self.sessions == 1 { "session" } else { "sessions" },
            thousands(self.calls),
            if self.calls == 1 { "call" } else { "calls" },
            thousands(self.count(Decision::Deny)),
            thousands(self.count(Decision::Ask)),
        )
    }

    pub fn json(&self) -> Value {
        json!({
            "sessions": self.sessions,
            "tool_calls": self.calls,
            "denied": self.count(Decision::Deny),
            "asked": self.count(Decision::Ask),
            "unreadable": self.unreadable,
            "rules": self.groups.iter().map(|((decision, rule), group)| json!({
                "rule": rule,
                "decision": decision.0,
                "count": group.count,
                "examples": group.examples.iter().map(|example| json!({
                    "file": example.file,
                    "line": example.line,
                    "call": example.call,
                    "cwd": example.cwd,
                    "reason": example.reason,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }
}

/// The session files agents keep on this machine: every `*.jsonl` under
/// `~/.claude/projects/` and under Codex's `sessions/` (`$CODEX_HOME`, else `~/.codex`), and
/// Gemini CLI's records under `~/.gemini/tmp/`.
pub fn default_places(home: &Path) -> Vec<PathBuf> {
    let codex_home = std::env::var_os("CODEX_HOME")
        .filter(|value| !value.is_empty())
        .map_or_else(|| home.join(".codex"), PathBuf::from);
    [
        home.join(".claude/projects"),
        codex_home.join("sessions"),
        gemini::default_place(home),
    ]
    .into_iter()
    .filter(|place| place.is_dir())
    .collect()
}

/// The `*.jsonl` files among `places`, and the `.json` files Gemini CLI keeps its sessions in
/// (files as given, folders searched). Gemini's checkpoints come last, after the recordings whose
/// calls they copy.
pub fn session_files(places: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for place in places {
        if place.is_file() {
            files.push(place.clone());
            continue;
        }
        let walker = ignore::WalkBuilder::new(place).standard_filters(false).build();
        files.extend(
            walker
                .flatten()
                .filter(|entry| entry.file_type().is_some_and(|kind| kind.is_file()))
                .map(|entry| entry.into_path())
                .filter(|path| {
                    path.extension().is_some_and(|extension| extension == "jsonl") || gemini::is_session_json(path)
                }),
        );
    }
    files.sort_by_cached_key(|file| (gemini::is_checkpoint(file), file.clone()));
    files
}

/// Replays every call in `files`. `context_for` gives the context of a call run in a folder (the
/// policy read there); `examples` is how many calls each rule keeps to show.
pub fn replay(
    files: &[PathBuf],
    context_for: &dyn Fn(&AbsPath) -> Result<Context, String>,
    examples: usize,
    progress: &mut Progress,
) -> Result<Replay, String> {
    let mut replay = Replay::default();
    let mut contexts: HashMap<String, Context> = HashMap::new();
    let fallback_folder = AbsPath::new(&std::env::current_dir().unwrap_or_default().to_string_lossy());
    // Gemini's calls read so far, by project folder, tool and arguments.
    let mut gemini_calls: HashSet<(PathBuf, String, String)> = HashSet::new();
    for file in files {
        progress.tick(1);
        let cannot_read = |error: std::io::Error| format!("cannot read {}: {error}", file.display());
        let (recorded, known, unreadable) = if file.extension().is_some_and(|extension| extension == "json") {
            let (recorded, known) = gemini::read_json(&std::fs::read_to_string(file).map_err(cannot_read)?);
            (recorded, known, usize::from(!known))
        } else {
            read_session(std::io::BufReader::new(std::fs::File::open(file).map_err(cannot_read)?))
        };
        replay.unreadable += unreadable;
        if known {
            replay.sessions += 1;
        }
        let gemini_folder = gemini::project_folder(file);
        let gemini_root = gemini_folder.and_then(gemini::project_root);
        for mut call in recorded {
            if call.agent == Agent::Gemini {
                let key = (
                    gemini_folder.unwrap_or(file).to_path_buf(),
                    call.tool.clone(),
                    Value::Object(call.input.clone()).to_string(),
                );
                if !gemini_calls.insert(key) && call.copy {
                    continue;
                }
                call.cwd = call.cwd.or_else(|| gemini_root.clone());
            }
            replay.calls += 1;
            let mut payload = Map::new();
            payload.insert("tool_name".into(), Value::String(call.tool.clone()));
            payload.insert("tool_input".into(), Value::Object(call.input.clone()));
            if let Some(cwd) = &call.cwd {
                payload.insert("cwd".into(), Value::String(cwd.clone()));
            }
            let Ok(read) = calls::read(call.agent, &payload) else {
                replay.unreadable += 1;
                continue;
            };
            if read.action == Action::Nothing {
                continue;
            }
            let folder = read
                .cwd
                .as_deref()
                .and_then(AbsPath::new)
                .or_else(|| fallback_folder.clone())
                .unwrap_or_else(AbsPath::root);
            let context = match contexts.get(folder.as_str()) {
                Some(context) => context,
                None => {
                    let context = context_for(&folder)?;
                    contexts.entry(folder.as_str().to_owned()).or_insert(context)
                }
            };
            let Ok(verdict) = crate::hook::judge(&read.action, context) else {
                replay.unreadable += 1;
                continue;
            };
            let Some(rule) = verdict.rule().filter(|_| verdict.decision != Decision::Allow) else {
                continue;
            };
            let group = replay
                .groups
                .entry((std::cmp::Reverse(verdict.decision), rule))
                .or_default();
            group.count += 1;
            if group.examples.len() < examples {
                group.examples.push(Example {
                    file: file.display().to_string(),
                    line: call.line,
                    call: describe(&read.action),
                    cwd: read.cwd.clone(),
                    reason: verdict.reason(),
                });
            }
        }
    }
    Ok(replay)
}

/// What a call does, in a line.
fn describe(action: &Action) -> String {
    let one_line = |text: &str| crate::verdict::one_line(text);
    match action {
        Action::Run(command) | Action::RunInEither(command) => one_line(command),
        Action::Write(paths) => format!("write {}", paths.join(", ")),
        Action::Edit(paths) => format!("edit {}", paths.join(", ")),
        Action::Read(paths) => format!("read {}", paths.join(", ")),
        Action::Mcp {
            server, tool, command, ..
        } => {
            format!(
                "mcp__{server}__{tool}{}",
                command
                    .as_deref()
                    .map(|c| format!(" {}", one_line(c)))
                    .unwrap_or_default()
            )
        }
        Action::Nothing => String::new(),
    }
}

/// The tool calls of one session file; whether any line was of a known format; how many lines
/// were not JSON.
fn read_session(reader: impl BufRead) -> (Vec<Recorded>, bool, usize) {
    let mut recorded = Vec::new();
    let mut known = false;
    let mut unreadable = 0;
    // Codex names the folder once per session or turn, not on each call.
    let mut codex_cwd: Option<String> = None;
    // Gemini writes a message again each time its calls change.
    let mut gemini_ids = HashSet::new();
    for (index, line) in reader.split(b'\n').enumerate() {
        let Ok(line) = line else { break };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let Ok(Value::Object(entry)) = serde_json::from_slice::<Value>(&line) else {
            unreadable += 1;
            continue;
        };
        let number = index + 1;
        let kind = entry.get("type").and_then(Value::as_str).unwrap_or("");
        let text = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_owned);
        if let Some(message) = entry
            .get("message")
            .filter(|_| entry.contains_key("sessionId") || kind == "assistant")
        {
            known = true;
            if kind != "assistant" {
                continue;
            }
            let cwd = text(entry.get("cwd"));
            for block in message.get("content").and_then(Value::as_array).into_iter().flatten() {
                if block.get("type").and_then(Value::as_str) != Some("tool_use") {
                    continue;
                }
                let (Some(tool), Some(Value::Object(input))) = (text(block.get("name")), block.get("input")) else {
                    continue;
                };
                recorded.push(Recorded {
                    agent: Agent::Claude,
                    tool,
                    input: input.clone(),
                    cwd: cwd.clone(),
                    line: number,
                    copy: false,
                });
            }
            continue;
        }
        if let Some(calls) = gemini::recording_line(&entry, number, &mut gemini_ids) {
            known = true;
            recorded.extend(calls);
            continue;
        }
        let Some(payload) = entry.get("payload") else { continue };
        match kind {
            "session_meta" | "turn_context" => {
                known = true;
                if let Some(cwd) = text(payload.get("cwd")) {
                    codex_cwd = Some(cwd);
                }
            }
            "response_item" => {
                known = true;
                if let Some(call) = codex_call(payload, codex_cwd.as_deref(), number) {
                    recorded.push(call);
                }
            }
            _ => {}
        }
    }
    (recorded, known, unreadable)
}

/// A Codex `response_item` that calls a tool.
fn codex_call(payload: &Value, cwd: Option<&str>, line: usize) -> Option<Recorded> {
    let in_folder = |folder: Option<&str>| match (folder, cwd) {
        (Some(folder), _) if folder.starts_with('/') => Some(folder.to_owned()),
        (Some(folder), Some(cwd)) => Some(format!("{}/{folder}", cwd.trim_end_matches('/'))),
        (_, cwd) => cwd.map(str::to_owned),
    };
    let name = payload.get("name").and_then(Value::as_str).unwrap_or("");
    let (tool, input, folder) = match payload.get("type").and_then(Value::as_str)? {
        "function_call" => {
            let arguments = payload.get("arguments").and_then(Value::as_str).unwrap_or("{}");
            let Ok(Value::Object(input)) = serde_json::from_str::<Value>(arguments) else {
                return None;
            };
            let folder = input.get("workdir").and_then(Value::as_str).map(str::to_owned);
            (name.to_owned(), input, folder)
        }
        "local_shell_call" => {
            let action = payload.get("action")?;
            let mut input = Map::new();
            input.insert("command".into(), action.get("command")?.clone());
            let folder = action
                .get("working_directory")
                .and_then(Value::as_str)
                .map(str::to_owned);
            ("local_shell".to_owned(), input, folder)
        }
        "custom_tool_call" => {
            let mut input = Map::new();
            input.insert("input".into(), payload.get("input")?.clone());
            (name.to_owned(), input, None)
        }
        _ => return None,
    };
    Some(Recorded {
        agent: Agent::Codex,
        tool,
        input,
        cwd: in_folder(folder.as_deref()),
        line,
        copy: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_are_read() {
        let claude = br#"{"type":"user","sessionId":"s","message":{"role":"user","content":"hi"},"cwd":"/p"}
{"type":"assistant","sessionId":"s","cwd":"/p","message":{"role":"assistant","content":[{"type":"text","text":"x"},{"type":"tool_use","id":"t","name":"Bash","input":{"command":"ls"}}]}}
not json
"#;
        let (calls, known, unreadable) = read_session(&claude[..]);
        assert!(known);
        assert_eq!(unreadable, 1);
        assert_eq!(calls.len(), 1);
        assert_eq!(
            (calls[0].tool.as_str(), calls[0].cwd.as_deref(), calls[0].line),
            ("Bash", Some("/p"), 2)
        );
        let codex = br#"{"timestamp":"t","type":"session_meta","payload":{"id":"x","cwd":"/w"}}
{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"bash\",\"-lc\",\"ls\"],\"workdir\":\"sub\"}","call_id":"c"}}
"#;
        let (calls, known, _) = read_session(&codex[..]);
        assert!(known);
        assert_eq!(calls[0].cwd.as_deref(), Some("/w/sub"));
        assert_eq!(calls[0].tool, "shell");
    }
}
