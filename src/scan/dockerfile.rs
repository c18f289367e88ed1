//! Dockerfile (and Containerfile) `RUN` instructions, read by the Dockerfile's own line rules:
//! an instruction continues on the next line after a trailing escape character (`\`, or the one
//! an `# escape=` directive names), comment lines inside it are dropped, and heredocs
//! (`RUN <<EOF`) carry their body. The shell form runs in `/bin/sh -c` (or in the shell a `SHELL`
//! instruction names), the exec form (`RUN ["prog", "arg"]`) without a shell. Everything runs
//! inside the image being built.

use super::{Place, Snippet};

/// One line of the file, with its number.
type Line<'a> = (usize, &'a str);

pub fn commands(source: &str) -> Vec<Snippet> {
    let lines: Vec<Line<'_>> = source
        .lines()
        .enumerate()
        .map(|(index, text)| (index + 1, text))
        .collect();
    let escape = escape_character(&lines);
    let mut shell = ShellKind::Posix;
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let (number, text) = lines[index];
        index += 1;
        let trimmed = text.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        // The instruction's lines: this one and its continuations, comment lines left out.
        let mut pieces: Vec<Line<'_>> = vec![(number, text)];
        while pieces
            .last()
            .is_some_and(|(_, piece)| piece.trim_end().ends_with(escape))
            && index < lines.len()
        {
            let (next_number, next) = lines[index];
            index += 1;
            if !next.trim_start().starts_with('#') {
                pieces.push((next_number, next));
            }
        }
        let keyword_end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        let keyword = trimmed[..keyword_end].to_ascii_uppercase();
        let indent = text.len() - trimmed.len();
        match keyword.as_str() {
            "SHELL" => shell = ShellKind::of(&trimmed[keyword_end..]),
            "RUN" => {
                let after_keyword = indent + keyword_end;
                let start = after_keyword + flags_length(&text[after_keyword..]);
                let first_piece = &text[start..];
                let heredocs = heredoc_words(first_piece);
                let mut bodies: Vec<Line<'_>> = Vec::new();
                for word in &heredocs {
                    while index < lines.len() {
                        let (body_number, body) = lines[index];
                        index += 1;
                        if body.trim_start_matches('\t') == word.as_str() {
                            break;
                        }
                        bodies.push((body_number, body));
                    }
                }
                let first = Place {
                    line: number,
                    column: text[..start].chars().count(),
                };
                let snippet = if first_piece.trim_start().starts_with('[') && heredocs.is_empty() {
                    let joined: String = pieces
                        .iter()
                        .enumerate()
                        .map(|(at, (_, piece))| if at == 0 { first_piece } else { piece })
                        .map(|piece| piece.trim_end().trim_end_matches(escape))
                        .collect::<Vec<_>>()
                        .join(" ");
                    match serde_json::from_str::<Vec<String>>(&joined) {
                        Ok(words) if !words.is_empty() => Some(Snippet::argv(&words, first)),
                        _ => None,
                    }
                } else if !heredocs.is_empty() && is_only_heredocs(first_piece) {
                    // `RUN <<EOF`: the body is the script.
                    script(&bodies)
                } else {
                    // A command, with its continuation lines and any heredoc body, as a shell
                    // reads them.
                    let mut all: Vec<(Place, &str)> = vec![(first, first_piece)];
                    all.extend(
                        pieces[1..]
                            .iter()
                            .map(|(n, piece)| (Place { line: *n, column: 0 }, *piece)),
                    );
                    all.extend(bodies.iter().map(|(n, body)| (Place { line: *n, column: 0 }, *body)));
                    let terminators: Vec<(Place, &str)> = heredocs
                        .iter()
                        .map(|word| {
                            (
                                Place {
                                    line: number,
                                    column: 0,
                                },
                                word.as_str(),
                            )
                        })
                        .collect();
                    all.extend(terminators);
                    Some(Snippet {
                        text: all.iter().map(|(_, piece)| *piece).collect::<Vec<_>>().join("\n"),
                        lines: all.iter().map(|(place, _)| *place).collect(),
                        run_as: None,
                        folder: None,
                        in_container: false,
                        borrowed: Vec::new(),
                        text_at: None,
                        pieces: Vec::new(),
                        stops_at_failure: false,
                    })
                };
                let Some(mut snippet) = snippet else { continue };
                match shell {
                    ShellKind::Posix => {}
                    ShellKind::PowerShell if snippet.run_as.is_none() => {
                        snippet = snippet.run_by("pwsh -NoProfile -Command");
                    }
                    ShellKind::PowerShell => {}
                    ShellKind::Other if snippet.run_as.is_none() => continue,
                    ShellKind::Other => {}
                }
                found.push(snippet.in_container(true));
            }
            _ => {}
        }
    }
    found
}

