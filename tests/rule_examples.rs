//! Every rule carries examples it must flag and look-alikes it must let pass: each rule's are
//! one test named after the rule, so that `cargo test rm_home` runs exactly `rm-home`'s. They
//! are judged in the example context (home `/home/user`, project `/home/user/work/project`).

use agent_safety_net::{Context, Decision, Rule, analyze, rule, rules};

/// The examples and look-alikes of the rule `id`, with every failure listed.
fn check_rule(id: &str) {
    let rule: &Rule = rule(id).unwrap_or_else(|| panic!("no rule {id}"));
    let mut context = Context::example();
    // The paranoid mode's own rules judge only in that mode.
    if id.starts_with("paranoid-") {
        context.set_policy_mode("paranoid").expect("a mode");
    }
    // The read-only preset judges only in a read-only profile.
    if id == "read-only-profile" {
        context.set_read_only();
    }
    let mut failures = Vec::new();
    for example in rule.examples {
        let verdict = analyze(example, &context);
        let found = verdict.findings.iter().any(|f| f.rule.id == rule.id);
        if !found || verdict.decision < rule.decision {
            failures.push(format!(
                "expected {} for {example:?}, got {} ({})",
                rule.decision,
                verdict.decision,
                verdict.reason()
            ));
        }
    }
    for allowed in rule.allowed {
        let verdict = analyze(allowed, &context);
        if verdict.decision != Decision::Allow {
            failures.push(format!("expected allow for {allowed:?}, got {}", verdict.reason()));
        }
    }
    assert!(
        failures.is_empty(),
        "{id}: {} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One test per rule, named after its id with `_` for `-`; [`RULE_TESTS`] lists them so that a
/// rule without its test fails [`every_rule_has_its_test`].
macro_rules! rule_tests {
    ($($name:ident,)*) => {
        $(
            #[test]
            fn $name() {
                check_rule(&stringify!($name).replace('_', "-"));
            }
        )*
        const RULE_TESTS: &[&str] = &[$(stringify!($name)),*];
    };
}

rule_tests! {
    admin_grant,
    admin_port_exposure,
    agent_guards_off,
    archive_extract_protected,
    aws_delete,
    az_delete,
    backup_delete,
    backups_destroyed,
    cluster_delete,
    container_host_access,
    could_not_verify,
    credential_to_other_host,
    crontab_install,
    crontab_remove,
    database_api_delete,
    database_reset,
    database_reset_production,
    disk_format,
    disk_overwrite,
    disk_partition,
    docker_prune_all,
    docker_volume_remove,
    dropdb,
    empty_trash,
    forged_consent,
    fork_bomb,
    gcloud_delete,
    git_add_secret,
    git_branch_force_delete,
    git_checkout_discard,
    git_checkout_side,
    git_clean_force,
    git_config_command,
    git_ext_transport,
    git_gc_prune,
    git_history_rewrite,
    git_push_delete,
    git_push_force,
    git_ref_overwrite,
    git_reflog_expire,
    git_reset_hard,
    git_restore_worktree,
    git_skip_hooks,
    git_stash_drop,
    git_trust_all_directories,
    git_update_ref_delete,
    git_worktree_remove_force,
    guard_missing,
    guard_self_approval,
    helm_uninstall,
    hook_config_tamper,
    hosted_delete,
    iac_state_remove,
    input_too_large,
    internal_error,
    invalid_configuration,
    invalid_hook_input,
    key_destruction,
    key_store_emptied,
    kill_all_processes,
    kill_broad,
    kubectl_delete,
    mcp_tool_not_allowed,
    mv_project,
    mv_system_path,
    nesting_too_deep,
    network_exposure,
    package_publish,
    package_source_add,
    package_unpublish,
    paranoid_build_file_edit,
    paranoid_code_starts_programs,
    paranoid_force_push,
    paranoid_recursive_delete,
    paranoid_unknown_command,
    permissions_recursive,
    permissions_root,
    print_secrets,
    privilege_escalation,
    pulumi_destroy,
    read_credentials,
    read_env_file,
    read_only_profile,
    registry_system_change,
    redis_dump_moved,
    redis_flush,
    redis_persistence_off,
    remote_code_execution,
    remote_delete,
    reverse_shell,
    rm_cache,
    rm_dynamic_path,
    rm_file_outside_project,
    rm_git_dir,
    rm_home,
    rm_outside_project,
    rm_parent_dir,
    rm_project_root,
    rm_protected_file,
    rm_root,
    rm_stdin_targets,
    rm_system,
    root_shell,
    schedule_job,
    search_index_delete,
    secret_deletion,
    secret_exfiltration,
    secret_in_project_config,
    service_stop,
    shadowed_command,
    shell_env_injection,
    sql_destructive,
    storage_public,
    system_shutdown,
    terraform_auto_approve,
    terraform_destroy,
    too_complex,
    tool_config_command,
    toolchain_removal,
    truncate_system_file,
    vcs_delete_untracked,
    vcs_discard_changes,
    vcs_discard_undoable,
    vcs_history_removed,
    vcs_server_delete,
    verification_off,
    windows_protection_off,
    write_agent_settings,
    write_ci_config,
    write_credentials,
    write_env_file,
    write_git_internals,
    write_outside_project,
    write_project_policy,
    write_python_startup,
    write_startup_file,
    write_system_config,
    wsl_unregister,
}

#[test]
fn every_rule_has_its_test() {
    let missing: Vec<&str> = rules()
        .map(|rule| rule.id)
        .filter(|id| !RULE_TESTS.contains(&id.replace('-', "_").as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a test in tests/rule_examples.rs: {missing:?}"
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
