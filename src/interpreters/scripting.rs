//! Ruby, Perl, PHP and Lua, read with a tokenizer that knows each language's string literals
//! (quotes, escapes, interpolation, `%x{}`, `qx{}`, `[[…]]`), comments and regular
//! expressions, then scanned for the calls that run commands, delete files or write them.
//! Literal assignments (`cmd = "rm -rf ~"`) are followed to their use.

use super::{
    Effect, Env, Value, code_effect, concat, delete_effect, expand_home, run_effect, shell_effect, text, write_effect,
};
use crate::source::{Source, Span};
use crate::unwrap::Language;
use crate::word::{Dynamic, DynamicKind, Word};
use std::collections::HashMap;
use std::ops::Range;

pub fn effects(language: Language, source: &Source, env: &Env) -> Vec<Effect> {
    let tokens = Lexer::new(language, source, env.home).tokens();
    let mut scanner = Scanner {
        language,
        source,
        env,
        tokens: &tokens,
        names: HashMap::new(),
        cwd: None,
        effects: Vec::new(),
    };
    scanner.scan();
    scanner.effects
}

#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    range: Range<usize>,
}

#[derive(Clone, Debug)]
enum Kind {
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
                    self.at += usize::from(self.peek(0) == Some('/'));
                    self.skip_flags();
                    self.push(Kind::Punct, start);
                }
                '\'' | '"' => {
                    self.at += 1;
                    let word = self.delimited(c, c == '"', c == '"' || self.language == Language::Lua);
                    self.at += c.len_utf8();
                    self.push(Kind::Str(word), start);
                }
                '`' if self.language != Language::Lua => {
                    self.at += 1;
                    let word = self.delimited('`', true, true);
                    self.at += 1;
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
                    let word = super::syntax::verbatim(self.source, name_start..self.at);
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
                self.at += 1;
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
                    self.at += 1;
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
        self.at += close.len_utf8().min(self.text.len() - self.at);
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
                self.at += closing(second).len_utf8().min(self.text.len() - self.at);
            } else {
                self.delimited(close, false, false);
                self.at += close.len_utf8().min(self.text.len() - self.at);
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
        self.at += close.len_utf8().min(self.text.len() - self.at);
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
        super::syntax::verbatim(self.source, content_start..content_end)
    }

    /// Reads up to the unescaped `close` (not consumed), nesting brackets, decoding escapes
    /// when `escapes` and marking interpolations dynamic when `interpolates`.
    fn delimited(&mut self, close: char, interpolates: bool, escapes: bool) -> Word {
        let open = opening(close);
        let mut depth = 0;
        let mut pieces = Vec::new();
        let mut verbatim_from = self.at;
        let flush = |lexer: &Lexer, pieces: &mut Vec<Word>, from: usize, to: usize| {
            if from < to {
                pieces.push(super::syntax::verbatim(lexer.source, from..to));
            }
        };
        while let Some(c) = self.peek(0) {
            if c == '\\' {
                let length = 1 + self.peek(1).map_or(0, char::len_utf8);
                if escapes {
                    flush(self, &mut pieces, verbatim_from, self.at);
                    let (decoded, used) = decode_escape(self.language, &self.text[self.at..]);
                    let range = self.at..self.at + used.max(length);
                    pieces.push(Word::from_source_text(&decoded, range.clone(), self.source));
                    self.at = range.end;
                    verbatim_from = self.at;
                } else {
                    let next = self.peek(1);
                    if next == Some(close) || next == Some('\\') {
                        flush(self, &mut pieces, verbatim_from, self.at);
                        self.at += 1;
                        verbatim_from = self.at;
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
                flush(self, &mut pieces, verbatim_from, self.at);
                let range = self.at..self.at + length;
                pieces.push(self.interpolated(range.clone()));
                self.at = range.end;
                verbatim_from = self.at;
                continue;
            }
            self.at += c.len_utf8();
        }
        flush(self, &mut pieces, verbatim_from, self.at);
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
fn names_home(expression: &str) -> bool {
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
                words.push(super::syntax::verbatim(
                    source,
                    range.start + from..range.start + offset,
                ));
                start = None;
            }
            _ => {}
        }
    }
    words
}

