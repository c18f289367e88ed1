//! Shell words decoded as bash would see them: quotes removed, escapes decoded, expansions
//! resolved where their value is known and marked dynamic where it is not.
//!
//! tree-sitter-bash returns raw source text (`r''m`, `\rm`, `$'\x72m'` all stay as typed); this
//! module turns a word node into a [`Word`]: a list of literal and dynamic [`Part`]s with their
//! spans in the original command. Expansions are resolved through a [`Scope`] supplied by the
//! walker, which knows the variables set earlier in the command and runs command substitutions
//! as layers of their own.

use crate::command::Output;
use crate::paths::AbsPath;
use crate::source::{PLACEHOLDER_OPEN, Source, Span, parse_placeholder};
use tree_sitter::Node;

/// The characters bash splits unquoted expansions on when `IFS` is not set.
pub const DEFAULT_IFS: &str = " \t\n";

/// Marks the next character of a glob pattern as literal (a quoted `*`). A private-use
/// character, so that backslashes stay free to be Windows path separators.
pub const GLOB_ESCAPE: char = '\u{E002}';

/// Separates the elements of `"${array[@]}"`: each becomes a field of its own, whatever it
/// holds.
const FIELD_BREAK: char = '\u{E003}';

/// One shell word after decoding.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub parts: Vec<Part>,
    pub span: Span,
    /// The decoded text, with each dynamic part shown as it was written (`$DIR`).
    text: String,
    dynamic: bool,
}

/// A piece of a word.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// Text known before the command runs.
    Literal { text: String, quoting: Quoting, span: Span },
    /// Text only known when the command runs.
    Dynamic(Dynamic),
}

/// How literal text was written, which decides whether bash still globs or splits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quoting {
    /// Inside quotes or escaped: taken as is.
    Quoted,
    /// Written bare: glob characters and braces keep their meaning.
    Bare,
    /// The value of an unquoted expansion: split on whitespace and globbed.
    Expanded,
    /// A value the shell got by expanding a glob (a `for` loop over `*`): each value is some
    /// path matching it, quoted or not.
    Matched,
}

/// Text that is only known when the command runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Dynamic {
    pub kind: DynamicKind,
    /// How it was written (`$DIR`, `"$(pwd)"`, `{}`), for messages.
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DynamicKind {
    /// A variable whose value is unknown; `guarded` when written `${VAR:?}` (never empty).
    Variable { name: String, guarded: bool },
    /// The output of a command substitution.
    CommandOutput(Output),
    /// The path of a process substitution, whose content is the output of its command.
    ProcessSubstitution(Output),
    /// An arithmetic expansion.
    Arithmetic,
    /// A path produced at run time under a known directory: `{}` of `find -exec`, the
    /// arguments `xargs` reads from `find`.
    PathUnder(PathsUnder),
    /// Arguments read from standard input by `xargs`, from a producer we cannot place.
    StandardInput,
    /// Anything else that expands at run time.
    Other,
}

/// Paths that a command finds under a directory, optionally filtered by name.
#[derive(Clone, Debug, PartialEq)]
pub struct PathsUnder {
    /// The directories searched; `None` when one of them could not be resolved.
    pub roots: Option<Vec<AbsPath>>,
    /// A `-name` pattern every found path matches, when the search had one.
    pub name: Option<String>,
    /// Whether the search has a filter narrower than "everything".
    pub filtered: bool,
}

/// What the decoder asks of its surroundings.
pub trait Scope {
    /// The value of a variable set earlier, `$HOME`, or a positional parameter, if known.
    /// `Some` of an empty word means known to be empty (after `unset`).
    fn variable(&mut self, name: &str) -> Option<Word>;
    /// The elements of an array set earlier (`a=(x y)`), if known.
    fn array(&mut self, name: &str) -> Option<Vec<Word>>;
    /// Runs a command or process substitution as a layer of its own and summarizes its output.
    fn substitution(&mut self, node: Node, source: &Source) -> Output;
    /// Runs `range` of `source` as the code of a command substitution the parser did not see.
    fn hidden_substitution(&mut self, range: std::ops::Range<usize>, source: &Source) -> Output;
    /// An arithmetic expression is evaluated: the variables it names are too.
    fn arithmetic(&mut self, node: Node, source: &Source);
}

