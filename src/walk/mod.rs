//! The walk: from the text of a command to every effective command it would run.
//!
//! The walker visits every node of the tree (ERROR nodes, heredoc redirects, substitutions in
//! strings and arithmetic, declarations, test commands, function bodies, loops) and builds a
//! [`Command`] for each simple command, decoded as bash would see it. It keeps the shell's state
//! as it goes: the working directory (`cd`), variables set by literal assignments, functions.
//! For each command it asks the registry what else the command runs, and walks that too: the
//! command of a wrapper, or code to read again as a layer of its own.
//!
//! One file per job:
//! - [`syntax`]: the fold over the syntax tree (statements, lists, pipelines, simple commands);
//! - [`redirect`]: redirections, heredocs and here-strings;
//! - [`decode`]: tree-sitter word nodes turned into [`Word`]s, expansions resolved from the shell;
//! - [`expansion`]: `${…}` and `$(…)` text the grammar leaves unread, taken apart;
//! - [`shell`]: the shell's state and the builtins that change it (`cd`, assignments, `read`…);
//! - [`functions`] and [`arithmetic`]: shell functions, and code bash runs from arithmetic;
//! - [`runs`]: what a command runs (another command, code, its standard input, a file);
//! - [`files`]: files the command writes before running them, and scripts read from disk;
//! - [`interpreted`]: what code of other languages does, turned into commands;
//! - [`inferred`]: guesses at what a program nobody described runs;
//! - [`budget`]: the limits on nesting, commands and time, and what reaching one leaves.
//!
//! Recursion is bounded: syntax nesting, layer depth, the number of commands and a deadline
//! each have a limit, and reaching one leaves a [`Gap`] that the checkers turn into a verdict.

mod arithmetic;
mod backquotes;
pub(crate) mod budget;
pub(crate) mod decode;
pub(crate) use redirect::is_socket;
mod expansion;
mod files;
mod functions;
mod inferred;
mod interpreted;
mod redirect;
mod runs;
mod shell;
mod syntax;
mod zsh;

use crate::command::{Analysis, Command, CommandId, Gap, GapKind, Input, Layer, LayerId, LayerKind};
use crate::context::Context;
use crate::source::{Source, Span};
use budget::Budget;
use files::FileMemory;
use shell::Shell;
use std::time::Instant;
use syntax::Reader;

/// Walks a command and everything it runs.
pub fn walk(command: &str, context: &Context, deadline: Instant) -> Analysis {
    let mut walker = Walker {
        context,
        // Room for a short command line's commands and layers from the start: each is large,
        // and growing the lists one step at a time copied them over and over.
        analysis: Analysis {
            commands: Vec::with_capacity(4),
            layers: Vec::with_capacity(8),
            ..Analysis::default()
        },
        budget: Budget::new(deadline),
        files: FileMemory::default(),
        reading_disk: Vec::new(),
        read_write_operators: Vec::new(),
        expanding_aliases: Vec::new(),
    };
    let mut shell = Shell::new(context);
    walker.shell_layer(Source::original(command), "command line", None, &mut shell, 0);
    walker.analysis
}

/// What the walk has found so far, and what it remembers across layers.
struct Walker<'c> {
    context: &'c Context,
    analysis: Analysis,
    budget: Budget,
    /// What the command wrote into files before running them.
    files: FileMemory,
    /// The scripts read from disk the walk is inside, innermost last, by absolute path.
    reading_disk: Vec<String>,
    /// Where `<>` operators are, as offsets of the original command: the grammar cannot read
    /// them, so each layer is parsed with `< ` in their place and the walk reads them back.
    read_write_operators: Vec<usize>,
    /// The user's aliases being expanded, innermost last.
    expanding_aliases: Vec<String>,
}

/// Where the walk is: the source being read, its layer, how deep layers and syntax nest, and
/// the state of the shell there.
struct Cursor<'a> {
    source: &'a Source,
    /// The layer the commands found here belong to.
    layer: LayerId,
    /// How many layers (`bash -c` in `sudo` in `eval`…) enclose this one.
    layer_depth: usize,
    /// How deep the syntax of this layer nests here.
    syntax_depth: usize,
    shell: &'a mut Shell,
    /// The shell that reads this code, which decides what of a substitution's body runs.
    reader: Reader,
}

impl Cursor<'_> {
    /// The same place, one level deeper in the syntax.
    fn deeper(&mut self) -> Cursor<'_> {
        Cursor {
            source: self.source,
            layer: self.layer,
            layer_depth: self.layer_depth,
            syntax_depth: self.syntax_depth + 1,
            shell: self.shell,
            reader: self.reader,
        }
    }

    /// The same place with another shell state (a subshell's copy).
    fn with_shell<'b>(&'b self, shell: &'b mut Shell) -> Cursor<'b> {
        Cursor {
            source: self.source,
            layer: self.layer,
            layer_depth: self.layer_depth,
            syntax_depth: self.syntax_depth,
            shell,
            reader: self.reader,
        }
    }

    /// The same source and shell one layer deeper, in `layer` (what a wrapper or an
    /// interpreter's code runs).
    fn nested(&mut self, layer: LayerId) -> Cursor<'_> {
        Cursor {
            source: self.source,
            layer,
            layer_depth: self.layer_depth + 1,
            syntax_depth: self.syntax_depth,
            shell: self.shell,
            reader: self.reader,
        }
    }
}

/// What flows into a statement.
#[derive(Clone)]
struct Flow {
    stdin: Input,
    in_pipeline: bool,
    background: bool,
}

impl Flow {
    fn new() -> Flow {
        Flow {
            stdin: Input::Inherited,
            in_pipeline: false,
            background: false,
        }
    }
}

impl Walker<'_> {
    fn gap(&mut self, kind: GapKind, span: Span, what: impl Into<String>) {
        // A script on disk is judged for what it certainly does: text of it the parser cannot
        // read is not asked about.
        if !self.reading_disk.is_empty() && matches!(kind, GapKind::Syntax | GapKind::ReservedWord) {
            return;
        }
        // Past a few dozen gaps, one of each kind is enough to decide the verdict.
        const MOST_GAPS: usize = 64;
        let gaps = &self.analysis.gaps;
        if gaps.len() >= MOST_GAPS && gaps.iter().any(|gap| gap.kind == kind) {
            return;
        }
        if !gaps.iter().any(|gap| gap.kind == kind && gap.span == span) {
            self.analysis.gaps.push(Gap {
                kind,
                span,
                what: what.into(),
            });
        }
    }

    fn push_layer(&mut self, parent: Option<LayerId>, kind: LayerKind, span: Span) -> LayerId {
        self.analysis.layers.push(Layer {
            parent,
            kind,
            span,
            from_disk: !self.reading_disk.is_empty(),
            inferred: None,
            bash_stops: None,
        });
        self.analysis.layers.len() - 1
    }

    fn push_command(&mut self, mut command: Command, parent_layer: LayerId) -> CommandId {
        if !self.reading_disk.is_empty() {
            self.budget.disk_commands += 1;
        }
        let id = self.analysis.commands.len();
        command.layer = self.push_layer(Some(parent_layer), LayerKind::Command(id), command.span);
        self.analysis.commands.push(command);
        id
    }

    /// The command `id`.
    fn command(&self, id: CommandId) -> &Command {
        &self.analysis.commands[id]
    }
}
