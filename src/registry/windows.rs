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

/// Windows' own programs that run a command line, script code or a package they are given
/// (LOLBAS' execute entries): `forfiles /c`, `wmic process call create`, `mshta`, `msiexec /i
/// URL`, `regsvr32 /i:…`, `rundll32 javascript:…` and the entry points that start a program.
pub const LAUNCHERS: &[&str] = &[
    "forfiles", "wmic", "mshta", "msiexec", "regsvr32", "rundll32", "wscript", "cscript",
];

/// What `command` runs, when it is one of Windows' shells or launchers.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let args = command.args();
    Some(match command.name.as_str() {
        "pwsh" | "pwsh-preview" => powershell("pwsh", args, false),
        "powershell" => powershell("powershell", args, true),
        "cmd" => cmd(args),
        "wsl" => wsl(args),
        "forfiles" => forfiles(args),
        "wmic" => wmic(args),
        "mshta" => mshta(args),
        "msiexec" => msiexec(args),
        "regsvr32" => regsvr32(args),
        "rundll32" => rundll32(args),
        "wscript" | "cscript" => script_host(&command.name, args),
        _ => return None,
    })
}

/// Whether `word` is a Windows switch named `name` (`/c`, `-c`, any case).
fn is_switch(word: &Word, name: &str) -> bool {
    word.value()
        .and_then(|text| text.strip_prefix(['/', '-']))
        .is_some_and(|switch| switch.eq_ignore_ascii_case(name))
}

/// Whether `text` is an address a program fetches from.
fn is_remote(text: &str) -> bool {
    let lowered = text.to_ascii_lowercase();
    ["http://", "https://", "ftp://", "\\\\"]
        .iter()
        .any(|scheme| lowered.starts_with(scheme))
}

/// `wscript|cscript [//options] SCRIPT [args]`: Windows Script Host runs a VBScript or JScript
/// file (`//e:jscript` names the language of any other), which is not read here.
fn script_host(name: &str, args: &[Word]) -> Vec<Execution> {
    args.iter()
        .find(|word| !word.text().starts_with("//"))
        .map(|script| Execution::Unverifiable {
            what: format!(
                "`{name}` runs the script {}, VBScript or JScript, which is not read",
                script.text()
            ),
        })
        .into_iter()
        .collect()
}

/// `forfiles [/p DIR] [/m MASK] [/s] /c "COMMAND"`: the command line runs once per file found
/// in DIR (and below it with `/s`), `@path` and `@file` standing for each: read as the files of
/// DIR (`DIR\*`).
fn forfiles(args: &[Word]) -> Vec<Execution> {
    let Some(at) = args.iter().position(|word| is_switch(word, "c")) else {
        return Vec::new();
    };
    let Some(line) = args.get(at + 1) else {
        return Vec::new();
    };
    let folder = args
        .iter()
        .position(|word| is_switch(word, "p"))
        .and_then(|at| args.get(at + 1))
        .and_then(Word::value)
        .unwrap_or(".");
    let each = format!("\"{}\\*\"", folder.trim_end_matches(['\\', '/']));
    let line = match line.value() {
        Some(text) => {
            let mut replaced = text.to_owned();
            for name in ["@path", "@file", "@fname", "@PATH", "@FILE", "@Path", "@File"] {
                replaced = replaced.replace(name, &each);
            }
            Word::literal(&replaced, line.span)
        }
        None => line.clone(),
    };
    vec![Execution::Program {
        via: "forfiles /c".into(),
        language: Language::Cmd,
        code: vec![line],
        args: Vec::new(),
    }]
}

/// `wmic process call create "COMMAND LINE"`: a new process, detached from the caller.
fn wmic(args: &[Word]) -> Vec<Execution> {
    let texts: Vec<String> = args.iter().map(|word| word.text().to_ascii_lowercase()).collect();
    let Some(at) = texts
        .windows(2)
        .position(|pair| pair[0] == "call" && pair[1] == "create")
    else {
        return Vec::new();
    };
    if !texts.iter().any(|text| text == "process") || at + 2 >= args.len() {
        return Vec::new();
    }
    // wmic reads `'…'` as quotes too, where cmd.exe passed them on.
    let line = joined(&args[at + 2..]);
    let line = match line
        .value()
        .and_then(|text| text.strip_prefix('\'')?.strip_suffix('\''))
    {
        Some(inner) => Word::literal(inner, line.span),
        None => line,
    };
    vec![Execution::Program {
        via: "wmic process call create".into(),
        language: Language::Cmd,
        code: vec![line],
        args: Vec::new(),
    }]
}