impl Word {
    /// A word of literal text, as if quoted.
    pub fn literal(text: &str, span: Span) -> Word {
        Word::from_parts(
            vec![Part::Literal {
                text: text.to_owned(),
                quoting: Quoting::Quoted,
                span,
            }],
            span,
        )
    }

    /// A word of text decoded from `range` of `source` (an interpreter's string literal), dynamic
    /// where the text holds placeholders of `source`.
    pub fn from_source_text(text: &str, range: std::ops::Range<usize>, source: &Source) -> Word {
        let span = source.span(range);
        let mut parts = Vec::new();
        let mut rest = text;
        let literal = |parts: &mut Vec<Part>, text: &str| {
            if !text.is_empty() {
                parts.push(Part::Literal {
                    text: text.to_owned(),
                    quoting: Quoting::Quoted,
                    span,
                });
            }
        };
        while let Some(open) = rest.find(PLACEHOLDER_OPEN).filter(|_| source.has_placeholders()) {
            let after = &rest[open + PLACEHOLDER_OPEN.len_utf8()..];
            match parse_placeholder(after).and_then(|(index, used)| Some((source.dynamic(index)?.clone(), used))) {
                Some((dynamic, used)) => {
                    literal(&mut parts, &rest[..open]);
                    parts.push(Part::Dynamic(dynamic));
                    rest = &after[used..];
                }
                None => {
                    literal(&mut parts, &rest[..open + PLACEHOLDER_OPEN.len_utf8()]);
                    rest = after;
                }
            }
        }
        literal(&mut parts, rest);
        Word::from_parts(parts, span)
    }

    /// A word made of one dynamic part.
    pub fn dynamic(dynamic: Dynamic) -> Word {
        let span = dynamic.span;
        Word::from_parts(vec![Part::Dynamic(dynamic)], span)
    }

    pub fn from_parts(parts: Vec<Part>, span: Span) -> Word {
        let mut text = String::new();
        let mut dynamic = false;
        for part in &parts {
            match part {
                Part::Literal { text: t, .. } => text.push_str(t),
                Part::Dynamic(d) => {
                    dynamic = true;
                    text.push_str(&d.text);
                }
            }
        }
        Word {
            parts,
            span,
            text,
            dynamic,
        }
    }

