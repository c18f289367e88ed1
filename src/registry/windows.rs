//! Windows' shells given a command line: `pwsh` and `powershell` (`-Command`, `-EncodedCommand`,
//! `-File`, a script or code on standard input; options by any prefix, with `-`, `--` or `/`),
//! `cmd /c|/k|/r`, and `wsl` (`-e`/`--exec` runs a program, anything else is a command line for
//! the distribution's shell).

use super::Execution;
use crate::command::Command;
use crate::language::Language;
use crate::word::{Part, Quoting, Word};

/// The programs read here.
pub const PROGRAMS: &[&str] = &["pwsh", "powershell", "pwsh-preview", "cmd", "wsl"];

/// What `command` runs, when it is one of Windows' shells.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let args = command.args();
    Some(match command.name.as_str() {
        "pwsh" | "pwsh-preview" => powershell("pwsh", args, false),
        "powershell" => powershell("powershell", args, true),
        "cmd" => cmd(args),
        "wsl" => wsl(args),
        _ => return None,
    })
}

/// PowerShell's options (both editions), in the order PowerShell resolves a prefix, with
/// whether each takes a value.
const POWERSHELL_OPTIONS: &[(&str, bool)] = &[
    ("command", false),
    ("commandwithargs", false),
    ("configurationname", true),
    ("configurationfile", true),
    ("custompipename", true),
    ("encodedcommand", true),
    ("encodedarguments", true),
    ("executionpolicy", true),
    ("file", true),
    ("help", false),
    ("inputformat", true),
    ("interactive", false),
    ("login", false),
    ("mta", false),
    ("noexit", false),
    ("nologo", false),
    ("noninteractive", false),
    ("noprofile", false),
    ("noprofileloadtime", false),
    ("outputformat", true),
    ("psconsolefile", true),
    ("settingsfile", true),
    ("sshservermode", false),
    ("sta", false),
    ("version", true),
    ("windowstyle", true),
    ("workingdirectory", true),
];

/// The short names PowerShell documents for its options.
const POWERSHELL_ALIASES: &[(&str, &str)] = &[
    ("c", "command"),
    ("cwa", "commandwithargs"),
    ("config", "configurationname"),
    ("e", "encodedcommand"),
    ("ec", "encodedcommand"),
    ("ea", "encodedarguments"),
    ("ep", "executionpolicy"),
    ("ex", "executionpolicy"),
    ("f", "file"),
    ("if", "inputformat"),
    ("o", "outputformat"),
    ("of", "outputformat"),
    ("v", "version"),
    ("w", "windowstyle"),
    ("wd", "workingdirectory"),
];

/// The option `word` names, when it is one (`-Command`, `-com`, `/c`, `--noprofile`).
fn powershell_option(word: &str) -> Option<(&'static str, bool)> {
    let name = word
        .strip_prefix("--")
        .or_else(|| word.strip_prefix('-'))
        .or_else(|| word.strip_prefix('/'))?
        .to_lowercase();
    let name = name.split(':').next().unwrap_or("");
    if name.is_empty() {
        return None;
    }
    if let Some((_, full)) = POWERSHELL_ALIASES.iter().find(|(alias, _)| *alias == name) {
        return POWERSHELL_OPTIONS.iter().find(|(option, _)| option == full).copied();
    }
    POWERSHELL_OPTIONS
        .iter()
        .find(|(option, _)| option.starts_with(name))
        .copied()
}

/// `pwsh [options] -Command CODE…`, `-EncodedCommand BASE64`, `-File SCRIPT args…`, a script or
/// (for Windows PowerShell, whose default is `-Command`) code as the first operand, or code on
/// standard input.
fn powershell(name: &str, args: &[Word], command_by_default: bool) -> Vec<Execution> {
    let via = |option: &str| format!("{name} -{option}");
    let mut index = 0;
    while index < args.len() {
        let word = &args[index];
        let Some((option, takes_value)) = word.value().and_then(powershell_option) else {
            let rest = &args[index..];
            return match command_by_default {
                true => code(via("Command"), rest),
                false => script(via("File"), rest),
            };
        };
        match option {
            "command" => return code(via("Command"), &args[index + 1..]),
            "commandwithargs" => {
                let Some(code_word) = args.get(index + 1) else {
                    return Vec::new();
                };
                return vec![Execution::Program {
                    via: via("CommandWithArgs"),
                    language: Language::PowerShell,
                    code: vec![code_word.clone()],
                    args: args[index + 2..].to_vec(),
                }];
            }
            "encodedcommand" => return encoded(via("EncodedCommand"), args.get(index + 1)),
            "file" => return script(via("File"), &args[index + 1..]),
            _ => {}
        }
        let attached = word.text().contains(':');
        index += if takes_value && !attached { 2 } else { 1 };
    }
    vec![Execution::Stdin {
        via: name.to_owned(),
        language: Language::PowerShell,
    }]
}

/// Code given as the words left (`-Command a b` runs `a b`); `-` reads it from standard input.
fn code(via: String, words: &[Word]) -> Vec<Execution> {
    match words {
        [] => Vec::new(),
        [only] if only.is("-") => vec![Execution::Stdin {
            via,
            language: Language::PowerShell,
        }],
        words => vec![Execution::Program {
            via,
            language: Language::PowerShell,
            code: vec![joined(words)],
            args: Vec::new(),
        }],
    }
}

/// A script and its arguments (`-File x.ps1 a b`); `-` reads code from standard input.
fn script(via: String, words: &[Word]) -> Vec<Execution> {
    match words.first() {
        None => Vec::new(),
        Some(dash) if dash.is("-") => vec![Execution::Stdin {
            via,
            language: Language::PowerShell,
        }],
        Some(path) => vec![Execution::File {
            via,
            path: path.clone(),
            language: Language::PowerShell,
            current_shell: false,
        }],
    }
}

