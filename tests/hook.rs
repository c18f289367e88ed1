//! The hook as each agent runs it: each payload in `tests/hook/*.json` (Claude Code's form) and
//! `tests/hook/<agent>/*.json` (the other agents' forms, written from their hook contracts) is
//! fed to `safety-net hook`, and the exit code, standard output and standard error must equal
//! the `.expected` file beside it exactly.
//!
//! The binary runs in `/` with an empty environment but for `HOME=/home/user`, `PATH` and a
//! state folder of the test's own, so that nothing of the machine running the tests leaks in. To write the expected files after a
//! deliberate change, run `SAFETY_NET_BLESS=1 cargo test --test hook`, then read the diff.

mod common;

use rstest::rstest;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Outcome {
    exit: i32,
    stdout: String,
    stderr: String,
}

fn run_hook(input: &[u8], environment: &[(&str, &str)]) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .arg("hook")
        // A payload without a folder is judged in the hook's own: one that is the same on every
        // machine, so that answers (and the approval codes they name) do not depend on where
        // the repository was cloned.
        .current_dir("/")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", "/home/user")
        .env("XDG_STATE_HOME", common::state_home());
    for (name, value) in environment {
        command.env(name, value);
    }
    let output = common::run_with_input(&mut command, input);
    Outcome {
        exit: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn render(outcome: &Outcome) -> String {
    format!(
        "exit: {}\nstdout: {}\nstderr: {}\n",
        outcome.exit,
        serde_json::to_string(&outcome.stdout).unwrap_or_default(),
        serde_json::to_string(&outcome.stderr).unwrap_or_default()
    )
}

fn cases() -> Vec<PathBuf> {
    cases_in("")
}

fn cases_in(folder: &str) -> Vec<PathBuf> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hook").join(folder);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(directory)
        .expect("tests/hook exists")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    cases.sort();
    cases
}

/// Each payload is its own test (`cargo test bash_force_push_denied`).
#[rstest]
fn payload(#[files("tests/hook/*.json")] case: PathBuf) {
    compare_with_expected(&case);
}

/// The other agents' payloads, without any flag: the payload alone tells the dialect.
#[rstest]
fn agent_payload(#[files("tests/hook/*/*.json")] case: PathBuf) {
    compare_with_expected(&case);
}

fn compare_with_expected(case: &Path) {
    let input = std::fs::read(case).expect("the payload is readable");
    let actual = render(&run_hook(&input, &[]));
    let expected_file = case.with_extension("expected");
    if std::env::var_os("SAFETY_NET_BLESS").is_some() {
        std::fs::write(&expected_file, &actual).expect("the expected file is writable");
        return;
    }
    let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
    assert_eq!(
        actual,
        expected,
        "{}: the hook's answer differs from {}",
        case.display(),
        expected_file.display()
    );
}

#[test]
fn there_are_enough_payloads() {
    assert!(cases().len() >= 50, "only {} hook cases", cases().len());
}

#[test]
fn answers_follow_the_contract() {
    for case in cases() {
        let input = std::fs::read(&case).expect("the payload is readable");
        let outcome = run_hook(&input, &[]);
        let name = case.file_name().unwrap_or_default().to_string_lossy().into_owned();
        match outcome.exit {
            0 if outcome.stdout.is_empty() => assert!(outcome.stderr.is_empty(), "{name}: allow prints nothing"),
            0 => {
                let value: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("ask is JSON");
                let keys: Vec<&String> = value["hookSpecificOutput"]
                    .as_object()
                    .expect("an object")
                    .keys()
                    .collect();
                assert_eq!(
                    keys,
                    ["hookEventName", "permissionDecision", "permissionDecisionReason"],
                    "{name}"
                );
                assert_eq!(value["hookSpecificOutput"]["permissionDecision"], "ask", "{name}");
                assert_eq!(
                    value.as_object().map(|o| o.len()),
                    Some(1),
                    "{name}: exactly the schema's keys"
                );
            }
            2 => {
                assert!(outcome.stdout.is_empty(), "{name}: deny prints nothing on stdout");
                assert!(outcome.stderr.starts_with("safety-net: "), "{name}: {}", outcome.stderr);
                assert_eq!(outcome.stderr.lines().count(), 1, "{name}: one paragraph");
                assert!(outcome.stderr.trim_end().ends_with('.'), "{name}: {}", outcome.stderr);
            }
            other => panic!("{name}: exit code {other} is neither 0 nor 2"),
        }
    }
}

