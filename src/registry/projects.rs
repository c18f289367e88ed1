//! Project files that say what a command runs: the scripts of `package.json` (`npm run x`,
//! `npm test`, the install lifecycle, `yarn x`), the recipes of a `Makefile` (`make x`), of a
//! `justfile` (`just x`) and the tasks of a go-task `Taskfile.yml` (`task x`). The walk reads the file (written earlier in the command, or on disk)
//! and judges the part that runs like a script on disk.

use super::Execution;
use crate::args::{self, Options};
use crate::command::Command;
use crate::word::Word;

/// The part of a project file a command runs.
#[derive(Clone, Debug)]
pub enum ProjectPart {
    /// These entries of `package.json`'s `scripts`, in order (`pretest`, `test`, `posttest`).
    Scripts(Vec<String>),
    /// The recipes of a make target and its prerequisites (the first target when `None`).
    MakeTarget(Option<String>),
    /// The recipe of a `just` recipe and its dependencies (the first recipe when `None`).
    JustRecipe(Option<String>),
    /// The commands of these go-task tasks and of the tasks they call (`default` when empty).
    Tasks(Vec<String>),
}

impl ProjectPart {
    /// The project files that hold this part, in the order the tool looks for them.
    pub fn files(&self) -> &'static [&'static str] {
        match self {
            ProjectPart::Scripts(_) => &["package.json"],
            ProjectPart::MakeTarget(_) => &["GNUmakefile", "makefile", "Makefile"],
            ProjectPart::JustRecipe(_) => &["justfile", "Justfile", ".justfile"],
            ProjectPart::Tasks(_) => &[
                "Taskfile.yml",
                "taskfile.yml",
                "Taskfile.yaml",
                "taskfile.yaml",
                "Taskfile.dist.yml",
                "taskfile.dist.yml",
                "Taskfile.dist.yaml",
                "taskfile.dist.yaml",
            ],
        }
    }
}

/// Subcommands of yarn, pnpm and bun that are their own, not a script's name.
const MANAGER_COMMANDS: &[&str] = &[
    "add",
    "audit",
    "bin",
    "build",
    "cache",
    "config",
    "create",
    "dedupe",
    "deploy",
    "dlx",
    "env",
    "exec",
    "explain",
    "fetch",
    "global",
    "help",
    "i",
    "import",
    "info",
    "init",
    "install",
    "licenses",
    "link",
    "list",
    "login",
    "logout",
    "ls",
    "node",
    "npm",
    "outdated",
    "pack",
    "patch",
    "plugin",
    "pm",
    "prune",
    "publish",
    "rebuild",
    "remove",
    "rm",
    "root",
    "run",
    "server",
    "set",
    "setup",
    "store",
    "unlink",
    "up",
    "update",
    "upgrade",
    "version",
    "why",
    "workspace",
    "workspaces",
    "x",
    "test",
    "start",
    "stop",
    "restart",
];

/// What `command` runs from a project file, or `None` when it is not such a command.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let name = command.name.as_str();
    let args = command.args();
    match name {
        "npm" | "pnpm" | "yarn" | "bun" => Some(package_scripts(name, args)),
        "make" | "gmake" => {
            let parsed = args::parse(
                args,
                &Options::gnu(
                    "CfIjlLoOWE",
                    &["directory", "file", "makefile", "include-dir", "jobs", "eval"],
                ),
            );
            // A makefile named by `-f` is read whole by the registry's table.
            if parsed.value_of('f', "file").is_some() || parsed.has_long("makefile") {
                return Some(Vec::new());
            }
            let target = parsed
                .operands()
                .find(|w| !w.text().contains('='))
                .map(|w| w.text().to_owned());
            Some(vec![project(
                name,
                ProjectPart::MakeTarget(target),
                parsed.value_of('C', "directory"),
            )])
        }
        "just" => {
            let parsed = args::parse(args, &Options::gnu("fd", &["justfile", "working-directory", "set"]));
            let recipe = parsed
                .operands()
                .find(|w| !w.text().contains('='))
                .map(|w| w.text().to_owned());
            Some(vec![project(name, ProjectPart::JustRecipe(recipe), None)])
        }
        "task" | "go-task" => go_tasks(name, args),
        _ => None,
    }
}

