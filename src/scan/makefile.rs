//! Makefile recipes, read by make's line rules: a recipe line starts with a tab and belongs to
//! the rule above it; a trailing backslash continues it on the next line; `@`, `-` and `+` in
//! front are make's, not the shell's; each recipe line runs in a shell of its own. A variable the
//! file sets to plain text (`OUT := dist`) is replaced by its value; make's other references
//! (`$(GO)`, `$(shell …)`, `$@`, variables set elsewhere) by a word of their length, a value not
//! known here (most name a tool or its options: an unknown variable would make every `$(GO)
//! build` a command whose name is unknown); `$$` is a `$` for the shell. `define … endef` bodies are text, not recipes.
//!
//! With `.ONESHELL:` anywhere in the file, each recipe runs whole in one shell (GNU make 3.82 and
//! later): its lines are judged together, so a `cd /` changes what the `rm -rf *` after it
//! deletes; make still drops `@`, `-` and `+` in front of every line when the shell is a POSIX
//! one. A `SHELL` set to another program (`SHELL := python3`) runs each recipe as
//! `SHELL .SHELLFLAGS recipe` (`.SHELLFLAGS` is `-c` unless set): the recipe is judged as that
//! program's code.

use super::{Place, Snippet, is_posix_shell, word};

pub fn commands(source: &str) -> Vec<Snippet> {
    let lines: Vec<&str> = source.lines().collect();
    let variables = plain_variables(&lines);
    let one_shell = lines.iter().any(|line| {
        line.strip_prefix(".ONESHELL")
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    });
    let known = |name: &str| {
        variables
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.as_str())
    };
    // The program that runs recipes, when it is not a POSIX shell: the recipe is its argument.
    let runner: Option<String> = known("SHELL")
        .filter(|shell| {
            shell
                .split_whitespace()
                .next()
                .is_some_and(|program| !is_posix_shell(program))
        })
        .map(|shell| format!("{shell} {}", known(".SHELLFLAGS").unwrap_or("-c")));
    // Each recipe line, with the number of the rule it belongs to.
    let mut found: Vec<(usize, Snippet)> = Vec::new();
    let mut rule = 0;
    let mut in_rule = false;
    let mut in_define = false;
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let number = index + 1;
        index += 1;
        let directive = line.trim_start();
        if in_define {
            in_define = !directive.starts_with("endef");
            continue;
        }
        if let Some(recipe) = line.strip_prefix('\t').filter(|_| in_rule) {
            // The recipe line and its continuations.
            let mut pieces = vec![(number, recipe)];
            while pieces.last().is_some_and(|(_, piece)| piece.trim_end().ends_with('\\')) && index < lines.len() {
                let next = lines[index];
                pieces.push((index + 1, next.strip_prefix('\t').unwrap_or(next)));
                index += 1;
            }
            let first = pieces[0].1;
            let prefix = first.len() - first.trim_start_matches(['@', '-', '+', ' ']).len();
            let text = pieces
                .iter()
                .enumerate()
                .map(|(at, (_, piece))| shell_text(if at == 0 { &piece[prefix..] } else { piece }, &variables))
                .collect::<Vec<_>>()
                .join("\n");
            if text.trim().is_empty() || text.trim_start().starts_with('#') {
                continue;
            }
            found.push((
                rule,
                Snippet {
                    lines: pieces
                        .iter()
                        .enumerate()
                        .map(|(at, (line, _))| Place {
                            line: *line,
                            column: if at == 0 { 1 + prefix } else { 1 },
                        })
                        .collect(),
                    text,
                    run_as: None,
                    folder: None,
                    in_container: false,
                    borrowed: Vec::new(),
                    text_at: None,
                    pieces: Vec::new(),
                    stops_at_failure: false,
                },
            ));
            continue;
        }
        if directive.is_empty() || directive.starts_with('#') {
            continue;
        }
        if directive.starts_with("define ") || directive == "define" {
            in_define = true;
            in_rule = false;
            continue;
        }
        if [
            "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include",
        ]
        .iter()
        .any(|word| directive.split_whitespace().next() == Some(word))
        {
            continue;
        }
        in_rule = is_rule_line(line);
        rule += 1;
    }
    let recipes: Vec<Snippet> = if one_shell {
        found
            .chunk_by(|(one, _), (other, _)| one == other)
            .filter_map(|recipe| Snippet::joined(recipe.iter().map(|(_, line)| line.clone()).collect()))
            .collect()
    } else {
        found.into_iter().map(|(_, line)| line).collect()
    };
    match runner {
        Some(runner) => recipes.into_iter().map(|recipe| recipe.run_by(&runner)).collect(),
        None => recipes,
    }
}

