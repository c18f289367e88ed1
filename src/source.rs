//! Text being analyzed, and where each of its bytes came from in the command the user gave.
//!
//! The command given by the agent is the *original* text. Everything the analyzer parses is a
//! [`Source`]: the original text after backslash-newline joining, or a string that was decoded
//! out of it (a `bash -c` argument, an `eval` line, a heredoc fed to a shell). Each source keeps,
//! for every byte, the offset in the original text it came from, so that a finding deep inside
//! `bash -c "sudo rm -rf ~/"` still points at the right columns of what the user typed.
//!
//! Parts of a decoded string that are only known when the command runs (`$DIR`, `$(pwd)`) are
//! replaced by a placeholder: a private-use character, an index, and a closing private-use
//! character. The parser keeps the placeholder inside a word, and the word decoder turns it back
//! into a dynamic part (see [`crate::word`]).

use crate::word::Dynamic;
use std::ops::Range;

/// A byte range of the original command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: end.max(start),
        }
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// Opens a placeholder for a dynamic part inside decoded text.
pub const PLACEHOLDER_OPEN: char = '\u{E000}';
/// Closes a placeholder for a dynamic part inside decoded text.
pub const PLACEHOLDER_CLOSE: char = '\u{E001}';

/// Text to parse, with the original offset of each byte.
#[derive(Clone, Debug)]
pub struct Source {
    text: String,
    /// `origin[i]` is the original offset of byte `i`; one extra entry maps the end.
    origin: Vec<usize>,
    /// The dynamic parts that placeholders in `text` stand for.
    dynamics: Vec<Dynamic>,
}

