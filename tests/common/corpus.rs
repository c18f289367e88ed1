//! The commands of `corpus/*.txt`, for the tests that feed them to something other than the
//! corpus runner (the fuzz smoke test, the comparison with bash's own parser).

use std::path::PathBuf;

/// The commands of corpus/*.txt: the text after each case's `verdict rule…: ` header, or a
/// multi-line case's indented body.
pub fn corpus_commands() -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("corpus")
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.retain(|file| file.extension().is_some_and(|extension| extension == "txt"));
    files.sort();
    let mut commands = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file readable");
        let mut body: Option<Vec<&str>> = None;
        for line in text.lines() {
            if let Some(lines) = body.as_mut() {
                if let Some(indented) = line.strip_prefix("    ") {
                    lines.push(indented);
                    continue;
                }
                commands.push(lines.join("\n"));
                body = None;
            }
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            match line.split_once(": ") {
                Some((_, command)) => commands.push(command.to_owned()),
                None if line.ends_with(':') => body = Some(Vec::new()),
                None => {}
            }
        }
        commands.extend(body.map(|lines| lines.join("\n")));
    }
    assert!(commands.len() > 1000, "only {} corpus commands", commands.len());
    commands
}
