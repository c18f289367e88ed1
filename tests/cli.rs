//! The command line as a user runs it: `explain`, `explain --json`, `check`, `rules`, exit
//! codes, and the README's rule table kept in step with the registry.

mod common;

use std::io::Write;
use std::process::{Command, Output};

const CONTEXT: [&str; 4] = ["--cwd", "/home/user/work/project", "--home", "/home/user"];

fn safety_net(args: &[&str], stdin: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command.args(args).env("NO_COLOR", "1");
    common::run_with_input(&mut command, stdin.unwrap_or_default().as_bytes())
}

fn explain(command: &str, extra: &[&str]) -> Output {
    let mut args = vec!["explain"];
    args.extend(CONTEXT);
    args.extend(extra);
    args.push(command);
    safety_net(&args, None)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn explain_shows_the_layers_and_the_deciding_rule() {
    let output = explain("bash -c \"sudo rm -rf ~/\"", &[]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(20), "{text}");
    let layers = [
        "command line: bash -c",
        "bash -c: sudo rm -rf ~/",
        "sudo rm -rf /home/user/",
        "rm -rf /home/user/  (run by sudo)",
    ];
    let mut at = 0;
    for layer in layers {
        let found = text[at..]
            .find(layer)
            .unwrap_or_else(|| panic!("{layer:?} missing in order:\n{text}"));
        at += found;
    }
    assert!(text.contains("Verdict: deny (rm-home)"), "{text}");
    assert!(text.contains("╰── here"), "the diagnostic points at the span:\n{text}");
}

#[test]
fn explain_says_where_bash_stops_reading() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    let mut args = vec!["explain"];
    args.extend(CONTEXT);
    args.push("echo start\nls ./app/(marketing)/ && rm -rf ~");
    command.args(&args).env("NO_COLOR", "1").env("SHELL", "/bin/bash");
    let output = common::run_with_input(&mut command, b"");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("bash refuses line 2 (a syntax error)"), "{text}");
    command.env("SHELL", "/bin/zsh");
    let output = common::run_with_input(&mut command, b"");
    assert_eq!(
        output.status.code(),
        Some(20),
        "zsh reads the line bash refuses:\n{}",
        stdout(&output)
    );
}

#[test]
fn explain_allows_ordinary_work() {
    let output = explain("rm -rf node_modules", &[]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("Verdict: allow"));
}

#[test]
fn explain_exit_code_tells_ask() {
    let output = explain("sudo apt-get install -y jq", &[]);
    assert_eq!(output.status.code(), Some(10));
    let unattended = explain("sudo apt-get install -y jq", &["--mode", "unattended"]);
    assert_eq!(unattended.status.code(), Some(20));
}

