//! `package.json`: the `scripts` npm, yarn, pnpm and bun run in a shell in the package's folder.

use super::Snippet;
use super::json::{self, Locator};

pub fn commands(source: &str) -> Vec<Snippet> {
    let Some(package) = json::parse(source) else {
        return Vec::new();
    };
    let Some(scripts) = package.get("scripts").and_then(|scripts| scripts.as_object()) else {
        return Vec::new();
    };
    let mut locator = Locator::new(source);
    locator.key("scripts");
    scripts
        .iter()
        .filter_map(|(name, command)| {
            let command = command.as_str()?;
            let place = locator.key(name).string(command);
            Some(Snippet::at(command.to_owned(), place))
        })
        .collect()
}
