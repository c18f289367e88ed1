//! Shell functions: a definition remembered in the shell state, its body walked where it is
//! called, and the functions a command defines but never calls judged all the same.

use super::budget::truncated_script;
use super::shell::{Function, Shell};
use super::{Cursor, Walker};
use crate::command::{CommandId, Definition, DefinitionKind, GapKind, LayerId, Run};
use crate::word::Word;
use std::cell::Cell;
use std::rc::Rc;
use tree_sitter::Node;

impl Walker<'_> {
    /// A call of a function defined earlier in the command: its body runs here.
    pub(super) fn call_function(&mut self, id: CommandId, at: &mut Cursor) {
        let layer_depth = at.layer_depth + 1;
        let shell = &mut *at.shell;
        let command = &self.analysis.commands[id];
        let Some(name) = command.argv.first().and_then(Word::value) else {
            return;
        };
        let Some(function) = shell.functions.get(name).cloned() else {
            return;
        };
        function.called.set(true);
        if shell.calling.iter().any(|called| called == name) {
            self.analysis.commands[id].calls_itself = true;
            return;
        }
        let name = name.to_owned();
        let layer = command.layer;
        let mut arguments = vec![Word::literal(&name, command.span)];
        arguments.extend(command.args().iter().cloned());
        let saved = std::mem::replace(&mut shell.positional, Rc::new(arguments));
        shell.calling.push(name.clone());
        let via = format!("function {name}");
        let mut body = None;
        let mut walk = |walker: &mut Self| {
            body = walker.shell_layer(function.body.clone(), &via, Some(layer), shell, layer_depth);
        };
        // A function a script on disk defined runs that script's code.
        let truncated = match function.file.clone().filter(|file| !self.reading_disk.contains(file)) {
            Some(file) => self.read_from_disk(file, walk),
            None => {
                walk(self);
                false
            }
        };
        shell.calling.pop();
        shell.positional = saved;
        if let Some(body) = body {
            self.analysis.commands[id].runs.push(Run::Code(body));
        }
        if truncated {
            let span = self.analysis.commands[id].span;
            let run = truncated_script(&via, function.file.as_deref().unwrap_or_default(), span);
            self.analysis.commands[id].runs.push(run);
        }
    }

    /// Functions the command defines in `layer` and never calls are judged all the same, since a
    /// shell session that outlives the command may call them later; those of a script on disk
    /// only when called. In a shell of its own per command (`shell_per_command`) they end with it
    /// and run nothing.
    pub(super) fn uncalled_functions(&mut self, layer: LayerId, shell: &mut Shell, layer_depth: usize) {
        if self.context.shell_per_command {
            return;
        }
        let mut uncalled: Vec<(String, Rc<Function>)> = shell
            .functions
            .iter()
            // A script on disk is a library of functions more often than not (`nvm.sh`): only
            // those it or the command calls run.
            .filter(|(_, f)| f.layer == layer && !f.called.get() && f.file.is_none())
            .map(|(name, f)| (name.clone(), f.clone()))
            .collect();
        uncalled.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, function) in uncalled {
            function.called.set(true);
            let mut inner = shell.clone();
            inner.calling.push(name.clone());
            self.shell_layer(
                function.body.clone(),
                &format!("function {name} (defined, not called)"),
                Some(layer),
                &mut inner,
                layer_depth + 1,
            );
        }
    }

    pub(super) fn define_function(&mut self, node: Node, at: &mut Cursor) {
        let (Some(name), Some(body)) = (node.child_by_field_name("name"), node.child_by_field_name("body")) else {
            return;
        };
        let name = at.source.text()[name.byte_range()].to_owned();
        // `x ( … )` after `alias x=…` is no function: bash reads the alias's text in its place.
        if at.shell.aliases.contains(&name) {
            self.gap(
                GapKind::Syntax,
                at.source.span(node.byte_range()),
                format!("`{name}` is an alias defined earlier, which bash reads in its place"),
            );
        }
        self.analysis.definitions.push(Definition {
            kind: DefinitionKind::Function,
            name: name.clone(),
            value: None,
            span: at.source.span(node.byte_range()),
            from_disk: !self.reading_disk.is_empty(),
        });
        Rc::make_mut(&mut at.shell.functions).insert(
            name,
            Rc::new(Function {
                // A redirection after the body is the function's: it applies at every call
                // (`f() { echo x; } >> ~/.bashrc`).
                body: at.source.slice(body.start_byte()..node.end_byte()),
                layer: at.layer,
                called: Cell::new(false),
                file: self.reading_disk.last().cloned(),
            }),
        );
    }
}
