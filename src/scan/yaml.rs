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
/// of the file; a folded block (`>`), or a plain or quoted string over several lines, has each
/// piece placed at its line when the pieces are found as written (not when a quoted string's
/// escapes changed them: then it is reported where it starts).
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
    let start = Place { column, ..start };
    let pieces = pieces(&text, &source_lines, start);
    Some(Snippet {
        pieces,
        ..Snippet::at(text, start)
    })
}

/// Where each line of a string written over several lines of the file is in `text` (folded
/// strings join them with a space): each line's words must follow in `text` as written, else
/// nothing is placed.
fn pieces(text: &str, lines: &[&str], start: Place) -> Vec<(usize, Place)> {
    if !text.trim_end().contains(['\n', ' ']) {
        return Vec::new();
    }
    let mut pieces = Vec::new();
    let mut position = 0;
    for (index, line) in lines.iter().enumerate().skip(start.line.saturating_sub(1)) {
        let skipped = text[position..].len() - text[position..].trim_start().len();
        position += skipped;
        if position >= text.trim_end().len() {
            break;
        }
        let column = if index + 1 == start.line {
            start.column
        } else {
            line.chars().take_while(|c| c.is_whitespace()).count()
        };
        let written: String = line.chars().skip(column).collect();
        let written = written.trim_end();
        // The closing quote of a quoted string, on its last line.
        let content = if text[position..].starts_with(written) {
            written
        } else {
            written.trim_end_matches(['"', '\'']).trim_end()
        };
        if content.is_empty() {
            continue;
        }
        if !text[position..].starts_with(content) {
            return Vec::new();
        }
        pieces.push((
            position,
            Place {
                line: index + 1,
                column,
            },
        ));
        position += content.len();
    }
    if pieces.len() < 2 { Vec::new() } else { pieces }
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

    #[test]
    fn folded_strings_keep_their_lines() {
        let source =
            "a: >\n  echo one &&\n    rm -rf x\nb: \"echo two;\n  rm -rf y\"\nc: \"echo \\\"q\\\";\n  rm z\"\n";
        let documents = documents(source);
        let root = &documents[0];
        let folded = command(get(root, "a").expect("a"), source).expect("a command");
        assert_eq!(
            folded.pieces,
            [(0, Place { line: 2, column: 2 }), (14, Place { line: 3, column: 4 })]
        );
        let quoted = command(get(root, "b").expect("b"), source).expect("a command");
        assert_eq!(quoted.text, "echo two; rm -rf y");
        assert_eq!(quoted.pieces[1], (10, Place { line: 5, column: 2 }));
        let escaped = command(get(root, "c").expect("c"), source).expect("a command");
        assert!(escaped.pieces.is_empty(), "{:?}", escaped.pieces);
    }
}
