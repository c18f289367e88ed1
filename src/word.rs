//! The shell word as the walk hands it over: a list of literal and dynamic [`Part`]s with their
//! spans in the original command, and what bash does to a word after decoding it (brace
//! expansion, field splitting, globbing patterns, ANSI-C escapes).
//!
//! The walk's decoder (`walk/decode.rs`) builds words from tree-sitter nodes; everything else
//! reads them.

use crate::command::Output;
use crate::paths::AbsPath;
use crate::source::{PLACEHOLDER_OPEN, Source, Span, parse_placeholder};

/// The characters bash splits unquoted expansions on when `IFS` is not set.
pub const DEFAULT_IFS: &str = " \t\n";

/// Marks the next character of a glob pattern as literal (a quoted `*`). A private-use
/// character, so that backslashes stay free to be Windows path separators.
pub const GLOB_ESCAPE: char = '\u{E002}';

/// Separates the elements of `"${array[@]}"`: each becomes a field of its own, whatever it
/// holds.
pub(crate) const FIELD_BREAK: char = '\u{E003}';

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
    /// Arguments read from standard input by `xargs`, from a producer we cannot place, or paths
    /// an archiver reads from a list file (`7z a -sdel x.7z @list.txt`, text `@list.txt`).
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
    /// Whether it goes down into `.git` folders: `find` unless its expression names `.git`,
    /// `fd` only with `--hidden`.
    pub reaches_git: bool,
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

    /// The word with its first `bytes` bytes of text, which must be literal, replaced by `text`
    /// (an abbreviated option written out in full: `--forc=x` → `--force=x`).
    pub fn with_prefix(&self, bytes: usize, text: &str) -> Word {
        let quoting = match self.parts.first() {
            Some(Part::Literal { quoting, .. }) => *quoting,
            _ => Quoting::Quoted,
        };
        let mut parts = vec![Part::Literal {
            text: text.to_owned(),
            quoting,
            span: self.span,
        }];
        parts.extend(self.strip_prefix(bytes).parts);
        Word::from_parts(parts, self.span)
    }

    /// The decoded text, dynamic parts shown as written.
    /// The word's parts, for a decoder to expand further.
    pub fn into_parts(self) -> Vec<Part> {
        self.parts
    }

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
        // An unquoted expansion of nothing (`rm -rf $EMPTY`) is no word at all.
        let only_expanded = !self.parts.is_empty()
            && self.parts.iter().all(|p| {
                matches!(
                    p,
                    Part::Literal {
                        quoting: Quoting::Expanded,
                        ..
                    }
                )
            });
        if only_expanded && self.text.is_empty() {
            return Vec::new();
        }
        let splits = self.parts.iter().any(|p| {
            matches!(p, Part::Literal { text, quoting: Quoting::Expanded, .. }
                if text.contains(|c| ifs.contains(c) || c == FIELD_BREAK))
        });
        if !splits && !self.has_brace_group() {
            // The common word: one field, as written, without the copies expansion makes.
            return vec![self];
        }
        let split = if splits { self.split_on(ifs) } else { vec![self] };
        split.into_iter().flat_map(Word::expand_braces).collect()
    }

    /// Whether a bare part of the word holds a group that brace expansion expands.
    pub fn has_brace_group(&self) -> bool {
        self.parts.iter().any(
            |part| matches!(part, Part::Literal { text, quoting: Quoting::Bare, .. } if brace_group(text).is_some()),
        )
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

    /// Brace expansion, in bash's order: the first bare literal part holding a `{…,…}` or
    /// `{a..b}` group is expanded, then each result again. At most [`MOST_BRACE_WORDS`] words
    /// are made, and at most [`BRACE_BYTES`] bytes of text: what lies beyond stands as one
    /// word known only at run time (a sequence's later numbers are left out, being of the
    /// same shape as its first).
    fn expand_braces(self) -> Vec<Word> {
        let (span, written) = (self.span, self.text().to_owned());
        let mut expansion = BraceExpansion {
            words: Vec::new(),
            bytes_left: BRACE_BYTES,
            cut_alternatives: false,
        };
        expansion.expand(self);
        if expansion.cut_alternatives {
            expansion.words.push(Word::dynamic(Dynamic {
                kind: DynamicKind::Other,
                text: written,
                span,
            }));
        }
        expansion.words
    }
}

/// How many words one brace expansion makes at most.
const MOST_BRACE_WORDS: usize = 64;
/// How many bytes of text one brace expansion may write, all words and steps together.
const BRACE_BYTES: usize = 256 * 1024;

/// The words a brace expansion has made so far, and what is left of its allowance.
struct BraceExpansion {
    words: Vec<Word>,
    bytes_left: usize,
    /// Whether alternatives of a `{…,…}` group were left out.
    cut_alternatives: bool,
}

impl BraceExpansion {
    fn expand(&mut self, word: Word) {
        let found = word.parts.iter().enumerate().find_map(|(index, part)| match part {
            Part::Literal {
                text,
                quoting: Quoting::Bare,
                ..
            } => brace_group(text).map(|group| (index, group)),
            _ => None,
        });
        let Some((index, group)) = found else {
            self.words.push(word);
            return;
        };
        let Part::Literal { text, span, .. } = &word.parts[index] else {
            return;
        };
        let written = text.len() - (group.close + 1 - group.open);
        for alternative in &group.alternatives {
            let size = written + alternative.len();
            if self.words.len() >= MOST_BRACE_WORDS || size > self.bytes_left {
                self.cut_alternatives |= !group.sequence;
                return;
            }
            self.bytes_left -= size;
            let mut parts = word.parts.clone();
            parts[index] = Part::Literal {
                text: format!("{}{}{}", &text[..group.open], alternative, &text[group.close + 1..]),
                quoting: Quoting::Bare,
                span: *span,
            };
            self.expand(Word::from_parts(parts, word.span));
        }
    }
}

