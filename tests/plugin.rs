//! The Claude Code plugin in `plugin/`: its manifest and hooks are well formed, and its hook
//! command runs the guard — or denies when the binary is missing, rather than fail open.

use serde_json::Value;
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn plugin() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("plugin")
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the file exists")).expect("the file is JSON")
}

#[test]
fn manifests_are_well_formed() {
    let manifest = read_json(&plugin().join(".claude-plugin/plugin.json"));
    assert_eq!(manifest["name"], "safety-net");
    let marketplace = read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".claude-plugin/marketplace.json"));
    assert_eq!(marketplace["plugins"][0]["source"], "./plugin");
    let hooks = read_json(&plugin().join("hooks/hooks.json"));
    for event in ["PreToolUse", "ConfigChange"] {
        let hook = &hooks["hooks"][event][0]["hooks"][0];
        assert_eq!(hook["command"], "${CLAUDE_PLUGIN_ROOT}/bin/safety-net-hook", "{event}");
        assert!(
            hook["timeout"].as_u64().is_some_and(|t| t <= 10),
            "{event}: a short timeout"
        );
    }
    assert_eq!(hooks["hooks"]["PreToolUse"][0]["matcher"], "*");
}

/// Runs the plugin's shim from a copy of the plugin, with `binary` installed into it (or not).
fn run_shim(binary: Option<&Path>, command: &str) -> (i32, String) {
    let root = std::env::temp_dir().join(format!("safety-net-plugin-{}-{}", std::process::id(), binary.is_some()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("bin")).expect("a plugin copy");
    std::fs::copy(plugin().join("bin/safety-net-hook"), root.join("bin/safety-net-hook")).expect("the shim");
    if let Some(binary) = binary {
        std::fs::copy(binary, root.join("bin/safety-net")).expect("the binary");
    }
    let mut shim = Command::new(root.join("bin/safety-net-hook"));
    shim.env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", "/home/user")
        .env("CLAUDE_PLUGIN_ROOT", &root);
    let payload = serde_json::json!({"hook_event_name": "PreToolUse", "cwd": "/home/user/p", "tool_name": "Bash", "tool_input": {"command": command}});
    let output = common::run_with_input(&mut shim, payload.to_string().as_bytes());
    let _ = std::fs::remove_dir_all(&root);
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_shim_runs_the_installed_binary() {
    let binary = Path::new(env!("CARGO_BIN_EXE_safety-net"));
    let (code, stderr) = run_shim(Some(binary), "rm -rf /");
    assert_eq!(code, 2);
    assert!(stderr.starts_with("safety-net: rm-root"), "{stderr}");
    assert_eq!(run_shim(Some(binary), "ls").0, 0);
}

#[test]
fn the_shim_denies_without_a_binary() {
    let (code, stderr) = run_shim(None, "ls");
    assert_eq!(code, 2);
    assert!(stderr.contains("binary is missing"), "{stderr}");
}
