//! The walk: from the text of a command to every effective command it would run.
//!
//! The walker visits every node of the tree (ERROR nodes, heredoc redirects, substitutions in
//! strings and arithmetic, declarations, test commands, function bodies, loops) and builds a
//! [`Command`] for each simple command, decoded as bash would see it. It keeps the shell's state
//! as it goes: the working directory (`cd`), variables set by literal assignments, functions.
//! For each command it asks the unwrap stage what else the command runs, and walks that too:
//! the command of a wrapper, or code to parse again as a layer of its own.
//!
//! Recursion is bounded: syntax nesting, unwrap depth, the number of commands and a deadline
//! each have a limit, and reaching one leaves a [`Gap`] that the checkers turn into a verdict.

use crate::args::{self, Options};
use crate::command::{
    Analysis, Command, CommandId, Definition, DefinitionKind, Gap, GapKind, Input, Layer, LayerId, LayerKind, Output,
    Redirect, RedirectOperator, Run,
};
use crate::context::Context;
use crate::interpreters::{self, Action, Arguments, Effect};
use crate::parse::{self, ParseFailure};
use crate::paths::{self, AbsPath, Cwd, Target};
use crate::producers;
use crate::scripts;
use crate::source::{Source, SourceBuilder, Span};
use crate::unwrap::{self, Execution, Language};
use crate::word::{DEFAULT_IFS, Decoder, DynamicKind, Part, Scope, Word};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;
use tree_sitter::Node;

/// How deep layers may nest (`bash -c` in `sudo` in `eval`…).
pub const MAX_LAYER_DEPTH: usize = 16;
/// How deep the syntax of one layer may nest.
pub const MAX_SYNTAX_DEPTH: usize = 200;
/// How many commands one analysis may find.
pub const MAX_COMMANDS: usize = 4000;
/// How many commands a script read from disk (with the scripts it runs) may add, and how long
/// reading it may take; past either, the rest of it is could-not-verify rather than a reason to
/// deny the command. Its commands do not count toward [`MAX_COMMANDS`].
const MAX_SCRIPT_COMMANDS: usize = 20_000;
const SCRIPT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_millis(150);
/// How many values of a `for` loop are walked one by one.
const MOST_LOOP_VALUES: usize = 24;

/// Walks a command and everything it runs.
pub fn walk(command: &str, context: &Context, deadline: Instant) -> Analysis {
    let mut walker = Walker {
        context,
        analysis: Analysis::default(),
        deadline,
        out_of_time: false,
        files: HashMap::new(),
        copied_from: HashMap::new(),
        reading_disk: Vec::new(),
        disk_commands: 0,
        disk_commands_from: 0,
        script_deadline: deadline,
        script_truncated: false,
    };
    let mut shell = Shell::new(context);
    walker.code(Source::original(command), "command line", None, &mut shell, 0);
    walker.analysis
}

struct Walker<'c> {
    context: &'c Context,
    analysis: Analysis,
    deadline: Instant,
    out_of_time: bool,
    /// Files the command writes before it runs them (`cat > x.sh <<EOF … EOF; bash x.sh`):
    /// what each holds, by absolute path.
    files: HashMap<String, Output>,
    /// Files the command copies or links from a file on disk (`cp /tmp/x.sh y.sh`): the
    /// original, by the absolute path of the copy.
    copied_from: HashMap<String, AbsPath>,
    /// The scripts read from disk the walk is inside, innermost last, by absolute path.
    reading_disk: Vec<String>,
    /// How many commands scripts from disk have added, all told.
    disk_commands: usize,
    /// How many they had added when the outermost script being read was entered.
    disk_commands_from: usize,
    /// When reading the outermost script being read must stop.
    script_deadline: Instant,
    /// Whether the script being read ran past [`MAX_SCRIPT_COMMANDS`].
    script_truncated: bool,
}

/// The state of the shell as the walk goes: what `cd`, assignments and definitions changed.
#[derive(Clone)]
struct Shell {
    cwd: Cwd,
    variables: HashMap<String, Word>,
    /// Arrays set by literal assignments (`a=(rm -rf /)`).
    arrays: HashMap<String, Vec<Word>>,
    /// Shared until changed: subshells and substitutions clone the shell often, and a sourced
    /// script can define hundreds of functions.
    functions: Rc<HashMap<String, Rc<Function>>>,
    /// Functions being called, innermost last.
    calling: Vec<String>,
    /// `$0`, `$1`, … when known (inside `bash -c '…' a b`, or a function call).
    positional: Rc<Vec<Word>>,
}

struct Function {
    body: Source,
    /// The layer it was defined in.
    layer: LayerId,
    called: Cell<bool>,
    /// The script on disk that defined it, if one did: its body is that script's code.
    file: Option<String>,
}

impl Shell {
    fn new(context: &Context) -> Shell {
        Shell {
            cwd: Cwd::Known(context.cwd.clone()),
            variables: HashMap::new(),
            arrays: HashMap::new(),
            functions: Rc::new(HashMap::new()),
            calling: Vec::new(),
            positional: Rc::new(Vec::new()),
        }
    }

    fn variable(&self, name: &str, context: &Context) -> Option<Word> {
        if let Some(value) = self.variables.get(name) {
            return Some(value.clone());
        }
        let span = Span::default();
        match name {
            "HOME" => Some(Word::literal(context.home.as_str(), span)),
            "PWD" => match &self.cwd {
                Cwd::Known(dir) => Some(Word::literal(dir.as_str(), span)),
                Cwd::Unknown(_) => None,
            },
            "TMPDIR" => context.temp_dir.as_ref().map(|dir| Word::literal(dir.as_str(), span)),
            "@" | "*" if self.positional.len() > 1 => {
                let mut parts = Vec::new();
                for (index, word) in self.positional[1..].iter().enumerate() {
                    if index > 0 {
                        parts.push(Part::Literal {
                            text: " ".into(),
                            quoting: crate::word::Quoting::Expanded,
                            span,
                        });
                    }
                    parts.extend(word.parts.iter().cloned());
                }
                Some(Word::from_parts(parts, span))
            }
            _ => name
                .parse::<usize>()
                .ok()
                .and_then(|index| self.positional.get(index).cloned()),
        }
    }
}

/// Where the walk is: the source being read, its layer, and how deep layers nest.
struct Frame<'s> {
    source: &'s Source,
    layer: LayerId,
    depth: usize,
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

/// Redirections read from a statement.
#[derive(Default, Clone)]
struct Redirections {
    redirects: Vec<Redirect>,
    /// Words the grammar put after a redirect's target, which bash passes as arguments.
    extra_args: Vec<Word>,
    stdin: Option<Input>,
    /// Statements after a heredoc's start line (`cat <<EOF && rm x`).
    following: Vec<usize>,
    /// A command the grammar hid in a redirect after an ERROR `|` (`cat <<EOF 2>&1 | bash`,
    /// grammar bug #346): it reads the output of the command the redirect belongs to.
    piped_to: Vec<Word>,
}

const RESERVED_WORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "function",
    "select", "{", "}", "[[", "]]", "!",
];

impl<'c> Walker<'c> {
    fn gap(&mut self, kind: GapKind, span: Span, what: impl Into<String>) {
        // A script on disk is judged for what it certainly does: text of it the parser cannot
        // read is not asked about.
        if !self.reading_disk.is_empty() && matches!(kind, GapKind::Syntax | GapKind::ReservedWord) {
            return;
        }
        let what = what.into();
        if !self
            .analysis
            .gaps
            .iter()
            .any(|gap| gap.kind == kind && gap.span == span)
        {
            self.analysis.gaps.push(Gap { kind, span, what });
        }
    }

    fn push_layer(&mut self, parent: Option<LayerId>, kind: LayerKind, span: Span) -> LayerId {
        self.analysis.layers.push(Layer {
            parent,
            kind,
            span,
            from_disk: !self.reading_disk.is_empty(),
        });
        self.analysis.layers.len() - 1
    }

    /// Whether the walk must stop: out of time or of room for commands.
    fn exhausted(&mut self, span: Span) -> bool {
        if self.out_of_time {
            return true;
        }
        // Inside a script from disk, its own budget: running out of it leaves the rest of the
        // script unjudged (could-not-verify), not the command denied.
        if !self.reading_disk.is_empty() {
            if self.script_truncated
                || Instant::now() > self.script_deadline
                || self.disk_commands - self.disk_commands_from >= MAX_SCRIPT_COMMANDS
            {
                self.script_truncated = true;
                return true;
            }
            return false;
        }
        if Instant::now() > self.deadline {
            self.out_of_time = true;
            self.gap(GapKind::TooComplex, span, "the analysis ran out of time");
            return true;
        }
        if self.analysis.commands.len() - self.disk_commands >= MAX_COMMANDS {
            self.gap(
                GapKind::TooComplex,
                span,
                format!("the command runs more than {MAX_COMMANDS} commands"),
            );
            return true;
        }
        false
    }

    /// When parsing must stop: the script's own deadline inside a script from disk.
    fn parse_deadline(&self) -> Instant {
        if self.reading_disk.is_empty() {
            self.deadline
        } else {
            self.script_deadline
        }
    }

