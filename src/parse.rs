//! Parsing with tree-sitter-bash: one parser per thread, backslash-newline joined where bash
//! joins it, and every parse within the analysis's allowance of parser steps.

use crate::source::Source;
use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;
use std::sync::{LazyLock, OnceLock};
use std::time::Instant;
use tree_sitter::{Node, ParseOptions, Parser, Tree};

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// How much more parsing an analysis may do. Counted in the parser's own steps (it reports its
/// progress after every hundred or so operations, the same count on any machine), so that where
/// parsing stops does not depend on the machine's speed or load; with a wall-clock deadline
/// behind it as a backstop for a stalled machine.
#[derive(Clone, Copy)]
pub struct Allowance<'a> {
    steps: &'a Cell<u64>,
    deadline: Instant,
    /// How many steps of the allowance one step of this parser takes.
    cost: u64,
}

/// What a step of the Bash grammar costs, in steps of the allowance. Its steps are the slowest
/// of the three grammars: about 20 µs where Python's and JavaScript's take about 16, and up to
/// 40 in a long pipeline, where the parser follows several readings of the text at once.
const BASH_STEP_COST: u64 = 2;

impl<'a> Allowance<'a> {
    pub fn new(steps: &'a Cell<u64>, deadline: Instant) -> Allowance<'a> {
        Allowance {
            steps,
            deadline,
            cost: 1,
        }
    }

    /// The same allowance, for a parser whose steps each take `cost` of it.
    fn costing(self, cost: u64) -> Allowance<'a> {
        Allowance { cost, ..self }
    }

    /// Takes one step; false when none is left or the deadline has passed.
    fn step(self) -> bool {
        let left = self.steps.get();
        if left < self.cost || Instant::now() > self.deadline {
            self.steps.set(0);
            return false;
        }
        self.steps.set(left - self.cost);
        true
    }
}

/// Why a text could not be parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseFailure {
    /// The parse used up its allowance.
    OverAllowance,
    /// The parser refused (it could not load the grammar).
    Unavailable,
}

/// A parsed text: the tree and the source it was parsed from (after line joining).
pub struct Parsed {
    pub tree: Tree,
    pub source: Source,
}

/// Parses `source`, first joining backslash-newline pairs the way bash does.
///
/// tree-sitter-bash reads `r\⏎m -rf /` as the command `r` with arguments, where bash runs
/// `rm -rf /`. Bash joins such a line everywhere except inside single quotes, comments and
/// heredoc bodies, so the text is parsed once to find those places, joined elsewhere, and
/// parsed again.
pub fn parse(source: Source, allowance: Allowance<'_>) -> Result<Parsed, ParseFailure> {
    let tree = parse_text(source.text(), allowance)?;
    let joins = if source.text().contains("\\\n") {
        line_joins(&tree, source.text())
    } else {
        Vec::new()
    };
    let parsed = if joins.is_empty() {
        Parsed { tree, source }
    } else {
        let joined = source.without(&joins);
        let tree = parse_text(joined.text(), allowance)?;
        Parsed { tree, source: joined }
    };
    let parsed = without_extglobs(parsed, allowance)?;
    let parsed = with_negated_redirections(parsed, allowance)?;
    let parsed = with_bracket_words(parsed, allowance)?;
    with_literal_dollars(parsed, allowance)
}

