//! Jobs scheduled for later: `at` and `batch` queue a job, `systemd-run --on-calendar` (and the
//! other timer options) starts a timer, `launchctl submit` hands launchd a job it keeps running. What the job runs is judged now (`registry/schedulers.rs`,
//! `registry/wrappers.rs`), but it runs later, outside any hook, on files that may have changed
//! by then: scheduling asks.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&SCHEDULE_JOB],
    applies: Applies::Commands(&["at", "batch", "systemd-run", "launchctl"]),
    check,
    whole_analysis: None,
};

pub static SCHEDULE_JOB: Rule = Rule {
    id: "schedule-job",
    decision: ASK,
    catches: "Scheduling a command to run later (`at`, `batch`, `systemd-run --on-calendar`…, `launchctl submit`): it runs outside any hook, on files that may have changed by then.",
    instead: "Run the command now, or show the user the job and let them schedule it",
    examples: &[
        "echo 'make report' | at 23:00",
        "at now + 5 minutes <<< 'make report'",
        "batch < jobs.sh",
        "systemd-run --user --on-calendar=daily make report",
        "launchctl submit -l sync -- make report",
    ],
    allowed: &[
        "atq",
        "at -l",
        "atrm 3",
        "systemd-run --user --scope make",
        "echo at 23:00",
        "launchctl list",
    ],
};

/// `systemd-run` options that start a timer rather than the command now.
const TIMER_OPTIONS: &[&str] = &[
    "--on-active",
    "--on-boot",
    "--on-startup",
    "--on-unit-active",
    "--on-unit-inactive",
    "--on-calendar",
    "--on-clock-change",
    "--on-timezone-change",
];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let schedules = match command.name.as_str() {
        // Listing (`-l`), removing (`-r`, `-d`), showing (`-c`) a job, or the version, queue none.
        "at" | "batch" => !args.iter().any(|word| {
            let text = word.text();
            matches!(text, "-l" | "-r" | "-d" | "-c" | "-V" | "--help")
        }),
        // launchd starts the job now and again whenever it exits.
        "launchctl" => args.first().is_some_and(|first| first.is("submit")),
        "systemd-run" => args.iter().any(|word| {
            TIMER_OPTIONS
                .iter()
                .any(|option| word.text() == *option || word.text().starts_with(&format!("{option}=")))
        }),
        _ => false,
    };
    if schedules {
        report.flag(
            &SCHEDULE_JOB,
            command.span,
            format!(
                "`{}` would schedule a job that runs later, outside any hook, on files that may have changed by then",
                command.name
            ),
        );
    }
}
