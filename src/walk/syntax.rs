//! The fold over the syntax tree: a layer of shell code parsed, then walked statement by
//! statement through lists, pipelines, subshells, simple commands and substitutions.

use super::arithmetic::{arithmetic_names, test_arithmetic_names, tested_variables};
use super::backquotes::{backquote_substitutions, body_code};
use super::decode::{Decoder, WordScope};
use super::redirect::Redirections;
use super::shell::{FailedCd, OtherCwd, Shell};
use super::zsh::{code_qualifiers, zsh_name_groups};
use super::{Cursor, Flow, Walker};
use crate::command::{Command, CommandId, GapKind, Input, LayerId, LayerKind, Output};
use crate::context::CommandShell;
use crate::parse::{self, ParseFailure};
use crate::producers;
use crate::refusal::{self, Refusal, RefusalKind};
use crate::source::{Source, SourceBuilder, Span};
use crate::word::{DEFAULT_IFS, Dynamic, DynamicKind, Part, Word, opens_bad_substitution};
use tree_sitter::Node;

const RESERVED_WORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "function",
    "select", "{", "}", "[[", "]]", "!",
];

impl Walker<'_> {
    /// Parses `source` and walks it as a layer of shell code, under `parent`, at `layer_depth`,
    /// in the shell state `shell`. The command's own text is read by the agent's shell: when that
    /// is bash or zsh, its syntax decides what runs.
    pub(super) fn shell_layer(
        &mut self,
        source: Source,
        via: &str,
        parent: Option<LayerId>,
        shell: &mut Shell,
        layer_depth: usize,
    ) -> Option<LayerId> {
        let whole = self.context.shell_per_command;
        let reader = match (parent.is_none(), self.context.command_shell()) {
            (true, CommandShell::Bash) if whole => Reader::BashWhole,
            (true, CommandShell::Bash) => Reader::Bash,
            (true, CommandShell::Zsh) if whole => Reader::ZshWhole,
            (true, CommandShell::Zsh) => Reader::Zsh,
            _ => Reader::Unknown,
        };
        self.code_layer(source, via, parent, shell, layer_depth, reader)
            .map(|(layer, _)| layer)
    }

    /// [`Walker::shell_layer`] for code a command of layer `parent` runs, read by `reader`.
    pub(super) fn nested_shell_layer(
        &mut self,
        source: Source,
        via: &str,
        parent: LayerId,
        shell: &mut Shell,
        layer_depth: usize,
        reader: Reader,
    ) -> Option<LayerId> {
        self.code_layer(source, via, Some(parent), shell, layer_depth, reader)
            .map(|(layer, _)| layer)
    }

    /// [`Walker::shell_layer`], for code read by `reader`.
    fn code_layer(
        &mut self,
        source: Source,
        via: &str,
        parent: Option<LayerId>,
        shell: &mut Shell,
        layer_depth: usize,
        reader: Reader,
    ) -> Option<(LayerId, Output)> {
        let whole = source.span(0..source.text().len());
        if self.layer_refused(layer_depth, whole) {
            return None;
        }
        let full_text = source.display();
        let (source, bash_stops) = what_the_shell_reads(source, reader);
        if matches!(reader, Reader::Zsh | Reader::ZshWhole) {
            for qualifiers in code_qualifiers(source.text()) {
                let what = format!(
                    "zsh runs the code of the glob qualifiers `{}` for each file the pattern matches",
                    &source.text()[qualifiers.clone()]
                );
                self.gap(GapKind::Syntax, source.span(qualifiers), what);
            }
        }
        let mut parsed = self.parse_layer(source, whole)?;
        let read_write = read_write_operators(parsed.tree.root_node(), parsed.source.text());
        if !read_write.is_empty() {
            let source = &parsed.source;
            self.read_write_operators
                .extend(read_write.iter().map(|range| source.span(range.clone()).start));
            let rewritten = source.replaced(&read_write, "< ");
            parsed = self.parse_layer(rewritten, whole)?;
        }
        let operators = test_operators_as_words(parsed.tree.root_node(), parsed.source.text());
        if !operators.is_empty() {
            let rewritten = parsed.source.replaced(&operators, "\\");
            parsed = self.parse_layer(rewritten, whole)?;
        }
        let layer = self.push_layer(
            parent,
            LayerKind::Code {
                via: via.to_owned(),
                text: full_text,
            },
            whole,
        );
        self.analysis.layers[layer].bash_stops = bash_stops;
        // Where the grammar carries a command on past the end of its line and bash ends it
        // there (`echo ==` then `rm -rf ~`), each complete command bash reads is parsed apart.
        // Another shell ends a command at the end of a line as bash does: its code is split the
        // same way when bash reads it all, and still asks when not.
        let parts = match joins_lines(parsed.tree.root_node(), parsed.source.text()) {
            true => self.bash_units(&parsed, whole).unwrap_or_else(|| vec![parsed]),
            false => vec![parsed],
        };
        let mut output = Output::Unknown;
        for parsed in parts {
            output = self.walk_parsed(parsed, whole, layer, shell, layer_depth, reader);
        }
        self.uncalled_functions(layer, shell, layer_depth);
        Some((layer, output))
    }

    /// Walks the parse of a layer's code (or of one complete command of it), in `layer`.
    fn walk_parsed(
        &mut self,
        mut parsed: parse::Parsed,
        whole: Span,
        layer: LayerId,
        shell: &mut Shell,
        layer_depth: usize,
        reader: Reader,
    ) -> Output {
        // The grammar reads backquote bodies with the command around them, and one it cannot
        // read spoils the whole line; bash reads them apart, when it runs them.
        if reader != Reader::Unknown
            && parsed.tree.root_node().has_error()
            && let Some(apart) = self.backquotes_apart(&parsed, whole, layer, shell, layer_depth, reader)
        {
            parsed = apart;
        }
        let source = &parsed.source;
        let root = parsed.tree.root_node();
        // Bash refuses a line whose quote never closes, so what the parser could not read
        // there is no command that runs: it is not reported as unverifiable. What the walk does
        // read is still judged, since a shell that waits for the quote's end (a persistent one)
        // would run it with the next input. zsh given the text whole runs none of a text that
        // ends inside a quote, a backquote or the body of a loop or `if`; what the walk reads of
        // it is still judged, since zsh's reading is only known there through bash's.
        let zsh_refuses = reader == Reader::ZshWhole
            && refusal::refusal(source.text()).is_some_and(|refused| refused.zsh_refuses_too());
        if root.has_error()
            && !unclosed_quote(source.text(), matches!(reader, Reader::Bash | Reader::BashWhole))
            && !zsh_refuses
        {
            self.syntax_gaps(root, source, matches!(reader, Reader::Bash | Reader::BashWhole));
        }
        let mut at = Cursor {
            source,
            layer,
            layer_depth,
            syntax_depth: 0,
            shell,
            reader,
        };
        let output = self.sequence(root, &mut at, &Flow::new());
        if root.has_error() {
            for error in outermost_errors(root) {
                self.function_substitutions(error, &mut at);
            }
        }
        output
    }

    /// The complete commands bash reads in the code of `parsed`, each parsed apart; `None` when
    /// bash's reading of it is not known, or finds one command only.
    fn bash_units(&mut self, parsed: &parse::Parsed, whole: Span) -> Option<Vec<parse::Parsed>> {
        let text = parsed.source.text();
        let ends = refusal::unit_ends(text)?;
        let mut units = Vec::new();
        let mut start = 0;
        for end in ends.into_iter().chain(std::iter::once(text.len())) {
            if end > start && !text[start..end].trim().is_empty() {
                units.push(start..end);
            }
            start = start.max(end);
        }
        if units.len() < 2 {
            return None;
        }
        units
            .into_iter()
            .map(|unit| self.parse_layer(parsed.source.slice(unit), whole))
            .collect()
    }

    /// The code with each backquote substitution of its top level read apart (`backquotes`):
    /// when the rest then parses, each body is walked as code of its own, under `layer`, and
    /// stands in the code for what it writes, read whole by the shell `reader` names. `None`
    /// when that does not help.
    fn backquotes_apart(
        &mut self,
        parsed: &parse::Parsed,
        whole: Span,
        layer: LayerId,
        shell: &Shell,
        layer_depth: usize,
        reader: Reader,
    ) -> Option<parse::Parsed> {
        let text = parsed.source.text();
        let found = backquote_substitutions(text).filter(|found| !found.is_empty())?;
        if parsed.source.has_placeholders() {
            return None;
        }
        let mut builder = SourceBuilder::default();
        let mut from = 0;
        for backquote in &found {
            builder.push_mapped(&parsed.source, from..backquote.range.start);
            builder.push_dynamic(Dynamic {
                kind: DynamicKind::CommandOutput(Output::Unknown),
                text: text[backquote.range.clone()].to_owned(),
                span: parsed.source.span(backquote.range.clone()),
            });
            from = backquote.range.end;
        }
        builder.push_mapped(&parsed.source, from..text.len());
        let mut apart = self.parse_layer(builder.finish(), whole)?;
        if apart.tree.root_node().has_error() {
            return None;
        }
        for (index, backquote) in found.iter().enumerate() {
            let mut body = SourceBuilder::default();
            body.push_from(&body_code(text, backquote), parsed.source.span(backquote.range.clone()));
            let mut body_shell = shell.clone();
            let written = self
                .code_layer(
                    body.finish(),
                    "`…`",
                    Some(layer),
                    &mut body_shell,
                    layer_depth + 1,
                    reader.whole(),
                )
                .map_or(Output::Unknown, |(_, output)| output);
            apart
                .source
                .set_dynamic_kind(index, DynamicKind::CommandOutput(written));
        }
        Some(apart)
    }

    /// Parses a layer's code, reporting a parse over its allowance or a missing parser.
    fn parse_layer(&mut self, source: Source, whole: Span) -> Option<parse::Parsed> {
        match parse::parse(source, self.parse_allowance()) {
            Ok(parsed) => Some(parsed),
            Err(ParseFailure::OverAllowance) => {
                self.parse_overrun(whole);
                None
            }
            Err(ParseFailure::Unavailable) => {
                self.gap(GapKind::Syntax, whole, "the Bash parser is unavailable");
                None
            }
        }
    }

    /// Records the places the parser could not read (outermost ERROR nodes, MISSING tokens).
    /// Where bash reads the code, a bad substitution (`${c.priority}`, JavaScript's template
    /// syntax) is none: bash stops the shell running it there, before the command holding it runs.
    fn syntax_gaps(&mut self, root: Node, source: &Source, bash_reads: bool) {
        let mut stack = vec![root];
        let mut found = 0;
        while let Some(node) = stack.pop() {
            if is_split_herestring(node, source)
                || node.is_error()
                    && node
                        .parent()
                        .is_some_and(|parent| is_descriptor_herestring(parent, source))
            {
                continue;
            }
            if is_empty_substitution(node, source.text()) {
                continue;
            }
            if node.is_error() && is_brace_command(&source.text()[node.byte_range()]) {
                // Read in full by `brace_expanded_commands`, as bash reads it.
                continue;
            }
            if bash_reads && node.is_error() && is_bad_substitution_text(&source.text()[node.byte_range()]) {
                continue;
            }
            if node.is_error() || node.is_missing() {
                let what = if node.is_missing() {
                    format!("`{}` is missing", parse::kind(&node))
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
    pub(super) fn sequence(&mut self, node: Node, at: &mut Cursor, flow: &Flow) -> Output {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let mut outputs = Vec::new();
        // A `cd` ending an `if` condition that failed skips the `then` branch.
        let mut failed_condition = None;
        for (index, child) in children.iter().enumerate() {
            if !child.is_named() {
                continue;
            }
            if matches!(child.kind(), "elif_clause" | "else_clause")
                && let Some(failed) = failed_condition.take()
            {
                at.shell.may_have_failed(failed);
            }
            let background = children
                .get(index + 1)
                .is_some_and(|next| !next.is_named() && parse::kind(next) == "&");
            let child_flow = Flow {
                background: flow.background || background,
                ..flow.clone()
            };
            let output = self.statement(*child, &mut at.deeper(), &child_flow);
            // What follows a `cd` that failed runs where the shell stayed, unless `set -e` ends
            // the shell there.
            if let Some(failed) = at.shell.failed_cd.take() {
                if children[index + 1..]
                    .iter()
                    .find(|next| !matches!(parse::kind(next), ";" | "\n"))
                    .is_some_and(|next| parse::kind(next) == "then")
                {
                    failed_condition = Some(failed);
                } else if !self.errexit_ends_shell(node, at) {
                    at.shell.may_have_failed(failed);
                }
            }
            if parse::kind(child) != "comment" {
                outputs.push(output);
            }
        }
        if let Some(failed) = failed_condition {
            at.shell.may_have_failed(failed);
        }
        combine(outputs)
    }

    pub(super) fn statement(&mut self, node: Node, at: &mut Cursor, flow: &Flow) -> Output {
        let span = at.source.span(node.byte_range());
        if self.too_deep(at.syntax_depth, span) || self.exhausted(span) {
            return Output::Unknown;
        }
        match parse::kind(&node) {
            "comment" | "heredoc_body" | "heredoc_start" | "heredoc_end" => Output::Unknown,
            "command" => self.simple_command(node, Redirections::default(), at, flow),
            // `$(< file)` reads the file and `$(> file)` empties it: the grammar gives such a
            // substitution its redirect alone, with no statement around it.
            "file_redirect" => {
                let mut redirections = Redirections::default();
                self.redirect(node, at, &mut redirections);
                let empty = Output::Literal(Word::literal("", span));
                self.bare_redirection(node, redirections, empty, at, flow);
                Output::Unknown
            }
            "redirected_statement" => match embedded_pipeline(node) {
                Some(_) => self.pipeline(pipeline_stages(node), None, at, flow),
                None => self.redirected(node, at, flow),
            },
            "pipeline" => self.pipeline(pipeline_stages(node), None, at, flow),
            "list" => self.list(&list_items(node), at, &mut |walker, item, at| {
                walker.statement(item, &mut at.deeper(), flow)
            }),
            "subshell" => {
                let mut inner = at.shell.clone();
                self.sequence(node, &mut at.with_shell(&mut inner), flow)
            }
            "function_definition" => {
                self.define_function(node, at);
                Output::Unknown
            }
            "variable_assignment" => {
                self.assign(node, at);
                Output::Unknown
            }
            "declaration_command" if is_printing_declaration(node, at.source.text()) => {
                self.printing_declaration(node, Redirections::default(), at, flow)
            }
            "declaration_command" | "variable_assignments" => {
                self.declaration(node, at);
                Output::Unknown
            }
            "unset_command" => {
                self.unset(node, at);
                Output::Unknown
            }
            "for_statement" => {
                self.for_loop(node, at, flow);
                Output::Unknown
            }
            kind if is_word_kind(kind) => {
                self.words(&[node], at);
                Output::Unknown
            }
            "ERROR" => {
                self.brace_expanded_commands(node, at);
                self.sequence(node, at, flow)
            }
            // `{rm,-rf,~}` then a newline: the grammar reads a `{ … }` group missing its `}`.
            "compound_statement" if at.source.text()[node.byte_range()].starts_with('{') => {
                self.brace_expanded_commands(node, at);
                self.sequence(node, at, flow)
            }
            "test_command" => {
                let names = test_arithmetic_names(node, at.source);
                self.evaluate_arithmetic(names, at);
                for operand in tested_variables(node, at.source) {
                    for word in self.words(&[operand], at) {
                        self.evaluate_name(&word, false, at);
                    }
                }
                self.sequence(node, at, flow)
            }
            "compound_statement" if node.child(0).is_some_and(|first| first.kind() == "((") => {
                let names = arithmetic_names(node, at.source);
                self.evaluate_arithmetic(names, at);
                self.quoted_in_arithmetic(node, at);
                self.sequence(node, at, flow)
            }
            "c_style_for_statement" => {
                let names = ["initializer", "condition", "update"]
                    .into_iter()
                    .filter_map(|field| node.child_by_field_name(field))
                    .flat_map(|part| arithmetic_names(part, at.source))
                    .collect();
                self.evaluate_arithmetic(names, at);
                self.sequence(node, at, flow)
            }
            _ => self.sequence(node, at, flow),
        }
    }

    /// `${ cmd; }` and `${| cmd; }` (bash 5.3): command substitutions the grammar does not
    /// know, found in the text it could not read and walked as code.
    fn function_substitutions(&mut self, node: Node, at: &mut Cursor) {
        let range = node.byte_range();
        let text = &at.source.text()[range.clone()];
        let mut offset = 0;
        while let Some(found) = text[offset..].find("${") {
            let open = offset + found;
            offset = open + 2;
            let after = &text[offset..];
            let Some(first) = after.chars().next() else { break };
            if !(first.is_whitespace() || first == '|') {
                continue;
            }
            let Some(close) = closing_brace(&text[open + 1..]) else {
                break;
            };
            let body = range.start + offset + first.len_utf8()..range.start + open + 1 + close;
            let mut inner = at.shell.clone();
            self.shell_layer(
                at.source.slice(body),
                "${ …; } substitution",
                Some(at.layer),
                &mut inner,
                at.layer_depth + 1,
            );
            offset = open + 1 + close;
        }
    }

    /// `{rm,-rf,/}`: bash brace-expands a command word into a whole command, which the grammar
    /// cannot read (an ERROR, or a `{ … }` group missing its `}`). Each such word at the start
    /// of a line or of a list item in the unread text is expanded and walked as a layer.
    fn brace_expanded_commands(&mut self, node: Node, at: &mut Cursor) {
        if node.parent().is_some_and(|parent| parent.is_error()) {
            return;
        }
        let text = &at.source.text()[node.byte_range()];
        let span = at.source.span(node.byte_range());
        for segment in text.split(['\n', ';', '&', '|']) {
            let mut words = segment.split_whitespace();
            let Some(first) = words.next() else { continue };
            if !(first.starts_with('{') && first.contains(',') && first.ends_with('}')) {
                continue;
            }
            let word = Word::from_parts(
                vec![Part::Literal {
                    text: first.to_owned(),
                    quoting: crate::word::Quoting::Bare,
                    span,
                }],
                span,
            );
            let fields = word.into_fields();
            if fields.iter().any(Word::is_dynamic) {
                self.gap(
                    GapKind::TooComplex,
                    span,
                    "a brace expansion makes more words than the analysis writes out",
                );
                continue;
            }
            let mut expanded: Vec<String> = fields.iter().map(|w| w.text().to_owned()).collect();
            if expanded.len() < 2 {
                continue;
            }
            expanded.extend(words.map(str::to_owned));
            let mut builder = SourceBuilder::default();
            builder.push_from(&expanded.join(" "), span);
            self.shell_layer(
                builder.finish(),
                "brace expansion",
                Some(at.layer),
                at.shell,
                at.layer_depth + 1,
            );
        }
    }

    /// The stages of a pipeline, each fed the output of the one before, each in a copy of the
    /// shell. Redirections written after the pipeline (`a | b <<EOF`, `a | b > f`) belong to
    /// its last stage.
    fn pipeline(&mut self, stages: Vec<Node>, mut last: Option<Redirections>, at: &mut Cursor, flow: &Flow) -> Output {
        let mut stdin = flow.stdin.clone();
        let mut output = Output::Unknown;
        let in_pipeline = stages.len() > 1;
        let count = stages.len();
        // The first command of each earlier stage made of one command, `None` for the others.
        let mut single_stages: Vec<Option<CommandId>> = Vec::new();
        for (index, stage) in stages.into_iter().enumerate() {
            let first = self.analysis.commands.len();
            let mut stage_shell = at.shell.clone();
            let mut stage_at = at.with_shell(&mut stage_shell);
            let redirections = if index + 1 == count { last.take() } else { None };
            let stage_flow = Flow {
                stdin: redirections.as_ref().and_then(|r| r.stdin.clone()).unwrap_or(stdin),
                in_pipeline,
                background: flow.background,
            };
            output = match (stage.kind(), redirections) {
                ("command", Some(redirections)) => {
                    self.simple_command(stage, redirections, &mut stage_at.deeper(), &stage_flow)
                }
                (_, Some(redirections)) => {
                    let output = self.statement(stage, &mut stage_at.deeper(), &stage_flow);
                    self.bare_redirection(stage, redirections, output.clone(), &stage_at, &stage_flow);
                    output
                }
                ("redirected_statement", None) => self.redirected(stage, &mut stage_at.deeper(), &stage_flow),
                (_, None) => self.statement(stage, &mut stage_at.deeper(), &stage_flow),
            };
            let this_stage = first..self.analysis.commands.len();
            if index + 1 < count {
                for command in this_stage.clone() {
                    self.analysis.commands[command].output_piped = true;
                }
            }
            // What a counter reads, through filters that only pass lines on (`cat .env | sort |
            // wc -l`), comes out as a count.
            if this_stage.len() == 1 && counts_only(&self.analysis.commands[first]) {
                for earlier in single_stages.iter().rev() {
                    let Some(earlier) = *earlier else { break };
                    self.analysis.commands[earlier].output_counted = true;
                    if !passes_lines_on(&self.analysis.commands[earlier]) {
                        break;
                    }
                }
            }
            single_stages.push((this_stage.len() == 1).then_some(first));
            stdin = Input::Piped(output.clone());
        }
        output
    }

    fn redirected(&mut self, node: Node, at: &mut Cursor, flow: &Flow) -> Output {
        let redirections = self.redirections(node, at);
        let following = redirections.following.clone();
        let body = node.child_by_field_name("body");
        let output = match body {
            Some(body) if body.kind() == "command" => self.simple_command(body, redirections, at, flow),
            Some(body) if body.kind() == "pipeline" => {
                self.pipeline(pipeline_stages(body), Some(redirections), &mut at.deeper(), flow)
            }
            // `a && b > f`: the grammar hangs the redirection on the whole list, where bash
            // gives it to the last command only.
            Some(body) if body.kind() == "list" => {
                let items = list_items(body);
                let last = items.last().map(|item| item.node);
                let mut redirections = Some(redirections);
                self.list(&items, at, &mut |walker, item, at| {
                    let redirections = match redirections.take() {
                        Some(redirections) if Some(item) == last => redirections,
                        other => {
                            redirections = other;
                            return walker.statement(item, &mut at.deeper(), flow);
                        }
                    };
                    match item.kind() {
                        "command" => walker.simple_command(item, redirections, &mut at.deeper(), flow),
                        "pipeline" => {
                            walker.pipeline(pipeline_stages(item), Some(redirections), &mut at.deeper(), flow)
                        }
                        _ => {
                            let output = walker.statement(item, &mut at.deeper(), flow);
                            walker.bare_redirection(node, redirections, output.clone(), at, flow);
                            output
                        }
                    }
                })
            }
            Some(body) if body.kind() == "declaration_command" && is_printing_declaration(body, at.source.text()) => {
                self.printing_declaration(body, redirections, &mut at.deeper(), flow)
            }
            Some(body) => {
                let inner_flow = Flow {
                    stdin: redirections.stdin.clone().unwrap_or_else(|| flow.stdin.clone()),
                    ..flow.clone()
                };
                let output = self.statement(body, &mut at.deeper(), &inner_flow);
                self.bare_redirection(node, redirections, output.clone(), at, flow);
                output
            }
            None => {
                // `> file` alone empties the file.
                let empty = Output::Literal(Word::literal("", at.source.span(node.byte_range())));
                self.bare_redirection(node, redirections, empty, at, flow);
                Output::Unknown
            }
        };
        for id in following {
            if let Some(statement) = node_by_id(node, id) {
                self.statement(statement, &mut at.deeper(), &Flow::new());
            }
        }
        output
    }

    /// The items of an `&&`/`||` list, each walked by `walk_item`. A `cd` that fails skips what
    /// follows it with `&&` and runs what follows with `||` where the shell stayed: that runs
    /// only there, unless it ends the shell (`cd x || exit`).
    fn list(
        &mut self,
        items: &[ListItem],
        at: &mut Cursor,
        walk_item: &mut dyn FnMut(&mut Self, Node, &mut Cursor) -> Output,
    ) -> Output {
        let mut outputs = Vec::new();
        // Where the shell is when a `cd` of the list failed, and the item that `cd` is.
        let mut failed: Option<(FailedCd, usize)> = None;
        let in_function = !at.shell.calling.is_empty();
        for (index, item) in items.iter().enumerate() {
            let output = match (item.after_or, failed.take()) {
                (true, Some(_)) if ends_the_shell(item.node, at.source.text(), in_function) => {
                    walk_item(self, item.node, at)
                }
                (true, Some((failure, cd))) if cd + 1 == index => {
                    let succeeded = at.shell.whereabouts();
                    at.shell.go_to(failure.before);
                    let output = walk_item(self, item.node, at);
                    let after = at.shell.whereabouts();
                    at.shell.go_to(succeeded);
                    at.shell.may_have_failed(FailedCd {
                        before: after,
                        cd: failure.cd,
                    });
                    output
                }
                (true, Some((failure, _))) => {
                    at.shell.may_have_failed(failure);
                    walk_item(self, item.node, at)
                }
                (true, None) => walk_item(self, item.node, at),
                (false, pending) => {
                    failed = pending;
                    walk_item(self, item.node, at)
                }
            };
            outputs.push(output);
            // The last item's failure is the list's, for the sequence around it to judge.
            if index + 1 < items.len()
                && let Some(new) = at.shell.failed_cd.take()
            {
                failed = Some(match failed {
                    Some((mut earlier, _)) => {
                        earlier.before.others.push(OtherCwd {
                            cwd: new.before.cwd,
                            cd: new.cd,
                        });
                        earlier.before.others.extend(new.before.others);
                        (earlier, index)
                    }
                    None => (new, index),
                });
            }
        }
        if let Some((failure, _)) = failed {
            at.shell.may_have_failed(failure);
        }
        combine(outputs)
    }

    /// The exported variables a command started now in layer `at.layer` inherits (see
    /// [`Command::exported`]): all but those whose own code is the layer it runs in or one
    /// around it (`PAGER`'s code runs with `PAGER` set, and is not run from it again).
    fn inherited(&self, at: &Cursor) -> Vec<(String, Word)> {
        if at.shell.exported.is_empty() {
            return Vec::new();
        }
        let mut environment = at.shell.exported_environment();
        let mut around = Some(at.layer);
        while let Some(layer) = around {
            if let LayerKind::Code { via, .. } = &self.analysis.layers[layer].kind {
                environment.retain(|(name, _)| {
                    via.strip_prefix(name.as_str())
                        .is_none_or(|rest| !rest.starts_with("= "))
                });
            }
            around = self.analysis.layers[layer].parent;
        }
        environment
    }

    /// Whether `set -e`, run earlier in this layer, ends the shell when a command of `node`
    /// fails: not in a function (whose caller may run it as `f || true`), nor in a list, a
    /// condition, a loop or a substitution, where bash does not exit.
    fn errexit_ends_shell(&self, node: Node, at: &Cursor) -> bool {
        let in_function = matches!(
            &self.analysis.layers[at.layer].kind,
            LayerKind::Code { via, .. } if via.starts_with("function ")
        );
        at.shell.errexit == Some(at.layer)
            && !in_function
            && std::iter::successors(Some(node), |node| node.parent()).all(|node| {
                matches!(
                    node.kind(),
                    "program" | "subshell" | "redirected_statement" | "compound_statement"
                ) && !(node.kind() == "compound_statement" && node.child(0).is_some_and(|first| first.kind() == "(("))
            })
    }

    /// A simple command, judged in every folder the shell may be in.
    fn simple_command(&mut self, node: Node, outer: Redirections, at: &mut Cursor, flow: &Flow) -> Output {
        let others = std::mem::take(&mut at.shell.other_cwds);
        if others.is_empty() {
            return self.simple_command_in(node, outer, at, flow);
        }
        let mut elsewhere: Vec<(OtherCwd, Shell)> = others
            .into_iter()
            .map(|other| {
                let mut shell = at.shell.clone();
                shell.cwd = other.cwd.clone();
                (other, shell)
            })
            .collect();
        let output = self.simple_command_in(node, outer.clone(), at, flow);
        let mut reached = Vec::new();
        let mut failed_elsewhere = Vec::new();
        for (other, shell) in &mut elsewhere {
            let first = self.analysis.commands.len();
            self.simple_command_in(node, outer.clone(), &mut at.with_shell(shell), flow);
            for command in &mut self.analysis.commands[first..] {
                command.after_failed_cd.get_or_insert_with(|| other.cd.clone());
            }
            reached.push(OtherCwd {
                cwd: shell.cwd.clone(),
                cd: other.cd.clone(),
            });
            reached.append(&mut shell.other_cwds);
            if let Some(failed) = shell.failed_cd.take() {
                failed_elsewhere.push(OtherCwd {
                    cwd: failed.before.cwd,
                    cd: other.cd.clone(),
                });
            }
        }
        match &mut at.shell.failed_cd {
            Some(failed) => failed.before.others.extend(failed_elsewhere),
            None => reached.extend(failed_elsewhere),
        }
        at.shell.may_also_be_in(reached);
        output
    }

    fn simple_command_in(&mut self, node: Node, outer: Redirections, at: &mut Cursor, flow: &Flow) -> Output {
        let span = at.source.span(node.byte_range());
        let mut cursor = node.walk();
        let every_child: Vec<Node> = node.children(&mut cursor).collect();
        let children: Vec<Node> = every_child.iter().copied().filter(Node::is_named).collect();
        self.lines_joined(&children, at.source);
        let mut assignments = Vec::new();
        // The words in order, with an anonymous `$` before a string (`$"…"`), which belongs to
        // the word.
        let mut all: Vec<Node> = Vec::with_capacity(every_child.len());
        let mut inner = Redirections::default();
        for child in &every_child {
            if !child.is_named() {
                if parse::kind(child) == "$" {
                    all.push(*child);
                }
                continue;
            }
            match parse::kind(child) {
                "variable_assignment" => {
                    let name_node = child.child_by_field_name("name");
                    if let Some(subscript) = name_node.filter(|n| parse::kind(n) == "subscript") {
                        self.walk_subscript(subscript, at);
                    }
                    let name = name_node
                        .map(|n| at.source.text()[n.byte_range()].to_owned())
                        .unwrap_or_default();
                    let value = match child.child_by_field_name("value") {
                        Some(value) => self.words(&[value], at).into_iter().next(),
                        None => None,
                    };
                    assignments.push((name, value.unwrap_or_else(|| Word::literal("", span))));
                }
                "file_redirect" | "herestring_redirect" | "heredoc_redirect" => {
                    self.redirect(*child, at, &mut inner);
                }
                _ if is_detached_descriptor(*child, at.source.text()) => {}
                _ => all.push(*child),
            }
        }
        let mut argv = self.words_grouped(&all, at, &flow.stdin);
        argv.extend(inner.extra_args);
        argv.extend(outer.extra_args);
        if let Some(first) = argv.first()
            && first
                .value()
                .is_some_and(|name| at.shell.aliases.iter().any(|alias| alias == name))
        {
            self.gap(
                GapKind::Syntax,
                first.span,
                format!(
                    "`{}` is an alias defined earlier, which bash reads in its place",
                    first.text()
                ),
            );
        }
        // A pattern in the command name is expanded first: the one file it matches names the
        // program (`/bin/r[m]`). Where the disk is not read, or holds no file it matches while
        // a command before it may make one (`touch rm; [r]m -rf ~` runs `rm`), a pattern that
        // may name a program a rule judges asks.
        if let Some(first) = argv.first_mut()
            && let Some(matched) = super::files::program_matched(first, &at.shell.cwd, self.context)
        {
            *first = matched;
        } else if let Some(first) = argv.first()
            && (!self.context.read_scripts || !self.analysis.commands.is_empty())
            && first.has_glob()
            && let Some(pattern) = first.pattern()
            && let Some(may_run) = program_a_pattern_may_name(&pattern)
        {
            self.gap(
                GapKind::Syntax,
                first.span,
                format!(
                    "the command name `{}` is a pattern, matched against the files on disk when it runs, which may name {may_run}",
                    first.text()
                ),
            );
        }
        // After `hash -p PATH NAME`, `NAME` runs PATH unless a function or builtin answers to it.
        if let Some(first) = argv.first_mut()
            && let Some(name) = first.value()
            && !at.shell.functions.contains_key(name)
            && !super::shell::BASH_BUILTINS.contains(&name)
            && let Some(path) = at.shell.hashed.get(name)
        {
            *first = path.clone();
        }
        let output_socket = [
            &outer.sockets[1],
            &outer.sockets[2],
            &inner.sockets[1],
            &inner.sockets[2],
        ]
        .into_iter()
        .find_map(Clone::clone);
        let mut redirects = inner.redirects;
        redirects.extend(outer.redirects);
        let stdin = outer
            .stdin
            .or(inner.stdin)
            .unwrap_or_else(|| at.shell.inherited_stdin(&flow.stdin));
        let descriptors = [inner.descriptors, outer.descriptors].concat();
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
        // After `set -k`, a word that reads as an assignment is one wherever it stands.
        if at.shell.keyword_assignments {
            assignments.extend(keyword_assignments(&mut argv));
        }
        let mut command = Command::new(argv, at.shell.cwd.clone(), stdin, span);
        command.assignments = assignments;
        command.exported = self.inherited(at);
        command.redirects = redirects;
        command.descriptors = descriptors;
        command.output_socket = output_socket;
        command.in_pipeline = flow.in_pipeline;
        command.background = flow.background;
        let id = self.push_command(command, at.layer);
        self.evaluate_named_variables(id, at);
        self.call_function(id, at);
        self.follow_runs(id, at);
        self.shell_effects(id, at.shell);
        self.prefixed_declaration(id, at.shell);
        for statement_id in following {
            if let Some(statement) = node_by_id(node, statement_id) {
                self.statement(statement, &mut at.deeper(), &Flow::new());
            }
        }
        let output = self.command(id).output.clone();
        if piped_to.is_empty() {
            return output;
        }
        let mut command = Command::new(piped_to, at.shell.cwd.clone(), Input::Piped(output), span);
        command.in_pipeline = true;
        let piped = self.push_command(command, at.layer);
        let mut piped_shell = at.shell.clone();
        self.follow_runs(piped, &mut at.with_shell(&mut piped_shell));
        self.command(piped).output.clone()
    }

    /// The grammar sometimes carries a command on past the end of its line (`echo ==`, then
    /// `rm -rf ~` on the next; `export $` reads `$rm`), where bash ends it and runs the next line
    /// on its own: such a reading cannot be trusted.
    pub(super) fn lines_joined(&mut self, children: &[Node], source: &Source) {
        if let Some(range) = joined_lines(children, source.text()) {
            self.gap(
                GapKind::Syntax,
                source.span(range),
                "the parser reads a command on past the end of its line, where bash ends it",
            );
        }
    }

    /// Decodes word nodes, grouping adjacent ones into one word, and splits them into fields.
    /// `feeds` is what the command whose words these are reads.
    pub(super) fn words_grouped(&mut self, nodes: &[Node], at: &mut Cursor, feeds: &Input) -> Vec<Word> {
        let source = at.source;
        let mut words = Vec::with_capacity(nodes.len());
        for group in nodes.chunk_by(|before, node| before.end_byte() == node.start_byte()) {
            let word = {
                let mut scope = WordScope {
                    walker: self,
                    at,
                    feeds,
                };
                Decoder::new(source, &mut scope).word(group)
            };
            let ifs = at
                .shell
                .variables
                .get("IFS")
                .and_then(Word::value)
                .unwrap_or(DEFAULT_IFS);
            let braced = word.has_brace_group();
            let fields = word.into_fields_with(ifs);
            if !braced {
                words.extend(fields);
                continue;
            }
            for field in fields {
                let mut scope = WordScope {
                    walker: self,
                    at,
                    feeds,
                };
                words.push(Decoder::new(source, &mut scope).tilde_after_braces(field));
            }
        }
        words
    }

    /// Decodes nodes as separate words (running their substitutions).
    pub(super) fn words(&mut self, nodes: &[Node], at: &mut Cursor) -> Vec<Word> {
        let source = at.source;
        nodes
            .iter()
            .map(|node| {
                let mut scope = WordScope {
                    walker: self,
                    at,
                    feeds: &Input::Inherited,
                };
                Decoder::new(source, &mut scope).word(&[*node])
            })
            .collect()
    }

    /// Walks a command or process substitution as a layer of its own, in a copy of the shell.
    pub(super) fn substitution(&mut self, node: Node, at: &Cursor, feeds: &Input) -> Output {
        let text = &at.source.text()[node.byte_range()];
        let via = if text.starts_with("<(") {
            "<(…)"
        } else if text.starts_with(">(") {
            ">(…)"
        } else if text.starts_with('`') {
            "`…`"
        } else {
            "$(…)"
        };
        let span = at.source.span(node.byte_range());
        if self.too_deep(at.syntax_depth, span) {
            return Output::Unknown;
        }
        if is_empty_substitution(node, at.source.text()) {
            return Output::Literal(Word::literal("", span));
        }
        let refused = match at.reader {
            Reader::Bash | Reader::BashWhole if via != "`…`" => refused_substitution_body(text),
            _ => None,
        };
        let layer = self.push_layer(
            Some(at.layer),
            LayerKind::Code {
                via: via.to_owned(),
                text: crate::source::display_text(text, &[]),
            },
            span,
        );
        if let Some((body, refused)) = refused {
            // Bash 5.2 runs neither the body nor the command around it; an older bash runs the
            // command with the body's output empty, which is the stricter reading.
            self.analysis.layers[layer].bash_stops = Some(refused.describe(body, "bash"));
            return Output::Literal(Word::literal("", span));
        }
        let mut sub_shell = at.shell.clone();
        let mut inner = Cursor {
            source: at.source,
            layer,
            layer_depth: at.layer_depth,
            syntax_depth: at.syntax_depth + 1,
            shell: &mut sub_shell,
            reader: at.reader,
        };
        let mut flow = Flow::new();
        if via == ">(…)" {
            flow.stdin = feeds.clone();
        }
        self.sequence(node, &mut inner, &flow)
    }

    /// Walks code the parser did not see as a substitution (an indented `$(…)` in a heredoc).
    pub(super) fn hidden_substitution(&mut self, range: std::ops::Range<usize>, at: &Cursor) -> Output {
        let source = at.source.slice(range);
        let mut sub_shell = at.shell.clone();
        let layer = self.shell_layer(
            source,
            "$(…) in a heredoc",
            Some(at.layer),
            &mut sub_shell,
            at.layer_depth + 1,
        );
        match layer {
            Some(layer) if producers::fetches_within(layer, &self.analysis) => Output::Network,
            _ => Output::Unknown,
        }
    }
}

/// Whether `text`, which the grammar could not read, is commands each holding a parameter
/// expansion bash calls a bad substitution, and no code. Bash reads `${…}` whole and only checks
/// it when it expands the word: a name followed by what no operator starts (`${c.priority}`,
/// `${String(x).padStart(4)}`) or no name at all (`${(x)}`) is an error that ends the shell
/// expanding it (a subshell, a pipeline's stage, a substitution: only that one), and the command
/// holding it does not run. The text's command must hold one, and each stage after a `|` too;
/// the commands around it are still walked as read, which judges at least what runs. Text
/// holding a substitution, a backquote or another operator outside `${…}` is not vouched for.
fn is_bad_substitution_text(text: &str) -> bool {
    if text.contains("$(") || text.contains('`') {
        return false;
    }
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut stage_stops = false;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'$' && bytes.get(at + 1) == Some(&b'{') {
            stage_stops |= depth == 0 && opens_bad_substitution(&text[at..]);
            depth += 1;
            at += 2;
            continue;
        }
        match bytes[at] {
            b'{' if depth > 0 => depth += 1,
            b'}' if depth > 0 => depth -= 1,
            b'|' if depth == 0 => {
                if !stage_stops {
                    return false;
                }
                stage_stops = false;
            }
            b';' | b'&' | b'<' | b'>' | b'(' | b')' | b'\n' if depth == 0 => return false,
            _ => {}
        }
        at += 1;
    }
    depth == 0 && stage_stops
}

/// The body of the `$(…)`, `<(…)` or `>(…)` substitution `text` and where bash refuses it, when
/// none of the body runs: bash 5.2 parses the body with the command around it and refuses both;
/// older bash finds the body's end by counting parentheses, and refuses the body when it runs
/// it (PowerShell's `$($_.GetValue($_))` sent to bash). `None` when the body parses, when a
/// complete command of it comes before the error (older bash runs that), or when the two
/// readings may end the body in different places.
fn refused_substitution_body(text: &str) -> Option<(&str, refusal::Refusal)> {
    let body = text.get(2..)?.strip_suffix(')')?;
    if body.matches('(').count() != body.matches(')').count() {
        return None;
    }
    let refused = refusal::refusal(body)?;
    let closes_early = refused.kind == RefusalKind::UnexpectedToken(")".to_owned());
    (!closes_early && body[..refused.unit_start].trim().is_empty()).then_some((body, refused))
}

/// What a command name that is a pattern, matched on disk only when it runs, may run, when
/// that is a program this guard judges or cannot be listed: `[r]m` is `rm` beside a file named
/// `rm`, and `r?` any two-letter name. `None` when every name it can match is one no rule knows
/// (`[char]0x4ef0`, PowerShell sent to bash), which runs as any unknown program.
fn program_a_pattern_may_name(pattern: &str) -> Option<String> {
    const MOST_NAMES: usize = 256;
    let name = pattern.rsplit('/').next().unwrap_or(pattern);
    match crate::paths::pattern_names(name, MOST_NAMES) {
        None => Some("any program".to_owned()),
        Some(names) => names
            .into_iter()
            .find(|name| crate::registry::knows(name))
            .map(|known| format!("`{known}`")),
    }
}

/// Whether bash refuses all of `text` for a quote that never closes (`"`, `'`, `$'`, `$"`, a
/// backquote): it reaches the end of its input inside the first complete command and runs none
/// of it, whatever the parser made of the rest (a Windows path ending in `\"` escapes its own
/// closing quote: `ls "C:\x\"`; `grep 'a|b` lost its closing quote). For a shell other than
/// bash (`by_bash` false), only a double quote: how zsh reads the others is not modelled.
fn unclosed_quote(text: &str, by_bash: bool) -> bool {
    refusal::refusal(text).is_some_and(|refused| {
        text[..refused.unit_start].trim().is_empty()
            && if by_bash {
                refused.kind.is_open_quote()
            } else {
                refused.kind == RefusalKind::UnexpectedEnd("\"".into())
            }
    })
}

/// Where the words of a command (`children`) run on past the end of a line: between two of
/// them, or inside one.
fn joined_lines(children: &[Node], text: &str) -> Option<std::ops::Range<usize>> {
    let between = children.windows(2).find_map(|pair| {
        let gap = pair[0].end_byte()..pair[1].start_byte();
        (gap.start <= gap.end && text[gap.clone()].contains('\n')).then_some(gap)
    });
    let inside = || {
        children
            .iter()
            .filter(|child| matches!(child.kind(), "word" | "simple_expansion"))
            .find(|child| text[child.byte_range()].contains('\n'))
            .map(|child| child.byte_range())
    };
    between.or_else(inside)
}

/// Whether the grammar carries a command of the tree on past the end of its line (see
/// [`Walker::lines_joined`]).
fn joins_lines(root: Node, text: &str) -> bool {
    if !text.contains('\n') {
        return false;
    }
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        if matches!(node.kind(), "command" | "declaration_command" | "variable_assignments")
            && joined_lines(&children, text).is_some()
        {
            return true;
        }
        stack.extend(children);
    }
    false
}

/// `$()`, `$( )`, `` ` ` ``: a command substitution with no command in it (the grammar reads
/// a missing command there), which bash reads as writing nothing.
fn is_empty_substitution(node: Node, text: &str) -> bool {
    if parse::kind(&node) != "command_substitution" {
        return false;
    }
    let whole = &text[node.byte_range()];
    let inner = whole
        .strip_prefix("$(")
        .and_then(|rest| rest.strip_suffix(')'))
        .or_else(|| whole.strip_prefix('`').and_then(|rest| rest.strip_suffix('`')));
    inner.is_some_and(|inner| inner.trim().is_empty())
}

/// Who reads a layer's code, which decides what text that shell refuses runs nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reader {
    /// A shell whose syntax is not bash's or zsh's, or not known to be.
    Unknown,
    /// Bash, which may wait for more input when the text ends too early.
    Bash,
    /// Bash, given the text whole (a backquote body): nothing can follow it.
    BashWhole,
    /// zsh reading what is typed into a terminal: it waits for more input when the text ends
    /// inside a quote.
    Zsh,
    /// zsh, given the text whole (`zsh -c`, `eval`, a backquote body).
    ZshWhole,
}

