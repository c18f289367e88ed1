//! Taskfile (`Taskfile.yml`): each task's `cmds` (a string, or `cmd:` of an entry; `task:` calls
//! another task), `cmd`, `status` and `preconditions` (`sh:`), run in the task's `dir`.
//! Go templates (`{{.VAR}}`) are values not known here.

use super::yaml::{self, Node};
use super::{Snippet, placeholder, replace_templates};

pub fn commands(source: &str) -> Vec<Snippet> {
    let mut found = Vec::new();
    for document in yaml::documents(source) {
        let Some(tasks) = yaml::get(&document, "tasks") else {
            continue;
        };
        for (_, task) in yaml::entries(tasks) {
            let folder = yaml::text_at(task, "dir").filter(|dir| !dir.contains("{{"));
            let mut nodes: Vec<&Node<'_>> = Vec::new();
            nodes.extend(yaml::get(task, "cmd"));
            for key in ["cmds", "status", "preconditions"] {
                for entry in yaml::get(task, key).map(yaml::items).unwrap_or_default() {
                    match yaml::get(entry, "cmd").or_else(|| yaml::get(entry, "sh")) {
                        Some(command) => nodes.push(command),
                        None if yaml::get(entry, "defer").is_some() => {
                            let deferred = yaml::get(entry, "defer");
                            nodes.extend(deferred.and_then(|d| yaml::get(d, "cmd")).or(deferred));
                        }
                        None => nodes.push(entry),
                    }
                }
            }
            for node in nodes {
                if let Some(mut snippet) = yaml::command(node, source) {
                    snippet.text = replace_templates(&snippet.text, "{{", "}}", placeholder);
                    found.push(snippet.in_folder(folder.clone()));
                }
            }
        }
    }
    found
}