/// `mshta URL|FILE.hta|vbscript:…|javascript:…`: an HTML application, whose scripts run with
/// every right of the user, outside any browser's sandbox.
fn mshta(args: &[Word]) -> Vec<Execution> {
    let Some(target) = args.iter().find(|word| !word.text().starts_with(['/', '-'])) else {
        return Vec::new();
    };
    let text = target.text();
    if is_remote(text) {
        return vec![Execution::Network {
            how: format!("`mshta` runs the HTML application fetched from {text}, its scripts unread"),
        }];
    }
    vec![Execution::Unverifiable {
        what: format!("`mshta` runs VBScript or JScript, which is not read: {text}"),
    }]
}

/// `msiexec /i|/package|/a|/j URL`: a package fetched from the network, whose custom actions
/// run as it installs.
fn msiexec(args: &[Word]) -> Vec<Execution> {
    let installs = args.iter().any(|word| {
        ["i", "package", "a", "j", "jm", "ju", "update", "p"]
            .iter()
            .any(|name| is_switch(word, name))
    });
    args.iter()
        .filter(|word| installs && is_remote(word.text()))
        .map(|url| Execution::Network {
            how: format!(
                "`msiexec` installs the package fetched from {}, running its custom actions unread",
                url.text()
            ),
        })
        .collect()
}

/// `regsvr32 /i:URL scrobj.dll` runs the scriptlet fetched from the address (and `/i:FILE` the
/// one in the file): what runs is JScript or VBScript, not read.
fn regsvr32(args: &[Word]) -> Vec<Execution> {
    args.iter()
        .filter_map(|word| {
            let text = word.value()?;
            let (switch, value) = text.split_once(':')?;
            is_switch(&Word::literal(switch, word.span), "i").then_some(value)
        })
        .map(|value| match is_remote(value) {
            true => Execution::Network {
                how: format!("`regsvr32` runs the scriptlet fetched from {value}, unread"),
            },
            false => Execution::Unverifiable {
                what: format!("`regsvr32` runs the scriptlet {value}, which is not read"),
            },
        })
        .collect()
}

/// The entry points of Windows' libraries that start the program (or open the file) named by
/// the words after them.
const RUNDLL32_LAUNCHERS: &[&str] = &[
    "url.dll,fileprotocolhandler",
    "url.dll,openurl",
    "url.dll,openurla",
    "shell32.dll,shellexec_rundll",
    "shell32.dll,shellexec_rundlla",
    "zipfldr.dll,routethecall",
    "ieframe.dll,openurl",
    "shdocvw.dll,openurl",
];

/// `rundll32 javascript:"\..\mshtml,RunHTMLApplication ";…` runs JScript; `rundll32
/// url.dll,FileProtocolHandler PROGRAM` and the like start the program.
fn rundll32(args: &[Word]) -> Vec<Execution> {
    let Some(first) = args.first() else { return Vec::new() };
    let entry = first.text().to_ascii_lowercase();
    if ["javascript:", "vbscript:"].iter().any(|scheme| entry.contains(scheme)) {
        return vec![Execution::Unverifiable {
            what: format!("`rundll32` runs script code, which is not read: {}", first.text()),
        }];
    }
    let entry = entry.replace(".dll ,", ".dll,").replace(".dll, ", ".dll,");
    let entry = entry.rsplit(['\\', '/']).next().unwrap_or(&entry);
    if RUNDLL32_LAUNCHERS.contains(&entry) && args.len() > 1 {
        return vec![Execution::Command {
            via: format!("rundll32 {}", first.text()),
            argv: args[1..].to_vec(),
            assignments: Vec::new(),
            cwd: None,
        }];
    }
    Vec::new()
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
