//! Gemini CLI's records of a session, read as `google-gemini/gemini-cli` writes them
//! (`packages/core/src/services/chatRecordingService.ts`, `core/logger.ts`,
//! `utils/checkpointUtils.ts`), all under `~/.gemini/tmp/<project>/` (`$GEMINI_CLI_HOME/.gemini`
//! when set), where `<project>` is a short name with a `.project_root` file holding the project's
//! folder (before version 0.29: the SHA-256 of that folder, and no such file):
//! - `chats/session-<time>-<id>.jsonl` (subagents: `chats/<parent>/<id>.jsonl`), the session
//!   recording: a metadata line (`sessionId`, `projectHash`), then message records; a `gemini`
//!   message's `toolCalls` hold `{id, name, args}`. A message is written again each time its calls
//!   change, so a call is read once per `id`. Before version 0.39 it was one
//!   `chats/session-….json` object with every message in `messages`.
//! - `checkpoint-<tag>.json`, saved by `/chat save <tag>` (`/resume save`): `{history, authType}`
//!   (older: the bare list), `history` being the model's `Content` list (`{role, parts}`), where a
//!   part `{functionCall: {name, args}}` is a tool call.
//! - `checkpoints/<time>-<file>-<tool>.json`, written before each file-changing call when
//!   `general.checkpointing` is on: `{history, clientHistory, commitHash, toolCall: {name, args},
//!   messageId}`; `toolCall` is the call about to run (`clientHistory` repeats the conversation).
//!
//! Checkpoints are copies: they hold calls the recording holds too, and overlap one another (each
//! `/chat save` repeats the history before it). A call read from a checkpoint counts only when the
//! same call (tool and arguments) was not already read for the same project; recordings are read
//! first. The recording outlives neither its 30-day retention nor `/chat delete`, which is why the
//! checkpoints are read at all.
//!
//! Tool names and arguments are those of Gemini's hook payloads (`run_shell_command` with `command`
//! and `dir_path`, `write_file` and `replace` with `file_path`), which the hook's reader already
//! knows; the shell's `directory`, the name `dir_path` had before version 0.14, is read as `dir_path`.

use super::Recorded;
use crate::hook::Agent;
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The folder of session recordings in a project's folder.
const CHATS: &str = "chats";
/// The folder of the checkpoints written before file-changing calls.
const TOOL_CHECKPOINTS: &str = "checkpoints";
/// What names a `/chat save` checkpoint.
const SAVED_PREFIX: &str = "checkpoint-";
/// The file naming the project a folder of `~/.gemini/tmp` belongs to.
const PROJECT_ROOT_FILE: &str = ".project_root";

/// `~/.gemini/tmp`, where Gemini CLI keeps each project's sessions.
pub(super) fn default_place(home: &Path) -> PathBuf {
    std::env::var_os("GEMINI_CLI_HOME")
        .filter(|value| !value.is_empty())
        .map_or_else(|| home.to_path_buf(), PathBuf::from)
        .join(".gemini/tmp")
}

/// Whether a `.json` file found in a folder is one of Gemini's session records or checkpoints.
pub(super) fn is_session_json(path: &Path) -> bool {
    is_checkpoint(path)
        || path
            .ancestors()
            .skip(1)
            .any(|folder| folder.file_name().is_some_and(|name| name == CHATS))
}

/// Whether a file is a checkpoint (a copy of calls recorded elsewhere).
pub(super) fn is_checkpoint(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "json")
        && (named_saved(path)
            || path
                .parent()
                .and_then(Path::file_name)
                .is_some_and(|name| name == TOOL_CHECKPOINTS))
}

/// The project's folder in `~/.gemini/tmp` a Gemini file belongs to: the one holding `chats/`,
/// `checkpoints/` or the `/chat save` checkpoint.
pub(super) fn project_folder(path: &Path) -> Option<&Path> {
    if named_saved(path) {
        return path.parent();
    }
    path.ancestors()
        .find(|folder| {
            folder
                .file_name()
                .is_some_and(|name| name == CHATS || name == TOOL_CHECKPOINTS)
        })
        .and_then(Path::parent)
}

fn named_saved(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.starts_with(SAVED_PREFIX))
}

/// The project folder Gemini ran in, from the `.project_root` file of its folder in
/// `~/.gemini/tmp` (none in a folder named by a hash, before version 0.29).
pub(super) fn project_root(folder: &Path) -> Option<String> {
    let text = std::fs::read_to_string(folder.join(PROJECT_ROOT_FILE)).ok()?;
    Some(text.trim().to_owned()).filter(|root| root.starts_with('/'))
}

/// A line of a session recording: the calls it holds (`None` when the line is not Gemini's).
/// `seen` holds the call ids already read from this file.
pub(super) fn recording_line(
    entry: &Map<String, Value>,
    line: usize,
    seen: &mut HashSet<String>,
) -> Option<Vec<Recorded>> {
    let messages =
        |value: Option<&Value>| -> Vec<Value> { value.and_then(Value::as_array).cloned().unwrap_or_default() };
    let lists: Vec<Value> = if entry.get("type").and_then(Value::as_str) == Some("gemini") {
        entry.get("toolCalls").cloned().into_iter().collect()
    } else if let Some(set) = entry.get("$set") {
        let listed = messages(set.get("messages"));
        listed
            .iter()
            .filter_map(|message| message.get("toolCalls").cloned())
            .collect()
    } else if entry.contains_key("projectHash") && entry.contains_key("sessionId") {
        let listed = messages(entry.get("messages"));
        listed
            .iter()
            .filter_map(|message| message.get("toolCalls").cloned())
            .collect()
    } else if entry.contains_key("$rewindTo") {
        Vec::new()
    } else {
        return None;
    };
    Some(recorded_calls(&lists, |_| line, seen))
}