/// `[` is the `test` command only as a word of its own: bash reads `[char]0x4ef0` (PowerShell
/// sent to bash: `$([char]0x4ef0)`) or `[r]m` as one word, a pattern, where the grammar reads
/// a test and an ERROR. Each `[` that starts such a test is read as `''[` (an empty quoted
/// string, which leaves the word and its pattern as they are) and the text parsed again; the
/// new tree is kept when it has fewer errors.
fn with_bracket_words(parsed: Parsed, allowance: Allowance<'_>) -> Result<Parsed, ParseFailure> {
    let text = parsed.source.text();
    if !parsed.tree.root_node().has_error() || !text.contains('[') {
        return Ok(parsed);
    }
    let bytes = text.as_bytes();
    let mut brackets = Vec::new();
    let mut stack = vec![parsed.tree.root_node()];
    while let Some(node) = stack.pop() {
        let start = node.start_byte();
        if kind(&node) == "test_command"
            && bytes.get(start) == Some(&b'[')
            && bytes
                .get(start + 1)
                .is_some_and(|next| !matches!(next, b' ' | b'\t' | b'\n' | b'['))
        {
            brackets.push(start..start + 1);
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    brackets.sort_by_key(|range| range.start);
    reparsed_with(parsed, &brackets, "''[", allowance)
}

/// A `$` followed by a blank, an operator or the end is a literal `$` to bash (a backquote body
/// `` `$` `` in a Markdown text runs the command `$`), which the grammar cannot read where a
/// command starts. Each such `$` the grammar left in an ERROR is read as `\$` and the text parsed
/// again; the new tree is kept when it has fewer errors.
fn with_literal_dollars(parsed: Parsed, allowance: Allowance<'_>) -> Result<Parsed, ParseFailure> {
    let text = parsed.source.text();
    if !parsed.tree.root_node().has_error() || !text.contains('$') {
        return Ok(parsed);
    }
    let bytes = text.as_bytes();
    let lone = |error: &Node| {
        let range = error.byte_range();
        &text[range.clone()] == "$"
            && bytes
                .get(range.end)
                .is_none_or(|next| matches!(next, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b')'))
    };
    let mut dollars = Vec::new();
    let mut stack = vec![parsed.tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() && lone(&node) {
            dollars.push(node.byte_range());
        } else if node.has_error() {
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    dollars.sort_by_key(|range| range.start);
    reparsed_with(parsed, &dollars, "\\$", allowance)
}

/// `! </dev/tcp/localhost/8080` (a wait-for-port loop: `while ! <…; do sleep 1; done`) negates
/// a command made only of redirections, which the grammar cannot parse. Such a command does
/// what `:` given the same redirections does, so `:` is read in after each such `!` and the
/// text parsed again; the new tree is kept when it has fewer errors.
fn with_negated_redirections(parsed: Parsed, allowance: Allowance<'_>) -> Result<Parsed, ParseFailure> {
    let text = parsed.source.text();
    if !parsed.tree.root_node().has_error() || !text.contains('!') {
        return Ok(parsed);
    }
    let negations = negated_redirections(&parsed.tree, text);
    reparsed_with(parsed, &negations, "! :", allowance)
}

/// The text with each of `ranges` replaced by `with` and parsed again, kept when the new tree
/// has fewer errors than the old one.
fn reparsed_with(
    parsed: Parsed,
    ranges: &[std::ops::Range<usize>],
    with: &str,
    allowance: Allowance<'_>,
) -> Result<Parsed, ParseFailure> {
    if ranges.is_empty() {
        return Ok(parsed);
    }
    let source = parsed.source.replaced(ranges, with);
    let tree = parse_text(source.text(), allowance)?;
    if errors(&tree) < errors(&parsed.tree) {
        Ok(Parsed { tree, source })
    } else {
        Ok(parsed)
    }
}

/// The ranges of each `!` that starts a command and is followed by a redirection, outside
/// quotes, comments and heredocs.
fn negated_redirections(tree: &Tree, text: &str) -> Vec<std::ops::Range<usize>> {
    const OPENING_WORDS: &[&str] = &["while", "until", "if", "elif", "then", "do", "else", "time"];
    text.match_indices('!')
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].trim_end_matches([' ', '\t']);
            let starts_command = before.is_empty()
                || before.ends_with([';', '&', '|', '(', '\n', '{'])
                || OPENING_WORDS.iter().any(|word| {
                    before.strip_suffix(word).is_some_and(|rest| {
                        rest.is_empty() || rest.ends_with([' ', '\t', ';', '&', '|', '(', '\n', '{'])
                    })
                });
            let after = &text[at + 1..];
            let spaced = after.starts_with([' ', '\t']);
            let redirection = after
                .trim_start_matches([' ', '\t'])
                .trim_start_matches(|c: char| c.is_ascii_digit());
            starts_command && spaced && redirection.starts_with(['<', '>', '&']) && !quoted_at(tree.root_node(), at)
        })
        .map(|at| at..at + 1)
        .collect()
}

/// Extended globs outside `[[ ]]` (`rm -rf !(keep) /`) break the grammar: the pattern becomes
/// a subshell and the words after it fall into an ERROR, where bash with `extglob` set runs
/// them all. Each pattern is read as `*`, which matches at least as much, and the text parsed
/// again; the new tree is kept when it has fewer errors.
fn without_extglobs(parsed: Parsed, allowance: Allowance<'_>) -> Result<Parsed, ParseFailure> {
    let text = parsed.source.text();
    if !parsed.tree.root_node().has_error() || !text.contains('(') {
        return Ok(parsed);
    }
    let patterns = extglob_patterns(&parsed.tree, text);
    reparsed_with(parsed, &patterns, "*", allowance)
}

/// The ranges of `?(…)`, `*(…)`, `+(…)`, `@(…)` and `!(…)` patterns in argument position,
/// outside quotes, comments and heredocs.
fn extglob_patterns(tree: &Tree, text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        let starts = matches!(bytes[i], b'?' | b'*' | b'+' | b'@' | b'!') && bytes[i + 1] == b'(';
        if !starts || (i > 0 && bytes[i - 1] == b'$') || quoted_at(tree.root_node(), i) {
            i += 1;
            continue;
        }
        // `!(…)` at the start of a command is negation of a subshell, not a pattern.
        let before = text[..i].trim_end_matches([' ', '\t']);
        if bytes[i] == b'!' && (before.is_empty() || before.ends_with([';', '&', '|', '(', '\n', '{'])) {
            i += 1;
            continue;
        }
        let mut depth = 0;
        let mut end = None;
        for (offset, byte) in bytes[i + 1..].iter().enumerate() {
            match byte {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i + 1 + offset + 1);
                        break;
                    }
                }
                b'\n' => break,
                _ => {}
            }
        }
        match end {
            Some(end) => {
                found.push(i..end);
                i = end;
            }
            None => i += 1,
        }
    }
    found
}

