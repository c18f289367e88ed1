//! Calls to MCP tools (`mcp__server__tool`), checked against the servers and tools the user's
//! configuration lists (`"mcp": {"servers": {"context7": ["query-docs"]}}`). Without an `mcp`
//! section no server is checked; the shell commands and paths their parameters carry are judged
//! like any other either way (see `hook`).

use super::{ASK, Applies, Checker, no_command_check};
use crate::context::Context;
use crate::rules::Rule;
use crate::source::Span;
use crate::verdict::Finding;

pub const CHECKER: Checker = Checker {
    rules: &[&MCP_TOOL_NOT_ALLOWED],
    applies: Applies::NoCommand,
    check: no_command_check,
    whole_analysis: None,
};

pub static MCP_TOOL_NOT_ALLOWED: Rule = Rule {
    id: "mcp-tool-not-allowed",
    decision: ASK,
    catches: "A call to an MCP server or tool that the configuration's `mcp.servers` does not list, once it lists any (the strict modes deny it).",
    instead: "Use a listed MCP tool, or ask the user to add this one to `mcp.servers` in ~/.config/safety-net/config.json",
    examples: &[],
    allowed: &[],
};

/// The finding about calling `tool` of `server`, when the configuration lists servers and not
/// this tool.
pub fn finding(server: &str, tool: &str, context: &Context) -> Option<Finding> {
    let (servers, _) = context.policy.mcp_servers.as_ref()?;
    let listed = servers
        .iter()
        .find(|(name, _)| name == server)
        .map(|(_, tools)| tools.iter().any(|allowed| allowed == "*" || allowed == tool));
    let lost = match listed {
        Some(true) => return None,
        Some(false) => format!("the MCP server `{server}` is listed, but not its tool `{tool}`"),
        None => format!("the MCP server `{server}` is not listed in the configuration"),
    };
    Some(Finding {
        rule: &MCP_TOOL_NOT_ALLOWED,
        command: None,
        span: Span::new(0, 0),
        lost,
        decision: MCP_TOOL_NOT_ALLOWED.decision,
        instead: MCP_TOOL_NOT_ALLOWED.instead,
    })
}
