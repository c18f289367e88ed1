//! Project files that say what a command runs: the scripts of `package.json` (`npm run x`,
//! `npm test`, the install lifecycle, `yarn x`, `node --run x`, `bun run x`), the tasks of
//! `deno.json` (`deno task x`), the recipes of a `Makefile` (`make x`), of a `justfile`
//! (`just x`), the tasks of a go-task `Taskfile.yml` (`task x`), of poe, pixi and mise (TOML)
//! and the commands of `tox.ini`. The walk reads the file (written earlier in the command, or on
//! disk) and judges the part that runs like a script on disk. Code files a tool loads as it
//! starts (`conftest.py`, `vite.config.js`) are in `loaded`.

use super::Execution;
use super::loaded::LoadedFile;
use super::project_toml;
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
    /// A task of `deno.json` (`tasks`, a string or `{"command": …}`), or of `package.json`'s
    /// `scripts` when there is no `deno.json`.
    DenoTask(String),
    /// A task of a TOML file, under one of `tables` (poe's `tool.poe.tasks`, pixi's and mise's
    /// `tasks`), with the tasks it names (`depends-on`, `sequence`).
    TomlTask {
        tables: &'static [&'static str],
        name: String,
        files: &'static [&'static str],
    },
    /// The `commands` of every test environment of `tox.ini`.
    ToxCommands,
    /// Code files a tool loads as it starts (`pytest` imports `conftest.py`), judged when this
    /// command wrote them: those of the working folder (or `directory`), below it when
    /// `nested`, anywhere when `anywhere`.
    Loaded {
        files: &'static [LoadedFile],
        nested: bool,
        anywhere: bool,
    },
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
            ProjectPart::DenoTask(_) => &["deno.json", "deno.jsonc", "package.json"],
            ProjectPart::TomlTask { files, .. } => files,
            ProjectPart::ToxCommands => &["tox.ini"],
            ProjectPart::Loaded { .. } => &[],
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
        "npm" | "pnpm" | "yarn" => Some(package_scripts(name, args)),
        "bun" => Some(bun_scripts(args)),
        "node" | "nodejs" => Some(node_run(args)),
        "deno" => Some(deno_task(args)),
        "poe" => Some(poe_task(args)),
        "pixi" => Some(subcommand_task(args).map_or_else(Vec::new, |task| {
            vec![project(
                name,
                ProjectPart::TomlTask {
                    tables: &["tasks", "tool.pixi.tasks", "feature.*.tasks"],
                    name: task,
                    files: &["pixi.toml", "pyproject.toml"],
                },
                None,
            )]
        })),
        "mise" | "rtx" => Some(subcommand_task(args).map_or_else(Vec::new, |task| {
            vec![project(
                name,
                ProjectPart::TomlTask {
                    tables: &["tasks"],
                    name: task,
                    files: &[
                        "mise.toml",
                        ".mise.toml",
                        "mise/config.toml",
                        ".config/mise.toml",
                        ".mise/config.toml",
                    ],
                },
                None,
            )]
        })),
        "tox" => Some(tox(args)),
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
        ProjectPart::DenoTask(name) | ProjectPart::TomlTask { name, .. } => name.clone(),
        ProjectPart::ToxCommands | ProjectPart::Loaded { .. } => String::new(),
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

/// `bun run x`, `bun x`: the scripts of `package.json` (with `prex` and `postx`), unless `x` is a
/// file (read as code by `programs`) or a subcommand of bun's own.
fn bun_scripts(args: &[Word]) -> Vec<Execution> {
    const OWN: &[&str] = &["repl", "completions", "discord", "feedback", "getcompletes"];
    let operands: Vec<&Word> = args.iter().filter(|w| !w.text().starts_with('-')).collect();
    let script = match operands.first().and_then(|w| w.value()) {
        Some("run") => operands.get(1).and_then(|w| w.value()),
        Some(first) if !MANAGER_COMMANDS.contains(&first) && !OWN.contains(&first) => Some(first),
        _ => None,
    };
    match script {
        Some(script) if !script.contains('/') && !super::programs::is_script_name(script) => {
            let names = vec![format!("pre{script}"), script.to_owned(), format!("post{script}")];
            vec![project("bun run", ProjectPart::Scripts(names), None)]
        }
        _ => Vec::new(),
    }
}

/// `node --run x`: the script `x` of `package.json`, without `prex` or `postx`.
fn node_run(args: &[Word]) -> Vec<Execution> {
    let script = args.iter().enumerate().find_map(|(index, word)| match word.text() {
        "--run" => args.get(index + 1).and_then(|w| w.value()),
        text => text.strip_prefix("--run="),
    });
    script
        .map(|script| {
            vec![project(
                "node --run",
                ProjectPart::Scripts(vec![script.to_owned()]),
                None,
            )]
        })
        .unwrap_or_default()
}

