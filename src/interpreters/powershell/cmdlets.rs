//! The cmdlets the PowerShell reader judges: their aliases, and their parameters as PowerShell
//! binds them (any unambiguous prefix of a name, without case; `-Name:value`; the rest by
//! position).

/// A parameter of a cmdlet.
pub(super) struct Parameter {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// Whether it takes a value (`-Path X`) rather than being a switch (`-Recurse`).
    pub value: bool,
    /// The position an unnamed argument binds to it at.
    pub position: Option<usize>,
}

const fn value(name: &'static str, aliases: &'static [&'static str], position: Option<usize>) -> Parameter {
    Parameter {
        name,
        aliases,
        value: true,
        position,
    }
}

const fn switch(name: &'static str, aliases: &'static [&'static str]) -> Parameter {
    Parameter {
        name,
        aliases,
        value: false,
        position: None,
    }
}

/// A cmdlet (or function) the reader knows.
pub(super) struct Cmdlet {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub parameters: &'static [Parameter],
}

/// The parameters every cmdlet takes.
const COMMON: &[Parameter] = &[
    value("ErrorAction", &["ea"], None),
    value("WarningAction", &["wa"], None),
    value("InformationAction", &["infa"], None),
    value("ProgressAction", &["proga"], None),
    value("ErrorVariable", &["ev"], None),
    value("WarningVariable", &["wv"], None),
    value("InformationVariable", &["iv"], None),
    value("OutVariable", &["ov"], None),
    value("OutBuffer", &["ob"], None),
    value("PipelineVariable", &["pv"], None),
    switch("Verbose", &["vb"]),
    switch("Debug", &["db"]),
    switch("WhatIf", &["wi"]),
    switch("Confirm", &["cf"]),
];

const PATH: Parameter = value("Path", &[], Some(0));
const LITERAL_PATH: Parameter = value("LiteralPath", &["PSPath", "LP"], None);
const FORCE: Parameter = switch("Force", &[]);
const FILTER: Parameter = value("Filter", &[], None);
const INCLUDE: Parameter = value("Include", &[], None);
const EXCLUDE: Parameter = value("Exclude", &[], None);
const CREDENTIAL: Parameter = value("Credential", &[], None);
/// The parameters of `Invoke-WebRequest` and `Invoke-RestMethod`.
const WEB: &[Parameter] = &[
    value("Uri", &["Url"], Some(0)),
    value("OutFile", &[], None),
    value("InFile", &[], None),
    value("Body", &[], None),
    value("Method", &[], None),
    value("Headers", &[], None),
    value("ContentType", &[], None),
    value("TimeoutSec", &[], None),
    value("Form", &[], None),
    value("UserAgent", &[], None),
    value("SessionVariable", &["SV"], None),
    value("WebSession", &[], None),
    switch("UseBasicParsing", &[]),
    switch("PassThru", &[]),
];

/// The cmdlets judged, with the aliases Windows PowerShell and PowerShell 7 define for them.
pub(super) const CMDLETS: &[Cmdlet] = &[
    Cmdlet {
        name: "Remove-Item",
        aliases: &["ri", "rm", "rmdir", "del", "erase", "rd"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            FILTER,
            INCLUDE,
            EXCLUDE,
            switch("Recurse", &[]),
            FORCE,
            CREDENTIAL,
            value("Stream", &[], None),
        ],
    },
    Cmdlet {
        name: "Get-ChildItem",
        aliases: &["gci", "ls", "dir"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("Filter", &[], Some(1)),
            INCLUDE,
            EXCLUDE,
            switch("Recurse", &["s"]),
            value("Depth", &[], None),
            FORCE,
            switch("Name", &[]),
            switch("Directory", &["ad", "d"]),
            switch("File", &["af"]),
            switch("Hidden", &["ah", "h"]),
            value("Attributes", &[], None),
        ],
    },
    Cmdlet {
        name: "Get-Item",
        aliases: &["gi"],
        parameters: &[PATH, LITERAL_PATH, FORCE, FILTER, INCLUDE, EXCLUDE],
    },
    Cmdlet {
        name: "Get-Content",
        aliases: &["gc", "cat", "type"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            switch("Raw", &[]),
            value("TotalCount", &["First", "Head"], None),
            value("Tail", &["Last"], None),
            value("Encoding", &[], None),
            value("Delimiter", &[], None),
            switch("Wait", &[]),
            value("ReadCount", &[], None),
            switch("AsByteStream", &[]),
            FORCE,
        ],
    },
    Cmdlet {
        name: "Set-Content",
        aliases: &["sc"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("Value", &[], Some(1)),
            value("Encoding", &[], None),
            switch("NoNewline", &[]),
            switch("PassThru", &[]),
            FORCE,
            switch("AsByteStream", &[]),
        ],
    },
    Cmdlet {
        name: "Add-Content",
        aliases: &["ac"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("Value", &[], Some(1)),
            value("Encoding", &[], None),
            switch("NoNewline", &[]),
            switch("PassThru", &[]),
            FORCE,
            switch("AsByteStream", &[]),
        ],
    },
    Cmdlet {
        name: "Clear-Content",
        aliases: &["clc"],
        parameters: &[PATH, LITERAL_PATH, FORCE, FILTER, INCLUDE, EXCLUDE],
    },
    Cmdlet {
        name: "Clear-RecycleBin",
        aliases: &[],
        parameters: &[value("DriveLetter", &[], Some(0)), FORCE],
    },
    Cmdlet {
        name: "Out-File",
        aliases: &[],
        parameters: &[
            value("FilePath", &["Path"], Some(0)),
            LITERAL_PATH,
            value("Encoding", &[], Some(1)),
            switch("Append", &[]),
            FORCE,
            switch("NoClobber", &["NoOverwrite"]),
            switch("NoNewline", &[]),
            value("Width", &[], None),
            value("InputObject", &[], None),
        ],
    },
    Cmdlet {
        name: "Tee-Object",
        aliases: &["tee"],
        parameters: &[
            value("FilePath", &["Path"], Some(0)),
            LITERAL_PATH,
            switch("Append", &[]),
            value("Variable", &[], None),
            value("Encoding", &[], None),
            value("InputObject", &[], None),
        ],
    },
    Cmdlet {
        name: "New-Item",
        aliases: &["ni"],
        parameters: &[
            PATH,
            value("Name", &[], None),
            value("ItemType", &["Type"], None),
            value("Value", &["Target"], None),
            FORCE,
            CREDENTIAL,
        ],
    },
    Cmdlet {
        name: "Copy-Item",
        aliases: &["copy", "cp", "cpi"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("Destination", &[], Some(1)),
            switch("Recurse", &[]),
            FORCE,
            switch("Container", &[]),
            switch("PassThru", &[]),
            FILTER,
            INCLUDE,
            EXCLUDE,
            value("ToSession", &[], None),
            value("FromSession", &[], None),
        ],
    },
    Cmdlet {
        name: "Move-Item",
        aliases: &["move", "mv", "mi"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("Destination", &[], Some(1)),
            FORCE,
            switch("PassThru", &[]),
            FILTER,
            INCLUDE,
            EXCLUDE,
        ],
    },
    Cmdlet {
        name: "Rename-Item",
        aliases: &["ren", "rni"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("NewName", &[], Some(1)),
            FORCE,
            switch("PassThru", &[]),
        ],
    },
    Cmdlet {
        name: "Invoke-WebRequest",
        aliases: &["iwr", "curl", "wget"],
        parameters: WEB,
    },
    Cmdlet {
        name: "Invoke-RestMethod",
        aliases: &["irm"],
        parameters: WEB,
    },
    Cmdlet {
        name: "Send-MailMessage",
        aliases: &[],
        parameters: &[
            value("To", &[], Some(0)),
            value("Subject", &["sub"], Some(1)),
            value("Body", &[], Some(2)),
            value("SmtpServer", &["ComputerName"], Some(3)),
            value("Attachments", &["PsPath"], None),
            value("From", &[], None),
            value("Cc", &[], None),
            value("Bcc", &[], None),
            value("Port", &[], None),
            value("Credential", &[], None),
            value("Encoding", &["BE"], None),
            value("Priority", &[], None),
            value("ReplyTo", &[], None),
            value("DeliveryNotificationOption", &["DNO"], None),
            switch("BodyAsHtml", &["BAH"]),
            switch("UseSsl", &[]),
        ],
    },
    Cmdlet {
        name: "Start-BitsTransfer",
        aliases: &[],
        parameters: &[
            value("Source", &[], Some(0)),
            value("Destination", &[], Some(1)),
            value("TransferType", &[], None),
            value("DisplayName", &[], None),
            value("Description", &[], None),
            value("Priority", &[], None),
            value("Credential", &[], None),
            value("ProxyUsage", &[], None),
            value("ProxyList", &[], None),
            value("RetryInterval", &[], None),
            value("RetryTimeout", &[], None),
            switch("Asynchronous", &[]),
            switch("Suspended", &[]),
        ],
    },
    Cmdlet {
        name: "Invoke-Expression",
        aliases: &["iex"],
        parameters: &[value("Command", &[], Some(0))],
    },
    Cmdlet {
        name: "Invoke-Command",
        aliases: &["icm"],
        parameters: &[
            value("ScriptBlock", &["Command"], Some(0)),
            value("FilePath", &["PSPath"], None),
            value("ComputerName", &["Cn"], None),
            value("Session", &[], None),
            value("ArgumentList", &["Args"], None),
            CREDENTIAL,
            switch("AsJob", &[]),
            switch("NoNewScope", &[]),
        ],
    },
    Cmdlet {
        name: "Start-Process",
        aliases: &["saps", "start"],
        parameters: &[
            value("FilePath", &["PSPath", "Path"], Some(0)),
            value("ArgumentList", &["Args"], Some(1)),
            value("Verb", &[], None),
            value("WorkingDirectory", &[], None),
            value("WindowStyle", &[], None),
            value("RedirectStandardOutput", &["RSO"], None),
            value("RedirectStandardError", &["RSE"], None),
            value("RedirectStandardInput", &["RSI"], None),
            CREDENTIAL,
            switch("Wait", &[]),
            switch("PassThru", &[]),
            switch("NoNewWindow", &["nnw"]),
            switch("UseNewEnvironment", &[]),
            switch("LoadUserProfile", &["Lup"]),
        ],
    },
    Cmdlet {
        name: "Stop-Process",
        aliases: &["spps", "kill"],
        parameters: &[
            value("Id", &[], Some(0)),
            value("Name", &["ProcessName"], None),
            value("InputObject", &[], None),
            FORCE,
            switch("PassThru", &[]),
        ],
    },
    Cmdlet {
        name: "Get-Process",
        aliases: &["gps", "ps"],
        parameters: &[
            value("Name", &["ProcessName"], Some(0)),
            value("Id", &["PID"], None),
            value("ComputerName", &["Cn"], None),
            switch("Module", &[]),
            switch("FileVersionInfo", &["FV", "FVI"]),
            switch("IncludeUserName", &[]),
        ],
    },
    Cmdlet {
        name: "Stop-Computer",
        aliases: &[],
        parameters: &[
            value("ComputerName", &["CN", "__SERVER", "Server", "IPAddress"], Some(0)),
            FORCE,
        ],
    },
    Cmdlet {
        name: "Restart-Computer",
        aliases: &[],
        parameters: &[
            value("ComputerName", &["CN", "__SERVER", "Server", "IPAddress"], Some(0)),
            FORCE,
            switch("Wait", &[]),
        ],
    },
    Cmdlet {
        name: "Stop-Service",
        aliases: &["spsv"],
        parameters: &[
            value("Name", &["ServiceName"], Some(0)),
            value("DisplayName", &[], None),
            FORCE,
        ],
    },
    Cmdlet {
        name: "Select-String",
        aliases: &["sls"],
        parameters: &[
            value("Pattern", &[], Some(0)),
            value("Path", &[], Some(1)),
            LITERAL_PATH,
            value("InputObject", &[], None),
            switch("SimpleMatch", &[]),
            switch("CaseSensitive", &[]),
            switch("Quiet", &[]),
            switch("List", &[]),
            switch("NotMatch", &[]),
            switch("AllMatches", &[]),
            switch("Raw", &[]),
            value("Context", &[], None),
            value("Encoding", &[], None),
            INCLUDE,
            EXCLUDE,
        ],
    },
    Cmdlet {
        name: "Format-Hex",
        aliases: &["fhx"],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("InputObject", &[], None),
            value("Encoding", &[], None),
            value("Count", &[], None),
            value("Offset", &[], None),
            switch("Raw", &[]),
        ],
    },
    Cmdlet {
        name: "Compress-Archive",
        aliases: &[],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("DestinationPath", &[], Some(1)),
            value("CompressionLevel", &[], None),
            switch("Update", &[]),
            FORCE,
            switch("PassThru", &[]),
        ],
    },
    Cmdlet {
        name: "Expand-Archive",
        aliases: &[],
        parameters: &[
            PATH,
            LITERAL_PATH,
            value("DestinationPath", &[], Some(1)),
            FORCE,
            switch("PassThru", &[]),
        ],
    },
    Cmdlet {
        name: "Set-Location",
        aliases: &["cd", "chdir", "sl"],
        parameters: &[PATH, LITERAL_PATH, switch("PassThru", &[])],
    },
    Cmdlet {
        name: "Push-Location",
        aliases: &["pushd"],
        parameters: &[PATH, LITERAL_PATH, switch("PassThru", &[])],
    },
    Cmdlet {
        name: "Join-Path",
        aliases: &[],
        parameters: &[PATH, value("ChildPath", &[], Some(1)), switch("Resolve", &[])],
    },
    Cmdlet {
        name: "ForEach-Object",
        aliases: &["%", "foreach"],
        parameters: &[
            value("Process", &[], Some(0)),
            value("Begin", &[], None),
            value("End", &[], None),
            value("MemberName", &[], None),
            value("Parallel", &[], None),
        ],
    },
    Cmdlet {
        name: "Where-Object",
        aliases: &["?", "where"],
        parameters: &[value("FilterScript", &[], Some(0))],
    },
    Cmdlet {
        name: "Set-ExecutionPolicy",
        aliases: &[],
        parameters: &[
            value("ExecutionPolicy", &[], Some(0)),
            value("Scope", &[], Some(1)),
            FORCE,
        ],
    },
];

