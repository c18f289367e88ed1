//! What a command runs, walked in turn: the command a wrapper runs, code given as words (shell
//! or another language), code read from standard input, and files run as scripts.

use super::files::Content;
use super::shell::Shell;
use super::syntax::Reader;
use super::{Cursor, Walker};
use crate::command::{Command, CommandId, Input, LayerId, LayerKind, Output, Privileged, RedirectOperator, Run};
use crate::interpreters::Arguments;
use crate::language::Language;
use crate::paths::{self, AbsPath, Cwd, Target};
use crate::producers;
use crate::registry::loaded::{self, LoadedFile};
use crate::registry::projects::{self, ProjectPart};
use crate::registry::{self, Execution};
use crate::scripts;
use crate::source::{Source, SourceBuilder, Span};
use crate::word::{DynamicKind, Part, Quoting, Word};
use std::rc::Rc;

/// Code a command runs: how it is run, in which language, and what it is given.
pub(super) struct Code {
    /// What runs it, as `explain` shows it (`bash -c`, `python3 -c`, `eval`).
    pub(super) via: String,
    pub(super) language: Language,
    /// What the code sees as its arguments: `$0 $1…` in shell code, `sys.argv` in Python.
    pub(super) arguments: Arguments,
    /// Whether it runs in the walking shell itself (`eval`, `source`), whose `cd` and
    /// variables then stay for the commands after it.
    pub(super) current_shell: bool,
    /// The layer its own layer hangs under: the command's, or the code that `exec`s it.
    pub(super) parent: LayerId,
    /// Read from the command's standard input (`… | bash`): what the commands in it read
    /// there is the rest of the code, not the command's input.
    pub(super) read_from_stdin: bool,
}