#[test]
fn oversized_input_is_denied() {
    let input = format!(
        "{{\"tool_name\":\"Bash\",\"tool_input\":{{\"command\":\"echo {}\"}}}}",
        "a".repeat(17 * 1024 * 1024)
    );
    let outcome = run_hook(input.as_bytes(), &[]);
    assert_eq!(outcome.exit, 2);
    assert!(
        outcome
            .stderr
            .starts_with("safety-net: invalid-hook-input: the input is larger than 16 MiB")
    );
}

#[test]
fn a_long_command_is_denied_not_waved_through() {
    let command = format!("echo {}", "a".repeat(300 * 1024));
    let input =
        serde_json::json!({"tool_name": "Bash", "cwd": "/home/user/work/project", "tool_input": {"command": command}});
    let outcome = run_hook(input.to_string().as_bytes(), &[]);
    assert_eq!(outcome.exit, 2);
    assert!(
        outcome.stderr.starts_with("safety-net: input-too-large: "),
        "{}",
        outcome.stderr
    );
}

#[test]
fn the_project_comes_from_claude_project_dir() {
    let input = serde_json::json!({
        "hook_event_name": "PreToolUse",
        "cwd": "/home/user/work/project/src",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf ../build"},
    });
    let inside = run_hook(
        input.to_string().as_bytes(),
        &[("CLAUDE_PROJECT_DIR", "/home/user/work/project")],
    );
    assert_eq!(inside.exit, 0, "{}", inside.stderr);
    let outside = run_hook(input.to_string().as_bytes(), &[]);
    assert_eq!(outside.exit, 2, "without CLAUDE_PROJECT_DIR the project is the cwd");
}

#[test]
fn text_that_ends_too_early_runs_nothing_in_a_shell_of_its_own() {
    // Claude Code runs each command in a bash of its own: a quote left open ends the input, and
    // bash runs nothing of the line. A Cursor terminal waits for the quote's end, and then runs
    // what came before it.
    let command = "rm -rf ~; echo \"unfinished";
    let claude = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": "/home/user/work/project",
        "tool_name": "Bash", "tool_input": {"command": command}});
    let outcome = run_hook(claude.to_string().as_bytes(), &[("SHELL", "/bin/bash")]);
    assert_eq!(outcome.exit, 0, "{}", outcome.stderr);
    let zsh = run_hook(claude.to_string().as_bytes(), &[("SHELL", "/bin/zsh")]);
    assert_eq!(zsh.exit, 2, "zsh's syntax is not bash's: {}", zsh.stderr);
    let cursor = serde_json::json!({"hook_event_name": "beforeShellExecution", "cursor_version": "2.4.1",
        "workspace_roots": ["/home/user/work/project"], "cwd": "/home/user/work/project", "command": command});
    let outcome = run_hook(cursor.to_string().as_bytes(), &[("SHELL", "/bin/bash")]);
    assert!(outcome.stdout.contains("\"permission\":\"deny\""), "{}", outcome.stdout);
}

#[test]
fn a_variable_set_nowhere_is_also_read_as_empty() {
    // bash expands a variable that neither the environment nor the command sets to nothing:
    // `"$SCRATCH/../etc"` is `/etc`. Set in the environment, it is read as it stands.
    let input = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": "/home/user/work/project",
        "tool_name": "Bash", "tool_input": {"command": "rm -rf \"$SCRATCH/../etc\""}});
    let unset = run_hook(input.to_string().as_bytes(), &[]);
    assert_eq!(unset.exit, 2, "{}", unset.stderr);
    assert!(unset.stderr.contains("rm-system"), "{}", unset.stderr);
    let set = run_hook(input.to_string().as_bytes(), &[("SCRATCH", "/tmp/scratch")]);
    assert_eq!(set.exit, 0, "{}", set.stderr);
    assert!(
        set.stdout.contains("rm-dynamic-path"),
        "set but not known: {}",
        set.stdout
    );
}