    /// Whether a layer at `depth` may not be walked: nested too deep, out of time or of room.
    /// Records the gap when it may not.
    fn layer_refused(&mut self, depth: usize, span: Span) -> bool {
        if depth > MAX_LAYER_DEPTH {
            self.gap(
                GapKind::TooDeep,
                span,
                format!("layers nest more than {MAX_LAYER_DEPTH} deep"),
            );
            return true;
        }
        self.exhausted(span)
    }

    /// Parses `source` and walks it as a layer of code.
    fn code(
        &mut self,
        source: Source,
        via: &str,
        parent: Option<LayerId>,
        shell: &mut Shell,
        depth: usize,
    ) -> Option<LayerId> {
        let whole = source.span(0..source.text().len());
        if self.layer_refused(depth, whole) {
            return None;
        }
        let parsed = match parse::parse(source, self.parse_deadline()) {
            Ok(parsed) => parsed,
            Err(ParseFailure::TimedOut) if !self.reading_disk.is_empty() => {
                self.script_truncated = true;
                return None;
            }
            Err(ParseFailure::TimedOut) => {
                self.out_of_time = true;
                self.gap(GapKind::TooComplex, whole, "parsing ran out of time");
                return None;
            }
            Err(ParseFailure::Unavailable) => {
                self.gap(GapKind::Syntax, whole, "the Bash parser is unavailable");
                return None;
            }
        };
        let source = &parsed.source;
        let layer = self.push_layer(
            parent,
            LayerKind::Code {
                via: via.to_owned(),
                text: source.display(),
            },
            whole,
        );
        let root = parsed.tree.root_node();
        if root.has_error() {
            self.syntax_gaps(root, source);
        }
        let frame = Frame { source, layer, depth };
        self.sequence(root, &frame, shell, &Flow::new(), 0);
        if root.has_error() {
            for error in outermost_errors(root) {
                self.function_substitutions(error, &frame, shell);
            }
        }
        self.uncalled_functions(layer, shell, depth);
        Some(layer)
    }

    /// Records the places the parser could not read (outermost ERROR nodes, MISSING tokens).
    fn syntax_gaps(&mut self, root: Node, source: &Source) {
        let mut stack = vec![root];
        let mut found = 0;
        while let Some(node) = stack.pop() {
            if is_split_herestring(node, source) {
                continue;
            }
            if node.is_error() || node.is_missing() {
                let what = if node.is_missing() {
                    format!("`{}` is missing", node.kind())
                } else {
                    let text: String = source.text()[node.byte_range()].chars().take(60).collect();
                    format!(
                        "the parser could not read `{}`",
                        crate::source::display_text(&text, &[])
                    )
                };
                self.gap(GapKind::Syntax, source.span(node.byte_range()), what);
                found += 1;
                if found >= 8 {
                    return;
                }
                continue;
            }
            if node.has_error() {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.children(&mut cursor).collect();
                stack.extend(children.into_iter().rev());
            }
        }
    }

    /// The named children of `node` in order, each a statement; `&` after one backgrounds it.
    fn sequence(&mut self, node: Node, frame: &Frame, shell: &mut Shell, flow: &Flow, depth: usize) -> Output {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let mut outputs = Vec::new();
        for (index, child) in children.iter().enumerate() {
            if !child.is_named() {
                continue;
            }
            let background = children
                .get(index + 1)
                .is_some_and(|next| !next.is_named() && next.kind() == "&");
            let child_flow = Flow {
                background: flow.background || background,
                ..flow.clone()
            };
            let output = self.statement(*child, frame, shell, &child_flow, depth + 1);
            if child.kind() != "comment" {
                outputs.push(output);
            }
        }
        combine(outputs)
    }

    /// Whether syntax nests deeper than the walk follows; records the gap when it does.
    fn too_deep(&mut self, depth: usize, span: Span) -> bool {
        if depth > MAX_SYNTAX_DEPTH {
            self.gap(
                GapKind::TooDeep,
                span,
                format!("the syntax nests more than {MAX_SYNTAX_DEPTH} deep"),
            );
        }
        depth > MAX_SYNTAX_DEPTH
    }

    fn statement(&mut self, node: Node, frame: &Frame, shell: &mut Shell, flow: &Flow, depth: usize) -> Output {
        let span = frame.source.span(node.byte_range());
        if self.too_deep(depth, span) || self.exhausted(span) {
            return Output::Unknown;
        }
        match node.kind() {
            "comment" | "heredoc_body" | "heredoc_start" | "heredoc_end" => Output::Unknown,
            "command" => self.simple_command(node, Redirections::default(), frame, shell, flow, depth),
            "redirected_statement" => match embedded_pipeline(node) {
                Some(_) => self.pipeline(pipeline_stages(node), None, frame, shell, flow, depth),
                None => self.redirected(node, frame, shell, flow, depth),
            },
            "pipeline" => self.pipeline(pipeline_stages(node), None, frame, shell, flow, depth),
            "list" => {
                // `a && b || c`, however long, is one level: the grammar nests it to the left.
                let mut outputs = Vec::new();
                for item in list_items(node) {
                    outputs.push(self.statement(item, frame, shell, flow, depth + 1));
                }
                combine(outputs)
            }
            "subshell" => {
                let mut inner = shell.clone();
                self.sequence(node, frame, &mut inner, flow, depth)
            }
            "function_definition" => {
                self.define_function(node, frame, shell);
                Output::Unknown
            }
            "variable_assignment" => {
                self.assign(node, frame, shell, depth);
                Output::Unknown
            }
            "declaration_command" | "variable_assignments" => {
                self.declaration(node, frame, shell, depth);
                Output::Unknown
            }
            "unset_command" => {
                self.unset(node, frame, shell, depth);
                Output::Unknown
            }
            "for_statement" => {
                self.for_loop(node, frame, shell, flow, depth);
                Output::Unknown
            }
            kind if is_word_kind(kind) => {
                self.words(&[node], frame, shell, depth);
                Output::Unknown
            }
            "ERROR" => {
                self.brace_expanded_command(node, frame, shell);
                self.sequence(node, frame, shell, flow, depth)
            }
            "test_command" => {
                let names = test_arithmetic_names(node, frame.source);
                self.evaluate_arithmetic(names, frame, shell);
                self.sequence(node, frame, shell, flow, depth)
            }
            "compound_statement" if node.child(0).is_some_and(|first| first.kind() == "((") => {
                let names = arithmetic_names(node, frame.source);
                self.evaluate_arithmetic(names, frame, shell);
                self.sequence(node, frame, shell, flow, depth)
            }
            "c_style_for_statement" => {
                let names = ["initializer", "condition", "update"]
                    .into_iter()
                    .filter_map(|field| node.child_by_field_name(field))
                    .flat_map(|part| arithmetic_names(part, frame.source))
                    .collect();
                self.evaluate_arithmetic(names, frame, shell);
                self.sequence(node, frame, shell, flow, depth)
            }
            _ => self.sequence(node, frame, shell, flow, depth),
        }
    }

    /// Variables evaluated as arithmetic (`[[ $x -eq 0 ]]`, `(( x ))`, `$(( x ))`, `let x`):
    /// bash evaluates their values as expressions, and an array subscript in a value runs its
    /// command substitutions (`x='a[$(rm -rf ~)]'`). Such values are walked as code.
    fn evaluate_arithmetic(&mut self, names: Vec<String>, frame: &Frame, shell: &mut Shell) {
        let mut pending = names;
        let mut seen: Vec<String> = Vec::new();
        while let Some(name) = pending.pop() {
            if seen.contains(&name) || seen.len() > 16 {
                continue;
            }
            seen.push(name.clone());
            let Some(value) = shell.variables.get(&name).cloned() else {
                continue;
            };
            let runs_code = value
                .parts
                .iter()
                .any(|part| matches!(part, Part::Literal { text, .. } if text.contains("$(") || text.contains('`')));
            if runs_code {
                let mut inner = shell.clone();
                self.code(
                    source_of_words(std::slice::from_ref(&value), " "),
                    &format!("arithmetic value of ${name}"),
                    Some(frame.layer),
                    &mut inner,
                    frame.depth + 1,
                );
            } else if let Some(text) = value.value() {
                pending.extend(identifiers(text));
            }
        }
    }

    /// `${ cmd; }` and `${| cmd; }` (bash 5.3): command substitutions the grammar does not
    /// know, found in the text it could not read and walked as code.
    fn function_substitutions(&mut self, node: Node, frame: &Frame, shell: &mut Shell) {
        let range = node.byte_range();
        let text = &frame.source.text()[range.clone()];
        let mut at = 0;
        while let Some(found) = text[at..].find("${") {
            let open = at + found;
            at = open + 2;
            let after = &text[at..];
            let Some(first) = after.chars().next() else { break };
            if !(first.is_whitespace() || first == '|') {
                continue;
            }
            let Some(close) = closing_brace(&text[open + 1..]) else {
                break;
            };
            let body = range.start + at + first.len_utf8()..range.start + open + 1 + close;
            let mut inner = shell.clone();
            self.code(
                frame.source.slice(body),
                "${ …; } substitution",
                Some(frame.layer),
                &mut inner,
                frame.depth + 1,
            );
            at = open + 1 + close;
        }
    }

