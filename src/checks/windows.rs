//! Windows: what PowerShell cmdlets and Windows programs do that no POSIX command does:
//! changing the machine's registry or a key that starts programs at log-on, weakening script
//! and malware protection, formatting or repartitioning a disk, and deleting a WSL
//! distribution with everything in it. Reading, a user's own settings and a session's own
//! policy pass.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&REGISTRY_SYSTEM_CHANGE, &PROTECTION_OFF, &WSL_UNREGISTER],
    applies: Applies::Commands(&[
        "remove-item",
        "new-item",
        "set-item",
        "clear-item",
        "set-itemproperty",
        "new-itemproperty",
        "remove-itemproperty",
        "clear-itemproperty",
        "reg",
        "set-executionpolicy",
        "set-mppreference",
        "add-mppreference",
        "format-volume",
        "clear-disk",
        "initialize-disk",
        "remove-partition",
        "wsl",
    ]),
    check,
    whole_analysis: None,
};

pub static REGISTRY_SYSTEM_CHANGE: Rule = Rule {
    id: "registry-system-change",
    decision: DENY,
    catches: "Changing or deleting the machine's registry (`HKLM:`, `HKEY_LOCAL_MACHINE`, `HKCR`, `HKU`) or a key that starts programs at log-on (`…\\CurrentVersion\\Run`, `RunOnce`, `Winlogon`): `Remove-Item`, `Set-ItemProperty`, `New-ItemProperty`, `Remove-ItemProperty` and the other item cmdlets, `reg delete|add|import|restore|load`.",
    instead: "Read the key (`Get-ItemProperty`, `reg query`) and ask the user to change it",
    examples: &[
        r"pwsh -c 'Remove-Item HKLM:\Software\Contoso -Recurse'",
        r"pwsh -c 'Set-ItemProperty -Path HKLM:\SYSTEM\CurrentControlSet\Services\X -Name Start -Value 4'",
        r"pwsh -c 'New-ItemProperty HKCU:\Software\Microsoft\Windows\CurrentVersion\Run -Name x -Value C:\x.exe'",
        r"reg delete 'HKLM\Software\Contoso' /f",
        r"reg add 'HKEY_LOCAL_MACHINE\SOFTWARE\Policies\X' /v Y /d 1 /f",
        r"cmd /c 'reg import settings.reg'",
    ],
    allowed: &[
        r"pwsh -c 'Get-ItemProperty HKLM:\Software\Microsoft\Windows\CurrentVersion'",
        r"pwsh -c 'Set-ItemProperty -Path HKCU:\Software\Contoso -Name Theme -Value dark'",
        r"reg query 'HKLM\Software\Microsoft'",
        r"reg export 'HKCU\Software\Contoso' backup.reg",
    ],
};

pub static PROTECTION_OFF: Rule = Rule {
    id: "windows-protection-off",
    decision: ASK,
    catches: "Weakening Windows' protections beyond this session: `Set-ExecutionPolicy Unrestricted|Bypass` for the machine or the user (any scope but `Process`), turning Microsoft Defender's monitoring off or excluding paths, processes or extensions from it (`Set-MpPreference -Disable…`, `Add-MpPreference -Exclusion…`).",
    instead: "Use `-ExecutionPolicy Bypass` on the one `pwsh` call, or `Set-ExecutionPolicy -Scope Process`",
    examples: &[
        "pwsh -c 'Set-ExecutionPolicy Unrestricted -Scope LocalMachine'",
        "pwsh -c 'Set-ExecutionPolicy Bypass -Force'",
        "pwsh -c 'Set-ExecutionPolicy -ExecutionPolicy Unrestricted -Scope CurrentUser'",
        "pwsh -c 'Set-MpPreference -DisableRealtimeMonitoring $true'",
        r"pwsh -c 'Add-MpPreference -ExclusionPath C:\'",
    ],
    allowed: &[
        "pwsh -c 'Set-ExecutionPolicy Bypass -Scope Process'",
        "pwsh -c 'Set-ExecutionPolicy RemoteSigned -Scope CurrentUser'",
        "pwsh -c 'Get-ExecutionPolicy -List'",
        "pwsh -c 'Set-MpPreference -DisableRealtimeMonitoring $false'",
        "pwsh -c 'Get-MpPreference'",
    ],
};

