//! `.devcontainer/devcontainer.json`: the lifecycle commands. `initializeCommand` runs on this
//! machine; the others run inside the container. Each is a command line, an argument vector, or
//! an object of named commands run side by side.

use super::Snippet;
use super::json::{self, Locator};
use serde_json::Value;

const LIFECYCLE: &[&str] = &[
    "initializeCommand",
    "onCreateCommand",
    "updateContentCommand",
    "postCreateCommand",
    "postStartCommand",
    "postAttachCommand",
];

pub fn commands(source: &str) -> Vec<Snippet> {
    let Some(Value::Object(settings)) = json::parse(source) else {
        return Vec::new();
    };
    let blanked = json::without_comments(source);
    let mut found = Vec::new();
    for (key, value) in &settings {
        if !LIFECYCLE.contains(&key.as_str()) {
            continue;
        }
        let mut locator = Locator::new(&blanked);
        locator.key(key);
        let mut these = Vec::new();
        let mut add = |value: &Value, locator: &mut Locator<'_>| match value {
            Value::String(command) => these.push(Snippet::at(command.clone(), locator.string(command))),
            Value::Array(words) => {
                let words: Vec<String> = words.iter().filter_map(|w| w.as_str().map(str::to_owned)).collect();
                if let Some(first) = words.first() {
                    let place = locator.string(first);
                    these.push(Snippet::argv(&words, place));
                }
            }
            _ => {}
        };
        match value {
            Value::Object(named) => {
                for (name, command) in named {
                    locator.key(name);
                    add(command, &mut locator);
                }
            }
            other => add(other, &mut locator),
        }
        let in_container = key != "initializeCommand";
        found.extend(these.into_iter().map(|snippet| snippet.in_container(in_container)));
    }
    found
}