impl Reader {
    /// The same shell given a text whole, as it reads a backquote body when it runs it.
    pub(super) fn whole(self) -> Reader {
        match self {
            Reader::Bash | Reader::BashWhole => Reader::BashWhole,
            Reader::Zsh | Reader::ZshWhole => Reader::ZshWhole,
            Reader::Unknown => Reader::Unknown,
        }
    }
}

/// The code of `source` that `reader` runs, and where the shell stops reading it. Bash runs a
/// script a complete command at a time. Given the text whole (`bash -c`, `eval`, a backquote
/// body), it runs nothing from the command holding its first syntax error on. A shell session
/// that reads what the agent types (a terminal) drops that command, with the rest of the line
/// the error is on, and reads on from the next line; one that meets the end of the text inside
/// a quote waits for more input, so that text is walked as read.
///
/// zsh reads much that bash refuses (`if (x) { … }`, `while x { … }`, `ls ./app/(x)/`), so what
/// bash refuses is walked as read. A text given whole that bash finds ending inside a quote or
/// a backquote is said to run nothing (zsh parses such a text in full before it runs any, and
/// runs none of it), and the walk does not ask about what it cannot read there; a
/// parenthesised name inside a word is read as zsh matches it (see [`zsh_name_groups`]).
/// A glob qualifier that runs code is reported by the walk ([`code_qualifiers`]).
fn what_the_shell_reads(source: Source, reader: Reader) -> (Source, Option<String>) {
    const MOST_REFUSED_LINES: usize = 64;
    // An alias can make a line bash would refuse a valid one (`alias x=''` then `x ( … )`).
    if source.text().contains("alias") {
        return (source, None);
    }
    match reader {
        Reader::Unknown => (source, None),
        Reader::BashWhole => match refusal::refusal(source.text()) {
            Some(refused) => {
                let stops = refused.describe(source.text(), "bash");
                (source.slice(0..refused.unit_start), Some(stops))
            }
            None => (with_trailing_backslash_literal(source), None),
        },
        Reader::Zsh => (zsh_name_groups(source), None),
        Reader::ZshWhole => {
            let source = zsh_name_groups(source);
            let stops = refusal::refusal(source.text())
                .filter(Refusal::zsh_refuses_too)
                .map(|refused| refused.describe(source.text(), "zsh"));
            (source, stops)
        }
        Reader::Bash => {
            let mut source = source;
            let mut stops = None;
            for _ in 0..MOST_REFUSED_LINES {
                let Some(refused) = refusal::refusal(source.text())
                    .filter(|refused| matches!(refused.kind, RefusalKind::UnexpectedToken(_)))
                else {
                    break;
                };
                let text = source.text();
                let line_end = text[refused.at..]
                    .find('\n')
                    .map_or(text.len(), |end| refused.at + end + 1);
                // A terminal keeps the refused line in its history, which a later `!!` or
                // `^old^new` runs again: then nothing is dropped.
                if text[line_end..].contains('!') || text[line_end..].lines().any(|line| line.starts_with('^')) {
                    break;
                }
                if stops.is_none() {
                    let line = text[..refused.at].matches('\n').count() + 1;
                    stops = Some(format!(
                        "bash refuses line {line} (a syntax error): nothing of the command holding it runs, \
                         and a shell given the text whole runs nothing after it either"
                    ));
                }
                let mut builder = SourceBuilder::default();
                builder.push_mapped(&source, 0..refused.unit_start);
                builder.push_mapped(&source, line_end..text.len());
                source = builder.finish();
            }
            (with_trailing_backslash_literal(source), stops)
        }
    }
}

