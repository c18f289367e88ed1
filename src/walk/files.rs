//! Files the command writes before it runs them (`cat > x.sh <<EOF … EOF; bash x.sh`), and
//! what a file it runs holds: text it wrote, a download, or a script read from disk.

use super::{Cursor, Walker};
use crate::args;
use crate::command::{CommandId, Input, Output, RedirectOperator, Run};
use crate::links::{self, Last};
use crate::paths::{self, AbsPath, Target};
use crate::registry;
use crate::scripts;
use crate::tools::long_options;
use crate::word::{DynamicKind, Part, Word};
use std::collections::HashMap;

/// What the command wrote into files before running them.
#[derive(Default)]
pub(super) struct FileMemory {
    /// Files the command writes before it runs them (`cat > x.sh <<EOF … EOF; bash x.sh`):
    /// what each holds, by absolute path.
    written: HashMap<String, Output>,
    /// Files the command copies or links from a file on disk (`cp /tmp/x.sh y.sh`): the
    /// original, by the absolute path of the copy.
    copied_from: HashMap<String, AbsPath>,
    /// Folders whose files the command changes in ways not followed here (`tar -x`, `unzip`,
    /// `git checkout`), each with the command that changes them: a script there is not what
    /// the disk holds now.
    changed_folders: Vec<(AbsPath, String)>,
}

impl FileMemory {
    /// The files written so far whose absolute path `wanted` accepts, in the order of their
    /// paths, with what each holds.
    pub(super) fn written_where(&self, wanted: impl Fn(&str) -> bool) -> Vec<(String, Output)> {
        let mut found: Vec<(String, Output)> = self
            .written
            .iter()
            .filter(|(path, _)| wanted(path))
            .map(|(path, output)| (path.clone(), output.clone()))
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    }

    /// The files written so far with a secret in them (a dump of the environment, a key read,
    /// a secret-named variable or a value holding one), by absolute path, with the secret as [`Output::Secret`] says it.
    pub(super) fn secrets(&self) -> Vec<(String, String)> {
        self.written
            .iter()
            .filter_map(|(path, output)| match output {
                Output::Secret(what) => Some((path.clone(), what.clone())),
                // A secret-named variable written out, or a secret a substitution printed.
                Output::Literal(word) => crate::producers::secret_expanded([word])
                    .map(|name| format!("the variable {name}"))
                    .or_else(|| {
                        word.dynamics().find_map(|dynamic| match &dynamic.kind {
                            DynamicKind::CommandOutput(Output::Secret(what)) => Some(what.clone()),
                            _ => None,
                        })
                    })
                    .map(|what| (path.clone(), what)),
                _ => None,
            })
            .collect()
    }
}

/// What a file a command runs holds.
pub(super) enum Content {
    /// Text the command itself wrote (or a process substitution printed).
    Known(Word),
    /// A script read from disk: its absolute path and text.
    OnDisk { path: String, text: String },
    /// Data downloaded from the network.
    Network,
    /// Something only known when it runs, and why.
    Unknown(String),
}

