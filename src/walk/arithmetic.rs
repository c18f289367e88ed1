//! Code bash runs from arithmetic and array subscripts: a variable's value evaluated as an
//! expression, and a variable's name given to a builtin, run the command substitutions of their
//! array subscripts.

use super::{Cursor, Walker};
use crate::command::CommandId;
use crate::source::{Source, SourceBuilder, Span};
use crate::word::{Part, Word};
use tree_sitter::Node;

impl Walker<'_> {
    /// Variables evaluated as arithmetic (`[[ $x -eq 0 ]]`, `(( x ))`, `$(( x ))`, `let x`):
    /// bash evaluates their values as expressions, and an array subscript in a value runs its
    /// command substitutions (`x='a[$(rm -rf ~)]'`). Such values are walked as code.
    pub(super) fn evaluate_arithmetic(&mut self, names: Vec<String>, at: &Cursor) {
        let mut pending = names;
        let mut seen: Vec<String> = Vec::new();
        while let Some(name) = pending.pop() {
            if seen.contains(&name) || seen.len() > 16 {
                continue;
            }
            seen.push(name.clone());
            let Some(value) = at.shell.variables.get(&name).cloned() else {
                continue;
            };
            let runs_code = value
                .parts
                .iter()
                .any(|part| matches!(part, Part::Literal { text, .. } if text.contains("$(") || text.contains('`')));
            if runs_code {
                self.expand_again(&value, &format!("arithmetic value of ${name}"), at);
            } else if let Some(text) = value.value() {
                pending.extend(identifiers(text));
            }
        }
    }

    /// Text bash evaluates as arithmetic (a value given an integer variable, an indexed array
    /// literal's `[index]`): substitutions in it run, and the variables it names are evaluated.
    pub(super) fn evaluate_text(&mut self, text: &Word, via: &str, at: &Cursor) {
        let runs_code = text
            .parts
            .iter()
            .any(|part| matches!(part, Part::Literal { text, .. } if text.contains("$(") || text.contains('`')));
        if runs_code {
            self.expand_again(text, via, at);
        } else if let Some(value) = text.value() {
            self.evaluate_arithmetic(identifiers(value), at);
        }
    }

    /// The `[index]=` of an indexed array literal's elements (`a=(['$(…)']=1)`, `a=([$k]=1)`):
    /// bash evaluates each index as arithmetic once its quotes are removed.
    pub(super) fn evaluate_indices(&mut self, elements: &[Word], at: &Cursor) {
        for element in &rejoined_indices(elements) {
            let text = element.text();
            let Some(close) = text.find("]=").filter(|_| text.starts_with('[')) else {
                continue;
            };
            let index = element.strip_prefix(1);
            let mut parts = Vec::new();
            let mut taken = 0;
            for part in index.parts {
                let length = match &part {
                    Part::Literal { text, .. } => text.len(),
                    Part::Dynamic(dynamic) => dynamic.text.len(),
                };
                if taken >= close - 1 {
                    break;
                }
                match part {
                    Part::Literal { text, quoting, span } if taken + length > close - 1 => {
                        let kept = close - 1 - taken;
                        parts.push(Part::Literal {
                            text: text[..kept].to_owned(),
                            quoting,
                            span,
                        });
                    }
                    part => parts.push(part),
                }
                taken += length;
            }
            let index = Word::from_parts(parts, element.span);
            self.evaluate_text(&index, "array index evaluated as arithmetic", at);
        }
    }

    /// Text that bash expands once more as it evaluates it (an array subscript, an arithmetic
    /// value): its substitutions are walked as code. The text is given to the no-op `:`, so that
    /// the text itself is not taken for a command name.
    pub(super) fn expand_again(&mut self, text: &Word, via: &str, at: &Cursor) {
        let mut builder = SourceBuilder::default();
        builder.push_from(": ", Span::new(text.span.start, text.span.start));
        for part in &text.parts {
            match part {
                Part::Literal { text, span, .. } if span.len() == text.len() => builder.push_verbatim(text, span.start),
                Part::Literal { text, span, .. } => builder.push_from(text, *span),
                Part::Dynamic(dynamic) => builder.push_dynamic(dynamic.clone()),
            }
        }
        let mut inner = at.shell.clone();
        self.shell_layer(builder.finish(), via, Some(at.layer), &mut inner, at.layer_depth + 1);
    }

    /// Single quotes inside arithmetic (`(( '$(…)' ))`) quote nothing: bash expands what they
    /// hold, substitutions included, so that text is walked as code.
    pub(super) fn quoted_in_arithmetic(&mut self, node: Node, at: &Cursor) {
        let mut stack = vec![node];
        while let Some(current) = stack.pop() {
            let mut cursor = current.walk();
            stack.extend(current.named_children(&mut cursor));
            if current.kind() != "raw_string" {
                continue;
            }
            let raw = &at.source.text()[current.byte_range()];
            let inner = raw.trim_start_matches('\'').trim_end_matches('\'');
            if inner.contains("$(") || inner.contains('`') {
                let text = Word::literal(inner, at.source.span(current.byte_range()));
                self.expand_again(&text, "single quotes in arithmetic", at);
            }
        }
    }

    /// `a[i]=…`: bash evaluates the subscript `i`, which runs its substitutions, and an
    /// indexed array's subscript is arithmetic.
    pub(super) fn walk_subscript(&mut self, subscript: Node, at: &mut Cursor) {
        if let Some(index) = subscript.child_by_field_name("index") {
            self.words(&[index], at);
            let names = arithmetic_names(index, at.source);
            self.evaluate_arithmetic(names, at);
        }
    }

    /// A variable's name given to a builtin (`printf -v 'a[$(…)]'`, `read`, `mapfile`,
    /// `test -v`, `unset`, `wait -p`, `getopts`, `declare`…), or an expression given to `let`:
    /// bash evaluates the array subscript in it, which runs its command substitutions, and an
    /// indexed array's subscript is arithmetic, which evaluates the variables it names.
    pub(super) fn evaluate_named_variables(&mut self, id: CommandId, at: &Cursor) {
        let command = self.command(id);
        let expressions = command.name == "let";
        let named: Vec<Word> = if expressions {
            command.args().to_vec()
        } else {
            variable_names_given(&command.name, command.args())
                .into_iter()
                .cloned()
                .collect()
        };
        for word in named {
            self.evaluate_name(&word, expressions, at);
        }
    }

    /// One name (`a[i]`, `a[i]=value`) or, with `whole`, one arithmetic expression.
    pub(super) fn evaluate_name(&mut self, word: &Word, whole: bool, at: &Cursor) {
        let text = word.text();
        let evaluated = if whole {
            text
        } else {
            let name = text.split('=').next().unwrap_or(text);
            match (name.find('['), name.rfind(']')) {
                (Some(open), Some(close)) if open < close => &name[open + 1..close],
                _ => return,
            }
        };
        if evaluated.contains("$(") || evaluated.contains('`') || evaluated.contains("${") {
            self.expand_again(word, "an array subscript bash evaluates", at);
        } else {
            self.evaluate_arithmetic(identifiers(evaluated), at);
        }
    }
}

