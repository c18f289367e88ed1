//! Services: stopping, disabling or removing a system or user service (`systemctl stop`,
//! `launchctl bootout`, `sc stop`) asks. Whatever the service serves stops for everyone until
//! somebody starts it again, and a disabled or masked one stays off after a reboot. Reading a
//! service's state, starting, restarting and reloading it pass.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::Command;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&SERVICE_STOP],
    applies: Applies::Commands(&[
        "systemctl",
        "service",
        "rc-service",
        "rc-update",
        "sv",
        "launchctl",
        "sc",
        "net",
        "brew",
    ]),
    check,
    whole_analysis: None,
};

pub static SERVICE_STOP: Rule = Rule {
    id: "service-stop",
    decision: ASK,
    catches: "Stopping, killing, disabling, masking or removing a service: `systemctl stop|disable|mask|kill`, `service NAME stop`, `sv stop`, `launchctl bootout|unload|remove`, `sc stop|delete`, `net stop`, `brew services stop`.",
    instead: "Say which service should stop and why, and let the user stop it; `systemctl status NAME` shows its state",
    examples: &[
        "systemctl stop nginx",
        "sudo systemctl disable --now docker",
        "systemctl --user mask pipewire",
        "service ssh stop",
        "launchctl bootout gui/501/com.example.agent",
        "sc stop Spooler",
        "net stop wuauserv",
        "brew services stop postgresql",
    ],
    allowed: &[
        "systemctl status nginx",
        "systemctl restart ngrok-n8n.service",
        "systemctl --user start app",
        "systemctl list-units --type=service",
        "service cron status",
        "sv stop app && cp app.new app && sv start app",
        "launchctl list",
        "brew services list",
    ],
};

/// Options of `systemctl` that take a value as the next word.
pub(super) const SYSTEMCTL_VALUED: &[&str] = &[
    "-H",
    "--host",
    "-M",
    "--machine",
    "--root",
    "-s",
    "--signal",
    "--kill-whom",
    "-p",
    "--property",
    "-t",
    "--type",
    "--state",
    "-o",
    "--output",
    "-n",
    "--lines",
    "--job-mode",
    "--what",
    "--image",
    "--timestamp",
    "--when",
    "--preset-mode",
    "--message",
    "--boot-loader-entry",
    "--reboot-argument",
    "--drop-in",
];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let positional = positional(
        args,
        if command.name == "systemctl" {
            SYSTEMCTL_VALUED
        } else {
            &[]
        },
    );
    let word = |index: usize| positional.get(index).copied().unwrap_or("");
    let stopping = match command.name.as_str() {
        "systemctl" => matches!(word(0), "stop" | "disable" | "mask" | "kill" | "isolate" | "freeze"),
        "service" | "rc-service" => matches!(word(1), "stop" | "zap"),
        "rc-update" => matches!(word(0), "del" | "delete"),
        // runit.
        "sv" => matches!(
            word(0),
            "stop" | "down" | "d" | "kill" | "k" | "exit" | "x" | "force-stop"
        ),
        "launchctl" => matches!(word(0), "bootout" | "unload" | "remove" | "stop" | "disable" | "kill"),
        // `sc \\server stop NAME` names another machine first.
        "sc" => {
            let verb = if word(0).starts_with("\\\\") { word(1) } else { word(0) };
            matches!(verb.to_ascii_lowercase().as_str(), "stop" | "delete" | "pause")
                || (verb.eq_ignore_ascii_case("config")
                    && positional.iter().any(|w| w.eq_ignore_ascii_case("disabled")))
        }
        "net" => word(0).eq_ignore_ascii_case("stop") || word(0).eq_ignore_ascii_case("pause"),
        "brew" => word(0) == "services" && matches!(word(1), "stop" | "kill"),
        _ => false,
    };
    if stopping {
        let service = service_named(&command.name, &positional);
        // Stopped to replace its program, then started again (`sv stop app && cp … && sv start
        // app`): a restart, as a deployment does.
        let started_again = subject
            .analysis
            .commands
            .iter()
            .skip_while(|other| !std::ptr::eq(*other, command))
            .skip(1)
            .any(|other| other.name == command.name && starts(other, service));
        if started_again {
            return;
        }
        report.flag(
            &SERVICE_STOP,
            command.span,
            format!(
                "`{} {}` would stop the service `{service}` until somebody starts it again, for everyone who uses it",
                command.name,
                positional.join(" ")
            ),
        );
    }
}

/// The service a command of the tool `name` names, given its `positional` words.
fn service_named<'a>(name: &str, positional: &[&'a str]) -> &'a str {
    let word = |index: usize| positional.get(index).copied().unwrap_or("");
    match name {
        "service" | "rc-service" => word(0),
        "brew" => word(2),
        _ => positional.last().copied().unwrap_or(""),
    }
}

/// Whether `command` starts (or restarts) the service `service`.
fn starts(command: &Command, service: &str) -> bool {
    let valued = if command.name == "systemctl" {
        SYSTEMCTL_VALUED
    } else {
        &[]
    };
    let positional = positional(command.args(), valued);
    let verb = match command.name.as_str() {
        "service" | "rc-service" => positional.get(1),
        "brew" => positional.get(1),
        _ => positional.first(),
    };
    verb.is_some_and(|verb| {
        matches!(
            verb.to_ascii_lowercase().as_str(),
            "start" | "restart" | "up" | "u" | "enable" | "bootstrap" | "load" | "try-restart" | "reload-or-restart"
        )
    }) && service_named(&command.name, &positional) == service
}

/// The words of `args` that are no options nor an option's value (`valued` take one).
pub(super) fn positional<'a>(args: &'a [Word], valued: &[&str]) -> Vec<&'a str> {
    let mut words = args.iter();
    let mut found = Vec::new();
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        if valued.contains(&text) {
            words.next();
        } else if !text.starts_with('-') || text == "-" {
            found.push(text);
        }
    }
    found
}