impl Walker<'_> {
    /// Walks what command `id` runs: a wrapped command, code, its standard input, a file.
    pub(super) fn follow_runs(&mut self, id: CommandId, at: &mut Cursor) {
        self.analysis.commands[id].secret_files = self.files.secrets();
        let mut executions = registry::executions(self.command(id));
        let alias = self.user_alias(id, at.source).map(|(name, expansion)| {
            executions.insert(0, expansion);
            name
        });
        // An alias is not expanded again inside its own text (`alias ls='ls --color'`).
        self.expanding_aliases.extend(alias.clone());
        self.record_facts(id, &executions);
        self.written_program(id, &executions, at);
        if executions.is_empty() {
            self.infer_runs(id, at);
        }
        let parent = self.command(id).layer;
        let mut refused = false;
        for execution in executions {
            let span = self.command(id).span;
            if self.layer_refused(at.layer_depth + 1, span) {
                refused = true;
                break;
            }
            self.run_execution(id, execution, parent, at);
        }
        if alias.is_some() {
            self.expanding_aliases.pop();
        }
        if refused {
            return;
        }
        // A framework's console reads code on its input, and scripts it is named (`manage.py
        // shell < wipe.py`, `rails runner wipe.rb`), as an interpreter does.
        if let Some(console) = crate::checks::console_input(self.command(id)) {
            if console.stdin {
                self.run_stdin(id, console.via, console.language, at);
            }
            for file in &console.files {
                self.run_file(id, console.via, file, Some(console.language), false, at);
            }
        }
        let output = producers::output(id, &self.analysis, self.context);
        self.analysis.commands[id].output = match output {
            Output::Unknown => self.written_file_catted(id).map_or(Output::Unknown, Output::Literal),
            output => output,
        };
        self.record_writes(id, None);
    }

    /// What command `id` runs when its name is one of the user's aliases (`k delete ns x` with
    /// `alias k=kubectl`): the alias's text in place of the name, read as bash reads it. Only a
    /// name written bare on the command line is one (a shell the command starts reads no
    /// startup file), and an alias is not expanded inside its own text.
    fn user_alias(&self, id: CommandId, source: &Source) -> Option<(String, Execution)> {
        let command = self.command(id);
        let code_layer = self.analysis.layers[command.layer].parent;
        if self.context.aliases.is_empty() || code_layer.is_none_or(|code| self.analysis.layers[code].parent.is_some())
        {
            return None;
        }
        let [
            Part::Literal {
                text: name,
                quoting: Quoting::Bare,
                ..
            },
        ] = command.argv.first()?.parts.as_slice()
        else {
            return None;
        };
        let (_, value) = self.context.aliases.iter().find(|(alias, _)| alias == name)?;
        if self.expanding_aliases.contains(name) {
            return None;
        }
        let (name, via) = (name.clone(), format!("alias {name}"));
        // The rest of the command as written (its words, quotes and redirections), read after the
        // alias's text; as decoded where the text is not the command's own.
        let rest = source
            .range_of(Span::new(command.argv[0].span.end, command.span.end))
            .filter(|range| source.is_verbatim(range.clone()))
            .map(|range| source.text()[range].to_owned())
            .unwrap_or_else(|| command.args().iter().map(|word| format!(" {}", word.text())).collect());
        let execution = Execution::Code {
            via,
            words: vec![Word::literal(&format!("{value}{rest}"), command.span)],
            positional: Vec::new(),
            current_shell: true,
        };
        Some((name, execution))
    }

    /// Walks one thing command `id` runs, under layer `parent`.
    fn run_execution(&mut self, id: CommandId, execution: Execution, parent: LayerId, at: &mut Cursor) {
        let span = self.command(id).span;
        match execution {
            Execution::Command {
                via,
                argv,
                assignments,
                cwd,
            } => {
                self.wrapped_command(id, via, argv, assignments, cwd, at);
            }
            Execution::ProjectFile { via, part, directory } => {
                self.run_project_file(id, &via, &part, directory.as_ref(), at);
            }
            // A command whose words name the host's paths through bind mounts is judged on the
            // host's terms.
            Execution::InContainer {
                via,
                argv,
                reaches_host,
                host_read_only,
                host_cwd,
            } => {
                let child = self.wrapped_command(id, via, argv, Vec::new(), host_cwd, at);
                self.analysis.commands[child].in_container = !reaches_host;
                self.analysis.commands[child].host_read_only = host_read_only;
            }
            Execution::Code {
                via,
                words,
                positional,
                current_shell,
            } => {
                let code = Code {
                    via,
                    language: Language::Shell,
                    arguments: arguments_of(positional),
                    current_shell,
                    parent,
                    read_from_stdin: false,
                };
                self.run_code(id, &code, &words, at);
            }
            Execution::Stdin { via, language } => self.run_stdin(id, &via, language, at),
            Execution::File {
                via,
                path,
                language,
                current_shell,
            } => self.run_file(id, &via, &path, Some(language), current_shell, at),
            Execution::Program {
                via,
                language,
                code,
                args,
            } => {
                let program = Code {
                    via,
                    language,
                    arguments: Arguments { script: None, args },
                    current_shell: false,
                    parent,
                    read_from_stdin: false,
                };
                self.run_code(id, &program, &code, at);
            }
            Execution::Script { path } => self.run_file(id, "run", &path, None, false, at),
            Execution::Network { how } => self.analysis.commands[id].runs.push(Run::Network { how, span }),
            Execution::SocketShell { how } => self.analysis.commands[id].runs.push(Run::SocketShell { how, span }),
            Execution::HostAccess { how } => self.analysis.commands[id].runs.push(Run::HostAccess { how, span }),
            Execution::Unverifiable { what } => {
                self.analysis.commands[id].runs.push(Run::Unverifiable { what, span });
            }
            Execution::Hooks { via, dir, names } => {
                let dir = self.git_path(&dir);
                for name in names {
                    let mut parts = dir.parts.clone();
                    parts.push(Part::Literal {
                        text: format!("/{name}"),
                        quoting: Quoting::Quoted,
                        span: dir.span,
                    });
                    let hook = Word::from_parts(parts, dir.span);
                    self.run_file(id, &format!("{via}: hook"), &hook, None, false, at);
                }
            }
            Execution::GitConfigFile { via, path, subcommand } => {
                self.run_git_config_file(id, &via, &path, &subcommand, parent, at);
            }
        }
    }

    /// Walks what the settings of a git configuration file run (`git -c include.path=FILE`):
    /// the file this command wrote, or the one on disk.
    fn run_git_config_file(
        &mut self,
        id: CommandId,
        via: &str,
        path: &Word,
        subcommand: &str,
        parent: LayerId,
        at: &mut Cursor,
    ) {
        let span = self.command(id).span;
        let path = self.git_path(path);
        let unverifiable = |what: String| Run::Unverifiable {
            what: format!("{via} reads settings from {}, {what}", path.text()),
            span,
        };
        let text = match self.file_content(id, &path, scripts::Binaries::Skipped) {
            None => return,
            Some(Content::Known(word)) if !word.is_dynamic() => word.text().to_owned(),
            Some(Content::Known(_)) => {
                let run = unverifiable("written with text only known when it runs".into());
                self.analysis.commands[id].runs.push(run);
                return;
            }
            Some(Content::OnDisk { text, .. }) => text,
            Some(Content::Network) => {
                let run = unverifiable("downloaded from the network".into());
                self.analysis.commands[id].runs.push(run);
                return;
            }
            Some(Content::Unknown(what)) => {
                let run = unverifiable(what);
                self.analysis.commands[id].runs.push(run);
                return;
            }
        };
        for (key, value) in registry::git::config_file_settings(&text) {
            let setting = format!("{via}: {key}");
            let value = Word::literal(&value, span);
            for execution in registry::git::setting_executions(&setting, &key, value, subcommand) {
                if let Execution::GitConfigFile { path: nested, .. } = &execution {
                    let run = unverifiable(format!("which includes {}, not read", nested.text()));
                    self.analysis.commands[id].runs.push(run);
                    continue;
                }
                self.run_execution(id, execution, parent, at);
            }
        }
    }

    /// A path git reads from a setting, with the `~/` git expands itself made the home folder.
    fn git_path(&self, path: &Word) -> Word {
        match path.value().and_then(|text| text.strip_prefix("~/")) {
            Some(rest) => Word::literal(&format!("{}/{rest}", self.context.home.as_str()), path.span),
            None => path.clone(),
        }
    }

    /// Records on command `id` what the checkers need to know of what it runs: what it raises
    /// privileges for, and whether it reads code from the terminal.
    fn record_facts(&mut self, id: CommandId, executions: &[Execution]) {
        let command = &self.analysis.commands[id];
        let privileged = match command.name.as_str() {
            "sudo" | "doas" | "pkexec" | "run0" => registry::privileged_command(command),
            _ => None,
        };
        let terminal_code = match command.stdin {
            Input::Inherited => executions.iter().find_map(|execution| match execution {
                Execution::Stdin { language, .. } => Some(*language),
                _ => None,
            }),
            _ => None,
        };
        let files = registry::files(&self.analysis.commands[id]);
        let command = &mut self.analysis.commands[id];
        command.privileged = privileged.map(|(words, shell)| Privileged { command: words, shell });
        command.terminal_code = terminal_code;
        command.writes = files.written;
        command.reads = files.read;
        command.sends = files.sent;
        command.serves = files.served;
        command.sends_arguments = files.sends_arguments;
        command.remote = registry::runs_remotely(command);
    }

    /// A command that command `parent` runs with `argv`, in the directory `cwd` names (its own
    /// when none does).
    pub(super) fn child_command(&self, parent: CommandId, argv: Vec<Word>, cwd: Option<Word>, span: Span) -> Command {
        let outer = self.command(parent);
        let cwd = match cwd {
            Some(dir) => match paths::resolve(&dir, &outer.cwd) {
                Target::Path(path) => Cwd::Known(path),
                _ => Cwd::Unknown(format!("named by {}", dir.text())),
            },
            None => outer.cwd.clone(),
        };
        let mut command = Command::new(argv, cwd, Input::Inherited, span);
        command.exported = outer.exported.clone();
        command.parent = Some(parent);
        command.background = outer.background;
        command
    }

    /// The command a wrapper runs (`sudo rm -rf x` runs `rm -rf x`): one layer deeper, reading
    /// what the wrapper reads.
    fn wrapped_command(
        &mut self,
        parent: CommandId,
        via: String,
        argv: Vec<Word>,
        assignments: Vec<(String, Word)>,
        cwd: Option<Word>,
        at: &mut Cursor,
    ) -> CommandId {
        let outer = self.command(parent);
        let span = argv
            .iter()
            .map(|w| w.span)
            .reduce(Span::cover)
            .filter(|s| !s.is_empty())
            .unwrap_or(outer.span);
        let (stdin, in_pipeline, parent_layer) = (outer.stdin.clone(), outer.in_pipeline, outer.layer);
        let mut command = self.child_command(parent, argv, cwd, span);
        command.stdin = stdin;
        command.in_pipeline = in_pipeline;
        command.assignments = assignments;
        command.via = Some(via);
        let id = self.push_command(command, parent_layer);
        self.analysis.commands[parent].runs.push(Run::Command(id));
        self.follow_runs(id, &mut at.nested(at.layer));
        id
    }

    /// Runs code given as words: read as a layer of its own, unless nobody can know it before
    /// it runs. Shell words are joined by spaces, other languages' by lines.
    pub(super) fn run_code(&mut self, id: CommandId, code: &Code, words: &[Word], at: &mut Cursor) {
        if code.language.is_mostly_data() && !has_literal_text(words) {
            // SQL a substitution reads from files (`psql -c "$(cat drop.sql)"`, `"$(< drop.sql)"`)
            // is what those files hold: the file written earlier, or the one on disk.
            let files: Vec<Word> = words.iter().flat_map(|word| self.files_substituted(id, word)).collect();
            for file in files {
                self.run_file(id, &code.via, &file, Some(code.language), false, at);
            }
            return;
        }
        if self.unseen_code(id, &code.via, words) {
            return;
        }
        if code.language == Language::Shell {
            // A shell drops the NUL bytes of what it reads: `g\0it` runs `git`.
            let words: Vec<Word> = words.iter().cloned().map(without_nul_bytes).collect();
            self.run_source(id, code, source_of_words(&words, " "), at);
        } else {
            self.run_source(id, code, source_of_words(words, "\n"), at);
        }
    }

    /// Runs code whose text is known: shell code in a shell of its own (or this one), other
    /// languages through their readers.
    fn run_source(&mut self, id: CommandId, code: &Code, source: Source, at: &mut Cursor) {
        if code.language != Language::Shell {
            self.language_layer(id, code, source, at);
            return;
        }
        let layer_depth = at.layer_depth + 1;
        let reader = self.code_reader(id, code, &source, at.reader);
        let layer = if code.current_shell {
            self.nested_shell_layer(source, &code.via, code.parent, at.shell, layer_depth, reader)
        } else {
            let mut own: Shell = at.shell.clone();
            own.positional = Rc::new(positional_of(&code.arguments));
            own.calling.clear();
            // A shell of its own starts where the command that runs it does (`env -C dir sh -c
            // …`, a container's working directory under a bind mount).
            own.cwd = self.analysis.commands[id].cwd.clone();
            // What the command sets for itself (`X=/ bash -c '…'`, `env X=/ sh -c …`) is in the
            // environment of the shell it starts.
            for (name, value) in &self.analysis.commands[id].assignments {
                own.variables.insert(name.clone(), value.clone());
            }
            // Its commands read the text or the output the command reads (`printf … | bash -c
            // 'bash'`: the inner shell reads the printed text as its code), unless that is the
            // code itself.
            let command = &self.analysis.commands[id];
            match &command.stdin {
                Input::Text(_) | Input::Piped(_) if !code.read_from_stdin => {
                    own.descriptors.push((0, command.stdin.clone()));
                }
                // A file the outer shell opened (`ssh host psql < drop.sql`): the path is the
                // outer command's, wherever the code runs.
                Input::File(path) if !code.read_from_stdin => {
                    if let Target::Path(absolute) = paths::resolve(path, &command.cwd) {
                        let file = Word::literal(absolute.as_str(), path.span);
                        own.descriptors.push((0, Input::File(file)));
                    }
                }
                _ => {}
            }
            self.nested_shell_layer(source, &code.via, code.parent, &mut own, layer_depth, reader)
        };
        if let Some(layer) = layer {
            self.analysis.commands[id].runs.push(Run::Code(layer));
        }
    }

    /// Who reads shell code that command `id` runs, given whole: the shell running this code
    /// for `eval` and `source`, bash or zsh when the command is one (`bash -c`, a script piped
    /// into `zsh`). An interactive one reading its input (`… | bash -i`) reads on after a line
    /// it refuses, as a terminal does. Another shell, or text holding values only known when it
    /// runs (which may hold the newline that ends a command where bash's reading of the text
    /// would not), is read as no known shell's.
    fn code_reader(&self, id: CommandId, code: &Code, source: &Source, reading_here: Reader) -> Reader {
        if source.has_placeholders() {
            return Reader::Unknown;
        }
        if code.current_shell {
            return reading_here.whole();
        }
        let command = self.command(id);
        let interactive = reads_input_interactively(command.args(), self.runs_on_a_terminal(id));
        match (command.name.as_str(), interactive) {
            ("bash", false) => Reader::BashWhole,
            ("bash", true) => Reader::Bash,
            ("zsh", false) => Reader::ZshWhole,
            ("zsh", true) => Reader::Zsh,
            _ => Reader::Unknown,
        }
    }

    /// Whether command `id` runs on the terminal `script` makes (`… | script -qc bash`, `script
    /// -q log bash`), where a shell reading its input is interactive without `-i`.
    fn runs_on_a_terminal(&self, id: CommandId) -> bool {
        let command = self.command(id);
        let run_by_script = command
            .parent
            .is_some_and(|parent| self.command(parent).name == "script");
        let code = self.analysis.layers[command.layer]
            .parent
            .map(|code| &self.analysis.layers[code].kind);
        let in_script_code = matches!(code, Some(LayerKind::Code { via, .. }) if via == "script -c");
        run_by_script || in_script_code
    }

    /// Whether code given as words cannot be read before it runs: fetched from the network,
    /// or made only of values known at run time. Records what the command runs instead.
    fn unseen_code(&mut self, id: CommandId, via: &str, words: &[Word]) -> bool {
        let span = words
            .iter()
            .map(|w| w.span)
            .reduce(Span::cover)
            .unwrap_or(self.command(id).span);
        let dynamics: Vec<&crate::word::Dynamic> = words.iter().flat_map(Word::dynamics).collect();
        if dynamics.iter().any(|d| is_network(&d.kind)) {
            self.analysis.commands[id].runs.push(Run::Network {
                how: format!("{via} runs code fetched from the network, unread: it can do anything your account can"),
                span,
            });
            return true;
        }
        if has_literal_text(words) {
            return false;
        }
        if !dynamics.is_empty() && !dynamics.iter().all(|d| is_tool_setup(&d.kind)) {
            let shown: Vec<&str> = dynamics.iter().map(|d| d.text.as_str()).collect();
            self.analysis.commands[id].runs.push(Run::Unverifiable {
                what: format!("{via} runs code only known when it runs: {}", shown.join(" ")),
                span,
            });
        }
        true
    }

    /// Runs code read from the command's standard input.
    fn run_stdin(&mut self, id: CommandId, via: &str, language: Language, at: &mut Cursor) {
        let span = self.command(id).span;
        let run = match self.command(id).stdin.clone() {
            Input::Text(word) | Input::Piped(Output::Literal(word)) => {
                // Name the producer when the text was decoded (`… | base64 -d | sh`).
                let producer = self
                    .analysis
                    .commands
                    .iter()
                    .rev()
                    .find(|c| c.span == word.span && !c.name.is_empty())
                    .filter(|c| matches!(c.name.as_str(), "base64" | "gbase64" | "xxd" | "rev" | "tr" | "printf"));
                let via = match producer {
                    Some(producer) => format!("{via} reading what `{}` decoded", producer.display()),
                    None => format!("{via} reading its input"),
                };
                let code = Code {
                    via,
                    language,
                    arguments: Arguments::default(),
                    current_shell: false,
                    parent: self.command(id).layer,
                    read_from_stdin: true,
                };
                self.run_code(id, &code, std::slice::from_ref(&word), at);
                return;
            }
            Input::Piped(Output::Network) if language.is_mostly_data() => Run::Unverifiable {
                what: format!("{via} reads commands piped in from a network fetch, unread"),
                span,
            },
            Input::Piped(Output::Network) => Run::Network {
                how: format!(
                    "{via} runs code piped in from a network fetch, unread: it can do anything your account can"
                ),
                span,
            },
            Input::File(path) => {
                self.run_file(id, via, &path, Some(language), false, at);
                return;
            }
            Input::Piped(Output::ToolSetup) | Input::Inherited => return,
            // A file passed on whole by a `cat FILE` before it (`cat drop.sql | psql`) is read
            // as `psql < drop.sql` reads it.
            Input::Piped(_) if language.is_mostly_data() && !self.files_catted_in(id).is_empty() => {
                for file in self.files_catted_in(id) {
                    self.run_file(id, via, &file, Some(language), false, at);
                }
                return;
            }
            // A cron table piped in from a command (`(crontab -l; echo …) | crontab -`) is
            // mostly the table already installed, and SQL or a sed script piped in is data far
            // more often than commands: only known text is judged.
            Input::Piped(_)
                if matches!(language, Language::Crontab | Language::Incrontab) || language.is_mostly_data() =>
            {
                return;
            }
            Input::Piped(_) => Run::Unverifiable {
                what: format!("{via} runs code piped in from a command whose output cannot be known in advance"),
                span,
            },
        };
        self.analysis.commands[id].runs.push(run);
    }

    /// The files a plain `cat FILE…` just before command `id` in its pipeline passes on: what
    /// the command reads, with cat's own input where a `-` stands (`cat drop.sql - | psql`:
    /// the file's statements, then whatever is typed, unknown). None when that stage is
    /// anything else (options that change the text, another command).
    fn files_catted_in(&self, id: CommandId) -> Vec<Word> {
        // A wrapper passes its input on to what it runs (`cat drop.sql | docker exec -i db
        // psql`): the stage before is the one before the outermost wrapper.
        let id = std::iter::successors(Some(id), |inner| self.command(*inner).parent)
            .last()
            .unwrap_or(id);
        let command = self.command(id);
        let Some(before) = id.checked_sub(1).map(|before| self.command(before)) else {
            return Vec::new();
        };
        let args = before.args();
        let files = if args.first().is_some_and(|word| word.is("--")) {
            &args[1..]
        } else {
            args
        };
        let plain = before.name == "cat"
            && before.output_piped
            && self.analysis.layers[before.layer].parent == self.analysis.layers[command.layer].parent
            && before.span.end <= command.span.start
            && matches!(before.stdin, Input::Inherited)
            && before.redirects.is_empty()
            && files
                .iter()
                .all(|word| word.value().is_some_and(|text| text == "-" || !text.starts_with('-')));
        if plain {
            files.iter().filter(|word| !word.is("-")).cloned().collect()
        } else {
            Vec::new()
        }
    }

    /// The files a command substitution prints when `word` is that substitution alone and it
    /// only reads them: a plain `cat FILE…` or bash's `$(< FILE)`. Empty for anything else (an
    /// option that changes the text, more than one command, output already known).
    fn files_substituted(&self, id: CommandId, word: &Word) -> Vec<Word> {
        let [Part::Dynamic(dynamic)] = word.parts.as_slice() else {
            return Vec::new();
        };
        if dynamic.kind != DynamicKind::CommandOutput(Output::Unknown) {
            return Vec::new();
        }
        // The commands inside the substitution, walked before the command that uses its output.
        let outer = dynamic.span;
        let mut inside = self.analysis.commands[..id].iter().filter(|command| {
            let span = command.span;
            span.start >= outer.start && span.end <= outer.end && span != outer
        });
        let (Some(reader), None) = (inside.next(), inside.next()) else {
            return Vec::new();
        };
        let args = reader.args();
        let files = if args.first().is_some_and(|word| word.is("--")) {
            &args[1..]
        } else {
            args
        };
        match reader.redirects.as_slice() {
            // bash's `$(< FILE)`: no command, one file read.
            [redirect] if reader.argv.is_empty() && redirect.operator == RedirectOperator::Read => {
                vec![redirect.target.clone()]
            }
            [] if reader.name == "cat"
                && matches!(reader.stdin, Input::Inherited)
                && !files.is_empty()
                && files
                    .iter()
                    .all(|word| word.value().is_some_and(|text| !text.starts_with('-'))) =>
            {
                files.to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Runs code read from a file: a process substitution's output, a file written earlier in
    /// the command, or a script on disk. `language` is the interpreter's; `None` for a
    /// program run by its path, whose `#!` line decides.
    pub(super) fn run_file(
        &mut self,
        id: CommandId,
        via: &str,
        path: &Word,
        language: Option<Language>,
        current_shell: bool,
        at: &mut Cursor,
    ) {
        let found;
        let path = if language == Some(Language::Shell)
            && let Some(on_path) = self.shell_script_on_path(id, path, current_shell, at)
        {
            found = on_path;
            &found
        } else {
            path
        };
        // Only bash refuses a file argument whose first line holds a NUL byte (and the kernel a
        // compiled program run by its path); `dash` runs past it, and so does a shell reading
        // the file on standard input.
        let command = self.command(id);
        let on_stdin =
            matches!(&command.stdin, Input::File(file) if file.span == path.span && file.text() == path.text());
        let binaries = match language {
            Some(Language::Shell) if on_stdin || !matches!(command.name.as_str(), "bash" | "source" | ".") => {
                scripts::Binaries::Read
            }
            _ => scripts::Binaries::Skipped,
        };
        let Some(content) = self.file_content(id, path, binaries) else {
            return;
        };
        let span = path.span;
        let parent = self.command(id).layer;
        let run = match content {
            Content::Known(word) => {
                let code = Code {
                    via: via.to_owned(),
                    language: language.unwrap_or_else(|| scripts::language_run_by_path(word.text())),
                    arguments: arguments_of(self.positional_after(id, path)),
                    current_shell,
                    parent,
                    read_from_stdin: false,
                };
                self.run_code(id, &code, std::slice::from_ref(&word), at);
                return;
            }
            Content::OnDisk { path: absolute, text } => {
                // Its text does not come from the command: every byte points at the path
                // that named it.
                let mut builder = SourceBuilder::default();
                builder.push_from(&text, path.span);
                let code = Code {
                    via: format!("{via} {} (read from disk)", path.text()),
                    language: language.unwrap_or_else(|| scripts::language_run_by_path(&text)),
                    arguments: arguments_of(self.positional_after(id, path)),
                    current_shell,
                    parent,
                    read_from_stdin: false,
                };
                let truncated =
                    self.read_from_disk(absolute, |walker| walker.run_source(id, &code, builder.finish(), at));
                if !truncated {
                    return;
                }
                super::budget::truncated_script(via, path.text(), span)
            }
            Content::Network => Run::Network {
                how: format!(
                    "{via} runs {}, downloaded from the network: unread, it can do anything your account can",
                    path.text()
                ),
                span,
            },
            Content::Unknown(what) => Run::Unverifiable {
                what: format!("{via} runs {}, {what}", path.text()),
                span,
            },
        };
        self.analysis.commands[id].runs.push(run);
    }

    /// The script a shell finds through `PATH` for a name without a `/`: `source name` looks
    /// there first, `bash name` when no file of that name is in the working folder. `None` when
    /// the name has a `/`, the disk may not be read, or no folder on `PATH` holds it.
    fn shell_script_on_path(&self, id: CommandId, path: &Word, current_shell: bool, at: &Cursor) -> Option<Word> {
        let name = path.value().filter(|name| !name.is_empty() && !name.contains('/'))?;
        if !self.context.read_scripts {
            return None;
        }
        let command = self.command(id);
        let Cwd::Known(cwd) = &command.cwd else {
            return None;
        };
        if !current_shell && std::path::Path::new(&crate::context::native(&cwd.join(name))).is_file() {
            return None;
        }
        // The folders a `PATH` set by the command names (`PATH=./bin:$PATH`), then the agent's.
        let set = at.shell.value_for(command, "PATH");
        let named: Vec<crate::paths::AbsPath> = set
            .map(|value| {
                value
                    .text()
                    .split(':')
                    .filter(|folder| !folder.is_empty() && !folder.contains('$'))
                    .map(|folder| cwd.join(folder))
                    .collect()
            })
            .unwrap_or_default();
        named
            .iter()
            .chain(&self.context.path_folders)
            .map(|folder| folder.join(name))
            .find(|file| std::path::Path::new(&crate::context::native(file)).is_file())
            .map(|file| Word::literal(file.as_str(), path.span))
    }

    /// Runs the part of a project file a command names (`npm test`: `package.json`'s
    /// `scripts.test`; `make x`: the recipes of `x`), from the file the command wrote or the
    /// one on disk, judged like a script on disk.
    fn run_project_file(
        &mut self,
        id: CommandId,
        via: &str,
        part: &ProjectPart,
        directory: Option<&Word>,
        at: &mut Cursor,
    ) {
        let span = self.command(id).span;
        if let ProjectPart::Loaded {
            files,
            nested,
            anywhere,
        } = part
        {
            self.run_loaded_files(id, via, files, (*nested, *anywhere), directory, at);
            return;
        }
        let language = match part {
            ProjectPart::MakeTarget(_) | ProjectPart::JustRecipe(_) => Language::Make,
            _ => Language::Shell,
        };
        for file in part.files() {
            let path = match directory {
                Some(directory) => Word::literal(&format!("{}/{file}", directory.text().trim_end_matches('/')), span),
                None => Word::literal(file, span),
            };
            let Some(content) = self.file_content(id, &path, scripts::Binaries::Skipped) else {
                continue;
            };
            let code = Code {
                via: format!("{via} ({file})"),
                language,
                arguments: Arguments::default(),
                current_shell: false,
                parent: self.command(id).layer,
                read_from_stdin: false,
            };
            let run = match content {
                Content::Known(word) => match projects::extract(part, word.text()) {
                    Some(text) => {
                        self.run_code(id, &code, &[Word::literal(&text, span)], at);
                        return;
                    }
                    None => match projects::unreadable(part, word.text()) {
                        Some(why) => Run::Unverifiable {
                            what: format!("{via} runs {file}, {why}"),
                            span,
                        },
                        None => return,
                    },
                },
                Content::OnDisk { path: absolute, text } => {
                    let Some(text) = projects::extract(part, &text) else {
                        if let Some(why) = projects::unreadable(part, &text) {
                            self.analysis.commands[id].runs.push(Run::Unverifiable {
                                what: format!("{via} runs {file}, {why}"),
                                span,
                            });
                        }
                        return;
                    };
                    let mut builder = SourceBuilder::default();
                    builder.push_from(&text, span);
                    let truncated =
                        self.read_from_disk(absolute, |walker| walker.run_source(id, &code, builder.finish(), at));
                    if !truncated {
                        return;
                    }
                    super::budget::truncated_script(via, file, span)
                }
                Content::Network => Run::Network {
                    how: format!(
                        "{via} runs {file}, downloaded from the network: unread, it can do anything your account can"
                    ),
                    span,
                },
                Content::Unknown(what) => Run::Unverifiable {
                    what: format!("{via} runs {file}, {what}"),
                    span,
                },
            };
            self.analysis.commands[id].runs.push(run);
            return;
        }
    }

    /// Runs the code files a tool loads as it starts (`pytest`: `conftest.py`) that this
    /// command wrote, in the working folder or `directory` (below it when `nested`, anywhere
    /// when `anywhere`). A file it changed in ways not followed (`sed -i`) is left to the tool,
    /// as the project's own files on disk are.
    fn run_loaded_files(
        &mut self,
        id: CommandId,
        via: &str,
        files: &[LoadedFile],
        (nested, anywhere): (bool, bool),
        directory: Option<&Word>,
        at: &mut Cursor,
    ) {
        let span = self.command(id).span;
        let folder = directory.cloned().unwrap_or_else(|| Word::literal(".", span));
        let Target::Path(root) = paths::resolve(&folder, &self.command(id).cwd) else {
            return;
        };
        let written = self.files.written_where(|path| {
            let Some(absolute) = AbsPath::new(path) else {
                return false;
            };
            let placed = anywhere
                || if nested {
                    absolute.starts_with(&root)
                } else {
                    absolute.parent().is_some_and(|parent| parent == root)
                };
            placed && files.iter().any(|file| file.matches(path))
        });
        for (path, output) in written {
            let Some(file) = files.iter().find(|file| file.matches(&path)) else {
                continue;
            };
            let name = path.rsplit('/').next().unwrap_or(&path).to_owned();
            let word = match output {
                Output::Literal(word) => word,
                Output::Network => {
                    let how = format!(
                        "{via} runs {name}, downloaded from the network: unread, it can do anything your account can"
                    );
                    self.analysis.commands[id].runs.push(Run::Network { how, span });
                    continue;
                }
                _ => continue,
            };
            let (language, text) = match file.reader {
                loaded::Reader::Code(language) => (language, word),
                loaded::Reader::Part(language, extract) => match extract(word.text()) {
                    Some(text) => (language, Word::literal(&text, word.span)),
                    None => continue,
                },
                loaded::Reader::Unread(_) if loaded::Reader::unread_is_inert(word.text()) => continue,
                loaded::Reader::Unread(what) => {
                    let what = format!("{via} runs {name}, written by this command: {what}");
                    self.analysis.commands[id].runs.push(Run::Unverifiable { what, span });
                    continue;
                }
            };
            let code = Code {
                via: format!("{via} ({name})"),
                language,
                arguments: Arguments::default(),
                current_shell: false,
                parent: self.command(id).layer,
                read_from_stdin: false,
            };
            self.run_code(id, &code, &[text], at);
        }
    }

    /// The positional parameters of a script: its path and the words after it.
    fn positional_after(&self, id: CommandId, path: &Word) -> Vec<Word> {
        let argv = &self.command(id).argv;
        match argv.iter().position(|word| word == path) {
            Some(index) => argv[index..].to_vec(),
            None => vec![path.clone()],
        }
    }
}

/// Whether any of `words` has literal text (not only values known at run time).
fn has_literal_text(words: &[Word]) -> bool {
    words.iter().any(|w| {
        w.parts
            .iter()
            .any(|p| matches!(p, Part::Literal { text, .. } if !text.trim().is_empty()))
    })
}

/// The arguments of code given its positional parameters: `$0` is the script, the rest its
/// arguments.
fn arguments_of(positional: Vec<Word>) -> Arguments {
    let mut words = positional.into_iter();
    Arguments {
        script: words.next(),
        args: words.collect(),
    }
}

/// The positional parameters of shell code given its arguments.
fn positional_of(arguments: &Arguments) -> Vec<Word> {
    arguments.script.iter().chain(&arguments.args).cloned().collect()
}

/// Words joined by `separator` as source text, with placeholders for their dynamic parts.
/// The word with the NUL bytes of its known text removed.
fn without_nul_bytes(word: Word) -> Word {
    if !word.text().contains('\0') {
        return word;
    }
    let parts = word
        .parts
        .into_iter()
        .map(|part| match part {
            Part::Literal { text, quoting, span } => Part::Literal {
                text: text.replace('\0', ""),
                quoting,
                span,
            },
            dynamic => dynamic,
        })
        .collect();
    Word::from_parts(parts, word.span)
}

pub(super) fn source_of_words(words: &[Word], separator: &str) -> Source {
    let mut builder = SourceBuilder::default();
    for (index, word) in words.iter().enumerate() {
        if index > 0 {
            builder.push_from(separator, Span::new(word.span.start, word.span.start));
        }
        for part in &word.parts {
            match part {
                Part::Literal { text, span, .. } if span.len() == text.len() => builder.push_verbatim(text, span.start),
                Part::Literal { text, span, .. } => builder.push_from(text, *span),
                Part::Dynamic(dynamic) => builder.push_dynamic(dynamic.clone()),
            }
        }
    }
    builder.finish()
}

fn is_network(kind: &DynamicKind) -> bool {
    matches!(
        kind,
        DynamicKind::CommandOutput(Output::Network) | DynamicKind::ProcessSubstitution(Output::Network)
    )
}

fn is_tool_setup(kind: &DynamicKind) -> bool {
    matches!(kind, DynamicKind::CommandOutput(Output::ToolSetup))
}

/// Whether a shell's options (`bash -i`, `zsh -il`, `bash -o posix -i`, `zsh --interactive`)
/// make it interactive while it reads its code from input, not from a `-c` string (`bash -ic`
/// reads its string whole) nor from a file: read up to its first operand, skipping the values
/// `-o`, `-O` and bash's `--rcfile`/`--init-file` take. On a terminal (`script -c bash`), a
/// shell reading its input is interactive without `-i`.
fn reads_input_interactively(args: &[Word], on_terminal: bool) -> bool {
    let (mut interactive, mut command_string, mut reads_stdin, mut file) = (false, false, false, false);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(text) = word.value() else {
            return true;
        };
        match text {
            "--interactive" => interactive = true,
            "--" | "-" => {
                file = words.next().is_some();
                break;
            }
            "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file" => {
                words.next();
            }
            _ if text.starts_with("--") => {}
            _ if text.starts_with(['-', '+']) => {
                interactive |= text[1..].contains('i');
                command_string |= text[1..].contains('c');
                reads_stdin |= text[1..].contains('s');
            }
            _ => {
                file = true;
                break;
            }
        }
    }
    let reads_input = reads_stdin || !file;
    (interactive || on_terminal && reads_input) && !command_string
}