#[test]
fn explain_json_has_verdict_rule_reason_and_tree() {
    let output = explain("bash -c \"sudo rm -rf ~/\"", &["--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(value["verdict"], "deny");
    assert_eq!(value["rule"], "rm-home");
    assert!(value["reason"].as_str().is_some_and(|r| r.starts_with("rm-home: ")));
    let tree = &value["tree"];
    assert_eq!(tree["kind"], "code");
    let bash = &tree["children"][0];
    assert_eq!(bash["argv"][0], "bash");
    let inner = &bash["children"][0];
    assert_eq!(inner["via"], "bash -c");
    let sudo = &inner["children"][0];
    assert_eq!(sudo["name"], "sudo");
    assert_eq!(
        sudo["children"][0]["argv"],
        serde_json::json!(["rm", "-rf", "/home/user/"])
    );
    let finding = value["findings"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["rule"] == "rm-home"))
        .expect("the rm-home finding");
    assert_eq!(finding["text"], "~/");
}

#[test]
fn explain_json_of_an_allowed_command_has_no_rule() {
    let output = explain("ls -la", &["--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(value["verdict"], "allow");
    assert!(value["rule"].is_null());
}

#[test]
fn check_reads_lines_and_json_lines_from_stdin() {
    let input = concat!(
        "rm -rf node_modules\n",
        "# a comment line is skipped\n",
        "\n",
        "git push --force\n",
        "{\"command\": \"rm -rf build\", \"cwd\": \"/home/x/app\", \"home\": \"/home/x\"}\n",
        "{\"command\": \"rm -rf ..\", \"cwd\": \"/home/x/app/sub\"}\n",
        "sudo ls\n",
    );
    let mut args = vec!["check"];
    args.extend(CONTEXT);
    let output = safety_net(&args, Some(input));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "allow\t-\trm -rf node_modules",
            "deny\tgit-push-force\tgit push --force",
            "allow\t-\trm -rf build",
            "deny\trm-parent-dir\trm -rf ..",
            "ask\tprivilege-escalation\tsudo ls",
        ],
        "{text}"
    );
    assert_eq!(output.status.code(), Some(20));
    assert!(String::from_utf8_lossy(&output.stderr).contains("5 commands: 2 allow, 1 ask, 2 deny"));
}

/// Thousands of lines are judged in batches on several threads, and a line's own folders are
/// reused by the next line naming the same: each verdict is still the one that line gets alone,
/// printed in the order the lines came.
#[test]
fn check_of_many_lines_gives_each_its_own_verdict_in_order() {
    let kinds = [
        "rm -rf node_modules",
        "{\"command\": \"rm -rf build\", \"cwd\": \"/home/x/app\", \"home\": \"/home/x\"}",
        "{\"command\": \"rm -rf build\", \"cwd\": \"/home/x\", \"home\": \"/home/x\"}",
        "{\"command\": \"rm -rf ..\", \"cwd\": \"/home/x/app/sub\"}",
        "git push --force",
        "{\"command\": \"rm -rf ~/notes\", \"cwd\": \"/home/y/app\", \"home\": \"/home/y\"}",
        "{\"command\": \"rm -rf ../app\", \"cwd\": \"/home/y/app\", \"home\": \"/home/y\"}",
        "",
        "sudo ls",
    ];
    let alone: Vec<String> = kinds
        .iter()
        .map(|line| {
            let mut args = vec!["check"];
            args.extend(CONTEXT);
            stdout(&safety_net(&args, Some(&format!("{line}\n"))))
        })
        .collect();
    // Runs of the same line, then lines that change folders at every step.
    let order: Vec<usize> = (0..9000)
        .map(|i| if i < 3000 { i / 400 % 9 } else { i * 7 % 9 })
        .collect();
    let input: String = order.iter().map(|&kind| format!("{}\n", kinds[kind])).collect();
    let expected: String = order.iter().map(|&kind| alone[kind].as_str()).collect();
    // From a file: a pipe would fill with verdicts while the test still writes lines into it.
    let file = std::env::temp_dir().join(format!("safety-net-cli-many-{}.txt", std::process::id()));
    std::fs::write(&file, input).expect("the file is written");
    let path = file.to_string_lossy().into_owned();
    let mut args = vec!["check"];
    args.extend(CONTEXT);
    args.push(&path);
    let output = safety_net(&args, None);
    let _ = std::fs::remove_file(&file);
    assert!(
        stdout(&output) == expected,
        "the verdicts differ from those of each line alone"
    );
    assert_eq!(output.status.code(), Some(20));
}

#[test]
fn check_reads_files_and_prints_json_lines() {
    let directory = std::env::temp_dir().join(format!("safety-net-cli-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temp dir");
    let file = directory.join("history.txt");
    let lines = "ls\n{\"command\": \"cat <<EOF | sh\\nrm -rf /\\nEOF\"}\n";
    std::fs::write(&file, lines).expect("the file is written");
    let path = file.to_string_lossy().into_owned();
    let mut args = vec!["check", "--json"];
    args.extend(CONTEXT);
    args.push(&path);
    let output = safety_net(&args, None);
    let values: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["verdict"], "allow");
    assert_eq!(values[1]["verdict"], "deny");
    assert_eq!(values[1]["rule"], "rm-root");
    assert_eq!(output.status.code(), Some(20));
    let _ = std::fs::remove_dir_all(directory);
}

#[test]
fn check_of_a_missing_file_is_an_error() {
    let output = safety_net(&["check", "/nonexistent/commands.txt"], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read"));
}

#[test]
fn usage_errors_do_not_use_exit_code_2() {
    let output = safety_net(&["explain"], None);
    assert_eq!(output.status.code(), Some(64));
    let unknown = safety_net(&["explain", "--mode", "sometimes", "ls"], None);
    assert_eq!(unknown.status.code(), Some(64));
}

#[test]
fn readme_rule_table_matches_the_registry() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let start = readme.find("<!-- rules:start -->").expect("a rules:start marker") + "<!-- rules:start -->".len();
    let end = readme.find("<!-- rules:end -->").expect("a rules:end marker");
    let output = safety_net(&["rules", "--markdown"], None);
    assert_eq!(
        readme[start..end].trim(),
        stdout(&output).trim(),
        "README.md's rule table is out of date: replace it with `safety-net rules --markdown`"
    );
}

#[test]
fn readme_registry_table_matches_the_registry() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let start =
        readme.find("<!-- registry:start -->").expect("a registry:start marker") + "<!-- registry:start -->".len();
    let end = readme.find("<!-- registry:end -->").expect("a registry:end marker");
    let output = safety_net(&["registry"], None);
    assert_eq!(
        readme[start..end].trim(),
        stdout(&output).trim(),
        "README.md's registry table is out of date: replace it with `safety-net registry`"
    );
}

