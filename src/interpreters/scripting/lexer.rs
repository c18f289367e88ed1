//! The tokenizer for Ruby, Perl, PHP and Lua: names, variables, string literals with each
//! language's quotes, escapes and interpolation, commands in backticks, `%x{}` or `qx{}`, word
//! lists, punctuation; comments and regular expressions skipped.

use crate::interpreters::syntax::verbatim;
use crate::interpreters::{concat, text};
use crate::language::Language;
use crate::source::Source;
use crate::word::{Dynamic, DynamicKind, Word};
use std::ops::Range;

/// The tokens of `source`, code in `language`; an interpolation naming the home directory
/// (`#{Dir.home}`, `$ENV{HOME}`) is `home` itself.
pub fn tokens(language: Language, source: &Source, home: &str) -> Vec<Token> {
    Lexer::new(language, source, home).tokens()
}

/// A token and the bytes of the source it covers.
#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    pub range: Range<usize>,
}

#[derive(Clone, Debug)]
pub enum Kind {
    /// A name, `::`-qualified names joined (`File::Path::rmtree`).
    Ident,
    /// `$x`, `@x`, `$ENV{HOME}`-style variables.
    Var,
    Str(Word),
    /// Backticks, `%x{}`, `qx{}`: shell code.
    Command(Word),
    /// `%w[]`, `qw()`: a list of words.
    Words(Vec<Word>),
    Punct,
    /// A line break, which ends a statement in Ruby and Lua.
    Newline,
}

struct Lexer<'a> {
    language: Language,
    source: &'a Source,
    home: &'a str,
    text: &'a str,
    at: usize,
    tokens: Vec<Token>,
}

