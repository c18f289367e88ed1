//! GitLab CI (`.gitlab-ci.yml`, files under `.gitlab/ci/`): each job's `before_script`,
//! `script` and `after_script`, and those of `default:`. A job's `before_script` and `script`
//! run in one shell, one entry after the other, so they are judged together; `after_script` runs
//! in a shell of its own.

use super::yaml;
use super::{Snippet, placeholder, replace_templates};

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

pub fn commands(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        for (name, job) in yaml::entries(&document) {
            if NOT_JOBS.contains(&name.as_str()) {
                continue;
            }
            let entries = |key: &str| -> Vec<Snippet> {
                yaml::get(job, key)
                    .map(|node| yaml::commands(node, source))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|mut snippet| {
                        // `$[[ inputs.x ]]` (component inputs) is a value not known here.
                        snippet.text = replace_templates(&snippet.text, "$[[", "]]", placeholder);
                        snippet
                    })
                    .collect()
            };
            let mut main = entries("before_script");
            main.extend(entries("script"));
            found.extend(Snippet::joined(main));
            found.extend(Snippet::joined(entries("after_script")));
        }
    }
    found
}
