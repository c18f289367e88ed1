// safety-net's plugin for OpenCode, written by `safety-net install` (or copied by hand).
//
// Before every tool call OpenCode makes, this asks the safety-net binary about it. A denial
// throws, which blocks the call and tells the model why. A binary that is missing, fails or
// takes too long blocks the call too: a guard that cannot run must not wave calls through.
// The binary is $SAFETY_NET_BIN, else the one `safety-net install` recorded below, else
// `safety-net` on PATH.
import { spawnSync } from "node:child_process";

const INSTALLED_BINARY = "";

const TIMEOUT_MS = 10000;

function ask(tool, args, directory, worktree) {
  const binary = process.env.SAFETY_NET_BIN || INSTALLED_BINARY || "safety-net";
  const payload = JSON.stringify({
    agent: "opencode",
    hook_event_name: "tool.execute.before",
    input: { tool },
    output: { args },
    directory,
    worktree,
  });
  const result = spawnSync(binary, ["hook", "--agent", "opencode"], {
    input: payload,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
  });
  if (result.error) {
    throw new Error(
      `safety-net: the safety-net binary (${binary}) could not run (${result.error.message}), so the tool call cannot be checked. Install safety-net, or remove this plugin.`,
    );
  }
  if (result.status === 0) {
    return;
  }
  const reason = (result.stderr || "").trim();
  throw new Error(reason || `safety-net: the check failed (exit ${result.status}), so the tool call is blocked.`);
}

export const SafetyNet = async ({ directory, worktree }) => ({
  "tool.execute.before": async (input, output) => {
    ask(input.tool, output.args, directory, worktree);
  },
});