/// A heredoc's body lines as one script.
fn script(bodies: &[Line<'_>]) -> Option<Snippet> {
    if bodies.is_empty() {
        return None;
    }
    Some(Snippet {
        text: bodies.iter().map(|(_, body)| *body).collect::<Vec<_>>().join("\n"),
        lines: bodies
            .iter()
            .map(|(number, _)| Place {
                line: *number,
                column: 0,
            })
            .collect(),
        run_as: None,
        folder: None,
        in_container: false,
        borrowed: Vec::new(),
        text_at: None,
        pieces: Vec::new(),
        stops_at_failure: false,
    })
}

/// The shell a `SHELL ["…"]` instruction names.
#[derive(Clone, Copy)]
enum ShellKind {
    Posix,
    PowerShell,
    Other,
}

impl ShellKind {
    fn of(arguments: &str) -> ShellKind {
        let words: Vec<String> = serde_json::from_str(arguments.trim()).unwrap_or_default();
        let program = words
            .first()
            .map_or("", |word| word.rsplit(['/', '\\']).next().unwrap_or(word));
        match program.to_ascii_lowercase().trim_end_matches(".exe") {
            "sh" | "bash" | "dash" | "ash" => ShellKind::Posix,
            "pwsh" | "powershell" => ShellKind::PowerShell,
            _ => ShellKind::Other,
        }
    }
}

/// The escape character: `\`, or the one an `# escape=` parser directive at the top names.
fn escape_character(lines: &[Line<'_>]) -> char {
    for (_, text) in lines {
        let Some(directive) = text.trim().strip_prefix('#') else {
            break;
        };
        let directive = directive.trim();
        if let Some(value) = directive.strip_prefix("escape=") {
            return if value.trim() == "`" { '`' } else { '\\' };
        }
        if !directive.contains('=') {
            break;
        }
    }
    '\\'
}

/// The length of the `RUN` flags (`--mount=…`, `--network=…`, `--security=…`) at the start of
/// `text`, with the blanks around them.
fn flags_length(text: &str) -> usize {
    let mut length = 0;
    let mut rest = text;
    loop {
        let blank = rest.len() - rest.trim_start().len();
        length += blank;
        rest = &rest[blank..];
        if !rest.starts_with("--") {
            return length;
        }
        let flag = rest.find(char::is_whitespace).unwrap_or(rest.len());
        length += flag;
        rest = &rest[flag..];
    }
}

/// The words that end the heredocs a line opens (`<<EOF`, `<<-"END"`), in order.
fn heredoc_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("<<") {
        rest = &rest[at + 2..];
        if rest.starts_with('<') {
            // `<<<` is a here-string.
            rest = rest.trim_start_matches('<');
            continue;
        }
        let word = rest.trim_start_matches('-').trim_start();
        let word: String = word
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '"' | '\''))
            .filter(|c| !matches!(c, '"' | '\''))
            .collect();
        if !word.is_empty() {
            words.push(word);
        }
    }
    words
}

/// Whether a `RUN` line is nothing but heredoc openers (`<<EOF`, `<<EOF1 <<EOF2`).
fn is_only_heredocs(line: &str) -> bool {
    line.split_whitespace()
        .all(|word| word.starts_with("<<") && !word.starts_with("<<<"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_forms_are_read() {
        let source = "FROM debian\n# RUN not-a-command\nRUN --mount=type=cache,target=/x apt-get update && \\\n    # a comment\n    apt-get install -y curl\nRUN [\"echo\", \"hi\"]\nRUN <<EOF\nset -e\nmake\nEOF\nENV X=1\n";
        let found = commands(source);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert_eq!(found[0].lines[0].line, 3);
        assert_eq!(found[0].lines[1].line, 5);
        assert!(found[0].text.starts_with("apt-get update"));
        assert_eq!(found[1].run_as.as_deref(), Some("echo hi"));
        assert_eq!(found[2].text, "set -e\nmake");
        assert_eq!(found[2].lines[1].line, 9);
    }
}