/// A brace group in bare text: where it opens and closes, and what it stands for.
struct BraceGroup {
    open: usize,
    close: usize,
    alternatives: Vec<String>,
    /// Whether it is a sequence (`{1..5}`) rather than a list of alternatives.
    sequence: bool,
}

/// Finds the first brace group in bare text, as bash does: the leftmost `{` whose matching `}`
/// encloses a comma at its own level or a sequence. One pass over the text.
fn brace_group(text: &str) -> Option<BraceGroup> {
    // For each `{` still open: where it is, and the commas at its level.
    let mut open: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut first: Option<BraceGroup> = None;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => open.push((i, Vec::new())),
            b',' => {
                if let Some((_, commas)) = open.last_mut() {
                    commas.push(i);
                }
            }
            b'}' => {
                let Some((start, commas)) = open.pop() else {
                    continue;
                };
                if first.as_ref().is_some_and(|group| group.open < start) {
                    continue;
                }
                let group = if commas.is_empty() {
                    sequence(&text[start + 1..i]).map(|alternatives| BraceGroup {
                        open: start,
                        close: i,
                        alternatives,
                        sequence: true,
                    })
                } else {
                    let mut alternatives = Vec::new();
                    let mut from = start + 1;
                    for comma in commas {
                        alternatives.push(text[from..comma].to_owned());
                        from = comma + 1;
                    }
                    alternatives.push(text[from..i].to_owned());
                    Some(BraceGroup {
                        open: start,
                        close: i,
                        alternatives,
                        sequence: false,
                    })
                };
                if group.is_some() {
                    first = group;
                }
            }
            _ => {}
        }
    }
    first
}

/// `a..e` or `1..5` as a brace sequence: its first [`MOST_BRACE_WORDS`] values.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let (from, to) = inner.split_once("..")?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        let (low, high) = (a.min(b), a.max(b));
        let last = high.min(low.saturating_add(MOST_BRACE_WORDS as i64 - 1));
        return Some((low..=last).map(|n| n.to_string()).collect());
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

/// The value of an ANSI-C quoted string (`$'…'`) given its inside: its escapes decoded, up to
/// the first NUL byte one makes, where bash ends the string (`$'rm\0x'` is `rm`).
pub fn ansi_c_string(inner: &str) -> String {
    let mut decoded = decode_ansi_c(inner);
    if let Some(nul) = decoded.find('\0') {
        decoded.truncate(nul);
    }
    decoded
}

/// Decodes the escapes of an ANSI-C quoted string (`$'…'`), as `printf` and `echo -e` do too.
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

/// Whether `text` starts with a `${…}` that bash reads whole but refuses to expand, a bad
/// substitution: a name followed by what no operator starts (`${c.priority}`), or no name at all
/// (`${(x)}`). Expanding it ends the shell that expands it, before the command holding it runs.
/// `false` where not sure.
pub(crate) fn opens_bad_substitution(text: &str) -> bool {
    let Some(inner) = text.strip_prefix("${") else {
        return false;
    };
    if inner.starts_with(['(', ' ', '.']) {
        return true;
    }
    let inner = inner.strip_prefix(['#', '!']).unwrap_or(inner);
    let name_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let name = &inner[..name_end];
    let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    is_name
        && inner[name_end..]
            .chars()
            .next()
            .is_some_and(|next| !"}[:-=?+#%/^,@".contains(next))
}

/// Whether `text` is a shell variable's name: a letter or `_`, then letters, digits and `_`.
pub fn is_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
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
        assert_eq!(ansi_c_string(r"rm\0junk"), "rm");
        assert_eq!(ansi_c_string(r"ab\x00cd\c@"), "ab");
        assert_eq!(decode_ansi_c(r"g\0it"), "g\0it");
    }

    #[test]
    fn braces_expand() {
        assert_eq!(texts(bare("/{bin,etc}").into_fields()), ["/bin", "/etc"]);
        assert_eq!(texts(bare("x{1..3}").into_fields()), ["x1", "x2", "x3"]);
        assert_eq!(texts(bare("{a,b}{c,d}").into_fields()), ["ac", "ad", "bc", "bd"]);
        assert_eq!(texts(bare("{}").into_fields()), ["{}"]);
        assert_eq!(texts(bare("x{a{b,c}").into_fields()), ["x{ab", "x{ac"]);
        assert_eq!(texts(bare("{x{a,b}}").into_fields()), ["{xa}", "{xb}"]);
        assert_eq!(texts(bare("{a,{b,c}}d").into_fields()), ["ad", "bd", "cd"]);
    }

    /// A brace expansion too large to write out stops early, and what it left out stands as a
    /// word known only at run time; a long sequence keeps its first values, all of one shape.
    #[test]
    fn brace_expansion_is_bounded() {
        let many = bare(&"{a,b}".repeat(20_000)).into_fields();
        assert!(many.len() <= MOST_BRACE_WORDS + 1);
        assert!(many.last().is_some_and(Word::is_dynamic));
        let hidden = bare(&format!("{{x,/}}{}", "{,}".repeat(10))).into_fields();
        assert!(
            hidden.last().is_some_and(Word::is_dynamic),
            "the `/` alternatives lie past the limit"
        );
        let numbers = bare("n{1..1000}").into_fields();
        assert_eq!(numbers.len(), MOST_BRACE_WORDS);
        assert!(!numbers.iter().any(Word::is_dynamic));
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
