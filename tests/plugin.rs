//! The Claude Code plugin in `plugin/`: its manifest and hooks are well formed, and its hook
//! command, run as registered from a folder whose path has a space, runs the guard — or denies
//! when the binary is missing, rather than fail open. And the OpenCode plugin, run under node.

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
        assert_eq!(
            hook["command"], "\"${CLAUDE_PLUGIN_ROOT}/bin/safety-net-hook\"",
            "{event}: quoted, for a plugin folder with a space in its path"
        );
        assert!(
            hook["timeout"].as_u64().is_some_and(|t| t <= 10),
            "{event}: a short timeout"
        );
    }
    assert_eq!(hooks["hooks"]["PreToolUse"][0]["matcher"], "*");
}

/// Runs the plugin's hook command as `hooks.json` registers it (through `sh -c`, with
/// `CLAUDE_PLUGIN_ROOT` set), from a copy of the plugin in a folder with a space in its path,
/// with `binary` installed into it (or not).
fn run_shim(binary: Option<&Path>, command: &str) -> (i32, String) {
    let root = std::env::temp_dir().join(format!("safety-net plugin {}-{}", std::process::id(), binary.is_some()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("bin")).expect("a plugin copy");
    std::fs::copy(plugin().join("bin/safety-net-hook"), root.join("bin/safety-net-hook")).expect("the shim");
    if let Some(binary) = binary {
        std::fs::copy(binary, root.join("bin/safety-net")).expect("the binary");
    }
    let hooks = read_json(&plugin().join("hooks/hooks.json"));
    let registered = hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .expect("a command")
        .to_owned();
    let mut shim = Command::new("sh");
    shim.args(["-c", &registered])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", "/home/user")
        .env("XDG_STATE_HOME", common::state_home())
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

/// Runs the OpenCode plugin's `tool.execute.before` under node with `SAFETY_NET_BIN` set to
/// `binary`; returns what the hook threw, or `None` when it let the call through.
fn run_opencode_plugin(binary: &str, tool: &str, args: &Value) -> Option<String> {
    let folder = std::env::temp_dir().join(format!("safety-net-opencode-{}-{}", std::process::id(), tool));
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::copy(plugin().join("opencode/safety-net.js"), folder.join("plugin.mjs")).expect("the plugin");
    let driver = format!(
        "import {{ SafetyNet }} from './plugin.mjs';\n\
         const hooks = await SafetyNet({{ directory: '/home/user/work/project', worktree: '/home/user/work/project' }});\n\
         try {{ await hooks['tool.execute.before']({{ tool: {tool:?} }}, {{ args: {args} }}); console.log('ALLOWED'); }}\n\
         catch (error) {{ console.log('THROWN ' + error.message); }}\n"
    );
    std::fs::write(folder.join("driver.mjs"), driver).expect("the driver");
    let output = Command::new("node")
        .arg(folder.join("driver.mjs"))
        .env("SAFETY_NET_BIN", binary)
        .env("HOME", "/home/user")
        .env("XDG_STATE_HOME", common::state_home())
        .output()
        .expect("node runs");
    let _ = std::fs::remove_dir_all(&folder);
    let said = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    match said.strip_prefix("THROWN ") {
        Some(reason) => Some(reason.to_owned()),
        None => {
            assert_eq!(said, "ALLOWED", "{}", String::from_utf8_lossy(&output.stderr));
            None
        }
    }
}

#[test]
fn the_opencode_plugin_blocks_what_the_guard_denies() {
    if Command::new("node").arg("--version").output().is_err() {
        eprintln!("node is not installed: the OpenCode plugin test is skipped");
        return;
    }
    let binary = env!("CARGO_BIN_EXE_safety-net");
    let denied = run_opencode_plugin(binary, "bash", &serde_json::json!({"command": "rm -rf ~"}));
    assert!(
        denied
            .as_deref()
            .is_some_and(|reason| reason.starts_with("safety-net: rm-home")),
        "{denied:?}"
    );
    assert_eq!(
        run_opencode_plugin(binary, "bash", &serde_json::json!({"command": "ls -la"})),
        None
    );
    let settings = serde_json::json!({"filePath": "/home/user/.bashrc", "content": "x"});
    assert!(run_opencode_plugin(binary, "write", &settings).is_some());
    let missing = run_opencode_plugin("/nowhere/safety-net", "bash", &serde_json::json!({"command": "ls"}));
    assert!(
        missing
            .as_deref()
            .is_some_and(|reason| reason.contains("could not run")),
        "{missing:?}"
    );
}