#[test]
fn a_malformed_working_directory_is_an_invalid_payload() {
    let long = format!("/{}", "a/".repeat(3000));
    for cwd in ["", "   ", "relative/dir", "./x", "/home/user\u{0}/x", long.as_str()] {
        let input = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": cwd, "tool_name": "Bash",
            "tool_input": {"command": "rm -rf ./build"}});
        let outcome = run_hook(input.to_string().as_bytes(), &[]);
        assert_eq!(outcome.exit, 2, "{cwd:?}");
        assert!(
            outcome
                .stderr
                .starts_with("safety-net: invalid-hook-input: the payload's working directory "),
            "{cwd:?}: {}",
            outcome.stderr
        );
    }
    // A Windows directory is an absolute path.
    let input = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": "D:\\work\\project", "tool_name": "Bash",
        "tool_input": {"command": "rm -rf ./build"}});
    assert_eq!(run_hook(input.to_string().as_bytes(), &[]).exit, 0);
}

#[test]
fn an_agent_started_in_the_home_folder_has_no_project() {
    let judge = |cwd: &str, command: &str| {
        let input = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": cwd, "tool_name": "Bash",
            "tool_input": {"command": command}});
        run_hook(input.to_string().as_bytes(), &[])
    };
    let outcome = judge("/home/user", "rm -rf Documents");
    assert_eq!(outcome.exit, 2, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("outside any project"), "{}", outcome.stderr);
    assert_eq!(
        judge("/home/user/notes", "rm -rf drafts").exit,
        0,
        "a folder below it is one"
    );
}

#[test]
fn a_temp_folder_variable_is_its_value_in_the_agents_environment() {
    let input = serde_json::json!({
        "hook_event_name": "PreToolUse",
        "cwd": "/home/user/work/project",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf \"$TMPDIR/build\""},
    });
    let payload = input.to_string();
    let in_temp = run_hook(payload.as_bytes(), &[("TMPDIR", "/var/folders/xy/abc/T/")]);
    assert_eq!(in_temp.exit, 0, "a temp place: {}", in_temp.stderr);
    let unset = run_hook(payload.as_bytes(), &[]);
    assert_eq!(unset.exit, 2, "not set, this is /build");
    let elsewhere = run_hook(payload.as_bytes(), &[("TMPDIR", "/home/user")]);
    assert_eq!(elsewhere.exit, 2, "a value that is no temp place is an ordinary path");
}

/// An argument the hook does not take, `--help` included when an agent calls it (standard input
/// a pipe), is ignored: the payload is still judged.
#[test]
fn extra_arguments_do_not_turn_a_denial_into_a_usage_error() {
    let payload =
        br#"{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;
    for extra in ["--unexpected", "--help"] {
        let mut hook = Command::new(env!("CARGO_BIN_EXE_safety-net"));
        hook.args(["hook", extra]);
        let output = common::run_with_input(&mut hook, payload);
        assert_eq!(output.status.code(), Some(2), "{extra}");
    }
}

/// The stdout JSON of an answer, when there is one.
fn answer_json(outcome: &Outcome, name: &str) -> Option<serde_json::Value> {
    (!outcome.stdout.is_empty())
        .then(|| serde_json::from_str(&outcome.stdout).unwrap_or_else(|_| panic!("{name}: stdout is JSON")))
}

/// Whether an answer blocks the call in any agent's dialect: exit 2, or a JSON deny or cancel.
fn blocks(outcome: &Outcome, json: Option<&serde_json::Value>) -> bool {
    outcome.exit == 2
        || json.is_some_and(|j| {
            j["decision"] == "deny"
                || j["permission"] == "deny"
                || j["permissionDecision"] == "deny"
                || j["cancel"] == true
        })
}

