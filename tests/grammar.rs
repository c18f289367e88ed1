//! The grammar contract: the tree shapes of tree-sitter-bash the walker relies on.
//!
//! Each `queries/*.scm` file is a query for one shape, with a header naming it:
//!
//! ```text
//! ; Shape: what the grammar does, in a sentence.
//! ; Sample: "bash text the query must match, as a JSON string"
//! ; Walker: the walker functions that depend on the shape
//! ```
//!
//! Upgrading the grammar then fails here, on a named shape, rather than somewhere in the corpus.
//! A second test reads the walker's source for every node kind and field name it compares
//! against and checks that the pinned grammar has them. Queries are compiled in tests only: the
//! walker walks trees by hand.

use regex::Regex;
use rstest::rstest;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tree_sitter::{Language, Parser, Query, QueryCursor, StreamingIterator};

fn bash() -> Language {
    tree_sitter_bash::LANGUAGE.into()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A header field (`; Sample: …`) of a query file.
fn header<'a>(text: &'a str, field: &str, path: &Path) -> &'a str {
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("; {field}: ")))
        .unwrap_or_else(|| panic!("{}: no `; {field}:` line", path.display()))
}

/// The text of every Rust file under `src/`.
fn sources() -> String {
    let mut text = String::new();
    let mut pending = vec![root().join("src")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable").filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                text.push_str(&std::fs::read_to_string(&path).expect("a source file is readable"));
            }
        }
    }
    text
}

/// Each query compiles against the pinned grammar and matches its sample.
#[rstest]
fn shape(#[files("queries/*.scm")] path: PathBuf) {
    let text = std::fs::read_to_string(&path).expect("the query is readable");
    header(&text, "Shape", &path);
    let sample: String = serde_json::from_str(header(&text, "Sample", &path))
        .unwrap_or_else(|e| panic!("{}: the sample is not a JSON string: {e}", path.display()));
    let query = Query::new(&bash(), &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut parser = Parser::new();
    parser.set_language(&bash()).expect("the grammar loads");
    let tree = parser.parse(&sample, None).expect("the sample parses");
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(&query, tree.root_node(), sample.as_bytes());
    assert!(
        matches.next().is_some(),
        "{}: the grammar no longer has this shape for {sample:?}; its tree is\n{}",
        path.display(),
        tree.root_node().to_sexp()
    );
}

/// Each query names walker functions that exist, so that the contract leads to the code.
#[rstest]
fn shape_names_its_walker(#[files("queries/*.scm")] path: PathBuf) {
    let text = std::fs::read_to_string(&path).expect("the query is readable");
    let sources = sources();
    for function in header(&text, "Walker", &path).split(", ") {
        assert!(
            sources.contains(&format!("fn {function}(")) || sources.contains(&format!("fn {function}<")),
            "{}: no function `{function}` in src/",
            path.display()
        );
    }
}

/// The node kinds and field names the walker compares against, read from its source: kinds in
/// `kind() == "…"`, `kind() != "…"`, `matches!(… kind …, "…" | …)` and the arms of a
/// `match ….kind()`; fields in `…field_name("…")`.
fn names_in_walker() -> (BTreeSet<String>, BTreeSet<String>) {
    let literal = Regex::new(r#""([^"\\]+)""#).expect("a valid pattern");
    let compared = Regex::new(r#"kind\(\)\s*[!=]=\s*"([^"]+)""#).expect("a valid pattern");
    let field = Regex::new(r#"field_name\("([^"]+)""#).expect("a valid pattern");
    let mut kinds = BTreeSet::new();
    let mut fields = BTreeSet::new();
    let mut files = vec![root().join("src/parse.rs")];
    for entry in std::fs::read_dir(root().join("src/walk")).expect("src/walk is readable") {
        files.push(entry.expect("a directory entry").path());
    }
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file is readable");
        kinds.extend(compared.captures_iter(&text).map(|c| c[1].to_owned()));
        fields.extend(field.captures_iter(&text).map(|c| c[1].to_owned()));
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            // `matches!(kind, "a" | "b")`, over one or more lines.
            if line.contains("matches!(")
                && (line.contains("kind") || lines.get(index + 1).is_some_and(|l| l.trim() == "kind,"))
            {
                let mut block = String::new();
                for next in &lines[index..] {
                    block.push_str(next);
                    if next.trim_end().ends_with(')') || next.trim_end().ends_with(");") || next.contains(") {") {
                        break;
                    }
                }
                kinds.extend(literal.captures_iter(&block).map(|c| c[1].to_owned()));
            }
            // The arm patterns of `match ….kind() {`: the literals before `=>`, on lines as
            // indented as the first arm.
            if line.trim_end().ends_with(".kind() {") && line.contains("match ") {
                let Some(first) = lines.get(index + 1) else { continue };
                let indent = first.len() - first.trim_start().len();
                for arm in &lines[index + 1..] {
                    let arm_indent = arm.len() - arm.trim_start().len();
                    if arm_indent < indent {
                        break;
                    }
                    if arm_indent == indent
                        && let Some((pattern, _)) = arm.split_once("=>")
                    {
                        kinds.extend(literal.captures_iter(pattern).map(|c| c[1].to_owned()));
                    }
                }
            }
        }
    }
    (kinds, fields)
}

#[test]
fn every_node_kind_and_field_the_walker_names_exists() {
    let language = bash();
    let (kinds, fields) = names_in_walker();
    assert!(kinds.len() > 40, "the scan found only {} kinds: {kinds:?}", kinds.len());
    let unknown_kinds: Vec<&String> = kinds
        .iter()
        .filter(|kind| {
            kind.as_str() != "ERROR"
                && language.id_for_node_kind(kind, true) == 0
                && language.id_for_node_kind(kind, false) == 0
        })
        .collect();
    assert!(
        unknown_kinds.is_empty(),
        "node kinds the grammar does not have: {unknown_kinds:?}"
    );
    let unknown_fields: Vec<&String> = fields
        .iter()
        .filter(|name| language.field_id_for_name(name.as_str()).is_none())
        .collect();
    assert!(
        unknown_fields.is_empty(),
        "field names the grammar does not have: {unknown_fields:?}"
    );
}

/// The walk recognises an unclosed double quote by the grammar's anonymous `"` node
/// (`walk/syntax.rs`, `DOUBLE_QUOTE`), which the literal scan above does not see.
#[test]
fn the_double_quote_node_exists() {
    assert_ne!(bash().id_for_node_kind("\"", false), 0);
}