/// Whether the byte at `offset` is inside a string, a comment or a heredoc body.
fn quoted_at(root: Node, offset: usize) -> bool {
    inside(
        root,
        offset,
        &[
            "string",
            "raw_string",
            "ansi_c_string",
            "comment",
            "heredoc_body",
            "heredoc_content",
            "test_command",
        ],
    )
}

/// Whether the byte at `offset` is inside a node of one of these kinds.
fn inside(root: Node, offset: usize, kinds: &[&str]) -> bool {
    let Some(mut node) = root.descendant_for_byte_range(offset, offset + 1) else {
        return false;
    };
    loop {
        if kinds.contains(&node.kind()) {
            return true;
        }
        match node.parent() {
            Some(parent) => node = parent,
            None => return false,
        }
    }
}

/// The kind of a node of a Bash tree (`command`, `word`…), the name `Node::kind` gives, found
/// by the node's kind id in a table made once: `Node::kind` measures and validates the
/// grammar's C string at each call, and the walk asks it of every node several times.
pub fn kind(node: &Node) -> &'static str {
    static LANGUAGE: LazyLock<tree_sitter::Language> = LazyLock::new(|| tree_sitter_bash::LANGUAGE.into());
    // Each name is read the first time a node of its kind is met: reading all of them would
    // cost a hook call more than it saves.
    static KINDS: LazyLock<Vec<OnceLock<&'static str>>> =
        LazyLock::new(|| (0..LANGUAGE.node_kind_count()).map(|_| OnceLock::new()).collect());
    let id = node.kind_id();
    match KINDS.get(usize::from(id)) {
        Some(name) => name.get_or_init(|| LANGUAGE.node_kind_for_id(id).unwrap_or_default()),
        // tree-sitter's own symbols, past the grammar's: an error, and a run of errors.
        None if id == u16::MAX => "ERROR",
        None => "_ERROR",
    }
}

