//! Docker Compose (`compose.yml`, `docker-compose*.yml`): each service's `command`,
//! `entrypoint` and `healthcheck.test`. A string is a command line; a list is an argument vector
//! run without a shell (`["CMD-SHELL", "…"]` runs its string in a shell). They run inside the
//! service's container.

use super::Snippet;
use super::yaml::{self, Node};

pub fn commands(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        let Some(services) = yaml::get(&document, "services") else {
            continue;
        };
        for (_, service) in yaml::entries(services) {
            for key in ["command", "entrypoint"] {
                found.extend(yaml::get(service, key).and_then(|node| command_of(node, source)));
            }
            let test = yaml::get(service, "healthcheck").and_then(|check| yaml::get(check, "test"));
            if let Some(test) = test {
                let words = yaml::strings(test).unwrap_or_default();
                let snippet = match words.first().map(String::as_str) {
                    Some("CMD-SHELL") => yaml::items(test).get(1).and_then(|node| yaml::command(node, source)),
                    Some("CMD") if words.len() > 1 => {
                        Some(Snippet::argv(&words[1..], yaml::place(&yaml::items(test)[1])))
                    }
                    Some(_) => None,
                    None => yaml::command(test, source),
                };
                found.extend(snippet);
            }
        }
    }
    found
        .into_iter()
        .map(|snippet| unescape(snippet).in_container(true))
        .collect()
}

/// A `command` or `entrypoint`: a string, or an argument vector.
fn command_of(node: &Node<'_>, source: &str) -> Option<Snippet> {
    match yaml::strings(node) {
        Some(words) if !words.is_empty() => Some(Snippet::argv(&words, yaml::place(node))),
        _ => yaml::command(node, source),
    }
}

/// Compose reads `$$` as a literal `$`.
fn unescape(mut snippet: Snippet) -> Snippet {
    snippet.text = snippet.text.replace("$$", "$");
    if let Some(run_as) = &mut snippet.run_as {
        *run_as = run_as.replace("$$", "$");
    }
    snippet
}
