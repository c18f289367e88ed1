//! Regular expressions over code (an interpreter's one-liner, SQL, a jq filter), compiled the
//! first time they are needed, in the cheaper of two forms that match alike.
//!
//! Most patterns over code spell identifiers with `\w` and `\b`. Unicode's word class holds
//! about 770 ranges of characters, and compiling it into the regex crate's automata took most
//! of a hook call that met such code: 1.5 ms for `\w+\s*=\s*(\w+)`, 0.05 ms with ASCII
//! classes. On text that is all ASCII, which is nearly all code, the two forms match exactly
//! the same: Unicode's `\w`, `\s`, `\d` and `\b` hold no more ASCII characters than their ASCII
//! counterparts, and case folding (`(?i)`) adds only characters above ASCII. So a pattern is
//! compiled with ASCII classes for ASCII text, and as written for any other text.
//!
//! Compiling even the ASCII form takes tens of microseconds a pattern, and a language read for
//! its escapes has a dozen. So a pattern can first be asked whether it may match at all: the
//! texts one of which every match of it holds are found on its syntax tree, which is far cheaper
//! to build, and code holding none of them is told so without compiling anything.

use regex::Regex;
use regex_syntax::ast::{self, AssertionKind, Ast, ClassPerl, ClassPerlKind, ClassSetItem};
use regex_syntax::hir::{Class, Hir, HirKind};
use std::sync::OnceLock;

/// A pattern over code, compiled on first use in the form the text it is matched on needs.
pub(crate) struct CodePattern {
    text: std::borrow::Cow<'static, str>,
    ascii: OnceLock<Regex>,
    unicode: OnceLock<Regex>,
    /// Texts, in ASCII lower case, one of which every match on ASCII text holds; `None` when
    /// no such texts are known.
    required: OnceLock<Option<Vec<String>>>,
}

impl CodePattern {
    pub(crate) const fn new(text: &'static str) -> CodePattern {
        CodePattern {
            text: std::borrow::Cow::Borrowed(text),
            ascii: OnceLock::new(),
            unicode: OnceLock::new(),
            required: OnceLock::new(),
        }
    }

    /// A pattern built when the program runs (`(?m)` put before a table's pattern).
    pub(crate) fn owned(text: String) -> CodePattern {
        CodePattern {
            text: std::borrow::Cow::Owned(text),
            ascii: OnceLock::new(),
            unicode: OnceLock::new(),
            required: OnceLock::new(),
        }
    }

    /// The pattern as written.
    #[cfg(test)]
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn is_match(&self, haystack: &str) -> bool {
        self.may_match(haystack) && self.on(haystack).is_match(haystack)
    }

    pub(crate) fn find_iter<'r, 'h>(
        &'r self,
        haystack: &'h str,
    ) -> impl Iterator<Item = regex::Match<'h>> + use<'r, 'h> {
        (self.may_match(haystack).then(|| self.on(haystack).find_iter(haystack)))
            .into_iter()
            .flatten()
    }

    pub(crate) fn captures_iter<'r, 'h>(
        &'r self,
        haystack: &'h str,
    ) -> impl Iterator<Item = regex::Captures<'h>> + use<'r, 'h> {
        (self
            .may_match(haystack)
            .then(|| self.on(haystack).captures_iter(haystack)))
        .into_iter()
        .flatten()
    }

    /// Whether the pattern may match `haystack`: false only when `haystack` is ASCII and holds
    /// none of the texts every match holds (in any case).
    fn may_match(&self, haystack: &str) -> bool {
        if !haystack.is_ascii() {
            return true;
        }
        let required = self.required.get_or_init(|| {
            let hir = regex_syntax::ParserBuilder::new()
                .build()
                .parse(&ascii_form(&self.text))
                .ok()?;
            required_texts(&hir)
        });
        required.as_ref().is_none_or(|texts| {
            texts
                .iter()
                .any(|text| contains_ignoring_ascii_case(haystack.as_bytes(), text.as_bytes()))
        })
    }

    /// The pattern compiled for matching on `haystack`: with ASCII classes when `haystack` is
    /// all ASCII (where both forms match alike), as written otherwise.
    pub(crate) fn on(&self, haystack: &str) -> &Regex {
        if haystack.is_ascii() {
            self.ascii.get_or_init(|| compile(&ascii_form(&self.text)))
        } else {
            self.unicode.get_or_init(|| compile(&self.text))
        }
    }
}

fn compile(text: &str) -> Regex {
    Regex::new(text).unwrap_or_else(|error| panic!("the code patterns are valid: {error}"))
}