/// The text with a lone backslash at its very end read as bash reads it, as a literal
/// backslash (`ls D:\dir\`).
fn with_trailing_backslash_literal(source: Source) -> Source {
    let text = source.text();
    let trailing = text.len() - text.trim_end_matches('\\').len();
    if trailing.is_multiple_of(2) {
        return source;
    }
    let mut builder = SourceBuilder::default();
    builder.push_mapped(&source, 0..text.len() - 1);
    builder.push_from("\\\\", source.span(text.len() - 1..text.len()));
    builder.finish()
}

/// Where the grammar reads `==` or `=~` outside a test as the operator of one (`echo == x`,
/// `find / -newer == -delete`, `echo ==; ls`), where bash reads a word: the empty range before
/// each, where a backslash makes it the word it is. Read as an operator, the grammar drops it
/// from the command's words, or (at a word's end) reads the rest of the line into an error.
fn test_operators_as_words(root: Node, text: &str) -> Vec<std::ops::Range<usize>> {
    if !text.contains("==") && !text.contains("=~") {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if !child.is_named()
                && matches!(parse::kind(&child), "==" | "=~")
                && matches!(parse::kind(&node), "command" | "ERROR")
            {
                found.push(child.start_byte()..child.start_byte());
            }
            stack.push(child);
        }
    }
    found.sort_by_key(|range| range.start);
    found
}

