//! A scan's findings for people (each at `file:line:column`, drawn over the file with miette)
//! and for programs (one JSON object).

use super::{Finding, Outcome};
use crate::explain::{FindingReport, severity};
use crate::progress::thousands;
use crate::rules::Decision;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The findings as text: a heading line per finding and the file's line underlined.
pub fn text(outcome: &Outcome, color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut texts: HashMap<&str, Option<String>> = HashMap::new();
    let mut out = String::new();
    for finding in &outcome.findings {
        out.push_str(&format!(
            "{}:{}:{}: {} {} ({})\n",
            finding.path,
            finding.line,
            finding.column,
            finding.decision,
            finding.rule,
            finding.kind.name()
        ));
        let text = texts
            .entry(finding.path.as_str())
            .or_insert_with(|| super::text_of(&finding.path));
        let drawn = text.as_ref().and_then(|text| {
            let report = report(finding, text);
            let mut rendered = String::new();
            handler.render_report(&mut rendered, &report).ok().map(|()| rendered)
        });
        out.push_str(&drawn.unwrap_or_else(|| format!("  {}\n", finding.reason())));
        out.push('\n');
    }
    out
}

/// The summary line: counts of files, commands and findings.
pub fn summary(outcome: &Outcome) -> String {
    format!(
        "{} {} with commands, {} {} judged: {} would be denied, {} asked",
        thousands(outcome.files),
        if outcome.files == 1 { "file" } else { "files" },
        thousands(outcome.commands),
        if outcome.commands == 1 { "command" } else { "commands" },
        thousands(outcome.count(Decision::Deny)),
        thousands(outcome.count(Decision::Ask)),
    )
}

/// The findings as one JSON object.
pub fn json(outcome: &Outcome) -> Value {
    json!({
        "findings": outcome.findings.iter().map(|finding| json!({
            "path": finding.path,
            "line": finding.line,
            "column": finding.column,
            "kind": finding.kind.name(),
            "decision": finding.decision,
            "rule": finding.rule,
            "message": finding.message,
            "instead": finding.instead,
            "command": finding.command,
        })).collect::<Vec<_>>(),
        "files": outcome.files,
        "commands": outcome.commands,
        "denied": outcome.count(Decision::Deny),
        "asked": outcome.count(Decision::Ask),
        "skipped": outcome.skipped.iter().map(|(path, why)| json!({"path": path, "why": why})).collect::<Vec<_>>(),
    })
}

/// A finding drawn over its file.
fn report(finding: &Finding, text: &str) -> FindingReport<NamedSource<String>> {
    let (start, length) = byte_span(text, finding.line, finding.column);
    FindingReport {
        message: finding.message.clone(),
        help: finding.instead.to_owned(),
        code: finding.rule,
        severity: severity(finding.decision),
        source: NamedSource::new(finding.path.clone(), text.to_owned()),
        label: LabeledSpan::new(Some("here".to_owned()), start, length),
    }
}

/// The byte range from `line`:`column` (from 1, in characters) to the end of the word there.
fn byte_span(text: &str, line: usize, column: usize) -> (usize, usize) {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line_text = text[line_start.min(text.len())..].split('\n').next().unwrap_or("");
    let offset = line_text
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line_text.len(), |(at, _)| at);
    let rest = &line_text[offset..];
    let word = rest
        .find(char::is_whitespace)
        .unwrap_or(rest.len())
        .max(1)
        .min(rest.len());
    (line_start + offset, word)
}
