//! `safety-net scan`: the commands a repository keeps in files, found and judged as the hook would
//! judge them if an agent ran them there.
//!
//! Each kind of file has its reader (one module each), which returns the commands it holds as
//! [`Snippet`]s: the text a shell runs, where each of its lines is in the file, the folder it runs
//! in and whether it runs inside a container. Comments, documentation and string data are never
//! commands: every reader goes through the file's own syntax (YAML with saphyr, JSON with
//! serde_json, Dockerfile, Makefile and justfile by their grammars' line rules).
//!
//! A snippet is judged by [`crate::analyze`] in the context of the repository (the project root)
//! and the folder it runs in; every finding at ask or above is reported at its file, line and
//! column. Agent settings also hold permission rules that pre-approve commands: those are reported
//! with the commands of the rules' own examples they would let through ([`agents`]).

mod agents;
mod compose;
mod devcontainer;
mod dockerfile;
pub mod git;
mod gitlab;
mod json;
mod justfile;
mod makefile;
mod package_json;
mod precommit;
pub mod report;
pub mod sarif;
mod taskfile;
mod workflows;
mod yaml;

use crate::context::Context;
use crate::paths::AbsPath;
use crate::progress::Progress;
use crate::rules::Decision;
use std::path::{Path, PathBuf};

/// The kinds of file that hold commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Shell,
    Husky,
    Workflow,
    Action,
    GitLab,
    Dockerfile,
    Makefile,
    PackageJson,
    Justfile,
    Taskfile,
    Compose,
    Devcontainer,
    PreCommit,
    AgentSettings,
}

impl Kind {
    /// The name shown in reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Shell => "shell script",
            Kind::Husky => "husky hook",
            Kind::Workflow => "GitHub Actions workflow",
            Kind::Action => "GitHub composite action",
            Kind::GitLab => "GitLab CI",
            Kind::Dockerfile => "Dockerfile",
            Kind::Makefile => "Makefile",
            Kind::PackageJson => "package.json script",
            Kind::Justfile => "justfile",
            Kind::Taskfile => "Taskfile",
            Kind::Compose => "Docker Compose",
            Kind::Devcontainer => "devcontainer",
            Kind::PreCommit => "pre-commit hook",
            Kind::AgentSettings => "agent settings",
        }
    }

    /// Whether the file's commands run in its own folder (else in the repository's root).
    fn runs_in_its_folder(self) -> bool {
        matches!(
            self,
            Kind::Makefile | Kind::PackageJson | Kind::Justfile | Kind::Taskfile | Kind::Compose
        )
    }

    /// The kind of the file at `relative` (its path in the repository, with `/`), if it holds
    /// commands; `head` gives its first bytes, for a script known by its `#!` line.
    pub fn of(relative: &str, head: impl FnOnce() -> Option<Vec<u8>>) -> Option<Kind> {
        let name = relative.rsplit('/').next().unwrap_or(relative);
        let folder = relative.strip_suffix(name).unwrap_or("").trim_end_matches('/');
        let yaml = name.ends_with(".yml") || name.ends_with(".yaml");
        let lower = name.to_ascii_lowercase();
        if agents::is_settings_file(relative) {
            return Some(Kind::AgentSettings);
        }
        // A folder named at the repository's top, or at a nested project's.
        let within = |name: &str| folder == name || folder.ends_with(&format!("/{name}"));
        let kind = match () {
            _ if within(".github/workflows") && yaml => Kind::Workflow,
            _ if name == "action.yml" || name == "action.yaml" => Kind::Action,
            _ if name == ".gitlab-ci.yml" || name.ends_with(".gitlab-ci.yml") => Kind::GitLab,
            _ if (within(".gitlab/ci") || folder.contains(".gitlab/ci/")) && yaml => Kind::GitLab,
            _ if lower == "dockerfile"
                || lower == "containerfile"
                || lower.starts_with("dockerfile.")
                || lower.ends_with(".dockerfile") =>
            {
                Kind::Dockerfile
            }
            _ if matches!(name, "Makefile" | "makefile" | "GNUmakefile") || name.ends_with(".mk") => Kind::Makefile,
            _ if name == "package.json" => Kind::PackageJson,
            _ if matches!(name, "justfile" | "Justfile" | ".justfile") || name.ends_with(".just") => Kind::Justfile,
            _ if yaml && lower.starts_with("taskfile.") => Kind::Taskfile,
            _ if yaml && (lower.starts_with("docker-compose") || lower.starts_with("compose")) => Kind::Compose,
            _ if name == ".devcontainer.json" || (name == "devcontainer.json" && folder.contains(".devcontainer")) => {
                Kind::Devcontainer
            }
            _ if name == ".pre-commit-config.yaml" || name == ".pre-commit-config.yml" => Kind::PreCommit,
            // Husky's own helpers live in `.husky/_`.
            _ if within(".husky") => Kind::Husky,
            _ if name.ends_with(".sh") || name.ends_with(".bash") => Kind::Shell,
            // A script without an extension is known by its `#!` line.
            _ if !name.contains('.') && head().is_some_and(|head| is_shell_shebang(&head)) => Kind::Shell,
            _ => return None,
        };
        Some(kind)
    }
}

