//! Code of other languages (Python, JavaScript, Ruby, Perl, PHP, Lua, awk): read as a layer of
//! its own, and what its calls do turned into commands judged like any other.

use super::runs::Code;
use super::{Cursor, Walker};
use crate::command::{CommandId, GapKind, LayerKind, Output, Redirect, RedirectOperator, Run};
use crate::interpreters::{self, Action, Arguments, Effect};
use crate::parse::ParseFailure;
use crate::source::Source;
use crate::word::Word;

impl Walker<'_> {
    /// Reads code of another language as a layer of its own, and walks what its calls run.
    pub(super) fn language_layer(&mut self, id: CommandId, code: &Code, source: Source, at: &mut Cursor) {
        let whole = source.span(0..source.text().len());
        if self.layer_refused(at.layer_depth + 1, whole) {
            return;
        }
        let layer = self.push_layer(
            Some(code.parent),
            LayerKind::Code {
                via: code.via.clone(),
                text: source.display(),
            },
            whole,
        );
        self.analysis.commands[id].runs.push(Run::Code(layer));
        let env = interpreters::Env {
            home: self.context.home.as_str(),
            arguments: &code.arguments,
        };
        let language = code.language;
        let effects = match interpreters::effects(language, &source, &env, self.parse_allowance()) {
            Ok(effects) => effects,
            Err(ParseFailure::OverAllowance) => {
                self.parse_overrun(whole);
                return;
            }
            Err(ParseFailure::Unavailable) => {
                self.gap(
                    GapKind::Syntax,
                    whole,
                    format!("the {language:?} parser is unavailable"),
                );
                return;
            }
        };
        let mut inner = at.nested(layer);
        let first_new = self.analysis.commands.len();
        let runs_before = self.analysis.commands[id].runs.len();
        for effect in effects {
            if self.exhausted(effect.span) {
                return;
            }
            self.effect(id, effect, &code.arguments, &mut inner);
        }
        // `node -p CODE` prints the value of the code.
        let prints_value = language == crate::language::Language::JavaScript
            && [" -p", " --print"].iter().any(|flag| code.via.ends_with(flag));
        if let Some(printed) = interpreters::printed_environment(language, &source, prints_value) {
            self.effect(id, printed, &code.arguments, &mut inner);
        }
        for sent in interpreters::sent_environment(language, &source) {
            self.effect(id, sent, &code.arguments, &mut inner);
        }
        if interpreters::runs_fetched_code(language, source.text()) {
            let how = format!(
                "the code of `{}` fetches from the network and runs code it was given as a value: \
                 what the server sends runs unseen",
                self.analysis.commands[id].name
            );
            self.analysis.commands[id].runs.push(Run::Network { how, span: whole });
        }
        if interpreters::opens_socket(language, source.text()) {
            self.socket_shells(id, first_new, runs_before, whole);
        }
    }

    /// Code that opens a network connection and starts a shell given no code of its own
    /// (`s.connect(…); os.dup2(…); pty.spawn("sh")`), or runs commands only known when it runs
    /// (`c.gets` then `IO.popen($_)`): the shell reads what the other end sends. The commands
    /// from `first_new` on, and the runs of `id` from `runs_before` on, are what its calls run.
    fn socket_shells(&mut self, id: CommandId, first_new: usize, runs_before: usize, span: crate::source::Span) {
        let started = self.analysis.commands[first_new..]
            .iter()
            .find(|started| crate::checks::stdin_code_reader(started).is_some())
            .map(|started| format!("starts `{}` reading commands", started.name));
        let unknown = || {
            let runs = self.analysis.commands[id].runs[runs_before..]
                .iter()
                .chain(self.analysis.commands[first_new..].iter().flat_map(|c| c.runs.iter()));
            runs.filter_map(|run| match run {
                Run::Unverifiable { what, .. } => Some(what.clone()),
                _ => None,
            })
            .next()
            .map(|what| format!("runs what only the connection decides ({what})"))
        };
        if let Some(what) = started.or_else(unknown) {
            let how = format!(
                "the code of `{}` opens a network connection and {what}: \
                 a reverse shell, run by whoever is at the other end",
                self.analysis.commands[id].name
            );
            self.analysis.commands[id].runs.push(Run::SocketShell { how, span });
        }
    }

    /// Turns what a call in another language does into a command judged like any other: a
    /// program run, `sh -c` for shell code, `rm` for a delete, `cat` for a read, `curl -o` for a
    /// download, a redirection for a write.
    /// `at` is in the layer of the code that made the call.
    fn effect(&mut self, id: CommandId, effect: Effect, arguments: &Arguments, at: &mut Cursor) {
        let span = effect.span;
        let literal = |text: &str| Word::literal(text, span);
        let mut redirects = Vec::new();
        let mut written = None;
        let started = matches!(effect.action, Action::Run(_) | Action::Shell(_));
        let argv = match effect.action {
            Action::Run(argv) => argv,
            Action::Shell(code) => vec![literal("sh"), literal("-c"), code],
            Action::Delete {
                path,
                recursive,
                directory,
            } => match (recursive, directory) {
                (true, _) => vec![literal("rm"), literal("-r"), literal("--"), path],
                (false, true) => vec![literal("rmdir"), literal("--"), path],
                (false, false) => vec![literal("rm"), literal("--"), path],
            },
            Action::Read(path) => vec![literal("cat"), literal("--"), path],
            Action::Link { target, at, symbolic } => {
                let option = if symbolic { "-s" } else { "-P" };
                vec![literal("ln"), literal(option), literal("--"), target, at]
            }
            Action::Send(path) => vec![literal("curl"), literal("-T"), path, literal("ftp://peer/")],
            Action::Fetch { url, to } => vec![literal("curl"), literal("-sSLo"), to, url],
            Action::Write { path, append, content } => {
                written = Some(content.map_or(Output::Unknown, Output::Literal));
                let operator = if append {
                    RedirectOperator::Append
                } else {
                    RedirectOperator::Write
                };
                redirects.push(Redirect {
                    operator,
                    target: path,
                    span,
                });
                Vec::new()
            }
            Action::Code(language, text) => {
                // Code run by `exec` or `eval` sees the same arguments.
                let code = Code {
                    via: format!("{} code", effect.call),
                    language,
                    arguments: arguments.clone(),
                    current_shell: false,
                    parent: at.layer,
                    read_from_stdin: false,
                };
                self.run_code(id, &code, &[text], at);
                return;
            }
            Action::Script(language, path) => {
                self.run_file(id, &effect.call, &path, Some(language), false, at);
                return;
            }
            Action::RunsFetched(url) => {
                let how = format!(
                    "`{}` runs code fetched from {url}, unread: it can do anything your account can",
                    effect.call
                );
                self.analysis.commands[id].runs.push(Run::Network { how, span });
                return;
            }
            Action::Unverifiable(what) => {
                if self.reading_disk.is_empty() {
                    self.analysis.commands[id].runs.push(Run::Unverifiable { what, span });
                }
                return;
            }
        };
        let mut command = self.child_command(id, argv, effect.cwd, span);
        command.redirects = redirects;
        command.origin = Some(effect.call);
        command.started_by_code = started;
        let child = self.push_command(command, at.layer);
        self.analysis.commands[id].runs.push(Run::Command(child));
        match written {
            // A write runs nothing; what it writes is remembered for a script run later.
            Some(content) => self.record_writes(child, Some(content)),
            None => {
                let mut own = at.shell.clone();
                self.follow_runs(child, &mut at.with_shell(&mut own));
            }
        }
    }
}