/// Decodes the escape at the start of `text` (which begins with a backslash): the text it
/// stands for and the bytes it used.
fn decode_escape(language: Language, text: &str) -> (String, usize) {
    let mut chars = text[1..].chars();
    let Some(first) = chars.next() else {
        return ("\\".to_owned(), 1);
    };
    let simple = |s: &str| (s.to_owned(), 1 + first.len_utf8());
    let code = |digits: &str, radix: u32, used: usize| match u32::from_str_radix(digits, radix)
        .ok()
        .and_then(char::from_u32)
    {
        Some(c) => (c.to_string(), used),
        None => (text[..used].to_owned(), used),
    };
    let after = &text[2..];
    match first {
        'n' => simple("\n"),
        't' => simple("\t"),
        'r' => simple("\r"),
        'e' if language != Language::Lua => simple("\x1b"),
        'a' => simple("\x07"),
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
            if digits == 0 {
                return simple("x");
            }
            code(&after[..digits], 16, 2 + digits)
        }
        'u' if after.starts_with('{') => match after.find('}') {
            Some(end) => code(&after[1..end], 16, 2 + end + 1),
            None => simple("u"),
        },
        'u' if language == Language::Ruby => {
            let digits = after.bytes().take_while(u8::is_ascii_hexdigit).take(4).count();
            code(&after[..digits], 16, 2 + digits)
        }
        '\n' if language == Language::Lua => simple("\n"),
        _ if language == Language::Php && !"\\$\"".contains(first) => {
            (text[..1 + first.len_utf8()].to_owned(), 1 + first.len_utf8())
        }
        other => (other.to_string(), 1 + other.len_utf8()),
    }
}

struct Scanner<'a> {
    language: Language,
    source: &'a Source,
    env: &'a Env<'a>,
    tokens: &'a [Token],
    /// Values of variables assigned literally.
    names: HashMap<String, Value>,
    cwd: Option<Word>,
    effects: Vec<Effect>,
}

/// What a call does with its arguments.
#[derive(Clone, Copy)]
enum Sink {
    /// One argument: shell code; several: a program and its arguments (`system`).
    Kernel,
    /// The first argument is shell code.
    Shell,
    /// A program and its arguments, or an array of them.
    Program,
    /// Deletes every argument.
    Delete {
        recursive: bool,
        directory: bool,
    },
    /// Writes the first argument (`File.write`, `file_put_contents`).
    Write,
    /// Writes when the second argument is a writing mode (`File.open`, `fopen`, `io.open`).
    Open,
    /// Writes the second argument (`cp`, `rename`).
    WriteSecond,
    /// Perl's `open`, whose mode and command may be in one string.
    PerlOpen,
    /// Runs code in the same language.
    Eval,
    Chdir,
}