/// Whether a file's first bytes are a `#!` line naming a POSIX shell (sh, bash, dash, ash, ksh).
fn is_shell_shebang(head: &[u8]) -> bool {
    let Some(line) = head.strip_prefix(b"#!") else {
        return false;
    };
    let line = String::from_utf8_lossy(line);
    let line = line.lines().next().unwrap_or("");
    let mut words = line.split_whitespace();
    let mut program = words.next().unwrap_or("");
    if program.rsplit('/').next() == Some("env") {
        program = words.find(|word| !word.starts_with('-')).unwrap_or("");
    }
    is_posix_shell(program)
}

/// Whether a program (a name or a path) is a POSIX shell: sh, bash, dash, ash or ksh.
fn is_posix_shell(program: &str) -> bool {
    matches!(
        program.rsplit('/').next().unwrap_or(""),
        "sh" | "bash" | "dash" | "ash" | "ksh"
    )
}

/// Where a line of a command begins in its file: line from 1, column in characters from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// A command found in a file.
#[derive(Clone, Debug)]
pub struct Snippet {
    /// The command as the file gives it to a shell.
    pub text: String,
    /// Where each line of `text` begins in the file (a line past the end is at the last one).
    pub lines: Vec<Place>,
    /// The command judged when it is not `text` itself: another program runs `text`
    /// (`pwsh -Command`, an argument vector): findings then point at its first line.
    pub run_as: Option<String>,
    /// The folder it runs in, relative to the file's base folder (see `Kind::runs_in_its_folder`).
    pub folder: Option<String>,
    /// It runs inside a container (an image being built, a service): deleting or changing the
    /// container's own system files is not a loss.
    pub in_container: bool,
    /// The parts of `text` written elsewhere (byte ranges): a GitLab job's commands taken from a
    /// template, judged with the job's own but reported where they are written.
    pub borrowed: Vec<std::ops::Range<usize>>,
    /// Where `text` is found, as written, in `run_as` (a byte offset), when it is: findings
    /// inside it are placed in `text`'s own lines.
    pub text_at: Option<usize>,
    /// Where each piece of `text` is in the file, by the byte offset it starts at, when `text`'s
    /// lines are not the file's (a folded YAML string joins lines with spaces); used instead of
    /// `lines` when there are any.
    pub pieces: Vec<(usize, Place)>,
    /// Its shell stops at the first command that fails (GitHub's `bash -e`, GitLab's runner):
    /// a `cd` that fails ends it.
    pub stops_at_failure: bool,
}

impl Snippet {
    /// A command whose lines follow each other in the file from `first`, each further line
    /// starting `indent` characters in.
    pub fn lines_from(text: String, first: Place, indent: usize) -> Snippet {
        let count = text.split('\n').count();
        let lines = (0..count)
            .map(|index| Place {
                line: first.line + index,
                column: if index == 0 { first.column } else { indent },
            })
            .collect();
        Snippet {
            text,
            lines,
            run_as: None,
            folder: None,
            in_container: false,
            borrowed: Vec::new(),
            text_at: None,
            pieces: Vec::new(),
            stops_at_failure: false,
        }
    }

