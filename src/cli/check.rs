//! `safety-net check`: many commands judged, one verdict line each, in the order they were read.
//! Commands are judged in batches on every core, each thread with a context of its own.

use super::{ContextArgs, Failure, exit_code};
use crate::analyze;
use crate::context::{self, Context};
use crate::paths::AbsPath;
use crate::rules::Decision;
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Commands judged together: enough to keep every core busy, few enough that verdicts appear
/// while a long file is still being read.
const BATCH: usize = 4096;

/// The stack of each judging thread besides the main one: the main thread's, for which the
/// analysis's recursion is bounded.
const STACK_SIZE: usize = 8 * 1024 * 1024;

/// One command's verdict, and the line printed for it.
struct Judged {
    decision: Decision,
    rule: Option<&'static str>,
    line: String,
}

/// A `check` run: the entries read but not yet judged, and the tally of those judged.
struct Run<'a> {
    options: &'a ContextArgs,
    context: Context,
    json: bool,
    threads: usize,
    /// Judge each entry as soon as it is read: a person typing commands at a terminal.
    at_once: bool,
    pending: Vec<String>,
    worst: Decision,
    counts: [usize; 3],
    interruptions: BTreeMap<(&'static str, &'static str), usize>,
}

pub(super) fn check(files: &[PathBuf], json: bool, by_rule: bool, options: &ContextArgs) -> Result<ExitCode, Failure> {
    let reads_terminal = files.is_empty() && std::io::stdin().is_terminal();
    let mut run = Run {
        options,
        context: options.context()?,
        json,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        at_once: reads_terminal,
        pending: Vec::new(),
        worst: Decision::Allow,
        counts: [0; 3],
        interruptions: BTreeMap::new(),
    };
    let mut take = |entry: &str| run.take(entry);
    let read = if files.is_empty() {
        if reads_terminal {
            note!(
                "safety-net: reading commands from standard input, one a line; Ctrl-D ends (or name a file: `safety-net check FILE`)"
            );
        }
        read_lines(std::io::stdin().lock(), &mut take)
    } else {
        files.iter().try_for_each(|file| {
            let cannot = |error: std::io::Error| format!("cannot read {}: {error}", file.display());
            if file.is_dir() {
                return Err(format!(
                    "cannot read {}: it is a directory; name the files in it",
                    file.display()
                ));
            }
            let handle = std::fs::File::open(file).map_err(cannot)?;
            read_lines(std::io::BufReader::new(handle), &mut take).map_err(|message| {
                if message.is_empty() {
                    message
                } else {
                    format!("{}: {message}", file.display())
                }
            })
        })
    };
    // A closed pipe (`| head`) ends the run quietly, with the verdicts printed so far.
    match read.and_then(|()| run.flush()) {
        Err(message) if message.is_empty() => return Ok(exit_code(run.worst)),
        Err(message) => return Err(Failure::Failed(message)),
        Ok(()) => {}
    }
    let total: usize = run.counts.iter().sum();
    note!(
        "safety-net: {total} {}: {} allow, {} ask, {} deny",
        if total == 1 { "command" } else { "commands" },
        run.counts[0],
        run.counts[1],
        run.counts[2]
    );
    if by_rule {
        let mut rules: Vec<_> = run.interruptions.into_iter().collect();
        rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for ((decision, rule), count) in rules {
            note!("safety-net: {count:>6} {decision} {rule}");
        }
    }
    Ok(exit_code(run.worst))
}