    /// The stages of a pipeline, each fed the output of the one before. Redirections written
    /// after the pipeline (`a | b <<EOF`, `a | b > f`) belong to its last stage.
    /// `{rm,-rf,/}`: bash brace-expands a command word into a whole command, which the grammar
    /// cannot read. The expansion is walked as a layer of its own.
    fn brace_expanded_command(&mut self, node: Node, frame: &Frame, shell: &mut Shell) {
        let text = &frame.source.text()[node.byte_range()];
        let first = text.split_whitespace().next().unwrap_or("");
        if !(first.starts_with('{') && first.contains(',') && first.ends_with('}')) {
            return;
        }
        let span = frame.source.span(node.byte_range());
        let word = Word::from_parts(
            vec![Part::Literal {
                text: first.to_owned(),
                quoting: crate::word::Quoting::Bare,
                span,
            }],
            span,
        );
        let mut expanded: Vec<String> = word.into_fields().iter().map(|w| w.text().to_owned()).collect();
        if expanded.len() < 2 {
            return;
        }
        expanded.extend(text.split_whitespace().skip(1).map(str::to_owned));
        let mut builder = SourceBuilder::default();
        builder.push_from(&expanded.join(" "), span);
        self.code(
            builder.finish(),
            "brace expansion",
            Some(frame.layer),
            shell,
            frame.depth + 1,
        );
    }

    fn pipeline(
        &mut self,
        stages: Vec<Node>,
        mut last: Option<Redirections>,
        frame: &Frame,
        shell: &mut Shell,
        flow: &Flow,
        depth: usize,
    ) -> Output {
        let mut stdin = flow.stdin.clone();
        let mut output = Output::Unknown;
        let in_pipeline = stages.len() > 1;
        let count = stages.len();
        for (index, stage) in stages.into_iter().enumerate() {
            let mut stage_shell = shell.clone();
            let redirections = if index + 1 == count { last.take() } else { None };
            let stage_flow = Flow {
                stdin: redirections.as_ref().and_then(|r| r.stdin.clone()).unwrap_or(stdin),
                in_pipeline,
                background: flow.background,
            };
            output = match (stage.kind(), redirections) {
                ("command", Some(redirections)) => {
                    self.simple_command(stage, redirections, frame, &mut stage_shell, &stage_flow, depth + 1)
                }
                (_, Some(redirections)) => {
                    let output = self.statement(stage, frame, &mut stage_shell, &stage_flow, depth + 1);
                    self.bare_redirection(
                        stage,
                        redirections,
                        output.clone(),
                        frame,
                        &mut stage_shell,
                        &stage_flow,
                    );
                    output
                }
                ("redirected_statement", None) => {
                    self.redirected(stage, frame, &mut stage_shell, &stage_flow, depth + 1)
                }
                (_, None) => self.statement(stage, frame, &mut stage_shell, &stage_flow, depth + 1),
            };
            stdin = Input::Piped(output.clone());
        }
        output
    }

    fn redirected(&mut self, node: Node, frame: &Frame, shell: &mut Shell, flow: &Flow, depth: usize) -> Output {
        let redirections = self.redirections(node, frame, shell, depth);
        let following = redirections.following.clone();
        let body = node.child_by_field_name("body");
        let output = match body {
            Some(body) if body.kind() == "command" => {
                self.simple_command(body, redirections, frame, shell, flow, depth)
            }
            Some(body) if body.kind() == "pipeline" => {
                self.pipeline(pipeline_stages(body), Some(redirections), frame, shell, flow, depth + 1)
            }
            // `a && b > f`: the grammar hangs the redirection on the whole list, where bash
            // gives it to the last command only.
            Some(body) if body.kind() == "list" => {
                let mut items = list_items(body);
                let last = items.pop();
                for item in items {
                    self.statement(item, frame, shell, flow, depth + 1);
                }
                match last {
                    Some(last) if last.kind() == "command" => {
                        self.simple_command(last, redirections, frame, shell, flow, depth + 1)
                    }
                    Some(last) if last.kind() == "pipeline" => {
                        self.pipeline(pipeline_stages(last), Some(redirections), frame, shell, flow, depth + 1)
                    }
                    Some(last) => {
                        let output = self.statement(last, frame, shell, flow, depth + 1);
                        self.bare_redirection(node, redirections, output.clone(), frame, shell, flow);
                        output
                    }
                    None => Output::Unknown,
                }
            }
            Some(body) => {
                let inner_flow = Flow {
                    stdin: redirections.stdin.clone().unwrap_or_else(|| flow.stdin.clone()),
                    ..flow.clone()
                };
                let output = self.statement(body, frame, shell, &inner_flow, depth + 1);
                self.bare_redirection(node, redirections, output.clone(), frame, shell, flow);
                output
            }
            None => {
                // `> file` alone empties the file.
                let empty = Output::Literal(Word::literal("", frame.source.span(node.byte_range())));
                self.bare_redirection(node, redirections, empty, frame, shell, flow);
                Output::Unknown
            }
        };
        for id in following {
            if let Some(statement) = node_by_id(node, id) {
                self.statement(statement, frame, shell, &Flow::new(), depth + 1);
            }
        }
        output
    }

    /// Redirections of a compound statement, or with no command at all (`> file`): a command
    /// with no words, so that the checkers of redirect targets see them.
    #[allow(clippy::too_many_arguments)]
    fn bare_redirection(
        &mut self,
        node: Node,
        redirections: Redirections,
        output: Output,
        frame: &Frame,
        shell: &mut Shell,
        flow: &Flow,
    ) {
        if redirections.redirects.is_empty() {
            return;
        }
        let span = frame.source.span(node.byte_range());
        let mut command = Command::new(redirections.extra_args, shell.cwd.clone(), flow.stdin.clone(), span);
        command.name.clear();
        command.redirects = redirections.redirects;
        command.in_pipeline = flow.in_pipeline;
        command.background = flow.background;
        let id = self.push_command(command, frame.layer);
        self.record_writes(id, Some(output));
    }

    /// Reads the redirect children of `node` (and those nested in heredoc redirects).
    fn redirections(&mut self, node: Node, frame: &Frame, shell: &mut Shell, depth: usize) -> Redirections {
        let mut found = Redirections::default();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children_by_field_name("redirect", &mut cursor).collect();
        for child in children {
            self.redirect(child, frame, shell, depth, &mut found);
        }
        found
    }