    /// The word without the first `bytes` bytes of its text, which must be literal (the option
    /// letters before an attached value: `-uroot` → `root`).
    pub fn strip_prefix(&self, bytes: usize) -> Word {
        let mut remaining = bytes;
        let mut parts = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            match part {
                Part::Literal { text, quoting, span } if remaining > 0 => {
                    if text.len() <= remaining {
                        remaining -= text.len();
                    } else {
                        let cut = (remaining..=text.len())
                            .find(|&i| text.is_char_boundary(i))
                            .unwrap_or(text.len());
                        parts.push(Part::Literal {
                            text: text[cut..].to_owned(),
                            quoting: *quoting,
                            span: *span,
                        });
                        remaining = 0;
                    }
                }
                other => {
                    remaining = 0;
                    parts.push(other.clone());
                }
            }
        }
        Word::from_parts(parts, self.span)
    }

    /// The decoded text, dynamic parts shown as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The decoded text when the whole word is known.
    pub fn value(&self) -> Option<&str> {
        (!self.dynamic).then_some(self.text.as_str())
    }

    /// Whether the word is the literal `text`.
    pub fn is(&self, text: &str) -> bool {
        self.value() == Some(text)
    }

    pub fn is_dynamic(&self) -> bool {
        self.dynamic
    }

    /// The dynamic parts of the word.
    pub fn dynamics(&self) -> impl Iterator<Item = &Dynamic> {
        self.parts.iter().filter_map(|part| match part {
            Part::Dynamic(d) => Some(d),
            Part::Literal { .. } => None,
        })
    }

    /// The word as a glob pattern: bare glob characters kept, quoted ones preceded by
    /// [`GLOB_ESCAPE`]. `None` when a part is dynamic.
    pub fn pattern(&self) -> Option<String> {
        let mut out = String::with_capacity(self.text.len());
        for part in &self.parts {
            match part {
                Part::Literal { text, quoting, .. } => {
                    for c in text.chars() {
                        let literal = *quoting == Quoting::Quoted;
                        if literal && matches!(c, '*' | '?' | '[' | GLOB_ESCAPE) {
                            out.push(GLOB_ESCAPE);
                        }
                        out.push(c);
                    }
                }
                Part::Dynamic(_) => return None,
            }
        }
        Some(out)
    }

    /// Whether bash would glob this word: a bare `*`, `?` or `[`.
    pub fn has_glob(&self) -> bool {
        self.parts.iter().any(|part| match part {
            Part::Literal { text, quoting, .. } => *quoting != Quoting::Quoted && text.contains(['*', '?', '[']),
            Part::Dynamic(_) => false,
        })
    }

    /// The word as the value of a `for` loop over it: bare glob text becomes [`Quoting::Matched`].
    pub fn matched(mut self) -> Word {
        for part in &mut self.parts {
            if let Part::Literal { text, quoting, .. } = part
                && *quoting == Quoting::Bare
                && text.contains(['*', '?', '['])
            {
                *quoting = Quoting::Matched;
            }
        }
        self
    }

    /// The word as one field: the elements of `"${array[@]}"` joined by spaces, as in an
    /// assignment.
    pub fn single_field(mut self) -> Word {
        if !self.text.contains(FIELD_BREAK) {
            return self;
        }
        for part in &mut self.parts {
            if let Part::Literal { text, .. } = part {
                *text = text.replace(FIELD_BREAK, " ");
            }
        }
        Word::from_parts(self.parts, self.span)
    }

    /// The fields bash makes of this word with the default `IFS`: see [`Word::into_fields_with`].
    pub fn into_fields(self) -> Vec<Word> {
        self.into_fields_with(DEFAULT_IFS)
    }

    /// The fields bash makes of this word: the values of unquoted expansions are split on the
    /// characters of `ifs`, and bare braces are expanded (`{a,b}`, `{1..3}`).
    pub fn into_fields_with(self, ifs: &str) -> Vec<Word> {
        let splits = self.parts.iter().any(|p| {
            matches!(p, Part::Literal { text, quoting: Quoting::Expanded, .. }
                if text.contains(|c| ifs.contains(c) || c == FIELD_BREAK))
        });
        let split = if splits { self.split_on(ifs) } else { vec![self] };
        split.into_iter().flat_map(Word::expand_braces).collect()
    }

    fn split_on(self, ifs: &str) -> Vec<Word> {
        let span = self.span;
        let mut fields = Vec::new();
        let mut current: Vec<Part> = Vec::new();
        for part in self.parts {
            match part {
                Part::Literal {
                    text,
                    quoting: Quoting::Expanded,
                    span: part_span,
                } => {
                    let mut pieces = text.split(|c| ifs.contains(c) || c == FIELD_BREAK).peekable();
                    while let Some(piece) = pieces.next() {
                        if !piece.is_empty() {
                            current.push(Part::Literal {
                                text: piece.to_owned(),
                                quoting: Quoting::Expanded,
                                span: part_span,
                            });
                        }
                        if pieces.peek().is_some() && !current.is_empty() {
                            fields.push(Word::from_parts(std::mem::take(&mut current), span));
                        }
                    }
                }
                other => current.push(other),
            }
        }
        if !current.is_empty() {
            fields.push(Word::from_parts(current, span));
        }
        fields
    }

    /// Brace expansion of the first bare literal part holding a `{…,…}` or `{a..b}` group.
    fn expand_braces(self) -> Vec<Word> {
        const MOST: usize = 64;
        let found = self.parts.iter().enumerate().find_map(|(index, part)| match part {
            Part::Literal {
                text,
                quoting: Quoting::Bare,
                ..
            } => brace_group(text).map(|group| (index, group)),
            _ => None,
        });
        let Some((index, (open, close, alternatives))) = found else {
            return vec![self];
        };
        let Part::Literal { text, span, .. } = &self.parts[index] else {
            return vec![self];
        };
        let mut words = Vec::new();
        for alternative in alternatives.into_iter().take(MOST) {
            let mut parts = self.parts.clone();
            parts[index] = Part::Literal {
                text: format!("{}{}{}", &text[..open], alternative, &text[close + 1..]),
                quoting: Quoting::Bare,
                span: *span,
            };
            let word = Word::from_parts(parts, self.span);
            if words.len() < MOST {
                words.extend(word.expand_braces());
            }
        }
        words.truncate(MOST);
        words
    }
}

