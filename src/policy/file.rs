//! One configuration file as written: its JSON read strictly (an unknown key is an error, so a
//! misspelt `disabel` cannot silently leave a rule on), and its errors as miette diagnostics
//! that point at the place in the file.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The JSON Schema of both configuration files (`safety-net config schema`).
pub const SCHEMA: &str = include_str!("../../docs/config.schema.json");

/// The largest configuration file read; a larger one is an error.
const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// A configuration file's keys. Every key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// Where an editor finds the schema; accepted and not used.
    #[serde(rename = "$schema")]
    _schema: Option<serde::de::IgnoredAny>,
    pub mode: Option<String>,
    #[serde(default)]
    pub disable: Vec<String>,
    #[serde(default)]
    pub rules: Vec<RuleEntry>,
    #[serde(default)]
    pub allow_paths: Vec<String>,
    pub unattended_ask: Option<String>,
    pub audit_log: Option<String>,
    pub mcp: Option<McpSection>,
    #[serde(default)]
    pub discardable: Vec<String>,
    #[serde(default)]
    pub profiles: std::collections::BTreeMap<String, ProfileEntry>,
}

/// What applies to one agent or subagent only, by the payload's `agent_type` (a Claude Code or
/// Codex subagent: `Explore`, `code-reviewer`) or the agent's name (`codex`, `gemini`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileEntry {
    /// Refuse every write: editor tools and shell commands that change anything.
    #[serde(default)]
    pub read_only: bool,
    pub mode: Option<String>,
    #[serde(default)]
    pub rules: Vec<RuleEntry>,
}

/// The MCP servers and tools allowed, by server name (`"*"` for every tool of a server).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpSection {
    pub servers: std::collections::BTreeMap<String, Vec<String>>,
}

/// A custom rule as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleEntry {
    pub id: String,
    pub decision: String,
    pub reason: String,
    /// The safe alternative; a default sentence when missing.
    pub instead: Option<String>,
    pub command: Option<String>,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub flags: Vec<String>,
    #[serde(default)]
    pub without_flags: Vec<String>,
    pub pattern: Option<String>,
}

/// A configuration that cannot be used, with where in which file.
#[derive(Debug)]
pub struct ConfigError {
    pub path: PathBuf,
    pub message: String,
    /// The file's text and the byte range at fault, when the file could be read.
    place: Option<(String, SourceSpan)>,
    help: Option<String>,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Diagnostic for ConfigError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new("invalid-configuration"))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn std::fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.place.as_ref().map(|(text, _)| text as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (_, span) = self.place.as_ref()?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some("here".to_owned()),
            *span,
        ))))
    }
}

impl ConfigError {
    pub fn new(path: &Path, message: impl Into<String>) -> ConfigError {
        ConfigError {
            path: path.to_owned(),
            message: message.into(),
            place: None,
            help: None,
        }
    }

    /// The error pointing at `span` of the file's `text`.
    pub fn at(mut self, text: &str, span: std::ops::Range<usize>) -> ConfigError {
        let end = span.end.min(text.len());
        let start = span.start.min(end);
        self.place = Some((text.to_owned(), (start, end - start).into()));
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> ConfigError {
        self.help = Some(help.into());
        self
    }

    /// One line for an agent: the file, the line and column, and what is wrong.
    pub fn one_line(&self) -> String {
        let position = self.place.as_ref().map(|(text, span)| {
            let before = &text[..span.offset().min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |tail| tail.chars().count()) + 1;
            format!(" (line {line}, column {column})")
        });
        format!(
            "the configuration file {} is invalid{}: {}",
            self.path.display(),
            position.unwrap_or_default(),
            self.message
        )
    }

    /// The diagnostic drawn for a terminal, the offending line underlined.
    pub fn render(&self, color: bool) -> String {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let named = NamedSourceError { error: self };
        let mut rendered = String::new();
        if GraphicalReportHandler::new_themed(theme)
            .with_width(100)
            .render_report(&mut rendered, &named)
            .is_err()
        {
            return self.one_line();
        }
        rendered
    }
}

/// The error with its source named by the file's path, for drawing.
#[derive(Debug)]
struct NamedSourceError<'a> {
    error: &'a ConfigError,
}

impl std::fmt::Display for NamedSourceError<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.error.path.display(), self.error.message)
    }
}

impl std::error::Error for NamedSourceError<'_> {}

impl Diagnostic for NamedSourceError<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.error.code()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.error.help()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.error.source_code()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.error.labels()
    }
}

/// A file read as configuration: `Ok(None)` when there is no file there.
pub fn read(path: &Path) -> Result<Option<(ConfigFile, String)>, ConfigError> {
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(ConfigError::new(path, format!("it cannot be read ({error})"))),
    };
    if metadata.len() > MAX_FILE_BYTES {
        return Err(ConfigError::new(
            path,
            format!("it is larger than {} KiB", MAX_FILE_BYTES / 1024),
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|error| ConfigError::new(path, format!("it cannot be read ({error})")))?;
    parse(path, &text).map(|file| Some((file, text)))
}

/// The text read as configuration.
pub fn parse(path: &Path, text: &str) -> Result<ConfigFile, ConfigError> {
    serde_json::from_str::<ConfigFile>(text).map_err(|error| {
        let offset = offset_of(text, error.line(), error.column());
        let message = error.to_string();
        // serde_json's message ends with its own "at line L column C".
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(head, _)| head)
            .to_owned();
        ConfigError::new(path, message)
            .at(text, offset..offset + 1)
            .with_help(format!(
                "see `safety-net config schema` for the keys; known keys: {}",
                KEYS.join(", ")
            ))
    })
}

/// The top-level keys, for messages.
pub const KEYS: &[&str] = &[
    "mode",
    "disable",
    "rules",
    "allow_paths",
    "unattended_ask",
    "audit_log",
    "mcp",
    "profiles",
    "discardable",
];

/// The byte offset of a 1-based line and column (serde_json's column counts bytes, 0 at a
/// line's start when the error is at the end of the previous one).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (line_start + column.saturating_sub(1)).min(text.len().saturating_sub(1))
}

/// Where `value` is written in `text` as a JSON string (for errors about one value).
pub fn place_of(text: &str, value: &str) -> std::ops::Range<usize> {
    let quoted = serde_json::to_string(value).unwrap_or_default();
    text.find(&quoted)
        .map_or(0..text.len().min(1), |start| start..start + quoted.len())
}

/// The schema's top-level keys, for tests.
#[cfg(test)]
pub fn schema_keys() -> std::collections::BTreeMap<String, serde_json::Value> {
    let schema: serde_json::Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    schema["properties"]
        .as_object()
        .expect("the schema lists properties")
        .clone()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_lists_every_key_the_reader_takes() {
        let keys = schema_keys();
        for key in KEYS {
            assert!(keys.contains_key(*key), "{key} is missing from the schema");
        }
        assert_eq!(keys.len(), KEYS.len() + 1, "the schema has a key the reader refuses");
    }

    #[test]
    fn an_unknown_key_is_an_error_pointing_at_it() {
        let text = "{\n  \"mode\": \"strict\",\n  \"disabel\": [\"git-push-force\"]\n}\n";
        let error = parse(Path::new("c.json"), text).expect_err("unknown key");
        assert!(error.message.contains("unknown field `disabel`"), "{}", error.message);
        assert!(error.one_line().contains("line 3"), "{}", error.one_line());
        assert!(error.render(false).contains("disabel"));
    }
}
