//! Reading YAML files with saphyr's marked nodes: each value keeps the line and column it starts
//! at, so a command found in a workflow is reported where it is written.

use super::{Place, Snippet};
use saphyr::{LoadableYamlNode, MarkedYaml, Scalar, YamlData};

pub type Node<'a> = MarkedYaml<'a>;

/// The documents of a YAML file; none when it is not valid YAML.
pub fn documents(text: &str) -> Vec<Node<'_>> {
    MarkedYaml::load_from_str(text).unwrap_or_default()
}

/// The value of `key` in a mapping.
pub fn get<'a, 'b>(node: &'b Node<'a>, key: &str) -> Option<&'b Node<'a>> {
    match &node.data {
        YamlData::Mapping(_) => node.data.as_mapping_get(key),
        _ => None,
    }
}

/// A mapping's entries whose keys are strings.
pub fn entries<'a, 'b>(node: &'b Node<'a>) -> Vec<(String, &'b Node<'a>)> {
    match &node.data {
        YamlData::Mapping(mapping) => mapping
            .iter()
            .filter_map(|(key, value)| Some((scalar(key)?, value)))
            .collect(),
        _ => Vec::new(),
    }
}

/// A sequence's items; nothing for any other node.
pub fn items<'a, 'b>(node: &'b Node<'a>) -> &'b [Node<'a>] {
    match &node.data {
        YamlData::Sequence(items) => items,
        _ => &[],
    }
}

/// A scalar's text (a number or a boolean as written).
pub fn scalar(node: &Node<'_>) -> Option<String> {
    match &node.data {
        YamlData::Value(Scalar::String(text)) => Some(text.to_string()),
        YamlData::Value(Scalar::Integer(number)) => Some(number.to_string()),
        YamlData::Value(Scalar::FloatingPoint(number)) => Some(number.to_string()),
        YamlData::Value(Scalar::Boolean(value)) => Some(value.to_string()),
        YamlData::Representation(text, _, _) => Some(text.to_string()),
        _ => None,
    }
}

/// The string at `key`.
pub fn text_at(node: &Node<'_>, key: &str) -> Option<String> {
    get(node, key).and_then(scalar)
}

/// Where a node starts.
pub fn place(node: &Node<'_>) -> Place {
    Place {
        line: node.span.start.line(),
        column: node.span.start.col(),
    }
}

/// A string node as a command. A literal block (`run: |`) keeps its lines, each at its own line
/// of the file; a quoted or folded string is reported where it starts.
pub fn command(node: &Node<'_>, source: &str) -> Option<Snippet> {
    let text = scalar(node)?;
    if text.trim().is_empty() {
        return None;
    }
    let start = place(node);
    let source_lines: Vec<&str> = source.lines().collect();
    let line_text = source_lines.get(start.line.wrapping_sub(1)).copied().unwrap_or("");
    let first_char = line_text.chars().nth(start.column);
    if text.trim_end().contains('\n') && is_literal_block(&source_lines, start.line) {
        return Some(Snippet::lines_from(text, start, start.column));
    }
    let column = start.column + usize::from(matches!(first_char, Some('"' | '\'')));
    Some(Snippet::at(text, Place { column, ..start }))
}

/// Whether the block scalar whose content starts at `line` is literal (`|`): the line above it,
/// ignoring blank ones, ends with the `|` indicator.
fn is_literal_block(lines: &[&str], line: usize) -> bool {
    lines[..line.saturating_sub(1).min(lines.len())]
        .iter()
        .rev()
        .find(|text| !text.trim().is_empty())
        .is_some_and(|text| {
            let text = text.split(" #").next().unwrap_or(text).trim_end();
            let indicator = text.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
            indicator.ends_with('|')
        })
}

/// A list of strings (an argument vector), with where it starts.
pub fn strings(node: &Node<'_>) -> Option<Vec<String>> {
    items(node).iter().map(scalar).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_blocks_keep_their_lines() {
        let source = "a:\n  run: |\n    echo one\n    rm -rf x\n  b: 'quoted'\n";
        let documents = documents(source);
        let root = &documents[0];
        let a = get(root, "a").expect("a");
        let run = command(get(a, "run").expect("run"), source).expect("a command");
        assert_eq!(run.lines[1], Place { line: 4, column: 4 });
        let quoted = command(get(a, "b").expect("b"), source).expect("a command");
        assert_eq!(quoted.lines[0], Place { line: 5, column: 6 });
    }
}