fn project(program: &str, part: ProjectPart, directory: Option<&Word>) -> Execution {
    let what = match &part {
        ProjectPart::Scripts(names) => names.last().cloned().unwrap_or_default(),
        ProjectPart::MakeTarget(target) | ProjectPart::JustRecipe(target) => target.clone().unwrap_or_default(),
        ProjectPart::Tasks(names) => names.join(" "),
    };
    Execution::ProjectFile {
        via: format!("{program} {what}").trim_end().to_owned(),
        part,
        directory: directory.cloned(),
    }
}

/// The tasks `task` (go-task) runs from the Taskfile: the names before `--` that are not
/// `VAR=value` (`default` when none), unless an option only lists, describes or prints them.
/// Taskwarrior is also called `task`: its commands name no task of a Taskfile.
fn go_tasks(name: &str, args: &[Word]) -> Option<Vec<Execution>> {
    const INERT: &[&str] = &[
        "-l",
        "--list",
        "-a",
        "--list-all",
        "-n",
        "--dry",
        "--summary",
        "-i",
        "--init",
        "--version",
        "-h",
        "--help",
    ];
    let parsed = args::parse(
        args,
        &Options::gnu(
            "dtoCI",
            &["dir", "taskfile", "output", "concurrency", "interval", "sort"],
        ),
    );
    if parsed.operands().next().is_some_and(|w| w.is("execute")) {
        return None;
    }
    if args
        .iter()
        .take_while(|w| !w.is("--"))
        .any(|w| INERT.contains(&w.text()))
    {
        return Some(Vec::new());
    }
    if let Some(file) = parsed.value_of('t', "taskfile") {
        return Some(vec![Execution::Unverifiable {
            what: format!("`{name}` runs the tasks of {}, which is not read", file.text()),
        }]);
    }
    let mut names: Vec<String> = parsed
        .operands()
        .take_while(|w| !w.is("--"))
        .filter(|w| !w.text().contains('='))
        .map(|w| w.text().to_owned())
        .collect();
    if names.is_empty() {
        names.push("default".to_owned());
    }
    Some(vec![project(
        name,
        ProjectPart::Tasks(names),
        parsed.value_of('d', "dir"),
    )])
}

/// The scripts a package manager's command runs: `run x`, `test`, `start`, the install
/// lifecycle, `yarn x`; and a script `npm pkg set` writes, judged now.
fn package_scripts(name: &str, args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(
        args,
        &Options::gnu(
            "wCF",
            &[
                "prefix",
                "workspace",
                "dir",
                "filter",
                "cwd",
                "registry",
                "loglevel",
                "tag",
            ],
        ),
    );
    let operands: Vec<&Word> = parsed.operands().collect();
    let Some(subcommand) = operands.first().and_then(|w| w.value()) else {
        return Vec::new();
    };
    let scripts = |script: &str| {
        let names = vec![format!("pre{script}"), script.to_owned(), format!("post{script}")];
        vec![project(name, ProjectPart::Scripts(names), None)]
    };
    match subcommand {
        "run" | "run-script" | "rum" | "urn" => match operands.get(1).and_then(|w| w.value()) {
            Some(script) => scripts(script),
            None => Vec::new(),
        },
        "test" | "t" | "tst" if name != "bun" => scripts("test"),
        "start" | "stop" if name != "bun" => scripts(subcommand),
        "restart" if name == "npm" => scripts("restart"),
        "install" | "i" | "ci" if operands.len() == 1 => {
            let lifecycle = [
                "preinstall",
                "install",
                "postinstall",
                "preprepare",
                "prepare",
                "postprepare",
            ];
            vec![project(
                name,
                ProjectPart::Scripts(lifecycle.iter().map(|s| (*s).to_owned()).collect()),
                None,
            )]
        }
        "pkg" if operands.get(1).is_some_and(|w| w.is("set")) => operands[2..]
            .iter()
            .filter_map(|word| {
                let (key, _) = word.text().split_once('=')?;
                key.starts_with("scripts.").then(|| Execution::Code {
                    via: format!("{name} pkg set {key}"),
                    words: vec![word.strip_prefix(key.len() + 1)],
                    positional: Vec::new(),
                    current_shell: false,
                })
            })
            .collect(),
        script if name != "npm" && !MANAGER_COMMANDS.contains(&script) => scripts(script),
        _ => Vec::new(),
    }
}

