//! `safety-net scan` as a new user runs it on a repository with one file of each kind
//! (tests/fixtures/scan/, dangerous and harmless commands in each): exactly the dangerous ones
//! are found, at their file and line; `--json`, `--sarif` (validated against the SARIF 2.1.0
//! schema vendored in tests/fixtures/), `--fail-on` exit codes, and `--staged` in a git
//! repository.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The fixture repository copied to a folder of its own, removed when dropped.
struct Copy {
    root: PathBuf,
}

impl Copy {
    fn new(name: &str) -> Copy {
        Copy::of("scan", name)
    }

    /// A copy of the fixture folder `tests/fixtures/FIXTURE`.
    fn of(fixture: &str, name: &str) -> Copy {
        let root = std::env::temp_dir().join(format!("safety-net-scan-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        copy_folder(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(fixture),
            &root,
        );
        Copy { root }
    }

    fn run(&self, arguments: &[&str]) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
        command
            .arg("scan")
            .arg("--no-config")
            .args(arguments)
            .current_dir(&self.root)
            .env("NO_COLOR", "1");
        common::run_with_input(&mut command, b"")
    }

    fn git(&self, arguments: &[&str]) {
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(arguments)
            .current_dir(&self.root)
            .output()
            .expect("git runs");
        assert!(status.status.success(), "git {arguments:?}: {status:?}");
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("the fixture").flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

/// The findings of `--json`, as `path:line decision rule`.
fn findings(output: &Output) -> Vec<String> {
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON on standard output");
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|finding| {
            format!(
                "{}:{} {} {}",
                finding["path"].as_str().unwrap_or(""),
                finding["line"],
                finding["decision"].as_str().unwrap_or(""),
                finding["rule"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// Every dangerous command of the fixture, where it is; nothing else.
const EXPECTED: &[&str] = &[
    ".claude/settings.json:5 deny rm-root",
    ".claude/settings.json:6 deny git-push-force",
    ".claude/settings.json:15 deny git-push-force",
    ".devcontainer/devcontainer.json:5 deny rm-protected-file",
    ".devcontainer/devcontainer.json:8 deny remote-code-execution",
    ".github/actions/setup/action.yml:8 deny disk-overwrite",
    ".github/workflows/ci.yml:13 deny git-clean-force",
    ".github/workflows/ci.yml:15 deny remote-code-execution",
    ".gitlab-ci.yml:9 ask terraform-auto-approve",
    ".husky/pre-push:2 deny git-push-force",
    ".pre-commit-config.yaml:14 deny git-clean-force",
    "Dockerfile:7 deny remote-code-execution",
    "Dockerfile:12 deny remote-code-execution",
    "Makefile:11 deny rm-home",
    "Taskfile.yml:9 deny git-push-force",
    "compose.yaml:9 deny remote-code-execution",
    "justfile:6 deny git-clean-force",
    "package.json:8 deny git-reset-hard",
    "scripts/deploy.sh:7 deny rm-home",
];

#[test]
fn scan_finds_exactly_the_dangerous_commands() {
    let copy = Copy::new("all");
    let output = copy.run(&["--json"]);
    assert_eq!(
        findings(&output),
        EXPECTED,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("14 files with commands") && stderr.contains("18 would be denied, 1 asked"),
        "{stderr}"
    );
}

#[test]
fn text_output_points_at_the_line_and_column() {
    let copy = Copy::new("text");
    let output = copy.run(&["scripts/deploy.sh"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("scripts/deploy.sh:7:8: deny rm-home (shell script)"),
        "{text}"
    );
    assert!(text.contains("7 │ rm -rf ~/"), "the file's line is drawn:\n{text}");
    assert!(text.contains("here"), "{text}");
}

#[test]
fn fail_on_sets_the_exit_code() {
    let copy = Copy::new("fail-on");
    // Only an ask in the GitLab file: it fails with `--fail-on ask` alone.
    assert_eq!(copy.run(&[".gitlab-ci.yml"]).status.code(), Some(0));
    assert_eq!(copy.run(&["--fail-on", "ask", ".gitlab-ci.yml"]).status.code(), Some(1));
    assert_eq!(copy.run(&["--fail-on", "deny", "Makefile"]).status.code(), Some(1));
    // A file with nothing dangerous, and a file that holds no commands.
    std::fs::write(copy.root.join("ok.sh"), "ls -la\ncargo test\n").expect("write");
    std::fs::write(copy.root.join("README"), "rm -rf / is only prose\n").expect("write");
    assert_eq!(
        copy.run(&["--fail-on", "ask", "ok.sh", "README"]).status.code(),
        Some(0)
    );
}

#[test]
fn sarif_output_is_valid_sarif_2_1_0() {
    let copy = Copy::new("sarif");
    let output = copy.run(&["--sarif"]);
    let log: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    let schema_text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sarif-schema-2.1.0.json"))
            .expect("the vendored schema");
    let schema: Value = serde_json::from_str(&schema_text).expect("the schema is JSON");
    let validator = jsonschema::draft4::new(&schema).expect("the schema compiles");
    let errors: Vec<String> = validator.iter_errors(&log).map(|error| error.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), EXPECTED.len());
    let first = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(first["artifactLocation"]["uri"], ".claude/settings.json");
    assert_eq!(first["region"]["startLine"], 5);
    // A log with nothing in it is valid too.
    std::fs::write(copy.root.join("ok.sh"), "ls -la\n").expect("write");
    let clean = copy.run(&["--sarif", "ok.sh"]);
    let clean: Value = serde_json::from_slice(&clean.stdout).expect("SARIF is JSON");
    assert!(validator.is_valid(&clean));
}

#[test]
fn staged_scans_what_the_commit_will_hold() {
    let copy = Copy::new("staged");
    copy.git(&["init", "-q"]);
    copy.git(&["add", "package.json", "justfile"]);
    copy.git(&["commit", "-q", "-m", "start"]);
    // Nothing staged: nothing found.
    let output = copy.run(&["--staged", "--json"]);
    assert_eq!(findings(&output), Vec::<String>::new());
    assert_eq!(output.status.code(), Some(0));
    // The staged version counts, not the work tree's.
    std::fs::write(copy.root.join("justfile"), "build:\n    cargo build\n").expect("write");
    copy.git(&["add", "justfile", "Makefile"]);
    std::fs::write(copy.root.join("Makefile"), "all:\n\techo fine\n").expect("write");
    let output = copy.run(&["--staged", "--json"]);
    assert_eq!(findings(&output), ["Makefile:11 deny rm-home"]);
    assert_eq!(output.status.code(), Some(1));
    // `--changed` compares the work tree with a commit.
    let output = copy.run(&["--changed", "HEAD", "--json"]);
    assert_eq!(
        findings(&output),
        Vec::<String>::new(),
        "the work tree's Makefile is harmless"
    );
}

/// A GitLab pipeline split over files (tests/fixtures/gitlab/): `include: local` (a list, a
/// wildcard), hidden jobs a job `extends`, `!reference`, `default:`. Each command is reported once,
/// where it is written: the templates' in ci/templates.yml (not again in each job using them), the
/// included job's in its file, a job's own `rm -rf *` in its file, judged after the `cd /` it
/// inherits. A file nothing includes is not read as GitLab's.
#[test]
fn a_gitlab_pipeline_is_read_across_its_includes() {
    let copy = Copy::of("gitlab", "gitlab");
    let output = copy.run(&["--json"]);
    assert_eq!(
        findings(&output),
        [
            ".gitlab-ci.yml:21 deny rm-root",
            "ci/jobs/release.yml:3 deny git-push-force",
            "ci/templates.yml:12 ask terraform-auto-approve",
            "ci/templates.yml:16 deny git-clean-force",
        ],
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Only the templates changed: they are known as the pipeline's by its root, which is not
    // judged again.
    copy.git(&["init", "-q"]);
    copy.git(&["add", "."]);
    copy.git(&["commit", "-qm", "pipeline"]);
    let templates = copy.root.join("ci/templates.yml");
    let text = std::fs::read_to_string(&templates).expect("the templates");
    std::fs::write(&templates, text.replace("npm ci", "npm install")).expect("a change");
    copy.git(&["add", "ci/templates.yml"]);
    let staged = copy.run(&["--json", "--staged"]);
    assert_eq!(
        findings(&staged),
        [
            "ci/templates.yml:12 ask terraform-auto-approve",
            "ci/templates.yml:16 deny git-clean-force",
        ],
        "{}",
        String::from_utf8_lossy(&staged.stderr)
    );
}

/// Makefiles (tests/fixtures/make/): under `.ONESHELL:` a recipe is one shell script, so the
/// `cd /` before `rm -rf *` makes it delete `/` (make drops `@` and `-` in front of every line);
/// `cd build` before it deletes the project when `build` is missing, since the shell goes on
/// where it was after a failed `cd` (GNU make 4.3 runs `touch M` after `cd missing` there). A
/// `SHELL := python3` recipe is Python code.
#[test]
fn make_one_shell_and_shell_are_read_as_make_runs_them() {
    let copy = Copy::of("make", "make");
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .args(["scan", "--no-config", "--json"])
        .current_dir(&copy.root)
        .env("HOME", "/home/user");
    let output = common::run_with_input(&mut command, b"");
    assert_eq!(
        findings(&output),
        [
            "Makefile:7 deny rm-root",
            "Makefile:11 deny rm-project-root",
            "tools.mk:6 deny rm-home"
        ],
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Findings inside a wrapper point at the inner command (tests/fixtures/columns/): in a
/// `bash -c '…'` string, a folded YAML block or a quoted string over several lines, a
/// `shell: python` step's code; a double-quoted string whose escapes change its text is pointed at
/// where it starts.
#[test]
fn findings_point_at_the_inner_command() {
    let copy = Copy::of("columns", "columns");
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .args(["scan", "--no-config", "--json"])
        .current_dir(&copy.root)
        .env("HOME", "/home/user");
    let output = common::run_with_input(&mut command, b"");
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON on standard output");
    let places: Vec<String> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|finding| {
            format!(
                "{}:{}:{} {}",
                finding["path"].as_str().unwrap_or(""),
                finding["line"],
                finding["column"],
                finding["rule"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            ".github/workflows/ci.yml:8:30 git-clean-force",
            ".github/workflows/ci.yml:11:11 git-reset-hard",
            ".github/workflows/ci.yml:13:11 git-stash-drop",
            ".github/workflows/ci.yml:17:26 rm-home",
            "run.sh:3:26 rm-home",
            "run.sh:4:10 git-push-force",
        ]
    );
}

/// A CI runner's shell stops at the first command that fails (GitLab's script, GitHub's `bash -e`
/// and `sh -e`): a failed `cd build` ends the job before `rm -rf *` runs in the project. A custom
/// shell command line (`bash {0}`) goes on after it.
#[test]
fn a_ci_runner_stops_at_a_failed_cd() {
    let copy = Copy::of("make", "ci-cd");
    let steps = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          cd build\n          rm -rf *\n      - shell: bash {0}\n        run: |\n          cd build\n          rm -rf *\n";
    std::fs::create_dir_all(copy.root.join(".github/workflows")).expect("a folder");
    std::fs::write(copy.root.join(".github/workflows/ci.yml"), steps).expect("a workflow");
    std::fs::write(
        copy.root.join(".gitlab-ci.yml"),
        "job:\n  script:\n    - cd build\n    - rm -rf *\n",
    )
    .expect("a pipeline");
    let output = copy.run(&["--json", ".github/workflows/ci.yml", ".gitlab-ci.yml"]);
    assert_eq!(
        findings(&output),
        [".github/workflows/ci.yml:12 deny rm-project-root"],
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
