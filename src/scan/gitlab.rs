//! GitLab CI (`.gitlab-ci.yml`, files under `.gitlab/ci/`, and the files a pipeline includes
//! with `include: local`): each job's `before_script`, `script` and `after_script`, and those of
//! `default:`. A job's `before_script` and `script` run in one shell, one entry after the other,
//! so they are judged together; `after_script` runs in a shell of its own.
//!
//! A job may take these keys from elsewhere: from the jobs it `extends` (the nearest that defines
//! the key), from `default:` (`before_script`, `after_script`, unless `inherit: default` refuses
//! it), or entry by entry with `!reference [.job, key]`. Each command is reported once, in the
//! file and at the line where its text is written: a hidden job (`.template:`) or `default:` is
//! judged as a job of its own, where it is defined. A job that adds commands of its own to
//! borrowed ones is judged with them all (a borrowed `cd /` changes what its `rm -rf *` deletes),
//! but only the findings in its own commands are reported there; a job with no command of its own
//! reports nothing, its commands having been reported where they are written.

use super::yaml::{self, Node};
use super::{Snippet, placeholder, replace_templates};
use saphyr::YamlData;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Top-level keys that are not jobs.
const NOT_JOBS: &[&str] = &[
    "stages",
    "variables",
    "include",
    "workflow",
    "image",
    "services",
    "cache",
    "before_script",
    "after_script",
];

/// The keys that hold commands.
const SCRIPT_KEYS: [&str; 3] = ["before_script", "script", "after_script"];

/// How deep `extends` and `!reference` may nest (GitLab's own limit).
const MAX_DEPTH: usize = 11;

/// One entry of a script key: a command written there, or a `!reference` to another job's key.
#[derive(Clone, Debug)]
enum Entry {
    Written(Snippet),
    Reference { job: String, key: String },
}

/// What a job says about its commands.
#[derive(Clone, Debug, Default)]
struct Job {
    extends: Vec<String>,
    /// The script keys it defines, with their entries.
    keys: HashMap<&'static str, Vec<Entry>>,
    /// `inherit: default`: `None` takes every key of `default:`; else the keys it takes.
    inherits: Option<Vec<String>>,
}

/// The jobs of the GitLab files of one repository, by name (`default` included), for the keys a
/// job takes from others. A name defined in several files is the last one read.
#[derive(Debug, Default)]
pub struct Templates {
    jobs: HashMap<String, Job>,
}

impl Templates {
    /// Adds the jobs of a file.
    pub fn add(&mut self, source: &str) {
        for document in yaml::documents(source) {
            for (name, node) in yaml::entries(&document) {
                if !NOT_JOBS.contains(&name.as_str()) {
                    self.jobs.insert(name, job(node, source));
                }
            }
        }
    }