impl<'a> Lexer<'a> {
    fn new(language: Language, source: &'a Source, home: &'a str) -> Lexer<'a> {
        Lexer {
            language,
            source,
            home,
            text: source.text(),
            at: 0,
            tokens: Vec::new(),
        }
    }

    fn peek(&self, offset: usize) -> Option<char> {
        self.text.get(self.at + offset..)?.chars().next()
    }

    /// Steps over `close` when it is next; an unclosed literal ends with the text.
    fn skip_close(&mut self, close: char) {
        if self.peek(0) == Some(close) {
            self.at += close.len_utf8();
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn push(&mut self, kind: Kind, start: usize) {
        self.tokens.push(Token {
            kind,
            range: start..self.at,
        });
    }

    /// Whether the last token ends an operand, so that `/` divides and `%` is modulo.
    fn after_operand(&self) -> bool {
        match self.tokens.last() {
            Some(token) => match &token.kind {
                Kind::Var | Kind::Str(_) | Kind::Command(_) | Kind::Words(_) => true,
                Kind::Ident => {
                    let word = &self.text[token.range.clone()];
                    word.starts_with(|c: char| c.is_ascii_digit())
                        || !matches!(
                            word,
                            "split"
                                | "grep"
                                | "map"
                                | "join"
                                | "if"
                                | "unless"
                                | "and"
                                | "or"
                                | "not"
                                | "return"
                                | "when"
                        )
                }
                Kind::Punct => matches!(&self.text[token.range.clone()], ")" | "]" | "}"),
                Kind::Newline => false,
            },
            None => false,
        }
    }

    fn tokens(mut self) -> Vec<Token> {
        if self.language == Language::Php
            && let Some(open) = self.text.find("<?php")
        {
            self.at = open + 5;
        }
        while let Some(c) = self.peek(0) {
            let start = self.at;
            match c {
                '\n' => {
                    self.at += 1;
                    self.push(Kind::Newline, start);
                }
                _ if c.is_whitespace() => self.at += c.len_utf8(),
                '#' if self.language != Language::Lua => self.skip_line(),
                '-' if self.language == Language::Lua && self.rest().starts_with("--") => {
                    self.at += 2;
                    match long_bracket(self.rest()) {
                        Some(level) => {
                            self.long_string(level);
                        }
                        None => self.skip_line(),
                    }
                }
                '/' if self.language == Language::Php && self.rest().starts_with("//") => self.skip_line(),
                '/' if self.language == Language::Php && self.rest().starts_with("/*") => {
                    self.at = match self.rest()[2..].find("*/") {
                        Some(end) => self.at + 2 + end + 2,
                        None => self.text.len(),
                    };
                }
                '/' if matches!(self.language, Language::Perl | Language::Ruby) && !self.after_operand() => {
                    self.at += 1;
                    self.delimited('/', false, true);
                    self.skip_close('/');
                    self.skip_flags();
                    self.push(Kind::Punct, start);
                }
                '\'' | '"' => {
                    self.at += 1;
                    let word = self.delimited(c, c == '"', c == '"' || self.language == Language::Lua);
                    self.skip_close(c);
                    self.push(Kind::Str(word), start);
                }
                '`' if self.language != Language::Lua => {
                    self.at += 1;
                    let word = self.delimited('`', true, true);
                    self.skip_close('`');
                    self.push(Kind::Command(word), start);
                }
                '[' if self.language == Language::Lua && long_bracket(self.rest()).is_some() => {
                    let level = long_bracket(self.rest()).unwrap_or(0);
                    let word = self.long_string(level);
                    self.push(Kind::Str(word), start);
                }
                '%' if self.language == Language::Ruby && self.percent_literal(start) => {}
                // A Ruby symbol (`:system`) is the name it holds.
                ':' if self.language == Language::Ruby
                    && !self.rest().starts_with("::")
                    && self.peek(1).is_some_and(|c| c.is_alphabetic() || c == '_')
                    && !self.text[..start].ends_with(':') =>
                {
                    self.at += 1;
                    let name_start = self.at;
                    self.identifier();
                    let word = verbatim(self.source, name_start..self.at);
                    self.push(Kind::Str(word), start);
                }
                '$' | '@' if matches!(self.language, Language::Perl | Language::Php | Language::Ruby) => {
                    self.variable();
                    self.push(Kind::Var, start);
                }
                _ if c.is_alphanumeric() || c == '_' => {
                    self.identifier();
                    if self.language == Language::Perl && self.perl_quote_like(start) {
                        continue;
                    }
                    self.push(Kind::Ident, start);
                }
                _ => {
                    let operator = ["->", "=>", "=~", "!~", "==", "..", "::", "<<", "&&", "||"]
                        .into_iter()
                        .find(|op| self.rest().starts_with(op));
                    self.at += operator.map_or(c.len_utf8(), str::len);
                    self.push(Kind::Punct, start);
                }
            }
        }
        self.tokens
    }

    fn skip_line(&mut self) {
        self.at = match self.rest().find('\n') {
            Some(end) => self.at + end,
            None => self.text.len(),
        };
    }

    fn skip_flags(&mut self) {
        while self.peek(0).is_some_and(|c| c.is_ascii_alphabetic()) {
            self.at += 1;
        }
    }

    /// A name: letters, digits, `_`, and `::` between parts.
    fn identifier(&mut self) {
        loop {
            while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                self.at += self.peek(0).map_or(1, char::len_utf8);
            }
            let joins = matches!(self.language, Language::Perl | Language::Ruby | Language::Php)
                && self.rest().starts_with("::")
                && self.text[self.at + 2..].starts_with(|c: char| c.is_alphabetic() || c == '_');
            if !joins {
                return;
            }
            self.at += 2;
        }
    }

    /// `$x`, `${x}`, `@x`, `@@x`, `$ENV{HOME}`, `$_SERVER['HOME']`, `$#x`, `$$`.
    fn variable(&mut self) {
        self.at += 1;
        if self.language == Language::Ruby && self.peek(0) == Some('@') {
            self.at += 1;
        }
        if self.language == Language::Perl && self.peek(0) == Some('#') {
            self.at += 1;
        }
        match self.peek(0) {
            Some('{') if self.language != Language::Ruby => {
                self.at += 1;
                self.delimited('}', false, false);
                self.skip_close('}');
            }
            Some(c) if c.is_alphanumeric() || c == '_' => {
                self.identifier();
                let subscript = match (self.language, self.peek(0)) {
                    (Language::Perl, Some('{')) => Some('}'),
                    (Language::Php | Language::Perl, Some('[')) => Some(']'),
                    _ => None,
                };
                if let Some(close) = subscript {
                    self.at += 1;
                    self.delimited(close, false, false);
                    self.skip_close(close);
                }
            }
            Some(c) if self.language != Language::Ruby && !c.is_whitespace() => self.at += c.len_utf8(),
            _ => {}
        }
    }

    /// Perl's `q()`, `qq{}`, `qx//`, `qw[]`, `m//`, `s///`, `tr///`, `y///`, `qr//` after the
    /// identifier just read; false when the identifier is a plain name.
    fn perl_quote_like(&mut self, start: usize) -> bool {
        let word = &self.text[start..self.at];
        let Some(open) = self.peek(0) else {
            return false;
        };
        if !matches!(word, "q" | "qq" | "qx" | "qw" | "m" | "s" | "tr" | "y" | "qr")
            || open.is_alphanumeric()
            || open.is_whitespace()
            || matches!(open, ',' | ';' | ')' | '=' | '}' | ']' | '-' | '>')
        {
            return false;
        }
        self.at += open.len_utf8();
        let close = closing(open);
        let interpolates = matches!(word, "qq" | "qx") && open != '\'';
        let content_start = self.at;
        let content = self.delimited(close, interpolates, interpolates);
        let content_end = self.at;
        self.skip_close(close);
        if matches!(word, "s" | "tr" | "y") {
            if open != close {
                while self.peek(0).is_some_and(char::is_whitespace) {
                    self.at += 1;
                }
                let Some(second) = self.peek(0) else {
                    return true;
                };
                self.at += second.len_utf8();
                self.delimited(closing(second), false, false);
                self.skip_close(closing(second));
            } else {
                self.delimited(close, false, false);
                self.skip_close(close);
            }
        }
        let kind = match word {
            "q" | "qq" => Kind::Str(content),
            "qx" => Kind::Command(content),
            "qw" => Kind::Words(split_words(self.source, content_start..content_end)),
            _ => {
                self.skip_flags();
                Kind::Punct
            }
        };
        self.push(kind, start);
        true
    }

    /// Ruby's `%x{}`, `%q()`, `%Q[]`, `%w<>`, `%()`.
    fn percent_literal(&mut self, start: usize) -> bool {
        let rest = self.rest();
        let mut chars = rest[1..].chars();
        let (letter, open) = match chars.next() {
            Some(c @ ('x' | 'q' | 'Q' | 'w' | 'W' | 'i' | 'I')) => (Some(c), chars.next()),
            other => (None, other),
        };
        let Some(open) = open.filter(|c| "([{<|!/^".contains(*c)) else {
            return false;
        };
        if letter.is_none() && self.after_operand() {
            return false;
        }
        self.at += 1 + letter.map_or(0, char::len_utf8) + open.len_utf8();
        let close = closing(open);
        let interpolates = !matches!(letter, Some('q' | 'w' | 'i'));
        let content_start = self.at;
        let content = self.delimited(close, interpolates, interpolates);
        let content_end = self.at;
        self.skip_close(close);
        let kind = match letter {
            Some('x') => Kind::Command(content),
            Some('w' | 'W' | 'i' | 'I') => Kind::Words(split_words(self.source, content_start..content_end)),
            _ => Kind::Str(content),
        };
        self.push(kind, start);
        true
    }

    /// Lua's `[[…]]`, `[==[…]==]` starting here, `level` `=` signs deep.
    fn long_string(&mut self, level: usize) -> Word {
        let open = level + 2;
        let close = format!("]{}]", "=".repeat(level));
        let content_start = self.at + open;
        let content_end = self.text[content_start..]
            .find(&close)
            .map_or(self.text.len(), |end| content_start + end);
        self.at = (content_end + close.len()).min(self.text.len());
        verbatim(self.source, content_start..content_end)
    }

    /// Reads up to the unescaped `close` (not consumed), nesting brackets, decoding escapes
    /// when `escapes` and marking interpolations dynamic when `interpolates`.
    fn delimited(&mut self, close: char, interpolates: bool, escapes: bool) -> Word {
        let open = opening(close);
        let mut depth = 0;
        let mut pieces = Vec::new();
        let mut verbatim_from = self.at;
        let mut modifiers = Modifiers::default();
        let flush = |lexer: &Lexer, pieces: &mut Vec<Word>, modifiers: &mut Modifiers, from: usize, to: usize| {
            if from >= to {
                return;
            }
            pieces.push(match modifiers.any() {
                true => Word::from_source_text(&modifiers.changed(&lexer.text[from..to]), from..to, lexer.source),
                false => verbatim(lexer.source, from..to),
            });
        };
        while let Some(c) = self.peek(0) {
            if c == '\\' {
                let length = 1 + self.peek(1).map_or(0, char::len_utf8);
                if escapes {
                    flush(self, &mut pieces, &mut modifiers, verbatim_from, self.at);
                    let (decoded, used) = decode_escape(self.language, &self.text[self.at..]);
                    let range = self.at..self.at + used.max(length);
                    match decoded {
                        Escaped::Text(decoded) => {
                            let decoded = modifiers.changed(&decoded);
                            pieces.push(Word::from_source_text(&decoded, range.clone(), self.source));
                        }
                        Escaped::Unknown => {
                            let written = &self.text[range.clone()];
                            pieces.push(Word::dynamic(Dynamic {
                                kind: DynamicKind::Other,
                                text: crate::source::display_text(written, &[]),
                                span: self.source.span(range.clone()),
                            }));
                        }
                        Escaped::Modifier(modifier) => modifiers.apply(modifier),
                    }
                    self.at = range.end;
                    verbatim_from = self.at;
                } else {
                    // `\'` and `\\` stand for the character after the backslash; any other
                    // backslash is kept as written.
                    let next = self.peek(1);
                    if next == Some(close) || next == Some('\\') {
                        flush(self, &mut pieces, &mut modifiers, verbatim_from, self.at);
                        verbatim_from = self.at + 1;
                    }
                    self.at += length;
                }
                continue;
            }
            if open != close && c == open {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            if interpolates && let Some(length) = self.interpolation() {
                flush(self, &mut pieces, &mut modifiers, verbatim_from, self.at);
                let range = self.at..self.at + length;
                pieces.push(self.interpolated(range.clone()));
                self.at = range.end;
                verbatim_from = self.at;
                continue;
            }
            self.at += c.len_utf8();
        }
        flush(self, &mut pieces, &mut modifiers, verbatim_from, self.at);
        if pieces.is_empty() {
            return text("", self.source.span(self.at..self.at));
        }
        concat(pieces)
    }

    /// The length of an interpolation starting here: `#{…}` in Ruby, `$x`, `${x}`, `{$x}`,
    /// `@x` in Perl and PHP.
    fn interpolation(&self) -> Option<usize> {
        let rest = self.rest();
        match self.language {
            Language::Ruby if rest.starts_with("#{") => Some(matching(rest, 1).map_or(rest.len(), |end| end + 1)),
            Language::Perl | Language::Php => {
                if self.language == Language::Php && rest.starts_with("{$") {
                    return Some(matching(rest, 0).map_or(rest.len(), |end| end + 1));
                }
                let sigil = rest.chars().next()?;
                if !(sigil == '$' || (sigil == '@' && self.language == Language::Perl)) {
                    return None;
                }
                let after = &rest[1..];
                if after.starts_with('{') {
                    return Some(1 + matching(after, 0).map_or(after.len(), |end| end + 1));
                }
                let name = after
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .count();
                if name == 0 {
                    return None;
                }
                let mut length = 1 + name;
                let next = &rest[length..];
                if (next.starts_with('{') && self.language == Language::Perl) || next.starts_with('[') {
                    let close = if next.starts_with('{') { '}' } else { ']' };
                    if let Some(end) = next.find(close) {
                        length += end + 1;
                    }
                } else if next.starts_with("->") && self.language == Language::Php {
                    length += 2 + next[2..]
                        .bytes()
                        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                        .count();
                }
                Some(length)
            }
            _ => None,
        }
    }

    /// The value of an interpolation: the home directory when it names it, else dynamic.
    fn interpolated(&self, range: Range<usize>) -> Word {
        let written = &self.text[range.clone()];
        let inner = written
            .trim_start_matches("#{")
            .trim_start_matches('{')
            .trim_end_matches('}');
        let span = self.source.span(range);
        if names_home(inner) || names_home(written) {
            return text(self.home, span);
        }
        Word::dynamic(Dynamic {
            kind: DynamicKind::Variable {
                name: written.to_owned(),
                guarded: false,
            },
            text: crate::source::display_text(written, &[]),
            span,
        })
    }
}

/// Whether an expression, written without spaces, is one of the common ways to name the home
/// directory in these languages.
pub fn names_home(expression: &str) -> bool {
    let compact: String = expression
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '"' { '\'' } else { c })
        .collect();
    matches!(
        compact.as_str(),
        "ENV['HOME']"
            | "ENV.fetch('HOME')"
            | "Dir.home"
            | "Dir.home()"
            | "$ENV{HOME}"
            | "$ENV{'HOME'}"
            | "ENV{HOME}"
            | "getenv('HOME')"
            | "$_SERVER['HOME']"
            | "$_ENV['HOME']"
            | "os.getenv('HOME')"
    )
}