#[test]
fn docs_coverage_is_current() {
    let written =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/coverage.md")).expect("docs/coverage.md");
    let output = safety_net(&["coverage"], None);
    assert_eq!(
        written.trim(),
        stdout(&output).trim(),
        "docs/coverage.md is out of date: write it again with `safety-net coverage > docs/coverage.md`"
    );
}

#[test]
fn explain_takes_the_command_as_one_argument_or_the_rest_of_the_line() {
    let mut args = vec!["explain"];
    args.extend(CONTEXT);
    args.extend(["git", "status"]);
    let words = safety_net(&args, None);
    assert_eq!(
        words.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&words.stderr)
    );
    assert!(
        stdout(&words).contains("command line: git status"),
        "{}",
        stdout(&words)
    );
    let mut args = vec!["explain"];
    args.extend(CONTEXT);
    args.extend(["--", "rm", "-rf", "/"]);
    let after_dashes = safety_net(&args, None);
    assert_eq!(after_dashes.status.code(), Some(20));
    assert!(stdout(&after_dashes).contains("Verdict: deny (rm-root)"));
    let mut args = vec!["explain", "--json"];
    args.extend(CONTEXT);
    args.extend(["git", "push", "--force"]);
    let json = safety_net(&args, None);
    assert!(stdout(&json).starts_with("{\"verdict\":\"deny\""), "{}", stdout(&json));
}