fn sink(language: Language, name: &str) -> Option<Sink> {
    let recursive = Sink::Delete {
        recursive: true,
        directory: true,
    };
    let file = Sink::Delete {
        recursive: false,
        directory: false,
    };
    let directory = Sink::Delete {
        recursive: false,
        directory: true,
    };
    Some(match language {
        Language::Ruby => match name {
            "system" | "exec" | "spawn" | "Kernel.system" | "Kernel.exec" | "Kernel.spawn" | "Process.spawn"
            | "Process.exec" | "IO.popen" | "Open3.capture2" | "Open3.capture2e" | "Open3.capture3"
            | "Open3.popen2" | "Open3.popen2e" | "Open3.popen3" | "Open3.pipeline" | "Open3.pipeline_r"
            | "Open3.pipeline_w" | "PTY.spawn" => Sink::Kernel,
            "FileUtils.rm_rf"
            | "FileUtils.rm_r"
            | "FileUtils.remove_dir"
            | "FileUtils.remove_entry"
            | "FileUtils.remove_entry_secure"
            | "FileUtils.rmtree"
            | "FileUtils.remove_tree" => recursive,
            "FileUtils.rm"
            | "FileUtils.rm_f"
            | "FileUtils.remove"
            | "FileUtils.remove_file"
            | "File.delete"
            | "File.unlink" => file,
            "FileUtils.rmdir" | "Dir.rmdir" | "Dir.delete" | "Dir.unlink" => directory,
            "File.write" | "File.binwrite" | "IO.write" | "IO.binwrite" | "FileUtils.touch" => Sink::Write,
            "File.open" | "File.new" => Sink::Open,
            "FileUtils.cp" | "FileUtils.cp_r" | "FileUtils.mv" | "FileUtils.copy" | "FileUtils.move"
            | "File.rename" | "FileUtils.ln_s" | "FileUtils.ln_sf" => Sink::WriteSecond,
            "eval" | "instance_eval" | "Kernel.eval" => Sink::Eval,
            "Dir.chdir" => Sink::Chdir,
            _ => return None,
        },
        Language::Perl => match name {
            "system" | "exec" => Sink::Kernel,
            "unlink" => file,
            "rmdir" => directory,
            "rmtree" | "remove_tree" | "File.Path.rmtree" | "File.Path.remove_tree" => recursive,
            "open" => Sink::PerlOpen,
            "eval" => Sink::Eval,
            "chdir" => Sink::Chdir,
            "File.Copy.copy" | "File.Copy.move" | "copy" | "move" | "rename" => Sink::WriteSecond,
            _ => return None,
        },
        Language::Php => match name.to_ascii_lowercase().as_str() {
            "system" | "exec" | "shell_exec" | "passthru" | "popen" => Sink::Shell,
            "proc_open" => Sink::Kernel,
            "pcntl_exec" => Sink::Program,
            "unlink" => file,
            "rmdir" => directory,
            "file_put_contents" => Sink::Write,
            "fopen" => Sink::Open,
            "copy" | "rename" | "symlink" | "link" => Sink::WriteSecond,
            "eval" => Sink::Eval,
            "chdir" => Sink::Chdir,
            _ => return None,
        },
        Language::Lua => match name {
            "os.execute" | "io.popen" => Sink::Shell,
            "os.remove" => file,
            "io.open" => Sink::Open,
            "os.rename" => Sink::WriteSecond,
            "load" | "loadstring" => Sink::Eval,
            _ => return None,
        },
        _ => return None,
    })
}

/// Qualifiers under which a bare Ruby or Perl builtin is still the builtin.
fn builtin_qualifier(language: Language, qualifier: &str) -> bool {
    match language {
        Language::Ruby => matches!(qualifier, "Kernel" | "Process"),
        Language::Perl => matches!(qualifier, "CORE" | "CORE.GLOBAL"),
        _ => false,
    }
}

