//! PowerShell's words: quoted strings, here-strings and bare arguments as PowerShell expands
//! them, with the variables known before the code runs (the home folder, Windows' own folders,
//! what the code itself assigns) and the rest left dynamic.

use crate::source::{Source, Span};
use crate::word::{Dynamic, DynamicKind, Part, Quoting, Word};
use std::collections::HashMap;
use std::ops::Range;

/// The variables of the code, by lowercase name (`env:temp`, `home`, `x`): what is known of
/// their values.
pub(super) struct Variables {
    values: HashMap<String, Word>,
}

impl Variables {
    /// The variables PowerShell sets before any code runs, for a user whose home is `home`.
    pub(super) fn new(home: &str, span: Span) -> Variables {
        let mut values = HashMap::new();
        let mut set = |name: &str, value: String| {
            values.insert(name.to_owned(), Word::literal(&value, span));
        };
        set("home", home.to_owned());
        set("env:home", home.to_owned());
        set("null", String::new());
        set("true", "True".into());
        set("false", "False".into());
        if let Some(drive) = windows_drive(home) {
            let system = "C:";
            set("env:userprofile", home.to_owned());
            set("env:homedrive", drive.to_owned());
            set("env:homepath", home[drive.len()..].to_owned());
            set("env:systemdrive", system.into());
            set("env:appdata", format!(r"{home}\AppData\Roaming"));
            set("env:localappdata", format!(r"{home}\AppData\Local"));
            set("env:temp", format!(r"{home}\AppData\Local\Temp"));
            set("env:tmp", format!(r"{home}\AppData\Local\Temp"));
            set("env:systemroot", format!(r"{system}\Windows"));
            set("env:windir", format!(r"{system}\Windows"));
            set("env:programfiles", format!(r"{system}\Program Files"));
            set("env:programfiles(x86)", format!(r"{system}\Program Files (x86)"));
            set("env:programdata", format!(r"{system}\ProgramData"));
            set("env:allusersprofile", format!(r"{system}\ProgramData"));
            set("env:public", format!(r"{system}\Users\Public"));
            set("pshome", format!(r"{system}\Program Files\PowerShell\7"));
            set(
                "profile",
                format!(r"{home}\Documents\PowerShell\Microsoft.PowerShell_profile.ps1"),
            );
        } else {
            set(
                "profile",
                format!("{home}/.config/powershell/Microsoft.PowerShell_profile.ps1"),
            );
        }
        Variables { values }
    }

    /// The value of variable `name` (as written after `$`, scope and all), dynamic when unknown.
    pub(super) fn get(&self, name: &str, written: &str, span: Span) -> Word {
        let lower = name.to_lowercase();
        let unscoped = ["global:", "script:", "local:", "private:", "using:"]
            .iter()
            .find_map(|scope| lower.strip_prefix(scope))
            .unwrap_or(&lower);
        match self.values.get(unscoped) {
            Some(value) => Word::from_parts(value.parts.clone(), span),
            None => Word::dynamic(Dynamic {
                kind: DynamicKind::Variable {
                    name: name.to_owned(),
                    guarded: false,
                },
                text: written.to_owned(),
                span,
            }),
        }
    }

    /// Gives variable `name` the value `value`; `None` when it becomes unknown.
    pub(super) fn set(&mut self, name: &str, value: Option<Word>) {
        let lower = name.to_lowercase();
        let unscoped = ["global:", "script:", "local:", "private:"]
            .iter()
            .find_map(|scope| lower.strip_prefix(scope))
            .unwrap_or(&lower)
            .to_owned();
        match value {
            Some(value) => self.values.insert(unscoped, value),
            None => self.values.remove(&unscoped),
        };
    }
}

/// The drive of a Windows path (`C:` of `C:\Users\me`).
pub(super) fn windows_drive(path: &str) -> Option<&str> {
    let bytes = path.as_bytes();
    (bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':').then(|| &path[..2])
}

/// The name of the variable written at the start of `text` (after its `$`), and how many bytes
/// the name takes: `env:TEMP`, `{my var}` (braced, any characters), `_`; `None` when no name
/// follows (a lone `$`).
pub(super) fn variable_name(text: &str) -> Option<(String, usize)> {
    if let Some(braced) = text.strip_prefix('{') {
        let end = braced.find('}')?;
        return Some((braced[..end].to_owned(), end + 2));
    }
    let mut end = 0;
    let bytes = text.as_bytes();
    while end < bytes.len() {
        let c = bytes[end];
        let scope_colon = c == b':'
            && end > 0
            && bytes
                .get(end + 1)
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'_');
        if c.is_ascii_alphanumeric() || c == b'_' || scope_colon {
            end += 1;
        } else if end == 0 && matches!(c, b'$' | b'?' | b'^') {
            return Some(((c as char).to_string(), 1));
        } else {
            break;
        }
    }
    (end > 0).then(|| (text[..end].to_owned(), end))
}

