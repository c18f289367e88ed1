//! How zsh reads text that bash refuses or reads otherwise, where the agent's shell is zsh:
//! a parenthesised name inside a word is a pattern (`./app/(x)/`), and a group at a word's end
//! is a list of glob qualifiers, some of which run code (`*(e:'cmd':)`, `*(+func)`).

use crate::refusal::{self, RefusalKind};
use crate::source::Source;
use std::ops::Range;

/// The text with each parenthesised name inside a word read as zsh reads it: in
/// `ls ./app/(x)/`, `(x)` is a pattern that matches the name `x` (a folder named `(x)` does not
/// match it), so the word is judged as `./app/x/`, and zsh runs nothing when nothing matches.
/// Bash stops at such a `(`. Only a group of plain name characters between other characters of
/// a word is read so: one at a word's end is a glob qualifier (`*(e:'…':)` runs code), one
/// holding `|`, `#`, `~`, `^` or `/` a pattern this reading does not follow, and those stay
/// text the walk reads as it can.
pub(super) fn zsh_name_groups(source: Source) -> Source {
    const MOST_GROUPS: usize = 64;
    let mut source = source;
    for _ in 0..MOST_GROUPS {
        let Some(refused) = refusal::refusal(source.text()) else {
            break;
        };
        if refused.kind != RefusalKind::UnexpectedToken("(".into()) {
            break;
        }
        let Some(group) = name_group_at(source.text(), refused.at) else {
            break;
        };
        source = source.without(&[group.start..group.start + 1, group.end - 1..group.end]);
    }
    source
}

/// The group `(name)` whose `(` is at `at`, inside a word of plain path characters that is no
/// assignment: a name character or `/` on both sides of it.
fn name_group_at(text: &str, at: usize) -> Option<Range<usize>> {
    let bytes = text.as_bytes();
    let in_path = |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b'-' | b'/');
    if bytes.get(at) != Some(&b'(') || !in_path(*bytes.get(at.checked_sub(1)?)?) {
        return None;
    }
    let word_start = text[..at]
        .rfind(|c: char| c.is_ascii_whitespace() || ";&|<>()".contains(c))
        .map_or(0, |space| space + 1);
    if !text.as_bytes()[word_start..at].iter().all(|&byte| in_path(byte)) {
        return None;
    }
    let name = bytes[at + 1..]
        .iter()
        .take_while(|&&byte| in_path(byte) && byte != b'/')
        .count();
    let close = at + 1 + name;
    (name > 0 && bytes.get(close) == Some(&b')') && bytes.get(close + 1).is_some_and(|&next| in_path(next)))
        .then_some(at..close + 1)
}

/// The glob qualifier lists of `text` that run code: zsh reads a parenthesised group at the end
/// of an unquoted word as qualifiers of the pattern (`ls app(/)`), and the `e` qualifier
/// (`*(e:'cmd':)`, `*(#qe:…:)`) and the `+` one (`*(+func)`) run their code for each file the
/// pattern matches. Each range covers the group. A `+` followed by a digit (`*(m+7)`, `*(L+10)`)
/// compares a number and runs nothing. Quotes, comments and here-document bodies hold none.
pub(super) fn code_qualifiers(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut quote = None;
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        match (quote, byte) {
            (Some(b'\''), b'\'') | (Some(b'"'), b'"') => quote = None,
            (Some(b'\''), _) => {}
            (_, b'\\') => at += 1,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(byte),
            (None, b'#') if at == 0 || is_word_end(bytes[at - 1]) => {
                at = text[at..].find('\n').map_or(bytes.len(), |end| at + end);
                continue;
            }
            (None, b'<') if bytes.get(at + 1) == Some(&b'<') && bytes.get(at + 2) != Some(&b'<') => {
                let (delimiter, strip_tabs, end) = heredoc_delimiter(text, at + 2);
                heredocs.push((delimiter, strip_tabs));
                at = end;
                continue;
            }
            (None, b'\n') if !heredocs.is_empty() => {
                at = after_heredoc_bodies(text, at + 1, &std::mem::take(&mut heredocs));
                continue;
            }
            // `$(`, `=(` (zsh's process substitution) and `a=(` open no qualifiers.
            (None, b'(') if at > 0 && !is_word_end(bytes[at - 1]) && !matches!(bytes[at - 1], b'$' | b'=') => {
                if let Some(end) = group_end(bytes, at)
                    && bytes.get(end).is_none_or(|&next| is_word_end(next))
                    && runs_code(&text[at + 1..end - 1])
                {
                    found.push(at..end);
                    at = end;
                    continue;
                }
            }
            _ => {}
        }
        at += 1;
    }
    found
}

