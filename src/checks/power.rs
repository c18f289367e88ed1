//! Power: shutting down or rebooting the machine.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&SYSTEM_SHUTDOWN],
    applies: Applies::Commands(&[
        "shutdown",
        "reboot",
        "halt",
        "poweroff",
        "init",
        "telinit",
        "systemctl",
        "loginctl",
    ]),
    check,
    whole_analysis: None,
};

pub static SYSTEM_SHUTDOWN: Rule = Rule {
    id: "system-shutdown",
    decision: DENY,
    catches: "Shutting down or rebooting: `shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`, `systemctl poweroff|reboot|halt`.",
    instead: "Ask the user to restart the machine when it is needed",
    examples: &[
        "shutdown -h now",
        "sudo reboot",
        "halt",
        "poweroff",
        "init 0",
        "init 6",
        "systemctl reboot",
        "systemctl poweroff -i",
    ],
    allowed: &[
        "shutdown -c",
        "systemctl status nginx",
        "systemctl restart nginx",
        "init --version",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args: Vec<&str> = command.args().iter().filter_map(Word::value).collect();
    let name = command.name.as_str();
    let stops = match name {
        "shutdown" => !args.iter().any(|a| matches!(*a, "-c" | "--help" | "--show")),
        "reboot" | "halt" | "poweroff" => !args.contains(&"--help"),
        "init" | "telinit" => matches!(args.first(), Some(&("0" | "6"))),
        "systemctl" | "loginctl" => args
            .iter()
            .find(|a| !a.starts_with('-'))
            .is_some_and(|verb| matches!(*verb, "poweroff" | "reboot" | "halt" | "kexec" | "soft-reboot")),
        _ => false,
    };
    if stops {
        report.flag(
            &SYSTEM_SHUTDOWN,
            command.span,
            format!(
                "`{}` would stop the machine, and every unsaved thing running on it",
                command.display()
            ),
        );
    }
}