/// Builds a word from pieces of PowerShell text: literal runs, variables, subexpressions.
pub(super) struct WordBuilder<'s> {
    source: &'s Source,
    parts: Vec<Part>,
    literal: String,
    literal_start: Option<usize>,
}

impl<'s> WordBuilder<'s> {
    pub(super) fn new(source: &'s Source) -> WordBuilder<'s> {
        WordBuilder {
            source,
            parts: Vec::new(),
            literal: String::new(),
            literal_start: None,
        }
    }

    pub(super) fn push_char(&mut self, c: char, at: usize) {
        self.literal_start.get_or_insert(at);
        self.literal.push(c);
    }

    pub(super) fn push_word(&mut self, word: Word) {
        self.flush(word.span.start);
        self.parts.extend(word.parts);
    }

    pub(super) fn push_dynamic(&mut self, text: &str, range: Range<usize>) {
        self.flush(range.start);
        self.parts.push(Part::Dynamic(Dynamic {
            kind: DynamicKind::Other,
            text: text.to_owned(),
            span: self.source.span(range),
        }));
    }

    fn flush(&mut self, end: usize) {
        if let Some(start) = self.literal_start.take() {
            let literal = std::mem::take(&mut self.literal);
            let range = start..end.max(start);
            // Placeholders of the outer shell's unknown values stay dynamic.
            let word = Word::from_source_text(&literal, range, self.source);
            self.parts.extend(word.parts.into_iter().map(|part| match part {
                Part::Literal { text, span, .. } => Part::Literal {
                    text,
                    quoting: Quoting::Bare,
                    span,
                },
                dynamic => dynamic,
            }));
        }
    }

    pub(super) fn finish(mut self, range: Range<usize>) -> Word {
        self.flush(range.end);
        Word::from_parts(self.parts, self.source.span(range))
    }
}

/// The backtick escape `` `c `` as PowerShell reads it in double quotes and bare words.
pub(super) fn backtick(c: char) -> char {
    match c {
        '0' => '\0',
        'a' => '\u{7}',
        'b' => '\u{8}',
        'e' => '\u{1b}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'v' => '\u{b}',
        other => other,
    }
}

/// The text of a single-quoted string or here-string (`'it''s'`, `@'…'@`): verbatim, a doubled
/// quote standing for one.
pub(super) fn verbatim(written: &str) -> String {
    let inner = if let Some(here) = written.strip_prefix("@'") {
        here_body(here.strip_suffix("'@").unwrap_or(here))
    } else {
        let inner = written.strip_prefix('\'').unwrap_or(written);
        inner.strip_suffix('\'').unwrap_or(inner)
    };
    inner.replace("''", "'")
}

/// The body of a here-string: what lies between the line after its opening and the line of
/// its closing.
pub(super) fn here_body(text: &str) -> &str {
    let after_open = text.find('\n').map_or(text, |line| &text[line + 1..]);
    match after_open.rfind('\n') {
        Some(last) => after_open[..last].strip_suffix('\r').unwrap_or(&after_open[..last]),
        None => after_open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variable_names_as_powershell_reads_them() {
        assert_eq!(variable_name("env:TEMP\\x"), Some(("env:TEMP".into(), 8)));
        assert_eq!(variable_name("{a b}c"), Some(("a b".into(), 5)));
        assert_eq!(variable_name("_.FullName"), Some(("_".into(), 1)));
        assert_eq!(variable_name("HOME\\x"), Some(("HOME".into(), 4)));
        assert_eq!(variable_name(" x"), None);
        assert_eq!(variable_name("x: y"), Some(("x".into(), 1)));
    }

    #[test]
    fn quoted_text_as_powershell_reads_it() {
        assert_eq!(verbatim("'it''s'"), "it's");
        assert_eq!(verbatim("@'\nline\n'@"), "line");
        assert_eq!(here_body("\r\na\nb\r\n"), "a\nb");
        assert_eq!(windows_drive(r"C:\Users\me"), Some("C:"));
        assert_eq!(windows_drive("/home/me"), None);
    }
}