impl Run<'_> {
    /// Takes one entry; judges the batch once it is full. An empty error: standard output closed.
    fn take(&mut self, entry: &str) -> Result<(), String> {
        self.pending.push(entry.to_owned());
        if self.at_once || self.pending.len() >= BATCH {
            self.flush()?;
        }
        Ok(())
    }

    /// Judges the entries taken so far and prints their verdicts in the order they were read.
    fn flush(&mut self) -> Result<(), String> {
        let entries = std::mem::take(&mut self.pending);
        // One write a batch rather than one a line: standard output flushes at each newline.
        let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
        for judged in self.judge_all(&entries)?.into_iter().flatten() {
            self.worst = self.worst.max(judged.decision);
            self.counts[judged.decision as usize] += 1;
            if let Some(rule) = judged.rule {
                *self.interruptions.entry((judged.decision.name(), rule)).or_default() += 1;
            }
            writeln!(stdout, "{}", judged.line).map_err(|_| String::new())?;
        }
        stdout.flush().map_err(|_| String::new())
    }

    /// Each entry's verdict (`None` for a blank or comment line), in order. This thread and one
    /// more for each other core take the next entry until none is left; a thread that cannot be
    /// started leaves its share to the others.
    fn judge_all(&self, entries: &[String]) -> Result<Vec<Option<Judged>>, String> {
        let next = AtomicUsize::new(0);
        let json = self.json;
        let work = |context: &Context| {
            let mut judge = Judge {
                context,
                json,
                last: None,
            };
            let mut judged = Vec::new();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(entry) = entries.get(index) else {
                    return judged;
                };
                judged.push((index, judge.judge(entry)));
            }
        };
        let options = self.options;
        let helpers = if entries.len() < 2 { 0 } else { self.threads - 1 };
        let mut results = std::thread::scope(|scope| {
            let started: Vec<_> = (0..helpers)
                .filter_map(|_| {
                    std::thread::Builder::new()
                        .stack_size(STACK_SIZE)
                        .spawn_scoped(scope, || options.context().map(|context| work(&context)))
                        .ok()
                })
                .collect();
            let mut results = work(&self.context);
            for helper in started {
                match helper.join() {
                    Ok(Ok(judged)) => results.extend(judged),
                    Ok(Err(Failure::Usage(message) | Failure::Failed(message))) => return Err(message),
                    Err(_) => return Err("a thread judging commands failed".to_owned()),
                }
            }
            Ok(results)
        })?;
        results.sort_unstable_by_key(|(index, _)| *index);
        Ok(results.into_iter().map(|(_, judged)| judged).collect())
    }
}

/// Judges entries in one thread, with the run's context and the last line's own: consecutive
/// lines of one session share their folders, and with them what was read of links on disk.
struct Judge<'a> {
    context: &'a Context,
    json: bool,
    last: Option<(LineContext, Context)>,
}

impl Judge<'_> {
    /// The verdict of one entry and its printed line; `None` for a blank or comment line.
    fn judge(&mut self, entry: &str) -> Option<Judged> {
        let (command, line_context) = read_line(entry)?;
        let agent = line_context.agent.clone();
        let context = if line_context == LineContext::default() {
            self.context
        } else {
            if self.last.as_ref().is_none_or(|(last, _)| *last != line_context) {
                let built = line_context.applied_to(self.context);
                self.last = Some((line_context, built));
            }
            &self.last.as_ref()?.1
        };
        // A line naming its agent is judged as the hook judges what that agent sends.
        let verdict = match &agent {
            Some(agent) => crate::hook::judge_sent_command(&command, agent, context),
            None => analyze(&command, context),
        };
        let line = if self.json {
            serde_json::json!({
                "verdict": verdict.decision,
                "rule": verdict.rule(),
                "reason": verdict.reason(),
                "command": command,
            })
            .to_string()
        } else {
            let shown = command.replace('\\', "\\\\").replace('\n', "\\n").replace('\t', "\\t");
            format!("{}\t{}\t{}", verdict.decision, verdict.rule().unwrap_or("-"), shown)
        };
        Some(Judged {
            decision: verdict.decision,
            rule: verdict.rule(),
            line,
        })
    }
}

