//! Rendering a verdict for people and programs: the tree of layers the command was unwrapped
//! into, each effective command with its decoded argv, the findings, and a diagnostic that
//! points at the offending text; or the same as one JSON object.

use crate::checks;
use crate::command::{Analysis, LayerId, LayerKind};
use crate::paths::Cwd;
use crate::rules::Decision;
use crate::source::Span;
use crate::verdict::{Finding, Verdict};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, Severity, SourceCode};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// The verdict as text: the layer tree with findings under their commands, the verdict, and a
/// diagnostic pointing at the offending span.
pub fn text(verdict: &Verdict, color: bool) -> String {
    let mut out = String::new();
    let analysis = &verdict.analysis;
    let _ = writeln!(out, "How it was read:");
    let findings_of = |command: usize| verdict.findings.iter().filter(move |f| f.command == Some(command));
    let start_cwd = analysis.commands.first().map(|c| c.cwd.clone());
    // Depth-first over the layer tree with an explicit stack: (layer, line prefix, prefix of
    // what comes below it).
    let mut stack: Vec<(LayerId, String, String)> = roots(analysis)
        .rev()
        .map(|root| (root, String::new(), String::new()))
        .collect();
    while let Some((layer, line_prefix, below)) = stack.pop() {
        let children: Vec<LayerId> = analysis.children(layer).collect();
        let detail = format!("{below}{}", if children.is_empty() { "   " } else { "│  " });
        match &analysis.layers[layer].kind {
            LayerKind::Code { via, text } => {
                let _ = writeln!(out, "{line_prefix}{via}: {}", one_line(text, 70));
                if let Some(stops) = &analysis.layers[layer].bash_stops {
                    let _ = writeln!(out, "{detail}{stops}");
                }
            }
            LayerKind::Command(id) => {
                let command = &analysis.commands[*id];
                let via = match (&command.origin, &command.via, command.parent) {
                    (Some(call), _, Some(parent)) => format!("  ({call} in {})", analysis.commands[parent].name),
                    (None, Some(via), Some(_)) => format!("  (run by {via})"),
                    (None, None, Some(parent)) => format!("  (run by {})", analysis.commands[parent].name),
                    _ => String::new(),
                };
                let _ = writeln!(out, "{line_prefix}{}{via}", one_line(&command.display(), 70));
                if !command.argv.is_empty() {
                    let argv: Vec<String> = command
                        .argv
                        .iter()
                        .map(|w| format!("{:?}", one_line(w.text(), 60)))
                        .collect();
                    let _ = writeln!(out, "{detail}argv [{}]", argv.join(", "));
                }
                if Some(&command.cwd) != start_cwd.as_ref() {
                    let cwd = match &command.cwd {
                        Cwd::Known(dir) => dir.to_string(),
                        Cwd::Unknown(why) => format!("unknown ({why})"),
                    };
                    let _ = writeln!(out, "{detail}runs in {cwd}");
                }
                for finding in findings_of(*id) {
                    let _ = writeln!(
                        out,
                        "{detail}{} {}: {}",
                        mark(finding.decision),
                        finding.rule.id,
                        finding.lost
                    );
                }
            }
        }
        let count = children.len();
        for (index, child) in children.into_iter().enumerate().rev() {
            let last = index + 1 == count;
            let line = format!("{below}{}", if last { "└─ " } else { "├─ " });
            let next = format!("{below}{}", if last { "   " } else { "│  " });
            stack.push((child, line, next));
        }
    }
    let unattached: Vec<&Finding> = verdict.findings.iter().filter(|f| f.command.is_none()).collect();
    if !unattached.is_empty() {
        let _ = writeln!(out, "\nFound outside any command:");
        for finding in unattached {
            let _ = writeln!(
                out,
                "  {} {}: {}",
                mark(finding.decision),
                finding.rule.id,
                finding.lost
            );
        }
    }
    if !verdict.turned_off.is_empty() {
        let _ = writeln!(
            out,
            "\nTurned off by the configuration: {}",
            verdict.turned_off.join(", ")
        );
    }
    let _ = writeln!(out);
    match verdict.deciding() {
        Some(finding) => {
            let _ = writeln!(out, "Verdict: {} ({})", verdict.decision, finding.rule.id);
            let _ = writeln!(out, "{}", diagnostic(verdict, finding, color));
        }
        None => {
            let _ = writeln!(out, "Verdict: allow (no rule matched)");
        }
    }
    out
}

fn roots(analysis: &Analysis) -> impl DoubleEndedIterator<Item = LayerId> + '_ {
    analysis
        .layers
        .iter()
        .enumerate()
        .filter(|(_, layer)| layer.parent.is_none())
        .map(|(id, _)| id)
        .collect::<Vec<_>>()
        .into_iter()
}

fn mark(decision: Decision) -> &'static str {
    match decision {
        Decision::Deny => "✗ deny",
        Decision::Ask => "? ask",
        Decision::Allow => "✓ allow",
    }
}