    fn redirect(&mut self, node: Node, frame: &Frame, shell: &mut Shell, depth: usize, found: &mut Redirections) {
        let span = frame.source.span(node.byte_range());
        match node.kind() {
            "file_redirect"
                if node
                    .prev_sibling()
                    .is_some_and(|p| is_split_herestring(p, frame.source)) =>
            {
                let mut cursor = node.walk();
                let words: Vec<Node> = node.children_by_field_name("destination", &mut cursor).collect();
                if let Some(word) = self
                    .words_grouped(&words, frame, shell, &Input::Inherited, depth)
                    .into_iter()
                    .next()
                {
                    found.stdin = Some(Input::Text(word));
                }
            }
            "file_redirect" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                let pipe = children
                    .iter()
                    .position(|c| c.is_error() && matches!(&frame.source.text()[c.byte_range()], "|" | "|&"));
                let (before, after) = children.split_at(pipe.unwrap_or(children.len()));
                let destinations: Vec<Node> = before
                    .iter()
                    .copied()
                    .filter(|c| c.kind() != "file_descriptor")
                    .collect();
                let piped: Vec<Node> = after.iter().copied().filter(|c| !c.is_error()).collect();
                found.piped_to = self.words_grouped(&piped, frame, shell, &Input::Inherited, depth);
                let operator = anonymous_token(node).unwrap_or_default();
                let mut words = self
                    .words_grouped(&destinations, frame, shell, &Input::Inherited, depth)
                    .into_iter();
                let Some(target) = words.next() else { return };
                found.extra_args.extend(words);
                let operator = redirect_operator(&operator, &target);
                if operator == RedirectOperator::Read {
                    found.stdin = Some(Input::File(target.clone()));
                }
                found.redirects.push(Redirect { operator, target, span });
            }
            "herestring_redirect" => {
                let mut cursor = node.walk();
                let words: Vec<Node> = node.named_children(&mut cursor).collect();
                if let Some(word) = self
                    .words_grouped(&words, frame, shell, &Input::Inherited, depth)
                    .into_iter()
                    .next()
                {
                    let mut parts = word.parts.clone();
                    parts.push(Part::Literal {
                        text: "\n".into(),
                        quoting: crate::word::Quoting::Quoted,
                        span: word.span,
                    });
                    found.stdin = Some(Input::Text(Word::from_parts(parts, word.span)));
                }
            }
            "heredoc_redirect" => {
                let text = frame.source.text();
                let start = node
                    .named_children(&mut node.walk())
                    .find(|c| c.kind() == "heredoc_start")
                    .map(|c| &text[c.byte_range()])
                    .unwrap_or("");
                let quoted = start.contains(['\'', '"', '\\']);
                let strip_tabs = text[node.byte_range()].starts_with("<<-");
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                for child in children {
                    match child.kind() {
                        "heredoc_body" => {
                            let body = {
                                let mut scope = WordScope {
                                    walker: self,
                                    shell,
                                    frame,
                                    depth,
                                    feeds: &Input::Inherited,
                                };
                                Decoder::new(frame.source, &mut scope).heredoc_body(child, quoted, strip_tabs)
                            };
                            found.stdin = Some(Input::Text(body));
                        }
                        "file_redirect" | "herestring_redirect" => self.redirect(child, frame, shell, depth, found),
                        "heredoc_start" | "heredoc_end" | "pipeline" => {}
                        _ => found.following.push(child.id()),
                    }
                }
            }
            _ => {
                self.words(&[node], frame, shell, depth);
            }
        }
    }

    fn simple_command(
        &mut self,
        node: Node,
        outer: Redirections,
        frame: &Frame,
        shell: &mut Shell,
        flow: &Flow,
        depth: usize,
    ) -> Output {
        let span = frame.source.span(node.byte_range());
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        let mut assignments = Vec::new();
        let mut word_nodes = Vec::new();
        let mut inner = Redirections::default();
        for child in &children {
            match child.kind() {
                "variable_assignment" => {
                    let name = child
                        .child_by_field_name("name")
                        .map(|n| frame.source.text()[n.byte_range()].to_owned())
                        .unwrap_or_default();
                    let value = match child.child_by_field_name("value") {
                        Some(value) => self.words(&[value], frame, shell, depth).into_iter().next(),
                        None => None,
                    };
                    assignments.push((name, value.unwrap_or_else(|| Word::literal("", span))));
                }
                "file_redirect" | "herestring_redirect" | "heredoc_redirect" => {
                    self.redirect(*child, frame, shell, depth, &mut inner);
                }
                _ => word_nodes.push(*child),
            }
        }
        // Anonymous `$` before a string belongs to the word (`$"…"`).
        let mut all: Vec<Node> = Vec::new();
        let mut all_cursor = node.walk();
        for child in node.children(&mut all_cursor) {
            if word_nodes.contains(&child) || (!child.is_named() && child.kind() == "$") {
                all.push(child);
            }
        }
        let mut argv = self.words_grouped(&all, frame, shell, &flow.stdin, depth);
        argv.extend(inner.extra_args);
        argv.extend(outer.extra_args);
        let mut redirects = inner.redirects;
        redirects.extend(outer.redirects);
        let stdin = outer.stdin.or(inner.stdin).unwrap_or_else(|| flow.stdin.clone());
        let following = inner.following;
        let piped_to = [inner.piped_to, outer.piped_to].concat();
        if let Some(first) = argv.first()
            && let Some(word) = first.value()
            && RESERVED_WORDS.contains(&word)
        {
            self.gap(
                GapKind::ReservedWord,
                first.span,
                format!("the reserved word `{word}` stands where a command name should be"),
            );
        }
        let mut command = Command::new(argv, shell.cwd.clone(), stdin, span);
        command.assignments = assignments;
        command.redirects = redirects;
        command.in_pipeline = flow.in_pipeline;
        command.background = flow.background;
        let id = self.push_command(command, frame.layer);
        if self.analysis.commands[id].name == "let" {
            let names = self.analysis.commands[id]
                .args()
                .iter()
                .flat_map(|word| identifiers(word.text()))
                .collect();
            self.evaluate_arithmetic(names, frame, shell);
        }
        self.call_function(id, frame, shell);
        self.expand(id, frame, shell, depth);
        self.shell_effects(id, shell);
        for statement_id in following {
            if let Some(statement) = node_by_id(node, statement_id) {
                self.statement(statement, frame, shell, &Flow::new(), depth + 1);
            }
        }
        let output = producers::output(id, &self.analysis, self.context);
        if piped_to.is_empty() {
            return output;
        }
        let mut command = Command::new(piped_to, shell.cwd.clone(), Input::Piped(output), span);
        command.in_pipeline = true;
        let piped = self.push_command(command, frame.layer);
        self.expand(piped, frame, &mut shell.clone(), depth);
        producers::output(piped, &self.analysis, self.context)
    }

    fn push_command(&mut self, mut command: Command, parent_layer: LayerId) -> CommandId {
        if !self.reading_disk.is_empty() {
            self.disk_commands += 1;
        }
        let id = self.analysis.commands.len();
        command.layer = self.push_layer(Some(parent_layer), LayerKind::Command(id), command.span);
        self.analysis.commands.push(command);
        id
    }

    /// Decodes word nodes, grouping adjacent ones into one word, and splits them into fields.
    fn words_grouped(
        &mut self,
        nodes: &[Node],
        frame: &Frame,
        shell: &mut Shell,
        feeds: &Input,
        depth: usize,
    ) -> Vec<Word> {
        let mut groups: Vec<Vec<Node>> = Vec::new();
        for node in nodes {
            match groups.last_mut() {
                Some(group) if group.last().is_some_and(|last| last.end_byte() == node.start_byte()) => {
                    group.push(*node)
                }
                _ => groups.push(vec![*node]),
            }
        }
        let mut words = Vec::with_capacity(groups.len());
        for group in groups {
            let word = {
                let mut scope = WordScope {
                    walker: self,
                    shell,
                    frame,
                    depth,
                    feeds,
                };
                Decoder::new(frame.source, &mut scope).word(&group)
            };
            let ifs = shell.variables.get("IFS").and_then(Word::value).unwrap_or(DEFAULT_IFS);
            words.extend(word.into_fields_with(ifs));
        }
        words
    }

    /// Decodes nodes as separate words (running their substitutions).
    fn words(&mut self, nodes: &[Node], frame: &Frame, shell: &mut Shell, depth: usize) -> Vec<Word> {
        nodes
            .iter()
            .map(|node| {
                let mut scope = WordScope {
                    walker: self,
                    shell,
                    frame,
                    depth,
                    feeds: &Input::Inherited,
                };
                Decoder::new(frame.source, &mut scope).word(&[*node])
            })
            .collect()
    }

    /// Walks a command or process substitution as a layer of its own.
    fn substitution(&mut self, node: Node, frame: &Frame, shell: &Shell, feeds: &Input, depth: usize) -> Output {
        let text = &frame.source.text()[node.byte_range()];
        let via = if text.starts_with("<(") {
            "<(…)"
        } else if text.starts_with(">(") {
            ">(…)"
        } else if text.starts_with('`') {
            "`…`"
        } else {
            "$(…)"
        };
        let span = frame.source.span(node.byte_range());
        if self.too_deep(depth, span) {
            return Output::Unknown;
        }
        let layer = self.push_layer(
            Some(frame.layer),
            LayerKind::Code {
                via: via.to_owned(),
                text: crate::source::display_text(text, &[]),
            },
            span,
        );
        let inner = Frame {
            source: frame.source,
            layer,
            depth: frame.depth,
        };
        let mut sub_shell = shell.clone();
        let mut flow = Flow::new();
        if via == ">(…)" {
            flow.stdin = feeds.clone();
        }
        self.sequence(node, &inner, &mut sub_shell, &flow, depth + 1)
    }

    /// Walks code the parser did not see as a substitution (an indented `$(…)` in a heredoc).
    fn hidden_substitution(&mut self, range: std::ops::Range<usize>, frame: &Frame, shell: &Shell) -> Output {
        let source = frame.source.slice(range);
        let mut sub_shell = shell.clone();
        let layer = self.code(
            source,
            "$(…) in a heredoc",
            Some(frame.layer),
            &mut sub_shell,
            frame.depth + 1,
        );
        match layer {
            Some(layer) if producers::fetches_within(layer, &self.analysis) => Output::Network,
            _ => Output::Unknown,
        }
    }

    /// Walks what a command runs: a wrapped command, code, standard input, a file.
    fn expand(&mut self, id: CommandId, frame: &Frame, shell: &mut Shell, depth: usize) {
        let executions = unwrap::executions(&self.analysis.commands[id]);
        for execution in executions {
            let span = self.analysis.commands[id].span;
            if self.layer_refused(frame.depth + 1, span) {
                return;
            }
            match execution {
                Execution::Command {
                    via: _,
                    argv,
                    assignments,
                    cwd,
                } => self.wrapped_command(id, argv, assignments, cwd, frame, shell, depth),
                Execution::Code {
                    via,
                    words,
                    positional,
                    current_shell,
                } => self.run_code(id, &via, &words, positional, current_shell, frame, shell),
                Execution::Stdin { via, language } => {
                    let stdin = self.analysis.commands[id].stdin.clone();
                    self.run_stdin(id, &via, language, stdin, frame, shell);
                }
                Execution::File {
                    via,
                    path,
                    language,
                    current_shell,
                } => self.run_file(id, &via, &path, Some(language), current_shell, frame, shell),
                Execution::Program {
                    via,
                    language,
                    code,
                    args,
                } => {
                    let layer = self.analysis.commands[id].layer;
                    let arguments = Arguments { script: None, args };
                    self.program(id, layer, &via, language, &code, &arguments, frame, shell);
                }
                Execution::Script { path } => self.run_file(id, "run", &path, None, false, frame, shell),
            }
        }
        self.record_writes(id, None);
    }

    #[allow(clippy::too_many_arguments)]
    fn wrapped_command(
        &mut self,
        parent: CommandId,
        argv: Vec<Word>,
        assignments: Vec<(String, Word)>,
        cwd: Option<Word>,
        frame: &Frame,
        shell: &mut Shell,
        depth: usize,
    ) {
        let outer = &self.analysis.commands[parent];
        let cwd = match cwd {
            Some(dir) => match paths::resolve(&dir, &outer.cwd) {
                Target::Path(path) => Cwd::Known(path),
                _ => Cwd::Unknown(format!("named by {}", dir.text())),
            },
            None => outer.cwd.clone(),
        };
        let span = argv
            .iter()
            .map(|w| w.span)
            .reduce(Span::cover)
            .filter(|s| !s.is_empty())
            .unwrap_or(outer.span);
        let mut command = Command::new(argv, cwd, outer.stdin.clone(), span);
        command.assignments = assignments;
        command.parent = Some(parent);
        command.in_pipeline = outer.in_pipeline;
        command.background = outer.background;
        let parent_layer = outer.layer;
        let id = self.push_command(command, parent_layer);
        self.analysis.commands[parent].runs.push(Run::Command(id));
        let inner = Frame {
            source: frame.source,
            layer: frame.layer,
            depth: frame.depth + 1,
        };
        self.expand(id, &inner, shell, depth);
    }

    /// Runs shell code given as words: parsed as a layer of its own, unless nobody can know it
    /// before it runs.
    #[allow(clippy::too_many_arguments)]
    fn run_code(
        &mut self,
        id: CommandId,
        via: &str,
        words: &[Word],
        positional: Vec<Word>,
        current_shell: bool,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        if self.unseen_code(id, via, words) {
            return;
        }
        let source = source_of_words(words, " ");
        let parent = Some(self.analysis.commands[id].layer);
        let layer = if current_shell {
            self.code(source, via, parent, shell, frame.depth + 1)
        } else {
            let mut inner = shell.clone();
            inner.positional = Rc::new(positional);
            inner.calling.clear();
            self.code(source, via, parent, &mut inner, frame.depth + 1)
        };
        if let Some(layer) = layer {
            self.analysis.commands[id].runs.push(Run::Code(layer));
        }
    }

    /// Whether code given as words cannot be read before it runs: fetched from the network,
    /// or made only of values known at run time. Records what the command runs instead.
    fn unseen_code(&mut self, id: CommandId, via: &str, words: &[Word]) -> bool {
        let span = words
            .iter()
            .map(|w| w.span)
            .reduce(Span::cover)
            .unwrap_or(self.analysis.commands[id].span);
        let dynamics: Vec<&crate::word::Dynamic> = words.iter().flat_map(Word::dynamics).collect();
        if dynamics.iter().any(|d| is_network(&d.kind)) {
            self.analysis.commands[id].runs.push(Run::Network {
                how: format!("{via} runs code fetched from the network, unread: it can do anything your account can"),
                span,
            });
            return true;
        }
        let has_literal_code = words.iter().any(|w| {
            w.parts
                .iter()
                .any(|p| matches!(p, Part::Literal { text, .. } if !text.trim().is_empty()))
        });
        if has_literal_code {
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

    /// Runs code known as text, in its language.
    #[allow(clippy::too_many_arguments)]
    fn run_text(
        &mut self,
        id: CommandId,
        via: &str,
        language: Language,
        code: &Word,
        positional: Vec<Word>,
        current_shell: bool,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        if language == Language::Shell {
            self.run_code(
                id,
                via,
                std::slice::from_ref(code),
                positional,
                current_shell,
                frame,
                shell,
            );
        } else {
            let layer = self.analysis.commands[id].layer;
            let arguments = Arguments {
                script: positional.first().cloned(),
                args: positional.get(1..).unwrap_or_default().to_vec(),
            };
            self.program(
                id,
                layer,
                via,
                language,
                std::slice::from_ref(code),
                &arguments,
                frame,
                shell,
            );
        }
    }

    /// Runs code read from standard input.
    fn run_stdin(
        &mut self,
        id: CommandId,
        via: &str,
        language: Language,
        stdin: Input,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        let span = self.analysis.commands[id].span;
        let run = match &stdin {
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
                self.run_text(id, &via, language, word, Vec::new(), false, frame, shell);
                return;
            }
            Input::Piped(Output::Network) => Run::Network {
                how: format!(
                    "{via} runs code piped in from a network fetch, unread: it can do anything your account can"
                ),
                span,
            },
            Input::File(path) => {
                self.run_file(id, via, path, Some(language), false, frame, shell);
                return;
            }
            Input::Piped(Output::ToolSetup) | Input::Inherited => return,
            Input::Piped(_) => Run::Unverifiable {
                what: format!("{via} runs code piped in from a command whose output cannot be known in advance"),
                span,
            },
        };
        self.analysis.commands[id].runs.push(run);
    }

    /// Runs code read from a file: a process substitution's output, a file written earlier in
    /// the command, or a script on disk. `language` is the interpreter's; `None` for a
    /// program run by its path, whose `#!` line decides.
    #[allow(clippy::too_many_arguments)]
    fn run_file(
        &mut self,
        id: CommandId,
        via: &str,
        path: &Word,
        language: Option<Language>,
        current_shell: bool,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        let Some(content) = self.file_content(id, path) else {
            return;
        };
        let span = path.span;
        let run = match content {
            Content::Known(word) => {
                let language = language
                    .or_else(|| scripts::language(word.text(), path.text()))
                    .unwrap_or(Language::Shell);
                let positional = self.positional_after(id, path);
                self.run_text(id, via, language, &word, positional, current_shell, frame, shell);
                return;
            }
            Content::OnDisk { path: absolute, text } => {
                let language = language
                    .or_else(|| scripts::language(&text, path.text()))
                    .unwrap_or(Language::Shell);
                let truncated = self.read_from_disk(absolute, |walker| {
                    walker.disk_script(id, via, path, language, &text, current_shell, frame, shell)
                });
                if !truncated {
                    return;
                }
                truncated_script(via, path.text(), span)
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

    /// What the file `path` names holds, as far as the command tells or the disk shows; `None`
    /// when there is nothing to judge (no such file, a binary program, a tool's setup).
    fn file_content(&mut self, id: CommandId, path: &Word) -> Option<Content> {
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
        let Target::Path(absolute) = paths::resolve(path, &self.analysis.commands[id].cwd) else {
            return None;
        };
        if let Some(written) = self.files.get(absolute.as_str()) {
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
        let absolute = self.copied_from.get(absolute.as_str()).cloned().unwrap_or(absolute);
        // Descriptors and devices are the command's, not this process's: never read here.
        let text = absolute.as_str();
        if matches!(text, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0") {
            return match &self.analysis.commands[id].stdin {
                Input::Text(word) | Input::Piped(Output::Literal(word)) => Some(Content::Known(word.clone())),
                Input::Piped(Output::Network) => Some(Content::Network),
                Input::Inherited => None,
                _ => Some(Content::Unknown("standard input, only known when it runs".into())),
            };
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
        match scripts::read(&absolute) {
            scripts::OnDisk::Text(text) => Some(Content::OnDisk {
                path: absolute.as_str().to_owned(),
                text,
            }),
            scripts::OnDisk::TooLarge(size) => Some(Content::Unknown(format!(
                "a file of {size} bytes, more than the {} read to judge it",
                scripts::MAX_SCRIPT_BYTES
            ))),
            scripts::OnDisk::Special => Some(Content::Unknown("which is not a regular file".into())),
            scripts::OnDisk::Missing | scripts::OnDisk::Binary => None,
        }
    }

    /// The positional parameters of a script: its path and the words after it.
    fn positional_after(&self, id: CommandId, path: &Word) -> Vec<Word> {
        let argv = &self.analysis.commands[id].argv;
        match argv.iter().position(|word| word == path) {
            Some(index) => argv[index..].to_vec(),
            None => vec![path.clone()],
        }
    }

    /// Walks code of the script at `path` on disk by the rules for such code: a budget of its
    /// own, and what it cannot know not asked about. Tells whether it ran past the budget (the
    /// outermost script only; nested ones share it).
    fn read_from_disk(&mut self, path: String, walk: impl FnOnce(&mut Self)) -> bool {
        let outermost = self.reading_disk.is_empty();
        if outermost {
            self.disk_commands_from = self.disk_commands;
            self.script_deadline = self.deadline.min(Instant::now() + SCRIPT_TIME_LIMIT);
        }
        self.reading_disk.push(path);
        walk(self);
        self.reading_disk.pop();
        outermost && std::mem::take(&mut self.script_truncated)
    }

    /// Judges a script read from disk. Its text does not come from the command, so every
    /// byte points at the path that named it.
    #[allow(clippy::too_many_arguments)]
    fn disk_script(
        &mut self,
        id: CommandId,
        via: &str,
        path: &Word,
        language: Language,
        text: &str,
        current_shell: bool,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        let mut builder = SourceBuilder::default();
        builder.push_from(text, path.span);
        let source = builder.finish();
        let via = format!("{via} {} (read from disk)", path.text());
        let parent = self.analysis.commands[id].layer;
        if language == Language::Shell {
            let mut inner = shell.clone();
            inner.positional = Rc::new(self.positional_after(id, path));
            inner.calling.clear();
            let walked = if current_shell { shell } else { &mut inner };
            if let Some(layer) = self.code(source, &via, Some(parent), walked, frame.depth + 1) {
                self.analysis.commands[id].runs.push(Run::Code(layer));
            }
        } else {
            let positional = self.positional_after(id, path);
            let arguments = Arguments {
                script: Some(path.clone()),
                args: positional.get(1..).unwrap_or_default().to_vec(),
            };
            self.program_source(id, parent, &via, language, source, &arguments, frame, shell);
        }
    }

    /// Runs code of another language given as words, one line each.
    #[allow(clippy::too_many_arguments)]
    fn program(
        &mut self,
        id: CommandId,
        parent: LayerId,
        via: &str,
        language: Language,
        code: &[Word],
        arguments: &Arguments,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        if language == Language::Shell {
            self.run_code(id, via, code, Vec::new(), false, frame, shell);
            return;
        }
        if self.unseen_code(id, via, code) {
            return;
        }
        let source = source_of_words(code, "\n");
        self.program_source(id, parent, via, language, source, arguments, frame, shell);
    }

    /// Reads code of another language as a layer of its own, and walks what its calls run.
    #[allow(clippy::too_many_arguments)]
    fn program_source(
        &mut self,
        id: CommandId,
        parent: LayerId,
        via: &str,
        language: Language,
        source: Source,
        arguments: &Arguments,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        let whole = source.span(0..source.text().len());
        if self.layer_refused(frame.depth + 1, whole) {
            return;
        }
        let layer = self.push_layer(
            Some(parent),
            LayerKind::Code {
                via: via.to_owned(),
                text: source.display(),
            },
            whole,
        );
        self.analysis.commands[id].runs.push(Run::Code(layer));
        let env = interpreters::Env {
            home: self.context.home.as_str(),
            arguments,
        };
        let effects = match interpreters::effects(language, &source, &env, self.parse_deadline()) {
            Ok(effects) => effects,
            Err(ParseFailure::TimedOut) if !self.reading_disk.is_empty() => {
                self.script_truncated = true;
                return;
            }
            Err(ParseFailure::TimedOut) => {
                self.out_of_time = true;
                self.gap(GapKind::TooComplex, whole, "parsing ran out of time");
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
        let inner = Frame {
            source: frame.source,
            layer,
            depth: frame.depth + 1,
        };
        for effect in effects {
            if self.exhausted(effect.span) {
                return;
            }
            self.effect(id, layer, effect, arguments, &inner, shell);
        }
    }

    /// Turns what a call in another language does into a command judged like any other: a
    /// program run, `sh -c` for shell code, `rm` for a delete, a redirection for a write.
    fn effect(
        &mut self,
        id: CommandId,
        layer: LayerId,
        effect: Effect,
        arguments: &Arguments,
        frame: &Frame,
        shell: &mut Shell,
    ) {
        let span = effect.span;
        let literal = |text: &str| Word::literal(text, span);
        let mut redirects = Vec::new();
        let mut written = None;
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
            Action::Code(language, code) => {
                // Code run by `exec` or `eval` sees the same arguments.
                let via = format!("{} code", effect.call);
                self.program(id, layer, &via, language, &[code], arguments, frame, shell);
                return;
            }
            Action::Script(language, path) => {
                self.run_file(id, &effect.call, &path, Some(language), false, frame, shell);
                return;
            }
            Action::Unverifiable(what) => {
                if self.reading_disk.is_empty() {
                    self.analysis.commands[id].runs.push(Run::Unverifiable { what, span });
                }
                return;
            }
        };
        let outer = &self.analysis.commands[id];
        let cwd = match effect.cwd {
            Some(dir) => match paths::resolve(&dir, &outer.cwd) {
                Target::Path(path) => Cwd::Known(path),
                _ => Cwd::Unknown(format!("named by {}", dir.text())),
            },
            None => outer.cwd.clone(),
        };
        let mut command = Command::new(argv, cwd, Input::Inherited, span);
        command.redirects = redirects;
        command.parent = Some(id);
        command.origin = Some(effect.call);
        command.background = outer.background;
        let child = self.push_command(command, layer);
        self.analysis.commands[id].runs.push(Run::Command(child));
        match written {
            // A write runs nothing; what it writes is remembered for a script run later.
            Some(content) => self.record_writes(child, Some(content)),
            None => self.expand(child, frame, &mut shell.clone(), 0),
        }
    }

    /// Remembers what a command writes into files, for a script the command runs later.
    /// `output` is what a bare redirection writes (the output of the compound statement it
    /// belongs to); a command's own output is worked out here.
    fn record_writes(&mut self, id: CommandId, output: Option<Output>) {
        let command = &self.analysis.commands[id];
        let redirects = command
            .redirects
            .iter()
            .any(|r| matches!(r.operator, RedirectOperator::Write | RedirectOperator::Append));
        if !redirects
            && !matches!(
                command.name.as_str(),
                "tee" | "curl" | "wget" | "cp" | "mv" | "install" | "ln"
            )
        {
            return;
        }
        let output = output.unwrap_or_else(|| producers::output(id, &self.analysis, self.context));
        let mut written: Vec<(Word, bool, Output)> = command
            .redirects
            .iter()
            .filter(|r| matches!(r.operator, RedirectOperator::Write | RedirectOperator::Append))
            .map(|r| (r.target.clone(), r.operator == RedirectOperator::Append, output.clone()))
            .collect();
        let operands: Vec<&Word> = command
            .args()
            .iter()
            .filter(|w| !w.value().is_some_and(|t| t.starts_with('-')))
            .collect();
        match command.name.as_str() {
            "tee" => {
                let append = command.args().iter().any(|w| w.is("-a") || w.is("--append"));
                let input = match &command.stdin {
                    Input::Text(word) => Output::Literal(word.clone()),
                    Input::Piped(output) => output.clone(),
                    _ => Output::Unknown,
                };
                written.extend(operands.iter().map(|w| ((*w).clone(), append, input.clone())));
            }
            "curl" | "wget" => {
                let flag = if command.name == "curl" { "-o" } else { "-O" };
                let args = command.args();
                for (index, word) in args.iter().enumerate() {
                    if (word.is(flag) || word.is("--output") || word.is("--output-document"))
                        && let Some(target) = args.get(index + 1)
                    {
                        written.push((target.clone(), false, Output::Network));
                    }
                }
            }
            "cp" | "mv" | "install" | "ln" if operands.len() == 2 => {
                let (Target::Path(source), Target::Path(mut target)) = (
                    paths::resolve(operands[0], &command.cwd),
                    paths::resolve(operands[1], &command.cwd),
                ) else {
                    return;
                };
                if operands[1].text().ends_with('/') {
                    target = target.join(source.name().unwrap_or_default());
                }
                match self.files.get(source.as_str()).cloned() {
                    Some(content) => {
                        self.files.insert(target.as_str().to_owned(), content);
                    }
                    None => {
                        self.files.remove(target.as_str());
                        self.copied_from.insert(target.as_str().to_owned(), source);
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
            let content = match (append, self.files.get(path.as_str()), content) {
                (false, _, content) => content,
                (true, Some(Output::Literal(before)), Output::Literal(after)) => {
                    let mut parts = before.parts.clone();
                    parts.extend(after.parts);
                    Output::Literal(Word::from_parts(parts, before.span.cover(after.span)))
                }
                (true, _, Output::Network) => Output::Network,
                (true, _, _) => Output::Unknown,
            };
            self.files.insert(path.as_str().to_owned(), content);
        }
    }

    /// A call of a function defined earlier in the command: its body runs here.
    fn call_function(&mut self, id: CommandId, frame: &Frame, shell: &mut Shell) {
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
            body = walker.code(function.body.clone(), &via, Some(layer), shell, frame.depth + 1);
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

    /// Functions the command defines in `layer` and never calls are judged all the same; those
    /// of a script on disk only when called.
    fn uncalled_functions(&mut self, layer: LayerId, shell: &mut Shell, depth: usize) {
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
            self.code(
                function.body.clone(),
                &format!("function {name} (defined, not called)"),
                Some(layer),
                &mut inner,
                depth + 1,
            );
        }
    }

    fn define_function(&mut self, node: Node, frame: &Frame, shell: &mut Shell) {
        let (Some(name), Some(body)) = (node.child_by_field_name("name"), node.child_by_field_name("body")) else {
            return;
        };
        let name = frame.source.text()[name.byte_range()].to_owned();
        self.analysis.definitions.push(Definition {
            kind: DefinitionKind::Function,
            name: name.clone(),
            value: None,
            span: frame.source.span(node.byte_range()),
            from_disk: !self.reading_disk.is_empty(),
        });
        Rc::make_mut(&mut shell.functions).insert(
            name,
            Rc::new(Function {
                body: frame.source.slice(body.byte_range()),
                layer: frame.layer,
                called: Cell::new(false),
                file: self.reading_disk.last().cloned(),
            }),
        );
    }

    fn assign(&mut self, node: Node, frame: &Frame, shell: &mut Shell, depth: usize) {
        let Some(name_node) = node.child_by_field_name("name") else {
            self.sequence(node, frame, shell, &Flow::new(), depth);
            return;
        };
        let name = frame.source.text()[name_node.byte_range()].to_owned();
        let appends = anonymous_token(node).is_some_and(|token| token == "+=");
        let value = node.child_by_field_name("value");
        let mut elements = None;
        let decoded = match value {
            Some(value) if value.kind() == "array" => {
                let mut cursor = value.walk();
                let nodes: Vec<Node> = value.named_children(&mut cursor).collect();
                let words = self.words_grouped(&nodes, frame, shell, &Input::Inherited, depth);
                let first = words.first().cloned();
                elements = Some(words);
                first.or_else(|| Some(Word::literal("", frame.source.span(value.byte_range()))))
            }
            Some(value) => self.words(&[value], frame, shell, depth).pop().map(Word::single_field),
            None => Some(Word::literal("", frame.source.span(node.byte_range()))),
        };
        let known_elements = match (appends, elements, shell.arrays.get(&name)) {
            (false, Some(elements), _) => Some(elements),
            (true, Some(added), Some(before)) => Some([before.clone(), added].concat()),
            _ => None,
        };
        // `a[1]=x` changes the array `a`.
        let array = name.split('[').next().unwrap_or(&name).to_owned();
        match known_elements {
            Some(elements) if name_node.kind() == "variable_name" => {
                shell.arrays.insert(array, elements);
            }
            _ => {
                shell.arrays.remove(&array);
            }
        }
        self.analysis.definitions.push(Definition {
            kind: DefinitionKind::Variable,
            name: name.clone(),
            value: decoded.clone(),
            span: frame.source.span(node.byte_range()),
            from_disk: !self.reading_disk.is_empty(),
        });
        if name_node.kind() != "variable_name" || appends {
            shell.variables.remove(&name);
            return;
        }
        match decoded {
            Some(word) => {
                shell.variables.insert(name, word);
            }
            None => {
                shell.variables.remove(&name);
            }
        }
    }

    fn declaration(&mut self, node: Node, frame: &Frame, shell: &mut Shell, depth: usize) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "variable_assignment" => self.assign(child, frame, shell, depth),
                _ => {
                    self.words(&[child], frame, shell, depth);
                }
            }
        }
    }

    fn unset(&mut self, node: Node, frame: &Frame, shell: &mut Shell, depth: usize) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        let words = self.words(&children, frame, shell, depth);
        let functions = words.iter().any(|w| w.is("-f"));
        for word in words.iter().filter_map(Word::value).filter(|w| !w.starts_with('-')) {
            if functions {
                Rc::make_mut(&mut shell.functions).remove(word);
            } else {
                shell
                    .variables
                    .insert(word.to_owned(), Word::literal("", Span::default()));
                shell.arrays.insert(word.to_owned(), Vec::new());
            }
        }
    }

    /// `for x in a b c; do …; done`: the body is walked once per value when the values are few
    /// and known, else once with `x` unknown.
    fn for_loop(&mut self, node: Node, frame: &Frame, shell: &mut Shell, flow: &Flow, depth: usize) {
        let name = node
            .child_by_field_name("variable")
            .map(|n| frame.source.text()[n.byte_range()].to_owned())
            .unwrap_or_default();
        let mut cursor = node.walk();
        let value_nodes: Vec<Node> = node.children_by_field_name("value", &mut cursor).collect();
        let values = self.words_grouped(&value_nodes, frame, shell, &Input::Inherited, depth);
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        if values.is_empty() || values.len() > MOST_LOOP_VALUES {
            shell.variables.remove(&name);
            self.statement(body, frame, shell, flow, depth + 1);
            return;
        }
        for value in values {
            shell.variables.insert(name.clone(), value.matched());
            self.statement(body, frame, shell, flow, depth + 1);
        }
    }

    /// What a command changes in the shell: `cd`, `pushd`, `popd`, `read`.
    fn shell_effects(&mut self, id: CommandId, shell: &mut Shell) {
        let command = &self.analysis.commands[id];
        if command.parent.is_some() {
            return;
        }
        match command.name.as_str() {
            "cd" | "pushd" => {
                let target = command.args().iter().find(|w| {
                    !w.value()
                        .is_some_and(|t| t.starts_with('-') && t.len() > 1 && t != "--")
                });
                shell.cwd = match target {
                    None => Cwd::Known(self.context.home.clone()),
                    Some(word) if word.is("-") => Cwd::Unknown("after `cd -`".into()),
                    Some(word)
                        if word
                            .value()
                            .is_some_and(|t| t.starts_with('+') && command.name == "pushd") =>
                    {
                        Cwd::Unknown("after `pushd +N`".into())
                    }
                    Some(word) => match paths::resolve(word, &command.cwd) {
                        Target::Path(path) => Cwd::Known(path),
                        _ => Cwd::Unknown(format!("after `cd {}`", word.text())),
                    },
                };
            }
            "popd" => shell.cwd = Cwd::Unknown("after `popd`".into()),
            "read" => {
                let parsed = args::parse(command.args(), &Options::gnu("adinNptu", &[]));
                let array = parsed.value_of('a', "").and_then(Word::value).map(str::to_owned);
                let mut names: Vec<String> = parsed.operands().filter_map(Word::value).map(str::to_owned).collect();
                let line = command
                    .stdin
                    .text()
                    .and_then(Word::value)
                    .map(|t| t.lines().next().unwrap_or("").to_owned());
                let ifs = shell
                    .variables
                    .get("IFS")
                    .and_then(Word::value)
                    .unwrap_or(DEFAULT_IFS)
                    .to_owned();
                let span = command.span;
                if let Some(array) = array {
                    match &line {
                        Some(line) => {
                            let fields = split_fields(line, &ifs, usize::MAX);
                            let words: Vec<Word> = fields.iter().map(|f| Word::literal(f, span)).collect();
                            shell.arrays.insert(array, words);
                        }
                        None => {
                            shell.arrays.remove(&array);
                        }
                    }
                    return;
                }
                if names.is_empty() {
                    names.push("REPLY".to_owned());
                }
                let fields = line.as_deref().map(|line| split_fields(line, &ifs, names.len()));
                for (index, name) in names.into_iter().enumerate() {
                    match &fields {
                        Some(fields) => {
                            let value = fields.get(index).map_or("", String::as_str);
                            shell.variables.insert(name, Word::literal(value, span));
                        }
                        None => {
                            shell.variables.remove(&name);
                        }
                    }
                }
            }
            "mapfile" | "readarray" => {
                let parsed = args::parse(command.args(), &Options::gnu("dnOsuC", &[]));
                let name = parsed
                    .operands()
                    .next()
                    .and_then(Word::value)
                    .unwrap_or("MAPFILE")
                    .to_owned();
                match command.stdin.text().and_then(Word::value) {
                    Some(text) => {
                        let keep_newlines = !parsed.has_short('t');
                        let lines = text
                            .split_inclusive('\n')
                            .map(|line| {
                                let line = if keep_newlines {
                                    line
                                } else {
                                    line.trim_end_matches('\n')
                                };
                                Word::literal(line, command.span)
                            })
                            .collect();
                        shell.arrays.insert(name, lines);
                    }
                    None => {
                        shell.arrays.remove(&name);
                    }
                }
            }
            // `printf -v name FORMAT args…` assigns instead of printing.
            "printf" if command.args().first().is_some_and(|w| w.is("-v")) => {
                let Some(name) = command.args().get(1).and_then(Word::value).map(str::to_owned) else {
                    return;
                };
                match producers::printf(&command.args()[2..]) {
                    Some(text) => {
                        shell.variables.insert(name, Word::literal(&text, command.span));
                    }
                    None => {
                        shell.variables.remove(&name);
                    }
                }
            }
            // `set -- a b c` sets the positional parameters.
            "set" if command.args().first().is_some_and(|w| w.is("--")) => {
                let program = shell
                    .positional
                    .first()
                    .cloned()
                    .unwrap_or_else(|| Word::literal("bash", command.span));
                let mut positional = vec![program];
                positional.extend(command.args()[1..].iter().cloned());
                shell.positional = Rc::new(positional);
            }
            _ => {}
        }
    }
}

/// The decoder's view of the walker: variables from the shell state, substitutions walked as
/// layers.
struct WordScope<'w, 'c, 's, 'f> {
    walker: &'w mut Walker<'c>,
    shell: &'w mut Shell,
    frame: &'f Frame<'s>,
    depth: usize,
    /// What the command whose words these are reads: an output process substitution
    /// (`tee >(sh)`) reads what that command writes, which is at best what it read.
    feeds: &'w Input,
}

impl Scope for WordScope<'_, '_, '_, '_> {
    fn variable(&mut self, name: &str) -> Option<Word> {
        self.shell.variable(name, self.walker.context)
    }

    fn array(&mut self, name: &str) -> Option<Vec<Word>> {
        match name {
            "@" | "*" if self.shell.positional.len() > 1 => Some(self.shell.positional[1..].to_vec()),
            "@" | "*" => None,
            _ => self.shell.arrays.get(name).cloned(),
        }
    }

    fn substitution(&mut self, node: Node, _source: &Source) -> Output {
        let stdin = match self.feeds {
            Input::Piped(Output::Network) => Input::Piped(Output::Network),
            _ => Input::Piped(Output::Unknown),
        };
        self.walker
            .substitution(node, self.frame, self.shell, &stdin, self.depth + 1)
    }

    fn hidden_substitution(&mut self, range: std::ops::Range<usize>, _source: &Source) -> Output {
        self.walker.hidden_substitution(range, self.frame, self.shell)
    }

    fn arithmetic(&mut self, node: Node, _source: &Source) {
        let names = arithmetic_names(node, self.frame.source);
        self.walker.evaluate_arithmetic(names, self.frame, self.shell);
    }
}

/// The fields `read` makes of a line for `most` names: split on the `IFS` characters, the last
/// name taking the rest of the line.
fn split_fields(line: &str, ifs: &str, most: usize) -> Vec<String> {
    let is_separator = |c: char| ifs.contains(c);
    let mut fields = Vec::new();
    let mut rest = line.trim_start_matches(is_separator);
    while !rest.is_empty() {
        if fields.len() + 1 == most {
            fields.push(rest.trim_end_matches(is_separator).to_owned());
            break;
        }
        let end = rest.find(is_separator).unwrap_or(rest.len());
        fields.push(rest[..end].to_owned());
        rest = rest[end..].trim_start_matches(is_separator);
    }
    fields
}

/// What a command runs when a script from disk was too long to judge in full.
fn truncated_script(via: &str, script: &str, span: Span) -> Run {
    Run::Unverifiable {
        what: format!(
            "{via} runs {script}, too long to judge in full (over {MAX_SCRIPT_COMMANDS} commands or {} ms): the rest of it was not judged",
            SCRIPT_TIME_LIMIT.as_millis()
        ),
        span,
    }
}

/// The ERROR nodes of a tree that are not inside another.
fn outermost_errors(root: Node) -> Vec<Node> {
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_error() {
            found.push(node);
        } else if node.has_error() {
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    found
}

/// The variables an arithmetic node names: `x` and `$x` alike.
fn arithmetic_names(node: Node, source: &Source) -> Vec<String> {
    let mut names = Vec::new();
    let mut stack = vec![node];
    while let Some(current) = stack.pop() {
        match current.kind() {
            "variable_name" => names.push(source.text()[current.byte_range()].to_owned()),
            "word" => names.extend(identifiers(&source.text()[current.byte_range()])),
            _ => {}
        }
        let mut cursor = current.walk();
        stack.extend(current.named_children(&mut cursor));
    }
    names
}

/// The variables compared arithmetically in a test (`[[ $x -eq 0 ]]`, `[[ x -lt y ]]`).
fn test_arithmetic_names(node: Node, source: &Source) -> Vec<String> {
    const ARITHMETIC: &[&str] = &["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];
    let mut names = Vec::new();
    let mut stack = vec![node];
    while let Some(current) = stack.pop() {
        let mut cursor = current.walk();
        stack.extend(current.named_children(&mut cursor));
        if current.kind() != "binary_expression" {
            continue;
        }
        let operator = current
            .child_by_field_name("operator")
            .map(|op| &source.text()[op.byte_range()]);
        if !operator.is_some_and(|op| ARITHMETIC.contains(&op)) {
            continue;
        }
        for side in ["left", "right"] {
            let Some(operand) = current.child_by_field_name(side) else {
                continue;
            };
            match operand.kind() {
                "word" => names.extend(identifiers(&source.text()[operand.byte_range()])),
                _ => names.extend(arithmetic_names(operand, source)),
            }
        }
    }
    names
}

/// The names in an arithmetic expression's text (`y = x + 1` → `y`, `x`).
fn identifiers(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_owned)
        .collect()
}

/// The offset of the `}` closing the `{` at the start of `text`.
fn closing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(offset);
                }
            }
            _ => {}
        }
    }
    None
}

/// What a file a command runs holds.
enum Content {
    /// Text the command itself wrote (or a process substitution printed).
    Known(Word),
    /// A script read from disk: its absolute path and text.
    OnDisk { path: String, text: String },
    /// Data downloaded from the network.
    Network,
    /// Something only known when it runs, and why.
    Unknown(String),
}

/// The output of several statements in a row: one statement's own, or network data if any
/// of them fetches.
fn combine(outputs: Vec<Output>) -> Output {
    match outputs.len() {
        0 => Output::Unknown,
        1 => outputs.into_iter().next().unwrap_or(Output::Unknown),
        _ if outputs.contains(&Output::Network) => Output::Network,
        _ => Output::Unknown,
    }
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

/// Words joined by `separator` as source text, with placeholders for their dynamic parts.
fn source_of_words(words: &[Word], separator: &str) -> Source {
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

fn is_word_kind(kind: &str) -> bool {
    matches!(
        kind,
        "word"
            | "string"
            | "raw_string"
            | "ansi_c_string"
            | "translated_string"
            | "concatenation"
            | "simple_expansion"
            | "expansion"
            | "command_substitution"
            | "process_substitution"
            | "arithmetic_expansion"
            | "number"
            | "brace_expression"
    )
}

/// The first anonymous token of a node (a redirect's operator, an assignment's `=`/`+=`).
fn anonymous_token(node: Node) -> Option<String> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .find(|child| !child.is_named() && child.kind() != "$")
        .map(|child| child.kind().to_owned())
}

fn redirect_operator(token: &str, target: &Word) -> RedirectOperator {
    match token {
        ">>" | "&>>" => RedirectOperator::Append,
        "<" => RedirectOperator::Read,
        "<>" => RedirectOperator::ReadWrite,
        ">&" | "<&" | ">&-" | "<&-"
            if target
                .value()
                .is_none_or(|t| t == "-" || t.chars().all(|c| c.is_ascii_digit())) =>
        {
            RedirectOperator::Duplicate
        }
        _ => RedirectOperator::Write,
    }
}

/// `cmd > f <<< "x"`: the grammar reads the here-string as an ERROR `<<` followed by a `<`
/// redirect. Bash reads a here-string.
fn is_split_herestring(node: Node, source: &Source) -> bool {
    node.is_error()
        && &source.text()[node.byte_range()] == "<<"
        && node.next_sibling().is_some_and(|next| {
            next.kind() == "file_redirect"
                && next.start_byte() == node.end_byte()
                && source.text()[next.byte_range()].starts_with('<')
        })
}

/// The pipeline hidden inside a heredoc redirect (`cat <<EOF | bash`).
fn embedded_pipeline(node: Node) -> Option<Node> {
    let mut cursor = node.walk();
    let redirects: Vec<Node> = node.children_by_field_name("redirect", &mut cursor).collect();
    redirects
        .into_iter()
        .filter(|redirect| redirect.kind() == "heredoc_redirect")
        .find_map(|redirect| {
            (0..redirect.named_child_count() as u32)
                .filter_map(|index| redirect.named_child(index))
                .find(|child| child.kind() == "pipeline")
        })
}

/// The stages of a pipeline, flattening nested pipelines and those hidden in heredocs.
fn pipeline_stages(node: Node) -> Vec<Node> {
    let mut stages = Vec::new();
    let mut pending = vec![node];
    while let Some(current) = pending.pop() {
        match current.kind() {
            "pipeline" => {
                let mut cursor = current.walk();
                let children: Vec<Node> = current.named_children(&mut cursor).collect();
                pending.extend(children.into_iter().rev());
            }
            "redirected_statement" => {
                stages.push(current);
                if let Some(inner) = embedded_pipeline(current) {
                    pending.push(inner);
                }
            }
            _ => stages.push(current),
        }
    }
    stages
}

/// The statements of a list in order, flattening the nested lists the grammar builds for
/// `a && b && c`.
fn list_items(node: Node) -> Vec<Node> {
    let mut items = Vec::new();
    let mut pending = vec![node];
    while let Some(current) = pending.pop() {
        if current.kind() == "list" {
            let mut cursor = current.walk();
            let children: Vec<Node> = current.named_children(&mut cursor).collect();
            pending.extend(children.into_iter().rev());
        } else {
            items.push(current);
        }
    }
    items
}

/// The descendant of `root` with the given id.
fn node_by_id(root: Node, id: usize) -> Option<Node> {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.id() == id {
            return Some(node);
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    None
}