/// The cmdlet `name` names (a cmdlet's name or one of its aliases, without case).
pub(super) fn cmdlet(name: &str) -> Option<&'static Cmdlet> {
    CMDLETS.iter().find(|cmdlet| {
        cmdlet.name.eq_ignore_ascii_case(name) || cmdlet.aliases.iter().any(|alias| alias.eq_ignore_ascii_case(name))
    })
}

/// One argument of a command as written: a parameter (`-Recurse`, `-Path:x`) or a value.
pub(super) enum Argument<V> {
    /// `name` without its dashes; `dashes` as written (a native program's `--force` keeps two).
    Parameter {
        name: String,
        dashes: String,
        attached: Option<V>,
    },
    Value(V),
}

/// The arguments of a command bound to a cmdlet's parameters.
pub(super) struct Bound<V> {
    named: Vec<(&'static str, Option<V>)>,
    positional: Vec<V>,
    /// Parameters given by a name the table does not know (`-rf`).
    unknown: Vec<String>,
}

impl<V: Clone> Bound<V> {
    /// Binds `arguments` as PowerShell does: a parameter by any prefix of its name or by an
    /// alias; one that matches several is taken as all of them (PowerShell refuses the
    /// command; a parameter this table lacks is more likely). Unknown parameters are switches.
    pub(super) fn new(cmdlet: &Cmdlet, arguments: Vec<Argument<V>>) -> Bound<V> {
        let mut named = Vec::new();
        let mut positional = Vec::new();
        let mut unknown = Vec::new();
        let mut arguments = arguments.into_iter().peekable();
        while let Some(argument) = arguments.next() {
            match argument {
                Argument::Value(value) => positional.push(value),
                Argument::Parameter { name, attached, .. } => {
                    let matched = matching(cmdlet, &name);
                    if matched.is_empty() {
                        unknown.push(name.clone());
                    }
                    let takes_value = matched.iter().any(|p| p.value);
                    let value = match attached {
                        Some(value) => Some(value),
                        None if takes_value => match arguments.peek() {
                            Some(Argument::Value(_)) => match arguments.next() {
                                Some(Argument::Value(value)) => Some(value),
                                _ => None,
                            },
                            _ => None,
                        },
                        None => None,
                    };
                    for parameter in matched {
                        named.push((parameter.name, value.clone()));
                    }
                }
            }
        }
        Bound {
            named,
            positional,
            unknown,
        }
    }