    /// A command written on one line of the file (or folded from several), at `place`.
    pub fn at(text: String, place: Place) -> Snippet {
        Snippet {
            text,
            lines: vec![place],
            run_as: None,
            folder: None,
            in_container: false,
            borrowed: Vec::new(),
            text_at: None,
            pieces: Vec::new(),
            stops_at_failure: false,
        }
    }

    /// An argument vector run without a shell, at `place`.
    pub fn argv(words: &[String], place: Place) -> Snippet {
        let joined = shell_words::join(words);
        Snippet {
            run_as: Some(joined.clone()),
            ..Snippet::at(joined, place)
        }
    }

    /// Several commands run one after the other in one shell, as one command.
    pub fn joined(parts: Vec<Snippet>) -> Option<Snippet> {
        let mut parts = parts.into_iter();
        let mut whole = parts.next()?;
        for part in parts {
            whole.text.push('\n');
            let offset = whole.text.len();
            whole.text.push_str(&part.text);
            whole.lines.extend(part.lines);
            whole.borrowed.extend(
                part.borrowed
                    .into_iter()
                    .map(|range| range.start + offset..range.end + offset),
            );
        }
        Some(whole)
    }

    /// The command run by `program` (shell words: `pwsh -NoProfile -Command`, `python3 -c`), given
    /// its text as the last argument.
    pub fn run_by(mut self, program: &str) -> Snippet {
        if self.text.contains('\'') {
            self.run_as = Some(format!("{program} {}", shell_words::quote(&self.text)));
        } else {
            // Quoted whole, the text is found as written: findings keep their own lines.
            self.run_as = Some(format!("{program} '{}'", self.text));
            self.text_at = Some(program.len() + 2);
        }
        self
    }

    /// The same command, written elsewhere than where it is used.
    pub fn borrowed_whole(mut self) -> Snippet {
        self.borrowed = std::iter::once(0..self.text.len()).collect();
        self
    }

    /// Whether the whole command is written elsewhere.
    pub fn is_all_borrowed(&self) -> bool {
        self.borrowed
            .iter()
            .any(|range| range.start == 0 && range.end >= self.text.len())
    }

    /// Whether the byte `offset` of the command is in a part written elsewhere.
    fn is_borrowed_at(&self, offset: usize) -> bool {
        self.borrowed.iter().any(|range| range.contains(&offset))
    }

    pub fn in_folder(mut self, folder: Option<String>) -> Snippet {
        self.folder = folder;
        self
    }

    pub fn in_container(mut self, in_container: bool) -> Snippet {
        self.in_container = in_container;
        self
    }

    /// The byte of `text` at the byte `offset` of the judged command, when it is one of `text`'s.
    fn text_offset(&self, offset: usize) -> Option<usize> {
        match (&self.run_as, self.text_at) {
            (None, _) => Some(offset),
            (Some(_), Some(at)) if (at..at + self.text.len()).contains(&offset) => Some(offset - at),
            _ => None,
        }
    }

    /// Where the byte `offset` of the judged command is in the file.
    fn place_of(&self, offset: usize) -> Place {
        let last = self.lines.last().copied().unwrap_or(Place { line: 1, column: 0 });
        let Some(offset) = self.text_offset(offset) else {
            return self.lines.first().copied().unwrap_or(last);
        };
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        if let Some((start, place)) = self.pieces.iter().rev().find(|(start, _)| *start <= offset) {
            return Place {
                line: place.line,
                column: place.column + self.text[*start..offset].chars().count(),
            };
        }
        let before = &self.text[..offset];
        let index = before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        let start = self.lines.get(index).copied().unwrap_or(last);
        Place {
            line: start.line,
            column: start.column + before[line_start..].chars().count(),
        }
    }