/// The operands of a builtin that are variable names: `printf -v NAME`, `read … NAME…` (and
/// `-a NAME`), `mapfile … NAME`, `test -v NAME`, `unset NAME…`, `wait -p NAME`, `getopts OPTS
/// NAME`, and the names `declare`, `typeset`, `local`, `export` and `readonly` are given.
fn variable_names_given<'a>(program: &str, args: &'a [Word]) -> Vec<&'a Word> {
    // For each builtin: its options that take a value, and which of those values is a name.
    let (valued, name_options): (&str, &str) = match program {
        "printf" => ("v", "v"),
        "read" => ("adinNptu", "a"),
        "mapfile" | "readarray" => ("dnOsuCc", ""),
        "test" | "[" => ("v", "v"),
        "wait" => ("p", "p"),
        "unset" | "getopts" | "declare" | "typeset" | "local" | "export" | "readonly" => ("", ""),
        _ => return Vec::new(),
    };
    let mut names = Vec::new();
    let mut operands = Vec::new();
    let mut index = 0;
    let mut options_end = false;
    while index < args.len() {
        let word = &args[index];
        let text = word.text();
        index += 1;
        if options_end || !text.starts_with('-') || text == "-" {
            if !matches!(program, "test" | "[") {
                operands.push(word);
            }
            // `printf FORMAT ARGS` and `read`'s prompt text are data; options end at the first
            // operand for every builtin but `test`, whose operands are an expression.
            options_end = !matches!(program, "test" | "[");
            continue;
        }
        if text == "--" {
            options_end = true;
            continue;
        }
        for (offset, letter) in text.char_indices().skip(1) {
            if !valued.contains(letter) {
                continue;
            }
            let attached = offset + letter.len_utf8();
            let value = if attached < text.len() {
                Some(word)
            } else {
                index += 1;
                args.get(index - 1)
            };
            if name_options.contains(letter)
                && let Some(value) = value
            {
                names.push(value);
            }
            break;
        }
    }
    match program {
        "printf" | "test" | "[" | "wait" => {}
        "getopts" => names.extend(operands.get(1)),
        _ => names.extend(operands),
    }
    names
}