/// The keys of a JSON object, sorted.
fn keys(value: &serde_json::Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_unstable();
    keys
}

/// Every agent folder holds a denied, an allowed and an ask (or ask-turned-deny) case, a
/// malformed payload, and answers with exactly its dialect's keys.
#[test]
fn each_agent_answers_in_its_own_dialect() {
    let agents = [
        "codex", "gemini", "cursor", "copilot", "cline", "factory", "windsurf", "opencode",
    ];
    for agent in agents {
        let cases = cases_in(agent);
        let named = |part: &str| cases.iter().any(|c| c.to_string_lossy().contains(part));
        assert!(
            named("_denied") && named("_allowed") && (named("_asks") || named("_ask_becomes_deny")),
            "{agent}"
        );
        assert!(cases.len() >= 6, "{agent}: only {} cases", cases.len());
        for case in cases {
            let name = format!("{agent}/{}", case.file_name().unwrap_or_default().to_string_lossy());
            let outcome = run_hook(&std::fs::read(&case).expect("readable"), &[]);
            let json = answer_json(&outcome, &name);
            let blocked = blocks(&outcome, json.as_ref());
            let stem = case.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            if stem.ends_with("_denied") || stem.ends_with("_ask_becomes_deny") {
                assert!(blocked, "{name}: not blocked: {}", render(&outcome));
            }
            if stem.ends_with("_allowed") || stem.ends_with("_no_opinion") {
                assert!(!blocked && outcome.exit == 0, "{name}: {}", render(&outcome));
            }
            match (agent, &json) {
                ("codex" | "windsurf" | "opencode", Some(_)) => panic!("{name}: this agent reads no JSON answer"),
                ("gemini", Some(j)) => assert_eq!(keys(j), ["decision", "reason"], "{name}"),
                ("cursor", Some(j)) => {
                    let shape = keys(j);
                    assert!(
                        shape == ["permission"]
                            || shape == ["permission", "user_message"]
                            || shape == ["continue", "permission"]
                            || shape == ["agent_message", "continue", "permission", "user_message"],
                        "{name}: {shape:?}"
                    );
                }
                ("copilot", Some(j)) => {
                    assert_eq!(keys(j), ["permissionDecision", "permissionDecisionReason"], "{name}")
                }
                ("cline", Some(j)) => assert!(keys(j) == ["cancel"] || keys(j) == ["cancel", "errorMessage"], "{name}"),
                ("cline" | "cursor", None) => panic!("{name}: this agent needs an explicit answer"),
                ("factory", Some(j)) => assert_eq!(keys(j), ["hookSpecificOutput"], "{name}"),
                _ => {}
            }
            if outcome.exit == 2 {
                assert!(outcome.stderr.starts_with("safety-net: "), "{name}: {}", outcome.stderr);
            } else {
                assert!(outcome.stderr.is_empty(), "{name}: {}", outcome.stderr);
            }
        }
    }
}

