//! GitHub Actions: the `run:` steps of workflows (`.github/workflows/*.yml`) and of composite
//! actions (`action.yml`), each in its shell (`shell:` of the step, else `defaults.run.shell` of
//! the job or workflow, else bash, or PowerShell on a Windows runner) and its folder
//! (`working-directory:`, likewise). `${{ … }}` expressions (matrix values, inputs, secrets) are
//! replaced by a word of their length before the shell reads the script, as the runner does with
//! their values: a placeholder word, so that an expression is neither a command nor an empty
//! value.

use super::yaml::{self, Node};
use super::{Snippet, replace_templates, word};

/// The shell a step's `run` is written for.
enum Shell {
    Posix,
    Pwsh,
    Python,
    /// `cmd` or a custom shell: not judged.
    Other,
}

impl Shell {
    fn of(name: Option<&str>, windows: bool) -> Shell {
        let Some(name) = name.map(str::trim) else {
            return if windows { Shell::Pwsh } else { Shell::Posix };
        };
        // A custom shell is a command line with `{0}` for the script's file.
        let program = name.split_whitespace().next().unwrap_or("");
        match program {
            "bash" | "sh" => Shell::Posix,
            "pwsh" | "powershell" => Shell::Pwsh,
            "python" | "python3" => Shell::Python,
            _ => Shell::Other,
        }
    }
}

/// The folder and shell a job's or workflow's `defaults.run` gives.
#[derive(Clone, Default)]
struct Defaults {
    shell: Option<String>,
    folder: Option<String>,
}

impl Defaults {
    fn under(&self, node: &Node<'_>) -> Defaults {
        let run = yaml::get(node, "defaults").and_then(|defaults| yaml::get(defaults, "run"));
        Defaults {
            shell: run
                .and_then(|run| yaml::text_at(run, "shell"))
                .or_else(|| self.shell.clone()),
            folder: run
                .and_then(|run| yaml::text_at(run, "working-directory"))
                .or_else(|| self.folder.clone()),
        }
    }
}

/// The commands of a workflow file.
pub fn workflow(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        let defaults = Defaults::default().under(&document);
        let Some(jobs) = yaml::get(&document, "jobs") else {
            continue;
        };
        for (_, job) in yaml::entries(jobs) {
            let windows = yaml::get(job, "runs-on")
                .map(|runs_on| {
                    yaml::scalar(runs_on)
                        .into_iter()
                        .chain(yaml::items(runs_on).iter().filter_map(yaml::scalar))
                        .any(|label| label.contains("windows"))
                })
                .unwrap_or(false);
            let defaults = defaults.under(job);
            if let Some(steps) = yaml::get(job, "steps") {
                found.extend(steps_of(steps, &defaults, windows, source));
            }
        }
    }
    found
}

/// The commands of a composite action (`runs.using: composite`).
pub fn action(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        let Some(runs) = yaml::get(&document, "runs") else {
            continue;
        };
        if yaml::text_at(runs, "using").as_deref() != Some("composite") {
            continue;
        }
        if let Some(steps) = yaml::get(runs, "steps") {
            found.extend(steps_of(steps, &Defaults::default(), false, source));
        }
    }
    found
}

fn steps_of(steps: &Node<'_>, defaults: &Defaults, windows: bool, source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for step in yaml::items(steps) {
        let Some(run) = yaml::get(step, "run") else { continue };
        let Some(mut snippet) = yaml::command(run, source) else {
            continue;
        };
        snippet.text = replace_templates(&snippet.text, "${{", "}}", word);
        let shell = yaml::text_at(step, "shell").or_else(|| defaults.shell.clone());
        let folder = yaml::text_at(step, "working-directory")
            .or_else(|| defaults.folder.clone())
            // A folder named by an expression is not known here.
            .filter(|folder| !folder.contains("${{"));
        snippet = snippet.in_folder(folder);
        match Shell::of(shell.as_deref(), windows) {
            // The runner starts `bash -e` or `sh -e` for these, a custom command line as written.
            Shell::Posix => {
                snippet.stops_at_failure = matches!(shell.as_deref().map(str::trim), None | Some("bash" | "sh"))
            }
            Shell::Pwsh => snippet = snippet.run_by("pwsh -NoProfile -Command"),
            Shell::Python => snippet = snippet.run_by("python3 -c"),
            Shell::Other => continue,
        }
        found.push(snippet);
    }
    found
}
