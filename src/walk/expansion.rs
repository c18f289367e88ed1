//! The text of expansions read without the grammar's help: `${…}` parameter expansions taken
//! apart, `$(…)` found in heredoc text, `~user` homes.

pub(super) use crate::word::is_name;

/// The code ranges of `$(…)` and backtick substitutions in plain heredoc text.
pub(super) fn hidden_substitutions(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'$' if bytes.get(i + 1) == Some(&b'(') && bytes.get(i + 2) != Some(&b'(') => {
                let start = i + 2;
                let end = matching_paren(bytes, start);
                found.push(start..end);
                i = end + 1;
            }
            b'`' => {
                let start = i + 1;
                let mut end = start;
                while end < bytes.len() && bytes[end] != b'`' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let end = end.min(bytes.len());
                found.push(start..end);
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Where the `)` closing a `$(` opened just before `start` is (or the end of the text).
fn matching_paren(bytes: &[u8], start: usize) -> usize {
    let mut depth = 1;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'\'' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Whether `name` can be a user name (`~alice`).
pub(super) fn is_user_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The home directory of another user, as a sibling of ours (`/home/alice` → `/home/bob`).
pub(super) fn other_home(home: &str, user: &str) -> String {
    match home.rsplit_once('/') {
        Some((_, name)) if name == user => home.to_owned(),
        Some(("", _)) | None => format!("/home/{user}"),
        Some((parent, _)) => format!("{parent}/{user}"),
    }
}

/// What `${…}` or `$…` says about its variable.
/// A `${…}` or `$name` expansion taken apart.
pub(super) struct ParsedExpansion {
    pub(super) name: Option<String>,
    /// `${VAR}` or `$VAR`: the value itself.
    pub(super) plain: bool,
    /// `${VAR:?…}`: never expands to an empty value.
    pub(super) guarded: bool,
    /// `${VAR:-…}`: the value when it is set and not empty.
    pub(super) default_if_empty: bool,
    /// `${VAR:+…}`: the alternative when it is set and not empty.
    pub(super) alternative: bool,
    /// `${VAR[index]}`: the subscript.
    pub(super) index: Option<String>,
    /// Whether substitutions may be nested inside.
    pub(super) nested: bool,
    /// `${!VAR}`: the value of the variable whose name is VAR's value.
    pub(super) indirect: bool,
}

/// Takes apart the text of a parameter expansion.
pub(super) fn parse_expansion(raw: &str) -> ParsedExpansion {
    let nested = raw.contains("$(") || raw.contains('`') || raw.contains("<(") || raw.contains(">(");
    let unknown = ParsedExpansion {
        name: None,
        plain: false,
        guarded: false,
        default_if_empty: false,
        alternative: false,
        index: None,
        nested,
        indirect: false,
    };
    if let Some(name) = raw.strip_prefix('$').filter(|rest| !rest.starts_with('{')) {
        return ParsedExpansion {
            name: Some(name.to_owned()),
            plain: true,
            ..unknown
        };
    }
    let Some(inner) = raw.strip_prefix("${").and_then(|r| r.strip_suffix('}')) else {
        return unknown;
    };
    if let Some(pointer) = inner.strip_prefix('!')
        && is_name(pointer)
    {
        return ParsedExpansion {
            name: Some(pointer.to_owned()),
            plain: true,
            indirect: true,
            ..unknown
        };
    }
    if inner.starts_with(['!', '#']) && inner.len() > 1 {
        return unknown;
    }
    let name_len = if inner.starts_with(|c: char| c.is_ascii_digit()) {
        inner.bytes().take_while(u8::is_ascii_digit).count()
    } else if inner.starts_with(|c: char| "@*#?$!-".contains(c)) {
        1
    } else {
        inner
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count()
    };
    if name_len == 0 {
        return unknown;
    }
    let name = inner[..name_len].to_owned();
    let rest = &inner[name_len..];
    if let Some(subscript) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']'))
        && !subscript.contains(['[', ']', '$', '`'])
    {
        return ParsedExpansion {
            name: Some(name),
            index: Some(subscript.trim().to_owned()),
            ..unknown
        };
    }
    ParsedExpansion {
        alternative: rest.starts_with(":+"),
        plain: rest.is_empty(),
        guarded: rest.starts_with(":?") || rest.starts_with('?'),
        default_if_empty: rest.starts_with(":-") || rest.starts_with(":="),
        name: Some(name),
        index: None,
        nested,
        indirect: false,
    }
}

/// The value of `${x@E}` (escapes decoded as `$'…'` does), `${x@U}`/`${x^^}`, `${x@u}`/`${x^}`,
/// `${x@L}`/`${x,,}` or `${x,}` (case changed) given x's `value`; `None` for other expansions.
pub(super) fn transformed(raw: &str, name: &str, value: &str) -> Option<String> {
    let operator = raw.strip_prefix("${")?.strip_suffix('}')?.strip_prefix(name)?;
    let first_changed = |change: fn(&char) -> String| {
        let mut chars = value.chars();
        chars
            .next()
            .map(|first| change(&first) + chars.as_str())
            .unwrap_or_default()
    };
    Some(match operator {
        "@E" => crate::word::ansi_c_string(value),
        "@U" | "^^" => value.to_uppercase(),
        "@L" | ",," => value.to_lowercase(),
        "@u" | "^" => first_changed(|c| c.to_uppercase().collect()),
        "," => first_changed(|c| c.to_lowercase().collect()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_parse() {
        let guarded = parse_expansion("${DIR:?}");
        assert!(guarded.guarded && guarded.name.as_deref() == Some("DIR"));
        assert!(parse_expansion("${HOME}").plain);
        assert!(parse_expansion("$HOME").plain);
        assert!(parse_expansion("${X%/*}").name.is_some() && !parse_expansion("${X%/*}").plain);
        assert!(parse_expansion("${#X}").name.is_none());
        let indirect = parse_expansion("${!X}");
        assert!(indirect.indirect && indirect.name.as_deref() == Some("X"));
        assert!(parse_expansion("${!X*}").name.is_none());
    }
}