/// The code `part` names in a project file's `text`, as shell lines (make recipes keep their
/// tab, for the make reader), or `None` when the file does not have it.
pub fn extract(part: &ProjectPart, text: &str) -> Option<String> {
    match part {
        ProjectPart::Scripts(names) => {
            let json: serde_json::Value = serde_json::from_str(text).ok()?;
            let scripts = json.get("scripts")?;
            let found: Vec<&str> = names.iter().filter_map(|name| scripts.get(name)?.as_str()).collect();
            (!found.is_empty()).then(|| found.join("\n"))
        }
        ProjectPart::MakeTarget(target) => recipes(text, target.as_deref(), true),
        ProjectPart::JustRecipe(recipe) => recipes(text, recipe.as_deref(), false),
        ProjectPart::Tasks(names) => taskfile_commands(text, names),
    }
}

/// Why a project file cannot be read for `part`, when it cannot: a Taskfile whose tasks are
/// written in YAML's flow style or through anchors (`tasks: {build: {cmds: [...]}}`).
pub fn unreadable(part: &ProjectPart, text: &str) -> Option<&'static str> {
    let flow_tasks = text.lines().any(|line| {
        line.strip_prefix("tasks:")
            .is_some_and(|rest| rest.trim_start().starts_with(['{', '&', '*', '!']))
    });
    (matches!(part, ProjectPart::Tasks(_)) && flow_tasks).then_some("whose tasks are written in a form not read here")
}

/// One line of a YAML file: its indentation and its trimmed text.
struct YamlLine<'a> {
    indent: usize,
    text: &'a str,
}

/// The shell commands a go-task Taskfile runs for `names`: each task's `cmds` (plain, `cmd:`,
/// `defer:`, flow lists, block scalars, plain scalars continued on more indented lines), its
/// `status` and `preconditions` checks, every `sh:` value (dynamic variables, anywhere in the
/// file), then the tasks it calls through `deps` and `task:`. A task is found by its name or
/// one of its `aliases`; a name found nowhere in a Taskfile that includes others or has
/// wildcard tasks has every task's commands judged. Read by
/// indentation, as far as a Taskfile needs.
fn taskfile_commands(text: &str, names: &[String]) -> Option<String> {
    let lines: Vec<YamlLine> = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|line| YamlLine {
            indent: line.len() - line.trim_start().len(),
            text: line.trim(),
        })
        .collect();
    let mut commands: Vec<String> = lines
        .iter()
        .filter_map(|line| yaml_value(line.text.trim_start_matches("- "), "sh"))
        .collect();
    let tasks_at = lines
        .iter()
        .position(|line| line.indent == 0 && top_key(line.text, "tasks"))?;
    let body = &lines[tasks_at + 1..];
    let body = &body[..body.iter().position(|line| line.indent == 0).unwrap_or(body.len())];
    let task_indent = body.first()?.indent;
    // Each task: its name, the line it starts on, and its block.
    let tasks: Vec<(&str, usize, &[YamlLine])> = body
        .iter()
        .enumerate()
        .filter(|(_, line)| line.indent == task_indent)
        .filter_map(|(index, line)| {
            let (key, _) = line.text.split_once(':')?;
            let rest = &body[index + 1..];
            let end = rest.iter().position(|l| l.indent <= task_indent).unwrap_or(rest.len());
            Some((unquote(key), index, &rest[..end]))
        })
        .collect();
    let find = |name: &str| {
        tasks.iter().find(|(task, _, block)| {
            *task == name
                || block.iter().any(|line| {
                    line.text
                        .strip_prefix("aliases:")
                        .is_some_and(|aliases| flow_list(aliases).iter().any(|alias| alias == name))
                })
                || aliases_listed(block, name)
        })
    };
    let mut pending: Vec<String> = names.iter().rev().cloned().collect();
    // A name found nowhere may be a task of an included Taskfile (`docs:build`) or match a
    // wildcard task (`start:*`): then every task here is judged. Otherwise go-task refuses it.
    let elsewhere = lines
        .iter()
        .any(|line| line.indent == 0 && top_key(line.text, "includes"))
        || tasks.iter().any(|(task, _, _)| task.contains('*'));
    if elsewhere && names.iter().any(|name| find(name).is_none()) {
        pending = tasks.iter().rev().map(|(task, _, _)| (*task).to_owned()).collect();
    }
    let mut seen: Vec<String> = Vec::new();
    while let Some(name) = pending.pop() {
        if seen.contains(&name) || seen.len() > 64 {
            continue;
        }
        seen.push(name.clone());
        let Some(&(_, start, block)) = find(&name) else {
            continue;
        };
        let (_, inline) = body[start].text.split_once(':')?;
        let inline = inline.trim();
        if !inline.is_empty() && !inline.starts_with(['|', '>']) {
            commands.extend(match flow_list(inline).as_slice() {
                [] => vec![unquote(inline).to_owned()],
                list => list.to_vec(),
            });
        }
        task_commands(block, &mut commands, &mut pending);
    }
    (!commands.is_empty()).then(|| commands.join("\n"))
}