impl Scanner<'_> {
    fn text(&self, index: usize) -> &str {
        &self.source.text()[self.tokens[index].range.clone()]
    }

    fn is(&self, index: usize, punct: &str) -> bool {
        index < self.tokens.len() && matches!(self.tokens[index].kind, Kind::Punct) && self.text(index) == punct
    }

    fn span(&self, tokens: Range<usize>) -> Span {
        let start = self.tokens[tokens.start].range.start;
        let end = self.tokens[tokens.end.max(tokens.start + 1) - 1].range.end;
        self.source.span(start..end)
    }

    fn scan(&mut self) {
        let mut index = 0;
        while index < self.tokens.len() {
            match self.tokens[index].kind.clone() {
                Kind::Command(word) => {
                    let span = self.span(index..index + 1);
                    let call = if self.language == Language::Perl {
                        "qx"
                    } else {
                        "backticks"
                    };
                    let value = Value::Text(word);
                    self.effects.push(shell_effect(call, span, &value, self.cwd.clone()));
                }
                Kind::Ident | Kind::Var if self.is(index + 1, "=") && self.starts_statement(index) => {
                    let end = self.statement_end(index + 2);
                    let value = self.value(index + 2..end);
                    let name = self.text(index).to_owned();
                    self.names.insert(name, value);
                }
                Kind::Ident => self.call(index),
                _ => {}
            }
            index += 1;
        }
    }

    /// Whether the token at `index` begins a statement (after `my`, `local`, `;`, a newline).
    fn starts_statement(&self, index: usize) -> bool {
        let Some(before) = index.checked_sub(1) else {
            return true;
        };
        match self.tokens[before].kind {
            Kind::Newline => true,
            Kind::Punct => matches!(self.text(before), ";" | "{" | "}" | "("),
            Kind::Ident => matches!(self.text(before), "my" | "our" | "local" | "then" | "do" | "else"),
            _ => false,
        }
    }

    /// The index just past the statement or argument list starting at `start`.
    fn statement_end(&self, start: usize) -> usize {
        let mut depth = 0usize;
        let mut index = start;
        while index < self.tokens.len() {
            match &self.tokens[index].kind {
                Kind::Newline if depth == 0 && matches!(self.language, Language::Ruby | Language::Lua) => {
                    let continues = index > start
                        && matches!(self.tokens[index - 1].kind, Kind::Punct)
                        && matches!(self.text(index - 1), "," | "+" | "." | ".." | "(" | "[" | "\\");
                    if !continues {
                        return index;
                    }
                }
                Kind::Punct => match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" if depth == 0 => return index,
                    ")" | "]" | "}" => depth -= 1,
                    ";" | "&&" | "||" if depth == 0 => return index,
                    _ => {}
                },
                Kind::Ident
                    if depth == 0
                        && index > start
                        && matches!(
                            self.text(index),
                            "or" | "and" | "if" | "unless" | "while" | "until" | "do" | "then"
                        ) =>
                {
                    return index;
                }
                _ => {}
            }
            index += 1;
        }
        index
    }

    /// The qualified name of the call whose last identifier is at `index` (`FileUtils.rm_rf`,
    /// `os.execute`), or `None` when it is a method of some other object.
    fn qualified_name(&self, index: usize) -> Option<String> {
        let name = self.text(index).replace("::", ".");
        let Some(dot) = index.checked_sub(1) else {
            return Some(name);
        };
        if !(self.is(dot, ".") || self.is(dot, "::") || self.is(dot, "->")) {
            return Some(name);
        }
        let owner = dot.checked_sub(1)?;
        if !matches!(self.tokens[owner].kind, Kind::Ident) || self.is(dot, "->") {
            return None;
        }
        Some(format!("{}.{name}", self.text(owner).replace("::", ".")))
    }

    fn call(&mut self, index: usize) {
        let Some(mut name) = self.qualified_name(index) else {
            return;
        };
        if let Some((qualifier, last)) = name.rsplit_once('.')
            && builtin_qualifier(self.language, qualifier)
        {
            name = last.to_owned();
        }
        // `send(:system, …)`, `obj.public_send(:system, …)`: the method named by the symbol.
        let last = name.rsplit('.').next().unwrap_or(&name);
        let sends = self.language == Language::Ruby && matches!(last, "send" | "public_send" | "__send__");
        let found = if sends { None } else { sink(self.language, &name) };
        if found.is_none() && !sends {
            return;
        }
        let after = index + 1;
        let parenthesized = self.is(after, "(");
        let (arguments, end) = if parenthesized {
            let close = self.statement_end(after + 1);
            (self.arguments(after + 1..close), close + 1)
        } else if matches!(self.language, Language::Perl | Language::Ruby)
            || (self.language == Language::Lua && matches!(self.tokens.get(after).map(|t| &t.kind), Some(Kind::Str(_))))
        {
            let end = self.statement_end(after);
            if end == after {
                return;
            }
            (self.arguments(after..end), end)
        } else {
            return;
        };
        let span = self.span(index..end.min(self.tokens.len()));
        if let Some(sink) = found {
            self.judge(&name, sink, arguments, span);
            return;
        }
        let Some(method) = arguments.first().and_then(Value::as_word).and_then(Word::value) else {
            return;
        };
        let receiver = name.rsplit_once('.').map(|(receiver, _)| receiver);
        let target = match receiver {
            Some(module) if module.starts_with(char::is_uppercase) && !builtin_qualifier(self.language, module) => {
                format!("{module}.{method}")
            }
            _ => method.to_owned(),
        };
        if let Some(sink) = sink(self.language, &target) {
            self.judge(&target, sink, arguments[1..].to_vec(), span);
        }
    }

    /// Splits the tokens of an argument list on top-level commas and evaluates each.
    fn arguments(&self, range: Range<usize>) -> Vec<Value> {
        let mut arguments = Vec::new();
        let mut depth = 0usize;
        let mut start = range.start;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    "," if depth == 0 => {
                        arguments.push(self.argument(start..index));
                        start = index + 1;
                    }
                    "=>" if depth == 0 && self.language == Language::Perl => {
                        arguments.push(self.argument(start..index));
                        start = index + 1;
                    }
                    _ => {}
                }
            }
        }
        if start < range.end {
            arguments.push(self.argument(start..range.end));
        }
        arguments
    }

    /// One argument: options given as a hash (`:verbose => true`, `secure: true`,
    /// `'k' => 'v'` in PHP) are an object, anything else a value.
    fn argument(&self, range: Range<usize>) -> Value {
        let range = self.trimmed(range);
        let mut depth = 0usize;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    "=>" if depth == 0 => return Value::Object(Vec::new()),
                    _ => {}
                }
            }
        }
        let keyword = self.language == Language::Ruby
            && range.len() >= 2
            && matches!(self.tokens[range.start].kind, Kind::Ident)
            && self.is(range.start + 1, ":");
        if keyword {
            return Value::Object(Vec::new());
        }
        self.value(range)
    }

    /// The value of the expression made of `range`'s tokens: a list, or operands joined by
    /// the language's concatenation operator.
    fn value(&self, range: Range<usize>) -> Value {
        let range = self.trimmed(range);
        if range.is_empty() {
            return Value::Text(text("", Span::default()));
        }
        let (first, last) = (range.start, range.end - 1);
        if range.len() == 1
            && let Kind::Words(words) = &self.tokens[first].kind
        {
            return Value::List(words.iter().cloned().map(Value::Text).collect());
        }
        let array_call = self.language == Language::Php
            && matches!(self.tokens[first].kind, Kind::Ident)
            && self.text(first).eq_ignore_ascii_case("array")
            && self.is(first + 1, "(")
            && self.is(last, ")");
        if (self.is(first, "[") && self.is(last, "]")) || array_call {
            let inner = if array_call { first + 2..last } else { first + 1..last };
            return Value::List(self.arguments(inner));
        }
        if self.is(first, "(") && self.is(last, ")") && self.closing(first) == last {
            let items = self.arguments(first + 1..last);
            return match items.len() {
                1 => items.into_iter().next().unwrap_or(Value::List(Vec::new())),
                _ => Value::List(items),
            };
        }
        let operator = match self.language {
            Language::Perl | Language::Php => ".",
            Language::Lua => "..",
            _ => "+",
        };
        let mut operands = Vec::new();
        let mut depth = 0usize;
        let mut start = first;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    text if text == operator && depth == 0 => {
                        operands.push(start..index);
                        start = index + 1;
                    }
                    _ => {}
                }
            }
        }
        operands.push(start..range.end);
        if operands.len() == 1 {
            return self.operand(range);
        }
        let span = self.span(range);
        Value::Text(concat(
            operands
                .into_iter()
                .map(|operand| self.operand(operand).into_word(span)),
        ))
    }

    /// The value of one operand: a string, a variable assigned earlier, the home directory,
    /// `File.expand_path('~…')`.
    fn operand(&self, range: Range<usize>) -> Value {
        if range.is_empty() {
            return Value::Text(text("", Span::default()));
        }
        let (first, last) = (range.start, range.end - 1);
        let written = &self.source.text()[self.tokens[first].range.start..self.tokens[last].range.end];
        if names_home(written) {
            return Value::Text(text(self.env.home, self.span(range)));
        }
        if range.len() == 1 {
            return match &self.tokens[first].kind {
                Kind::Str(word) => Value::Text(word.clone()),
                Kind::Var | Kind::Ident => match self.names.get(self.text(first)) {
                    Some(value) => value.clone(),
                    None => self.unknown(range),
                },
                _ => self.unknown(range),
            };
        }
        if self.language == Language::Ruby
            && written.replace(' ', "").starts_with("File.expand_path(")
            && self.is(last, ")")
            && let Some(Value::Text(path)) = self.arguments(first + 4..last).into_iter().next()
        {
            return Value::Text(expand_home(path, self.env));
        }
        if self.is(first, "(") && self.is(last, ")") && self.closing(first) == last {
            return self.value(range);
        }
        self.unknown(range)
    }

    /// The index of the `)` closing the `(` at `open`.
    fn closing(&self, open: usize) -> usize {
        super::closing(open, self.tokens.len(), |index, punct| self.is(index, punct))
    }

    fn trimmed(&self, range: Range<usize>) -> Range<usize> {
        let mut range = range;
        while !range.is_empty() && matches!(self.tokens[range.start].kind, Kind::Newline) {
            range.start += 1;
        }
        while !range.is_empty() && matches!(self.tokens[range.end - 1].kind, Kind::Newline) {
            range.end -= 1;
        }
        range
    }

    fn unknown(&self, range: Range<usize>) -> Value {
        let start = self.tokens[range.start].range.start;
        let end = self.tokens[range.end - 1].range.end;
        super::unknown(self.source, start..end)
    }

    fn judge(&mut self, name: &str, sink: Sink, arguments: Vec<Value>, span: Span) {
        let cwd = self.cwd.clone();
        let first = arguments.first().cloned().unwrap_or(Value::List(Vec::new()));
        let second = arguments.get(1).cloned();
        let mut effects = Vec::new();
        match sink {
            Sink::Kernel => {
                // A leading environment hash (`system({"A" => "1"}, "cmd")`) is skipped.
                let arguments: Vec<Value> = arguments
                    .into_iter()
                    .filter(|a| !matches!(a, Value::Object(_)))
                    .collect();
                match arguments.as_slice() {
                    [Value::List(items)] => effects.push(run_effect(name, span, &Value::List(items.clone()), cwd)),
                    [single] => effects.push(shell_effect(name, span, single, cwd)),
                    [] => {}
                    several => effects.push(run_effect(name, span, &Value::List(several.to_vec()), cwd)),
                }
            }
            Sink::Shell => effects.push(shell_effect(name, span, &first, cwd)),
            Sink::Program => {
                let argv = match (first, second) {
                    (program, Some(Value::List(args))) => {
                        let mut argv = vec![program];
                        argv.extend(args);
                        Value::List(argv)
                    }
                    (program, _) => program,
                };
                effects.push(run_effect(name, span, &argv, cwd));
            }
            Sink::Delete { recursive, directory } => {
                for path in arguments {
                    match path {
                        Value::List(items) => effects.extend(
                            items
                                .into_iter()
                                .map(|item| delete_effect(name, span, item, recursive, directory, cwd.clone())),
                        ),
                        // Options given as a hash (`rm_rf(dir, secure: true)`).
                        Value::Object(_) => {}
                        path if matches!(&path, Value::Text(w) if w.text().starts_with(':')) => {}
                        path => effects.push(delete_effect(name, span, path, recursive, directory, cwd.clone())),
                    }
                }
            }
            Sink::Write => {
                let append = self.language == Language::Php
                    && arguments
                        .iter()
                        .skip(2)
                        .any(|a| matches!(a, Value::Unknown(d) if d.text.contains("FILE_APPEND")));
                effects.push(write_effect(name, span, first, append, cwd));
            }
            Sink::Open => {
                let mode = second
                    .as_ref()
                    .and_then(Value::as_word)
                    .and_then(Word::value)
                    .unwrap_or("r");
                if mode.contains(['w', 'a', '+', 'x']) {
                    effects.push(write_effect(name, span, first, mode.contains('a'), cwd));
                }
            }
            Sink::WriteSecond => {
                if let Some(target) = second {
                    effects.push(write_effect(name, span, target, false, cwd));
                }
            }
            Sink::PerlOpen => effects.extend(self.perl_open(name, &arguments, span)),
            Sink::Eval => effects.push(code_effect(name, span, self.language, &first)),
            Sink::Chdir => self.cwd = Some(first.into_word(span)),
        }
        self.effects.extend(effects);
    }

    /// `open(FH, MODE, TARGET…)` and two-argument `open(FH, "cmd |")`, `open(FH, ">file")`.
    fn perl_open(&self, name: &str, arguments: &[Value], span: Span) -> Vec<Effect> {
        let cwd = self.cwd.clone();
        let mode = arguments.get(1).and_then(Value::as_word);
        match (mode.and_then(Word::value).map(str::trim), arguments.get(2)) {
            (Some("-|" | "|-"), Some(_)) if arguments.len() > 3 => {
                vec![run_effect(name, span, &Value::List(arguments[2..].to_vec()), cwd)]
            }
            (Some("-|" | "|-"), Some(command)) => vec![shell_effect(name, span, command, cwd)],
            (Some(mode), Some(path)) if mode.starts_with('>') || mode.starts_with("+<") => {
                vec![write_effect(name, span, path.clone(), mode.starts_with(">>"), cwd)]
            }
            (_, None) => {
                let Some(word) = mode else {
                    return Vec::new();
                };
                let written = word.text().trim();
                if let Some(command) = written.strip_suffix('|').or_else(|| written.strip_prefix('|')) {
                    let code = text(command.trim(), word.span);
                    let code = if word.is_dynamic() {
                        Value::Unknown(dynamic_of(word))
                    } else {
                        Value::Text(code)
                    };
                    return vec![shell_effect(name, span, &code, cwd)];
                }
                if let Some(path) = written.strip_prefix(">>").or_else(|| written.strip_prefix('>')) {
                    let append = written.starts_with(">>");
                    let path = if word.is_dynamic() {
                        Value::Unknown(dynamic_of(word))
                    } else {
                        Value::Text(text(path.trim(), word.span))
                    };
                    return vec![write_effect(name, span, path, append, cwd)];
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }
}

/// A dynamic stand-in for a word that mixes mode characters with unknown parts.
fn dynamic_of(word: &Word) -> Dynamic {
    Dynamic {
        kind: DynamicKind::Other,
        text: word.text().to_owned(),
        span: word.span,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::described;
    use crate::unwrap::Language;

    #[test]
    fn ruby() {
        let ruby = |code| described(Language::Ruby, code);
        assert_eq!(ruby("system(\"rm -rf ~\")"), ["system: shell rm -rf ~"]);
        assert_eq!(
            ruby("system 'git', 'push', '--force'"),
            ["system: run git push --force"]
        );
        assert_eq!(ruby("`rm -rf #{Dir.home}`"), ["backticks: shell rm -rf /home/user"]);
        assert_eq!(ruby("%x{rm -rf /}"), ["backticks: shell rm -rf /"]);
        assert_eq!(
            ruby("require 'fileutils'; FileUtils.rm_rf(File.expand_path('~'))"),
            ["FileUtils.rm_rf: delete -r -d /home/user"]
        );
        assert_eq!(ruby("cmd = \"rm -rf /\"\nsystem(cmd)"), ["system: shell rm -rf /"]);
        assert_eq!(
            ruby("File.write(ENV['HOME'] + '/.bashrc', 'x')"),
            ["File.write: write /home/user/.bashrc"]
        );
        assert!(ruby("puts 'rm -rf /'; db.exec('DROP')").is_empty());
        assert!(ruby("x = 10 % 3; puts x").is_empty());
        assert_eq!(ruby("send(:system, 'rm -rf ~')"), ["system: shell rm -rf ~"]);
        assert_eq!(ruby("Kernel.public_send(:exec, 'id')"), ["exec: shell id"]);
        assert_eq!(ruby("FileUtils.send(:rm_rf, '/')"), ["FileUtils.rm_rf: delete -r -d /"]);
        assert_eq!(
            ruby("FileUtils.rm_rf('tmp', secure: true, :verbose => true)"),
            ["FileUtils.rm_rf: delete -r -d tmp"]
        );
        assert!(ruby("x.send(:each, 1)").is_empty());
    }

    #[test]
    fn perl() {
        let perl = |code| described(Language::Perl, code);
        assert_eq!(perl("system(\"rm -rf ~\")"), ["system: shell rm -rf ~"]);
        assert_eq!(perl("system 'rm', '-rf', '/';"), ["system: run rm -rf /"]);
        assert_eq!(perl("my $x = qx{git push -f}; print $x"), ["qx: shell git push -f"]);
        assert_eq!(perl("`rm -rf $ENV{HOME}`"), ["qx: shell rm -rf /home/user"]);
        assert_eq!(
            perl("unlink '/etc/passwd', '/etc/shadow'"),
            ["unlink: delete /etc/passwd", "unlink: delete /etc/shadow"]
        );
        assert_eq!(
            perl("use File::Path qw(rmtree); rmtree('/x')"),
            ["rmtree: delete -r -d /x"]
        );
        assert_eq!(
            perl("open(my $f, '>>', \"$ENV{HOME}/.bashrc\")"),
            ["open: append /home/user/.bashrc"]
        );
        assert_eq!(perl("open(P, \"rm -rf / |\")"), ["open: shell rm -rf /"]);
        assert_eq!(perl("s/'//g; system(\"id\")"), ["system: shell id"]);
        assert!(perl("print \"rm -rf /\\n\"").is_empty());
        assert!(perl("my @a = split /,/, $x; print join(' ', @a)").is_empty());
    }

    #[test]
    fn php() {
        let php = |code| described(Language::Php, code);
        assert_eq!(php("system('rm -rf ~');"), ["system: shell rm -rf ~"]);
        assert_eq!(
            php("echo shell_exec(\"git push --force\");"),
            ["shell_exec: shell git push --force"]
        );
        assert_eq!(php("`rm -rf /`;"), ["backticks: shell rm -rf /"]);
        assert_eq!(
            php("unlink(getenv('HOME') . '/.bashrc');"),
            ["unlink: delete /home/user/.bashrc"]
        );
        assert!(php("$pdo->exec('DELETE FROM t'); echo 'system(1)';").is_empty());
    }

    #[test]
    fn lua() {
        let lua = |code| described(Language::Lua, code);
        assert_eq!(lua("os.execute('rm -rf ~')"), ["os.execute: shell rm -rf ~"]);
        assert_eq!(lua("os.execute[[rm -rf /]]"), ["os.execute: shell rm -rf /"]);
        assert_eq!(
            lua("os.remove(os.getenv('HOME') .. '/.bashrc')"),
            ["os.remove: delete /home/user/.bashrc"]
        );
        assert!(lua("print('os.execute(1)') -- os.execute('x')").is_empty());
    }
}