/// Whether a line at the left margin starts a rule (`target: prerequisites`), rather than
/// setting a variable (`X := y`, `X = a:b`).
fn is_rule_line(line: &str) -> bool {
    let Some(colon) = line.find(':') else {
        return false;
    };
    let before = &line[..colon];
    let after = &line[colon + 1..];
    !before.contains('=') && !after.starts_with('=') && !after.starts_with(":=")
}

/// The variables set once, at the left margin, to text without references (`OUT := dist`,
/// `CC ?= gcc`): their values are known.
fn plain_variables(lines: &[&str]) -> Vec<(String, String)> {
    let mut variables: Vec<(String, String)> = Vec::new();
    for line in lines.iter().filter(|line| !line.starts_with([' ', '\t'])) {
        let Some(equals) = line.find('=') else { continue };
        let name = line[..equals].trim_end_matches([':', '?', '+', '!']).trim();
        let name = name.strip_prefix("export ").unwrap_or(name).trim();
        let value = line[equals + 1..].split('#').next().unwrap_or("").trim();
        let assignment = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !assignment || value.contains('$') || line[..equals].ends_with('+') {
            continue;
        }
        if variables.iter().any(|(known, _)| known == name) {
            // Set twice: which value counts depends on where it is used.
            variables.retain(|(known, _)| known != name);
            continue;
        }
        variables.push((name.to_owned(), value.to_owned()));
    }
    variables
}

/// A recipe's text as the shell receives it: plain variables replaced by their values, make's
/// other references by values not known here, `$$` by `$`.
fn shell_text(recipe: &str, variables: &[(String, String)]) -> String {
    let mut out = String::with_capacity(recipe.len());
    let mut chars = recipe.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        match chars.peek().map(|(_, next)| *next) {
            Some('$') => {
                chars.next();
                out.push('$');
            }
            Some(open @ ('(' | '{')) => {
                let close = if open == '(' { ')' } else { '}' };
                let mut depth = 0;
                let mut end = recipe.len();
                for (position, inner) in recipe[at + 1..].char_indices() {
                    if inner == open {
                        depth += 1;
                    } else if inner == close {
                        depth -= 1;
                        if depth == 0 {
                            end = at + 1 + position + 1;
                            break;
                        }
                    }
                }
                let reference = &recipe[at..end];
                let name = reference.get(2..reference.len().saturating_sub(1)).unwrap_or("");
                match variables.iter().find(|(known, _)| known == name) {
                    Some((_, value)) => out.push_str(value),
                    None => out.push_str(&word(reference)),
                }
                while chars.peek().is_some_and(|(position, _)| *position < end) {
                    chars.next();
                }
            }
            Some(_) => {
                chars.next();
                out.push_str("XX");
            }
            None => out.push('$'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipes_are_read_by_makes_rules() {
        let source = "X := a:b\n# rm -rf / in a comment\nbuild: dep\n\t@echo $(CC) $$HOME \\\n\t  done\n\n\t-rm -rf $(OUT)\ndefine T\n\trm -rf /\nendef\n";
        let found = commands(source);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(found[0].lines[0], Place { line: 4, column: 2 });
        assert!(found[0].text.starts_with("echo XXXXX $HOME"), "{}", found[0].text);
        assert_eq!(found[1].lines[0].line, 7);
        assert!(found[1].text.starts_with("rm -rf XXXXXX"), "{}", found[1].text);
        let known = commands("OUT := dist\nclean:\n\trm -rf $(OUT)/*\n");
        assert_eq!(known[0].text, "rm -rf dist/*");
    }

    #[test]
    fn one_shell_runs_each_recipe_whole() {
        let source = ".ONESHELL:\na:\n\t@cd /\n\n\t-rm -rf *\nb:\n\tls\n";
        let found = commands(source);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(found[0].text, "cd /\nrm -rf *");
        assert_eq!(found[0].lines[1], Place { line: 5, column: 2 });
        let python = commands("SHELL := python3\n.ONESHELL:\na:\n\timport shutil\n\tshutil.rmtree(\"/\")\n");
        assert_eq!(
            python[0].run_as.as_deref(),
            Some("python3 -c 'import shutil\nshutil.rmtree(\"/\")'")
        );
    }
}
