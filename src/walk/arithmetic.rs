//! Code bash runs from arithmetic: a variable's value evaluated as an expression runs the
//! command substitutions of its array subscripts.

use super::runs::source_of_words;
use super::{Cursor, Walker};
use crate::source::Source;
use crate::word::Part;
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
                let mut inner = at.shell.clone();
                self.shell_layer(
                    source_of_words(std::slice::from_ref(&value), " "),
                    &format!("arithmetic value of ${name}"),
                    Some(at.layer),
                    &mut inner,
                    at.layer_depth + 1,
                );
            } else if let Some(text) = value.value() {
                pending.extend(identifiers(text));
            }
        }
    }
}

/// The variables an arithmetic node names: `x` and `$x` alike.
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

/// The names in an arithmetic expression's text (`y = x + 1` → `y`, `x`).
pub(super) fn identifiers(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_owned)
        .collect()
}