pub static WSL_UNREGISTER: Rule = Rule {
    id: "wsl-unregister",
    decision: DENY,
    catches: "`wsl --unregister DISTRO`: the distribution is deleted with every file in it, its home folders and projects too.",
    instead: "Export it first (`wsl --export DISTRO backup.tar`) and let the user unregister it",
    examples: &[
        "wsl --unregister Ubuntu",
        "wsl.exe --unregister Debian",
        "cmd /c 'wsl --unregister Ubuntu-22.04'",
    ],
    allowed: &[
        "wsl --list --verbose",
        "wsl --export Ubuntu backup.tar",
        "wsl -d Ubuntu -- ls -la",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args: Vec<&str> = command.args().iter().map(Word::text).collect();
    let lowered: Vec<String> = args.iter().map(|a| a.to_lowercase()).collect();
    let span = command.span;
    match command.name.as_str() {
        "reg" => {
            let verb = lowered.first().map(String::as_str).unwrap_or("");
            let changes = matches!(
                verb,
                "delete" | "add" | "import" | "restore" | "load" | "unload" | "copy"
            );
            // `reg import FILE` and `reg restore` write whatever keys the file names.
            let key = lowered.get(1).map(String::as_str).unwrap_or("");
            if changes && (matches!(verb, "import" | "restore") || protected_key(key)) {
                report.flag(
                    &REGISTRY_SYSTEM_CHANGE,
                    span,
                    format!(
                        "`reg {verb}` would change {}, which every user and program of the machine reads",
                        shown(key)
                    ),
                );
            }
        }
        "set-executionpolicy" => {
            let policy = lowered.first().map(String::as_str).unwrap_or("");
            let scope = lowered
                .iter()
                .position(|a| a == "-scope")
                .and_then(|at| lowered.get(at + 1))
                .map(String::as_str)
                .unwrap_or("localmachine");
            if matches!(policy, "unrestricted" | "bypass") && scope != "process" {
                report.flag(
                    &PROTECTION_OFF,
                    span,
                    format!("scripts from anywhere would run unsigned and unasked for {scope}, beyond this session"),
                );
            }
        }
        "set-mppreference" | "add-mppreference" => {
            let weakens = lowered.iter().enumerate().any(|(at, a)| {
                let (name, attached) = a.split_once(':').map_or((a.as_str(), None), |(n, v)| (n, Some(v)));
                let value = attached.or(lowered.get(at + 1).map(String::as_str)).unwrap_or("");
                (name.starts_with("-disable") && !matches!(value, "false" | "$false" | "0"))
                    || name.starts_with("-exclusion")
            });
            if weakens {
                report.flag(
                    &PROTECTION_OFF,
                    span,
                    "Microsoft Defender would stop watching some or all of the machine",
                );
            }
        }
        "format-volume" | "clear-disk" | "initialize-disk" => report.flag(
            &super::disk::DISK_FORMAT,
            span,
            format!("`{}` would erase a disk and every file on it", command.name),
        ),
        "remove-partition" => report.flag(
            &super::disk::DISK_PARTITION,
            span,
            "`Remove-Partition` would delete a partition and every file on it",
        ),
        "wsl" => {
            if let Some(at) = lowered.iter().position(|a| a == "--unregister") {
                let distribution = args.get(at + 1).copied().unwrap_or("the default distribution");
                report.flag(
                    &WSL_UNREGISTER,
                    span,
                    format!("every file inside the WSL distribution {distribution} would be deleted"),
                );
            }
        }
        _ => {
            if let Some(key) = args.iter().find(|a| protected_key(&a.to_lowercase())) {
                report.flag(
                    &REGISTRY_SYSTEM_CHANGE,
                    span,
                    format!(
                        "`{}` would change {}, which every user and program of the machine reads",
                        command.name,
                        shown(key)
                    ),
                );
            }
        }
    }
}

/// Whether a registry key (lowercase, in PowerShell's drive form or `reg`'s) is the machine's,
/// or one that starts programs at log-on.
fn protected_key(key: &str) -> bool {
    let key = key
        .trim_start_matches("microsoft.powershell.core\\")
        .trim_start_matches("registry::");
    let machine = [
        "hklm",
        "hkey_local_machine",
        "hkcr",
        "hkey_classes_root",
        "hku",
        "hkey_users",
    ]
    .iter()
    .any(|root| {
        key.strip_prefix(root)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([':', '\\', '/']))
    });
    let autostart = [
        "\\currentversion\\run",
        "\\currentversion\\winlogon",
        "\\currentversion\\policies\\explorer\\run",
    ]
    .iter()
    .any(|key_part| key.contains(key_part));
    machine || autostart
}

fn shown(key: &str) -> String {
    if key.is_empty() {
        "registry keys".into()
    } else {
        format!("the registry key {key}")
    }
}