/// The calls of `toolCalls` lists, each once per `id`; `line_of` gives the line of the n-th list.
fn recorded_calls(lists: &[Value], line_of: impl Fn(usize) -> usize, seen: &mut HashSet<String>) -> Vec<Recorded> {
    let mut calls = Vec::new();
    for (index, list) in lists.iter().enumerate() {
        for call in list.as_array().into_iter().flatten() {
            if let Some(id) = call.get("id").and_then(Value::as_str)
                && !seen.insert(id.to_owned())
            {
                continue;
            }
            if let (Some(name), Some(args)) = (call.get("name"), call.get("args")) {
                calls.extend(recorded(name, args, line_of(index), false));
            }
        }
    }
    calls
}

/// The calls of a whole `.json` file Gemini wrote: a checkpoint, or an older session recording.
/// Whether it is one of Gemini's formats.
pub(super) fn read_json(text: &str) -> (Vec<Recorded>, bool) {
    let Ok(document) = serde_json::from_str::<Value>(text) else {
        return (Vec::new(), false);
    };
    // `{toolCall}`: the checkpoint written before a file-changing call.
    if let Some(call) = document.get("toolCall") {
        let line = key_lines(text, "toolCall").first().copied().unwrap_or(1);
        let calls = match (call.get("name"), call.get("args")) {
            (Some(name), Some(args)) => recorded(name, args, line, true).into_iter().collect(),
            _ => Vec::new(),
        };
        return (calls, true);
    }
    // `{sessionId, projectHash, messages}`: a session recording before the JSONL form.
    if document.get("projectHash").is_some() && document.get("sessionId").is_some() {
        let lists: Vec<Value> = document
            .get("messages")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|message| message.get("toolCalls").cloned())
            .collect();
        let lines = key_lines(text, "toolCalls");
        let calls = recorded_calls(
            &lists,
            |index| lines.get(index).copied().unwrap_or(1),
            &mut HashSet::new(),
        );
        return (calls, true);
    }
    // `{history}` or the bare list: a `/chat save` checkpoint.
    let history = match &document {
        Value::Array(history) => history,
        Value::Object(checkpoint) => match checkpoint.get("history") {
            Some(Value::Array(history)) => history,
            _ => return (Vec::new(), false),
        },
        _ => return (Vec::new(), false),
    };
    let lines = key_lines(text, "functionCall");
    let calls = history
        .iter()
        .filter_map(|content| content.get("parts")?.as_array())
        .flatten()
        .filter_map(|part| part.get("functionCall"))
        .enumerate()
        .filter_map(|(index, call)| {
            recorded(
                call.get("name")?,
                call.get("args")?,
                lines.get(index).copied().unwrap_or(1),
                true,
            )
        })
        .collect();
    (calls, true)
}

/// The line of each place `"key":` is written as a key in a JSON text, in order (inside a string
/// its quotes would be escaped).
fn key_lines(text: &str, key: &str) -> Vec<usize> {
    let quoted = format!("\"{key}\"");
    text.match_indices(&quoted)
        .filter(|(at, _)| !text[..*at].ends_with('\\'))
        .filter(|(at, _)| text[at + quoted.len()..].trim_start().starts_with(':'))
        .map(|(at, _)| text[..at].matches('\n').count() + 1)
        .collect()
}

/// One call, read as Gemini's hook payload names it.
fn recorded(name: &Value, args: &Value, line: usize, copy: bool) -> Option<Recorded> {
    let tool = name.as_str()?;
    let mut input = args.as_object()?.clone();
    if tool == "run_shell_command"
        && !input.contains_key("dir_path")
        && let Some(directory) = input.remove("directory")
    {
        input.insert("dir_path".into(), directory);
    }
    Some(Recorded {
        agent: Agent::Gemini,
        tool: tool.to_owned(),
        input,
        cwd: None,
        line,
        copy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_written_inside_a_string_is_not_a_key() {
        let text = "{\n  \"text\": \"say \\\"functionCall\\\": here\",\n  \"functionCall\" : {}\n}";
        assert_eq!(key_lines(text, "functionCall"), [3]);
    }

    #[test]
    fn a_message_written_again_gives_its_calls_once() {
        let mut seen = HashSet::new();
        let line = |text: &str| serde_json::from_str::<Map<String, Value>>(text).expect("an object");
        let first = line(
            r#"{"id":"m","type":"gemini","toolCalls":[{"id":"a","name":"run_shell_command","args":{"command":"ls","directory":"web"}}]}"#,
        );
        let again = line(
            r#"{"id":"m","type":"gemini","toolCalls":[{"id":"a","name":"run_shell_command","args":{"command":"ls"}},{"id":"b","name":"read_file","args":{"file_path":"/p/x"}}]}"#,
        );
        let calls = recording_line(&first, 2, &mut seen).expect("Gemini's");
        assert_eq!(calls[0].input.get("dir_path"), Some(&Value::from("web")));
        let calls = recording_line(&again, 3, &mut seen).expect("Gemini's");
        assert_eq!(
            calls.iter().map(|call| call.tool.as_str()).collect::<Vec<_>>(),
            ["read_file"]
        );
        assert!(recording_line(&line(r#"{"type":"user","message":{}}"#), 4, &mut seen).is_none());
    }
}