/// How many ERROR and MISSING nodes a tree has.
fn errors(tree: &Tree) -> usize {
    let mut count = 0;
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            count += 1;
        }
        if node.has_error() {
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    count
}

fn parse_text(text: &str, allowance: Allowance<'_>) -> Result<Tree, ParseFailure> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .map_err(|_| ParseFailure::Unavailable)?;
            *slot = Some(parser);
        }
        let parser = slot.as_mut().ok_or(ParseFailure::Unavailable)?;
        parse_by(parser, text, allowance.costing(BASH_STEP_COST))
    })
}

/// Parses `text` with `parser` (of any grammar), giving up when `allowance` runs out.
pub fn parse_by(parser: &mut Parser, text: &str, allowance: Allowance<'_>) -> Result<Tree, ParseFailure> {
    parser.reset();
    let bytes = text.as_bytes();
    let mut read = |offset: usize, _| bytes.get(offset..).unwrap_or_default();
    let mut over = false;
    let mut progress = |_: &tree_sitter::ParseState| {
        if allowance.step() {
            ControlFlow::Continue(())
        } else {
            over = true;
            ControlFlow::Break(())
        }
    };
    let options = ParseOptions::new().progress_callback(&mut progress);
    let tree = parser.parse_with_options(&mut read, None, Some(options));
    match tree {
        Some(tree) => Ok(tree),
        None if over => Err(ParseFailure::OverAllowance),
        None => Err(ParseFailure::Unavailable),
    }
}

/// The byte ranges of backslash-newline pairs that bash removes: those outside single quotes,
/// ANSI-C strings, comments and heredoc bodies. A backslash that is itself escaped does not
/// start a pair.
fn line_joins(tree: &Tree, text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut joins = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        if bytes[i + 1] == b'\n' && !kept_literally(tree.root_node(), i) {
            joins.push(i..i + 2);
        }
        i += 2;
    }
    joins
}

/// Whether the byte at `offset` sits where bash keeps backslash-newline as written.
fn kept_literally(root: Node, offset: usize) -> bool {
    inside(
        root,
        offset,
        &[
            "raw_string",
            "ansi_c_string",
            "comment",
            "heredoc_body",
            "heredoc_content",
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn joined(text: &str) -> String {
        let steps = Cell::new(u64::MAX);
        parse(
            Source::original(text),
            Allowance::new(&steps, Instant::now() + Duration::from_secs(5)),
        )
        .map(|parsed| parsed.source.text().to_owned())
        .unwrap_or_default()
    }

    #[test]
    fn joins_split_words() {
        assert_eq!(joined("r\\\nm -rf /"), "rm -rf /");
        assert_eq!(joined("echo \"a\\\nb\""), "echo \"ab\"");
    }

    #[test]
    fn keeps_literal_places() {
        assert_eq!(joined("echo 'a\\\nb'"), "echo 'a\\\nb'");
        assert_eq!(joined("# note \\\nrm -rf /"), "# note \\\nrm -rf /");
        assert_eq!(
            joined("cat <<'EOF'\nx\\\nEOF\nrm -rf /\n"),
            "cat <<'EOF'\nx\\\nEOF\nrm -rf /\n"
        );
    }

    #[test]
    fn escaped_backslash_is_not_a_join() {
        assert_eq!(joined("echo a\\\\\nls"), "echo a\\\\\nls");
    }
}
