//! Power: shutting down or rebooting the machine, or logging the user out, from the shell or
//! through AppleScript (`osascript -e 'tell app "System Events" to shut down'`). Quitting an
//! application or showing a notification passes.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::rules::Rule;
use crate::word::Word;
use regex::Regex;
use std::sync::LazyLock;

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
        "osascript",
    ]),
    check,
    whole_analysis: None,
};

pub static SYSTEM_SHUTDOWN: Rule = Rule {
    id: "system-shutdown",
    decision: DENY,
    catches: "Shutting down or rebooting: `shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`, `systemctl poweroff|reboot|halt`; on macOS through AppleScript or JavaScript for Automation, which also logs the user out: `osascript -e 'tell app \"System Events\" to shut down'` (`restart`, `log out`, the raw events `«event aevtrsdn»`…, `Application(\"System Events\").shutDown()`).",
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
        "osascript -e 'tell app \"System Events\" to shut down'",
        "osascript -e 'tell application \"System Events\" to restart'",
        "osascript -e 'tell application \"System Events\"' -e 'log out' -e 'end tell'",
        "osascript -e 'tell app \"loginwindow\" to «event aevtrrst»'",
        "osascript -l JavaScript -e 'Application(\"System Events\").shutDown()'",
    ],
    allowed: &[
        "shutdown -c",
        "systemctl status nginx",
        "systemctl restart nginx",
        "init --version",
        "osascript -e 'tell app \"Finder\" to quit'",
        "osascript -e 'display notification \"done\"'",
        "osascript -e 'tell application \"System Events\" to keystroke \"r\" using command down'",
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
    if name == "osascript" {
        if let Some(what) = applescript_power(command.args()) {
            report.flag(
                &SYSTEM_SHUTDOWN,
                command.span,
                format!("`osascript` would {what}, and every unsaved thing running would be lost"),
            );
        }
        return;
    }
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

/// An application that shuts the Mac down, restarts it or logs the user out when told to, in
/// AppleScript: `tell app "System Events" to shut down`, or as the first words of a line of a
/// `tell` block.
static APPLESCRIPT_POWER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\btell\s+(?:app|application)\s+"(?:system events|finder|loginwindow)"\s*(?:to\s+|[\r\n;]\s*(?:[^\r\n]*[\r\n]\s*)*?)(shut\s*down|restart|log\s*out)\b"#,
    )
    .expect("the AppleScript pattern is valid")
});

/// The raw Apple events of the same (`«event aevtrsdn»`), and JavaScript for Automation's calls
/// (`Application("System Events").shutDown()`).
static RAW_POWER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\baevt(rsdn|rrst|rlgo|logo)\b|Application\(\s*['"](?:System Events|Finder)['"]\s*\)\s*\.\s*(shutDown|restart|logOut)\s*\("#,
    )
    .expect("the AppleScript pattern is valid")
});

/// What the code given to `osascript -e` does to the machine, when it shuts it down, restarts
/// it or logs the user out.
fn applescript_power(args: &[Word]) -> Option<&'static str> {
    let code = applescript_lines(args);
    let verb = APPLESCRIPT_POWER
        .captures(&code)
        .or_else(|| RAW_POWER.captures(&code))
        .and_then(|found| found.iter().skip(1).flatten().next())?
        .as_str()
        .to_ascii_lowercase();
    Some(match verb.as_str() {
        "rrst" | "restart" => "restart the machine",
        "rlgo" | "logo" | "logout" => "log the user out, quitting every program",
        _ if verb.starts_with("log") => "log the user out, quitting every program",
        _ => "shut the machine down",
    })
}

/// The code given to `osascript` by `-e`, one line each, as it runs them.
pub(super) fn applescript_lines(args: &[Word]) -> String {
    let parsed = args::parse(args, &Options::gnu("els", &[]));
    let lines: Vec<&str> = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('e'))
        .filter_map(|arg| arg.value())
        .map(Word::text)
        .collect();
    lines.join("\n")
}
