//! Tree-sitter word nodes turned into [`Word`]s as bash would see them: quotes removed,
//! escapes decoded, and expansions resolved from the shell state where their value is known
//! and marked dynamic where it is not. Substitutions inside a word are walked as layers.

use super::arithmetic::arithmetic_names;
use super::expansion::{hidden_substitutions, is_name, is_user_name, other_home, parse_expansion, transformed};
use super::{Cursor, Walker};
use crate::command::{Input, Output};
use crate::parse;
use crate::source::{PLACEHOLDER_OPEN, Source, Span, parse_placeholder};
use crate::word::{Dynamic, DynamicKind, FIELD_BREAK, Part, Quoting, Word, ansi_c_string};
use tree_sitter::Node;

/// What the decoder asks of its surroundings.
pub(crate) trait Scope {
    /// The value of a variable set earlier, `$HOME`, or a positional parameter, if known.
    /// `Some` of an empty word means known to be empty (after `unset`).
    fn variable(&mut self, name: &str) -> Option<Word>;
    /// The elements of an array set earlier (`a=(x y)`), if known.
    fn array(&mut self, name: &str) -> Option<Vec<Word>>;
    /// The name a name reference points at (`declare -n r=x`): `None` when `name` is not one,
    /// `Some(None)` when that name is only known when it runs.
    fn reference(&mut self, name: &str) -> Option<Option<String>>;
    /// Runs a command or process substitution as a layer of its own and summarizes its output.
    fn substitution(&mut self, node: Node, source: &Source) -> Output;
    /// Runs `range` of `source` as the code of a command substitution the parser did not see.
    fn hidden_substitution(&mut self, range: std::ops::Range<usize>, source: &Source) -> Output;
    /// An arithmetic expression is evaluated: the variables it names are too.
    fn arithmetic(&mut self, node: Node, source: &Source);
    /// A value used as a variable's name (`${!x}`): the array subscript in it is evaluated.
    fn evaluate_name(&mut self, name: &Word);
    /// A value expanded once more (`${x@P}`): the substitutions in it run.
    fn expand_again(&mut self, value: &Word);
    /// Variables evaluated as arithmetic (named in a subscript or an offset).
    fn arithmetic_names(&mut self, names: Vec<String>);
}

/// The variable whose value names the one expanded, in `${!x…}` followed by an operator
/// (`${!x:-y}`); not `${!x*}`, `${!x@}` and `${!x[@]}`, which list names.
fn indirect_with_operator(raw: &str) -> Option<&str> {
    let inner = raw.strip_prefix("${!")?;
    let length = inner
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    let (name, rest) = inner.split_at(length);
    (length > 0 && !rest.starts_with(['*', '@', '[', '}'])).then_some(name)
}

/// The arithmetic texts of a `${…}` expansion: its subscript, and its offset and length.
fn arithmetic_in_expansion(raw: &str) -> Vec<&str> {
    let Some(inner) = raw.strip_prefix("${").and_then(|inner| inner.strip_suffix('}')) else {
        return Vec::new();
    };
    let inner = inner.strip_prefix('!').unwrap_or(inner);
    let name_length = inner
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'@' || *b == b'*')
        .count();
    let mut rest = &inner[name_length..];
    let mut texts = Vec::new();
    if let Some((subscript, after)) = rest.strip_prefix('[').and_then(|subscript| subscript.split_once(']')) {
        texts.push(subscript);
        rest = after;
    }
    if let Some(offset) = rest.strip_prefix(':')
        && !offset.starts_with(['-', '=', '+', '?'])
    {
        texts.push(offset);
    }
    texts
}

/// What writing `value` into a word costs, in bytes: its text and its parts (a value made of
/// unknown parts grows by parts, not text).
fn expansion_cost(value: &Word) -> usize {
    value.text().len() + value.parts.len() * std::mem::size_of::<Part>()
}

/// The decoder's view of the walker: variables from the shell state, substitutions walked as
/// layers.
pub(super) struct WordScope<'w, 'c, 'a> {
    pub(super) walker: &'w mut Walker<'c>,
    pub(super) at: &'w mut Cursor<'a>,
    /// What the command whose words these are reads: an output process substitution
    /// (`tee >(sh)`) reads what that command writes, which is at best what it read.
    pub(super) feeds: &'w Input,
}