/// The delimiter of a here-document whose `<<` ends before `from` (quotes and backslashes
/// removed), whether `<<-` strips leading tabs, and where the delimiter's word ends.
fn heredoc_delimiter(text: &str, from: usize) -> (String, bool, usize) {
    let strip_tabs = text[from..].starts_with('-');
    let start = from + usize::from(strip_tabs);
    let start = start + text[start..].len() - text[start..].trim_start_matches([' ', '\t']).len();
    let end = text[start..]
        .find(|c: char| c.is_ascii_whitespace() || ";&|<>()".contains(c))
        .map_or(text.len(), |length| start + length);
    let delimiter = text[start..end]
        .chars()
        .filter(|c| !matches!(c, '\'' | '"' | '\\'))
        .collect();
    (delimiter, strip_tabs, end)
}

/// Where the text goes on after the bodies of `heredocs`, the first starting at `from`: after
/// the line that ends each, or at the end.
fn after_heredoc_bodies(text: &str, from: usize, heredocs: &[(String, bool)]) -> usize {
    let mut at = from;
    for (delimiter, strip_tabs) in heredocs {
        loop {
            if at >= text.len() {
                return text.len();
            }
            let end = text[at..].find('\n').map_or(text.len(), |length| at + length);
            let line = &text[at..end];
            let line = if *strip_tabs {
                line.trim_start_matches('\t')
            } else {
                line
            };
            at = (end + 1).min(text.len());
            if line == delimiter {
                break;
            }
        }
    }
    at
}

/// Whether a byte ends an unquoted word: a blank or an operator.
fn is_word_end(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
    )
}

/// The offset after the `)` closing the `(` at `open`, on the same line, quotes inside it
/// skipped.
fn group_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote = None;
    let mut at = open;
    while at < bytes.len() {
        let byte = bytes[at];
        match (quote, byte) {
            (Some(q), _) if byte == q => quote = None,
            (Some(b'\''), _) => {}
            (_, b'\\') => at += 1,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(byte),
            (None, b'\n') => return None,
            (None, b'(') => depth += 1,
            (None, b')') => {
                depth -= 1;
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// Whether a qualifier list runs code: an `e` followed by a delimiter, or `+` followed by a name.
fn runs_code(qualifiers: &str) -> bool {
    let bytes = qualifiers.as_bytes();
    bytes.windows(2).any(|pair| {
        pair[0] == b'e' && !pair[1].is_ascii_alphanumeric()
            || pair[0] == b'+' && (pair[1].is_ascii_alphabetic() || pair[1] == b'_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualifiers_that_run_code_are_found_outside_quotes() {
        let found = |text: &str| {
            code_qualifiers(text)
                .into_iter()
                .map(|range| text[range].to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(found("ls ./*(e:'rm -rf ~':)"), ["(e:'rm -rf ~':)"]);
        assert_eq!(found("print -l app(#qe:'touch x':) y"), ["(#qe:'touch x':)"]);
        assert_eq!(found("ls *(+clean)"), ["(+clean)"]);
        assert!(found("ls *(m+7) app(/) *(.L+10)").is_empty());
        assert!(found("echo '*(e:x:)' \"a(e:y:)\"").is_empty());
        assert!(found("ls ./app/(x)/ && (cd a; ls)").is_empty());
        assert!(found("b=$(git rev-parse HEAD) && diff =(echo e:a) a=(e:x)").is_empty());
        assert!(
            found(
                "cat <<'EOF' > x.py
print(type(e))
EOF
ls # a(e:x)"
            )
            .is_empty()
        );
        assert_eq!(
            found(
                "cat <<-EOF
	f(e:x)
	EOF
ls *(e:y)"
            ),
            ["(e:y)"]
        );
    }

    #[test]
    fn a_name_inside_a_word_is_a_pattern_for_that_name() {
        let read = |text: &str| zsh_name_groups(Source::original(text)).text().to_owned();
        assert_eq!(read("ls -la ./app/(public)/"), "ls -la ./app/public/");
        assert_eq!(
            read("git add src/(home)/a.tsx src/(auth)/b.tsx"),
            "git add src/home/a.tsx src/auth/b.tsx"
        );
        // At a word's end the group is a list of qualifiers; with `|`, several names.
        assert_eq!(read("ls ./app(x)"), "ls ./app(x)");
        assert_eq!(read("rm -rf ./app/(a|b)/"), "rm -rf ./app/(a|b)/");
        assert_eq!(read("x=a/(b)/c"), "x=a/(b)/c");
    }
}