/// Whether `text` is the key `key:` alone, perhaps quoted or followed by a comment.
fn top_key(text: &str, key: &str) -> bool {
    text.split_once(':').is_some_and(|(name, rest)| {
        unquote(name) == key && (rest.trim().is_empty() || rest.trim_start().starts_with('#'))
    })
}

/// Whether a block lists `name` under `aliases:` one per line.
fn aliases_listed(block: &[YamlLine], name: &str) -> bool {
    let Some(at) = block.iter().position(|line| line.text == "aliases:") else {
        return false;
    };
    block[at + 1..]
        .iter()
        .take_while(|line| line.indent > block[at].indent)
        .any(|line| line.text.strip_prefix("- ").is_some_and(|alias| unquote(alias) == name))
}

/// The commands of one task's block, and the tasks it calls.
fn task_commands(block: &[YamlLine], commands: &mut Vec<String>, pending: &mut Vec<String>) {
    let Some(first) = block.first() else {
        return;
    };
    let mut section = "cmds";
    let mut index = 0;
    while index < block.len() {
        let line = &block[index];
        index += 1;
        // The more indented lines below this one: a block scalar or a continued plain scalar.
        let below = block[index..]
            .iter()
            .take_while(|below| below.indent > line.indent)
            .count();
        let continued = |index: usize| -> Vec<&str> { block[index..index + below].iter().map(|l| l.text).collect() };
        let item = line.text.strip_prefix("- ").or((line.text == "-").then_some(""));
        let Some(item) = item else {
            if let Some((key, value)) = line.text.split_once(':') {
                let (key, value) = (key.trim(), value.trim());
                if line.indent == first.indent {
                    section = key;
                }
                match key {
                    "cmd" | "defer" if value.starts_with(['|', '>']) || value.is_empty() => {
                        commands.push(continued(index).join("\n"));
                        index += below;
                    }
                    "cmd" | "defer" => commands.push(unquote(value).to_owned()),
                    "task" => pending.push(unquote(value).to_owned()),
                    "deps" => pending.extend(flow_list(value)),
                    "cmds" | "status" => commands.extend(flow_list(value)),
                    _ => {}
                }
            }
            continue;
        };
        let scalar = item.starts_with(['|', '>']);
        let keyed = ["cmd", "defer", "sh"]
            .iter()
            .find_map(|key| item.strip_prefix(key)?.strip_prefix(':').map(str::trim));
        if scalar || keyed.is_some_and(|value| value.is_empty() || value.starts_with(['|', '>'])) {
            commands.push(continued(index).join("\n"));
            index += below;
        } else if let Some(task) = yaml_value(item, "task") {
            pending.push(task);
        } else if let Some(command) = yaml_value(item, "cmd").or_else(|| yaml_value(item, "defer")) {
            commands.push(command);
        } else if section == "deps" {
            pending.push(unquote(item).to_owned());
        } else if matches!(section, "cmds" | "status" | "-") && !item.contains(": ") {
            // A plain scalar may go on over more indented lines, joined by spaces.
            let mut command = vec![unquote(item)];
            command.extend(continued(index));
            commands.push(command.join(" "));
            index += below;
        }
    }
}