    /// The commands of `key` for `job`, as it runs them: its own entries (references taken from
    /// the jobs they name), else the nearest job it extends that has them. Every command not
    /// written in the job itself is borrowed.
    fn key_of(&self, job: &Job, key: &str, depth: usize) -> Option<Vec<Snippet>> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(entries) = job.keys.get(key) {
            let mut snippets = Vec::new();
            for entry in entries {
                match entry {
                    Entry::Written(snippet) => snippets.push(snippet.clone()),
                    Entry::Reference { job, key } => {
                        let named = self.jobs.get(job)?;
                        snippets.extend(
                            self.key_of(named, key, depth + 1)?
                                .into_iter()
                                .map(Snippet::borrowed_whole),
                        );
                    }
                }
            }
            return Some(snippets);
        }
        job.extends.iter().rev().find_map(|parent| {
            let parent = self.jobs.get(parent)?;
            Some(
                self.key_of(parent, key, depth + 1)?
                    .into_iter()
                    .map(Snippet::borrowed_whole)
                    .collect(),
            )
        })
    }

    /// `key` as the job runs it, `default:`'s when neither it nor what it extends has one.
    fn with_default(&self, name: &str, job: &Job, key: &str) -> Vec<Snippet> {
        if let Some(found) = self.key_of(job, key, 0) {
            return found;
        }
        let takes_default = job.inherits.as_ref().is_none_or(|keys| keys.iter().any(|k| k == key));
        match self.jobs.get("default") {
            Some(default) if name != "default" && takes_default && key != "script" => self
                .key_of(default, key, 0)
                .unwrap_or_default()
                .into_iter()
                .map(Snippet::borrowed_whole)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The script keys, `extends` and `inherit: default` of a job's mapping.
fn job(node: &Node<'_>, source: &str) -> Job {
    let mut job = Job::default();
    if let Some(extends) = yaml::get(node, "extends") {
        job.extends = match yaml::scalar(extends) {
            Some(one) => vec![one],
            None => yaml::strings(extends).unwrap_or_default(),
        };
    }
    job.inherits = yaml::get(node, "inherit")
        .and_then(|inherit| yaml::get(inherit, "default"))
        .map(|default| match yaml::scalar(default).as_deref() {
            Some("false") => Vec::new(),
            Some(_) => SCRIPT_KEYS.iter().map(|key| (*key).to_owned()).collect(),
            None => yaml::strings(default).unwrap_or_default(),
        });
    for key in SCRIPT_KEYS {
        if let Some(value) = yaml::get(node, key) {
            job.keys.insert(key, entries(value, source));
        }
    }
    job
}

/// A script key's entries, nested lists flattened as GitLab flattens them.
fn entries(node: &Node<'_>, source: &str) -> Vec<Entry> {
    if let YamlData::Tagged(tag, referenced) = &node.data {
        if tag.suffix == "reference"
            && let Some(path) = yaml::strings(referenced)
            && let [job, key] = path.as_slice()
        {
            return vec![Entry::Reference {
                job: job.clone(),
                key: key.clone(),
            }];
        }
        return Vec::new();
    }
    if let YamlData::Sequence(items) = &node.data {
        return items.iter().flat_map(|item| entries(item, source)).collect();
    }
    yaml::command(node, source)
        .map(|mut snippet| {
            // `$[[ inputs.x ]]` (component inputs) is a value not known here.
            snippet.text = replace_templates(&snippet.text, "$[[", "]]", placeholder);
            Entry::Written(snippet)
        })
        .into_iter()
        .collect()
}

/// The commands of a GitLab file, each job's with what it takes from `templates` (the jobs of
/// every GitLab file of the repository).
pub fn commands(source: &str, templates: &Templates) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        for (name, node) in yaml::entries(&document) {
            if NOT_JOBS.contains(&name.as_str()) {
                continue;
            }
            let job = job(node, source);
            let mut main = templates.with_default(&name, &job, "before_script");
            main.extend(templates.with_default(&name, &job, "script"));
            for commands in [main, templates.with_default(&name, &job, "after_script")] {
                if commands.iter().any(|snippet| !snippet.is_all_borrowed()) {
                    // The runner's script stops at the first command that fails.
                    found.extend(Snippet::joined(commands).map(|whole| Snippet {
                        stops_at_failure: true,
                        ..whole
                    }));
                }
            }
        }
    }
    found
}

/// The files a GitLab file includes from its repository (`include: 'path.yml'`,
/// `include: {local: path}`, lists of both; wildcards `*` and `**`), relative to `repository`.
/// Remote files, other projects' files, templates and components are not in the repository.
pub fn local_includes(source: &str, repository: &Path) -> Vec<PathBuf> {
    let mut patterns = Vec::new();
    for document in yaml::documents(source) {
        let Some(include) = yaml::get(&document, "include") else {
            continue;
        };
        let listed: Vec<&Node<'_>> = match &include.data {
            YamlData::Sequence(items) => items.iter().collect(),
            _ => vec![include],
        };
        for item in listed {
            let path = yaml::scalar(item).or_else(|| yaml::text_at(item, "local"));
            if let Some(path) = path.filter(|path| !path.contains("://") && !path.contains('$')) {
                patterns.push(path.trim_start_matches('/').to_owned());
            }
        }
    }
    let mut files = Vec::new();
    for pattern in patterns {
        if !pattern.contains('*') {
            files.push(repository.join(&pattern));
            continue;
        }
        let Some(matcher) = wildcard(&pattern) else { continue };
        let walker = ignore::WalkBuilder::new(repository).hidden(false).build();
        files.extend(walker.flatten().filter_map(|entry| {
            let relative = super::relative_to(entry.path(), repository);
            (entry.file_type()?.is_file() && matcher.is_match(&relative)).then(|| entry.into_path())
        }));
    }
    files
}

/// GitLab's wildcards as a pattern: `*` within a folder, `**` across folders.
fn wildcard(pattern: &str) -> Option<regex::Regex> {
    let pieces: Vec<String> = pattern
        .split("**")
        .map(|piece| piece.split('*').map(regex::escape).collect::<Vec<_>>().join("[^/]*"))
        .collect();
    regex::Regex::new(&format!("^{}$", pieces.join(".*"))).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_as_gitlab_matches() {
        let one = wildcard("ci/*.yml").expect("a pattern");
        assert!(one.is_match("ci/build.yml") && !one.is_match("ci/deep/build.yml"));
        let deep = wildcard("ci/**.yml").expect("a pattern");
        assert!(deep.is_match("ci/deep/build.yml"));
    }
}