/// The level of a Lua long bracket (`[[` is 0, `[==[` is 2) at the start of `text`.
fn long_bracket(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('[')?;
    let level = rest.bytes().take_while(|b| *b == b'=').count();
    rest[level..].starts_with('[').then_some(level)
}

fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        other => other,
    }
}

fn opening(close: char) -> char {
    match close {
        ')' => '(',
        ']' => '[',
        '}' => '{',
        '>' => '<',
        other => other,
    }
}

/// The offset of the `}` closing the `{` at `open` in `text`.
fn matching(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (offset, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + offset);
                }
            }
            _ => {}
        }
    }
    None
}

/// The words of `%w[…]` or `qw(…)`.
fn split_words(source: &Source, range: Range<usize>) -> Vec<Word> {
    let content = &source.text()[range.clone()];
    let mut words = Vec::new();
    let mut start = None;
    for (offset, c) in content.char_indices().chain([(content.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(offset),
            (true, Some(from)) => {
                words.push(verbatim(source, range.start + from..range.start + offset));
                start = None;
            }
            _ => {}
        }
    }
    words
}

/// What an escape in a string stands for.
#[derive(Debug, PartialEq)]
enum Escaped {
    Text(String),
    /// A character this reading cannot name (Perl's `\N{NAME}`, Ruby's meta `\M-x`).
    Unknown,
    /// A Perl case or quoting change of what follows (`\U`, `\L`, `\F`, `\Q`, `\u`, `\l`),
    /// or its end (`\E`).
    Modifier(char),
}

/// Decodes the escape at the start of `text` (which begins with a backslash): what it stands
/// for and the bytes it used.
fn decode_escape(language: Language, text: &str) -> (Escaped, usize) {
    let mut chars = text[1..].chars();
    let Some(first) = chars.next() else {
        return (Escaped::Text("\\".to_owned()), 1);
    };
    let simple = |s: &str| (Escaped::Text(s.to_owned()), 1 + first.len_utf8());
    let code = |digits: &str, radix: u32, used: usize| match u32::from_str_radix(digits, radix)
        .ok()
        .and_then(char::from_u32)
    {
        Some(c) => (Escaped::Text(c.to_string()), used),
        None => (Escaped::Text(text[..used].to_owned()), used),
    };
    let after = &text[1 + first.len_utf8()..];
    let braced = |prefix: usize| after[prefix..].strip_prefix('{').and_then(|inner| inner.find('}'));
    let (perl, ruby) = (language == Language::Perl, language == Language::Ruby);
    match first {
        'n' => simple("\n"),
        't' => simple("\t"),
        'r' => simple("\r"),
        'e' if language != Language::Lua => simple("\x1b"),
        'a' => simple("\x07"),
        'f' => simple("\x0c"),
        'b' if language != Language::Php => simple("\x08"),
        'v' if !perl => simple("\x0b"),
        's' if ruby => simple(" "),
        'U' | 'L' | 'F' | 'Q' | 'E' | 'u' | 'l' if perl => (Escaped::Modifier(first), 2),
        'o' if perl && braced(0).is_some() => {
            let end = braced(0).unwrap_or_default();
            code(&after[1..1 + end], 8, 2 + end + 2)
        }
        'N' if perl => match braced(0) {
            Some(end) => {
                let name = &after[1..1 + end];
                let used = 2 + end + 2;
                match name.strip_prefix("U+") {
                    Some(hex) => code(hex, 16, used),
                    None => (Escaped::Unknown, used),
                }
            }
            None => simple("N"),
        },
        // Perl: the character's upper case with bit 6 flipped; Ruby: its low five bits (and
        // `?`, DEL).
        'c' if perl || ruby => control(language, after, 2),
        'C' if ruby && after.starts_with('-') => control(language, &after[1..], 3),
        'M' if ruby && after.starts_with('-') => (
            Escaped::Unknown,
            3 + after[1..].chars().next().map_or(0, char::len_utf8),
        ),
        '0'..='9' if language == Language::Lua => {
            let digits = text[1..].bytes().take_while(u8::is_ascii_digit).take(3).count();
            code(&text[1..1 + digits], 10, 1 + digits)
        }
        '0'..='7' => {
            let digits = text[1..]
                .bytes()
                .take_while(|b| (b'0'..=b'7').contains(b))
                .take(3)
                .count();
            code(&text[1..1 + digits], 8, 1 + digits)
        }
        'x' if after.starts_with('{') => match after.find('}') {
            Some(end) => code(&after[1..end], 16, 2 + end + 1),
            None => simple("x"),
        },
        'x' => {
            let digits = after.bytes().take_while(u8::is_ascii_hexdigit).take(2).count();
            match digits {
                // Perl reads `\x` with no digits as a NUL.
                0 if perl => simple("\0"),
                0 => simple("x"),
                _ => code(&after[..digits], 16, 2 + digits),
            }
        }
        // Ruby's `\u{72 6d}` names several characters.
        'u' if ruby && after.starts_with('{') => match after.find('}') {
            Some(end) => {
                let decoded: Option<String> = after[1..end]
                    .split_ascii_whitespace()
                    .map(|digits| u32::from_str_radix(digits, 16).ok().and_then(char::from_u32))
                    .collect();
                match decoded {
                    Some(decoded) => (Escaped::Text(decoded), 2 + end + 1),
                    None => (Escaped::Text(text[..2 + end + 1].to_owned()), 2 + end + 1),
                }
            }
            None => simple("u"),
        },
        'u' if after.starts_with('{') => match after.find('}') {
            Some(end) => code(&after[1..end], 16, 2 + end + 1),
            None => simple("u"),
        },
        'u' if ruby => {
            let digits = after.bytes().take_while(u8::is_ascii_hexdigit).take(4).count();
            code(&after[..digits], 16, 2 + digits)
        }
        '\n' if language == Language::Lua => simple("\n"),
        _ if language == Language::Php && !"\\$\"".contains(first) => (
            Escaped::Text(text[..1 + first.len_utf8()].to_owned()),
            1 + first.len_utf8(),
        ),
        other => (Escaped::Text(other.to_string()), 1 + other.len_utf8()),
    }
}

/// The control character `\cX` (Perl, Ruby) or `\C-X` (Ruby) names, X starting `after`;
/// `used` bytes before X.
fn control(language: Language, after: &str, used: usize) -> (Escaped, usize) {
    let Some(named) = after.chars().next().filter(char::is_ascii) else {
        return (Escaped::Unknown, used);
    };
    let byte = named as u8;
    let value = match (language, byte) {
        (_, b'?') => 0x7f,
        (Language::Perl, _) => byte.to_ascii_uppercase() ^ 0x40,
        _ => byte & 0x9f,
    };
    (Escaped::Text(char::from(value).to_string()), used + 1)
}

/// Perl's case and quoting changes in force in a double-quoted string: `\U`, `\L` or `\F`
/// (one at a time, each replacing the last) and `\Q`, each until its `\E`, and `\u` or `\l` for
/// the next character.
#[derive(Default)]
struct Modifiers {
    /// The changes in force, the latest last.
    active: Vec<char>,
    next_character: Option<char>,
}

impl Modifiers {
    fn apply(&mut self, modifier: char) {
        match modifier {
            'E' => {
                self.active.pop();
            }
            'u' | 'l' => self.next_character = Some(modifier),
            'Q' => self.active.push('Q'),
            case => {
                self.active.retain(|active| *active == 'Q');
                self.active.push(case);
            }
        }
    }

    fn any(&self) -> bool {
        !self.active.is_empty() || self.next_character.is_some()
    }

    /// `text` as the changes in force make it.
    fn changed(&mut self, text: &str) -> String {
        let mut changed = String::with_capacity(text.len());
        for c in text.chars() {
            let cased: String = match self.active.iter().rev().find(|active| **active != 'Q') {
                Some('U') => c.to_uppercase().collect(),
                Some(_) => c.to_lowercase().collect(),
                None => c.to_string(),
            };
            let cased = match self.next_character.take() {
                Some('u') => cased.to_uppercase(),
                Some(_) => cased.to_lowercase(),
                None => cased,
            };
            for c in cased.chars() {
                if self.active.contains(&'Q') && c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '_') {
                    changed.push('\\');
                }
                changed.push(c);
            }
        }
        changed
    }
}