/// Reads one command per entry, as shell history files hold them: bytes that are not UTF-8 are
/// read lossily (a history holds whatever was typed), zsh's extended history prefix
/// (`: 1700000000:0;`) is dropped, and a line ending in a backslash continues on the next, as
/// zsh writes a command of several lines.
fn read_lines(mut reader: impl BufRead, judge: &mut impl FnMut(&str) -> Result<(), String>) -> Result<(), String> {
    let mut bytes = Vec::new();
    let mut entry = String::new();
    let mut number = 0;
    loop {
        bytes.clear();
        let read = reader
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("cannot read line {}: {e}", number + 1))?;
        if read == 0 {
            break;
        }
        number += 1;
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']);
        let line = if entry.is_empty() {
            zsh_history_command(line)
        } else {
            line
        };
        entry.push_str(line);
        if entry.ends_with('\\') && !entry.ends_with("\\\\") && !entry.trim_start().starts_with('{') {
            entry.pop();
            entry.push('\n');
            continue;
        }
        judge(&entry).map_err(|message| {
            if message.is_empty() {
                message
            } else {
                format!("line {number}: {message}")
            }
        })?;
        entry.clear();
    }
    if !entry.is_empty() {
        judge(&entry)?;
    }
    Ok(())
}

/// The command of a zsh extended history line (`: 1700000000:0;git status`), else the line.
fn zsh_history_command(line: &str) -> &str {
    let Some(rest) = line.strip_prefix(": ") else {
        return line;
    };
    let Some((stamp, command)) = rest.split_once(';') else {
        return line;
    };
    let numbers = stamp
        .split(':')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    if numbers { command } else { line }
}

/// How one input line's context differs from the run's: nothing for a plain line; for a JSON
/// line, its `cwd`, `home` and `agent`.
#[derive(Default, PartialEq)]
struct LineContext {
    cwd: Option<AbsPath>,
    home: Option<AbsPath>,
    agent: Option<String>,
}

/// A command from one input line, with what its context changes: a JSON line's `cwd` or `home`
/// (a line's `cwd` is also its project root, unless it is the home folder or above it) or
/// `agent` (`claude-code`, `codex` and `gemini-cli` run each command in a shell of its own; an
/// agent other than Claude Code may run a command in PowerShell's shape in PowerShell, and the
/// line is judged both ways, as the hook judges it).
fn read_line(line: &str) -> Option<(String, LineContext)> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    if trimmed.starts_with('{')
        && let Ok(serde_json::Value::Object(object)) = serde_json::from_str::<serde_json::Value>(trimmed)
        && let Some(command) = object.get("command").and_then(|c| c.as_str())
    {
        let text = |field: &str| object.get(field).and_then(|value| value.as_str());
        let line_context = LineContext {
            cwd: text("cwd").and_then(AbsPath::new),
            home: text("home").and_then(AbsPath::new),
            agent: text("agent").map(str::to_owned),
        };
        return Some((command.to_owned(), line_context));
    }
    Some((line.to_owned(), LineContext::default()))
}

impl LineContext {
    /// `context` as this line changes it.
    fn applied_to(&self, context: &Context) -> Context {
        let mut line_context = context.clone();
        if let Some(cwd) = &self.cwd {
            line_context.home = self.home.clone().unwrap_or_else(|| context::guess_home(cwd));
            line_context.cwd = cwd.clone();
        }
        if let Some(home) = &self.home {
            line_context.home = home.clone();
        }
        // A line from another machine's history: the environment it ran in is not known.
        if self.cwd.is_some() || self.home.is_some() {
            line_context.set_variables = None;
        }
        if let Some(agent) = &self.agent {
            line_context.shell_per_command =
                matches!(agent.as_str(), "claude-code" | "codex" | "gemini-cli" | "gemini");
        }
        if self.cwd.is_some() {
            line_context.project_root = if context::holds_projects(&line_context.cwd, &line_context.home) {
                context::no_project()
            } else {
                line_context.cwd.clone()
            };
        }
        line_context
    }
}