/// The value of `key: value` in a YAML mapping item.
fn yaml_value(text: &str, key: &str) -> Option<String> {
    let value = text.strip_prefix(key)?.strip_prefix(':')?.trim();
    (!value.is_empty()).then(|| unquote(value).to_owned())
}

/// The names of a YAML flow list (`[build, test]`).
fn flow_list(text: &str) -> Vec<String> {
    let text = text.trim();
    let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Vec::new();
    };
    inner
        .split(',')
        .map(|name| unquote(name.trim()).to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

/// A YAML scalar without its quotes.
fn unquote(text: &str) -> &str {
    let text = text.trim();
    for quote in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(quote).and_then(|t| t.strip_suffix(quote)) {
            return inner;
        }
    }
    text
}

/// The recipe lines of `target` (the first target when `None`) and, before them, of its
/// prerequisites, in a makefile (`tabs`: recipe lines start with a tab) or a justfile.
fn recipes(text: &str, target: Option<&str>, tabs: bool) -> Option<String> {
    let rules = rules(text, tabs);
    let first = rules
        .iter()
        .map(|(name, _, _)| name.as_str())
        .find(|name| !name.starts_with('.'))?;
    let mut pending = vec![target.unwrap_or(first).to_owned()];
    let mut seen: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    while let Some(name) = pending.pop() {
        if seen.contains(&name) || seen.len() > 32 {
            continue;
        }
        seen.push(name.clone());
        for (_, prerequisites, recipe) in rules.iter().filter(|(rule, _, _)| *rule == name) {
            pending.extend(prerequisites.iter().rev().cloned());
            lines.extend(recipe.iter().cloned());
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The rules of a makefile or justfile: (name, prerequisites, recipe lines).
fn rules(text: &str, tabs: bool) -> Vec<(String, Vec<String>, Vec<String>)> {
    let mut rules: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    for line in text.lines() {
        let indented = if tabs {
            line.starts_with('\t')
        } else {
            line.starts_with([' ', '\t'])
        };
        if indented && !line.trim().is_empty() {
            for &index in &current {
                let recipe = if tabs {
                    line.to_owned()
                } else {
                    format!("\t{}", line.trim_start())
                };
                rules[index].2.push(recipe);
            }
            continue;
        }
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        current.clear();
        // `name other: prerequisites` (not `x := y`, `x = y`, `x ?= y`).
        let Some((names, rest)) = line.split_once(':') else {
            continue;
        };
        if rest.starts_with('=') || names.contains('=') || names.contains('$') {
            continue;
        }
        // `target: prerequisites ; recipe` (make only).
        let (rest, inline) = match rest.split_once(';') {
            Some((before, after)) if tabs => (before, Some(after.trim()).filter(|after| !after.is_empty())),
            _ => (rest, None),
        };
        let prerequisites: Vec<String> = rest
            .split_whitespace()
            .filter(|word| !word.starts_with(['|', '$']))
            .map(|word| word.trim_start_matches('@').to_owned())
            .collect();
        // A justfile's recipe has parameters after its name (`deploy env:`).
        let names: Vec<&str> = if tabs {
            names.split_whitespace().collect()
        } else {
            names.split_whitespace().take(1).collect()
        };
        for name in names {
            let name = name.trim_start_matches('@').to_owned();
            let recipe: Vec<String> = inline.iter().map(|line| format!("\t{line}")).collect();
            rules.push((name, prerequisites.clone(), recipe));
            current.push(rules.len() - 1);
        }
    }
    rules
}