    /// The command's line that holds the byte `offset`, for a report.
    fn line_at(&self, offset: usize) -> String {
        let (text, offset) = match self.text_offset(offset) {
            Some(inner) => (self.text.as_str(), inner),
            None => (self.run_as.as_deref().unwrap_or(&self.text), offset),
        };
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
        let end = text[offset..].find('\n').map_or(text.len(), |at| offset + at);
        text[start..end].trim().to_owned()
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// What a file holds that is judged.
#[derive(Debug, Default)]
pub struct Found {
    pub commands: Vec<Snippet>,
    /// Permission rules that pre-approve shell commands (`Bash(rm -rf:*)`), where they are.
    pub permissions: Vec<(String, Place)>,
}

/// Reads the commands of a file of `kind` from its text; `templates` are the jobs of the
/// repository's GitLab files.
fn read(kind: Kind, text: &str, templates: &gitlab::Templates) -> Found {
    let commands = match kind {
        Kind::Shell | Kind::Husky => vec![Snippet::lines_from(text.to_owned(), Place { line: 1, column: 0 }, 0)],
        Kind::Workflow => workflows::workflow(text),
        Kind::Action => workflows::action(text),
        Kind::GitLab => gitlab::commands(text, templates),
        Kind::Dockerfile => dockerfile::commands(text),
        Kind::Makefile => makefile::commands(text),
        Kind::PackageJson => package_json::commands(text),
        Kind::Justfile => justfile::commands(text),
        Kind::Taskfile => taskfile::commands(text),
        Kind::Compose => compose::commands(text),
        Kind::Devcontainer => devcontainer::commands(text),
        Kind::PreCommit => precommit::commands(text),
        Kind::AgentSettings => return agents::read(text),
    };
    Found {
        commands,
        permissions: Vec::new(),
    }
}

/// One thing the scan would stop or ask about.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The file as given or found (relative to the current folder when it is below it).
    pub path: String,
    /// The file's path in its repository, with `/` (SARIF's location).
    pub relative: String,
    pub kind: Kind,
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
    pub decision: Decision,
    pub rule: &'static str,
    /// What would be lost, or what is wrong.
    pub message: String,
    /// The safe alternative.
    pub instead: &'static str,
    /// The command's line, as written.
    pub command: String,
}

impl Finding {
    /// `rule: what would be lost. What to do instead.`
    pub fn reason(&self) -> String {
        crate::verdict::one_line(&format!(
            "{}: {}. {}.",
            self.rule,
            self.message.trim().trim_end_matches('.'),
            self.instead.trim().trim_end_matches('.')
        ))
    }
}

/// A file to scan: where it is, its repository, and its text when it is not read from disk (a
/// staged version).
#[derive(Clone, Debug)]
pub struct Target {
    pub path: PathBuf,
    pub repository: PathBuf,
    pub text: Option<String>,
}

/// What a scan found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub findings: Vec<Finding>,
    /// Files read that hold commands.
    pub files: usize,
    pub commands: usize,
    /// Files that could not be read or parsed, and why.
    pub skipped: Vec<(String, String)>,
}

impl Outcome {
    pub fn count(&self, decision: Decision) -> usize {
        self.findings.iter().filter(|f| f.decision == decision).count()
    }
}

/// The rule families whose effects stay inside a container: deleting, moving or changing the
/// files of the image being built or of a service's container, or its processes and services.
const CONTAINED_FAMILIES: &[&str] = &[
    "rm",
    "files",
    "mv",
    "truncate",
    "permissions",
    "privilege",
    "services",
    "processes",
    "power",
    "crontab",
    "scheduled",
    "backups",
    "archives",
];

/// Every file under `root` (a folder or a file) that holds commands, as git sees the tree:
/// what `.gitignore` ignores is skipped, and so are `.git` and the dependencies a project keeps
/// in its tree (`vendor/`, `node_modules/`): their files are other projects' commands.
pub fn files_under(root: &Path, progress: &mut Progress) -> Vec<(PathBuf, Kind)> {
    let base = if root.is_dir() {
        root.to_path_buf()
    } else {
        root.parent().map(Path::to_path_buf).unwrap_or_default()
    };
    let repository = repository_of(&base);
    let mut found = Vec::new();
    let walker = ignore::WalkBuilder::new(root)
        .hidden(false)
        .parents(true)
        .require_git(false)
        .filter_entry(|entry| !matches!(entry.file_name().to_str(), Some(".git" | "vendor" | "node_modules")))
        .build();
    for entry in walker.flatten() {
        if !entry.file_type().is_some_and(|kind| kind.is_file()) {
            continue;
        }
        progress.tick(1);
        let path = entry.path();
        let relative = relative_to(path, &repository);
        if let Some(kind) = Kind::of(&relative, || head_of(path)) {
            found.push((path.to_path_buf(), kind));
        }
    }
    found
}