/// The variables an arithmetic node names: `x` and `$x` alike.
/// The elements of an array literal with each `[index]=` whole again: the walk splits a
/// variable's value into fields, where bash expands an index without splitting it
/// (`a=([$k]=1)` with `k='$(x) y'`).
fn rejoined_indices(elements: &[Word]) -> Vec<Word> {
    let mut joined: Vec<Word> = Vec::new();
    let mut open: Option<Vec<Part>> = None;
    for element in elements {
        let text = element.text();
        match open.as_mut() {
            Some(parts) => {
                parts.push(Part::Literal {
                    text: " ".into(),
                    quoting: crate::word::Quoting::Quoted,
                    span: element.span,
                });
                parts.extend(element.parts.iter().cloned());
                if text.contains("]=") {
                    joined.push(Word::from_parts(open.take().unwrap_or_default(), element.span));
                }
            }
            None if text.starts_with('[') && !text.contains("]=") => open = Some(element.parts.clone()),
            None => joined.push(element.clone()),
        }
    }
    if let Some(parts) = open {
        joined.push(Word::from_parts(
            parts,
            elements.last().map(|e| e.span).unwrap_or_default(),
        ));
    }
    joined
}

pub(super) fn arithmetic_names(node: Node, source: &Source) -> Vec<String> {
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
pub(super) fn test_arithmetic_names(node: Node, source: &Source) -> Vec<String> {
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

/// The operands of `-v` in a test (`[ -v NAME ]`, `[[ -v NAME ]]`): variable names, whose
/// subscripts bash evaluates.
pub(super) fn tested_variables<'tree>(node: Node<'tree>, source: &Source) -> Vec<Node<'tree>> {
    let mut operands = Vec::new();
    let mut stack = vec![node];
    while let Some(current) = stack.pop() {
        let mut cursor = current.walk();
        stack.extend(current.named_children(&mut cursor));
        if current.kind() == "unary_expression"
            && current
                .child_by_field_name("operator")
                .is_some_and(|operator| &source.text()[operator.byte_range()] == "-v")
        {
            let mut cursor = current.walk();
            operands.extend(current.named_children(&mut cursor).skip(1).take(1));
        }
    }
    operands
}

/// The names in an arithmetic expression's text (`y = x + 1` → `y`, `x`).
pub(super) fn identifiers(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_owned)
        .collect()
}
