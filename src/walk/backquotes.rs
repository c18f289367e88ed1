//! Backquote substitutions read apart, as bash reads them: bash only looks for a backquote
//! body's closing backquote while it parses the command around it, and parses the body when it
//! runs it. A body bash cannot parse (``git commit -m "call `init()` first"``) prints an error
//! and writes nothing, and the command around it still runs.

use std::ops::Range;

/// A backquote substitution of a script's top level.
pub(super) struct Backquote {
    /// The substitution, backquotes included.
    pub(super) range: Range<usize>,
    /// Written inside double quotes, where `\"` in the body stands for `"`.
    pub(super) in_double_quotes: bool,
}

/// The backquote substitutions of `text` outside other substitutions, or `None` when the text
/// holds what this reading does not follow (`$(…)` outside a backquote body, a here-document, a
/// backquote left open), so that the caller keeps reading the text whole. Inside a body, `$(`
/// is text until the body runs (PowerShell's escaped `` `$(`$_.Id) ``).
pub(super) fn backquote_substitutions(text: &str) -> Option<Vec<Backquote>> {
    if text.contains("<<") {
        return None;
    }
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut in_double_quotes = false;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 1,
            b'`' => {
                let end = closing_backquote(bytes, at + 1)?;
                found.push(Backquote {
                    range: at..end + 1,
                    in_double_quotes,
                });
                at = end;
            }
            b'$' if bytes.get(at + 1) == Some(&b'(') => return None,
            b'"' => in_double_quotes = !in_double_quotes,
            b'\'' if !in_double_quotes => {
                // `$'…'` honours backslash escapes; a plain single quote does not.
                let ansi = at > 0 && bytes[at - 1] == b'$';
                at += 1;
                while at < bytes.len() && bytes[at] != b'\'' {
                    at += if ansi && bytes[at] == b'\\' { 2 } else { 1 };
                }
            }
            b'#' if !in_double_quotes && starts_word(bytes, at) => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    (!in_double_quotes).then_some(found)
}

/// The code of a backquote body: a backslash before `$`, `` ` `` or `\` (and `"` inside double
/// quotes) is dropped, every other one kept.
pub(super) fn body_code(text: &str, backquote: &Backquote) -> String {
    let inner = &text[backquote.range.start + 1..backquote.range.end - 1];
    let mut code = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) =
                chars.next_if(|&next| matches!(next, '$' | '`' | '\\') || backquote.in_double_quotes && next == '"')
        {
            code.push(next);
            continue;
        }
        code.push(c);
    }
    code
}

/// The offset of the backquote closing a body that starts at `from`.
fn closing_backquote(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'`' => return Some(at),
            _ => at += 1,
        }
    }
    None
}

/// Whether a word starts at `at`: a `#` there begins a comment.
fn starts_word(bytes: &[u8], at: usize) -> bool {
    at == 0
        || matches!(
            bytes[at - 1],
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(text: &str) -> Option<Vec<String>> {
        backquote_substitutions(text).map(|found| found.iter().map(|bq| body_code(text, bq)).collect())
    }

    #[test]
    fn bodies_are_found_outside_single_quotes_and_comments() {
        assert_eq!(
            bodies(r#"git commit -m "call `init()` first""#),
            Some(vec!["init()".to_owned()])
        );
        assert_eq!(bodies("echo '`x`' `y` # `z`"), Some(vec!["y".to_owned()]));
        assert_eq!(
            bodies(r#"echo "`echo \"a\" \$HOME`""#),
            Some(vec![r#"echo "a" $HOME"#.to_owned()])
        );
        assert_eq!(bodies(r"echo \`x\`"), Some(Vec::new()));
        // Escapes come in pairs: `\\\\'` is a backslash, then a quote.
        assert_eq!(bodies(r"echo `echo \\\\'x'`"), Some(vec![r"echo \\'x'".to_owned()]));
    }

    #[test]
    fn what_is_not_followed_gives_up() {
        assert!(bodies("echo `x").is_none());
        assert!(bodies("echo $(a) `b`").is_none());
        assert!(bodies("echo \"$(a)\" `b`").is_none());
        assert_eq!(bodies("echo '$(' `b` \\$(c"), Some(vec!["b".to_owned()]));
        assert_eq!(bodies("echo \"ProcessId=`$(`$_.Id)\""), Some(vec!["$(".to_owned()]));
        assert!(bodies("cat <<EOF\n`x`\nEOF").is_none());
        assert!(bodies("echo \"`x`").is_none());
    }
}