fn run_hook_with_args(args: &[&str], input: &[u8]) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", "/home/user")
        .env("XDG_STATE_HOME", common::state_home());
    let output = common::run_with_input(&mut command, input);
    Outcome {
        exit: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn the_agent_flag_names_the_dialect_of_a_payload_that_does_not() {
    // Not JSON at all: Cline's malformed answer is its own cancel, not an exit code it ignores.
    let cline = run_hook_with_args(&["hook", "--agent", "cline"], b"not json");
    assert_eq!(cline.exit, 0);
    assert!(
        cline.stdout.contains("\"cancel\":true") && cline.stdout.contains("invalid-hook-input"),
        "{}",
        cline.stdout
    );
    // A Claude-form payload sent by Codex, which has no ask: the ask becomes a deny.
    let sudo = br#"{"hook_event_name":"PreToolUse","cwd":"/home/user/work/project","tool_name":"Bash","tool_input":{"command":"sudo apt-get install jq"}}"#;
    let codex = run_hook_with_args(&["hook", "--agent=codex"], sudo);
    assert_eq!(codex.exit, 2, "{}", codex.stderr);
    let claude = run_hook_with_args(&["hook"], sudo);
    assert_eq!(claude.exit, 0);
    assert!(claude.stdout.contains("\"ask\""));
    // The payload wins: a Cursor payload is answered in Cursor's form whatever the flag says.
    let cursor = br#"{"hook_event_name":"beforeShellExecution","cursor_version":"2.4.1","command":"ls","cwd":"/home/user/work/project"}"#;
    let flagged = run_hook_with_args(&["hook", "--agent", "claude"], cursor);
    assert_eq!(flagged.stdout, "{\"continue\":true,\"permission\":\"allow\"}\n");
}

#[test]
fn garbage_named_as_any_agent_is_denied_in_that_agents_form() {
    for agent in [
        "claude", "codex", "gemini", "cursor", "copilot", "cline", "factory", "windsurf", "opencode",
    ] {
        let outcome = run_hook_with_args(&["hook", "--agent", agent], b"{\"truncated\": ");
        let json = answer_json(&outcome, agent);
        assert!(blocks(&outcome, json.as_ref()), "{agent}: {}", render(&outcome));
        assert!(
            format!("{}{}", outcome.stdout, outcome.stderr).contains("invalid-hook-input: the input is not JSON"),
            "{agent}: {}",
            render(&outcome)
        );
    }
}

#[test]
fn the_bare_binary_judges_a_piped_payload() {
    let payload =
        br#"{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;
    let denied = run_hook_with_args(&[], payload);
    assert_eq!(denied.exit, 2, "{}", denied.stderr);
    assert!(denied.stderr.starts_with("safety-net: rm-root"), "{}", denied.stderr);
    let allowed = run_hook_with_args(
        &[],
        br#"{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"ls"}}"#,
    );
    assert_eq!((allowed.exit, allowed.stdout.as_str()), (0, ""));
}

/// The hook given `payload`, with only `HOME` (and a `PATH`) in its environment.
fn run_hook_at_home(home: &std::path::Path, payload: &serde_json::Value) -> std::process::Output {
    let mut hook = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    hook.arg("hook")
        .env_clear()
        .env("HOME", home)
        .env("PATH", "/usr/bin:/bin");
    common::run_with_input(&mut hook, payload.to_string().as_bytes())
}

#[test]
fn outside_the_project_a_new_file_passes_and_replacing_an_existing_one_asks() {
    // Not below /tmp: what is there counts as temporary.
    let root =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("safety-net-outside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (home, project, other, given) = (
        root.join("home"),
        root.join("home/work/project"),
        root.join("home/work/other"),
        root.join("home/work/given"),
    );
    for folder in [&project, &other, &given, &project.join(".git")] {
        std::fs::create_dir_all(folder).expect("a folder");
    }
    std::fs::write(other.join("existing.txt"), "x").expect("a file");
    std::fs::write(given.join("existing.txt"), "x").expect("a file");
    std::fs::create_dir_all(project.join(".claude")).expect("a folder");
    let settings = serde_json::json!({"permissions": {"additionalDirectories": [given.to_string_lossy()]}});
    std::fs::write(project.join(".claude/settings.json"), settings.to_string()).expect("settings");
    let run = |tool: &str, file: &std::path::Path| {
        let payload = serde_json::json!({"session_id": "s", "transcript_path": "/tmp/t", "hook_event_name": "PreToolUse", "cwd": project, "tool_name": tool, "tool_input": {"file_path": file, "content": "y", "old_string": "x", "new_string": "y"}});
        let output = run_hook_at_home(&home, &payload);
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert_eq!(
        run("Write", &other.join("new.txt")),
        "",
        "a new file beside the project"
    );
    // Below a temp folder (a clone in /tmp) every file counts as temporary: the asks show only
    // elsewhere (src/files.rs tests the rule itself wherever it runs).
    let in_temp = ["/tmp/", "/var/tmp/", "/private/", "/dev/shm/"]
        .iter()
        .any(|temp| root.to_string_lossy().starts_with(temp));
    let bash = |command: String| {
        let payload = serde_json::json!({"session_id": "s", "transcript_path": "/tmp/t", "hook_event_name": "PreToolUse", "cwd": project, "tool_name": "Bash", "tool_input": {"command": command}});
        run_hook_at_home(&home, &payload).status.code()
    };
    assert_eq!(
        bash(format!("rm -rf {}/build", given.display())),
        Some(0),
        "a given folder is the agent's to clean"
    );
    if !in_temp {
        assert_eq!(
            bash(format!("rm -rf {}/build", other.display())),
            Some(2),
            "another folder is not"
        );
        let replaced = run("Write", &other.join("existing.txt"));
        assert!(
            replaced.contains("\"ask\"") && replaced.contains("replace the existing file"),
            "{replaced}"
        );
        let edited = run("Edit", &other.join("existing.txt"));
        assert!(
            edited.contains("\"ask\"") && edited.contains("changes an existing file"),
            "{edited}"
        );
    }
    assert_eq!(
        run("Edit", &given.join("existing.txt")),
        "",
        "a folder the settings give the agent"
    );
    // Another worktree of the project's repository (`git worktree add ../wt`) is the agent's too.
    let worktree = root.join("home/work/wt");
    std::fs::create_dir_all(project.join(".git/worktrees/wt")).expect("a worktree record");
    std::fs::create_dir_all(&worktree).expect("a worktree");
    std::fs::write(worktree.join("existing.txt"), "x").expect("a file");
    let gitdir = format!("{}\n", worktree.join(".git").display());
    std::fs::write(project.join(".git/worktrees/wt/gitdir"), gitdir).expect("gitdir");
    assert_eq!(
        run("Edit", &worktree.join("existing.txt")),
        "",
        "another worktree of the repository"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A writer that never closes standard input gets a denial once the input time limit passes,
/// not a hook that waits for ever.
#[test]
fn input_that_never_ends_is_denied() {
    let mut hook = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    let mut child = hook
        .arg("hook")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the hook starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    std::io::Write::write_all(&mut stdin, b"{\"tool_name\":\"Bash\",").expect("the hook reads");
    let started = std::time::Instant::now();
    let output = child.wait_with_output().expect("the hook ends on its own");
    drop(stdin);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid-hook-input: the input did not end within"),
        "{stderr}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// Whatever the event is called, a payload carrying a shell command is judged.
#[test]
fn event_names_the_hook_does_not_know_are_judged() {
    for event in ["pretooluse", "PreToolUse ", "", "SomethingNew"] {
        let input = serde_json::json!({
            "hook_event_name": event, "cwd": "/home/user/work/project",
            "tool_name": "Bash", "tool_input": {"command": "rm -rf /"},
        });
        let outcome = run_hook(input.to_string().as_bytes(), &[]);
        assert_eq!(outcome.exit, 2, "event {event:?}: {}", outcome.stderr);
    }
    let after = serde_json::json!({
        "hook_event_name": "PostToolUse", "cwd": "/home/user/work/project",
        "tool_name": "Bash", "tool_input": {"command": "rm -rf /"},
    });
    assert_eq!(
        run_hook(after.to_string().as_bytes(), &[]).exit,
        0,
        "after the fact: no opinion"
    );
}

/// A reason is one line of a few hundred characters, however long the path or text it quotes.
#[test]
fn reasons_are_one_short_line() {
    for command in [
        format!("rm -rf ~/{}", "d/".repeat(100_000)),
        "rm -rf ~/'a\nb'".to_owned(),
    ] {
        let input = serde_json::json!({
            "hook_event_name": "PreToolUse", "cwd": "/home/user/work/project",
            "tool_name": "Bash", "tool_input": {"command": command},
        });
        let outcome = run_hook(input.to_string().as_bytes(), &[]);
        assert_eq!(outcome.exit, 2, "{}", outcome.stderr);
        assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
        assert!(
            outcome.stderr.chars().count() <= 520,
            "{} characters",
            outcome.stderr.len()
        );
    }
}

/// A chain of thousands of calls in inline Python or JavaScript (`x.a().a()…`) once recursed
/// once a call and overflowed the stack, and a process that aborts lets the call through. It
/// gets a verdict, as a process.
#[test]
fn long_call_chains_in_inline_code_get_a_verdict() {
    for program in ["python3 -c", "node -e"] {
        let code = format!("x{}", ".a()".repeat(5000));
        let input = serde_json::json!({
            "hook_event_name": "PreToolUse", "cwd": "/home/user/work/project",
            "tool_name": "Bash", "tool_input": {"command": format!("{program} '{code}'")},
        });
        let outcome = run_hook(input.to_string().as_bytes(), &[]);
        assert!(matches!(outcome.exit, 0 | 2), "{program}: exit {}", outcome.exit);
    }
}

#[test]
fn the_users_aliases_from_claude_codes_snapshot_are_expanded() {
    let root =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("safety-net-aliases-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (home, project) = (root.join("home"), root.join("home/work/project"));
    std::fs::create_dir_all(&project).expect("a folder");
    std::fs::create_dir_all(home.join(".claude/shell-snapshots")).expect("a folder");
    let snapshot = "alias k='kubectl'\nalias gpf='git push --force'\nalias ls='ls --color=auto'\n";
    std::fs::write(home.join(".claude/shell-snapshots/snapshot-bash-1.sh"), snapshot).expect("a snapshot");
    let exit = |command: &str| {
        let payload = serde_json::json!({"session_id": "s", "transcript_path": "/tmp/t", "hook_event_name": "PreToolUse", "cwd": project, "tool_name": "Bash", "tool_input": {"command": command}});
        let output = run_hook_at_home(&home, &payload);
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    assert_eq!(exit("gpf origin main").0, Some(2), "the alias pushes by force");
    assert_eq!(exit("echo ok && gpf").0, Some(2), "anywhere on the command line");
    assert!(
        exit("k delete ns prod").1.contains("\"ask\""),
        "kubectl deletes a namespace"
    );
    assert_eq!(exit("k get pods"), (Some(0), String::new()), "a read passes");
    assert_eq!(
        exit("ls -la"),
        (Some(0), String::new()),
        "an alias of itself is read once"
    );
    assert_eq!(
        exit("\\gpf origin main"),
        (Some(0), String::new()),
        "a quoted name is no alias"
    );
    assert_eq!(
        exit("bash -c gpf"),
        (Some(0), String::new()),
        "a shell the command starts has none"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A folder whose `Cargo.toml` is the guard's, read from disk: installing from it replaces the
/// guard with whatever the folder holds now; another project's folder installs something else.
#[test]
fn installing_the_guard_from_a_folder_of_its_source_is_denied() {
    let root =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("safety-net-reinstall-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (home, guard, other) = (
        root.join("home"),
        root.join("home/src/guard"),
        root.join("home/src/other"),
    );
    for (folder, name) in [(&guard, "agent-safety-net"), (&other, "ripgrep")] {
        std::fs::create_dir_all(folder).expect("a folder");
        std::fs::write(folder.join("Cargo.toml"), format!("[package]\nname = \"{name}\"\n")).expect("a manifest");
    }
    let exit = |cwd: &std::path::Path, command: &str| {
        let payload = serde_json::json!({"session_id": "s", "transcript_path": "/tmp/t", "hook_event_name": "PreToolUse", "cwd": cwd, "tool_name": "Bash", "tool_input": {"command": command}});
        run_hook_at_home(&home, &payload).status.code()
    };
    assert_eq!(exit(&guard, "cargo install --locked --path . --force"), Some(2));
    assert_eq!(exit(&other, "cargo install --path ../guard"), Some(2));
    assert_eq!(exit(&other, "cargo install --locked --path ."), Some(0));
    let _ = std::fs::remove_dir_all(&root);
}