/// The first line of `text`, at most `most` characters.
fn one_line(text: &str, most: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut shown: String = line.chars().take(most).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// The deciding finding as a miette diagnostic over the original command.
fn diagnostic(verdict: &Verdict, finding: &Finding, color: bool) -> String {
    let span = clamp(finding.span, &verdict.command);
    let report = FindingReport {
        message: finding.lost.clone(),
        help: finding.instead.to_owned(),
        code: finding.rule.id,
        severity: severity(finding.decision),
        source: verdict.command.clone(),
        label: LabeledSpan::new(Some("here".to_owned()), span.start, span.len()),
    };
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut rendered = String::new();
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    if handler.render_report(&mut rendered, &report).is_err() {
        rendered = finding.reason();
    }
    rendered
}

/// A span cut to the text and to character boundaries.
fn clamp(span: Span, text: &str) -> Span {
    let mut start = span.start.min(text.len());
    let mut end = span.end.min(text.len()).max(start);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    // An empty span (a finding inside a script read from disk points at the start of the
    // script's name) is widened to the word it starts.
    if start == end {
        end = text[start..]
            .find(|c: char| c.is_whitespace() || ";&|".contains(c))
            .map_or(text.len(), |length| start + length);
    }
    Span::new(start, end)
}

/// A finding drawn over the text it was found in: a command (`explain`) or a file (`scan`).
#[derive(Debug)]
pub(crate) struct FindingReport<S> {
    pub(crate) message: String,
    pub(crate) help: String,
    pub(crate) code: &'static str,
    pub(crate) severity: Severity,
    pub(crate) source: S,
    pub(crate) label: LabeledSpan,
}

impl<S> std::fmt::Display for FindingReport<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl<S: std::fmt::Debug> std::error::Error for FindingReport<S> {}

impl<S: SourceCode + std::fmt::Debug> Diagnostic for FindingReport<S> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(&self.help))
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(self.label.clone())))
    }
}

/// How a finding of this decision is drawn: a denial as an error, an ask as a warning.
pub(crate) fn severity(decision: Decision) -> Severity {
    if decision == Decision::Deny {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// The verdict as one JSON object: `verdict`, `rule`, `reason`, `findings` and `tree`.
pub fn json(verdict: &Verdict) -> Value {
    let findings: Vec<Value> = verdict
        .findings
        .iter()
        .map(|finding| {
            let span = clamp(finding.span, &verdict.command);
            json!({
                "rule": finding.rule.id,
                "decision": finding.decision,
                "lost": finding.lost,
                "instead": finding.instead,
                "span": {"start": span.start, "end": span.end},
                "text": &verdict.command[span.start..span.end],
                "command": finding.command.map(|id| verdict.analysis.commands[id].display()),
            })
        })
        .collect();
    let tree: Vec<Value> = roots(&verdict.analysis)
        .map(|root| layer_json(&verdict.analysis, root))
        .collect();
    json!({
        "verdict": verdict.decision,
        "rule": verdict.rule(),
        "reason": verdict.reason(),
        "command": verdict.command,
        "mode": verdict.mode.name(),
        "policy_mode": verdict.strictness.name(),
        "turned_off": verdict.turned_off,
        "findings": findings,
        "tree": if tree.len() == 1 { tree.into_iter().next().unwrap_or(Value::Null) } else { Value::Array(tree) },
    })
}

fn layer_json(analysis: &Analysis, layer: LayerId) -> Value {
    let node = &analysis.layers[layer];
    let children: Vec<Value> = analysis
        .children(layer)
        .map(|child| layer_json(analysis, child))
        .collect();
    let span = json!({"start": node.span.start, "end": node.span.end});
    match &node.kind {
        LayerKind::Code { via, text } => json!({
            "kind": "code",
            "via": via,
            "text": text,
            "bash_stops": node.bash_stops,
            "span": span,
            "children": children,
        }),
        LayerKind::Command(id) => {
            let command = &analysis.commands[*id];
            json!({
                "kind": "command",
                "name": command.name,
                "argv": command.argv.iter().map(|w| w.text()).collect::<Vec<_>>(),
                "dynamic": command.argv.iter().map(|w| w.is_dynamic()).collect::<Vec<_>>(),
                "cwd": match &command.cwd { Cwd::Known(dir) => Value::String(dir.to_string()), Cwd::Unknown(_) => Value::Null },
                "span": span,
                "children": children,
            })
        }
    }
}

/// The rule table of the README: id, decision and what each rule catches.
pub fn rules_markdown() -> String {
    let mut out = String::from("| rule | family | verdict | what it catches |\n|---|---|---|---|\n");
    for rule in checks::rules() {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            rule.id,
            checks::family(rule),
            rule.decision,
            rule.catches.replace('|', "\\|")
        );
    }
    out
}