impl Source {
    /// The original command itself: every byte maps to itself.
    pub fn original(text: &str) -> Source {
        Source {
            text: text.to_owned(),
            origin: (0..=text.len()).collect(),
            dynamics: Vec::new(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The span of the original command that a range of this text came from. It ends where the
    /// next byte came from, so that a byte decoded from an escape sequence covers all of it.
    pub fn span(&self, range: Range<usize>) -> Span {
        let start = self.origin[range.start.min(self.text.len())];
        let end = self.origin[range.end.min(self.text.len())];
        Span::new(start, end)
    }

    /// The range of this text that came from `span` of the original command, where this text
    /// holds it.
    pub fn range_of(&self, span: Span) -> Option<Range<usize>> {
        let start = self.origin.iter().position(|&origin| origin == span.start)?;
        let end = self.origin.iter().rposition(|&origin| origin == span.end)?;
        (start <= end).then_some(start..end)
    }

    /// Whether `range` of this text is a contiguous, unaltered copy of the original.
    pub fn is_verbatim(&self, range: Range<usize>) -> bool {
        range.end <= self.text.len()
            && (range.start..range.end).all(|i| self.origin[i] == self.origin[range.start] + (i - range.start))
    }

    /// The dynamic part a placeholder index stands for, if this source has one.
    pub fn dynamic(&self, index: usize) -> Option<&Dynamic> {
        self.dynamics.get(index)
    }

    /// Changes what the dynamic part `index` stands for (a substitution's output, once known).
    pub fn set_dynamic_kind(&mut self, index: usize, kind: crate::word::DynamicKind) {
        if let Some(dynamic) = self.dynamics.get_mut(index) {
            dynamic.kind = kind;
        }
    }

    pub fn has_placeholders(&self) -> bool {
        !self.dynamics.is_empty()
    }

    /// The same text with the bytes in `removed` left out (each range is sorted and disjoint).
    pub fn without(&self, removed: &[Range<usize>]) -> Source {
        let mut builder = SourceBuilder::default();
        let mut at = 0;
        for range in removed {
            builder.push_mapped(self, at..range.start);
            at = range.end;
        }
        builder.push_mapped(self, at..self.text.len());
        builder.dynamics = self.dynamics.clone();
        builder.finish()
    }

    /// The same text with each of `ranges` (sorted and disjoint) replaced by `with`, which
    /// points at all of the text it replaces.
    pub fn replaced(&self, ranges: &[Range<usize>], with: &str) -> Source {
        let mut builder = SourceBuilder::default();
        let mut at = 0;
        for range in ranges {
            builder.push_mapped(self, at..range.start);
            builder.push_from(with, self.span(range.clone()));
            at = range.end;
        }
        builder.push_mapped(self, at..self.text.len());
        builder.dynamics = self.dynamics.clone();
        builder.finish()
    }

    /// A part of this text as a source of its own (a function body, say).
    pub fn slice(&self, range: Range<usize>) -> Source {
        let mut builder = SourceBuilder::default();
        builder.push_mapped(self, range);
        builder.dynamics = self.dynamics.clone();
        builder.finish()
    }

    /// Text shown to a reader: placeholders are replaced by the text they stand for.
    pub fn display(&self) -> String {
        display_text(&self.text, &self.dynamics)
    }
}

/// Replaces placeholders by the original text of the dynamic parts they stand for.
pub fn display_text(text: &str, dynamics: &[Dynamic]) -> String {
    if !text.contains(PLACEHOLDER_OPEN) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(PLACEHOLDER_OPEN) {
        out.push_str(&rest[..open]);
        let after = &rest[open + PLACEHOLDER_OPEN.len_utf8()..];
        match parse_placeholder(after) {
            Some((index, used)) if index < dynamics.len() => {
                out.push_str(&dynamics[index].text);
                rest = &after[used..];
            }
            _ => {
                out.push(PLACEHOLDER_OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Reads `digits` + close marker at the start of `text`: the index and the bytes used.
pub fn parse_placeholder(text: &str) -> Option<(usize, usize)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 || !text[digits..].starts_with(PLACEHOLDER_CLOSE) {
        return None;
    }
    let index = text[..digits].parse().ok()?;
    Some((index, digits + PLACEHOLDER_CLOSE.len_utf8()))
}

/// Builds a [`Source`] piece by piece, keeping the origin of every byte.
#[derive(Default)]
pub struct SourceBuilder {
    text: String,
    origin: Vec<usize>,
    dynamics: Vec<Dynamic>,
    /// Where in the original the last piece pushed ends.
    end: usize,
}

impl SourceBuilder {
    /// Text copied byte for byte from the original, starting at `start`.
    pub fn push_verbatim(&mut self, text: &str, start: usize) {
        self.text.push_str(text);
        self.origin.extend(start..start + text.len());
        self.end = start + text.len();
    }

    /// Text that came, as a whole, from `span` of the original (decoded escapes, say).
    pub fn push_from(&mut self, text: &str, span: Span) {
        self.text.push_str(text);
        self.origin.extend(std::iter::repeat_n(span.start, text.len()));
        self.end = span.end;
    }

    /// A range of another source, keeping its origins.
    pub fn push_mapped(&mut self, source: &Source, range: Range<usize>) {
        self.text.push_str(&source.text[range.clone()]);
        self.origin.extend_from_slice(&source.origin[range.clone()]);
        self.end = source.origin[range.end];
    }

    /// A placeholder for a dynamic part.
    pub fn push_dynamic(&mut self, dynamic: Dynamic) {
        let span = dynamic.span;
        let marker = format!("{PLACEHOLDER_OPEN}{}{PLACEHOLDER_CLOSE}", self.dynamics.len());
        self.dynamics.push(dynamic);
        self.push_from(&marker, span);
    }

    /// The finished source; `end` is the original offset that the end of the text maps to.
    fn finish_at(mut self, end: usize) -> Source {
        self.origin.push(end);
        Source {
            text: self.text,
            origin: self.origin,
            dynamics: self.dynamics,
        }
    }

    /// The finished source, its end mapped to the end of the last piece.
    pub fn finish(self) -> Source {
        let end = self.end;
        self.finish_at(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn original_maps_to_itself() {
        let source = Source::original("rm -rf /");
        assert_eq!(source.span(3..6), Span::new(3, 6));
        assert!(source.is_verbatim(0..8));
    }

    #[test]
    fn removed_bytes_keep_later_origins() {
        let source = Source::original("r\\\nm -rf /").without(std::slice::from_ref(&(1..3)));
        assert_eq!(source.text(), "rm -rf /");
        assert_eq!(source.span(0..2), Span::new(0, 4));
        assert_eq!(source.span(3..6), Span::new(5, 8));
        assert!(!source.is_verbatim(0..2));
    }

    #[test]
    fn decoded_text_maps_to_its_whole_escape() {
        let mut builder = SourceBuilder::default();
        builder.push_from("r", Span::new(2, 6));
        builder.push_verbatim("m", 6);
        let source = builder.finish();
        assert_eq!(source.span(0..1), Span::new(2, 6));
        assert_eq!(source.span(0..2), Span::new(2, 7));
        assert_eq!(source.span(1..2), Span::new(6, 7));
    }
}