/// `deno task x`: the task of `deno.json` (or the script of `package.json`).
fn deno_task(args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(args, &Options::gnu("cf", &["config", "cwd", "filter"]));
    let operands: Vec<&Word> = parsed.operands().collect();
    match (
        operands.first().and_then(|w| w.value()),
        operands.get(1).and_then(|w| w.value()),
    ) {
        (Some("task"), Some(task)) => vec![project("deno task", ProjectPart::DenoTask(task.to_owned()), None)],
        _ => Vec::new(),
    }
}

/// `poe x`: the task of `pyproject.toml`'s `[tool.poe.tasks]`.
fn poe_task(args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(args, &Options::gnu("Ce", &["directory", "root", "executor"]));
    let Some(task) = parsed.operands().next().and_then(|w| w.value()) else {
        return Vec::new();
    };
    if task.starts_with('_') {
        return Vec::new();
    }
    let part = ProjectPart::TomlTask {
        tables: &["tool.poe.tasks"],
        name: task.to_owned(),
        files: &["pyproject.toml"],
    };
    vec![project("poe", part, parsed.value_of('C', "directory"))]
}

/// The task a `run` subcommand names (`pixi run x`, `mise run x`).
fn subcommand_task(args: &[Word]) -> Option<String> {
    let parsed = args::parse(
        args,
        &Options::gnu(
            "Cjoe",
            &["cd", "jobs", "output", "environment", "manifest-path", "tool"],
        ),
    );
    let mut operands = parsed.operands();
    operands.next().filter(|w| matches!(w.value(), Some("run" | "r")))?;
    operands.next().and_then(|w| w.value()).map(str::to_owned)
}

/// `tox`: the commands of its environments, unless it only lists or describes them.
fn tox(args: &[Word]) -> Vec<Execution> {
    const INERT: &[&str] = &[
        "--version",
        "-h",
        "--help",
        "-l",
        "-a",
        "--showconfig",
        "--listenvs",
        "--listenvs-all",
        "list",
        "l",
        "config",
        "c",
        "depends",
        "de",
        "quickstart",
        "q",
        "exec",
        "e",
    ];
    let inert =
        |(index, word): (usize, &Word)| (index == 0 || word.text().starts_with('-')) && INERT.contains(&word.text());
    if args.iter().enumerate().any(inert) {
        return Vec::new();
    }
    vec![project("tox", ProjectPart::ToxCommands, None)]
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
                // A hook husky 4 or simple-git-hooks runs at the next commit, as a script.
                let runs = key.starts_with("scripts.")
                    || key.starts_with("husky.hooks.")
                    || key.starts_with("simple-git-hooks.") && key != "simple-git-hooks.preserveUnused";
                runs.then(|| Execution::Code {
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
        ProjectPart::DenoTask(name) => deno_commands(text, name),
        ProjectPart::TomlTask { tables, name, .. } => toml_task_commands(text, tables, name),
        ProjectPart::ToxCommands => tox_commands(text),
        ProjectPart::Loaded { .. } => None,
    }
}

/// The command of a deno task and of the tasks it depends on; a `package.json` script.
fn deno_commands(text: &str, name: &str) -> Option<String> {
    let json: serde_json::Value = serde_json::from_str(&without_json_comments(text)).ok()?;
    let Some(tasks) = json.get("tasks") else {
        return json.get("scripts")?.get(name)?.as_str().map(str::to_owned);
    };
    follow_tasks(
        vec![name.to_owned()],
        Vec::new(),
        |name, commands, pending| match tasks.get(name) {
            Some(serde_json::Value::String(command)) => commands.push(command.clone()),
            Some(task) => {
                commands.extend(task.get("command").and_then(|c| c.as_str()).map(str::to_owned));
                let dependencies = task.get("dependencies").and_then(|d| d.as_array());
                pending.extend(
                    dependencies
                        .into_iter()
                        .flatten()
                        .filter_map(|d| d.as_str())
                        .map(str::to_owned),
                );
            }
            None => {}
        },
    )
}

/// The commands of the tasks in `pending` (taken from its end) and of the tasks they depend on,
/// after `commands`, one a line; `visit` adds a task's own commands and the names it depends
/// on. Each task is visited once, and at most 65 are.
fn follow_tasks(
    mut pending: Vec<String>,
    mut commands: Vec<String>,
    mut visit: impl FnMut(&str, &mut Vec<String>, &mut Vec<String>),
) -> Option<String> {
    let mut seen: Vec<String> = Vec::new();
    while let Some(name) = pending.pop() {
        if seen.contains(&name) || seen.len() > 64 {
            continue;
        }
        visit(&name, &mut commands, &mut pending);
        seen.push(name);
    }
    (!commands.is_empty()).then(|| commands.join("\n"))
}

/// JSON with comments (`deno.jsonc`) as plain JSON: comments and trailing commas taken out.
fn without_json_comments(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            plain.push(c);
            match c {
                '\\' => plain.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                plain.push(c);
            }
            ('/', Some('/')) => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            (',', _) => {
                let rest: String = chars
                    .clone()
                    .take_while(|c| c.is_whitespace() || *c == '}' || *c == ']')
                    .collect();
                if !rest.trim_start().starts_with(['}', ']']) {
                    plain.push(c);
                }
            }
            _ => plain.push(c),
        }
    }
    plain
}

