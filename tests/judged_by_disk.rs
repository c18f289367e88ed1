//! What the disk holds decides where the command text alone cannot: an agent's settings folder
//! in the project (`.claude/` holding `settings.json`) taken away whole, moved, untracked or
//! picked by a pattern takes the agent's hooks (and the guard) along, while the other files in
//! it, and a stray folder of that name, are the project's own; a branch that exists is moved by
//! `git update-ref`, a new one only made.

#[path = "common/project.rs"]
mod project;

use agent_safety_net::Decision;
use project::{ALLOW, Project, deny};

fn ask(rule: &str) -> (Decision, Option<String>) {
    (Decision::Ask, Some(rule.to_owned()))
}

#[test]
fn taking_the_settings_folder_away_is_denied_however_it_is_done() {
    let project = Project::new("agent-settings");
    project
        .write(".claude/settings.json", "{}\n")
        .write(".claude/commands/review.md", "Review the diff.\n")
        .write(".codex/config.toml", "model = \"x\"\n");
    for command in [
        "rm -rf .claude",
        "rm -rf .codex",
        "rm -rf .c*",
        "rm .claude/*.json",
        "find . -name settings.json -delete",
        "find . -name '*.json' -delete",
        "find .claude -delete",
        "git rm -r .claude",
        "git rm .claude/settings.json",
        "git -C .claude rm settings.json",
        "git -C src -C .. rm -r .claude",
    ] {
        assert_eq!(project.judge(command), deny("rm-protected-file"), "{command}");
    }
    for command in [
        "mv .claude /tmp/old-claude",
        "mv .claude .claude.bak",
        "mv .codex ../elsewhere/",
        "git mv .claude .claude-old",
        "git -C .claude/commands mv .. ../.claude-old",
    ] {
        assert_eq!(project.judge(command), deny("write-agent-settings"), "{command}");
    }
}

#[test]
fn the_rest_of_the_folder_and_look_alikes_pass() {
    let project = Project::new("agent-settings-pass");
    project
        .write(".claude/settings.json", "{}\n")
        .write(".claude/commands/review.md", "Review the diff.\n")
        .write("stray/.claude/notes.md", "made by mistake\n");
    for command in [
        "rm -rf .claude/commands",
        "mv .claude/commands/review.md .claude/commands/check.md",
        "git rm -r --cached .claude",
        "git rm -n -r .claude",
        "rm -rf stray/.claude",
        "rm -f *.md",
        "find . -name '*.log' -delete",
        "find . -path ./.claude -prune -o -name '*.tmp' -delete",
        "git rm -r docs",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn update_ref_moves_a_branch_that_exists_and_makes_a_new_one_freely() {
    let project = Project::new("update-ref");
    project
        .write(".git/HEAD", "ref: refs/heads/main\n")
        .write(".git/refs/heads/main", "0123456789012345678901234567890123456789\n")
        .write(
            ".git/packed-refs",
            "# pack-refs with: peeled fully-peeled sorted\n0123456789012345678901234567890123456789 refs/tags/v1.0\n",
        );
    for command in [
        "git update-ref refs/heads/main HEAD~5",
        "git update-ref -m reset refs/tags/v1.0 HEAD",
        "git update-ref refs/heads/main \"$(git rev-parse HEAD~1)\"",
    ] {
        assert_eq!(project.judge(command), ask("git-ref-overwrite"), "{command}");
    }
    for command in [
        "git update-ref refs/heads/topic HEAD",
        "git update-ref refs/heads/main NEW OLD",
        "git update-ref refs/remotes/origin/main HEAD",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn a_linked_worktree_moves_its_main_repository_branches() {
    let project = Project::new("update-ref-worktree");
    let common = project.root.join("main/.git");
    project
        .write(
            "main/.git/refs/heads/feature",
            "0123456789012345678901234567890123456789\n",
        )
        .write(".git", &format!("gitdir: {}\n", common.join("worktrees/wt").display()));
    assert_eq!(
        project.judge("git update-ref refs/heads/feature HEAD~1"),
        ask("git-ref-overwrite")
    );
    assert_eq!(project.judge("git update-ref refs/heads/topic HEAD"), ALLOW);
    assert_eq!(
        project.judge(&format!(
            "cd / && git -C {} update-ref refs/heads/feature HEAD~1",
            project.root.display()
        )),
        ask("git-ref-overwrite")
    );
}