/// Whether `haystack` holds `lowered` (ASCII lower case) in any ASCII case.
fn contains_ignoring_ascii_case(haystack: &[u8], lowered: &[u8]) -> bool {
    let Some((&first, rest)) = lowered.split_first() else {
        return true;
    };
    let upper = first.to_ascii_uppercase();
    (0..haystack.len().saturating_sub(rest.len())).any(|at| {
        (haystack[at] == first || haystack[at] == upper)
            && haystack[at + 1..at + 1 + rest.len()].eq_ignore_ascii_case(rest)
    })
}

/// Texts, in ASCII lower case, one of which every match of `hir` on ASCII text holds:
/// - a literal holds itself, and a class of one letter in either case holds that letter;
/// - a concatenation holds each run of such parts one after the other, and whatever each of its
///   parts holds: the longest of these is taken;
/// - an alternation holds what one of its alternatives holds, if each holds something;
/// - a group holds what its contents hold, a repetition what its contents do when it repeats
///   them at least once.
fn required_texts(hir: &Hir) -> Option<Vec<String>> {
    match hir.kind() {
        HirKind::Literal(_) | HirKind::Class(_) => literal_text(hir).map(|text| vec![text]),
        HirKind::Capture(capture) => required_texts(&capture.sub),
        HirKind::Repetition(repetition) if repetition.min >= 1 => required_texts(&repetition.sub),
        HirKind::Alternation(alternatives) => {
            let mut texts = Vec::new();
            for alternative in alternatives {
                texts.extend(required_texts(alternative)?);
            }
            Some(texts)
        }
        HirKind::Concat(parts) => {
            let mut candidates: Vec<Vec<String>> = Vec::new();
            let mut run = String::new();
            for part in parts {
                match literal_text(part) {
                    Some(text) => run.push_str(&text),
                    None => {
                        candidates.extend((!run.is_empty()).then(|| vec![std::mem::take(&mut run)]));
                        candidates.extend(required_texts(part));
                    }
                }
            }
            candidates.extend((!run.is_empty()).then_some(vec![run]));
            let shortest = |texts: &Vec<String>| texts.iter().map(String::len).min().unwrap_or(0);
            candidates.into_iter().max_by_key(shortest)
        }
        _ => None,
    }
}

/// The ASCII lower case of the text `hir` matches when it matches only that text on ASCII
/// (`x`, `(?i)x`, `[Xx]`).
fn literal_text(hir: &Hir) -> Option<String> {
    match hir.kind() {
        HirKind::Literal(literal) => std::str::from_utf8(&literal.0).ok().map(str::to_ascii_lowercase),
        HirKind::Class(Class::Unicode(class)) => {
            let mut ascii = class
                .iter()
                .flat_map(|range| range.start()..=range.end())
                .filter(char::is_ascii);
            let first = ascii.next()?.to_ascii_lowercase();
            ascii
                .all(|c| c.to_ascii_lowercase() == first)
                .then(|| first.to_string())
        }
        _ => None,
    }
}

/// `pattern` with Perl's classes and word boundaries in their ASCII forms: `\w` as
/// `[[:word:]]`, `\s` as `[[:space:]]`, `\d` as `[[:digit:]]` (negated alike, and without the
/// brackets inside a bracketed class), `\b` as `(?-u:\b)`. A pattern the regex crate's parser
/// refuses is returned as it is, for the compiler to report.
pub(crate) fn ascii_form(pattern: &str) -> String {
    let Ok(parsed) = ast::parse::Parser::new().parse(pattern) else {
        return pattern.to_owned();
    };
    let Ok(mut replacements) = ast::visit(&parsed, AsciiReplacements(Vec::new())) else {
        return pattern.to_owned();
    };
    replacements.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut form = pattern.to_owned();
    for (span, replacement) in replacements {
        form.replace_range(span, &replacement);
    }
    form
}

/// The replacements `ascii_form` makes, by byte range of the pattern.
struct AsciiReplacements(Vec<(std::ops::Range<usize>, String)>);

impl AsciiReplacements {
    fn class(class: &ClassPerl, bracketed: bool) -> (std::ops::Range<usize>, String) {
        let name = match class.kind {
            ClassPerlKind::Digit => "digit",
            ClassPerlKind::Space => "space",
            ClassPerlKind::Word => "word",
        };
        let negation = if class.negated { "^" } else { "" };
        let posix = format!("[:{negation}{name}:]");
        let text = if bracketed { posix } else { format!("[{posix}]") };
        (class.span.start.offset..class.span.end.offset, text)
    }
}

impl ast::Visitor for AsciiReplacements {
    type Output = Vec<(std::ops::Range<usize>, String)>;
    type Err = ();

