//! Every rule carries examples it must flag and look-alikes it must let pass: this runs them
//! all, in the example context (home `/home/user`, project `/home/user/work/project`).

use agent_safety_net::{Context, Decision, analyze, rules};

#[test]
fn every_rule_flags_its_examples() {
    let context = Context::example();
    let mut failures = Vec::new();
    for rule in rules() {
        for example in rule.examples {
            let verdict = analyze(example, &context);
            let found = verdict.findings.iter().any(|f| f.rule.id == rule.id);
            if !found || verdict.decision < rule.decision {
                failures.push(format!(
                    "{}: expected {} for {example:?}, got {} ({})",
                    rule.id,
                    rule.decision,
                    verdict.decision,
                    verdict.reason()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_allows_its_look_alikes() {
    let context = Context::example();
    let mut failures = Vec::new();
    for rule in rules() {
        for allowed in rule.allowed {
            let verdict = analyze(allowed, &context);
            if verdict.decision != Decision::Allow {
                failures.push(format!(
                    "{}: expected allow for {allowed:?}, got {}",
                    rule.id,
                    verdict.reason()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn rule_ids_are_unique_kebab_case_and_documented() {
    let mut seen = std::collections::HashSet::new();
    for rule in rules() {
        assert!(seen.insert(rule.id), "duplicate rule id {}", rule.id);
        assert!(
            rule.id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{} is not kebab-case",
            rule.id
        );
        assert!(
            !rule.catches.is_empty() && !rule.instead.is_empty(),
            "{} lacks text",
            rule.id
        );
    }
}