/// The first bytes of a file.
fn head_of(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut head = Vec::with_capacity(128);
    std::fs::File::open(path).ok()?.take(128).read_to_end(&mut head).ok()?;
    Some(head)
}

/// The repository a folder is in: the nearest folder above it holding `.git`; else the current
/// folder when it is below it (`scan .github/workflows/ci.yml` outside git), else itself.
pub fn repository_of(folder: &Path) -> PathBuf {
    let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    if let Some(repository) = absolute.ancestors().find(|dir| dir.join(".git").exists()) {
        return repository.to_path_buf();
    }
    match std::env::current_dir() {
        Ok(here) if absolute.starts_with(&here) => here,
        _ => absolute,
    }
}

/// `path` relative to `base`, with `/`; the whole path when it is not below it.
pub fn relative_to(path: &Path, base: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let relative = absolute.strip_prefix(base).unwrap_or(&absolute);
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Judges every command of every target. `context_for` gives the context of a repository (its
/// root is the project root): the configuration there is read once per repository.
pub fn scan(
    targets: &[Target],
    context_for: &dyn Fn(&AbsPath) -> Result<Context, String>,
    progress: &mut Progress,
) -> Result<Outcome, String> {
    let mut outcome = Outcome::default();
    let mut contexts: Vec<(PathBuf, Context)> = Vec::new();
    let here = std::env::current_dir().unwrap_or_default();
    let pipelines = GitLabPipelines::of(targets);
    let no_templates = gitlab::Templates::default();
    let included = pipelines.included.iter().map(|target| (target, Some(Kind::GitLab)));
    for (target, known_kind) in targets.iter().map(|target| (target, None)).chain(included) {
        progress.tick(1);
        let relative = relative_to(&target.path, &target.repository);
        let included = || std::path::absolute(&target.path).is_ok_and(|path| pipelines.files.contains(&path));
        let Some(kind) = known_kind.or_else(|| included().then_some(Kind::GitLab)).or_else(|| {
            Kind::of(&relative, || match &target.text {
                Some(text) => Some(text.as_bytes().iter().take(128).copied().collect()),
                None => head_of(&target.path),
            })
        }) else {
            continue;
        };
        let text = match target_text(target) {
            Ok(text) => text,
            Err(error) => {
                outcome
                    .skipped
                    .push((target.path.display().to_string(), error.to_string()));
                continue;
            }
        };
        let templates = pipelines.templates.get(&target.repository).unwrap_or(&no_templates);
        let found = read(kind, &text, templates);
        if found.commands.is_empty() && found.permissions.is_empty() {
            continue;
        }
        outcome.files += 1;
        let index = match contexts.iter().position(|(root, _)| *root == target.repository) {
            Some(index) => index,
            None => {
                let root = AbsPath::new(&target.repository.to_string_lossy())
                    .ok_or_else(|| format!("{} is not a folder this guard can name", target.repository.display()))?;
                let mut context = context_for(&root)?;
                context.project_root = root.clone();
                context.cwd = root;
                // Scripts are scanned as files of their own; the commands here are judged as text.
                context.read_scripts = false;
                // The environment these commands run in (CI, a container) is not this one.
                context.set_variables = None;
                context.shell_per_command = true;
                contexts.push((target.repository.clone(), context));
                contexts.len() - 1
            }
        };
        let context = &contexts[index].1;
        let shown = shown_path(&target.path, &here);
        let base_folder = if kind.runs_in_its_folder() {
            relative
                .rsplit_once('/')
                .map_or(String::new(), |(folder, _)| folder.to_owned())
        } else {
            String::new()
        };
        for snippet in &found.commands {
            outcome.commands += 1;
            let mut snippet_context = context.clone();
            let folder = join_folders(&base_folder, snippet.folder.as_deref());
            if !folder.is_empty() {
                snippet_context.cwd = context.project_root.join(&folder);
            }
            snippet_context.stops_at_failure = snippet.stops_at_failure;
            let command = snippet.run_as.as_deref().unwrap_or(&snippet.text);
            let verdict = crate::analyze(command, &snippet_context);
            let mut seen: Vec<(&'static str, Place)> = Vec::new();
            for finding in &verdict.findings {
                if finding.decision == Decision::Allow
                    || snippet.in_container && CONTAINED_FAMILIES.contains(&crate::checks::family(finding.rule))
                    || snippet.is_borrowed_at(finding.span.start)
                {
                    continue;
                }
                let place = snippet.place_of(finding.span.start);
                if seen.contains(&(finding.rule.id, place)) {
                    continue;
                }
                seen.push((finding.rule.id, place));
                outcome.findings.push(Finding {
                    path: shown.clone(),
                    relative: relative.clone(),
                    kind,
                    line: place.line,
                    column: place.column + 1,
                    decision: finding.decision,
                    rule: finding.rule.id,
                    message: finding.lost.clone(),
                    instead: finding.rule.instead,
                    command: snippet.line_at(finding.span.start),
                });
            }
        }
        for (pattern, place) in &found.permissions {
            outcome.commands += 1;
            if let Some(let_through) = agents::let_through(pattern, &context.policy) {
                outcome.findings.push(Finding {
                    path: shown.clone(),
                    relative: relative.clone(),
                    kind,
                    line: place.line,
                    column: place.column + 1,
                    decision: let_through.decision,
                    rule: let_through.rule,
                    message: let_through.message,
                    instead: agents::PERMISSION_INSTEAD,
                    command: pattern.clone(),
                });
            }
        }
    }
    outcome
        .findings
        .sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    Ok(outcome)
}

/// A target's text: as given, or read from its file.
fn target_text(target: &Target) -> std::io::Result<String> {
    match &target.text {
        Some(text) => Ok(text.clone()),
        None => std::fs::read(&target.path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// The GitLab pipelines of the scanned repositories: the files they include that are not scanned
/// already, and every job of each repository's GitLab files (what a job `extends` or references
/// may be in a file that is not scanned: an included one, or the pipeline's root when only a
/// changed file is).
#[derive(Default)]
struct GitLabPipelines {
    /// Files included by a scanned file and not scanned already: scanned too.
    included: Vec<Target>,
    /// Every file a pipeline includes (absolute paths): GitLab files whatever their names.
    files: std::collections::HashSet<PathBuf>,
    templates: std::collections::HashMap<PathBuf, gitlab::Templates>,
}

impl GitLabPipelines {
    fn of(targets: &[Target]) -> GitLabPipelines {
        let mut pipelines = GitLabPipelines::default();
        let absolute = |path: &Path| std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let targeted: std::collections::HashSet<PathBuf> =
            targets.iter().map(|target| absolute(&target.path)).collect();
        let mut seen: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
        // (repository, text, whether it is scanned)
        let mut queue: Vec<(PathBuf, String, bool)> = Vec::new();
        for target in targets {
            if Kind::of(&relative_to(&target.path, &target.repository), || None) != Some(Kind::GitLab) {
                continue;
            }
            seen.insert(absolute(&target.path));
            if let Ok(text) = target_text(target) {
                queue.push((target.repository.clone(), text, true));
            }
        }
        let mut repositories: Vec<&PathBuf> = targets.iter().map(|target| &target.repository).collect();
        repositories.dedup();
        for repository in repositories {
            let root = repository.join(".gitlab-ci.yml");
            if seen.insert(absolute(&root))
                && let Ok(text) = std::fs::read_to_string(&root)
            {
                queue.push((repository.clone(), text, false));
            }
        }
        while let Some((repository, text, scanned)) = queue.pop() {
            for path in gitlab::local_includes(&text, &repository) {
                let path = absolute(&path);
                if !seen.insert(path.clone()) {
                    continue;
                }
                let is_target = targeted.contains(&path);
                let target = targets
                    .iter()
                    .find(|target| is_target && absolute(&target.path) == path);
                let Ok(included) = target.map_or_else(|| std::fs::read_to_string(&path), target_text) else {
                    continue;
                };
                if scanned && !is_target {
                    pipelines.included.push(Target {
                        path: path.clone(),
                        repository: repository.clone(),
                        text: None,
                    });
                }
                pipelines.files.insert(path);
                queue.push((repository.clone(), included, scanned || is_target));
            }
            pipelines.templates.entry(repository).or_default().add(&text);
        }
        pipelines
    }
}

/// A folder below `base` (both relative to the repository); an absolute folder as it is.
fn join_folders(base: &str, folder: Option<&str>) -> String {
    match folder.map(|folder| folder.trim().trim_start_matches("./").trim_end_matches('/')) {
        None | Some("" | ".") => base.to_owned(),
        Some(folder) if folder.starts_with('/') => folder.to_owned(),
        Some(folder) if base.is_empty() => folder.to_owned(),
        Some(folder) => format!("{base}/{folder}"),
    }
}

/// A path as a person finds it from here: relative to the current folder when below it.
fn shown_path(path: &Path, here: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match absolute.strip_prefix(here) {
        Ok(relative) if !relative.as_os_str().is_empty() => relative.display().to_string(),
        _ => path.display().to_string(),
    }
}

/// The file's text, for drawing a finding in it.
pub fn text_of(path: &str) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// A placeholder of the same length as `expression` (a CI expression, a template, a Make
/// variable): a shell variable whose value is not known here, so that columns stay in place.
pub fn placeholder(expression: &str) -> String {
    let length = expression.len().max(2);
    format!("${}", "X".repeat(length - 1))
}

/// A word of the same length as `expression`: a value that is set, but not known here.
pub fn word(expression: &str) -> String {
    "X".repeat(expression.len())
}

/// `text` with every `open … close` replaced by `with` (a [`placeholder`] or a [`word`] of its
/// length).
pub fn replace_templates(text: &str, open: &str, close: &str, with: fn(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let Some(length) = rest[start + open.len()..].find(close) else {
            break;
        };
        let end = start + open.len() + length + close.len();
        out.push_str(&rest[..start]);
        out.push_str(&with(&rest[start..end]));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_known_by_their_names_and_shebangs() {
        let none = || None;
        assert_eq!(Kind::of(".github/workflows/ci.yml", none), Some(Kind::Workflow));
        assert_eq!(Kind::of("tools/action.yaml", none), Some(Kind::Action));
        assert_eq!(Kind::of("docker/Dockerfile.dev", none), Some(Kind::Dockerfile));
        assert_eq!(Kind::of(".husky/pre-commit", none), Some(Kind::Husky));
        assert_eq!(Kind::of(".husky/_/husky.sh", none), Some(Kind::Shell));
        assert_eq!(Kind::of(".claude/settings.local.json", none), Some(Kind::AgentSettings));
        assert_eq!(Kind::of("README.md", none), None);
        assert_eq!(
            Kind::of("bin/deploy", || Some(b"#!/usr/bin/env bash\n".to_vec())),
            Some(Kind::Shell)
        );
        assert_eq!(
            Kind::of("bin/tool", || Some(b"#!/usr/bin/env python3\n".to_vec())),
            None
        );
    }

    #[test]
    fn templates_keep_their_length() {
        let text = "echo ${{ github.sha }} done";
        let replaced = replace_templates(text, "${{", "}}", placeholder);
        assert_eq!(replaced.len(), text.len());
        assert!(replaced.starts_with("echo $XXXX") && replaced.ends_with(" done"));
    }

    #[test]
    fn places_follow_the_lines() {
        let snippet = Snippet::lines_from("a\n  rm x".into(), Place { line: 3, column: 4 }, 4);
        assert_eq!(snippet.place_of(4), Place { line: 4, column: 6 });
    }
}
