//! What the disk holds decides where the command text alone cannot: an agent's settings folder
//! in the project (`.claude/` holding `settings.json`) taken away whole, moved, untracked or
//! picked by a pattern takes the agent's hooks (and the guard) along, while the other files in
//! it, and a stray folder of that name, are the project's own; a branch that exists is moved by
//! `git update-ref`, `git checkout -B`, `git switch -C`, `git symbolic-ref` or a forced fetch,
//! a new one only made.

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

/// A project with Claude Code's settings and other files beside them and elsewhere.
fn project_with_settings(name: &str) -> Project {
    let project = Project::new(name);
    project
        .write(".claude/settings.json", "{}\n")
        .write(".claude/commands/review.md", "Review the diff.\n")
        .write("build/out.json", "{}\n")
        .write("docs/guide.md", "Read me.\n");
    project
}

#[test]
fn git_matches_pathspecs_itself_and_reaches_the_settings() {
    let project = project_with_settings("pathspecs");
    for command in [
        "git rm '.claude/*'",
        "git rm -r ':(glob).claude/**'",
        "git rm ':(glob).claude/*'",
        "git rm ':(glob)**/settings.json'",
        "git rm '.claude/settings.*'",
        "git rm '*.json'",
        "git rm '**/settings.json'",
        "git rm -r '.c*'",
        "git rm ':(icase).CLAUDE/settings.json'",
        "GIT_ICASE_PATHSPECS=1 git rm '.CLAUDE/*'",
        "git rm ':/.claude/settings.json'",
        "git -C build rm '../.claude/*'",
        "git -C build rm -r ':/'",
        "git rm -r .",
        "git rm -r ':!docs'",
        "git rm -r . ':!docs'",
    ] {
        assert_eq!(project.judge(command), deny("rm-protected-file"), "{command}");
    }
    for command in [
        "git rm --cached '.claude/*'",
        "git rm -r --cached ':(glob).claude/**'",
        "git rm 'docs/*'",
        "git rm '.claude/commands/*'",
        "git rm '*.md'",
        "git rm 'build/*.json'",
        "git rm '.CLAUDE/*'",
        "git rm '.cl?ude'",
        "git rm -r '.claude/*/'",
        "git rm -r ':(glob).c*'",
        "git rm ':(literal).claude/*'",
        "git --literal-pathspecs rm '.claude/*'",
        "git rm -r . ':!.claude'",
        "git rm -r ':(exclude).claude/settings.json' '.claude/*'",
        "git rm ':!docs'",
        "git rm .",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn a_glob_bash_expands_moves_the_settings_away() {
    let project = project_with_settings("moved-by-glob");
    project.write(".codex/config.toml", "model = \"x\"\n");
    for command in [
        "mv .claude/* /tmp/x/",
        "mv .claude/*.json /tmp/x/",
        "mv .claude/settings.json /tmp/",
        "mv .c* /tmp/x/",
        "mv .c*/ /tmp/x/",
        "mv -t /tmp/x .claude/*",
        "git mv .claude/* old/",
    ] {
        assert_eq!(project.judge(command), deny("write-agent-settings"), "{command}");
    }
    for command in [
        "mv .claude/commands/* /tmp/x/",
        "mv .claude/*/ /tmp/x/",
        "mv .claude/*.md /tmp/x/",
        "mv build/* /tmp/x/",
        "git mv .claude/commands/* old/",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn a_glob_of_folders_leaves_the_settings_file() {
    let project = project_with_settings("folders-only");
    project.write(".codex/config.toml", "model = \"x\"\n");
    for command in ["rm -rf .claude/*", "rm -rf .c*/", "rm -r .claude/*.json"] {
        assert_eq!(project.judge(command), deny("rm-protected-file"), "{command}");
    }
    for command in ["rm -rf .claude/*/", "rm -rf .claude/*.json/", "rm -rf .claude/c*/"] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn find_deletes_what_its_whole_expression_picks() {
    let project = project_with_settings("find-expression");
    for command in [
        "find . -path '*/.claude/*' -delete",
        "find . -wholename '*/.claude/*' -delete",
        "find . -ipath '*/.CLAUDE/*' -delete",
        "find .claude/ -path '.claude/s*' -delete",
        "find . -type f -path './.claude/*' -delete",
        "find . \\( -name '*.json' -o -name '*.md' \\) -delete",
        "find . -path ./.claude -prune -o -name '*.json' -delete",
        "find . -depth -path ./.claude -prune -o -name '*.json' -delete",
        // What only the file's age answers is judged by the name the search looks for.
        "find . -name '*.json' -mtime +7 -delete",
    ] {
        assert_eq!(project.judge(command), deny("rm-protected-file"), "{command}");
    }
    for command in [
        "find . -name '*.json' -path './build/*' -delete",
        "find . -path './build/*' -name '*.json' -delete",
        "find . -name '*.json' -wholename '*/build/*' -delete",
        "find . -path '*/docs/*' -delete",
        "find . -maxdepth 1 -name '*.json' -delete",
        "find . -mindepth 3 -name '*.json' -delete",
        "find . -type d -name '*.json' -delete",
        "find . -name '*.json' ! -path './.claude/*' -delete",
        "find . -not -path '*/.claude/*' -name '*.json' -delete",
        "find . -name '*.json' -o -name '*.md' -delete",
        "find .claude -name '*.md' -delete",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn the_trash_takes_the_settings_away_too() {
    let project = project_with_settings("trash");
    for command in [
        "trash .claude",
        "trash-put .claude",
        "trash-put --trash-dir /tmp/t .claude/settings.json",
        "gio trash .claude",
        "gio trash -f .claude/settings.json",
        "gtrash put .claude",
        "rmtrash .claude",
        "kioclient move .claude trash:/",
        "kioclient5 move .claude/settings.json trash:/",
        "trash .claude/*",
    ] {
        assert_eq!(project.judge(command), deny("write-agent-settings"), "{command}");
    }
    for command in [
        "trash .claude/commands",
        "trash .claude/*/",
        "trash build docs/guide.md",
        "gio trash build/out.json",
        "gio trash --list",
        "kioclient move build trash:/",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
    // Emptying the trash moves no settings, but deletes for good what was put there.
    assert_eq!(project.judge("gio trash --empty"), ask("empty-trash"));
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

#[test]
fn branches_reset_by_checkout_switch_fetch_and_symbolic_ref_are_the_ones_that_exist() {
    let project = Project::new("branch-reset");
    project
        .write(".git/HEAD", "ref: refs/heads/main\n")
        .write(".git/refs/heads/main", "0123456789012345678901234567890123456789\n")
        .write(
            ".git/packed-refs",
            "# pack-refs with: peeled fully-peeled sorted\n0123456789012345678901234567890123456789 refs/heads/release\n",
        );
    for command in [
        "git checkout -B main origin/x",
        "git checkout -B release origin/x",
        "git checkout -B release",
        "git switch -C main origin/x",
        "git switch --force-create release HEAD~1",
        "git fetch origin +main:main",
        "git fetch --force origin release:release",
        "git branch -f release HEAD~1",
        "git branch -M old main",
        "git symbolic-ref refs/heads/main refs/heads/release",
    ] {
        assert_eq!(project.judge(command), ask("git-ref-overwrite"), "{command}");
    }
    for command in [
        // The branch checked out, reset to where it is.
        "git checkout -B main",
        "git switch -C main",
        "git checkout -B topic origin/topic",
        "git switch -C topic origin/topic",
        "git fetch origin +topic:topic",
        "git branch -f topic",
        "git branch -f topic HEAD~1",
        "git branch -M old topic",
        "git symbolic-ref refs/heads/topic refs/heads/main",
        "git symbolic-ref HEAD refs/heads/release",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}