impl Scope for WordScope<'_, '_, '_> {
    fn reference(&mut self, name: &str) -> Option<Option<String>> {
        self.at.shell.references.get(name).cloned()
    }

    fn variable(&mut self, name: &str) -> Option<Word> {
        let value = self.at.shell.variable(name, self.walker.context);
        if value.is_none() && self.walker.context.is_unset(name) {
            self.walker.analysis.uses_unset_variables = true;
        }
        let value = value?;
        self.walker.may_expand(expansion_cost(&value)).then_some(value)
    }

    fn array(&mut self, name: &str) -> Option<Vec<Word>> {
        let shell = &self.at.shell;
        let elements = match name {
            "@" | "*" if shell.positional.len() > 1 => Some(shell.positional[1..].to_vec()),
            "@" | "*" => None,
            _ => shell.arrays.get(name).cloned(),
        }?;
        let cost = elements.iter().map(expansion_cost).sum();
        self.walker.may_expand(cost).then_some(elements)
    }

    fn substitution(&mut self, node: Node, _source: &Source) -> Output {
        let stdin = match self.feeds {
            Input::Piped(Output::Network) => Input::Piped(Output::Network),
            _ => Input::Piped(Output::Unknown),
        };
        self.walker.substitution(node, &self.at.deeper(), &stdin)
    }

    fn hidden_substitution(&mut self, range: std::ops::Range<usize>, _source: &Source) -> Output {
        self.walker.hidden_substitution(range, self.at)
    }

    fn arithmetic(&mut self, node: Node, _source: &Source) {
        let names = arithmetic_names(node, self.at.source);
        self.walker.evaluate_arithmetic(names, self.at);
        self.walker.quoted_in_arithmetic(node, self.at);
    }

    fn evaluate_name(&mut self, name: &Word) {
        self.walker.evaluate_name(name, false, self.at);
    }

    fn expand_again(&mut self, value: &Word) {
        self.walker.expand_again(value, "a prompt expansion (`@P`)", self.at);
    }

    fn arithmetic_names(&mut self, names: Vec<String>) {
        self.walker.evaluate_arithmetic(names, self.at);
    }
}

/// Decodes word nodes of one source.
pub(crate) struct Decoder<'a> {
    source: &'a Source,
    scope: &'a mut dyn Scope,
    parts: Vec<Part>,
}

