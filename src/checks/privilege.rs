//! Privilege: `sudo`, `doas`, `pkexec`, `run0`, `su` and Kerberos' `ksu` ask, and so do the
//! programs that run themselves through sudo (`wg-quick up`, `sshuttle`); the command they run
//! is judged too (the stricter verdict wins); a root shell (`sudo -i`, `sudo -s`,
//! `sudo su`, `sudo bash`, `su`, `su -`, `ksu`) is denied: nothing it then runs can be checked.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::command::Run;
use crate::language::is_shell;
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&PRIVILEGE_ESCALATION, &ROOT_SHELL],
    applies: Applies::Commands(&["sudo", "doas", "pkexec", "run0", "su", "ksu", "wg-quick", "sshuttle"]),
    check,
    whole_analysis: None,
};

pub static PRIVILEGE_ESCALATION: Rule = Rule {
    id: "privilege-escalation",
    decision: ASK,
    catches: "Running a command as root or another user (`sudo`, `doas`, `pkexec`, `run0`, `su -c`, `ksu -e`), or a program that runs itself through sudo (`wg-quick up`, `sshuttle`).",
    instead: "Run the command without sudo, or ask the user to run the privileged step",
    examples: &[
        "sudo apt-get install -y jq",
        "doas reboot-helper",
        "su -c 'systemctl restart nginx'",
        "sudo -u postgres psql",
        "ksu alice -e /usr/bin/whoami",
        "wg-quick up ./wg0.conf",
        "sshuttle -r user@host 10.0.0.0/8",
    ],
    allowed: &["echo sudo", "grep -r sudo .", "wg-quick --help", "sshuttle --version"],
};

pub static ROOT_SHELL: Rule = Rule {
    id: "root-shell",
    decision: DENY,
    catches: "Opening a root shell (`sudo -i`, `sudo -s`, `sudo su`, `sudo bash`, `su`, `su -`, `ksu`): what it runs cannot be checked.",
    instead: "Run each privileged command on its own so that it can be checked, or ask the user",
    examples: &[
        "sudo -i",
        "sudo -s",
        "sudo su",
        "sudo su -",
        "sudo bash",
        "su",
        "su -",
        "doas -s",
        "run0",
        "ksu",
        "ksu -q -e /bin/sh",
    ],
    allowed: &["sudo -l", "sudo -v", "echo su"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let span = command.span;
    if let Some(how) = escalates_itself(command) {
        report.flag(&PRIVILEGE_ESCALATION, span, how);
        return;
    }
    if command.name == "su" {
        if su_runs_code(command) {
            report.flag(&PRIVILEGE_ESCALATION, span, "`su -c` runs the command as another user");
        } else {
            report.flag(
                &ROOT_SHELL,
                span,
                "`su` opens a shell as root, and nothing it runs can be checked",
            );
        }
        return;
    }
    if command.name == "ksu" {
        // `ksu [user] -e COMMAND ARGS…`; without `-e`, the target user's shell.
        let args = command.args();
        match args.iter().position(|w| w.is("-e")) {
            Some(at)
                if !args
                    .get(at + 1)
                    .and_then(|w| w.value())
                    .is_some_and(|program| is_shell(program.rsplit('/').next().unwrap_or(program))) =>
            {
                report.flag(&PRIVILEGE_ESCALATION, span, "`ksu -e` runs the command as another user");
            }
            _ => report.flag(
                &ROOT_SHELL,
                span,
                "`ksu` opens a shell as another user, root by default, and nothing it runs can be checked",
            ),
        }
        return;
    }
    let Some(privileged) = &command.privileged else {
        return;
    };
    let name = command.name.as_str();
    if privileged.command.is_empty() {
        if privileged.shell || name == "run0" {
            report.flag(
                &ROOT_SHELL,
                span,
                format!("`{name}` opens a root shell, and nothing it runs can be checked"),
            );
        } else if command
            .args()
            .iter()
            .any(|w| matches!(w.value(), Some("-e" | "--edit")))
        {
            report.flag(&PRIVILEGE_ESCALATION, span, format!("`{name} -e` edits files as root"));
        }
        return;
    }
    let child = command.runs.iter().find_map(|run| match run {
        Run::Command(id) => Some(&subject.analysis.commands[*id]),
        _ => None,
    });
    if let Some(child) = child {
        let interactive_shell =
            (is_shell(&child.name) && child.terminal_code.is_some()) || (child.name == "su" && !su_runs_code(child));
        if interactive_shell {
            report.flag(
                &ROOT_SHELL,
                span,
                format!(
                    "`{name} {}` opens a root shell, and nothing it runs can be checked",
                    child.name
                ),
            );
            return;
        }
    }
    report.flag(
        &PRIVILEGE_ESCALATION,
        span,
        format!(
            "`{name}` runs `{}` with raised privileges",
            privileged.command.first().map_or("", |w| w.text())
        ),
    );
}

/// How a program raises its own privileges, if it does: `wg-quick up|down|save|strip`
/// re-runs itself through sudo, then changes interfaces and routes; `sshuttle` runs its
/// firewall manager through sudo, which rewrites the firewall's rules.
fn escalates_itself(command: &crate::command::Command) -> Option<&'static str> {
    let first = command.args().first().map(crate::word::Word::text);
    match command.name.as_str() {
        "wg-quick" if matches!(first, Some("up" | "down" | "save" | "strip")) => {
            Some("`wg-quick` runs itself through sudo, then changes the network interfaces and routes")
        }
        "sshuttle"
            if !command
                .args()
                .iter()
                .any(|w| matches!(w.text(), "-V" | "--version" | "-h" | "--help")) =>
        {
            Some("`sshuttle` runs its firewall manager through sudo, which rewrites the firewall's rules")
        }
        _ => None,
    }
}

fn su_runs_code(command: &crate::command::Command) -> bool {
    let parsed = args::parse(
        command.args(),
        &Options::gnu("cCsgGwu", &["command", "session-command", "shell", "group"]),
    );
    parsed.has('c', "command") || parsed.has('C', "session-command")
}
