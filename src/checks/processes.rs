//! Processes: `kill -9 -1` and `kill -- -1` signal every process the user may signal, the
//! agent's own session and the editor included. A lone `kill -1` names signal 1 and no process:
//! bash prints its usage and signals nothing.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&KILL_ALL_PROCESSES],
    applies: Applies::Commands(&["kill", "killall5"]),
    check,
    whole_analysis: None,
};

pub static KILL_ALL_PROCESSES: Rule = Rule {
    id: "kill-all-processes",
    decision: DENY,
    catches: "Signalling every process at once: `kill -9 -1`, `kill -s TERM -1`, `kill -- -1`, `killall5`.",
    instead: "Kill the specific process by its PID (`pgrep` finds it)",
    examples: &[
        "kill -9 -1",
        "kill -KILL -1",
        "kill -s TERM -1",
        "kill -- -1",
        "killall5 -9",
    ],
    allowed: &["kill -9 1234", "kill -1 1234", "kill %1", "kill -TERM 4242", "kill -1"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if command.name == "killall5" {
        report.flag(
            &KILL_ALL_PROCESSES,
            command.span,
            "`killall5` would signal every process on the machine",
        );
        return;
    }
    let args: Vec<&str> = command.args().iter().map(|w| w.value().unwrap_or("?")).collect();
    let mut pids = Vec::new();
    let mut signal_given = false;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i];
        match arg {
            "--" => {
                pids.extend_from_slice(&args[i + 1..]);
                break;
            }
            "-s" | "-n" => {
                signal_given = true;
                i += 2;
                continue;
            }
            "-l" | "-L" | "--list" | "--table" => return,
            _ if arg.starts_with('-') && !signal_given => signal_given = true,
            _ => pids.push(arg),
        }
        i += 1;
    }
    let everything = pids.contains(&"-1");
    if everything {
        report.flag(
            &KILL_ALL_PROCESSES,
            command.span,
            "`kill` of PID -1 would signal every process you own, the agent and your editor included",
        );
    }
}
