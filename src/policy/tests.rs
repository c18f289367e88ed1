use super::*;
use crate::analyze;
use crate::context::Context;

/// A folder of its own for one test, holding the files given (path below it, text).
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("safety-net-policy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("folder made");
        std::fs::write(path, text).expect("file written");
    }
    root
}

/// The example context with the policy of a user file and a project file.
fn judged_with(name: &str, user: Option<&str>, project: Option<&str>, mode: Option<&str>) -> Context {
    let mut files = Vec::new();
    files.extend(user.map(|text| ("user.json", text)));
    files.extend(project.map(|text| ("project.json", text)));
    let root = folder(name, &files);
    let sources = Sources {
        user_file: Some(root.join("user.json")),
        project_file: Some(root.join("project.json")),
        mode_variable: mode.map(str::to_owned),
    };
    let mut context = Context::example();
    Policy::load(&sources, &context.home)
        .expect("a valid configuration")
        .install(&mut context);
    let _ = std::fs::remove_dir_all(root);
    context
}

#[test]
fn the_user_file_turns_a_rule_off_and_the_project_file_cannot() {
    let disable = r#"{"disable": ["git-push-force"]}"#;
    let user = judged_with("user-disable", Some(disable), None, None);
    let verdict = analyze("git push --force", &user);
    assert_eq!(verdict.decision, Decision::Allow);
    assert_eq!(verdict.turned_off, vec!["git-push-force"]);
    let project = judged_with("project-disable", None, Some(disable), None);
    assert_eq!(analyze("git push --force", &project).decision, Decision::Deny);
    assert!(
        project.policy.refused[0].contains("may only tighten"),
        "{:?}",
        project.policy.refused
    );
}

#[test]
fn catastrophic_rules_stay_on() {
    let context = judged_with(
        "always-on",
        Some(r#"{"disable": ["rm-root", "rm-home", "disk-format"]}"#),
        None,
        None,
    );
    assert_eq!(analyze("rm -rf /", &context).decision, Decision::Deny);
    assert_eq!(analyze("rm -rf ~", &context).decision, Decision::Deny);
    assert_eq!(context.policy.refused.len(), 3);
}

#[test]
fn a_project_rule_denies_inside_every_layer() {
    let rules = r#"{"rules": [{"id": "no-terraform-destroy", "command": "terraform", "args": ["destroy"],
        "decision": "deny", "reason": "Infrastructure is destroyed by the release team."}]}"#;
    let context = judged_with("custom", None, Some(rules), None);
    for command in [
        "terraform destroy",
        "bash -c 'cd infra && terraform destroy -auto-approve'",
        "sudo terraform -chdir=infra destroy",
    ] {
        let verdict = analyze(command, &context);
        assert_eq!(verdict.decision, Decision::Deny, "{command}");
        assert_eq!(verdict.rule(), Some("no-terraform-destroy"), "{command}");
    }
    assert_eq!(analyze("terraform plan", &context).decision, Decision::Allow);
    assert_eq!(analyze("echo terraform destroy", &context).decision, Decision::Allow);
}

#[test]
fn custom_rules_match_flags_and_patterns() {
    let rules = r#"{"rules": [
        {"id": "no-force-install", "command": "npm", "args": ["install"], "flags": ["--force"],
         "without_flags": ["--dry-run"], "decision": "ask", "reason": "Forced installs skip peer checks."},
        {"id": "no-prod-context", "pattern": "--context[= ]prod", "decision": "deny", "reason": "Production is off limits."}
    ]}"#;
    let context = judged_with("flags", Some(rules), None, None);
    assert_eq!(analyze("npm install --force", &context).decision, Decision::Ask);
    assert_eq!(
        analyze("npm install --force --dry-run", &context).decision,
        Decision::Allow
    );
    assert_eq!(analyze("npm install", &context).decision, Decision::Allow);
    assert_eq!(
        analyze("kubectl --context prod get pods", &context).decision,
        Decision::Deny
    );
    assert_eq!(
        analyze("kubectl --context dev get pods", &context).decision,
        Decision::Allow
    );
}