/// The `<>` operators (open for reading and writing) the grammar could not read: each leaves
/// an ERROR that ends with its `<` or starts with its `>`.
fn read_write_operators(root: Node, text: &str) -> Vec<std::ops::Range<usize>> {
    if !root.has_error() {
        return Vec::new();
    }
    let bytes = text.as_bytes();
    let operator_at = |at: usize| {
        (bytes.get(at) == Some(&b'<') && bytes.get(at + 1) == Some(&b'>') && (at == 0 || bytes[at - 1] != b'<'))
            .then_some(at..at + 2)
    };
    let mut found: Vec<std::ops::Range<usize>> = outermost_errors(root)
        .into_iter()
        .filter(|error| !error.byte_range().is_empty())
        .filter_map(|error| {
            let range = error.byte_range();
            operator_at(range.end - 1).or_else(|| range.start.checked_sub(1).and_then(operator_at))
        })
        .collect();
    found.sort_by_key(|range| range.start);
    found.dedup();
    found
}

/// Whether a `declare`, `typeset`, `export` or `local` assigns nothing and prints variables
/// (`export -p`, `declare -p NAME`, `declare` alone): then it is a command whose output counts.
fn is_printing_declaration(node: Node, text: &str) -> bool {
    let mut cursor = node.walk();
    let mut words = Vec::new();
    for child in node.named_children(&mut cursor) {
        if !matches!(parse::kind(&child), "word" | "variable_name") {
            return false;
        }
        words.push(&text[child.byte_range()]);
    }
    let options_only = words.iter().all(|word| word.starts_with('-'));
    let prints_named = words.iter().any(|word| word.starts_with('-') && word.contains('p'));
    options_only || prints_named
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

/// The output of several statements in a row: one statement's own, network data if any of
/// them fetches, else a secret if any of them prints one.
fn combine(outputs: Vec<Output>) -> Output {
    // What prints nothing (`cd ~/.ssh && pwd`) adds nothing to the rest.
    let printing: Vec<Output> = outputs
        .iter()
        .filter(|output| !matches!(output, Output::Literal(word) if word.value() == Some("")))
        .cloned()
        .collect();
    let outputs = if printing.len() == 1 { printing } else { outputs };
    match outputs.len() {
        0 => Output::Unknown,
        1 => outputs.into_iter().next().unwrap_or(Output::Unknown),
        _ if outputs.contains(&Output::Network) => Output::Network,
        // A secret printed by one of them is in what they print together (`compgen -v | while
        // read v; do echo "$v=${!v}"; done`).
        _ => outputs
            .into_iter()
            .find(|output| matches!(output, Output::Secret(_)))
            .unwrap_or(Output::Unknown),
    }
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

/// `cmd > f <<< "x"`: the grammar reads the here-string as an ERROR `<<` followed by a `<`
/// redirect. Bash reads a here-string.
/// `3<<<'text'`: the grammar reads a here-string on a descriptor as a `3<` redirect holding an
/// ERROR `<<` before its text.
pub(super) fn is_descriptor_herestring(node: Node, source: &Source) -> bool {
    let mut cursor = node.walk();
    let children: Vec<Node> = node.children(&mut cursor).collect();
    parse::kind(&node) == "file_redirect"
        && children.iter().any(|child| parse::kind(child) == "file_descriptor")
        && children
            .iter()
            .any(|child| child.is_error() && &source.text()[child.byte_range()] == "<<")
        && source.text()[node.byte_range()].contains("<<<")
}

pub(super) fn is_split_herestring(node: Node, source: &Source) -> bool {
    node.is_error()
        && &source.text()[node.byte_range()] == "<<"
        && node.next_sibling().is_some_and(|next| {
            parse::kind(&next) == "file_redirect"
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
        .filter(|redirect| parse::kind(redirect) == "heredoc_redirect")
        .find_map(|redirect| {
            (0..redirect.named_child_count() as u32)
                .filter_map(|index| redirect.named_child(index))
                .find(|child| parse::kind(child) == "pipeline")
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

/// A statement of an `&&`/`||` list.
struct ListItem<'tree> {
    node: Node<'tree>,
    /// It follows `||`: it runs when what comes before it failed.
    after_or: bool,
}

/// The statements of a list in order, flattening the nested lists the grammar builds for
/// `a && b && c`.
fn list_items(node: Node) -> Vec<ListItem> {
    let mut items = Vec::new();
    let mut pending = vec![(node, false)];
    while let Some((current, after_or)) = pending.pop() {
        if current.kind() == "list" {
            let mut cursor = current.walk();
            let mut children = Vec::new();
            let mut or = after_or;
            for child in current.children(&mut cursor) {
                if child.is_named() {
                    children.push((child, or));
                } else {
                    or = child.kind() == "||";
                }
            }
            pending.extend(children.into_iter().rev());
        } else {
            items.push(ListItem {
                node: current,
                after_or,
            });
        }
    }
    items
}

/// Whether a statement ends the shell (`exit`, or `return` in a function), also as the last of
/// a `{ …; }` group: what follows `cd x || exit` runs only where `cd` went.
fn ends_the_shell(node: Node, text: &str, in_function: bool) -> bool {
    match node.kind() {
        "command" => node
            .child_by_field_name("name")
            .is_some_and(|name| match &text[name.byte_range()] {
                "exit" => true,
                "return" => in_function,
                _ => false,
            }),
        "redirected_statement" => node
            .child_by_field_name("body")
            .is_some_and(|body| ends_the_shell(body, text, in_function)),
        "compound_statement" if node.child(0).is_some_and(|first| first.kind() == "{") => {
            let mut cursor = node.walk();
            let last = node
                .named_children(&mut cursor)
                .filter(|child| child.kind() != "comment")
                .last();
            last.is_some_and(|last| ends_the_shell(last, text, in_function))
        }
        _ => false,
    }
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

/// Whether `command` prints only a count of what it reads (`wc -l`, `wc -c`): options, no
/// files, no redirections.
fn counts_only(command: &Command) -> bool {
    command.name == "wc"
        && command.redirects.is_empty()
        && command.args().iter().all(|arg| {
            arg.value().is_some_and(|option| {
                matches!(
                    option,
                    "-l" | "-c" | "-w" | "-m" | "--lines" | "--bytes" | "--words" | "--chars"
                )
            })
        })
}

/// Whether a pipeline stage only filters, sorts or cuts the lines it reads into its output,
/// writing nothing elsewhere (`sort`, `grep KEY`, `cut -d= -f1`; not `sort -o FILE`).
fn passes_lines_on(command: &Command) -> bool {
    let writes_a_file = command.name == "sort"
        && command
            .args()
            .iter()
            .any(|arg| arg.text().starts_with("-o") || arg.text().starts_with("--o"));
    matches!(
        command.name.as_str(),
        "sort" | "cut" | "tr" | "grep" | "egrep" | "fgrep" | "rev" | "nl" | "head" | "tail"
    ) && command.redirects.is_empty()
        && !writes_a_file
}

/// Whether `text` is one command made by brace expansion that the grammar cannot read: a
/// `{…,…}` word first (`{ls,-la}`, `{rm,-rf,/}`), then only plain words, all on one line, so
/// that the expanded command stands for all of it.
fn is_brace_command(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/-=:@%+,".contains(c);
    !text.trim().contains('\n')
        && words
            .next()
            .is_some_and(|first| first.starts_with('{') && first.ends_with('}') && first.contains(','))
        && words.all(|word| word.chars().all(plain))
}

/// A number written against the redirection that follows it (`bash 0</tmp/f`): bash reads it
/// as the redirection's file descriptor, where the grammar makes it an argument of its own.
pub(super) fn is_detached_descriptor(node: Node, text: &str) -> bool {
    // A redirection starts right after the number: anything else there, and the number is a
    // word (finding the node after it climbs the tree, which is slow in a long script).
    if parse::kind(&node) != "number" || !text[node.end_byte()..].starts_with(['<', '>']) {
        return false;
    }
    // The node that follows it: the grammar may hang the redirection on the command, on the
    // redirected statement around it, or on a list the command ends (`a && b 0<f`).
    let next = std::iter::successors(Some(node), |n| n.parent()).find_map(|n| n.next_sibling());
    next.is_some_and(|redirect| {
        parse::kind(&redirect) == "file_redirect"
            && redirect.start_byte() == node.end_byte()
            && redirect.child_by_field_name("descriptor").is_none()
    })
}

/// The words after the command name that are assignments after `set -k` (`NAME=value` with the
/// name written plainly), taken out of `argv`.
fn keyword_assignments(argv: &mut Vec<Word>) -> Vec<(String, Word)> {
    let mut assignments = Vec::new();
    let mut index = 1;
    while index < argv.len() {
        let name = argv[index]
            .text()
            .split_once('=')
            .map(|(name, _)| name)
            .filter(|name| super::expansion::is_name(name));
        match name {
            Some(name) => {
                let name = name.to_owned();
                let word = argv.remove(index);
                assignments.push((name.clone(), word.strip_prefix(name.len() + 1)));
            }
            None => index += 1,
        }
    }
    assignments
}