impl Walker<'_> {
    /// Remembers what a command writes into files, for a script the command runs later.
    /// `output` is what a bare redirection writes (the output of the compound statement it
    /// belongs to); a command's own output is worked out here.
    pub(super) fn record_writes(&mut self, id: CommandId, output: Option<Output>) {
        self.record_changes(id);
        let command = &self.analysis.commands[id];
        // A secret written into a file by the option that names it (`gpg --export-secret-keys
        // -o key.asc`): reading the file later prints it.
        if let Some((file, what)) = crate::producers::secret_written(command)
            && let Target::Path(path) = paths::resolve(&file, &command.cwd)
        {
            self.files
                .written
                .insert(path.as_str().to_owned(), Output::Secret(what));
        }
        let redirects = command
            .redirects
            .iter()
            .any(|r| matches!(r.operator, RedirectOperator::Write | RedirectOperator::Append));
        if !redirects
            && !matches!(
                command.name.as_str(),
                "tee" | "curl" | "wget" | "cp" | "mv" | "install" | "ln" | "certutil" | "bitsadmin"
            )
        {
            return;
        }
        let output = output.unwrap_or_else(|| command.output.clone());
        let mut written: Vec<(Word, bool, Output)> = command
            .redirects
            .iter()
            .filter(|r| matches!(r.operator, RedirectOperator::Write | RedirectOperator::Append))
            .map(|r| (r.target.clone(), r.operator == RedirectOperator::Append, output.clone()))
            .collect();
        let long_options = match command.name.as_str() {
            "tee" => long_options::TEE,
            "curl" => long_options::CURL,
            "wget" => long_options::WGET,
            "mv" => long_options::MV,
            "install" => long_options::INSTALL,
            "ln" => long_options::LN,
            _ => long_options::CP,
        };
        let parsed = args::parse(command.args(), &long_options);
        let operands: Vec<&Word> = parsed.operands().collect();
        match command.name.as_str() {
            "tee" => {
                let append = parsed.has('a', "append");
                let input = match &command.stdin {
                    Input::Text(word) => Output::Literal(word.clone()),
                    Input::Piped(output) => output.clone(),
                    _ => Output::Unknown,
                };
                written.extend(operands.iter().map(|w| ((*w).clone(), append, input.clone())));
            }
            "curl" | "wget" => {
                let (short, long) = if command.name == "curl" {
                    ('o', "output")
                } else {
                    ('O', "output-document")
                };
                let downloads = parsed
                    .args
                    .iter()
                    .filter(|arg| arg.is_short(short) || arg.is_long(long))
                    .filter_map(|arg| arg.value())
                    .filter(|target| !target.is("-"));
                written.extend(downloads.map(|target| (target.clone(), false, Output::Network)));
            }
            "certutil" | "bitsadmin" => {
                written.extend(
                    windows_downloads(command)
                        .into_iter()
                        .map(|file| (file, false, Output::Network)),
                );
            }
            "cp" | "mv" | "install" | "ln" if operands.len() == 2 && !parsed.has('t', "target-directory") => {
                let (Target::Path(mut source), Target::Path(mut target)) = (
                    paths::resolve(operands[0], &command.cwd),
                    paths::resolve(operands[1], &command.cwd),
                ) else {
                    return;
                };
                // Into a folder: one named with a trailing `/`, or one on disk.
                let folder = operands[1].text().ends_with('/')
                    || self.context.read_scripts && std::path::Path::new(&crate::context::native(&target)).is_dir();
                if folder {
                    target = target.join(source.name().unwrap_or_default());
                }
                // A symbolic link's relative target is read from the link's folder (unless `-r`
                // made it from the working folder's view).
                if command.name == "ln"
                    && parsed.has('s', "symbolic")
                    && !parsed.has('r', "relative")
                    && !operands[0].text().starts_with('/')
                    && let Some(folder) = target.parent()
                {
                    source = folder.join(operands[0].text());
                }
                match self.files.written.get(source.as_str()).cloned() {
                    Some(content) => {
                        self.files.written.insert(target.as_str().to_owned(), content);
                    }
                    None => {
                        self.files.written.remove(target.as_str());
                        self.files.copied_from.insert(target.as_str().to_owned(), source);
                    }
                }
                return;
            }
            _ => {}
        }
        for (target, append, content) in written {
            let Target::Path(path) = paths::resolve(&target, &self.analysis.commands[id].cwd) else {
                continue;
            };
            let content = match (append, self.files.written.get(path.as_str()), content) {
                (false, _, content) => content,
                (true, Some(Output::Literal(before)), Output::Literal(after)) => {
                    let mut parts = before.parts.clone();
                    parts.extend(after.parts);
                    Output::Literal(Word::from_parts(parts, before.span.cover(after.span)))
                }
                (true, _, Output::Network) => Output::Network,
                (true, _, _) => Output::Unknown,
            };
            self.files.written.insert(path.as_str().to_owned(), content);
        }
    }

    /// Remembers the files a command changes where they are (`sed -i`, `perl -i`, `dd of=`,
    /// `truncate`) and the folders whose files it replaces (archives extracted, git
    /// checking files out): what they hold afterwards is only known when it runs.
    fn record_changes(&mut self, id: CommandId) {
        if self.analysis.runs_remotely(id) || self.analysis.in_container(id) {
            return;
        }
        let command = &self.analysis.commands[id];
        let changed = match command.name.as_str() {
            "sed" | "perl" | "dd" | "truncate" => crate::checks::files::written(command),
            _ => Vec::new(),
        };
        for word in changed {
            if let Target::Path(path) = paths::resolve(&word, &command.cwd) {
                self.files.written.insert(path.as_str().to_owned(), Output::Unknown);
            }
        }
        if let (Some(folder), paths::Cwd::Known(cwd)) = (replaced_folder(command, self.context), &command.cwd) {
            let what = format!(
                "`{}`",
                command.argv.iter().map(Word::text).collect::<Vec<_>>().join(" ")
            );
            self.files.changed_folders.push((cwd.join(&folder), what));
        }
    }

    /// The file this command wrote that a program of `cmd.exe` or PowerShell code runs: both
    /// take `\` for `/` (`.\x.exe`); cmd.exe, and PowerShell's `Start-Process`, find a bare name
    /// (`x.exe`, or `x` with an extension of `PATHEXT`) in the working folder before the folders
    /// on `PATH`, where PowerShell's own calls look only on `PATH`.
    fn written_in_cmd_folder(&self, id: CommandId) -> Option<Word> {
        let command = self.command(id);
        let shell = command
            .parent
            .filter(|_| command.origin.is_some())
            .map(|parent| self.command(parent).name.as_str());
        let in_powershell = matches!(shell, Some("pwsh" | "powershell"));
        let bare_names = shell == Some("cmd") || in_powershell && command.origin.as_deref() == Some("Start-Process");
        let program = command.argv.first()?;
        let name = program.value().filter(|name| {
            !name.is_empty() && !name.contains('/') && (bare_names || in_powershell && name.contains('\\'))
        })?;
        let name = name.replace('\\', "/");
        let relative = if name.contains('/') { name } else { format!("./{name}") };
        let with_extension = relative.rsplit('/').next().is_some_and(|last| last.contains('.'));
        let candidates = if with_extension {
            vec![relative]
        } else {
            [".exe", ".bat", ".cmd", ".com"]
                .iter()
                .map(|extension| format!("{relative}{extension}"))
                .collect()
        };
        candidates.into_iter().find_map(|candidate| {
            match paths::resolve(&Word::literal(&candidate, program.span), &command.cwd) {
                Target::Path(path) if self.files.written.contains_key(path.as_str()) => {
                    Some(Word::literal(path.as_str(), program.span))
                }
                _ => None,
            }
        })
    }

    /// A program the command itself wrote: named by its path (`bin/git status`, or a name
    /// `hash -p bin/git git` points there), or found first through a `PATH` the command set,
    /// on the command or earlier in the shell (`PATH=./bin:$PATH ls`, `export
    /// PATH="$PWD/bin:$PATH"; ls`). The file written is what runs, whatever program it is named
    /// after; a `PATH` folder holding other files it wrote asks, since what runs may be one of them.
    /// A program by path the registry knows nothing of is already run as a script.
    pub(super) fn written_program(&mut self, id: CommandId, executions: &[registry::Execution], at: &mut Cursor) {
        let command = self.command(id);
        let Some(program) = command.argv.first() else { return };
        let span = program.span;
        if let Some(path) = program.value().filter(|path| path.contains('/')) {
            let runs_as_script = executions
                .iter()
                .any(|execution| matches!(execution, registry::Execution::Script { .. }));
            if !runs_as_script
                && let Target::Path(path) = paths::resolve(&Word::literal(path, span), &command.cwd)
                && self.files.written.contains_key(path.as_str())
            {
                let program = Word::literal(path.as_str(), span);
                self.run_file(id, "run", &program, None, false, at);
            }
            return;
        }
        if let Some(file) = self.written_in_cmd_folder(id) {
            self.run_file(id, "run", &file, None, false, at);
            return;
        }
        // Builtins and functions are not looked up on PATH.
        let name = command.name.as_str();
        if super::shell::BASH_BUILTINS.contains(&name) || at.shell.functions.contains_key(name) {
            return;
        }
        let Some(value) = at.shell.value_for(command, "PATH") else {
            return;
        };
        // The folders named literally, wherever they stand (`./bin:$PATH`, `$PATH:./bin`).
        let folders: Vec<AbsPath> = value
            .text()
            .split(':')
            .filter(|dir| !dir.is_empty() && !dir.contains('$'))
            .filter_map(
                |dir| match paths::resolve(&Word::literal(dir, value.span), &command.cwd) {
                    Target::Path(dir) => Some(dir),
                    _ => None,
                },
            )
            .collect();
        let written: Vec<String> = self
            .files
            .written
            .keys()
            .filter(|path| AbsPath::new(path).is_some_and(|path| folders.iter().any(|dir| path.is_inside(dir))))
            .cloned()
            .collect();
        if written.is_empty() {
            return;
        }
        let (name, span) = (command.name.clone(), value.span);
        match written
            .iter()
            .find(|path| path.rsplit('/').next() == Some(name.as_str()))
        {
            Some(program) => {
                let program = Word::literal(program, span);
                self.run_file(id, "PATH", &program, None, false, at);
            }
            None => self.analysis.commands[id].runs.push(Run::Unverifiable {
                what: format!(
                    "PATH names {}, where this command wrote {}: what runs may be one of those",
                    folders.iter().map(AbsPath::as_str).collect::<Vec<_>>().join(", "),
                    written.join(", ")
                ),
                span,
            }),
        }
    }

    /// What a plain `cat FILE` prints when this command wrote FILE earlier with text it spells
    /// (`echo 'DROP TABLE x;' > d.sql && psql -c "$(cat d.sql)"`): that text. `None` for a file
    /// on disk, one written with content only known when it runs, or options that change it.
    pub(super) fn written_file_catted(&self, id: CommandId) -> Option<Word> {
        let command = &self.analysis.commands[id];
        let args = command.args();
        let args = if args.first().is_some_and(|word| word.is("--")) {
            &args[1..]
        } else {
            args
        };
        let [path] = args else {
            return None;
        };
        if command.name != "cat" || path.value().is_none_or(|text| text.starts_with('-')) {
            return None;
        }
        let Target::Path(absolute) = paths::resolve(path, &command.cwd) else {
            return None;
        };
        match self.files.written.get(absolute.as_str())? {
            Output::Literal(word) => Some(word.clone()),
            _ => None,
        }
    }

    /// What the file `path` names holds, as far as the command tells or the disk shows; `None`
    /// when there is nothing to judge (no such file, a binary program, a tool's setup).
    pub(super) fn file_content(&mut self, id: CommandId, path: &Word, binaries: scripts::Binaries) -> Option<Content> {
        if let [Part::Dynamic(dynamic)] = path.parts.as_slice()
            && let DynamicKind::ProcessSubstitution(output) = &dynamic.kind
        {
            return match output {
                Output::Network => Some(Content::Network),
                Output::Literal(word) => Some(Content::Known(word.clone())),
                Output::ToolSetup => None,
                _ => Some(Content::Unknown(format!(
                    "the output of {}, which cannot be known in advance",
                    dynamic.text
                ))),
            };
        }
        let cwd = &self.analysis.commands[id].cwd;
        // A `..` after a link goes up from where it points: that is the file that runs.
        let target = links::physical_target(path, cwd, self.context).unwrap_or_else(|| paths::resolve(path, cwd));
        let absolute = match target {
            Target::Path(absolute) => absolute,
            // A pattern (`bash b*.sh`, `source ./[s]etup.sh`) names the files it matches on disk.
            target @ (Target::Below { .. } | Target::Contents(_))
                if self.context.read_scripts && path.dynamics().next().is_none() =>
            {
                match matching_files(&target) {
                    Ok(None) => return None,
                    Ok(Some(absolute)) => absolute,
                    Err(what) => return Some(Content::Unknown(what)),
                }
            }
            _ => return None,
        };
        if let Some((_, what)) = self
            .files
            .changed_folders
            .iter()
            .rev()
            .find(|(folder, _)| absolute.starts_with(folder))
            .filter(|_| !self.files.written.contains_key(absolute.as_str()))
        {
            return Some(Content::Unknown(format!(
                "which {what} earlier in this command may replace: what it holds then is unknown"
            )));
        }
        if let Some(written) = self.files.written.get(absolute.as_str()) {
            // Content computed when the command runs (`sed … > x.sh; ./x.sh`) is code only known
            // then, as in `sed … | sh`.
            return match written {
                Output::Literal(word) => Some(Content::Known(word.clone())),
                Output::Network => Some(Content::Network),
                _ => Some(Content::Unknown(
                    "a file this command writes with content only known when it runs".into(),
                )),
            };
        }
        // A copy or link of a file on disk made earlier in the command is that file.
        let absolute = self
            .files
            .copied_from
            .get(absolute.as_str())
            .cloned()
            .unwrap_or(absolute);
        // A link on disk leads where it points (`ln -s /proc/self/environ e.sh` made earlier).
        let absolute = if self.context.read_scripts {
            links::real(&absolute, Last::Follow, self.context).unwrap_or(absolute)
        } else {
            absolute
        };
        // Descriptors and devices are the command's, not this process's: never read here.
        let text = absolute.as_str();
        let descriptor = text
            .strip_prefix("/dev/fd/")
            .or_else(|| text.strip_prefix("/proc/self/fd/"))
            .and_then(|fd| fd.parse::<u32>().ok())
            .filter(|fd| *fd != 0);
        if let Some(input) = descriptor.and_then(|fd| {
            let command = &self.analysis.commands[id];
            command
                .descriptors
                .iter()
                .rev()
                .find(|(bound, _)| *bound == fd)
                .map(|(_, input)| input)
        }) {
            return match input {
                Input::Text(word) => Some(Content::Known(word.clone())),
                _ => Some(Content::Unknown(
                    "a descriptor whose content is only known when it runs".into(),
                )),
            };
        }
        if matches!(text, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0") {
            return match &self.analysis.commands[id].stdin {
                Input::Text(word) | Input::Piped(Output::Literal(word)) => Some(Content::Known(word.clone())),
                Input::Piped(Output::Network) => Some(Content::Network),
                Input::Inherited => None,
                _ => Some(Content::Unknown("standard input, only known when it runs".into())),
            };
        }
        // The empty device: a program reading code from it runs nothing.
        if text == "/dev/null" {
            return None;
        }
        if text.starts_with("/dev/") || text.starts_with("/proc/") {
            return Some(Content::Unknown(
                "a descriptor or device whose content is only known when it runs".into(),
            ));
        }
        // A script that runs itself again (`exec sudo "$0" "$@"`) is already being judged.
        if !self.context.read_scripts || self.reading_disk.iter().any(|p| p == absolute.as_str()) {
            return None;
        }
        match scripts::read(&absolute, binaries) {
            scripts::OnDisk::Text(text) => Some(Content::OnDisk {
                path: absolute.as_str().to_owned(),
                text,
            }),
            scripts::OnDisk::TooLarge(size) => Some(Content::Unknown(format!(
                "a file of {size} bytes, more than the {} read to judge it",
                scripts::MAX_SCRIPT_BYTES
            ))),
            scripts::OnDisk::Special => Some(Content::Unknown("which is not a regular file".into())),
            scripts::OnDisk::Unreadable(why) => Some(Content::Unknown(format!("which could not be read ({why})"))),
            scripts::OnDisk::Missing | scripts::OnDisk::Binary => None,
        }
    }
}

