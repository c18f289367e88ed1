//! A scan's findings in SARIF 2.1.0, the format GitHub code scanning reads
//! (`github/codeql-action/upload-sarif`): one run of the `safety-net` tool, the rules it
//! reported, and each finding at its file, line and column, relative to the repository.

use super::Outcome;
use crate::rules::Decision;
use serde_json::{Value, json};

const SCHEMA: &str = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// SARIF's level for a decision.
fn level(decision: Decision) -> &'static str {
    match decision {
        Decision::Deny => "error",
        Decision::Ask => "warning",
        Decision::Allow => "note",
    }
}

pub fn log(outcome: &Outcome) -> Value {
    let mut rules: Vec<&'static str> = outcome.findings.iter().map(|finding| finding.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    let descriptors: Vec<Value> = rules
        .iter()
        .map(|id| {
            let rule = crate::checks::rule(id);
            json!({
                "id": id,
                "shortDescription": {"text": rule.map_or(*id, |rule| rule.catches)},
                "help": {"text": rule.map_or("", |rule| rule.instead)},
                "defaultConfiguration": {"level": level(rule.map_or(Decision::Ask, |rule| rule.decision))},
                "helpUri": format!("{}#rules", env!("CARGO_PKG_REPOSITORY")),
            })
        })
        .collect();
    let results: Vec<Value> = outcome
        .findings
        .iter()
        .map(|finding| {
            json!({
                "ruleId": finding.rule,
                "ruleIndex": rules.iter().position(|id| *id == finding.rule).unwrap_or(0),
                "level": level(finding.decision),
                "message": {"text": finding.reason()},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": finding.relative, "uriBaseId": "%SRCROOT%"},
                        "region": {
                            "startLine": finding.line,
                            "startColumn": finding.column,
                            "snippet": {"text": finding.command},
                        },
                    },
                }],
                "partialFingerprints": {
                    "commandRule/v1": format!("{}:{}:{}", finding.relative, finding.rule, finding.command),
                },
            })
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "safety-net",
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "version": env!("CARGO_PKG_VERSION"),
                "rules": descriptors,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}
