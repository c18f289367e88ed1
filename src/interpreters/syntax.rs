//! Parsing Python, JavaScript and PowerShell with their tree-sitter grammars under the analysis deadline,
//! and the pieces of string literals both languages share: escapes and verbatim text.

use crate::parse::Allowance;
use crate::parse::ParseFailure;
use crate::source::Source;
use crate::word::Word;
use std::cell::RefCell;
use std::ops::Range;
use tree_sitter::{Language, Node, Parser, Tree};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Grammar {
    Python,
    JavaScript,
    PowerShell,
}

thread_local! {
    static PARSERS: RefCell<Vec<(u8, Parser)>> = const { RefCell::new(Vec::new()) };
}

/// Parses `text` with `grammar`, giving up at `deadline`.
pub fn parse(grammar: Grammar, text: &str, allowance: Allowance<'_>) -> Result<Tree, ParseFailure> {
    let key = grammar as u8;
    PARSERS.with(|cell| {
        let mut parsers = cell.borrow_mut();
        if !parsers.iter().any(|(k, _)| *k == key) {
            let language: Language = match grammar {
                Grammar::Python => tree_sitter_python::LANGUAGE.into(),
                Grammar::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
                Grammar::PowerShell => tree_sitter_powershell::LANGUAGE.into(),
            };
            let mut parser = Parser::new();
            parser.set_language(&language).map_err(|_| ParseFailure::Unavailable)?;
            parsers.push((key, parser));
        }
        let parser = parsers
            .iter_mut()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p)
            .ok_or(ParseFailure::Unavailable)?;
        crate::parse::parse_by(parser, text, allowance)
    })
}

/// Every node below `root` (and `root` itself), parents before children, in source order.
pub fn preorder(root: Node) -> Vec<Node> {
    let mut nodes = Vec::new();
    let mut cursor = root.walk();
    loop {
        nodes.push(cursor.node());
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return nodes;
            }
        }
    }
}

/// The named children of `node`.
pub fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The text of `node` in `source`.
pub fn text<'s>(node: Node, source: &'s Source) -> &'s str {
    &source.text()[node.byte_range()]
}

/// Text copied as it is from `range` of the source (no escapes in it).
pub fn verbatim(source: &Source, range: Range<usize>) -> Word {
    Word::from_source_text(&source.text()[range.clone()], range, source)
}

/// An escape sequence decoded (`\x72` → `r`), pointing at where it was written.
pub fn escape(source: &Source, range: Range<usize>, javascript: bool) -> Word {
    let decoded = decode_escape(&source.text()[range.clone()], javascript);
    Word::from_source_text(&decoded, range, source)
}

/// The text an escape sequence stands for in Python (`javascript` false) or JavaScript.
fn decode_escape(sequence: &str, javascript: bool) -> String {
    let Some(body) = sequence.strip_prefix('\\') else {
        return sequence.to_owned();
    };
    let mut chars = body.chars();
    let Some(first) = chars.next() else {
        return sequence.to_owned();
    };
    let rest = chars.as_str();
    let from_code = |digits: &str, radix: u32| {
        u32::from_str_radix(digits, radix)
            .ok()
            .and_then(char::from_u32)
            .map(String::from)
    };
    let decoded = match first {
        'n' => Some("\n".to_owned()),
        't' => Some("\t".to_owned()),
        'r' => Some("\r".to_owned()),
        'a' if !javascript => Some("\x07".to_owned()),
        'b' => Some("\x08".to_owned()),
        'f' => Some("\x0c".to_owned()),
        'v' => Some("\x0b".to_owned()),
        '\n' => Some(String::new()),
        '\r' => Some(String::new()),
        'x' => from_code(rest, 16),
        'u' => from_code(rest.trim_start_matches('{').trim_end_matches('}'), 16),
        'U' if !javascript => from_code(rest, 16),
        '0'..='7' if !javascript => from_code(body, 8),
        '0' if javascript && rest.is_empty() => Some("\0".to_owned()),
        '\\' | '\'' | '"' | '`' | '$' => Some(first.to_string()),
        _ if javascript => Some(body.to_owned()),
        _ => None,
    };
    decoded.unwrap_or_else(|| sequence.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes() {
        assert_eq!(decode_escape("\\x72", false), "r");
        assert_eq!(decode_escape("\\162", false), "r");
        assert_eq!(decode_escape("\\u0072", true), "r");
        assert_eq!(decode_escape("\\u{72}", true), "r");
        assert_eq!(decode_escape("\\m", true), "m");
        assert_eq!(decode_escape("\\m", false), "\\m");
    }
}