/// The command name a pattern in it becomes when it matches one file on disk, as bash expands
/// it before it looks the name up (`/bin/r[m]` is `/bin/rm`, `g?t` beside a file `git` is
/// `git`, found on `PATH`). `None` when the disk may not be read or the pattern matches no file
/// or several (the caller asks about those when it runs the name as a script).
pub(super) fn program_matched(name: &Word, cwd: &paths::Cwd, context: &crate::context::Context) -> Option<Word> {
    if !context.read_scripts || !name.has_glob() || name.dynamics().next().is_some() {
        return None;
    }
    let matched = matching_files(&paths::resolve(name, cwd)).ok()??;
    let file = matched.name()?;
    let text = match name.text().rsplit_once('/') {
        Some((folder, _)) => format!("{folder}/{file}"),
        None => file.to_owned(),
    };
    Some(Word::literal(&text, name.span))
}

/// The file a pattern in a script's path matches on disk, as bash expands it: none (bash keeps
/// the pattern, a name no file has), the one it matches, or an error when it matches several
/// (which one runs, the others becoming its arguments, depends on the locale's sort order) or
/// has a pattern in a folder's name.
fn matching_files(target: &Target) -> Result<Option<AbsPath>, String> {
    let (dir, pattern) = match target {
        Target::Below {
            dir,
            name: Some(pattern),
            ..
        } => (dir, pattern.as_str()),
        Target::Contents(dir) => (dir, "*"),
        _ => return Err("a path with a pattern in a folder's name, matched only when it runs".into()),
    };
    let Ok(entries) = std::fs::read_dir(crate::context::native(dir)) else {
        return Ok(None);
    };
    let mut matches: Vec<std::ffi::OsString> = entries
        .flatten()
        .map(|entry| entry.file_name())
        .filter(|name| {
            let name = name.to_string_lossy();
            paths::pattern_matches_entry(pattern, &name)
        })
        .collect();
    match matches.len() {
        0 => Ok(None),
        // A name that is not UTF-8 cannot be followed here: unknown, not absent.
        1 => match matches.pop().map(std::ffi::OsString::into_string) {
            Some(Ok(name)) => Ok(Some(dir.join(&name))),
            _ => Err(format!("a file in {dir} whose name is not UTF-8")),
        },
        count => Err(format!(
            "a pattern matching {count} files in {dir}: which one runs depends on their sort order"
        )),
    }
}

