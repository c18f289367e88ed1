//! justfile recipes: a recipe's body is its indented lines; each line runs in a shell of its own
//! (`@` and `-` in front are just's), unless the body starts with a `#!` line, when the whole
//! body is one script for that interpreter (judged when it is a POSIX shell). `{{ … }}` is a
//! value not known here. Comments and settings (`set`, `alias`, `export`, variables) are not
//! recipes.

use super::{Place, Snippet, is_shell_shebang, placeholder, replace_templates};

pub fn commands(source: &str) -> Vec<Snippet> {
    let lines: Vec<&str> = source.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        if !is_recipe_header(line) {
            continue;
        }
        // The body: the indented lines below (blank lines inside it included).
        let mut body: Vec<(usize, &str, usize)> = Vec::new();
        while index < lines.len() {
            let text = lines[index];
            if !text.trim().is_empty() && !text.starts_with([' ', '\t']) {
                break;
            }
            let indent = text.len() - text.trim_start().len();
            body.push((index + 1, text.trim_start(), indent));
            index += 1;
        }
        while body.last().is_some_and(|(_, text, _)| text.is_empty()) {
            body.pop();
        }
        let Some((_, first, _)) = body.first() else { continue };
        if first.starts_with("#!") {
            if is_shell_shebang(first.as_bytes()) {
                found.push(Snippet {
                    text: replace_templates(
                        &body.iter().map(|(_, text, _)| *text).collect::<Vec<_>>().join("\n"),
                        "{{",
                        "}}",
                        placeholder,
                    ),
                    lines: body
                        .iter()
                        .map(|(line, _, indent)| Place {
                            line: *line,
                            column: *indent,
                        })
                        .collect(),
                    run_as: None,
                    folder: None,
                    in_container: false,
                    borrowed: Vec::new(),
                    text_at: None,
                    pieces: Vec::new(),
                    stops_at_failure: false,
                });
            }
            continue;
        }
        let mut at = 0;
        while at < body.len() {
            let mut pieces = vec![body[at]];
            at += 1;
            while pieces.last().is_some_and(|(_, text, _)| text.ends_with('\\')) && at < body.len() {
                pieces.push(body[at]);
                at += 1;
            }
            let (line, text, indent) = pieces[0];
            let prefix = text.len() - text.trim_start_matches(['@', '-']).len();
            let joined = std::iter::once(&text[prefix..])
                .chain(pieces[1..].iter().map(|(_, text, _)| *text))
                .collect::<Vec<_>>()
                .join("\n");
            if joined.trim().is_empty() || joined.starts_with('#') {
                continue;
            }
            let mut places = vec![Place {
                line,
                column: indent + prefix,
            }];
            places.extend(pieces[1..].iter().map(|(line, _, indent)| Place {
                line: *line,
                column: *indent,
            }));
            found.push(Snippet {
                text: replace_templates(&joined, "{{", "}}", placeholder),
                lines: places,
                run_as: None,
                folder: None,
                in_container: false,
                borrowed: Vec::new(),
                text_at: None,
                pieces: Vec::new(),
                stops_at_failure: false,
            });
        }
    }
    found
}

/// Whether a line at the left margin starts a recipe (`name arg: dependencies`), rather than
/// a comment, an attribute, a setting or a variable (`x := …`).
fn is_recipe_header(line: &str) -> bool {
    if line.starts_with([' ', '\t', '#', '[']) || line.trim().is_empty() {
        return false;
    }
    let first_word = line.split_whitespace().next().unwrap_or("");
    if ["set", "alias", "export", "import", "mod"].contains(&first_word) {
        return false;
    }
    let Some(colon) = line.find(':') else {
        return false;
    };
    !line[colon..].starts_with(":=") && !line[..colon].contains(":=")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipes_are_read_by_justs_rules() {
        let source = "set shell := [\"bash\", \"-c\"]\n# clean: a comment\nclean:\n    @rm -rf {{dist}}\n    echo done\n\nscript:\n  #!/usr/bin/env bash\n  set -e\n  make\n";
        let found = commands(source);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert_eq!(found[0].lines[0], Place { line: 4, column: 5 });
        assert_eq!(found[2].lines[2].line, 10);
    }
}