/// The keys of a TOML task that hold no command.
const NOT_COMMANDS: &[&str] = &[
    "help",
    "description",
    "desc",
    "cwd",
    "dir",
    "alias",
    "aliases",
    "inputs",
    "outputs",
    "sources",
    "env",
    "envfile",
    "env_file",
    "interpreter",
    "executor",
    "args",
    "script",
    "hide",
    "quiet",
];

/// The commands of the TOML task `name` under one of `tables` (`feature.*.tasks`: any feature),
/// then of the tasks it names; a mise task's `file` runs as a shell script.
fn toml_task_commands(text: &str, tables: &[&str], name: &str) -> Option<String> {
    let leaves = project_toml::strings(text)?;
    // Each leaf of a task: the task's name, the key below it, the value.
    let task_leaves: Vec<(&str, Option<&str>, &str)> = leaves
        .iter()
        .filter_map(|leaf| {
            let depth = tables.iter().find_map(|table| {
                let table: Vec<&str> = table.split('.').collect();
                let matches = leaf.keys.len() > table.len()
                    && table
                        .iter()
                        .zip(&leaf.keys)
                        .all(|(part, key)| *part == "*" || part == key);
                matches.then_some(table.len())
            })?;
            let below = leaf.keys.get(depth + 1).map(String::as_str);
            Some((leaf.keys[depth].as_str(), below, leaf.value.as_str()))
        })
        .collect();
    follow_tasks(vec![name.to_owned()], Vec::new(), |name, commands, pending| {
        for &(_, below, value) in task_leaves.iter().filter(|(task, _, _)| *task == name) {
            if below.is_some_and(|key| NOT_COMMANDS.contains(&key)) {
                continue;
            }
            if task_leaves.iter().any(|(task, _, _)| *task == value) {
                pending.push(value.to_owned());
            } else if below == Some("file") {
                commands.push(format!("sh {value}"));
            } else {
                commands.push(value.to_owned());
            }
        }
    })
}

/// The `commands`, `commands_pre` and `commands_post` of every `[testenv…]` section of a
/// `tox.ini`, one a line, with tox's substitutions for the home and project folders made.
fn tox_commands(text: &str) -> Option<String> {
    let mut commands = Vec::new();
    let mut in_testenv = false;
    let mut in_commands = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        if let Some(section) = trimmed.strip_prefix('[') {
            in_testenv = section.starts_with("testenv");
            in_commands = false;
            continue;
        }
        let continued = line.starts_with([' ', '\t']);
        let value = if continued {
            in_commands.then_some(trimmed)
        } else {
            let (key, value) = trimmed.split_once('=').unwrap_or((trimmed, ""));
            in_commands = in_testenv && matches!(key.trim(), "commands" | "commands_pre" | "commands_post");
            in_commands.then_some(value.trim())
        };
        if let Some(command) = value.filter(|command| !command.is_empty()) {
            // `- cmd` ignores its exit status.
            let command = command.trim_start_matches(['-', '!']).trim_start();
            commands.push(
                command
                    .replace("{homedir}", "$HOME")
                    .replace("{toxinidir}", ".")
                    .replace("{tox_root}", ".")
                    .replace("{envpython}", "python")
                    .replace("{posargs}", ""),
            );
        }
    }
    (!commands.is_empty()).then(|| commands.join("\n"))
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
    let commands: Vec<String> = lines
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
    follow_tasks(pending, commands, |name, commands, pending| {
        let Some(&(_, start, block)) = find(name) else {
            return;
        };
        // Each task's line was found by its `:`.
        let inline = body[start].text.split_once(':').map_or("", |(_, inline)| inline.trim());
        if !inline.is_empty() && !inline.starts_with(['|', '>']) {
            commands.extend(match flow_list(inline).as_slice() {
                [] => vec![unquote(inline).to_owned()],
                list => list.to_vec(),
            });
        }
        task_commands(block, commands, pending);
    })
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