/// `-EncodedCommand BASE64`: the code is the base64 of its UTF-16LE text.
fn encoded(via: String, word: Option<&Word>) -> Vec<Execution> {
    let Some(word) = word else { return Vec::new() };
    let decoded = word.value().and_then(decode_utf16_base64);
    match decoded {
        Some(text) => vec![Execution::Program {
            via,
            language: Language::PowerShell,
            code: vec![Word::literal(&text, word.span)],
            args: Vec::new(),
        }],
        None => vec![Execution::Unverifiable {
            what: format!("{via} runs code encoded in a way that cannot be read: {}", word.text()),
        }],
    }
}

/// Text encoded as PowerShell's `-EncodedCommand` takes it: base64 of UTF-16LE.
pub fn decode_utf16_base64(text: &str) -> Option<String> {
    let bytes = crate::producers::decode_base64(text.trim())?;
    if bytes.len() % 2 != 0 {
        return None;
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

/// `cmd [/q /d /s /v:on …] /c|/k|/r COMMAND LINE`: the words after the switch, joined, are
/// read as cmd.exe reads them; `cmd` alone reads commands from standard input.
fn cmd(args: &[Word]) -> Vec<Execution> {
    for (index, word) in args.iter().enumerate() {
        let Some(text) = word.value() else { break };
        // Git Bash users write `//c` so that MSYS does not turn `/c` into a path.
        let switch = text.trim_start_matches('/').to_lowercase();
        if !text.starts_with('/') {
            break;
        }
        if matches!(switch.as_str(), "c" | "k" | "r") {
            let rest = &args[index + 1..];
            if rest.is_empty() {
                return Vec::new();
            }
            return vec![Execution::Program {
                via: format!("cmd /{switch}"),
                language: Language::Cmd,
                code: vec![joined(rest)],
                args: Vec::new(),
            }];
        }
    }
    vec![Execution::Stdin {
        via: "cmd".into(),
        language: Language::Cmd,
    }]
}

/// `wsl [-d DISTRO] [-u USER] [--cd DIR] (-e|--exec) PROGRAM ARGS…` runs a program;
/// `wsl [options] [--] COMMAND LINE` gives the line to the distribution's shell; `wsl` alone
/// reads commands from standard input. Its management options (`--list`, `--unregister`…)
/// run nothing; the Windows checker judges them.
fn wsl(args: &[Word]) -> Vec<Execution> {
    let mut index = 0;
    while index < args.len() {
        let word = &args[index];
        let Some(text) = word.value() else {
            return shell_line(&args[index..]);
        };
        match text {
            "-e" | "--exec" => {
                return vec![Execution::Command {
                    via: format!("wsl {text}"),
                    argv: args[index + 1..].to_vec(),
                    assignments: Vec::new(),
                    cwd: None,
                }];
            }
            "--" => return shell_line(&args[index + 1..]),
            "-d" | "--distribution" | "-u" | "--user" | "--cd" | "--shell-type" | "--distribution-id" => index += 2,
            "--system" => index += 1,
            management if management.starts_with('-') => return Vec::new(),
            _ => return shell_line(&args[index..]),
        }
    }
    vec![Execution::Stdin {
        via: "wsl".into(),
        language: Language::Shell,
    }]
}

/// A command line for the distribution's shell. Windows joins the words into one line and the
/// shell splits it again, so a word's quoting may or may not survive: both readings are judged,
/// the words as one command and the line as shell code.
fn shell_line(words: &[Word]) -> Vec<Execution> {
    if words.is_empty() {
        return Vec::new();
    }
    vec![
        Execution::Command {
            via: "wsl".into(),
            argv: words.to_vec(),
            assignments: Vec::new(),
            cwd: None,
        },
        Execution::Code {
            via: "wsl".into(),
            words: words.to_vec(),
            positional: Vec::new(),
            current_shell: false,
        },
    ]
}

/// Words joined by spaces into one, as a program that joins its arguments into a command line
/// does.
fn joined(words: &[Word]) -> Word {
    let mut parts = Vec::new();
    let mut span = words[0].span;
    for (index, word) in words.iter().enumerate() {
        if index > 0 {
            parts.push(Part::Literal {
                text: " ".into(),
                quoting: Quoting::Quoted,
                span: word.span,
            });
        }
        span = span.cover(word.span);
        parts.extend(word.parts.iter().cloned());
    }
    Word::from_parts(parts, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powershell_options_by_prefix_alias_and_slash() {
        assert_eq!(powershell_option("-Command").map(|o| o.0), Some("command"));
        assert_eq!(powershell_option("-c").map(|o| o.0), Some("command"));
        assert_eq!(powershell_option("/C").map(|o| o.0), Some("command"));
        assert_eq!(powershell_option("-comm").map(|o| o.0), Some("command"));
        assert_eq!(powershell_option("-enc").map(|o| o.0), Some("encodedcommand"));
        assert_eq!(powershell_option("-e").map(|o| o.0), Some("encodedcommand"));
        assert_eq!(powershell_option("-NoP").map(|o| o.0), Some("noprofile"));
        assert_eq!(
            powershell_option("-ExecutionPolicy").map(|o| o.0),
            Some("executionpolicy")
        );
        assert_eq!(powershell_option("x.ps1"), None);
    }

    #[test]
    fn encoded_commands_are_utf16_base64() {
        // "ls" in UTF-16LE is 6C 00 73 00.
        assert_eq!(decode_utf16_base64("bABzAA==").as_deref(), Some("ls"));
        assert_eq!(decode_utf16_base64("not base64!"), None);
    }
}