    fn finish(self) -> Result<Self::Output, ()> {
        Ok(self.0)
    }

    fn visit_pre(&mut self, ast: &Ast) -> Result<(), ()> {
        match ast {
            Ast::ClassPerl(class) => self.0.push(Self::class(class, false)),
            Ast::Assertion(assertion) if assertion.kind == AssertionKind::WordBoundary => {
                let span = assertion.span.start.offset..assertion.span.end.offset;
                self.0.push((span, r"(?-u:\b)".to_owned()));
            }
            _ => {}
        }
        Ok(())
    }

    fn visit_class_set_item_pre(&mut self, item: &ClassSetItem) -> Result<(), ()> {
        if let ClassSetItem::Perl(class) = item {
            self.0.push(Self::class(class, true));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(r"\bsystem\s*\(", r"(?-u:\b)system[[:space:]]*\(")]
    #[case(r"[^.$\w]\W\S\D", r"[^.$[:word:]][[:^word:]][[:^space:]][[:^digit:]]")]
    #[case(r"\\w\x5Cw[\\b]", r"\\w\x5Cw[\\b]")]
    #[case(r"(?-u:\w)\B\pL", r"(?-u:[[:word:]])\B\pL")]
    fn perl_classes_and_boundaries_become_ascii(#[case] pattern: &str, #[case] form: &str) {
        assert_eq!(ascii_form(pattern), form);
        assert!(Regex::new(&ascii_form(pattern)).is_ok());
    }

    #[rstest]
    #[case(r"\bsystem\s*\(", Some(&["system"][..]))]
    #[case(r"(?i)\bCOPY\b[^;]*?\bto\s+'", Some(&["copy"][..]))]
    #[case(r"(?:^|;)\s*(?:put|send)\s+(\S+)", Some(&["put", "send"][..]))]
    #[case(r"w\s+([^;\n}]+)", Some(&["w"][..]))]
    #[case(r"(?:x|\w+)=", Some(&["="][..]))]
    #[case(r"(?:ab)?c*", None)]
    #[case(r"(?:exec|\d)\(", Some(&["("][..]))]
    fn every_match_holds_one_of_the_required_texts(#[case] pattern: &str, #[case] texts: Option<&[&str]>) {
        let hir = regex_syntax::parse(&ascii_form(pattern)).unwrap();
        assert_eq!(
            required_texts(&hir),
            texts.map(|t| t.iter().map(|s| s.to_string()).collect())
        );
    }

    #[test]
    fn a_pattern_that_cannot_match_is_not_compiled() {
        let pattern = CodePattern::new(r"(?i)\bsystem\s*\(");
        assert!(!pattern.is_match("print(1)") && pattern.find_iter("sys tem(").next().is_none());
        assert!(pattern.ascii.get().is_none());
        assert!(pattern.is_match("SYSTEM (x)") && pattern.is_match("os.system(x)"));
        assert!(pattern.is_match("ſystem(x)") && pattern.unicode.get().is_some());
        assert!(contains_ignoring_ascii_case(b"ab", b"ab") && !contains_ignoring_ascii_case(b"a", b"ab"));
    }

    /// On ASCII text both forms find the same matches and captures, `(?i)` included; above
    /// ASCII the pattern as written is used.
    #[rstest]
    #[case(r"(?im)\b(os)\s*\.\s*(environ)\b")]
    #[case(r"(\w+)\s*=\s*[^\w\s]+(\d)")]
    #[case(r"(?i)\bkelvin\b|\bsh\b")]
    fn both_forms_match_alike_on_ascii(#[case] pattern: &str) {
        let texts = [
            "x = os.environ; y=  os . ENVIRON",
            "a_1 = +-3 b=$$9 Kelvin sh ksh sh_ \t\x0bOS.environ",
            "",
        ];
        let unicode = Regex::new(pattern).unwrap();
        let ascii = Regex::new(&ascii_form(pattern)).unwrap();
        for text in texts {
            let spans = |regex: &Regex| {
                regex
                    .captures_iter(text)
                    .map(|c| c.iter().map(|m| m.map(|m| m.range())).collect::<Vec<_>>())
                    .collect::<Vec<_>>()
            };
            assert_eq!(spans(&unicode), spans(&ascii), "{pattern} on {text:?}");
        }
        let pattern = CodePattern::new(r"\b(\w+)\b");
        for (text, word) in [("ünï x", "ünï"), ("abc x", "abc")] {
            assert_eq!(&pattern.captures_iter(text).next().unwrap()[1], word);
        }
    }
}