/// The folder (relative to the command's) whose files `command` replaces wholesale: where an
/// archive is extracted (`tar -x`, `unzip`, `7z x`, into `-C`/`-d`/`-o` when given), or the
/// repository's files git checks out, merges or resets. `None` for any other command.
fn replaced_folder(command: &crate::command::Command, context: &crate::context::Context) -> Option<String> {
    let args = command.args();
    let value_after = |option: &str| {
        args.iter()
            .position(|word| word.is(option))
            .and_then(|at| args.get(at + 1))
            .map(|word| word.text().to_owned())
    };
    match command.name.as_str() {
        "tar" | "bsdtar" | "gtar" => {
            let first = args.first().map(Word::text).unwrap_or("");
            let extracts = args.iter().any(|word| word.is("--extract") || word.is("--get"))
                || (!first.starts_with("--") && first.trim_start_matches('-').contains('x'))
                || args.iter().any(|word| {
                    word.text().starts_with('-') && !word.text().starts_with("--") && word.text().contains('x')
                });
            extracts.then(|| {
                value_after("-C")
                    .or_else(|| value_after("--directory"))
                    .unwrap_or_else(|| ".".into())
            })
        }
        "unzip" => Some(value_after("-d").unwrap_or_else(|| ".".into())),
        "7z" | "7za" | "7zz" if args.first().is_some_and(|word| word.is("x") || word.is("e")) => Some(
            args.iter()
                .find_map(|word| word.text().strip_prefix("-o").map(str::to_owned))
                .unwrap_or_else(|| ".".into()),
        ),
        "git" => {
            let subcommand = args.iter().map(Word::text).find(|text| !text.starts_with('-'))?;
            matches!(
                subcommand,
                "checkout"
                    | "switch"
                    | "restore"
                    | "reset"
                    | "pull"
                    | "merge"
                    | "rebase"
                    | "stash"
                    | "apply"
                    | "am"
                    | "cherry-pick"
                    | "revert"
            )
            .then(|| context.project_root.as_str().to_owned())
        }
        _ => None,
    }
}

