//! An agent's settings folder in the project (`.claude/` holding `settings.json`) is judged by
//! what the disk holds: deleting, moving or untracking it whole, or picking its files by a
//! pattern, takes the agent's hooks (and the guard) away; the other files in it are the
//! project's own. A stray folder of that name with no settings in it goes freely.

#[path = "common/project.rs"]
mod project;

use project::{ALLOW, Project, deny};

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
    ] {
        assert_eq!(project.judge(command), deny("rm-protected-file"), "{command}");
    }
    for command in [
        "mv .claude /tmp/old-claude",
        "mv .claude .claude.bak",
        "mv .codex ../elsewhere/",
        "git mv .claude .claude-old",
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