#[test]
fn strict_mode_denies_what_would_be_asked_and_the_variable_only_raises() {
    let strict = judged_with("strict", None, None, Some("strict"));
    let verdict = analyze("rm -rf \"$DIR\"", &strict);
    assert_eq!(verdict.decision, Decision::Deny);
    assert!(verdict.reason().contains("strict mode"), "{}", verdict.reason());
    let unknown = analyze("bash -c \"$(cat x)\"", &strict);
    assert_eq!(unknown.decision, Decision::Deny, "could-not-verify is denied too");
    let lowered = judged_with(
        "lowered",
        Some(r#"{"mode": "strict"}"#),
        Some(r#"{"mode": "standard"}"#),
        None,
    );
    assert_eq!(lowered.policy.strictness.0, Strictness::Strict);
    let by_variable = judged_with("by-variable", Some(r#"{"mode": "paranoid"}"#), None, Some("standard"));
    assert_eq!(by_variable.policy.strictness.0, Strictness::Paranoid);
}

#[test]
fn allowed_folders_take_recursive_deletes_but_never_home() {
    let context = judged_with("allow-paths", Some(r#"{"allow_paths": ["/scratch", "~"]}"#), None, None);
    assert_eq!(analyze("rm -rf /scratch/build", &context).decision, Decision::Allow);
    assert_eq!(analyze("rm -rf ~/other", &Context::example()).decision, Decision::Deny);
    assert_eq!(analyze("rm -rf ~/other", &context).decision, Decision::Deny);
    assert!(context.policy.refused[0].contains("holds the home folder"));
}

#[test]
fn unattended_ask_may_stay_ask_when_the_user_says_so() {
    let mut context = judged_with("unattended", Some(r#"{"unattended_ask": "ask"}"#), None, None);
    context.mode = crate::context::Mode::Unattended;
    assert_eq!(analyze("git push --no-verify", &context).decision, Decision::Ask);
    context.policy = Default::default();
    assert_eq!(analyze("git push --no-verify", &context).decision, Decision::Deny);
}

#[test]
fn invalid_files_are_errors_that_point_at_the_value() {
    for (text, expected) in [
        (r#"{"mode": "lenient"}"#, "not a mode"),
        (r#"{"disable": ["no-such-rule"]}"#, "not a rule id"),
        (
            r#"{"rules": [{"id": "rm-root", "command": "x", "decision": "deny", "reason": "r"}]}"#,
            "built-in",
        ),
        (
            r#"{"rules": [{"id": "mine", "decision": "deny", "reason": "r"}]}"#,
            "matches every command",
        ),
        (
            r#"{"rules": [{"id": "mine", "command": "x", "decision": "allow", "reason": "r"}]}"#,
            "not `ask` or `deny`",
        ),
        (
            r#"{"rules": [{"id": "mine", "pattern": "(", "decision": "deny", "reason": "r"}]}"#,
            "not a valid regular expression",
        ),
        (r#"{"allow_paths": ["relative/dir"]}"#, "not an absolute path"),
        ("{\"mode\": ", "EOF"),
    ] {
        let root = folder("invalid", &[("user.json", text)]);
        let sources = Sources {
            user_file: Some(root.join("user.json")),
            ..Sources::default()
        };
        let error = Policy::load(&sources, &AbsPath::root()).expect_err(text);
        assert!(error.one_line().contains(expected), "{text}: {}", error.one_line());
        let _ = std::fs::remove_dir_all(root);
    }
}

#[test]
fn the_user_file_is_found_where_xdg_says() {
    assert_eq!(
        user_file(Some("/cfg"), "/home/u"),
        PathBuf::from("/cfg/safety-net/config.json")
    );
    assert_eq!(
        user_file(None, "/home/u"),
        PathBuf::from("/home/u/.config/safety-net/config.json")
    );
    assert_eq!(
        user_file(Some("relative"), "/home/u"),
        PathBuf::from("/home/u/.config/safety-net/config.json")
    );
}

#[test]
fn discardable_paths_may_lose_their_changes() {
    let context = judged_with(
        "discardable",
        Some(r#"{"discardable": ["logs/**", "*.snap"]}"#),
        None,
        None,
    );
    assert_eq!(
        analyze("git checkout -- logs/app.log", &context).decision,
        Decision::Allow
    );
    assert_eq!(analyze("git restore logs/ ui.snap", &context).decision, Decision::Allow);
    assert_eq!(
        analyze("git restore logs/app.log src/main.rs", &context).decision,
        Decision::Deny
    );
    assert_eq!(
        analyze("git checkout -- logs/app.log", &Context::example()).decision,
        Decision::Deny
    );
    let project = judged_with("discardable-project", None, Some(r#"{"discardable": ["**"]}"#), None);
    assert_eq!(analyze("git restore src/main.rs", &project).decision, Decision::Deny);
    assert!(matches_project_glob("logs/**", "logs"));
    assert!(!matches_project_glob("logs/**", "logsx/a"));
}