/// Finds the first brace group in bare text: its byte range and alternatives.
fn brace_group(text: &str) -> Option<(usize, usize, Vec<String>)> {
    let bytes = text.as_bytes();
    let mut search = 0;
    while let Some(offset) = text[search..].find('{') {
        let open = search + offset;
        let mut depth = 0;
        let mut commas = Vec::new();
        let mut close = None;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                b',' if depth == 1 => commas.push(i),
                _ => {}
            }
        }
        let close = close?;
        let inner = &text[open + 1..close];
        if !commas.is_empty() {
            let mut alternatives = Vec::new();
            let mut start = open + 1;
            for comma in commas {
                alternatives.push(text[start..comma].to_owned());
                start = comma + 1;
            }
            alternatives.push(text[start..close].to_owned());
            return Some((open, close, alternatives));
        }
        if let Some(range) = sequence(inner) {
            return Some((open, close, range));
        }
        search = open + 1;
    }
    None
}

/// `a..e` or `1..5` as a brace sequence.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let (from, to) = inner.split_once("..")?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        let (low, high) = (a.min(b), a.max(b));
        return Some((low..=high.min(low + 64)).map(|n| n.to_string()).collect());
    }
    let (mut a, mut b) = (from.chars(), to.chars());
    match (a.next(), a.next(), b.next(), b.next()) {
        (Some(x), None, Some(y), None) if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() => {
            let (low, high) = (x.min(y), x.max(y));
            Some((low..=high).map(String::from).collect())
        }
        _ => None,
    }
}

