//! `.pre-commit-config.yaml`: the hooks of `repo: local` whose `language` runs their `entry` as a
//! command on this machine (`system`, `unsupported`), with their `args`. Hooks from other
//! repositories run code pre-commit installs, not commands written here.

use super::Snippet;
use super::yaml;

pub fn commands(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        for repository in yaml::get(&document, "repos").map(yaml::items).unwrap_or_default() {
            if yaml::text_at(repository, "repo").as_deref() != Some("local") {
                continue;
            }
            for hook in yaml::get(repository, "hooks").map(yaml::items).unwrap_or_default() {
                let language = yaml::text_at(hook, "language").unwrap_or_default();
                if !matches!(language.as_str(), "system" | "unsupported") {
                    continue;
                }
                let Some(entry) = yaml::get(hook, "entry") else {
                    continue;
                };
                let Some(mut snippet) = yaml::command(entry, source) else {
                    continue;
                };
                let arguments = yaml::get(hook, "args").and_then(yaml::strings).unwrap_or_default();
                if !arguments.is_empty() {
                    snippet.text = format!("{} {}", snippet.text.trim_end(), shell_words::join(&arguments));
                }
                found.push(snippet);
            }
        }
    }
    found
}