impl<'a> Decoder<'a> {
    pub fn new(source: &'a Source, scope: &'a mut dyn Scope) -> Decoder<'a> {
        Decoder {
            source,
            scope,
            parts: Vec::new(),
        }
    }

    /// Decodes adjacent nodes that together form one shell word (tree-sitter sometimes splits a
    /// word, as with `$"…"`, which comes as `$` and a string).
    pub fn word(&mut self, nodes: &[Node]) -> Word {
        self.parts.clear();
        self.pieces(nodes, false);
        let span = match (nodes.first(), nodes.last()) {
            (Some(first), Some(last)) => self.source.span(first.start_byte()..last.end_byte()),
            _ => Span::default(),
        };
        let parts = std::mem::take(&mut self.parts);
        let parts = self.expand_tilde(parts);
        let parts = self.expand_assignment_tildes(parts, nodes);
        Word::from_parts(parts, span)
    }

    /// The body of a heredoc. A quoted delimiter (`<<'EOF'`) keeps the body as written;
    /// otherwise expansions and substitutions in it are resolved as in double quotes.
    pub fn heredoc_body(&mut self, body: Node, quoted: bool, strip_tabs: bool) -> Word {
        self.parts.clear();
        let range = body.byte_range();
        let span = self.source.span(range.clone());
        if quoted {
            let raw = &self.source.text()[range.clone()];
            if strip_tabs {
                let text: String = raw
                    .split_inclusive('\n')
                    .map(|line| line.trim_start_matches('\t'))
                    .collect();
                self.push_text(&text, Quoting::Quoted, range);
            } else {
                self.push_text_range(range, Quoting::Quoted);
            }
            let parts = std::mem::take(&mut self.parts);
            return Word::from_parts(parts, span);
        }
        self.quoted_with_expansions(body, range, "heredoc_content", Decoder::heredoc_text);
        let parts = std::mem::take(&mut self.parts);
        Word::from_parts(parts, span)
    }

    /// Plain text of an unquoted heredoc. The parser misses `$(…)` and backticks on lines that
    /// start with spaces, though bash runs them: they are found here and run all the same.
    fn heredoc_text(&mut self, range: std::ops::Range<usize>) {
        let raw = &self.source.text()[range.clone()];
        for inner in hidden_substitutions(raw) {
            self.scope
                .hidden_substitution(range.start + inner.start..range.start + inner.end, self.source);
        }
        self.double_quoted_text(range);
    }

    /// Pieces of one word in a row. An anonymous `$` before a string makes it a `$"…"`
    /// (translated) string; before anything else it is a plain `$`.
    fn pieces(&mut self, nodes: &[Node], quoted: bool) {
        let mut previous_was_dollar = false;
        for node in nodes {
            if !node.is_named() && parse::kind(node) == "$" {
                // `-$$`: at the end of a concatenation the grammar makes the shell's PID one
                // anonymous `$` token two bytes long.
                if node.byte_range().len() == 2 {
                    let kind = DynamicKind::Variable {
                        name: "$".to_owned(),
                        guarded: false,
                    };
                    self.push_dynamic_range(node.byte_range(), kind);
                } else {
                    previous_was_dollar = true;
                }
                continue;
            }
            if previous_was_dollar && parse::kind(node) != "string" {
                self.push_text("$", Quoting::Bare, node.start_byte() - 1..node.start_byte());
            }
            previous_was_dollar = false;
            self.node(*node, quoted);
        }
        if previous_was_dollar && let Some(last) = nodes.last() {
            self.push_text("$", Quoting::Bare, last.byte_range());
        }
    }

    fn text(&self, node: Node) -> &'a str {
        &self.source.text()[node.byte_range()]
    }

    fn node(&mut self, node: Node, quoted: bool) {
        match parse::kind(&node) {
            "string" => self.double_quoted(node),
            "raw_string" => {
                let range = node.byte_range();
                self.push_text_range(
                    range.start + 1..range.end.saturating_sub(1).max(range.start + 1),
                    Quoting::Quoted,
                );
            }
            "ansi_c_string" => {
                let raw = self.text(node);
                let inner = raw.strip_prefix("$'").unwrap_or(raw);
                let inner = inner.strip_suffix('\'').unwrap_or(inner);
                let decoded = ansi_c_string(inner);
                self.push_text(&decoded, Quoting::Quoted, node.byte_range());
            }
            "translated_string" => self.double_quoted(node),
            "concatenation" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.children(&mut cursor).collect();
                self.pieces(&children, quoted);
            }
            "simple_expansion" | "expansion" => self.expansion(node, quoted),
            "command_substitution" => {
                let output = self.scope.substitution(node, self.source);
                self.push_output(node, output, quoted, false);
            }
            "process_substitution" => {
                let output = self.scope.substitution(node, self.source);
                self.push_output(node, output, quoted, true);
            }
            "arithmetic_expansion" => {
                self.substitutions_within(node);
                self.scope.arithmetic(node, self.source);
                self.push_dynamic(node, DynamicKind::Arithmetic);
            }
            "word"
            | "command_name"
            | "number"
            | "extglob_pattern"
            | "brace_expression"
            | "regex"
            | "test_operator"
            | "file_descriptor"
            | "special_variable_name"
            | "variable_name" => {
                if parse::kind(&node) == "command_name" && node.named_child_count() > 0 {
                    let mut cursor = node.walk();
                    let children: Vec<Node> = node.named_children(&mut cursor).collect();
                    for child in children {
                        self.node(child, quoted);
                    }
                } else if quoted {
                    self.push_text_range(node.byte_range(), Quoting::Quoted);
                } else {
                    self.bare(node);
                }
            }
            _ => {
                // Anything else (ERROR nodes, unusual shapes): keep the raw text, and still run
                // every substitution inside it.
                self.substitutions_within(node);
                if quoted {
                    self.push_text_range(node.byte_range(), Quoting::Quoted);
                } else {
                    self.bare(node);
                }
            }
        }
    }

    /// Bare text: backslash escapes quote the next character, and an empty backquote
    /// substitution (``g``it``, which the grammar leaves inside the word) writes nothing.
    fn bare(&mut self, node: Node) {
        let range = node.byte_range();
        let raw = self.text(node);
        if !raw.contains(['\\', '`']) {
            self.push_text_range(range, Quoting::Bare);
            return;
        }
        let mut start = 0;
        let mut chars = raw.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            // Only blanks between two backquotes: a substitution that writes nothing.
            if c == '`'
                && let Some(close) = raw[i + 1..].find(|next: char| !matches!(next, ' ' | '\t' | '\n'))
                && raw[i + 1 + close..].starts_with('`')
            {
                if i > start {
                    self.push_text_range(range.start + start..range.start + i, Quoting::Bare);
                }
                start = i + 1 + close + 1;
                while chars.next_if(|(at, _)| *at < start).is_some() {}
                continue;
            }
            if c != '\\' {
                continue;
            }
            if i > start {
                self.push_text_range(range.start + start..range.start + i, Quoting::Bare);
            }
            match chars.next() {
                Some((j, escaped)) => {
                    let end = j + escaped.len_utf8();
                    self.push_text_range(range.start + j..range.start + end, Quoting::Quoted);
                    start = end;
                }
                None => start = raw.len(),
            }
        }
        if start < raw.len() {
            self.push_text_range(range.start + start..range.end, Quoting::Bare);
        }
    }

    /// The inside of `"…"`: `\$ \` \" \\` lose their backslash, expansions are resolved.
    fn double_quoted(&mut self, node: Node) {
        let range = node.byte_range();
        let text = self.source.text();
        let inner_start = text[range.clone()]
            .find('"')
            .map_or(range.start, |i| range.start + i + 1);
        let inner_end = if range.end > inner_start && text[..range.end].ends_with('"') {
            range.end - 1
        } else {
            range.end
        };
        self.quoted_with_expansions(
            node,
            inner_start..inner_end,
            "string_content",
            Decoder::double_quoted_text,
        );
    }

    /// Text between `range`'s expansions, decoded by `text`, with the expansions (children of
    /// `node` other than `plain` pieces) decoded as quoted.
    fn quoted_with_expansions(
        &mut self,
        node: Node,
        range: std::ops::Range<usize>,
        plain: &str,
        text: fn(&mut Self, std::ops::Range<usize>),
    ) {
        let mut at = range.start;
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            if parse::kind(&child) == plain {
                continue;
            }
            if child.start_byte() > at {
                text(self, at..child.start_byte());
            }
            self.node(child, true);
            at = child.end_byte().max(at);
        }
        if range.end > at {
            text(self, at..range.end);
        }
    }

    fn double_quoted_text(&mut self, range: std::ops::Range<usize>) {
        let raw = &self.source.text()[range.clone()];
        if !raw.contains('\\') {
            self.push_text_range(range, Quoting::Quoted);
            return;
        }
        let mut start = 0;
        let bytes = raw.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'\\' && i + 1 < bytes.len() && matches!(bytes[i + 1], b'$' | b'`' | b'"' | b'\\' | b'\n') {
                if i > start {
                    self.push_text_range(range.start + start..range.start + i, Quoting::Quoted);
                }
                if bytes[i + 1] != b'\n' {
                    self.push_text_range(range.start + i + 1..range.start + i + 2, Quoting::Quoted);
                }
                i += 2;
                start = i;
            } else {
                i += 1;
            }
        }
        if start < raw.len() {
            self.push_text_range(range.start + start..range.end, Quoting::Quoted);
        }
    }

    fn expansion(&mut self, node: Node, quoted: bool) {
        let raw = self.text(node);
        let parsed = parse_expansion(raw);
        if parsed.nested {
            self.substitutions_within(node);
        }
        // A subscript (`${a[k]}`) and an offset or length (`${x:k}`, `${x:0:k}`) are arithmetic:
        // the variables they name are evaluated, and a value holding `a[$(…)]` runs it.
        let names: Vec<String> = arithmetic_in_expansion(raw)
            .into_iter()
            .flat_map(super::arithmetic::identifiers)
            .collect();
        if !names.is_empty() {
            self.scope.arithmetic_names(names);
        }
        if let (Some(name), Some(index)) = (&parsed.name, &parsed.index) {
            self.element(node, name, index, quoted);
            return;
        }
        // `"$@"` is one field per positional parameter, like `"${array[@]}"`.
        if let Some(name @ ("@" | "*")) = parsed.name.as_deref()
            && parsed.plain
            && self.scope.array(name).is_some()
        {
            self.element(node, name, name, quoted);
            return;
        }
        // `${!x:-y}`, `${!x#p}`…: indirection with an operator still evaluates the name x holds.
        if !parsed.indirect
            && let Some(pointer) = indirect_with_operator(raw)
            && let Some(pointed) = self.scope.variable(pointer)
        {
            self.scope.evaluate_name(&pointed);
        }
        if let Some(pointer) = parsed.name.as_deref().filter(|_| parsed.indirect)
            && let Some(target) = self.scope.reference(pointer)
        {
            // `${!r}` of a name reference: the name it points at.
            match target {
                Some(target) => {
                    let quoting = if quoted { Quoting::Quoted } else { Quoting::Expanded };
                    self.push_text(&target, quoting, node.byte_range());
                }
                None => self.push_dynamic(node, DynamicKind::Other),
            }
            return;
        }
        if let Some(pointer) = parsed.name.as_deref().filter(|_| parsed.indirect) {
            // `${!x}`: the variable named by x's value, whose subscript bash evaluates.
            let pointed = self.scope.variable(pointer);
            if let Some(pointed) = &pointed {
                self.scope.evaluate_name(pointed);
            }
            let target = pointed.and_then(|name| name.value().filter(|name| is_name(name)).map(str::to_owned));
            match target
                .as_deref()
                .and_then(|target| Some((target, self.scope.variable(target)?)))
            {
                Some((_, value)) => self.push_value(value, quoted, self.source.span(node.byte_range())),
                None => match target {
                    Some(target) => self.push_dynamic(
                        node,
                        DynamicKind::Variable {
                            name: target,
                            guarded: false,
                        },
                    ),
                    None => self.push_dynamic(node, DynamicKind::Other),
                },
            }
            return;
        }
        // `${x@P}` expands x's value as a prompt, which runs its command substitutions.
        if let Some(name) = parsed.name.as_deref().filter(|_| raw.ends_with("@P}"))
            && let Some(value) = self.scope.variable(name)
            && (value.text().contains("$(") || value.text().contains('`'))
        {
            self.scope.expand_again(&value);
        }
        // `${x@E}`, `${x^^}`…: x's value transformed.
        if let Some(name) = parsed.name.as_deref()
            && let Some(value) = self.scope.variable(name)
            && let Some(changed) = value.value().and_then(|value| transformed(raw, name, value))
        {
            let span = self.source.span(node.byte_range());
            self.push_value(Word::literal(&changed, span), quoted, span);
            return;
        }
        let value = match &parsed.name {
            Some(name) if parsed.plain || parsed.guarded || parsed.default_if_empty || parsed.alternative => {
                self.scope.variable(name)
            }
            _ => None,
        };
        match &value {
            // `${X:-default}` of a variable known to be empty: the default.
            Some(value) if value.text().is_empty() && parsed.default_if_empty => {
                self.operand(node, quoted);
                return;
            }
            // `${X:+alternative}`: the alternative when X is known not to be empty.
            Some(value) if parsed.alternative => {
                if !value.text().is_empty() {
                    self.operand(node, quoted);
                }
                return;
            }
            _ if parsed.alternative => {
                self.push_dynamic(node, DynamicKind::Other);
                return;
            }
            _ => {}
        }
        match (value, &parsed.name) {
            (Some(value), _) if !(value.text().is_empty() && (parsed.guarded || parsed.default_if_empty)) => {
                self.push_value(value, quoted, self.source.span(node.byte_range()));
            }
            (_, Some(name)) => {
                let kind = DynamicKind::Variable {
                    name: name.clone(),
                    guarded: parsed.guarded,
                };
                self.push_dynamic(node, kind);
            }
            (_, None) => self.push_dynamic(node, DynamicKind::Other),
        }
    }

    /// The value of an expansion, its text pointing at the expansion. How the value was quoted
    /// when assigned no longer matters: an unquoted expansion splits and globs. Only values
    /// taken from a glob stay paths matching it.
    fn push_value(&mut self, value: Word, quoted: bool, span: Span) {
        for part in value.parts {
            match part {
                Part::Literal { text, quoting, .. } => {
                    let quoting = match quoting {
                        Quoting::Matched => Quoting::Matched,
                        _ if quoted => Quoting::Quoted,
                        _ => Quoting::Expanded,
                    };
                    self.push_literal(&text, quoting, span);
                }
                dynamic => self.parts.push(dynamic),
            }
        }
    }

    /// The word after the operator of `${X:-word}` or `${X:+word}`; unquoted, it splits.
    fn operand(&mut self, node: Node, quoted: bool) {
        let mut operands = Vec::new();
        let mut after_operator = false;
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                if after_operator && cursor.node().is_named() {
                    operands.push(cursor.node());
                }
                after_operator |= cursor.field_name() == Some("operator");
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        if !after_operator {
            self.push_dynamic(node, DynamicKind::Other);
            return;
        }
        let first = self.parts.len();
        for operand in operands {
            self.node(operand, quoted);
        }
        let added = self.parts.split_off(first);
        let mut added = if quoted { added } else { self.expand_tilde(added) };
        for part in &mut added {
            if let Part::Literal { quoting, .. } = part
                && *quoting == Quoting::Bare
            {
                *quoting = Quoting::Expanded;
            }
        }
        self.parts.extend(added);
    }

    /// `${a[@]}`, `${a[*]}`, `${a[N]}` of an array known from an assignment.
    fn element(&mut self, node: Node, name: &str, index: &str, quoted: bool) {
        let Some(elements) = self.scope.array(name) else {
            self.push_dynamic(
                node,
                DynamicKind::Variable {
                    name: name.to_owned(),
                    guarded: false,
                },
            );
            return;
        };
        let span = self.source.span(node.byte_range());
        if index == "@" {
            // Of an empty array, `"${a[@]}"` makes no field at all.
            self.parts.push(Part::Literal {
                text: FIELD_BREAK.to_string(),
                quoting: Quoting::Expanded,
                span,
            });
        }
        let chosen: Vec<Word> = match index {
            "@" | "*" => elements,
            number => match number.parse::<usize>() {
                Ok(n) => elements.into_iter().nth(n).into_iter().collect(),
                Err(_) => {
                    self.push_dynamic(node, DynamicKind::Other);
                    return;
                }
            },
        };
        for (position, element) in chosen.into_iter().enumerate() {
            if position > 0 {
                let separator = if index == "@" { FIELD_BREAK } else { ' ' };
                let quoting = if index == "*" && quoted {
                    Quoting::Quoted
                } else {
                    Quoting::Expanded
                };
                self.parts.push(Part::Literal {
                    text: separator.to_string(),
                    quoting,
                    span,
                });
            }
            self.push_value(element, quoted, span);
        }
    }

    fn push_output(&mut self, node: Node, output: Output, quoted: bool, process: bool) {
        match output {
            Output::Literal(word) if !process => {
                let span = self.source.span(node.byte_range());
                let mut parts = word.parts;
                // Command substitution drops trailing newlines.
                while let Some(Part::Literal { text, .. }) = parts.last_mut() {
                    let kept = text.trim_end_matches('\n').len();
                    text.truncate(kept);
                    if !text.is_empty() {
                        break;
                    }
                    parts.pop();
                }
                for part in parts {
                    match part {
                        Part::Literal { text, .. } => {
                            let quoting = if quoted { Quoting::Quoted } else { Quoting::Expanded };
                            self.parts.push(Part::Literal { text, quoting, span });
                        }
                        dynamic => self.parts.push(dynamic),
                    }
                }
            }
            output if process => self.push_dynamic(node, DynamicKind::ProcessSubstitution(output)),
            output => self.push_dynamic(node, DynamicKind::CommandOutput(output)),
        }
    }

    /// Runs every command or process substitution nested anywhere inside `node`.
    fn substitutions_within(&mut self, node: Node) {
        let mut stack = vec![node];
        while let Some(current) = stack.pop() {
            let mut cursor = current.walk();
            for child in current.named_children(&mut cursor) {
                if matches!(parse::kind(&child), "command_substitution" | "process_substitution") {
                    self.scope.substitution(child, self.source);
                } else {
                    stack.push(child);
                }
            }
        }
    }

    fn push_dynamic(&mut self, node: Node, kind: DynamicKind) {
        self.push_dynamic_range(node.byte_range(), kind);
    }

    fn push_dynamic_range(&mut self, range: std::ops::Range<usize>, kind: DynamicKind) {
        let text = crate::source::display_text(&self.source.text()[range.clone()], &[]);
        self.parts.push(Part::Dynamic(Dynamic {
            kind,
            text,
            span: self.source.span(range),
        }));
    }

    fn push_text_range(&mut self, range: std::ops::Range<usize>, quoting: Quoting) {
        if range.is_empty() {
            return;
        }
        let text = &self.source.text()[range.clone()];
        self.push_text(text, quoting, range);
    }

    /// Pushes literal text, turning placeholders back into the dynamic parts they stand for.
    fn push_text(&mut self, text: &str, quoting: Quoting, range: std::ops::Range<usize>) {
        let span = self.source.span(range);
        if !self.source.has_placeholders() || !text.contains(PLACEHOLDER_OPEN) {
            self.push_literal(text, quoting, span);
            return;
        }
        let mut rest = text;
        while let Some(open) = rest.find(PLACEHOLDER_OPEN) {
            let after = &rest[open + PLACEHOLDER_OPEN.len_utf8()..];
            match parse_placeholder(after).and_then(|(index, used)| Some((self.source.dynamic(index)?.clone(), used))) {
                Some((dynamic, used)) => {
                    self.push_literal(&rest[..open], quoting, span);
                    match dynamic.kind {
                        // A substitution read apart whose output is known (`backquotes`).
                        DynamicKind::CommandOutput(Output::Literal(word)) if word.value().is_some() => {
                            let text = word.text().trim_end_matches('\n');
                            let quoting = if quoting == Quoting::Quoted {
                                Quoting::Quoted
                            } else {
                                Quoting::Expanded
                            };
                            self.push_literal(text, quoting, span);
                        }
                        _ => self.parts.push(Part::Dynamic(dynamic)),
                    }
                    rest = &after[used..];
                }
                None => {
                    self.push_literal(&rest[..open + PLACEHOLDER_OPEN.len_utf8()], quoting, span);
                    rest = after;
                }
            }
        }
        self.push_literal(rest, quoting, span);
    }

    fn push_literal(&mut self, text: &str, quoting: Quoting, span: Span) {
        if text.is_empty() {
            return;
        }
        if let Some(Part::Literal {
            text: previous,
            quoting: previous_quoting,
            span: previous_span,
        }) = self.parts.last_mut()
            && *previous_quoting == quoting
        {
            previous.push_str(text);
            *previous_span = previous_span.cover(span);
            return;
        }
        self.parts.push(Part::Literal {
            text: text.to_owned(),
            quoting,
            span,
        });
    }

    /// A word that brace expansion made (`{~,x}` makes `~` and `x`): bash expands braces
    /// first, then a tilde starting each word they make.
    pub fn tilde_after_braces(&mut self, word: Word) -> Word {
        if !word.text().starts_with('~') {
            return word;
        }
        let span = word.span;
        let parts = self.expand_tilde(word.into_parts());
        Word::from_parts(parts, span)
    }

    /// `~`, `~/x`, `~user/x` and `~+` at the start of a word.
    fn expand_tilde(&mut self, mut parts: Vec<Part>) -> Vec<Part> {
        let (text, span) = match parts.first() {
            Some(Part::Literal {
                text,
                quoting: Quoting::Bare,
                span,
            }) if text.starts_with('~') => (text.clone(), *span),
            _ => return parts,
        };
        let prefix_end = text.find('/').unwrap_or(text.len());
        if prefix_end == text.len() && parts.len() > 1 && !matches!(parts[1], Part::Literal { .. }) {
            return parts;
        }
        let Some(value) = self.tilde_value(&text[1..prefix_end], span) else {
            return parts;
        };
        let rest = text[prefix_end..].to_owned();
        parts.remove(0);
        if !rest.is_empty() {
            parts.insert(
                0,
                Part::Literal {
                    text: rest,
                    quoting: Quoting::Bare,
                    span,
                },
            );
        }
        parts.insert(0, value);
        parts
    }

    /// What `~` followed by `user` (nothing, `+`, `-` or a login name) expands to: a folder
    /// known here, a variable only known when it runs, or `None` where bash keeps the text.
    fn tilde_value(&mut self, user: &str, span: Span) -> Option<Part> {
        // An empty HOME is either set so, when `~` is empty, or unset (the walk keeps both
        // alike), when `~` is the login's home folder from the password database: unknown.
        let home = self
            .scope
            .variable("HOME")
            .and_then(|w| w.value().map(str::to_owned))
            .filter(|home| !home.is_empty());
        let replacement = match (user, home) {
            ("", Some(home)) => Some(home),
            ("+", _) => self.scope.variable("PWD").and_then(|w| w.value().map(str::to_owned)),
            (name, Some(home)) if is_user_name(name) => Some(other_home(&home, name)),
            _ => None,
        };
        match replacement {
            Some(value) => Some(Part::Literal {
                text: value,
                quoting: Quoting::Quoted,
                span,
            }),
            None if user.is_empty() || user == "-" || user == "+" => {
                let name = if user == "-" { "OLDPWD" } else { "HOME" };
                Some(Part::Dynamic(Dynamic {
                    kind: DynamicKind::Variable {
                        name: name.to_owned(),
                        guarded: false,
                    },
                    text: format!("~{user}"),
                    span,
                }))
            }
            None => None,
        }
    }

    /// The tildes bash expands inside a word that assigns, besides one starting the word: after
    /// the first `=` and after each `:` of a command's argument shaped `NAME=…` (`dd
    /// of=~/.bashrc`, `env P=~ …`: bash, outside POSIX mode, expands these wherever they are
    /// given) and of an array literal's `[N]=…` element, and after each `:` of an assignment's
    /// value (`PATH=~/a:~/b`). `nodes` are the word's nodes, whose parent tells which it is.
    fn expand_assignment_tildes(&mut self, parts: Vec<Part>, nodes: &[Node]) -> Vec<Part> {
        let holds_tilde = parts
            .iter()
            .any(|part| matches!(part, Part::Literal { text, quoting: Quoting::Bare, .. } if text.contains('~')));
        let Some(parent) = nodes.first().filter(|_| holds_tilde).and_then(Node::parent) else {
            return parts;
        };
        let first = match parts.first() {
            Some(Part::Literal {
                text,
                quoting: Quoting::Bare,
                ..
            }) => text.as_str(),
            _ => "",
        };
        let value_start = match parent.kind() {
            "array" if first.starts_with('[') => {
                (first.find("]=").map(|close| close + 2)).or_else(|| first.find("]+=").map(|close| close + 3))
            }
            "command" => assigned_name_length(first),
            "variable_assignment" => Some(0),
            _ => None,
        };
        let Some(value_start) = value_start else {
            return parts;
        };
        let last = parts.len() - 1;
        let mut expanded = Vec::with_capacity(parts.len() + 2);
        for (index, part) in parts.into_iter().enumerate() {
            let Part::Literal {
                text,
                quoting: Quoting::Bare,
                span,
            } = &part
            else {
                expanded.push(part);
                continue;
            };
            let from = if index == 0 { value_start } else { 0 };
            let mut kept = 0;
            let mut at = from;
            while let Some(offset) = text[at..].find('~') {
                let tilde = at + offset;
                at = tilde + 1;
                let follows_colon = tilde > from && text[..tilde].ends_with(':');
                let starts_value = index == 0 && tilde == value_start && value_start > 0;
                if !(follows_colon || starts_value) {
                    continue;
                }
                let prefix_end = text[at..].find(['/', ':']).map_or(text.len(), |end| at + end);
                if prefix_end == text.len() && index != last {
                    continue;
                }
                let Some(value) = self.tilde_value(&text[at..prefix_end], *span) else {
                    continue;
                };
                if kept < tilde {
                    expanded.push(Part::Literal {
                        text: text[kept..tilde].to_owned(),
                        quoting: Quoting::Bare,
                        span: *span,
                    });
                }
                expanded.push(value);
                kept = prefix_end;
                at = prefix_end;
            }
            match kept {
                0 => expanded.push(part),
                kept if kept < text.len() => expanded.push(Part::Literal {
                    text: text[kept..].to_owned(),
                    quoting: Quoting::Bare,
                    span: *span,
                }),
                _ => {}
            }
        }
        expanded
    }
}

/// The length of `NAME=` or `NAME+=` starting `text`, a command's argument bash reads as an
/// assignment for its tildes.
fn assigned_name_length(text: &str) -> Option<usize> {
    let equals = text.find('=')?;
    let name = text[..equals].strip_suffix('+').unwrap_or(&text[..equals]);
    is_name(name).then_some(equals + 1)
}