#[test]
fn usage_errors_exit_64_in_every_subcommand() {
    for args in [
        &["explain", "--home", "", "ls"][..],
        &["explain", "--bogus", "ls"],
        &["check", "--cwd", ""],
        &["install", "--agent", "nobody"],
        &["install", "--scope", "everywhere"],
        &["doctor", "--bogus"],
        &["completions", "tcsh"],
        &["--color", "sometimes", "rules"],
    ] {
        let output = safety_net(args, None);
        assert_eq!(
            output.status.code(),
            Some(64),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

#[test]
fn color_is_an_option_of_every_subcommand() {
    let mut args = vec!["explain", "--color", "always"];
    args.extend(CONTEXT);
    args.push("rm -rf /");
    let colored = safety_net(&args, None);
    assert!(stdout(&colored).contains('\u{1b}'), "always colors, even into a pipe");
    let mut args = vec!["--color", "never", "explain"];
    args.extend(CONTEXT);
    args.push("rm -rf /");
    assert!(!stdout(&safety_net(&args, None)).contains('\u{1b}'));
    assert_eq!(safety_net(&["rules", "--color", "never"], None).status.code(), Some(0));
}

#[test]
fn completions_and_the_man_page_come_from_the_command_line_definition() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = safety_net(&["completions", shell], None);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        assert!(
            stdout(&output).contains("explain"),
            "{shell}: the subcommands are there"
        );
    }
    let man = safety_net(&["man"], None);
    assert_eq!(man.status.code(), Some(0));
    let page = stdout(&man);
    assert!(page.contains(".TH safety-net 1") && page.contains("explain"), "{page}");
}

#[test]
fn check_reads_home_without_cwd_names_a_folder_and_counts_in_words() {
    let line = r#"{"command": "rm -rf ~/x", "home": "/srv/guard-home"}"#;
    let output = safety_net(&["check", "--json", "--cwd", "/home/user/work/project"], Some(line));
    assert!(stdout(&output).contains("/srv/guard-home/x"), "{}", stdout(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("1 command: "),
        "singular"
    );
    let folder = std::env::temp_dir();
    let dir = safety_net(&["check", folder.to_str().expect("utf-8")], None);
    assert_eq!(dir.status.code(), Some(1));
    let said = String::from_utf8_lossy(&dir.stderr);
    assert!(
        said.contains(folder.to_str().expect("utf-8")) && said.contains("is a directory"),
        "{said}"
    );
}

#[test]
fn readme_benchmark_figures_were_measured_on_this_corpus() {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut count = 0;
    for entry in std::fs::read_dir(directory).expect("the corpus").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("a corpus file");
        count += text
            .lines()
            .filter(|line| !line.starts_with(['#', ' ']) && !line.trim().is_empty() && line.contains(": "))
            .count();
    }
    let digits = count.to_string();
    let grouped = if digits.len() > 3 {
        format!("{},{}", &digits[..digits.len() - 3], &digits[digits.len() - 3..])
    } else {
        digits
    };
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    assert!(
        readme.contains(&format!("<!-- bench:start -->\nOver {grouped} commands:")),
        "README.md's benchmark figures were measured on another corpus than this one ({grouped} commands): run `.ci/bench-readme`"
    );
}

#[test]
fn check_reads_shell_history_as_the_shell_wrote_it() {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("history-{}", std::process::id()));
    let mut history = b": 1700000000:0;git status\n: 1700000001:0;echo a \\\nb\n".to_vec();
    history.extend_from_slice(b"\xff\xfe ls\ngit push --force\n");
    std::fs::write(&file, history).expect("a history file");
    let output = safety_net(&["check", file.to_str().expect("utf-8")], None);
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(20), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 4, "one entry per command, a continued line joined: {said}");
    assert!(lines[0].ends_with("\tgit status"), "zsh's timestamp dropped: {said}");
    assert!(lines[1].ends_with("\techo a \\nb"), "{said}");
    assert!(
        lines[3].starts_with("deny\tgit-push-force"),
        "reading goes on past bytes that are not UTF-8: {said}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn check_by_rule_counts_what_each_rule_interrupted() {
    let lines = "git push --force\ngit push -f origin main\nls\nsudo ls\n";
    let output = safety_net(&["check", "--by-rule", "--cwd", "/home/user/work/project"], Some(lines));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("4 commands: 1 allow, 1 ask, 2 deny"), "{said}");
    assert!(said.contains("     2 deny git-push-force"), "{said}");
    assert!(said.contains("     1 ask privilege-escalation"), "{said}");
}

/// A reader that stops early (`safety-net rules | head -1`) ends the output quietly.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [&["rules"][..], &["rules", "--markdown"], &["registry"], &["man"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_safety-net"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("safety-net starts");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("safety-net ends");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(
            output.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// A closed standard error (its reader gone) does not turn a finished run into a failure:
/// `check` still exits with the code of its worst verdict.
#[test]
fn a_closed_standard_error_is_no_failure() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_safety-net"))
        .args(["check"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("safety-net starts");
    drop(child.stderr.take());
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(b"ls -la\n")
        .expect("the line is written");
    let output = child.wait_with_output().expect("safety-net ends");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "allow\t-\tls -la\n");
}

/// Inputs that once made the analyzer fail get a verdict of their own, and `explain` never
/// prints a panic's text.
#[test]
fn inputs_that_once_failed_are_judged() {
    for command in [
        "ssh --",
        "ssh -- host",
        "perl -e 'system\"'",
        "ruby -e 'system\"'",
        "lua -e 'os.execute\"'",
        "ruby -e '%x{ls'",
        "perl -e 'qx{ls'",
        "php -r '`ls'",
        "ruby -e \"'\\'\"",
        "git -M-é",
        "ls -é=x",
        "ruby -e 'puts \"\\é\"'",
        "perl -e 'print \"\\é\"'",
        "php -r 'echo `\\é`;'",
    ] {
        let output = explain(command, &[]);
        let text = stdout(&output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!text.contains("internal-error"), "{command}: {text}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
}