    /// The value given to `parameter`, by name or by its position.
    pub(super) fn value(&self, cmdlet: &Cmdlet, parameter: &str) -> Option<V> {
        if let Some((_, value)) = self.named.iter().find(|(name, _)| *name == parameter) {
            return value.clone();
        }
        let position = cmdlet.parameters.iter().find(|p| p.name == parameter)?.position?;
        // Positions count the unnamed arguments left once the named ones are bound: a
        // position whose parameter was named is skipped.
        let taken_before = cmdlet
            .parameters
            .iter()
            .filter(|p| p.position.is_some_and(|at| at < position))
            .filter(|p| self.named.iter().any(|(name, _)| *name == p.name))
            .count();
        self.positional.get(position - taken_before).cloned()
    }

    /// Whether the switch `parameter` is on: named, and not `-Name:$false`.
    pub(super) fn switch(&self, parameter: &str, is_false: impl Fn(&V) -> bool) -> bool {
        self.named
            .iter()
            .any(|(name, value)| *name == parameter && !value.as_ref().is_some_and(&is_false))
    }

    /// The parameters given by a name this table does not know.
    pub(super) fn unknown(&self) -> &[String] {
        &self.unknown
    }
}

/// The parameters of `cmdlet` (common ones included) that `written` names.
fn matching(cmdlet: &Cmdlet, written: &str) -> Vec<&'static Parameter> {
    let all = || cmdlet.parameters.iter().chain(COMMON.iter());
    let exact = all().find(|p| {
        p.name.eq_ignore_ascii_case(written) || p.aliases.iter().any(|alias| alias.eq_ignore_ascii_case(written))
    });
    if let Some(exact) = exact {
        return vec![exact];
    }
    let lower = written.to_lowercase();
    all()
        .filter(|p| !lower.is_empty() && p.name.to_lowercase().starts_with(&lower))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(name: &str) -> Argument<&'static str> {
        Argument::Parameter {
            name: name.into(),
            dashes: "-".into(),
            attached: None,
        }
    }

    #[test]
    fn parameters_bind_by_prefix_alias_and_position() {
        let remove = cmdlet("RI").expect("Remove-Item is known");
        let bound = Bound::new(
            remove,
            vec![
                parameter("rec"),
                parameter("fo"),
                Argument::Value("C:\\x"),
                parameter("ea"),
                Argument::Value("0"),
            ],
        );
        assert!(bound.switch("Recurse", |_| false));
        assert!(bound.switch("Force", |_| false));
        assert_eq!(bound.value(remove, "Path"), Some("C:\\x"));
        let copy = cmdlet("copy").expect("Copy-Item is known");
        let bound = Bound::new(
            copy,
            vec![parameter("Path"), Argument::Value("a"), Argument::Value("b")],
        );
        assert_eq!(bound.value(copy, "Destination"), Some("b"));
    }
}