/// The files Windows' downloaders fetch into: `certutil -urlcache [-split] -f URL [FILE]` (the
/// address's last name when no file is given), `bitsadmin /transfer JOB [/download] URL FILE…`.
fn windows_downloads(command: &crate::command::Command) -> Vec<Word> {
    let args = command.args();
    let switch = |word: &Word, name: &str| {
        word.text()
            .strip_prefix(['/', '-'])
            .is_some_and(|switch| switch.eq_ignore_ascii_case(name))
    };
    let is_url = |word: &Word| word.text().contains("://");
    match command.name.as_str() {
        "certutil" if args.iter().any(|word| switch(word, "urlcache")) => {
            let operands: Vec<&Word> = args
                .iter()
                .filter(|word| !word.text().starts_with(['/', '-']))
                .collect();
            let Some(at) = operands.iter().position(|word| is_url(word)) else {
                return Vec::new();
            };
            match operands.get(at + 1) {
                Some(file) => vec![(*file).clone()],
                None => {
                    let url = operands[at];
                    let name = url.text().trim_end_matches('/').rsplit('/').next().unwrap_or("");
                    match name.is_empty() || name.contains(':') {
                        true => Vec::new(),
                        false => vec![Word::literal(name, url.span)],
                    }
                }
            }
        }
        "bitsadmin"
            if args
                .iter()
                .any(|word| switch(word, "transfer") || switch(word, "addfile")) =>
        {
            if args.iter().any(|word| switch(word, "upload")) {
                return Vec::new();
            }
            args.windows(2)
                .filter(|pair| is_url(&pair[0]))
                .map(|pair| pair[1].clone())
                .collect()
        }
        _ => Vec::new(),
    }
}