/// Decodes word nodes of one source.
pub struct Decoder<'a> {
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
            if !node.is_named() && node.kind() == "$" {
                previous_was_dollar = true;
                continue;
            }
            if previous_was_dollar && node.kind() != "string" {
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
        match node.kind() {
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
                let decoded = decode_ansi_c(inner);
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
                if node.kind() == "command_name" && node.named_child_count() > 0 {
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

    /// Bare text: backslash escapes quote the next character.
    fn bare(&mut self, node: Node) {
        let range = node.byte_range();
        let raw = self.text(node);
        if !raw.contains('\\') {
            self.push_text_range(range, Quoting::Bare);
            return;
        }
        let mut start = 0;
        let mut chars = raw.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
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
            if child.kind() == plain {
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
        let value = match &parsed.name {
            Some(name) if parsed.plain || parsed.guarded || parsed.default_if_empty || parsed.alternative => {
                self.scope.variable(name)
            }
            _ => None,
        };
        match &value {
            // `${X:-default}` of a variable known to be empty: the default.
            Some(value) if value.text.is_empty() && parsed.default_if_empty => {
                self.operand(node, quoted);
                return;
            }
            // `${X:+alternative}`: the alternative when X is known not to be empty.
            Some(value) if parsed.alternative => {
                if !value.text.is_empty() {
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
            (Some(value), _) if !(value.text.is_empty() && (parsed.guarded || parsed.default_if_empty)) => {
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
                    self.parts.push(Part::Literal { text, quoting, span });
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
                if matches!(child.kind(), "command_substitution" | "process_substitution") {
                    self.scope.substitution(child, self.source);
                } else {
                    stack.push(child);
                }
            }
        }
    }

    fn push_dynamic(&mut self, node: Node, kind: DynamicKind) {
        let text = crate::source::display_text(self.text(node), &[]);
        self.parts.push(Part::Dynamic(Dynamic {
            kind,
            text,
            span: self.source.span(node.byte_range()),
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
                    self.parts.push(Part::Dynamic(dynamic));
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
        let user = &text[1..prefix_end];
        let home = self.scope.variable("HOME").and_then(|w| w.value().map(str::to_owned));
        let replacement = match (user, home) {
            ("", Some(home)) => Some(home),
            ("+", _) => self.scope.variable("PWD").and_then(|w| w.value().map(str::to_owned)),
            (name, Some(home)) if is_user_name(name) => Some(other_home(&home, name)),
            _ => None,
        };
        match replacement {
            Some(value) => {
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
                parts.insert(
                    0,
                    Part::Literal {
                        text: value,
                        quoting: Quoting::Quoted,
                        span,
                    },
                );
                parts
            }
            None if user.is_empty() || user == "-" || user == "+" => {
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
                let name = if user == "-" { "OLDPWD" } else { "HOME" };
                parts.insert(
                    0,
                    Part::Dynamic(Dynamic {
                        kind: DynamicKind::Variable {
                            name: name.to_owned(),
                            guarded: false,
                        },
                        text: format!("~{user}"),
                        span,
                    }),
                );
                parts
            }
            None => parts,
        }
    }
}

/// The code ranges of `$(…)` and backtick substitutions in plain heredoc text.
fn hidden_substitutions(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'$' if bytes.get(i + 1) == Some(&b'(') && bytes.get(i + 2) != Some(&b'(') => {
                let start = i + 2;
                let end = matching_paren(bytes, start);
                found.push(start..end);
                i = end + 1;
            }
            b'`' => {
                let start = i + 1;
                let mut end = start;
                while end < bytes.len() && bytes[end] != b'`' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let end = end.min(bytes.len());
                found.push(start..end);
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Where the `)` closing a `$(` opened just before `start` is (or the end of the text).
fn matching_paren(bytes: &[u8], start: usize) -> usize {
    let mut depth = 1;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'\'' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn is_user_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The home directory of another user, as a sibling of ours (`/home/alice` → `/home/bob`).
fn other_home(home: &str, user: &str) -> String {
    match home.rsplit_once('/') {
        Some((_, name)) if name == user => home.to_owned(),
        Some(("", _)) | None => format!("/home/{user}"),
        Some((parent, _)) => format!("{parent}/{user}"),
    }
}

/// What `${…}` or `$…` says about its variable.
struct ParsedExpansion {
    name: Option<String>,
    /// `${VAR}` or `$VAR`: the value itself.
    plain: bool,
    /// `${VAR:?…}`: never expands to an empty value.
    guarded: bool,
    /// `${VAR:-…}`: the value when it is set and not empty.
    default_if_empty: bool,
    /// `${VAR:+…}`: the alternative when it is set and not empty.
    alternative: bool,
    /// `${VAR[index]}`: the subscript.
    index: Option<String>,
    /// Whether substitutions may be nested inside.
    nested: bool,
}

fn parse_expansion(raw: &str) -> ParsedExpansion {
    let nested = raw.contains("$(") || raw.contains('`') || raw.contains("<(") || raw.contains(">(");
    let unknown = ParsedExpansion {
        name: None,
        plain: false,
        guarded: false,
        default_if_empty: false,
        alternative: false,
        index: None,
        nested,
    };
    if let Some(name) = raw.strip_prefix('$').filter(|rest| !rest.starts_with('{')) {
        return ParsedExpansion {
            name: Some(name.to_owned()),
            plain: true,
            ..unknown
        };
    }
    let Some(inner) = raw.strip_prefix("${").and_then(|r| r.strip_suffix('}')) else {
        return unknown;
    };
    if inner.starts_with(['!', '#']) && inner.len() > 1 {
        return unknown;
    }
    let name_len = if inner.starts_with(|c: char| c.is_ascii_digit()) {
        inner.bytes().take_while(u8::is_ascii_digit).count()
    } else if inner.starts_with(|c: char| "@*#?$!-".contains(c)) {
        1
    } else {
        inner
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count()
    };
    if name_len == 0 {
        return unknown;
    }
    let name = inner[..name_len].to_owned();
    let rest = &inner[name_len..];
    if let Some(subscript) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']'))
        && !subscript.contains(['[', ']', '$', '`'])
    {
        return ParsedExpansion {
            name: Some(name),
            index: Some(subscript.trim().to_owned()),
            ..unknown
        };
    }
    ParsedExpansion {
        alternative: rest.starts_with(":+"),
        plain: rest.is_empty(),
        guarded: rest.starts_with(":?") || rest.starts_with('?'),
        default_if_empty: rest.starts_with(":-") || rest.starts_with(":="),
        name: Some(name),
        index: None,
        nested,
    }
}

/// Decodes the escapes of an ANSI-C quoted string (`$'…'`).
pub fn decode_ansi_c(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(escape) = chars.next() else {
            out.push('\\');
            break;
        };
        match escape {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'e' | 'E' => out.push('\u{1b}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            '\\' | '\'' | '"' | '?' => out.push(escape),
            'x' => push_code(&mut out, take_digits(&mut chars, 16, 2), '\\', "x"),
            'u' => push_code(&mut out, take_digits(&mut chars, 16, 4), '\\', "u"),
            'U' => push_code(&mut out, take_digits(&mut chars, 16, 8), '\\', "U"),
            'c' => match chars.next() {
                Some(control) => out.push(char::from((control as u8) & 0x1f)),
                None => out.push_str("\\c"),
            },
            '0'..='7' => {
                let mut value = escape.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                push_code(&mut out, Some(value & 0xff), '\\', "");
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    out
}

fn take_digits(chars: &mut std::iter::Peekable<std::str::Chars>, radix: u32, most: usize) -> Option<u32> {
    let mut value = None;
    for _ in 0..most {
        match chars.peek().and_then(|d| d.to_digit(radix)) {
            Some(d) => {
                value = Some(value.unwrap_or(0) * radix + d);
                chars.next();
            }
            None => break,
        }
    }
    value
}

fn push_code(out: &mut String, code: Option<u32>, backslash: char, letter: &str) {
    match code.and_then(char::from_u32) {
        Some(c) => out.push(c),
        None => {
            out.push(backslash);
            out.push_str(letter);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare(text: &str) -> Word {
        Word::from_parts(
            vec![Part::Literal {
                text: text.to_owned(),
                quoting: Quoting::Bare,
                span: Span::default(),
            }],
            Span::default(),
        )
    }

    fn texts(words: Vec<Word>) -> Vec<String> {
        words.iter().map(|w| w.text().to_owned()).collect()
    }

    #[test]
    fn ansi_c_escapes() {
        assert_eq!(decode_ansi_c(r"\x72m"), "rm");
        assert_eq!(decode_ansi_c(r"\162\155"), "rm");
        assert_eq!(decode_ansi_c(r"\u0072m\n"), "rm\n");
        assert_eq!(decode_ansi_c(r"a\'b"), "a'b");
    }

    #[test]
    fn braces_expand() {
        assert_eq!(texts(bare("/{bin,etc}").into_fields()), ["/bin", "/etc"]);
        assert_eq!(texts(bare("x{1..3}").into_fields()), ["x1", "x2", "x3"]);
        assert_eq!(texts(bare("{a,b}{c,d}").into_fields()), ["ac", "ad", "bc", "bd"]);
        assert_eq!(texts(bare("{}").into_fields()), ["{}"]);
    }

    #[test]
    fn expanded_text_splits() {
        let word = Word::from_parts(
            vec![Part::Literal {
                text: "rm -rf /".into(),
                quoting: Quoting::Expanded,
                span: Span::default(),
            }],
            Span::default(),
        );
        assert_eq!(texts(word.into_fields()), ["rm", "-rf", "/"]);
    }

    #[test]
    fn expansions_parse() {
        let guarded = parse_expansion("${DIR:?}");
        assert!(guarded.guarded && guarded.name.as_deref() == Some("DIR"));
        assert!(parse_expansion("${HOME}").plain);
        assert!(parse_expansion("$HOME").plain);
        assert!(parse_expansion("${X%/*}").name.is_some() && !parse_expansion("${X%/*}").plain);
        assert!(parse_expansion("${#X}").name.is_none());
    }

    #[test]
    fn patterns_escape_quoted_globs() {
        let word = Word::from_parts(
            vec![
                Part::Literal {
                    text: "*".into(),
                    quoting: Quoting::Quoted,
                    span: Span::default(),
                },
                Part::Literal {
                    text: "*".into(),
                    quoting: Quoting::Bare,
                    span: Span::default(),
                },
            ],
            Span::default(),
        );
        assert_eq!(word.pattern().as_deref(), Some("\u{E002}**"));
    }
}
